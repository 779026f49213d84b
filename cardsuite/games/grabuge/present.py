"""How Grabuge looks: the table from one seat."""

from __future__ import annotations

from cardsuite.core.cards import KING, Card, rank_index
from cardsuite.core.i18n import _, ngettext
from cardsuite.core.protocol import Observation
from cardsuite.core.series import deal_summary, player_columns, score_sheet
from cardsuite.core.text import card_count, seat
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
    return ngettext("{n} packet", "{n} packets", n).format(n=n)


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
                _("column {n}").format(n=k),
                PileStyle.COLUMN,
                owner=s,
                placeholder=_("free column"),
            )
            for k in range(1, COLUMNS + 1)
        )
        grabuge_note = _("used as stock") if state.converted[s] else card_count(len(grabuge))
        views = (
            PileView(grabuge_pile(s), _("grabuge"), PileStyle.STACK, grabuge, owner=s,
                     note=grabuge_note, placeholder=_("empty")),
            PileView(stock_pile(s), _("stock"), PileStyle.STACK, stock, owner=s,
                     note=card_count(len(stock)), placeholder=_("empty")),
            pile_view(table, batch_pile(s), _("batch"), PileStyle.ROW, owner=s),
            PileView(turned_pile(s), _("turned"), PileStyle.STACK, turned, owner=s,
                     note=_("no place: which column?") if turned else ""),
            *columns,
            pile_view(table, won_pile(s), _("won"), PileStyle.BADGE, owner=s,
                      note=_packets(won[s])),
        )  # fmt: skip
        status = []
        if s == series.dealer:
            status.append(_("dealer"))
        if s == state.first:
            status.append(_("precedence"))
        if state.bonus[s]:
            status.append(_("bonus +{n}").format(n=state.bonus[s]))
        score = _("won {won} · reserve {left}").format(won=won[s], left=leftover[s])
        if match:
            score += " · " + _("match {n}").format(n=totals[s])
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
                _("packet {n}").format(n=i),
                PileStyle.STACK,
                pile,
                note=_("needs {rank}").format(rank=needs),
            )
        )

    summary = None
    if series.between:
        status_line = _("Deal over: {who} deals the next hand").format(
            who=seat(series.next_dealer(SEATS))
        )
        summary = deal_summary(series, SEATS, this_deal=_("packets"), total=_("in all"))
    elif over:
        status_line = _("The game is over")
    else:
        p = state.active
        turned = table.faces(turned_pile(p))
        if turned:
            status_line = _("{who}: where does {card} go?").format(who=seat(p), card=turned[0])
        else:
            status_line = _("{who}: which reserve column plays first?").format(who=seat(p))

    info = []
    if match:
        info.append(series.heading() + " · " + _("dealer {who}").format(who=seat(series.dealer)))
    else:
        info.append(_("Dealer: {who}").format(who=seat(series.dealer)))
    info.append(_("Precedence: {who}").format(who=seat(state.first)))
    if any(state.bonus):
        taker = 0 if state.bonus[0] else 1
        info.append(_("Bonus: {who} +{n}").format(who=seat(taker), n=state.bonus[taker]))
    else:
        info.append(_("Bonus: not yet won"))
    info.append(
        _("Packets won: {a} {x} · {b} {y}").format(a=seat(0), x=won[0], b=seat(1), y=won[1])
    )
    info.append(_("On the tableau: {packets}").format(packets=_packets(len(state.packets))))
    info.append(
        _("Reserve cards: {a} {x} · {b} {y}").format(
            a=seat(0), x=leftover[0], b=seat(1), y=leftover[1]
        )
    )
    for n, result in enumerate(series.results, start=1):
        a, b = result.scores
        info.append(_("Deal {n}: {a} {x} – {b} {y}").format(n=n, a=seat(0), x=a, b=seat(1), y=b))
    if match:
        info.append(
            _("Match: {a} {x} – {b} {y}").format(a=seat(0), x=totals[0], b=seat(1), y=totals[1])
        )

    title = _("Grabuge")
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
        title=_("Grabuge"),
        scored=PACKETS.heading(),
        total=_("in all"),
    )
