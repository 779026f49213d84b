"""Cards: interning, text in every accepted spelling, rank orders and packs."""

from __future__ import annotations

import pytest

from cardsuite.core.cards import (
    ACE,
    ACE_HIGH,
    ACE_LOW,
    ACE_LOW_WRAP,
    JOKER,
    KING,
    Card,
    Suit,
    deck_40,
    parse_card,
    parse_cards,
    parse_rank,
    several,
    short_deck_36,
    standard_deck,
)
from cardsuite.core.errors import NotationError


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("10♥", 10, Suit.HEARTS),
        ("10H", 10, Suit.HEARTS),
        ("10h", 10, Suit.HEARTS),
        ("TH", 10, Suit.HEARTS),
        ("Т♠", ACE, Suit.SPADES),  # Cyrillic Т is the ace (туз)
        ("A♠", ACE, Suit.SPADES),
        ("К♦", KING, Suit.DIAMONDS),
        ("В♣", 11, Suit.CLUBS),
        ("Д♥", 12, Suit.HEARTS),
        (" qs ", 12, Suit.SPADES),
    ],
)
def test_parse_card_spellings(text: str, rank: int, suit: Suit) -> None:
    assert parse_card(text) is Card(rank, suit)


@pytest.mark.parametrize("text", ["JOKER", "joker", "★", "JK"])
def test_parse_joker(text: str) -> None:
    assert parse_card(text) is JOKER


@pytest.mark.parametrize("text", ["11♥", "1♥", "10", "Z♠", "", "10X"])
def test_parse_card_refuses_nonsense_with_a_reason(text: str) -> None:
    with pytest.raises(NotationError, match=r"card|suit|ten"):
        parse_card(text)


def test_cards_are_interned_values_with_a_stable_hash() -> None:
    assert Card(7, Suit.HEARTS) is Card(7, Suit.HEARTS)
    assert hash(Card(7, Suit.HEARTS)) == hash(Card(7, Suit.HEARTS)) == Card(7, Suit.HEARTS).index
    assert Card(7, Suit.HEARTS, back=1) is not Card(7, Suit.HEARTS)
    with pytest.raises(AttributeError):
        Card(7, Suit.HEARTS).rank = 8  # type: ignore[misc]


def test_card_text_forms() -> None:
    card = parse_card("10♥")
    assert str(card) == "10♥"
    assert card.text(ascii_suits=True) == "10H"
    assert parse_card("A♠").text(cyrillic=True) == "Т♠"
    assert card.red and not parse_card("K♣").red
    assert parse_cards("6♠ 8♦, J♣") == (parse_card("6S"), parse_card("8D"), parse_card("JC"))
    assert parse_rank("К") == KING and parse_rank("10") == 10


def test_rank_orders() -> None:
    assert ACE_LOW_WRAP.adjacent(ACE, KING) and ACE_LOW_WRAP.adjacent(KING, ACE)
    assert not ACE_LOW.adjacent(ACE, KING)
    assert ACE_LOW.above(KING) is None and ACE_LOW_WRAP.above(KING) == ACE
    assert ACE_HIGH.value(ACE) > ACE_HIGH.value(KING)
    assert ACE_LOW_WRAP.neighbours(ACE) == (KING, 2)


def test_packs() -> None:
    assert len(standard_deck()) == 52 and len(set(standard_deck())) == 52
    assert standard_deck(jokers=2).count(JOKER) == 2
    assert len(short_deck_36()) == 36 and min(c.rank for c in short_deck_36() if c.rank > 1) == 6
    assert len(deck_40()) == 40 and {c.rank for c in deck_40()} == {1, 2, 3, 4, 5, 6, 7, 11, 12, 13}
    assert len(several(standard_deck(jokers=2), 2)) == 108
