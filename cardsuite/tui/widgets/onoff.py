"""An on/off option drawn in signs and words: ``[x] on`` or ``[ ] off``, so its state reads
without colour (a Switch tells on from off by its colours alone)."""

from __future__ import annotations

from rich.cells import cell_len
from textual.content import Content
from textual.geometry import Size
from textual.widgets import Checkbox

from cardsuite.core.i18n import _

ON_MARK = "[x]"
OFF_MARK = "[ ]"


class OnOff(Checkbox):
    """A checkbox showing ``[x] on`` / ``[ ] off`` (Space, Enter or a click toggles it).

    The words are translated; the marks are ASCII, so they show on any terminal and font.
    """

    def words(self) -> str:
        """What the widget shows now: "[x] on" or "[ ] off"."""
        return f"{ON_MARK} {_('on')}" if self.value else f"{OFF_MARK} {_('off')}"

    def render(self) -> Content:
        mark, word = (ON_MARK, _("on")) if self.value else (OFF_MARK, _("off"))
        return Content.assemble(
            (mark, self.get_visual_style("toggle--button")),
            " ",
            (word, self.get_visual_style("toggle--label")),
        )

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max(
            cell_len(f"{ON_MARK} {_('on')}"),
            cell_len(f"{OFF_MARK} {_('off')}"),
        )
