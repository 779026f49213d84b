"""Grabush by keys alone: four players from the lobby (you and a bot partner against two
bots), through the deal, to the outcome screen, as tests/tui/test_play.py plays every game."""

from __future__ import annotations

import random

from textual.widgets import Select

from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.lobby import LobbyScreen
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
)


async def test_grabush_four_players_with_a_bot_partner_by_keys() -> None:
    app = CardsuiteApp(settings=TEST_SETTINGS, seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await choose_game(pilot, "grabush")
        assert "Grabush — seats and options" in screen_text(app)
        await tab_to(pilot, "players-")
        await press(pilot, "enter")  # open the list of player counts
        await settle(pilot)
        await press(pilot, "down", "enter")  # 2 → 4
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LobbyScreen)
        assert screen.query_one(".players", Select).value == 4
        await press(pilot, "ctrl+s")
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        match = table.match
        assert [seat.is_bot for seat in match.seats] == [False, True, True, True]
        assert match.partners(0) == frozenset({0, 2}), "the bot opposite is your partner"
        text = screen_text(app)
        assert "side A" in text and "side B" in text, "the table marks the teams"
        assert "pile A" in text and "pile B" in text
        outcome = await play_to_the_end(pilot, random.Random(11))
        assert isinstance(outcome, OutcomeScreen)
        places = match.outcome().places  # type: ignore[union-attr]
        assert places[0] == places[2] and places[1] == places[3], "partners share a place"
        assert places[0] != places[1] or places == (1, 1, 1, 1)
        assert "game over" in screen_text(app)
