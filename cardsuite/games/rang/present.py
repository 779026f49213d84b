"""How Rang looks: the table from one seat."""

from __future__ import annotations

from cardsuite.core.cards import JOKER, rank_index
from cardsuite.core.presenting import SeatParts, table_view
from cardsuite.core.protocol import Observation
from cardsuite.core.series import deal_summary, player_columns, score_sheet
from cardsuite.core.table import Seat
from cardsuite.core.text import join_words, say, say_n, seat
from cardsuite.core.view import PileStyle, ScoreSheet, TableView, by_rank, hand_view, pile_view
from cardsuite.games.rang import model


def present(obs: Observation[model.SeenRang]) -> TableView:
    """The table as ``obs.viewer`` sees it, the viewer first."""
    state = obs.state
    table = state.table
    series = state.series
    several = state.options.match_deals > 1
    t = rank_index(state.rank)
    top = table.top(model.DISCARD)
    ranks = [rank_index(r) for r in model.fits(state.options, state.rank)]
    play = say("play {ranks}", ranks=join_words(ranks, say("or")))
    note = say("joker named {rank}: {play}", rank=t, play=play) if top is JOKER else play
    centre = (
        pile_view(table, model.STOCK, say("stock"), PileStyle.STACK, placeholder=say("empty")),
        pile_view(table, model.DISCARD, say("discard"), PileStyle.STACK, note=note),
    )
    summary = None
    if series.between:
        status = say(
            "Deal over: {who} deals the next hand", who=seat(series.next_dealer(state.seats))
        )
        summary = deal_summary(series, state.seats, this_deal=say("lost"), total=say("deals lost"))
    elif state.turn is None:
        status = say("The game is over")
    elif state.phase == model.DRAWN:
        status = say("{who} drew: play the drawn card or keep it", who=seat(state.turn))
    else:
        status = say("{who} to play on {rank}", who=seat(state.turn), rank=t)
    info = [
        say("Current rank: {rank}", rank=t),
        say("Stock: {n}", n=table.count(model.STOCK)),
    ]
    if state.pending is not None:
        info.append(
            say("{who} is pending: answer with a card to bring them back", who=seat(state.pending))
        )
    if several:
        info.append(series.heading())
    scores = _score_sheet(state) if several else None
    return table_view(obs, say("Rang"), _seat, centre, status, info, summary=summary, scores=scores)


def _seat(state: model.SeenRang, s: Seat, viewer: Seat | None) -> SeatParts:
    held = state.table.faces(model.hand(s))
    marks = []
    if s == state.pending:
        marks.append(say("pending"))
    elif state.out[s] or (not held and state.turn is not None):
        marks.append(say("out"))
    if s == state.series.dealer:
        marks.append(say("dealer"))
    score = ""
    if state.options.match_deals > 1:
        lost = model.losses(state)[s]
        score = say_n("{n} loss", "{n} losses", lost, n=lost)
    piles = (hand_view(state.table, model.hand(s), s, viewer, by_rank()),)
    return SeatParts(piles, marks, score=score, to_move=s == state.turn)


def _score_sheet(state: model.SeenRang) -> ScoreSheet:
    """Every deal so far: who lost it (1) and the deals each player has lost."""
    return score_sheet(
        state.series,
        player_columns(state.seats),
        title=say("Rang"),
        scored=say("lost"),
        total=say("in all"),
        better=model.DEALS_LOST.hint(),
    )
