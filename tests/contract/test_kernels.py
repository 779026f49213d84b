"""Kernels (core.kernel) agree with their engines beyond the contract's random budget: every
game that declares a kernel is played, in lockstep with its engine, at every seat count and
with each option set away from its default, and the checks of the contract suite hold at every
step.  A kernel broken on purpose is caught."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from cardsuite.bots.search import SearchBot
from cardsuite.core.errors import OptionsError
from cardsuite.core.kernel import plays_by_rule
from cardsuite.core.options import describe_options
from cardsuite.core.protocol import AnyGame
from cardsuite.games import GAME_INFO, GAMES
from cardsuite.games.rang.kernel import DRAW, RangRules
from tests.contract.checks import (
    check_kernel_advance,
    check_kernel_state,
    check_kernel_step,
    kernel_of,
)
from tests.soak import ci_or_soak

KERNEL_GAMES = [game_id for game_id, info in GAME_INFO.items() if info.kernel is not None]
# per game: enough for a deal or more of every game (a soak: several deals)
MAX_STEPS = ci_or_soak(800, 4_000)


def variants(game: AnyGame) -> list[Any]:
    """The default options, then each offered option alone set to another value."""
    out: list[Any] = [game.Options()]
    for info in describe_options(game.Options):
        if info.kind == "bool":
            value: Any = not info.default
        elif info.choices is not None:
            value = next(c for c in info.choices if c != info.default)
        elif info.kind == "int":
            value = (
                info.default + 1 if info.maximum is None else min(info.maximum, info.default + 2)
            )
        else:
            continue
        try:
            out.append(dataclasses.replace(game.Options(), **{info.name: value}))
        except OptionsError:
            continue
    return out


def lockstep(game: AnyGame, kernel: Any, seats: int, options: Any, seed: int) -> int:
    """One seeded random game of the engine, its kernel checked at every step; the steps."""
    rng = random.Random(seed)
    state = game.new_game(seats=seats, options=options, seed=seed)
    clocked = game.realtime(state)
    for step in range(MAX_STEPS):
        loaded = check_kernel_state(game, kernel, state)
        to_move = sorted(game.to_move(state))
        if not to_move:
            return step
        movers = [s for s in to_move if game.legal_moves(state, s)]
        if clocked:
            due = game.next_due(state)
            clock = game.clock(state)
            t = due if not movers and due is not None else clock + rng.choice((0, 120, 2_500))
            advanced = game.advance(state, t)
            check_kernel_advance(game, kernel, state, advanced)
            if advanced != state:
                state = advanced
                continue
        if not movers:
            continue
        legal = game.legal_moves(state, rng.choice(movers))
        move = legal[rng.randrange(len(legal))]
        after = game.apply(state, move)
        check_kernel_step(game, kernel, loaded, move, after)
        state = after
    return MAX_STEPS


@pytest.mark.parametrize("game_id", KERNEL_GAMES)
def test_the_kernel_plays_as_the_engine_at_every_seat_count_and_option(game_id: str) -> None:
    game = GAMES[game_id]
    kernel = kernel_of(game)
    assert kernel is not None
    ended = 0
    for options in variants(game):
        for seats in game.seat_counts:
            try:
                game.new_game(seats=seats, options=options, seed=0)
            except OptionsError:
                continue
            steps = lockstep(game, kernel, seats, options, seed=seats * 7 + len(str(options)))
            ended += steps < MAX_STEPS
    assert ended > 0, "no game reached its end"


def test_a_kernel_that_breaks_a_rule_is_caught() -> None:
    """A Rang kernel that never lets a stuck player draw disagrees with the engine."""

    class NoDraw(RangRules):
        def legal(self, kernel: Any, seat: int) -> list[int]:
            return [a for a in super().legal(kernel, seat) if a != DRAW]

    game = GAMES["rang"]
    with pytest.raises(AssertionError, match="kernel: seat"):
        for seed in range(20):
            lockstep(game, NoDraw(), 3, game.Options(), seed)


def test_a_kernel_that_plays_a_move_wrongly_is_caught() -> None:
    """A Rang kernel whose draw forgets to take the card from the stock leads elsewhere."""

    class NoTake(RangRules):
        def _take(self, k: Any) -> int:
            card = k.stock[-1] if k.stock else super()._take(k)
            return card

    game = GAMES["rang"]
    with pytest.raises(AssertionError, match="leads elsewhere"):
        for seed in range(20):
            lockstep(game, NoTake(), 3, game.Options(), seed)


def has_rule(game_id: str) -> bool:
    kernel = kernel_of(GAMES[game_id])
    return kernel is not None and plays_by_rule(kernel)


RULE_GAMES = [game_id for game_id in KERNEL_GAMES if has_rule(game_id)]
PLAYOUT_LIMIT = SearchBot().playout_limit


@pytest.mark.parametrize("game_id", RULE_GAMES or ["none"])
def test_a_kernels_quick_rule_picks_a_legal_action_and_plays_to_the_end(game_id: str) -> None:
    """A kernel's quick rule of thumb (``Kernel.quick``), playing every seat from the deal in
    the kernel, takes one of the actions it is offered, changes nothing by choosing, chooses
    alike from the same generator, and ends the match within a search's playout limit (a
    rule that went round in circles would make every playout score a draw)."""
    if game_id == "none":
        pytest.skip("no kernel writes a quick rule")
    game = GAMES[game_id]
    kernel = kernel_of(game)
    assert kernel is not None
    for seed in range(6):
        seats = game.seat_counts[seed % len(game.seat_counts)]
        k = kernel.load(game.new_game(seats=seats, seed=seed))
        rng = random.Random(seed)
        plies = 0
        while movers := kernel.to_move(k):
            able = [s for s in movers if kernel.legal(k, s)]
            if not able:
                due = kernel.next_due(k)
                assert due is not None, "nobody can act and nothing falls due"
                k = kernel.advance(k, due)
                continue
            seat = able[0]
            actions = kernel.legal(k, seat)
            if len(actions) > 1:
                key, state = kernel.key(k), rng.getstate()
                action = kernel.quick(k, seat, actions, rng)
                assert action in actions, f"{game_id}: the quick rule chose no legal action"
                assert kernel.key(k) == key, f"{game_id}: the quick rule changed the kernel"
                again = random.Random()
                again.setstate(state)
                assert kernel.quick(k, seat, actions, again) == action
            else:
                action = actions[0]
            k = kernel.play(k, action)
            plies += 1
            assert plies <= PLAYOUT_LIMIT, f"{game_id}: quick play did not end in {plies} plies"
        assert kernel.outcome(k) is not None
