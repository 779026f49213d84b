"""How Nerts looks: the table from one seat.

In real time the table counts down (``countdown``) to the start signal or to the no-progress
check from the runner's clock; the text itself never names a time, which only the runner knows.
"""

from __future__ import annotations

from cardsuite.core.outcome import POINTS
from cardsuite.core.presenting import SeatParts, table_view
from cardsuite.core.protocol import Observation
from cardsuite.core.series import deal_summary, player_columns, score_sheet
from cardsuite.core.table import Seat
from cardsuite.core.text import join_words, say, seat
from cardsuite.core.view import PileStyle, PileView, ScoreSheet, TableView, pile_view
from cardsuite.games.nerts import model


def present(obs: Observation[model.SeenNerts]) -> TableView:
    """The table as ``obs.viewer`` sees it, the viewer first."""
    state = obs.state
    summary = None
    if state.phase == model.WAITING and state.series.results:
        summary = deal_summary(
            state.series, state.seats, this_deal=say("points"), total=say("in all")
        )
    scores = _score_sheet(state) if state.options.target_score > 0 else None
    # what the table counts down to: «Пошли!», or the no-progress timeout (§6.4), when
    # everyone counts as stuck ("Everyone stuck in 42")
    countdown = say("Go!") if state.phase == model.WAITING else say("Everyone stuck in")
    return table_view(
        obs,
        say("Nerts"),
        _seat,
        _foundations(state),
        _status(state),
        _info(state),
        summary=summary,
        scores=scores,
        countdown=countdown,
    )


def _foundations(state: model.SeenNerts) -> list[PileView]:
    """Every foundation place of the deal, numbered as moves, hints and refusals name them;
    Aces take the free places in order."""
    return [
        pile_view(
            state.table,
            model.found(k),
            say("foundation {n}", n=k + 1),
            PileStyle.STACK,
            most=model.FOUNDATION_SIZE,
        )
        for k in range(4 * state.seats)
    ]


def _seat(state: model.SeenNerts, s: Seat, viewer: Seat | None) -> SeatParts:
    table = state.table
    # each pile of the seat: what it is called, how it lies, what it says when empty, and
    # the most cards it can hold
    layout = [
        (model.nerts(s), say("13-pile"), PileStyle.STACK, say("out!"), model.NERTS_SIZE),
        *(
            (
                model.row(s, j),
                say("row {n}", n=j + 1),
                PileStyle.COLUMN,
                say("empty slot"),
                model.ROW_MOST,
            )
            for j in range(model.ROW_SLOTS)
        ),
        (model.waste(s), say("waste"), PileStyle.STACK, "", model.STOCK_SIZE),
        (model.stock(s), say("stock"), PileStyle.STACK, say("empty"), model.STOCK_SIZE),
    ]
    piles = [
        pile_view(table, pile, label, style, owner=s, placeholder=empty, most=most)
        for pile, label, style, empty, most in layout
    ]
    marks = []
    if state.stuck[s]:
        marks.append(say("stuck"))
    if state.out == s:
        marks.append(say("out!"))
    score = say(
        "{n} this deal", n=model.deal_scores(table, state.seats, state.options.pile_penalty)[s]
    )
    to_move = (
        state.options.mode == model.REALTIME and state.phase != model.OVER
    ) or s == state.turn
    return SeatParts(piles, marks, score=score, to_move=to_move)


def _score_sheet(state: model.SeenNerts) -> ScoreSheet:
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


def _status(state: model.SeenNerts) -> str:
    if state.phase == model.OVER:
        return say("The game is over")
    if state.phase == model.WAITING:
        return say("Get ready: everyone starts together at «Go!»")
    if state.options.mode == model.REALTIME:
        return say("Everyone plays at once")
    assert state.turn is not None, "a turn-based game in play has a player on turn"
    return say("{who} to play", who=seat(state.turn))


def _info(state: model.SeenNerts) -> tuple[str, ...]:
    lines = []
    if state.options.mode == model.REALTIME and state.phase == model.PLAY:
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
        if series.results and state.phase != model.WAITING:
            last = series.results[-1]
            scores = " · ".join(f"{seat(s)} {last.scores[s]:+d}" for s in range(state.seats))
            lines.append(say("Last deal: {scores}", scores=scores))
    if state.out is not None:
        lines.append(say("{who} is out!", who=seat(state.out)))
    return tuple(lines)
