"""A match: one game played by named seats, with its history, bots, undo and saves.

The Match is the only stateful object between the engines and the interfaces.  It keeps every
state since the deal (states are immutable, so this costs little), applies moves through the
engine's single legality check, asks bots for their moves with nothing but their seat's
observation (and shows bots with a memory their own observation after every move), fills the
players' names into the engines' text, and turns itself into a record that rebuilds it
exactly.

Undo policy: undo is offered to a human who plays alone against bots, always.  Each undo takes
back exactly one of his decisions, the last one, with every move after it (the bots' answers,
his own forced moves): a *decision* is a move he made by hand or had a choice about (more than
one legal move); a move played for him because it was the only one is not, and undo goes back
past it to the decision before.  When an undo goes back across a card that has become visible
to him since (a card a bot played, a card he drew, a card turned up) he could use what he has
learned, so the match becomes a *practice* match: the outcome screen says so and the record
keeps it.  Redo plays what the undos took back again, one decision at a time, exactly as it was
played (the bots' moves as they were, not chosen again), until anything new is played; it shows
nothing the player has not seen, so it leaves the practice mark as it is.  With several humans
at the table (hot-seat) there is no undo: the others have seen the move.  On a clock (real
time) there is none either: the others played on meanwhile.
"""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from cardsuite.bots import Bot, bot_ids, make_bot, plays_at
from cardsuite.bots.base import Remembers
from cardsuite.core.cards import Card
from cardsuite.core.errors import CardsuiteError, IllegalMoveError, Refusal, SaveError
from cardsuite.core.i18n import DEFAULT_LANGUAGE, _, ngettext, speaking
from cardsuite.core.levels import level_id
from cardsuite.core.moves import Move
from cardsuite.core.options import options_from_dict, options_to_dict
from cardsuite.core.outcome import Outcome
from cardsuite.core.protocol import AnyGame, Observation
from cardsuite.core.record import MatchRecord, SeatRecord, load_record, save_record
from cardsuite.core.rng import make_rng
from cardsuite.core.series import NextDeal
from cardsuite.core.table import Seat, SeenTable, Visibility
from cardsuite.core.text import fill, join_words, plain, player_names, shown_name
from cardsuite.core.view import TableView

SIDE_TAGS = "ABCDEFGH"
# A bot's decision delay on a clock when its game names no range for its level, and the floor.
DEFAULT_REACTION_MS = (800, 1400)
MIN_REACTION_MS = 300
_NOBODY_YET = object()  # the log: no seat's run of events met yet


class Journal(Protocol):
    """Where a match writes itself as it is played (the store's database)."""

    def moved(
        self,
        ply: int,
        seat: Seat,
        notation: str,
        practice: bool,
        outcome: Outcome | None,
        sides: Sequence[frozenset[Seat]] = (),
        t: int | None = None,
    ) -> None:
        """Move number ``ply`` (from 0) was played (at time ``t`` on a clock); ``outcome``
        (and the partnerships) when it ended the match."""

    def undone(self, moves: int, practice: bool) -> None:
        """An undo kept the first ``moves`` moves."""

    def ended(self, now: int, outcome: Outcome, sides: Sequence[frozenset[Seat]]) -> None:
        """A timed event ended the match at time ``now`` (a game on a clock)."""

    def close(self) -> None:
        """The match is left: nothing more is written (another window may take it)."""


@dataclass(frozen=True, slots=True)
class Undone:
    """What an undo took back (or a redo played again): ``seat``'s decision, in words as he
    knew it, and the seat of every move taken back, in order (the decision first)."""

    seat: Seat
    decision: str
    seats: tuple[Seat, ...]
    practice: bool = False  # this undo made the match a practice match

    @property
    def moves(self) -> int:
        return len(self.seats)

    def text(self, names: Sequence[str], *, redo: bool = False) -> str:
        """The sentence the table shows: the decision, how many moves, whose."""
        whose: list[str] = []
        for seat in dict.fromkeys(self.seats):
            whose.append(
                _("yours") if seat == self.seat else _("{name}'s").format(name=names[seat])
            )
        fields = {"move": self.decision, "n": self.moves, "whose": join_words(whose)}
        if redo:
            return ngettext(
                "Redone: your “{move}” ({n} move played again: {whose}).",
                "Redone: your “{move}” ({n} moves played again: {whose}).",
                self.moves,
            ).format(**fields)
        return ngettext(
            "Undone: your “{move}” ({n} move taken back: {whose}).",
            "Undone: your “{move}” ({n} moves taken back: {whose}).",
            self.moves,
        ).format(**fields)


@dataclass(frozen=True, slots=True)
class _Taken:
    """The moves one undo took back, with the states they led to and how each was made, kept
    for redo."""

    seat: Seat
    decision: str
    moves: tuple[Move, ...]
    states: tuple[Any, ...]
    by_hand: tuple[bool | None, ...]


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who sits in a seat: a name, and the bot's level for a bot seat (None for a human).

    ``name`` is kept as it was given (records and JSON output keep it); ``shown`` is the name
    made safe to show (:func:`~cardsuite.core.text.shown_name`), "" when it has nothing to
    show: the match then gives the seat its default name (see :attr:`Match.names`).
    """

    name: str
    bot: str | None = None
    shown: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "shown", shown_name(self.name))
        if self.bot is not None:  # a level by a former name ("heuristic") reads as today's
            object.__setattr__(self, "bot", level_id(self.bot))

    @property
    def is_bot(self) -> bool:
        return self.bot is not None


def side_tags(sides: Sequence[frozenset[Seat]], seats: int) -> tuple[str, ...]:
    """Each of ``seats`` seats' partnership tag ("A", "B" …) by ``sides``, or nothing when
    everyone plays alone."""
    if all(len(side) == 1 for side in sides):
        return ()
    tags = [""] * seats
    for tag, side in zip(SIDE_TAGS, sides, strict=False):
        for seat in side:
            tags[seat] = tag
    return tuple(tags)


def told(
    steps: Iterable[Sequence[Any]], viewer: Seat | None, names: Sequence[str], last: int | None
) -> list[str]:
    """What happened, in words, as ``viewer`` may know it; the newest line last (at most
    ``last`` lines).  ``steps``: the events of each step, the newest first.  A run of one
    player's events that his game tells as one is one line ("Anna draws a card and keeps
    it": ``Event.fold``), worded as ``viewer`` knows it."""
    from cardsuite.core.events import folded

    # Folding joins only neighbouring events of one seat, so each run of one seat's
    # events (an event of nobody's is a run of its own) gives at least one line: once
    # the runs seen outnumber the lines asked for by two, the lines asked for all come
    # from whole runs (the oldest run seen may have begun earlier, and is cut).
    seen: list[Any] = []  # the events as the viewer knows them, the newest first
    runs = 0
    newer_actor: object = _NOBODY_YET
    for events in steps:
        for event in reversed(events):
            known = event.seen_by(viewer)
            seen.append(known)
            actor = known.actor
            if actor is None or actor != newer_actor:
                runs += 1
            newer_actor = _NOBODY_YET if actor is None else actor
        if last is not None and runs > last + 1:
            break
    lines = folded(reversed(seen))
    if last is not None:
        lines = lines[-last:] if last > 0 else []
    return [fill(event.text(), names) for event in lines]


@dataclass(frozen=True, slots=True)
class MatchSetup:
    """Everything needed to start a match: what the lobby and ``cardsuite play`` produce."""

    game: AnyGame
    seats: tuple[SeatInfo, ...]
    options: Any = None
    seed: int = 0

    def start(self) -> Match:
        return Match(self.game, self.seats, options=self.seated()[0], seed=self.seed)

    def seated(self) -> tuple[Any, str | None]:
        """The options the match is played with for these seats, and why they changed if so
        (a game on a clock may take fewer people than seats: see ``Game.seat_options``)."""
        humans = sum(1 for seat in self.seats if not seat.is_bot)
        return self.game.seat_options(self.options, humans)


class Match:
    def __init__(
        self,
        game: AnyGame,
        seats: Sequence[SeatInfo],
        *,
        options: Any = None,
        seed: int = 0,
    ) -> None:
        self.game = game
        self.seats = tuple(seats)
        # The names shown everywhere (escaped, cut; a seat with none gets the lobby's default).
        self._names = player_names(len(self.seats), [info.shown for info in self.seats])
        self.seed = seed
        first = game.new_game(seats=len(self.seats), options=options, seed=seed)
        self.options = first.options
        self.states: list[Any] = [first]
        self.moves: list[Move] = []
        self.practice = False  # an undo went back across a card that had been shown
        # How each move was made, by its index: True by hand, False played automatically (the
        # only legal move); a move loaded from a record is not in it (see _decision).
        self._by_hand: dict[int, bool] = {}
        self._redo: list[_Taken] = []  # what the undos took back, the latest last
        # Where each move is written before anyone sees it; a failing write detaches it and
        # leaves its reason in save_error (the match goes on, unsaved).
        self.journal: Journal | None = None
        self.journal_id: int | None = None  # the match's id in the store
        self.save_error: str | None = None
        self.save_error_told = False  # the player has been told why it is not saved
        self._bots: dict[Seat, Bot] = {
            i: make_bot(info.bot, game) for i, info in enumerate(self.seats) if info.bot
        }
        self._memories: dict[Seat, Remembers] = {
            seat: bot for seat, bot in self._bots.items() if isinstance(bot, Remembers)
        }
        self._bot_rngs: dict[Seat, random.Random] = {}
        self._reseed_bots()
        # Real time (games on a clock): the runner's clock reading of the latest step, each
        # action's time, the state after timed steps since the last action (``tail``) and the
        # events of those steps (after how many actions), each bot's pending decision time.
        self.time = 0
        self.times: list[int] = []
        self.tail: Any = None
        self.timed: list[tuple[int, tuple[Any, ...]]] = []
        self.timed_at: list[int] = []  # when each timed step fell due (ms), as ``timed``
        self.decisions: dict[Seat, int] = {}
        self._reaction_rngs = {seat: make_rng(seed, "reaction", seat) for seat in self._bots}
        self._show_bots(first)

    def _reseed_bots(self) -> None:
        ply = len(self.moves)
        self._bot_rngs = {seat: make_rng(self.seed, "bot", seat, ply) for seat in self._bots}

    def _show_bots(self, state: Any) -> None:
        """Let every bot with a memory see its own seat's observation of ``state``."""
        for seat, bot in self._memories.items():
            bot.observe(self.game, self.game.observe(state, seat))

    def _refresh_bot_memories(self) -> None:
        """After an undo or a load: bots forget, then see the history again, seat by seat."""
        for seat, bot in self._memories.items():
            bot.forget()
            for state in self.states:
                bot.observe(self.game, self.game.observe(state, seat))

    # --- where the match stands -------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The table as it is now: after the last action, and what fell due since."""
        return self.tail if self.tail is not None else self.states[-1]

    @property
    def realtime(self) -> bool:
        """Whether this match runs on a clock (a real-time game in its real-time mode)."""
        return self.game.realtime(self.states[0])

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names as shown: control characters escaped, cut to a bounded length,
        a seat given no name named as the lobby would (Anna, Boris …)."""
        return self._names

    @property
    def given_names(self) -> tuple[str, ...]:
        """The names as they were given (for JSON output), or the shown name for a seat given
        nothing to show."""
        return tuple(
            info.name if info.shown else shown
            for info, shown in zip(self.seats, self._names, strict=True)
        )

    def to_move(self) -> frozenset[Seat]:
        return self.game.to_move(self.state)

    def is_over(self) -> bool:
        return not self.game.to_move(self.state)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def humans(self) -> tuple[Seat, ...]:
        return tuple(i for i, info in enumerate(self.seats) if not info.is_bot)

    def humans_in_play(self) -> tuple[Seat, ...]:
        """The human seats that may still act in this match (none once they are all out)."""
        in_play = self.game.in_play(self.state)
        return tuple(s for s in self.humans() if s in in_play)

    def hides_cards(self) -> bool:
        """True when some seat holds cards the others may not see (hot-seat needs a curtain)."""
        return any(spec.visibility is Visibility.OWNER for spec in self.state.table.layout.specs)

    def legal_moves(self, seat: Seat) -> tuple[Move, ...]:
        return self.game.legal_moves(self.state, seat)

    def refusal(self, move: Move) -> Refusal | None:
        """The engine's refusal of ``move`` now (code and text), or None if it is legal."""
        return self.game.why_illegal(self.state, move)

    def why_illegal(self, move: Move) -> str | None:
        """The engine's reason, with the players' names filled in."""
        refusal = self.game.why_illegal(self.state, move)
        return None if refusal is None else fill(refusal.text, self.names)

    def fill(self, text: str) -> str:
        """Engine text with the players' names in."""
        return fill(text, self.names)

    def observe(self, viewer: Seat | None) -> Observation[Any]:
        return self.game.observe(self.state, viewer)

    def side_tags(self) -> tuple[str, ...]:
        """Each seat's partnership tag ("A", "B" …), or nothing when everyone plays alone."""
        return side_tags(self.game.sides(self.state), len(self.seats))

    def partners(self, seat: Seat) -> frozenset[Seat]:
        """The seats that play with ``seat`` (itself included)."""
        for side in self.game.sides(self.state):
            if seat in side:
                return side
        return frozenset({seat})

    def view(self, viewer: Seat | None) -> TableView:
        """What ``viewer`` sees, with the players' names and partnership tags in."""
        return self.game.present(self.observe(viewer)).named(self.names, self.side_tags())

    # --- playing ----------------------------------------------------------------------------
    def apply(self, move: Move, *, auto: bool = False) -> Any:
        """Play ``move``; IllegalMoveError (nothing changes) if the rules forbid it.  ``auto``:
        played for a person because it was his only move (not a decision of his, for undo).
        On a clock: at the match's time (see :meth:`submit`)."""
        if self.realtime:
            return self.submit(move, self.time)
        state = self.game.apply(self.state, move)
        self._redo.clear()  # something new is played: what was undone stays undone
        self._push(move, state, not auto)
        return state

    def _push(self, move: Move, state: Any, by_hand: bool | None) -> None:
        """``move``, which led to ``state``, joins the history (written first)."""
        if self.journal is not None:
            self._write(move, state)
        if by_hand is not None:
            self._by_hand[len(self.moves)] = by_hand
        self.states.append(state)
        self.moves.append(move)
        self._show_bots(state)

    def _write(self, move: Move, state: Any, t: int | None = None) -> None:
        assert self.journal is not None
        outcome = None if self.game.to_move(state) else self._stored_outcome(state)
        sides = self.game.sides(state) if outcome is not None else ()
        try:
            self.journal.moved(
                len(self.moves),
                move.seat,
                self.game.move_to_text(move),
                self.practice,
                outcome,
                sides,
                t,
            )
        except SaveError as exc:
            self._unsaved(exc)

    def _stored_outcome(self, state: Any) -> Outcome | None:
        """The outcome as the store keeps it: its reason in English, whatever the language
        spoken, as the store holds nothing in the player's language (every text of a saved
        match is made again from its moves in the language of whoever replays it)."""
        with speaking(DEFAULT_LANGUAGE):
            return self.game.outcome(state)

    def _write_end(self, state: Any, now: int) -> None:
        """A game on a clock that a timed event ended: its result and end time."""
        assert self.journal is not None
        outcome = self._stored_outcome(state)
        if outcome is None:
            return
        try:
            self.journal.ended(now, outcome, self.game.sides(state))
        except SaveError as exc:
            self._unsaved(exc)

    def attach(self, journal: Journal, journal_id: int | None = None) -> None:
        """Write every move from now on to ``journal`` (the match's own line in the store)."""
        self.journal = journal
        self.journal_id = journal_id
        self.save_error = None

    def _unsaved(self, error: SaveError) -> None:
        """A write failed: the match goes on unsaved, and says why."""
        self.save_error = str(error)
        self.detach()

    def detach(self) -> None:
        """Stop writing the match (it is left); its journal is closed, so another window
        may take it over."""
        journal, self.journal = self.journal, None
        if journal is not None:
            journal.close()

    def play_text(self, text: str, seat: Seat | None = None) -> Move:
        move: Move = self.game.move_from_text(self.state, text, seat)
        self.apply(move)
        return move

    def bot_to_move(self) -> Seat | None:
        """A bot seat that may act now (the lowest), or None."""
        for seat in sorted(self.to_move()):
            if seat in self._bots:
                return seat
        return None

    def choose_bot_move(self, seat: Seat) -> Move:
        """Ask the bot in ``seat`` for a move; it sees only its own observation.

        Safe to call from a worker thread: it reads the current state once, and the caller
        discards the answer if the match has moved on (an undo) in the meantime.
        """
        state = self.state
        legal = self.game.legal_moves(state, seat)
        obs = self.game.observe(state, seat)
        return self._bots[seat].choose(self.game, obs, legal, self._bot_rngs[seat])

    def stand_in(self, seat: Seat, bot_id: str | None) -> None:
        """A bot of ``bot_id`` plays ``seat`` from now on (a player over the network who did
        not come back in time), or, with None, the person plays it again.  What the seat's
        bot sees is its seat's history, as after a load."""
        self.seats = tuple(
            SeatInfo(info.name, bot_id) if i == seat else info for i, info in enumerate(self.seats)
        )
        self._bots.pop(seat, None)
        self._memories.pop(seat, None)
        self._reaction_rngs.pop(seat, None)
        self.decisions.pop(seat, None)
        if bot_id is None:
            return
        bot = make_bot(bot_id, self.game)
        self._bots[seat] = bot
        self._bot_rngs[seat] = make_rng(self.seed, "bot", seat, len(self.moves))
        self._reaction_rngs[seat] = make_rng(self.seed, "reaction", seat, len(self.moves))
        if isinstance(bot, Remembers):
            self._memories[seat] = bot
            for state in self.states:
                bot.observe(self.game, self.game.observe(state, seat))

    def wrap_bots(self, wrap: Callable[[Seat, Bot], Bot]) -> None:
        """Let ``wrap(seat, bot)`` answer in place of each seat's bot (the arena times every
        decision this way).  A bot with a memory is still shown its observations itself."""
        self._bots = {seat: wrap(seat, bot) for seat, bot in self._bots.items()}

    def play_bots(self, limit: int = 100_000) -> int:
        """Let bots play until a human must act or the game ends; returns the moves made.
        On a clock: everything falls due in turn on a virtual clock, jumping from one due
        time to the next, until the game ends or nothing is pending."""
        if self.realtime:
            return self._run_virtual(limit)
        made = 0
        while made < limit:
            seat = self.bot_to_move()
            if seat is None:
                break
            self.apply(self.choose_bot_move(seat))
            made += 1
        return made

    # --- real time ----------------------------------------------------------------------------
    # The runner owns the only clock (milliseconds since the deal; the table's in the app, a
    # virtual one in tests and simulate) and hands its readings to these methods.  Engines
    # never read a clock: the Match stamps each action with the time it arrived and lets the
    # engine perform what falls due (``advance``).  Bots act at decision times the Match keeps,
    # one per bot, drawn from the bot level's range with the match seed; other players'
    # actions never move them, so a fast human cannot starve a bot.

    def next_time(self) -> int | None:
        """When something next falls due: a timed event of the game or a bot's decision."""
        times = [
            t for t in (self.game.next_due(self.state), *self.decisions.values()) if t is not None
        ]
        return min(times) if times else None

    def advance_to(self, now: int) -> int:
        """Perform, in time order, what has fallen due by ``now``: the game's timed events
        (first, at equal times) and the bots' decisions.  Returns the steps performed."""
        steps = 0
        while True:
            before = len(self.timed)
            decision = self.due_decision(now)
            steps += len(self.timed) - before
            if decision is None:
                return steps
            seat, at = decision
            self.decided(seat, at, self.decision_move(seat, at))
            steps += 1

    def due_decision(self, now: int) -> tuple[Seat, int] | None:
        """Perform the game's timed events due by ``now`` up to the first bot decision due by
        then, and return that decision (its seat and time), or None when no bot is due.

        With :meth:`decision_move` and :meth:`decided` this is :meth:`advance_to` in three
        parts, so that a runner can let the bot choose in another thread: between the
        decision returned and :meth:`decided`, nothing else may act on the match."""
        self._schedule(self.time)
        while not self.is_over():
            due = self.game.next_due(self.state)
            bot = min(self.decisions.items(), key=lambda item: (item[1], item[0]), default=None)
            if due is not None and due <= now and (bot is None or due <= bot[1]):
                self._timed_step(due)
                self._schedule(self.time)
            elif bot is not None and bot[1] <= now:
                del self.decisions[bot[0]]
                self._timed_step(bot[1])
                return bot
            else:
                break
        return None

    def decision_move(self, seat: Seat, at: int) -> Move | None:
        """The bot in ``seat``'s action at its decision time ``at``, chosen from its view of
        the table now (None: it has nothing to do).  Reads the match without changing it but
        for the bot's own random generator, so it may run in a worker thread."""
        state = self.state
        choices = self.game.bot_moves(state, seat)
        if not choices:
            return None
        obs = self.game.observe(state, seat)
        move: Move = self._bots[seat].choose(self.game, obs, choices, self._bot_rngs[seat])
        return move

    def decided(self, seat: Seat, at: int, move: Move | None) -> bool:
        """Play the bot's action chosen for its decision at ``at``; one the table no longer
        allows just ends the decision.  Whether it was played."""
        played = False
        if move is not None:
            with contextlib.suppress(IllegalMoveError):
                self._act(move, at)
                played = True
        self._schedule(self.time)
        return played

    def submit(self, move: Move, now: int) -> Any:
        """A person's action that reached the runner at ``now``: what fell due before it
        comes first; IllegalMoveError (nothing moves) if it no longer fits the table."""
        self.advance_to(now)
        return self.act_at(move, now)

    def act_at(self, move: Move, now: int) -> Any:
        """A person's action at ``now`` once everything due before it has been performed
        (see :meth:`due_decision`); IllegalMoveError (nothing moves) if the rules forbid it,
        StaleTime for a time before the table's clock."""
        state = self._act(move, now)
        self._schedule(self.time)
        return state

    def _act(self, move: Move, t: int) -> Any:
        if t >= self.time:
            self._timed_step(t)
        state = self.game.apply_at(self.state, move, t)
        self._redo.clear()
        if self.journal is not None:
            self._write(move, state, t)
        self.states.append(state)
        self.moves.append(move)
        self.times.append(t)
        self.tail = None
        self.time = t
        self._show_bots(state)
        return state

    def _timed_step(self, now: int) -> None:
        """Let the game perform what falls due by ``now`` (a step of its own when anything
        did: its events go to the log)."""
        due = self.game.next_due(self.state)
        self.time = max(self.time, now)
        if due is None or due > now:
            return
        state = self.game.advance(self.state, now)
        self.tail = state
        self.timed.append((len(self.moves), tuple(state.events)))
        self.timed_at.append(due)
        self._show_bots(state)
        if self.journal is not None and self.is_over():
            self._write_end(state, now)

    def _timed_steps(self, now: int) -> None:
        """What falls due by ``now``, one due time after another, as :meth:`advance_to` does
        in play: a replay then passes through the very states the table showed."""
        while not self.is_over():
            due = self.game.next_due(self.state)
            if due is None or due > now:
                break
            self._timed_step(due)
        self.time = max(self.time, now)

    def _schedule(self, now: int) -> None:
        """A bot with no pending decision gets one once it has something to do."""
        for seat, rng in self._reaction_rngs.items():
            if seat in self.decisions or not self.game.bot_moves(self.state, seat):
                continue
            level = self.seats[seat].bot or ""
            low, high = self.game.reaction_ms(level) or DEFAULT_REACTION_MS
            self.decisions[seat] = now + max(MIN_REACTION_MS, rng.randint(low, high))

    def _run_virtual(self, limit: int) -> int:
        made = len(self.moves)
        while not self.is_over() and len(self.moves) - made < limit:
            self._schedule(self.time)
            upcoming = self.next_time()
            if upcoming is None:
                break  # nothing falls due: only a person can act now
            self.advance_to(upcoming)
        return len(self.moves) - made

    # --- undo and redo ------------------------------------------------------------------------
    def undo_offered(self, seat: Seat) -> bool:
        """Whether the policy offers ``seat`` undo at all in this match: a person alone against
        bots, in a game not played on a clock (there the others played on)."""
        if self.seats[seat].is_bot or self.realtime:
            return False
        return all(info.is_bot for i, info in enumerate(self.seats) if i != seat)

    def _decision(self, index: int) -> bool:
        """Whether move ``index`` was a decision of its player: made by hand, or one he had
        a choice about.  A move played for him as his only one is not."""
        if self._by_hand.get(index):
            return True
        if index not in self._by_hand and self.game.watch_by_default:
            return True  # (loaded) such a game never plays a person's move for him
        seat = self.moves[index].seat
        return len(self.game.legal_moves(self.states[index], seat)) > 1

    def undo_point(self, seat: Seat) -> int | None:
        """The history index undo would return ``seat`` to (the state just before his last
        decision), or None when there is nothing to undo or undo is not allowed."""
        if not self.undo_offered(seat) or self.is_over():
            return None
        for index in range(len(self.moves) - 1, -1, -1):
            if self.moves[index].seat == seat and self._decision(index):
                return index
        return None

    def undo_reveals(self, seat: Seat) -> bool:
        """Whether undoing now goes back across a card ``seat`` has seen since (the undo would
        make the match a practice match)."""
        point = self.undo_point(seat)
        if point is None:
            return False
        known = _visible(self.game.observe(self.states[point], seat))
        for state in self.states[point + 1 :]:
            seen = _visible(self.game.observe(state, seat))
            if any(count > known[card] for card, count in seen.items()):
                return True
        return False

    def undo(self, seat: Seat) -> Undone:
        """Take back ``seat``'s last decision and every move after it; says what was taken
        back.  Redo can play it all again until something new is played."""
        point = self.undo_point(seat)
        if point is None:
            raise CardsuiteError(_("undo is not allowed here"))
        newly_practice = not self.practice and self.undo_reveals(seat)
        if newly_practice:
            self.practice = True
        decision = self.move_seen_by(point + 1, seat)
        taken = _Taken(
            seat,
            decision,
            tuple(self.moves[point:]),
            tuple(self.states[point + 1 :]),
            tuple(self._by_hand.get(i) for i in range(point, len(self.moves))),
        )
        del self.states[point + 1 :]
        del self.moves[point:]
        for index in range(point, point + len(taken.moves)):
            self._by_hand.pop(index, None)
        self._redo.append(taken)
        self._refresh_bot_memories()
        if self.journal is not None:
            try:
                self.journal.undone(len(self.moves), self.practice)
            except SaveError as exc:
                self._unsaved(exc)
        return Undone(seat, decision, tuple(m.seat for m in taken.moves), newly_practice)

    def redo_offered(self, seat: Seat) -> bool:
        """Whether ``seat`` may redo now: his undo is the latest and nothing was played since."""
        return bool(self._redo) and self._redo[-1].seat == seat and self.undo_offered(seat)

    def redo(self, seat: Seat) -> Undone:
        """Play again the decision ``seat``'s latest undo took back, with the moves that came
        after it, exactly as they were played (written to the journal as moves are)."""
        if not self.redo_offered(seat):
            raise CardsuiteError(_("there is nothing to redo"))
        taken = self._redo.pop()
        for move, state, by_hand in zip(taken.moves, taken.states, taken.by_hand, strict=True):
            self._push(move, state, by_hand)
        return Undone(seat, taken.decision, tuple(m.seat for m in taken.moves))

    # --- looking back (replays) -------------------------------------------------------------
    def view_at(self, index: int, viewer: Seat | None, *, open_cards: bool = False) -> TableView:
        """The table after ``index`` moves as ``viewer`` saw it; ``open_cards``: every card
        face up (for a finished match only: nothing is hidden any more)."""
        state = self.states[index]
        if open_cards:
            if not self.is_over():
                raise CardsuiteError(_("cards are shown face up only once the match is over"))
            table = state.table
            seen = state._replace(
                table=SeenTable(table.layout, table.piles, table.known), seed=None
            )
            obs: Observation[Any] = Observation(None, seen)
        else:
            obs = self.game.observe(state, viewer)
        return self.game.present(obs).named(self.names, self.side_tags())

    def move_hides(self, number: int, viewer: Seat | None) -> bool:
        """Whether move ``number`` (the one that led to ``states[number]``; 1 is the first)
        names a card ``viewer`` may not see."""
        before, after = self.states[number - 1], self.states[number]
        return bool(self.game.hidden_in_move(before, self.moves[number - 1], viewer, after))

    def move_seen_by(self, number: int, viewer: Seat | None) -> str:
        """Move ``number`` in words as ``viewer`` may know it, with the players' names in: its
        label, or its hidden label when it names a card he may not see."""
        move = self.moves[number - 1]
        return self.fill(move.hidden_label() if self.move_hides(number, viewer) else move.label())

    def events_at(self, index: int, viewer: Seat | None) -> list[Any]:
        """The events of the move that led to ``states[index]``, as ``viewer`` knew them."""
        return [event.seen_by(viewer) for event in self.states[index].events]

    # --- the log ----------------------------------------------------------------------------
    def log(self, viewer: Seat | None, last: int | None = None) -> list[str]:
        """What happened, in words, as ``viewer`` may know it (see :func:`told`)."""
        return told(self.steps_newest_first(), viewer, self.names, last)

    def steps_newest_first(self) -> Iterator[tuple[Any, ...]]:
        """The events of every step, the newest first: each action's (and the deal's), and
        on a clock those of the timed steps that followed it."""
        timed = list(self.timed)
        for index in range(len(self.states) - 1, -1, -1):
            while timed and timed[-1][0] == index:
                yield timed.pop()[1]
            yield tuple(self.states[index].events)

    def history(self) -> Iterator[tuple[Move, Any]]:
        """Each move with the state it produced (on a clock, see :meth:`timed_steps` for what
        fell due between them)."""
        return zip(self.moves, self.states[1:], strict=True)

    def timed_steps(self) -> list[tuple[int, int, tuple[Any, ...]]]:
        """On a clock, each timed step (a spit, a turn-up …) in order: after how many moves
        it came (0: before the first), when it fell due (ms since the deal) and its events
        as they happened (``event.seen_by(viewer)`` words one for a viewer)."""
        return [
            (after, at, events)
            for (after, events), at in zip(self.timed, self.timed_at, strict=True)
        ]

    # --- saving -----------------------------------------------------------------------------
    def deal_code(self) -> str:
        """The code another player types to play this deal (game, players, seed, options)."""
        from cardsuite.core.dealcode import deal_code

        current = options_to_dict(self.options)
        defaults = options_to_dict(self.game.Options())
        changed = {k: v for k, v in current.items() if defaults.get(k) != v}
        return deal_code(self.game.id, len(self.seats), self.seed, changed)

    def record(self) -> MatchRecord:
        return MatchRecord(
            game=self.game.id,
            seed=self.seed,
            options=options_to_dict(self.options),
            seats=tuple(
                SeatRecord(info.name, "bot" if info.is_bot else "human", info.bot)
                for info in self.seats
            ),
            moves=tuple((m.seat, self.game.move_to_text(m)) for m in self.moves),
            practice=self.practice,
            times=tuple(self.times) if self.realtime else (),
            ended=self.time if self.realtime else None,
        )

    def save(self, path: Path | str) -> None:
        save_record(self.record(), path)

    @classmethod
    def from_record(cls, record: MatchRecord, source: Path | str = "<record>") -> Match:
        """Rebuild a match by replaying its moves; a bad record raises SaveError."""
        from cardsuite.games import get_game

        try:
            game = get_game(record.game)
            known = bot_ids(game)
            for i, s in enumerate(record.seats):  # the record checked the rest of each seat
                if s.kind == "bot" and not plays_at(game, s.bot or ""):
                    raise CardsuiteError(  # made a SaveError naming the file below
                        f"seat {i + 1} ({plain(s.name)!r}) is a bot seat naming bot "
                        f"{plain(str(s.bot))!r}, which {game.id} does not have "
                        f"(bots: {', '.join(known)})"
                    )
            options = options_from_dict(game.Options, record.options)
            seats = [SeatInfo(s.name, s.bot if s.kind == "bot" else None) for s in record.seats]
            match = cls(game, seats, options=options, seed=record.seed)
        except CardsuiteError as exc:
            raise SaveError(source, str(exc)) from None
        if bool(record.times) != match.realtime and record.moves:
            raise SaveError(
                source,
                "the moves have times but the game is not on a clock"
                if record.times
                else "the game runs on a clock but the moves have no times",
            )
        for i, (seat, text) in enumerate(record.moves):
            if record.version < 2:
                match._deal_on()
            try:
                if record.times:  # on a clock: what fell due before the move comes first
                    t = record.times[i]
                    match._timed_steps(t)
                    match._act(match.game.move_from_text(match.state, text, seat), t)
                else:
                    match.play_text(text, seat)
            except CardsuiteError as exc:
                raise SaveError(
                    source, f"move {i + 1} ({text!r}) cannot be replayed: {exc}"
                ) from None
        if record.ended is not None and match.realtime:
            match._timed_steps(record.ended)
        match._reseed_bots()
        match._by_hand.clear()  # how each move was made is not recorded (see _decision)
        match.practice = record.practice
        return match

    def _deal_on(self) -> None:
        """Records of version 1 dealt the next hand without a move: play it for them."""
        for seat in self.to_move():
            if self.game.legal_moves(self.state, seat) == (NextDeal(seat),):
                self.apply(NextDeal(seat))

    @classmethod
    def load(cls, path: Path | str) -> Match:
        return cls.from_record(load_record(path), path)


def _visible(obs: Observation[Any]) -> Counter[Card]:
    return Counter(obs.state.table.all_visible())
