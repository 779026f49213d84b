"""The help screen names every key each screen answers to."""

from __future__ import annotations

import re

import pytest
from textual.binding import Binding
from textual.screen import Screen

from cardsuite.tui.screens.help import KEYS, HelpScreen
from cardsuite.tui.screens.lobby import LobbyScreen
from cardsuite.tui.screens.matches import MatchesScreen, StatsScreen
from cardsuite.tui.screens.outcome import OutcomeScreen
from cardsuite.tui.screens.replay import ReplayScreen
from cardsuite.tui.screens.scores import ScoreSheetScreen
from cardsuite.tui.screens.table import TableScreen

from .helpers import make_app, press, screen_text, settle, until

SHOWN_AS = {
    "question_mark": "?",
    "full_stop": ".",
    "escape": "Esc",
    "enter": "Enter",
    "space": "Space",
    "tab": "Tab",
    "shift+tab": "Shift+Tab",
    "left": "←",
    "right": "→",
    "up": "↑",
    "down": "↓",
    "pageup": "PgUp",
    "pagedown": "PgDn",
    "home": "Home",
    "end": "End",
    "plus": "+",
    "minus": "-",
    "equals_sign": "=",
    "right_square_bracket": "]",
    "left_square_bracket": "[",
}


def keys_listed(section: str) -> set[str]:
    """The keys a help section names ("1 … 9, 0" names every digit)."""
    (entries,) = [keys for title, keys in KEYS if title == section]
    listed: set[str] = set()
    for cell, _ in entries:
        tokens = set(re.split(r" / | |, ", cell))
        if {"1", "…", "9"} <= tokens:
            tokens |= {str(n) for n in range(10)}
        listed |= tokens
    return listed


def shown_as(key: str) -> str:
    if key in SHOWN_AS:
        return SHOWN_AS[key]
    if key.startswith("ctrl+"):
        return "Ctrl+" + key.removeprefix("ctrl+").upper()
    return key


@pytest.mark.parametrize(
    ("screen", "section"),
    [
        (LobbyScreen, "Lobby"),
        (TableScreen, "At the table + Watching (every seat a bot)"),
        (OutcomeScreen, "Outcome"),
        (MatchesScreen, "Saved matches"),
        (StatsScreen, "Statistics"),
        (ReplayScreen, "Replay"),
        (ScoreSheetScreen, "Score sheet"),
    ],
)
def test_help_names_every_key_of_the_screen(screen: type[Screen[object]], section: str) -> None:
    listed = set().union(*(keys_listed(part) for part in section.split(" + ")))
    bindings = [b for b in screen.BINDINGS if isinstance(b, Binding)]
    assert bindings
    keys = {key for b in bindings for key in b.key.split(",")}
    missing = {key for key in keys if shown_as(key) not in listed}
    assert not missing, f"the help's {section!r} section does not name {sorted(missing)}"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_the_descriptions_line_up_beside_their_keys(size: tuple[int, int]) -> None:
    """Every description starts in one column and wraps under itself; a "[" in a key is a
    key, not markup."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await press(pilot, "question_mark")
        assert await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await settle(pilot)
        screen = app.screen
        column = {what.virtual_region.x for what in screen.query(".help-what")}
        assert len(column) == 1, column
        keys = list(screen.query(".help-key"))
        assert len({key.virtual_region.x for key in keys}) == 1
        assert all(key.virtual_region.right <= column.pop() for key in keys[:1])
        texts = [str(key.render()) for key in keys]
        assert "- / [" in texts and "+ / = / ]" in texts
        body = screen.query_one("#help-body")
        start = next(iter(screen.query(".help-what"))).region.x
        seen = 0
        while True:  # page by page: each line of the body is a heading, a key, or in the column
            right = body.scrollable_content_region.right  # not the scroll bar
            for line in (whole[:right] for whole in screen_text(app).splitlines()[2:-1]):
                if not line.strip():
                    continue
                assert "[/]" not in line, line
                indent = len(line) - len(line.lstrip())
                if indent >= start - 1:  # a description's line after its first
                    assert indent == start, (indent, start, line)
                seen += 1
            if body.scroll_y >= body.max_scroll_y:
                break
            await press(pilot, "pagedown")
            await pilot.wait_for_scheduled_animations()
            await settle(pilot)
        assert seen > 40
