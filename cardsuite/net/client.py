"""A client of the match server: a seat played over the network by a bot, headless.

:func:`play_seat` connects, opens or joins a table (or watches one), and plays its seat with a
bot of a level, as ``cardsuite join HOST INVITE --bot normal`` does and as the tests and the
load benchmark do.  The bot decides from what the server sent this seat and nothing else: its
observation, read back into the game's own types (:func:`~cardsuite.core.wire.observation_from_data`),
and its legal moves.  A bot with a memory is shown every observation, as in a local match.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import ssl
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from cardsuite.bots import make_bot
from cardsuite.bots.base import Bot, Remembers
from cardsuite.core.errors import CardsuiteError
from cardsuite.core.i18n import _
from cardsuite.core.outcome import Outcome
from cardsuite.core.protocol import AnyGame
from cardsuite.core.rng import make_rng
from cardsuite.core.text import message_from_data, plain
from cardsuite.core.wire import PROTOCOL, move_from_data, observation_from_data, outcome_from_data
from cardsuite.games import get_game

# Errors after which the client cannot go on (the others refuse one frame and change nothing).
FATAL = frozenset({"bad-invite", "no-table", "protocol", "replaced", "full", "bad-seat"})


class ServerGone(CardsuiteError):
    """The server closed the connection, or could not be reached."""


@dataclass
class SeatResult:
    """What a client saw of its match."""

    table: str = ""
    seat: int | None = None
    invites: dict[str, str] = field(default_factory=dict)
    outcome: Outcome | None = None
    match_id: int | None = None
    moves: int = 0  # the moves this client made
    frames: list[dict[str, Any]] = field(default_factory=list)  # every frame (keep=True)
    errors: list[dict[str, Any]] = field(default_factory=list)


def error_text(frame: dict[str, Any]) -> str:
    """An error frame's words in this client's language (the server's, where it sent no
    message data)."""
    said = frame.get("said")
    return message_from_data(said) if said is not None else plain(str(frame.get("message", "")))


def refused(frame: dict[str, Any]) -> str:
    return _("the server refused: {why}").format(why=error_text(frame))


def join_frame(invite: str, name: str = "") -> dict[str, Any]:
    return {"type": "join", "protocol": PROTOCOL, "invite": invite, "name": name}


def open_frame(
    game: str, seats: list[str], options: dict[str, str] | None = None, name: str = ""
) -> dict[str, Any]:
    return {
        "type": "open",
        "protocol": PROTOCOL,
        "game": game,
        "seats": seats,
        "options": options or {},
        "name": name,
    }


def watch_frame(table: str) -> dict[str, Any]:
    return {"type": "watch", "protocol": PROTOCOL, "table": table}


async def play_seat(
    url: str,
    first: dict[str, Any],
    *,
    level: str | None = "normal",
    seed: int = 0,
    keep: bool = False,
    on_frame: Callable[[dict[str, Any]], None] | None = None,
    timeout: float = 600.0,
    tls: ssl.SSLContext | None = None,
) -> SeatResult:
    """Connect to ``url`` (``ws://host:port/ws``, or ``wss://`` with ``tls`` the context to
    check the server's certificate by), send ``first`` and play the seat given with
    a bot of ``level`` (None: only watch) until the match is over.  ``keep``: remember every
    frame received (the leak test reads them).  ServerGone when the server goes away first."""
    result = SeatResult()
    try:
        async with (
            aiohttp.ClientSession() as session,
            session.ws_connect(
                url, max_msg_size=1 << 22, ssl=tls if tls is not None else True
            ) as socket,
        ):
            await socket.send_str(json.dumps(first, ensure_ascii=False))
            await asyncio.wait_for(_play(socket, result, level, seed, keep, on_frame), timeout)
    except aiohttp.ClientError as problem:
        raise ServerGone(f"cannot reach {url}: {problem}") from None
    return result


async def _play(
    socket: aiohttp.ClientWebSocketResponse,
    result: SeatResult,
    level: str | None,
    seed: int,
    keep: bool,
    on_frame: Callable[[dict[str, Any]], None] | None,
) -> None:
    game: AnyGame | None = None
    bot: Bot | None = None
    rng = make_rng(seed, "network")
    # On a clock a bot takes its level's reaction time, then acts on the table as it is then.
    latest: list[tuple[Any, dict[str, Any]]] = []
    deciding: asyncio.Task[None] | None = None

    async def act(obs: Any, frame: dict[str, Any]) -> None:
        assert game is not None and bot is not None
        module = type(game).__module__
        legal = tuple(move_from_data(data, module) for data in frame["legal"])
        move = bot.choose(game, obs, legal, rng)
        reply = {"type": "act", "ply": frame["ply"], "move": game.move_to_text(move)}
        await socket.send_str(json.dumps(reply, ensure_ascii=False))
        result.moves += 1

    async def react(delay: float) -> None:
        nonlocal deciding
        await asyncio.sleep(delay)
        deciding = None
        obs, frame = latest[-1]
        if frame["legal"]:
            await act(obs, frame)

    async for message in socket:
        if message.type is not aiohttp.WSMsgType.TEXT:
            break
        frame = json.loads(message.data)
        if keep:
            result.frames.append(frame)
        if on_frame is not None:
            on_frame(frame)
        kind = frame.get("type")
        if kind == "opened":
            result.table = frame["table"]
            result.invites = dict(frame["invites"])
        elif kind == "welcome":
            game = get_game(frame["game"])
            result.table, result.seat = frame["table"], frame["seat"]
            if level is not None and result.seat is not None:
                bot = make_bot(level, game)
                rng = make_rng(seed, "network", result.seat)
                if isinstance(bot, Remembers):
                    bot.forget()
        elif kind == "step" and game is not None:
            obs = observation_from_data(frame["observation"], type(game).__module__)
            if isinstance(bot, Remembers):
                bot.observe(game, obs)
            reaction = game.reaction_ms(level or "") if game.realtime(obs.state) else None
            if bot is not None and reaction is not None:
                latest[:] = [(obs, frame)]
                if deciding is None and frame["legal"]:
                    delay = rng.uniform(*reaction) / 1000
                    deciding = asyncio.get_running_loop().create_task(react(delay))
            elif bot is not None and frame["legal"]:
                await act(obs, frame)
            elif bot is not None and frame.get("summary"):
                await socket.send_str(json.dumps({"type": "go"}))
        elif kind == "over":
            if deciding is not None:
                deciding.cancel()
            result.outcome = outcome_from_data(frame["outcome"])
            result.match_id = frame.get("match")
            return
        elif kind == "error":
            result.errors.append(frame)
            if frame.get("code") in FATAL:
                raise CardsuiteError(refused(frame))
    raise ServerGone("the server closed the connection before the match was over")


class Line:
    """A connection to the server for a person's table: the first frames, then every frame
    as it comes, and frames sent in order (:meth:`send` may be called from any code of the
    event loop, without awaiting)."""

    def __init__(self, url: str, tls: ssl.SSLContext | None = None) -> None:
        self.url = url
        self.tls = tls
        self._session: aiohttp.ClientSession | None = None
        self._socket: aiohttp.ClientWebSocketResponse | None = None
        self._out: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None

    async def open(self, first: dict[str, Any], timeout: float = 10.0) -> list[dict[str, Any]]:
        """Connect, send ``first`` and read up to the welcome: the frames before it (an
        ``opened`` with the invites) and the welcome last.  ServerGone if the server cannot be
        reached or refuses."""
        self._session = aiohttp.ClientSession()
        try:
            self._socket = await self._session.ws_connect(
                self.url,
                max_msg_size=1 << 22,
                ssl=self.tls if self.tls is not None else True,
                timeout=aiohttp.ClientWSTimeout(ws_close=timeout),
            )
            # A person's table explains a refused gesture: it asks for the refusals.
            first = {**first, "explain": True}
            await self._socket.send_str(json.dumps(first, ensure_ascii=False))
            frames: list[dict[str, Any]] = []
            while not frames or frames[-1].get("type") != "welcome":
                frame = await asyncio.wait_for(self._receive(), timeout)
                if frame is None:
                    raise ServerGone(f"{self.url} closed the connection")
                if frame.get("type") == "error":
                    raise ServerGone(refused(frame))
                frames.append(frame)
        except (TimeoutError, aiohttp.ClientError, OSError) as problem:
            await self.close()
            raise ServerGone(f"cannot reach {self.url}: {problem or 'no answer'}") from None
        except ServerGone:
            await self.close()
            raise
        self._writer = asyncio.get_running_loop().create_task(self._write())
        return frames

    async def frames(self) -> AsyncIterator[dict[str, Any]]:
        """Every frame from now on, until the server closes the connection."""
        while True:
            frame = await self._receive()
            if frame is None:
                return
            yield frame

    def send(self, frame: dict[str, Any]) -> None:
        self._out.put_nowait(frame)

    def address(self) -> str:
        """The server as ``cardsuite join`` takes it: ``HOST:PORT``, or the ``wss://`` URL."""
        if self.url.startswith("wss://"):
            return self.url.removesuffix("/ws")
        return self.url.removeprefix("ws://").removesuffix("/ws")

    async def close(self) -> None:
        self._out.put_nowait(None)
        if self._writer is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._writer, 2.0)
        if self._socket is not None:
            await self._socket.close()
        if self._session is not None:
            await self._session.close()

    async def _receive(self) -> dict[str, Any] | None:
        assert self._socket is not None
        message = await self._socket.receive()
        if message.type is not aiohttp.WSMsgType.TEXT:
            return None
        frame = json.loads(message.data)
        return frame if isinstance(frame, dict) else None

    async def _write(self) -> None:
        assert self._socket is not None
        while (frame := await self._out.get()) is not None:
            try:
                await self._socket.send_str(json.dumps(frame, ensure_ascii=False))
            except (aiohttp.ClientError, ConnectionError):
                return
