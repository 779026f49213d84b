"""A match of several deals: dealer rotation, each deal's result, and the pause between deals.

Games played over several deals (Rang and Grabuge with ``match_deals``, Seven Up until a
player is out of chips) keep a :class:`Series` in their state.  When a deal ends the engine
records it with :meth:`Series.ended`; if the match goes on, the state waits *between deals*:
the table still shows the finished deal, the view carries a :class:`DealSummary` (built by
:func:`deal_summary`), and the only legal move is :class:`NextDeal` by the next dealer.  So
players read the summary before the next deal starts, bots deal at once in simulations, and
the record of the match says where each deal began.

The first dealer is drawn from the match seed; after each deal the deal passes one seat to
the left (clockwise).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from cardsuite.core.errors import GAME_OVER, NOT_NOW, NOT_YOUR_TURN, Refusal
from cardsuite.core.events import Event
from cardsuite.core.moves import Move
from cardsuite.core.rng import make_rng
from cardsuite.core.table import Seat
from cardsuite.core.text import say
from cardsuite.core.text import seat as seat_token
from cardsuite.core.view import DealSummary, ScoreSheet, SheetRow


class DealResult(NamedTuple):
    """One finished deal: its dealer, what it gave each seat, and how it ended in words (and
    as a tag, as ``Outcome.ending``)."""

    dealer: Seat
    scores: tuple[int, ...]
    note: str  # engine text, e.g. "{s2} is the last player holding cards"
    ending: str = ""


class Series(NamedTuple):
    """Where a match of deals stands.

    ``deals`` is the number of deals the match lasts, or 0 when the game's own rule ends it
    (Seven Up: the first to shed his chips).  ``number`` counts deals from 0.
    """

    deals: int
    number: int
    dealer: Seat
    results: tuple[DealResult, ...] = ()
    between: bool = False

    @classmethod
    def start(cls, *, seed: int, seats: int, deals: int = 1) -> Series:
        """The first deal, its dealer drawn from the match seed."""
        return cls(deals, 0, make_rng(seed, "first dealer").randrange(seats))

    @property
    def last_deal(self) -> bool:
        """True while the deal in play is the match's last planned one."""
        return self.deals > 0 and self.number + 1 >= self.deals

    def ended(self, result: DealResult, *, match_over: bool = False) -> Series:
        """The series once the deal in play has ended with ``result``.

        Unless this was the last deal (or ``match_over``: the game's own end came), the
        series now waits between deals.
        """
        over = match_over or (self.deals > 0 and len(self.results) + 1 >= self.deals)
        return self._replace(results=(*self.results, result), between=not over)

    def next_dealer(self, seats: int) -> Seat:
        return (self.dealer + 1) % seats

    def next(self, seats: int) -> Series:
        """The series as the next deal begins: the deal passes to the left."""
        return self._replace(number=self.number + 1, dealer=self.next_dealer(seats), between=False)

    def totals(self, seats: int) -> tuple[int, ...]:
        """Each seat's scores over the finished deals, added up."""
        sums = [0] * seats
        for result in self.results:
            for s, score in enumerate(result.scores):
                sums[s] += score
        return tuple(sums)

    @property
    def in_play(self) -> bool:
        """True while a deal is being played (not between deals, not after the end)."""
        return len(self.results) == self.number

    @property
    def over(self) -> bool:
        """True once the match's last deal is recorded and no next deal is coming."""
        return len(self.results) > self.number and not self.between

    def progress(self) -> str:
        """Where the match is, for the score sheet: "Deal 3 of 5 in play", "Deal 4 of 5 is
        next" (between deals), "The match is over"."""
        if self.over:
            return say("The match is over")
        if self.in_play:
            return say("{deal} in play", deal=self.heading())
        return say("{deal} is next", deal=self._replace(number=self.number + 1).heading())

    def heading(self) -> str:
        """ "Deal 2 of 5" (or "Deal 2" for a match without a fixed length)."""
        if self.deals > 0:
            return say("Deal {n} of {total}", n=self.number + 1, total=self.deals)
        return say("Deal {n}", n=self.number + 1)


class Dealt(Event):
    """A deal of the series begins: ``seat`` deals it (for games whose deal needs no more
    words; the others say how many cards go where in an event of their own)."""

    seat: Seat  # the dealer
    number: int  # 1-based deal number

    def text(self) -> str:
        return say("Deal {n}: {who} deals", n=self.number, who=seat_token(self.seat))


@dataclass(frozen=True, slots=True)
class NextDeal(Move):
    """Gather the cards and deal the next hand (the next dealer's move between deals)."""

    def label(self) -> str:
        return say("deal the next hand")

    def notation(self) -> str:
        return "next deal"


def next_deal_refusal(
    series: Series,
    seat: Seat,
    dealer: Seat,
    *,
    game_over: bool = False,
    not_dealer: Refusal | None = None,
    not_over: Refusal | None = None,
) -> Refusal | None:
    """Why ``seat`` may not play :class:`NextDeal` now, or None when he may.

    Between deals only ``dealer`` (the next dealer, by the game's rule; not read otherwise)
    deals; anyone else is
    refused ``not_dealer`` (by default the standard ``NotYourTurn``).  Otherwise, once the game
    is over (``game_over``) it is ``GameOver``, and while a deal is in play ``not_over`` (by
    default ``NotNow``, "the deal is not over yet").
    """
    if series.between:
        if seat == dealer:
            return None
        if not_dealer is not None:
            return not_dealer
        return Refusal(NOT_YOUR_TURN, say("it is not {who}'s turn", who=seat_token(seat)))
    if game_over:
        return Refusal(GAME_OVER, say("the game is over"))
    if not_over is not None:
        return not_over
    return Refusal(NOT_NOW, say("the deal is not over yet"))


def deal_over_refusal(
    series: Series,
    dealer: Seat,
    *,
    between: Refusal | None = None,
    over: Refusal | None = None,
) -> Refusal:
    """Why a move other than :class:`NextDeal` is refused once the deal is over.

    Between deals it is ``between`` (by default ``NotNow``, "the deal is over: {dealer} deals
    the next hand"; ``dealer`` is not read otherwise); after the match's last deal, ``over``
    (by default ``GameOver``).
    """
    if series.between:
        if between is not None:
            return between
        return Refusal(
            NOT_NOW, say("the deal is over: {who} deals the next hand", who=seat_token(dealer))
        )
    if over is not None:
        return over
    return Refusal(GAME_OVER, say("the game is over"))


def deal_summary(
    series: Series,
    seats: int,
    *,
    this_deal: str,
    total: str,
    totals: tuple[int, ...] | None = None,
    lines: tuple[str, ...] = (),
) -> DealSummary:
    """The summary of the deal just finished: a row per seat with what this deal gave and the
    running total (``totals``, or the sum of the deals' scores), then how the deal ended."""
    result = series.results[-1]
    sums = series.totals(seats) if totals is None else totals
    number = len(series.results)
    if series.deals > 0:
        title = say("Deal {n} of {total} is over", n=number, total=series.deals)
    else:
        title = say("Deal {n} is over", n=number)
    rows = tuple((seat_token(s), str(result.scores[s]), str(sums[s])) for s in range(seats))
    return DealSummary(title, ("", this_deal, total), rows, (result.note, *lines))


def player_columns(seats: int) -> list[tuple[str, Seat]]:
    """The score sheet's columns where each plays for himself: one per seat, headed by its
    player (for :func:`score_sheet`)."""
    return [(seat_token(s), s) for s in range(seats)]


def score_sheet(
    series: Series,
    columns: Sequence[tuple[str, Seat]],
    *,
    title: str,
    scored: str,
    total: str,
    better: str = "",
    row: str = "",
    progress: str | None = None,
    start: Sequence[int] | None = None,
    down: bool = False,
    signed: bool = False,
    lines: tuple[str, ...] = (),
) -> ScoreSheet:
    """The score sheet of a match of deals, from its finished deals' results.

    ``columns`` are (heading, seat) pairs: a column per player, or per side shown through one
    of its seats.  Each row gives what the deal gave that seat and the running total after
    it: ``start`` (0) plus the deals so far, or minus them when the total counts ``down``
    (Seven Up's chips left).  ``signed`` writes the numbers with their sign (+2, -1).  ``row``
    is the translated label of a row with ``{n}`` ("Hand {n}"; "Deal {n}" by default);
    ``progress`` says where the match is (by default :meth:`Series.progress`), before the
    game's own ``lines``.
    """
    label = row or say("Deal {n}")
    running = [0 if start is None else start[s] for _head, s in columns]

    def text(n: int) -> str:
        return f"{n:+d}" if signed else str(n)

    rows = []
    for number, result in enumerate(series.results, start=1):
        scores = [result.scores[s] for _head, s in columns]
        running = [t - d if down else t + d for t, d in zip(running, scores, strict=True)]
        rows.append(
            SheetRow(
                label.format(n=number),
                tuple(text(d) for d in scores),
                tuple(text(t) for t in running),
            )
        )
    return ScoreSheet(
        title=title,
        columns=tuple(head for head, _s in columns),
        scored=scored,
        total=total,
        rows=tuple(rows),
        better=better,
        lines=(series.progress() if progress is None else progress, *lines),
    )
