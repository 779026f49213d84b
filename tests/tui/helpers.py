"""Driving the app in Pilot tests: settle, read the screen, and play a move by keys only.

The driver may *read* the app (legal moves, the selector's cursor, the action bar) to decide
which keys to press, but it acts only by pressing keys.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import random
import unicodedata
from typing import Any

from rich.console import Console
from textual import events
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key
from textual.pilot import Pilot
from textual.worker import WorkerCancelled, WorkerFailed

from cardsuite.core.moves import Move
from cardsuite.match import Match
from cardsuite.store import Settings
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.chooser import ChooserScreen
from cardsuite.tui.screens.outcome import OutcomeScreen
from cardsuite.tui.screens.table import TableScreen
from cardsuite.tui.selection import gesture_matches_slot
from cardsuite.tui.session import HumanTurn

TEST_SETTINGS = Settings(bot_delay=0.0, auto_play=True)


def make_app(match: Match | None = None, **settings: Any) -> CardsuiteApp:
    return CardsuiteApp(match=match, settings=TEST_SETTINGS.replace(**settings), seed=1)


async def settle(pilot: Pilot[Any], rounds: int = 5000) -> None:
    """Wait until no bot, forced move or worker is pending (without idle-time sleeps)."""
    app = pilot.app
    for _ in range(rounds):
        await pilot._wait_for_screen()
        pending = [w for w in list(app.workers._workers) if not w.is_finished]
        if pending:
            with contextlib.suppress(WorkerCancelled, WorkerFailed):
                await app.workers.wait_for_complete(pending)
            continue
        screen = app.screen
        if isinstance(screen, TableScreen) and screen.busy:
            await asyncio.sleep(0.001)
            continue
        await asyncio.sleep(0)
        await pilot._wait_for_screen()
        return
    screen = app.screen
    busy = getattr(screen, "busy", None)
    step = getattr(screen, "step", None)
    raise AssertionError(f"the app did not settle: {screen} busy={busy} step={step}")


async def press(pilot: Pilot[Any], *keys: str) -> None:
    """Press keys as Pilot.press does (same events through the driver), without its idle sleeps.

    Pilot.press waits for the process to look idle twice per key (some 40 ms); these tests
    press thousands of keys, so they wait for the screen to process the events instead.
    """
    app = pilot.app
    driver = app._driver
    assert driver is not None
    for key in keys:
        if len(key) == 1 and not key.isalnum():
            key = _character_to_key(key)
        original = REPLACED_KEYS.get(key, key)
        try:
            char: str | None = unicodedata.lookup(_get_unicode_name_from_key(original))
        except KeyError:
            char = key if len(key) == 1 else None
        event = events.Key(key, char)
        event.set_sender(app)
        driver.send_message(event)
        await pilot._wait_for_screen()
        await asyncio.sleep(0)
        await pilot._wait_for_screen()
        if WATCHERS:
            await settle(pilot)
            for watch in WATCHERS:
                watch(app)


WATCHERS: list[Any] = []  # called with the app after every key press (leak tests)


def screen_text(app: CardsuiteApp) -> str:
    """Everything the terminal shows now, as plain text."""
    width, height = app.size
    console = Console(
        width=width, height=height, file=io.StringIO(), force_terminal=True,
        color_system="truecolor", record=True, legacy_windows=False,
    )  # fmt: skip
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    console.print(update)
    return console.export_text()


async def play_move_by_keys(pilot: Pilot[Any], screen: TableScreen, move: Move) -> None:
    """Press the keys that play ``move`` at ``screen``'s table."""
    sel = screen.selector
    assert sel is not None
    for i, entry in enumerate(screen._entries):
        if move in entry.moves:
            await press(pilot, str(i + 1) if i < 9 else "0")
            await answer_choosers(pilot, move)
            return
    g = move.gesture()
    assert g is not None, move
    view = screen._view
    assert view is not None
    for _ in range(len(sel.slots) + 1):
        current = sel.current
        if current is not None and gesture_matches_slot(g, view, current):
            break
        await press(pilot, "tab")
    else:
        raise AssertionError(f"cannot reach the source of {move.label()}")
    await press(pilot, "enter")
    if g.target is not None and sel.source is not None:
        for _ in range(len(sel.slots) + 1):
            current = sel.current
            if current is not None and current.pile == g.target:
                break
            await press(pilot, "tab")
        else:
            raise AssertionError(f"cannot reach the target of {move.label()}")
        await press(pilot, "enter")
    await answer_choosers(pilot, move)


async def answer_choosers(pilot: Pilot[Any], move: Move) -> None:
    for _ in range(10):
        await pilot._wait_for_screen()
        screen = pilot.app.screen
        if not isinstance(screen, ChooserScreen):
            return
        index = next(i for i, (_, moves) in enumerate(screen.choice.options) if move in moves)
        if index < 10:
            await press(pilot, str(index + 1) if index < 9 else "0")
        else:
            for _ in range(index):
                await press(pilot, "down")
            await press(pilot, "enter")


async def play_to_the_end(
    pilot: Pilot[Any],
    rng: random.Random,
    *,
    max_turns: int = 3000,
    on_screen: Any = None,
) -> OutcomeScreen:
    """Play every human decision with a random legal move, by keys, until the outcome."""
    app = pilot.app
    for _ in range(max_turns):
        await settle(pilot)
        screen = app.screen
        if on_screen is not None:
            on_screen(app)
        if isinstance(screen, OutcomeScreen):
            return screen
        assert isinstance(screen, TableScreen), screen
        if screen.curtain_up:
            await press(pilot, "enter")
            continue
        step = screen.step
        assert isinstance(step, HumanTurn), step
        legal = screen.match.legal_moves(step.seat)
        move = legal[rng.randrange(len(legal))]
        before = len(screen.match.moves)
        await play_move_by_keys(pilot, screen, move)
        await settle(pilot)
        assert len(screen.match.moves) > before or isinstance(app.screen, OutcomeScreen), (
            f"{move.label()} was not played"
        )
    raise AssertionError("the game did not end")
