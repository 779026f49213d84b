"""Whole matches over the network: a real server on loopback, real WebSocket clients.

Every game is played to its end by bot clients at every seat, with a spectator watching; every
frame each of them received is checked against what its seat may see; the host's store holds
the match and it replays to the same end.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from cardsuite.core.cards import Card
from cardsuite.core.table import Shown
from cardsuite.core.wire import event_data, observation_data, observation_from_data
from cardsuite.games import declared_games
from cardsuite.games.rang.engine import RANG
from cardsuite.match import Match, SeatInfo
from cardsuite.net.client import SeatResult, join_frame, play_seat, watch_frame
from cardsuite.net.remote import RemoteMatch, RemoteRunner
from cardsuite.net.server import history_frame
from cardsuite.store.db import Store
from tests.net.server import serving

GAME_IDS = [info.id for info in declared_games()]
TURNS = {"nerts": {"mode": "turns"}, "spit": {"mode": "turns"}}  # the clock has its own test


def cards_in(data: Any) -> set[str]:
    """Every card named anywhere in a frame (a bare string of the wire is a card or "?")."""
    if isinstance(data, str):
        return {data} if data != "?" else set()
    if isinstance(data, list):
        return set().union(*(cards_in(item) for item in data)) if data else set()
    if isinstance(data, dict):
        if "fields" in data:  # a value of a type: its fields
            return set().union(set(), *(cards_in(v) for v in data["fields"].values()))
        if "set" in data:
            return cards_in(data["set"])
        return set()  # text, an enum member, a layout (pile names)
    return set()


def card_text(card: Card) -> str:
    return f"{card}#{card.back}" if card.back else str(card)


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_a_whole_match_among_bot_clients_leaks_no_hidden_card(
    game_id: str, tmp_path: Any
) -> None:
    info = next(i for i in declared_games() if i.id == game_id)
    store = Store(tmp_path / "cardsuite.db")
    async with serving(store) as (host, url):
        seats = min(info.seat_counts)
        table = host.open_table(game_id, ["human"] * seats, TURNS.get(game_id))
        watcher = asyncio.create_task(play_seat(url, watch_frame(table.id), level=None, keep=True))
        await asyncio.sleep(0)  # the spectator may come first or later: both are fine
        players = [
            play_seat(url, join_frame(token, f"P{seat}"), level="normal", seed=seat, keep=True)
            for token, seat in table.invites.items()
        ]
        results: list[SeatResult] = await asyncio.wait_for(asyncio.gather(*players), 120)
        spectator = await asyncio.wait_for(watcher, 30)
    match = table.match
    assert match is not None and match.is_over()
    outcome = match.outcome()
    assert outcome is not None
    for result in (*results, spectator):
        assert result.outcome is not None
        assert result.outcome.places == outcome.places
        assert result.match_id == table.match_id
    assert sum(r.moves for r in results) == len(match.moves)

    game = match.game
    module = type(game).__module__
    for result in (*results, spectator):
        seat = result.seat
        steps = [f for f in result.frames if f["type"] == "step"]
        assert steps, "every client is shown the table"
        for frame in (f for f in result.frames if f["type"] == "history"):  # came in late
            for ply, events in frame["steps"]:
                assert events == [event_data(e.seen_by(seat)) for e in match.states[ply].events]
        for frame in steps:
            state = match.states[frame["ply"]]
            seen = game.observe(state, seat)
            # What the frame holds is this seat's observation, to the letter ...
            assert observation_from_data(frame["observation"], module) == seen
            # ... and no card named anywhere in it is one this seat may not see.
            visible = {card_text(c) for c in seen.state.table.all_visible()}
            events = seen.state.events
            visible |= {card_text(c) for e in events for c in e.card_faces() if isinstance(c, Card)}
            known = seen.state.table.known  # facts: a card shown in a hidden pile
            assert all(fact.applies_to(seat) for fact in known)
            visible |= {card_text(fact.card) for fact in known if isinstance(fact, Shown)}
            # A card in a field besides the table is public: a spectator knows it too (a cut
            # penalty card in Seven Leaves).
            public = game.observe(state, None).state
            for name in public._fields:
                if name not in ("table", "events"):
                    visible |= cards_in(observation_data(getattr(public, name)))
            named = cards_in(frame["observation"]) | cards_in(frame["legal"])
            assert named <= visible, (seat, named - visible)
            if frame["legal"]:
                assert seat is not None and seat in game.to_move(state)
    stored = store.get(table.match_id or 0)
    assert stored.moves == len(match.moves) and stored.is_finished
    replayed = Match.from_record(store.record(table.match_id or 0), "test")
    replayed_outcome = replayed.outcome()
    assert replayed_outcome is not None and replayed_outcome.places == outcome.places
    store.close()


@pytest.mark.parametrize("seat", [0, None])
def test_a_late_comer_is_told_what_happened_before_as_his_seat_may_know_it(
    seat: int | None,
) -> None:
    """A connection that comes to a match under way (a spectator, a player back from a drop)
    is sent the events of the steps before it came, each as its seat may know them (the
    other's kept card face down), and its log reads as the log of a seat that was there."""
    match = Match(RANG, [SeatInfo("Anna", "easy"), SeatInfo("Boris", "easy")], seed=3)
    match.play_bots(30)
    moves = len(match.moves)
    frame = json.loads(json.dumps(history_frame(match, seat, moves), ensure_ascii=False))
    assert [ply for ply, _events in frame["steps"]] == list(range(moves))
    for ply, events in frame["steps"]:
        told = [event_data(e.seen_by(seat)) for e in match.states[ply].events]
        assert events == told
    welcome = {
        "type": "welcome", "table": "t", "game": "rang", "options": {}, "seat": seat,
        "seats": [{"name": "Anna", "kind": "human"}, {"name": "Boris", "kind": "easy"}],
    }  # fmt: skip
    remote = RemoteMatch(welcome)
    runner = RemoteRunner(remote, lambda frame: None)
    runner.feed(frame)
    state = match.states[moves]
    observation = observation_data(RANG.observe(state, seat))
    runner.feed({"type": "step", "ply": moves, "observation": observation, "legal": []})
    assert runner.log(last=12) == match.log(seat, last=12)
