"""How fast the terminal app feels: start-up to the first lobby frame, and key press to repaint.

    python benchmarks/tui_latency.py [--runs 7] [--keys 240]

**First frame.** With cardsuite's byte-code compiled (as an installed package has it),
``python -m cardsuite`` and a minimal Textual app (one ``Static``) are each
started as a subprocess on a pseudo-terminal of 120×40, alternately, ``--runs`` times each.
The clock runs from just before the process is spawned until the terminal has received the
first frame that shows the lobby's game list with its entries (the opening words of the
first game's summary; for the minimal app: its one line of text).
Nothing in the app is hooked or shortened: this is what a player waits for.  The figure
compared is the ratio of the medians (goal: at most 1.2).

**Key press to repaint.** The busiest tables, at 120×40, in a running app (headless, bots
without delay): Grabuge in mid-game with its reserve columns filled, Rang with ten
players, and two games in real time while the bots act on the wall clock (Nerts against three
bots just after «Go!», Spit against one).  For each of ``--keys`` presses of arrows and Tab, the clock runs from the moment
the key event reaches the app until the frame that shows the new table has been composed and
encoded to terminal bytes (the work a real terminal driver does before writing).  Keys are
spaced 25 ms apart, as a fast typist's are.  Reported: median, 95th percentile and worst
(goal: median at most 16.7 ms, worst at most 33 ms).

The last line is machine-readable:
``first_frame_ratio=… repaint_median_ms=… repaint_worst_ms=…`` (repaint figures over all
tables together).
"""

from __future__ import annotations

import argparse
import asyncio
import compileall
import fcntl
import io
import os
import random
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console

from cardsuite.core.cards import Card
from cardsuite.games import GAMES, get_game
from cardsuite.match import Match, SeatInfo
from cardsuite.store import Settings

WIDTH, HEIGHT = 120, 40
MINIMAL_APP = """
from textual.app import App
from textual.widgets import Static

class Minimal(App[None]):
    def compose(self):
        yield Static("minimal app ready")

Minimal().run()
"""
NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zhenya", "Zoya", "Igor", "Kira")


# --- first frame -----------------------------------------------------------------------------


def time_first_frame(argv: list[str], marker: bytes, env: dict[str, str]) -> float:
    """Seconds from spawning ``argv`` on a 120×40 pseudo-terminal to ``marker`` on screen."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", HEIGHT, WIDTH, 0, 0))
    start = time.perf_counter()
    process = subprocess.Popen(
        argv, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True,
        start_new_session=True,
    )  # fmt: skip
    os.close(slave)
    seen = b""
    try:
        while marker not in seen:
            ready, _, _ = select.select([master], [], [], 20)
            if not ready:
                raise RuntimeError(f"{argv}: no {marker!r} within 20 s; got {seen[-400:]!r}")
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the process ended
                raise RuntimeError(f"{argv} ended before drawing {marker!r}: {seen!r}") from None
            seen += chunk
        return time.perf_counter() - start
    finally:
        process.kill()
        process.wait()
        os.close(master)


def first_frames(runs: int) -> tuple[list[float], list[float]]:
    # A user's install has byte-code compiled for cardsuite, as Textual has in site-packages;
    # an editable checkout run with PYTHONDONTWRITEBYTECODE would compile every module at
    # every start and measure the compiler instead.
    import cardsuite

    compileall.compile_dir(Path(cardsuite.__file__).parent, quiet=1)
    with tempfile.TemporaryDirectory() as home:
        env = {k: v for k, v in os.environ.items() if not k.startswith("TEXTUAL")}
        env.update(TERM="xterm-256color", COLORTERM="truecolor", CARDSUITE_HOME=home)
        env.pop("NO_COLOR", None)
        cardsuite = [sys.executable, "-m", "cardsuite"]
        minimal = [sys.executable, "-c", MINIMAL_APP]
        # one unmeasured run each: warm the disk cache and the byte-code
        # The game list's first entry, not merely its heading: the list must be filled.
        listed = " ".join(next(iter(GAMES.values())).summary.split()[:3]).encode()
        time_first_frame(cardsuite, listed, env)
        time_first_frame(minimal, b"minimal app ready", env)
        ours: list[float] = []
        theirs: list[float] = []
        for _ in range(runs):
            ours.append(time_first_frame(cardsuite, listed, env))
            theirs.append(time_first_frame(minimal, b"minimal app ready", env))
    return ours, theirs


# --- key press to repaint --------------------------------------------------------------------


def grabuge_full_reserves() -> Match:
    """Grabuge at the human's decision where the table shows the most cards (full reserves)."""
    game = get_game("grabuge")
    seats = [SeatInfo("Anna"), SeatInfo("Boris", "random")]
    match = Match(game, seats, seed=4)
    rng = random.Random(4)
    best, best_at = -1, 0
    while not match.is_over():
        if match.play_bots(1):
            continue
        legal = match.legal_moves(0)
        shown = sum(isinstance(f, Card) for p in match.view(0).piles() for f in p.faces)
        if len(legal) > 1 and shown > best:
            best, best_at = shown, len(match.moves)
        match.apply(legal[rng.randrange(len(legal))])
    replay = Match(game, seats, seed=4)
    for move in match.moves[:best_at]:
        replay.apply(move)
    return replay


def nerts_against_three_bots() -> Match:
    """Nerts in real time, just after the start signal: three bots play as fast as their
    level allows while the person moves the cursor."""
    game = get_game("nerts")
    seats = [SeatInfo("Anna")] + [SeatInfo(NAMES[i], "heuristic") for i in range(1, 4)]
    match = Match(game, seats, seed=3)
    due = game.next_due(match.state)
    assert due is not None
    match.advance_to(due)  # «Go!»: the table's clock goes on from here
    return match


def spit_against_a_bot() -> Match:
    game = get_game("spit")
    match = Match(game, [SeatInfo("Anna"), SeatInfo("Boris", "heuristic")], seed=3)
    match.advance_to(0)
    return match


def rang_ten_players() -> Match:
    game = get_game("rang")
    seats = [SeatInfo(NAMES[i], None if i == 0 else "random") for i in range(10)]
    match = Match(game, seats, seed=2)
    match.play_bots()
    return match


async def repaint_times(match: Match, keys: int, seed: int) -> list[float]:
    """Milliseconds from each key event to the frame showing its effect being encoded.

    On a clock the app runs on the real one, as for a player: the bots act meanwhile (how many
    of their actions fell among the presses is printed)."""
    from textual import events
    from textual._compositor import CompositorUpdate

    from cardsuite.tui.app import CardsuiteApp
    from cardsuite.tui.screens.table import TableScreen

    app = CardsuiteApp(match=match, settings=Settings(bot_delay=0.0), seed=1)
    console = Console(
        width=WIDTH, height=HEIGHT, file=io.StringIO(), force_terminal=True,
        color_system="truecolor", legacy_windows=False,
    )  # fmt: skip
    frames: list[tuple[float, int]] = []  # (time the frame was encoded, table paints so far)
    times: list[float] = []
    rng = random.Random(seed)
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        for _ in range(200):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, TableScreen) and not screen.busy and screen.selector:
                break
        screen = app.screen
        assert isinstance(screen, TableScreen), screen
        table = screen.table
        display = app._display

        def measured_display(screen: Any, renderable: Any) -> None:
            display(screen, renderable)
            if isinstance(renderable, CompositorUpdate):
                renderable.render_segments(console)  # what the terminal driver would write
                frames.append((time.perf_counter(), table.paint_count))

        app._display = measured_display  # type: ignore[method-assign]
        choices = ["left", "right", "up", "down", "tab", "tab", "shift+tab"]
        for _ in range(keys):
            await asyncio.sleep(0.025)
            key = rng.choice(choices)
            paints = table.paint_count
            frames.clear()
            event = events.Key(key, None)
            start = time.perf_counter()
            app.post_message(event)
            deadline = start + 2.0
            while not any(count > paints for _, count in frames):
                if time.perf_counter() > deadline:
                    raise RuntimeError(f"no repaint after {key}")
                await asyncio.sleep(0)
            end = next(t for t, count in frames if count > paints)
            times.append((end - start) * 1000)
        app._display = display  # type: ignore[method-assign]
    return times


def bot_actions(match: Match) -> int:
    return sum(1 for move in match.moves if match.seats[move.seat].is_bot)


def summary(name: str, values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (
        f"{name:<34} {len(values):>5} {statistics.median(values):>9.2f} {p95:>9.2f}"
        f" {max(values):>9.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="start-ups of each app")
    parser.add_argument("--keys", type=int, default=240, help="key presses per table")
    args = parser.parse_args()

    ours, theirs = first_frames(args.runs)
    ratio = statistics.median(ours) / statistics.median(theirs)
    print(f"first frame at {WIDTH}x{HEIGHT}, {args.runs} alternating runs each (ms)")
    print(f"{'':<34} {'runs':>5} {'median':>9} {'min':>9} {'max':>9}")
    for name, values in (("python -m cardsuite (lobby)", ours), ("minimal Textual app", theirs)):
        ms = [v * 1000 for v in values]
        print(
            f"{name:<34} {len(ms):>5} {statistics.median(ms):>9.1f} {min(ms):>9.1f} {max(ms):>9.1f}"
        )
    print(f"ratio of medians: {ratio:.2f} (goal <= 1.2)")
    print()

    tables: list[tuple[str, Callable[[], Match]]] = [
        ("Grabuge, mid-game, full reserves", grabuge_full_reserves),
        ("Rang, 10 players", rang_ten_players),
        ("Nerts, real time, 3 bots acting", nerts_against_three_bots),
        ("Spit, real time, a bot acting", spit_against_a_bot),
    ]
    every: list[float] = []
    print(f"key press -> repaint at {WIDTH}x{HEIGHT} (ms)")
    print(f"{'table':<34} {'keys':>5} {'median':>9} {'p95':>9} {'worst':>9}")
    with tempfile.TemporaryDirectory() as home:
        os.environ["CARDSUITE_HOME"] = home
        for i, (name, build) in enumerate(tables):
            match = build()
            before = bot_actions(match)
            values = asyncio.run(repaint_times(match, args.keys, seed=i))
            every.extend(values)
            acted = bot_actions(match) - before
            print(summary(name, values) + (f"   ({acted} bot actions meanwhile)" if acted else ""))
    print(summary("all", every))
    print(
        f"first_frame_ratio={ratio:.2f} repaint_median_ms={statistics.median(every):.2f}"
        f" repaint_worst_ms={max(every):.2f}"
    )


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    main()
