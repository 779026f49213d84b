"""Snapshot tests of a watched match (every seat a bot): Rang after a few moves, step by step,
paused, at 120×40 and at 80×24 (pytest-textual-snapshot, pictures in
``__snapshots__/test_snapshots_watch/``; regenerate after a deliberate change of the look with
``python -m pytest tests/tui/test_snapshots_watch.py --snapshot-update``).

The watch starts step by step (whatever the settings' pace), so the same keys make the same
moves and the same picture on every run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from cardsuite.games import get_game
from cardsuite.match import Match, SeatInfo
from cardsuite.runner.watch import Watch
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.table import TableScreen

from .helpers import TEST_SETTINGS, press, screen_text, settle

SnapCompare = Callable[..., bool]


@pytest.fixture(autouse=True)
def step_by_step(monkeypatch: pytest.MonkeyPatch) -> None:
    class StepByStep(Watch):
        def __init__(self, pace: float) -> None:
            super().__init__(pace)
            self.index = 0

    monkeypatch.setattr("cardsuite.runner.runner.Watch", StepByStep)


def _watched_rang() -> CardsuiteApp:
    seats = [SeatInfo(name, "random") for name in ("Anna", "Boris", "Vera")]
    match = Match(get_game("rang"), seats, seed=1)
    return CardsuiteApp(match=match, settings=TEST_SETTINGS, seed=1, clock_source=lambda: 0.0)


async def _six_moves_then_pause(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    for _ in range(6):
        await press(pilot, "n")
        await settle(pilot)
    await press(pilot, "p")
    await settle(pilot)
    app = pilot.app
    assert isinstance(app, CardsuiteApp)
    table = app.screen
    assert isinstance(table, TableScreen) and len(table.match.moves) == 6
    text = screen_text(app)
    assert "PAUSED · step by step" in text and "n one move" in text, text


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_watched_rang(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    assert snap_compare(_watched_rang(), terminal_size=size, run_before=_six_moves_then_pause)
