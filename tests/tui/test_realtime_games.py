"""Spit and Nerts at the table, on a clock these tests move by hand (no sleeps)."""

from __future__ import annotations

from cardsuite.core.cards import parse_card
from cardsuite.games import get_game
from cardsuite.games.nerts.model import PLAY, START_DELAY, WAITING, Play
from cardsuite.match import Match, SeatInfo
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.table import TableScreen

from .helpers import TEST_SETTINGS, press, screen_text, settle, until
from .test_realtime import FakeTime

NERTS = get_game("nerts")


async def test_nerts_clock_waits_while_the_scores_between_deals_are_read() -> None:
    """A deal of a match to a target score ends: its scores stay on the table, and the next
    deal's start signal does not come (nor do the bots move) until the person goes on."""
    match = Match(
        NERTS,
        [SeatInfo("Anna"), SeatInfo("Boris", "random")],
        options=NERTS.Options(target_score=100),
        seed=1,
    )
    match.states[0] = NERTS.position("F1: P1 A♣ 2♣ 3♣ 4♣\nP1.nerts: 5♣ 6♦", options=match.options)
    clock = FakeTime()
    app = CardsuiteApp(match=match, settings=TEST_SETTINGS, seed=1, clock_source=clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.clock is not None
        six = parse_card("6♦")
        five = parse_card("5♣")
        assert table.play(Play(0, six, "nerts.0", "row.0.0"))  # the 6 off the 13-pile
        clock.at(100)
        await settle(pilot)
        played = table.play(Play(0, five, "nerts.0", "found.0"))
        assert played and match.state.phase == WAITING  # Anna is out: the deal is over
        assert await until(pilot, lambda: table.clock is not None and table.clock.paused)
        assert "Press Enter or click the table to go on" in screen_text(app)
        clock.at(100 + START_DELAY + 60_000)  # a long read: nothing happens meanwhile
        await settle(pilot)
        assert match.state.phase == WAITING and len(match.moves) == 2
        await press(pilot, "enter")
        assert await until(pilot, lambda: table.clock is not None and not table.clock.paused)
        clock.at(100 + START_DELAY + 60_000 + START_DELAY)  # the start signal, after its delay
        assert await until(pilot, lambda: match.state.phase == PLAY)
