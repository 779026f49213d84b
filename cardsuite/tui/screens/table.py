"""The table screen: one match, drawn from TableView values, played through gestures.

The match is run by a :class:`~cardsuite.runner.Runner` (whose turn, bots, forced moves, the
pace, watching, the clock, undo); this screen draws what the runner says, turns key presses
and clicks into picks through the :class:`~cardsuite.tui.selection.Selector`, sends the moves
picked to the runner, and shows the reason for anything refused.  It knows no game: only
views, gestures, labels and choice paths.  While another screen hides it (the rules, help, a
choice) or the terminal is too small to show it, the runner holds the match still.
"""

from __future__ import annotations

import contextlib
import time
from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.timer import Timer

from cardsuite.core.i18n import N_, _
from cardsuite.core.moves import Move
from cardsuite.core.protocol import AnyGame
from cardsuite.core.table import Seat
from cardsuite.core.text import plain
from cardsuite.core.view import TableView
from cardsuite.match import Match
from cardsuite.runner import Runner
from cardsuite.store import Settings
from cardsuite.tui.render.table import Scene
from cardsuite.tui.screens.picking import Picking
from cardsuite.tui.selection import (
    ActionEntry,
    Selector,
    action_entries,
    gesture_matches_slot,
)
from cardsuite.tui.table_scene import message_line, table_scene
from cardsuite.tui.translated import TranslatedScreen, footer
from cardsuite.tui.widgets.curtain import Curtain as CurtainWidget
from cardsuite.tui.widgets.table import TableWidget

if TYPE_CHECKING:
    from cardsuite.tui.app import CardsuiteApp
    from cardsuite.tui.played import TableMatch, TableRunner

# The runner's own changes (bots at full speed, the clock) are drawn at most this often.
FRAME = 1 / 60
LOG_LINES = 80
# Keys that act on the table: one pressed before the player's decision was on the table (while
# a bot's move was being told) is dropped, not carried over to the decision.
ACTING_KEYS = frozenset({"enter", "space", "c", *(str(n) for n in range(10))})


class TableScreen(Picking, TranslatedScreen[None]):
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
        Binding("t", "scores", N_("Scores"), show=False),
        Binding("question_mark", "help", N_("Help"), key_display="?"),
        Binding("s", "settings", N_("Settings"), show=False),
        Binding("l", "lobby", N_("Lobby")),
        Binding("q", "quit", N_("Quit")),
        Binding("o", "outcome", N_("Outcome"), show=False),
        Binding("p", "pause", N_("Pause")),
    ]

    def __init__(
        self,
        app: CardsuiteApp,
        match: TableMatch,
        *,
        viewer: Seat | None = None,
        runner: TableRunner | None = None,
    ) -> None:
        """A match played here (its runner made here), or, with ``runner``, one played
        elsewhere (a seat at a server: :mod:`cardsuite.net.remote`)."""
        super().__init__()
        self.match: TableMatch = match
        settings = app.settings
        if runner is None:
            assert isinstance(match, Match)
            runner = Runner(
                match,
                viewer=viewer,
                pace=settings.bot_delay,
                auto_play=_auto_play(settings, match.game),
                clock_source=app.clock_source,
                notify=self._notified,
                count_in=app.count_in,
            )
        self.runner: TableRunner = runner
        self.selector: Selector | None = None
        self._timer: Timer | None = None
        self._drawn_at = 0.0  # when the runner's changes were last drawn (time.monotonic)
        self._draw_timer: Timer | None = None  # a drawing put off to the next frame
        self._view_key: tuple[object, ...] | None = None
        self._view: TableView | None = None
        self._legal: tuple[Move, ...] = ()
        self._entries: list[ActionEntry] = []
        self._curtain_up = False
        self._open_since = 0.0  # when the viewer's decision was last put on the table
        self._hint_shown: Move | None = None
        self._finished = False
        self._bindings_state: tuple[bool, ...] = ()
        self._log_key: tuple[object, ...] | None = None
        self._log: list[str] = []

    @property
    def cs_app(self) -> CardsuiteApp:
        return self.app  # type: ignore[return-value]

    # What tests and the app read of the match in play: the runner's answers.
    step = property(lambda self: self.runner.step)
    busy = property(lambda self: self.runner.busy or self._draw_timer is not None)
    clock = property(lambda self: self.runner.clock)
    watching = property(lambda self: self.runner.watch)
    message_kind = property(lambda self: self.runner.message_kind)
    curtain_up = property(lambda self: self._curtain_up)

    @property
    def message(self) -> str:
        """The message line as shown (the runner's news, or how to play the one move)."""
        return message_line(self.runner, self._entries, self._legal)

    def summary_waits(self) -> bool:
        return self.runner.summary_waits()

    # --- composition ----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield TableWidget(id="table")
        yield CurtainWidget(id="curtain")
        yield footer()

    @property
    def table(self) -> TableWidget:
        return self.query_one(TableWidget)

    def on_mount(self) -> None:
        self.table.focus()
        if self.too_small():
            self.runner.hold("small")
        self.runner.start()
        self._after()

    def on_screen_suspend(self) -> None:
        self.runner.hold("hidden")  # nothing moves behind another screen

    def on_screen_resume(self) -> None:
        runner = self.runner
        settings = self.cs_app.settings
        runner.pace, runner.auto_play = settings.bot_delay, _auto_play(settings, self.match.game)
        runner.release("hidden")
        if not self._curtain_up:
            self.table.restyle()
        self._after()

    def too_small(self) -> bool:
        """The terminal is below the table's minimum size (the table shows a notice)."""
        from cardsuite.tui.render.table import MIN_HEIGHT, MIN_WIDTH

        width, height = self.app.size
        return width < MIN_WIDTH or height < MIN_HEIGHT

    def on_resize(self, event: events.Resize) -> None:
        if self.too_small():
            self.runner.hold("small")
        else:
            self.runner.release("small")
        self._after()

    # --- following the runner -------------------------------------------------------------------
    def _notified(self) -> None:
        """From a worker thread: an answer is waiting in the runner."""
        with contextlib.suppress(RuntimeError):  # the app is closing
            self.app.call_from_thread(self._poll)

    def _poll(self) -> None:
        if self.is_attached:
            self._after(redraw=self.runner.poll(), by_frame=True)

    def _after(self, *, redraw: bool = True, by_frame: bool = False) -> None:
        """Show what the runner says now (``redraw``: something may have changed), and wake
        it when something next falls due.  ``by_frame``: a change of the runner's own (bots
        at full speed, a clock), drawn at most once a frame; a player's action is drawn at
        once."""
        runner = self.runner
        if not self.is_attached:
            return
        problem = runner.save_problem()
        if problem is not None:
            self.notify(
                plain(_("This match is no longer being saved: {error}").format(error=problem)),
                severity="error",
                timeout=10,
                markup=False,
            )
        if runner.curtain is not None and not self._curtain_up:
            self._raise_curtain(runner.curtain)
        elif not self._curtain_up and redraw:
            self._draw(by_frame)
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        due = runner.wakeup()
        if due is not None:
            wait = max(0.0005, due - runner.now())
            self._timer = self.set_timer(wait, self._poll, name="runner")
        if runner.done and not self._finished and self.app.screen is self:
            self._finished = True
            self.cs_app.show_outcome(self.match, runner.viewer)

    def _draw(self, by_frame: bool) -> None:
        wait = self._drawn_at + FRAME - time.monotonic()
        if by_frame and wait > 0 and not self.runner.done:
            if self._draw_timer is None:
                self._draw_timer = self.set_timer(wait, self._draw_now, name="draw")
            return
        self._draw_now()

    def _draw_now(self) -> None:
        if self._draw_timer is not None:
            self._draw_timer.stop()
            self._draw_timer = None
        self._drawn_at = time.monotonic()
        if not self._curtain_up:
            self.refresh_table()

    def play(self, move: Move) -> bool:
        """Send the player's move to the runner; a refusal shows its reason."""
        played = self.runner.submit(move)
        self._after()
        return played

    def reopen(self) -> None:
        """Back from the outcome screen to look at the final table."""
        self.refresh_table()

    # --- the curtain ----------------------------------------------------------------------------
    def _raise_curtain(self, seat: Seat) -> None:
        self._curtain_up = True
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
        self.refresh_bindings()

    def lift_curtain(self) -> None:
        if not self._curtain_up:
            return
        self._curtain_up = False
        self.query_one(CurtainWidget).display = False
        table = self.table
        table.display = True
        table.focus()
        self.runner.lift_curtain()
        self.refresh_bindings()
        self._after()

    def on_curtain_lifted(self, event: CurtainWidget.Lifted) -> None:
        self.lift_curtain()

    # --- drawing --------------------------------------------------------------------------------
    def _current(self) -> tuple[TableView, tuple[Move, ...]]:
        runner = self.runner
        key = (runner.version, runner.viewer, runner.step)
        if key != self._view_key or self._view is None:
            self._view = runner.view()
            legal = runner.legal
            if legal and not self._legal:
                self._open_since = time.monotonic()
            self._legal = legal
            self._view_key = key
            self._entries = action_entries(self._legal, self._view)
            if self.selector is None:
                self.selector = Selector(self._view, self._legal, self._explain)
            else:
                self.selector.update(self._view, self._legal)
            self.selector.quick_play = self.cs_app.settings.quick_play
            self._follow_hint()
        assert self._view is not None
        return self._view, self._legal

    def _follow_hint(self) -> None:
        """A new hint: the cursor goes to the card it plays, so that Enter acts on it."""
        hint, sel, view = self.runner.hint, self.selector, self._view
        if hint is None or hint == self._hint_shown or sel is None or view is None:
            self._hint_shown = hint
            return
        self._hint_shown = hint
        g = hint.gesture()
        if g is None:
            return
        for i, slot in enumerate(sel.slots):
            if gesture_matches_slot(g, view, slot):
                sel.cursor = i
                return

    def refresh_table(self) -> None:
        if self._curtain_up or not self.is_mounted or not self.query(TableWidget):
            return
        runner = self.runner
        view, legal = self._current()
        assert self.selector is not None
        settings = self.cs_app.settings
        log = self._recent_log()
        scene = table_scene(runner, self.selector, view, legal, self._entries, settings, log)
        self.table.show(scene)
        state = (runner.undo_allowed(), runner.redo_allowed(), runner.done, self._curtain_up)
        if state != self._bindings_state:
            self._bindings_state = state
            self.refresh_bindings()

    def _recent_log(self) -> list[str]:
        runner = self.runner
        # the log is a function of the match's history (its newest state) and the viewer
        key = (self.match.state, runner.viewer, len(self.match.timed))
        old = self._log_key
        if old is None or old[0] is not key[0] or old[1:] != key[1:]:
            self._log = runner.log(last=LOG_LINES)
            self._log_key = key
        return self._log

    def say(self, text: str, kind: str = "info") -> None:
        self.runner.say(text, kind)

    def on_key(self, event: events.Key) -> None:
        """A key that acts, pressed before the decision was on the table, is dropped.  On a
        clock with several people at one keyboard, each has a block of keys that play at once
        (the game names them); they come before the table's keys."""
        runner = self.runner
        if self._curtain_up:
            return
        if event.key in ACTING_KEYS and event.time < self._open_since and runner.clock is None:
            event.stop()
            event.prevent_default()
            return
        if runner.clock is None or len(runner.keyboard) < 2:
            return
        for key_move in runner.view().key_moves:
            if key_move.key == event.key and key_move.seat in runner.keyboard:
                event.stop()
                event.prevent_default()
                runner.submit_key(key_move.seat, key_move.notation, key_move.label)
                self._after()
                return

    # --- the keys of the runner -----------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        runner = self.runner
        if self._curtain_up:
            return action in ("pick", "take", "help", "rules", "settings", "lobby", "quit")
        over = self.match.is_over()
        if action in ("undo", "redo", "hint", "skip") and over:
            return False  # the game is over: not offered at all
        if action in ("watch_step", "watch_speed"):
            return runner.watch is not None and not over
        if action == "skip" and runner.clock is not None:
            return False  # on a clock nothing waits to be skipped: the others play on
        if runner.watch is not None and action in ("undo", "redo", "hint", "skip"):
            return False  # nobody to undo or hint for; the speeds go as fast as skipping
        if action == "pause":
            return (runner.watch is not None or runner.clock is not None) and not over
        if action in self._players_keys():
            return False  # several people at one keyboard on a clock: the letters are theirs
        if action == "undo" and self.match.realtime:
            return False  # never offered on a clock (u still says why)
        if action == "undo":
            return True if runner.undo_allowed() else None
        if action == "redo":
            return runner.redo_allowed()
        return True

    def _players_keys(self) -> frozenset[str]:
        """The table's actions whose keys belong to the players (several people at one
        keyboard on a clock: the game gives each a block of keys); the pause screen offers
        the lobby and quitting instead."""
        runner = self.runner
        if runner.clock is None or len(runner.keyboard) < 2:
            return frozenset()
        taken = {k.key for k in runner.view().key_moves}
        return frozenset(
            b.action for b in self.BINDINGS if isinstance(b, Binding) and b.key in taken
        )

    def key_u(self) -> None:
        """``u`` while undo is greyed out: say why.  (When it is allowed the binding takes it
        back: this handler sees the key first and must leave it alone, or one press would
        undo twice.)"""
        runner = self.runner
        if not runner.undo_allowed() and not self._curtain_up:
            runner.say(runner.undo_refusal(), "error")
            self.refresh_table()

    def key_upper_u(self) -> None:
        """``U`` (redo) with nothing to redo: say so (the binding is hidden then)."""
        runner = self.runner
        if not runner.redo_allowed() and runner.viewer is not None:
            runner.say(_("Nothing to redo: redo plays again what undo took back."), "error")
            self.refresh_table()

    key_ctrl_y = key_upper_u

    def action_undo(self) -> None:
        self.runner.undo()
        self._after()

    def action_redo(self) -> None:
        if self.runner.redo_allowed():
            self.runner.redo()
            self._after()

    def action_hint(self) -> None:
        self.runner.request_hint()
        self._after()

    def action_skip(self) -> None:
        self.runner.skip()
        self._after()

    def action_pause(self) -> None:
        """Stop the clock for everyone (or, watching, stop where it is)."""
        from cardsuite.tui.screens.pause import PauseScreen

        runner = self.runner
        if runner.watch is not None:
            runner.watch_pause()
            self._after()
            return
        if runner.clock is None or runner.done:
            return
        runner.hold("pause")

        def resumed(leave: str | None) -> None:
            if leave == "lobby":
                self.action_lobby()
                return
            if leave == "quit":
                self.action_quit()
                return
            runner.release("pause")
            self._after()

        self.app.push_screen(PauseScreen(), resumed)

    def action_watch_pause(self) -> None:
        self.runner.watch_pause()
        self._after()

    def action_watch_speed(self, delta: int) -> None:
        self.runner.watch_speed(delta)
        self._after()

    def action_watch_step(self) -> None:
        self.runner.watch_step()
        self._after()

    def action_rules(self) -> None:
        self.cs_app.show_rules(self.match.game)

    def action_help(self) -> None:
        self.cs_app.show_help()

    def action_settings(self) -> None:
        self.cs_app.show_settings()

    def action_events(self) -> None:
        from cardsuite.tui.screens.log import LogScreen

        if not self._curtain_up:
            self.app.push_screen(LogScreen(self.runner.log()))

    def action_scores(self) -> None:
        """``t``: the score sheet, deal by deal (a one-deal match says so)."""
        from cardsuite.tui.screens.scores import ScoreSheetScreen

        if not self._curtain_up:
            self.app.push_screen(ScoreSheetScreen(self.runner.view().scores))

    def action_lobby(self) -> None:
        self._leave()
        self.cs_app.show_lobby()

    def action_quit(self) -> None:
        self._leave()
        self.app.exit()

    def _leave(self) -> None:
        self.runner.leave()
        self._finished = True

    def action_outcome(self) -> None:
        if self.match.is_over():
            self.cs_app.show_outcome(self.match, self.runner.viewer)


def _auto_play(settings: Settings, game: AnyGame) -> bool:
    """Whether a person's forced moves are played for him: the setting, but in a game whose
    forced moves come in runs (Rang, Laugh and Lie Down) only when asked for every game."""
    if game.forced_moves_wait:
        return settings.auto_play and settings.auto_play_everywhere
    return settings.auto_play
