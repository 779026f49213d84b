"""The table screen against a real match server on loopback: a person plays his seat at his
own screen, sees the table as the server shows his seat, is told why a move is refused in the
engine's words, reaches the outcome, and is told when the server goes."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time
from collections.abc import AsyncIterator
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input

from cardsuite.core.text import fill
from cardsuite.games import get_game
from cardsuite.match import MatchSetup, SeatInfo
from cardsuite.net.client import join_frame, play_seat
from cardsuite.net.remote import RemoteRunner
from cardsuite.net.server import ServerTable
from cardsuite.tui.app import CardsuiteApp, Remote
from cardsuite.tui.screens.lobby import LobbyScreen
from cardsuite.tui.screens.online import OnlineScreen
from cardsuite.tui.screens.outcome import OutcomeScreen
from cardsuite.tui.screens.remote import RemoteTableScreen
from tests.net.server import raw_client, serving
from tests.net.test_realtime import a_deal_with_two_plays_to_one_pile
from tests.tui.helpers import TEST_SETTINGS, press, screen_text

SIZE = (120, 40)


async def wait_for(pilot: Pilot[Any], condition: Any, seconds: float = 60.0) -> None:
    """Wait for ``condition()``, bounded in time (the server and the app share the loop)."""
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "the condition never came"
        await asyncio.sleep(0.002)
    await pilot._wait_for_screen()


def remote_app(url: str, token: str) -> CardsuiteApp:
    server = Remote(url, join_frame(token, "Tester"))
    return CardsuiteApp(settings=TEST_SETTINGS, seed=1, server=server)


def lobby_built(app: CardsuiteApp) -> bool:
    """The lobby under everything has built its form (an app that ends before would leave
    its building half done)."""
    lobby = app.screen_stack[0] if app.screen_stack else None
    return isinstance(lobby, LobbyScreen) and lobby.completed


def table_screen(app: CardsuiteApp) -> RemoteTableScreen | None:
    screen = app.screen
    return screen if isinstance(screen, RemoteTableScreen) else None


@contextlib.asynccontextmanager
async def at_rang_against_a_bot() -> AsyncIterator[
    tuple[ServerTable, CardsuiteApp, Pilot[Any], RemoteTableScreen]
]:
    """A Rang table of Tester and a bot at a server on loopback, Tester at its table screen
    once the match has started."""
    async with serving() as (host, url):
        table: ServerTable = host.open_table("rang", ["human", "normal"])
        (token,) = list(table.invites)
        app = remote_app(url, token)
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: (s := table_screen(app)) is not None and s.remote.started)
            screen = table_screen(app)
            assert screen is not None
            yield table, app, pilot, screen


async def test_a_person_plays_rang_to_the_end_at_the_table_screen() -> None:
    async with at_rang_against_a_bot() as (table, app, pilot, screen):
        runner = screen.remote
        refusals_checked = 0
        while not runner.done:
            await wait_for(pilot, lambda: bool(runner.legal) or runner.done)
            if runner.done:
                break
            match = table.match
            assert match is not None
            # what the seat sees is what the server's match shows that seat, to the letter
            assert runner.view() == match.view(0)
            # a refused move is refused with the engine's reason, names filled in
            for move in runner.candidates(0):
                if move not in runner.legal and refusals_checked < 5:
                    refusals_checked += 1
                    assert runner.refusal_of(move) == match.why_illegal(move)
                    assert not screen.play(move)
                    assert runner.message == runner.refusal_of(move)
            assert screen.play(runner.legal[0])
        await wait_for(pilot, lambda: isinstance(app.screen, OutcomeScreen))
        assert table.match is not None
        outcome = table.match.outcome()
        assert outcome is not None and runner.match.outcome() == outcome
        shown = screen_text(app)
        assert "Rang — game over" in shown
        assert fill(outcome.reason, table.match.names)[1:] in shown
        # no rematch nor replay here: the match is the host's
        assert app.screen.check_action("choose", ("rematch",)) is False
        assert app.screen.check_action("replay", ()) is False
        assert refusals_checked > 0


async def test_the_waiting_room_then_a_line_when_the_server_goes() -> None:
    serving_context = serving()
    host, url = await serving_context.__aenter__()
    try:
        table = host.open_table("rang", ["human", "human"])
        token = next(iter(table.invites))
        app = remote_app(url, token)
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: table_screen(app) is not None)
            waiting = "The match starts when every person has joined"
            await wait_for(pilot, lambda: waiting in screen_text(app))
            shown = screen_text(app)
            assert "Tester — you" in shown and "— awaited" in shown
            await serving_context.__aexit__(None, None, None)
            serving_context = None
            await wait_for(pilot, lambda: "The server has gone" in screen_text(app))
            screen = table_screen(app)
            assert screen is not None and not screen.remote.legal
    finally:
        if serving_context is not None:
            await serving_context.__aexit__(None, None, None)


async def test_a_server_that_cannot_be_reached_is_named_in_the_lobby() -> None:
    app = CardsuiteApp(
        settings=TEST_SETTINGS, seed=1, server=Remote("ws://127.0.0.1:9/ws", join_frame("0" * 32))
    )
    async with app.run_test(size=SIZE) as pilot:
        said = lambda: [n.message for n in app._notifications]  # noqa: E731
        await wait_for(pilot, lambda: any("cannot reach ws://127.0.0.1:9/ws" in m for m in said()))
        await wait_for(pilot, lambda: lobby_built(app))
        assert table_screen(app) is None
        assert type(app.screen).__name__ == "LobbyScreen"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_the_lobby_refuses_a_bad_invite_and_hosts_its_game_at_its_own_server() -> None:
    app = CardsuiteApp(settings=TEST_SETTINGS, seed=1)
    port = free_port()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.completed)
        await press(pilot, "n")
        await wait_for(pilot, lambda: isinstance(app.screen, OnlineScreen))
        online = app.screen
        assert isinstance(online, OnlineScreen)
        online.query_one("#join-invite", Input).value = "not an invite"
        online.join()
        await pilot._wait_for_screen()
        assert "32 hexadecimal digits" in screen_text(app)
        assert app.screen is online  # nothing else happened
        online.query_one("#host-address", Input).value = f"127.0.0.1:{port}"
        online.host()
        # the lobby's game (Grabuge, a person and a bot): the table starts at once
        await wait_for(pilot, lambda: (s := table_screen(app)) is not None and s.remote.started)
        screen = table_screen(app)
        assert screen is not None
        assert screen.remote.match.game.id == "grabuge"
        assert app._serving is not None and app._serving.port == port
        hosted = next(iter(app._serving.host.tables.values()))
        assert hosted.match is not None and tuple(hosted.kinds) == ("human", "normal")
        await wait_for(pilot, lambda: bool(screen.remote.legal))
        assert screen.remote.view() == hosted.match.view(0)


async def test_a_table_hosted_here_waits_for_the_invited_player_then_starts() -> None:
    app = CardsuiteApp(settings=TEST_SETTINGS, seed=1)
    port = free_port()
    game = get_game("rang")
    setup = MatchSetup(game, (SeatInfo("Anna"), SeatInfo("Boris")), game.Options(), 5)
    async with app.run_test(size=SIZE) as pilot:
        app.host_table(setup, ("127.0.0.1", port))
        await wait_for(pilot, lambda: table_screen(app) is not None)
        screen = table_screen(app)
        assert screen is not None
        await wait_for(pilot, lambda: "invite: cardsuite join" in screen_text(app))
        shown = screen_text(app)
        assert "Anna — you" in shown and "Boris — awaited" in shown
        (invite,) = screen.invites.values()
        assert f"cardsuite join 127.0.0.1:{port} {invite}" in shown
        # Boris joins with his invite (a bot client plays his seat): the match starts
        url = f"ws://127.0.0.1:{port}/ws"
        boris = asyncio.get_running_loop().create_task(
            play_seat(url, join_frame(invite, "Boris"), level="normal", timeout=120)
        )
        await wait_for(pilot, lambda: screen.remote.started)
        assert not screen.query_one("#waiting-room").display
        while not screen.remote.done:
            await wait_for(pilot, lambda: bool(screen.remote.legal) or screen.remote.done)
            if screen.remote.legal:
                screen.play(screen.remote.legal[0])
        result = await boris
        assert result.outcome == screen.remote.match.outcome()


async def test_spit_in_real_time_at_the_table_screen_counts_down_turns_up_and_plays() -> None:
    """A person at his own screen plays Spit in real time against another client: the badge
    counts down to the deal's spit, which the server's clock sets off; the turn-up (a step nobody played)
    reaches his table and his log, his plays are taken, and nobody pauses the server's clock."""
    options = {"mode": "realtime", "spit_delay": "3000"}  # a countdown long enough to read
    async with serving(seed=a_deal_with_two_plays_to_one_pile()) as (host, url):
        table = host.open_table("spit", ["human", "human"], options)
        mine, theirs = list(table.invites)
        app = remote_app(url, mine)
        async with app.run_test(size=SIZE) as pilot, raw_client(url) as other:
            await other.send(join_frame(theirs, "Boris"))
            await wait_for(pilot, lambda: (s := table_screen(app)) is not None and s.remote.started)
            screen = table_screen(app)
            assert screen is not None
            runner = screen.remote
            assert runner.clock is not None and table.runner is not None
            # the deal makes both ready: the server's clock counts down to the first spit, and
            # so does the badge
            await wait_for(pilot, lambda: runner.countdown().startswith("Spit! "))
            await wait_for(pilot, lambda: "Spit! " in screen_text(app))
            # the spit falls due at the server: its turn-up comes as a step of its own
            await wait_for(pilot, lambda: any(n.startswith("play ") for n in notations(runner)))
            match = table.match
            assert match is not None and match.timed
            assert runner.view() == match.view(0)
            assert runner.log() == match.log(0)
            turned_up = match.log(0, last=1)[0]
            # drawn by the frame, in the last move's panel (wrapped: its first words)
            await wait_for(pilot, lambda: turned_up[:20] in screen_text(app))
            # a play of his is taken by the server, and drawn as the server's table shows it
            play = next(m for m in runner.legal if notation(runner, m).startswith("play "))
            before = len(match.moves)
            assert screen.play(play)
            await wait_for(
                pilot, lambda: len(match.moves) > before and runner.ply == len(match.moves)
            )
            assert match.moves[-1] == play
            assert runner.view() == match.view(0) and runner.log() == match.log(0)
            # p: the server keeps the clock (said, and the clock goes on)
            await press(pilot, "p")
            assert "server keeps the clock" in runner.message
            assert "p pause" not in screen_text(app)  # not offered in the key line either
            assert not table.runner.clock.paused and type(app.screen) is RemoteTableScreen
            assert screen.check_action("undo", ()) is False  # no undo on a clock


def notation(runner: RemoteRunner, move: Any) -> str:
    return runner.match.game.move_to_text(move)


def notations(runner: RemoteRunner) -> list[str]:
    return [notation(runner, m) for m in runner.legal]


async def test_a_game_in_real_time_is_hosted_from_the_lobby_with_its_clock() -> None:
    app = CardsuiteApp(settings=TEST_SETTINGS, seed=1)
    game = get_game("spit")
    setup = MatchSetup(game, (SeatInfo("Anna"), SeatInfo("Boris", "normal")), game.Options(), 5)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: lobby_built(app))
        app.host_table(setup, ("127.0.0.1", free_port()))
        await wait_for(pilot, lambda: (s := table_screen(app)) is not None and s.remote.started)
        screen = table_screen(app)
        assert screen is not None and screen.remote.clock is not None
        await wait_for(pilot, lambda: any(n.startswith("play ") for n in notations(screen.remote)))


async def test_a_chat_line_reaches_the_table_as_plain_text() -> None:
    async with at_rang_against_a_bot() as (_table, app, pilot, screen):
        await press(pilot, "slash")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ChatScreen")
        app.screen.query_one(Input).value = "good luck \x1b[31mall"
        await press(pilot, "enter")
        await wait_for(pilot, lambda: "Tester: good luck" in screen.remote.message)
        assert "\x1b" not in screen.remote.message  # no control character reaches the screen
        assert screen.remote.message_kind == "chat"


async def test_hints_and_skips_are_not_offered_at_a_network_table_and_say_why() -> None:
    async with at_rang_against_a_bot() as (_table, _app, pilot, screen):
        assert screen.check_action("hint", ()) is False
        assert screen.check_action("skip", ()) is False
        await press(pilot, "h")
        await wait_for(pilot, lambda: "No hints" in screen.remote.message)
        await press(pilot, "full_stop")
        await wait_for(pilot, lambda: "Nothing to skip" in screen.remote.message)
