"""The match server: tables played over WebSocket, each run by the app's own match runner.

``cardsuite host`` serves an aiohttp application (:func:`make_app`) whose ``/ws`` route speaks
the frames of :mod:`cardsuite.net.frames`.  A :class:`Host` holds the tables; a
:class:`ServerTable` holds one match from its waiting room to its end:

* it opens with its seats declared (a person, by invite, or a bot of a level) and starts
  when every person's seat is taken; the match is then stored as it is played, in the same
  SQLite store as local play (``origin`` "network");
* its :class:`~cardsuite.runner.Runner` is the app's, in remote mode (no curtain: each person
  has his own screen), with bots choosing in its worker thread and the clock of a game on a
  clock; the table's task calls ``poll`` when the runner says something falls due, or when
  its worker or a player's frame wakes it;
* after every step each connection gets its own seat's observation (a spectator: public
  cards only) and, when that seat may act, its legal moves.  A move arrives as notation, is
  read against the full state by the engine, and is refused (an ``error`` frame, nothing
  changed) when it is malformed, out of turn, stale or illegal;
* a seat is acted for only by a connection that gave its invite, a secret of 128 random
  bits; a dropped player comes back with the same invite and gets the table as it stands.
  Past the grace period (:data:`GRACE`) a bot of the host's chosen level plays his seat
  (or, as the host chose, the table waits); when he comes back he plays it again.

The server binds to 127.0.0.1 unless told otherwise.  Frames are capped in size
(:data:`~cardsuite.net.frames.MAX_FRAME`) and in rate (:data:`RATE` a second, a burst of
:data:`BURST`; a move the table takes does not count, as there is one a turn): a frame over
the cap gets an error frame, a connection that keeps flooding is closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from cardsuite.bots import bot_ids
from cardsuite.core.errors import CardsuiteError
from cardsuite.core.i18n import N_
from cardsuite.core.levels import NORMAL, level_id
from cardsuite.core.moves import Move
from cardsuite.core.options import options_from_strings, options_to_dict
from cardsuite.core.protocol import AnyGame
from cardsuite.core.rng import derive_seed
from cardsuite.core.table import Seat
from cardsuite.core.text import Message, player_names, say
from cardsuite.core.wire import (
    PROTOCOL,
    event_data,
    move_data,
    observation_data,
    outcome_data,
)
from cardsuite.games import get_game
from cardsuite.match import Match, SeatInfo
from cardsuite.net.frames import (
    MAX_CHAT,
    MAX_FRAME,
    MAX_NAME,
    FrameError,
    encode,
    error,
    int_field,
    read_client_frame,
    text_field,
)
from cardsuite.runner import Runner
from cardsuite.runner.clock import WallClock
from cardsuite.runner.steps import Summary
from cardsuite.store.db import Store

RATE = 20.0  # frames a second a connection may send, on average
BURST = 40  # frames it may send at once
FLOOD = 20  # refusals for flooding before the connection is closed
SUMMARY_WAIT = 20.0  # seconds the scores between deals wait for the players to read them
GRACE = 60.0  # seconds a dropped player's seat waits for him before a bot plays it
MAX_TABLES = 1000  # tables one server holds at once
HUMAN = "human"


@dataclass(eq=False)
class Connection:
    """One WebSocket: the seat it acts for (None: watching) and what it has been sent."""

    socket: web.WebSocketResponse
    table: ServerTable | None = None
    seat: Seat | None = None
    sent_moves: int = -1  # the number of moves of the last step it was sent (-1: none)
    sent_timed: int = 0  # the timed steps it was told of (on a clock)
    # Whether the last step it was sent let it act, and waited for the summary to be read:
    # when that changes with no new move (a story told, a forced move's pace), it is sent
    # that step again.
    sent_open: tuple[bool, bool] = (False, False)
    allowance: float = BURST
    checked: float = field(default_factory=time.monotonic)
    floods: int = 0
    told_over: bool = False
    explain: bool = False  # it asked for the refusals of its seat's other moves (a person's)

    def admit(self) -> bool:
        """Whether one more frame is within the rate (a token bucket)."""
        now = time.monotonic()
        self.allowance = min(BURST, self.allowance + (now - self.checked) * RATE)
        self.checked = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True

    def refund(self) -> None:
        self.allowance = min(BURST, self.allowance + 1)

    async def send(self, frame: dict[str, Any]) -> None:
        if not self.socket.closed:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await self.socket.send_str(encode(frame))


class ServerTable:
    """One table: its seats, its waiting room, then its match and runner (module docstring)."""

    def __init__(
        self,
        host: Host,
        game: AnyGame,
        kinds: Sequence[str],
        options: Any,
        seed: int,
    ) -> None:
        self.host = host
        self.game = game
        self.kinds = tuple(kinds)  # per seat: "human" or a bot level
        self.options = options
        self.seed = seed
        self.id = secrets.token_hex(4)
        self.invites = {
            secrets.token_hex(16): seat for seat, kind in enumerate(kinds) if kind == HUMAN
        }
        self.names: list[str] = list(player_names(len(kinds)))  # a person's, once he joins
        self.joined: set[Seat] = set()
        self.connections: set[Connection] = set()
        self.match: Match | None = None
        self.runner: Runner | None = None
        self.match_id: int | None = None
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.ended = asyncio.Event()
        self.summary_since: float | None = None
        self.dropped: dict[Seat, float] = {}  # a person's seat left, and when
        self.stood_in: set[Seat] = set()  # seats a bot plays until their person comes back

    # --- seats --------------------------------------------------------------------------------
    def seats_data(self) -> list[dict[str, Any]]:
        return [
            {
                "name": self.names[s],
                "kind": kind,
                "joined": kind != HUMAN or s in self.joined,
                "here": kind != HUMAN or any(c.seat == s for c in self.connections),
                "stand_in": self.host.stand_in if s in self.stood_in else None,
            }
            for s, kind in enumerate(self.kinds)
        ]

    def welcome(self, seat: Seat | None) -> dict[str, Any]:
        return {
            "type": "welcome",
            "protocol": PROTOCOL,
            "table": self.id,
            "game": self.game.id,
            "options": options_to_dict(self.options),
            "seat": seat,
            "seats": self.seats_data(),
            "started": self.match is not None,
        }

    async def seat(self, conn: Connection, seat: Seat, name: str) -> None:
        """``conn`` takes ``seat`` (again, after a dropped connection: the old one goes)."""
        for other in [c for c in self.connections if c.seat == seat]:
            self.connections.discard(other)
            await other.send(error("replaced", say(N_("this seat was taken by a new connection"))))
            await other.socket.close()
        conn.table, conn.seat = self, seat
        self.connections.add(conn)
        if self.match is None and name:
            self.names[seat] = name
        self.joined.add(seat)
        self.dropped.pop(seat, None)
        if seat in self.stood_in and self.match is not None and self.runner is not None:
            self.stood_in.discard(seat)  # the person plays his seat again
            self.match.stand_in(seat, None)
            self.runner.seats_changed()
        await conn.send(self.welcome(seat))
        if self.match is not None:
            await self.broadcast_seats()
        if self.match is None and all(s in self.joined for s in self.invites.values()):
            self.start()
        elif self.match is None:
            await self.broadcast_waiting()
        self.wake.set()

    async def watch(self, conn: Connection) -> None:
        conn.table, conn.seat = self, None
        self.connections.add(conn)
        await conn.send(self.welcome(None))
        self.wake.set()

    async def tell_all(self, frame: dict[str, Any]) -> None:
        for conn in list(self.connections):
            await conn.send(frame)

    async def broadcast_waiting(self) -> None:
        await self.tell_all({"type": "waiting", "seats": self.seats_data()})

    async def broadcast_seats(self) -> None:
        await self.tell_all({"type": "seats", "seats": self.seats_data()})

    def leave(self, conn: Connection) -> None:
        """``conn`` has gone; a person's seat left empty waits for him (the grace period)."""
        self.connections.discard(conn)
        if self.ended.is_set() and not self.connections:
            self.host.forget(self)  # over, and its last connection gone
        seat = conn.seat
        if seat is None or self.match is None or self.runner is None or self.runner.done:
            return
        if not any(c.seat == seat for c in self.connections):
            self.dropped[seat] = time.monotonic()
            self.wake.set()

    async def stand_in_for_the_absent(self) -> None:
        """A seat left for longer than the grace period: a bot plays it, if the host said so
        (else the table waits for its person)."""
        host, match, runner = self.host, self.match, self.runner
        if host.stand_in is None or match is None or runner is None:
            return
        now = time.monotonic()
        late = [seat for seat, since in self.dropped.items() if now - since >= host.grace]
        for seat in late:
            del self.dropped[seat]
            self.stood_in.add(seat)
            match.stand_in(seat, host.stand_in)
            runner.seats_changed()
        if late:
            await self.broadcast_seats()

    def next_grace_end(self) -> float | None:
        if self.host.stand_in is None or not self.dropped:
            return None
        return min(self.dropped.values()) + self.host.grace - time.monotonic()

    # --- the match ----------------------------------------------------------------------------
    def start(self) -> None:
        seats = [
            SeatInfo(self.names[s], None if kind == HUMAN else kind)
            for s, kind in enumerate(self.kinds)
        ]
        match = Match(self.game, seats, options=self.options, seed=self.seed)
        store = self.host.store
        if store is not None and store.writable:
            try:
                self.match_id = store.add(match.record(), origin="network")
                match.attach(store.journal(self.match_id), self.match_id)
            except CardsuiteError as problem:
                match.save_error = str(problem)
        loop = asyncio.get_running_loop()

        def notify() -> None:  # from the runner's worker thread
            loop.call_soon_threadsafe(self.wake.set)

        self.match = match
        self.runner = Runner(
            match,
            pace=self.host.pace,
            auto_play=False,
            remote=True,
            notify=notify,
        )
        self.task = loop.create_task(self.run())

    async def run(self) -> None:
        """Drive the runner: poll when it is due or woken, and tell every connection."""
        runner = self.runner
        assert runner is not None
        runner.start()
        await self.broadcast()
        while not runner.done:
            due = runner.wakeup()
            timeout = None if due is None else max(0.0, due - runner.now())
            ends = [self.next_grace_end()]
            if self.summary_since is not None:
                ends.append(self.summary_since + self.host.summary_wait - time.monotonic())
            for left in (end for end in ends if end is not None):
                timeout = max(0.0, left) if timeout is None else min(timeout, max(0.0, left))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), timeout)
            self.wake.clear()
            await self.stand_in_for_the_absent()
            runner.poll()
            self.read_summary()
            await self.broadcast()
        await self.broadcast()
        self.end()

    def read_summary(self, *, by: Seat | None = None) -> None:
        """Between deals the scores wait to be read: by a player's ``go``, or for a while."""
        runner = self.runner
        if runner is None or not isinstance(runner.step, Summary):
            self.summary_since = None
            return
        if self.summary_since is None:
            self.summary_since = time.monotonic()
        waited = time.monotonic() - self.summary_since
        if by is not None or waited >= self.host.summary_wait or not self.people_here():
            self.summary_since = None
            runner.acknowledge()

    def people_here(self) -> bool:
        return any(c.seat is not None for c in self.connections)

    def end(self) -> None:
        match = self.match
        if match is not None:
            match.detach()
        self.ended.set()
        self.host.ended(self)

    async def act(self, conn: Connection, frame: dict[str, Any]) -> None:
        """A move from ``conn``'s seat: read, checked and played, or refused (nothing changes)."""
        runner, match, seat = self.runner, self.match, conn.seat
        if seat is None:
            raise FrameError("watching", say(N_("a spectator does not play")))
        if runner is None or match is None:
            raise FrameError("not-started", say(N_("the table waits for its players")))
        notation = text_field(frame, "move", limit=200)
        if runner.clock is None:
            ply = int_field(frame, "ply")
            if ply != len(match.moves):
                raise FrameError(
                    "stale", say(N_("the table has moved on: that move was for another turn"))
                )
        if not runner.open_to(seat):
            movers = sorted(match.to_move())
            if not movers:
                raise FrameError("over", say(N_("The game is over")))
            name = match.names[movers[0]]
            raise FrameError("not-your-turn", say(N_("Wait: it is {name}'s turn."), name=name))
        try:
            move = self.game.move_from_text(match.state, notation, seat)
        except CardsuiteError as problem:
            # A move the notation names but the rules refuse: say the rule it breaks.
            wanted = notation.casefold()
            named = (
                m for m in runner.candidates(seat) if self.game.move_to_text(m).casefold() == wanted
            )
            move = next(named, None)
            if move is None:
                raise FrameError("illegal", str(problem)) from None
        refusal = None if move in match.legal_moves(seat) else match.refusal(move)
        if refusal is not None:
            text = refusal.text
            said = text.to_data() if isinstance(text, Message) else None
            raise FrameError("illegal", match.fill(text), said, refusal.code)
        if not runner.submit(move):
            raise FrameError("illegal", runner.message or "that move was not taken")
        conn.refund()  # a move taken is one a turn: only refused frames count for the rate
        self.wake.set()

    def undo(self, conn: Connection) -> None:
        """Take back ``conn``'s seat's last decision, as at home, where the table allows it:
        only a person playing alone against bots (an undo would take back the others' moves)."""
        runner, match, seat = self.runner, self.match, conn.seat
        if runner is None or match is None or seat is None:
            raise FrameError("no-undo", say(N_("there is nothing of yours to take back")))
        if match.humans() != (seat,):
            raise FrameError(
                "no-undo", say(N_("at a table of several people, moves are not taken back"))
            )
        if runner.viewer != seat or not runner.undo():
            raise FrameError("no-undo", runner.undo_refusal())
        for other in self.connections:  # the table as it now stands, sent again
            other.sent_moves = min(other.sent_moves, len(match.moves) - 1)
            other.told_over = False
        self.wake.set()

    async def chat(self, conn: Connection, frame: dict[str, Any]) -> None:
        text = text_field(frame, "text", limit=MAX_CHAT)
        if not text:
            return
        name = self.names[conn.seat] if conn.seat is not None else "spectator"
        await self.tell_all({"type": "chat", "seat": conn.seat, "name": name, "text": text})

    async def broadcast(self) -> None:
        for conn in list(self.connections):
            await self.catch_up(conn)

    async def catch_up(self, conn: Connection) -> None:
        """Send ``conn`` every step it has not seen, each as its seat sees it.  On a clock,
        what fell due by itself (a spit, a turn-up) is a step too: the latest step is sent
        again with the table as it stands after it, and ``told`` lists every step it adds to
        the seat's log (its own move's, if new, and the timed steps since)."""
        match, runner = self.match, self.runner
        if match is None or runner is None:
            return
        game, seat = self.game, conn.seat
        moves = len(match.moves)
        timed = match.timed
        flags = (seat is not None and runner.open_to(seat), isinstance(runner.step, Summary))
        # A new connection gets the table as it stands, after what was told before it came.
        if conn.sent_moves < 0:
            if moves > 0:
                await conn.send(history_frame(match, seat, moves))
            conn.sent_timed = sum(1 for after, _events in timed if after < moves)
        first = moves if conn.sent_moves < 0 else conn.sent_moves + 1
        fresh = len(timed) > conn.sent_timed  # something fell due since its last step
        if conn.sent_moves == moves and (flags != conn.sent_open or fresh):
            first = moves
        told = conn.sent_timed
        for ply in range(first, moves + 1):
            state = match.states[ply]
            last = ply == moves
            if last and match.tail is not None:
                state = match.tail
            frame: dict[str, Any] = {
                "type": "step",
                "ply": ply,
                "observation": observation_data(game.observe(state, seat)),
                "legal": [],
            }
            steps: list[Sequence[Any]] = []
            while told < len(timed) and timed[told][0] <= ply:
                steps.append(timed[told][1])
                told += 1
            if steps:  # what fell due after this move: its own events first, if new
                if ply > conn.sent_moves:
                    steps.insert(0, match.states[ply].events)
                frame["told"] = [[event_data(e.seen_by(seat)) for e in events] for events in steps]
            if last:
                conn.sent_open = flags
                if seat is not None and flags[0]:
                    legal = match.legal_moves(seat)
                    frame["legal"] = [move_data(m) for m in legal]
                    frame["notations"] = [game.move_to_text(m) for m in legal]
                    if conn.explain:
                        frame["refused"] = refused_data(match, seat, legal)
                frame["to_move"] = sorted(match.to_move())
                frame["summary"] = flags[1]
                if runner.clock is not None:
                    frame["clock"] = clock_data(match, runner.clock)
            await conn.send(frame)
        conn.sent_moves = moves
        conn.sent_timed = told
        outcome = match.outcome()
        if runner.done and outcome is not None and not conn.told_over:
            conn.told_over = True
            await conn.send(
                {"type": "over", "outcome": outcome_data(outcome), "match": self.match_id}
            )


HISTORY_STEPS = 200  # the steps before a connection came that it is told (its log's past)


def history_frame(match: Match, seat: Seat | None, moves: int) -> dict[str, Any]:
    """What was told at the table before a connection came (a player joining late, coming
    back, or a spectator), as its seat may know it: the events of the last steps before the
    one it is sent, each with its ply, so that its log reads as if it had been there."""
    first = max(0, moves - HISTORY_STEPS)
    steps: list[list[Any]] = []
    timed = [(after, events) for after, events in match.timed if first <= after < moves]
    for ply in range(first, moves):
        steps.append([ply, [event_data(e.seen_by(seat)) for e in match.states[ply].events]])
        while timed and timed[0][0] == ply:  # on a clock, what fell due after that move
            steps.append([ply, [event_data(e.seen_by(seat)) for e in timed.pop(0)[1]]])
    return {"type": "history", "steps": steps}


def clock_data(match: Match, clock: WallClock) -> dict[str, Any]:
    """A game on a clock, as a client's table shows it: the match's time (ms since the deal)
    as the step is sent, whether it stands still (the scores between deals being read), when
    the game's next timed event falls due (null: nothing pending) and when the latest one fell
    (null: none yet), on the same clock."""
    timed_at = match.timed_at
    return {
        "now": clock.now(),
        "paused": clock.paused,
        "due": match.game.next_due(match.state),
        "fired": timed_at[-1] if timed_at else None,
    }


def refused_data(match: Match, seat: Seat, legal: Sequence[Move]) -> list[list[Any]]:
    """The moves the game considers for ``seat`` that the rules refuse now, each with the
    refusal as message data: a client's table explains a refused gesture with them, as it
    does at home ("you must follow suit"), without the full state.  The refusals are of the
    seat's own moves, which it would be told by trying them."""
    out: list[list[Any]] = []
    try:
        candidates = match.game.candidates(match.state, seat)
    except Exception:  # a game may list no candidates here: the client says less
        return out
    for move in candidates:
        if move in legal:
            continue
        refusal = match.refusal(move)
        if refusal is not None and isinstance(refusal.text, Message):
            out.append([move_data(move), refusal.text.to_data()])
    return out


class Host:
    """The tables of one server process, and the invites that open their seats."""

    def __init__(
        self,
        store: Store | None = None,
        *,
        pace: float = 0.6,
        summary_wait: float = SUMMARY_WAIT,
        seed: int | None = None,
        grace: float = GRACE,
        stand_in: str | None = NORMAL,
    ) -> None:
        self.store = store
        self.pace = pace
        self.summary_wait = summary_wait
        self.grace = grace  # seconds a dropped player's seat waits for him
        self.stand_in = stand_in  # the bot level that plays it then (None: the table waits)
        self.tables: dict[str, ServerTable] = {}
        self.invites: dict[str, ServerTable] = {}
        self.seed = seed if seed is not None else secrets.randbits(48)
        self.opened = 0

    def open_table(
        self,
        game_id: str,
        kinds: Sequence[str],
        options: dict[str, Any] | None = None,
    ) -> ServerTable:
        """A new table (CardsuiteError in words when the game, seats or options are wrong)."""
        if len(self.tables) >= MAX_TABLES:
            raise FrameError("full", say(N_("this server holds as many tables as it can")))
        game = get_game(game_id)
        game.check_seats(len(kinds))
        levels = bot_ids(game)
        seats: list[str] = []
        for kind in kinds:
            if kind == HUMAN:
                seats.append(HUMAN)
                continue
            level = level_id(kind)
            if level not in levels:
                raise FrameError("bad-seat", f"a seat is 'human' or a level: {', '.join(levels)}")
            seats.append(level)
        if HUMAN not in seats:
            raise FrameError("bad-seat", say(N_("a table over the network has a person at least")))
        values = {str(k): str(v) for k, v in (options or {}).items()}
        opts = options_from_strings(game.Options, values)
        seed = derive_seed(self.seed, "table", self.opened) % (1 << 48)
        game.new_game(seats=len(seats), options=opts, seed=seed)  # checks the combination
        self.opened += 1
        table = ServerTable(self, game, seats, opts, seed)
        self.tables[table.id] = table
        for token in table.invites:
            self.invites[token] = table
        return table

    def ended(self, table: ServerTable) -> None:
        """A table's match is over: it is forgotten once nobody is connected to it."""
        if not table.connections:
            self.forget(table)

    def forget(self, table: ServerTable) -> None:
        self.tables.pop(table.id, None)
        for token in table.invites:
            self.invites.pop(token, None)

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """One WebSocket connection, from its first frame to its close."""
        socket = web.WebSocketResponse(max_msg_size=4 * MAX_FRAME, heartbeat=20.0)
        await socket.prepare(request)
        conn = Connection(socket)
        try:
            async for message in socket:
                if message.type is not WSMsgType.TEXT:
                    if message.type in (WSMsgType.ERROR, WSMsgType.CLOSE):
                        break
                    await conn.send(error("not-text", "frames are JSON text"))
                    continue
                if not conn.admit():
                    conn.floods += 1
                    await conn.send(error("too-fast", "too many frames: slow down"))
                    if conn.floods > FLOOD:
                        break
                    continue
                try:
                    await self.take(conn, read_client_frame(message.data))
                except FrameError as problem:
                    await conn.send(error(problem.code, str(problem), problem.said, problem.rule))
                except CardsuiteError as problem:
                    await conn.send(error("refused", str(problem)))
        finally:
            if conn.table is not None:
                conn.table.leave(conn)
        return socket

    async def take(self, conn: Connection, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        table = conn.table
        if kind in ("open", "join", "watch"):
            if table is not None:
                raise FrameError("seated", "this connection is at a table already")
            await self.arrive(conn, frame)
            return
        if table is None:
            raise FrameError("not-seated", "open, join or watch a table first")
        if kind == "act":
            await table.act(conn, frame)
        elif kind == "go":
            if conn.seat is not None:
                table.read_summary(by=conn.seat)
                table.wake.set()
        elif kind == "undo":
            table.undo(conn)
        elif kind == "chat":
            await table.chat(conn, frame)

    async def arrive(self, conn: Connection, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        name = text_field(frame, "name", limit=MAX_NAME)
        conn.explain = frame.get("explain") is True
        if kind == "watch":
            table = self.tables.get(text_field(frame, "table", limit=64))
            if table is None:
                raise FrameError("no-table", say(N_("no such table")))
            await table.watch(conn)
            return
        if kind == "join":
            token = text_field(frame, "invite", limit=64)
            table = self.invites.get(token)
            if table is None:
                raise FrameError("bad-invite", say(N_("no seat has that invite")))
            await table.seat(conn, table.invites[token], name)
            return
        seats = frame.get("seats")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise FrameError("bad-field", "'seats' lists each seat: 'human' or a bot level")
        options = frame.get("options") or {}
        if not isinstance(options, dict):
            raise FrameError("bad-field", "'options' is an object of key and value")
        table = self.open_table(text_field(frame, "game", limit=64), seats, options)
        first = next(iter(table.invites.values()))
        others = {str(s): token for token, s in table.invites.items() if s != first}
        await conn.send({"type": "opened", "table": table.id, "invites": others})
        await table.seat(conn, first, name)


def make_app(host: Host) -> web.Application:
    app = web.Application()
    app.router.add_get("/ws", host.handle)

    async def hello(_request: web.Request) -> web.Response:
        return web.Response(text=f"cardsuite match server, protocol {PROTOCOL}: use /ws\n")

    app.router.add_get("/", hello)
    return app


def parse_address(text: str, default_port: int = 7777) -> tuple[str, int]:
    """``HOST[:PORT]`` as a host and a port (CardsuiteError when it does not read)."""
    host, sep, port = text.strip().rpartition(":")
    if not sep:
        host, port = text.strip(), str(default_port)
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise CardsuiteError(f"{text!r} is not HOST:PORT")
    return host, int(port)
