"""An ask at Go Fish, chosen on the table as "whom, then which rank": the opponent's hand is
picked (by keys or by a click), a chooser asks for the rank, and the ask is played."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from cardsuite.games import get_game
from cardsuite.games.ryba.model import Ask
from cardsuite.match import Match, SeatInfo
from cardsuite.tui.screens.chooser import ChooserScreen
from cardsuite.tui.screens.table import TableScreen
from cardsuite.tui.selection import Slot

from .helpers import make_app, press, screen_text, settle
from .test_mouse import click_option, click_slot

SIZE = (100, 30)


def go_fish() -> Match:
    """You against Boris and Vera (bots), seeded so that you ask first."""
    game = get_game("ryba")
    for seed in range(100):
        seats = [SeatInfo("Anna"), SeatInfo("Boris", "random"), SeatInfo("Vera", "random")]
        match = Match(game, seats, seed=seed)
        if match.to_move() == {0}:
            return match
    raise AssertionError("no seed lets the human ask first")


def boris_hand(screen: TableScreen) -> Slot:
    sel = screen.selector
    assert sel is not None
    return next(s for s in sel.slots if s.pile == "hand.1")


async def asked(pilot: Pilot[Any], screen: TableScreen, before: int) -> Ask:
    await settle(pilot)
    match = screen.match
    assert len(match.moves) > before
    move = match.moves[before]
    assert isinstance(move, Ask)
    return move


async def test_ask_boris_then_a_rank_by_keys() -> None:
    match = go_fish()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        sel = screen.selector
        assert sel is not None
        target = boris_hand(screen)
        for _ in range(len(sel.slots) + 1):  # Tab stops at the hands that can be asked
            if sel.current == target:
                break
            await press(pilot, "tab")
        assert sel.current == target, "Tab reaches Boris's hand"
        await press(pilot, "enter")  # whom: Boris
        await settle(pilot)
        chooser = app.screen
        assert isinstance(chooser, ChooserScreen)
        assert "Ask Boris for which rank?" in screen_text(app)
        options = chooser.choice.options
        held = {c.rank for c in match.state.table.cards("hand.0")}
        assert len(options) == len(held), "one option per rank Anna holds"
        rank_of_second = options[1][1][0]
        await press(pilot, "down", "enter")  # which rank: the second one listed
        move = await asked(pilot, screen, 0)
        assert move == rank_of_second and move.target == 1
        assert move.rank in held


async def test_ask_vera_then_a_rank_by_clicks() -> None:
    match = go_fish()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        sel = screen.selector
        assert sel is not None
        vera = next(s for s in sel.slots if s.pile == "hand.2")
        await click_slot(pilot, screen.table, vera)  # whom: Vera
        await settle(pilot)
        chooser = app.screen
        assert isinstance(chooser, ChooserScreen)
        assert "Ask Vera for which rank?" in screen_text(app)
        wanted = chooser.choice.options[-1][1][0]
        await click_option(pilot, chooser, wanted)  # which rank: the last one listed
        move = await asked(pilot, screen, 0)
        assert move == wanted and move.target == 2


async def test_asking_for_a_rank_you_do_not_hold_is_not_offered_and_refused_in_words() -> None:
    match = go_fish()
    held = {c.rank for c in match.state.table.cards("hand.0")}
    missing = next(r for r in range(1, 14) if r not in held)
    refusal = match.refusal(Ask(0, 1, missing))
    assert refusal is not None and refusal.code == "RankNotHeld"
    assert match.why_illegal(Ask(0, 1, missing)) is not None
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await click_slot(pilot, screen.table, boris_hand(screen))
        await settle(pilot)
        chooser = app.screen
        assert isinstance(chooser, ChooserScreen)
        offered = {moves[0].rank for _, moves in chooser.choice.options}
        assert offered == held and missing not in offered
