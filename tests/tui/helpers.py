"""Driving the app in Pilot tests: settle, read the screen, and play a move by keys only.

The driver may *read* the app (legal moves, the selector's cursor, the action bar) to decide
which keys to press, but it acts only by pressing keys.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import random
import time
import unicodedata
from collections.abc import Iterator
from typing import Any

from rich.console import Console
from textual import events
from textual.errors import NoWidget
from textual.geometry import Offset
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key
from textual.pilot import Pilot, _get_mouse_message_arguments
from textual.widget import Widget
from textual.worker import WorkerCancelled, WorkerFailed

from cardsuite.bots import bot_ids, make_bot
from cardsuite.core.cards import Card
from cardsuite.core.moves import Move
from cardsuite.core.protocol import AnyGame
from cardsuite.match import Match, SeatInfo
from cardsuite.runner import HumanTurn, Summary, clock
from cardsuite.store import Settings
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.chooser import ChooserScreen
from cardsuite.tui.screens.outcome import OutcomeScreen
from cardsuite.tui.screens.table import TableScreen
from cardsuite.tui.selection import gesture_matches_slot, slot_face

TEST_SETTINGS = Settings(bot_delay=0.0, auto_play=True)


def make_app(match: Match | None = None, **settings: Any) -> CardsuiteApp:
    return CardsuiteApp(match=match, settings=TEST_SETTINGS.replace(**settings), seed=1)


SETTLE_LIMIT = 120.0  # seconds: a loaded CI machine can take many times a quiet one's


async def settle(pilot: Pilot[Any], rounds: int = 5000, *, last_round: bool = True) -> None:
    """Wait until no bot, forced move or worker is pending (without idle-time sleeps).

    It gives up after ``rounds`` rounds *and* ``SETTLE_LIMIT`` seconds, whichever comes later:
    on a loaded machine a timer of the table (a move told at the table's pace, a repaint) can
    stay pending for more rounds than on a quiet one, and only time tells it is stuck.
    ``last_round=False`` skips the final wait for the screen once nothing is pending (the
    fuzz, which presses thousands of keys, waits once per key instead of twice).
    """
    app = pilot.app
    deadline = time.monotonic() + SETTLE_LIMIT
    done = 0
    while done < rounds or time.monotonic() < deadline:
        done += 1
        await _quiet(pilot)
        pending = [w for w in list(app.workers._workers) if not w.is_finished]
        if pending:
            with contextlib.suppress(WorkerCancelled, WorkerFailed):
                await app.workers.wait_for_complete(pending)
            continue
        screen = app.screen
        if isinstance(screen, TableScreen) and screen.busy:
            await asyncio.sleep(0.001)
            continue
        if last_round:
            await asyncio.sleep(0)
            await pilot._wait_for_screen()
        return
    screen = app.screen
    busy = getattr(screen, "busy", None)
    step = getattr(screen, "step", None)
    raise AssertionError(f"the app did not settle: {screen} busy={busy} step={step}")


async def _quiet(pilot: Pilot[Any]) -> None:
    """Wait for the screen until no message is left in any queue of the app or its screen.

    A key hops from the app to the focused widget and bubbles up to the screen's bindings, one
    queue at a time; one wait for the screen may end between two hops, so wait again until
    every queue is empty.
    """
    app = pilot.app
    for _ in range(50):
        await pilot._wait_for_screen()
        nodes = [app, *app.screen.walk_children(with_self=True)]
        if all(node._message_queue.empty() and not node._next_callbacks for node in nodes):
            return


def key_event(app: CardsuiteApp | Any, key: str) -> events.Key:
    """The Key event a terminal sends for ``key`` (a name such as "enter", or a character)."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    original = REPLACED_KEYS.get(key, key)
    try:
        char: str | None = unicodedata.lookup(_get_unicode_name_from_key(original))
    except KeyError:
        char = key if len(key) == 1 else None
    event = events.Key(key, char)
    event.set_sender(app)
    return event


async def press_quickly(pilot: Pilot[Any], key: str) -> None:
    """Post one key to the app (as the driver does) and wait until nothing is pending.

    The key goes straight into the app's queue, so one wait for the screen processes it:
    the fuzz presses thousands of keys and waits once per key instead of four times.
    """
    pilot.app.post_message(key_event(pilot.app, key))
    await settle(pilot, last_round=False)


async def press(pilot: Pilot[Any], *keys: str) -> None:
    """Press keys as Pilot.press does (same events through the driver), without its idle sleeps.

    Pilot.press waits for the process to look idle twice per key (some 40 ms); these tests
    press thousands of keys, so they wait for the screen to process the events instead.
    """
    app = pilot.app
    driver = app._driver
    assert driver is not None
    for key in keys:
        driver.send_message(key_event(app, key))
        await pilot._wait_for_screen()
        await asyncio.sleep(0)
        await pilot._wait_for_screen()
        if WATCHERS:
            await settle(pilot)
            for watch in WATCHERS:
                watch(app)


WATCHERS: list[Any] = []  # called with the app after every key press (leak tests)


async def until(pilot: Pilot[Any], condition: Any, rounds: int = 2000) -> bool:
    """Whether ``condition()`` comes to hold (waiting on it, frame by frame: a widget shown,
    hidden or recomposed is drawn at a later layout pass, not with the message)."""
    for _ in range(rounds):
        if condition():
            return True
        await pilot._wait_for_screen()
        await asyncio.sleep(0.001)
    return False


async def shows(pilot: Pilot[Any], text: str, rounds: int = 2000) -> bool:
    """Whether the screen comes to show ``text``."""
    return await until(pilot, lambda: text in screen_text(pilot.app), rounds)


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
    if sel.taking is not None:  # the cards it takes along, one by one, then Enter
        await take_by_keys(pilot, screen, g.picks)
    elif g.target is not None and sel.source is not None:
        for _ in range(len(sel.slots) + 1):
            current = sel.current
            if current is not None and current.pile == g.target:
                break
            await press(pilot, "tab")
        else:
            raise AssertionError(f"cannot reach the target of {move.label()}")
        await press(pilot, "enter")
    await answer_choosers(pilot, move)


async def take_by_keys(pilot: Pilot[Any], screen: TableScreen, picks: frozenset[Card]) -> None:
    """The source is picked and its move takes cards along: Tab to each of ``picks`` and
    Space, then Enter if the set was not played as it was completed."""
    sel = screen.selector
    assert sel is not None and sel.taking is not None
    for card in sorted(picks, key=lambda c: c.index):
        if sel.taking is None:
            break
        for _ in range(len(sel.slots) + 1):
            current = sel.current
            if current is not None and slot_face(sel.view, current) is card:
                break
            await press(pilot, "tab")
        else:
            raise AssertionError(f"cannot reach {card} to take it")
        await press(pilot, "space")
    if sel.taking is not None:
        await press(pilot, "enter")


async def answer_choosers(pilot: Pilot[Any], move: Move) -> None:
    for _ in range(10):
        await pilot._wait_for_screen()
        screen = pilot.app.screen
        if not isinstance(screen, ChooserScreen):
            return
        index = next(i for i, (_, moves) in enumerate(screen.choice.options) if move in moves)
        if screen.keys[index]:  # the number shown before the option
            await press(pilot, screen.keys[index])
        else:
            for _ in range(screen.order.index(index)):
                await press(pilot, "down")
            await press(pilot, "enter")


@contextlib.contextmanager
def stopped_clock() -> Iterator[None]:
    """Time stands still on the tables of games played in real time (the tests' quick clock,
    see conftest.py), so that a move entered over several keys meets the table it was chosen
    on."""
    source = clock.SOURCE
    frozen = getattr(source, "frozen", None)
    if frozen is None:
        yield
        return
    source.frozen = True  # type: ignore[attr-defined]
    try:
        yield
    finally:
        source.frozen = False  # type: ignore[attr-defined]


def sensible_move(match: Match, seat: int, legal: tuple[Move, ...], rng: random.Random) -> Move:
    """The move the game's own bot would make for ``seat`` (a person playing a race makes
    moves that lead somewhere; random ones may shuffle cards between rows for ever)."""
    bot = make_bot("heuristic", match.game)
    return bot.choose(match.game, match.observe(seat), legal, rng)


async def let_time_pass(pilot: Pilot[Any], screen: TableScreen, ms: int = 1500) -> None:
    """On a clock: wait until ``ms`` have passed on the table's clock (or the game is over)."""
    clock = screen.clock
    assert clock is not None
    start = clock.now()
    await until(pilot, lambda: screen.match.is_over() or clock.now() >= start + ms)


async def play_to_the_end(
    pilot: Pilot[Any],
    rng: random.Random,
    *,
    max_turns: int = 3000,
    on_screen: Any = None,
    stop_early: bool = False,
) -> OutcomeScreen | None:
    """Play every human decision with a random legal move, by keys, until the outcome (or,
    with ``stop_early``, until ``max_turns`` decisions have been played: then None)."""
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
        if isinstance(step, Summary) or (screen.clock is not None and screen.summary_waits()):
            await press(pilot, "enter")  # read the deal's summary; the bot deals on
            continue
        assert isinstance(step, HumanTurn), step
        if screen.clock is not None:  # on a clock: time stands still while a move is keyed in
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
                    await play_move_by_keys(pilot, screen, move)
                    await settle(pilot)
                    played = move in screen.match.moves[before:] or screen.match.is_over()
                    assert played, f"{move.label()} was not played: {screen.runner.message}"
            if not legal:  # wait until there is something to do
                await until(
                    pilot,
                    lambda t=screen, s=seat: t.match.is_over() or bool(t.match.legal_moves(s)),
                )
            continue
        legal = screen.match.legal_moves(step.seat)
        move = legal[rng.randrange(len(legal))]
        before = len(screen.match.moves)
        await play_move_by_keys(pilot, screen, move)
        await settle(pilot)
        assert len(screen.match.moves) > before or isinstance(app.screen, OutcomeScreen), (
            f"{move.label()} was not played"
        )
    if stop_early:
        return None
    raise AssertionError("the game did not end")


# --- generic matches for any registered game ------------------------------------------------------

SEAT_NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zhenya", "Zoya", "Igor", "Kira")


def generic_seats(game: AnyGame, humans: int = 1, count: int | None = None) -> list[SeatInfo]:
    """Seats for any game: the first ``humans`` seats human, the others the weakest bot.

    The table has three players when the game allows it, else its smallest count.
    """
    if count is None:
        count = 3 if 3 in game.seat_counts else min(game.seat_counts)
    weakest = bot_ids(game)[0]
    return [SeatInfo(SEAT_NAMES[i], None if i < humans else weakest) for i in range(count)]


def generic_match(game: AnyGame, seed: int = 1, humans: int = 1) -> Match:
    return Match(game, generic_seats(game, humans), seed=seed)


def finished_match(game: AnyGame, seed: int = 1) -> Match:
    """A match of ``game`` played to the end at once: bots by their bots, humans at random."""
    match = generic_match(game, seed)
    rng = random.Random(seed)
    for _ in range(100_000):
        if match.is_over():
            return match
        if match.play_bots():
            continue
        seat = min(match.to_move())
        legal = match.legal_moves(seat)
        match.apply(legal[rng.randrange(len(legal))])
    raise AssertionError(f"{game.id} did not end")


async def click_at(pilot: Pilot[Any], x: int, y: int) -> None:
    """A click at screen cell (x, y): the events Pilot.click sends, without its idle sleeps."""
    await click(pilot, offset=(x, y))


async def click(
    pilot: Pilot[Any], widget: Widget | str | None = None, offset: tuple[int, int] = (0, 0)
) -> bool:
    """Pilot.click without its idle sleeps (it waits for the process to look idle before
    each of its three events, up to a second each on a loaded machine): the same events,
    each processed before the next.  Whether the click landed on ``widget``.

    Before each event, as Pilot.pause does, the screen's pending layout is done at once: it
    waits for the screen's update timer otherwise, and a click aimed by a widget's region
    before it would land where the widget was (on a loaded machine the timer comes late)."""
    await _laid_out(pilot)
    app = pilot.app
    screen = app.screen
    target = (
        screen
        if widget is None
        else widget
        if isinstance(widget, Widget)
        else screen.query_one(widget)
    )
    arguments = _get_mouse_message_arguments(target, offset, button=1)
    x, y = arguments["x"], arguments["y"]
    assert Offset(x, y) in screen.size.region, f"({x}, {y}) is off the screen"
    try:
        widget_at: Widget | None = app.get_widget_at(x, y)[0]
    except NoWidget:
        # a screen pushed this instant has nothing laid out yet: as Textual does for a
        # real click, the events go on and land on nothing
        widget_at = None
    for event_class in (events.MouseDown, events.MouseUp, events.Click):
        kwargs = {**arguments, "chain": 1} if event_class is events.Click else arguments
        app.mouse_position = Offset(x, y)
        screen._forward_event(event_class(**kwargs))
        await _laid_out(pilot)
    return widget is None or widget_at is target


async def _laid_out(pilot: Pilot[Any]) -> None:
    """Wait for the screen's queues, then do its pending layout and repaint now."""
    await pilot._wait_for_screen()
    pilot.app.screen._on_timer_update()


# --- the lobby by keys ------------------------------------------------------------------------


async def choose_game(pilot: Pilot[Any], game_id: str, *, by_keys: bool = False) -> None:
    """Move the lobby's highlight to ``game_id`` (found by id, wherever the list shows it):
    at once, as a click does, or ``by_keys`` one arrow at a time (the lobby then shows each
    game on the way: a tenth of a second each, which the tests that only need a game's form
    are spared)."""
    from textual.widgets import OptionList

    games = pilot.app.screen.query_one("#games", OptionList)
    wanted = games.get_option_index(f"game-{game_id}")
    if not by_keys:
        games.highlighted = wanted
        assert await until(pilot, lambda: getattr(pilot.app.screen, "index", None) == wanted)
        await settle(pilot)
        return
    for _ in range(2 * games.option_count):
        if games.highlighted == wanted:
            await settle(pilot)
            return
        await press(pilot, "down" if (games.highlighted or 0) < wanted else "up")
    raise AssertionError(f"{game_id} is not reachable in the lobby's list")


async def tab_to(pilot: Pilot[Any], widget_id_prefix: str) -> None:
    """Press Tab until the focused widget's id starts with ``widget_id_prefix``."""
    for _ in range(60):
        focused = pilot.app.focused
        if focused is not None and (focused.id or "").startswith(widget_id_prefix):
            return
        await tab(pilot)
    raise AssertionError(f"Tab never reached #{widget_id_prefix}…")


async def tab(pilot: Pilot[Any]) -> None:
    """Press Tab once and wait until the focus has moved (on a loaded machine it moves a frame
    later, and a second Tab pressed meanwhile would skip a widget)."""
    before = pilot.app.focused
    await press(pilot, "tab")
    assert await until(pilot, lambda: pilot.app.focused is not before), "Tab moved no focus"
