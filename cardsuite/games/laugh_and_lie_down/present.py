"""How Laugh and Lie Down looks: the table from one seat."""

from __future__ import annotations

from cardsuite.core.i18n import _, ngettext
from cardsuite.core.protocol import Observation
from cardsuite.core.series import player_columns, score_sheet
from cardsuite.core.text import card_count, ranks_word, seat
from cardsuite.core.view import (
    DealSummary,
    PileStyle,
    PileView,
    ScoreSheet,
    TableView,
    by_rank,
    hand_view,
    seat_view,
    seating,
)
from cardsuite.games.laugh_and_lie_down.model import (
    CHIP_BALANCE,
    HAND_SIZES,
    LAUGHS,
    TABLE,
    SeenLaugh,
    captured,
    hand,
)


def laughs_text(n: int) -> str:
    return ngettext("{n} laugh", "{n} laughs", n).format(n=n)


def chips_text(n: int) -> str:
    return CHIP_BALANCE.amount(n) if n else _("0 chips")


def present(obs: Observation[SeenLaugh]) -> TableView:
    """The table as ``obs.viewer`` sees it, the viewer first."""
    state = obs.state
    table = state.table
    opts = state.options
    series = state.series
    seats = []
    for s in seating(obs.viewer, state.seats):
        held = table.faces(hand(s))
        took = table.faces(captured(s))
        piles = (
            hand_view(table, hand(s), s, obs.viewer, by_rank(), placeholder=_("no cards")),
            PileView(
                captured(s),
                _("captured"),
                PileStyle.BADGE,
                took,
                owner=s,
                note=card_count(len(took)),
            ),
        )
        marks = []
        if s == series.dealer:
            marks.append(_("dealer"))
        if s == state.loser:
            marks.append(_("lay down: laughed at"))
        elif s in state.down:
            marks.append(_("lay down"))
        elif not held and state.turn is not None:
            marks.append(_("safe"))
        score = laughs_text(state.laughs[s])
        if opts.stakes:
            score = f"{chips_text(state.chips[s])} · {score}"
        seats.append(
            seat_view(
                s,
                obs.viewer,
                piles,
                marks,
                score=score,
                to_move=s == (state.asked if state.asked is not None else state.turn),
            )
        )
    centre = (
        PileView(
            TABLE,
            _("table"),
            PileStyle.FAN,  # a fan: all of up to 20-odd cards fit at 80 columns
            tuple(sorted(table.faces(TABLE), key=by_rank())),  # no order: shown by rank
            placeholder=_("empty"),
        ),
    )
    summary = _summary(state) if series.results and state.turn is None else None
    return TableView(
        title=_("Laugh and Lie Down"),
        viewer=obs.viewer,
        seats=tuple(seats),
        centre=centre,
        status=_status(state),
        info=_info(state),
        summary=summary,
        scores=_score_sheet(state) if state.series.deals > 1 else None,
    )


def _score_sheet(state: SeenLaugh) -> ScoreSheet:
    """Every deal so far: with stakes, each player's chips won or lost in it (the ante
    included) and his balance; without, who was laughed at and the laughs in all."""
    stakes = state.options.stakes
    return score_sheet(
        state.series,
        player_columns(state.seats),
        title=_("Laugh and Lie Down"),
        scored=_("chips") if stakes else _("laughed at"),
        total=_("balance") if stakes else _("in all"),
        better="" if stakes else LAUGHS.hint(),
        signed=stakes,
    )


def _status(state: SeenLaugh) -> str:
    if state.asked is not None:
        return _("{who} may add the other two {rank} to the pair just taken").format(
            who=seat(state.asked), rank=ranks_word(state.rank)
        )
    if state.series.between:
        return _("Deal over: {who} deals the next hand").format(
            who=seat(state.series.next_dealer(state.seats))
        )
    if state.turn is None:
        return _("The match is over")
    if state.captured:
        return _("{who} may capture again or end the turn").format(who=seat(state.turn))
    return _("{who} to capture: match a card of the hand with the table").format(
        who=seat(state.turn)
    )


def _info(state: SeenLaugh) -> tuple[str, ...]:
    lines = [state.series.heading(), _("Dealer: {who}").format(who=seat(state.dealer))]
    n = state.seats
    if state.options.stakes:
        lines.append(_("Pot: {n}").format(n=state.pot))
        lines.append(
            _("Break-even: {n} cards captured (1 chip a pair above or below)").format(
                n=HAND_SIZES[n]
            )
        )
        chips = " · ".join(f"{seat(s)} {state.chips[s]:+d}" for s in range(n))
        lines.append(_("Chips: {chips}").format(chips=chips))
    laughs = " · ".join(f"{seat(s)} {state.laughs[s]}" for s in range(n))
    lines.append(_("Laughs: {laughs}").format(laughs=laughs))
    return tuple(lines)


def _summary(state: SeenLaugh) -> DealSummary:
    """The deal just finished: each seat's captures and what it gave, with running totals."""
    series = state.series
    result = series.results[-1]
    n = state.seats
    table = state.table
    if series.deals > 0:
        title = _("Deal {n} of {total} is over").format(n=len(series.results), total=series.deals)
    else:
        title = _("Deal {n} is over").format(n=len(series.results))
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    lines: tuple[str, ...]
    if state.options.stakes:
        columns = ("", _("captured"), _("chips this deal"), _("balance"), _("laughs"))
        rows = tuple(
            (
                seat(s),
                str(table.count(captured(s))),
                f"{result.scores[s]:+d}",
                f"{state.chips[s]:+d}",
                str(state.laughs[s]),
            )
            for s in range(n)
        )
        lines = (result.note, _("Left in the pot: {n}").format(n=state.pot))
    else:
        columns = ("", _("captured"), _("laughed at"), _("laughs"))
        rows = tuple(
            (
                seat(s),
                str(table.count(captured(s))),
                _("yes") if result.scores[s] else "",
                str(state.laughs[s]),
            )
            for s in range(n)
        )
        lines = (result.note,)
    return DealSummary(title, columns, rows, lines)
