"""The settings screen changes what is drawn and persists under CARDSUITE_HOME; the command
palette starts any game."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Select

from cardsuite.games import get_game
from cardsuite.match import Match, SeatInfo
from cardsuite.store import load_settings, settings_path
from cardsuite.tui.app import THEME_VARIABLES, CardsuiteApp
from cardsuite.tui.screens.lobby import LobbyScreen
from cardsuite.tui.screens.settings import SWITCHES, SettingsScreen
from cardsuite.tui.screens.table import TableScreen

from .helpers import press, screen_text, settle, shows, until

SIZE = (100, 30)
SEED = 7  # Anna's first hand at Rang against one bot: 6♠ 8♠ Q♣ Q♦ and a joker


def segments_on_screen(app: CardsuiteApp) -> list[tuple[str, str | None, str | None]]:
    """(text, foreground, background) of every piece of text the terminal shows now."""
    width, height = app.size
    console = Console(
        width=width, height=height, file=io.StringIO(), force_terminal=True,
        color_system="truecolor", legacy_windows=False,
    )  # fmt: skip
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    assert update is not None
    out = []
    for segment in console.render(update):
        style = segment.style
        if segment.control or style is None:
            continue
        fg = style.color.triplet.hex if style.color and style.color.triplet else None
        bg = style.bgcolor.triplet.hex if style.bgcolor and style.bgcolor.triplet else None
        out.append((segment.text, fg, bg))
    return out


def ink_of(app: CardsuiteApp, glyph: str) -> set[str | None]:
    return {fg for text, fg, _ in segments_on_screen(app) if glyph in text}


def is_grey(colour: str | None) -> bool:
    if colour is None:
        return True
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return r == g == b


def colours(app: CardsuiteApp) -> set[str | None]:
    return {c for _, fg, bg in segments_on_screen(app) for c in (fg, bg)}


async def toggle_in_settings(pilot: Pilot[Any], name: str) -> None:
    """``s``, Tab down to the switch called ``name``, Space, Esc."""
    await press(pilot, "s")
    await settle(pilot)
    assert isinstance(pilot.app.screen, SettingsScreen)
    index = [n for n, _, _ in SWITCHES].index(name)
    await press(pilot, *(["tab"] * index), "space")
    await settle(pilot)
    assert pilot.app.focused is not None and pilot.app.focused.id == f"set-{name}"
    await press(pilot, "escape")
    await settle(pilot)
    assert isinstance(pilot.app.screen, TableScreen)


def _four_colour(before: CardsuiteApp | None, app: CardsuiteApp) -> None:
    red, blue = THEME_VARIABLES["card-red"], THEME_VARIABLES["card-diamond"]
    inks = ink_of(app, "♦")
    if before is None:
        assert red in inks and blue not in inks
    else:
        assert blue in inks and red not in inks
        assert THEME_VARIABLES["card-club"] in ink_of(app, "♣")


def _ascii(before: CardsuiteApp | None, app: CardsuiteApp) -> None:
    text = screen_text(app)
    if before is None:
        assert "Q♦" in text and "QD" not in text
    else:
        assert not any(suit in text for suit in "♠♥♦♣")
        assert "QD" in text and "6S" in text


def _cyrillic(before: CardsuiteApp | None, app: CardsuiteApp) -> None:
    text = screen_text(app)
    if before is None:
        assert "Q♦" in text and "Д♦" not in text
    else:
        assert "Д♦" in text and "Д♣" in text and "Q♦" not in text


def _no_colour(before: CardsuiteApp | None, app: CardsuiteApp) -> None:
    seen = colours(app)
    if before is None:
        assert not all(is_grey(c) for c in seen)
    else:
        assert all(is_grey(c) for c in seen), sorted(str(c) for c in seen if not is_grey(c))


CHECKS: dict[str, Callable[[CardsuiteApp | None, CardsuiteApp], None]] = {
    "four_colour": _four_colour,
    "ascii_suits": _ascii,
    "no_colour": _no_colour,
}


def _app() -> CardsuiteApp:
    """An app reading and writing the settings under CARDSUITE_HOME (bots without delay)."""
    match = Match(get_game("rang"), [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=SEED)
    app = CardsuiteApp(match=match, seed=1)
    app.settings = app.settings.replace(bot_delay=0.0)
    return app


@pytest.mark.parametrize("name", list(CHECKS))
async def test_a_display_setting_changes_the_table_and_persists(
    name: str, cardsuite_home: Path
) -> None:
    check = CHECKS[name]
    app = _app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        check(None, app)
        await toggle_in_settings(pilot, name)
        assert getattr(app.settings, name) is True
        check(app, app)
    assert settings_path().is_relative_to(cardsuite_home)
    saved, warning = load_settings()
    assert warning is None and getattr(saved, name) is True
    # a new app starts with the saved choice
    again = _app()
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        check(again, again)


async def test_toggling_back_restores_the_default_look(cardsuite_home: Path) -> None:
    app = _app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await toggle_in_settings(pilot, "ascii_suits")
        _ascii(app, app)
        await toggle_in_settings(pilot, "ascii_suits")
        _ascii(None, app)
    assert load_settings()[0].ascii_suits is False


async def choose_in_settings(pilot: Pilot[Any], name: str, downs: int) -> None:
    """``s``, focus the list called ``name``, open it, move ``downs`` down, Enter, Esc."""
    await press(pilot, "s")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, SettingsScreen)
    chooser = screen.query_one(f"#set-{name}", Select)
    chooser.focus()
    await settle(pilot)
    await press(pilot, "enter")
    assert await until(pilot, lambda: chooser.expanded)  # the list is open: keys go to it
    await press(pilot, *(["down"] * downs), "enter")
    assert await until(pilot, lambda: not chooser.expanded)
    await settle(pilot)
    await press(pilot, "escape")
    await settle(pilot)
    assert isinstance(pilot.app.screen, TableScreen)


async def test_card_indices_chosen_in_the_settings_change_the_table_and_persist(
    cardsuite_home: Path,
) -> None:
    app = _app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        _cyrillic(None, app)  # English: the indices the language writes are J Q K A
        await choose_in_settings(pilot, "indices", 2)  # as the language / J Q K A / В Д К Т
        assert app.settings.indices == "cyrillic" and app.settings.cyrillic
        _cyrillic(app, app)
    saved, warning = load_settings()
    assert warning is None and saved.indices == "cyrillic"
    again = _app()
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        _cyrillic(again, again)


# --- the command palette -----------------------------------------------------------------------


async def _palette(pilot: Pilot[Any], command: str) -> None:
    await press(pilot, "ctrl+p")
    await settle(pilot)
    await press(pilot, *command)
    await settle(pilot)
    assert command in screen_text(pilot.app)  # type: ignore[arg-type]
    await press(pilot, "enter")
    await settle(pilot)


async def test_the_command_palette_starts_a_game_against_bots() -> None:
    app = CardsuiteApp(seed=1)
    app.settings = app.settings.replace(bot_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)
        await _palette(pilot, "Play Rang against 2 bots")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert screen.match.game is get_game("rang")
        assert [s.is_bot for s in screen.match.seats] == [False, True, True]
        assert "YOUR TURN" in screen_text(app) or screen.match.is_over()


async def test_the_command_palette_starts_a_hot_seat_game_behind_the_curtain() -> None:
    app = CardsuiteApp(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await _palette(pilot, "Play Rang hot-seat")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert [s.is_bot for s in screen.match.seats] == [False, False]
        assert screen.curtain_up
        assert await shows(pilot, "Pass the keyboard to")


async def test_every_setting_fits_at_80x24_and_reads_without_colour(cardsuite_home: Path) -> None:
    app = CardsuiteApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "s")
        await settle(pilot)
        assert isinstance(app.screen, SettingsScreen)

        def line_of(label: str) -> str:
            (line,) = [row for row in screen_text(app).splitlines() if label in row]
            return line

        for _, label, _ in SWITCHES:
            assert line_of(label)  # on screen without scrolling
        assert line_of("Table pace")
        assert "▐ ▌ Four-colour suits" in line_of("Four-colour suits")  # off, by default
        assert "▐X▌ Auto-play forced moves" in line_of("Auto-play forced moves")  # on
        await press(pilot, "space")  # the first setting has the focus
        await settle(pilot)
        assert "▐X▌ Four-colour suits" in line_of("Four-colour suits")


async def test_the_language_chosen_in_the_settings_switches_every_screen_and_persists(
    cardsuite_home: Path,
) -> None:
    from cardsuite.core import i18n

    app = _app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "YOUR TURN" in screen_text(app)
        await press(pilot, "s")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        chooser = screen.query_one("#set-language", Select)
        chooser.focus()
        await settle(pilot)
        await press(pilot, "enter")
        assert await until(pilot, lambda: chooser.expanded)
        await press(pilot, "down", "down", "enter")  # as the system / English / Русский
        assert await until(pilot, lambda: i18n.language() == "ru")
        # the settings screen comes back in Russian, its language list focused
        assert await until(
            pilot,
            lambda: (
                isinstance(app.screen, SettingsScreen)
                and app.focused is not None
                and app.focused.id == "set-language"
            ),
        )
        await settle(pilot)
        with i18n.speaking("ru"):
            settings_title, your_turn, rules = (
                i18n._(w) for w in ("Settings", "YOUR TURN", "Rules")
            )
        assert settings_title in screen_text(app)
        await press(pilot, "escape")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert await until(pilot, lambda: your_turn in screen_text(app))
        assert await until(pilot, lambda: f"r {rules}" in screen_text(app))  # the key line too
    saved, warning = load_settings()
    assert warning is None and saved.language == "ru"
    i18n.set_language("en")
    again = _app()  # a new app speaks the language saved
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert i18n.language() == "ru"
        assert your_turn in screen_text(again)
