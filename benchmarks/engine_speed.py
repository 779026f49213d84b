"""Random-play engine speed for every registered game, against RLCard's UNO engine.

A *step* is what a bot loop does per decision: ask for the legal moves, pick one at random,
apply it (our ``apply`` also re-checks legality).  New deals are included, as RLCard's
``init_game`` is.  A game with a kernel (``cardsuite.core.kernel``: the compact form its
playouts run on) is timed twice, through its readable engine and through its kernel; its
playout rate is the kernel's.  These machines are noisy, so every engine is timed in several short rounds
interleaved with the others, and the best round counts; the ratios are what to compare.

    python benchmarks/engine_speed.py [--seconds 1.0] [--rounds 5]

The last line is machine-readable: ``<game>_steps_per_s=…`` (playouts: the kernel where there
is one) and ``<game>_engine_steps_per_s=…`` for each game and, when rlcard is installed
(``pip install .[bench]``), ``uno_steps_per_s=…``, ``<game>_over_uno=…`` and
``<game>_engine_over_uno=…``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from cardsuite.games import GAME_INFO, GAMES

KERNEL = "+kernel"  # the suffix of a kernel's loop


def our_loop(game_id: str) -> Callable[[float], tuple[int, float]]:
    game = GAMES[game_id]
    seats = 4 if 4 in game.seat_counts else min(game.seat_counts)
    rng = random.Random(1)

    def run(budget: float) -> tuple[int, float]:
        steps = 0
        seed = 0
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            state = game.new_game(seats=seats, seed=seed)
            seed += 1
            clocked = game.realtime(state)
            while True:
                if clocked:  # a quarter of a second between two actions: timed events fall due
                    state = game.advance(state, game.clock(state) + 250)
                to_move = game.to_move(state)
                if not to_move:
                    break
                if clocked:  # everyone may act: the first who can, from a seat drawn at random
                    order = sorted(to_move)
                    count = len(order)
                    first = rng.randrange(count)
                    legal = ()
                    for k in range(first, first + count):
                        legal = game.legal_moves(state, order[k % count])
                        if legal:
                            break
                    if not legal:
                        continue  # wait for what is due
                else:
                    legal = game.legal_moves(state, next(iter(to_move)))
                state = game.apply(state, legal[rng.randrange(len(legal))])
                steps += 1
        return steps, time.perf_counter() - start

    return run


def kernel_loop(game_id: str) -> Callable[[float], tuple[int, float]] | None:
    """The same loop on the game's kernel (None: it has none); a deal starts from the engine's
    new game, loaded."""
    kernel = GAME_INFO[game_id].load_kernel()
    if kernel is None:
        return None
    game = GAMES[game_id]
    seats = 4 if 4 in game.seat_counts else min(game.seat_counts)
    rng = random.Random(1)
    load, to_move, legal_of, play = kernel.load, kernel.to_move, kernel.legal, kernel.play

    def run(budget: float) -> tuple[int, float]:
        steps = 0
        seed = 0
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            state = game.new_game(seats=seats, seed=seed)
            seed += 1
            clocked = game.realtime(state)
            k = load(state)
            while True:
                if clocked:
                    k = kernel.advance(k, kernel.clock(k) + 250)
                movers = to_move(k)
                if not movers:
                    break
                if clocked:
                    count = len(movers)
                    first = rng.randrange(count)
                    legal: Any = ()
                    for i in range(first, first + count):
                        legal = legal_of(k, movers[i % count])
                        if legal:
                            break
                    if not legal:
                        continue
                else:
                    legal = legal_of(k, movers[0])
                k = play(k, legal[rng.randrange(len(legal))])
                steps += 1
        return steps, time.perf_counter() - start

    return run


def uno_loop() -> Callable[[float], tuple[int, float]] | None:
    try:
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        return None
    game: Any = UnoGame()
    rng = random.Random(1)

    def run(budget: float) -> tuple[int, float]:
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            game.init_game()
            while not game.is_over():
                game.step(rng.choice(game.get_legal_actions()))
                steps += 1
        return steps, time.perf_counter() - start

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one round")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds per engine")
    parser.add_argument(
        "--game", action="append", choices=sorted(GAMES), help="only this game (repeatable)"
    )
    args = parser.parse_args()
    games = args.game or list(GAMES)

    loops: dict[str, Callable[[float], tuple[int, float]]] = {}
    for g in games:
        loops[g] = our_loop(g)
        fast = kernel_loop(g)
        if fast is not None:
            loops[g + KERNEL] = fast
    uno = uno_loop()
    if uno is not None:
        loops["uno"] = uno
    best: dict[str, float] = dict.fromkeys(loops, 0.0)
    for _ in range(args.rounds):
        for name, loop in loops.items():
            steps, elapsed = loop(args.seconds)
            best[name] = max(best[name], steps / elapsed)

    print(f"{'engine':<26}{'steps/s':>12}{'µs/step':>10}{'vs UNO':>9}")
    for name, rate in best.items():
        ratio = f"{rate / best['uno']:.2f}×" if uno is not None else "—"
        print(f"{name:<26}{rate:>12,.0f}{1e6 / rate:>10.2f}{ratio:>9}")
    if uno is None:
        print("(rlcard is not installed: pip install .[bench] to compare with its UNO engine)")
    playouts = {g: best.get(g + KERNEL, best[g]) for g in games}
    pairs = [f"{g}_steps_per_s={playouts[g]:.0f}" for g in games]
    pairs.extend(f"{g}_engine_steps_per_s={best[g]:.0f}" for g in games)
    if uno is not None:
        pairs.append(f"uno_steps_per_s={best['uno']:.0f}")
        pairs.extend(f"{g}_over_uno={playouts[g] / best['uno']:.3f}" for g in games)
        pairs.extend(f"{g}_engine_over_uno={best[g] / best['uno']:.3f}" for g in games)
    print(" ".join(pairs))


if __name__ == "__main__":
    main()
