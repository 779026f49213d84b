"""How Grabuge looks: the table from one seat."""

from __future__ import annotations

from cardsuite.core.cards import KING, Card, rank_index
from cardsuite.core.presenting import SeatParts, table_view
from cardsuite.core.protocol import Observation
from cardsuite.core.series import deal_summary, player_columns, score_sheet
from cardsuite.core.table import Seat
from cardsuite.core.text import card_count, say, say_n, seat
from cardsuite.core.view import PileStyle, PileView, ScoreSheet, TableView, pile_view
from cardsuite.games.grabuge import model


def _packets(n: int) -> str:
    return say_n("{n} packet", "{n} packets", n, n=n)


def present(obs: Observation[model.SeenGrabuge]) -> TableView:
    """The table as ``obs.viewer`` sees it, the viewer first."""
    state = obs.state
    table = state.table
    series = state.series
    over = state.over
    won = model.packets_won(state)
    leftover = model.reserve_left(state)
    match = state.options.match_deals > 1
    totals = model.match_totals(state)

    centre = []
    for i, serial in enumerate(state.packets, start=1):
        pile = table.faces(model.packet_pile(serial))
        top = pile[-1]
        needs = rank_index(top.rank + 1) if isinstance(top, Card) and top.rank < KING else ""
        centre.append(
            PileView(
                model.packet_pile(serial),
                say("packet {n}", n=i),
                PileStyle.STACK,
                pile,
                note=say("needs {rank}", rank=needs),
            )
        )

    summary = None
    if series.between:
        status_line = say(
            "Deal over: {who} deals the next hand", who=seat(series.next_dealer(model.SEATS))
        )
        summary = deal_summary(series, model.SEATS, this_deal=say("packets"), total=say("in all"))
    elif over:
        status_line = say("The game is over")
    else:
        p = state.active
        turned = table.faces(model.turned_pile(p))
        if turned:
            status_line = say("{who}: where does {card} go?", who=seat(p), card=turned[0])
        else:
            status_line = say("{who}: which reserve column plays first?", who=seat(p))

    info = []
    if match:
        info.append(series.heading() + " · " + say("dealer {who}", who=seat(series.dealer)))
    else:
        info.append(say("Dealer: {who}", who=seat(series.dealer)))
    info.append(say("Precedence: {who}", who=seat(state.first)))
    if any(state.bonus):
        taker = 0 if state.bonus[0] else 1
        info.append(say("Bonus: {who} +{n}", who=seat(taker), n=state.bonus[taker]))
    else:
        info.append(say("Bonus: not yet won"))
    info.append(say("Packets won: {a} {x} · {b} {y}", a=seat(0), x=won[0], b=seat(1), y=won[1]))
    info.append(say("On the tableau: {packets}", packets=_packets(len(state.packets))))
    info.append(
        say("Reserve cards: {a} {x} · {b} {y}", a=seat(0), x=leftover[0], b=seat(1), y=leftover[1])
    )
    for n, result in enumerate(series.results, start=1):
        a, b = result.scores
        info.append(say("Deal {n}: {a} {x} – {b} {y}", n=n, a=seat(0), x=a, b=seat(1), y=b))
    if match:
        info.append(say("Match: {a} {x} – {b} {y}", a=seat(0), x=totals[0], b=seat(1), y=totals[1]))

    title = say("Grabuge")
    if match:
        title += " · " + series.heading()
    scores = _score_sheet(state) if match else None
    return table_view(obs, title, _seat, centre, status_line, info, summary=summary, scores=scores)


def _seat(state: model.SeenGrabuge, s: Seat, viewer: Seat | None) -> SeatParts:
    table = state.table
    won = model.packets_won(state)[s]
    grabuge = table.faces(model.grabuge_pile(s))
    stock = table.faces(model.stock_pile(s))
    turned = table.faces(model.turned_pile(s))
    columns = tuple(
        pile_view(
            table,
            model.reserve_pile(s, k),
            say("column {n}", n=k),
            PileStyle.COLUMN,
            owner=s,
            placeholder=say("free column"),
        )
        for k in range(1, model.COLUMNS + 1)
    )
    grabuge_note = say("used as stock") if state.converted[s] else card_count(len(grabuge))
    views = (
        PileView(model.grabuge_pile(s), say("grabuge"), PileStyle.STACK, grabuge, owner=s,
                 note=grabuge_note, placeholder=say("empty")),
        PileView(model.stock_pile(s), say("stock"), PileStyle.STACK, stock, owner=s,
                 note=card_count(len(stock)), placeholder=say("empty")),
        pile_view(table, model.batch_pile(s), say("batch"), PileStyle.ROW, owner=s),
        PileView(model.turned_pile(s), say("turned"), PileStyle.STACK, turned, owner=s,
                 note=say("no place: which column?") if turned else ""),
        *columns,
        pile_view(table, model.won_pile(s), say("won"), PileStyle.BADGE, owner=s,
                  note=_packets(won)),
    )  # fmt: skip
    marks = []
    if s == state.series.dealer:
        marks.append(say("dealer"))
    if s == state.first:
        marks.append(say("precedence"))
    if state.bonus[s]:
        marks.append(say("bonus +{n}", n=state.bonus[s]))
    score = say("won {won} · reserve {left}", won=won, left=model.reserve_left(state)[s])
    if state.options.match_deals > 1:
        score += " · " + say("match {n}", n=model.match_totals(state)[s])
    return SeatParts(views, marks, score=score, to_move=not state.over and s == state.active)


def _score_sheet(state: model.SeenGrabuge) -> ScoreSheet:
    """Every deal so far: the packets each player won in it, and in all."""
    return score_sheet(
        state.series,
        player_columns(model.SEATS),
        title=say("Grabuge"),
        scored=model.PACKETS.heading(),
        total=say("in all"),
    )
