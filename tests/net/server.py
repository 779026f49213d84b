"""A real match server on loopback for the tests, and helpers to play at it."""

from __future__ import annotations

import asyncio
import contextlib
import json
import ssl
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
from aiohttp import web

from cardsuite.net.commands import STOP_WAIT
from cardsuite.net.server import Host, make_app
from cardsuite.store.db import Store


@contextlib.asynccontextmanager
async def serving(
    store: Store | None = None, tls: ssl.SSLContext | None = None, **host_options: Any
) -> AsyncIterator[tuple[Host, str]]:
    """A Host serving on 127.0.0.1 at a free port (over TLS with ``tls``), and its address."""
    options: dict[str, Any] = {"pace": 0.0, "summary_wait": 0.0, "seed": 7}
    options.update(host_options)
    host = Host(store, **options)
    runner = web.AppRunner(make_app(host), shutdown_timeout=STOP_WAIT)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0, ssl_context=tls)
    await site.start()
    server = site._server
    assert server is not None
    port = server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        yield host, f"{'wss' if tls else 'ws'}://127.0.0.1:{port}/ws"
    finally:
        for table in host.tables.values():
            if table.runner is not None:
                table.runner.leave()
            if table.task is not None:
                table.task.cancel()
            for conn in list(table.connections):  # as the app's server stops: no minute's wait
                await asyncio.wait_for(conn.socket.close(), STOP_WAIT)
        await runner.cleanup()


class RawClient:
    """A WebSocket client that sends what it is told, for frames no real client would send."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket

    async def send(self, frame: Any) -> None:
        if isinstance(frame, bytes):
            await self.socket.send_bytes(frame)
            return
        await self.socket.send_str(frame if isinstance(frame, str) else json.dumps(frame))

    async def receive(self, kind: str | None = None, timeout: float = 10.0) -> dict[str, Any]:
        """The next frame (of ``kind``, skipping others)."""
        while True:
            message = await asyncio.wait_for(self.socket.receive(), timeout)
            assert message.type is aiohttp.WSMsgType.TEXT, message
            frame: dict[str, Any] = json.loads(message.data)
            if kind is None or frame["type"] == kind:
                return frame


@contextlib.asynccontextmanager
async def raw_client(url: str) -> AsyncIterator[RawClient]:
    async with aiohttp.ClientSession() as session, session.ws_connect(url) as socket:
        yield RawClient(socket)
