"""How Snip Snap Snorem looks: the table from one seat.

The last call («Snip!», «Snap!», «Snorem!») leads the status line and the side panel, and
labels the round.
"""

from __future__ import annotations

from cardsuite.core.i18n import _
from cardsuite.core.presenting import SeatParts, table_view
from cardsuite.core.protocol import Observation
from cardsuite.core.table import Seat
from cardsuite.core.text import ranks_word, say, say_n, seat, seats_text
from cardsuite.core.view import PileStyle, PileView, TableView, hand_view, pile_view
from cardsuite.games.snip_snap_snorem import model


def present(obs: Observation[model.SeenSnip]) -> TableView:
    """The table as ``obs.viewer`` sees it, the viewer first."""
    state = obs.state
    table = state.table
    options = state.options
    over = state.winner is not None
    left = model.cards_left(state)
    in_round = table.faces(model.ROUND)
    rank = state.rank
    call = last_call(state)
    round_call = call if len(in_round) > 1 else ""
    sets = table.count(model.DONE) // model.SET
    centre = (
        PileView(
            model.ROUND,
            ranks_word(rank) if in_round else say("round"),
            PileStyle.ROW,
            in_round,
            note=round_call,
            placeholder=say("lead any card") if not over else "",
        ),
        pile_view(
            table,
            model.DONE,
            say("set aside"),
            PileStyle.STACK,
            note=say_n("{n} set", "{n} sets", sets, n=sets),
            placeholder=say("none yet"),
        ),
    )
    winner, turn = state.winner, state.turn
    if winner is not None:
        status = say("Game over — {how}", how=model.end_text(winner, left))
        round_line = say("The game is over")
    else:
        assert turn is not None, "a game in play has a seat to act"
        if not rank:
            doing = say("{who} to lead any card", who=seat(turn))
        elif options.auto_pass:
            doing = say("{who} to play one of the {rank}", who=seat(turn), rank=ranks_word(rank))
        else:
            doing = say(
                "{who} to play one of the {rank} or pass", who=seat(turn), rank=ranks_word(rank)
            )
        status = say("{call} — {doing}", call=call, doing=doing) if call else doing
        if rank:
            round_line = say(
                "Round of {rank}: {n} of 4 down", rank=ranks_word(rank), n=len(in_round)
            )
        else:
            round_line = say("{who} leads a new round", who=seat(turn))
    info = [
        say("Last call: {call}", call=call) if call else say("No call yet"),
        round_line,
    ]
    if state.passed and not over:
        info.append(say("Passed: {who}", who=seats_text(dict.fromkeys(state.passed))))
    if options.multi_play:
        info.append(say("Several equal cards may go down at once"))
    if options.auto_pass:
        info.append(say("Players without the rank pass automatically"))
    return table_view(obs, say("Snip Snap Snorem"), _seat, centre, status, info)


def _seat(state: model.SeenSnip, s: Seat, viewer: Seat | None) -> SeatParts:
    over = state.winner is not None
    marks = []
    if s == state.dealer:
        marks.append(say("dealer"))
    if over:
        if s == state.winner:
            marks.append(say("winner"))
    elif state.rank and s == state.leader:
        marks.append(say("led"))
    if not over and s in state.passed:
        marks.append(say("passed"))
    piles = (
        hand_view(
            state.table, model.hand(s), s, viewer, model.hand_order, placeholder=say("no cards")
        ),
    )
    return SeatParts(piles, marks, to_move=s == state.turn)


def last_call(state: model.SeenSnip) -> str:
    """The last call and who made it ("Snap! ({s1})"), or "" before the first call."""
    if state.caller is None:
        return ""
    calls = " ".join(_(model.CALLS[n]) for n in state.calls)
    return say("{calls} ({who})", calls=calls, who=seat(state.caller))
