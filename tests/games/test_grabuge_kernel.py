"""Grabuge's kernel against its engine: the same games to the same end, and the rules of the
two decisions (where a turned card goes, which fitting column plays first) as the kernel
lists them.

Positions are written as in ``test_grabuge.py`` (:meth:`Grabuge.position`; P1 is seat 0); the
engine plays each on to its first decision, the kernel is loaded there and plays on itself.
"""

from __future__ import annotations

import random

import pytest

from cardsuite.core.cards import parse_cards
from cardsuite.core.series import NextDeal
from cardsuite.games.grabuge.engine import GRABUGE
from cardsuite.games.grabuge.kernel import KERNEL, NEW_COLUMN, NEXT_DEAL, NONE
from cardsuite.games.grabuge.model import FullGrabuge, GrabugeOptions, PlaceInReserve, PlayReserve
from tests.contract.checks import check_kernel_line, play_by_kernel


def position(text: str, **options: int) -> FullGrabuge:
    return GRABUGE.position(text, options=GrabugeOptions(**options))


def indices(text: str) -> list[int]:
    return [card.index for card in parse_cards(text)]


# --- whole games ---------------------------------------------------------------------------

SETUPS = [
    GrabugeOptions(),
    GrabugeOptions(grabuge_size=1),
    GrabugeOptions(grabuge_size=52),  # no stock at all: the grabuge is the stock at once
    GrabugeOptions(decks=4, grabuge_size=3),
    GrabugeOptions(decks=8, grabuge_size=26),
    GrabugeOptions(match_deals=3),
    GrabugeOptions(decks=6, grabuge_size=2, match_deals=2),
]


@pytest.mark.parametrize("options", SETUPS, ids=repr)
def test_kernel_plays_the_engines_games_to_the_same_outcome(options: GrabugeOptions) -> None:
    for seed in range(4):
        start = GRABUGE.new_game(seats=2, options=options, seed=seed)
        states, k = play_by_kernel(GRABUGE, start, random.Random(seed))
        end, steps = states[-1], len(states) - 1
        assert steps > 0
        assert KERNEL.outcome(k) == GRABUGE.outcome(end) is not None
        assert len(end.series.results) == options.match_deals  # every deal was played


def test_kernel_outcome_is_none_until_the_match_is_over() -> None:
    state = GRABUGE.new_game(seats=2, options=GrabugeOptions(match_deals=2), seed=5)
    k = KERNEL.load(state)
    rng = random.Random(5)
    outcomes = []
    while KERNEL.to_move(k):
        outcomes.append(KERNEL.outcome(k))
        actions = KERNEL.legal(k, KERNEL.to_move(k)[0])
        k = KERNEL.play(k, actions[rng.randrange(len(actions))])
    assert outcomes and all(o is None for o in outcomes)  # between the deals too
    assert KERNEL.outcome(k) is not None


def test_between_deals_only_the_next_dealer_deals_and_the_kernel_deals_the_engines_hand() -> None:
    state = GRABUGE.new_game(seats=2, options=GrabugeOptions(match_deals=2), seed=11)
    rng = random.Random(3)
    while not state.over:  # the engine plays the first deal out
        seat = next(iter(GRABUGE.to_move(state)))
        moves = GRABUGE.legal_moves(state, seat)
        state = GRABUGE.apply(state, moves[rng.randrange(len(moves))])
    k = KERNEL.load(state)
    dealer = 1 - state.series.dealer
    assert KERNEL.to_move(k) == (dealer,)
    assert KERNEL.legal(k, dealer) == (NEXT_DEAL,) and KERNEL.legal(k, 1 - dealer) == ()
    assert KERNEL.move(k, NEXT_DEAL) == NextDeal(dealer)
    dealt = KERNEL.play(k, NEXT_DEAL)
    assert KERNEL.key(dealt) == KERNEL.key(KERNEL.load(GRABUGE.apply(state, NextDeal(dealer))))


def test_a_copy_is_independent_of_its_original() -> None:
    state = GRABUGE.new_game(seats=2, seed=7)
    original = KERNEL.load(state)
    before = KERNEL.key(original)
    twin = KERNEL.copy(original)
    assert KERNEL.key(twin) == before
    rng = random.Random(7)
    while KERNEL.to_move(twin):
        actions = KERNEL.legal(twin, KERNEL.to_move(twin)[0])
        twin = KERNEL.play(twin, actions[rng.randrange(len(actions))])
    assert KERNEL.key(original) == before == KERNEL.key(KERNEL.load(state))
    assert KERNEL.key(twin) != before


# --- where a turned card goes ----------------------------------------------------------------


def test_a_turned_card_goes_on_a_column_in_use_or_starts_one_in_the_lowest_free_place() -> None:
    state = position("""
        packets: 5
        P1 col1: 9♠
        P1 col3: J♠
        P1 stock: Q♥ 2♣ 3♣ 4♣
    """)
    k = KERNEL.load(state)
    assert k.turned == indices("Q♥")[0]
    assert sorted(KERNEL.legal(k, 0)) == [NEW_COLUMN, 1, 3]
    assert KERNEL.legal(k, 1) == ()
    assert KERNEL.move(k, NEW_COLUMN) == PlaceInReserve(0, None)
    KERNEL.play(k, NEW_COLUMN)
    assert k.columns[0] == [indices("9♠"), indices("Q♥"), indices("J♠"), []]  # column 2


def test_with_four_columns_in_use_the_turned_card_must_cover_one() -> None:
    state = position("""
        packets: 5 7
        P1 col1: 9♠
        P1 col2: J♠
        P1 col3: 3♠
        P1 col4: K♠
        P1 stock: Q♥
    """)
    k = KERNEL.load(state)
    assert sorted(KERNEL.legal(k, 0)) == [1, 2, 3, 4]  # no new column
    KERNEL.play(k, 4)
    assert k.columns[0][3] == indices("K♠ Q♥")


def test_after_placing_the_next_batch_card_is_turned_and_what_it_frees_plays() -> None:
    state = position("""
        packets: 4
        P1 grabuge: 6♣ 9♦
        P1 col1: 9♠
        P1 stock: Q♥ 5♦ 7♣ 2♠
    """)
    k = KERNEL.load(state)
    assert k.turned == indices("Q♥")[0]
    KERNEL.play(k, 1)
    # 5♦ plays on the 4, so the grabuge's 6♣ plays, then 7♣ from the batch; 2♠ waits.
    assert k.have[7] == 1 and k.grabuge[0] == indices("9♦")
    assert k.turned == indices("2♠")[0] and k.batch == []
    check_kernel_line(GRABUGE, state, PlaceInReserve(0, 1), PlaceInReserve(0, None))


# --- which column plays first ----------------------------------------------------------------


def test_the_choice_is_among_the_exposed_cards_that_fit() -> None:
    state = position("""
        packets: 7 2
        P1 col1: 8♠ 4♥
        P1 col2: 8♦
        P1 col3: 3♣
    """)
    k = KERNEL.load(state)
    assert sorted(KERNEL.legal(k, 0)) == [2, 3]  # the covered 8♠ is no option
    assert {KERNEL.move(k, a) for a in KERNEL.legal(k, 0)} == {PlayReserve(0, 2), PlayReserve(0, 3)}


def test_a_column_played_can_open_a_new_choice_and_the_deal_ends_with_the_count() -> None:
    state = position("""
        packets: 7 2
        P1 col1: 8♠ 4♥
        P1 col2: 8♦
        P1 col3: 3♣
        P1 col4: K♠ K♥ K♦ K♣ Q♠ Q♥
    """)
    k = KERNEL.load(state)
    KERNEL.play(k, 3)  # 3♣ on the 2: now 4♥ and 8♦ fit
    assert sorted(KERNEL.legal(k, 0)) == [1, 2]
    KERNEL.play(k, 1)  # 4♥ on the 3: both 8s fit the 7
    assert sorted(KERNEL.legal(k, 0)) == [1, 2]
    KERNEL.play(k, 1)  # 8♠ on the 7: nothing else fits, and nobody has a card left to turn
    assert k.over and KERNEL.to_move(k) == ()
    # P1 is left with 7 reserve cards, P2 with none: one leftover packet to P2.
    outcome = KERNEL.outcome(k)
    assert outcome is not None and outcome.scores == (0, 1)
    # The same line on the engine, the kernel checked against it at every step.
    end = check_kernel_line(GRABUGE, state, *(PlayReserve(0, column) for column in (3, 1, 1)))
    assert KERNEL.key(end) == KERNEL.key(k)


# --- the bonus -------------------------------------------------------------------------------


def test_playing_the_grabuge_out_earns_the_bonus() -> None:
    state = position("""
        packets: 7 2
        P1 grabuge: 4♦
        P1 col2: 8♦
        P1 col3: 3♣
    """)
    k = KERNEL.load(state)
    assert k.bonus == NONE
    KERNEL.play(k, 3)  # 3♣ on the 2 frees the grabuge's 4♦, its last card
    assert k.bonus == 0 and k.over
    outcome = KERNEL.outcome(k)
    assert outcome is not None and outcome.scores == (2, 0)


def test_a_grabuge_that_became_the_stock_earns_no_bonus() -> None:
    state = position("""
        packets: 7 2
        P1 grabuge: 5♦ 4♦
        P1 col2: 8♦
        P1 col3: 3♣
    """)
    k = KERNEL.load(state)
    KERNEL.play(k, 3)  # 8♦ follows; the stock is out, so the grabuge is turned as a batch
    assert k.grabuge[0] == [] and k.stock[0] == [] and k.have[5] == 1  # 4♦ then 5♦ played
    assert k.bonus == NONE and k.over
    outcome = KERNEL.outcome(k)
    assert outcome is not None and outcome.scores == (0, 0)
