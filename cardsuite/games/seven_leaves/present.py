"""How Seven Leaves looks: the table from one seat.

A game's penalty is never drawn while that game is played: its ``cut`` pile and its noses
appear only once the loser has cut (between games, and at the end of the match).  In a match
of several games the running table of §7.2 (games lost and noses in all, per player, over the
games finished so far) is in every summary; while a game is played, each seat's score says
its games lost and the side panel the noses so far (a longer score would not fit the seat
boxes of an 80×24 table, which then drop the score altogether).
"""

from __future__ import annotations

from cardsuite.core.cards import FACE_DOWN, Card
from cardsuite.core.presenting import SeatParts, table_view
from cardsuite.core.protocol import Observation
from cardsuite.core.table import Seat
from cardsuite.core.text import say, say_n, seat
from cardsuite.core.tricks import duty_status, hand_order, trick_view
from cardsuite.core.view import (
    DealSummary,
    PileStyle,
    PileView,
    ScoreSheet,
    SheetRow,
    TableView,
    TrickView,
    hand_view,
    pile_view,
)
from cardsuite.games.seven_leaves import model


def present(obs: Observation[model.SeenSevenLeaves]) -> TableView:
    """The table as ``obs.viewer`` sees it, the viewer first."""
    state = obs.state
    table = state.table
    centre = [
        pile_view(
            table,
            model.PACK,
            say("pack"),
            PileStyle.STACK,
            note=say("not dealt")
            if state.phase is not model.CUT_PHASE and not table.count(model.CUT)
            else "",
            placeholder=say("empty"),
        ),
        pile_view(
            table,
            model.TRICK,
            say("last trick") if state.taker is not None else say("trick"),
            PileStyle.ROW,
            placeholder=say("lead a card") if state.phase is model.PLAY else "",
        ),
    ]
    cut = table.faces(model.CUT)
    if cut:  # only after the cut: between games or at the end of the match
        top = cut[-1]
        note = ""
        if isinstance(top, Card):
            flicks = model.flicks_of(top)
            note = say_n("{n} flick", "{n} flicks", flicks, n=flicks) if flicks else say("pardoned")
        centre.append(PileView(model.CUT, say("cut card"), PileStyle.STACK, cut, note=note))
    summary = _summary(state) if state.series.between or state.phase is model.CUT_PHASE else None
    return table_view(
        obs,
        say("Seven Leaves"),
        _seat,
        centre,
        _status(state),
        _info(state),
        trick=_trick(state),
        summary=summary,
        scores=_score_sheet(state),
    )


def _seat(state: model.SeenSevenLeaves, s: Seat, viewer: Seat | None) -> SeatParts:
    table = state.table
    piles = [
        hand_view(table, model.hand(s), s, viewer, hand_order(state.trumps, model.ORDER)),
        PileView(
            model.won(s),
            say("tricks"),
            PileStyle.BADGE,
            (FACE_DOWN,) * table.count(model.won(s)),
            owner=s,
            note=say("{n} this deal", n=_deal_count(state, s)),
        ),
    ]
    marks, score = _marks(state, s), _score(state, s)
    return SeatParts(piles, marks, score=score, to_move=s == state.turn)


def _score_sheet(state: model.SeenSevenLeaves) -> ScoreSheet:
    """The game in play (or just over), deal by deal: each player's tricks in a deal ("–"
    for a player who sat it out, safe or out of a play-off) and his total after it; a
    play-off's tricks decide only the play-off and do not count in the totals (§7.1).  In a
    match of several games, the games lost and noses so far under the table."""
    opts = state.options
    n = state.seats
    series = state.series
    played = state.deal - (1 if state.phase is model.PLAY else 0)  # the deals of this game finished
    results = series.results[len(series.results) - min(played, len(series.results)) :]
    rows = []
    totals = [0] * n
    playing: tuple[int, ...] = ()  # who plays the next play-off
    previous = ""
    for i, result in enumerate(results, start=1):
        tricks = result.scores
        playoff = previous == model.PLAY_OFF_CALLED
        if playoff:
            dealt = playing
            fewest = min(tricks[s] for s in dealt)
            playing = tuple(s for s in dealt if tricks[s] == fewest)
            label = say("Play-off")
        else:
            dealt = tuple(s for s in range(n) if totals[s] < opts.target_tricks)
            totals = [t + d for t, d in zip(totals, tricks, strict=True)]
            newly = [s for s in dealt if totals[s] >= opts.target_tricks]  # safe now
            low = min((totals[s] for s in newly), default=0)
            playing = tuple(s for s in newly if totals[s] == low)
            label = say("Deal {n}", n=i)
        rows.append(
            SheetRow(
                label,
                tuple(str(tricks[s]) if s in dealt else "–" for s in range(n)),
                tuple(str(t) for t in totals),
            )
        )
        previous = result.ending
    heading = (
        say("Game {g} of {n}", g=state.game + 1, n=opts.games)
        if opts.games > 1
        else say("One game")
    )
    lines = [
        say("The match is over")
        if state.loser is not None and state.game + 1 >= opts.games
        else heading,
        say("Safe at {n}; the last player left loses.", n=model.tricks_text(opts.target_tricks)),
    ]
    if opts.games > 1:
        lost = " · ".join(f"{seat(s)} {state.losses[s]}" for s in range(n))
        lines.append(say("Games lost: {players}", players=lost))
        if opts.penalty_display == model.COUNT:
            noses = " · ".join(f"{seat(s)} {state.noses[s]}" for s in range(n))
            lines.append(say("Noses: {noses}", noses=noses))
    return ScoreSheet(
        title=say("Seven Leaves"),
        columns=tuple(seat(s) for s in range(n)),
        scored=say("tricks"),
        total=say("in all"),
        rows=tuple(rows),
        lines=tuple(lines),
    )


def _deal_count(state: model.SeenSevenLeaves, s: int) -> int:
    """Tricks ``s`` has taken this deal (the last trick counts while it lies in view)."""
    return state.deal_tricks[s]


def _in_deal(state: model.SeenSevenLeaves, s: int) -> bool:
    return s in state.active


def _marks(state: model.SeenSevenLeaves, s: int) -> list[str]:
    marks = []
    if s == state.dealer and state.loser is None:
        marks.append(say("dealer"))
    if s == state.loser:
        marks.append(say("loser"))
    elif state.safe_at[s]:
        marks.append(say("safe"))
    if state.playoff and s in state.active and state.loser is None:
        marks.append(say("play-off"))
    return marks


def _score(state: model.SeenSevenLeaves, s: int) -> str:
    """The seat's trick total against the target (and games lost, in a match of several)."""
    opts = state.options
    text = say("{n}/{target} tricks", n=state.tricks[s], target=opts.target_tricks)
    if state.playoff and s in state.active:
        text = say("{text} · play-off {k}", text=text, k=state.deal_tricks[s])
    if opts.games > 1:
        text = say("{text} · lost {k}", text=text, k=state.losses[s])
    return text


def _trick(state: model.SeenSevenLeaves) -> TrickView | None:
    cards = state.table.faces(model.TRICK)
    if not cards or state.leader is None:
        return None
    done = state.taker is not None
    played = sum(state.deal_tricks)
    number = played if done else played + 1
    leader = state.leader
    order = [
        s for s in ((leader + i) % state.seats for i in range(state.seats)) if s in state.active
    ]
    return trick_view(
        leader,
        cards,
        state.seats,
        trumps=state.trumps,
        winner=state.taker if done else None,
        label=say("trick {n} of 7", n=number),
        order=order,
        pile=model.TRICK,
    )


def _status(state: model.SeenSevenLeaves) -> str:
    series = state.series
    if series.between:
        who = seat(state.next_dealer)
        if state.loser is not None:
            return say(
                "Game over: {loser} lost; {who} deals the next game",
                loser=seat(state.loser),
                who=who,
            )
        return say("Deal over: {who} deals the next hand", who=who)
    if state.over:
        return say("The match is over")
    if state.phase is model.CUT_PHASE:
        assert state.loser is not None  # the cut is the loser's
        return say("{who} lost the game and cuts the pack for the penalty", who=seat(state.loser))
    assert state.turn is not None  # someone is to play while the deal is played
    turn = seat(state.turn)
    assert state.trumps is not None  # named at the deal
    trick = state.table.faces(model.TRICK)
    return duty_status(turn, trick, state.taker is not None, state.trumps, model.FOLLOW)


def _info(state: model.SeenSevenLeaves) -> tuple[str, ...]:
    opts = state.options
    lines = []
    if state.trumps is not None and state.phase is model.PLAY:
        if state.turned is not None:
            lines.append(
                say(
                    "Trumps {suit}: {card} turned up by {who}",
                    suit=state.trumps.symbol,
                    card=state.turned,
                    who=seat(state.dealer),
                )
            )
        else:
            lines.append(say("Trumps {suit}", suit=state.trumps.symbol))
    lines.append(say("Safe at {n}", n=model.tricks_text(opts.target_tricks)))
    safe = tuple(s for s in range(state.seats) if state.safe_at[s] and s != state.loser)
    if safe:
        lines.append(say("Safe: {players}", players=model.seats_text(safe)))
    heading = (
        say("Game {g} of {n}", g=state.game + 1, n=opts.games)
        if opts.games > 1
        else say("One game")
    )
    deal = say("play-off deal") if state.playoff else say("deal {n}", n=state.deal)
    lines.append(f"{heading} · {deal}")
    if opts.games > 1 and opts.penalty_display == model.COUNT:  # the games lost are in the scores
        noses = " · ".join(f"{seat(s)} {state.noses[s]}" for s in range(state.seats))
        lines.append(say("Noses: {noses}", noses=noses))
    return tuple(lines)


def _summary(state: model.SeenSevenLeaves) -> DealSummary:
    """The deal just finished: each player's tricks in it, his total and where he stands; in a
    match of several games, the running table of the match beside them (§7.2): games lost so
    far and noses in all (unless the penalty is off)."""
    series = state.series
    result = series.results[-1]
    opts = state.options
    running = opts.games > 1
    noses = running and opts.penalty_display == model.COUNT
    rows = []
    for s in range(state.seats):
        this_deal = str(result.scores[s]) if s in state.active else "–"
        if s == state.loser:
            where = say("lost")
        elif state.safe_at[s]:
            where = say("safe")
        else:
            where = say("plays on")
        row = [seat(s), this_deal, str(state.tricks[s]), where]
        if running:
            row.append(str(state.losses[s]))
        if noses:
            row.append(str(state.noses[s]))
        rows.append(tuple(row))
    if state.loser is not None:
        title = (
            say("Game {g} of {n} is over", g=state.game + 1, n=opts.games)
            if opts.games > 1
            else say("The game is over")
        )
    elif state.playoff:
        title = say("The play-off deal is over")
    else:
        title = say("Deal {n} is over", n=state.deal)
    lines = [result.note]
    if state.coming_playoff and series.between:
        lines.append(
            say("Next: a play-off deal between {players}", players=model.seats_text(state.coming))
        )
    if state.phase is model.CUT_PHASE:
        pass  # the status line says who cuts
    elif state.penalties and state.loser is not None and opts.penalty_display == model.COUNT:
        p = state.penalties[-1]
        lines.append(
            say(
                "{who} cut {penalty}.",
                who=seat(p.seat),
                penalty=model.penalty_text(p.card, p.flicks, opts.flick_cards),
            )
        )
    columns = ["", say("tricks"), say("in all"), ""]
    if running:
        columns.append(say("lost"))
    if noses:
        columns.append(say("noses"))
    return DealSummary(title, tuple(columns), tuple(rows), tuple(lines))
