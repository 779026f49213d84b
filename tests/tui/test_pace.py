"""The pace of the table: what a move did is shown one step at a time, the piles that moved are
marked, a key skips to the next decision (or, with nobody human left in play, finishes the
match at full speed), and nothing moves while the window is too small to see it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

from cardsuite.core.cards import parse_card
from cardsuite.games import get_game
from cardsuite.games.rang.engine import RANG
from cardsuite.games.rang.model import Play
from cardsuite.match import Match, SeatInfo
from cardsuite.tui.screens.outcome import OutcomeScreen
from cardsuite.tui.screens.table import TableScreen

from .helpers import make_app, press, screen_text, settle

SIZE = (100, 30)


async def wait_until(pilot: Pilot[Any], ready: Callable[[], bool], what: str) -> None:
    """Let the app run until ``ready()`` holds (a condition, not a fixed sleep)."""
    for _ in range(20_000):
        if ready():
            return
        await pilot._wait_for_screen()
        await asyncio.sleep(0.001)
    raise AssertionError(f"timed out waiting for {what}")


def grabuge_against_a_bot(seed: int = 3) -> Match:
    game = get_game("grabuge")
    return Match(game, [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=seed)


async def test_a_bots_turn_is_told_step_by_step_and_skipped_with_a_key() -> None:
    match = grabuge_against_a_bot()
    # a step a second: slow enough that the story is still being told when the key comes,
    # however loaded the machine (at 0.2 s a loaded one let the story end before the key)
    app = make_app(match, bot_delay=1.0)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        # A Grabuge move sets off a cascade of automatic steps: wait until one is being told.
        await wait_until(pilot, lambda: bool(screen.runner.story), "a move told step by step")
        told = screen.message
        assert told, "the step being told is on the message line"
        remaining = len(screen.runner.story)
        assert remaining >= 1
        assert screen.busy, "the next decision waits for the story to end"
        assert screen.runner.last_piles, "the piles the step moved are marked"
        await pilot._wait_for_screen()
        assert "is thinking" not in screen_text(app), "the bot has moved: it is being told"
        last = screen.runner.story[-1][0]
        await press(pilot, "full_stop")
        assert not screen.runner.story, "the key skips what is left of the story"
        assert screen.message == last, "and shows where it ends"


async def test_the_piles_a_move_changed_are_marked() -> None:
    state = RANG.position("P1: 6♠ 9♥\nP2: K♣ K♦\nP3: J♣ J♦\ndiscard: 7♣\nstock: Q♣ Q♦")
    seats = [SeatInfo("Anna"), SeatInfo("Boris", "random"), SeatInfo("Vera", "random")]
    match = Match(RANG, seats, seed=1)
    match.states[0] = state
    app = make_app(match, auto_play_everywhere=True)  # Anna's forced moves played for her
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        screen.play(Play(0, parse_card("6♠")))
        await settle(pilot)
        assert match.moves[0] == Play(0, parse_card("6♠"))
        # the piles the last move's events changed are the ones marked on the table
        moved = {pile for event in match.state.events for pile in event.moved()}
        assert moved and screen.runner.last_piles == moved
        marks = screen.table.scene.marks
        assert marks.last == screen.runner.last_piles, "the table draws the marks"


async def test_with_no_human_left_in_play_a_key_finishes_the_match_at_full_speed() -> None:
    # Anna is out for good in a game of Rang; Boris and Vera play on.
    state = RANG.position("P1: -\nP2: 5♣ K♦ 9♠\nP3: J♣ J♦ 2♥\ndiscard: 7♣\nout: P1\nturn: P2")
    # the game's own bots (random ones can shed and draw for thousands of moves)
    seats = [SeatInfo("Anna"), SeatInfo("Boris", "heuristic"), SeatInfo("Vera", "heuristic")]
    match = Match(RANG, seats, seed=1)
    match.states[0] = state
    assert match.humans_in_play() == ()
    app = make_app(match, bot_delay=5.0)  # at this pace the bots would take minutes
    async with app.run_test(size=SIZE) as pilot:
        await pilot._wait_for_screen()
        assert ". finish the match at full speed" in screen_text(app)
        await press(pilot, "full_stop")
        await wait_until(pilot, lambda: isinstance(app.screen, OutcomeScreen), "the outcome")
        assert match.is_over()


async def test_nothing_moves_while_the_window_is_too_small() -> None:
    match = grabuge_against_a_bot(seed=5)
    seed_state = match.state
    app = make_app(match)
    async with app.run_test(size=(40, 12)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        if match.to_move() == {1}:  # the bot's turn, or a forced move: both must wait
            assert match.state is seed_state, "a bot played behind the notice"
        assert screen.runner.held or match.to_move() == {0}
        assert "too small" in screen_text(app).lower()
        await pilot.resize_terminal(*SIZE)
        await settle(pilot)
        assert not screen.runner.held
        assert 0 in match.to_move() or match.is_over(), "play went on once the table shows"
