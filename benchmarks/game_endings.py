"""How games end: which end rule decides, and how long games last, for any registered game.

Plays seeded games between bots of one level through the Match (as ``cardsuite simulate``
does) and prints, per game and player count: the share of games (and, for games of several
deals, of deals) each ending decided, with safety stops flagged when they decide more than
1 %, and the length distribution in moves.

    python benchmarks/game_endings.py [GAME ...] [--games 200] [--bots heuristic]
        [--players 2,4] [--opt key=value ...]

The last line is machine-readable: ``<game>_<players>p_safety_share=…`` for each run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter

from cardsuite.core.options import options_from_strings
from cardsuite.core.outcome import SAFETY
from cardsuite.games import GAMES, get_game
from cardsuite.match import Match, SeatInfo

SAFETY_LIMIT = 0.01


def run(game_id: str, players: int, games: int, bot: str, opts: dict[str, str]) -> float:
    game = get_game(game_id)
    options = options_from_strings(game.Options, opts)
    endings: Counter[str] = Counter()
    deal_endings: Counter[str] = Counter()
    lengths: list[int] = []
    start = time.perf_counter()
    for seed in range(games):
        seats = [SeatInfo(f"bot{i}", bot) for i in range(players)]
        match = Match(game, seats, options=options, seed=seed)
        match.play_bots(limit=10_000_000)
        outcome = match.outcome()
        assert outcome is not None, f"{game_id} seed {seed} did not end"
        endings[outcome.ending or "?"] += 1
        series = getattr(match.state, "series", None)  # (a game of one deal has none)
        for result in series.results if series is not None else ():
            deal_endings[result.ending or "?"] += 1
        lengths.append(len(match.moves))
    elapsed = time.perf_counter() - start
    lengths.sort()
    p90 = lengths[min(len(lengths) - 1, int(0.9 * len(lengths)))]
    print(
        f"{game_id} · {players} players · {bot} · {games} games: moves median "
        f"{statistics.median(lengths):.0f}, p90 {p90}, max {lengths[-1]} ({elapsed:.1f} s)"
    )
    safety = 0.0
    several = sum(deal_endings.values()) > games
    for label, counts in (("games", endings), ("deals", deal_endings) if several else ("", {})):
        if not counts:
            continue
        total = sum(counts.values())
        for ending, n in counts.most_common():
            share = n / total
            flag = (
                "  ← safety stop over 1 %"
                if ending.startswith(SAFETY) and share > SAFETY_LIMIT
                else ""
            )
            print(f"    {label:<6} {ending:<24} {n:>6}  {share:6.1%}{flag}")
            if ending.startswith(SAFETY):
                safety = max(safety, share)
    return safety


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_to_run", nargs="*", metavar="GAME", help="game ids (default: all)")
    parser.add_argument("--games", type=int, default=200, help="games per player count")
    parser.add_argument("--bots", default="heuristic", help="bot level for every seat")
    parser.add_argument("--players", default="", help="player counts, e.g. 2,4 (default: all)")
    parser.add_argument("--opt", action="append", default=[], help="option key=value")
    args = parser.parse_args()
    opts = dict(pair.split("=", 1) for pair in args.opt)
    pairs = []
    for game_id in args.games_to_run or list(GAMES):
        game = get_game(game_id)
        counts = (
            [int(n) for n in args.players.split(",")] if args.players else list(game.seat_counts)
        )
        for players in counts:
            if players not in game.seat_counts:
                continue
            safety = run(game.id, players, args.games, args.bots, opts)
            pairs.append(f"{game.id}_{players}p_safety_share={safety:.4f}")
    print(" ".join(pairs))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
