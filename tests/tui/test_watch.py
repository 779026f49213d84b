"""Watching a match only bots play: from the lobby's Watch key to the outcome, the speeds
(step by step to as fast as it draws) shown and changed with + and -, the pause, the step key,
a clock that follows the speed, a spectator's view only, and games watched by default.

No fixed sleeps: the tests wait on conditions, start the watch step by step where they count
moves (``starting_at``), and move the clocks of games in real time by hand.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Select

from cardsuite.games import GAMES, get_game
from cardsuite.games.rang.engine import RANG
from cardsuite.match import Match, SeatInfo
from cardsuite.runner.clock import WallClock
from cardsuite.runner.watch import SPEEDS, Watch, speed_for
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.lobby import LobbyScreen
from cardsuite.tui.screens.outcome import OutcomeScreen
from cardsuite.tui.screens.table import TableScreen
from tests.race import Race, RaceBot
from tests.soak import swept

from .helpers import (
    TEST_SETTINGS,
    choose_game,
    make_app,
    press,
    screen_text,
    settle,
    shows,
    until,
)
from .test_privacy import HOT_SEAT_GAMES, LeakWatch

SIZE = (120, 40)
STEP, SLOW, NORMAL, FAST, FLAT_OUT = range(len(SPEEDS))


def starting_at(monkeypatch: pytest.MonkeyPatch, index: int) -> None:
    """Tables start watching at SPEEDS[index], whatever the settings' pace."""

    class Starting(Watch):
        def __init__(self, pace: float) -> None:
            super().__init__(pace)
            self.index = index

    monkeypatch.setattr("cardsuite.runner.runner.Watch", Starting)


def bots_only(game_id: str = "rang", seed: int = 4, count: int = 3) -> Match:
    game = get_game(game_id)
    names = ("Anna", "Boris", "Vera", "Gleb")
    return Match(game, [SeatInfo(names[i], "random") for i in range(count)], seed=seed)


def table_of(app: CardsuiteApp) -> TableScreen:
    """The table (under the outcome screen when the match has already ended)."""
    tables = [s for s in app.screen_stack if isinstance(s, TableScreen)]
    assert tables, app.screen_stack
    return tables[-1]


async def frames(pilot: Pilot[Any], count: int = 30) -> None:
    """Let ``count`` frames pass (a bounded wait for something that must *not* happen)."""
    await until(pilot, lambda: False, rounds=count)


# --- the speeds, without the app ----------------------------------------------------------------


def test_the_speeds_go_from_step_by_step_to_as_fast_as_it_draws() -> None:
    assert SPEEDS[STEP].by_key and SPEEDS[STEP].rate == 0
    assert SPEEDS[FLAT_OUT].flat_out and math.isinf(SPEEDS[FLAT_OUT].rate)
    delays = [s.delay for s in SPEEDS[SLOW:FLAT_OUT]]
    assert delays == sorted(delays, reverse=True) and all(d and d > 0 for d in delays)
    # the watch starts at the timed speed nearest the settings' pace; no pace: flat out
    assert speed_for(0.6) == NORMAL and speed_for(3.0) == SLOW and speed_for(0.0) == FLAT_OUT
    watch = Watch(0.6)
    assert watch.faster() and watch.faster() and not watch.faster()
    assert watch.speed is SPEEDS[FLAT_OUT]
    for _ in range(FLAT_OUT):
        assert watch.slower()
    assert not watch.slower() and watch.speed.by_key and not watch.moving


def test_a_clock_can_run_faster_and_be_moved_by_hand() -> None:
    source = [10.0]
    clock = WallClock(500, lambda: source[0])
    clock.set_rate(3.0)
    source[0] += 1.0
    assert clock.now() == 3500, "three seconds of the game per second"
    clock.pause()
    clock.jump(9000)
    source[0] += 5.0
    assert clock.now() == 9000, "held still where it was moved"
    clock.jump(100)
    assert clock.now() == 9000, "never backwards"
    clock.resume()
    source[0] += 1.0
    assert clock.now() == 12_000
    with pytest.raises(ValueError):
        clock.set_rate(math.inf)


# --- the lobby ------------------------------------------------------------------------------------


async def test_a_bots_only_game_of_rang_is_watched_from_the_lobby_to_the_outcome() -> None:
    app = CardsuiteApp(settings=TEST_SETTINGS.replace(bot_delay=0.6), seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)
        await choose_game(pilot, "rang")
        assert "w Watch" in screen_text(app), "the lobby's footer offers it"
        await press(pilot, "w")
        assert await until(pilot, lambda: isinstance(app.screen, TableScreen))
        table = table_of(app)
        match = table.match
        assert match.game is RANG and all(seat.is_bot for seat in match.seats)
        assert table.watching is not None and table.runner.viewer is None
        assert await shows(pilot, "WATCHING · normal")
        await press(pilot, "plus", "plus")  # normal → fast → as fast as it draws
        assert table.watching.speed.flat_out
        assert await until(pilot, lambda: isinstance(app.screen, OutcomeScreen), rounds=20_000)
        assert match.is_over()
        assert await shows(pilot, "game over")


@pytest.mark.parametrize("game_id", swept(sorted(GAMES)))
async def test_every_game_can_be_watched_from_the_lobby(game_id: str) -> None:
    app = CardsuiteApp(settings=TEST_SETTINGS, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await choose_game(pilot, game_id)
        await press(pilot, "w")
        assert await until(pilot, lambda: not isinstance(app.screen, LobbyScreen))
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert table.match.game is GAMES[game_id]
        assert all(seat.is_bot for seat in table.match.seats)
        assert table.watching is not None


async def test_a_game_watched_by_default_is_proposed_with_every_seat_a_bot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(type(RANG), "watch_by_default", True)
    app = CardsuiteApp(settings=TEST_SETTINGS, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await choose_game(pilot, "rang")
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        kinds = [select.value for select in lobby.query(".seat-kind").results(Select)]
        assert kinds and all(kind != "human" for kind in kinds), kinds
        assert "Usually watched" in screen_text(app)
        # a person may still take a seat: the setup with a human plays, not watched
        setup = lobby.read_setup()
        seats = (SeatInfo("Anna"), *setup.seats[1:])
        app.start_match(Match(RANG, seats, seed=2))
        assert await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert table_of(app).watching is None


async def test_a_game_not_watched_by_default_keeps_its_human_seat() -> None:
    app = CardsuiteApp(settings=TEST_SETTINGS, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await choose_game(pilot, "rang")
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        kinds = [select.value for select in lobby.query(".seat-kind").results(Select)]
        assert kinds[0] == "human"
        assert "Usually watched" not in screen_text(app)


# --- the table ------------------------------------------------------------------------------------


async def test_step_by_step_one_move_per_key(monkeypatch: pytest.MonkeyPatch) -> None:
    starting_at(monkeypatch, STEP)
    match = bots_only()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert table_of(app).watching is not None
        assert "step by step" in screen_text(app)
        await frames(pilot)
        assert match.moves == [], "nothing moves before the key"
        for n in range(1, 6):
            await press(pilot, "n")
            await settle(pilot)
            assert len(match.moves) == n
        await frames(pilot)
        assert len(match.moves) == 5
        await press(pilot, "n", "n", "n")  # three quick presses: three moves
        await settle(pilot)
        assert len(match.moves) == 8


async def test_pause_stops_every_move_but_the_step_key(monkeypatch: pytest.MonkeyPatch) -> None:
    starting_at(monkeypatch, STEP)
    match = bots_only(seed=7)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)
        await press(pilot, "p")
        assert "PAUSED" in screen_text(app)
        await press(pilot, "plus", "plus", "plus", "plus")  # as fast as it draws, but paused
        await settle(pilot)
        assert table.watching is not None and table.watching.speed.flat_out
        table._poll()  # whatever a timer or a resize would set going
        await settle(pilot)
        await frames(pilot, 60)
        assert match.moves == [], "a move was made while paused"
        await press(pilot, "n")  # one move, still paused
        await settle(pilot)
        assert len(match.moves) == 1 and table.watching.paused
        await frames(pilot, 60)
        assert len(match.moves) == 1
        await press(pilot, "p")  # go on, as fast as it draws
        assert await until(pilot, lambda: len(match.moves) > 10 or match.is_over())


async def test_a_step_while_moving_stops_the_match(monkeypatch: pytest.MonkeyPatch) -> None:
    starting_at(monkeypatch, FLAT_OUT)
    match = Match(RANG, [SeatInfo(n, "heuristic") for n in ("Anna", "Boris", "Vera")], seed=5)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot._wait_for_screen()
        table = table_of(app)
        await press(pilot, "n")
        await settle(pilot)
        assert (table.watching is not None and table.watching.paused) or match.is_over()
        made = len(match.moves)
        await frames(pilot, 60)
        assert len(match.moves) == made


async def test_the_speed_is_shown_and_changed_with_plus_and_minus(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    starting_at(monkeypatch, STEP)
    app = make_app(bots_only())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "WATCHING · step by step" in text
        assert "p Pause" in text and "n Step" in text and "+ Faster" in text, "footer keys"
        assert "+/- speed" in text and "n one move" in text, "the table's key line"
        assert "u Undo" not in text and "h Hint" not in text
        await press(pilot, "minus")
        assert "Already step by step" in screen_text(app)
        await press(pilot, "plus")
        text = screen_text(app)
        assert "WATCHING · slow" in text and "Speed: slow" in text
        await press(pilot, "p")
        assert "PAUSED · slow" in screen_text(app)
        await press(pilot, "right_square_bracket")
        assert "PAUSED · normal" in screen_text(app)
        await press(pilot, "left_square_bracket", "left_square_bracket")
        assert "PAUSED · step by step" in screen_text(app)


@pytest.mark.parametrize("game_id", swept(HOT_SEAT_GAMES))
async def test_a_spectator_never_sees_a_hidden_card(
    monkeypatch: pytest.MonkeyPatch, game_id: str
) -> None:
    starting_at(monkeypatch, STEP)
    game = GAMES[game_id]
    count = 3 if 3 in game.seat_counts else min(game.seat_counts)
    match = Match(game, [SeatInfo(f"Bot {i}", "random") for i in range(count)], seed=12)
    app = make_app(match)
    leaks = LeakWatch()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)
        for _ in range(40):
            if match.is_over():
                break
            drawn = table.table.scene.view
            assert drawn is not None and drawn == match.view(None), "the spectator's view"
            leaks(app)
            await press(pilot, "n")
            await settle(pilot)
    assert leaks.screens >= 10 and leaks.viewers == {None}


# --- on a clock -----------------------------------------------------------------------------------


class FakeTime:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


async def test_on_a_clock_the_speed_scales_time_and_a_step_jumps_to_what_is_due(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("cardsuite.match.make_bot", lambda bot_id, game: RaceBot())
    match = Match(Race(), [SeatInfo("Anna", "heuristic"), SeatInfo("Boris", "heuristic")], seed=3)
    source = FakeTime()
    app = CardsuiteApp(
        match=match, settings=TEST_SETTINGS.replace(bot_delay=0.6), seed=1, clock_source=source
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)
        clock = table.clock
        assert clock is not None and table.watching is not None
        assert table.watching.speed is SPEEDS[NORMAL] and clock.rate == 1
        await press(pilot, "plus")  # fast: three times real time
        start = clock.now()
        source.now += 0.1
        assert clock.now() == start + 100 * SPEEDS[FAST].rate
        for _ in range(FAST):
            await press(pilot, "minus")
        assert table.watching.speed.by_key and clock.paused
        await settle(pilot)
        held = clock.now()
        steps = len(match.moves) + len(match.timed)
        source.now += 60
        await frames(pilot)
        assert clock.now() == held and len(match.moves) + len(match.timed) == steps
        due = match.next_time()
        assert due is not None
        await press(pilot, "n")
        await settle(pilot)
        assert clock.now() >= due and len(match.moves) + len(match.timed) > steps
        for _ in range(FLAT_OUT):
            await press(pilot, "plus")
        assert await until(pilot, lambda: isinstance(app.screen, OutcomeScreen), rounds=20_000)
        assert match.is_over()


async def test_spit_is_watched_to_the_end_as_fast_as_it_draws() -> None:
    match = bots_only("spit", seed=2, count=2)
    app = make_app(match)  # the settings' pace 0: as fast as it draws
    async with app.run_test(size=SIZE) as pilot:
        await pilot._wait_for_screen()
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert table.clock is not None and table.watching is not None
        assert table.watching.speed.flat_out
        assert await until(pilot, match.is_over, rounds=20_000)
        assert await until(pilot, lambda: isinstance(app.screen, OutcomeScreen))
