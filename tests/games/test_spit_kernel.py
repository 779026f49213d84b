"""Spit's kernel: it plays the engine's games to the engine's outcomes, on the clock and in
turns, and lists exactly the moves the rules allow."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardsuite.games.spit import GAME
from cardsuite.games.spit.kernel import CANCEL, KERNEL, PASS, REQUEST, SEAT_SHIFT, SpitKernel
from cardsuite.games.spit.model import (
    STALL,
    STALL_SPITS,
    FullSpit,
    Pass,
    Play,
    SpitOptions,
    SpitRequest,
)

SPIT = GAME.load()

P2 = 1 << SEAT_SHIFT  # added to a code: the action of seat 1 (the other seat's are the codes)


def pos(text: str, **options: Any) -> FullSpit:
    return SPIT.position(text, options=SpitOptions(**options))


def moves(k: SpitKernel, seat: int) -> set[Any]:
    return {KERNEL.move(k, a) for a in KERNEL.legal(k, seat)}


def same(k: SpitKernel, state: FullSpit) -> None:
    """The kernel stands where the engine does."""
    assert KERNEL.key(k) == KERNEL.key(KERNEL.load(state))
    assert KERNEL.clock(k) == SPIT.clock(state)
    assert KERNEL.next_due(k) == SPIT.next_due(state)


OPTIONS = [
    {},
    {"wrap": False},
    {"layout": "classic"},
    {"manual_fill": True},
    {"layout": "classic", "manual_fill": True, "wrap": False, "spit_delay": 100},
]


@pytest.mark.parametrize("mode", ["realtime", "turns"])
@pytest.mark.parametrize("options", OPTIONS, ids=["seed", "no-wrap", "classic", "manual", "all"])
def test_kernel_plays_the_engines_games(mode: str, options: dict[str, Any]) -> None:
    """Seeded random games, actions at random times: the engine, driven by the kernel's moves
    and clock, stays where the kernel is at every step and ends with the same outcome."""
    opts = SpitOptions(mode=mode, **options)
    for seed in range(4):
        rng = random.Random(seed)
        state = SPIT.new_game(seats=2, options=opts, seed=seed)
        k = KERNEL.load(state)
        steps = 0
        while KERNEL.to_move(k):
            steps += 1
            assert steps < 20_000
            due = KERNEL.next_due(k)
            later = KERNEL.clock(k) + rng.choice((0, 100, 250, 900))
            if due is not None and rng.random() < 0.3:
                later = max(later, due)
            k = KERNEL.advance(k, later)
            state = SPIT.advance(state, later)
            same(k, state)
            if not KERNEL.to_move(k):
                break
            seat = rng.choice(KERNEL.to_move(k))
            assert moves(k, seat) == set(SPIT.legal_moves(state, seat))
            actions = KERNEL.legal(k, seat)
            if not actions:
                continue
            action = rng.choice(actions)
            state = SPIT.apply(state, KERNEL.move(k, action))
            k = KERNEL.play(k, action)
            same(k, state)
        assert not SPIT.to_move(state)
        assert KERNEL.outcome(k) == SPIT.outcome(state) is not None


def test_copy_is_independent() -> None:
    k = KERNEL.load(SPIT.new_game(seats=2, seed=3))
    k = KERNEL.advance(k, 800)  # the opening spit
    before = KERNEL.key(k)
    twin = KERNEL.copy(k)
    KERNEL.play(twin, KERNEL.legal(twin, 0)[0])
    KERNEL.advance(twin, 5000)
    assert KERNEL.key(k) == before != KERNEL.key(twin)


def test_plays_are_one_rank_up_or_down_on_either_pile() -> None:
    text = "C1: 5♣\nC2: K♠\nP1.S1: 2♦ 3♦ 4♥\nP1.S2: 9♥\nP1.S3: Q♥ A♣\nP2.S1: 7♠"
    assert moves(KERNEL.load(pos(text)), 0) == {Play(0, 0, 0), Play(0, 2, 1), SpitRequest(0)}
    # Without wrap the Ace goes on a 2 only, not on the King.
    assert moves(KERNEL.load(pos(text, wrap=False)), 0) == {Play(0, 0, 0), SpitRequest(0)}


def test_a_request_is_withdrawn_and_two_start_the_countdown() -> None:
    k = KERNEL.load(pos("clock: 2000\nC1: 5♣\nC2: 9♦\nP1.S1: 6♠\nP2.S1: 8♥"))
    assert KERNEL.next_due(k) is None  # both can play
    k = KERNEL.play(k, REQUEST)
    assert CANCEL in KERNEL.legal(k, 0) and KERNEL.next_due(k) is None  # one is not enough
    k = KERNEL.play(k, P2 + REQUEST)
    assert KERNEL.next_due(k) == 2800
    k = KERNEL.advance(k, 2800)  # both spit: the requests are spent
    assert KERNEL.legal(k, 0)[-1] == REQUEST and KERNEL.clock(k) == 2800


def test_an_empty_stack_turns_its_centre_pile_over() -> None:
    k = KERNEL.load(pos("P2.stack: -\nC1: 2♣\nC2: 4♠ 9♥ J♣\nP1.S1: K♠\nP2.S1: 6♦"))
    due = KERNEL.next_due(k)
    assert due is not None
    k = KERNEL.advance(k, due)
    assert k.piles[1] == [4] and k.piles[3] == [11, 9]  # the old bottom card spat, 9 on top


def test_the_fiftieth_spit_stalls_the_game() -> None:
    text = "C1: 5♣\nC2: 9♦\nP1.S1: K♠\nP2.S1: 2♥ J♥\nP2.S2: Q♣\nspits: 49"
    k = KERNEL.advance(KERNEL.load(pos(text)), 800)
    assert not KERNEL.to_move(k) and KERNEL.next_due(k) is None
    outcome = KERNEL.outcome(k)
    assert outcome is not None and outcome.ending == STALL and outcome.places == (1, 2)
    assert k.spits == STALL_SPITS


def test_turns_two_passes_spit_and_the_opener_alternates() -> None:
    text = "C1: 5♣\nC2: 9♦\nP1.S1: 3♠ 6♠\nP1.S2: 2♣\nP2.S1: 8♥ 10♥\nturn: P1\n"
    k = KERNEL.load(pos(text + "P1.stack: 7♣\nP2.stack: K♣", mode="turns"))
    assert not KERNEL.legal(k, 1) and Pass(0) in moves(k, 0)
    k = KERNEL.play(KERNEL.play(k, PASS), P2 + PASS)
    assert k.piles[0][-1] == 7 and k.piles[1][-1] == 13  # both spat
    assert KERNEL.to_move(k) == (1,)  # P1 opened before, P2 now
    k = KERNEL.advance(k, 10_000)  # no clock in turn mode
    assert KERNEL.clock(k) == 0 and KERNEL.next_due(k) is None
