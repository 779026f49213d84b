"""A seat at a table served by ``cardsuite host``, read the way the table screen reads a
match played at home.

The server owns the match; a client knows only what its seat was sent.  :class:`RemoteMatch`
holds that (the seats, each step's observation, the outcome) and answers what the screens ask
of a :class:`~cardsuite.match.Match`: names, views, the log, whose turn.  :class:`RemoteRunner`
answers what the table screen asks of a :class:`~cardsuite.runner.Runner`: the step, the
viewer's legal moves, the news line, why a gesture is refused; the moves the player chooses
go out as frames through ``send``.  Frames come in through :meth:`RemoteRunner.feed`, one at a
time, from whoever holds the connection (the table screen's worker, a test).

What the table offers differs from home where the server decides: the server plays the
bots and keeps the pace, so there is nothing to skip or hold still; undo is asked of the
server, which grants it by the table's policy (a person alone with bots); no hints, as a
hint is a bot playing for a person at a table of others.  The log goes back before the
client came in as far as the server's ``history`` tells.

A game on a clock (Spit, Nerts in real time) is played here too: the server owns the clock
and takes the moves in the order they reach it; each step carries the clock's reading, and
:class:`RemoteClock` moves it on between steps, so the badge counts down to the next timed
event ("Spit! 2") as it does at home.  What fell due by itself comes as the latest step sent
again, with the table as it stands after it and what it adds to the log (``told``).  Nobody
can pause the server's clock from his screen, and there is no undo on a clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from cardsuite.core.errors import CardsuiteError
from cardsuite.core.i18n import _
from cardsuite.core.moves import Move
from cardsuite.core.options import options_from_strings
from cardsuite.core.outcome import Outcome
from cardsuite.core.protocol import AnyGame, Observation
from cardsuite.core.table import PileId, Seat
from cardsuite.core.text import fill, message_from_data, plain
from cardsuite.core.view import TableView
from cardsuite.core.wire import (
    event_from_data,
    event_kinds,
    move_from_data,
    observation_from_data,
    outcome_from_data,
)
from cardsuite.games import get_game
from cardsuite.match import SeatInfo, side_tags, told
from cardsuite.net.client import error_text
from cardsuite.runner.clock import Countdown
from cardsuite.runner.steps import BotTurn, HumanTurn, Over, Step, Stuck, Summary

Frame = dict[str, Any]

# Seconds between two draws of a countdown's badge on a clock (it counts whole seconds).
TICK = 0.1


class RemoteError(CardsuiteError):
    """A frame this client cannot read (a server of another version, or no server)."""


class RemoteMatch:
    """What this client's seat knows of a match the server plays (see the module)."""

    def __init__(self, welcome: Frame) -> None:
        try:
            self.game: AnyGame = get_game(str(welcome["game"]))
            self.table_id = str(welcome["table"])
            self.seat: Seat | None = welcome["seat"]
            seats = welcome["seats"]
            self.seats: tuple[SeatInfo, ...] = tuple(
                SeatInfo(str(s["name"]), None if s["kind"] == "human" else str(s["kind"]))
                for s in seats
            )
            options = options_from_strings(
                self.game.Options, {str(k): str(v) for k, v in dict(welcome["options"]).items()}
            )
            # on a clock, or turn by turn (a deal of this table's options tells)
            first = self.game.new_game(seats=len(self.seats), options=options, seed=0)
            self.realtime: bool = self.game.realtime(first)
        except (KeyError, TypeError, ValueError, CardsuiteError) as problem:
            raise RemoteError(f"the server's welcome does not read: {problem}") from None
        self.names: tuple[str, ...] = tuple(info.shown or info.name for info in self.seats)
        self.seen: list[Observation[Any]] = []  # each step's observation, the oldest first
        self.plies: list[int] = []  # the number of moves before each of them
        # What each of them adds to the log: its events (a move's, and on a clock those of
        # what fell due after it), a tuple for each step the server counts.
        self.told: list[list[tuple[Any, ...]]] = []
        # The events told before this client came (the server's ``history``): (ply, events).
        self.earlier: list[tuple[int, tuple[Any, ...]]] = []
        self.to_move_now: frozenset[Seat] = frozenset()
        self.final: Outcome | None = None
        self.match_id: int | None = None
        # What a local match has and a remote one does not.
        self.save_error: str | None = None
        self.practice = False
        self.journal_id: int | None = None
        self.timed: tuple[Any, ...] = ()

    @property
    def state(self) -> Any:
        """The table as this seat last saw it (None before the first step)."""
        return self.seen[-1].state if self.seen else None

    @property
    def moves(self) -> Sequence[Any]:
        """A step for each move seen (what a table reads their number of)."""
        return self.seen

    def view(self, viewer: Seat | None = None) -> TableView:
        obs = self.seen[-1]
        return self.game.present(obs).named(self.names, self.side_tags())

    def side_tags(self) -> tuple[str, ...]:
        return side_tags(self.game.sides(self.state), len(self.seats)) if self.seen else ()

    def to_move(self) -> frozenset[Seat]:
        return frozenset() if self.final is not None else self.to_move_now

    def is_over(self) -> bool:
        return self.final is not None

    def outcome(self) -> Outcome | None:
        return self.final

    def humans(self) -> tuple[Seat, ...]:
        return tuple(i for i, info in enumerate(self.seats) if not info.is_bot)

    def humans_in_play(self) -> tuple[Seat, ...]:
        if self.final is not None or not self.seen:
            return ()
        in_play = self.game.in_play(self.state)
        return tuple(s for s in self.humans() if s in in_play)

    def fill(self, text: str) -> str:
        return fill(text, self.names)

    def steps_newest_first(self) -> Iterator[tuple[Any, ...]]:
        for steps in reversed(self.told):
            yield from reversed(steps)
        for _ply, events in reversed(self.earlier):
            yield events

    def log(self, viewer: Seat | None, last: int | None = None) -> list[str]:
        return told(self.steps_newest_first(), viewer, self.names, last)


class RemoteRunner:
    """The table screen's runner for a seat played at a server (see the module)."""

    def __init__(self, match: RemoteMatch, send: Callable[[Frame], None]) -> None:
        self.match = match
        self.send = send
        self.viewer: Seat | None = match.seat
        self.step: Step | None = None
        self.message = ""
        self.message_kind = "info"
        self.version = 0
        self.done = False
        self.ply = -1
        self.waiting: list[dict[str, Any]] = []  # the seats, until the match starts
        self.gone: str | None = None  # why the connection ended before the match did
        self.summary = False  # the scores between deals wait to be read
        self.last_piles: frozenset[PileId] = frozenset()
        self.thinking: Seat | None = None
        self._legal: tuple[Move, ...] = ()
        self._refused: dict[Move, str] = {}
        self._sent_at = -1  # the ply a move was sent at (its answer not in yet)
        # On a clock: the server's, as this client reckons it, and the badge's countdown.
        self.clock: RemoteClock | None = RemoteClock() if match.realtime else None
        self._due: int | None = None  # when the game's next timed event falls due
        self._fired: int | None = None  # when the latest one fell
        self._cue = Countdown()
        # What a local runner has and this one never uses.
        self.watch: Any = None
        self.curtain: Seat | None = None
        self.hint: Move | None = None
        self.only_move: Move | None = None
        self.story: list[tuple[str, frozenset[PileId]]] = []
        self.pace = 0.0
        self.auto_play = False
        self.now: Callable[[], float] = time.monotonic

    # --- frames in -------------------------------------------------------------------------
    def feed(self, frame: Frame) -> None:
        """One frame from the server."""
        kind = frame.get("type")
        module = type(self.match.game).__module__
        try:
            if kind == "waiting" or kind == "seats":
                self.waiting = list(frame["seats"])
            elif kind == "step":
                self._stepped(frame, module)
            elif kind == "history":
                kinds = event_kinds(module)
                self.match.earlier = [
                    (int(ply), tuple(event_from_data(e, kinds) for e in events))
                    for ply, events in frame["steps"]
                ]
            elif kind == "over":
                self.match.final = outcome_from_data(frame["outcome"])
                self.match.match_id = frame.get("match")
                self._legal, self.step, self.thinking = (), Over(), None
                self.done = True
            elif kind == "error":
                self._sent_at = -1
                self.say(self.match.fill(error_text(frame)), "error")
            elif kind == "chat":
                name, text = plain(str(frame.get("name", ""))), plain(str(frame.get("text", "")))
                self.say(f"{name}: {text}", "chat")  # kept until the next line or action
        except (KeyError, TypeError, ValueError, CardsuiteError) as problem:
            raise RemoteError(f"a {kind} frame from the server does not read: {problem}") from None
        self.version += 1

    def _stepped(self, frame: Frame, module: str) -> None:
        match = self.match
        obs = observation_from_data(frame["observation"], module)
        self.ply = ply = int(frame["ply"])
        told = [tuple(obs.state.events)]
        if "told" in frame:  # on a clock: with what fell due after the move
            kinds = event_kinds(module)
            told = [tuple(event_from_data(e, kinds) for e in events) for events in frame["told"]]
        # A step sent again (the seat may act now, or something fell due), or after an undo:
        # it replaces those since; sent again, it keeps what its first sending told.
        kept: list[tuple[Any, ...]] = []
        while match.plies and match.plies[-1] >= ply:
            if match.plies[-1] == ply:
                kept = match.told[-1]
                if "told" not in frame:
                    told = []
            match.plies.pop()
            match.seen.pop()
            match.told.pop()
        while match.earlier and match.earlier[-1][0] >= ply:  # an undo to before this client
            match.earlier.pop()
        match.seen.append(obs)
        match.plies.append(ply)
        match.told.append(kept + told)
        self._sent_at = -1
        self.last_piles = frozenset(p for e in obs.state.events for p in e.moved())
        match.to_move_now = frozenset(int(s) for s in frame.get("to_move", ()))
        self._legal = tuple(move_from_data(m, module) for m in frame.get("legal", ()))
        self._refused = {
            move_from_data(move, module): message_from_data(said)
            for move, said in frame.get("refused", ())
        }
        self.summary = bool(frame.get("summary"))
        clock = frame.get("clock")
        if self.clock is not None and clock is not None:
            self.clock.sync(int(clock["now"]), bool(clock.get("paused")))
            due, fired = clock.get("due"), clock.get("fired")
            self._due = None if due is None else int(due)
            self._fired = None if fired is None else int(fired)
        if self.message_kind == "info" or (self.message_kind == "error" and self._legal):
            self.message = ""
        self.step = self._next_step()

    def _next_step(self) -> Step:
        match, viewer = self.match, self.viewer
        if match.is_over():
            return Over()
        if self._legal and viewer is not None:
            self.thinking = None
            return HumanTurn(viewer)
        on_move = sorted(match.to_move())
        if self.summary and viewer is not None:
            self.thinking = None
            return Summary(on_move[0] if on_move else viewer)
        # another seat's decision, or this seat's turn being told before it may act
        self.thinking = on_move[0] if len(on_move) == 1 and on_move[0] != viewer else None
        return BotTurn(on_move[0]) if on_move else Stuck()

    def lost(self, why: str) -> None:
        """The connection ended (``why``, in words) before the match did."""
        if self.done:
            return
        self.gone = why
        self._legal = ()
        self.step = Stuck()
        self.say(_("The server has gone: {why}").format(why=why), "error")
        self.version += 1

    # --- reading, as the table screen does ---------------------------------------------------
    @property
    def started(self) -> bool:
        return bool(self.match.seen)

    @property
    def names(self) -> tuple[str, ...]:
        return self.match.names

    pausable = False  # the server keeps the clock

    @property
    def keyboard(self) -> tuple[Seat, ...]:
        """The people who play at this keyboard: this seat's, if it plays."""
        return () if self.viewer is None else (self.viewer,)

    @property
    def busy(self) -> bool:
        return self._sent_at >= 0

    def view(self) -> TableView:
        return self.match.view(self.viewer)

    @property
    def legal(self) -> tuple[Move, ...]:
        if self._sent_at >= 0 or self.done or self.gone is not None:
            return ()
        return self._legal

    def candidates(self, seat: Seat) -> tuple[Move, ...]:
        return (*self._legal, *self._refused)

    def refusal_of(self, move: Move) -> str | None:
        if move in self._legal:
            return None
        return self.match.fill(self._refused.get(move, _("the rules do not allow that move now")))

    def log(self, last: int | None = None) -> list[str]:
        return self.match.log(self.viewer, last=last)

    def summary_waits(self) -> bool:
        return self.summary and not self.done and self.gone is None

    def countdown(self) -> str:
        """On a clock: the countdown to the game's next timed event ("Spit! 2"), or ""."""
        if self.clock is None or self.done or not self.match.seen:
            return ""
        label = self.view().countdown or _("Next")
        return self._cue.text(label, self._due, self.clock.now(), self._fired)

    def save_problem(self) -> str | None:
        return None

    def undo_allowed(self) -> bool:
        match = self.match
        return (
            self.viewer is not None
            and len(match.humans()) == 1
            and not match.is_over()
            and self.gone is None
        )

    def redo_allowed(self) -> bool:
        return False

    def undo_refusal(self) -> str:
        if self.viewer is None:
            return _("Undo is not available to a spectator.")
        if self.done:
            return _("The game is over: nothing to undo.")
        if self.gone is not None:
            return _("The server has gone: {why}").format(why=self.gone)
        return _("Undo is only offered to a player alone against bots.")

    # --- acting --------------------------------------------------------------------------------
    def submit(self, move: Move, at: int | None = None) -> bool:
        """Send the viewer's move; one the rules refuse is said here and not sent."""
        if move not in self.legal:
            reason = self.refusal_of(move) if self._legal else _("wait for your turn")
            self.say(reason or "", "error")
            self.version += 1
            return False
        self._sent_at = self.ply
        self.message = ""
        self.send({"type": "act", "ply": self.ply, "move": self.match.game.move_to_text(move)})
        self.version += 1
        return True

    def submit_key(self, seat: Seat, notation: str, label: str = "") -> bool:
        return False

    def acknowledge(self) -> bool:
        if not self.summary_waits():
            return False
        self.summary = False
        self.send({"type": "go"})
        self.version += 1
        return True

    def undo(self) -> bool:
        if not self.undo_allowed():
            self.say(self.undo_refusal(), "error")
            self.version += 1
            return False
        self.send({"type": "undo"})
        return True

    def redo(self) -> bool:
        self.say(_("Nothing to redo: redo plays again what undo took back."), "error")
        self.version += 1
        return False

    def request_hint(self) -> None:
        self.say(_("No hints at a table played over the network."), "error")
        self.version += 1

    def skip(self) -> None:
        self.say(_("Nothing to skip: the server plays the table at its own pace."), "info")
        self.version += 1

    def refuse_pause(self) -> None:
        self.say(_("The server keeps the clock: nobody pauses a table played over the network."))
        self.version += 1

    def say(self, text: str, kind: str = "info") -> None:
        self.message = plain(text)
        self.message_kind = kind

    # --- what the server does for everyone ----------------------------------------------------
    def start(self) -> None:
        pass

    def wakeup(self) -> float | None:
        """On a clock, while the badge counts down (or holds the name of what just fell
        due): the next tick, for the table to draw the count again; else None."""
        if self.clock is None or self.done or self.gone is not None or not self.match.seen:
            return None
        now = self.clock.now()
        counting = self._due is not None or (
            self._fired is not None and now < self._fired + self._cue.hold
        )
        return self.now() + TICK if counting and not self.clock.paused else None

    def poll(self) -> bool:
        """The server plays the table: here only a countdown moves (drawn again on a clock)."""
        return self.clock is not None

    def hold(self, reason: str) -> None:
        pass  # the table goes on at the server: nothing to hold still here

    def release(self, reason: str) -> None:
        pass

    def lift_curtain(self) -> None:
        pass

    def leave(self) -> None:
        self.done = True

    def watch_pause(self) -> None:
        pass

    def watch_speed(self, delta: int) -> None:
        pass

    def watch_step(self) -> None:
        pass


class RemoteClock:
    """The clock of a match served in real time, as this client reckons it: the reading the
    latest step carried (ms since the deal), moved on by the time since it came, standing
    still while the server's does.  Only the badge's countdown reads it: the server decides
    when things fall due, and stamps every move as it arrives."""

    def __init__(self, source: Callable[[], float] = time.monotonic) -> None:
        self._source = source
        self._reading = 0
        self._at = source()
        self.paused = False

    def sync(self, reading: int, paused: bool = False) -> None:
        """The server's clock read ``reading`` as it sent the step that came now."""
        self._reading, self._at, self.paused = reading, self._source(), paused

    def now(self) -> int:
        if self.paused:
            return self._reading
        return self._reading + round((self._source() - self._at) * 1000)
