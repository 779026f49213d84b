"""How Рубашка looks: the table from one seat."""

from __future__ import annotations

from cardsuite.core.cards import rank_index
from cardsuite.core.i18n import C_, _
from cardsuite.core.presenting import SeatParts, table_view
from cardsuite.core.protocol import Observation
from cardsuite.core.table import Seat
from cardsuite.core.text import card_count, say, say_n, seat, trick_count
from cardsuite.core.view import PileStyle, PileView, TableView
from cardsuite.games.rubashka.model import PACK, PILE, GameEnded, SeenRubashka, packet


def counters(state: SeenRubashka) -> str:
    """The two counters of §8.3 in words: "287 cards played · 40 tricks"."""
    return say(
        "{cards} · {tricks}",
        cards=say_n(
            "{n} card played", "{n} cards played", state.cards_played, n=state.cards_played
        ),
        tricks=trick_count(state.tricks_played),
    )


def attack_cards(pack_name: str) -> str:
    """What the attack cards demand: "A→1 · 2→2 · 3→3"."""
    pack = PACK[pack_name]
    return " · ".join(
        say("{rank}→{n}", rank=rank_index(rank), n=n) for rank, n in pack.demands.items()
    )


def end_text(state: SeenRubashka) -> str:
    ended = next((e for e in state.events if isinstance(e, GameEnded)), None)
    return ended.text() if ended is not None else say("the game is over")


def present(obs: Observation[SeenRubashka]) -> TableView:
    """The table as ``obs.viewer`` sees it, the viewer first."""
    state = obs.state
    table = state.table
    over = state.over
    pile = table.faces(PILE)
    centre = (
        PileView(
            PILE,
            say("pile"),
            PileStyle.FAN,
            pile,
            note=card_count(len(pile)) if pile else "",
            placeholder=say("empty: a new trick"),
        ),
    )
    to_play, attacker = state.to_play, state.attacker  # (the attacker: while a debt is owed)
    if to_play is None:
        status = say(
            "Game over — {how} · {counters}", how=end_text(state), counters=counters(state)
        )
    elif state.debt and attacker is not None:
        status = say(
            "{who} pays {attacker}: {owed} · {counters}",
            who=seat(to_play),
            attacker=seat(attacker),
            owed=say_n("{n} more card", "{n} more cards", state.debt, n=state.debt),
            counters=counters(state),
        )
    else:
        status = say(
            "{who} to turn a card · {counters}", who=seat(to_play), counters=counters(state)
        )
    info = [
        say("Pack: {pack}", pack=state.options.pack),
        say("Attack cards: {cards}", cards=attack_cards(state.options.pack)),
        say("Trick {n}, led by {who}", n=state.tricks_played + 1, who=seat(state.leader))
        if not over
        else counters(state),
    ]
    if state.debt and to_play is not None and attacker is not None:
        info.append(
            say_n(
                "{who} owes {attacker} {n} more card",
                "{who} owes {attacker} {n} more cards",
                state.debt,
                who=seat(to_play),
                attacker=seat(attacker),
                n=state.debt,
            )
        )
    if state.cycle is not None:
        start, tricks, cards = state.cycle
        info.append(
            say(
                "Cycle: {tricks} tricks and {cards} cards, from trick {start}",
                tricks=tricks,
                cards=cards,
                start=start + 1,
            )
        )
    return table_view(obs, say("Rubashka"), _seat, centre, status, info)


def _seat(state: SeenRubashka, s: Seat, viewer: Seat | None) -> SeatParts:
    marks = []
    if s == state.dealer:
        marks.append(say("dealer"))
    if state.over:
        if state.winner == s:
            marks.append(say("winner"))
        elif state.winner is None:
            marks.append(_(C_("result", "draw")))
    elif state.debt and s == state.to_play:
        marks.append(say_n("pays {n} more card", "pays {n} more cards", state.debt, n=state.debt))
    elif state.debt and s == state.attacker:
        marks.append(say("is owed"))
    faces = state.table.faces(packet(s))
    packet_view = PileView(
        packet(s), say("packet"), PileStyle.STACK, faces, owner=s, placeholder=say("no cards")
    )
    return SeatParts((packet_view,), marks, to_move=s == state.to_play)
