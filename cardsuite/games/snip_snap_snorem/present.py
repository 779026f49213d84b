"""How Snip Snap Snorem looks: the table from one seat.

The last call («Snip!», «Snap!», «Snorem!») leads the status line and the side panel, and
labels the round.
"""

from __future__ import annotations

from cardsuite.core.i18n import _, ngettext
from cardsuite.core.protocol import Observation
from cardsuite.core.text import ranks_word, seat, seats_text
from cardsuite.core.view import (
    PileStyle,
    PileView,
    TableView,
    hand_view,
    pile_view,
    seat_view,
    seating,
)
from cardsuite.games.snip_snap_snorem.model import (
    CALLS,
    DONE,
    ROUND,
    SET,
    SeenSnip,
    cards_left,
    end_text,
    hand,
    hand_order,
)


def present(obs: Observation[SeenSnip]) -> TableView:
    """The table as ``obs.viewer`` sees it, the viewer first."""
    state = obs.state
    table = state.table
    options = state.options
    over = state.winner is not None
    left = cards_left(state)
    in_round = table.faces(ROUND)
    rank = state.rank
    seats = []
    for s in seating(obs.viewer, state.seats):
        marks = []
        if s == state.dealer:
            marks.append(_("dealer"))
        if over:
            if s == state.winner:
                marks.append(_("winner"))
        elif rank and s == state.leader:
            marks.append(_("led"))
        if not over and s in state.passed:
            marks.append(_("passed"))
        seats.append(
            seat_view(
                s,
                obs.viewer,
                (hand_view(table, hand(s), s, obs.viewer, hand_order, placeholder=_("no cards")),),
                marks,
                to_move=s == state.turn,
            )
        )
    call = last_call(state)
    round_call = call if len(in_round) > 1 else ""
    sets = table.count(DONE) // SET
    centre = (
        PileView(
            ROUND,
            ranks_word(rank) if in_round else _("round"),
            PileStyle.ROW,
            in_round,
            note=round_call,
            placeholder=_("lead any card") if not over else "",
        ),
        pile_view(
            table,
            DONE,
            _("set aside"),
            PileStyle.STACK,
            note=ngettext("{n} set", "{n} sets", sets).format(n=sets),
            placeholder=_("none yet"),
        ),
    )
    winner, turn = state.winner, state.turn
    if winner is not None:
        status = _("Game over — {how}").format(how=end_text(winner, left))
        round_line = _("The game is over")
    else:
        assert turn is not None, "a game in play has a seat to act"
        if not rank:
            doing = _("{who} to lead any card").format(who=seat(turn))
        elif options.auto_pass:
            doing = _("{who} to play one of the {rank}").format(
                who=seat(turn), rank=ranks_word(rank)
            )
        else:
            doing = _("{who} to play one of the {rank} or pass").format(
                who=seat(turn), rank=ranks_word(rank)
            )
        status = _("{call} — {doing}").format(call=call, doing=doing) if call else doing
        if rank:
            round_line = _("Round of {rank}: {n} of 4 down").format(
                rank=ranks_word(rank), n=len(in_round)
            )
        else:
            round_line = _("{who} leads a new round").format(who=seat(turn))
    info = [
        _("Last call: {call}").format(call=call) if call else _("No call yet"),
        round_line,
    ]
    if state.passed and not over:
        info.append(_("Passed: {who}").format(who=seats_text(dict.fromkeys(state.passed))))
    if options.multi_play:
        info.append(_("Several equal cards may go down at once"))
    if options.auto_pass:
        info.append(_("Players without the rank pass automatically"))
    return TableView(
        title=_("Snip Snap Snorem"),
        viewer=obs.viewer,
        seats=tuple(seats),
        centre=centre,
        status=status,
        info=tuple(info),
    )


def last_call(state: SeenSnip) -> str:
    """The last call and who made it ("Snap! ({s1})"), or "" before the first call."""
    if state.caller is None:
        return ""
    calls = " ".join(_(CALLS[n]) for n in state.calls)
    return _("{calls} ({who})").format(calls=calls, who=seat(state.caller))
