"""The view model: what a table looks like, for any game, from one seat.

A game's ``present(observation, names)`` returns a :class:`TableView`; the terminal interface
draws that and nothing else.  It holds no game logic: seats with their piles, the shared piles
in the centre, and a few lines of text.  Cards the viewer may not see are already
:data:`~cardsuite.core.cards.FACE_DOWN` here, so no renderer can leak them.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass

from cardsuite.core.cards import CardFace
from cardsuite.core.table import PileId, Seat


class PileStyle(enum.Enum):
    """How a pile is laid out on the table."""

    STACK = "stack"  # squared up: the top card and a count (stock, discard, packets)
    FAN = "fan"  # a hand: each card's index strip, the last card whole
    COLUMN = "column"  # overlapping downwards: every index shows, the last card whole
    ROW = "row"  # side by side, each card whole
    BADGE = "badge"  # a count and a note only (won packets, tricks)


@dataclass(frozen=True, slots=True)
class PileView:
    id: PileId
    label: str
    style: PileStyle
    faces: tuple[CardFace, ...]  # bottom first; the top card is last
    owner: Seat | None = None
    note: str = ""  # a short remark drawn with the pile: "named 6", "3 packets"
    placeholder: str = ""  # what an empty pile says: "free column"

    @property
    def count(self) -> int:
        return len(self.faces)

    @property
    def top(self) -> CardFace | None:
        return self.faces[-1] if self.faces else None


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: Seat
    name: str
    piles: tuple[PileView, ...]
    status: str = ""  # "pending", "out", "dealer" …
    score: str = ""  # "won 3 · bonus 2", "2 losses"
    to_move: bool = False
    is_viewer: bool = False


@dataclass(frozen=True, slots=True)
class TableView:
    """One seat's view of the whole table.

    ``seats`` starts with the viewer (drawn at the bottom) and goes on clockwise; a spectator
    gets the seats in table order.  ``status`` says whose turn it is and what is being decided;
    ``info`` holds the side-panel lines (current rank, precedence, scores).
    """

    title: str
    viewer: Seat | None
    seats: tuple[SeatView, ...]
    centre: tuple[PileView, ...]
    status: str
    info: tuple[str, ...] = ()

    def piles(self) -> Iterator[PileView]:
        for seat in self.seats:
            yield from seat.piles
        yield from self.centre

    def pile(self, pile: PileId) -> PileView:
        for view in self.piles():
            if view.id == pile:
                return view
        raise KeyError(pile)

    def seat(self, seat: Seat) -> SeatView:
        for view in self.seats:
            if view.seat == seat:
                return view
        raise KeyError(seat)


def seating(viewer: Seat | None, count: int) -> tuple[Seat, ...]:
    """Seats in drawing order: the viewer first, then clockwise round the table."""
    start = 0 if viewer is None else viewer
    return tuple((start + i) % count for i in range(count))
