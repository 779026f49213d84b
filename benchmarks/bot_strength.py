"""How strong and how fast the bots are: seeded head-to-head runs, larger than the tests'.

Each line pits one bot (the *hero*) against others and changes the hero's seat every game;
it reports the hero's losses (Rang: being the last with cards) or wins/draws/losses
(Grabuge), with the rate chance alone would give, and the mean time per decision of every
bot in the run (decisions with one legal move included, as a game asks them).

    python benchmarks/bot_strength.py [--games 400] [--search-games 6] [--jobs 2]

Search bots think for a fixed number of plies (about 0.1 s a decision with random playouts,
0.5 s at Rang with the heuristic's playouts), so their runs use ``--search-games`` games; a
Rang search game takes a few minutes.  Everything is seeded: the same arguments give the same report.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cardsuite.bots import Bot, RandomBot, generic_bot, search_bot
from cardsuite.bots.grabuge import GrabugeBot
from cardsuite.bots.rang import RangBot
from cardsuite.core.rng import make_rng
from cardsuite.games import GAMES

BOT_MAKERS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "rang heuristic": RangBot,
    "rang search": lambda: search_bot(GAMES["rang"]),
    "rang generic": lambda: generic_bot(GAMES["rang"]),
    "grabuge heuristic": GrabugeBot,
    "grabuge quick rules": lambda: GrabugeBot(samples=0),
    "grabuge search": lambda: search_bot(GAMES["grabuge"]),
    "grabuge generic": lambda: generic_bot(GAMES["grabuge"]),
}


def run(game_id: str, hero: str, others: list[str], games: int, offset: int) -> dict[str, Any]:
    """Play ``games`` games; the hero sits in seat ``game % seats``."""
    game = GAMES[game_id]
    seats = 1 + len(others)
    lost = won = drawn = 0
    clock: dict[str, list[float]] = {}
    for g in range(games):
        seed = offset + g
        hero_seat = g % seats
        names = list(others)
        names.insert(hero_seat, hero)
        bots = [BOT_MAKERS[name]() for name in names]
        state = game.new_game(seats=seats, seed=seed)
        ply = 0
        while game.to_move(state):
            seat = min(game.to_move(state))
            legal = game.legal_moves(state, seat)
            obs = game.observe(state, seat)
            start = time.perf_counter()
            move = bots[seat].choose(game, obs, legal, make_rng(seed, "bot", seat, ply))
            clock.setdefault(names[seat], []).append(time.perf_counter() - start)
            state = game.apply(state, move)
            ply += 1
        outcome = game.outcome(state)
        assert outcome is not None
        if outcome.is_draw:
            drawn += 1
        elif outcome.places[hero_seat] == 1:
            won += 1
        if not outcome.is_draw and outcome.places[hero_seat] == max(outcome.places):
            lost += 1
    return {"games": games, "won": won, "lost": lost, "drawn": drawn, "clock": clock}


def merge(parts: list[dict[str, Any]]) -> dict[str, Any]:
    total: dict[str, Any] = {"games": 0, "won": 0, "lost": 0, "drawn": 0, "clock": {}}
    for part in parts:
        for key in ("games", "won", "lost", "drawn"):
            total[key] += part[key]
        for name, times in part["clock"].items():
            total["clock"].setdefault(name, []).extend(times)
    return total


def report(game_id: str, hero: str, others: list[str], result: dict[str, Any]) -> str:
    seats = 1 + len(others)
    games = result["games"]
    against = " + ".join(others) if len(set(others)) > 1 else f"{len(others)} × {others[0]}"
    if game_id == "rang":
        rate = result["lost"] / games
        head = (
            f"{game_id:8} {hero} vs {against}, {games} games: lost {result['lost']} "
            f"({rate:.1%}; chance {1 / seats:.0%})"
        )
    else:
        head = (
            f"{game_id:8} {hero} vs {against}, {games} games: "
            f"won {result['won']}, drawn {result['drawn']}, lost {result['lost']}"
        )
    times = ", ".join(
        f"{name} {sum(t) / len(t) * 1e3:.3f} ms" for name, t in sorted(result["clock"].items()) if t
    )
    return f"{head}\n         mean time per decision: {times}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--search-games", type=int, default=6)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    n, s = args.games, args.search_games
    runs: list[tuple[str, str, list[str], int]] = [
        ("rang", "rang heuristic", ["random"] * 3, n),
        ("rang", "rang heuristic", ["random"], n),
        ("rang", "rang heuristic", ["random"] * 2, n),
        ("rang", "rang generic", ["random"] * 3, s),
        ("rang", "rang search", ["random"] * 3, s),
        ("rang", "rang search", ["rang heuristic"], s),
        ("grabuge", "grabuge heuristic", ["random"], n),
        ("grabuge", "grabuge quick rules", ["random"], n),
        ("grabuge", "grabuge heuristic", ["grabuge quick rules"], n),
        ("grabuge", "grabuge generic", ["random"], s),
        ("grabuge", "grabuge search", ["grabuge heuristic"], s),
    ]
    jobs = max(1, args.jobs)
    with ProcessPoolExecutor(jobs) as pool:
        futures = []
        for game_id, hero, others, games in runs:
            share = [games // jobs + (i < games % jobs) for i in range(jobs)]
            offsets = [sum(share[:i]) for i in range(jobs)]
            futures.append(
                [
                    pool.submit(run, game_id, hero, others, k, 10_000 + off)
                    for k, off in zip(share, offsets, strict=True)
                    if k
                ]
            )
        for (game_id, hero, others, _), parts in zip(runs, futures, strict=True):
            print(report(game_id, hero, others, merge([f.result() for f in parts])), flush=True)


if __name__ == "__main__":
    main()
