"""How Cassino looks: the table from one seat.

Captured piles are drawn face down, as badges with what an attentive player knows of them
(§9).
"""

from __future__ import annotations

from typing import Any

from cardsuite.core.cards import FACE_DOWN, CardFace
from cardsuite.core.i18n import C_, _
from cardsuite.core.outcome import POINTS
from cardsuite.core.presenting import SeatParts, table_view
from cardsuite.core.protocol import Observation
from cardsuite.core.series import score_sheet
from cardsuite.core.table import Seat
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
)
from cardsuite.games.cassino import model


def party_name(state: model.CassinoState[Any], party: int) -> str:
    return seats_text(model.party_seats(state, party))


def present(obs: Observation[model.SeenCassino]) -> TableView:
    """The table as ``obs.viewer`` sees it, the viewer first."""
    state = obs.state
    table = state.table
    series = state.series
    centre = [
        pile_view(
            table, model.STOCK, _(C_("cassino", "stock")), PileStyle.STACK, placeholder=say("empty")
        ),
        pile_view(
            table, model.TABLE, say("table"), PileStyle.ROW, placeholder=say("no cards: trail one")
        ),
    ]
    if state.options.partnerships:
        centre += [_won_view(state, p, None) for p in range(state.parties)]
    if table.count(model.OUT):
        centre.append(
            pile_view(table, model.OUT, say("set aside"), PileStyle.BADGE, note=say("unscored"))
        )
    status = _status(state)
    info = _info(state, model.totals(state))
    summary = _summary(state) if series.between else None
    scores = _score_sheet(state) if series.deals > 1 else None
    return table_view(
        obs, say("Cassino"), _seat, centre, status, info, summary=summary, scores=scores
    )


def _seat(state: model.SeenCassino, s: Seat, viewer: Seat | None) -> SeatParts:
    piles = [hand_view(state.table, model.hand(s), s, viewer, by_rank())]
    if not state.options.partnerships:
        piles.append(_won_view(state, s, s))
    marks = [say("dealer")] if s == state.series.dealer else []
    if state.last == s and state.turn is not None:
        marks.append(say("last capture"))
    score = model.points_text(model.totals(state)[s])
    return SeatParts(piles, marks, score=score, to_move=s == state.turn)


def _won_view(state: model.SeenCassino, party: int, owner: int | None) -> PileView:
    label = (
        say("captured")
        if owner is not None
        else say("captured by {side}", side=party_name(state, party))
    )
    faces: tuple[CardFace, ...] = (FACE_DOWN,) * state.table.count(model.won(party))  # face down
    return PileView(
        model.won(party),
        label,
        PileStyle.BADGE,
        faces,
        owner=owner,
        note=model.pile_stats(state, party),
    )


def _status(state: model.SeenCassino) -> str:
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


def _info(state: model.SeenCassino, points: tuple[int, ...]) -> tuple[str, ...]:
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
            state.table.count(model.STOCK),
            n=state.table.count(model.STOCK),
        ),
        say(
            "Last capture: {who}",
            who=seat(state.last) if state.last is not None else say("nobody yet"),
        ),
        say("Captured this hand:"),
    ]
    lines += [
        say("  {who}: {stats}", who=party_name(state, p), stats=model.pile_stats(state, p))
        for p in range(state.parties)
    ]
    lines.append(
        say(
            "Points: {points}",
            points=" · ".join(
                f"{party_name(state, p)} {points[model.party_seats(state, p)[0]]}"
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


def _summary(state: model.SeenCassino) -> DealSummary:
    """The hand just finished: what each party captured, its points in the hand and in all."""
    series = state.series
    result = series.results[-1]
    in_all = model.totals(state)
    rows = tuple(
        (
            party_name(state, p),
            model.pile_stats(state, p, full=True),
            str(result.scores[model.party_seats(state, p)[0]]),
            str(in_all[model.party_seats(state, p)[0]]),
        )
        for p in range(state.parties)
    )
    title = say("Hand {n} of {total} is over", n=len(series.results), total=series.deals)
    columns = ("", say("captured"), say("points"), say("in all"))
    return DealSummary(title, columns, rows, (result.note,))


def _score_sheet(state: model.SeenCassino) -> ScoreSheet:
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
        [(party_name(state, p), model.party_seats(state, p)[0]) for p in range(state.parties)],
        title=say("Cassino"),
        scored=POINTS.heading(),
        total=say("in all"),
        row=say("Hand {n}"),
        progress=progress,
    )
