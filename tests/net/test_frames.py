"""Frames a real client would never send: each gets an error frame and changes nothing; a
seat is acted for only with its invite; a dropped player comes back to his seat."""

from __future__ import annotations

import asyncio
import contextlib
import json
import shutil
import subprocess
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardsuite.core.i18n import speaking
from cardsuite.core.text import fill, message_from_data
from cardsuite.core.wire import PROTOCOL
from cardsuite.net.client import ServerGone, error_text, join_frame, play_seat, refused
from cardsuite.net.commands import tls_client, tls_server
from cardsuite.net.frames import MAX_FRAME, encode
from cardsuite.net.server import Host, ServerTable
from tests.net.server import RawClient, raw_client, serving


async def seated(host: Host, url: str, client: RawClient, token: str) -> dict[str, Any]:
    await client.send(join_frame(token, "Tester"))
    return await client.receive("welcome")


async def started_rang(host: Host, url: str) -> tuple[ServerTable, list[str]]:
    table = host.open_table("rang", ["human", "human"])
    return table, list(table.invites)


@contextlib.asynccontextmanager
async def two_at_rang(
    host: Host, url: str
) -> AsyncIterator[tuple[ServerTable, RawClient, RawClient]]:
    """A Rang table of two people, both seated (its match started), and their clients."""
    table, tokens = await started_rang(host, url)
    async with raw_client(url) as a, raw_client(url) as b:
        await seated(host, url, a, tokens[0])
        await seated(host, url, b, tokens[1])
        assert table.match is not None
        yield table, a, b


MALFORMED: list[Any] = [
    "not json at all",
    "[1, 2, 3]",
    "null",
    {"type": "dance"},
    {"no": "type"},
    {"type": "act"},
    {"type": "act", "ply": "zero", "move": "draw"},
    {"type": "act", "ply": 0, "move": 7},
    {"type": "act", "ply": 0, "move": {"nested": ["deep"]}},
    {"type": "act", "ply": 10**6, "move": "draw"},
    {"type": "act", "ply": 0, "move": "play 99♠"},
    {"type": "act", "ply": 0, "move": "\x1b[31m" * 20},
    {"type": "join", "protocol": PROTOCOL, "invite": "0" * 32},
    {"type": "open", "protocol": PROTOCOL, "game": "rang", "seats": ["human"]},
    {"type": "watch", "protocol": 99, "table": "x"},
    {"type": "chat", "text": ["a"]},
    "x" * (MAX_FRAME + 1),
]


async def test_malformed_frames_get_an_error_frame_and_change_nothing() -> None:
    async with serving() as (host, url), two_at_rang(host, url) as (table, a, b):
        await a.receive("step")
        before = (table.match.state, len(table.match.moves))
        for frame in MALFORMED:
            await a.send(frame)
            answer = await a.receive("error")
            assert answer["code"] and answer["message"], frame
            assert (table.match.state, len(table.match.moves)) == before, frame
        await a.send(b"\x00binary")  # not a text frame
        assert (await a.receive("error"))["code"] == "not-text"
        # The seat not on turn may not move, whatever it sends.
        waiting = b if 0 in table.match.to_move() else a
        notation = table.game.move_to_text(table.match.legal_moves(min(table.match.to_move()))[0])
        await waiting.send({"type": "act", "ply": len(table.match.moves), "move": notation})
        assert (await waiting.receive("error"))["code"] in ("not-your-turn", "illegal")
        assert (table.match.state, len(table.match.moves)) == before


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.dictionaries(
        st.sampled_from(["type", "ply", "move", "invite", "protocol", "text", "seats", "game"]),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.text(max_size=30),
            lambda inner: (
                st.lists(inner, max_size=3)
                | st.dictionaries(st.text(max_size=5), inner, max_size=3)
            ),
            max_leaves=6,
        ),
    )
)
def test_random_frames_never_change_the_table(frame: dict[str, Any]) -> None:
    async def run() -> None:
        async with serving() as (host, url), two_at_rang(host, url) as (table, a, _b):
            await a.receive("step")
            assert table.match is not None
            before = (table.match.state, len(table.match.moves))
            if (
                frame.get("type") == "act"
                and frame.get("ply") == 0
                and isinstance(frame.get("move"), str)
            ):
                frame["move"] = "x" + frame["move"]  # never a real move by chance
            await a.send(frame)
            await a.send({"type": "chat", "text": "ping"})  # answered after the frame
            got = await a.receive()
            while got["type"] not in ("error", "chat"):
                got = await a.receive()
            assert (table.match.state, len(table.match.moves)) == before

    asyncio.run(run())


async def test_a_chat_line_is_plain_text_and_capped() -> None:
    async with serving() as (host, url), two_at_rang(host, url) as (_table, a, b):
        await a.send({"type": "chat", "text": "[bold]hi[/] \x1b[2J" + "z" * 500})
        line = await b.receive("chat")
        assert "\x1b" not in line["text"] and len(line["text"]) <= 200
        assert line["name"] == "Tester" and line["seat"] == 0


async def test_a_dropped_player_rejoins_his_seat_and_the_match_goes_on() -> None:
    async with serving() as (host, url):
        table, tokens = await started_rang(host, url)
        other = asyncio.create_task(play_seat(url, join_frame(tokens[1], "Boris"), level="normal"))
        async with raw_client(url) as a:
            await seated(host, url, a, tokens[0])
            played = 0
            while played < 3:  # three moves by hand, then the connection drops
                frame = await a.receive("step")
                if frame["legal"]:
                    await a.send(
                        {"type": "act", "ply": frame["ply"], "move": frame["notations"][0]}
                    )
                    played += 1
        assert table.match is not None
        dropped_at = len(table.match.moves)
        assert not table.match.is_over()
        back = await asyncio.wait_for(
            play_seat(url, join_frame(tokens[0], "Anna"), level="normal", keep=True), 60
        )
        boris = await asyncio.wait_for(other, 60)
        steps = [f for f in back.frames if f["type"] == "step"]
        assert steps[0]["ply"] >= dropped_at  # the table as it stands, not a new one
        assert back.outcome is not None and boris.outcome is not None
        assert back.outcome.places == boris.outcome.places == table.match.outcome().places  # type: ignore[union-attr]


async def test_a_second_connection_with_the_invite_replaces_the_first() -> None:
    async with serving() as (host, url):
        table, tokens = await started_rang(host, url)
        async with raw_client(url) as first, raw_client(url) as second:
            await seated(host, url, first, tokens[0])
            await seated(host, url, second, tokens[0])
            assert (await first.receive("error"))["code"] == "replaced"
            assert [c.seat for c in table.connections] == [0]


async def test_a_table_without_a_person_or_with_a_bad_level_is_refused() -> None:
    async with serving() as (host, url), raw_client(url) as client:
        for seats in (["normal", "normal"], ["human", "grandmaster"], ["human"]):
            await client.send(
                {"type": "open", "protocol": PROTOCOL, "game": "rang", "seats": seats}
            )
            answer = await client.receive("error")
            assert answer["message"]
        assert host.tables == {}


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 signed by itself, and its key (made by openssl)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    return cert, key


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl makes the certificate")
async def test_a_match_over_tls_trusts_only_the_servers_certificate(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)
    async with serving(tls=tls_server(str(cert), str(key))) as (host, url):
        assert url.startswith("wss://")
        table = host.open_table("rang", ["human", "normal"])
        token = next(iter(table.invites))
        with pytest.raises(ServerGone):  # the system's authorities do not know it
            await play_seat(url, join_frame(token), tls=tls_client(None), timeout=30)
        done = await play_seat(url, join_frame(token), tls=tls_client(str(cert)), timeout=60)
        assert done.outcome is not None and done.moves > 0


async def test_past_the_grace_period_a_bot_plays_the_seat_until_its_player_is_back() -> None:
    async with serving(grace=0.2, stand_in="normal") as (host, url):
        table, tokens = await started_rang(host, url)
        async with raw_client(url) as b:
            await seated(host, url, b, tokens[1])
            async with raw_client(url) as a:
                await seated(host, url, a, tokens[0])
                await a.receive("step")
            # Anna's connection has dropped: after the grace period a bot plays her seat.
            seats = await b.receive("seats")
            assert seats["seats"][0]["stand_in"] == "normal" and not seats["seats"][0]["here"]
            assert table.match is not None and table.match.seats[0].bot == "normal"
            if 0 in table.match.to_move():  # the bot plays her turn; Boris's waits for him
                frame = await b.receive("step")
                while not frame["legal"]:
                    frame = await b.receive("step")
            assert table.match.to_move() == {1}
            async with raw_client(url) as back:
                await seated(host, url, back, tokens[0])
                seats = await b.receive("seats")
                assert seats["seats"][0]["here"] and seats["seats"][0]["stand_in"] is None
                assert not table.match.seats[0].is_bot  # hers again


async def test_with_no_stand_in_the_table_waits_for_the_dropped_player() -> None:
    async with serving(grace=0.05, stand_in=None) as (host, url):
        table, tokens = await started_rang(host, url)
        async with raw_client(url) as b:
            await seated(host, url, b, tokens[1])
            async with raw_client(url) as a:
                await seated(host, url, a, tokens[0])
                await a.receive("step")
            assert 0 in table.dropped
            left_at = table.dropped[0]
            while time.monotonic() < left_at + 0.5:  # ten grace periods: still nobody comes
                table.wake.set()  # the table looks again each time
                await asyncio.sleep(0.01)
            assert table.match is not None and not table.match.seats[0].is_bot
            assert 0 in table.dropped


async def test_a_person_alone_against_bots_may_take_back_a_move_and_is_shown_the_table_again() -> (
    None
):
    async with serving() as (host, url):
        table = host.open_table("rang", ["human", "normal"])
        async with raw_client(url) as a:
            await seated(host, url, a, next(iter(table.invites)))
            assert table.match is not None
            made = 0
            while made < 2:
                frame = await a.receive("step")
                if frame["legal"]:
                    await a.send(
                        {"type": "act", "ply": frame["ply"], "move": frame["notations"][0]}
                    )
                    made += 1
            frame = await a.receive("step")
            while not frame["legal"]:
                frame = await a.receive("step")
            before = len(table.match.moves)
            await a.send({"type": "undo"})
            again = await a.receive("step")
            assert len(table.match.moves) < before
            assert again["ply"] == len(table.match.moves) and again["legal"]


async def test_at_a_table_of_several_people_no_move_is_taken_back() -> None:
    async with serving() as (host, url), two_at_rang(host, url) as (table, a, b):
        mover = a if 0 in table.match.to_move() else b
        frame = await mover.receive("step")
        await mover.send({"type": "act", "ply": frame["ply"], "move": frame["notations"][0]})
        other = b if mover is a else a
        frame = await other.receive("step")
        while frame["ply"] < 1:
            frame = await other.receive("step")
        await mover.send({"type": "undo"})
        assert (await mover.receive("error"))["code"] == "no-undo"
        assert len(table.match.moves) == 1


async def test_a_flood_of_frames_is_slowed_then_cut_off() -> None:
    async with serving() as (host, url):
        table, tokens = await started_rang(host, url)
        async with raw_client(url) as a:
            await seated(host, url, a, tokens[0])
            for _ in range(200):  # far past the burst, in no time at all
                await a.send({"type": "chat", "text": ""})
            codes = []
            while True:
                try:
                    frame = await a.receive()
                except AssertionError:  # not a text frame: the server closed the connection
                    break
                codes.append(frame.get("code"))
            assert "too-fast" in codes
            assert a.socket.closed or (await a.socket.receive()).type.name in ("CLOSE", "CLOSED")
        assert not any(c.seat == 0 for c in table.connections)


async def test_an_illegal_move_is_refused_with_the_rule_it_breaks_as_data_a_client_can_say() -> (
    None
):
    async with serving() as (host, url), two_at_rang(host, url) as (table, a, b):
        match = table.match
        assert match is not None
        seat = min(match.to_move())
        mover = a if seat == 0 else b
        wrong = next(
            m for m in match.game.candidates(match.state, seat) if match.refusal(m) is not None
        )
        await mover.send({"type": "act", "ply": 0, "move": match.game.move_to_text(wrong)})
        answer = await mover.receive("error")
        refusal = match.refusal(wrong)
        assert refusal is not None
        assert answer["code"] == "illegal", answer
        assert answer["rule"] == refusal.code, answer
        assert answer["message"] == match.fill(refusal.text)
        with speaking("ru"):  # a Russian client says the same rule in Russian
            said = fill(message_from_data(answer["said"]), match.names)
            assert said == fill(refusal.text.said_in("ru"), match.names) != answer["message"]


async def test_the_servers_own_refusals_to_a_person_are_said_in_the_clients_language() -> None:
    async with serving() as (_host, url), raw_client(url) as client:
        await client.send(join_frame("0" * 32, "Tester"))
        answer = await client.receive("error")
        assert answer["code"] == "bad-invite"
        assert answer["message"] == "no seat has that invite"  # the server's language
        with speaking("uk"):
            assert error_text(answer) == "жодне місце не має такого запрошення"
            assert refused(answer) == "сервер відмовив: жодне місце не має такого запрошення"


async def test_a_finished_table_is_forgotten_once_its_players_have_gone() -> None:
    async with serving() as (host, url):
        table = host.open_table("rang", ["human", "normal"])
        token = next(iter(table.invites))
        done = await asyncio.wait_for(play_seat(url, join_frame(token)), 60)
        assert done.outcome is not None
        await asyncio.wait_for(table.ended.wait(), 10)
        end = time.monotonic() + 10  # the server sees the connection close
        while host.tables and time.monotonic() < end:
            await asyncio.sleep(0.01)
        assert host.tables == {} and host.invites == {}


async def test_only_a_client_that_asks_to_explain_is_sent_the_refusals_of_its_moves() -> None:
    """A person's table asks (``"explain": true``) and its steps on turn list the seat's
    refused moves with the rules' words; a bot's client does not ask and is spared them."""
    async with serving() as (host, url):
        table, tokens = await started_rang(host, url)
        async with raw_client(url) as a, raw_client(url) as b:
            await a.send({**join_frame(tokens[0], "Anna"), "explain": True})
            await a.receive("welcome")
            await seated(host, url, b, tokens[1])
            match = table.match
            assert match is not None
            seen: dict[int, dict[str, Any]] = {}
            for _turn in range(20):  # until each seat has been on turn once
                if len(seen) == 2:
                    break
                seat = sorted(match.to_move())[0]
                client = (a, b)[seat]
                while not (step := await client.receive("step"))["legal"]:
                    pass
                seen.setdefault(seat, step)
                await client.send({"type": "act", "ply": step["ply"], "move": step["notations"][0]})
                while (await client.receive("step"))["ply"] == step["ply"]:
                    pass  # the move taken: the table moves on
            assert set(seen) == {0, 1}
            assert seen[0]["refused"], "a Rang hand always holds a card it may not play"
            assert all(message_from_data(said) for _move, said in seen[0]["refused"])
            assert "refused" not in seen[1]


def test_a_frame_is_written_as_compact_json_whatever_its_values() -> None:
    """The fast writer and the standard library write a frame alike; a value the fast one
    refuses (an int past 64 bits) is still written."""
    frame = {"type": "chat", "name": "Лёша", "text": "7♠ «ok»", "seat": 1, "big": None}
    assert encode(frame) == json.dumps(frame, ensure_ascii=False, separators=(",", ":"))
    assert json.loads(encode({"type": "x", "n": 2**70})) == {"type": "x", "n": 2**70}
