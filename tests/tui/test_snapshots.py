"""Snapshot tests (pytest-textual-snapshot): the lobby, every game's opening table, the outcome
screen, the hot-seat curtain, the too-small notice and a chooser over the table at 80×24, each
at a fixed seed and terminal size.

The pictures live in ``__snapshots__/test_snapshots/``.  After a deliberate change of the look,
regenerate them with ``python -m pytest tests/tui/test_snapshots.py --snapshot-update``, look
at them (``snapshot_report.html`` shows the differences of a failing run) and commit them.

Every app here runs with the bot delay at 0 and ``seed=1`` (the lobby's proposed seeds), and
each picture is taken once the app has settled (no bot thinking, no forced move pending), so
the same code draws the same picture on every run.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from cardsuite.core.protocol import AnyGame
from cardsuite.games import GAMES, get_game
from cardsuite.match import Match, SeatInfo
from cardsuite.runner import HumanTurn
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.chooser import ChooserScreen
from cardsuite.tui.screens.lobby import LobbyScreen
from cardsuite.tui.screens.outcome import OutcomeScreen
from cardsuite.tui.screens.table import TableScreen

from .helpers import (
    TEST_SETTINGS,
    finished_match,
    generic_match,
    press,
    screen_text,
    settle,
    until,
)

SnapCompare = Callable[..., bool]
TABLE_SIZE = (120, 40)
SMALL_SIZE = (100, 32)
ALL_GAMES = pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))


def _app(match: Match | None = None) -> CardsuiteApp:
    # Tables of games on a clock show the deal's time, stopped: the same picture every run.
    return CardsuiteApp(match=match, settings=TEST_SETTINGS, seed=1, clock_source=lambda: 0.0)


def _settled(check: Callable[[CardsuiteApp], None]) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """A ``run_before`` that waits until the app is still, then checks what it shows."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        app = pilot.app
        assert isinstance(app, CardsuiteApp)
        check(app)

    return run_before


def test_lobby(snap_compare: SnapCompare) -> None:
    def check(app: CardsuiteApp) -> None:
        assert isinstance(app.screen, LobbyScreen)
        games = app.screen.query_one("#games", OptionList)
        listed = " ".join(
            str(games.get_option_at_index(i).prompt) for i in range(games.option_count)
        )
        for game in GAMES.values():  # every game is in the list (the last ones scroll into view)
            assert game.title in listed
        assert next(iter(GAMES.values())).title in screen_text(app)

    assert snap_compare(_app(), terminal_size=SMALL_SIZE, run_before=_settled(check))


@ALL_GAMES
def test_opening_table(snap_compare: SnapCompare, game: AnyGame) -> None:
    """The first decision of the human in seat 1, against the weakest bots."""
    match = generic_match(game, seed=1)

    def check(app: CardsuiteApp) -> None:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert screen.step == HumanTurn(0)
        if screen.clock is None:
            assert "YOUR TURN" in screen_text(app)
        else:  # on a clock (stopped at the deal here): the countdown to what falls due first
            assert screen.clock.now() == 0 and screen.runner.countdown() in screen_text(app)

    assert snap_compare(_app(match), terminal_size=TABLE_SIZE, run_before=_settled(check))


@ALL_GAMES
def test_outcome(snap_compare: SnapCompare, game: AnyGame) -> None:
    match = finished_match(game, seed=1)

    def check(app: CardsuiteApp) -> None:
        assert isinstance(app.screen, OutcomeScreen)
        text = screen_text(app)
        assert "game over" in text
        assert all(name in text for name in match.names)

    assert snap_compare(_app(match), terminal_size=SMALL_SIZE, run_before=_settled(check))


@ALL_GAMES
def test_end_of_game_table(snap_compare: SnapCompare, game: AnyGame) -> None:
    # From the outcome screen, "t" shows the final table: over, and saying so — nobody is
    # thinking, no hint or undo is offered, no message of the game in play is left over.
    match = finished_match(game, seed=1)

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        assert isinstance(pilot.app.screen, OutcomeScreen)
        await press(pilot, "t")
        await settle(pilot)
        app = pilot.app
        screen = app.screen
        assert isinstance(screen, TableScreen)

        def footer_line() -> str:
            return screen_text(app).splitlines()[-1]

        assert await until(pilot, lambda: "Hint" not in footer_line()), "hint still offered"
        text = screen_text(app)
        lines = text.splitlines()
        assert "GAME OVER" in lines[0]
        assert "thinking" not in text and "One move only" not in text
        footer = lines[-1]
        assert "Hint" not in footer and "Undo" not in footer and "Skip" not in footer
        assert screen.check_action("hint", ()) is False
        assert screen.check_action("undo", ()) is False

    assert snap_compare(_app(match), terminal_size=SMALL_SIZE, run_before=run_before)


def test_hot_seat_curtain(snap_compare: SnapCompare) -> None:
    match = Match(get_game("rang"), [SeatInfo("Anna"), SeatInfo("Boris")], seed=1)
    first = match.names[min(match.to_move())]

    def check(app: CardsuiteApp) -> None:
        screen = app.screen
        assert isinstance(screen, TableScreen) and screen.curtain_up
        text = screen_text(app)
        assert f"Pass the keyboard to {first}" in text
        for seat in range(2):
            for card in match.state.table.cards(f"hand.{seat}"):
                assert card.text() not in text

    assert snap_compare(_app(match), terminal_size=SMALL_SIZE, run_before=_settled(check))


@pytest.mark.parametrize("size", [(40, 12), (20, 6)], ids=["40x12", "20x6"])
def test_too_small(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    """Below 80×24 the table gives way to a notice that fits the window and names both sizes."""
    match = generic_match(get_game("rang"), seed=1)

    def check(app: CardsuiteApp) -> None:
        assert isinstance(app.screen, TableScreen)
        text = screen_text(app)
        assert "80×24" in text and "{}×{}".format(*size) in text, text

    assert snap_compare(_app(match), terminal_size=size, run_before=_settled(check))


def test_rank_chooser_at_80x24(snap_compare: SnapCompare) -> None:
    """A joker names one of 13 ranks: the chooser stands above the hand, in columns."""
    match = Match(
        get_game("rang"),
        [SeatInfo("Anna"), SeatInfo("Boris", "random"), SeatInfo("Vera", "random")],
        seed=1,
    )
    match.states[0] = get_game("rang").position(
        "P1: JOKER 9♣ 4♦ 6♥\nP2: 2♠ 3♠\nP3: 4♠ 5♠\ndiscard: K♦"
    )

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        for _ in range(2):  # the joker, picked (and put on the discard without quick play)
            if isinstance(pilot.app.screen, ChooserScreen):
                break
            await press(pilot, "enter")
            await settle(pilot)
        app = pilot.app
        assert isinstance(app, CardsuiteApp) and isinstance(app.screen, ChooserScreen)
        text = screen_text(app)
        assert "name K" in text and ("JOKER┃" in text or "JOKER│" in text), text  # the hand

    assert snap_compare(_app(match), terminal_size=(80, 24), run_before=run_before)
