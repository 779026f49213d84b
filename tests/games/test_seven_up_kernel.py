"""Seven Up's kernel agrees with its engine: the same random matches to the same outcome, the
moves the rules allow in chosen positions, and copies independent of their originals."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardsuite.core.cards import Card, parse_card
from cardsuite.core.series import NextDeal
from cardsuite.core.tricks import follow_or_trump, follow_then_trump, trick_winner
from cardsuite.games.seven_up import GAME
from cardsuite.games.seven_up.kernel import (
    BEG_A,
    GIVE_A,
    KERNEL,
    NEXT_A,
    RUN_A,
    STAND_A,
)
from cardsuite.games.seven_up.model import FullSevenUp, PlayCard, SevenUpOptions
from tests.contract.checks import play_by_kernel

SEVEN_UP = GAME.load()

G = SEVEN_UP


def c(text: str) -> int:
    return parse_card(text).index


def pos(text: str, **options: Any) -> FullSevenUp:
    return G.position(text, options=SevenUpOptions(**options))


def cards_of(k: Any, seat: int) -> set[Card]:
    moves = [KERNEL.move(k, a) for a in KERNEL.legal(k, seat)]
    return {m.card for m in moves if isinstance(m, PlayCard)}


SETUPS = [
    (2, {}),
    (3, {}),
    (4, {}),
    (2, {"trick_points": False, "game_tie": "eldest"}),
    (3, {"classic_rank": True, "first_lead": "eldest"}),
    (4, {"partnerships": True, "game_tie": "eldest", "trick_points": False}),
    (2, {"begging": True}),
    (3, {"begging": True, "trick_points": False}),
    (4, {"begging": True, "partnerships": True}),
]


@pytest.mark.parametrize(("seats", "options"), SETUPS)
def test_kernel_plays_the_engines_matches_to_the_same_outcome(
    seats: int, options: dict[str, Any]
) -> None:
    for seed in range(4):
        start = G.new_game(seats=seats, options=SevenUpOptions(**options), seed=seed)
        states, k = play_by_kernel(G, start, random.Random(seed))
        end, steps = states[-1], len(states) - 1
        outcome = KERNEL.outcome(k)
        assert outcome is not None and outcome == G.outcome(end)
        assert min(outcome.scores) == 0  # somebody put in his last chip
        assert steps > 6


def test_every_deal_of_a_match_is_dealt_with_the_engines_shuffle() -> None:
    state = G.new_game(seats=3, seed=5)
    k = KERNEL.load(state)
    rng = random.Random(0)
    deals = 0
    while KERNEL.to_move(k):
        seat = KERNEL.to_move(k)[0]
        if k.between:
            assert KERNEL.legal(k, seat) == [NEXT_A]
            assert KERNEL.move(k, NEXT_A) == NextDeal(seat)
            state = G.apply(state, NextDeal(seat))
            k = KERNEL.play(k, NEXT_A)
            assert k.hands == KERNEL.load(state).hands  # the same cards, the same order
            deals += 1
            continue
        legal = G.legal_moves(state, seat)
        move = legal[rng.randrange(len(legal))]
        state = G.apply(state, move)
        k = KERNEL.load(state)
    assert deals >= 1


def test_a_copy_is_independent_of_its_original() -> None:
    k = KERNEL.load(G.new_game(seats=4, seed=3))
    before = KERNEL.key(k)
    other = KERNEL.copy(k)
    for _step in range(10):
        other = KERNEL.play(other, KERNEL.legal(other, KERNEL.to_move(other)[0])[0])
    assert KERNEL.key(k) == before
    assert KERNEL.key(other) != before
    assert sum(map(len, k.hands)) == 24


def test_holding_the_suit_led_follow_it_or_trump() -> None:
    s = G.apply(
        pos("P1: 5♠ 9♦ K♣\nP2: 9♠ 3♥ K♦\nD: Q♥ 2♥ 4♦\nturnup: 7♥\nleader: P1"),
        PlayCard(0, parse_card("5♠")),
    )
    k = KERNEL.load(s)
    assert cards_of(k, 1) == {parse_card("9♠"), parse_card("3♥")}  # not the third suit
    assert KERNEL.legal(k, 0) == [] and KERNEL.legal(k, 2) == []


def test_trumps_led_a_trump_holder_must_trump_and_a_void_plays_anything() -> None:
    s = pos("P1: 4♥ 2♣\nP2: 2♥ A♠\nD: 5♦ 6♦\nturnup: 7♥\nleader: P1")
    k = KERNEL.play(KERNEL.load(s), c("4♥"))
    assert cards_of(k, 1) == {parse_card("2♥")}
    k = KERNEL.play(k, c("2♥"))
    assert cards_of(k, 2) == {parse_card("5♦"), parse_card("6♦")}


def test_the_ten_takes_the_ace_unless_classic_rank() -> None:
    text = "P1: A♦ 2♣\nD: 10♦ 3♣\nturnup: 7♣\nleader: P1"
    for classic, taker in ((False, 1), (True, 0)):
        k = KERNEL.load(pos(text, classic_rank=classic))
        k = KERNEL.play(KERNEL.play(k, c("A♦")), c("10♦"))
        assert k.taker == taker
        assert KERNEL.to_move(k) == (taker,)


def test_the_last_chip_ends_the_match_on_the_trick_point() -> None:
    s = pos("P1: 10♠ 2♦ 3♦ 4♦ 5♦ 6♦\nD: 2♠ 7♦ 8♦ 9♦ J♦ Q♦\nturnup: 7♥\nchips: 1 7")
    k = KERNEL.play(KERNEL.play(KERNEL.load(s), c("2♠")), c("10♠"))
    assert KERNEL.to_move(k) == ()
    outcome = KERNEL.outcome(k)
    end = G.apply(G.apply(s, PlayCard(1, parse_card("2♠"))), PlayCard(0, parse_card("10♠")))
    assert outcome is not None and outcome == G.outcome(end)
    assert outcome.places == (1, 2)


def test_begging_the_dealer_may_not_give_the_beggars_last_point() -> None:
    s = pos("P1: 5♠ 9♦ K♣ 2♠ 3♠ 4♠\nD: Q♥ 2♥ 4♦ 3♦ 5♦ 6♦\nturnup: 7♥\nphase: stand", begging=True)
    k = KERNEL.load(s)
    assert KERNEL.legal(k, 0) == [STAND_A, BEG_A]
    k = KERNEL.play(k, BEG_A)
    assert KERNEL.legal(k, 1) == [GIVE_A, RUN_A]
    last = KERNEL.load(
        pos(
            "P1: 5♠ 9♦ K♣ 2♠ 3♠ 4♠\nD: Q♥ 2♥ 4♦ 3♦ 5♦ 6♦\nturnup: 7♥\nphase: give\nchips: 1 7",
            begging=True,
        )
    )
    assert KERNEL.legal(last, 1) == [RUN_A]


def test_trick_helpers_follow_the_two_duties() -> None:
    held = [c("2♠"), c("3♥"), c("K♣")]
    spades, hearts, diamonds = c("2♠") & 3, c("3♥") & 3, c("2♦") & 3
    assert follow_or_trump(held, spades, hearts) == [c("2♠"), c("3♥")]
    assert follow_then_trump(held, spades, hearts) == [c("2♠")]
    assert follow_then_trump(held, diamonds, hearts) == [c("3♥")]
    assert follow_or_trump(held, diamonds, hearts) == held
    strength = [card // 4 for card in range(52)]  # any order: here by rank, Ace low
    trick = [c("2♠"), c("K♠"), c("3♥"), c("A♥")]
    assert trick_winner(trick, hearts, strength) == 2  # the first trump, the 3, beats the Ace
    assert trick_winner(trick, diamonds, strength) == 1
