"""The Grabuge bot's rules of thumb that the quick-rule tests in test_bots.py do not cover
(rules/grabuge.md §10.1 and §12): no burying beside a free column, and looking to the end of
the deal when few cards are left to turn."""

from __future__ import annotations

import random

from cardsuite.bots.grabuge import ENDGAME, GrabugeBot, face_down, not_burying
from cardsuite.core.cards import parse_cards
from cardsuite.games.grabuge.engine import GRABUGE
from cardsuite.games.grabuge.model import FullGrabuge, PlaceInReserve, turned_pile

G = GRABUGE


def ten_of_hearts_turned(columns: str) -> FullGrabuge:
    """P1 turns 10♥, which fits no packet (one packet stands at 3), with ``columns`` laid."""
    return G.position(
        f"""
        packets: 3
        P1 grabuge: Q♣ 5♦ 9♣ J♦
        P1 stock: 10♥ 2♠ K♦ 6♣ 7♥ 7♦ 9♦ J♣
        {columns}
        P2 grabuge: J♠ 4♣ 6♥
        P2 stock: 2♦ 9♥ 10♣ K♠ 5♠ Q♥
        P2 col1: K♣
        """
    )


def test_the_bot_does_not_cover_a_lower_card_beside_a_free_column() -> None:
    # The player's complaint of issue 21: 10♥ laid on 8♠ while a column was free.
    state = ten_of_hearts_turned("P1 col1: 8♠\nP1 col2: 10♠ 9♠")
    assert state.table.cards(turned_pile(0)) == parse_cards("10♥")
    legal = G.legal_moves(state, 0)
    assert set(not_burying(state, legal)) == {PlaceInReserve(0, None)}
    for seed in range(6):
        move = GrabugeBot().choose(G, G.observe(state, 0), legal, random.Random(seed))
        assert move == PlaceInReserve(0, None)


def test_covering_a_higher_card_stays_on_offer_beside_a_free_column() -> None:
    # 10♥ on the J♠ unwinds in order (the 10 plays first): it stays a choice.
    state = ten_of_hearts_turned("P1 col1: 8♠\nP1 col2: J♠")
    kept = not_burying(state, G.legal_moves(state, 0))
    assert set(kept) == {PlaceInReserve(0, 2), PlaceInReserve(0, None)}


def test_with_four_columns_any_column_may_be_covered() -> None:
    state = ten_of_hearts_turned("P1 col1: 8♠\nP1 col2: 6♠\nP1 col3: 5♣\nP1 col4: 7♦")
    legal = G.legal_moves(state, 0)
    assert not_burying(state, legal) == legal


def test_the_cards_left_to_turn_are_counted_from_public_counts() -> None:
    state = ten_of_hearts_turned("P1 col1: 8♠")
    # P1: 4 grabuge cards, 4 stock cards and 3 batch cards after the 10♥; P2: 3 and 6.
    assert face_down(state) == 20 > ENDGAME
    assert face_down(G.observe(state, 1).state) == 20
