"""The pause of a game played in real time: the clock stands still for everyone, nothing falls
due and no move is taken until the player comes back."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.widgets import Static

from cardsuite.core.i18n import N_, _
from cardsuite.tui.translated import TranslatedModalScreen


class PauseScreen(TranslatedModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "go_on", N_("Go on")),
        Binding("escape", "go_on", N_("Go on"), show=False),
        Binding("enter", "go_on", N_("Go on"), show=False),
    ]

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(
                _("Paused — the clock stands still.\n\nPress p, Enter or Esc to go on."),
                id="pause-text",
            )

    def action_go_on(self) -> None:
        self.dismiss(None)
