"""Spit in real time over the network: the server owns the clock and decides the order of
arrivals; a play that came second to the same pile is taken only if it still fits."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

from cardsuite.core.options import options_from_strings
from cardsuite.core.rng import derive_seed
from cardsuite.core.wire import event_data
from cardsuite.games import get_game
from cardsuite.match import Match
from cardsuite.net.client import join_frame, watch_frame
from cardsuite.net.remote import RemoteMatch, RemoteRunner
from cardsuite.net.server import ServerTable
from tests.net.server import RawClient, raw_client, serving


async def until(condition: Any, seconds: float = 30.0) -> None:
    """Wait for ``condition()`` (bounded in time, checked between the server's steps)."""
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "the condition never came"
        await asyncio.sleep(0.005)


def plays(table: ServerTable, seat: int) -> list[Any]:
    assert table.match is not None
    return [m for m in table.match.legal_moves(seat) if type(m).__name__ == "Play"]


async def answered(client: RawClient, table: ServerTable, move: Any) -> str:
    """How the server took ``move``: "played" once it is in the match, or the error's code."""
    assert table.match is not None
    while True:
        if move in table.match.moves:
            return "played"
        try:
            frame = await client.receive(timeout=0.05)
        except TimeoutError:
            continue
        if frame["type"] == "error":
            return str(frame["code"])


def a_deal_with_two_plays_to_one_pile() -> int:
    """A host seed whose first Spit table, once both have spat, gives each player a play to
    the same centre pile (found by the engine alone)."""
    game = get_game("spit")
    options = options_from_strings(game.Options, {"mode": "realtime"})
    for host_seed in range(200):
        seed = derive_seed(host_seed, "table", 0) % (1 << 48)
        state = game.new_game(seats=2, options=options, seed=seed)
        for seat in (0, 1):
            spit = next(m for m in game.legal_moves(state, seat) if game.move_to_text(m) == "spit")
            state = game.apply_at(state, spit, 0)
        due = game.next_due(state)
        state = game.advance(state, due if due is not None else 0)
        piles = [
            {m.pile for m in game.legal_moves(state, seat) if type(m).__name__ == "Play"}
            for seat in (0, 1)
        ]
        if piles[0] & piles[1]:
            return host_seed
    raise AssertionError("no such deal among 200")


async def test_spit_in_real_time_takes_the_moves_in_the_order_they_reach_the_server() -> None:
    async with serving(seed=a_deal_with_two_plays_to_one_pile()) as (host, url):
        table = host.open_table("spit", ["human", "human"], {"mode": "realtime"})
        first, second = list(table.invites)
        async with raw_client(url) as a, raw_client(url) as b:
            await a.send(join_frame(first))
            await b.send(join_frame(second))
            await until(lambda: table.runner is not None and table.runner.open_to(1))
            match = table.match
            assert match is not None and table.runner is not None and table.runner.clock
            for client in (a, b):  # both are ready: the spit turns up the centre cards
                await client.send({"type": "act", "move": "spit"})
            await until(lambda: bool(plays(table, 0)) and bool(plays(table, 1)))
            mine, theirs = plays(table, 0), plays(table, 1)
            pair = next((x, y) for x in mine for y in theirs if x.pile == y.pile)  # a race
            notation = table.game.move_to_text
            await a.send({"type": "act", "move": notation(pair[0])})
            await b.send({"type": "act", "move": notation(pair[1])})
            said = await asyncio.wait_for(
                asyncio.gather(answered(a, table, pair[0]), answered(b, table, pair[1])), 30
            )
            # The server took them in one order; a refused one changed nothing and is not kept.
            assert "played" in said
            for move, how in zip(pair, said, strict=True):
                assert (move in match.moves) == (how == "played"), said
                if how != "played":
                    assert how == "illegal"
            # The record is the server's order: it replays to the table the players were shown.
            replayed = Match.from_record(match.record(), "test")
            assert replayed.moves == match.moves
            assert replayed.states[-1].table == match.states[-1].table


async def fed(
    client: RawClient,
    runner: RemoteRunner,
    condition: Any,
    kept: list[dict[str, Any]] | None = None,
    seconds: float = 30,
) -> None:
    """Feed ``runner`` the frames ``client`` receives until ``condition()`` (bounded), and
    keep them in ``kept``."""
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "the condition never came"
        with contextlib.suppress(TimeoutError):
            frame = await client.receive(timeout=0.05)
            runner.feed(frame)
            if kept is not None:
                kept.append(frame)


async def test_what_falls_due_on_a_clock_reaches_a_seat_and_a_late_spectator_as_a_step() -> None:
    """The deal's spit falls due at the server with no move: each seat is sent the table as it
    stands after it, its log tells it as the server's match does for that seat, the badge's
    clock is the server's; a spectator who comes after is told it in his history."""
    async with serving(seed=a_deal_with_two_plays_to_one_pile()) as (host, url):
        table = host.open_table("spit", ["human", "human"], {"mode": "realtime"})
        first, second = list(table.invites)
        async with raw_client(url) as a, raw_client(url) as b:
            await a.send(join_frame(first))
            await b.send(join_frame(second))
            runner = RemoteRunner(RemoteMatch(await a.receive("welcome")), lambda frame: None)
            assert runner.clock is not None
            frames: list[dict[str, Any]] = []
            await fed(a, runner, lambda: runner.started and runner._due is not None, frames)
            assert runner.countdown().startswith("Spit! ")  # counting down to the deal's spit
            await fed(a, runner, lambda: bool(plays_of(runner)), frames)  # a step nobody played
            match = table.match
            assert match is not None and len(match.moves) == 0 and match.timed
            # what fell due is told as this seat may know it (the other's spit card is turned
            # up for both; nothing of his stock is named)
            told = [events for f in frames for events in f.get("told", ())]
            assert told == [[event_data(e.seen_by(0)) for e in match.timed[0][1]]]
            assert runner.match.state == match.game.observe(match.state, 0).state
            assert runner.log() == match.log(0)
            server_now = table.runner.clock.now() if table.runner and table.runner.clock else 0
            assert abs(runner.clock.now() - server_now) < 1000  # the same clock, give or take
            # a spectator who comes now reads the same story, public cards only
            async with raw_client(url) as c:
                await c.send(watch_frame(table.id))
                watcher = RemoteRunner(RemoteMatch(await c.receive("welcome")), lambda f: None)
                await fed(c, watcher, lambda: watcher.started)
                assert watcher.log() == match.log(None)
                assert watcher.match.state == match.game.observe(match.state, None).state


def plays_of(runner: RemoteRunner) -> list[Any]:
    return [m for m in runner.legal if type(m).__name__ == "Play"]
