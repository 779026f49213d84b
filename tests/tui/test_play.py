"""Whole games through key presses only, as a new user plays them: from the lobby, through
the deal, to the outcome screen."""

from __future__ import annotations

import random

from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.lobby import LobbyScreen
from cardsuite.tui.screens.outcome import OutcomeScreen
from cardsuite.tui.screens.table import TableScreen

from .helpers import TEST_SETTINGS, play_to_the_end, press, screen_text, settle


def lobby_app() -> CardsuiteApp:
    return CardsuiteApp(settings=TEST_SETTINGS, seed=1)


async def test_rang_from_the_lobby_against_two_bots_to_the_outcome() -> None:
    app = lobby_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)
        await press(pilot, "down")  # Rang
        await settle(pilot)
        assert "Rang — seats and options" in screen_text(app)
        await press(pilot, "ctrl+s")  # the lobby's seats: you and two bots
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        match = table.match
        assert match.game.id == "rang"
        assert [seat.is_bot for seat in match.seats] == [False, True, True]
        outcome = await play_to_the_end(pilot, random.Random(1))
        assert isinstance(outcome, OutcomeScreen)
        assert match.is_over()
        text = screen_text(app)
        assert "game over" in text and "1st" in text
        assert all(seat.name in text for seat in match.seats)


async def test_grabuge_from_the_lobby_against_a_bot_to_the_outcome() -> None:
    app = lobby_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+s")  # Grabuge comes first; you against a bot
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        match = table.match
        assert match.game.id == "grabuge"
        assert [seat.is_bot for seat in match.seats] == [False, True]
        outcome = await play_to_the_end(pilot, random.Random(2))
        assert isinstance(outcome, OutcomeScreen)
        assert match.is_over()
        assert "packets" in screen_text(app)
        await press(pilot, "l")
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)
