"""Snapshot tests of the screens around the table (issue 19): the lobby at 80×24, the saved
matches at 120×40 and at 80×24, the help screen at 120×40, the score sheet of a match of
several deals at 80×24.

The pictures live in ``__snapshots__/test_snapshots_screens/``; after a deliberate change of
the look, regenerate them with ``--snapshot-update`` and look at the difference.

The saved matches are stored at fixed times and the list's clock is stopped (see
``stored.py``), so "Played" says the same on every run.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.help import HelpScreen
from cardsuite.tui.screens.lobby import LobbyScreen
from cardsuite.tui.screens.matches import MatchesScreen
from cardsuite.tui.screens.scores import ScoreSheetScreen
from tests.matches import seven_up_between_deals

from .helpers import TEST_SETTINGS, choose_game, press, screen_text, settle, until
from .stored import frozen_clock, store_matches_at_fixed_times

__all__ = ["frozen_clock"]  # a fixture

SnapCompare = Callable[..., bool]


def _app() -> CardsuiteApp:
    return CardsuiteApp(settings=TEST_SETTINGS, seed=1)


async def _open_matches(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await press(pilot, "m")
    app = pilot.app
    assert await until(
        pilot, lambda: isinstance(app.screen, MatchesScreen) and len(app.screen.shown) == 5
    )
    await settle(pilot)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_saved_matches(
    snap_compare: SnapCompare, cardsuite_home: Path, frozen_clock: None, size: tuple[int, int]
) -> None:
    store_matches_at_fixed_times()

    async def run_before(pilot: Pilot[Any]) -> None:
        await _open_matches(pilot)
        text = screen_text(pilot.app)
        for heading in ("No.", "Game", "Players", "Moves", "Played", "Result"):
            assert heading in text, (heading, text)
        assert "5 min ago" in text and "in play" in text

    assert snap_compare(_app(), terminal_size=size, run_before=run_before)


def test_lobby_at_80x24(snap_compare: SnapCompare) -> None:
    """Seven Up at 80×24, the options in sight (o), the first one focused."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await choose_game(pilot, "seven-up")
        await press(pilot, "o")
        app = pilot.app
        screen = app.screen
        assert isinstance(screen, LobbyScreen)
        focused = app.focused
        assert focused is not None and (focused.id or "").startswith("opt-trick_points-")
        await pilot.wait_for_scheduled_animations()
        assert await until(pilot, lambda: screen.can_view_entire(focused))
        assert "[x] on" in screen_text(app)

    assert snap_compare(_app(), terminal_size=(80, 24), run_before=run_before)


def test_help_at_120x40(snap_compare: SnapCompare) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await press(pilot, "question_mark")
        app = pilot.app
        assert await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await settle(pilot)

    assert snap_compare(_app(), terminal_size=(120, 40), run_before=run_before)


def test_score_sheet_at_80x24(snap_compare: SnapCompare) -> None:
    """Seven Up, four players, between deals 2 and 3 of a real match: what each deal gave,
    the chips left after it (fewer is better) and what comes next, in 80 columns."""
    sheet = seven_up_between_deals().view(0).scores
    assert sheet is not None and len(sheet.columns) == 4 and len(sheet.rows) == 2

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        app = pilot.app
        app.push_screen(ScoreSheetScreen(sheet))
        assert await until(pilot, lambda: "Deal 3 is next" in screen_text(app))
        await settle(pilot)
        text = screen_text(app)
        for words in ("Anna", "Boris", "Vera", "Gleb", "Deal 1", "Deal 2", "fewer is better"):
            assert words in text, words
        assert all(len(line.rstrip()) <= 80 for line in text.splitlines())

    assert snap_compare(_app(), terminal_size=(80, 24), run_before=run_before)
