"""A small chooser for moves that share one gesture: one question of the choice path at a time."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from cardsuite.core.i18n import N_, _
from cardsuite.tui.selection import Choice
from cardsuite.tui.translated import TranslatedModalScreen


class ChooserScreen(TranslatedModalScreen[int | None]):
    """Returns the index of the chosen option, or None when cancelled."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Cancel")),
        *(Binding(str(n), f"number({n})", show=False) for n in range(10)),
    ]

    def __init__(self, choice: Choice) -> None:
        super().__init__(classes="chooser")
        self.choice = choice

    def compose(self) -> ComposeResult:
        with Vertical(id="chooser-box"):
            words = getattr(self.app, "words", str)
            yield Static(words(self.choice.prompt), id="chooser-prompt", markup=False)
            options = []
            for i, (text, _moves) in enumerate(self.choice.options):
                text = words(text)
                key = str(i + 1) if i < 9 else ("0" if i == 9 else " ")
                options.append(Option(f"{key}  {text}", id=f"choice-{i}"))
            yield OptionList(*options, id="chooser-options")
            yield Static(_("↑↓ and Enter, or a number · Esc cancels"), id="chooser-keys")

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = 0
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_index)

    def action_number(self, n: int) -> None:
        index = 9 if n == 0 else n - 1
        if 0 <= index < len(self.choice.options):
            self.dismiss(index)

    def action_cancel(self) -> None:
        self.dismiss(None)
