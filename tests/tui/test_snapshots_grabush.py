"""Snapshots of Grabush with eight players: the opening table at 120×40 and at 80×24, the
compact seat form (hands as badges, only started discard piles) keeping all eight seats and
the centre on one screen.  Regenerate with ``--snapshot-update`` (see test_snapshots.py)."""

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

from .helpers import TEST_SETTINGS, generic_seats, screen_text, settle

SnapCompare = Callable[..., bool]


def _app(match: Match) -> CardsuiteApp:
    return CardsuiteApp(match=match, settings=TEST_SETTINGS, seed=1, clock_source=lambda: 0.0)


def _eight() -> Match:
    game = get_game("grabush")
    return Match(game, generic_seats(game, count=8), seed=1)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_grabush_eight_players_opening_table(
    snap_compare: SnapCompare, size: tuple[int, int]
) -> None:
    match = _eight()

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        app = pilot.app
        assert isinstance(app, CardsuiteApp)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert isinstance(screen.step, HumanTurn) and screen.step.seat == 0
        text = screen_text(app)
        assert "YOUR TURN" in text
        for name in match.names:  # every seat is on the screen
            assert name[:3] in text, name
        assert "pile A" in text and "pile B" in text

    assert snap_compare(_app(match), terminal_size=size, run_before=run_before)
