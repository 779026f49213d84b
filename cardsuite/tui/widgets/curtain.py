"""The hot-seat curtain: hand the keyboard over without showing anything private.

It is a widget of the table screen shown *instead of* the table: while it is up the table
widget is hidden and holds no view at all (not dimmed, not blurred: absent).
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Static

from cardsuite.core.i18n import _


class Curtain(Vertical, can_focus=True):
    """``Pass the keyboard to Boris`` with the last public events; Enter or a click lifts it."""

    class Lifted(Message):
        pass

    def compose(self) -> ComposeResult:
        with Vertical(id="curtain-box"):
            # Names and events are the players' text: shown as written, never read as markup.
            yield Static("", id="curtain-title", markup=False)
            yield Static("", id="curtain-events", markup=False)
            yield Static("", id="curtain-ready", markup=False)

    def show(self, name: str, public: Sequence[str]) -> None:
        self.player = name
        title = _("Pass the keyboard to {name}").format(name=name)
        ready = _("{name}, press Enter when ready.").format(name=name)
        self.query_one("#curtain-title", Static).update(title)
        self.query_one("#curtain-events", Static).update("\n".join(public))
        self.query_one("#curtain-ready", Static).update(ready)

    def text(self) -> str:
        return "\n".join(str(s.render()) for s in self.query(Static))

    def on_click(self) -> None:
        self.post_message(self.Lifted())
