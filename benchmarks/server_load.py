"""How many tables one match server carries: bot clients over loopback, against ``cardsuite host``.

    python benchmarks/server_load.py [--tables 50] [--game rang] [--players 4] [--seconds 60]
                                     [--warmup 5] [--think 1.0]

The server is a ``cardsuite host --pace 0`` in a process of its own (its own temporary
store, one SQLite transaction per move as in real play), bound to 127.0.0.1.  This process
opens ``--tables`` tables of ``--players`` people each and plays every seat with easy
bots (so that the clients cost little and the server is what is measured), each taking about
``--think`` seconds a move as a quick player does (0: as fast as the server answers, a test of
throughput rather than of many tables): one connection opens the table, the others join
with the invites.  A table whose match ends opens a new one,
until ``--seconds`` have passed; then every connection closes.  Everything is bounded: the
number of tables, the time, and each wait for a frame (10 s).

Reported: tables and connections at once, moves per second (taken by the server), the move
round trip (from sending a move to receiving the step that shows it, so the server's check,
store write, runner and frame encoding) as p50/p95/p99, and the server's memory per table (its
resident size with the tables open, less its size with none, over the tables).  The goal
for a 2-core machine: 500 tables (2,000 connections) with p95 at most 50 ms.  Both the
server and the clients run on this machine, so the figures are the two together; the last
line is machine-readable.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

from cardsuite.core.wire import PROTOCOL

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Tally:
    def __init__(self) -> None:
        self.trips: list[float] = []
        self.moves = 0
        self.matches = 0
        self.stopping = False
        self.errors: dict[str, int] = {}  # the server's error frames, by code


async def receive(socket_: aiohttp.ClientWebSocketResponse) -> dict[str, object]:
    message = await asyncio.wait_for(socket_.receive(), 10.0)
    if message.type is not aiohttp.WSMsgType.TEXT:
        raise ConnectionError("the server closed the connection")
    frame: dict[str, object] = json.loads(message.data)
    return frame


async def seat(
    socket_: aiohttp.ClientWebSocketResponse, tally: Tally, rng: random.Random, think: float
) -> None:
    """Play one seat at random, taking about ``think`` seconds a move, until the match is
    over (or the run stops)."""
    sent_at: float | None = None
    sent_ply = -1
    while not tally.stopping:
        frame = await receive(socket_)
        kind = frame["type"]
        if kind == "over":
            return
        if kind == "error":
            code = str(frame.get("code"))
            tally.errors[code] = tally.errors.get(code, 0) + 1
        if kind != "step":
            continue
        ply = frame["ply"]
        assert isinstance(ply, int)
        if sent_at is not None and ply > sent_ply:
            tally.trips.append(time.perf_counter() - sent_at)
            sent_at = None
        notations = frame.get("notations")
        if isinstance(notations, list) and notations:
            move = notations[rng.randrange(len(notations))]
            if think:
                await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
            sent_at, sent_ply = time.perf_counter(), ply
            await socket_.send_str(json.dumps({"type": "act", "ply": ply, "move": move}))
            tally.moves += 1


async def table_loop(
    url: str, game: str, players: int, tally: Tally, number: int, think: float
) -> None:
    rng = random.Random(number)
    async with aiohttp.ClientSession() as session:
        while not tally.stopping:
            sockets = [await session.ws_connect(url) for _ in range(players)]
            try:
                seats = ["human"] * players
                opening = {"type": "open", "protocol": PROTOCOL, "game": game, "seats": seats}
                await sockets[0].send_str(json.dumps(opening))
                frame = await receive(sockets[0])
                while frame["type"] != "opened":
                    if frame["type"] == "error":  # told at the end of the run
                        code = f"open: {frame.get('code')}"
                        tally.errors[code] = tally.errors.get(code, 0) + 1
                        return
                    frame = await receive(sockets[0])
                invites = frame["invites"]
                assert isinstance(invites, dict)
                for number_, socket_ in enumerate(sockets[1:], start=1):
                    join = {"type": "join", "protocol": PROTOCOL, "invite": invites[str(number_)]}
                    await socket_.send_str(json.dumps(join))
                await asyncio.gather(*(seat(s, tally, rng, think) for s in sockets))
                tally.matches += 1
            finally:
                for socket_ in sockets:
                    await socket_.close()


async def run(
    url: str, tables: int, game: str, players: int, seconds: float, warmup: float, think: float
) -> Tally:
    tally = Tally()
    loops = [
        asyncio.create_task(table_loop(url, game, players, tally, n, think)) for n in range(tables)
    ]
    await asyncio.sleep(warmup)
    tally.trips.clear()
    moves_before, started = tally.moves, time.perf_counter()
    await asyncio.sleep(seconds)
    tally.stopping = True
    elapsed = time.perf_counter() - started
    tally.moves -= moves_before
    tally.moves = int(tally.moves / elapsed)  # per second from here on
    for loop in loops:
        loop.cancel()
    await asyncio.gather(*loops, return_exceptions=True)
    return tally


def serve_and_load(args: argparse.Namespace, port: int, home: str) -> tuple[Tally, int, int]:
    """Start the server with its store in ``home``, load it, stop it: the tally and the
    server's resident size (KiB) before and with the tables open."""
    env = {**os.environ, "CARDSUITE_HOME": home, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "cardsuite", "host", "--port", str(port), "--pace", "0"]
    server = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        server.stdout.readline()  # "Serving tables on …": it listens
        idle = rss_kib(server.pid)
        url = f"ws://127.0.0.1:{port}/ws"
        tally = asyncio.run(
            run(url, args.tables, args.game, args.players, args.seconds, args.warmup, args.think)
        )
        busy = rss_kib(server.pid)
    finally:
        server.terminate()
        server.wait(timeout=10)
    return tally, idle, busy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--game", default="rang")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--think", type=float, default=1.0, help="seconds a move, about")
    args = parser.parse_args()
    if not 1 <= args.tables <= 2000 or not 1 <= args.seconds <= 600:
        parser.error("--tables is 1 to 2000 and --seconds 1 to 600")
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="cardsuite-load-") as home:  # removed after
        tally, idle, busy = serve_and_load(args, port, home)
    if tally.errors:
        print(f"the server sent error frames: {tally.errors}", file=sys.stderr)
    if not tally.trips:
        raise SystemExit("no move round trip was measured: nothing to report")
    trips = sorted(tally.trips)
    q = statistics.quantiles(trips, n=100) if len(trips) > 1 else [trips[0]] * 99
    per_table = (busy - idle) / args.tables
    connections = args.players * args.tables
    print(f"game {args.game}: {args.tables} tables, {connections} connections at once")
    print(f"moves per second: {tally.moves} ({tally.matches} matches ended)")
    print(
        f"move round trip: p50 {q[49] * 1000:.1f} ms, p95 {q[94] * 1000:.1f} ms, "
        f"p99 {q[98] * 1000:.1f} ms over {len(tally.trips)} moves"
    )
    print(f"server memory: {idle / 1024:.0f} MiB idle, {per_table:.0f} KiB a table")
    print(
        f"tables={args.tables} moves_per_s={tally.moves} p50_ms={q[49] * 1000:.1f} "
        f"p95_ms={q[94] * 1000:.1f} p99_ms={q[98] * 1000:.1f} kib_per_table={per_table:.0f}"
    )


if __name__ == "__main__":
    main()
