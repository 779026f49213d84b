"""How Grabuge looks: the table from one seat, and its events in words.

All text is engine text: seats are written ``{s0}``/``{s1}`` and :func:`present` fills in the
names.  Nothing here decides a rule; it only reads the (already redacted) observation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardsuite.core.cards import KING, Card, CardFace, rank_index
from cardsuite.core.protocol import Event, Observation
from cardsuite.core.text import fill, seat
from cardsuite.core.view import PileStyle, PileView, SeatView, TableView, seating
from cardsuite.games.grabuge.model import (
    AT_BATCH,
    AT_COLUMN,
    AT_GRABUGE,
    AT_STOCK,
    AT_TURNED,
    AT_WON,
    COLUMNS,
    FIXED,
    PER_SEAT,
    SEATS,
    GrabugeState,
    batch_pile,
    grabuge_pile,
    reserve_pile,
    stock_pile,
    turned_pile,
    won_pile,
)

if TYPE_CHECKING:
    from cardsuite.games.grabuge.engine import Grabuge


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _onto(cards: tuple[CardFace, ...]) -> str:
    """Where a played card went: on the card below it, or to a new packet."""
    return f"on {cards[1]}" if len(cards) > 1 else "to start a new packet"


def describe(event: Event) -> str:
    """One log line for an event."""
    who = seat(event.seat) if event.seat is not None else ""
    kind, cards, value = event.kind, event.cards, event.value
    card = str(cards[0]) if cards else ""
    if kind == "deal":
        return f"Deal {value}: {who} deals"
    if kind == "grabuge_top":
        return f"{who}'s grabuge shows {card}"
    if kind == "setup_ace":
        return f"{who} lays {card} from the grabuge as the base of a packet"
    if kind == "precedence":
        if value == "tie":
            rank = rank_index(cards[0].rank) if cards and isinstance(cards[0], Card) else "nothing"
            return f"Both grabuges show {rank}: {who}, who did not deal, plays first"
        if len(cards) == 2:
            return f"{who} plays first: {cards[0]} is higher than {cards[1]}"
        return f"{who} plays first: the other grabuge is empty"
    if kind == "turn":
        return f"{who}'s turn"
    if kind == "play_grabuge":
        return f"{who} plays {card} from the grabuge {_onto(cards)}"
    if kind == "play_reserve":
        return f"{who} plays {card} from column {value} {_onto(cards)}"
    if kind == "draw":
        return f"{who} takes {_plural(int(value or 0), 'card')} from the stock"
    if kind == "batch_play":
        return f"{who} turns {card} and plays it {_onto(cards)}"
    if kind == "batch_place":
        return f"{who} turns {card} — no place — reserve column {value}"
    if kind == "batch_turn":
        return f"{who} turns {card} — no place: which column?"
    if kind == "place":
        return f"{who} puts {card} on reserve column {value}"
    if kind == "place_new":
        return f"{who} starts reserve column {value} with {card}"
    if kind == "convert":
        return (
            f"{who}'s stock is out: the grabuge ({_plural(int(value or 0), 'card')}, "
            f"{card} on top) becomes the stock"
        )
    if kind == "bonus":
        return f"{who} is first to empty the grabuge: {value} bonus packets"
    if kind == "grabuge_empty":
        return f"{who}'s grabuge is empty too, but the bonus is already taken"
    if kind == "packet":
        return f"{who} crowns a packet with {card} ({_plural(int(value or 0), 'packet')} won)"
    if kind == "pass":
        return f"{who} has nothing to play"
    if kind == "score":
        won, leftover, bonus = (int(x) for x in str(value).split())
        total = won + leftover + bonus
        return (
            f"{who} counts {_plural(total, 'packet')}: {won} crowned, "
            f"{leftover} for leftover cards, {bonus} bonus"
        )
    if kind == "deal_end":
        if event.seat is None:
            return f"Deal {value} is a draw"
        return f"{who} wins deal {value}"
    return kind


def present(
    game: Grabuge,
    obs: Observation[GrabugeState],
    names: Sequence[str],
) -> TableView:
    """The table as ``obs.viewer`` sees it, the viewer first."""
    state = obs.state
    piles = state.table.piles
    over = state.over
    won = game.won(state)
    leftover = game.leftover(state)
    match = state.options.match_deals > 1
    totals = game.totals(state)

    def name(s: int) -> str:
        return names[s] if s < len(names) else f"Player {s + 1}"

    seats = []
    for s in seating(obs.viewer, SEATS):
        b = s * PER_SEAT
        grabuge = piles[b + AT_GRABUGE]
        columns = tuple(
            PileView(
                reserve_pile(s, k),
                f"column {k}",
                PileStyle.COLUMN,
                piles[b + AT_COLUMN + k - 1],
                owner=s,
                placeholder="free column",
            )
            for k in range(1, COLUMNS + 1)
        )
        views = (
            PileView(
                grabuge_pile(s),
                "grabuge",
                PileStyle.STACK,
                grabuge,
                owner=s,
                note="used as stock" if state.converted[s] else _plural(len(grabuge), "card"),
                placeholder="empty",
            ),
            PileView(stock_pile(s), "stock", PileStyle.STACK, piles[b + AT_STOCK], owner=s,
                     note=_plural(len(piles[b + AT_STOCK]), "card"), placeholder="empty"),
            PileView(batch_pile(s), "batch", PileStyle.ROW, piles[b + AT_BATCH], owner=s),
            PileView(turned_pile(s), "turned", PileStyle.STACK, piles[b + AT_TURNED], owner=s,
                     note="no place: which column?" if piles[b + AT_TURNED] else ""),
            *columns,
            PileView(won_pile(s), "won", PileStyle.BADGE, piles[b + AT_WON], owner=s,
                     note=_plural(won[s], "packet")),
        )  # fmt: skip
        status = []
        if s == state.dealer:
            status.append("dealer")
        if s == state.first:
            status.append("precedence")
        if state.bonus[s]:
            status.append(f"bonus +{state.bonus[s]}")
        score = f"won {won[s]} · reserve {leftover[s]}"
        if match:
            score += f" · match {totals[s]}"
        seats.append(
            SeatView(
                seat=s,
                name=name(s),
                piles=views,
                status=" · ".join(status),
                score=score,
                to_move=not over and s == state.active,
                is_viewer=s == obs.viewer,
            )
        )

    centre = []
    for i, pile in enumerate(piles[FIXED:], start=1):
        top = pile[-1]
        needs = rank_index(top.rank + 1) if isinstance(top, Card) and top.rank < KING else ""
        spec = state.table.layout.specs[FIXED + i - 1]
        centre.append(
            PileView(spec.id, f"packet {i}", PileStyle.STACK, pile, note=f"needs {needs}")
        )

    if over:
        outcome = game.outcome(state)
        status_line = outcome.reason if outcome is not None else "The game is over"
    else:
        p = state.active
        turned = piles[p * PER_SEAT + AT_TURNED]
        if turned:
            status_line = f"{seat(p)}: where does {turned[0]} go?"
        else:
            status_line = f"{seat(p)}: which reserve column plays first?"

    info = []
    if match:
        info.append(
            f"Deal {state.deal + 1} of {state.options.match_deals} · dealer {seat(state.dealer)}"
        )
    else:
        info.append(f"Dealer: {seat(state.dealer)}")
    info.append(f"Precedence: {seat(state.first)}")
    if any(state.bonus):
        taker = 0 if state.bonus[0] else 1
        info.append(f"Bonus: {seat(taker)} +{state.bonus[taker]}")
    else:
        info.append("Bonus: not yet won")
    info.append(f"Packets won: {seat(0)} {won[0]} · {seat(1)} {won[1]}")
    info.append(f"On the tableau: {_plural(len(piles) - FIXED, 'packet')}")
    info.append(f"Reserve cards: {seat(0)} {leftover[0]} · {seat(1)} {leftover[1]}")
    for n, (a, b) in enumerate(state.results, start=1):
        info.append(f"Deal {n}: {seat(0)} {a} – {seat(1)} {b}")
    if match:
        info.append(f"Match: {seat(0)} {totals[0]} – {seat(1)} {totals[1]}")

    title = "Grabuge"
    if match:
        title += f" · deal {state.deal + 1} of {state.options.match_deals}"
    return TableView(
        title=title,
        viewer=obs.viewer,
        seats=tuple(seats),
        centre=tuple(centre),
        status=fill(status_line, names),
        info=tuple(fill(line, names) for line in info),
    )
