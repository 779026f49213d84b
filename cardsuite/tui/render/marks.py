"""What the table keeps in sight of another player's last move, worked out from its events.

A bot's card used to be told only in the log.  From the events of the move just shown (each
event says which piles it changed, ``Event.moved()``, source first, and names its cards) this
module picks what the table marks until the next move: the cards moved, the piles they came
from and went to, and the words of the last of them.  Only the other players' events count
(the viewer knows his own moves), and only cards the viewer may see: the events are taken as
he knows them (``Event.seen_by``), so a card drawn face down is never named.

Pure: no Textual, no Match.  The table screen feeds the result into
:class:`~cardsuite.tui.render.cards.Marks` (``last_cards``, ``last_from``, ``last_to``) and the
scene's ``last_move`` line, worked out for the viewer it draws for (:func:`latest_move_marks`
from the match's latest steps, at each redraw: a hot-seat table changes viewers).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardsuite.core.cards import Card
from cardsuite.core.events import Event
from cardsuite.core.table import PileId, Seat


@dataclass(frozen=True, slots=True)
class LastMove:
    """What another player's last move did, as the viewer may know it.

    ``text`` is engine text (seat placeholders, names not filled in): the words of its last
    event that moved cards.  An empty LastMove (the viewer's own move, or one that moved
    nothing) marks nothing.
    """

    seat: Seat | None = None
    cards: frozenset[Card] = frozenset()  # the cards moved that the viewer may see
    sources: frozenset[PileId] = frozenset()  # the piles they came from
    targets: frozenset[PileId] = frozenset()  # the piles they went to
    text: str = ""

    def __bool__(self) -> bool:
        return self.seat is not None


NOTHING = LastMove()


def last_move_marks(events: Iterable[Event], viewer: Seat | None) -> LastMove:
    """What the table marks of the move whose ``events`` are given, for ``viewer``.

    An event counts when another seat did it (its ``actor`` is not ``viewer``; a spectator,
    ``viewer`` None, counts everyone's) and it moved cards from one pile to another
    (``moved()`` names at least two piles: the first is where they came from, the last where
    they went).  Its cards are the ones it names, face up to ``viewer``.
    """
    seat: Seat | None = None
    cards: set[Card] = set()
    sources: set[PileId] = set()
    targets: set[PileId] = set()
    text = ""
    for event in events:
        actor = event.actor
        if actor is None or actor == viewer:
            continue
        piles = event.moved()
        if len(piles) < 2:
            continue
        seen = event.seen_by(viewer)
        seat = actor
        cards.update(face for face in seen.card_faces() if isinstance(face, Card))
        sources.add(piles[0])
        targets.add(piles[-1])
        text = seen.text()
    if seat is None:
        return NOTHING
    return LastMove(seat, frozenset(cards), frozenset(sources - targets), frozenset(targets), text)


STEPS_BACK = 8  # how far back latest_move_marks looks through one player's steps


def latest_move_marks(steps: Iterable[Sequence[Event]], viewer: Seat | None) -> LastMove:
    """The marks of the latest move that moved another player's cards, for ``viewer``:
    ``steps`` are the events of each step (a move, or what fell due on a clock), the newest
    first, as they happened (hiding is done here).

    Steps of that same player that move nothing are passed over (a bot keeps the card it
    drew: its draw stays marked); a step by the viewer, by several players or by nobody ends
    the search with nothing marked, as does a look further back than a few steps.
    """
    going_on: Seat | None = None  # the one player of the steps passed over
    for events in itertools.islice(steps, STEPS_BACK):
        marks = last_move_marks(events, viewer)
        if marks:
            return marks if going_on is None or marks.seat == going_on else NOTHING
        actors = {event.actor for event in events if event.actor is not None}
        if len(actors) != 1 or viewer in actors:
            return NOTHING
        actor = actors.pop()
        if going_on is not None and actor != going_on:
            return NOTHING
        going_on = actor
    return NOTHING
