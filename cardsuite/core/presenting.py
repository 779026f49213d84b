"""The table built from a presenter's parts: what every game's ``present`` does the same way.

Every presenter shows the same frame: the seats in drawing order (the viewer first, then
clockwise), each drawn by the game from its state; the centre piles; a status line and the
side panel; and, where the game has them, the trick, the deal's summary, the score sheet, a
countdown and keys that play moves at once.  :func:`table_view` puts that frame together from
the observation, so that a game's ``present.py`` says only what its own table holds: what one
seat shows (``seat``, giving its :class:`SeatParts`), what lies in the centre and what the
text says.  Whose seat each one is, and which is the viewer's own, the frame fills in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple, Protocol, TypedDict, TypeVar, Unpack

from cardsuite.core.protocol import Observation
from cardsuite.core.table import Seat
from cardsuite.core.view import (
    DealSummary,
    KeyMove,
    PileView,
    ScoreSheet,
    SeatView,
    TableView,
    TrickView,
    seat_view,
    seating,
)


class Seated(Protocol):
    """A game's state as a presenter reads it: at the least, how many seats play."""

    @property
    def seats(self) -> int: ...


S = TypeVar("S", bound=Seated)


class SeatParts(NamedTuple):
    """What a game shows of one seat: its piles, its ``marks`` ("dealer", "passed" …, joined
    into its status line), its score and whether it is to move.  Whose seat it is and whether
    it is the viewer's own, :func:`table_view` knows."""

    piles: Sequence[PileView]
    marks: Sequence[str] = ()
    score: str = ""
    to_move: bool = False


class Extras(TypedDict, total=False):
    """What a table shows beyond its seats, centre and text, where the game has it (the
    :class:`TableView` fields of the same names)."""

    trick: TrickView | None
    summary: DealSummary | None
    scores: ScoreSheet | None
    countdown: str
    key_moves: tuple[KeyMove, ...]


def table_view(
    obs: Observation[S],
    title: str,
    seat: Callable[[S, Seat, Seat | None], SeatParts],
    centre: Iterable[PileView],
    status: str,
    info: Iterable[str] = (),
    **extras: Unpack[Extras],
) -> TableView:
    """The table as ``obs.viewer`` sees it: every seat as ``seat(state, s, viewer)`` shows it,
    the viewer's first and then clockwise (a spectator's in table order), with the game's
    ``centre`` piles, ``status`` line and ``info`` lines, and its ``extras``."""
    state, viewer = obs.state, obs.viewer
    seats = tuple(
        _seat_view(s, viewer, seat(state, s, viewer)) for s in seating(viewer, state.seats)
    )
    return TableView(title, viewer, seats, tuple(centre), status, tuple(info), **extras)


def _seat_view(s: Seat, viewer: Seat | None, parts: SeatParts) -> SeatView:
    return seat_view(s, viewer, parts.piles, parts.marks, score=parts.score, to_move=parts.to_move)
