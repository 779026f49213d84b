"""How Seven Up looks: the table from one seat."""

from __future__ import annotations

from cardsuite.core.cards import FACE_DOWN, Card, rank_index
from cardsuite.core.i18n import C_, _
from cardsuite.core.presenting import SeatParts, table_view
from cardsuite.core.protocol import Observation
from cardsuite.core.series import score_sheet
from cardsuite.core.table import Seat
from cardsuite.core.text import say, say_n, seat, trick_count
from cardsuite.core.tricks import duty_status, hand_order, trick_view
from cardsuite.core.view import (
    DealSummary,
    PileStyle,
    PileView,
    ScoreSheet,
    TableView,
    TrickView,
    hand_view,
    pile_view,
)
from cardsuite.games.seven_up import model


def party_name(state: model.SeenSevenUp, party: int) -> str:
    if state.options.partnerships:
        return say("{a} and {b}", a=seat(party), b=seat(party + 2))
    return seat(party)


def tricks_won(state: model.SeenSevenUp) -> tuple[int, ...]:
    """Tricks each party has won this deal (the last trick included while it lies in view)."""
    table = state.table
    counts = [table.count(model.won(p)) // state.seats for p in range(state.parties)]
    if state.taker is not None:
        counts[model.party_of(state.options, state.taker)] += 1
    return tuple(counts)


def present(obs: Observation[model.SeenSevenUp]) -> TableView:
    """The table as ``obs.viewer`` sees it, the viewer first."""
    state = obs.state
    table = state.table
    trumps = state.trumps
    centre = [
        pile_view(table, model.STOCK, say("pack"), PileStyle.STACK, placeholder=say("empty")),
        pile_view(
            table,
            model.TURNUP,
            say("turn-up"),
            PileStyle.ROW if table.count(model.TURNUP) > 1 else PileStyle.STACK,
            note=say("trumps {suit}", suit=trumps.symbol) if trumps else "",
        ),
        pile_view(
            table,
            model.TRICK,
            say("last trick") if state.taker is not None else say("trick"),
            PileStyle.ROW,
            placeholder=say("lead a card"),
        ),
    ]
    tricks = tricks_won(state)
    if state.options.partnerships:
        centre += [_won_view(state, p, None, tricks[p]) for p in range(state.parties)]
    summary = _summary(state) if state.series.between else None
    return table_view(
        obs,
        say("Seven Up"),
        _seat,
        centre,
        _status(state),
        _info(state, tricks),
        trick=_trick(state),
        summary=summary,
        scores=_score_sheet(state),
    )


def _seat(state: model.SeenSevenUp, s: Seat, viewer: Seat | None) -> SeatParts:
    table = state.table
    opts = state.options
    piles = [hand_view(table, model.hand(s), s, viewer, hand_order(state.trumps, opts.order))]
    p = model.party_of(opts, s)
    if not opts.partnerships:
        piles.append(_won_view(state, p, s, tricks_won(state)[p]))
    if opts.begging:
        piles.append(
            pile_view(
                table,
                model.discard(s),
                _(C_("seven up", "discards")),
                PileStyle.BADGE,
                owner=s,
                note=say("out of play"),
            )
        )
    marks = [say("dealer")] if s == state.series.dealer else []
    score = model.chips_text(state.chips[p])
    return SeatParts(piles, marks, score=score, to_move=s == state.turn)


def _won_view(state: model.SeenSevenUp, party: int, owner: int | None, count: int) -> PileView:
    label = (
        say("tricks")
        if owner is not None
        else say("tricks of {side}", side=party_name(state, party))
    )
    faces = (FACE_DOWN,) * state.table.count(model.won(party))  # drawn face down (§9)
    return PileView(
        model.won(party), label, PileStyle.BADGE, faces, owner=owner, note=trick_count(count)
    )


def _trick(state: model.SeenSevenUp) -> TrickView | None:
    cards = state.table.faces(model.TRICK)
    if not cards or state.leader is None:
        return None
    done = state.taker is not None
    number = len(state.plays) // state.seats + (0 if done else 1)
    label = say("trick {n}", n=number)  # the table adds who won a completed trick
    return trick_view(
        state.leader,
        cards,
        state.seats,
        trumps=state.trumps,
        winner=state.taker if done else None,
        label=label,
        pile=model.TRICK,
    )


def _status(state: model.SeenSevenUp) -> str:
    series = state.series
    if series.between:
        return say(
            "Deal over: {who} deals the next hand", who=seat(series.next_dealer(state.seats))
        )
    if state.over:
        return say("The game is over")
    assert state.turn is not None  # someone is to move while the deal is played
    turn = seat(state.turn)
    phase = state.phase
    if phase is model.STAND:
        return say("{who} to stand or beg", who=turn)
    if phase is model.GIVE:
        return say("{who} to give a point or run the cards", who=turn)
    if phase is model.VOID:
        return say("The pack has run short: {who} to gather the cards and deal again", who=turn)
    if phase is model.DISCARD:
        extra = state.table.count(model.hand(state.turn)) - model.HAND_SIZE
        return say_n(
            "{who} to discard {n} card", "{who} to discard {n} cards", extra, who=turn, n=extra
        )
    assert phase is model.PLAY
    assert state.trumps is not None  # turned up at the deal
    trick = state.table.faces(model.TRICK)
    return duty_status(turn, trick, state.taker is not None, state.trumps, model.FOLLOW)


def _info(state: model.SeenSevenUp, tricks: tuple[int, ...]) -> tuple[str, ...]:
    lines = []
    top = state.table.top(model.TURNUP)
    if state.trumps is not None and isinstance(top, Card):
        lines.append(say("Trumps: {suit} (turn-up {card})", suit=state.trumps.symbol, card=top))
    if not state.options.classic_rank:  # the seed's order, not the one players expect (§4)
        ranks = " ".join(rank_index(r) for r in reversed(model.SEED_ORDER.ranks))
        lines.append(say("Ranks, high to low: {ranks}", ranks=ranks))
    chips = " · ".join(f"{party_name(state, p)} {state.chips[p]}" for p in range(state.parties))
    lines.append(say("Chips left: {chips}", chips=chips))
    lines.append(say("Pot: {n}", n=state.pot))
    won_line = " · ".join(f"{party_name(state, p)} {tricks[p]}" for p in range(state.parties))
    lines.append(say("Tricks this deal: {tricks}", tricks=won_line))
    lines.append(say("Dealer: {who}", who=seat(state.dealer)))
    lines.append(state.series.heading())
    return tuple(lines)


def _summary(state: model.SeenSevenUp) -> DealSummary:
    """The deal just finished: points each party scored in it and the chips it has left."""
    series = state.series
    result = series.results[-1]
    rows = tuple(
        (
            party_name(state, p),
            str(result.scores[p]),  # party p's first seat is seat p
            str(state.chips[p]),
        )
        for p in range(state.parties)
    )
    title = say("Deal {n} is over", n=len(series.results))
    columns = ("", say("points this deal"), say("chips left"))
    return DealSummary(title, columns, rows, (result.note,))


def _score_sheet(state: model.SeenSevenUp) -> ScoreSheet:
    """Every deal so far: the points each party scored in it (a chip put in for each) and the
    chips it had left after it."""
    parties = range(state.parties)
    return score_sheet(
        state.series,
        [(party_name(state, p), p) for p in parties],  # party p's first seat is seat p
        title=say("Seven Up"),
        scored=say("points"),
        total=say("chips left"),
        better=model.CHIPS_LEFT.hint(),
        start=[model.CHIPS] * len(parties),
        down=True,
    )
