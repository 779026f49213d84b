"""How Nerts looks: the table from one seat.

In real time the table counts down (``countdown``) to the start signal or to the no-progress
check from the runner's clock; the text itself never names a time, which only the runner knows.
"""

from __future__ import annotations

from cardsuite.core.outcome import POINTS
from cardsuite.core.protocol import Observation
from cardsuite.core.series import deal_summary, player_columns, score_sheet
from cardsuite.core.text import join_words, say, seat
from cardsuite.core.view import (
    PileStyle,
    ScoreSheet,
    TableView,
    pile_view,
    seat_view,
    seating,
)
from cardsuite.games.nerts.model import (
    FOUNDATION_SIZE,
    NERTS_SIZE,
    OVER,
    PLAY,
    REALTIME,
    ROW_MOST,
    ROW_SLOTS,
    STOCK_SIZE,
    WAITING,
    SeenNerts,
    deal_scores,
    found,
    nerts,
    row,
    stock,
    waste,
)


def present(obs: Observation[SeenNerts]) -> TableView:
    """The table as ``obs.viewer`` sees it, the viewer first."""
    state = obs.state
    table = state.table
    realtime = state.options.mode == REALTIME
    scores = deal_scores(table, state.seats, state.options.pile_penalty)
    seats = []
    for s in seating(obs.viewer, state.seats):
        piles = [
            pile_view(
                table,
                nerts(s),
                say("13-pile"),
                PileStyle.STACK,
                owner=s,
                placeholder=say("out!"),
                most=NERTS_SIZE,
            )
        ]
        piles += [
            pile_view(
                table,
                row(s, j),
                say("row {n}", n=j + 1),
                PileStyle.COLUMN,
                owner=s,
                placeholder=say("empty slot"),
                most=ROW_MOST,
            )
            for j in range(ROW_SLOTS)
        ]
        piles.append(
            pile_view(table, waste(s), say("waste"), PileStyle.STACK, owner=s, most=STOCK_SIZE)
        )
        piles.append(
            pile_view(
                table,
                stock(s),
                say("stock"),
                PileStyle.STACK,
                owner=s,
                placeholder=say("empty"),
                most=STOCK_SIZE,
            )
        )
        marks = []
        if state.stuck[s]:
            marks.append(say("stuck"))
        if state.out == s:
            marks.append(say("out!"))
        seats.append(
            seat_view(
                s,
                obs.viewer,
                tuple(piles),
                marks,
                score=say("{n} this deal", n=scores[s]),
                to_move=(realtime and state.phase != OVER) or s == state.turn,
            )
        )
    # Every foundation place of the deal, numbered as moves, hints and refusals name them;
    # Aces take the free places in order.
    centre = [
        pile_view(
            table,
            found(k),
            say("foundation {n}", n=k + 1),
            PileStyle.STACK,
            most=FOUNDATION_SIZE,
        )
        for k in range(4 * state.seats)
    ]
    summary = None
    if state.phase == WAITING and state.series.results:
        summary = deal_summary(
            state.series, state.seats, this_deal=say("points"), total=say("in all")
        )
    return TableView(
        title=say("Nerts"),
        viewer=obs.viewer,
        seats=tuple(seats),
        centre=tuple(centre),
        status=_status(state),
        info=_info(state),
        summary=summary,
        scores=_score_sheet(state) if state.options.target_score > 0 else None,
        # what the table counts down to: «Пошли!», or the no-progress timeout (§6.4), when
        # everyone counts as stuck ("Everyone stuck in 42")
        countdown=say("Go!") if state.phase == WAITING else say("Everyone stuck in"),
    )


def _score_sheet(state: SeenNerts) -> ScoreSheet:
    """Every deal so far: each player's points in it (a card in the centre scores one, a card
    left in the 13-pile costs the penalty) and in all."""
    return score_sheet(
        state.series,
        player_columns(state.seats),
        title=say("Nerts"),
        scored=POINTS.heading(),
        total=say("in all"),
        signed=True,
        lines=(say("The first to {n} points wins the match.", n=state.options.target_score),),
    )


def _status(state: SeenNerts) -> str:
    if state.phase == OVER:
        return say("The game is over")
    if state.phase == WAITING:
        return say("Get ready: everyone starts together at «Go!»")
    if state.options.mode == REALTIME:
        return say("Everyone plays at once")
    assert state.turn is not None, "a turn-based game in play has a player on turn"
    return say("{who} to play", who=seat(state.turn))


def _info(state: SeenNerts) -> tuple[str, ...]:
    lines = []
    if state.options.mode == REALTIME and state.phase == PLAY:
        lines.append(
            say(
                "A minute without progress (a card to the centre, off a 13-pile or off a "
                "waste): everyone counts as stuck"
            )
        )
    stuck = [s for s in range(state.seats) if state.stuck[s]]
    if stuck:
        lines.append(say("Stuck: {who}", who=join_words(seat(s) for s in stuck)))
    if state.remedied:
        lines.append(say("A remedy was made: all stuck again ends the deal"))
    series = state.series
    if state.options.target_score:
        lines.append(series.heading())
        totals = series.totals(state.seats)
        text = " · ".join(f"{seat(s)} {totals[s]}" for s in range(state.seats))
        lines.append(
            say("Totals: {totals} (target {n})", totals=text, n=state.options.target_score)
        )
        if series.results and state.phase != WAITING:
            last = series.results[-1]
            scores = " · ".join(f"{seat(s)} {last.scores[s]:+d}" for s in range(state.seats))
            lines.append(say("Last deal: {scores}", scores=scores))
    if state.out is not None:
        lines.append(say("{who} is out!", who=seat(state.out)))
    return tuple(lines)
