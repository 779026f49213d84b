"""A character canvas with semantic style keys, and blocks of drawing operations.

The table is painted into a :class:`Canvas` of cells (a character and a style *key* such as
``"ink.red"`` or ``"edge.cursor"``).  Only when the canvas is turned into lines are the keys
resolved to Rich styles through a palette, so layout code never touches colours and the same
picture can be drawn in any theme, in four colours or in none.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TypeVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style

from cardsuite.tui.selection import Slot

Rect = tuple[int, int, int, int]  # x, y, width, height
T = TypeVar("T")


def narrow(text: str) -> str:
    """``text`` with every character that is not one cell wide replaced (the canvas is a grid)."""
    return "".join(ch if cell_len(ch) == 1 else "?" for ch in text)


def clip(text: str, width: int) -> str:
    """``text`` cut to ``width`` cells, with an ellipsis when it was longer."""
    if width <= 0:
        return ""
    if len(text) <= width:
        return text
    return text[: max(width - 1, 0)] + "…"


class Canvas:
    """``width`` × ``height`` cells, each a one-cell character and a style key."""

    __slots__ = ("chars", "height", "keys", "width")

    def __init__(self, width: int, height: int, key: str = "felt") -> None:
        self.width = width
        self.height = height
        self.chars = [[" "] * width for _ in range(height)]
        self.keys = [[key] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, key: str) -> None:
        if not 0 <= y < self.height or not text:
            return
        if not text.isascii() and cell_len(text) != len(text):
            text = narrow(text)
        if x < 0:
            text = text[-x:]
            x = 0
        end = min(x + len(text), self.width)
        if end <= x:
            return
        n = end - x
        self.chars[y][x:end] = text[:n]
        self.keys[y][x:end] = [key] * n

    def fill(self, x: int, y: int, w: int, h: int, key: str, char: str = " ") -> None:
        for row in range(y, y + h):
            self.put(x, row, char * w, key)

    def restyle(self, x: int, y: int, w: int, key: str) -> None:
        if not 0 <= y < self.height:
            return
        x0, x1 = max(x, 0), min(x + w, self.width)
        if x1 > x0:
            self.keys[y][x0:x1] = [key] * (x1 - x0)

    def lines(self, palette: Callable[[str], Style]) -> list[list[Segment]]:
        """Each row as Rich segments, runs of one key merged."""
        out: list[list[Segment]] = []
        cache: dict[str, Style] = {}
        for chars, keys in zip(self.chars, self.keys, strict=True):
            segments: list[Segment] = []
            start = 0
            width = len(keys)
            while start < width:
                key = keys[start]
                end = start + 1
                while end < width and keys[end] == key:
                    end += 1
                style = cache.get(key)
                if style is None:
                    style = cache[key] = palette(key)
                segments.append(Segment("".join(chars[start:end]), style))
                start = end
            out.append(segments)
        return out

    def text(self) -> list[str]:
        return ["".join(row) for row in self.chars]


@dataclass
class Block:
    """A rectangle of drawing operations with the slots it shows (for the cursor and the mouse).

    ``ops`` are (x, y, text, key) relative to the block's corner; ``hits`` are the visible
    rectangles of slots, in drawing order (later ones lie on top).
    """

    width: int = 0
    height: int = 0
    ops: list[tuple[int, int, str, str]] = field(default_factory=list)
    hits: list[tuple[Slot, Rect]] = field(default_factory=list)

    def put(self, x: int, y: int, text: str, key: str) -> None:
        if text:
            self.ops.append((x, y, text, key))
            end = x + (len(text) if text.isascii() else cell_len(text))
            if end > self.width:
                self.width = end
            if y >= self.height:
                self.height = y + 1

    def hit(self, slot: Slot, rect: Rect) -> None:
        self.hits.append((slot, rect))

    def place(self, other: Block, x: int, y: int) -> None:
        """Copy ``other`` into this block at (x, y)."""
        self.ops.extend([(ox + x, oy + y, text, key) for ox, oy, text, key in other.ops])
        self.hits.extend(
            [(slot, (rx + x, ry + y, rw, rh)) for slot, (rx, ry, rw, rh) in other.hits]
        )
        self.width = max(self.width, x + other.width)
        self.height = max(self.height, y + other.height)

    def draw(self, canvas: Canvas, x: int, y: int, hits: list[tuple[Slot, Rect]]) -> None:
        put = canvas.put
        for ox, oy, text, key in self.ops:
            put(x + ox, y + oy, text, key)
        for slot, (rx, ry, rw, rh) in self.hits:
            hits.append((slot, (rx + x, ry + y, rw, rh)))


def flow(blocks: Iterable[Block], width: int, gap: int = 2, vgap: int = 0) -> Block:
    """Blocks laid out left to right, wrapping to a new row when ``width`` is reached."""
    out = Block()
    x = y = row_h = 0
    for block in blocks:
        if x > 0 and x + block.width > width:
            x = 0
            y += row_h + vgap
            row_h = 0
        out.place(block, x, y)
        x += block.width + gap
        row_h = max(row_h, block.height)
    out.height = max(out.height, y + row_h) if row_h else out.height
    return out


def pack(blocks: Iterable[Block], width: int, gap: int = 2) -> Block:
    """Blocks in rows of ``width`` cells, each in the first row with room for it (a short
    block fills the end of an earlier row); a new row when none has."""
    rows: list[list[tuple[Block, int]]] = []
    ends: list[int] = []
    for block in blocks:
        for i, end in enumerate(ends):
            if end + gap + block.width <= width and block.height <= _row_height(rows[i]):
                rows[i].append((block, end + gap))
                ends[i] = end + gap + block.width
                break
        else:
            rows.append([(block, 0)])
            ends.append(block.width)
    out = Block()
    y = 0
    for row in rows:
        for block, x in row:
            out.place(block, x, y)
        y += _row_height(row)
    out.height = max(out.height, y)
    return out


def _row_height(row: list[tuple[Block, int]]) -> int:
    return max(block.height for block, _x in row)


def wrap(text: str, width: int) -> list[str]:
    """Greedy word wrap to ``width`` cells (long words are cut)."""
    if width <= 0:
        return []
    words = text.split()
    lines: list[str] = []
    line = ""
    for word in words:
        while len(word) > width:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:width])
            word = word[width:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines or [""]
