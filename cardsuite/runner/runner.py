"""The match runner: the one owner of a Match while it is played, with or without a screen.

A :class:`Runner` decides what happens next (a person's turn, a curtain between two people, a
bot's turn, a summary to read, the end), lets bots choose in a worker thread, plays a person's
only move for him at the table's pace when the settings say so, tells a move that did several
things one event at a time, runs watch mode and the clock of a game played in real time, holds
undo and redo, and saves (through the match's journal).  Whoever shows the table (the Textual
screen, a test, later a match server) reads :attr:`Runner.step`, the view and the legal moves,
sends the players' moves with :meth:`Runner.submit`, and calls :meth:`Runner.poll` when
:meth:`Runner.wakeup` says something falls due, or when the ``notify`` callback says a worker
has answered.  Nothing here knows Textual.

Threads: the match is only ever changed by the thread that calls the runner (the owner).  A
worker reads the match (states are immutable) and hands its answer back; every change of the
match bumps an epoch, and an answer asked for at an older epoch is dropped.  On a clock, a
bot's decision is taken out of the match (:meth:`Match.due_decision`), chosen in the worker,
and played (:meth:`Match.decided`) before anything that came later: a person's action that
arrives meanwhile waits for it in an inbox, stamped with the time it arrived.

Time: ``now`` (seconds, monotonic) paces the table; the match's own clock on a game played in
real time (:class:`~cardsuite.runner.clock.WallClock`) reads ``clock_source``.  Tests pass
clocks they move by hand and ``threads=False`` (bots then choose inside :meth:`poll`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardsuite.bots import bot_ids, make_bot
from cardsuite.core.errors import CardsuiteError, IllegalMoveError
from cardsuite.core.i18n import _
from cardsuite.core.moves import Move
from cardsuite.core.rng import make_rng
from cardsuite.core.table import PileId, Seat
from cardsuite.core.text import plain
from cardsuite.core.view import TableView
from cardsuite.match import Match
from cardsuite.runner.clock import Countdown, WallClock
from cardsuite.runner.steps import BotTurn, Curtain, HumanTurn, Over, Seating, Step, Stuck, Summary
from cardsuite.runner.watch import FRAME_BUDGET, Watch
from cardsuite.runner.worker import Worker

COUNT_IN = 3.0  # seconds counted down before a game on a clock goes on (resumed, or back)
TICK = 1 / 30  # seconds between two readings of the clock in a game played in real time


@dataclass(slots=True)
class _Answer:
    """A worker's answer: for the epoch it was asked at, what to do with it."""

    epoch: int | None  # None: never stale (a bot's decision on a clock)
    bot: bool  # a bot's choice (a hint is not: the table stays open meanwhile)
    then: Callable[[Any, BaseException | None], None]
    result: Any
    error: BaseException | None


class Runner:
    """Runs one match: see the module's docstring."""

    def __init__(
        self,
        match: Match,
        *,
        viewer: Seat | None = None,
        pace: float = 0.6,
        auto_play: bool = True,
        threads: bool = True,
        now: Callable[[], float] = time.monotonic,
        clock_source: Callable[[], float] | None = None,
        notify: Callable[[], None] | None = None,
        count_in: float | None = None,
        remote: bool = False,
    ) -> None:
        self.match = match
        # ``remote``: every person plays at his own screen (a match server), so no curtain.
        self.seating = Seating(match, viewer, curtains=not remote)
        self.pace = pace  # seconds per bot move, so that people can follow
        self.auto_play = auto_play  # a person's only move is played for him
        self.threads = threads
        self.now = now
        self.notify = notify  # called from a worker thread once it has answered
        self.count_in = COUNT_IN if count_in is None else count_in
        self.step: Step | None = None
        self.message = ""
        self.message_kind = "info"
        self.thinking: Seat | None = None  # the bot choosing now (shown as "thinking")
        self.last_piles: frozenset[PileId] = frozenset()
        self.last_events: tuple[Any, ...] = ()  # the last move's events, as the viewer knew them
        self.last_seat: Seat | None = None  # who made the last move
        self.hint: Move | None = None
        self.story: list[tuple[str, frozenset[PileId]]] = []  # events still to be told
        self.version = 0  # bumped by every change the table may show
        self.done = False  # the end has been reached (the outcome is to be shown)
        self.curtain: Seat | None = None  # the seat a curtain is up for
        self.only_move: Move | None = None  # the viewer's one legal move (not played for him)
        self.fast = False  # bots play to the end at full speed
        self._epoch = 0  # bumped by every change of the match: older answers are dropped
        self._timer: tuple[float, Callable[[], None]] | None = None  # one pending action
        self._answers: list[_Answer] = []
        self._lock = threading.Lock()
        self._worker = Worker("cardsuite bot")
        self._asking = 0  # bots whose answer is awaited
        self._hinting = 0  # hints whose answer is awaited
        self._holds: set[str] = set()  # why nothing moves now ("hidden", "small", "pause")
        self._stalled = False  # the next step waits for the holds to end
        self._no_autoplay_at = -1  # after an undo onto a forced move, do not replay it
        self._summary_read_at = -1  # the match length at which a summary was read
        self._view_of: tuple[Any, Seat | None] | None = None  # the state and viewer of _view
        self._view: TableView | None = None
        self._legal_key: tuple[object, ...] | None = None
        self._legal: tuple[Move, ...] = ()
        self._undo_key: tuple[object, ...] | None = None
        self._undo_ok = False
        # Watching (every seat a bot): a move chosen and held until it is due, the step key's
        # presses not yet played, when the last move was shown, a story held by the pause.
        self.watch: Watch | None = None if match.humans() else Watch(pace)
        self._held: Move | None = None
        self._presses = 0
        self._watch_last = now()
        self._story_waits = False
        # Real time: the clock, a bot's decision being chosen, people's actions waiting for
        # it (their time, the move, whether it was offered), the end of a count-in.
        self.clock: WallClock | None = None
        self._deciding: tuple[Seat, int] | None = None
        self._inbox: list[tuple[int, Move, bool]] = []
        self._count_in_end: float | None = None
        self._cue = Countdown()  # keeps a short countdown's name up once it has fallen due
        if match.realtime and not match.is_over():
            self.clock = WallClock(match.time, clock_source)
            self._sync_clock()
            if match.time > 0 and match.humans():
                self._start_count_in()

    # --- reading the match ------------------------------------------------------------------
    @property
    def viewer(self) -> Seat | None:
        return self.seating.viewer

    # A game on a clock may be paused here (by the players, or behind another screen).
    pausable = True

    @property
    def keyboard(self) -> tuple[Seat, ...]:
        """The people who play at this keyboard: every person's seat at home (hot-seat), none
        at a match server, where each plays at his own screen."""
        return self.match.humans() if self.seating.curtains else ()

    @property
    def names(self) -> tuple[str, ...]:
        return self.match.names

    @property
    def busy(self) -> bool:
        """Something is on its way that no person has to do: a bot choosing, a move or a
        story told at the table's pace."""
        if self.done or self.curtain is not None:
            return False
        if self.clock is not None:  # the others play on all the time: only a person's action
            return bool(self._inbox or self._hinting)  # waiting for a bot's decision counts
        if self._holds:  # nothing moves until the holds end: only a worker may still answer
            return bool(self._asking or self._hinting or self._answers)
        pending = self._asking or self._hinting or self._answers or self.story
        return bool(pending or self._timer is not None)

    def view(self) -> TableView:
        """What the viewer sees now (names and partnership tags in)."""
        state, viewer = self.match.state, self.viewer
        seen = self._view_of
        if self._view is None or seen is None or seen[0] is not state or seen[1] != viewer:
            self._view = self.match.view(viewer)  # a view is a function of the state and viewer
            self._view_of = (state, viewer)
        return self._view

    @property
    def legal(self) -> tuple[Move, ...]:
        """The viewer's legal moves when it is his turn and nothing is on its way (on a clock:
        whenever he may act), else nothing."""
        viewer = self.viewer
        open_now = self.open_to_viewer
        key = (self.version, len(self.match.moves), len(self.match.timed), viewer, open_now)
        if key != self._legal_key:
            self._legal = self.match.legal_moves(viewer) if open_now and viewer is not None else ()
            self._legal_key = key
        return self._legal

    @property
    def open_to_viewer(self) -> bool:
        """Whether the viewer may act now: his turn (on a clock: the race is on), no curtain,
        and, turn by turn, nothing on its way (a bot choosing, a move or a story being told;
        a forced move waiting for him is his to play)."""
        step = self.step
        viewer = self.viewer
        if self.done or self.curtain is not None or viewer is None:
            return False
        if not (isinstance(step, HumanTurn) and step.seat == viewer):
            return False
        if self.clock is not None:
            return True
        pending = self._timer is not None and not self._forced_pending()
        return not (pending or self._asking or self.story)

    def open_to(self, seat: Seat) -> bool:
        """Whether the person in ``seat``, at his own screen (a remote player), may act now:
        as :attr:`open_to_viewer`, for any seat (on a clock: whenever the race is on)."""
        step = self.step
        if self.done or self.curtain is not None or self.match.seats[seat].is_bot:
            return False
        if not isinstance(step, HumanTurn) or seat not in self.match.to_move():
            return False
        if self.clock is not None:
            return self._count_in_end is None and not self._holds
        pending = self._timer is not None and not self._forced_pending()
        return not (pending or self._asking or self.story)

    def legal_notations(self) -> tuple[str, ...]:
        """The viewer's legal moves in the game's notation (what a remote player sends)."""
        return tuple(self.match.game.move_to_text(move) for move in self.legal)

    def refusal_of(self, move: Move) -> str | None:
        """The engine's reason for refusing ``move`` now (names filled in), or None."""
        return self.match.why_illegal(move)

    def candidates(self, seat: Seat) -> tuple[Move, ...]:
        """The moves the game considers for ``seat`` (legal or not), to explain a refusal."""
        try:
            return tuple(self.match.game.candidates(self.match.state, seat))
        except Exception:  # a game may not list candidates for a seat not on turn
            return ()

    def move_from_text(self, notation: str, seat: Seat | None) -> Move:
        """The move ``notation`` names for ``seat`` now (CardsuiteError if none)."""
        move: Move = self.match.game.move_from_text(self.match.state, notation, seat)
        return move

    def log(self, last: int | None = None) -> list[str]:
        return self.match.log(self.viewer, last=last)

    def summary_waits(self) -> bool:
        """Between deals with people at the table: the summary waits to be read."""
        if not self.match.humans() or self._summary_read_at == len(self.match.moves):
            return False
        return self.view().summary is not None

    def countdown(self) -> str:
        """On a clock: the count-in ("Go on in 3"), or the countdown to the game's next timed
        event ("Spit! 3"), or ""."""
        if self.clock is None:
            return ""
        if self._count_in_end is not None:
            left = max(0.0, self._count_in_end - self.now())
            return _("Go on in {n}").format(n=max(1, -int(-left // 1)))
        due = self.match.game.next_due(self.match.state)
        label = self.view().countdown or _("Next")
        timed_at = self.match.timed_at
        return self._cue.text(label, due, self.clock.now(), timed_at[-1] if timed_at else None)

    @property
    def deciding(self) -> bool:
        """On a clock: a bot's decision is being chosen in a worker (what comes after it
        waits for it)."""
        return self._deciding is not None

    @property
    def counting_in(self) -> bool:
        return self._count_in_end is not None

    def save_problem(self) -> str | None:
        """Why the match is no longer being saved, the first time it is asked (else None)."""
        error = self.match.save_error
        if error is None or self.match.save_error_told:
            return None
        self.match.save_error_told = True
        return error

    # --- the flow -----------------------------------------------------------------------------
    def start(self) -> None:
        """Set the match going (once whoever shows it is ready)."""
        self._go()

    def wakeup(self) -> float | None:
        """When :meth:`poll` should next be called (on ``now``'s scale): None while nothing
        falls due (the next change comes from a person, or from ``notify``)."""
        if self.done:
            return None
        if self._answers:
            return self.now()
        if self.clock is not None and self.curtain is None:
            if self._count_in_end is not None:
                return min(self._count_in_end, self.now() + TICK)
            if not self._holds and not self._deciding:
                return self.now() + TICK
        if self._timer is not None and not self._holds:
            return self._timer[0]
        return None

    def poll(self) -> bool:
        """Do what has fallen due: workers' answers, the pending action, the clock's steps.
        Whether anything the table shows changed."""
        before = self.version
        started = time.perf_counter()
        while not self.done:
            with self._lock:
                answers, self._answers = self._answers, []
            for answer in answers:
                if answer.bot:
                    self._asking = max(0, self._asking - 1)
                else:
                    self._hinting = max(0, self._hinting - 1)
                if answer.epoch is None or answer.epoch == self._epoch:
                    answer.then(answer.result, answer.error)
            if self._holds and self._count_in_end is None:
                break
            if self._count_in_end is not None:
                self._count_in()
            elif self.clock is not None:
                self._tick()
            timer = self._timer
            if timer is not None and (timer[0] <= self.now() or self.fast):
                self._timer = None
                timer[1]()
            with self._lock:
                more = bool(self._answers)
            if not more or time.perf_counter() - started > FRAME_BUDGET:
                break
        return self.version != before

    def _bump(self) -> None:
        self.version += 1

    def _go(self) -> None:
        """Decide what happens now and set it going."""
        self._timer = None
        if self.done or self.curtain is not None:
            return
        self.only_move = None
        if self._holds:
            self._stalled = True  # goes on when the table can be seen again
            return
        self._stalled = False
        step = self.seating.next_step()
        self.step = step
        self._bump()
        if isinstance(step, Over):
            self.thinking = None
            self.hint = None
            self.fast = False
            if self.message_kind != "error":
                self.message = ""
            self.done = True
            return
        if isinstance(step, Curtain):
            self.curtain = step.seat
            return
        if isinstance(step, Stuck):
            self.say(_("Nobody can move: the game is stuck (please report this)."), "error")
            return
        if self.clock is not None:  # on a clock the clock drives the bots (see _tick)
            self.thinking = None
            return
        if isinstance(step, BotTurn):
            if self.watch is not None and not self.fast:
                self._watch_turn()
                return
            if self.summary_waits() and not self.fast:
                self.step = Summary(step.seat)
                self.thinking = None
                self.say(_("Press Enter or click the table to go on."), "info")
                return
            self.thinking = None if self.fast else step.seat
            self._ask_bot(step.seat, self._bot_answered)
            return
        assert isinstance(step, HumanTurn)
        self.thinking = None
        self.fast = False
        legal = self.match.legal_moves(step.seat)
        if len(legal) != 1:
            return
        move = legal[0]
        forced = (
            self.auto_play
            and not self.match.game.watch_by_default
            and len(self.match.humans()) == 1
            and self._no_autoplay_at != len(self.match.moves)
            and not self.summary_waits()
        )
        label = self.match.fill(move.label())
        if forced:
            # In hot-seat a forced move waits for its player, who sees his hand and presses
            # Enter.  In a game watched by default (no decisions at all: Rubashka) a person in
            # a seat takes part by making his only move with a key: it is never played for him.
            self.step = HumanTurn(step.seat, forced=True)
            self.say(_("Your only move: {move} (played for you).").format(move=label), "info")
            self._timer = (self.now() + self._pace(), lambda: self._play_forced(move))
            return
        self.only_move = move  # the table says how to play it

    def _forced_pending(self) -> bool:
        step = self.step
        return isinstance(step, HumanTurn) and step.forced

    def _play_forced(self, move: Move) -> None:
        self._play(move, auto=True, told=True)

    def _pace(self) -> float:
        """Seconds per bot move: the watch's speed when watching (0 when a key plays the
        move), none at full speed, else the table's pace."""
        if self.fast:
            return 0.0
        if self.watch is not None:
            return (self.watch.speed.delay or 0.0) if self.watch.moving else 0.0
        return self.pace

    def _ask(
        self,
        work: Callable[[], Any],
        then: Callable[[Any, BaseException | None], None],
        *,
        bot: bool = True,
        stale: bool = True,
    ) -> None:
        """Run ``work`` in a worker (or at once without threads); ``then`` gets its result
        (or the exception it raised) in :meth:`poll`, unless the match changed meanwhile
        (``stale=False``: in any case)."""
        epoch = self._epoch if stale else None

        def job() -> None:
            result: Any = None
            error: BaseException | None = None
            try:
                result = work()
            except Exception as exc:  # a failing bot must not take the table down
                error = exc
            with self._lock:
                self._answers.append(_Answer(epoch, bot, then, result, error))
            if self.notify is not None and self.threads:
                self.notify()

        if bot:
            self._asking += 1
        else:
            self._hinting += 1
        if self.threads:
            self._worker.run(job)
        else:
            job()

    def _ask_bot(self, seat: Seat, then: Callable[[Any, BaseException | None], None]) -> None:
        asked = self.now()
        self._ask(lambda: (self.match.choose_bot_move(seat), asked), then)

    def _bot_answered(self, answer: Any, error: BaseException | None) -> None:
        if error is not None or answer is None:
            self._bot_failed(error)
            return
        move, asked = answer

        def play() -> None:
            self._play(move, told=True)

        self._timer = (asked + self._pace(), play)

    def _bot_failed(self, error: BaseException | None, seat: Seat | None = None) -> None:
        """Say that a bot's choice failed (the bot of ``seat``, else of the turn's seat)."""
        if seat is None and isinstance(self.step, BotTurn):
            seat = self.step.seat
        self.thinking = None
        if seat is None:
            self.say(_("A bot failed: {error}").format(error=error), "error")
        else:
            self.say(
                _("The bot in seat {n} failed: {error}").format(n=seat + 1, error=error), "error"
            )
        self._bump()

    def _play(self, move: Move, *, auto: bool = False, told: bool = False) -> bool:
        """Play ``move`` (turn by turn); ``told``: a bot's or a forced move, whose events are
        told one at a time at the table's pace.  A refusal says the engine's reason."""
        try:
            self.match.apply(move, auto=auto)
        except CardsuiteError as exc:
            self.say(str(exc), "error")
            self._bump()
            return False
        self._epoch += 1
        self.thinking = None  # the bot has decided: what it did is being told
        self.hint = None
        self.message = ""
        self.last_seat = move.seat
        events = tuple(event.seen_by(self.viewer) for event in self.match.state.events)
        self.last_events = events
        moved = frozenset(p for event in events for p in event.moved())
        pace = self._pace()
        if told and pace > 0 and len(events) > 1 and not self.fast:
            self.story = [(self.match.fill(e.text()), frozenset(e.moved())) for e in events]
            self._tell_next()
            return True
        self.last_piles = moved
        self._go()
        return True

    def _tell_next(self) -> None:
        """The next event of the story (a move that did several things), at half the pace."""
        if not self.story:
            self._go()
            return
        if self.watch is not None and self.watch.paused:
            self._story_waits = True  # told on when the pause ends
            return
        text, moved = self.story.pop(0)
        self.say(text, "info")
        if moved:
            self.last_piles = moved
        self._bump()
        self._timer = (self.now() + self._pace() / 2, self._tell_next)

    # --- what people do -----------------------------------------------------------------------
    def submit(self, move: Move, at: int | None = None) -> bool:
        """A person's move (the viewer's, or on a clock any person's).  Turn by turn it is
        played at once or refused with the engine's reason (in :attr:`message`); on a clock it
        is stamped with the clock's reading as it arrives (or ``at``, the match's time when it
        reached whoever relays it, if not before the clock) and played after what fell due
        before it.  Whether it was taken."""
        if self.done or self.curtain is not None:
            return False
        if self.clock is not None:
            return self._submit_on_clock(move, at)
        if self.match.seats[move.seat].is_bot:
            self.say(_("That is a bot's move, not yours."), "error")
            self._bump()
            return False
        step = self.step
        if isinstance(step, BotTurn | Summary):
            name = self.names[step.seat]
            self.say(_("Wait: it is {name}'s turn.").format(name=name), "error")
            self._bump()
            return False
        return self._play(move)

    def _submit_on_clock(self, move: Move, at: int | None = None) -> bool:
        clock = self.clock
        assert clock is not None
        if self._count_in_end is not None or self._holds:
            self.say(_("Wait: the game goes on after the count."), "error")
            self._bump()
            return False
        offered = move in self._legal
        before = len(self.match.moves)
        now = clock.now()
        self._inbox.append((now if at is None else max(at, self.match.time), move, offered))
        self._inbox.sort(key=lambda entry: entry[0])  # in time order, arrivals at one time kept
        self._advance_clock(now)
        waiting = any(entry[1] is move for entry in self._inbox)
        return waiting or (len(self.match.moves) > before and self.match.moves[-1] is move)

    def submit_key(self, seat: Seat, notation: str, label: str = "") -> bool:
        """A key of ``seat``'s block on a clock (several people at one keyboard), whose move
        reads ``notation`` (``label`` on the key's legend).  One the table does not allow now
        is refused with the rule it breaks, in the player's words."""
        try:
            move = self.move_from_text(notation, seat)
        except CardsuiteError:
            wanted = notation.strip().casefold()
            game = self.match.game
            reason = next(
                (
                    self.refusal_of(m)
                    for m in self.candidates(seat)
                    if game.move_to_text(m).casefold() == wanted
                ),
                None,
            )
            name = self.names[seat]
            what = label or notation
            self.say(
                _("{name}: {what} — {reason}").format(name=name, what=what, reason=reason)
                if reason
                else _("{name}: {what} is not possible now.").format(name=name, what=what),
                "error",
            )
            self._bump()
            return False
        return self.submit(move)

    def say(self, text: str, kind: str = "info") -> None:
        """Set the table's message (the runner's news, or the table's own refusals)."""
        self.message = plain(text)  # a path or an error may hold control characters
        self.message_kind = kind

    def acknowledge(self) -> bool:
        """The summary between deals has been read: play goes on.  False when none waited."""
        if not self.summary_waits():
            return False
        if isinstance(self.step, Summary) or (self.clock is not None):
            self._summary_read_at = len(self.match.moves)
            self.message = ""
            if self.clock is not None:
                self.clock.resume()
                self._bump()
            self._go()
            return True
        return False

    def lift_curtain(self) -> None:
        """The person the curtain was up for is at the keyboard."""
        seat = self.curtain
        if seat is None:
            return
        self.curtain = None
        self.seating.reveal(seat)
        self.message = ""
        self._go()

    def seats_changed(self) -> None:
        """A seat passed from a person to a bot or back (:meth:`Match.stand_in`): what was
        pending is dropped and the next step decided again."""
        self._epoch += 1
        self._timer = None
        self._asking = 0
        self._deciding = None
        self.thinking = None
        self._go()

    def leave(self) -> None:
        """The table is left: nothing pending goes on."""
        self._epoch += 1
        self._timer = None
        self.done = True
        self.story = []
        self._worker.drop_pending()

    def skip(self) -> None:
        """Skip to the next decision; with no person left in play, finish at full speed."""
        if self.curtain is not None or self.done:
            return
        if self.story:
            moved = frozenset(p for _text, piles in self.story for p in piles)
            last = self.story[-1][0]
            self.story = []
            self._story_waits = False
            self.last_piles = moved or self.last_piles
            self.say(last, "info")
            self._go()
            return
        if self.match.is_over():
            return
        if self.match.humans_in_play():
            self.say(_("Nothing to skip: the next decision is already yours to make."), "info")
            self._bump()
            return
        self.fast = True
        self.say(_("Finishing the match at full speed…"), "info")
        self._bump()
        if self._timer is None and not self._asking:
            self._go()

    # --- holding the table still --------------------------------------------------------------
    def hold(self, reason: str) -> None:
        """Nothing moves until :meth:`release` (the table is hidden behind another screen,
        the terminal is too small, or the players paused): no bot plays, no forced move, and
        a clock stops for everyone."""
        self._holds.add(reason)
        if self.clock is not None:
            self.clock.pause()
            self._count_in_end = None
        self._bump()

    def release(self, reason: str) -> None:
        """``reason`` holds the table no more; with nothing else holding it, it goes on (a
        game on a clock after a count-in, so that people find their cards again)."""
        if reason not in self._holds:
            return
        self._holds.discard(reason)
        if self._holds:
            return
        if self.clock is not None and not self.done:
            if self.watch is None and self.match.humans():
                self._start_count_in()
            else:
                self._sync_clock()
        if self._stalled:
            self._go()
        self._bump()

    @property
    def held(self) -> bool:
        return bool(self._holds)

    def _start_count_in(self) -> None:
        assert self.clock is not None
        self.clock.pause()
        self._count_in_end = self.now() + self.count_in
        self._bump()

    def _count_in(self) -> None:
        end = self._count_in_end
        if end is None:
            return
        if self.now() >= end:
            self._count_in_end = None
            if self.clock is not None and not self.summary_waits():
                self.clock.resume()
        self._bump()  # the count shown goes down

    # --- real time ------------------------------------------------------------------------------
    def _steps(self) -> int:
        return len(self.match.moves) + len(self.match.timed)

    def _tick(self) -> None:
        """The clock's heartbeat: perform what has fallen due, show what changed."""
        clock = self.clock
        assert clock is not None
        watch = self.watch
        if watch is not None and not watch.clock_runs():
            if watch.moving:
                self._race_frame()  # as fast as it draws
            return
        if clock.paused or self._holds:
            return
        if self.summary_waits():  # between deals: the clock waits while people read
            clock.pause()
            self.say(_("Press Enter or click the table to go on."), "info")
            self._bump()
            return
        shown = self.countdown()
        if not self._advance_clock(clock.now()) and self.countdown() != shown:
            self._bump()

    def _advance_clock(self, now: int) -> bool:
        """Perform, in time order, what fell due by ``now`` and the people's actions in the
        inbox; a bot's decision is chosen in a worker and everything after it waits for it.
        Whether anything happened."""
        if self._deciding is not None:
            return False
        match = self.match
        before = self._steps()
        while not match.is_over():
            target = min(now, self._inbox[0][0]) if self._inbox else now
            decision = match.due_decision(target)
            if decision is not None:
                self._deciding = decision
                break
            if not self._inbox:
                break
            at, move, offered = self._inbox.pop(0)
            try:
                match.act_at(move, at)
                self.hint = None
                if self.message_kind == "error":
                    self.message = ""
            except CardsuiteError as exc:
                reason = match.fill(str(exc))
                late = offered and isinstance(exc, IllegalMoveError)
                self.say(_("Too late! {reason}").format(reason=reason) if late else reason, "error")
                self._bump()
        if match.is_over():
            self._inbox.clear()
        changed = self._steps() > before
        if changed:
            self._show_steps(before)
        if self._deciding is not None:  # asked once what came before it has been shown
            seat, at = self._deciding
            self._ask(lambda: match.decision_move(seat, at), self._decided, stale=False)
        return changed

    def _decided(self, move: Any, error: BaseException | None) -> None:
        decision, self._deciding = self._deciding, None
        if decision is None:
            return
        seat, at = decision
        before = self._steps()
        if error is not None:
            move = None
            self._bot_failed(error, seat)
        self.match.decided(seat, at, move)
        if self._steps() > before:
            self._show_steps(before)
        if self.clock is not None and not self._holds:
            self._advance_clock(self.clock.now())

    def _show_steps(self, since: int) -> None:
        """Show what happened since the match had ``since`` steps: the cards moved marked,
        the latest event said."""
        self._epoch += 1
        self._bump()
        viewer = self.viewer
        events = tuple(e.seen_by(viewer) for e in self.match.state.events)
        if self._steps() > since and events:
            self.last_events = events
            self.last_seat = self.match.moves[-1].seat if self.match.moves else None
            self.last_piles = frozenset(p for event in events for p in event.moved())
            if self.message_kind != "error" or not self.message:
                self.say(self.match.fill(events[-1].text()), "info")
        if self.match.is_over():
            self._go()

    def _race_frame(self) -> None:
        """Watching on a clock, as fast as it draws: from one due time to the next until a
        frame's time is spent (or a bot's decision is awaited)."""
        clock = self.clock
        assert clock is not None
        start = time.perf_counter()
        while not self.match.is_over() and self._deciding is None:
            if time.perf_counter() - start >= FRAME_BUDGET:
                break
            due = self.match.next_time()
            if due is None:
                break
            clock.jump(due)
            self._advance_clock(due)

    def _race_step(self) -> None:
        """Watching on a clock, one step: the clock jumps to the next thing due and it
        happens (a bot's decision that comes to nothing: on to the next)."""
        clock = self.clock
        assert clock is not None
        before = self._steps()
        for _attempt in range(100):
            due = self.match.next_time()
            if due is None or self.match.is_over():
                break
            clock.jump(due)
            self._advance_clock(due)
            if self._deciding is not None or self._steps() > before:
                break

    def _sync_clock(self) -> None:
        """On a clock while watching: run it at the speed's rate, or hold it still (paused,
        step by step, or as fast as it draws: the runner moves it from one due time to the
        next)."""
        clock, watch = self.clock, self.watch
        if clock is None:
            return
        if watch is None:
            if not self._holds and self._count_in_end is None:
                clock.resume()
            return
        if watch.clock_runs() and not self._holds:
            clock.resume()
            clock.set_rate(watch.speed.rate)
        else:
            clock.pause()

    # --- watching a match only bots play ------------------------------------------------------
    def _watch_turn(self) -> None:
        """A bot's turn in a watched match: its move is chosen in a worker, then played when
        the speed says (or at the step key)."""
        watch = self.watch
        assert watch is not None and isinstance(self.step, BotTurn)
        self.thinking = None
        if self._asking:
            return  # a worker is choosing: its answer goes on from here
        if self._held is not None:
            self._release_held()
            return
        if not watch.moving and not self._presses:
            return
        self._ask_bot(self.step.seat, self._watch_answered)

    def _watch_answered(self, answer: Any, error: BaseException | None) -> None:
        if error is not None or answer is None:
            self._bot_failed(error)
            return
        self._held = answer[0]
        self._release_held()

    def _release_held(self) -> None:
        """Play the move held once it is due: at once for a press of the step key, after the
        speed's delay while the match moves by itself; held while paused."""
        watch, move = self.watch, self._held
        if watch is None or move is None:
            return
        if self._presses:
            self._presses -= 1
        elif not watch.moving:
            self._bump()
            return
        else:
            wait = watch.wait(self.now() - self._watch_last)
            if wait > 0:
                self._timer = (self.now() + wait, self._release_held)
                return
        self._held = None
        self._watch_last = self.now()
        self._play(move, told=True)

    def watch_pause(self) -> None:
        """``p`` while watching: everything stops where it is; again, it goes on."""
        watch = self.watch
        if watch is None or self.done:
            return
        watch.toggle_pause()
        self.say(_("Paused: n plays one move, p goes on.") if watch.paused else "", "info")
        self._watch_changed()

    def watch_speed(self, delta: int) -> None:
        """One speed up (``delta`` > 0) or down."""
        watch = self.watch
        if watch is None or self.done:
            return
        changed = watch.faster() if delta > 0 else watch.slower()
        if changed:
            self.say(_("Speed: {speed}").format(speed=_(watch.speed.name)), "info")
        elif delta > 0:
            self.say(_("Already the fastest speed."), "info")
        else:
            self.say(_("Already step by step: press n for each move."), "info")
        self._watch_changed()

    def _watch_changed(self) -> None:
        """The speed or the pause changed: the clock follows, and a match that may move again
        goes on from where it stood."""
        watch = self.watch
        assert watch is not None
        self._sync_clock()
        self._bump()
        if not watch.moving:
            if self._timer is not None and self._held is not None:
                self._timer = None  # the held move waits for the step key or the end of it
            return
        self._watch_last = min(self._watch_last, self.now())
        if self._story_waits:
            self._story_waits = False
            self._tell_next()
            return
        if self.clock is None and not self.story:
            if self._held is not None:
                self._release_held()
            elif not self._asking and isinstance(self.step, BotTurn):
                self._go()

    def watch_step(self) -> None:
        """``n``: one move (on a clock, the next thing due), then the match stands still."""
        watch = self.watch
        if watch is None or self.done or self.curtain is not None:
            return
        if watch.moving:
            watch.paused = True  # a step stops the match where it is
            self._sync_clock()
        self.message = ""
        self._bump()
        if self.clock is not None:
            self._race_step()
            return
        self._presses += 1
        if self.story:  # the last move's story ends at once
            self._story_waits = False
            self.skip()
            return
        if self._held is not None:
            self._timer = None
            self._release_held()
        elif not self._asking and isinstance(self.step, BotTurn):
            self._go()

    # --- undo, redo and hints -----------------------------------------------------------------
    def undo_allowed(self) -> bool:
        viewer = self.viewer
        if viewer is None or self.curtain is not None:
            return False
        key = (self._epoch, viewer, len(self.match.moves))
        if key != self._undo_key:
            self._undo_ok = self.match.undo_point(viewer) is not None
            self._undo_key = key
        return self._undo_ok

    def redo_allowed(self) -> bool:
        viewer = self.viewer
        return viewer is not None and self.curtain is None and self.match.redo_offered(viewer)

    def undo(self) -> bool:
        """Take back the viewer's last decision (see :mod:`cardsuite.match`); a refusal says
        why.  Whether anything was taken back."""
        viewer = self.viewer
        if viewer is None or not self.undo_allowed():
            self.say(self.undo_refusal(), "error")
            self._bump()
            return False
        undone = self.match.undo(viewer)
        text = undone.text(self.names)
        if undone.practice:
            text += " " + _("Practice game now: you had seen cards since.")
        if len(self.match.legal_moves(viewer)) == 1:
            self._no_autoplay_at = len(self.match.moves)  # his only move, made by hand before
        self._stepped(text)
        return True

    def redo(self) -> bool:
        viewer = self.viewer
        if viewer is None or not self.redo_allowed():
            self.say(_("Nothing to redo: redo plays again what undo took back."), "error")
            self._bump()
            return False
        self._stepped(self.match.redo(viewer).text(self.names, redo=True))
        return True

    def _stepped(self, text: str) -> None:
        """After an undo or a redo: nothing pending goes on, the message says what changed."""
        self.story = []
        self.fast = False
        self._epoch += 1
        self._timer = None
        self.thinking = None
        self.hint = None
        self.last_piles = frozenset()
        self.last_events = ()
        self.say(text)
        self._go()

    def undo_refusal(self) -> str:
        viewer = self.viewer
        if viewer is None:
            return _("Undo is not available to a spectator.")
        if self.match.realtime:
            return _("There is no undo in a game played in real time: the others play on.")
        if len(self.match.humans()) > 1:
            return _("Undo is only offered to a player alone against bots.")
        if self.match.is_over():
            return _("The game is over: nothing to undo.")
        if not any(m.seat == viewer for m in self.match.moves):
            return _("Nothing to undo yet.")
        return _("Nothing to undo: every move you made so far was your only one.")

    def request_hint(self) -> None:
        """Ask the strongest bot what the viewer should play (answered in :meth:`poll`)."""
        viewer, legal = self.viewer, self.legal
        if viewer is None or not legal:
            self.say(_("No hint: it is not your turn."), "error")
            self._bump()
            return
        self.say(_("Thinking of a hint…"), "hint")
        self._bump()
        match = self.match

        def work() -> Move:
            bot = make_bot(bot_ids(match.game)[-1], match.game)
            rng = make_rng(match.seed, "hint", len(match.moves))
            move: Move = bot.choose(match.game, match.observe(viewer), legal, rng)
            return move

        self._ask(work, self._hinted, bot=False)

    def _hinted(self, move: Any, error: BaseException | None) -> None:
        if error is not None or move is None:
            self.say(_("No hint available."), "error")
        else:
            self.hint = move
            self.say(_("Hint: {move}").format(move=self.match.fill(move.label())), "hint")
        self._bump()
