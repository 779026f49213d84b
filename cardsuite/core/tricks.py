"""Tricks: who wins one, and how one is shown.

A trick game keeps the cards of the trick in progress in a public pile (``"trick"``, played
order, the leader's card first) and the leader's seat in its state, so the cards stay on the
table and card conservation holds.  :func:`winning_play` applies the usual rule (the highest
trump, else the highest card of the suit led), and :func:`trick_view` turns a trick into the
:class:`~cardsuite.core.view.TrickView` the table draws for any trick game.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardsuite.core.cards import Card, CardFace, RankOrder, Suit
from cardsuite.core.table import PileId, Seat
from cardsuite.core.view import TrickView


def winning_play(cards: Sequence[Card], trumps: Suit | None, order: RankOrder) -> int:
    """The index in ``cards`` (played order, the lead first) of the card that takes the trick:
    the highest trump if any was played, else the highest card of the suit led."""
    best = 0
    for i in range(1, len(cards)):
        card, top = cards[i], cards[best]
        if card.suit == top.suit:
            if order.value(card.rank) > order.value(top.rank):
                best = i
        elif card.suit == trumps:
            best = i  # the first trump over a trick of the suit led
        # a card of a third suit (or of the led suit under a trump) never wins
    return best


def seat_of_play(leader: Seat, index: int, seats: int) -> Seat:
    """The seat that played the ``index``-th card of a trick led by ``leader`` (clockwise)."""
    return (leader + index) % seats


def trick_view(
    leader: Seat,
    cards: Sequence[CardFace],
    seats: int,
    *,
    trumps: Suit | None,
    winner: Seat | None = None,
    label: str = "",
    order: Sequence[Seat] | None = None,
    pile: PileId = "trick",
) -> TrickView:
    """The trick as the table shows it.  ``order`` lists the seats that play, in turn, when
    not every seat does (default: clockwise from the leader)."""
    turn = list(order) if order is not None else [(leader + i) % seats for i in range(seats)]
    plays = tuple((turn[i], card) for i, card in enumerate(cards))
    led = cards[0].suit if cards and isinstance(cards[0], Card) else None
    return TrickView(leader, plays, trumps, led, winner, label, pile)
