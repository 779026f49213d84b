"""Whole games played with the mouse alone: clicks on cards, piles, the action bar and choosers.

The driver reads the app to choose a legal move and to learn where the table widget drew
each slot (``TableWidget.slot_rects`` / ``action_rects``), then acts only through
``pilot.click``; no key is pressed from the deal to the outcome screen.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import OptionList

from cardsuite.core.moves import Move
from cardsuite.games import GAMES, get_game
from cardsuite.match import Match, SeatInfo
from cardsuite.runner import HumanTurn, Summary
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.render.canvas import Rect
from cardsuite.tui.screens.chooser import ChooserScreen
from cardsuite.tui.screens.lobby import LobbyScreen, default_players
from cardsuite.tui.screens.outcome import OutcomeScreen
from cardsuite.tui.screens.table import TableScreen
from cardsuite.tui.selection import Slot, gesture_matches_slot, slot_face
from cardsuite.tui.widgets.option_grid import GAP as GRID_GAP
from cardsuite.tui.widgets.option_grid import OptionGrid
from cardsuite.tui.widgets.table import TableWidget
from tests.soak import ci_or_soak, swept

from .helpers import (
    TEST_SETTINGS,
    click,
    let_time_pass,
    make_app,
    screen_text,
    sensible_move,
    settle,
    stopped_clock,
    until,
)

SIZE = (120, 40)


def cell_of(table: TableWidget, slot: Slot, rect: Rect) -> tuple[int, int]:
    """A cell of ``rect`` where a click lands on ``slot`` (not on a card drawn over it)."""
    painted = table.drawing()
    x0, y0, w, h = rect
    for y in range(y0, y0 + h):
        for x in range(x0, x0 + w):
            if painted.slot_at(x, y) == slot:
                return x, y
    raise AssertionError(f"{slot} is covered everywhere")


async def click_slot(pilot: Pilot[Any], table: TableWidget, slot: Slot) -> None:
    rects = table.slot_rects()
    assert slot in rects, f"{slot} is not drawn"
    await click(pilot, table, offset=cell_of(table, slot, rects[slot]))


async def click_option(pilot: Pilot[Any], screen: ChooserScreen, move: Move) -> None:
    """Click the chooser's line for the option that leads to ``move``."""
    index = next(i for i, (_, moves) in enumerate(screen.choice.options) if move in moves)
    grids = screen.query(OptionGrid)
    if grids:  # many short options in columns (a cut of 1 to 35): click the option's cell
        grid = grids.first()
        shown = screen.order.index(index)  # where the option is shown (in its keys' order)
        column, row = divmod(shown, grid.rows)
        x = column * (grid.cell_width + GRID_GAP) + 1
        assert grid.index_at(x, row) == shown
        await click(pilot, grid, offset=(x, row))
        return
    options = screen.query_one(OptionList)
    label = screen.choice.options[index][0]
    region = options.region
    rows = screen_text(pilot.app).splitlines()  # type: ignore[arg-type]
    for y in range(region.y, region.y + region.height):
        if label in rows[y][region.x : region.x + region.width]:
            await click(pilot, offset=(region.x + 3, y))
            return
    raise AssertionError(f"option {label!r} is not on the screen")


class Clicks:
    """What the clicks went to."""

    def __init__(self) -> None:
        self.slots = 0
        self.actions = 0
        self.options = 0
        self.saved = 0  # the moves found stored while the game was on


async def play_move_by_clicks(
    pilot: Pilot[Any], screen: TableScreen, move: Move, clicks: Clicks
) -> None:
    table = screen.table
    sel, view = screen.selector, screen._view
    assert sel is not None and view is not None
    g = move.gesture()
    drawn = table.slot_rects()  # a card the pile folds away (or a covered twin) is not clicked
    source = (
        next((s for s in sel.slots if gesture_matches_slot(g, view, s) and s in drawn), None)
        if g is not None
        else None
    )
    if source is None:  # a move with no place on the table: the action bar
        index = next(i for i, entry in enumerate(screen._entries) if move in entry.moves)
        x, y, _, _ = table.action_rects()[index]
        await click(pilot, table, offset=(x + 1, y))
        clicks.actions += 1
    else:
        assert g is not None
        await click_slot(pilot, table, source)
        clicks.slots += 1
        if sel.taking is not None:  # a click on each card it takes, then on it again
            for card in sorted(g.picks, key=lambda c: c.index):
                if sel.taking is None:
                    break
                slot = next(s for s in sel.slots if slot_face(view, s) is card)
                await click_slot(pilot, table, slot)
                clicks.slots += 1
            if sel.taking is not None:
                await click_slot(pilot, table, source)
                clicks.slots += 1
        elif g.target is not None and sel.source is not None:
            target = next(s for s in sel.slots if s.pile == g.target and s in drawn)
            await click_slot(pilot, table, target)
            clicks.slots += 1
    for _ in range(5):
        await settle(pilot)
        chooser = pilot.app.screen
        if not isinstance(chooser, ChooserScreen):
            return
        await click_option(pilot, chooser, move)
        clicks.options += 1


# On a clock a whole game by clicks is long (the bots take their time): the test clicks this
# many of the person's moves, and test_play's whole game by keys goes on to the outcome.
CLICKED_ON_A_CLOCK = 12
# Turn by turn, the short games are clicked to their outcome; a long one (Rang, Grabush,
# Russian Bank: hundreds of moves) stops after this many clicked moves in CI, the soak clicks
# every game to its end.
CLICKED_AT_MOST = ci_or_soak(40, 5_000)


async def play_by_clicks(
    pilot: Pilot[Any],
    rng: random.Random,
    clicks: Clicks,
    at_most: int = CLICKED_AT_MOST,
    until_clicked: Callable[[Clicks], bool] | None = None,
) -> OutcomeScreen | None:
    """Play by clicks to the outcome (on a clock: ``CLICKED_ON_A_CLOCK`` moves, then None;
    ``at_most`` in any game; as soon as ``until_clicked`` holds, if given)."""
    app = pilot.app
    for _ in range(2000):
        await settle(pilot)
        screen = app.screen
        on_a_clock = isinstance(screen, TableScreen) and screen.clock is not None
        if on_a_clock and clicks.saved >= CLICKED_ON_A_CLOCK and not screen.match.is_over():
            return None
        if clicks.saved >= at_most and not isinstance(screen, OutcomeScreen):
            return None
        if until_clicked is not None and until_clicked(clicks):
            return None
        if isinstance(screen, OutcomeScreen):
            return screen
        assert isinstance(screen, TableScreen), screen
        step = screen.step
        if isinstance(step, Summary):
            # A deal's summary waiting before a bot deals: a click on the table reads it.
            await click(pilot, screen.table, offset=(1, 1))
            await settle(pilot)
            assert not screen.summary_waits(), "a click did not read the summary"
            continue
        assert isinstance(step, HumanTurn), step
        if screen.clock is not None:  # on a clock: time stands still while a move is clicked
            seat = step.seat
            # a person takes a moment between two actions (else one who can only say "ready"
            # and take it back would do so for ever, faster than the spit falls due)
            await let_time_pass(pilot, screen, 400)
            with stopped_clock():
                # what was due by now happens now (a bot's decision chosen in a worker
                # included), not in the middle of the move
                assert await until(
                    pilot, lambda t=screen: (t._poll() or True) and not t.runner.deciding
                )
                await settle(pilot)
                legal = screen.match.legal_moves(seat)
                if legal:  # a sensible move (as the game's bot would play): races do end
                    move = sensible_move(screen.match, seat, legal, rng)
                    before = len(screen.match.moves)
                    await play_move_by_clicks(pilot, screen, move, clicks)
                    await settle(pilot)
                    assert move in screen.match.moves[before:] or screen.match.is_over()
            if not legal:
                await until(
                    pilot,
                    lambda t=screen, s=seat: t.match.is_over() or bool(t.match.legal_moves(s)),
                )
                continue
        else:
            legal = screen.match.legal_moves(step.seat)
            move = legal[rng.randrange(len(legal))]
            before = len(screen.match.moves)
            await play_move_by_clicks(pilot, screen, move, clicks)
            await settle(pilot)
            assert isinstance(app.screen, OutcomeScreen) or len(screen.match.moves) > before, (
                f"the clicks for {move.label()} did not play it: {screen.message}"
            )
            assert screen.match.moves[before] == move
        store, match_id = screen.cs_app.store, screen.match.journal_id
        assert store is not None and match_id is not None
        assert store.get(match_id).moves == len(screen.match.moves)  # stored before shown
        clicks.saved += 1
    raise AssertionError("the game did not end")


def game_row(pilot: Pilot[Any], title: str) -> tuple[int, int] | None:
    """Where the lobby's list shows ``title`` (None: not in sight)."""
    games = pilot.app.screen.query_one("#games", OptionList)
    region = games.region
    rows = screen_text(pilot.app).splitlines()  # type: ignore[arg-type]
    row = next(
        (
            y
            for y in range(region.y, region.y + region.height)
            if title in rows[y][region.x : region.x + region.width]
        ),
        None,
    )
    return None if row is None else (region.x + 3, row)


async def find_game_row(pilot: Pilot[Any], title: str) -> tuple[int, int]:
    """Where the lobby's list shows ``title``, scrolling the list down (as a mouse wheel
    does) while the game is below the ones in sight."""
    games = pilot.app.screen.query_one("#games", OptionList)
    for _ in range(50):
        where = game_row(pilot, title)
        if where is not None:
            return where
        await pilot._post_mouse_events([events.MouseScrollDown], games, offset=(3, 3))
        await settle(pilot)
    raise AssertionError(f"{title} is not in the lobby's list")


async def start_from_the_lobby_by_clicks(pilot: Pilot[Any], title: str) -> Match:
    """Click the game's entry in the lobby's list, then the Start button."""
    app = pilot.app
    await settle(pilot)
    assert isinstance(app.screen, LobbyScreen)
    await click(pilot, offset=await find_game_row(pilot, title))
    await settle(pilot)
    assert isinstance(app.screen, LobbyScreen)  # one click shows the game's seats and options
    assert f"{title} — seats and options" in screen_text(app)
    await click(pilot, "#start")
    await settle(pilot)
    table = app.screen
    assert isinstance(table, TableScreen)
    return table.match


@pytest.mark.parametrize("game_id", swept(sorted(GAMES)))
async def test_from_the_lobby_to_the_outcome_by_mouse(game_id: str) -> None:
    game = GAMES[game_id]
    app = CardsuiteApp(settings=TEST_SETTINGS, seed=1)
    clicks = Clicks()
    async with app.run_test(size=SIZE) as pilot:
        if game.watch_by_default:  # Rubashka: proposed with every seat a bot, and watched
            await click(pilot, offset=await find_game_row(pilot, game.title))
            await settle(pilot)
            await click(pilot, "#start")
            assert await until(pilot, lambda: isinstance(app.screen, OutcomeScreen), 20_000)
            await settle(pilot)
            outcome = app.screen
            assert isinstance(outcome, OutcomeScreen) and outcome.match.game is game
            assert all(seat.is_bot for seat in outcome.match.seats)
            assert outcome.match.is_over() and "game over" in screen_text(app)
            return
        match = await start_from_the_lobby_by_clicks(pilot, game.title)
        assert match.game is game
        bots = default_players(game) - 1
        assert [seat.is_bot for seat in match.seats] == [False] + [True] * bots
        outcome = await play_by_clicks(pilot, random.Random(sum(map(ord, game_id))), clicks)
        store = app.store
        assert store is not None and match.journal_id is not None
        stored = store.get(match.journal_id)
        if outcome is None:  # the person's moves were clicked, the game goes on
            assert clicks.saved >= (CLICKED_ON_A_CLOCK if match.realtime else CLICKED_AT_MOST)
            assert any(m.seat == 0 for m in match.moves)
            assert stored.moves == len(match.moves)
        else:
            assert match.is_over()
            assert await until(pilot, lambda: "game over" in screen_text(app))
            assert outcome.match is match
            assert stored.is_finished and stored.moves == len(match.moves)  # kept, finished
    assert clicks.saved
    # cards and piles were clicked (and the action bar wherever a move has no place)
    assert clicks.slots


async def test_a_double_click_in_the_lobby_starts_the_game() -> None:
    app = CardsuiteApp(settings=TEST_SETTINGS, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.double_click(offset=await find_game_row(pilot, "Rang (Ранг)"))
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.match.game.id == "rang"


async def test_rang_joker_named_by_mouse() -> None:
    # A deal where the human holds a joker: naming its rank goes through a chooser.
    match = Match(
        get_game("rang"),
        [SeatInfo("Anna"), SeatInfo("Boris", "random"), SeatInfo("Vera", "random")],
        seed=37,
    )
    app = make_app(match)
    clicks = Clicks()
    async with app.run_test(size=SIZE) as pilot:
        await play_by_clicks(
            pilot, random.Random(5), clicks, at_most=1_000, until_clicked=lambda c: c.options > 0
        )
    assert clicks.options  # a chooser (a joker naming a rank) was clicked, and the move played
