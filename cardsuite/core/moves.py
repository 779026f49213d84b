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

**Moves as a viewer may know them.**  A move names cards (``named_cards()``: the cards in its
fields), and a replay or a log shows it to people who may not see them all: at Seven Up a
beggar's discard goes face down from his hand to his discard pile.  Which of the cards a
viewer may not see follows from the piles' declared visibility (:func:`cards_unseen`, which
the Game protocol's ``hidden_in_move`` calls); such a viewer gets ``hidden_label()`` instead of
the label ("discard a card").
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from cardsuite.core.cards import Card, CardFace
from cardsuite.core.i18n import N_
from cardsuite.core.table import PileId, Seat, SeenTable, Table
from cardsuite.core.text import said, say


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
    """Base of every move.

    A move with fields of its own is a frozen slotted dataclass too.  A move that is only a
    word (the seat and nothing else: "stand", "end the turn") adds no field, so it needs no
    dataclass of its own: it names its words in its class line and keeps its docstring::

        class Stand(Move, says=N_("stand"), written="stand"):
            '''The eldest hand keeps the deal as it is.'''

    It is still a class of its own, for ``isinstance`` and ``match``, equal only to the same
    word by the same seat.
    """

    seat: Seat
    says: ClassVar[str] = ""
    """The label as a template of the move's fields (``N_("discard {card}")``), for the moves
    whose label is that alone; the others write :meth:`label`."""
    written: ClassVar[str] = ""
    """The notation as a template of the fields (``"discard {card}"``), never translated."""

    def __init_subclass__(cls, *, says: str = "", written: str = "") -> None:
        """Take ``says`` and ``written`` from the class line, where a move gives them there.

        (``dataclass(slots=True)`` makes a subclass again, without them: what it has stays.)
        """
        if says:
            cls.says = says
        if written:
            cls.written = written

    def label(self) -> str:
        if not self.says:
            raise NotImplementedError(f"{type(self).__name__} has no label")
        return said(self.says, self)

    def notation(self) -> str:
        if self.written:
            return self.written.format_map(
                {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
            )
        return self.label()

    def gesture(self) -> Gesture | None:
        return None

    def choice_path(self) -> tuple[str, ...]:
        return (self.label(),)

    def question(self, depth: int) -> str:
        """The question step ``depth`` of :meth:`choice_path` answers ("" for a generic one)."""
        return ""

    def named_cards(self) -> tuple[Card, ...]:
        """Every card the move names: those its fields hold (alone, in tuples or in sets)."""
        return tuple(
            card for f in dataclasses.fields(self) for card in _cards_in(getattr(self, f.name))
        )

    def hidden_label(self) -> str:
        """The move in words for a viewer who may not see a card it names; it names no card.

        A move that can name such a card says what it does ("discard a card"); this generic
        sentence is for the others.
        """
        return say("a move with a card out of sight")


class Pass(Move, says=N_("pass"), written="pass"):
    """Pass: make no play this turn (each game's rules say when a player may or must)."""


def _cards_in(value: Any) -> Iterator[Card]:
    if isinstance(value, Card):
        yield value
    elif isinstance(value, tuple | frozenset | list | set):
        for item in value:
            yield from _cards_in(item)


def _count(table: Table | SeenTable, pile: PileId, card: Card) -> int:
    at = table.layout.positions.get(pile)
    return 0 if at is None else table.piles[at].count(card)


def cards_unseen(
    named: Iterable[Card],
    before: Table,
    after: Table,
    seen_before: SeenTable,
    seen_after: SeenTable,
    shown: Iterable[CardFace] = (),
) -> frozenset[Card]:
    """The cards of ``named`` (those a move names) that its viewer may not see.

    ``before`` and ``after`` are the tables around the move, ``seen_before`` and ``seen_after``
    the same as the viewer sees them, ``shown`` the cards the move's events show him.  A card
    the move carried from pile to pile is seen when the viewer saw it leave or arrive: its
    count changed in one of those piles as he sees them.  A card it did not carry (a card it
    plays onto, say) is seen when it lies face up to him, before or after.
    """
    wanted = set(named).difference(face for face in shown if isinstance(face, Card))
    if not wanted:
        return frozenset()
    piles = dict.fromkeys((*before.layout.ids, *after.layout.ids))
    unseen: set[Card] = set()
    for card in wanted:
        carried = [p for p in piles if _count(before, p, card) != _count(after, p, card)]
        if carried:
            seen = any(_count(seen_before, p, card) != _count(seen_after, p, card) for p in carried)
        else:
            seen = card in seen_before.all_visible() or card in seen_after.all_visible()
        if not seen:
            unseen.add(card)
    return frozenset(unseen)
