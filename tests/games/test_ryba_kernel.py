"""Рыба's kernel: it plays the engine's games to the engine's outcomes, and lists exactly the
asks the rules allow."""

from __future__ import annotations

import random

import pytest

from cardsuite.games.ryba.engine import RYBA
from cardsuite.games.ryba.kernel import KERNEL, RybaKernel, action_of
from cardsuite.games.ryba.model import ASK_LIMIT, ASK_LIMIT_REACHED, TOGETHER, Ask, RybaOptions

OPTIONS = [
    RybaOptions(),
    RybaOptions(ask_all=True),
    RybaOptions(classic_go_fish=True),
    RybaOptions(ask_all=True, classic_go_fish=True),
]


def asks(kernel: RybaKernel, seat: int) -> set[Ask]:
    return {KERNEL.move(kernel, a) for a in KERNEL.legal(kernel, seat)}


@pytest.mark.parametrize("options", OPTIONS, ids=["seed", "ask-all", "classic", "both"])
@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_kernel_plays_the_engines_games(seats: int, options: RybaOptions) -> None:
    """Seeded random games: the engine, driven by the kernel's moves, stays where the kernel
    is at every step and ends with the same outcome."""
    for seed in range(6):
        rng = random.Random(seed)
        state = RYBA.new_game(seats=seats, options=options, seed=seed)
        k = KERNEL.load(state)
        while KERNEL.to_move(k):
            (seat,) = KERNEL.to_move(k)
            assert asks(k, seat) == set(RYBA.legal_moves(state, seat))
            actions = KERNEL.legal(k, seat)
            action = actions[rng.randrange(len(actions))]
            state = RYBA.apply(state, KERNEL.move(k, action))
            k = KERNEL.play(k, action)
            assert KERNEL.key(k) == KERNEL.key(KERNEL.load(state))
        assert not RYBA.to_move(state)
        assert KERNEL.outcome(k) == RYBA.outcome(state) is not None


def test_copy_is_independent() -> None:
    k = KERNEL.load(RYBA.new_game(seats=3, seed=4))
    before = KERNEL.key(k)
    twin = KERNEL.copy(k)
    KERNEL.play(twin, KERNEL.legal(twin, KERNEL.to_move(twin)[0])[0])
    assert KERNEL.key(k) == before != KERNEL.key(twin)


def test_asks_are_for_ranks_held_of_each_opponent() -> None:
    k = KERNEL.load(RYBA.position("P1: 7♣ K♦ 7♥\nP2: Q♠ 2♥\nP3: J♣"))
    assert asks(k, 0) == {Ask(0, t, r) for t in (1, 2) for r in (7, 13)}
    assert asks(k, 1) == asks(k, 2) == set()  # not their turn
    everyone = KERNEL.load(RYBA.position("P1: 7♣ K♦\nP2: Q♠\nP3: J♣", options=OPTIONS[1]))
    assert asks(everyone, 0) == {Ask(0, None, 7), Ask(0, None, 13)}


def test_fishing_the_rank_asked_passes_the_turn_except_in_classic() -> None:
    text = "P1: 9♣ 4♦\nP2: K♠ 2♥\nP3: J♣\nstock: 3♠ 9♥"
    seed_rules = KERNEL.play(KERNEL.load(RYBA.position(text)), action_of(2, 9))
    assert KERNEL.to_move(seed_rules) == (1,)
    classic = KERNEL.play(KERNEL.load(RYBA.position(text, options=OPTIONS[2])), action_of(2, 9))
    assert KERNEL.to_move(classic) == (0,)


def test_finishing_together_goes_to_the_later_seat_on_equal_books() -> None:
    # P1 takes P2's last 5 and lays the book: both hands are empty, 3 books each.
    k = KERNEL.load(RYBA.position("P1: 5♣ 5♦ 5♥\nP2: 5♠\nbooks: P1=2 P2=3"))
    k = KERNEL.play(k, action_of(1, 5))
    assert not KERNEL.to_move(k)
    outcome = KERNEL.outcome(k)
    assert outcome is not None and outcome.winners == (1,) and outcome.ending == TOGETHER


def test_the_ask_limit_draws() -> None:
    k = KERNEL.load(RYBA.position(f"P1: 9♣ 4♦\nP2: K♠ 2♥\nP3: J♣\nasks: {ASK_LIMIT - 1}"))
    k = KERNEL.play(k, action_of(1, 9))
    outcome = KERNEL.outcome(k)
    assert outcome is not None and outcome.ending == ASK_LIMIT_REACHED
    assert outcome.places == (1, 1, 1)


def test_classic_empty_hand_draws_when_its_turn_comes() -> None:
    # P1's 8s become a book with the fished 8♠: his hand is empty and the turn passes.  P2's
    # hand is empty as well: he draws the stock's next card, K♥, and must ask for Kings.
    text = "P1: 8♣ 8♦ 8♥\nP2:\nP3: Q♥ K♣\nstock: K♥ 8♠\nrest: none"
    k = KERNEL.play(KERNEL.load(RYBA.position(text, options=OPTIONS[2])), action_of(2, 8))
    assert KERNEL.to_move(k) == (1,)
    assert asks(k, 1) == {Ask(1, 0, 13), Ask(1, 2, 13)}
