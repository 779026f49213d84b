"""What ``cardsuite host`` and ``cardsuite join`` do, apart from reading their arguments."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import ssl
import sys
from collections.abc import Sequence
from typing import Any

from aiohttp import web

from cardsuite.core.errors import CardsuiteError
from cardsuite.core.i18n import _
from cardsuite.core.levels import NORMAL
from cardsuite.core.text import fill, ordinal, plain
from cardsuite.games import GAME_INFO, get_game
from cardsuite.net.client import SeatResult, play_seat
from cardsuite.net.server import GRACE, Host, ServerTable, make_app
from cardsuite.store.db import Store

STOP_WAIT = 2.0  # seconds a stopping server waits for a connection to close


def serve(
    bind: str,
    port: int,
    *,
    store: Store | None,
    pace: float,
    table: tuple[str, Sequence[str], dict[str, str]] | None = None,
    once: bool = False,
    tls: ssl.SSLContext | None = None,
    grace: float = GRACE,
    stand_in: str | None = NORMAL,
) -> None:
    """Run a match server until interrupted (``once``: until the table opened here ends);
    ``tls``: over TLS (``wss://``); ``grace`` and ``stand_in``: see :class:`Host`."""
    host = Host(store, pace=pace, grace=grace, stand_in=stand_in)
    asyncio.run(_serve(host, bind, port, table, once, tls))


# The young generation's size for the garbage collector of a server, and how many of its
# collections make one of the middle generation (Python's defaults: 700 and 10).
YOUNG, MIDDLE = 20_000, 50


def quiet_collector() -> None:
    """Keep the garbage collector's pauses short in a server that holds many matches.

    Every step of every match at a server is kept (for undo, replay and late comers), and the
    collector's passes over them stall every table at once: at 500 tables its full passes
    took up to 337 ms, its middle ones 27 ms (benchmarks/server_load.py).  So the engines are
    made first and everything made at start is frozen out of its passes (nothing of it is
    ever garbage), and the young generation is collected less often, the middle one seldom:
    then at 500 tables two full passes in 40 s, of about 200 ms, and no middle one.  A
    match's states are trees of tuples, freed by reference counting as soon as the match is
    gone; the collector still runs for what holds cycles (a finished table's runner).  Only ``cardsuite host`` does this: the
    app, hosting a table of its own, keeps Python's defaults."""
    for game_id in GAME_INFO:
        get_game(game_id)
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, gc.get_threshold()[2])


async def _serve(
    host: Host,
    bind: str,
    port: int,
    table: tuple[str, Sequence[str], dict[str, str]] | None,
    once: bool,
    tls: ssl.SSLContext | None,
) -> None:
    opened: ServerTable | None = None
    if table is not None:
        game, seats, options = table
        opened = host.open_table(game, seats, options)
    serving = Serving(host, bind, port, tls, handle_signals=True)
    await serving.start()
    quiet_collector()
    shown = f"[{bind}]" if ":" in bind else bind
    scheme = "wss" if tls is not None else "ws"
    print(
        _("Serving tables on {scheme}://{address}:{port}/ws").format(
            scheme=scheme, address=shown, port=port
        )
    )
    if opened is not None:
        print(_("Table {id} ({game}):").format(id=opened.id, game=_(opened.game.title)))
        for token, seat in opened.invites.items():
            print(
                "  "
                + _("seat {n}: cardsuite join {address}:{port} {invite}").format(
                    n=seat + 1, address=shown, port=port, invite=token
                )
            )
    sys.stdout.flush()
    try:
        if once and opened is not None:
            await opened.ended.wait()
            await asyncio.sleep(0.2)  # the last frames reach the players
        else:
            await asyncio.Event().wait()
    finally:
        await serving.stop()


class Serving:
    """A match server listening on ``bind``:``port`` in the running event loop: the one
    ``cardsuite host`` runs, or one the app runs for a table hosted from its lobby."""

    def __init__(
        self,
        host: Host,
        bind: str,
        port: int,
        tls: ssl.SSLContext | None = None,
        *,
        handle_signals: bool = False,
    ) -> None:
        self.host, self.bind, self.port, self.tls = host, bind, port, tls
        # Stopping waits this long for the connections still open (never a minute).
        self._runner = web.AppRunner(
            make_app(host), handle_signals=handle_signals, shutdown_timeout=STOP_WAIT
        )

    async def start(self) -> None:
        """Listen (CardsuiteError in words when the address cannot be served)."""
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.bind, self.port, ssl_context=self.tls)
        try:
            await site.start()
        except OSError as problem:
            await self._runner.cleanup()
            raise CardsuiteError(
                _("cannot serve on {bind}:{port}: {problem}").format(
                    bind=self.bind, port=self.port, problem=problem.strerror or problem
                )
            ) from None

    def url(self) -> str:
        """The address a client of this machine reaches the server by."""
        here = "127.0.0.1" if self.bind in ("0.0.0.0", "", "::") else self.bind
        return url_of((here, self.port), self.tls is not None)

    async def stop(self) -> None:
        """Stop listening; the tables' runners stop with it."""
        for table in self.host.tables.values():
            if table.runner is not None:
                table.runner.leave()
            if table.task is not None:
                table.task.cancel()
            for conn in list(table.connections):
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(conn.socket.close(), STOP_WAIT)
        await self._runner.cleanup()


def tls_server(certfile: str, keyfile: str) -> ssl.SSLContext:
    """The TLS context of a server with this certificate and key (CardsuiteError in words)."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    try:
        context.load_cert_chain(certfile, keyfile)
    except (OSError, ssl.SSLError) as problem:
        raise CardsuiteError(
            _("cannot use {cert} and {key}: {problem}").format(
                cert=certfile, key=keyfile, problem=getattr(problem, "strerror", None) or problem
            )
        ) from None
    return context


def tls_client(cafile: str | None) -> ssl.SSLContext:
    """The TLS context of a client: the system's authorities, or ``cafile``'s."""
    try:
        return ssl.create_default_context(cafile=cafile)
    except (OSError, ssl.SSLError) as problem:
        raise CardsuiteError(
            _("cannot use {file}: {problem}").format(
                file=cafile, problem=getattr(problem, "strerror", None) or problem
            )
        ) from None


def url_of(address: tuple[str, int], secure: bool) -> str:
    """The WebSocket address of the server at ``address`` (``wss://`` when ``secure``)."""
    host, port = address
    shown = f"[{host}]" if ":" in host else host
    return f"{'wss' if secure else 'ws'}://{shown}:{port}/ws"


def join(
    address: tuple[str, int],
    first: dict[str, Any],
    *,
    level: str | None,
    seed: int,
    timeout: float,
    tls: ssl.SSLContext | None = None,
) -> SeatResult:
    """Play (or watch) one seat of a table over the network with a bot, saying how it ended."""
    host, port = address
    shown = f"[{host}]" if ":" in host else host
    url = url_of(address, tls is not None)
    names: list[str] = []

    def tell(frame: dict[str, Any]) -> None:
        if frame.get("type") == "opened":
            for seat, token in frame["invites"].items():
                print(
                    _("seat {n}: cardsuite join {address}:{port} {invite}").format(
                        n=int(seat) + 1, address=shown, port=port, invite=token
                    )
                )
            sys.stdout.flush()
        elif frame.get("type") == "welcome":
            names[:] = [plain(seat["name"]) for seat in frame["seats"]]
            seat = frame["seat"]
            who = _("watching") if seat is None else names[seat]
            title = _(get_game(frame["game"]).title)
            print(_("Table {id}: {game}, {who}").format(id=frame["table"], game=title, who=who))
            sys.stdout.flush()

    result = asyncio.run(
        play_seat(url, first, level=level, seed=seed, on_frame=tell, timeout=timeout, tls=tls)
    )
    if result.outcome is not None:
        print(plain(fill(result.outcome.reason, names)))
        if result.seat is not None:
            place = result.outcome.places[result.seat]
            print(_("You finished {place}.").format(place=ordinal(place)))
        if result.match_id is not None:
            print(_("The host stored it as match {id}.").format(id=result.match_id))
    return result
