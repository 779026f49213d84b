"""Names are plain text everywhere: never read as markup, control characters shown escaped.

Players' names come from people and files (the lobby's fields, the settings, a save).  A name
like ``[/]`` once crashed the lobby (read as markup), and an ESC in a name reached the terminal.
These tests start the lobby with such names in the settings and in the saved match, play a
whole game with them, and read every frame the terminal would receive.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

from rich.console import Console
from textual._compositor import CompositorUpdate
from textual.widgets import Input, Select, Static

from cardsuite.games import get_game
from cardsuite.match import Match, SeatInfo
from cardsuite.store.db import Store
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.lobby import LobbyScreen
from cardsuite.tui.screens.outcome import OutcomeScreen
from cardsuite.tui.screens.table import TableScreen
from cardsuite.tui.widgets.curtain import Curtain

from .helpers import make_app, play_to_the_end, press, screen_text, settle, until

SIZE = (110, 34)
HOSTILE = ("[/]", "[bold]x", "a\x1b[31mb", "\u202eevil")
# How each is shown: markup as written, control characters as escapes.
SHOWN = ("[/]", "[bold]x", "a\\x1b[31mb", "\\u202eevil")
RAW_CONTROLS = ("\x1b", "\u202e")


def record_frames(app: CardsuiteApp) -> list[str]:
    """Collect the text of every frame the app sends to the terminal (the segments that are
    not the driver's own control sequences: cursor moves)."""
    frames: list[str] = []
    console = Console(
        width=SIZE[0], height=SIZE[1], file=io.StringIO(), force_terminal=True,
        color_system="truecolor", legacy_windows=False,
    )  # fmt: skip
    display = app._display

    def recorded(screen: Any, renderable: Any) -> None:
        display(screen, renderable)
        if isinstance(renderable, CompositorUpdate):
            frames.append("".join(s.text for s in console.render(renderable) if s.control is None))

    app._display = recorded  # type: ignore[method-assign]
    return frames


def assert_nothing_raw(frames: list[str]) -> None:
    assert frames, "no frame was recorded"
    for frame in frames:
        for control in RAW_CONTROLS:
            assert control not in frame, f"{control!r} reached the terminal"


async def test_hostile_names_from_the_lobby_to_the_outcome(cardsuite_home: Path) -> None:
    # The settings remember the hostile names (the lobby offers them); a saved match has them.
    cardsuite_home.mkdir(parents=True)
    settings = {
        "format": "cardsuite-settings",
        "bot_delay": 0,
        "last_names": list(HOSTILE),
        "last_game": "ryba",
    }
    (cardsuite_home / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    saved = Match(get_game("rang"), [SeatInfo(name, "random") for name in HOSTILE], seed=3).record()
    with Store() as store:
        store.add(saved)

    app = CardsuiteApp(seed=1)
    frames = record_frames(app)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen) and lobby.completed
        text = str(lobby.query_one("#saved-text", Static).render())
        for name in SHOWN:  # the saved match's line, as written
            assert f"{name} (bot)" in text, text
        # four seats at Go Fish; the lobby's fields hold the names as shown
        lobby.query_one(".players", Select).value = 4
        assert await until(pilot, lambda: len(lobby.query(".seat-name")) == 4)
        await settle(pilot)
        fields = list(lobby.query(".seat-name").results(Input))
        assert [f.value for f in fields] == [name[:16] for name in SHOWN]
        for field, name in zip(fields, HOSTILE, strict=True):
            field.value = name  # typed (pasted) as they are: the field shows them escaped
        assert [f.value for f in fields] == list(SHOWN)
        await press(pilot, "ctrl+s")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert screen.match.names == SHOWN
        table = screen_text(app)
        for name in SHOWN[1:]:  # the bots' seat boxes (the human's says "you")
            assert name in table, table
        outcome = await play_to_the_end(pilot, random.Random(5))
        assert isinstance(outcome, OutcomeScreen)
        await settle(pilot)
        text = screen_text(app)
        placings = [line for line in text.splitlines() if "(bot" in line or "(human)" in line]
        for name in SHOWN:
            assert any(name in line for line in placings), text
    assert_nothing_raw(frames)
    assert not app.return_code


async def test_the_curtain_and_the_chooser_name_players_as_written() -> None:
    game = get_game("ryba")
    seats = [SeatInfo("[bold]x"), SeatInfo("a\x1b[31mb"), SeatInfo("[/]", "random")]
    match = next(m for seed in range(100) if (m := Match(game, seats, seed=seed)).to_move() == {0})
    app = make_app(match)
    frames = record_frames(app)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen) and screen.curtain_up
        curtain = screen.query_one(Curtain)
        assert "Pass the keyboard to [bold]x" in curtain.text()
        assert "[bold]x, press Enter when ready." in screen_text(app)
        await press(pilot, "enter")
        await settle(pilot)
        # ask the player called "a\x1b[31mb" for a rank: the chooser's question names him
        sel = screen.selector
        assert sel is not None
        target = next(s for s in sel.slots if s.pile == "hand.1")
        for _ in range(len(sel.slots) + 1):
            if sel.current == target:
                break
            await press(pilot, "tab")
        await press(pilot, "enter")
        assert await until(pilot, lambda: "Ask a\\x1b[31mb for which rank?" in screen_text(app))
    assert_nothing_raw(frames)


async def test_damaged_settings_are_reported_once_naming_both_files(cardsuite_home: Path) -> None:
    cardsuite_home.mkdir(parents=True)
    path = cardsuite_home / "settings.json"
    path.write_text("[" * 100_000, encoding="utf-8")  # nested past the parser, and cut short
    app = CardsuiteApp(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)
        (aside,) = cardsuite_home.glob("settings.json.damaged-*")
        messages = [n.message for n in app._notifications]
        assert len(messages) == 1
        assert str(path) in messages[0] and str(aside) in messages[0]
        assert "default settings" in messages[0]
    again = CardsuiteApp(seed=1)  # the next start: nothing to say
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert not list(again._notifications)


async def test_hostile_names_in_the_saved_matches_and_statistics(cardsuite_home: Path) -> None:
    game = get_game("ryba")
    with Store() as store:
        for seed in range(2):
            match = Match(game, [SeatInfo(name, "random") for name in HOSTILE], seed=seed)
            match_id = store.add(match.record())
            match.attach(store.journal(match_id), match_id)
            if seed:
                match.play_bots()  # one finished, one in play
    app = CardsuiteApp(seed=1)
    frames = record_frames(app)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "m")
        assert await until(pilot, lambda: "Saved matches" in screen_text(app))
        await settle(pilot)
        text = screen_text(app)
        for name in SHOWN:
            assert f"{name} (bot)" in text, text
        await press(pilot, "t")
        assert await until(pilot, lambda: "Statistics" in screen_text(app))
        await press(pilot, "b")  # only bots played: their matches are counted with b
        assert await until(pilot, lambda: "a\\x1b[31mb (bot · easy)" in screen_text(app))
    assert_nothing_raw(frames)
