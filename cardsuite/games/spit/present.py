"""How Spit looks: the table from one seat.

In real time the table counts down to the pending spit (``countdown``) from the runner's
clock; the text itself never names a time, which only the runner knows.
"""

from __future__ import annotations

from cardsuite.core.i18n import _, ngettext
from cardsuite.core.protocol import Observation
from cardsuite.core.text import game_over_text, seat
from cardsuite.core.view import (
    KeyMove,
    PileStyle,
    TableView,
    pile_view,
    seat_view,
    seating,
)
from cardsuite.games.spit.model import (
    CENTRE,
    OUT,
    STACK,
    SeenSpit,
    can_play,
    centre_name,
    row_counts,
    slot,
)


def row_text(n: int) -> str:
    return ngettext("{n} card left in the row", "{n} cards left in the row", n).format(n=n)


def present(obs: Observation[SeenSpit]) -> TableView:
    """The table as ``obs.viewer`` sees it, the viewer first."""
    state = obs.state
    table = state.table
    opts = state.options
    count = opts.slot_count
    left = row_counts(state)
    running = not state.ending
    seats = []
    for s in seating(obs.viewer, state.seats):
        piles = [
            pile_view(
                table,
                slot(s, k),
                _("slot {n}").format(n=k + 1),
                PileStyle.STACK,
                owner=s,
                placeholder=_("empty"),
            )
            for k in range(count)
        ]
        piles.append(
            pile_view(
                table,
                STACK[s],
                _("spit stack"),
                PileStyle.STACK,
                owner=s,
                placeholder=_("empty: the centre pile is turned over at the next spit"),
            )
        )
        marks = []
        if s == state.dealer:
            marks.append(_("dealer"))
        if running and opts.realtime:
            if state.requests[s]:
                marks.append(_("ready to spit"))
            elif not can_play(state, s):
                marks.append(_("stuck"))
        to_move = running and (opts.realtime or s == state.turn)
        seats.append(
            seat_view(s, obs.viewer, piles, marks, score=row_text(left[s]), to_move=to_move)
        )
    centre = tuple(
        pile_view(
            table,
            CENTRE[p],
            _("{pile} ({who})").format(pile=centre_name(p), who=seat(p)),
            PileStyle.STACK,
            owner=None,
            placeholder=_("waiting for the spit"),
        )
        for p in range(state.seats)
    )
    return TableView(
        title=_("Spit"),
        viewer=obs.viewer,
        seats=tuple(seats),
        centre=centre,
        status=_status(state),
        info=_info(state),
        countdown=_("Spit!") if state.spit_due is not None else "",
        key_moves=_key_blocks(state) if state.options.realtime else (),
    )


# Two people at one keyboard (§6.6): a block of keys each, one row per centre pile, a key per
# slot, and a key to ask for a spit.  Rows of five for the five-slot layout.
KEY_BLOCKS = {
    3: (("qwe", "asd", "x"), ("uio", "jkl", "m")),
    5: (("qwert", "asdfg", "x"), ("yuion", "hjklb", "m")),  # (p pauses)
}


def _key_blocks(state: SeenSpit) -> tuple[KeyMove, ...]:
    keys: list[KeyMove] = []
    slots = state.options.slot_count
    for s, (to_c1, to_c2, spit_key) in enumerate(KEY_BLOCKS[slots]):
        for pile, row in enumerate((to_c1, to_c2)):
            group = f"s1-{slots}→C{pile + 1}"  # the row's keys, slot by slot
            for n, key in enumerate(row):
                label = f"s{n + 1}→C{pile + 1}"
                keys.append(KeyMove(s, key, f"play s{n + 1} c{pile + 1}", label, group))
        keys.append(KeyMove(s, spit_key, "spit", _("spit")))
    return tuple(keys)


def _status(state: SeenSpit) -> str:
    if state.ending:
        if state.ending == OUT and state.winner is not None:
            return _("«Out!» {who} wins").format(who=seat(state.winner))
        return game_over_text(state.winner)
    if state.options.realtime:
        if state.spit_due is not None:
            return _("Both players are ready: spit coming")
        return _("Play! Both players play at once")
    turn = state.turn
    assert turn is not None, "in turn mode someone is to move until the end"
    if state.passes:
        return _("{who} to move (one pass so far)").format(who=seat(turn))
    return _("{who} to move").format(who=seat(turn))


def _info(state: SeenSpit) -> tuple[str, ...]:
    lines = []
    opts = state.options
    if opts.realtime:
        for s in range(state.seats):
            if state.requests[s] and not state.ending:
                lines.append(_("{who} asks for a spit").format(who=seat(s)))
    else:
        lines.append(_("Turn mode: a move is one play or one pass; two passes make a spit"))
    lines.append(
        ngettext(
            "{n} spit since the last play from a row",
            "{n} spits since the last play from a row",
            state.spits,
        ).format(n=state.spits)
    )
    lines.append(_("Ace next to King") if opts.wrap else _("Ace low: next to 2 only"))
    lines.append(_("Dealer: {who}").format(who=seat(state.dealer)))
    return tuple(lines)
