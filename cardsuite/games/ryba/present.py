"""How Рыба looks: the table from one seat."""

from __future__ import annotations

from cardsuite.core.cards import ACE_HIGH, Card, rank_index
from cardsuite.core.i18n import C_, _
from cardsuite.core.presenting import SeatParts, table_view
from cardsuite.core.protocol import Observation
from cardsuite.core.table import Seat
from cardsuite.core.text import number_text, ranks_word, say, say_n, seat
from cardsuite.core.view import PileStyle, PileView, TableView, by_rank, hand_view, pile_view
from cardsuite.games.ryba import model

ASKS_SHOWN_FROM = model.ASK_LIMIT - 500  # show the ask count when the safety cap comes near


def present(obs: Observation[model.SeenRyba]) -> TableView:
    """The table as ``obs.viewer`` sees it, the viewer first."""
    state = obs.state
    table = state.table
    options = state.options
    over = state.turn is None
    counts = model.book_counts(state)
    centre = (
        pile_view(table, model.STOCK, say("stock"), PileStyle.STACK, placeholder=say("empty")),
    )
    if state.turn is None:
        status = say(
            "Game over — {how}",
            how=model.end_text(state.how, state.winners, state.finished, counts),
        )
    elif options.ask_all:
        status = say("{who} to ask everyone for a rank", who=seat(state.turn))
    else:
        status = say("{who} to ask: choose an opponent, then a rank", who=seat(state.turn))
    stock = table.count(model.STOCK)
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
                limit=number_text(model.ASK_LIMIT),
            )
        )
    return table_view(obs, say("Go Fish"), _seat, centre, status, info)


def _seat(state: model.SeenRyba, s: Seat, viewer: Seat | None) -> SeatParts:
    table = state.table
    over = state.turn is None
    held = table.faces(model.hand(s))
    laid = table.faces(model.books(s))
    ranks = " ".join(rank_index(c.rank) for c in laid[:: model.BOOK] if isinstance(c, Card))
    marks = []
    if s == state.dealer:
        marks.append(say("dealer"))
    if over and s in state.winners and len(state.winners) < state.seats:
        marks.append(say("winner"))
    elif not held and not over:
        marks.append(say("no cards"))
    piles = (
        hand_view(table, model.hand(s), s, viewer, by_rank(ACE_HIGH), placeholder=say("no cards")),
        PileView(
            model.books(s),
            _(C_("go fish", "books")),
            PileStyle.BADGE,
            laid,
            owner=s,
            note=ranks or say("none yet"),
        ),
    )
    count = model.book_counts(state)[s]
    score = say_n("{n} book", "{n} books", count, n=count)
    return SeatParts(piles, marks, score=score, to_move=s == state.turn)


def last_ask(state: model.SeenRyba) -> str:
    """The last ask and its answer, in words (from the events of the last step)."""
    ask = next((e for e in state.events if isinstance(e, model.Asked)), None)
    if ask is None:
        return say("No ask yet")
    got = sum(len(e.cards) for e in state.events if isinstance(e, model.HandedOver))
    fished = any(isinstance(e, model.Fished | model.FishedNothing) for e in state.events)
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
