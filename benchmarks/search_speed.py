"""How far the search bots see per decision, and how long they take, in every game with
decisions.

The decisions are seeded: random games are played from seeded deals and the states where the
seat asked has a real choice (two moves or more) are taken, spread over the games.  On each,
the generic search bot (``cardsuite.bots.generic_bot``: random playouts at ``GENERIC_PLIES``)
chooses twice, once playing out in the game's kernel and once in its engine, and its work is
counted (``SearchBot.last_stats``).  Printed per game and path: playouts per decision (mean),
plies per second, and the median and p95 decision time.

With ``--level hard`` the bot is the hard level (``cardsuite.bots.hard_bot``: the game's own
bot guides, random playouts in the kernel at the game's ``hard_plies``), timed on the same
decisions: what its budget costs, to be kept under 250 ms at the 95th percentile.

    PYTHONPATH=. python benchmarks/search_speed.py [--level generic|hard] [--decisions 24]
        [--seed 1] [--game ID ...] [--json FILE]

``--level hard --json benchmarks/search_speed.json`` keeps the figures for the strength table
(``benchmarks/bot_strength.py`` shows them): run it on a quiet machine.

These machines are noisy: compare the two paths of one game, and the times as a rough scale.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path
from typing import Any

from cardsuite.bots import GENERIC_PLIES, game_bots, generic_bot, hard_bot, has_decisions
from cardsuite.bots.search import SearchBot
from cardsuite.core.protocol import AnyGame
from cardsuite.games import GAMES

MAX_PLIES = 20_000  # a random game longer than this is abandoned (never met in practice)


def seats_for(game: AnyGame) -> int:
    """Two players, three where two is not allowed (as the strength table)."""
    return 2 if 2 in game.seat_counts else min(game.seat_counts)


def asked(game: AnyGame, state: Any) -> int | None:
    """The seat a bot would be asked for: the lowest to move that has a move to weigh."""
    return next((s for s in sorted(game.to_move(state)) if game.bot_moves(state, s)), None)


def decisions(game: AnyGame, count: int, seed: int) -> list[tuple[Any, int]]:
    """``count`` states (with the seat asked) where that seat has a real choice, taken every
    few plies from random games with seeded deals; fewer if the game gives no choices."""
    rng = random.Random(seed)
    found: list[tuple[Any, int]] = []
    for deal in range(4 * count):
        state = game.new_game(seats=seats_for(game), seed=seed * 1_000 + deal)
        for ply in range(MAX_PLIES):
            if not game.to_move(state):
                break
            seat = asked(game, state)
            if seat is None:  # on a clock: wait for what falls due
                due = game.next_due(state)
                if due is None:
                    break
                state = game.advance(state, due)
                continue
            legal = game.bot_moves(state, seat)
            if len(legal) > 1 and ply % 7 == deal % 7:
                found.append((state, seat))
                if len(found) >= count:
                    return found
            state = game.apply(state, legal[rng.randrange(len(legal))])
    return found


def measure(bot: SearchBot, game: AnyGame, chosen: list[tuple[Any, int]]) -> dict[str, float]:
    """Time ``bot`` on every decision: playouts per decision, plies per second, median and
    p95 decision time in ms."""
    times: list[float] = []
    playouts = plies = 0
    for i, (state, seat) in enumerate(chosen):
        obs = game.observe(state, seat)
        legal = game.bot_moves(state, seat)
        start = time.perf_counter()
        bot.choose(game, obs, legal, random.Random(i))
        times.append(time.perf_counter() - start)
        playouts += bot.last_stats.playouts
        plies += bot.last_stats.plies
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    return {
        "playouts": playouts / len(chosen),
        "plies_per_s": plies / sum(times),
        "median_ms": statistics.median(times) * 1e3,
        "p95_ms": p95 * 1e3,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=24, help="decisions per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", choices=("generic", "hard"), default="generic")
    parser.add_argument(
        "--game", action="append", choices=sorted(GAMES), help="only this game (repeatable)"
    )
    parser.add_argument(
        "--json", type=Path, help="with --level hard: write the figures to this file too"
    )
    args = parser.parse_args()
    if args.level == "hard":
        hard_speed(args.game or list(GAMES), args.decisions, args.seed, args.json)
        return
    print(f"generic search bot, {GENERIC_PLIES} plies per decision, {args.decisions} decisions")
    header = (
        f"{'game':<19} {'path':<7} {'playouts':>9} {'plies/s':>9} {'median ms':>10} {'p95 ms':>8}"
    )
    print(header)
    print("-" * len(header))
    for game_id in args.game or list(GAMES):
        game = GAMES[game_id]
        chosen = decisions(game, args.decisions, args.seed)
        if not chosen:
            print(f"{game_id:<19} no decisions")
            continue
        kernel_bot = generic_bot(game)
        assert isinstance(kernel_bot, SearchBot)
        engine_bot = SearchBot(plies=kernel_bot.plies, kernels=False)
        paths = [("engine", engine_bot)]
        if kernel_bot.kernel_for(game) is not None:
            paths.insert(0, ("kernel", kernel_bot))
        rows = {name: measure(bot, game, chosen) for name, bot in paths}
        for name, row in rows.items():
            print(
                f"{game_id:<19} {name:<7} {row['playouts']:>9.0f} {row['plies_per_s']:>9.0f} "
                f"{row['median_ms']:>10.0f} {row['p95_ms']:>8.0f}"
            )
        if "kernel" in rows:
            gain = rows["kernel"]["plies_per_s"] / rows["engine"]["plies_per_s"]
            print(f"{game_id:<19} kernel/engine plies per second: {gain:.1f}x")


def hard_speed(game_ids: list[str], count: int, seed: int, out: Path | None = None) -> None:
    """The hard level's cost per decision in each game, at its own budget; written to
    ``out`` as JSON too when given (the strength table shows it)."""
    print(f"hard level, {count} decisions a game")
    header = (
        f"{'game':<19} {'plies':>7} {'playouts':>9} {'plies/s':>9} {'median ms':>10} {'p95 ms':>8}"
    )
    print(header)
    print("-" * len(header))
    rows: dict[str, dict[str, Any]] = {}
    for game_id in game_ids:
        game = GAMES[game_id]
        chosen = decisions(game, count, seed) if has_decisions(game) else []
        if not chosen:
            print(f"{game_id:<19} no decisions")
            continue
        bot = hard_bot(game)
        if not isinstance(bot, SearchBot):  # no budget: hard is the game's own bot
            rows[game_id] = {"plies": 0}
            print(f"{game_id:<19} {0:>7} no search: hard plays as normal")
            continue
        row = measure(bot, game, chosen)
        rows[game_id] = {"plies": game_bots(game).hard_plies} | {
            name: round(value, 1) for name, value in row.items()
        }
        print(
            f"{game_id:<19} {game_bots(game).hard_plies:>7} {row['playouts']:>9.0f} "
            f"{row['plies_per_s']:>9.0f} {row['median_ms']:>10.0f} {row['p95_ms']:>8.0f}"
        )
    if out is not None:
        made = {"decisions": count, "seed": seed, "date": time.strftime("%Y-%m-%d")}
        out.write_text(json.dumps(made | {"games": rows}, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
