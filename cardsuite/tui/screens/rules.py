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
from textual.widgets import Static

from cardsuite.core.i18n import N_, _
from cardsuite.core.protocol import AnyGame
from cardsuite.core.text import game_name
from cardsuite.tui.rules_text import rules_markdown
from cardsuite.tui.translated import TranslatedModalScreen, footer

__all__ = ["RulesScreen", "rules_markdown"]


class RulesScreen(TranslatedModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close")),
        Binding("r", "close", N_("Close"), show=False),
        Binding("q", "close", N_("Close"), show=False),
    ]

    def __init__(self, game: AnyGame) -> None:
        super().__init__(classes="panel-screen")
        self.game = game

    def compose(self) -> ComposeResult:
        game = self.game
        named = game_name(_(game.title), game.original_name)
        yield Static(_("Rules of {game}").format(game=named), classes="panel-title")
        with VerticalScroll(id="rules-body"):
            yield Static(Markdown(rules_markdown(self.game)), id="rules-text")
        yield footer()

    def on_mount(self) -> None:
        self.query_one("#rules-body").focus()

    def action_close(self) -> None:
        self.dismiss(None)
