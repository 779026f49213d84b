"""How Rang looks: the table from one seat, and its events in words.

All text is engine text: seats are written ``{s0}``, ``{s1}`` … and :func:`present` fills in
the names.  Nothing here decides a rule; it only reads the (already redacted) observation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardsuite.core.cards import FACE_DOWN, JOKER, Card, CardFace, rank_index
from cardsuite.core.protocol import Event, Observation
from cardsuite.core.text import fill, seat
from cardsuite.core.view import PileStyle, PileView, SeatView, TableView, seating
from cardsuite.games.rang.model import DRAWN, LAST_WITH_CARDS, NOBODY, RangState, hand_pile

if TYPE_CHECKING:
    from cardsuite.games.rang.engine import Rang


def describe(event: Event) -> str:
    """One log line for an event."""
    who = seat(event.seat) if event.seat is not None else ""
    cards = " ".join("a card" if c is FACE_DOWN else str(c) for c in event.cards)
    kind = event.kind
    if kind == "deal":
        return f"Deal {event.value}: {who} deals five cards each"
    if kind == "bury_joker":
        return "A joker turned up; it goes under the stock"
    if kind == "start":
        return f"{cards} starts the discard pile"
    if kind == "play":
        return f"{who} plays {cards}"
    if kind == "ace":
        return f"{who} plays {cards} as an exception"
    if kind == "wild_ace":
        return f"{who} plays {cards} as an exception, naming {rank_index(int(event.value or 0))}"
    if kind == "joker":
        named = rank_index(int(event.value or 0))
        if len(event.cards) == 2:
            return f"{who} plays a joker naming {named}, then {event.cards[1]}"
        return f"{who} plays a joker naming {named}"
    if kind == "draw":
        if not event.cards:
            return f"{who} draws"
        return f"{who} draws {'a card' if event.cards[0] is FACE_DOWN else cards}"
    if kind == "draw_nothing":
        return f"{who} draws, but there is no card to draw"
    if kind == "keep":
        return f"{who} keeps the drawn card" + (
            "" if event.cards[0] is FACE_DOWN else f" ({cards})"
        )
    if kind == "reshuffle":
        return f"The discard pile is shuffled into a new stock of {event.value} cards"
    if kind == "pending":
        return f"{who} has played his last card and waits to see if he comes back"
    if kind == "return":
        n = len(event.cards)
        shown = "" if event.cards[0] is FACE_DOWN else f" ({cards})"
        return f"{who} comes back and takes {n} card{'s' if n > 1 else ''}{shown}"
    if kind == "finished":
        return f"{who} is out for good"
    if kind == "deal_over":
        if event.value == LAST_WITH_CARDS:
            return f"{who} is the last player holding cards and loses the deal"
        return f"The deal is stopped; {who} holds the most cards and loses it"
    return kind


def present(game: Rang, obs: Observation[RangState], names: Sequence[str]) -> TableView:
    """The table as ``obs.viewer`` sees it, the viewer first."""
    state = obs.state
    piles = state.table.piles
    over = state.turn == NOBODY
    losses = game.losses(state)
    show_losses = state.options.match_deals > 1
    seats = []
    for s in seating(obs.viewer, state.seats):
        hand = piles[2 + s]
        faces = tuple(sorted(hand, key=_hand_order)) if s == obs.viewer else hand
        marks = []
        if s == state.pending:
            marks.append("pending")
        elif state.out[s] or (not hand and not over):
            marks.append("out")
        if s == state.dealer:
            marks.append("dealer")
        seats.append(
            SeatView(
                seat=s,
                name=names[s] if s < len(names) else f"Player {s + 1}",
                piles=(PileView(hand_pile(s), "hand", PileStyle.FAN, faces, owner=s),),
                status=" · ".join(marks),
                score=f"{losses[s]} loss{'es' if losses[s] != 1 else ''}" if show_losses else "",
                to_move=s == state.turn,
                is_viewer=s == obs.viewer,
            )
        )
    t = rank_index(state.rank)
    top = piles[1][-1] if piles[1] else None
    note = f"named {t}" if top is JOKER else f"T = {t}"
    centre = (
        PileView("stock", "stock", PileStyle.STACK, piles[0], placeholder="empty"),
        PileView("discard", "discard", PileStyle.STACK, piles[1], note=note),
    )
    if over:
        status = "The game is over"
    elif state.phase == DRAWN:
        status = f"{seat(state.turn)} drew: play the drawn card or keep it"
    else:
        status = f"{seat(state.turn)} to play on {t}"
    info = [f"Current rank: {t}", f"Stock: {len(piles[0])}"]
    if state.pending != NOBODY:
        info.append(f"{seat(state.pending)} is pending: answer with a card to bring him back")
    if state.options.match_deals > 1:
        info.append(f"Deal {state.deal + 1} of {state.options.match_deals}")
    return TableView(
        title=game.title,
        viewer=obs.viewer,
        seats=tuple(seats),
        centre=centre,
        status=fill(status, names),
        info=tuple(fill(line, names) for line in info),
    )


def _hand_order(card: CardFace) -> tuple[int, int]:
    if not isinstance(card, Card):
        return (99, 0)
    if card is JOKER:
        return (98, 0)
    assert card.suit is not None
    return (card.rank, card.suit.order)
