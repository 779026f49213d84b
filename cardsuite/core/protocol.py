"""The Game protocol every engine implements, and RulesBase, which derives most of it.

An engine is a stateless object; all game data lives in immutable *state* values.  A state is a
``NamedTuple`` with at least these fields:

* ``table`` — a :class:`~cardsuite.core.table.Table` holding every card of the game;
* ``seed`` — the match seed, for shuffles during play (None in an observation);
* ``events`` — what the last ``apply`` (or the deal) did, as :class:`Event` values.

Every other field must be public knowledge: no field may name a card some seat cannot see.
Under that convention observing, hiding and determinizing are generic, and RulesBase does them.

The single legality check is ``why_illegal``.  ``legal_moves`` is, by definition, the
``candidates`` that ``why_illegal`` accepts; a game may compute it more directly for speed,
and the contract suite checks that the two agree on every state it visits.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, Self, TypeVar, runtime_checkable

from cardsuite.core.cards import FACE_DOWN, Card, CardFace
from cardsuite.core.errors import IllegalMoveError, NotationError, OptionsError
from cardsuite.core.moves import Move
from cardsuite.core.outcome import Outcome
from cardsuite.core.table import Seat, Table, redact, resample_hidden, unseen_cards
from cardsuite.core.text import seat as seat_token
from cardsuite.core.view import TableView


class Event(NamedTuple):
    """Something that happened, for the log: a move's effect or an automatic step.

    ``cards`` may be private to one seat (a drawn card); other viewers then see them face down.
    ``value`` carries a detail such as a named rank or a column number.
    """

    kind: str
    seat: Seat | None = None
    cards: tuple[CardFace, ...] = ()
    value: int | str | None = None
    private_to: Seat | None = None

    def seen_by(self, viewer: Seat | None) -> Event:
        if self.private_to is None or self.private_to == viewer or not self.cards:
            return self
        return self._replace(cards=(FACE_DOWN,) * len(self.cards))


@runtime_checkable
class GameState(Protocol):
    @property
    def table(self) -> Table: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def events(self) -> tuple[Event, ...]: ...
    @property
    def _replace(self) -> Callable[..., Self]: ...  # NamedTuple's copy-with-changes


S = TypeVar("S", bound=GameState)
M = TypeVar("M", bound=Move)


class Observation(NamedTuple, Generic[S]):
    """What one seat knows: the state with every card it may not see turned face down."""

    viewer: Seat | None
    state: S


class Game(Protocol[S, M]):
    """The consumer's view of an engine (see DESIGN.md §3)."""

    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def original_name(self) -> str: ...
    @property
    def aliases(self) -> tuple[str, ...]: ...
    @property
    def seat_counts(self) -> tuple[int, ...]: ...
    @property
    def summary(self) -> str: ...
    @property
    def Options(self) -> type[Any]: ...

    def new_game(self, *, seats: int, options: Any = None, seed: int = 0) -> S: ...
    def to_move(self, state: S) -> frozenset[Seat]: ...
    def candidates(self, state: S, seat: Seat) -> Iterable[M]: ...
    def legal_moves(self, state: S, seat: Seat) -> tuple[M, ...]: ...
    def why_illegal(self, state: S, move: M) -> str | None: ...
    def apply(self, state: S, move: M) -> S: ...
    def outcome(self, state: S) -> Outcome | None: ...
    def observe(self, state: S, viewer: Seat | None) -> Observation[S]: ...
    def present(self, obs: Observation[S], names: Sequence[str]) -> TableView: ...
    def describe(self, event: Event) -> str: ...
    def move_to_text(self, move: M) -> str: ...
    def move_from_text(self, state: S, text: str, seat: Seat | None = None) -> M: ...
    def deck(self, state: S) -> tuple[Card, ...]: ...
    def determinize(self, obs: Observation[S], rng: random.Random) -> S: ...
    def rules(self) -> str: ...
    def options_of(self, state: S) -> Any: ...
    def seats_of(self, state: S) -> int: ...
    def check_seats(self, seats: int) -> None: ...


def _counts(counts: tuple[int, ...]) -> str:
    """``2 to 10``, ``2``, or ``2, 4 or 6`` players."""
    lo, hi = min(counts), max(counts)
    if lo == hi:
        return str(lo)
    if len(counts) == hi - lo + 1:
        return f"{lo} to {hi}"
    return ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}"


def normalise_notation(text: str) -> str:
    """Fold case, spacing and suit spelling so ``Play 6S`` reads as ``play 6♠``."""
    text = unicodedata.normalize("NFC", text).casefold()
    for symbol, letter in (("♠", "s"), ("♥", "h"), ("♦", "d"), ("♣", "c")):
        text = text.replace(symbol, letter)
    return " ".join(text.split())


class RulesBase(Generic[S, M]):
    """Everything of the Game protocol that follows from the few rules-specific methods.

    A game supplies: the metadata, ``Options``, ``new_game``, ``to_move``, ``candidates``,
    ``why_illegal``, ``perform`` (apply a move known to be legal), ``outcome``, ``present``,
    ``describe`` and ``deck``.  States must have ``options`` and ``seats`` fields besides the
    three the module docstring names.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    original_name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    seat_counts: ClassVar[tuple[int, ...]]
    summary: ClassVar[str]
    Options: ClassVar[type[Any]]

    # --- to be supplied by each game -----------------------------------------------------
    def new_game(self, *, seats: int, options: Any = None, seed: int = 0) -> S:
        raise NotImplementedError

    def to_move(self, state: S) -> frozenset[Seat]:
        raise NotImplementedError

    def candidates(self, state: S, seat: Seat) -> Iterable[M]:
        """Every move worth asking ``why_illegal`` about, legal or not."""
        raise NotImplementedError

    def why_illegal(self, state: S, move: M) -> str | None:
        raise NotImplementedError

    def perform(self, state: S, move: M) -> S:
        """Apply a move already known to be legal."""
        raise NotImplementedError

    def outcome(self, state: S) -> Outcome | None:
        raise NotImplementedError

    def present(self, obs: Observation[S], names: Sequence[str]) -> TableView:
        raise NotImplementedError

    def describe(self, event: Event) -> str:
        raise NotImplementedError

    def deck(self, state: S) -> tuple[Card, ...]:
        """Every card of the game, whatever pile it is in."""
        raise NotImplementedError

    # --- derived ---------------------------------------------------------------------------
    def legal_moves(self, state: S, seat: Seat) -> tuple[M, ...]:
        return tuple(m for m in self.candidates(state, seat) if self.why_illegal(state, m) is None)

    def apply(self, state: S, move: M) -> S:
        reason = self.why_illegal(state, move)
        if reason is not None:
            raise IllegalMoveError(move, reason)
        return self.perform(state, move)

    def observe(self, state: S, viewer: Seat | None) -> Observation[S]:
        events = tuple(event.seen_by(viewer) for event in state.events)
        hidden = state._replace(table=redact(state.table, viewer), seed=None, events=events)
        return Observation(viewer, hidden)

    def determinize(self, obs: Observation[S], rng: random.Random) -> S:
        """A full state the observer cannot tell from the real one, drawn at random."""
        state = obs.state
        pool = unseen_cards(self.deck(state), state.table.all_cards())
        table = resample_hidden(state.table, obs.viewer, rng, pool)
        return state._replace(table=table, seed=rng.getrandbits(63))

    def move_to_text(self, move: M) -> str:
        return move.notation()

    def move_from_text(self, state: S, text: str, seat: Seat | None = None) -> M:
        """The legal move whose notation (or label) reads as ``text``."""
        wanted = normalise_notation(text)
        seats = sorted(self.to_move(state)) if seat is None else [seat]
        for s in seats:
            for move in self.legal_moves(state, s):
                if wanted in (
                    normalise_notation(move.notation()),
                    normalise_notation(move.label()),
                ):
                    return move
        raise NotationError(f"{text!r} is not a legal move now")

    def rules(self) -> str:
        """The rules in Markdown, from ``cardsuite/games/rules/<id>.md``."""
        from importlib.resources import files

        return (files("cardsuite.games") / "rules" / f"{self.id}.md").read_text(encoding="utf-8")

    def options_of(self, state: S) -> Any:
        return state.options  # type: ignore[attr-defined]

    def seats_of(self, state: S) -> int:
        return int(state.seats)  # type: ignore[attr-defined]

    # --- helpers for games -----------------------------------------------------------------
    def check_seats(self, seats: int) -> None:
        """Raise OptionsError unless this game can be played by ``seats`` players."""
        if seats not in self.seat_counts:
            raise OptionsError(
                f"{self.title} is for {_counts(self.seat_counts)} players, not {seats}"
            )

    def resolve_options(self, options: Any) -> Any:
        if options is None:
            return self.Options()
        if not isinstance(options, self.Options):
            raise OptionsError(f"{self.title} expects {self.Options.__name__}, got {options!r}")
        return options

    def not_your_turn(self, state: S, move: M) -> str | None:
        """The standard refusal for a seat that may not act now, or None."""
        if move.seat in self.to_move(state):
            return None
        if not self.to_move(state):
            return "the game is over"
        return f"it is not {seat_token(move.seat)}'s turn"
