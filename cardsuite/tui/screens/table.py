"""The table screen: one match, drawn from TableView values, played through gestures.

This screen owns the flow of a match: it asks the :class:`~cardsuite.tui.session.Session`
what happens next (a human's turn, a curtain, a bot's turn, the end), lets bots think in a
worker thread, turns key presses and clicks into picks through the
:class:`~cardsuite.tui.selection.Selector`, and shows the engine's reason for anything refused.
It knows no game: only views, gestures, labels and choice paths.
"""

from __future__ import annotations

import contextlib
import time
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer

from cardsuite.bots import bot_ids, bot_label, make_bot
from cardsuite.core.cards import Card
from cardsuite.core.errors import CardsuiteError, IllegalMoveError
from cardsuite.core.i18n import N_, _
from cardsuite.core.moves import Move
from cardsuite.core.rng import make_rng
from cardsuite.core.table import PileId, Seat
from cardsuite.core.text import plain
from cardsuite.core.view import TableView
from cardsuite.match import Match
from cardsuite.tui.clock import WallClock
from cardsuite.tui.render.cards import Glyphs, Marks
from cardsuite.tui.render.table import Scene
from cardsuite.tui.selection import (
    ActionEntry,
    Ask,
    Cancelled,
    Choice,
    Picked,
    PickResult,
    Play,
    Refused,
    Selector,
    Slot,
    Taking,
    action_entries,
    answer,
    explain_refusal,
    gesture_matches_slot,
    slot_face,
    summarise,
    table_slots,
)
from cardsuite.tui.session import BotTurn, Curtain, HumanTurn, Over, Session, Step, Stuck
from cardsuite.tui.translated import TranslatedScreen
from cardsuite.tui.watch import FRAME_BUDGET, Watch
from cardsuite.tui.widgets.curtain import Curtain as CurtainWidget
from cardsuite.tui.widgets.table import TableWidget

if TYPE_CHECKING:
    from cardsuite.tui.app import CardsuiteApp

LOG_LINES = 80
TICK = 1 / 30  # seconds between two readings of the clock in a game played in real time


class TableScreen(TranslatedScreen[None]):
    """A match in play."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # Enter and Esc are spelled out on the table's own key line ("⏎ pick · esc cancel"),
        # so the Footer keeps its width for the others (it must fit 80 columns).
        # The descriptions are translated where shown (see cardsuite.tui.translated); "{n}" is
        # filled with the action's argument.
        # Space is Enter but while the cards a move takes along are chosen (a capture): then
        # Space takes or leaves the card under the cursor and Enter confirms; "c" lists them.
        Binding("enter", "pick", N_("Pick"), show=False, priority=False),
        Binding("space", "take", N_("Pick"), show=False),
        Binding("c", "list", N_("List the moves"), show=False),
        Binding("escape", "cancel", N_("Cancel"), show=False),
        Binding("left", "go('left')", N_("Left"), show=False),
        Binding("right", "go('right')", N_("Right"), show=False),
        Binding("up", "go('up')", N_("Up"), show=False),
        Binding("down", "go('down')", N_("Down"), show=False),
        Binding("tab", "tab(1)", N_("Next playable"), show=False),
        Binding("shift+tab", "tab(-1)", N_("Previous playable"), show=False),
        *(Binding(str(n), f"action({n})", N_("Action {n}"), show=False) for n in range(10)),
        # Watching a match only bots play (active only then, see check_action; "p" pauses it):
        # first in the Footer, so that they fit in 80 columns ("-" is on the table's key line).
        Binding("n", "watch_step", N_("Step")),
        Binding("plus", "watch_speed(1)", N_("Faster"), key_display="+"),
        Binding("minus", "watch_speed(-1)", N_("Slower"), key_display="-", show=False),
        Binding("equals_sign", "watch_speed(1)", N_("Faster"), show=False),
        Binding("right_square_bracket", "watch_speed(1)", N_("Faster"), show=False),
        Binding("left_square_bracket", "watch_speed(-1)", N_("Slower"), show=False),
        Binding("full_stop", "skip", N_("Skip"), key_display="."),
        Binding("u", "undo", N_("Undo")),
        Binding("U", "redo", N_("Redo"), key_display="U"),
        Binding("ctrl+y", "redo", N_("Redo"), show=False),
        Binding("h", "hint", N_("Hint")),
        Binding("r", "rules", N_("Rules")),
        Binding("e", "events", N_("Log"), show=False),
        Binding("question_mark", "help", N_("Help"), key_display="?"),
        Binding("s", "settings", N_("Settings"), show=False),
        Binding("l", "lobby", N_("Lobby")),
        Binding("q", "quit", N_("Quit")),
        Binding("o", "outcome", N_("Outcome"), show=False),
        Binding("p", "pause", N_("Pause")),
    ]

    def __init__(self, match: Match, *, viewer: Seat | None = None) -> None:
        super().__init__()
        self.match = match
        self.session = Session(match, viewer)
        self.step: Step | None = None
        self.selector: Selector | None = None
        self.message = ""
        self.message_kind = "info"
        self.last_piles: frozenset[PileId] = frozenset()
        self.hint: Move | None = None
        self.busy = False  # a bot or a forced move is on its way
        self.thinking: Seat | None = None
        self._epoch = 0  # bumped by every change of the match; stale workers are ignored
        self._no_autoplay_at = -1  # after an undo onto a forced move, do not replay it
        self._view_key: tuple[object, ...] | None = None
        self._view: TableView | None = None
        self._legal: tuple[Move, ...] = ()
        self._entries: list[ActionEntry] = []
        self._curtain_up = False
        self._curtain_seat: Seat = 0
        # Between deals: a bot would deal the next hand at once; a person reads the summary
        # first and presses Enter.  The match length at which that was done.
        self._summary_read_at = -1
        # The pace of the table: the events of the last move still to be shown, one at a time
        # (text, piles they moved), and whether the match runs to its end at full speed.
        self._story: list[tuple[str, frozenset[PileId]]] = []
        self._fast = False
        self._paused = False  # the window is too small: nothing moves until it grows
        self._done = False
        self._bindings_state: tuple[bool, ...] = ()
        # the log lines and the undo answer change only with the match or the viewer
        self._log_key: tuple[object, ...] | None = None
        self._log: list[str] = []
        self._undo_key: tuple[object, ...] | None = None
        self._undo_ok = False
        # Real time: the table's clock, and the countdown last drawn (redrawn as it changes).
        self.clock: WallClock | None = None
        self._countdown_shown = ""
        # Watching (every seat a bot): the speed and the pause, a bot's move chosen and held
        # until it is due (or the step key), the step key's presses not yet played, whether a
        # worker is choosing, when the last move was shown, a story held by the pause.
        # (its speed is set from the settings' pace once the screen is mounted)
        self.watching: Watch | None = None if match.humans() else Watch(0.0)
        self._watch_held: Move | None = None
        self._watch_steps = 0
        self._watch_asking = False
        self._watch_last = 0.0
        self._watch_story_waits = False

    @property
    def cs_app(self) -> CardsuiteApp:
        return self.app  # type: ignore[return-value]

    # --- composition ----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield TableWidget(id="table")
        yield CurtainWidget(id="curtain")
        yield Footer()

    @property
    def table(self) -> TableWidget:
        return self.query_one(TableWidget)

    def on_mount(self) -> None:
        self.table.focus()
        if not self.match.humans():
            self.watching = Watch(self.cs_app.settings.bot_delay)
            self._watch_last = time.monotonic()
        if self.match.realtime and not self.match.is_over():
            self.clock = WallClock(self.match.time, self.cs_app.clock_source)
            self._watch_sync_clock()
            self.set_interval(TICK, self._tick, name="clock")
        self.advance()

    def on_screen_resume(self) -> None:
        if not self._curtain_up:
            self.table.restyle()
            self.refresh_table()

    # --- the flow of the match -----------------------------------------------------------------
    def advance(self) -> None:
        """Decide what happens now and set it going."""
        if self._done or self._curtain_up:
            return
        if self.too_small():
            self._paused = True  # bots and forced moves wait until the table can be seen
            self.busy = False
            return
        self._paused = False
        step = self.session.next_step()
        self.step = step
        if isinstance(step, Over):
            self.busy = False
            self.thinking = None
            self.hint = None
            if self.message_kind != "error":
                self.message = ""
            self.refresh_table()
            self._finish()
            return
        if isinstance(step, Curtain):
            self._raise_curtain(step.seat)
            return
        if isinstance(step, Stuck):
            self.busy = False
            self.say(_("Nobody can move: the game is stuck (please report this)."), "error")
            self.refresh_table()
            return
        if self.clock is not None:  # real time: the clock drives the bots (see _tick)
            self.busy = False
            self.thinking = None
            self.refresh_table()
            return
        if isinstance(step, BotTurn):
            if self.watching is not None and not self._fast:
                self._watch_turn()
                return
            if self._fast:
                self._finish_fast(self._epoch)
                return
            if self.summary_waits():
                self.busy = False
                self.thinking = None
                self.say(_("Press Enter or click the table to go on."), "info")
                self.refresh_table()
                return
            self.busy = True
            self.thinking = step.seat
            self.refresh_table()
            self._think(step.seat, self._epoch)
            return
        assert isinstance(step, HumanTurn)
        self.thinking = None
        legal = self.match.legal_moves(step.seat)
        # In hot-seat a forced move waits for its player, who sees his hand and presses Enter.
        # In a game watched by default (no decisions at all: Rubashka) a person in a seat takes
        # part by making his only move with a key: it is never played for him.
        forced = (
            len(legal) == 1
            and self.cs_app.settings.auto_play
            and not self.match.game.watch_by_default
            and len(self.match.humans()) == 1
            and self._no_autoplay_at != len(self.match.moves)
            and not self.summary_waits()
        )
        if forced:
            self.busy = True
            self.refresh_table()
            move = legal[0]
            epoch = self._epoch
            delay = self.cs_app.settings.bot_delay
            self.set_timer(
                max(delay, 0.001), lambda: self._play_forced(epoch, move), name="forced move"
            )
            return
        self.busy = False
        if len(legal) == 1 and not self.message:
            move = legal[0]
            entries = action_entries(legal, self.match.view(step.seat))
            in_bar = any(move in entry.moves for entry in entries)
            how = _("press 1 to play it") if in_bar else _("press Enter to play it")
            self.say(
                _("One move only: {move} — {how}.").format(
                    move=self.match.fill(move.label()), how=how
                ),
                "info",
            )
        self.refresh_table()

    def too_small(self) -> bool:
        """The terminal is below the table's minimum size (the table shows a notice)."""
        from cardsuite.tui.render.table import MIN_HEIGHT, MIN_WIDTH

        width, height = self.app.size
        return width < MIN_WIDTH or height < MIN_HEIGHT

    def on_resize(self, event: events.Resize) -> None:
        if self._paused and not self.too_small():
            self.advance()

    def summary_waits(self) -> bool:
        """Between deals with people at the table: the summary waits to be read."""
        if not self.match.humans() or self._summary_read_at == len(self.match.moves):
            return False
        viewer = self.session.viewer
        return self.match.view(viewer).summary is not None

    def _summary_read(self) -> None:
        self._summary_read_at = len(self.match.moves)
        self.message = ""
        self.advance()

    def _play_forced(self, epoch: int, move: Move) -> None:
        if epoch != self._epoch or self._done or not self.is_attached:
            return
        if self.too_small():
            self._paused = True
            self.busy = False
            return
        self.play(move, forced=True)

    @work(thread=True, group="bot")
    def _think(self, seat: Seat, epoch: int) -> None:
        """A bot chooses in a worker thread, then its move is posted back after the delay."""
        start = time.monotonic()
        try:
            move: Move | None = self.match.choose_bot_move(seat)
            error = None
        except Exception as exc:  # a failing bot must not take the app down
            move, error = None, exc
        delay = self.cs_app.settings.bot_delay - (time.monotonic() - start)
        if delay > 0 and not self._fast:
            time.sleep(delay)
        with contextlib.suppress(RuntimeError):  # the app is closing
            self.app.call_from_thread(self._bot_moved, epoch, seat, move, error)

    def _bot_moved(
        self, epoch: int, seat: Seat, move: Move | None, error: BaseException | None
    ) -> None:
        if epoch != self._epoch or self._done or not self.is_attached:
            return
        if move is None:
            self.busy = False
            self.say(
                _("The bot in seat {n} failed: {error}").format(n=seat + 1, error=error), "error"
            )
            self.refresh_table()
            return
        self.play(move, by_bot=True)

    def play(self, move: Move, *, by_bot: bool = False, forced: bool = False) -> bool:
        """Apply a move through the match; a refusal shows the engine's reason."""
        if self.clock is not None:
            return self._play_now(move)
        try:
            self.match.apply(move, auto=forced)
        except CardsuiteError as exc:
            self.say(str(exc), "error")
            self.refresh_table()
            return False
        self._epoch += 1
        self.thinking = None  # the bot has decided: what it did is being told
        self.hint = None
        self.message = ""
        self._check_saved()
        viewer = self.session.viewer
        events = [event.seen_by(viewer) for event in self.match.state.events]
        if not self._tell(events, by_bot or forced):
            self.advance()
        return True

    # --- real time ------------------------------------------------------------------------------
    def _play_now(self, move: Move) -> bool:
        """A person's action on a clock: stamped with the clock's reading as it arrives.  One
        the table no longer allows, though it was offered on the table last shown, was beaten
        to it: "Too late!" and the rule it now breaks; nothing moves."""
        assert self.clock is not None
        offered = move in self._legal
        steps = len(self.match.moves) + len(self.match.timed)
        try:
            self.match.submit(move, self.clock.now())
        except CardsuiteError as exc:
            reason = self.match.fill(str(exc))
            late = offered and isinstance(exc, IllegalMoveError)
            self.say(_("Too late! {reason}").format(reason=reason) if late else reason, "error")
            self._show_steps(steps)
            return False
        self.hint = None
        self.message = ""
        self._show_steps(steps)
        return True

    def _tick(self) -> None:
        """The clock's heartbeat: perform what has fallen due, redraw what changed."""
        clock = self.clock
        if clock is None or self._done or self._curtain_up or not self.is_attached:
            return
        if self.watching is not None and not self.watching.clock_runs():
            if self.watching.moving and not self.too_small():
                self._watch_race_frame()  # as fast as it draws
            return
        if self.too_small() or clock.paused:
            return
        if self.summary_waits():  # between deals: the clock waits while people read the scores
            clock.pause()
            self.say(_("Press Enter or click the table to go on."), "info")
            self.refresh_table()
            return
        steps = len(self.match.moves) + len(self.match.timed)
        if self.match.advance_to(clock.now()):
            self._show_steps(steps)
        elif self._countdown() != self._countdown_shown:
            self.refresh_table()

    def _show_steps(self, since: int) -> None:
        """Show what happened since the match had ``since`` steps: the cards moved marked,
        the latest event said."""
        self._epoch += 1
        self._check_saved()
        viewer = self.session.viewer
        events: list[Any] = []
        if len(self.match.moves) + len(self.match.timed) > since:
            events = [e.seen_by(viewer) for e in self.match.state.events]
        if events:
            self.last_piles = frozenset(p for event in events for p in event.moved())
            if self.message_kind != "error" or not self.message:
                self.say(self.match.fill(events[-1].text()), "info")
        if self.match.is_over():
            self.advance()
            return
        self.refresh_table()

    def _countdown(self) -> str:
        """The countdown to the game's next timed event ("Spit! 3"), or ""."""
        if self.clock is None:
            return ""
        due = self.match.game.next_due(self.match.state)
        if due is None:
            return ""
        left = max(0, due - self.clock.now())
        label = self.match.view(self.session.viewer).countdown or _("Next")
        return f"{label} {-(-left // 1000)}"

    def on_key(self, event: events.Key) -> None:
        """Several people at one keyboard in a game played in real time: each has a block of
        keys that play at once (the game names them); they come before the table's keys."""
        if self.clock is None or self._curtain_up or len(self.match.humans()) < 2:
            return
        for key_move in self.match.view(self.session.viewer).key_moves:
            if key_move.key == event.key and key_move.seat in self.match.humans():
                event.stop()
                event.prevent_default()
                try:
                    move = self.match.game.move_from_text(
                        self.match.state, key_move.notation, key_move.seat
                    )
                except CardsuiteError as exc:
                    self.say(self.match.fill(str(exc)), "error")
                    self.refresh_table()
                    return
                self._play_now(move)
                return

    def _key_blocks(self, view: TableView) -> list[str]:
        """The lines that show each person's keys (several people at one keyboard)."""
        if self.clock is None or len(self.match.humans()) < 2:
            return []
        lines = []
        for seat in self.match.humans():
            keys = [k for k in view.key_moves if k.seat == seat]
            if keys:
                shown = " · ".join(f"{k.key.upper()} {k.label}" for k in keys)
                lines.append(f"{self.match.names[seat]}: {shown}")
        return lines

    def action_pause(self) -> None:
        """Stop the clock for everyone; nothing falls due and no input is taken until the
        pause screen is closed."""
        from cardsuite.tui.screens.pause import PauseScreen

        if self.watching is not None:
            self.action_watch_pause()
            return
        clock = self.clock
        if clock is None or self._done:
            return
        clock.pause()

        def resumed(_result: None) -> None:
            clock.resume()
            self.refresh_table()

        self.app.push_screen(PauseScreen(), resumed)

    # --- the pace of the table ------------------------------------------------------------------
    def _tell(self, events: list[Any], automatic: bool) -> bool:
        """Show what a move did.  The piles its events moved are marked; when a bot's move or
        an automatic step did several things, they are shown one at a time at the table's pace
        (the narration ends in ``advance``).  False when there is nothing to wait for."""
        pace = self._pace()
        moved = frozenset(p for event in events for p in event.moved())
        if not automatic or pace <= 0 or self._fast or len(events) <= 1 or self._curtain_up:
            self.last_piles = moved
            return False
        self._story = [(self.match.fill(e.text()), frozenset(e.moved())) for e in events]
        self.busy = True
        self._next_story_step(self._epoch)
        return True

    def _next_story_step(self, epoch: int) -> None:
        if epoch != self._epoch or self._done or not self.is_attached:
            return
        if not self._story:
            self.advance()
            return
        if self.watching is not None and self.watching.paused:
            self._watch_story_waits = True  # told on when the pause ends
            return
        text, moved = self._story.pop(0)
        self.say(text, "info")
        if moved:
            self.last_piles = moved
        self.refresh_table()
        step = self._pace() / 2
        self.set_timer(max(step, 0.001), lambda: self._next_story_step(epoch), name="story")

    def action_skip(self) -> None:
        """Skip to the next decision; with no human left in play, finish the match at once."""
        if self._curtain_up or self._done:
            return
        if self._story:
            moved = frozenset(p for _text, piles in self._story for p in piles)
            last = self._story[-1][0]
            self._story = []
            self._epoch += 1  # the pending story timer is stale now
            self.last_piles = moved or self.last_piles
            self.say(last, "info")
            self.advance()
            return
        if self.match.is_over():
            return
        if self.match.humans_in_play():
            self.say(_("Nothing to skip: the next decision is already yours to make."), "info")
            self.refresh_table()
            return
        self._fast = True
        self.say(_("Finishing the match at full speed…"), "info")
        self.refresh_table()
        if isinstance(self.step, BotTurn) and not self.busy:
            self.advance()

    @work(thread=True, exclusive=True, group="bot")
    def _finish_fast(self, epoch: int) -> None:
        """Bots play to the end of the match (or a human's next decision), without pauses."""
        self.busy = True
        error: Exception | None = None
        try:
            self.match.play_bots(10_000_000)
        except Exception as exc:  # a failing bot must not take the app down
            error = exc
        with contextlib.suppress(RuntimeError):  # the app is closing
            self.app.call_from_thread(self._fast_done, epoch, error)

    def _fast_done(self, epoch: int, error: Exception | None) -> None:
        if self._done or not self.is_attached:
            return
        self._epoch += 1
        self._fast = False
        self.busy = False
        self.thinking = None
        if error is not None:
            self.say(_("A bot failed: {error}").format(error=error), "error")
        self._check_saved()
        self.advance()

    # --- watching a match only bots play (the speeds: cardsuite.tui.watch) -------------------
    def _pace(self) -> float:
        """Seconds per bot move: the watch's speed when watching (0, so that a move's story
        is told at once, when a key plays it), else the settings' pace."""
        if self.watching is not None:
            return (self.watching.speed.delay or 0.0) if self.watching.moving else 0.0
        return self.cs_app.settings.bot_delay

    def _watch_turn(self) -> None:
        """A bot's turn in a watched match: its move is chosen in a worker, then played when
        the speed says (or at the step key); as fast as it draws, a worker plays a batch of
        moves between two frames."""
        watch = self.watching
        assert watch is not None
        self.thinking = None
        if self._watch_asking:
            return  # a worker is choosing: its answer goes on from here
        if self._watch_held is not None:
            self._watch_release(self._epoch)
            return
        if not watch.moving and not self._watch_steps:
            self.busy = False
            self.refresh_table()
            return
        self.busy = True
        self._watch_asking = True
        self.refresh_table()
        batch = watch.speed.flat_out and watch.moving and not self._watch_steps
        epoch = self._epoch
        self.run_worker(
            lambda: self._watch_think(epoch, batch),
            thread=True,
            group="bot",
            name="watched bots",
        )

    def _watch_think(self, epoch: int, batch: bool) -> None:
        """In a worker thread: choose the next bot's move; with ``batch``, play moves until a
        frame's time is spent, the pause, or the end (the move chosen last is handed back)."""
        match = self.match
        watch = self.watching
        assert watch is not None
        start = time.monotonic()
        made = 0
        chosen: Move | None = None
        error: Exception | None = None
        try:
            while True:
                seat = match.bot_to_move()
                if seat is None:
                    break
                chosen = match.choose_bot_move(seat)
                if not batch:
                    break
                if watch.paused or not watch.speed.flat_out or epoch != self._epoch:
                    break  # held, to be played when the watch says
                match.apply(chosen)
                chosen = None
                made += 1
                if self._done or time.monotonic() - start >= FRAME_BUDGET:
                    break
        except Exception as exc:  # a failing bot must not take the app down
            error = exc
        with contextlib.suppress(RuntimeError):  # the app is closing
            self.app.call_from_thread(self._watch_answer, made, chosen, error)

    def _watch_answer(self, made: int, chosen: Move | None, error: Exception | None) -> None:
        self._watch_asking = False
        if self._done or not self.is_attached:
            return
        self._watch_held = chosen
        if error is not None:
            self.busy = False
            self.say(_("A bot failed: {error}").format(error=error), "error")
            self.refresh_table()
            return
        if made:
            self._epoch += 1
            self._watch_last = time.monotonic()
            self._check_saved()
            events = [event.seen_by(None) for event in self.match.state.events]
            self.last_piles = frozenset(p for event in events for p in event.moved())
            if events:
                self.say(self.match.fill(events[-1].text()), "info")
            if not self.match.is_over():
                self.refresh_table()  # drawn once for the batch; the next one after the frame
                self.call_after_refresh(self.advance)
                return
        self.advance()

    def _watch_release(self, epoch: int) -> None:
        """Play the move held once it is due: at once for a press of the step key, after the
        speed's delay while the match moves by itself; held while paused."""
        watch = self.watching
        move = self._watch_held
        if watch is None or move is None or epoch != self._epoch or self._done:
            return
        if not self.is_attached:
            return
        if self.too_small():
            self._paused = True  # on_resize goes on once the table can be seen
            self.busy = False
            return
        if self._watch_steps:
            self._watch_steps -= 1
        elif not watch.moving:
            self.busy = False
            self.refresh_table()
            return
        else:
            wait = watch.wait(time.monotonic() - self._watch_last)
            if wait > 0:
                self.busy = True
                self.set_timer(wait, lambda: self._watch_release(epoch), name="watched move")
                return
        self._watch_held = None
        self._watch_last = time.monotonic()
        self.play(move, by_bot=True)

    def action_watch_pause(self) -> None:
        """``p`` while watching: everything stops where it is (the table stays in sight, and
        the step key still plays one move); ``p`` again goes on."""
        watch = self.watching
        if watch is None or self._done or self.match.is_over():
            return
        watch.toggle_pause()
        self.say(_("Paused: n plays one move, p goes on.") if watch.paused else "", "info")
        self._watch_changed()

    def action_watch_speed(self, delta: int) -> None:
        """``+`` / ``-``: the next speed up or down."""
        watch = self.watching
        if watch is None or self._done or self.match.is_over():
            return
        changed = watch.faster() if delta > 0 else watch.slower()
        if changed:
            self.say(_("Speed: {speed}").format(speed=_(watch.speed.name)), "info")
        elif delta > 0:
            self.say(_("Already the fastest speed."), "info")
        else:
            self.say(_("Already step by step: press n for each move."), "info")
        self._watch_changed()

    def _watch_changed(self) -> None:
        """The speed or the pause changed: the clock follows, and a match that may move again
        goes on from where it stood."""
        watch = self.watching
        assert watch is not None
        self._watch_sync_clock()
        if watch.moving:
            self._watch_last = min(self._watch_last, time.monotonic())
            if self._watch_story_waits:
                self._watch_story_waits = False
                self._next_story_step(self._epoch)
                return
            if self.clock is None and not self._story:
                if self._watch_held is not None:
                    self._watch_release(self._epoch)
                    return
                if not self._watch_asking and isinstance(self.step, BotTurn):
                    self.advance()
                    return
        self.refresh_table()

    def _watch_sync_clock(self) -> None:
        """On a clock: run it at the speed's rate, or hold it still (paused, step by step, or
        as fast as it draws: the table moves it from one due time to the next)."""
        clock, watch = self.clock, self.watching
        if clock is None or watch is None:
            return
        if watch.clock_runs():
            clock.resume()
            clock.set_rate(watch.speed.rate)
        else:
            clock.pause()

    def action_watch_step(self) -> None:
        """``n``: one move (or, on a clock, the next thing due), and then the match stands
        still; also while paused."""
        watch = self.watching
        if watch is None or self._done or self._curtain_up or self.match.is_over():
            return
        if watch.moving:
            watch.paused = True  # a step stops the match where it is
            self._watch_sync_clock()
        self.message = ""
        if self.clock is not None:
            self._watch_race_step()
            return
        self._watch_steps += 1
        if self._story:  # the last move's story ends at once
            self._watch_story_waits = False
            self.action_skip()
            return
        if self._watch_held is not None:
            self._watch_release(self._epoch)
        elif not self._watch_asking and isinstance(self.step, BotTurn):
            self.advance()

    def _watch_race_step(self) -> None:
        """On a clock, one step: the clock jumps to the next thing due and it happens."""
        clock = self.clock
        assert clock is not None
        before = len(self.match.moves) + len(self.match.timed)
        for _attempt in range(100):  # a bot's decision may come to nothing: on to the next
            due = self.match.next_time()
            if due is None or self.match.is_over():
                break
            clock.jump(due)
            self.match.advance_to(due)
            if len(self.match.moves) + len(self.match.timed) > before:
                break
        self._show_steps(before)

    def _watch_race_frame(self) -> None:
        """On a clock, as fast as it draws: from one due time to the next until a frame's
        time is spent, then one drawing."""
        clock = self.clock
        assert clock is not None
        before = len(self.match.moves) + len(self.match.timed)
        start = time.monotonic()
        while not self.match.is_over() and time.monotonic() - start < FRAME_BUDGET:
            due = self.match.next_time()
            if due is None:
                break
            clock.jump(due)
            self.match.advance_to(due)
        if len(self.match.moves) + len(self.match.timed) > before:
            self._show_steps(before)

    def _check_saved(self) -> None:
        """Tell the player once when the match could not be written (it goes on unsaved)."""
        error = self.match.save_error
        if error is not None and not self.match.save_error_told:
            self.match.save_error_told = True
            self.notify(
                plain(_("This match is no longer being saved: {error}").format(error=error)),
                severity="error",
                timeout=10,
                markup=False,
            )

    def _finish(self) -> None:
        if self._done:
            return
        self._done = True
        self.cs_app.show_outcome(self.match, self.session.viewer)

    def reopen(self) -> None:
        """Back from the outcome screen to look at the final table."""
        self.refresh_table()

    # --- the curtain ----------------------------------------------------------------------------
    @property
    def curtain_up(self) -> bool:
        return self._curtain_up

    def _raise_curtain(self, seat: Seat) -> None:
        self._curtain_up = True
        self._curtain_seat = seat
        self.busy = False
        self.selector = None
        self._view = None
        self._view_key = None
        table = self.table
        table.show(Scene(view=None, status=_("hand-off")))  # nothing private stays drawn
        table.display = False
        curtain = self.query_one(CurtainWidget)
        curtain.show(self.match.names[seat], self.match.log(None, last=2))
        curtain.display = True
        curtain.focus()

    def lift_curtain(self) -> None:
        if not self._curtain_up:
            return
        self._curtain_up = False
        self.query_one(CurtainWidget).display = False
        table = self.table
        table.display = True
        table.focus()
        self.session.reveal(self._curtain_seat)
        self.message = ""
        self.advance()

    def on_curtain_lifted(self, event: CurtainWidget.Lifted) -> None:
        self.lift_curtain()

    # --- drawing --------------------------------------------------------------------------------
    def _current(self) -> tuple[TableView, tuple[Move, ...]]:
        viewer = self.session.viewer
        key = (self._epoch, viewer, self.busy, self.step)
        if key != self._view_key or self._view is None:
            self._view = self.match.view(viewer)
            step = self.step
            if isinstance(step, HumanTurn) and step.seat == viewer and not self.busy:
                self._legal = self.match.legal_moves(viewer)
            else:
                self._legal = ()
            self._view_key = key
            self._entries = action_entries(self._legal, self._view)
            if self.selector is None:
                self.selector = Selector(self._view, self._legal, self._explain)
            else:
                self.selector.update(self._view, self._legal)
            self.selector.quick_play = self.cs_app.settings.quick_play
        assert self._view is not None
        return self._view, self._legal

    def refresh_table(self) -> None:
        if self._curtain_up or not self.is_mounted or not self.query(TableWidget):
            return
        view, legal = self._current()
        sel = self.selector
        assert sel is not None
        viewer = self.session.viewer
        app = self.cs_app
        settings = app.settings
        glyphs = Glyphs(settings.ascii_suits, settings.cyrillic, settings.four_colour)
        hint_source: Slot | None = None
        hint_target: PileId | None = None
        if self.hint is not None:
            g = self.hint.gesture()
            if g is not None:
                hint_source = next(
                    (s for s in table_slots(view) if gesture_matches_slot(g, view, s)), None
                )
                hint_target = g.target
        marks = Marks(
            cursor=sel.current,
            source=sel.source,
            playable=sel.sources() if sel.source is None else frozenset(),
            targets=sel.targets(),
            last=self.last_piles,
            hint_source=hint_source,
            hint_target=hint_target,
            taken=sel.picked_slots(),
            takeable=sel.takeable_slots(),
            dimmed=sel.dimmed_slots(),
        )
        status = view.status
        badge = ""
        step = self.step
        if isinstance(step, HumanTurn) and step.seat == viewer:
            badge = (
                _("YOUR TURN")
                if len(self.match.humans()) == 1
                else _("{name}, your turn").format(name=self.match.names[viewer])
            )
            if sel.taking is not None:
                status = self._taking_status(sel)
            elif sel.source is not None:
                status = _slot_picked(view, sel.source)
        elif self.thinking is not None and not isinstance(step, Over):
            badge = _("{name} is thinking…").format(name=self.match.names[self.thinking])
        elif isinstance(step, Over):
            outcome = self.match.outcome()
            status = (
                _("The game is over: {reason}").format(
                    reason=_fill(outcome.reason, self.match.names)
                )
                if outcome
                else _("The game is over")
            )
            badge = _("GAME OVER")
        if self.clock is not None and not isinstance(step, Over):
            self._countdown_shown = self._countdown()
            badge = self._countdown_shown or (_("PAUSED") if self.clock.paused else _("PLAY!"))
            if sel.source is not None:
                status = _slot_picked(view, sel.source)
        keys = _("⏎ pick · esc cancel") if legal else ""
        if sel.taking is not None:
            keys = _("space take/leave · ⏎ confirm · c list · esc cancel")
        if self.clock is not None and not isinstance(step, Over):
            keys = _("⏎ pick · esc cancel · p pause")
        if self.watching is not None and not isinstance(step, Over):
            countdown = f" · {self._countdown_shown}" if self._countdown_shown else ""
            badge = self.watching.badge() + countdown
            keys = self.watching.keys()
        if isinstance(step, Over):
            keys = _("o outcome · l lobby · q quit")
        elif self.watching is not None:
            pass
        elif self._story:
            keys = _(". skip to the next decision")
        elif self.match.humans() and not self.match.humans_in_play():
            keys = _(". finish the match at full speed")
        if self.match.save_error is not None:  # said once in full; marked for as long as it lasts
            keys = f"{keys} · {_('not saved')}" if keys else _("not saved")
        tags = {}
        for s, info in enumerate(self.match.seats):
            if s == viewer:
                tags[s] = _("you")
            elif info.is_bot:
                tags[s] = _("bot · {level}").format(level=_(bot_label(info.bot or "")))
            else:
                tags[s] = _("human")
        words = glyphs.words
        scene = Scene(
            view=view,
            marks=marks,
            glyphs=glyphs,
            status=words(status),
            badge=badge,
            message=words(self.message),
            message_kind=self.message_kind,
            actions=[words(self.match.fill(e.label)) for e in self._entries],
            keys=keys,
            log=[words(line) for line in self._recent_log(viewer)],
            info=[
                words(line) for line in (*self._key_blocks(view), *view.info)
            ],  # whose keys first
            tags=tags,
            legal=[words(self.match.fill(line)) for line in summarise(legal)] if legal else (),
        )
        self.table.show(scene)
        state = (self.undo_allowed(), self.redo_allowed(), isinstance(step, Over))
        if state != self._bindings_state:
            self._bindings_state = state
            self.refresh_bindings()

    def _recent_log(self, viewer: Seat | None) -> list[str]:
        key = (self._epoch, viewer, len(self.match.moves))
        if key != self._log_key:
            self._log = self.match.log(viewer, last=LOG_LINES)
            self._log_key = key
        return self._log

    def say(self, text: str, kind: str = "info") -> None:
        self.message = plain(text)  # a path or an error may hold control characters
        self.message_kind = kind

    # --- explaining refusals --------------------------------------------------------------------
    def _explain(self, slot: Slot, target: PileId | None) -> str:
        viewer = self.session.viewer
        view = self._view
        if view is None or viewer is None:
            return _("you are watching: nothing to play")
        step = self.step
        if self.busy and isinstance(step, BotTurn):
            return _("wait: it is {name}'s turn").format(name=self.match.names[step.seat])
        if isinstance(step, Over):
            return _("the game is over")
        game = self.match.game
        try:
            candidates = list(game.candidates(self.match.state, viewer))
        except Exception:  # a game may not list candidates for a seat not on turn
            candidates = []
        return explain_refusal(view, slot, target, candidates, self.match.why_illegal)

    # --- input ----------------------------------------------------------------------------------
    def _handle(self, result: PickResult) -> None:
        if isinstance(result, Play):
            self.play(result.move)
            return
        if isinstance(result, Ask):
            self._ask(result.choice)
            return
        if isinstance(result, Refused):
            if result.reason:
                self.say(_capitalise(result.reason), "error")
        elif isinstance(result, Taking):
            self.message = ""
            sel = self.selector
            assert sel is not None
            lit = sel.takeable_slots() | sel.picked_slots()
            if sel.current not in lit:  # just picked: on the first card it may take
                sel.cursor = min(
                    (i for i, s in enumerate(sel.slots) if s in lit), default=sel.cursor
                )
        elif isinstance(result, Picked):
            self.message = ""
            sel = self.selector
            assert sel is not None
            # put the cursor on the top of the first legal target, so Enter twice plays
            first = next((s.pile for s in sel.slots if s.pile in result.targets), None)
            if first is not None:
                sel.cursor = max(i for i, s in enumerate(sel.slots) if s.pile == first)
        elif isinstance(result, Cancelled):
            self.message = ""
        self.refresh_table()

    def _ask(self, choice: Choice) -> None:
        from cardsuite.tui.screens.chooser import ChooserScreen

        epoch = self._epoch

        def chosen(index: int | None) -> None:
            if index is None or epoch != self._epoch:
                self.say(_("Cancelled."), "info")
                self.refresh_table()
                return
            result = answer(choice, index)
            if isinstance(result, Move):
                self.play(result)
            else:
                self._ask(result)

        named = Choice(
            self.match.fill(choice.prompt),
            tuple((self.match.fill(label), moves) for label, moves in choice.options),
            choice.depth,
        )
        self.app.push_screen(ChooserScreen(named), chosen)

    def _ready(self) -> bool:
        return not self._curtain_up and self.selector is not None

    def action_pick(self) -> None:
        if self._curtain_up:
            self.lift_curtain()
            return
        if not self._ready() or self._summary_gone_on():
            return
        assert self.selector is not None
        if not self._legal:
            current = self.selector.current
            if current is not None:
                self._handle(Refused(self._explain(current, None)))
            return
        if self.selector.taking is not None:
            self._handle(self.selector.confirm(self.selector.current))
            return
        self._handle(self.selector.pick())

    def action_take(self) -> None:
        """Space: take or leave the card under the cursor while the cards a move takes along
        are chosen; otherwise the same as Enter."""
        sel = self.selector
        if self._curtain_up or sel is None or sel.taking is None or not self._legal:
            self.action_pick()
            return
        self._handle(sel.toggle())

    def action_list(self) -> None:
        """``c``: the moves of the picked card (or of the card under the cursor) as a list,
        those the cards taken so far still allow."""
        if not self._ready():
            return
        assert self.selector is not None
        if not self._legal:
            current = self.selector.current
            self._handle(Refused(self._explain(current or Slot("", None), None)))
            return
        self._handle(self.selector.listing())

    def _taking_status(self, sel: Selector) -> str:
        """The status line while the cards a move takes along are chosen: what is taken so
        far and what Enter would play."""
        taking = sel.taking
        assert taking is not None
        face = slot_face(sel.view, taking.source)
        what = str(face) if isinstance(face, Card) else sel.view.pile(taking.source.pile).label
        exact = taking.exact()
        play = self.match.fill(exact.label()) if exact is not None else ""
        if not taking.picks:
            pile = sel.view.pile(taking.target).label
            text = _("{card} picked: take the cards it takes from the {pile}").format(
                card=what, pile=pile
            )
            return text + (" · " + _("Enter alone: {move}").format(move=play) if play else "")
        taken = " ".join(str(c) for c in sorted(taking.picks, key=lambda c: (-c.rank, c.index)))
        if play:
            return _("Enter: {move} · or take more").format(move=play)
        return _("{card} takes {cards}…: take more").format(card=what, cards=taken)

    def action_cancel(self) -> None:
        if not self._ready():
            return
        assert self.selector is not None
        self.hint = None
        self._handle(self.selector.cancel())

    def action_go(self, direction: str) -> None:
        if not self._ready():
            return
        assert self.selector is not None
        # the rectangles of the scene as it is now, even if no frame has shown it yet
        self.selector.go(direction, self.table.slot_rects())
        self.refresh_table()

    def action_tab(self, delta: int) -> None:
        if not self._ready():
            return
        assert self.selector is not None
        self.selector.tab(delta)
        self.refresh_table()

    def action_action(self, number: int) -> None:
        if not self._ready():
            return
        index = 9 if number == 0 else number - 1
        self._choose_entry(index)

    def _choose_entry(self, index: int) -> None:
        assert self.selector is not None
        if not self._legal:
            self.say(_capitalise(self._explain(Slot("", None), None)), "error")
            self.refresh_table()
            return
        if not 0 <= index < len(self._entries):
            number = index + 1 if index < 9 else 0
            self.say(_("There is no action {n} now.").format(n=number), "error")
            self.refresh_table()
            return
        self._handle(self.selector.choose_entry(self._entries[index]))

    def _summary_gone_on(self) -> bool:
        """Between deals, the summary read (Enter or a click): play goes on.  False when no
        summary was waiting."""
        if isinstance(self.step, BotTurn) and not self.busy and self.summary_waits():
            self._summary_read()
            return True
        if self.clock is not None and self.summary_waits():  # the scores read: time goes on
            self.clock.resume()
            self._summary_read()
            return True
        return False

    def on_table_widget_clicked(self, event: TableWidget.Clicked) -> None:
        """A click where there is no card nor action: it reads a waiting summary."""
        if self._ready():
            self._summary_gone_on()

    def on_table_widget_slot_clicked(self, event: TableWidget.SlotClicked) -> None:
        if not self._ready() or self._summary_gone_on():
            return
        assert self.selector is not None
        self.selector.move_to(event.slot)
        if not self._legal:
            self._handle(Refused(self._explain(event.slot, None)))
            return
        self._handle(self.selector.pick(event.slot))

    def on_table_widget_action_clicked(self, event: TableWidget.ActionClicked) -> None:
        if self._ready():
            self._choose_entry(event.index)

    # --- undo, hint and the other keys ----------------------------------------------------------
    def undo_allowed(self) -> bool:
        viewer = self.session.viewer
        if viewer is None or self._curtain_up:
            return False
        key = (self._epoch, viewer, len(self.match.moves))
        if key != self._undo_key:
            self._undo_ok = self.match.undo_point(viewer) is not None
            self._undo_key = key
        return self._undo_ok

    def redo_allowed(self) -> bool:
        viewer = self.session.viewer
        return viewer is not None and not self._curtain_up and self.match.redo_offered(viewer)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self._curtain_up:
            return action in ("pick", "take", "help", "rules", "settings", "lobby", "quit")
        if action in ("undo", "redo", "hint", "skip") and self.match.is_over():
            return False  # the game is over: not offered at all
        if action in ("watch_step", "watch_speed"):
            return self.watching is not None and not self.match.is_over()
        if self.watching is not None and action in ("undo", "redo", "hint", "skip"):
            return False  # nobody to undo or hint for; the speeds go as fast as skipping
        if action == "pause" and self.watching is not None:
            return not self.match.is_over()
        if action == "pause":
            return self.clock is not None and not self.match.is_over()
        if action == "undo" and self.match.realtime:
            return False  # never offered on a clock (u still says why)
        if action == "undo":
            return True if self.undo_allowed() else None
        if action == "redo":
            return self.redo_allowed()
        return True

    def key_u(self) -> None:
        """``u`` while undo is greyed out: say why.  (When it is allowed the binding takes it
        back: this handler sees the key first and must leave it alone, or one press would
        undo twice.)"""
        if not self.undo_allowed():
            self.say(self._undo_refusal(), "error")
            self.refresh_table()

    def key_upper_u(self) -> None:
        """``U`` (redo) with nothing to redo: say so (the binding is hidden then)."""
        if not self.redo_allowed() and self.session.viewer is not None:
            self.say(_("Nothing to redo: redo plays again what undo took back."), "error")
            self.refresh_table()

    key_ctrl_y = key_upper_u

    def action_undo(self) -> None:
        viewer = self.session.viewer
        if viewer is None or not self.undo_allowed():
            self.say(self._undo_refusal(), "error")
            self.refresh_table()
            return
        undone = self.match.undo(viewer)
        text = undone.text(self.match.names)
        if undone.practice:
            text += " " + _("Practice game now: you had seen cards since.")
        if len(self.match.legal_moves(viewer)) == 1:
            self._no_autoplay_at = len(self.match.moves)  # his only move, made by hand before
        self._stepped(text)

    def action_redo(self) -> None:
        viewer = self.session.viewer
        if viewer is None or not self.redo_allowed():
            return
        self._stepped(self.match.redo(viewer).text(self.match.names, redo=True))

    def _stepped(self, text: str) -> None:
        """After an undo or a redo: nothing pending goes on, the message says what changed."""
        self._story = []
        self._fast = False
        self._epoch += 1
        self.thinking = None
        self.hint = None
        self.last_piles = frozenset()
        self.say(text)
        self._check_saved()
        self.advance()

    def _undo_refusal(self) -> str:
        viewer = self.session.viewer
        if viewer is None:
            return _("Undo is not available to a spectator.")
        if self.match.realtime:
            return _("There is no undo in a game played in real time: the others play on.")
        if len(self.match.humans()) > 1:
            return _("Undo is only offered to a player alone against bots.")
        if self.match.is_over():
            return _("The game is over: nothing to undo.")
        if not any(m.seat == viewer for m in self.match.moves):
            return _("Nothing to undo yet.")
        return _("Nothing to undo: every move you made so far was your only one.")

    def action_hint(self) -> None:
        viewer = self.session.viewer
        if viewer is None or not self._legal:
            self.say(_("No hint: it is not your turn."), "error")
            self.refresh_table()
            return
        self.say(_("Thinking of a hint…"), "hint")
        self.refresh_table()
        self._find_hint(viewer, self._epoch)

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def _find_hint(self, seat: Seat, epoch: int) -> None:
        match = self.match
        try:
            ids = bot_ids(match.game)
            bot = make_bot(ids[-1], match.game)
            legal = match.legal_moves(seat)
            rng = make_rng(match.seed, "hint", len(match.moves))
            move: Move | None = bot.choose(match.game, match.observe(seat), legal, rng)
        except Exception:
            move = None
        with contextlib.suppress(RuntimeError):  # the app is closing
            self.app.call_from_thread(self._hinted, epoch, move)

    def _hinted(self, epoch: int, move: Move | None) -> None:
        if epoch != self._epoch or not self.is_attached:
            return
        if move is None:
            self.say(_("No hint available."), "error")
        else:
            self.hint = move
            label = self.match.fill(move.label())
            text = _("Hint: {move}").format(move=label)
            for i, e in enumerate(self._entries):
                if move in e.moves:
                    text = _("Hint: {move} (action {n})").format(
                        move=label, n=i + 1 if i < 9 else 0
                    )
            self.say(text, "hint")
        self.refresh_table()

    def action_rules(self) -> None:
        self.cs_app.show_rules(self.match.game)

    def action_help(self) -> None:
        self.cs_app.show_help()

    def action_settings(self) -> None:
        self.cs_app.show_settings()

    def action_events(self) -> None:
        from cardsuite.tui.screens.log import LogScreen

        if self._curtain_up:
            return
        self.app.push_screen(LogScreen(self.match.log(self.session.viewer)))

    def action_lobby(self) -> None:
        self._leave()
        self.cs_app.show_lobby()

    def action_quit(self) -> None:
        self._leave()
        self.app.exit()

    def _leave(self) -> None:
        self._epoch += 1
        self._done = True

    def action_outcome(self) -> None:
        if self.match.is_over():
            self.cs_app.show_outcome(self.match, self.session.viewer)


def _slot_picked(view: TableView, slot: Slot) -> str:
    """The status line while a source is picked: "6♠ picked: choose where it goes …"."""
    try:
        pile = view.pile(slot.pile)
    except KeyError:
        return _("A card picked: choose where it goes · Esc cancels")
    face = (
        pile.faces[slot.index] if slot.index is not None and slot.index < pile.count else pile.top
    )
    if isinstance(face, Card):
        return _("{card} picked: choose where it goes · Esc cancels").format(card=face)
    return _("The {pile} picked: choose where it goes · Esc cancels").format(pile=pile.label)


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def _fill(text: str, names: Any) -> str:
    from cardsuite.core.text import fill

    return fill(text, names)
