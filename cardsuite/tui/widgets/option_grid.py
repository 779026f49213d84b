"""Options in a few columns: a compact chooser for many short answers ("name A" … "name K").

The options read down the first column, then down the next (like a list cut into columns),
so ↓ and ↑ step through them in order, ← and → jump a column, Enter or a click chooses.  The
highlighted option is marked by a ``▸`` as well as by its colours, so it shows without colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from cardsuite.core.i18n import N_

GAP = 1  # cells between two columns
MARK = "▸"  # before the highlighted option


def grid_shape(count: int, rows: int) -> tuple[int, int]:
    """(columns, rows) for ``count`` options in at most ``rows`` rows, columns as even as can
    be (13 options in 9 rows: 2 columns of 7)."""
    rows = max(rows, 1)
    columns = max(-(-count // rows), 1)
    return columns, max(-(-count // columns), 1)


class OptionGrid(Widget, can_focus=True):
    """``labels`` in ``columns`` columns; posts :class:`OptionGrid.Selected` when one is
    chosen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "move(1)", N_("Down"), show=False),
        Binding("up", "move(-1)", N_("Up"), show=False),
        Binding("right", "column(1)", N_("Right"), show=False),
        Binding("left", "column(-1)", N_("Left"), show=False),
        Binding("home", "first", N_("First"), show=False),
        Binding("end", "last", N_("Last"), show=False),
        Binding("enter", "select", N_("Select"), show=False),
    ]
    COMPONENT_CLASSES: ClassVar[set[str]] = {"option-grid--option", "option-grid--highlighted"}
    DEFAULT_CSS = """
    OptionGrid { height: auto; width: auto; background: $surface; }
    OptionGrid > .option-grid--option { color: $foreground; }
    OptionGrid > .option-grid--highlighted {
        color: $block-cursor-blurred-foreground;
        background: $block-cursor-blurred-background;
        text-style: bold;
    }
    OptionGrid:focus > .option-grid--highlighted {
        color: $block-cursor-foreground;
        background: $block-cursor-background;
        text-style: $block-cursor-text-style;
    }
    """

    highlighted: reactive[int] = reactive(0)

    class Selected(Message):
        def __init__(self, grid: OptionGrid, index: int) -> None:
            super().__init__()
            self.grid = grid
            self.index = index

        @property
        def control(self) -> OptionGrid:
            return self.grid

    def __init__(self, labels: Sequence[str], columns: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.labels = list(labels)
        self.columns = max(min(columns, len(self.labels)), 1)
        self.rows = max(-(-len(self.labels) // self.columns), 1)
        self.cell_width = max((cell_len(label) for label in self.labels), default=0) + 2

    # --- geometry -------------------------------------------------------------------------------
    @property
    def grid_width(self) -> int:
        return self.columns * self.cell_width + (self.columns - 1) * GAP

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.grid_width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.rows

    def index_at(self, x: int, y: int) -> int | None:
        """The option drawn at (x, y) of the widget, if any."""
        column, offset = divmod(x, self.cell_width + GAP)
        if offset >= self.cell_width or not 0 <= y < self.rows or column >= self.columns:
            return None
        index = column * self.rows + y
        return index if index < len(self.labels) else None

    # --- drawing --------------------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        plain = self.get_component_rich_style("option-grid--option")
        lit = self.get_component_rich_style("option-grid--highlighted")
        segments: list[Segment] = []
        for column in range(self.columns):
            if column:
                segments.append(Segment(" " * GAP, plain))
            index = column * self.rows + y
            if index < len(self.labels) and 0 <= y < self.rows:
                on = index == self.highlighted
                text = (MARK if on else " ") + self.labels[index]
                text += " " * (self.cell_width - cell_len(text))
                segments.append(Segment(text, lit if on else plain))
            else:
                segments.append(Segment(" " * self.cell_width, plain))
        width = self.size.width
        strip = Strip(segments, self.grid_width)
        return strip.extend_cell_length(width, Style.null()).crop(0, width)

    def watch_highlighted(self) -> None:
        self.refresh()

    # --- choosing -------------------------------------------------------------------------------
    def validate_highlighted(self, index: int) -> int:
        return min(max(index, 0), max(len(self.labels) - 1, 0))

    def action_move(self, delta: int) -> None:
        self.highlighted = (self.highlighted + delta) % max(len(self.labels), 1)

    def action_column(self, delta: int) -> None:
        index = self.highlighted + delta * self.rows
        if 0 <= index < len(self.labels):
            self.highlighted = index
        elif delta > 0 and self.highlighted // self.rows < self.columns - 1:
            self.highlighted = len(self.labels) - 1  # the next column is shorter

    def action_first(self) -> None:
        self.highlighted = 0

    def action_last(self) -> None:
        self.highlighted = len(self.labels) - 1

    def action_select(self) -> None:
        if self.labels:
            self.post_message(self.Selected(self, self.highlighted))

    def on_click(self, event: events.Click) -> None:
        index = self.index_at(event.x, event.y)
        if index is not None:
            event.stop()
            self.highlighted = index
            self.action_select()
