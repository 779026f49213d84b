"""Moves and gestures.

A move is a frozen value naming one decision of one seat.  Each game defines its own move
classes on top of :class:`Move`; the rest of cardsuite only uses what every move offers:

* ``label()`` — words for people ("play 6♠", "name 10, then 9♠");
* ``notation()`` — the text written to saves and replays (by default the label);
* ``gesture()`` — where the move happens on the table (pick this card in that pile, drop it
  on that pile), or None for an action without a place, shown in the action bar;
* ``choice_path()`` — when several moves share one gesture (a joker that must name a rank),
  the successive choices that tell them apart, so the table can ask one question at a time;
  ``question(depth)`` words the question asked at that step ("Ask Boris for which rank?").

Labels and choices are for people and go through the translation hook; ``notation()`` is for
files and must not: a game whose labels are translated writes its own notation.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardsuite.core.cards import Card
from cardsuite.core.table import PileId, Seat


@dataclass(frozen=True, slots=True)
class Gesture:
    """Pick ``card`` (or the pile itself when None) in ``source``; drop it on ``target``.

    A gesture without a target activates the source pile (for example drawing from a stock).
    ``count`` is how many cards it carries from a column: from ``card`` to the column's end
    must be that many (None: ``card`` and whatever lies on it, however many).
    ``picks`` are the cards of the target pile the move takes along (a fishing game's capture:
    the played card and the set of table cards it takes); moves that share source, card and
    target but take different cards are told apart by their picks, which the table lets the
    player choose one card at a time.
    """

    source: PileId
    card: Card | None = None
    target: PileId | None = None
    count: int | None = 1
    picks: frozenset[Card] = frozenset()


@dataclass(frozen=True, slots=True)
class Move:
    """Base of every move.  Subclasses are frozen slotted dataclasses too."""

    seat: Seat

    def label(self) -> str:
        raise NotImplementedError

    def notation(self) -> str:
        return self.label()

    def gesture(self) -> Gesture | None:
        return None

    def choice_path(self) -> tuple[str, ...]:
        return (self.label(),)

    def question(self, depth: int) -> str:
        """The question step ``depth`` of :meth:`choice_path` answers ("" for a generic one)."""
        return ""
