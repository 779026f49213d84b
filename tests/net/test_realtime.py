"""Spit in real time over the network: the server owns the clock and decides the order of
arrivals; a play that came second to the same pile is taken only if it still fits."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from cardsuite.core.options import options_from_strings
from cardsuite.core.rng import derive_seed
from cardsuite.games import get_game
from cardsuite.match import Match
from cardsuite.net.client import join_frame
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
