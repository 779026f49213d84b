"""How Cassino looks: the table from one seat.

Captured piles are drawn face down, as badges with what an attentive player knows of them
(§9).
"""

from __future__ import annotations

from typing import Any

from cardsuite.core.cards import FACE_DOWN, CardFace
from cardsuite.core.i18n import C_, _
from cardsuite.core.outcome import POINTS
from cardsuite.core.protocol import Observation
from cardsuite.core.series import score_sheet
from cardsuite.core.text import say, say_n, seat, seats_text
from cardsuite.core.view import (
    DealSummary,
    PileStyle,
    PileView,
    ScoreSheet,
    TableView,
    by_rank,
    hand_view,
    pile_view,
    seat_view,
    seating,
)
from cardsuite.games.cassino.model import (
    OUT,
    STOCK,
    TABLE,
    CassinoState,
    SeenCassino,
    hand,
    party_seats,
    pile_stats,
    points_text,
    totals,
    won,
)


def party_name(state: CassinoState[Any], party: int) -> str:
    return seats_text(party_seats(state, party))


def present(obs: Observation[SeenCassino]) -> TableView:
    """The table as ``obs.viewer`` sees it, the viewer first."""
    state = obs.state
    table = state.table
    series = state.series
    partners = state.options.partnerships
    points = totals(state)
    seats = []
    for s in seating(obs.viewer, state.seats):
        piles = [hand_view(table, hand(s), s, obs.viewer, by_rank())]
        if not partners:
            piles.append(_won_view(state, s, s))
        marks = [say("dealer")] if s == series.dealer else []
        if state.last == s and state.turn is not None:
            marks.append(say("last capture"))
        seats.append(
            seat_view(
                s, obs.viewer, piles, marks, score=points_text(points[s]), to_move=s == state.turn
            )
        )
    centre = [
        pile_view(
            table, STOCK, _(C_("cassino", "stock")), PileStyle.STACK, placeholder=say("empty")
        ),
        pile_view(
            table, TABLE, say("table"), PileStyle.ROW, placeholder=say("no cards: trail one")
        ),
    ]
    if partners:
        centre += [_won_view(state, p, None) for p in range(state.parties)]
    if table.count(OUT):
        centre.append(
            pile_view(table, OUT, say("set aside"), PileStyle.BADGE, note=say("unscored"))
        )
    return TableView(
        title=say("Cassino"),
        viewer=obs.viewer,
        seats=tuple(seats),
        centre=tuple(centre),
        status=_status(state),
        info=_info(state, points),
        summary=_summary(state) if series.between else None,
        scores=_score_sheet(state) if series.deals > 1 else None,
    )


def _won_view(state: SeenCassino, party: int, owner: int | None) -> PileView:
    label = (
        say("captured")
        if owner is not None
        else say("captured by {side}", side=party_name(state, party))
    )
    faces: tuple[CardFace, ...] = (FACE_DOWN,) * state.table.count(won(party))  # face down
    return PileView(
        won(party), label, PileStyle.BADGE, faces, owner=owner, note=pile_stats(state, party)
    )


def _status(state: SeenCassino) -> str:
    series = state.series
    if series.between:
        return say(
            "Hand over: {who} deals the next hand", who=seat(series.next_dealer(state.seats))
        )
    if state.turn is None:
        return say("The game is over")
    turn = seat(state.turn)
    if state.options.free_trail:
        return say("{who} to capture or trail", who=turn)
    return say("{who} to play: capture if you can, else trail", who=turn)


def _info(state: SeenCassino, points: tuple[int, ...]) -> tuple[str, ...]:
    series = state.series
    lines = [
        say(
            "Hand {n} of {total} · dealer {who}",
            n=min(series.number + 1, series.deals),
            total=series.deals,
            who=seat(state.dealer),
        ),
        say_n(
            "Stock: {n} card",
            "Stock: {n} cards",
            state.table.count(STOCK),
            n=state.table.count(STOCK),
        ),
        say(
            "Last capture: {who}",
            who=seat(state.last) if state.last is not None else say("nobody yet"),
        ),
        say("Captured this hand:"),
    ]
    lines += [
        say("  {who}: {stats}", who=party_name(state, p), stats=pile_stats(state, p))
        for p in range(state.parties)
    ]
    lines.append(
        say(
            "Points: {points}",
            points=" · ".join(
                f"{party_name(state, p)} {points[party_seats(state, p)[0]]}"
                for p in range(state.parties)
            ),
        )
    )
    lines.append(
        say("Free trail: you may trail instead of capturing")
        if state.options.free_trail
        else say("Capturing is compulsory")
    )
    if state.options.court_captures_all:
        lines.append(say("A court takes every card of its rank"))
    return tuple(lines)


def _summary(state: SeenCassino) -> DealSummary:
    """The hand just finished: what each party captured, its points in the hand and in all."""
    series = state.series
    result = series.results[-1]
    in_all = totals(state)
    rows = tuple(
        (
            party_name(state, p),
            pile_stats(state, p, full=True),
            str(result.scores[party_seats(state, p)[0]]),
            str(in_all[party_seats(state, p)[0]]),
        )
        for p in range(state.parties)
    )
    title = say("Hand {n} of {total} is over", n=len(series.results), total=series.deals)
    columns = ("", say("captured"), say("points"), say("in all"))
    return DealSummary(title, columns, rows, (result.note,))


def _score_sheet(state: SeenCassino) -> ScoreSheet:
    """Every hand so far: each party's points in it and in all."""
    series = state.series
    if series.over:
        progress = say("The match is over")
    elif series.in_play:
        progress = say("Hand {n} of {total} in play", n=series.number + 1, total=series.deals)
    else:
        progress = say("Hand {n} of {total} is next", n=series.number + 2, total=series.deals)
    return score_sheet(
        series,
        [(party_name(state, p), party_seats(state, p)[0]) for p in range(state.parties)],
        title=say("Cassino"),
        scored=POINTS.heading(),
        total=say("in all"),
        row=say("Hand {n}"),
        progress=progress,
    )
