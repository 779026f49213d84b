"""Snapshot tests of the Russian Bank table (issue 11): the opening table, two seats with
reserve, hand card, waste, hand and four houses each, and the eight foundations, playable at
120×40 and legible at 80×24.

Regenerate with ``python -m pytest tests/tui/test_snapshots_russian_bank.py --snapshot-update``,
look at the pictures in ``__snapshots__/test_snapshots_russian_bank/`` and commit them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from cardsuite.games import get_game
from cardsuite.match import Match
from cardsuite.runner import HumanTurn
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.table import TableScreen

from .helpers import TEST_SETTINGS, generic_match, screen_text, settle

SnapCompare = Callable[..., bool]


def _app(match: Match) -> CardsuiteApp:
    return CardsuiteApp(match=match, settings=TEST_SETTINGS, seed=1, clock_source=lambda: 0.0)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_russian_bank_opening_table(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    match = generic_match(get_game("russian-bank"), seed=1)

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        app = pilot.app
        assert isinstance(app, CardsuiteApp)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert screen.step == HumanTurn(0)
        text = screen_text(app)
        assert "YOUR TURN" in text
        for label in ("reserve", "hand card", "waste", "H1", "H4", "H5", "H8", "F1", "F8"):
            assert label in text, label

    assert snap_compare(_app(match), terminal_size=size, run_before=run_before)
