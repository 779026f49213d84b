"""Cassino's kernel against its engine: the same seeded games to the same outcome, copies that
keep to themselves, and positions where the kernel must list exactly the moves the rules
allow."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardsuite.core.cards import Card, parse_card, parse_cards
from cardsuite.core.series import NextDeal
from cardsuite.games.cassino import GAME
from cardsuite.games.cassino.kernel import KERNEL, NEXT
from cardsuite.games.cassino.model import Capture, CassinoOptions, FullCassino, Trail
from tests.contract.checks import check_kernel_line, play_by_kernel

CASSINO = GAME.load()

G = CASSINO
K = KERNEL


def c(text: str) -> Card:
    return parse_card(text)


def capture(seat: int, card: str, taken: str) -> Capture:
    return Capture(seat, c(card), frozenset(parse_cards(taken)))


def pos(text: str, **options: Any) -> FullCassino:
    return G.position(text, options=CassinoOptions(**options))


def kernel_moves(state: FullCassino, seat: int) -> set[Any]:
    k = K.load(state)
    actions = K.legal(k, seat)
    moves = [K.move(k, a) for a in actions]
    assert len(moves) == len(set(moves)), "one action per move"
    return set(moves)


SETUPS = [
    (2, CassinoOptions()),
    (2, CassinoOptions(hands=3)),
    (3, CassinoOptions(free_trail=True)),
    (3, CassinoOptions(court_captures_all=True, hands=2)),
    (4, CassinoOptions()),
    (4, CassinoOptions(partnerships=True, hands=4)),
    (4, CassinoOptions(free_trail=True, court_captures_all=True)),
    (5, CassinoOptions(hands=2)),
    (6, CassinoOptions(partnerships=True, hands=2)),
    (6, CassinoOptions(free_trail=True)),
]


@pytest.mark.parametrize(("seats", "options"), SETUPS)
def test_kernel_plays_the_engines_games_to_the_same_outcome(
    seats: int, options: CassinoOptions
) -> None:
    for seed in range(4):
        start = G.new_game(seats=seats, options=options, seed=seed)
        states, k = play_by_kernel(G, start, random.Random(seed))
        final, steps = states[-1], len(states) - 1
        assert steps >= 52 // seats * options.hands  # every hand was played out
        outcome = K.outcome(k)
        assert outcome is not None and outcome == G.outcome(final)
        assert len(final.series.results) == options.hands


def test_kernel_between_hands_the_next_dealer_deals_the_engines_shuffle() -> None:
    state = G.new_game(seats=3, options=CassinoOptions(hands=2), seed=7)
    rng = random.Random(7)
    while not state.series.between:
        state = G.apply(state, rng.choice(G.legal_moves(state, min(G.to_move(state)))))
    k = K.load(state)
    dealer = (state.dealer + 1) % 3
    assert list(K.to_move(k)) == [dealer]
    assert K.legal(k, dealer) == [NEXT] and K.move(k, NEXT) == NextDeal(dealer)
    assert all(K.legal(k, s) == [] for s in range(3) if s != dealer)
    assert K.outcome(k) is None
    dealt = G.apply(state, NextDeal(dealer))
    assert K.key(K.play(k, NEXT)) == K.key(K.load(dealt))


def test_kernel_copy_is_independent_of_its_original() -> None:
    state = G.new_game(seats=4, seed=5)
    original = K.load(state)
    before = K.key(original)
    twin = K.copy(original)
    assert K.key(twin) == before
    for _ in range(20):  # past the first re-deal
        K.play(twin, K.legal(twin, K.to_move(twin)[0])[0])
    assert K.key(twin) != before
    assert K.key(original) == before
    # the original still plays as the engine does
    action = K.legal(original, K.to_move(original)[0])[0]
    after = G.apply(state, K.move(original, action))
    assert K.key(K.play(original, action)) == K.key(K.load(after))


def test_kernel_number_card_takes_every_union_of_groups_and_must_capture() -> None:
    s = pos("P1: 10♦ 2♠\nP2: 4♦\ntable: 6♣ 4♥ 10♠ 3♦")
    assert kernel_moves(s, 0) == {
        capture(0, "10♦", "10♠"),
        capture(0, "10♦", "6♣ 4♥"),
        capture(0, "10♦", "10♠ 6♣ 4♥"),
    }
    assert kernel_moves(s, 1) == set()  # not P2's turn


def test_kernel_free_trail_adds_every_trail_to_the_captures() -> None:
    s = pos("P1: 8♠ J♥\nP2: 4♦\ntable: 5♦ 3♣ Q♣", free_trail=True)
    assert kernel_moves(s, 0) == {
        capture(0, "8♠", "5♦ 3♣"),
        Trail(0, c("8♠")),
        Trail(0, c("J♥")),
    }


def test_kernel_courts_pair_only_and_aces_take_aces() -> None:
    s = pos("P1: K♣ Q♥ A♥\nP2: 4♦\ntable: K♦ K♠ 10♣ 2♦ A♣")
    assert kernel_moves(s, 0) == {
        capture(0, "K♣", "K♦"),
        capture(0, "K♣", "K♠"),
        capture(0, "A♥", "A♣"),
    }
    every = pos("P1: K♣ Q♥\nP2: 4♦\ntable: K♦ K♠ 5♥", court_captures_all=True)
    assert kernel_moves(every, 0) == {capture(0, "K♣", "K♦ K♠")}


def test_kernel_trails_when_nothing_captures() -> None:
    s = pos("P1: Q♥ 3♠\nP2: 4♦\ntable: 10♣ 2♦ K♠")
    assert kernel_moves(s, 0) == {Trail(0, c("Q♥")), Trail(0, c("3♠"))}


def test_kernel_last_capturer_takes_the_rest_and_scores_as_the_engine() -> None:
    s = pos("P1: 7♠\nP2: -\ntable: 4♣ 9♦ 2♣\nstock: -\nlast: P2\nwon.P1: 10♦ 3♥")
    k = K.play(K.load(s), c("7♠").index)
    after = G.apply(s, Trail(0, c("7♠")))
    assert K.to_move(k) == ()
    assert k.won[1] == sum(1 << card.index for card in parse_cards("4♣ 9♦ 2♣ 7♠"))
    assert k.results == [(1, 4)]  # P2: most cards, most clubs, 2♣; P1: 10♦
    assert K.outcome(k) == G.outcome(after)


def test_kernel_sets_the_table_aside_when_nobody_captured() -> None:
    s = pos("P1: 7♠\nP2: -\ntable: 4♣ 9♦\nstock: -")
    k = K.play(K.load(s), c("7♠").index)
    assert k.won == [0, 0] and k.table == 0
    rest = sum(1 << card.index for card in parse_cards("4♣ 9♦ 7♠"))
    assert k.out & rest == rest  # with the cards the position set aside
    assert k.results == [(0, 0)]
    assert K.outcome(k) == G.outcome(G.apply(s, Trail(0, c("7♠"))))


def test_kernel_redeal_skips_empty_hands_with_five_players() -> None:
    s = pos("P1: 5♠\nP2: -\nP3: -\nP4: -\nP5: -\ntable: K♦\nstock: 2♥ 3♥ 4♥ 6♥ 7♥ 8♥ 9♥ J♥")
    k = K.play(K.load(s), c("5♠").index)  # every hand empty: the last 8 cards go round
    assert [len(held) for held in k.hands] == [2, 2, 2, 1, 1]
    assert K.key(k) == K.key(K.load(G.apply(s, Trail(0, c("5♠")))))
    for _ in range(5):  # one round: P1 to P5
        k = K.play(k, K.legal(k, k.turn)[0])
    assert k.turn == 0 and [len(held) for held in k.hands] == [1, 1, 1, 0, 0]
    for _ in range(3):  # P4 and P5 hold nothing: skipped
        k = K.play(k, K.legal(k, k.turn)[0])
    assert K.to_move(k) == ()


def test_kernel_replays_a_hand_to_its_scores_and_the_next_deal() -> None:
    s = pos("P1: 10♦ 2♠\nP2: 4♦ 6♥\ntable: 6♣ 4♥ 10♠ 3♦\nstock: -", hands=2)
    k = check_kernel_line(
        G,
        s,
        capture(0, "10♦", "10♠ 6♣ 4♥"),
        Trail(1, c("4♦")),
        Trail(0, c("2♠")),
        capture(1, "6♥", "4♦ 2♠"),  # P2 must capture; the last capture takes the 3♦ too
        NextDeal(0),
    )
    # cards tied 4-4 (1 each); P1 the only club and the 10♦
    assert k.results == [(3, 1)]
    assert (k.number, k.dealer, k.turn) == (1, 0, 1)
    assert [len(held) for held in k.hands] == [4, 4] and k.table.bit_count() == 4
