"""A toy game for testing the contract suite itself: the checks must catch a planted leak.

Two players hold three cards each from a ten-card pack; on his turn a player plays a card to
the discard pile or draws one from the stock.  The game ends when a hand is empty or the
stock is out.  ``Toy(leak=...)`` plants one leak, through one channel:

* ``"field"`` — a public state field remembers the card last drawn;
* ``"event"`` — the draw event names the card without declaring it private;
* ``"view"`` — the status line names the other player's cards;
* ``"refusal"`` — a refusal names a card the other player holds;
* ``"fact"`` — the player who drew is said to hold that card's rank (a ``HoldsRank`` fact),
  but the determinization is asked to forget facts, so samples break what is known;
* ``None`` — no leak: the checks must pass.

Two more leak through what the engine does with a drawn card, as Rang once did, and name no
card anywhere (so only the behaviour check can catch them).  A drawn card *fits* when it
could go on the discard pile: the pile is empty, or its top card has the same suit or a rank
next to it.

* ``"kept"`` — when the drawn card does not fit, the log adds "keeps the drawn card";
* ``"turn"`` — when the drawn card fits, the drawer keeps the turn (it passes otherwise);
* ``"legal"`` — drawing is refused (without a word about the card) when the stock's top card
  does not fit, so the moves offered tell whether it does;
* ``"order"`` — the drawn card goes first in the drawer's hand when the stock's next card
  fits, last otherwise, so the drawer learns about a card nobody has seen.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, TypeVar

from cardsuite.core.cards import Card, CardFace, Suit, deck_of
from cardsuite.core.errors import Refusal
from cardsuite.core.events import Event, private
from cardsuite.core.moves import Gesture, Move
from cardsuite.core.outcome import Better, Measure, Outcome
from cardsuite.core.protocol import Observation, RulesBase
from cardsuite.core.rng import shuffled
from cardsuite.core.table import (
    HoldsRank,
    Layout,
    PileSpec,
    Seat,
    SeenTable,
    Table,
    Visibility,
    pile_names,
    resample_hidden,
    unseen_cards,
)
from cardsuite.core.text import seat as who
from cardsuite.core.view import PileStyle, PileView, SeatView, TableView, seating

CARDS_LEFT = Measure("cards left", ("{n} card left", "{n} cards left"), Better.FEWER)

hand = pile_names("hand")
DECK = tuple(c for c in deck_of(range(2, 7)) if c.suit in (Suit.HEARTS, Suit.SPADES))


@dataclass(frozen=True, kw_only=True, slots=True)
class ToyOptions:
    pass


@dataclass(frozen=True, slots=True)
class Play(Move):
    card: Card

    def label(self) -> str:
        return f"play {self.card}"

    def gesture(self) -> Gesture:
        return Gesture(hand(self.seat), self.card, "discard")


@dataclass(frozen=True, slots=True)
class Draw(Move):
    def label(self) -> str:
        return "draw"


class Played(Event):
    seat: Seat
    card: Card

    def text(self) -> str:
        return f"{who(self.seat)} plays {self.card}"


class Drew(Event):
    seat: Seat
    card: CardFace = private()

    def text(self) -> str:
        return f"{who(self.seat)} draws {self.card if isinstance(self.card, Card) else 'a card'}"


class DrewOpenly(Event):
    """The leaky draw: the card is not declared private."""

    seat: Seat
    card: Card

    def text(self) -> str:
        return f"{who(self.seat)} draws a card"


class KeptUnfit(Event):
    """The leaky log line of the "kept" variant: said only when the drawn card does not fit."""

    seat: Seat

    def text(self) -> str:
        return f"{who(self.seat)} keeps the drawn card"


def fits(card: Card, top: Card | None) -> bool:
    """Whether ``card`` could go on a discard pile topped by ``top``."""
    return top is None or card.suit == top.suit or abs(card.rank - top.rank) == 1


T = TypeVar("T", Table, SeenTable)


class ToyState(NamedTuple, Generic[T]):
    table: T
    seed: int | None
    events: tuple[Event, ...]
    options: ToyOptions
    seats: int
    turn: Seat
    last_drawn: Card | None


LAYOUT = Layout(
    [
        PileSpec("stock", None, Visibility.HIDDEN),
        PileSpec("discard"),
        PileSpec(hand(0), 0, Visibility.OWNER),
        PileSpec(hand(1), 1, Visibility.OWNER),
    ]
)


class Toy(RulesBase[ToyState[Table], ToyState[SeenTable], Play | Draw]):
    id = "toy"
    title = "Toy"
    original_name = "Toy"
    seat_counts = (2,)
    summary = "A game for testing the tests."
    Options = ToyOptions

    def __init__(self, leak: str | None = None) -> None:
        self.leak = leak

    def new_game(self, *, seats: int, options: Any = None, seed: int = 0) -> ToyState[Table]:
        cards = shuffled(DECK, seed, "deal")
        piles = (tuple(cards[6:]), (), tuple(cards[:3]), tuple(cards[3:6]))
        return ToyState(Table(LAYOUT, piles), seed, (), ToyOptions(), 2, 0, None)

    def deck(self, state: ToyState[Any]) -> tuple[Card, ...]:
        return DECK

    def to_move(self, state: ToyState[Table]) -> frozenset[Seat]:
        table = state.table
        if not table.cards("stock") or not table.cards(hand(0)) or not table.cards(hand(1)):
            return frozenset()
        return frozenset({state.turn})

    def candidates(self, state: ToyState[Table], seat: Seat) -> Iterable[Play | Draw]:
        for card in DECK:
            yield Play(seat, card)
        yield Draw(seat)

    def why_illegal(self, state: ToyState[Table], move: Play | Draw) -> Refusal | None:
        refusal = self.not_your_turn(state, move)
        if refusal is None and isinstance(move, Draw) and self.leak == "legal":
            stock = state.table.cards("stock")
            if not fits(stock[-1], state.table.top("discard")):
                return Refusal("NoDraw", "you may not draw now")
        if refusal is not None or isinstance(move, Draw):
            return refusal
        if move.card not in state.table.cards(hand(move.seat)):
            text = f"you do not hold {move.card}"
            if self.leak == "refusal":
                other = state.table.cards(hand(1 - move.seat))
                text += f"; the other player holds {other[0]}"
            return Refusal("NotHeld", text)
        return None

    def perform(self, state: ToyState[Table], move: Play | Draw) -> ToyState[Table]:
        edit = state.table.edit()
        last = state.last_drawn
        turn = 1 - state.turn
        if isinstance(move, Play):
            edit.move(hand(move.seat), "discard", move.card)
            events: tuple[Event, ...] = (Played(move.seat, move.card),)
        else:
            top = state.table.top("discard")
            (card,) = edit.take_top("stock")
            rest = edit["stock"]
            if self.leak == "order" and rest and fits(rest[-1], top):
                edit[hand(move.seat)] = (card, *edit[hand(move.seat)])
            else:
                edit.add(hand(move.seat), card)
            drew = DrewOpenly(move.seat, card) if self.leak == "event" else Drew(move.seat, card)
            events = (drew,)
            if self.leak == "field":
                last = card
            if self.leak == "fact":
                edit.known = (*edit.known, HoldsRank(hand(move.seat), card.rank))
            if self.leak == "kept" and not fits(card, top):
                events += (KeptUnfit(move.seat),)
            if self.leak == "turn" and fits(card, top):
                turn = state.turn
        return ToyState(edit.freeze(), state.seed, events, state.options, 2, turn, last)

    def determinize(self, obs: Observation[ToyState[SeenTable]], rng: random.Random) -> Any:
        state = obs.state
        table = state.table
        if self.leak == "fact":  # a determinization that ignores what everyone knows
            table = table._replace(known=())
        pool = unseen_cards(DECK, table.all_faces())
        full = resample_hidden(table, obs.viewer, rng, pool)
        return state._replace(table=full._replace(known=state.table.known), seed=0)

    def outcome(self, state: ToyState[Table]) -> Outcome | None:
        if self.to_move(state):
            return None
        counts = [state.table.count(hand(s)) for s in range(2)]
        return Outcome.from_scores(
            counts, "fewest cards wins", higher_wins=False, measure=CARDS_LEFT
        )

    def present(self, obs: Observation[ToyState[SeenTable]]) -> TableView:
        state = obs.state
        table = state.table
        seats = tuple(
            SeatView(
                seat=s,
                piles=(PileView(hand(s), "hand", PileStyle.FAN, table.faces(hand(s)), owner=s),),
                to_move=s == state.turn,
                is_viewer=s == obs.viewer,
            )
            for s in seating(obs.viewer, 2)
        )
        status = f"{who(state.turn)} to play"
        if self.leak == "view" and obs.viewer is not None:
            status += f" (the other player holds {len(table.faces(hand(1 - obs.viewer)))})"
            status += " " + " ".join(str(c) for c in self._peek(obs))
        centre = (
            PileView("stock", "stock", PileStyle.STACK, table.faces("stock")),
            PileView("discard", "discard", PileStyle.STACK, table.faces("discard")),
        )
        return TableView("Toy", obs.viewer, seats, centre, status)

    def _peek(self, obs: Observation[ToyState[SeenTable]]) -> tuple[Card, ...]:
        """The leak of the "view" variant: what a presenter could only know by cheating."""
        return tuple(c for c in DECK if c not in obs.state.table.all_visible())[:2]
