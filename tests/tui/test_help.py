"""The help screen names every key each screen answers to."""

from __future__ import annotations

import re

import pytest
from textual.binding import Binding
from textual.screen import Screen

from cardsuite.tui.screens.help import KEYS
from cardsuite.tui.screens.lobby import LobbyScreen
from cardsuite.tui.screens.matches import MatchesScreen, StatsScreen
from cardsuite.tui.screens.outcome import OutcomeScreen
from cardsuite.tui.screens.replay import ReplayScreen
from cardsuite.tui.screens.table import TableScreen

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
    ],
)
def test_help_names_every_key_of_the_screen(screen: type[Screen[object]], section: str) -> None:
    listed = set().union(*(keys_listed(part) for part in section.split(" + ")))
    bindings = [b for b in screen.BINDINGS if isinstance(b, Binding)]
    assert bindings
    keys = {key for b in bindings for key in b.key.split(",")}
    missing = {key for key in keys if shown_as(key) not in listed}
    assert not missing, f"the help's {section!r} section does not name {sorted(missing)}"
