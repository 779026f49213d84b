"""How Rang looks: the table from one seat."""

from __future__ import annotations

from cardsuite.core.cards import JOKER, rank_index
from cardsuite.core.protocol import Observation
from cardsuite.core.series import deal_summary, player_columns, score_sheet
from cardsuite.core.text import join_words, say, say_n, seat
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
            marks.append(say("pending"))
        elif state.out[s] or (not held and not over):
            marks.append(say("out"))
        if s == series.dealer:
            marks.append(say("dealer"))
        score = say_n("{n} loss", "{n} losses", lost[s], n=lost[s]) if several else ""
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
    play = say("play {ranks}", ranks=join_words(ranks, say("or")))
    note = say("joker named {rank}: {play}", rank=t, play=play) if top is JOKER else play
    centre = (
        pile_view(table, STOCK, say("stock"), PileStyle.STACK, placeholder=say("empty")),
        pile_view(table, DISCARD, say("discard"), PileStyle.STACK, note=note),
    )
    summary = None
    if series.between:
        status = say(
            "Deal over: {who} deals the next hand", who=seat(series.next_dealer(state.seats))
        )
        summary = deal_summary(series, state.seats, this_deal=say("lost"), total=say("deals lost"))
    elif state.turn is None:
        status = say("The game is over")
    elif state.phase == DRAWN:
        status = say("{who} drew: play the drawn card or keep it", who=seat(state.turn))
    else:
        status = say("{who} to play on {rank}", who=seat(state.turn), rank=t)
    info = [
        say("Current rank: {rank}", rank=t),
        say("Stock: {n}", n=table.count(STOCK)),
    ]
    if state.pending is not None:
        info.append(
            say("{who} is pending: answer with a card to bring them back", who=seat(state.pending))
        )
    if several:
        info.append(series.heading())
    return TableView(
        title=say("Rang"),
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
        title=say("Rang"),
        scored=say("lost"),
        total=say("in all"),
        better=DEALS_LOST.hint(),
    )
