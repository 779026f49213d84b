"""The pieces every presenter builds its table from: piles as they lie, hands in order, counts,
endings and score columns in words."""

from __future__ import annotations

from cardsuite.core.cards import (
    ACE,
    ACE_HIGH,
    FACE_DOWN,
    JACK,
    JOKER,
    KING,
    QUEEN,
    RankOrder,
    Suit,
    parse_cards,
)
from cardsuite.core.series import player_columns
from cardsuite.core.table import Layout, PileSpec, Table
from cardsuite.core.text import card_count, game_over_text, seat, trick_count
from cardsuite.core.tricks import hand_order
from cardsuite.core.view import PileStyle, PileView, by_rank, hand_view, pile_view

TABLE = Table(
    Layout([PileSpec("hand.0", 0), PileSpec("hand.1", 1), PileSpec("stock")]),
    (parse_cards("K♠ 3♥ A♣ 3♣"), parse_cards("2♦ 9♠"), parse_cards("5♥ 6♥ 7♥")),
)


def test_a_pile_is_shown_with_the_cards_that_lie_in_it() -> None:
    view = pile_view(TABLE, "stock", "stock", PileStyle.STACK, note="3 cards", most=52)
    assert view == PileView("stock", "stock", PileStyle.STACK, parse_cards("5♥ 6♥ 7♥"), None,
                            "3 cards", "", 52)  # fmt: skip


def test_the_viewers_own_hand_is_sorted_and_the_others_lie_as_dealt() -> None:
    mine = hand_view(TABLE, "hand.0", 0, 0, by_rank(), placeholder="no cards")
    assert mine.faces == parse_cards("A♣ 3♣ 3♥ K♠")
    assert mine.style is PileStyle.FAN and mine.owner == 0 and mine.placeholder == "no cards"
    theirs = hand_view(TABLE, "hand.0", 0, 1, by_rank())
    assert theirs.faces == parse_cards("K♠ 3♥ A♣ 3♣")
    assert hand_view(TABLE, "hand.0", 0, None, by_rank()).faces == theirs.faces  # a spectator


def test_by_rank_follows_the_rank_order_then_the_suit_jokers_and_unseen_cards_last() -> None:
    cards = (FACE_DOWN, JOKER, *parse_cards("A♥ 2♣ A♣"))
    assert sorted(cards, key=by_rank()) == [*parse_cards("A♣ A♥ 2♣"), JOKER, FACE_DOWN]
    assert sorted(cards, key=by_rank(ACE_HIGH)) == [*parse_cards("2♣ A♣ A♥"), JOKER, FACE_DOWN]


def test_a_trick_players_hand_shows_trumps_first_then_each_suit_high_to_low() -> None:
    hand = parse_cards("2♠ K♥ 10♥ A♠ 5♦")
    ten_high = RankOrder("ten high", (*range(2, 10), JACK, QUEEN, KING, ACE, 10))
    key = hand_order(Suit.DIAMONDS, ten_high)
    assert sorted(hand, key=key)[0] == parse_cards("5♦")[0]
    hearts = [card for card in sorted(hand, key=key) if card.suit is Suit.HEARTS]
    assert hearts == list(parse_cards("10♥ K♥"))  # the ten above the king in this order


def test_counts_and_the_ending_in_words() -> None:
    assert (card_count(1), card_count(5)) == ("1 card", "5 cards")
    assert (trick_count(1), trick_count(0)) == ("1 trick", "0 tricks")
    assert game_over_text(None) == "The game is over: a draw"
    assert game_over_text(1) == f"The game is over: {seat(1)} wins"


def test_a_score_sheet_has_a_column_per_player_headed_by_his_seat() -> None:
    assert player_columns(3) == [(seat(0), 0), (seat(1), 1), (seat(2), 2)]
