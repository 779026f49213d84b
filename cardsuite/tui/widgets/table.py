"""The table widget: the whole table drawn by one widget through Textual's line API.

The screen hands it a :class:`~cardsuite.tui.render.table.Scene`; the widget paints it into a
canvas once per change (layout included, a few milliseconds at most) and serves the cached
lines from ``render_line``.  Clicks are turned into slot or action-bar messages through the
painted hit map.  Colours come from component classes styled in ``app.tcss`` with theme
variables, so the same picture can be drawn in any theme.
"""

from __future__ import annotations

from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from cardsuite.tui.render.canvas import Rect
from cardsuite.tui.render.table import MIN_HEIGHT, MIN_WIDTH, Painted, Scene, paint
from cardsuite.tui.selection import Slot

# style key -> component class
STYLE_KEYS: dict[str, str] = {
    key: "table--" + key.replace(".", "-")
    for key in (
        "felt",
        "paper",
        "ink.red",
        "ink.black",
        "ink.hearts",
        "ink.spades",
        "ink.diamonds",
        "ink.clubs",
        "ink.joker",
        "back",
        "back.line",
        "count",
        "count.line",
        "edge",
        "edge.empty",
        "edge.cursor",
        "edge.source",
        "edge.target",
        "edge.hint",
        "edge.last",
        "edge.playable",
        "edge.dim",
        "edge.moved",
        "edge.from",
        "label",
        "label.target",
        "label.hint",
        "label.last",
        "label.from",
        "label.to",
        "note",
        "badge",
        "box",
        "box.turn",
        "box.viewer",
        "title",
        "title.turn",
        "title.note",
        "legal",
        "legal.head",
        "panel",
        "info",
        "log",
        "log.new",
        "last.move",
        "status",
        "status.badge",
        "msg.info",
        "msg.error",
        "msg.hint",
        "bar",
        "bar.key",
        "bar.action",
    )
}


class TableWidget(Widget, can_focus=True):
    """Draws a Scene; posts SlotClicked / ActionClicked on mouse clicks."""

    DEFAULT_CSS = """
    TableWidget { width: 1fr; height: 1fr; }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = set(STYLE_KEYS.values())

    class SlotClicked(Message):
        def __init__(self, slot: Slot) -> None:
            super().__init__()
            self.slot = slot

    class ActionClicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    class Clicked(Message):
        """A click on the table away from any card or action."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.scene = Scene(view=None)
        self.painted: Painted | None = None
        self._strips: list[Strip] = []
        self._palette: dict[str, Style] = {}
        self._painted_size: tuple[int, int] = (0, 0)
        self.paint_count = 0

    # --- feeding --------------------------------------------------------------------------------
    def show(self, scene: Scene) -> None:
        self.scene = scene
        self.painted = None
        self.refresh()

    def restyle(self) -> None:
        """Forget the palette (theme or colour settings changed)."""
        self._palette = {}
        self.painted = None
        self.refresh()

    def on_mount(self) -> None:
        self.watch(self.app, "theme", lambda _: self.restyle(), init=False)

    def on_resize(self, event: events.Resize) -> None:
        self.painted = None
        self.refresh()

    # --- painting -------------------------------------------------------------------------------
    def _style(self, key: str) -> Style:
        style = self._palette.get(key)
        if style is None:
            name = STYLE_KEYS.get(key, "table--felt")
            style = self._palette[key] = self.get_component_rich_style(name)
        return style

    def repaint(self) -> Painted:
        width, height = self.size.width, self.size.height
        screen_w, screen_h = self.app.size.width, self.app.size.height
        scene = self.scene
        if screen_w < MIN_WIDTH or screen_h < MIN_HEIGHT:
            scene = Scene(view=None, too_small=(screen_w, screen_h))
        painted = paint(scene, width, height)
        lines = painted.canvas.lines(self._style)
        self._strips = [Strip(segments, width) for segments in lines]
        self.painted = painted
        self._painted_size = (width, height)
        self.paint_count += 1
        return painted

    def drawing(self) -> Painted:
        """The table as it is drawn for the current scene and size: the canvas, the rectangle
        of every slot and action (painted now if the scene changed since the last frame)."""
        if self.painted is None or self._painted_size != (self.size.width, self.size.height):
            return self.repaint()
        return self.painted

    def slot_rects(self) -> dict[Slot, Rect]:
        """Where each slot is drawn, in cells relative to the widget (x, y, width, height)."""
        return self.drawing().rects()

    def viewer_rows(self) -> tuple[int, int] | None:
        """The screen rows (first, end) of the viewer's seat box, if a table with a viewer is
        drawn: what a chooser opened over the table leaves uncovered."""
        if self.scene.view is None or self.scene.view.viewer is None:
            return None
        rect = self.drawing().viewer
        if rect is None:
            return None
        top = self.region.y + rect[1]
        return top, top + rect[3]

    def action_rects(self) -> dict[int, Rect]:
        """Where each numbered entry of the action bar is drawn (index 0 is key 1)."""
        return dict(self.drawing().actions)

    def render_line(self, y: int) -> Strip:
        if self.painted is None or self._painted_size != (self.size.width, self.size.height):
            self.repaint()
        if 0 <= y < len(self._strips):
            return self._strips[y]
        return Strip([Segment(" " * self.size.width, self._style("felt"))], self.size.width)

    def text_lines(self) -> list[str]:
        """What the table shows, as plain text (for tests and accessibility)."""
        return self.drawing().canvas.text()

    # --- the mouse ------------------------------------------------------------------------------
    def on_click(self, event: events.Click) -> None:
        painted = self.drawing()
        action = painted.action_at(event.x, event.y)
        if action is not None:
            self.post_message(self.ActionClicked(action))
            return
        slot = painted.slot_at(event.x, event.y)
        if slot is not None:
            self.post_message(self.SlotClicked(slot))
        else:
            self.post_message(self.Clicked())
