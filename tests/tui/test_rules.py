"""The rules in the app: any game's rulebook and its options, from the table and the lobby."""

from __future__ import annotations

import pytest

from cardsuite.core.i18n import _
from cardsuite.core.options import describe_options
from cardsuite.core.protocol import AnyGame
from cardsuite.games import GAMES
from cardsuite.match import Match, SeatInfo
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.rules import RulesScreen
from cardsuite.tui.screens.table import TableScreen

from .helpers import TEST_SETTINGS, make_app, press, screen_text, settle


def first_words(game: AnyGame) -> str:
    """The opening words of the rulebook's first paragraph."""
    paragraphs = [p for p in game.rules().split("\n\n") if p and not p.startswith("#")]  # type: ignore[attr-defined]
    return " ".join(paragraphs[0].replace("*", "").replace("`", "").split()[:4])


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
async def test_r_at_the_table_shows_the_rules_and_every_option(game: AnyGame) -> None:
    seats = [SeatInfo("Anna")] + [SeatInfo(f"Bot {i}", "random") for i in range(1, 2)]
    if 2 not in game.seat_counts:
        seats += [SeatInfo("Bot 2", "random")]
    app = make_app(Match(game, seats, seed=1))
    async with app.run_test(size=(120, 200)) as pilot:  # tall enough to show it all
        await settle(pilot)
        await press(pilot, "r")
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen)
        text = " ".join(screen_text(app).split())
        assert f"Rules of {game.title}" in text
        assert first_words(game) in text
        assert "Options in cardsuite" in text
        for info in describe_options(game.Options):
            assert f"{_(info.label)} ({info.name}," in text, info.name  # (the label as shown)
        await press(pilot, "escape")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)


async def test_r_in_the_lobby_shows_the_highlighted_games_rules() -> None:
    app = CardsuiteApp(settings=TEST_SETTINGS, seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        second = list(GAMES.values())[1]
        await press(pilot, "down")  # the second game in the list
        await settle(pilot)
        assert f"{second.title} — seats and options" in screen_text(app)
        await press(pilot, "r")
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen)
        assert second.title in screen_text(app).splitlines()[0]


async def test_quick_down_then_r_shows_the_rules_of_the_game_now_highlighted() -> None:
    app = CardsuiteApp(settings=TEST_SETTINGS, seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await press(pilot, "down", "r")  # no pause between the two keys
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen)
        assert list(GAMES.values())[1].title in screen_text(app).splitlines()[0]
