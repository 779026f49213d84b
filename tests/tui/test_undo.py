"""Undo takes back exactly one of the player's decisions, redo plays it again (issue 19).

Each of the three cases reported is played by keys at the table: the state after ``u`` is
the one just before the decision, the message counts the moves, and ``U`` brings back the very
state it left.  (Before the fix one press went back two decisions: the screen's ``key_u`` and
its binding both took back a move.)
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from cardsuite.games import get_game
from cardsuite.match import Match, SeatInfo
from cardsuite.runner import HumanTurn
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.table import TableScreen

from .helpers import TEST_SETTINGS, make_app, play_move_by_keys, press, screen_text, settle, until

SIZE = (120, 40)


def against_bots(game_id: str, players: int, seed: int) -> Match:
    """As ``cardsuite play GAME --players N --seed S`` seats it: Anna, then the best bots."""
    names = ("Anna", "Boris", "Vera")
    seats = [SeatInfo(names[i], None if i == 0 else "heuristic") for i in range(players)]
    return Match(get_game(game_id), seats, seed=seed)


async def decide(pilot: Pilot[Any], screen: TableScreen, text: str) -> tuple[Any, int]:
    """Anna's decision ``text``, played by keys (the bots answer); the state it was made in
    and how many moves had been played then."""
    await settle(pilot)
    match = screen.match
    assert isinstance(screen.step, HumanTurn) and screen.step.seat == 0, screen.step
    before, played = match.state, len(match.moves)
    assert len(match.legal_moves(0)) > 1, "a decision, not a forced move"
    await play_move_by_keys(pilot, screen, match.game.move_from_text(before, text, 0))
    await settle(pilot)
    assert len(match.moves) > played and match.moves[played].seat == 0
    return before, played


async def undo(pilot: Pilot[Any], screen: TableScreen, key: str = "u") -> None:
    await press(pilot, key)
    await settle(pilot)


def offered(app: CardsuiteApp, name: str) -> bool:
    """Whether the footer shows ``name``."""
    return name in screen_text(app).splitlines()[-1]


async def test_seven_leaves_undo_takes_back_the_follow_not_the_lead() -> None:
    match = against_bots("seven-leaves", 3, 5)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await decide(pilot, screen, "play K♣")
        before, played = await decide(pilot, screen, "play 8♦")
        after, moves = match.state, list(match.moves)
        assert [match.fill(m.label()) for m in moves[played:]] == [
            "play 8♦", "play 6♦", "play J♠",
        ]  # fmt: skip
        assert not offered(app, "Redo")
        await undo(pilot, screen)
        assert match.state == before and len(match.moves) == played
        assert screen.message == (
            "Undone: your “play 8♦” (3 moves taken back: yours, Boris's and Vera's). "
            "Practice game now: you had seen cards since."
        )  # 6♦ and J♠ had been shown since
        assert match.practice
        assert await until(pilot, lambda: offered(app, "U Redo"))
        await undo(pilot, screen, "U")
        assert match.state == after and match.moves == moves
        assert screen.message == (
            "Redone: your “play 8♦” (3 moves played again: yours, Boris's and Vera's)."
        )
        assert await until(pilot, lambda: not offered(app, "Redo"))
        assert match.practice, "redo shows nothing new: the mark stays as the undo left it"


async def test_grabuge_undo_stays_in_the_turn_it_is_pressed_in() -> None:
    # Anna's turn goes on after "reserve new": undo takes back that one move, not the whole
    # previous turn (the report: "3 moves taken back", back to the turn before).
    match = against_bots("grabuge", 2, 21)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await decide(pilot, screen, "reserve 1")
        first, first_played = await decide(pilot, screen, "reserve new")
        assert [m.seat for m in match.moves] == [0, 0, 1, 1], "Boris played his turn"
        last, last_played = await decide(pilot, screen, "reserve new")
        after, moves = match.state, list(match.moves)
        assert len(moves) == last_played + 1, "still Anna's turn"
        await undo(pilot, screen)
        assert match.state == last and len(match.moves) == last_played
        assert screen.message == (
            "Undone: your “start a new column with 6♥” (1 move taken back: yours). "
            "Practice game now: you had seen cards since."
        )  # the card turned after it
        between = match.state
        await undo(pilot, screen)  # the decision before: hers and Boris's turn after it
        assert match.state == first and len(match.moves) == first_played
        assert screen.message == (
            "Undone: your “start a new column with 10♦” (3 moves taken back: yours and Boris's)."
        )  # (a practice match already: said once)
        await undo(pilot, screen, "U")
        assert match.state == between and len(match.moves) == last_played
        await undo(pilot, screen, "ctrl+y")
        assert match.state == after and match.moves == moves
        assert not screen.runner.redo_allowed()


async def test_rang_undo_takes_back_the_keep_not_every_forced_move_before_it() -> None:
    # Every move of Anna's before "keep" was her only one, played for her: undo goes back to
    # her decision only (the report: 16 moves taken back and a practice match).
    match = against_bots("rang", 2, 35)
    app = make_app(match, auto_play_everywhere=True)  # her forced moves played for her
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        before, played = await decide(pilot, screen, "keep")
        assert played == 18
        after, moves = match.state, list(match.moves)
        assert len(moves) == 21
        await undo(pilot, screen)
        assert match.state == before and len(match.moves) == played
        assert (
            screen.message
            == "Undone: your “keep the drawn card” (3 moves taken back: yours and Boris's)."
        )
        assert not match.practice, "Boris's draw was never shown to Anna"
        await undo(pilot, screen)  # nothing before it was a decision
        assert match.state == before
        assert screen.message == "Nothing to undo: every move you made so far was your only one."
        await undo(pilot, screen, "U")
        assert match.state == after and match.moves == moves
        assert not match.practice


@pytest.mark.parametrize("game_id", ["spit", "nerts"])
async def test_no_undo_on_a_clock_and_u_says_why(game_id: str) -> None:
    game = get_game(game_id)
    match = Match(game, [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=1)
    assert match.realtime
    app = CardsuiteApp(match=match, settings=TEST_SETTINGS, seed=1, clock_source=lambda: 0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        footer = screen_text(app).splitlines()[-1]
        assert "Hint" in footer and "Undo" not in footer and "Redo" not in footer
        assert screen.check_action("undo", ()) is False
        for key in ("u", "U"):
            await press(pilot, key)
            await settle(pilot)
            assert screen.message == (
                "There is no undo in a game played in real time: the others play on."
                if key == "u"
                else "Nothing to redo: redo plays again what undo took back."
            )
