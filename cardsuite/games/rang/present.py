"""How Rang looks: the table from one seat."""

from __future__ import annotations

from cardsuite.core.cards import JOKER, rank_index
from cardsuite.core.i18n import _, ngettext
from cardsuite.core.protocol import Observation
from cardsuite.core.series import deal_summary, player_columns, score_sheet
from cardsuite.core.text import join_words, seat
from cardsuite.core.view import (
    PileStyle,
    ScoreSheet,
    TableView,
    by_rank,
    hand_view,
    pile_view,
    seat_view,
    seating,
)
from cardsuite.games.rang.model import (
    DEALS_LOST,
    DISCARD,
    DRAWN,
    STOCK,
    SeenRang,
    fits,
    hand,
    losses,
)


def present(obs: Observation[SeenRang]) -> TableView:
    """The table as ``obs.viewer`` sees it, the viewer first."""
    state = obs.state
    table = state.table
    series = state.series
    over = state.turn is None
    lost = losses(state)
    several = state.options.match_deals > 1
    seats = []
    for s in seating(obs.viewer, state.seats):
        held = table.faces(hand(s))
        marks = []
        if s == state.pending:
            marks.append(_("pending"))
        elif state.out[s] or (not held and not over):
            marks.append(_("out"))
        if s == series.dealer:
            marks.append(_("dealer"))
        score = ngettext("{n} loss", "{n} losses", lost[s]).format(n=lost[s]) if several else ""
        seats.append(
            seat_view(
                s,
                obs.viewer,
                (hand_view(table, hand(s), s, obs.viewer, by_rank()),),
                marks,
                score=score,
                to_move=s == state.turn,
            )
        )
    t = rank_index(state.rank)
    top = table.top(DISCARD)
    ranks = [rank_index(r) for r in fits(state.options, state.rank)]
    play = _("play {ranks}").format(ranks=join_words(ranks, _("or")))
    note = _("joker named {rank}: {play}").format(rank=t, play=play) if top is JOKER else play
    centre = (
        pile_view(table, STOCK, _("stock"), PileStyle.STACK, placeholder=_("empty")),
        pile_view(table, DISCARD, _("discard"), PileStyle.STACK, note=note),
    )
    summary = None
    if series.between:
        status = _("Deal over: {who} deals the next hand").format(
            who=seat(series.next_dealer(state.seats))
        )
        summary = deal_summary(series, state.seats, this_deal=_("lost"), total=_("deals lost"))
    elif state.turn is None:
        status = _("The game is over")
    elif state.phase == DRAWN:
        status = _("{who} drew: play the drawn card or keep it").format(who=seat(state.turn))
    else:
        status = _("{who} to play on {rank}").format(who=seat(state.turn), rank=t)
    info = [
        _("Current rank: {rank}").format(rank=t),
        _("Stock: {n}").format(n=table.count(STOCK)),
    ]
    if state.pending is not None:
        info.append(
            _("{who} is pending: answer with a card to bring them back").format(
                who=seat(state.pending)
            )
        )
    if several:
        info.append(series.heading())
    return TableView(
        title=_("Rang"),
        viewer=obs.viewer,
        seats=tuple(seats),
        centre=centre,
        status=status,
        info=tuple(info),
        summary=summary,
        scores=_score_sheet(state) if several else None,
    )


def _score_sheet(state: SeenRang) -> ScoreSheet:
    """Every deal so far: who lost it (1) and the deals each player has lost."""
    return score_sheet(
        state.series,
        player_columns(state.seats),
        title=_("Rang"),
        scored=_("lost"),
        total=_("in all"),
        better=DEALS_LOST.hint(),
    )
