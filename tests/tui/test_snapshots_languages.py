"""Snapshot tests in Russian and Ukrainian: the lobby and three tables in Russian, one in
Ukrainian, at 80×24 and 120×40 (their words are longer than English ones: the pictures show
that everything still fits).

The language is the app's setting, as a player chooses it; the suite's English comes back
after each test (tests/conftest.py).  Regenerate the pictures as tests/tui/test_snapshots.py
says.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from cardsuite.core import i18n
from cardsuite.games import get_game
from cardsuite.runner import HumanTurn
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.lobby import LobbyScreen
from cardsuite.tui.screens.table import TableScreen

from .helpers import TEST_SETTINGS, generic_match, screen_text, settle

SnapCompare = Callable[..., bool]


def _app(language: str, game: str | None = None) -> CardsuiteApp:
    match = None if game is None else generic_match(get_game(game), seed=1)
    settings = TEST_SETTINGS.replace(language=language)
    return CardsuiteApp(match=match, settings=settings, seed=1, clock_source=lambda: 0.0)


def _in(language: str, english: str) -> str:
    with i18n.speaking(language):
        return i18n._(english)


def _speaks(language: str, *english: str) -> Callable[[Pilot[Any]], Any]:
    """A ``run_before``: the app settled, in ``language``, showing each of ``english`` in it
    and none of them in English."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        app = pilot.app
        assert isinstance(app, CardsuiteApp)
        assert i18n.language() == language
        text = screen_text(app)
        for words in english:
            shown = _in(language, words)
            assert shown != words and shown in text, (words, shown)
            assert words not in text, words

    return run_before


def test_lobby_in_russian_at_80x24(snap_compare: SnapCompare) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await _speaks("ru", "Games", "Settings", "Start")(pilot)
        assert isinstance(pilot.app.screen, LobbyScreen)
        text = screen_text(pilot.app)
        assert "Анна" in text and "Anna" not in text  # the seats' names as Russians write them

    assert snap_compare(_app("ru"), terminal_size=(80, 24), run_before=run_before)


@pytest.mark.parametrize(
    ("game", "size"),
    [("rang", (120, 40)), ("ryba", (80, 24)), ("seven-leaves", (120, 40))],
)
def test_table_in_russian(snap_compare: SnapCompare, game: str, size: tuple[int, int]) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await _speaks("ru", "YOUR TURN", "Rules", "Quit")(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, TableScreen) and screen.step == HumanTurn(0)

    assert snap_compare(_app("ru", game), terminal_size=size, run_before=run_before)


def test_table_in_ukrainian_at_80x24(snap_compare: SnapCompare) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await _speaks("uk", "YOUR TURN", "Rules", "Quit")(pilot)

    assert snap_compare(_app("uk", "grabush"), terminal_size=(80, 24), run_before=run_before)
