"""The view model: what a table looks like, for any game, from one seat.

A game's ``present(observation)`` returns a :class:`TableView`; the terminal interface draws
that and nothing else.  It holds no game logic: seats with their piles, the shared piles in
the centre, a trick in progress, a deal's summary and a few lines of text.  Cards the viewer
may not see are already :data:`~cardsuite.core.cards.FACE_DOWN` here, so no renderer can leak
them.

Text in a view is engine text: seats are written as placeholders and seat names are left
empty; :meth:`TableView.named` fills in the players' names, which only the Match knows.

This holds for every game's presenter (``cardsuite/games/<package>/present.py``): it decides no
rule, it only reads the observation it is given, already redacted for its seat.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from cardsuite.core.cards import ACE_LOW, Card, CardFace, RankOrder, Suit
from cardsuite.core.table import PileId, Seat, SeenTable, Table
from cardsuite.core.text import default_name, fill, say


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
    # The most cards the pile can hold in this deal (0: not stated).  The table keeps room for
    # that many from the start, so a growing pile never pushes its neighbours about and the
    # level of detail chosen for the table stays the same for the whole deal.
    most: int = 0

    @property
    def count(self) -> int:
        return len(self.faces)

    @property
    def top(self) -> CardFace | None:
        return self.faces[-1] if self.faces else None


def pile_view(
    table: Table | SeenTable,
    pile: PileId,
    label: str,
    style: PileStyle,
    *,
    owner: Seat | None = None,
    note: str = "",
    placeholder: str = "",
    most: int = 0,
) -> PileView:
    """The pile ``pile`` as it lies on ``table``: its cards as the viewer may see them, under
    ``label``, laid out in ``style``."""
    return PileView(pile, label, style, table.faces(pile), owner, note, placeholder, most)


def hand_view(
    table: Table | SeenTable,
    pile: PileId,
    owner: Seat,
    viewer: Seat | None,
    order: Callable[[CardFace], tuple[int, int]],
    *,
    placeholder: str = "",
) -> PileView:
    """A seat's hand, fanned: the viewer's own sorted in ``order`` so that he finds his cards,
    the others' as they lie."""
    faces = table.faces(pile)
    if owner == viewer:
        faces = tuple(sorted(faces, key=order))
    return PileView(pile, say("hand"), PileStyle.FAN, faces, owner, placeholder=placeholder)


def by_rank(order: RankOrder = ACE_LOW) -> Callable[[CardFace], tuple[int, int]]:
    """The sort key of a hand shown grouped by rank: low to high in ``order``, then by suit; a
    joker after the suited cards, a card the viewer cannot see last."""

    def key(card: CardFace) -> tuple[int, int]:
        if not isinstance(card, Card):
            return (99, 0)
        if card.suit is None:
            return (98, 0)
        return (order.value(card.rank), card.suit.order)

    return key


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: Seat
    piles: tuple[PileView, ...]
    name: str = ""  # filled by TableView.named
    status: str = ""  # "pending", "out", "dealer" …
    score: str = ""  # "won 3 · bonus 2", "2 losses"
    to_move: bool = False
    is_viewer: bool = False
    side: str = ""  # the partnership's tag ("A", "B") where seats play in sides


def seat_view(
    seat: Seat,
    viewer: Seat | None,
    piles: Sequence[PileView],
    marks: Sequence[str] = (),
    *,
    score: str = "",
    to_move: bool = False,
    side: str = "",
) -> SeatView:
    """``seat`` as the table shows it to ``viewer``: its piles, its ``marks`` ("dealer",
    "passed" …) joined into its status line with " · ", and whether it is the viewer's own."""
    return SeatView(seat, tuple(piles), "", " · ".join(marks), score, to_move, seat == viewer, side)


@dataclass(frozen=True, slots=True)
class TrickView:
    """A trick on the table: who led, each seat's card in the order played, and what rules it.

    ``winner`` is set when the trick is complete (the last trick, shown until the next lead).
    """

    leader: Seat
    plays: tuple[tuple[Seat, CardFace], ...]
    trumps: Suit | None = None
    led: Suit | None = None  # the suit to follow
    winner: Seat | None = None
    label: str = ""  # "trick 3", "last trick"
    pile: PileId = "trick"  # the centre pile the trick is drawn in place of (cards go there)


@dataclass(frozen=True, slots=True)
class DealSummary:
    """What a finished deal gave each seat, shown before the next deal starts.

    ``columns`` head the ``rows`` (one per seat or side); ``lines`` say how the deal ended.
    """

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    lines: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One finished deal on the score sheet: what it gave each column, and each column's
    running total after it ("–" for a player who sat it out)."""

    label: str  # "Deal 1", "Hand 2", "Play-off"
    scores: tuple[str, ...]
    totals: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """A match of several deals so far, deal by deal, in the game's own terms.

    ``columns`` name the players (or sides); every row is a finished deal.  ``scored`` says
    what a deal's number counts ("points") and ``total`` what the running number counts
    ("chips left"); ``better`` says which running total wins ("chips left: fewer is better",
    or ""), and ``lines`` what the rows do not show (the deal in play, games lost, a target).
    """

    title: str
    columns: tuple[str, ...]
    scored: str
    total: str
    rows: tuple[SheetRow, ...] = ()
    better: str = ""
    lines: tuple[str, ...] = ()

    def strings(self) -> Iterator[str]:
        yield from (self.title, *self.columns, self.scored, self.total, self.better)
        yield from self.lines
        for row in self.rows:
            yield from (row.label, *row.scores, *row.totals)

    def named(self, f: Callable[[str], str]) -> ScoreSheet:
        """The sheet with ``f`` applied to its text (the players' names filled in)."""
        return ScoreSheet(
            f(self.title),
            tuple(f(c) for c in self.columns),
            f(self.scored),
            f(self.total),
            tuple(SheetRow(f(r.label), r.scores, r.totals) for r in self.rows),
            f(self.better),
            tuple(f(line) for line in self.lines),
        )


@dataclass(frozen=True, slots=True)
class KeyMove:
    """A key that plays a move at once, for two people sharing one keyboard in a game played
    in real time (Spit): each seat gets its own block of keys.  ``notation`` is the move's
    notation now; ``label`` says what the key does ("s1→C1").  Keys of one ``group`` given
    one after the other are shown together under the group's label ("Q W E s1-3→C1": a row
    of keys for a row of piles), so two legends fit beside a narrow table."""

    seat: Seat
    key: str
    notation: str
    label: str
    group: str = ""


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
    trick: TrickView | None = None
    summary: DealSummary | None = None
    # On a clock: what the next timed event is called ("Spit!", "Go!"), or the words before
    # the seconds left ("Everyone stuck in"); the table counts down to it from the game's
    # ``next_due`` ("Spit! 1", "Everyone stuck in 42").
    countdown: str = ""
    # Keys that play moves at once, per seat (used when several people share the keyboard).
    key_moves: tuple[KeyMove, ...] = ()
    # A match of several deals: the score sheet so far (None for a match of one deal).
    scores: ScoreSheet | None = None

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

    def strings(self) -> Iterator[str]:
        """Every piece of text the view holds (for checks: hiding, translation)."""
        yield self.title
        yield self.status
        yield self.countdown
        yield from self.info
        for key_move in self.key_moves:
            yield key_move.label
        for seat in self.seats:
            yield from (seat.name, seat.status, seat.score, seat.side)
            for pile in seat.piles:
                yield from (pile.label, pile.note, pile.placeholder)
        for pile in self.centre:
            yield from (pile.label, pile.note, pile.placeholder)
        if self.trick is not None:
            yield self.trick.label
        if self.summary is not None:
            yield self.summary.title
            yield from self.summary.columns
            for row in self.summary.rows:
                yield from row
            yield from self.summary.lines
        if self.scores is not None:
            yield from self.scores.strings()

    def named(self, names: Sequence[str], sides: Sequence[str] = ()) -> TableView:
        """The view with the players' names in: seat names, and seat placeholders in text.

        ``sides[s]`` is seat s's partnership tag, where the game has partnerships.
        """

        def f(text: str) -> str:
            return fill(text, names) if "{" in text else text

        def pile(p: PileView) -> PileView:
            if "{" not in p.label + p.note + p.placeholder:
                return p
            return dataclasses.replace(
                p, label=f(p.label), note=f(p.note), placeholder=f(p.placeholder)
            )

        seats = tuple(
            dataclasses.replace(
                s,
                name=names[s.seat] if s.seat < len(names) else default_name(s.seat),
                status=f(s.status),
                score=f(s.score),
                side=sides[s.seat] if s.seat < len(sides) else s.side,
                piles=tuple(pile(p) for p in s.piles),
            )
            for s in self.seats
        )
        summary = self.summary
        if summary is not None:
            summary = DealSummary(
                f(summary.title),
                tuple(f(c) for c in summary.columns),
                tuple(tuple(f(c) for c in row) for row in summary.rows),
                tuple(f(line) for line in summary.lines),
            )
        trick = self.trick
        if trick is not None and "{" in trick.label:
            trick = dataclasses.replace(trick, label=f(trick.label))
        return dataclasses.replace(
            self,
            title=f(self.title),
            seats=seats,
            centre=tuple(pile(p) for p in self.centre),
            status=f(self.status),
            info=tuple(f(line) for line in self.info),
            trick=trick,
            summary=summary,
            scores=None if self.scores is None else self.scores.named(f),
            key_moves=tuple(
                dataclasses.replace(k, label=f(k.label)) if "{" in k.label else k
                for k in self.key_moves
            ),
        )


def seating(viewer: Seat | None, count: int) -> tuple[Seat, ...]:
    """Seats in drawing order: the viewer first, then clockwise round the table."""
    start = 0 if viewer is None else viewer
    return tuple((start + i) % count for i in range(count))
