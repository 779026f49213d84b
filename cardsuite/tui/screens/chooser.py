"""A small chooser for moves that share one gesture: one question of the choice path at a time.

Opened over the table, it keeps the viewer's hand in sight: it stands in the rows above the
viewer's seat box, as a list when the options fit there one per line, else as a compact grid
of a few columns (a joker naming one of 13 ranks at 80×24).

Each option is taken with its number key; where the options go to piles the table numbers
(Grabuge's columns), the key is the pile's own number and the list reads in that order
(:func:`~cardsuite.tui.selection.option_keys`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from cardsuite.core.i18n import N_, _
from cardsuite.core.view import TableView
from cardsuite.tui.render.canvas import wrap
from cardsuite.tui.selection import Choice, key_order, option_keys
from cardsuite.tui.translated import TranslatedModalScreen
from cardsuite.tui.widgets.option_grid import OptionGrid, grid_shape
from cardsuite.tui.widgets.table import TableWidget

BOX_WIDTH = 48  # the box's usual width, borders included (as in app.tcss)
MAX_LIST = 16  # at most this many options shown at once in the list
MIN_BAND = 8  # fewer free rows above the hand than this: the chooser may cover the table


@dataclass(frozen=True, slots=True)
class Layout:
    """Where and how the chooser is drawn."""

    rows: int  # the screen rows it may use, from the top
    columns: int  # 1: a list; more: a grid
    option_rows: int  # rows for the options
    width: int  # the box's width, borders included
    gap: bool  # a blank line under the prompt


def plan(prompt: str, labels: list[str], keys: str, screen: tuple[int, int], free: int) -> Layout:
    """The chooser's layout for a ``screen`` (width, height) whose first ``free`` rows may be
    covered: one option per line when they fit, else as few columns as fit, else a list that
    scrolls."""
    width, height = screen
    inner = BOX_WIDTH - 4  # borders and padding
    chrome = 2 + len(wrap(prompt, inner)) + len(wrap(keys, inner))
    n = len(labels)
    if n + chrome + 1 <= free:
        return Layout(free, 1, min(n, MAX_LIST), BOX_WIDTH, True)
    cell = max((cell_len(label) for label in labels), default=0) + 2
    for gap in (True, False):  # the blank line under the prompt goes first
        room = free - chrome - gap
        if room < 1:
            continue
        columns, rows = grid_shape(n, room)
        box_w = max(BOX_WIDTH, columns * cell + columns - 1 + 4)
        if columns > 1 and box_w <= width:
            return Layout(free, columns, rows, box_w, gap)
        if columns == 1:
            return Layout(free, 1, rows, BOX_WIDTH, gap)
    # no room beside the hand: the whole screen, as before
    return Layout(height, 1, max(min(n, MAX_LIST, height - chrome - 1), 1), BOX_WIDTH, True)


class ChooserScreen(TranslatedModalScreen[int | None]):
    """Returns the index of the chosen option, or None when cancelled."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Cancel")),
        *(Binding(str(n), f"number({n})", show=False) for n in range(10)),
    ]

    def __init__(self, choice: Choice, view: TableView | None = None) -> None:
        """``view``: the table the choice is made at, whose pile numbers the keys follow (by
        default the one drawn on the screen underneath)."""
        super().__init__(classes="chooser")
        self.choice = choice
        self.view = view
        self.keys: tuple[str, ...] = ()  # each option's key, by option
        self.order: list[int] = []  # the options in the order shown
        self.shape: Layout | None = None
        self.top = 0  # the box's first row on the screen

    def _table_below(self) -> TableWidget | None:
        """The table on the screen right underneath, if there is one."""
        for screen in reversed(self.app.screen_stack):
            if screen is self:
                continue
            tables = screen.query(TableWidget)
            return tables.first() if tables else None
        return None

    def _free_rows(self) -> int:
        """The rows from the top of the screen down to the viewer's seat box on the table
        underneath (the whole screen when there is none, or no room above it)."""
        height: int = self.app.size.height
        table = self._table_below()
        if table is not None:
            rows: tuple[int, int] | None = table.viewer_rows()
            if rows is not None and rows[0] >= MIN_BAND:
                return min(rows[0], height)
        return height

    def compose(self) -> ComposeResult:
        words = getattr(self.app, "words", str)
        prompt = words(self.choice.prompt)
        view = self.view
        if view is None:
            table = self._table_below()
            view = table.scene.view if table is not None else None
        self.keys = option_keys(self.choice, view)
        self.order = key_order(self.keys)
        labels = []
        for i in self.order:
            text = self.choice.options[i][0]
            labels.append(f"{self.keys[i] or ' '}  {words(text)}")
        list_keys = _("↑↓ and Enter, or a number · Esc cancels")
        grid_keys = _("↑↓←→ and Enter, or a number · Esc cancels")
        size = (self.app.size.width, self.app.size.height)
        layout = plan(prompt, labels, grid_keys, size, self._free_rows())
        self.shape = layout
        keys = list_keys if layout.columns == 1 else grid_keys
        inner = layout.width - 4
        height = (
            2 + len(wrap(prompt, inner)) + layout.gap + layout.option_rows + len(wrap(keys, inner))
        )
        self.top = max((layout.rows - height) // 2, 0)  # centred in the rows it may use
        with Vertical(id="chooser-box", classes="" if layout.gap else "tight"):
            yield Static(prompt, id="chooser-prompt", markup=False)
            if layout.columns == 1:
                # Labels may name players ("ask Boris for …"): plain content, never markup.
                options = [
                    Option(Content(label), id=f"choice-{i}") for i, label in enumerate(labels)
                ]
                yield OptionList(*options, id="chooser-options")
            else:
                yield OptionGrid(labels, layout.columns, id="chooser-grid")
            yield Static(keys, id="chooser-keys")

    def on_mount(self) -> None:
        layout = self.shape
        assert layout is not None
        box = self.query_one("#chooser-box")
        box.styles.width = layout.width
        box.styles.margin = (self.top, 0, 0, 0)
        box.styles.max_height = max(layout.rows - self.top, 3)
        if layout.columns == 1:
            options = self.query_one(OptionList)
            options.styles.max_height = layout.option_rows
            options.highlighted = 0
            options.focus()
        else:
            self.query_one(OptionGrid).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.order[event.option_index])

    def on_option_grid_selected(self, event: OptionGrid.Selected) -> None:
        event.stop()
        self.dismiss(self.order[event.index])

    def action_number(self, n: int) -> None:
        """The option whose key is ``n`` (the number shown before it)."""
        if str(n) in self.keys:
            self.dismiss(self.keys.index(str(n)))

    def action_cancel(self) -> None:
        self.dismiss(None)
