"""How Russian Bank looks: the table from one seat.

Each seat's box holds his reserve, hand card, waste and face-down hand, and the four houses on
his side of the table (H1–H4 on the first player's side, H5–H8 on the second's: houses are
shared, they only lie there).  The eight foundations are the centre.
"""

from __future__ import annotations

from cardsuite.core.i18n import C_
from cardsuite.core.presenting import SeatParts, table_view
from cardsuite.core.protocol import Observation
from cardsuite.core.table import PileId, Seat, SeenTable
from cardsuite.core.text import card_count, game_over_text, join_words, say, say_n, seat
from cardsuite.core.view import PileStyle, PileView, TableView, pile_view
from cardsuite.games.russian_bank import model


def present(obs: Observation[model.SeenRussianBank]) -> TableView:
    """The table as ``obs.viewer`` sees it, the viewer first."""
    state = obs.state
    centre = tuple(
        pile_view(state.table, pid, say("F{n}", n=k + 1), PileStyle.STACK, placeholder=say("Ace"))
        for k, pid in enumerate(model.FOUND_IDS)
    )
    title = say("Russian Bank")
    return table_view(obs, title, _seat, centre, _status(state), _info(state))


def _seat(state: model.SeenRussianBank, s: Seat, viewer: Seat | None) -> SeatParts:
    table = state.table
    piles = [
        _counted(table, model.reserve(s), say("reserve"), s),
        pile_view(
            table,
            model.hand_card(s),
            say("hand card"),
            PileStyle.STACK,
            owner=s,
            placeholder=say("none"),
        ),
        _counted(table, model.waste(s), say("waste"), s),
        _counted(table, model.hand(s), say(C_("russian bank", "hand")), s),
    ]
    for k in range(4 * s, 4 * s + 4):
        piles.append(
            pile_view(
                table,
                model.HOUSE_IDS[k],
                say("H{n}", n=k + 1),
                PileStyle.COLUMN,
                placeholder=say("empty"),
            )
        )
    left = sum(
        table.count(pile)
        for pile in (model.reserve(s), model.waste(s), model.hand(s), model.hand_card(s))
    )
    marks = []
    if state.phase == model.OVER and state.winner == s:
        marks.append(say("winner"))
    if state.violator == s:
        marks.append(say("Stop called"))  # on the seat it was called on
    score = say_n("{n} card left", "{n} cards left", left, n=left)
    to_move = state.phase != model.OVER and s == state.turn
    return SeatParts(piles, marks, score=score, to_move=to_move)


def _counted(table: SeenTable, pile: PileId, label: str, owner: Seat) -> PileView:
    """One of a seat's squared-up piles, with the number of cards it holds."""
    return pile_view(
        table,
        pile,
        label,
        PileStyle.STACK,
        owner=owner,
        note=card_count(table.count(pile)),
        placeholder=say("empty"),
    )


def stop_note(state: model.SeenRussianBank) -> str:
    """The Stop in words while it is news: who missed which cards, which one went up."""
    if state.violator is None:
        return ""
    who, cards = seat(state.violator), join_words(str(c) for c in state.missed)
    if state.placed is None:
        return say(
            "Stop! {who} missed a foundation play: {cards} could have gone up", who=who, cards=cards
        )
    return say(
        "Stop! {who} missed a foundation play: {cards} could have gone up; {card} went up",
        who=who,
        cards=cards,
        card=state.placed,
    )


def _status(state: model.SeenRussianBank) -> str:
    if state.phase == model.OVER:
        return game_over_text(state.winner)
    if state.phase == model.STOP:
        return say("Stop! {who} places one missed card on a foundation", who=seat(state.turn))
    return say("{who} to play", who=seat(state.turn))


def _info(state: model.SeenRussianBank) -> tuple[str, ...]:
    lines = []
    note = stop_note(state)
    if note:
        lines.append(note)
    opts = state.options
    if state.phase != model.OVER and state.phase != model.STOP:
        lines.append(say("Drop the hand card on the waste to end the turn"))
    rules = [say("Loading on") if opts.loading else say("Loading off")]
    if opts.compulsory_foundation:
        rules.append(
            say("Stop: the opponent places a missed card")
            if opts.stop_mode == "auto"
            else say("foundation plays compulsory")
        )
    lines.append(" · ".join(rules))
    idle = max(0, state.turns - state.mark)
    lines.append(
        say_n(
            "Turn {n}; {m} turn without progress (draw at 200)",
            "Turn {n}; {m} turns without progress (draw at 200)",
            idle,
            n=state.turns + 1,
            m=idle,
        )
    )
    return tuple(lines)
