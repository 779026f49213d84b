"""How Рыба looks: the table from one seat."""

from __future__ import annotations

from cardsuite.core.cards import ACE_HIGH, Card, rank_index
from cardsuite.core.i18n import C_, _
from cardsuite.core.protocol import Observation
from cardsuite.core.text import number_text, ranks_word, say, say_n, seat
from cardsuite.core.view import (
    PileStyle,
    PileView,
    TableView,
    by_rank,
    hand_view,
    pile_view,
    seat_view,
    seating,
)
from cardsuite.games.ryba.model import (
    ASK_LIMIT,
    BOOK,
    STOCK,
    Asked,
    Fished,
    FishedNothing,
    HandedOver,
    SeenRyba,
    book_counts,
    books,
    end_text,
    hand,
)

ASKS_SHOWN_FROM = ASK_LIMIT - 500  # show the ask count when the safety cap comes near


def present(obs: Observation[SeenRyba]) -> TableView:
    """The table as ``obs.viewer`` sees it, the viewer first."""
    state = obs.state
    table = state.table
    options = state.options
    over = state.turn is None
    counts = book_counts(state)
    seats = []
    for s in seating(obs.viewer, state.seats):
        held = table.faces(hand(s))
        laid = table.faces(books(s))
        ranks = " ".join(rank_index(c.rank) for c in laid[::BOOK] if isinstance(c, Card))
        marks = []
        if s == state.dealer:
            marks.append(say("dealer"))
        if over and s in state.winners and len(state.winners) < state.seats:
            marks.append(say("winner"))
        elif not held and not over:
            marks.append(say("no cards"))
        seats.append(
            seat_view(
                s,
                obs.viewer,
                (
                    hand_view(
                        table,
                        hand(s),
                        s,
                        obs.viewer,
                        by_rank(ACE_HIGH),
                        placeholder=say("no cards"),
                    ),
                    PileView(
                        books(s),
                        _(C_("go fish", "books")),
                        PileStyle.BADGE,
                        laid,
                        owner=s,
                        note=ranks or say("none yet"),
                    ),
                ),
                marks,
                score=say_n("{n} book", "{n} books", counts[s], n=counts[s]),
                to_move=s == state.turn,
            )
        )
    centre = (pile_view(table, STOCK, say("stock"), PileStyle.STACK, placeholder=say("empty")),)
    if state.turn is None:
        status = say(
            "Game over — {how}", how=end_text(state.how, state.winners, state.finished, counts)
        )
    elif options.ask_all:
        status = say("{who} to ask everyone for a rank", who=seat(state.turn))
    else:
        status = say("{who} to ask: choose an opponent, then a rank", who=seat(state.turn))
    stock = table.count(STOCK)
    info = [
        say_n("Stock: {n} card", "Stock: {n} cards", stock, n=stock),
        say("Books: {list}", list=" · ".join(f"{seat(s)} {counts[s]}" for s in range(state.seats))),
        last_ask(state),
    ]
    if options.ask_all:
        info.append(say("Every ask goes to all opponents at once"))
    if options.classic_go_fish:
        info.append(say("Classic Go Fish: the game ends when all 13 books are down"))
    if state.asks >= ASKS_SHOWN_FROM and not over:
        info.append(
            say(
                "Asks: {n} (the game stops as a draw at {limit})",
                n=number_text(state.asks),
                limit=number_text(ASK_LIMIT),
            )
        )
    return TableView(
        title=say("Go Fish"),
        viewer=obs.viewer,
        seats=tuple(seats),
        centre=centre,
        status=status,
        info=tuple(info),
    )


def last_ask(state: SeenRyba) -> str:
    """The last ask and its answer, in words (from the events of the last step)."""
    ask = next((e for e in state.events if isinstance(e, Asked)), None)
    if ask is None:
        return say("No ask yet")
    got = sum(len(e.cards) for e in state.events if isinstance(e, HandedOver))
    fished = any(isinstance(e, Fished | FishedNothing) for e in state.events)
    rank = ranks_word(ask.rank)
    if ask.target is None:
        asked = say("{who} asked everyone for {rank}", who=seat(ask.seat), rank=rank)
    else:
        asked = say(
            "{who} asked {target} for {rank}",
            who=seat(ask.seat),
            target=seat(ask.target),
            rank=rank,
        )
    if fished or not got:
        return say("Last ask: {asked} — Рыба!", asked=asked)
    return say_n(
        "Last ask: {asked} — got {n} card",
        "Last ask: {asked} — got {n} cards",
        got,
        asked=asked,
        n=got,
    )
