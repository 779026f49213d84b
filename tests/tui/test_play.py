"""Whole games through key presses only, from the deal to the outcome screen."""

from __future__ import annotations

import random

from cardsuite.games import get_game
from cardsuite.match import Match, SeatInfo
from cardsuite.tui.screens.outcome import OutcomeScreen

from .helpers import make_app, play_to_the_end, screen_text, settle


async def test_rang_one_human_two_bots_to_the_outcome() -> None:
    match = Match(
        get_game("rang"),
        [SeatInfo("Anna"), SeatInfo("Boris", "random"), SeatInfo("Vera", "random")],
        seed=7,
    )
    app = make_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        outcome = await play_to_the_end(pilot, random.Random(1))
        assert isinstance(outcome, OutcomeScreen)
        text = screen_text(app)
        assert "game over" in text
        assert "Anna" in text and "Boris" in text and "Vera" in text
        assert "1st" in text
        assert match.is_over()


async def test_grabuge_human_against_a_bot_to_the_outcome() -> None:
    match = Match(get_game("grabuge"), [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=3)
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        outcome = await play_to_the_end(pilot, random.Random(2))
        assert isinstance(outcome, OutcomeScreen)
        text = screen_text(app)
        assert "packets" in text
        await pilot.press("l")
        await settle(pilot)
        assert "Games" in screen_text(app)
