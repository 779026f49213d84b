"""Race: a tiny real-time game for testing the runner (the Match's clock and bot scheduler).

Two players each hold four open cards; a centre pile shows one card.  At any moment either
player may play a card whose rank is next to the centre's top card (one up or down).  When
neither can play, a new centre card falls due ``TURN_UP_DELAY`` ms later: the top of the stock
goes onto the centre.  The first to empty his hand wins; when the stock is out and nobody can
play, the fewer cards left wins.  In ``turns`` mode the same game is played in turn, without a
clock: a player who cannot play turns up the next card himself (``TurnUp``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, TypeVar

from cardsuite.core.cards import Card, Suit, deck_of
from cardsuite.core.errors import Refusal
from cardsuite.core.events import Event
from cardsuite.core.moves import Gesture, Move
from cardsuite.core.outcome import Better, Measure, Outcome
from cardsuite.core.protocol import Observation, RulesBase
from cardsuite.core.rng import shuffled
from cardsuite.core.table import Layout, PileSpec, Seat, SeenTable, Table, pile_names
from cardsuite.core.text import seat as who
from cardsuite.core.view import KeyMove, PileStyle, PileView, SeatView, TableView, seating

CARDS_LEFT = Measure("cards left", ("{n} card left", "{n} cards left"), Better.FEWER)

hand = pile_names("hand")
DECK = tuple(c for c in deck_of(range(1, 14)) if c.suit in (Suit.HEARTS, Suit.SPADES))
TURN_UP_DELAY = 1000
REACTION = {"easy": (900, 1500), "normal": (400, 700)}


@dataclass(frozen=True, kw_only=True, slots=True)
class RaceOptions:
    turns: bool = False


@dataclass(frozen=True, slots=True)
class Play(Move):
    card: Card

    def label(self) -> str:
        return f"play {self.card}"

    def gesture(self) -> Gesture:
        return Gesture(hand(self.seat), self.card, "centre")


@dataclass(frozen=True, slots=True)
class TurnUp(Move):
    """Turn mode only: turn up the next centre card (when you cannot play)."""

    def label(self) -> str:
        return "turn up"


class Played(Event):
    seat: Seat
    card: Card

    def text(self) -> str:
        return f"{who(self.seat)} plays {self.card}"


class TurnedUp(Event):
    card: Card

    def text(self) -> str:
        return f"{self.card} is turned up"


T = TypeVar("T", Table, SeenTable)


class RaceState(NamedTuple, Generic[T]):
    table: T
    seed: int | None
    events: tuple[Event, ...]
    options: RaceOptions
    seats: int
    clock: int
    turn_up_due: int | None  # real time: when the next centre card falls due
    turn: Seat  # turn mode: who is to play


LAYOUT = Layout(
    [
        PileSpec("stock"),
        PileSpec("centre"),
        PileSpec(hand(0), 0),
        PileSpec(hand(1), 1),
    ]
)


def fits(card: Card, top: Card) -> bool:
    return abs(card.rank - top.rank) == 1


class Race(RulesBase[RaceState[Table], RaceState[SeenTable], Play | TurnUp]):
    id = "race"
    title = "Race"
    original_name = "Race"
    seat_counts = (2,)
    summary = "A tiny real-time game for testing the runner."
    Options = RaceOptions

    def new_game(self, *, seats: int, options: Any = None, seed: int = 0) -> RaceState[Table]:
        opts = self.resolve_options(options)
        cards = shuffled(DECK, seed, "deal")
        piles = (tuple(cards[9:]), (cards[8],), tuple(cards[:4]), tuple(cards[4:8]))
        state = RaceState(Table(LAYOUT, piles), seed, (), opts, 2, 0, None, 0)
        return self._bookkeeping(state)

    def deck(self, state: Any) -> tuple[Card, ...]:
        return DECK

    def realtime(self, state: Any) -> bool:
        return not state.options.turns

    def reaction_ms(self, level: str) -> tuple[int, int] | None:
        return REACTION.get(level)

    def next_due(self, state: Any) -> int | None:
        return state.turn_up_due

    def advance(self, state: RaceState[Table], now: int) -> RaceState[Table]:
        """Turn up what has fallen due; the events are those of the turn-ups (the state's own
        when nothing fell due)."""
        events: tuple[Event, ...] = ()
        start = state
        while state.turn_up_due is not None and state.turn_up_due <= now and not self.over(state):
            due = state.turn_up_due
            edit = state.table.edit()
            (card,) = edit.take_top("stock")
            edit.add("centre", card)
            state = state._replace(table=edit.freeze(), clock=due, events=(TurnedUp(card),))
            state = self._bookkeeping(state)
            events = events + state.events
        if state is start:
            return state._replace(clock=max(now, state.clock))
        return state._replace(clock=max(now, state.clock), events=events)

    def _plays(self, state: RaceState[Table], seat: Seat) -> list[Card]:
        top = state.table.top("centre")
        assert top is not None
        return [c for c in state.table.cards(hand(seat)) if fits(c, top)]

    def _bookkeeping(self, state: RaceState[Table]) -> RaceState[Table]:
        """Real time, after every step (each moves a card): when nobody can play and the stock
        has cards, a turn-up falls due ``TURN_UP_DELAY`` after it."""
        if state.options.turns:
            return state
        stuck = not self._plays(state, 0) and not self._plays(state, 1)
        if not stuck or not state.table.cards("stock") or self.over(state):
            return state._replace(turn_up_due=None)
        return state._replace(turn_up_due=state.clock + TURN_UP_DELAY)

    def over(self, state: RaceState[Any]) -> bool:
        table = state.table
        if not table.count(hand(0)) or not table.count(hand(1)):
            return True
        stuck = not self._plays(state, 0) and not self._plays(state, 1)  # type: ignore[arg-type]
        return stuck and not table.count("stock")

    def to_move(self, state: RaceState[Table]) -> frozenset[Seat]:
        if self.over(state):
            return frozenset()
        return frozenset({state.turn}) if state.options.turns else frozenset({0, 1})

    def candidates(self, state: RaceState[Table], seat: Seat) -> Iterable[Play | TurnUp]:
        for card in state.table.cards(hand(seat)):
            yield Play(seat, card)
        if state.options.turns:
            yield TurnUp(seat)

    def why_illegal(self, state: RaceState[Table], move: Play | TurnUp) -> Refusal | None:
        refusal = self.not_your_turn(state, move)
        if refusal is not None:
            return refusal
        if isinstance(move, TurnUp):
            if self._plays(state, move.seat):
                return Refusal("CanPlay", "you can play: turn up only when you cannot")
            return None
        if move.card not in state.table.cards(hand(move.seat)):
            return Refusal("NotHeld", f"you do not hold {move.card}")
        top = state.table.top("centre")
        assert top is not None
        if not fits(move.card, top):
            return Refusal("NotAdjacent", f"{move.card} is not next to {top}")
        return None

    def perform(self, state: RaceState[Table], move: Play | TurnUp) -> RaceState[Table]:
        edit = state.table.edit()
        if isinstance(move, Play):
            edit.move(hand(move.seat), "centre", move.card)
            events: tuple[Event, ...] = (Played(move.seat, move.card),)
        else:
            (card,) = edit.take_top("stock")
            edit.add("centre", card)
            events = (TurnedUp(card),)
        turn = 1 - state.turn if state.options.turns else state.turn
        new = state._replace(table=edit.freeze(), events=events, turn=turn)
        return self._bookkeeping(new)

    def outcome(self, state: RaceState[Table]) -> Outcome | None:
        if not self.over(state):
            return None
        counts = [state.table.count(hand(s)) for s in range(2)]
        return Outcome.from_scores(
            counts, "fewer cards left wins", higher_wins=False, measure=CARDS_LEFT
        )

    def present(self, obs: Observation[RaceState[SeenTable]]) -> TableView:
        state = obs.state
        table = state.table
        seats = tuple(
            SeatView(
                seat=s,
                piles=(PileView(hand(s), "hand", PileStyle.FAN, table.faces(hand(s)), owner=s),),
                to_move=True,
                is_viewer=s == obs.viewer,
            )
            for s in seating(obs.viewer, 2)
        )
        centre = (
            PileView("stock", "stock", PileStyle.STACK, table.faces("stock")),
            PileView("centre", "centre", PileStyle.STACK, table.faces("centre")),
        )
        keys = tuple(
            KeyMove(s, key, f"play {card}", f"card {n + 1}")
            for s, block in ((0, "asdf"), (1, "hjkl"))
            for n, (key, card) in enumerate(zip(block, table.faces(hand(s)), strict=False))
        )
        return TableView(
            "Race", obs.viewer, seats, centre, "race", countdown="Turn-up!", key_moves=keys
        )


class RaceBot:
    """Plays the first card that fits."""

    def choose(self, game: Any, obs: Any, legal: Any, rng: Any) -> Any:
        return legal[0]
