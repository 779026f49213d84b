"""How Grabush looks: the table from one seat.

The Match fills in the partnership tags ("side A" / "side B") on each seat with the names.

With six or eight players the others' seats take a compact form: a hand is a badge ("5
cards") and only the discard piles holding cards are shown, as squared stacks (top card and
count), so eight seats fit one screen.

With two or four the table keeps one shape for the whole deal: the piles state their rooms
(``PileView.most``), every discard pile and every stack slot has its place from the start
(the next Ace starts the first free slot), the others' hands are badges and their discard
piles squared stacks, and the viewer's discards fan their newest cards, the older ones folded
under a count.
"""

from __future__ import annotations

from cardsuite.core.cards import KING
from cardsuite.core.presenting import SeatParts, table_view
from cardsuite.core.protocol import Observation
from cardsuite.core.series import deal_summary, score_sheet
from cardsuite.core.table import Seat
from cardsuite.core.text import say, seat
from cardsuite.core.view import PileStyle, PileView, ScoreSheet, TableView, by_rank, pile_view
from cardsuite.games.grabush import model

COMPACT_FROM = 6  # seats from which the others' seats take the compact form
FAN_MOST = 8  # the viewer's discards show this many cards fanned, the older folded under a count


def present(obs: Observation[model.SeenGrabush]) -> TableView:
    """The table as ``obs.viewer`` sees it, the viewer first."""
    state = obs.state
    table = state.table
    n = state.seats
    compact = n >= COMPACT_FROM

    centre: list[PileView] = []
    for t in (0, 1):
        centre.append(
            pile_view(
                table,
                model.TEAM_PILES[t],
                say("pile {team}", team=model.TEAM_NAMES[t]),
                PileStyle.STACK,
                placeholder=say("empty"),
                most=_room(state, model.TEAM_PILE_SIZE),
            )
        )
    used = set(state.stacks)
    free = next((i for i in range(len(used) + 1) if i not in used), None)
    cards = 52 * model.decks_for(n)
    if compact:  # the stacks in play, then the slot the next Ace starts
        for i in state.stacks:
            centre.append(pile_view(table, model.stack(i), say("stack"), PileStyle.STACK))
        if free is not None and free < model.slots_for(n):
            centre.append(
                PileView(model.stack(free), say("new"), PileStyle.STACK, (), placeholder=say("Ace"))
            )
    else:  # every slot in its place: the next Ace starts the first free one
        for i in range(model.slots_for(n)):
            faces = table.faces(model.stack(i))
            placeholder = say("new: Ace") if i == free else ""  # (the label keeps its length)
            centre.append(
                PileView(
                    model.stack(i),
                    say("stack"),
                    PileStyle.STACK,
                    faces,
                    placeholder=placeholder,
                    most=KING,
                )
            )
    stock = table.count(model.STOCK)
    books = table.count(model.BOOKS)
    centre.append(
        pile_view(table, model.STOCK, say("stock"), PileStyle.STACK, most=_room(state, cards))
    )
    centre.append(
        pile_view(table, model.BOOKS, say("books"), PileStyle.STACK, most=_room(state, cards))
    )
    info = [
        say(
            "Team piles: A {a} · B {b}",
            a=table.count(model.TEAM_PILES[0]),
            b=table.count(model.TEAM_PILES[1]),
        ),
        say("Stock {stock} · books {books}", stock=stock, books=books),
        say("Stacks go A to K, suits ignored; Aces must be played; a discard ends the turn"),
    ]
    if state.options.match_wins > 1:
        info.append(
            say(
                "Deals won: A {a} · B {b} (first to {k})",
                a=state.wins[0],
                b=state.wins[1],
                k=state.options.match_wins,
            )
        )
    if not (state.options.own_discard_playable or n == 2):
        info.append(say("Only teammates' discard piles may be played from"))
    summary = None
    if state.over:
        result = state.series.results[-1] if state.series.results else None
        if state.series.between and result is not None:
            totals = tuple(state.wins[model.team_of(s)] for s in range(n))
            summary = deal_summary(
                state.series, n, this_deal=say("won"), total=say("deals won"), totals=totals
            )
            status = say(
                "{note} — {who} deals next", note=result.note, who=seat(state.series.next_dealer(n))
            )
        else:
            status = say("Game over — {note}", note=result.note if result else "")
    elif state.penalty:
        status = say(
            "{who}: slip a card into the {team} pile, or give none",
            who=seat(state.penalty[0]),
            team=model.team_word(1 - model.team_of(state.penalty[0])),
        )
    else:
        status = say(
            "{who} to play ({team}): build on the stacks, then discard to end the turn",
            who=seat(state.turn),
            team=model.team_word(model.team_of(state.turn)),
        )
    scores = _score_sheet(state) if state.options.match_wins > 1 else None
    return table_view(
        obs, say("Grabush"), _seat, centre, status, info, summary=summary, scores=scores
    )


def _seat(state: model.SeenGrabush, s: Seat, viewer: Seat | None) -> SeatParts:
    table = state.table
    n = state.seats
    piles_each = state.options.discard_piles_per_player
    compact = n >= COMPACT_FROM
    mine = s == viewer
    held = table.faces(model.hand(s))
    piles: list[PileView] = []
    if mine:
        piles.append(
            PileView(
                model.hand(s),
                say("hand"),
                PileStyle.FAN,
                tuple(sorted(held, key=by_rank())),
                owner=s,
                placeholder=say("no cards"),
                most=_room(state, model.HAND_SIZE),
            )
        )
    else:  # another's hand: a badge with its count, which keeps its size
        piles.append(
            PileView(
                model.hand(s), say("hand"), PileStyle.BADGE, held, owner=s, note=str(len(held))
            )
        )
    free_shown = False
    for k in range(piles_each):
        name = model.discard(s, k)
        faces = table.faces(name)
        start_here = False
        if not faces:
            if compact and (free_shown or not mine):
                continue  # an empty pile is shown only where the viewer may start one
            start_here = mine and not free_shown  # (with rooms, every pile shows)
            free_shown = free_shown or start_here
        if piles_each > 1:
            label = str(k + 1) if compact and not mine else say("pile {n}", n=k + 1)
        else:
            label = "" if compact and not mine else say("discards")
        # the others' squared up (top card and count), all of them with six seats or more;
        # the viewer's fanned, the oldest folded under a count beyond its room
        style = PileStyle.STACK if compact or not mine else PileStyle.FAN
        piles.append(
            PileView(
                name,
                label,
                style,
                faces,
                owner=s,
                placeholder=(say("discard here") if piles_each == 1 else say("new pile"))
                if mine and (start_here or faces)
                else "",
                most=_room(state, FAN_MOST),
            )
        )
    marks = [say("dealer")] if s == state.series.dealer else []
    score = model.team_word(model.team_of(s)) if n == 2 else ""
    return SeatParts(piles, marks, score=score, to_move=s == model.to_act(state))


def _room(state: model.SeenGrabush, most: int) -> int:
    """Up to four seats the piles state their rooms (PileView.most) and every pile and stack
    slot has its place, so the table keeps its shape for the deal."""
    return 0 if state.seats >= COMPACT_FROM else most


def _score_sheet(state: model.SeenGrabush) -> ScoreSheet:
    """Every deal so far: which team won it (1; a draw gives neither a deal) and the deals
    each team has won."""
    return score_sheet(
        state.series,
        [(say("Team {name}", name=model.TEAM_NAMES[t]), t) for t in range(2)],  # seat t: team t
        title=say("Grabush"),
        scored=say("won"),
        total=say("in all"),
        lines=(
            say("The first team to win {k} deals takes the match.", k=state.options.match_wins),
        ),
    )
