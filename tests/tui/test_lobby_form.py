"""The lobby's form on narrow and wide screens (issue 19): every list keeps its ▼ and its value
on one line, on/off options show a mark, the focused field stands out without colour, the
options are a key away, and each seat proposes the bot level last played there."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rich.color import Color
from rich.style import Style
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input, Select
from textual.widgets.input import Selection

from cardsuite.games import GAMES, get_game
from cardsuite.match import SeatInfo
from cardsuite.store import Settings, load_settings, save_settings
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.lobby import LobbyScreen, default_seats
from cardsuite.tui.screens.table import TableScreen
from cardsuite.tui.widgets.onoff import OnOff
from tests.soak import SOAK

from .helpers import TEST_SETTINGS, choose_game, press, screen_text, settle, tab, tab_to, until

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])


def lobby_app(**settings: Any) -> CardsuiteApp:
    return CardsuiteApp(settings=TEST_SETTINGS.replace(**settings), seed=1)


def lobby(app: CardsuiteApp) -> LobbyScreen:
    screen = app.screen
    assert isinstance(screen, LobbyScreen)
    return screen


def form(app: CardsuiteApp, prefix: str) -> Any:
    """The widget of the form now shown whose id starts with ``prefix`` (``name-0``, ``kind-1``,
    ``opt-partnerships``, ``seed``)."""
    return lobby(app).query_one(f"#{prefix}-{lobby(app)._form_serial}")


def line_of(app: CardsuiteApp, widget: Widget) -> str:
    """The screen's line through ``widget``, from its left edge."""
    return screen_text(app).splitlines()[widget.region.y][widget.region.x :]


async def into_view(pilot: Pilot[Any], widget: Widget) -> None:
    await pilot.wait_for_scheduled_animations()
    assert await until(pilot, lambda: pilot.app.screen.can_view_entire(widget)), widget


# --- narrow screens ---------------------------------------------------------------------------


@SIZES
async def test_every_field_of_every_form_fits_beside_its_label(size: tuple[int, int]) -> None:
    """No list, field or mark is cut by the form's right edge, and a list is as wide as its
    longest choice: its value stays on one line, its ▼ in sight."""
    app = lobby_app()
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for game in GAMES.values():
            await choose_game(pilot, game.id)
            screen = lobby(app)
            room = screen.query_one("#setup").scrollable_content_region.width  # beside the bar
            for row in screen.query(".field"):
                assert row.virtual_region.right <= room, (game.id, row, room)
                for child in row.children:
                    where = (game.id, child, child.virtual_region, row.size)
                    assert child.virtual_region.right <= row.size.width, where
            for select in screen.query("#setup Select").results(Select):
                longest = max(len(str(prompt)) for prompt, _value in select._options)
                label = select.query_one("SelectCurrent #label")
                arrow = select.query_one("SelectCurrent .down-arrow")
                assert await until(pilot, lambda label=label: label.size.width > 0)  # laid out
                assert label.size.width >= longest, (game.id, select.id, label.size)
                assert arrow.size.width == 1 and arrow.virtual_region.right <= select.size.width


async def test_the_seats_lists_and_the_pack_keep_their_arrow_at_80x24() -> None:
    app = lobby_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await choose_game(pilot, "rubashka")
        for seat in range(2):
            kind = form(app, f"kind-{seat}")
            await into_view(pilot, kind)
            assert line_of(app, kind).startswith("Bot: normal ▼")
        pack = form(app, "opt-pack")
        await into_view(pilot, pack)
        assert line_of(app, pack).startswith("camicia-40 ▼")
        below = screen_text(app).splitlines()[pack.region.y + 1][pack.region.x :]
        assert below[: pack.region.width].strip() == "", "the value wraps under itself"
        pack.focus()
        await choose_in(pilot, pack, "down")  # the other pack
        assert pack.value == 1
        assert await until(pilot, lambda: line_of(app, pack).startswith("beggar-52  ▼"))


# --- on/off options: a mark ---------------------------------------------------------------------


async def test_an_on_off_option_shows_its_state_in_a_mark_and_a_word() -> None:
    app = lobby_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await choose_game(pilot, "seven-up")
        trick_points, partnerships = form(app, "opt-trick_points"), form(app, "opt-partnerships")
        assert isinstance(partnerships, OnOff)
        await into_view(pilot, trick_points)
        assert line_of(app, trick_points).startswith("[x] on")  # on by default
        await tab_to(pilot, "opt-partnerships-")
        await into_view(pilot, partnerships)
        assert line_of(app, partnerships).startswith("[ ] off")
        await press(pilot, "space")
        await settle(pilot)
        assert line_of(app, partnerships).startswith("[x] on")
        assert lobby(app).read_setup().options.partnerships is True  # type: ignore[attr-defined]
        await press(pilot, "enter")
        await settle(pilot)
        assert line_of(app, partnerships).startswith("[ ] off")


# --- focus: visible without colour --------------------------------------------------------------


def distance(a: Color | None, b: Color | None) -> int:
    ta, tb = (c.get_truecolor() if c is not None else None for c in (a, b))
    if ta is None or tb is None:
        return 0 if ta == tb else 255
    return sum(abs(x - y) for x, y in zip(ta, tb, strict=True))


def stands_out(focused: Style, blurred: Style) -> bool:
    """Reversed, or a background far from the one it had (Textual's 5% tint is not)."""
    return bool(focused.reverse) != bool(blurred.reverse) or (
        distance(focused.bgcolor, blurred.bgcolor) > 120
    )


# Colours, not layout: one size in CI (the smaller, where the form scrolls), both in the soak.
@pytest.mark.parametrize("size", [(80, 24), (120, 40)] if SOAK else [(80, 24)])
async def test_the_focused_field_stands_out(size: tuple[int, int]) -> None:
    """Every field and button of the form, focused, is drawn reversed or on a background far
    from its own, and the label of its row is reversed (no colour needed to tell)."""
    app = lobby_app()
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await choose_game(pilot, "seven-up")
        screen = lobby(app)
        fields = [w for w in screen.focus_chain if w.id != "games"]
        assert any(isinstance(w, OnOff) for w in fields)
        for widget in fields:
            widget.focus()
            await settle(pilot)
            await into_view(pilot, widget)
            x, y = widget.region.x, widget.region.y
            focused = screen.get_style_at(x, y)
            label = None
            if widget.parent is not None and "field" in widget.parent.classes:
                label = widget.parent.query_one(".field-label")
                assert screen.get_style_at(label.region.x, label.region.y).reverse, widget
            await press(pilot, "escape")  # to the list of games: the form stays where it is
            await settle(pilot)
            assert app.focused is screen.query_one("#games")
            assert stands_out(focused, screen.get_style_at(x, y)), (widget, focused)
            if label is not None:
                assert not screen.get_style_at(label.region.x, label.region.y).reverse


# --- a quicker way to the options -------------------------------------------------------------


async def test_the_options_are_a_key_away() -> None:
    """o jumps to the options (Ctrl+O from a text field, where o is a letter), Esc goes back to
    the games; Seven Up's Partnerships is then four Tabs away instead of thirteen."""
    app = lobby_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await choose_game(pilot, "seven-up")
        await press(pilot, "o")
        await settle(pilot)
        assert (app.focused.id or "").startswith("opt-trick_points-")  # type: ignore[union-attr]
        presses = 0
        while not (app.focused.id or "").startswith("opt-partnerships-"):  # type: ignore[union-attr]
            await tab(pilot)
            presses += 1
            assert presses < 6
        assert presses == 4
        await press(pilot, "escape")
        await settle(pilot)
        assert app.focused is lobby(app).query_one("#games")
        await tab(pilot)  # the setup's scroll is no stop: the first field is
        assert (app.focused.id or "").startswith("players-")  # type: ignore[union-attr]
        await tab_to(pilot, "name-1-")
        name = form(app, "name-1")
        assert isinstance(name, Input)
        # The field selects its text once it has taken in its focus (a message of its own);
        # End then puts the cursor after the name rather than the letter over it.
        assert await until(pilot, lambda: name.selection == Selection(0, len(name.value)))
        await press(pilot, "end")
        assert await until(pilot, lambda: name.selection == Selection.cursor(len(name.value)))
        await press(pilot, "o")
        await settle(pilot)
        assert name.value == "Boriso" and app.focused is name  # a letter of the name
        await press(pilot, "ctrl+o")
        await settle(pilot)
        assert (app.focused.id or "").startswith("opt-trick_points-")  # type: ignore[union-attr]
        setup = lobby(app).query_one("#setup")
        await tab_to(pilot, "opt-partnerships-")
        await into_view(pilot, form(app, "opt-partnerships"))
        assert setup.scroll_y > 0
        await press(pilot, "escape")
        await choose_game(pilot, "rang")  # another game's form is shown from its top
        assert setup.scroll_y == 0


async def test_a_game_without_options_jumps_to_the_seed() -> None:
    app = lobby_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = lobby(app)
        for option in screen.query(".option"):  # the form of a game without options
            assert option.parent is not None
            await option.parent.remove()
        await screen.query_one(".options-heading").remove()
        await settle(pilot)
        await press(pilot, "o")
        await settle(pilot)
        assert (app.focused.id or "").startswith("seed-")  # type: ignore[union-attr]


# --- the bot level of each seat, remembered ----------------------------------------------------


def test_default_seats_propose_the_levels_last_played() -> None:
    game = get_game("seven-up")
    names = ("Anna", "Boris", "Vera", "Gleb")
    assert [s.bot for s in default_seats(game, 3, names)] == [None, "normal", "normal"]
    seats = default_seats(game, 4, names, ("", "easy", "hard"))
    assert [s.bot for s in seats] == [None, "easy", "hard", "hard"]
    # settings from before the levels' names: read as today's levels
    seats = default_seats(game, 4, names, ("", "random", "heuristic"))
    assert [s.bot for s in seats] == [None, "easy", "normal", "normal"]
    # a seat without a level of its own takes the last one remembered; an unknown one is passed
    seats = default_seats(game, 4, names, ("", "easy", "", "grandmaster"))
    assert [s.bot for s in seats] == [None, "easy", "easy", "easy"]
    # nothing to decide: one level, whatever was played before
    watched = default_seats(get_game("rubashka"), 2, names, ("easy",))
    assert [s.bot for s in watched] == ["normal", "normal"]


def test_the_bot_levels_are_kept_with_the_settings() -> None:
    settings = Settings(last_bots=("", "easy", "normal"))
    assert Settings.from_data(json.loads(settings.to_json())) == settings
    assert Settings.from_data({"last_bots": "easy"}).last_bots == ()  # a bad value: default


async def set_kind(pilot: Pilot[Any], seat: int, steps: str) -> None:
    """Open seat ``seat``'s list and move ``steps`` ("up", "down") before choosing."""
    await tab_to(pilot, f"kind-{seat}-")
    await choose_in(pilot, form(pilot.app, f"kind-{seat}"), steps)


async def choose_in(pilot: Pilot[Any], select: Any, key: str) -> None:
    """In the focused drop-down ``select``: open it, press ``key``, choose; each key once the
    list is there to take it (on a loaded machine the list opens a frame later)."""
    before = select.value
    await press(pilot, "enter")
    assert await until(pilot, lambda: select.expanded)
    await press(pilot, key)
    await press(pilot, "enter")
    assert await until(pilot, lambda: not select.expanded and select.value != before)
    await settle(pilot)


async def test_the_lobby_proposes_each_seats_last_bot_level(cardsuite_home: Path) -> None:
    save_settings(TEST_SETTINGS)  # no bot delay
    app = CardsuiteApp(seed=1)  # the settings on disk, saved back
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await choose_game(pilot, "seven-up")
        await set_kind(pilot, 1, "up")  # Bot: normal → Bot: easy
        assert form(app, "kind-1").value == "easy"
        await press(pilot, "ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert [s.bot for s in app.screen.match.seats] == [None, "easy", "normal"]
        await press(pilot, "l")  # back to the lobby: the form is built anew
        await settle(pilot)
        assert form(app, "kind-0").value == "human"
        assert form(app, "kind-1").value == "easy"
        assert form(app, "kind-2").value == "normal"
        await choose_game(pilot, "rang")  # another game: the same levels, seat by seat
        assert form(app, "kind-1").value == "easy"
    assert load_settings()[0].last_bots == ("", "easy", "normal")

    again = CardsuiteApp(seed=1)  # the next start-up
    async with again.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert form(again, "kind-1").value == "easy"


async def test_watching_remembers_the_form_not_the_bot_at_a_persons_seat(
    cardsuite_home: Path,
) -> None:
    save_settings(TEST_SETTINGS)  # no bot delay
    app = CardsuiteApp(seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await choose_game(pilot, "seven-up")
        await set_kind(pilot, 2, "up")
        await press(pilot, "w")
        await settle(pilot)
        assert not isinstance(app.screen, LobbyScreen)  # watched (or over already)
    assert load_settings()[0].last_bots == ("", "normal", "easy")
    assert default_seats(get_game("seven-up"), 3, (), load_settings()[0].last_bots)[0] == (
        SeatInfo("Anna", None)
    )
