"""Every key, on one screen."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

KEYS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    (
        "At the table",
        (
            ("← ↑ ↓ →", "move the cursor between piles and cards"),
            ("Tab / Shift+Tab", "next / previous card you may play (or legal target)"),
            ("Enter / Space", "pick the card under the cursor, then pick where it goes"),
            ("", "(a card with one place to go is played at once; see Settings)"),
            ("Esc", "cancel the pick (and clear the message)"),
            ("1 … 9, 0", "the numbered moves of the action bar (draw, keep, name a rank …)"),
            ("mouse click", "the same as moving the cursor there and pressing Enter"),
            ("u", "undo your last move (alone against bots; never past a card you have seen)"),
            ("h", "hint: highlight a suggested move"),
            ("e", "the whole event log"),
            ("r", "rules of the game being played"),
            ("s", "settings"),
            ("?", "this help"),
            ("l", "back to the lobby (the match is saved; continue it from the lobby)"),
            ("q", "quit (the match is saved)"),
            ("o", "the outcome, once the game is over"),
        ),
    ),
    (
        "Hot-seat curtain",
        (("Enter / Space", "the named player is ready: show his table"),),
    ),
    (
        "Choosers",
        (
            ("↑ ↓ Enter", "choose an answer"),
            ("1 … 9, 0", "choose that answer at once"),
            ("Esc", "cancel the move"),
        ),
    ),
    (
        "Outcome",
        (
            ("n", "rematch: same seats, new deal"),
            ("l", "back to the lobby"),
            ("t / Esc", "look at the final table"),
            ("q", "quit"),
        ),
    ),
    (
        "Lobby",
        (
            ("↑ ↓", "in the game list: show a game's seats and options"),
            ("Tab / Shift+Tab", "move between fields"),
            ("Enter", "in the game list: start that game; on a button: press it"),
            ("Ctrl+S", "start the game as set up"),
            ("click / double click", "in the game list: show a game / start it"),
            ("c", "continue the saved match"),
            ("r", "rules of the highlighted game"),
            ("s", "settings"),
            ("?", "this help"),
            ("q", "quit"),
        ),
    ),
    (
        "Anywhere",
        (
            ("Ctrl+P", "command palette: start any game, change theme …"),
            ("Ctrl+Q", "quit at once"),
        ),
    ),
)


def help_text() -> str:
    lines: list[str] = []
    for section, keys in KEYS:
        lines.append(f"[b]{section}[/b]")
        for key, what in keys:
            lines.append(f"  [b $accent]{key:<18}[/] {what}")
        lines.append("")
    return "\n".join(lines)


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("question_mark", "close", "Close", show=False),
        Binding("q", "close", "Close", show=False),
    ]

    def __init__(self) -> None:
        super().__init__(classes="panel-screen")

    def compose(self) -> ComposeResult:
        yield Static("Keys", classes="panel-title")
        with VerticalScroll(id="help-body"):
            yield Static(help_text(), id="help-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-body").focus()

    def action_close(self) -> None:
        self.dismiss(None)
