"""Whole games through key presses only, as a new user plays them: from the lobby, through
the deal, to the outcome screen.  Every registered game gets one, found in the lobby by its
id; a few setups the issues name get their own."""

from __future__ import annotations

import random

import pytest
from textual.widgets import Checkbox, Select

from cardsuite.games import GAMES
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.lobby import LobbyScreen, default_players
from cardsuite.tui.screens.outcome import OutcomeScreen
from cardsuite.tui.screens.table import TableScreen

from .helpers import (
    TEST_SETTINGS,
    choose_game,
    play_to_the_end,
    press,
    screen_text,
    settle,
    tab_to,
    until,
)


def lobby_app() -> CardsuiteApp:
    return CardsuiteApp(settings=TEST_SETTINGS, seed=1)


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_every_game_from_the_lobby_to_the_outcome_by_keys(game_id: str) -> None:
    game = GAMES[game_id]
    app = lobby_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)
        await choose_game(pilot, game_id, by_keys=True)
        assert f"{game.title} — seats and options" in screen_text(app)
        await press(pilot, "ctrl+s")  # the lobby's seats: you against the bots
        if game.watch_by_default:  # Rubashka: every seat a bot, watched (quickly) to its end
            assert await until(pilot, lambda: isinstance(app.screen, OutcomeScreen), 20_000)
            await settle(pilot)
            outcome = app.screen
            assert isinstance(outcome, OutcomeScreen)
            match = outcome.match
            assert all(seat.is_bot for seat in match.seats)
        else:
            await settle(pilot)
            table = app.screen
            assert isinstance(table, TableScreen)
            match = table.match
            bots = default_players(game) - 1
            assert [seat.is_bot for seat in match.seats] == [False] + [True] * bots
            outcome = await play_to_the_end(pilot, random.Random(sum(map(ord, game_id))))
        assert match.game is game
        assert isinstance(outcome, OutcomeScreen)
        assert match.is_over()
        # on a loaded machine the outcome screen is drawn a frame after it opens
        assert await until(pilot, lambda: "game over" in screen_text(app))
        text = screen_text(app)
        assert all(seat.name in text for seat in match.seats)
        await press(pilot, "l")
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)


async def test_seven_up_in_partnership_from_the_lobby_by_keys() -> None:
    # You and a bot (opposite) against two bots: four players, partnerships on, all by keys.
    app = lobby_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await choose_game(pilot, "seven-up")
        await tab_to(pilot, "players-")
        await press(pilot, "enter")  # open the list of player counts
        await settle(pilot)
        await press(pilot, "down", "enter")  # 3 → 4
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LobbyScreen)
        assert screen.query_one(".players", Select).value == 4
        await tab_to(pilot, "opt-partnerships-")
        await press(pilot, "space")
        await settle(pilot)
        assert screen.query_one("#" + app.focused.id, Checkbox).value is True  # type: ignore[union-attr]
        await press(pilot, "ctrl+s")
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        match = table.match
        assert match.options.partnerships
        assert [seat.is_bot for seat in match.seats] == [False, True, True, True]
        assert match.partners(0) == frozenset({0, 2})
        text = screen_text(app)
        assert "side A" in text and "side B" in text, "the table marks the partnerships"
        outcome = await play_to_the_end(pilot, random.Random(7))
        assert isinstance(outcome, OutcomeScreen)
        places = match.outcome().places  # type: ignore[union-attr]
        assert places[0] == places[2] and places[1] == places[3], "partners share a place"
        assert "(side A)" in screen_text(app), "the outcome marks the partnerships"
