"""How Seven Up looks: the table from one seat."""

from __future__ import annotations

from cardsuite.core.cards import FACE_DOWN, Card, rank_index
from cardsuite.core.i18n import C_, _
from cardsuite.core.protocol import Observation
from cardsuite.core.series import score_sheet
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
    seat_view,
    seating,
)
from cardsuite.games.seven_up.model import (
    CHIPS,
    CHIPS_LEFT,
    DISCARD,
    FOLLOW,
    GIVE,
    HAND_SIZE,
    PLAY,
    SEED_ORDER,
    STAND,
    STOCK,
    TRICK,
    TURNUP,
    VOID,
    SeenSevenUp,
    chips_text,
    discard,
    hand,
    party_of,
    won,
)


def party_name(state: SeenSevenUp, party: int) -> str:
    if state.options.partnerships:
        return say("{a} and {b}", a=seat(party), b=seat(party + 2))
    return seat(party)


def tricks_won(state: SeenSevenUp) -> tuple[int, ...]:
    """Tricks each party has won this deal (the last trick included while it lies in view)."""
    table = state.table
    counts = [table.count(won(p)) // state.seats for p in range(state.parties)]
    if state.taker is not None:
        counts[party_of(state.options, state.taker)] += 1
    return tuple(counts)


def present(obs: Observation[SeenSevenUp]) -> TableView:
    """The table as ``obs.viewer`` sees it, the viewer first."""
    state = obs.state
    table = state.table
    series = state.series
    opts = state.options
    trumps = state.trumps
    tricks = tricks_won(state)
    partners = opts.partnerships
    seats = []
    for s in seating(obs.viewer, state.seats):
        piles = [
            hand_view(table, hand(s), s, obs.viewer, hand_order(state.trumps, state.options.order))
        ]
        p = party_of(state.options, s)
        if not partners:
            piles.append(_won_view(state, p, s, tricks[p]))
        if opts.begging:
            piles.append(
                pile_view(
                    table,
                    discard(s),
                    _(C_("seven up", "discards")),
                    PileStyle.BADGE,
                    owner=s,
                    note=say("out of play"),
                )
            )
        marks = [say("dealer")] if s == series.dealer else []
        seats.append(
            seat_view(
                s,
                obs.viewer,
                piles,
                marks,
                score=chips_text(state.chips[p]),
                to_move=s == state.turn,
            )
        )
    centre = [
        pile_view(table, STOCK, say("pack"), PileStyle.STACK, placeholder=say("empty")),
        pile_view(
            table,
            TURNUP,
            say("turn-up"),
            PileStyle.ROW if table.count(TURNUP) > 1 else PileStyle.STACK,
            note=say("trumps {suit}", suit=trumps.symbol) if trumps else "",
        ),
        pile_view(
            table,
            TRICK,
            say("last trick") if state.taker is not None else say("trick"),
            PileStyle.ROW,
            placeholder=say("lead a card"),
        ),
    ]
    if partners:
        centre += [_won_view(state, p, None, tricks[p]) for p in range(state.parties)]
    trick = _trick(state)
    summary = _summary(state) if series.between else None
    return TableView(
        title=say("Seven Up"),
        viewer=obs.viewer,
        seats=tuple(seats),
        centre=tuple(centre),
        status=_status(state),
        info=_info(state, tricks),
        trick=trick,
        summary=summary,
        scores=_score_sheet(state),
    )


def _won_view(state: SeenSevenUp, party: int, owner: int | None, count: int) -> PileView:
    label = (
        say("tricks")
        if owner is not None
        else say("tricks of {side}", side=party_name(state, party))
    )
    faces = (FACE_DOWN,) * state.table.count(won(party))  # drawn face down (§9)
    return PileView(won(party), label, PileStyle.BADGE, faces, owner=owner, note=trick_count(count))


def _trick(state: SeenSevenUp) -> TrickView | None:
    cards = state.table.faces(TRICK)
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
        pile=TRICK,
    )


def _status(state: SeenSevenUp) -> str:
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
    if phase is STAND:
        return say("{who} to stand or beg", who=turn)
    if phase is GIVE:
        return say("{who} to give a point or run the cards", who=turn)
    if phase is VOID:
        return say("The pack has run short: {who} to gather the cards and deal again", who=turn)
    if phase is DISCARD:
        extra = state.table.count(hand(state.turn)) - HAND_SIZE
        return say_n(
            "{who} to discard {n} card", "{who} to discard {n} cards", extra, who=turn, n=extra
        )
    assert phase is PLAY
    assert state.trumps is not None  # turned up at the deal
    trick = state.table.faces(TRICK)
    return duty_status(turn, trick, state.taker is not None, state.trumps, FOLLOW)


def _info(state: SeenSevenUp, tricks: tuple[int, ...]) -> tuple[str, ...]:
    lines = []
    top = state.table.top(TURNUP)
    if state.trumps is not None and isinstance(top, Card):
        lines.append(say("Trumps: {suit} (turn-up {card})", suit=state.trumps.symbol, card=top))
    if not state.options.classic_rank:  # the seed's order, not the one players expect (§4)
        ranks = " ".join(rank_index(r) for r in reversed(SEED_ORDER.ranks))
        lines.append(say("Ranks, high to low: {ranks}", ranks=ranks))
    chips = " · ".join(f"{party_name(state, p)} {state.chips[p]}" for p in range(state.parties))
    lines.append(say("Chips left: {chips}", chips=chips))
    lines.append(say("Pot: {n}", n=state.pot))
    won_line = " · ".join(f"{party_name(state, p)} {tricks[p]}" for p in range(state.parties))
    lines.append(say("Tricks this deal: {tricks}", tricks=won_line))
    lines.append(say("Dealer: {who}", who=seat(state.dealer)))
    lines.append(state.series.heading())
    return tuple(lines)


def _summary(state: SeenSevenUp) -> DealSummary:
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


def _score_sheet(state: SeenSevenUp) -> ScoreSheet:
    """Every deal so far: the points each party scored in it (a chip put in for each) and the
    chips it had left after it."""
    parties = range(state.parties)
    return score_sheet(
        state.series,
        [(party_name(state, p), p) for p in parties],  # party p's first seat is seat p
        title=say("Seven Up"),
        scored=say("points"),
        total=say("chips left"),
        better=CHIPS_LEFT.hint(),
        start=[CHIPS] * len(parties),
        down=True,
    )
