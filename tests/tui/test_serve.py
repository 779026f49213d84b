"""``cardsuite serve``: textual-serve serves ``python -m cardsuite`` on localhost."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardsuite import tui

HOST = "127.0.0.1"


def test_serve_builds_a_server_for_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    from textual_serve.server import Server

    built: list[Server] = []
    monkeypatch.setattr(Server, "serve", lambda self, debug=False: built.append(self))
    tui.serve(host=HOST, port=8123)
    (server,) = built
    assert server.command.endswith(" -m cardsuite")
    assert sys.executable in server.command
    assert (server.host, server.port) == (HOST, 8123)
    assert server.title == "cardsuite"


def _free_port() -> int:
    """A port free on localhost now; skips the test when none can be bound."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            s.bind((HOST, 0))
            return int(s.getsockname()[1])
    except OSError as exc:
        pytest.skip(f"cannot bind a port on {HOST}: {exc}")


@contextlib.contextmanager
def _server(port: int, home: Path) -> Iterator[subprocess.Popen[bytes]]:
    code = f"from cardsuite.tui import serve; serve(host={HOST!r}, port={port})"
    env = {**os.environ, "CARDSUITE_HOME": str(home)}
    process = subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
    )
    try:
        yield process
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def _get(url: str, process: subprocess.Popen[bytes], timeout: float = 20.0) -> str:
    """The page at ``url``, retried while the server starts."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                assert response.status == 200
                return str(response.read().decode("utf-8"))
        except (urllib.error.URLError, ConnectionError) as exc:
            if process.poll() is not None:
                output = process.stdout.read().decode(errors="replace") if process.stdout else ""
                if "address already in use" in output.lower():
                    pytest.skip(f"port taken before the server could bind it: {output}")
                raise AssertionError(f"the server stopped: {output}") from exc
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


async def _first_screen(url: str, timeout: float = 20.0) -> str:
    """Open the app's websocket as the browser page does and collect what the app draws."""
    import aiohttp

    seen = b""
    async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
        await ws.send_str(json.dumps(["resize", {"width": 100, "height": 30}]))
        deadline = time.monotonic() + timeout
        while b"Games" not in seen and time.monotonic() < deadline:
            with contextlib.suppress(asyncio.TimeoutError):
                message = await ws.receive(timeout=1)
                if message.type == aiohttp.WSMsgType.BINARY:
                    seen += message.data
                elif message.type == aiohttp.WSMsgType.TEXT:
                    seen += str(message.data).encode()
                elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                    break
    return seen.decode("utf-8", errors="replace")


def test_serve_answers_on_localhost_with_the_app(tmp_path: Path) -> None:
    port = _free_port()
    with _server(port, tmp_path / "home") as process:
        page = _get(f"http://{HOST}:{port}/", process)
        assert "<html" in page.lower()
        assert "cardsuite" in page
        assert f"ws://{HOST}:{port}/ws" in page
        drawn: Any = asyncio.run(_first_screen(f"ws://{HOST}:{port}/ws"))
        assert "Games" in drawn  # the lobby, drawn by `python -m cardsuite` behind the server
    assert process.returncode is not None


@pytest.mark.parametrize("port", ["taken", "99999"])
def test_cardsuite_serve_refuses_a_bad_port_in_one_line(tmp_path: Path, port: str) -> None:
    """The real command, end to end: exit status 2, one line on stderr, no server started."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as holder:
        try:
            holder.bind((HOST, 0))
            holder.listen()
        except OSError as exc:
            pytest.skip(f"cannot bind a port on {HOST}: {exc}")
        taken = int(holder.getsockname()[1])
        number = str(taken) if port == "taken" else port
        done = subprocess.run(
            [sys.executable, "-m", "cardsuite", "serve", "--host", HOST, "--port", number],
            capture_output=True,
            text=True,
            timeout=60,  # a server that starts anyway would keep running: the test fails here
            env={**os.environ, "CARDSUITE_HOME": str(tmp_path / "home")},
        )
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    expected = (
        f"port {taken} is already in use" if port == "taken" else "from 1 to 65535, not 99999"
    )
    assert lines[0].startswith("cardsuite: ") and expected in lines[0]
