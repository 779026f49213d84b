"""How Grabuge looks: the table from one seat."""

from __future__ import annotations

from cardsuite.core.cards import KING, Card, rank_index
from cardsuite.core.protocol import Observation
from cardsuite.core.series import deal_summary, player_columns, score_sheet
from cardsuite.core.text import card_count, say, say_n, seat
from cardsuite.core.view import (
    PileStyle,
    PileView,
    ScoreSheet,
    TableView,
    pile_view,
    seat_view,
    seating,
)
from cardsuite.games.grabuge.model import (
    COLUMNS,
    PACKETS,
    SEATS,
    SeenGrabuge,
    batch_pile,
    grabuge_pile,
    match_totals,
    packet_pile,
    packets_won,
    reserve_left,
    reserve_pile,
    stock_pile,
    turned_pile,
    won_pile,
)


def _packets(n: int) -> str:
    return say_n("{n} packet", "{n} packets", n, n=n)


def present(obs: Observation[SeenGrabuge]) -> TableView:
    """The table as ``obs.viewer`` sees it, the viewer first."""
    state = obs.state
    table = state.table
    series = state.series
    over = state.over
    won = packets_won(state)
    leftover = reserve_left(state)
    match = state.options.match_deals > 1
    totals = match_totals(state)

    seats = []
    for s in seating(obs.viewer, SEATS):
        grabuge = table.faces(grabuge_pile(s))
        stock = table.faces(stock_pile(s))
        turned = table.faces(turned_pile(s))
        columns = tuple(
            pile_view(
                table,
                reserve_pile(s, k),
                say("column {n}", n=k),
                PileStyle.COLUMN,
                owner=s,
                placeholder=say("free column"),
            )
            for k in range(1, COLUMNS + 1)
        )
        grabuge_note = say("used as stock") if state.converted[s] else card_count(len(grabuge))
        views = (
            PileView(grabuge_pile(s), say("grabuge"), PileStyle.STACK, grabuge, owner=s,
                     note=grabuge_note, placeholder=say("empty")),
            PileView(stock_pile(s), say("stock"), PileStyle.STACK, stock, owner=s,
                     note=card_count(len(stock)), placeholder=say("empty")),
            pile_view(table, batch_pile(s), say("batch"), PileStyle.ROW, owner=s),
            PileView(turned_pile(s), say("turned"), PileStyle.STACK, turned, owner=s,
                     note=say("no place: which column?") if turned else ""),
            *columns,
            pile_view(table, won_pile(s), say("won"), PileStyle.BADGE, owner=s,
                      note=_packets(won[s])),
        )  # fmt: skip
        status = []
        if s == series.dealer:
            status.append(say("dealer"))
        if s == state.first:
            status.append(say("precedence"))
        if state.bonus[s]:
            status.append(say("bonus +{n}", n=state.bonus[s]))
        score = say("won {won} · reserve {left}", won=won[s], left=leftover[s])
        if match:
            score += " · " + say("match {n}", n=totals[s])
        seats.append(
            seat_view(
                s,
                obs.viewer,
                views,
                status,
                score=score,
                to_move=not over and s == state.active,
            )
        )

    centre = []
    for i, serial in enumerate(state.packets, start=1):
        pile = table.faces(packet_pile(serial))
        top = pile[-1]
        needs = rank_index(top.rank + 1) if isinstance(top, Card) and top.rank < KING else ""
        centre.append(
            PileView(
                packet_pile(serial),
                say("packet {n}", n=i),
                PileStyle.STACK,
                pile,
                note=say("needs {rank}", rank=needs),
            )
        )

    summary = None
    if series.between:
        status_line = say(
            "Deal over: {who} deals the next hand", who=seat(series.next_dealer(SEATS))
        )
        summary = deal_summary(series, SEATS, this_deal=say("packets"), total=say("in all"))
    elif over:
        status_line = say("The game is over")
    else:
        p = state.active
        turned = table.faces(turned_pile(p))
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
    return TableView(
        title=title,
        viewer=obs.viewer,
        seats=tuple(seats),
        centre=tuple(centre),
        status=status_line,
        info=tuple(info),
        summary=summary,
        scores=_score_sheet(state) if match else None,
    )


def _score_sheet(state: SeenGrabuge) -> ScoreSheet:
    """Every deal so far: the packets each player won in it, and in all."""
    return score_sheet(
        state.series,
        player_columns(SEATS),
        title=say("Grabuge"),
        scored=PACKETS.heading(),
        total=say("in all"),
    )
