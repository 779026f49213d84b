"""The whole event log, as the viewer may know it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import RichLog, Static

from cardsuite.core.i18n import N_, _
from cardsuite.tui.translated import TranslatedModalScreen, footer


class LogScreen(TranslatedModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close")),
        Binding("e", "close", N_("Close"), show=False),
        Binding("q", "close", N_("Close"), show=False),
    ]

    def __init__(self, lines: Sequence[str]) -> None:
        super().__init__(classes="panel-screen")
        self.lines = tuple(lines)

    def compose(self) -> ComposeResult:
        yield Static(_("Event log"), classes="panel-title")
        log = RichLog(id="event-log", wrap=True, markup=False, highlight=False)
        yield log
        yield footer()

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        for line in self.lines:
            log.write(line)
        log.focus()

    def action_close(self) -> None:
        self.dismiss(None)
