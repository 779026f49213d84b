"""A game's rules in the app: its Markdown text, then its options explained.

The text is drawn by Rich's Markdown renderer in one Static, as ``cardsuite rules`` prints
it: some 25 ms for a long rulebook, where Textual's Markdown widget (one widget per block)
took the better part of a second to open.
"""

from __future__ import annotations

from typing import ClassVar

from rich.markdown import Markdown
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from cardsuite.core.options import describe_options
from cardsuite.core.protocol import AnyGame


def rules_markdown(game: AnyGame) -> str:
    """The rules text and a generated section on the options (works for any game)."""
    try:
        text = game.rules()
    except (OSError, AttributeError) as exc:
        text = (
            f"# {game.title}\n\n*{game.summary}*\n\n"
            f"The full rules text is not installed ({type(exc).__name__})."
        )
    players = ", ".join(str(n) for n in game.seat_counts)
    lines = [text.rstrip(), "", "## Options in cardsuite", ""]
    lines.append(f"Players: {players}.")
    lines.append("")
    for info in describe_options(game.Options):
        default = info.default
        if info.kind == "bool":
            default = "on" if default else "off"
        extra = ""
        if info.choices is not None:
            extra = " Choices: " + ", ".join(str(c) for c in info.choices) + "."
        elif info.kind == "int":
            bounds = []
            if info.minimum is not None:
                bounds.append(f"at least {info.minimum}")
            if info.maximum is not None:
                bounds.append(f"at most {info.maximum}")
            if bounds:
                extra = " " + (" and ".join(bounds)).capitalize() + "."
        help_text = f" — {info.help}" if info.help else ""
        lines.append(f"- **{info.label}** (`{info.name}`, default {default}){help_text}.{extra}")
    return "\n".join(lines) + "\n"


class RulesScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("r", "close", "Close", show=False),
        Binding("q", "close", "Close", show=False),
    ]

    def __init__(self, game: AnyGame) -> None:
        super().__init__(classes="panel-screen")
        self.game = game

    def compose(self) -> ComposeResult:
        game = self.game
        named = (
            game.title
            if game.original_name == game.title
            else f"{game.title} ({game.original_name})"
        )
        yield Static(f"Rules of {named}", classes="panel-title")
        with VerticalScroll(id="rules-body"):
            yield Static(Markdown(rules_markdown(self.game)), id="rules-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules-body").focus()

    def action_close(self) -> None:
        self.dismiss(None)
