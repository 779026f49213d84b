"""Picking at the table: keys and clicks turned into moves through the Selector.

:class:`Picking` is the part of the :class:`~cardsuite.tui.screens.table.TableScreen` that
handles a gesture: the cursor's moves, a pick and where it goes, the cards a capture takes
along, the action bar's numbers, the chooser for a move the table cannot show, and the reason
for a pick the rules refuse (the engine's, through the runner).  It knows no game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardsuite.core.i18n import _
from cardsuite.core.moves import Move
from cardsuite.core.table import PileId
from cardsuite.core.view import TableView
from cardsuite.runner import BotTurn, Over, Summary
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
    answer,
    explain_refusal,
)
from cardsuite.tui.widgets.table import TableWidget

if TYPE_CHECKING:
    from cardsuite.tui.played import TableMatch, TableRunner


class Picking:
    """Gestures at the table (mixed into the table screen, which provides these)."""

    runner: TableRunner
    match: TableMatch
    selector: Selector | None
    _view: TableView | None
    _legal: tuple[Move, ...]
    _entries: list[ActionEntry]
    _curtain_up: bool

    if TYPE_CHECKING:
        from textual.app import App

        app: App[None]

        @property
        def table(self) -> TableWidget: ...

        def play(self, move: Move) -> bool: ...
        def say(self, text: str, kind: str = "info") -> None: ...
        def refresh_table(self) -> None: ...
        def lift_curtain(self) -> None: ...
        def _after(self) -> None: ...

    def _explain(self, slot: Slot, target: PileId | None) -> str:
        runner = self.runner
        viewer = runner.viewer
        view = self._view
        if view is None or viewer is None:
            return _("you are watching: nothing to play")
        step = runner.step
        if isinstance(step, BotTurn | Summary):
            return _("wait: it is {name}'s turn").format(name=self.match.names[step.seat])
        if isinstance(step, Over):
            return _("the game is over")
        candidates = runner.candidates(viewer)
        return explain_refusal(view, slot, target, candidates, runner.refusal_of)

    # --- input ----------------------------------------------------------------------------------
    def _handle(self, result: PickResult) -> None:
        if isinstance(result, Play):
            self.play(result.move)
            return
        if isinstance(result, Ask):
            self._ask(result.choice)
            return
        sel = self.selector
        assert sel is not None
        if isinstance(result, Refused):
            if result.reason:
                self.say(_capitalise(result.reason), "error")
        elif isinstance(result, Taking):
            self.say("")
            lit = sel.takeable_slots() | sel.picked_slots()
            if sel.current not in lit:  # just picked: on the first card it may take
                sel.cursor = min(
                    (i for i, s in enumerate(sel.slots) if s in lit), default=sel.cursor
                )
        elif isinstance(result, Picked):
            self.say("")
            # put the cursor on the top of the first legal target, so Enter twice plays
            first = next((s.pile for s in sel.slots if s.pile in result.targets), None)
            if first is not None:
                sel.cursor = max(i for i, s in enumerate(sel.slots) if s.pile == first)
        elif isinstance(result, Cancelled):
            self.say("")
        self.refresh_table()

    def _ask(self, choice: Choice) -> None:
        from cardsuite.tui.screens.chooser import ChooserScreen

        version = len(self.match.moves)

        def chosen(index: int | None) -> None:
            if index is None or version != len(self.match.moves):
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
        self.app.push_screen(ChooserScreen(named, view=self._view), chosen)

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
        sel = self.selector
        if sel.taking is not None:
            self._handle(sel.confirm(sel.current))
            return
        only = self.runner.only_move
        current = sel.current
        off_source = sel.source is None and not (current and sel.is_source(current))
        if only in self._legal and off_source:
            assert only is not None
            self.play(only)  # his one move, whatever the cursor is on
            return
        if off_source and len(self._entries) == 1 and not sel.sources():
            self._choose_entry(0)  # nothing to pick on the table: the one action there is
            return
        self._handle(sel.pick())

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

    def action_cancel(self) -> None:
        if not self._ready():
            return
        assert self.selector is not None
        self.runner.hint = None
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
        self._choose_entry(9 if number == 0 else number - 1)

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
        runner = self.runner
        waiting = isinstance(runner.step, Summary) or (
            runner.clock is not None and runner.summary_waits()
        )
        if waiting and runner.acknowledge():
            self._after()
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


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text
