"""Seven Leaves' kernel agrees with its engine: the same random matches to the same outcome,
the moves the rules allow in chosen positions, play-offs and the cut, and copies independent
of their originals."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardsuite.core.cards import Card, parse_card
from cardsuite.core.series import NextDeal
from cardsuite.games.seven_leaves import GAME
from cardsuite.games.seven_leaves.kernel import CUT_A, CUTS, KERNEL, NEXT_A
from cardsuite.games.seven_leaves.model import (
    CUT_PHASE,
    CutPack,
    FullSevenLeaves,
    PlayCard,
    SevenLeavesOptions,
)
from tests.contract.checks import play_by_kernel

SEVEN_LEAVES = GAME.load()

G = SEVEN_LEAVES


def c(text: str) -> int:
    return parse_card(text).index


def pos(text: str, **options: Any) -> FullSevenLeaves:
    return G.position(text, options=SevenLeavesOptions(**options))


def cards_of(k: Any, seat: int) -> set[Card]:
    moves = [KERNEL.move(k, a) for a in KERNEL.legal(k, seat)]
    return {m.card for m in moves if isinstance(m, PlayCard)}


SETUPS = [
    (2, {}),
    (3, {}),
    (4, {}),
    (5, {}),
    (3, {"target_tricks": 2, "games": 2}),
    (4, {"target_tricks": 1, "penalty_display": "off"}),
    (5, {"target_tricks": 3, "games": 3, "penalty_display": "off", "flick_cards": 3}),
]


@pytest.mark.parametrize(("seats", "options"), SETUPS)
def test_kernel_plays_the_engines_matches_to_the_same_outcome(
    seats: int, options: dict[str, Any]
) -> None:
    for seed in range(4):
        start = G.new_game(seats=seats, options=SevenLeavesOptions(**options), seed=seed)
        states, k = play_by_kernel(G, start, random.Random(seed))
        end, endings = states[-1], {s.ending for s in states if s.ending}
        outcome = KERNEL.outcome(k)
        assert outcome is not None and outcome == G.outcome(end)
        assert endings  # every game of the match found its loser
        assert sum(k.losses) == SevenLeavesOptions(**options).games


def test_low_targets_reach_play_offs_and_the_kernel_plays_them_alike() -> None:
    options = SevenLeavesOptions(target_tricks=1)
    endings: set[str] = set()
    for seed in range(30):
        start = G.new_game(seats=5, options=options, seed=seed)
        states, _k = play_by_kernel(G, start, random.Random(seed))
        endings |= {s.ending for s in states if s.ending}
    assert "play-off" in endings


def test_a_copy_is_independent_of_its_original() -> None:
    k = KERNEL.load(G.new_game(seats=4, seed=2))
    before = KERNEL.key(k)
    other = KERNEL.copy(k)
    for _step in range(12):
        other = KERNEL.play(other, KERNEL.legal(other, KERNEL.to_move(other)[0])[0])
    assert KERNEL.key(k) == before
    assert KERNEL.key(other) != before
    assert sum(map(len, k.hands)) == 28


def test_follow_suit_else_trump_else_anything() -> None:
    text = "P1: 7♣\nP2: {hand}\nD: 10♥\ntrumps: ♠\ntrick: 9♦\nleader: P1\n"
    for held, allowed in (
        ("6♦ A♠", {"6♦"}),  # holding the suit led: follow, not trump
        ("7♠ K♣", {"7♠"}),  # void in it: trump
        ("K♣ 6♥", {"K♣", "6♥"}),  # void in both: anything
    ):
        k = KERNEL.load(pos(text.format(hand=held)))
        assert cards_of(k, 1) == {parse_card(t) for t in allowed}
        assert KERNEL.legal(k, 0) == [] and KERNEL.legal(k, 2) == []


def test_a_safe_player_sits_out_and_the_trick_goes_round_the_others() -> None:
    s = pos("P1: 9♦ 6♣\nP2: K♦ 7♣\nP3: 8♥ 8♦\nD: 6♦ 8♣\ntrumps: ♠\nactive: P1 P3 D\n")
    k = KERNEL.load(s)
    k = KERNEL.play(k, c("9♦"))
    assert KERNEL.to_move(k) == (2,)  # P3: P2 is safe
    k = KERNEL.play(KERNEL.play(k, c("8♦")), c("6♦"))
    assert k.taker == 0 and KERNEL.to_move(k) == (0,)
    assert k.deal_tricks == [1, 0, 0, 0]


def test_the_loser_cuts_at_any_of_35_cards_and_the_outcome_names_the_cut() -> None:
    s = pos("P1: A♠\nP2: 6♦\nD: 7♦\ntrumps: ♠\ntricks: 6 6 7\nsafe: 0 0 0\n")
    k = KERNEL.load(s)
    for card in ("A♠", "6♦", "7♦"):
        s = G.apply(s, KERNEL.move(k, c(card)))
        k = KERNEL.play(k, c(card))
    assert s.phase is CUT_PHASE and KERNEL.to_move(k) == (1,)  # P2, the last without seven
    assert KERNEL.legal(k, 1) == CUTS and len(CUTS) == 35
    assert KERNEL.move(k, CUT_A + 35) == CutPack(1, 35)
    k = KERNEL.play(k, CUT_A + 35)
    s = G.apply(s, CutPack(1, 35))
    assert KERNEL.key(k) == KERNEL.key(KERNEL.load(s))
    outcome = KERNEL.outcome(k)
    assert outcome is not None and outcome == G.outcome(s)
    assert outcome.places[1] == 3


def test_everyone_safe_at_once_with_a_tie_calls_a_play_off_of_the_tied() -> None:
    s = pos("P1: A♠\nP2: 6♦\nD: 7♦\ntrumps: ♠\ntricks: 6 7 7\nsafe: 0 0 0\n", target_tricks=7)
    k = KERNEL.load(s)
    for card in ("A♠", "6♦", "7♦"):
        s = G.apply(s, KERNEL.move(k, c(card)))
        k = KERNEL.play(k, c(card))
    assert k.coming == s.coming == (0, 1, 2)  # all three level at seven
    assert k.coming_playoff and s.coming_playoff
    dealer = KERNEL.to_move(k)[0]
    assert KERNEL.legal(k, dealer) == [NEXT_A]
    assert KERNEL.move(k, NEXT_A) == NextDeal(dealer)
    k = KERNEL.play(k, NEXT_A)
    s = G.apply(s, NextDeal(dealer))
    assert k.playoff and k.active == s.active
    assert KERNEL.key(k) == KERNEL.key(KERNEL.load(s))
