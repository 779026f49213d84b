"""How Spit looks: the table from one seat.

In real time the table counts down to the pending spit (``countdown``) from the runner's
clock; the text itself never names a time, which only the runner knows.
"""

from __future__ import annotations

from cardsuite.core.presenting import SeatParts, table_view
from cardsuite.core.protocol import Observation
from cardsuite.core.table import Seat
from cardsuite.core.text import game_over_text, say, say_n, seat
from cardsuite.core.view import KeyMove, PileStyle, TableView, pile_view
from cardsuite.games.spit import model


def row_text(n: int) -> str:
    return say_n("{n} card left in the row", "{n} cards left in the row", n, n=n)


def present(obs: Observation[model.SeenSpit]) -> TableView:
    """The table as ``obs.viewer`` sees it, the viewer first."""
    state = obs.state
    centre = tuple(
        pile_view(
            state.table,
            model.CENTRE[p],
            say("{pile} ({who})", pile=model.centre_name(p), who=seat(p)),
            PileStyle.STACK,
            owner=None,
            placeholder=say("waiting for the spit"),
        )
        for p in range(state.seats)
    )
    countdown = say("Spit!") if state.spit_due is not None else ""
    keys = _key_blocks(state) if state.options.realtime else ()
    status = _status(state)
    info = _info(state)
    return table_view(
        obs, say("Spit"), _seat, centre, status, info, countdown=countdown, key_moves=keys
    )


def _seat(state: model.SeenSpit, s: Seat, viewer: Seat | None) -> SeatParts:
    table = state.table
    opts = state.options
    running = not state.ending
    piles = [
        pile_view(
            table,
            model.slot(s, k),
            say("slot {n}", n=k + 1),
            PileStyle.STACK,
            owner=s,
            placeholder=say("empty"),
        )
        for k in range(opts.slot_count)
    ]
    piles.append(
        pile_view(
            table,
            model.STACK[s],
            say("spit stack"),
            PileStyle.STACK,
            owner=s,
            placeholder=say("empty: the centre pile is turned over at the next spit"),
        )
    )
    marks = []
    if s == state.dealer:
        marks.append(say("dealer"))
    if running and opts.realtime:
        if state.requests[s]:
            marks.append(say("ready to spit"))
        elif not model.can_play(state, s):
            marks.append(say("stuck"))
    to_move = running and (opts.realtime or s == state.turn)
    score = row_text(model.row_counts(state)[s])
    return SeatParts(piles, marks, score=score, to_move=to_move)


# Two people at one keyboard (§6.6): a block of keys each, one row per centre pile, a key per
# slot, and a key to ask for a spit.  Rows of five for the five-slot layout.
KEY_BLOCKS = {
    3: (("qwe", "asd", "x"), ("uio", "jkl", "m")),
    5: (("qwert", "asdfg", "x"), ("yuion", "hjklb", "m")),  # (p pauses)
}


def _key_blocks(state: model.SeenSpit) -> tuple[KeyMove, ...]:
    keys: list[KeyMove] = []
    slots = state.options.slot_count
    for s, (to_c1, to_c2, spit_key) in enumerate(KEY_BLOCKS[slots]):
        for pile, row in enumerate((to_c1, to_c2)):
            group = f"s1-{slots}→C{pile + 1}"  # the row's keys, slot by slot
            for n, key in enumerate(row):
                label = f"s{n + 1}→C{pile + 1}"
                keys.append(KeyMove(s, key, f"play s{n + 1} c{pile + 1}", label, group))
        keys.append(KeyMove(s, spit_key, "spit", say("spit")))
    return tuple(keys)


def _status(state: model.SeenSpit) -> str:
    if state.ending:
        if state.ending == model.OUT and state.winner is not None:
            return say("«Out!» {who} wins", who=seat(state.winner))
        return game_over_text(state.winner)
    if state.options.realtime:
        if state.spit_due is not None:
            return say("Both players are ready: spit coming")
        return say("Play! Both players play at once")
    turn = state.turn
    assert turn is not None, "in turn mode someone is to move until the end"
    if state.passes:
        return say("{who} to move (one pass so far)", who=seat(turn))
    return say("{who} to move", who=seat(turn))


def _info(state: model.SeenSpit) -> tuple[str, ...]:
    lines = []
    opts = state.options
    if opts.realtime:
        for s in range(state.seats):
            if state.requests[s] and not state.ending:
                lines.append(say("{who} asks for a spit", who=seat(s)))
    else:
        lines.append(say("Turn mode: a move is one play or one pass; two passes make a spit"))
    lines.append(
        say_n(
            "{n} spit since the last play from a row",
            "{n} spits since the last play from a row",
            state.spits,
            n=state.spits,
        )
    )
    lines.append(say("Ace next to King") if opts.wrap else say("Ace low: next to 2 only"))
    lines.append(say("Dealer: {who}", who=seat(state.dealer)))
    return tuple(lines)
