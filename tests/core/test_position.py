"""Positions from text: piles by name or alias, settings, and cards from several players' decks."""

from __future__ import annotations

import pytest

from cardsuite.core.cards import Card, Suit
from cardsuite.core.errors import NotationError
from cardsuite.core.position import cards_with_owners, is_seat_token, parse_position
from cardsuite.core.table import Layout, PileSpec

LAYOUT = Layout((PileSpec("hand.0", 0), PileSpec("found.1")))


def test_piles_are_read_by_name_or_alias_and_other_keys_are_settings() -> None:
    given = parse_position(
        "P1.hand: 2♣ 3♣  # bottom first\nturn: P2\n", LAYOUT, {"P1.hand": "hand.0"}
    )
    assert given.piles == {"hand.0": (Card(2, Suit.CLUBS), Card(3, Suit.CLUBS))}
    assert given.settings == {"turn": "P2"}


def test_a_pile_named_twice_is_refused_with_its_line() -> None:
    with pytest.raises(NotationError, match=r"line 2: hand\.0 is given twice"):
        parse_position("hand.0: 2♣\nhand.0: 3♣", LAYOUT)


def test_a_game_reads_its_own_cards_through_the_card_reader() -> None:
    def read(pile: str, value: str) -> tuple[Card, ...]:
        return cards_with_owners(value, 0, 2)

    given = parse_position("found.1: A♥ P2 2♥ P1 3♥", LAYOUT, None, read)
    assert [card.back for card in given.piles["found.1"]] == [0, 1, 0]


def test_cards_belong_to_the_owner_until_a_player_token_names_another() -> None:
    cards = cards_with_owners("- 9♠ P2 8♥ 7♣", 0, 2)
    assert cards == (Card(9, Suit.SPADES, 0), Card(8, Suit.HEARTS, 1), Card(7, Suit.CLUBS, 1))
    assert is_seat_token("P2") and not is_seat_token("2♥")


def test_a_player_token_beyond_the_players_is_refused() -> None:
    with pytest.raises(NotationError, match="not a player"):
        cards_with_owners("P3 A♥", 0, 2)
