"""The score sheet of a match of several deals: a column per player (or side), a row per
finished deal with what it gave and the running total.

Drawn from a :class:`~cardsuite.core.view.ScoreSheet` alone (``TableView.scores``, filled by
the game's ``present``): this module knows no game.  The table opens it with
``push_screen(ScoreSheetScreen(view.scores))``; Esc, t or q closes it.
"""

from __future__ import annotations

import textwrap
from typing import ClassVar

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Static

from cardsuite.core.i18n import N_, _
from cardsuite.core.view import ScoreSheet
from cardsuite.tui.translated import TranslatedModalScreen, footer

RULE = " │ "  # between two players' columns (and after the deals' labels)
GAP = len(RULE)
INNER = 2  # cells between a column's two numbers
NAME_MIN = 6  # a name is never cut shorter than this (the table scrolls sideways first)


def _right(text: str, width: int) -> str:
    """``text`` right-aligned in ``width`` cells (cut with an ellipsis when longer)."""
    size = cell_len(text)
    if size <= width:
        return " " * (width - size) + text
    return set_cell_size(text, max(width - 1, 0)) + "…" if width > 0 else ""


def _left(text: str, width: int) -> str:
    size = cell_len(text)
    if size <= width:
        return text + " " * (width - size)
    return set_cell_size(text, max(width - 1, 0)) + "…" if width > 0 else ""


def sheet_lines(sheet: ScoreSheet, width: int) -> list[str]:
    """The sheet's table as lines of at most ``width`` cells where it can be done.

    Each player's column holds two numbers right-aligned: what the deal gave, and the running
    total, headed by their names (``scored``, ``total``).  When those headings do not fit
    (many players, long words) they are left out and a sentence under the table says what
    the two numbers are; then names are cut, never below ``NAME_MIN`` cells.
    """
    rows = sheet.rows
    labels = [row.label for row in rows]
    label_w = max((cell_len(label) for label in labels), default=0)
    n = len(sheet.columns)
    score_w = max((cell_len(v) for row in rows for v in row.scores), default=1)
    total_w = max((cell_len(v) for row in rows for v in row.totals), default=1)
    names_w = max((cell_len(c) for c in sheet.columns), default=0)

    def layout(headed: bool, name_cap: int) -> tuple[int, int, int]:
        a = max(score_w, cell_len(sheet.scored)) if headed else score_w
        b = max(total_w, cell_len(sheet.total)) if headed else total_w
        block = max(a + INNER + b, min(names_w, name_cap))
        return a, b, block

    def span(block: int) -> int:
        return label_w + n * (GAP + block)

    headed = True
    a, b, block = layout(True, names_w)
    if span(block) > width:
        headed = False
        a, b, block = layout(False, names_w)
    if span(block) > width:  # cut the names to what is left, but not to nothing
        room = (width - label_w) // max(n, 1) - GAP
        a, b, block = layout(False, max(room, NAME_MIN))
    gap = RULE
    lines = [" " * label_w + "".join(gap + _right(c, block) for c in sheet.columns)]
    if headed:
        lines.append(
            " " * label_w
            + "".join(
                gap + _right(_right(sheet.scored, a) + " " * INNER + _right(sheet.total, b), block)
                for _c in sheet.columns
            )
        )
    for row in rows:
        cells = (
            gap + _right(_right(score, a) + " " * INNER + _right(total, b), block)
            for score, total in zip(row.scores, row.totals, strict=True)
        )
        lines.append(_left(row.label, label_w) + "".join(cells))
    lines = [line.rstrip() for line in lines]
    if not headed:
        lines += ["", *textwrap.wrap(legend(sheet), max(width, 20))]
    return lines


class SheetTable(Widget):
    """The table of the sheet, laid out for the width it is given."""

    DEFAULT_CSS = "SheetTable { height: auto; width: 100%; }"

    def __init__(self, sheet: ScoreSheet, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.sheet = sheet

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(sheet_lines(self.sheet, width))

    def render(self) -> Text:
        lines = sheet_lines(self.sheet, self.size.width)
        text = Text(no_wrap=True, overflow="crop")
        for i, line in enumerate(lines):
            if i:
                text.append("\n")
            style = "bold" if i == 0 else ""
            text.append(line, style=style)
        return text


def legend(sheet: ScoreSheet) -> str:
    """What a column's two numbers are, in a sentence (when their headings are left out)."""
    return _("In each column: {scored}, then {total}.").format(
        scored=sheet.scored, total=sheet.total
    )


class ScoreSheetScreen(TranslatedModalScreen[None]):
    """The score sheet over the table; Esc, t or q goes back.

    ``sheet`` is the view's ``scores`` (named: ``Match.view`` fills in the players' names);
    None says that the match is played in one deal.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close")),
        Binding("t", "close", N_("Close"), show=False),
        Binding("q", "close", N_("Close"), show=False),
    ]

    def __init__(self, sheet: ScoreSheet | None) -> None:
        super().__init__(classes="panel-screen")
        self.sheet = sheet

    def compose(self) -> ComposeResult:
        sheet = self.sheet
        if sheet is None:
            yield Static(_("Score sheet"), classes="panel-title")
            with VerticalScroll(id="scores-body"):
                yield Static(
                    _("This match is played in one deal: there is no score sheet."),
                    id="scores-empty",
                )
                yield Static(_("Esc, t or q: back to the table"), id="scores-keys")
            yield footer()
            return
        # The sheet's text names the players: never read as markup.
        yield Static(
            _("Score sheet — {title}").format(title=sheet.title),
            classes="panel-title",
            markup=False,
        )
        with VerticalScroll(id="scores-body"):
            if sheet.rows:
                yield SheetTable(sheet, id="scores-table")
            else:
                yield Static(_("No deal has finished yet."), id="scores-empty")
            notes = [note for note in (sheet.better, *sheet.lines) if note]
            if notes:
                yield Static("\n".join(notes), id="scores-notes", markup=False)
            yield Static(_("Esc, t or q: back to the table"), id="scores-keys")
        yield footer()

    def action_close(self) -> None:
        self.dismiss(None)
