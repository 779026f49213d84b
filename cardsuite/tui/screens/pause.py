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


class PauseScreen(TranslatedModalScreen[str | None]):
    """Dismissed with None to go on, or "lobby" / "quit" (with several people at one
    keyboard the table's letters are their keys: leaving is offered here)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "go_on", N_("Go on")),
        Binding("escape", "go_on", N_("Go on"), show=False),
        Binding("enter", "go_on", N_("Go on"), show=False),
        Binding("l", "leave('lobby')", N_("Lobby")),
        Binding("q", "leave('quit')", N_("Quit")),
    ]

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(
                _(
                    "Paused — the clock stands still.\n\n"
                    "Press p, Enter or Esc to go on; l for the lobby, q to quit."
                ),
                id="pause-text",
            )

    def action_go_on(self) -> None:
        self.dismiss(None)

    def action_leave(self, where: str) -> None:
        self.dismiss(where)
