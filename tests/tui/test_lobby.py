"""The lobby: the game it opens on, the saved match's line, keys pressed while it is still being
built, and a first frame that loads no engine."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input, OptionList, Select, Static

from cardsuite.core.options import options_from_strings
from cardsuite.games import GAME_INFO, GAMES, get_game
from cardsuite.match import Match, SeatInfo
from cardsuite.store import Settings, load_settings
from cardsuite.store.db import Store
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.lobby import LobbyScreen, moves_played
from cardsuite.tui.screens.table import TableScreen

from .helpers import (
    TEST_SETTINGS,
    choose_game,
    generic_match,
    key_event,
    press,
    screen_text,
    settle,
    until,
)

SIZE = (100, 30)


def highlighted(app: CardsuiteApp) -> str:
    """The id of the game the lobby's list highlights."""
    games = app.screen.query_one("#games", OptionList)
    assert games.highlighted is not None
    option_id = games.get_option_at_index(games.highlighted).id
    assert option_id is not None
    return option_id.removeprefix("game-")


def form_title(app: CardsuiteApp) -> str:
    return next(line for line in screen_text(app).splitlines() if "seats and options" in line)


# --- the game the lobby opens on --------------------------------------------------------------


async def test_the_lobby_opens_on_the_last_game_played(cardsuite_home: Path) -> None:
    app = CardsuiteApp(seed=1)  # the settings on disk, saved back
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert highlighted(app) == next(iter(GAME_INFO))  # nothing played yet: the first
        await choose_game(pilot, "seven-up")
        await press(pilot, "ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        await press(pilot, "l")  # back to the lobby
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)
        assert highlighted(app) == "seven-up"
        assert "Seven Up — seats and options" in form_title(app)
    assert load_settings()[0].last_game == "seven-up"

    again = CardsuiteApp(seed=1)  # the next start-up
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert highlighted(again) == "seven-up"
        assert "Seven Up — seats and options" in form_title(again)
        assert again.screen.query_one("#games").has_focus


async def test_a_match_started_elsewhere_is_the_last_game_too() -> None:
    # a match opened straight away (``cardsuite play``, a saved match, the palette) counts
    app = CardsuiteApp(match=generic_match(get_game("ryba")), settings=TEST_SETTINGS, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.show_lobby()
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)
        assert highlighted(app) == "ryba"
        assert "Go Fish — seats and options" in form_title(app)


async def test_back_in_the_lobby_the_form_is_new() -> None:
    # Back from a match, the lobby proposes the names last typed and a new seed, as at start-up.
    app = CardsuiteApp(settings=TEST_SETTINGS, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        seed = lobby.query_one(f"#seed-{lobby._form_serial}").value  # type: ignore[attr-defined]
        name = lobby.query_one(f"#name-0-{lobby._form_serial}")
        name.value = "Olga"  # type: ignore[attr-defined]
        await press(pilot, "ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.screen.match.seats[0].name == "Olga"
        await press(pilot, "l")
        await settle(pilot)
        assert app.screen is lobby
        serial = lobby._form_serial
        assert lobby.query_one(f"#name-0-{serial}").value == "Olga"  # type: ignore[attr-defined]
        assert lobby.query_one(f"#seed-{serial}").value != seed  # type: ignore[attr-defined]
        assert len(lobby.query("#setup-pane")) == 1 and len(lobby.query("Footer")) == 1


@pytest.mark.parametrize(
    "saved", ["", "{not json", '{"format": "cardsuite-settings", "last_game": "uno"}']
)
async def test_without_a_last_game_the_lobby_opens_on_the_first(
    cardsuite_home: Path, saved: str
) -> None:
    if saved:
        cardsuite_home.mkdir(parents=True, exist_ok=True)
        (cardsuite_home / "settings.json").write_text(saved, encoding="utf-8")
    app = CardsuiteApp(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert highlighted(app) == next(iter(GAME_INFO))


def test_the_last_game_is_kept_with_the_settings() -> None:
    settings = Settings(last_game="rang")
    assert Settings.from_data(json.loads(settings.to_json())) == settings
    assert Settings.from_data({"last_game": 7}).last_game == ""  # a bad value: the default


# --- the saved match's line -------------------------------------------------------------------


def test_moves_played_in_words() -> None:
    assert moves_played(1) == "1 move played"
    assert moves_played(2) == "2 moves played"
    assert moves_played(0) == "0 moves played"


@pytest.mark.parametrize(("moves", "words"), [(1, "1 move played"), (2, "2 moves played")])
async def test_the_saved_match_counts_its_moves_in_words(
    cardsuite_home: Path, moves: int, words: str
) -> None:
    match = Match(get_game("rang"), [SeatInfo("Anna"), SeatInfo("Boris")], seed=3)
    for _ in range(moves):
        (seat,) = match.to_move()
        match.apply(match.legal_moves(seat)[0])
    assert len(match.record().moves) == moves
    with Store() as store:
        store.add(match.record())
    app = CardsuiteApp(settings=TEST_SETTINGS, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        line = next(line for line in screen_text(app).splitlines() if "Continue saved" in line)
        assert f"Rang · Anna, Boris · {words} · just now" in line
        assert "Grabuge" in screen_text(app)  # the line leaves the list of games its room
        assert "1 moves" not in line


async def test_a_match_left_at_the_table_is_offered_back_in_the_lobby() -> None:
    app = CardsuiteApp(settings=TEST_SETTINGS, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Continue saved match" not in screen_text(app)  # nothing saved at start-up
        await press(pilot, "ctrl+s")
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        await press(pilot, "l")
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)
        assert "Continue saved match" in screen_text(app)
        await press(pilot, "c")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.screen.match.moves == table.match.moves


# --- keys before the lobby is complete ----------------------------------------------------------


async def test_keys_pressed_before_the_form_is_built_are_not_lost() -> None:
    app = CardsuiteApp(settings=TEST_SETTINGS, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen) and not lobby.completed
        downs = list(GAMES).index("rang")
        for key in ["down"] * downs + ["enter"]:  # Rang, started at once with the defaults
            app.post_message(key_event(app, key))
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.match.game.id == "rang"
        assert [s.is_bot for s in table.match.seats] == [False, True, True]


# --- what the first frame costs -----------------------------------------------------------------


def test_the_lobby_loads_no_engine_before_its_first_frame() -> None:
    """The app's module and the lobby import no engine, bot, match or table code: the first
    frame is drawn from the games' declarations alone (the rest is loaded after it)."""
    code = (
        "import sys, cardsuite.tui.app\n"
        "heavy = ('cardsuite.bots', 'cardsuite.match', 'cardsuite.cli',"
        " 'cardsuite.tui.screens.table', 'cardsuite.tui.render', 'cardsuite.core.record')\n"
        "engines = [m for m in sys.modules if m.startswith('cardsuite.games.') and m.count('.') > 2]\n"
        "print(sorted(m for m in sys.modules if m.startswith(heavy)) + engines)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_the_registry_entries_are_their_engines() -> None:
    assert list(GAME_INFO) == list(GAMES)
    for game_id, info in GAME_INFO.items():
        engine = info.load()
        assert engine is GAMES[game_id] is get_game(info.title) is get_game(info.original_name)
        for alias in info.aliases:
            assert get_game(alias) is engine


# --- deal codes -------------------------------------------------------------------------------


async def test_a_deal_code_typed_in_the_seed_field_deals_the_same_cards() -> None:
    game = get_game("seven-up")
    options = options_from_strings(game.Options, {"partnerships": "on"})
    original = Match(game, [SeatInfo(n) for n in "ABCD"], options=options, seed=424242)
    app = CardsuiteApp(settings=TEST_SETTINGS, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await choose_game(pilot, "rang")
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        seed_field = lobby.query_one(f"#seed-{lobby._form_serial}", Input)
        seed_field.value = original.deal_code()
        await press(pilot, "ctrl+s")
        error = lobby.query_one("#lobby-error", Static)
        assert await until(pilot, lambda: "is a deal of Seven Up" in str(error.render()))
        assert isinstance(app.screen, LobbyScreen)  # refused, nothing started
        await choose_game(pilot, "seven-up")
        lobby.query_one(".players", Select).value = 4
        assert await until(pilot, lambda: len(lobby.query(".seat-name")) == 4)
        await settle(pilot)
        lobby.query_one(f"#seed-{lobby._form_serial}", Input).value = original.deal_code()
        await press(pilot, "ctrl+s")
        assert await until(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.match.options == original.options
        assert table.match.states[0] == original.states[0]


# --- the seed field ---------------------------------------------------------------------------

SEEDS_REFUSED = [
    # (what is typed or pasted, the words of the refusal)
    ("²", "The seed must be a whole number or a deal code, not '²'"),  # "²".isdigit() is True
    ("①", "The seed must be a whole number or a deal code, not '①'"),
    ("-1", "The seed must be a whole number or a deal code, not '-1'"),
    ("99999999999999999999999", "whole number from 0 to 18446744073709551615, not '9999"),
    ("1" * 5000, "whole number from 0 to 18446744073709551615, not '1111"),  # int() refuses it
]


async def test_a_seed_that_no_saved_match_could_keep_is_refused_in_the_form() -> None:
    """Typed (or pasted) in the seed field, a number beyond 64 bits or digits that only look
    like digits are refused where the form says what is wrong; the app stays in the lobby."""
    app = CardsuiteApp(settings=TEST_SETTINGS, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await choose_game(pilot, "rang")
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        assert await until(pilot, lambda: lobby.completed)
        await settle(pilot)
        field = lobby.query_one(f"#seed-{lobby._form_serial}", Input)
        error = lobby.query_one("#lobby-error", Static)
        for text, needle in SEEDS_REFUSED:
            field.value = ""
            field.focus()  # the keys go to this field, whatever had the focus before
            assert await until(pilot, lambda: app.focused is field)
            if len(text) > 30:  # pasted
                field.post_message(events.Paste(text))
            else:
                await press(pilot, *text)
            assert await until(pilot, lambda text=text: field.value == text)
            await press(pilot, "ctrl+s")
            assert await until(pilot, lambda needle=needle: needle in str(error.render())), (
                text[:30],
                str(error.render()),
            )
            assert len(str(error.render())) < 200  # one sentence, the number cut
            assert app.screen is lobby and app.is_running  # refused: nothing started
        with Store() as store:
            assert store.matches() == []
        field.value = str(2**64 - 1)  # the largest seed is still a seed
        await press(pilot, "ctrl+s")
        assert await until(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.match.seed == 2**64 - 1
        await settle(pilot)  # the bots' first moves made before the app shuts down
