"""The Game protocol every engine implements, and RulesBase, which derives most of it.

An engine is a stateless object; all game data lives in immutable *state* values.  A state is a
generic ``NamedTuple`` over its table type, with at least these fields:

* ``table`` — a :class:`~cardsuite.core.table.Table` holding every card of the game (in a
  seat's observation, a :class:`~cardsuite.core.table.SeenTable`: the same state type, told
  apart by its type parameter, ``RangState[Table]`` against ``RangState[SeenTable]``);
* ``seed`` — the match seed, for shuffles during play (None in an observation);
* ``events`` — what the last ``apply`` (or the deal) did, as :class:`Event` values;
* ``options`` and ``seats``.

Every other field must be public knowledge: no field may name a card some seat cannot see.
Knowledge beyond the piles' visibility is declared as facts on the table.  Under that
convention observing, hiding and determinizing are generic, and RulesBase does them.

**Real time** (Spit, Nerts) is an optional part of the protocol.  A game whose state runs on
a clock says so with ``realtime(state)`` and keeps ``clock`` in its state: the time in
milliseconds since the deal of the latest step applied.  Engines never read a clock: time
enters as data.  ``advance(state, now)`` performs every timed event due at or before ``now``
(each as of its own due time, so advancing in two steps equals advancing once) and sets the
clock to ``now``; the state it returns holds the events of the timed events it performed, in
order (the state's own events when nothing fell due), which the runner logs as a step; ``next_due(state)`` is the time of the earliest pending timed event (or
None); ``apply_at(state, move, t)`` applies an action that reached the runner at time ``t``:
a time earlier than the state's clock is refused (``StaleTime``), else the state is advanced
to ``t`` first and the move applied as usual.  The runner (the Match) owns the clock and
submits actions one at a time in arrival order.  ``reaction_ms(level)`` gives the range of a
bot's decision delays at a level, as the game's spec sets it.  Turn-based games need none of
this: the defaults say "no clock".

The single legality check is ``why_illegal``, which answers None or a
:class:`~cardsuite.core.errors.Refusal` (a code and a sentence).  ``legal_moves`` is, by
definition, the ``candidates`` that ``why_illegal`` accepts; a game may compute it more
directly where a benchmark shows the need, and the contract suite then checks that the two
agree on every state it visits.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Iterable
from itertools import repeat
from operator import is_
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar, cast

from cardsuite.core.cards import Card
from cardsuite.core.errors import (
    GAME_OVER,
    NOT_YOUR_TURN,
    STALE_TIME,
    IllegalMoveError,
    NotationError,
    OptionsError,
    Refusal,
)
from cardsuite.core.events import Event
from cardsuite.core.i18n import language
from cardsuite.core.moves import Move, cards_unseen
from cardsuite.core.outcome import Outcome
from cardsuite.core.table import Seat, SeenTable, Table, redact, resample_hidden, unseen_cards
from cardsuite.core.text import say
from cardsuite.core.text import seat as seat_token
from cardsuite.core.view import TableView


class FullState(Protocol):
    """What core needs of a game's state with its whole table."""

    @property
    def table(self) -> Table: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def events(self) -> tuple[Event, ...]: ...
    @property
    def options(self) -> Any: ...
    @property
    def seats(self) -> int: ...


class SeenState(Protocol):
    """What core needs of a game's state as one seat sees it."""

    @property
    def table(self) -> SeenTable: ...
    @property
    def events(self) -> tuple[Event, ...]: ...
    @property
    def options(self) -> Any: ...
    @property
    def seats(self) -> int: ...


S = TypeVar("S", bound=FullState)
V = TypeVar("V", bound=SeenState)
M = TypeVar("M", bound=Move)
V_co = TypeVar("V_co", covariant=True)


class Observation(NamedTuple, Generic[V_co]):
    """What one seat knows: the state with every card it may not see turned face down."""

    viewer: Seat | None
    state: V_co


class Game(Protocol[S, V, M]):
    """The consumer's view of an engine (see docs/architecture.md)."""

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
    @property
    def watch_by_default(self) -> bool: ...
    @property
    def last_place_loses(self) -> bool: ...
    @property
    def forced_moves_wait(self) -> bool: ...

    def new_game(self, *, seats: int, options: Any = None, seed: int = 0) -> S: ...
    def position(self, text: str, *, options: Any = None, seed: int = 0) -> S: ...
    def to_move(self, state: S) -> frozenset[Seat]: ...
    def candidates(self, state: S, seat: Seat) -> Iterable[M]: ...
    def legal_moves(self, state: S, seat: Seat) -> tuple[M, ...]: ...
    def why_illegal(self, state: S, move: M) -> Refusal | None: ...
    def apply(self, state: S, move: M) -> S: ...
    def sides(self, state: S | V) -> tuple[frozenset[Seat], ...]: ...
    def in_play(self, state: S | V) -> frozenset[Seat]: ...
    def outcome(self, state: S) -> Outcome | None: ...
    def observe(self, state: S, viewer: Seat | None) -> Observation[V]: ...
    def hidden_in_move(
        self, state: S, move: M, viewer: Seat | None, after: S | None = None
    ) -> frozenset[Card]: ...
    def move_seen_by(
        self, state: S, move: M, viewer: Seat | None, after: S | None = None
    ) -> str: ...
    def present(self, obs: Observation[V]) -> TableView: ...
    def move_to_text(self, move: M) -> str: ...
    def move_from_text(self, state: S, text: str, seat: Seat | None = None) -> M: ...
    def deck(self, state: S | V) -> tuple[Card, ...]: ...
    def determinize(self, obs: Observation[V], rng: random.Random) -> S: ...
    def rules(self) -> str: ...
    def check_seats(self, seats: int) -> None: ...
    def seat_options(self, options: Any, humans: int) -> tuple[Any, str | None]: ...
    # the real-time part (defaults: no clock)
    def realtime(self, state: S | V) -> bool: ...
    def clock(self, state: S | V) -> int: ...
    def advance(self, state: S, now: int) -> S: ...
    def next_due(self, state: S | V) -> int | None: ...
    def apply_at(self, state: S, move: M, t: int) -> S: ...
    def reaction_ms(self, level: str) -> tuple[int, int] | None: ...
    def bot_moves(self, state: S, seat: Seat) -> tuple[M, ...]: ...


AnyGame = Game[Any, Any, Any]


def _counts(counts: tuple[int, ...]) -> str:
    """``2 to 10``, ``2``, or ``2, 4 or 6`` players."""
    lo, hi = min(counts), max(counts)
    if lo == hi:
        return str(lo)
    if len(counts) == hi - lo + 1:
        return say("{lo} to {hi}", lo=lo, hi=hi)
    return say("{items} or {last}", items=", ".join(map(str, counts[:-1])), last=counts[-1])


def normalise_notation(text: str) -> str:
    """Fold case, spacing and suit spelling so ``Play 6S`` reads as ``play 6♠``."""
    text = unicodedata.normalize("NFC", text).casefold()
    for symbol, letter in (("♠", "s"), ("♥", "h"), ("♦", "d"), ("♣", "c")):
        text = text.replace(symbol, letter)
    return " ".join(text.split())


class RulesBase(Generic[S, V, M]):
    """Everything of the Game protocol that follows from the few rules-specific methods.

    A game supplies: the metadata, ``Options``, ``new_game``, ``position``, ``to_move``,
    ``candidates``, ``why_illegal``, ``perform`` (apply a move known to be legal), ``outcome``,
    ``present`` and ``deck``; and ``sides`` where seats play in partnerships.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    original_name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    seat_counts: ClassVar[tuple[int, ...]]
    summary: ClassVar[str]
    Options: ClassVar[type[Any]]
    # A game people mostly watch (Rubashka: nobody decides anything): the lobby proposes every
    # seat a bot, and a person in a seat makes his only move with a key.
    watch_by_default: ClassVar[bool] = False
    # A game that names its loser rather than its winner (Rang: whoever is left holding cards;
    # Seven Leaves: the last one not safe): only the last place loses, and the places between
    # the first and the last are neither won nor lost (core.outcome.verdict).
    last_place_loses: ClassVar[bool] = False
    # A game whose forced moves come in runs that would play whole turns or deals for a person
    # (Rang: draw, draw, keep; Laugh and Lie Down: cannot match and lies down): "auto-play
    # forced moves" is off for it unless the player turns it on for every game.
    forced_moves_wait: ClassVar[bool] = False

    # --- to be supplied by each game -----------------------------------------------------
    def new_game(self, *, seats: int, options: Any = None, seed: int = 0) -> S:
        raise NotImplementedError

    def position(self, text: str, *, options: Any = None, seed: int = 0) -> S:
        """A position written as text (see :mod:`cardsuite.core.position`)."""
        raise NotImplementedError

    def to_move(self, state: S) -> frozenset[Seat]:
        raise NotImplementedError

    def candidates(self, state: S, seat: Seat) -> Iterable[M]:
        """Every move worth asking ``why_illegal`` about, legal or not."""
        raise NotImplementedError

    def why_illegal(self, state: S, move: M) -> Refusal | None:
        raise NotImplementedError

    def perform(self, state: S, move: M) -> S:
        """Apply a move already known to be legal."""
        raise NotImplementedError

    def outcome(self, state: S) -> Outcome | None:
        raise NotImplementedError

    def present(self, obs: Observation[V]) -> TableView:
        raise NotImplementedError

    def deck(self, state: S | V) -> tuple[Card, ...]:
        """Every card of the game, whatever pile it is in."""
        raise NotImplementedError

    def sides(self, state: S | V) -> tuple[frozenset[Seat], ...]:
        """Who plays together: by default every seat alone."""
        return tuple(frozenset({s}) for s in range(state.seats))

    def in_play(self, state: S | V) -> frozenset[Seat]:
        """The seats that may still act in this match: every seat until the end by default;
        a game where players drop out for good (Rang) says who is left."""
        return frozenset(range(state.seats))

    # --- real time (a game on a clock overrides these; see the module docstring) ----------
    def realtime(self, state: S | V) -> bool:
        """Whether this state runs on the match's clock."""
        return False

    def clock(self, state: S | V) -> int:
        """The time (ms since the deal) of the latest step applied; 0 without a clock."""
        return int(getattr(state, "clock", 0))

    def advance(self, state: S, now: int) -> S:
        """Perform what has fallen due by ``now`` (nothing, without a clock)."""
        return state

    def next_due(self, state: S | V) -> int | None:
        """When the next timed event falls due, or None."""
        return None

    def reaction_ms(self, level: str) -> tuple[int, int] | None:
        """The range of a bot's decision delay at ``level`` (ms), or None: no clock."""
        return None

    def bot_moves(self, state: S, seat: Seat) -> tuple[M, ...]:
        """On a clock: what a bot weighs at its decision time (it is given a decision time
        only when there is one).  All its legal moves by default; Spit's bots consider only
        plays (a stuck bot is ready to spit without a word)."""
        return self.legal_moves(state, seat)

    def apply_at(self, state: S, move: M, t: int) -> S:
        """Apply ``move`` as it reached the runner at time ``t``: what fell due before comes
        first; a time earlier than the state's clock is refused (``StaleTime``)."""
        if not self.realtime(state):
            return self.apply(state, move)
        clock = self.clock(state)
        if t < clock:
            raise IllegalMoveError(
                move,
                Refusal(
                    STALE_TIME,
                    say(
                        "the action's time {t} ms is earlier than the table's clock {clock} ms",
                        t=t,
                        clock=clock,
                    ),
                ),
            )
        return self.apply(self.advance(state, t), move)

    # --- derived ---------------------------------------------------------------------------
    def legal_moves(self, state: S, seat: Seat) -> tuple[M, ...]:
        legal = tuple(m for m in self.candidates(state, seat) if self.why_illegal(state, m) is None)
        self.remember_legal(state, legal)
        return legal

    # The legal moves last listed, with the state they are for: a bot or a playout lists them,
    # then applies one, which need not be judged again.  One tuple, replaced whole, so another
    # thread never reads a state with another state's moves.
    _legal_memo: tuple[Any, tuple[Any, ...]] = (None, ())

    def remember_legal(self, state: S, legal: tuple[M, ...]) -> None:
        """Note ``legal`` as the legal moves of ``state`` (for a direct ``legal_moves``)."""
        self._legal_memo = (state, legal)

    def apply(self, state: S, move: M) -> S:
        memo_state, legal = self._legal_memo
        # judged when listed; a bot plays one of the listed moves itself, found by identity
        # at C speed (``in`` alone compares field by field with every move before it)
        if memo_state is state and (any(map(is_, legal, repeat(move))) or move in legal):
            return self.perform(state, move)
        refusal = self.why_illegal(state, move)
        if refusal is not None:
            raise IllegalMoveError(move, refusal)
        return self.perform(state, move)

    def observe(self, state: S, viewer: Seat | None) -> Observation[V]:
        events = state.events
        if events:
            events = tuple(event.seen_by(viewer) for event in events)
        # Every state is a NamedTuple (module docstring); _replace keeps its type.
        seen = cast(Any, state)._replace(
            table=redact(state.table, viewer), seed=None, events=events
        )
        return Observation(viewer, cast(V, seen))

    def hidden_in_move(
        self, state: S, move: M, viewer: Seat | None, after: S | None = None
    ) -> frozenset[Card]:
        """The cards ``move`` (played in ``state``, giving ``after``) names that ``viewer``
        may not see, derived from what he sees of the tables around it and of its events.

        A game overrides this only where the declared visibility cannot tell (a card known
        by a rule the piles do not declare)."""
        named = move.named_cards()
        if not named:
            return frozenset()
        if after is None:
            after = self.apply(state, move)
        seen_before = self.observe(state, viewer).state
        seen_after = self.observe(after, viewer).state
        shown = [face for event in seen_after.events for face in event.card_faces()]
        return cards_unseen(
            named, state.table, after.table, seen_before.table, seen_after.table, shown
        )

    def move_seen_by(self, state: S, move: M, viewer: Seat | None, after: S | None = None) -> str:
        """``move`` in words as ``viewer`` may know it: its label, or, when it names a card he
        may not see, its hidden label ("discard a card")."""
        if self.hidden_in_move(state, move, viewer, after):
            return move.hidden_label()
        return move.label()

    def determinize(self, obs: Observation[V], rng: random.Random) -> S:
        """A full state the observer cannot tell from the real one, drawn at random."""
        state = obs.state
        pool = unseen_cards(self.deck(state), state.table.all_faces())
        table = resample_hidden(state.table, obs.viewer, rng, pool)
        return cast(S, cast(Any, state)._replace(table=table, seed=rng.getrandbits(63)))

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
        raise NotationError(say("{text!r} is not a legal move now", text=text))

    def rules(self) -> str:
        """The rules in Markdown, in the interface's language: ``cardsuite/games/rules/<lang>/
        <id>.md``, or the English ``cardsuite/games/rules/<id>.md`` where there is none."""
        from importlib.resources import files

        folder = files("cardsuite.games") / "rules"
        translated = folder / language() / f"{self.id}.md"
        page = translated if translated.is_file() else folder / f"{self.id}.md"
        return page.read_text(encoding="utf-8")

    # --- helpers for games -----------------------------------------------------------------
    def check_seats(self, seats: int) -> None:
        """Raise OptionsError unless this game can be played by ``seats`` players."""
        if seats not in self.seat_counts:
            raise OptionsError(
                say(
                    "{game} is for {counts} players, not {seats}",
                    game=self.title,
                    counts=_counts(self.seat_counts),
                    seats=seats,
                )
            )

    def seat_options(self, options: Any, humans: int) -> tuple[Any, str | None]:
        """The options a match with ``humans`` people at the table plays with, and the sentence
        saying why they differ from those asked for (None when they do not).

        For a rule of seating such as "in real time, one human at most": the lobby and
        ``cardsuite play`` start the match with what this returns and show the sentence."""
        return self.resolve_options(options), None

    def resolve_options(self, options: Any) -> Any:
        if options is None:
            default = self.__dict__.get("_default_options")
            if default is None:  # made (and validated) once per engine
                default = self.__dict__["_default_options"] = self.Options()
            return default
        if not isinstance(options, self.Options):
            raise OptionsError(f"{self.title} expects {self.Options.__name__}, got {options!r}")
        return options

    def not_your_turn(self, state: S, move: M) -> Refusal | None:
        """The standard refusal for a seat that may not act now, or None."""
        to_move = self.to_move(state)
        if move.seat in to_move:
            return None
        if not to_move:
            return Refusal(GAME_OVER, say("the game is over"))
        return Refusal(NOT_YOUR_TURN, say("it is not {who}'s turn", who=seat_token(move.seat)))
