"""Building sequences: up, down or either way; by suit, in alternating colours or in any suit;
wrapping round the corner or not; which card starts an empty pile, and why a card is refused."""

from __future__ import annotations

import pytest

from cardsuite.core.building import FACES, NO_KEY, Building, Direction, Mismatch, Suiting
from cardsuite.core.cards import ACE, JOKER, KING, SUITS, Card, parse_card, standard_deck

c = parse_card

FOUNDATION = Building("foundation", direction=Direction.UP, suiting=Suiting.SAME_SUIT, base=ACE)
HOUSE = Building("house", direction=Direction.DOWN, suiting=Suiting.ALTERNATE_COLOUR)
LOAD = Building("load", direction=Direction.UP_OR_DOWN, suiting=Suiting.SAME_SUIT)
PACKET = Building("packet", direction=Direction.UP, suiting=Suiting.ANY_SUIT, base=ACE)
ROUND_UP = Building("round up", direction=Direction.UP, suiting=Suiting.SAME_SUIT, wraps=True)
ROUND_DOWN = Building("round down", direction=Direction.DOWN, suiting=Suiting.ANY_SUIT, wraps=True)


def test_up_in_suit_takes_the_same_suit_one_rank_higher() -> None:
    assert FOUNDATION.follows(c("2♥"), c("A♥"))
    assert FOUNDATION.follows(c("K♠"), c("Q♠"))
    assert not FOUNDATION.follows(c("2♦"), c("A♥"))  # same colour, other suit
    assert not FOUNDATION.follows(c("3♥"), c("A♥"))  # a rank skipped
    assert not FOUNDATION.follows(c("A♥"), c("2♥"))  # the wrong way


def test_down_in_alternating_colours_takes_the_other_colour_one_rank_lower() -> None:
    assert HOUSE.follows(c("9♥"), c("10♠"))
    assert HOUSE.follows(c("9♦"), c("10♣"))
    assert not HOUSE.follows(c("9♣"), c("10♠"))  # same colour
    assert not HOUSE.follows(c("J♥"), c("10♠"))  # up, not down
    assert not HOUSE.follows(c("8♥"), c("10♠"))


def test_up_or_down_in_suit_takes_either_neighbour_of_the_same_suit() -> None:
    assert LOAD.follows(c("9♠"), c("10♠"))
    assert LOAD.follows(c("J♠"), c("10♠"))
    assert not LOAD.follows(c("J♣"), c("10♠"))
    assert not LOAD.follows(c("10♠"), c("10♠"))


def test_any_suit_takes_every_card_of_the_next_rank() -> None:
    top = c("4♣")
    assert all(PACKET.follows(Card(5, suit), top) for suit in SUITS)
    assert not any(PACKET.follows(Card(6, suit), top) for suit in SUITS)


def test_without_wrap_nothing_goes_on_a_king_built_up_nor_on_an_ace_built_down() -> None:
    assert not any(FOUNDATION.follows(card, c("K♥")) for card in standard_deck())
    assert not any(HOUSE.follows(card, c("A♠")) for card in standard_deck())
    assert not LOAD.follows(c("K♠"), c("A♠")) and not LOAD.follows(c("A♠"), c("K♠"))
    assert FOUNDATION.wants_ranks(KING) == () and HOUSE.goes_on_ranks(KING) == ()


def test_a_wrapping_sequence_turns_the_corner_between_king_and_ace() -> None:
    assert ROUND_UP.follows(c("A♥"), c("K♥"))
    assert not ROUND_UP.follows(c("A♠"), c("K♥"))
    assert ROUND_DOWN.follows(c("K♦"), c("A♣"))
    assert ROUND_DOWN.wants_ranks(ACE) == (KING,)


def test_the_base_rank_alone_starts_an_empty_pile_and_any_card_without_one() -> None:
    assert FOUNDATION.accepts(c("A♦"), None)
    assert not FOUNDATION.accepts(c("2♦"), None)
    assert all(HOUSE.accepts(card, None) for card in standard_deck())


def test_the_owner_of_a_card_does_not_change_how_it_builds() -> None:
    assert FOUNDATION.follows(Card(2, SUITS[2], back=3), Card(ACE, SUITS[2], back=1))


def test_a_refusal_names_the_rank_first_then_the_suit_or_the_colour() -> None:
    assert FOUNDATION.mismatch(c("2♥"), c("A♥")) is None
    assert FOUNDATION.mismatch(c("5♥"), None) is Mismatch.NOT_A_START
    assert FOUNDATION.mismatch(c("3♠"), c("A♥")) is Mismatch.WRONG_RANK
    assert FOUNDATION.mismatch(c("2♠"), c("A♥")) is Mismatch.WRONG_SUIT
    assert HOUSE.mismatch(c("9♠"), c("10♣")) is Mismatch.WRONG_COLOUR
    assert HOUSE.mismatch(JOKER, c("10♣")) is Mismatch.NO_SUIT


def test_keys_match_exactly_the_cards_that_follow() -> None:
    for rule in (FOUNDATION, HOUSE, LOAD, PACKET, ROUND_UP, ROUND_DOWN):
        for top in standard_deck():
            for card in standard_deck():
                by_key = rule.key[card.index % FACES] in rule.wants[top.index % FACES]
                assert by_key == rule.follows(card, top), (rule, card, top)
    assert HOUSE.key[JOKER.index % FACES] == NO_KEY
    assert not HOUSE.follows(JOKER, c("10♣"))


@pytest.mark.parametrize(
    ("pile", "start"),
    [
        ("", 0),
        ("K♠", 0),
        ("K♠ Q♥ J♣", 0),
        ("5♦ K♠ Q♥ J♣", 1),
        ("K♠ Q♥ J♥", 2),  # the Jack is not of the other colour: it follows nothing
    ],
)
def test_a_pile_is_built_from_where_its_run_starts(pile: str, start: int) -> None:
    cards = [c(t) for t in pile.split()]
    assert HOUSE.run_start(cards) == start
    assert HOUSE.is_built(cards[start:])
    assert start == 0 or not HOUSE.is_built(cards[start - 1 :])
