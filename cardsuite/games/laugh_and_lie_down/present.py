"""How Laugh and Lie Down looks: the table from one seat."""

from __future__ import annotations

from cardsuite.core.presenting import SeatParts, table_view
from cardsuite.core.protocol import Observation
from cardsuite.core.series import player_columns, score_sheet
from cardsuite.core.table import Seat
from cardsuite.core.text import card_count, ranks_word, say, say_n, seat
from cardsuite.core.view import (
    DealSummary,
    PileStyle,
    PileView,
    ScoreSheet,
    TableView,
    by_rank,
    hand_view,
)
from cardsuite.games.laugh_and_lie_down import model


def laughs_text(n: int) -> str:
    return say_n("{n} laugh", "{n} laughs", n, n=n)


def chips_text(n: int) -> str:
    return model.CHIP_BALANCE.amount(n) if n else say("0 chips")


def present(obs: Observation[model.SeenLaugh]) -> TableView:
    """The table as ``obs.viewer`` sees it, the viewer first."""
    state = obs.state
    series = state.series
    centre = (
        PileView(
            model.TABLE,
            say("table"),
            PileStyle.FAN,  # a fan: all of up to 20-odd cards fit at 80 columns
            tuple(sorted(state.table.faces(model.TABLE), key=by_rank())),  # no order: shown by rank
            placeholder=say("empty"),
        ),
    )
    status = _status(state)
    info = _info(state)
    summary = _summary(state) if series.results and state.turn is None else None
    scores = _score_sheet(state) if state.series.deals > 1 else None
    title = say("Laugh and Lie Down")
    return table_view(obs, title, _seat, centre, status, info, summary=summary, scores=scores)


def _seat(state: model.SeenLaugh, s: Seat, viewer: Seat | None) -> SeatParts:
    table = state.table
    held = table.faces(model.hand(s))
    took = table.faces(model.captured(s))
    piles = (
        hand_view(table, model.hand(s), s, viewer, by_rank(), placeholder=say("no cards")),
        PileView(
            model.captured(s),
            say("captured"),
            PileStyle.BADGE,
            took,
            owner=s,
            note=card_count(len(took)),
        ),
    )
    marks = []
    if s == state.series.dealer:
        marks.append(say("dealer"))
    if s == state.loser:
        marks.append(say("lay down: laughed at"))
    elif s in state.down:
        marks.append(say("lay down"))
    elif not held and state.turn is not None:
        marks.append(say("safe"))
    score = laughs_text(state.laughs[s])
    if state.options.stakes:
        score = f"{chips_text(state.chips[s])} · {score}"
    to_move = s == (state.asked if state.asked is not None else state.turn)
    return SeatParts(piles, marks, score=score, to_move=to_move)


def _score_sheet(state: model.SeenLaugh) -> ScoreSheet:
    """Every deal so far: with stakes, each player's chips won or lost in it (the ante
    included) and his balance; without, who was laughed at and the laughs in all."""
    stakes = state.options.stakes
    return score_sheet(
        state.series,
        player_columns(state.seats),
        title=say("Laugh and Lie Down"),
        scored=say("chips") if stakes else say("laughed at"),
        total=say("balance") if stakes else say("in all"),
        better="" if stakes else model.LAUGHS.hint(),
        signed=stakes,
    )


def _status(state: model.SeenLaugh) -> str:
    if state.asked is not None:
        return say(
            "{who} may add the other two {rank} to the pair just taken",
            who=seat(state.asked),
            rank=ranks_word(state.rank),
        )
    if state.series.between:
        return say(
            "Deal over: {who} deals the next hand", who=seat(state.series.next_dealer(state.seats))
        )
    if state.turn is None:
        return say("The match is over")
    if state.captured:
        return say("{who} may capture again or end the turn", who=seat(state.turn))
    return say("{who} to capture: match a card of the hand with the table", who=seat(state.turn))


def _info(state: model.SeenLaugh) -> tuple[str, ...]:
    lines = [state.series.heading(), say("Dealer: {who}", who=seat(state.dealer))]
    n = state.seats
    if state.options.stakes:
        lines.append(say("Pot: {n}", n=state.pot))
        lines.append(
            say(
                "Break-even: {n} cards captured (1 chip a pair above or below)",
                n=model.HAND_SIZES[n],
            )
        )
        chips = " · ".join(f"{seat(s)} {state.chips[s]:+d}" for s in range(n))
        lines.append(say("Chips: {chips}", chips=chips))
    laughs = " · ".join(f"{seat(s)} {state.laughs[s]}" for s in range(n))
    lines.append(say("Laughs: {laughs}", laughs=laughs))
    return tuple(lines)


def _summary(state: model.SeenLaugh) -> DealSummary:
    """The deal just finished: each seat's captures and what it gave, with running totals."""
    series = state.series
    result = series.results[-1]
    n = state.seats
    table = state.table
    if series.deals > 0:
        title = say("Deal {n} of {total} is over", n=len(series.results), total=series.deals)
    else:
        title = say("Deal {n} is over", n=len(series.results))
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    lines: tuple[str, ...]
    if state.options.stakes:
        columns = ("", say("captured"), say("chips this deal"), say("balance"), say("laughs"))
        rows = tuple(
            (
                seat(s),
                str(table.count(model.captured(s))),
                f"{result.scores[s]:+d}",
                f"{state.chips[s]:+d}",
                str(state.laughs[s]),
            )
            for s in range(n)
        )
        lines = (result.note, say("Left in the pot: {n}", n=state.pot))
    else:
        columns = ("", say("captured"), say("laughed at"), say("laughs"))
        rows = tuple(
            (
                seat(s),
                str(table.count(model.captured(s))),
                say("yes") if result.scores[s] else "",
                str(state.laughs[s]),
            )
            for s in range(n)
        )
        lines = (result.note,)
    return DealSummary(title, columns, rows, lines)
