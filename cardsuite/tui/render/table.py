"""The whole table painted into one canvas: status line, seats, centre, log, action bar.

Layout, from any :class:`~cardsuite.core.view.TableView`:

* row 0 — the status line (game, whose turn, what is being chosen);
* the viewer's seat in a box at the bottom, the other seats in boxes along the top (and, with
  three or more of them, the first and last on the left and right of the centre);
* the centre piles in the middle; the info lines and the event log in a side panel when the
  terminal is wide, else beside the centre piles;
* the message line (the engine's reason for a refused move, a hint …) and the action bar.

Levels of detail are tried from the richest down until everything fits the height.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rich.cells import cell_len

from cardsuite.core.i18n import _, ngettext
from cardsuite.core.table import Seat
from cardsuite.core.view import DealSummary, PileView, SeatView, TableView, TrickView
from cardsuite.tui.render.canvas import Block, Canvas, Rect, clip, flow, pack, wrap
from cardsuite.tui.render.cards import (
    CARD_H,
    CARD_W,
    COMPACT,
    FULL,
    MID,
    Ctx,
    Glyphs,
    Marks,
    compact_card,
    draw_face,
    pile_block,
)
from cardsuite.tui.selection import Slot, group_text, group_words

MIN_WIDTH = 80
MIN_HEIGHT = 24
SIDE_PANEL_FROM = 100  # terminals at least this wide get the side panel

# (others, centre, viewer) from the richest to the most compact
CONFIGS: tuple[tuple[str, str, str], ...] = (
    (FULL, FULL, FULL),
    (MID, FULL, FULL),
    (MID, FULL, MID),
    (COMPACT, FULL, FULL),
    (COMPACT, FULL, MID),
    (COMPACT, FULL, COMPACT),
    (COMPACT, COMPACT, COMPACT),
)
# A table whose piles have rooms (PileView.most) keeps its level for the whole deal; the
# viewer's own cards, which he aims from, keep their faces before the centre does.
STEADY_CONFIGS: tuple[tuple[str, str, str], ...] = (
    *CONFIGS[:5],
    (COMPACT, COMPACT, FULL),
    (COMPACT, COMPACT, MID),
    *CONFIGS[5:],
)


@dataclass
class Scene:
    """Everything the table shows besides the view itself."""

    view: TableView | None
    marks: Marks = field(default_factory=Marks)
    glyphs: Glyphs = field(default_factory=Glyphs)
    status: str = ""
    badge: str = ""  # "YOUR TURN", "Boris thinking…"
    message: str = ""
    message_kind: str = "info"  # info, error, hint
    actions: Sequence[str] = ()
    keys: str = ""  # right side of the action bar
    log: Sequence[str] = ()
    # another player's last move in words ("Boris plays 8♠"), shown by the log while it lasts
    last_move: str = ""
    info: Sequence[str] = ()
    tags: dict[Seat, str] = field(default_factory=dict)  # "you", "bot", "human"
    legal: Sequence[str] = ()  # the viewer's legal moves in short words
    too_small: tuple[int, int] | None = None  # the terminal's size when below the minimum


@dataclass
class Painted:
    canvas: Canvas
    hits: list[tuple[Slot, Rect]]
    actions: list[tuple[int, Rect]]
    config: tuple[str, str, str] | None = None
    viewer: Rect | None = None  # where the viewer's seat box is drawn (a chooser keeps it free)

    def rects(self) -> dict[Slot, Rect]:
        out: dict[Slot, Rect] = {}
        for slot, rect in self.hits:
            out[slot] = rect
        return out

    def slot_at(self, x: int, y: int) -> Slot | None:
        for slot, (rx, ry, rw, rh) in reversed(self.hits):
            if rx <= x < rx + rw and ry <= y < ry + rh:
                return slot
        return None

    def action_at(self, x: int, y: int) -> int | None:
        for index, (rx, ry, rw, rh) in self.actions:
            if rx <= x < rx + rw and ry <= y < ry + rh:
                return index
        return None


# --- seat boxes ----------------------------------------------------------------------------------


def _seat_title(sv: SeatView, tag: str, single: str, space: int | None = None) -> tuple[str, str]:
    """A seat box's title: on the left "▶ name · side · tag", on the right "hand 5 · status ·
    score" (``single``: the seat's one pile and its count).

    With ``space`` (the cells between the box's corners), parts are shortened, least useful
    first, until both sides fit with a gap of three: the tag's details (a bot's level: "bot ·
    normal" becomes "bot"), the status ("dealer"), the score, the count (a face-down hand shows
    it anyway: ``[▒▒×5]``), the word "side" ("side B" becomes "B"); then the name is clipped
    (to three letters at least).  The seat's kind ("bot", "you") stays.
    """
    turn = "▶ " if sv.to_move else ""
    side = _("side {tag}").format(tag=sv.side) if sv.side else ""
    kind = tag.split(" · ")[0]  # "bot · normal" → "bot": the tag's first part says what it is

    def title(
        name: str, side: str, tag: str, count: str, status: str, score: str
    ) -> tuple[str, str]:
        left = turn + " · ".join(x for x in (name, side, tag) if x)
        return left, " · ".join(x for x in (count, status, score) if x)

    full = title(sv.name, side, tag, single, sv.status, sv.score)
    if space is None:
        return full
    variants = (
        full,
        title(sv.name, side, kind, single, sv.status, sv.score),
        title(sv.name, side, kind, single, "", sv.score),
        title(sv.name, side, kind, single, "", ""),
        title(sv.name, side, kind, "", "", ""),
        title(sv.name, sv.side, kind, "", "", ""),
    )
    for left, right in variants:
        if _title_fits(left, right, space):
            return left, right
    left, right = variants[-1]
    keep = len(sv.name) + space - len(left)  # the name clipped, to three letters and "…"
    if keep >= min(len(sv.name), 4):
        return title(clip(sv.name, keep), sv.side, kind, "", "", "")
    return left, right


def _title_fits(left: str, right: str, space: int) -> bool:
    return len(left) + (len(right) + 3 if right else 0) <= space


LEGAL_GAP = 3  # cells between two columns of the legal moves


def legal_lines(items: Sequence[str], width: int, rows: int) -> list[str]:
    """The viewer's legal moves in at most ``rows`` lines of ``width`` cells: the heading,
    then the moves grouped by their shared words ("play 6♠ 8♦ J♣"), in as few columns as
    fit.  Only when not all of them fit does the last entry say "… N more" (N moves).
    With a single row, the heading and the moves share it.
    """
    return _legal_fit(items, width, rows)[0]


def _legal_fit(items: Sequence[str], width: int, rows: int) -> tuple[list[str], int]:
    """:func:`legal_lines`, and how many of the moves they leave out."""
    head = _("Legal now:")
    if not items or rows < 1 or width < 1:
        return [], len(items)

    def texts(shown: int) -> list[str]:
        more = len(items) - shown
        tail = [ngettext("… {n} more", "… {n} more", more).format(n=more)] if more else []
        return [group_text(group, members) for group, members in group_words(items[:shown])] + tail

    if rows == 1:
        # one line: the heading and the moves; if that leaves every move out, the moves alone
        for heads, least in (([head], 1), ([], 1), ([head], 0), ([], 0)):

            def line(shown: int, heads: list[str] = heads) -> str:
                return " ".join([*heads, " · ".join(texts(shown))])

            shown = _most(least, len(items), lambda n: len(line(n)) <= width)
            if shown is not None:
                return [line(shown)], len(items) - shown
        return [clip(texts(0)[0], width)], len(items)
    shown = _most(0, len(items), lambda n: _legal_columns(texts(n), width, rows - 1) is not None)
    if shown is not None:
        body = _legal_columns(texts(shown), width, rows - 1)
        assert body is not None
        return [head, *body], len(items) - shown
    return [clip(head, width)], len(items)


def _most(low: int, high: int, fits: Callable[[int], bool]) -> int | None:
    """The largest n in low..high that ``fits`` (which holds for every n below one that
    does), found by halving: the moves shown are asked about a few times, not once each."""
    if fits(high):
        return high
    if not fits(low):
        return None
    while high - low > 1:  # fits(low) and not fits(high)
        middle = (low + high) // 2
        if fits(middle):
            low = middle
        else:
            high = middle
    return low


def _legal_columns(texts: Sequence[str], width: int, rows: int) -> list[str] | None:
    """``texts`` in ``rows`` lines of at most ``width`` cells, in the fewest columns that hold
    them all; None if they do not fit.  In one column a long text wraps (its further lines
    indented); several columns are for texts that fit them whole."""
    if not texts:
        return []
    longest = max(cell_len(text) for text in texts)
    for ncols in range(1, len(texts) + 1):
        col_w = (width - LEGAL_GAP * (ncols - 1)) // ncols
        if ncols > 1 and col_w < longest:
            return None
        columns: list[list[str]] = [[]]
        for text in texts:
            block = wrap(text, col_w)
            if len(block) > 1:
                rest = wrap(" ".join(block[1:]), col_w - 2)
                block = [block[0], *("  " + part for part in rest)]
            if len(block) > rows:  # one long entry: what fits of it
                block = [*block[: rows - 1], clip(block[rows - 1] + " …", col_w)]
            if columns[-1] and len(columns[-1]) + len(block) > rows:
                columns.append([])
            columns[-1].extend(block)
        if len(columns) > ncols:
            continue
        widths = [max(cell_len(line) for line in col) for col in columns]
        out = []
        for r in range(max(len(col) for col in columns)):
            cells = [
                (col[r] if r < len(col) else "").ljust(w)
                for col, w in zip(columns, widths, strict=True)
            ]
            out.append((" " * LEGAL_GAP).join(cells).rstrip())
        return out
    return None


def seat_box(
    sv: SeatView,
    mode: str,
    max_w: int,
    ctx: Ctx,
    tag: str,
    *,
    stretch: bool = False,
    side_lines: Sequence[str] = (),
    legal_rows: int = 0,
) -> Block:
    """A seat's piles in a rounded box titled with the name, role, status and score; the
    viewer's legal moves (``side_lines``) beside the piles when there is room.

    The box is as tall as the piles, or, when the moves do not all fit beside them, taller by
    as many rows as they need, up to ``legal_rows`` rows inside the box."""
    return _seat_box(
        sv, mode, max_w, ctx, tag, stretch=stretch, side_lines=side_lines, legal_rows=legal_rows
    )[0]


def _seat_box(
    sv: SeatView,
    mode: str,
    max_w: int,
    ctx: Ctx,
    tag: str,
    *,
    stretch: bool,
    side_lines: Sequence[str],
    legal_rows: int,
) -> tuple[Block, int]:
    """:func:`seat_box`, and how many legal moves it leaves out."""
    inner = max(max_w - 4, 8)
    single = len(sv.piles) == 1
    short = not sv.is_viewer  # another seat's pile with a room keeps to one line, compact
    blocks = [pile_block(p, mode, inner, ctx, label=not single, short=short) for p in sv.piles]
    if any(p.most for p in sv.piles):  # piles with rooms keep their places
        tallest = max((b.height for b in blocks), default=0)
        blocks = [_widened(b, b.width, tallest) for b in blocks]  # rows of one height
    if mode == COMPACT and any(p.most for p in sv.piles):
        content = pack(blocks, inner, gap=2)  # fill the rows' ends
    else:
        content = flow(blocks, inner, gap=2 if mode == COMPACT else 1)
    pile_desc = ""
    if single:
        p = sv.piles[0]
        pile_desc = f"{p.label} {p.count}"
    left, right = _seat_title(sv, tag, pile_desc)
    want = max(content.width + 4, len(left) + len(right) + 8, 20)
    width = max_w if stretch else min(max(want, 20), max_w)
    # the viewer's legal moves, beside the piles when there is room
    extra: list[str] = []
    hidden = 0
    room = width - 4 - content.width - 3
    if side_lines and room >= 18:
        rows = max(content.height, 1)
        extra, hidden = _legal_fit(side_lines, room, rows)
        while hidden and rows < legal_rows:  # a row more, while the screen has one to spare
            rows += 1
            extra, hidden = _legal_fit(side_lines, room, rows)
    height = max(content.height, len(extra), 1) + 2
    key = "box.turn" if sv.to_move else ("box.viewer" if sv.is_viewer else "box")
    b = Block()
    # top border with the title
    space = width - 4
    left, right = _seat_title(sv, tag, pile_desc, space)
    right_text = clip(right, max(space - len(left) - 3, 0)) if right else ""
    left_text = clip(left, space - (len(right_text) + 3 if right_text else 0))
    b.put(0, 0, "╭ ", key)
    b.put(2, 0, left_text, "title.turn" if sv.to_move else "title")
    fill_from = 2 + len(left_text) + 1
    tail = f" {right_text} ╮" if right_text else " ╮"
    b.put(2 + len(left_text), 0, " " + "─" * max(width - fill_from - len(tail), 0), key)
    if right_text:
        b.put(width - len(tail), 0, " ", key)
        b.put(width - len(tail) + 1, 0, right_text, "title.note")
        b.put(width - 2, 0, " ╮", key)
    else:
        b.put(width - 2, 0, " ╮", key)
    for row in range(1, height - 1):
        b.put(0, row, "│", key)
        b.put(width - 1, row, "│", key)
    b.put(0, height - 1, "╰" + "─" * (width - 2) + "╯", key)
    b.place(content, 2, 1)
    if extra:
        x = 2 + content.width + 3
        head = _("Legal now:")
        for i, line in enumerate(extra):
            if i == 0 and line.startswith(head):
                b.put(x, 1, head, "legal.head")
                b.put(x + len(head), 1, line[len(head) :], "legal")
            else:
                b.put(x, 1 + i, line, "legal")
    b.width, b.height = width, height
    return b, hidden


# --- a trick and a deal's summary ----------------------------------------------------------------


def trick_block(trick: TrickView, names: dict[Seat, str], mode: str, ctx: Ctx) -> Block:
    """The trick on the table: a heading (trumps, the suit to follow), then each seat's card in
    the order played with the seat's name under it; the winner once it is complete.  The whole
    block is the trick pile's slot, so a card dropped on it goes to the trick."""
    g = ctx.glyphs
    head = [trick.label or _("trick")]
    if trick.trumps is not None:
        head.append(_("trumps {suit}").format(suit=g.suit_symbol(trick.trumps)))
    if trick.led is not None and trick.winner is None:
        head.append(_("follow {suit}").format(suit=g.suit_symbol(trick.led)))
    slot = Slot(trick.pile, None)
    b = Block()
    b.put(0, 0, " · ".join(head), ctx.marks.label(trick.pile))
    x, y = 0, 1
    for seat, face in trick.plays:
        name = clip(names.get(seat, "?"), CARD_W + 1 if mode != COMPACT else 10)
        edge = ctx.marks.face_edge(face)  # another player's card just played stands out
        if mode == COMPACT:
            w = compact_card(b, x, y, face, edge, ctx)
            b.put(x, y + 1, name, "title.turn" if seat == trick.winner else "note")
            x += max(w, cell_len(name)) + 2
        else:
            draw_face(b, x, y, face, edge, ctx)
            b.put(x, y + CARD_H, name, "title.turn" if seat == trick.winner else "note")
            x += CARD_W + 2
    if not trick.plays:
        b.put(0, y, _("(no card yet)"), "note")
    height = b.height
    if trick.winner is not None:
        b.put(0, height, _("won by {who}").format(who=names.get(trick.winner, "?")), "title.turn")
    b.hit(slot, (0, 0, max(b.width, 8), b.height))
    return b


def summary_block(summary: DealSummary, width: int) -> Block:
    """A finished deal's summary, boxed: a small table, then how the deal ended."""
    cols = [summary.columns, *summary.rows]
    widths = [max(cell_len(row[i]) for row in cols) for i in range(len(summary.columns))]
    lines = ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w)
                       in enumerate(zip(row, widths, strict=True))) for row in cols]  # fmt: skip
    inner = min(max(cell_len(summary.title), *(cell_len(line) for line in lines), 24), width - 4)
    text: list[tuple[str, str]] = [(summary.title, "title.turn")]
    text += [(clip(line, inner), "info" if i else "title") for i, line in enumerate(lines)]
    for line in summary.lines:
        text += [(part, "note") for part in wrap(line, inner)]
    b = Block()
    b.put(0, 0, "╭" + "─" * (inner + 2) + "╮", "box.turn")
    for i, (line, key) in enumerate(text, start=1):
        b.put(0, i, "│", "box.turn")
        b.put(2, i, line, key)
        b.put(inner + 3, i, "│", "box.turn")
    b.put(0, len(text) + 1, "╰" + "─" * (inner + 2) + "╯", "box.turn")
    return b


# --- text panels ---------------------------------------------------------------------------------

ENTRY_SEP = " · "  # between the entries of an info line (a key legend: "Q s1→C1 · W s2→C1")


def key_legend_lines(entries: Sequence[str], width: int, *, head: str = "") -> list[str]:
    """``entries`` joined by " · " in lines of at most ``width`` cells, broken only between
    entries: ``head`` ("Anna:") starts the first line, the others are indented by two.  An
    entry wider than a line is wrapped by words, its further lines indented too."""
    if width < 1:
        return []
    lines: list[str] = []
    prefix, line = head, ""  # what starts the line being filled; the line, once it has entries

    def begin(entry: str) -> str:
        return f"{prefix} {entry}" if prefix.strip() else prefix + entry

    for entry in entries:
        if line and cell_len(line + ENTRY_SEP + entry) <= width:
            line += ENTRY_SEP + entry
            continue
        if line:
            lines.append(line)
            prefix, line = "  ", ""
        if cell_len(begin(entry)) <= width:
            line = begin(entry)
            continue
        if prefix.strip() and cell_len(entry) + 2 <= width:  # the head alone, the entry below
            lines.append(prefix)
            prefix, line = "  ", "  " + entry
            continue
        first, *rest = wrap(begin(entry), width)
        parts = [first, *("  " + part for part in wrap(" ".join(rest), width - 2) if rest)]
        lines.extend(parts[:-1])
        prefix, line = "  ", parts[-1]
    if line or prefix.strip():
        lines.append(line or prefix)
    return [clip(text, width) for text in lines]


def _info_wrap(line: str, width: int) -> list[str]:
    """An info line in lines of ``width`` cells: between its entries if it has several (a key
    legend keeps each key with what it does), else by words."""
    if ENTRY_SEP not in line or cell_len(line) <= width:
        return wrap(line, width)
    return key_legend_lines(line.split(ENTRY_SEP), width)


def _log_lines(log: Sequence[str], width: int, height: int) -> list[tuple[str, str]]:
    """The newest log entries that fit whole, wrapped, oldest first (of the newest, when it
    is taller than the room, its first lines); the newest entry stands out."""
    out: list[tuple[str, str]] = []
    for n, entry in enumerate(reversed(log)):
        key = "log.new" if n == 0 else "log"
        lines = wrap(entry, width)
        lines = (
            [lines[0]] + ["  " + line for line in wrap(" ".join(lines[1:]), width - 2)]
            if len(lines) > 1
            else lines
        )
        if len(out) + len(lines) > height:
            if n == 0:
                out = [(line, key) for line in reversed(lines[:height])]
            break
        out.extend((line, key) for line in reversed(lines))
    out.reverse()
    return out


LAST_MOVE_LINES = 2  # at most this many lines name another player's last move


def _last_move_lines(text: str, width: int, rows: int) -> list[str]:
    """The last move in at most ``rows`` lines of ``width`` cells (the last one cut)."""
    if not text.strip():
        return []
    lines = wrap(text, width)
    if len(lines) > rows > 0:
        lines = [*lines[: rows - 1], clip(" ".join(lines[rows - 1 :]), width)]
    return lines[: max(rows, 0)]


def _draw_panel(
    canvas: Canvas,
    x: int,
    y: int,
    w: int,
    h: int,
    info: Sequence[str],
    log: Sequence[str],
    last_move: str = "",
) -> None:
    """The side panel: info lines, another player's last move, then the log filling the
    rest, in one box."""
    if w < 10 or h < 3:
        return
    inner = w - 4
    canvas.put(x, y, _box_title("╭", _("Table"), "╮", w), "panel")
    for row in range(y + 1, y + h - 1):
        canvas.put(x, row, "│", "panel")
        canvas.put(x + w - 1, row, "│", "panel")
    canvas.put(x, y + h - 1, "╰" + "─" * (w - 2) + "╯", "panel")
    info_lines: list[str] = []
    for line in info:
        info_lines.extend(_info_wrap(line, inner))
    budget = h - 2
    info_lines = info_lines[: max(min(len(info_lines), budget - 4), 0)]
    row = y + 1
    for line in info_lines:
        canvas.put(x + 2, row, line, "info")
        row += 1
    # the last move, under its own heading, while the log keeps a heading and three lines
    moved = _last_move_lines(last_move, inner, min(LAST_MOVE_LINES, y + h - 1 - row - 5))
    if moved:
        canvas.put(x, row, _box_title("├", _("Last move"), "┤", w), "panel")
        row += 1
        for line in moved:
            canvas.put(x + 2, row, line, "last.move")
            row += 1
    if row < y + h - 2:
        canvas.put(x, row, _box_title("├", _("Log"), "┤", w), "panel")
        row += 1
        lines = _log_lines(log, inner, y + h - 1 - row)
        for text, key in lines:
            canvas.put(x + 2, row, text, key)
            row += 1


def _box_title(left: str, title: str, right: str, width: int) -> str:
    """A box's top line with its title: ``╭ Table ────╮`` (the title clipped to fit)."""
    head = f"{left} {clip(title, max(width - 5, 1))} "
    return head + "─" * max(width - cell_len(head) - 1, 0) + right


def _draw_narrow_log(
    canvas: Canvas,
    x: int,
    y: int,
    w: int,
    h: int,
    info: Sequence[str],
    log: Sequence[str],
    last_move: str = "",
) -> None:
    """Info, another player's last move and the log beside the centre piles (no side
    panel)."""
    if w < 8 or h < 1:
        return
    for row in range(y, y + h):
        canvas.put(x, row, "┊", "panel")
    inner = w - 2
    info_lines: list[str] = []
    for line in info:
        info_lines.extend(_info_wrap(line, inner))
    # the info (hot-seat players' key legends among it) takes up to half the rows, the log
    # the rest
    info_lines = info_lines[: max(h // 2, 0)]
    row = y
    for line in info_lines:
        canvas.put(x + 2, row, line, "info")
        row += 1
    if last_move and y + h - row >= 4:  # one line, marked, with three left for the log
        canvas.put(x + 2, row, clip("▸ " + last_move, inner), "last.move")
        row += 1
    for text, key in _log_lines(log, inner, y + h - row):
        canvas.put(x + 2, row, text, key)
        row += 1


# --- the whole table -----------------------------------------------------------------------------


@dataclass
class _Plan:
    config: tuple[str, str, str]
    top: list[Block]
    left: Block | None
    right: Block | None
    centre: Block
    viewer: Block
    top_h: int
    centre_h: int
    log_w: int


def _plan(
    view: TableView,
    scene: Scene,
    config: tuple[str, str, str],
    main_w: int,
    narrow: bool,
    body_h: int,
    cache: dict[tuple[object, ...], Block],
) -> _Plan:
    """One layout of the table.  ``cache`` keeps the blocks already built for another level
    of detail of the same paint (blocks are never changed once built), so trying the levels
    one after the other does not build the same seat or pile twice."""
    ctx = Ctx(scene.glyphs, scene.marks)
    m_other, m_centre, m_viewer = config
    seats = view.seats
    viewer_sv, others = (seats[0], seats[1:]) if seats else (None, ())

    def box(sv: SeatView, mode: str, width: int, stretch: bool, legal: Sequence[str]) -> Block:
        key = ("seat", sv.seat, mode, width, stretch)
        block = cache.get(key)
        if block is None:
            tag = scene.tags.get(sv.seat, "")
            block, hidden = _seat_box(
                sv, mode, width, ctx, tag, stretch=stretch, side_lines=legal, legal_rows=0
            )
            cache[key] = block
            if hidden:  # noted for the viewer: its box may grow to show them all
                cache[("hidden", *key)] = block
        return block

    names = {sv.seat: sv.name for sv in seats}

    def centre_pile(pile: PileView, mode: str) -> Block:
        key = ("centre", pile.id, mode, main_w)
        block = cache.get(key)
        if block is None:
            trick = view.trick
            if trick is not None and trick.pile == pile.id:
                block = trick_block(trick, names, mode, ctx)
            else:
                block = pile_block(pile, mode, main_w, ctx)
            cache[key] = block
        return block

    log_w = max(26, main_w // 3) if narrow else 0
    n = len(others)
    if n == 1:
        box_w = main_w
    elif n == 2:
        box_w = main_w // 2 - 1
    else:
        box_w = max(main_w // min(n, 4) - 1, 24)
    # Piles with rooms (see PileView.most): every box keeps one width whatever its title says
    # (a score, a status), and the viewer's box one height, so nothing moves during the deal.
    steady = any(p.most for p in view.piles())
    boxes = [box(sv, m_other, box_w, n == 1 or steady, ()) for sv in others]
    centre_blocks = [centre_pile(p, m_centre) for p in view.centre]
    if steady and centre_blocks:  # in cells: each pile keeps its place as the others change
        cell_w = max(b.width for b in centre_blocks)
        cell_h = max(b.height for b in centre_blocks)
        centre_blocks = [_widened(b, cell_w, cell_h) for b in centre_blocks]
    if view.summary is not None:
        centre_blocks.insert(0, summary_block(view.summary, main_w - 2))
    viewer = Block()
    if viewer_sv is not None:
        viewer = box(viewer_sv, m_viewer, main_w, True, scene.legal)

    def arrange(sides: bool) -> tuple[Block | None, Block | None, list[Block], Block, int, int]:
        left, right, top = (boxes[0], boxes[-1], boxes[1:-1]) if sides else (None, None, boxes)
        side_used = (left.width + 2 if left else 0) + (right.width + 2 if right else 0)
        centre_w = max(main_w - side_used - log_w - 2, 10)
        centre = flow(centre_blocks, centre_w, gap=2)
        top_h = flow(top, main_w, gap=1).height if top else 0
        centre_h = max(
            centre.height,
            left.height if left else 0,
            right.height if right else 0,
            4 if narrow else 0,
        )
        return left, right, top, centre, top_h, centre_h

    sides = False
    if n >= 3:
        lw, rw = boxes[0].width, boxes[-1].width
        avail = main_w - lw - rw - 4 - log_w
        centre_try = flow(centre_blocks, max(avail, 1), gap=2)
        sides = avail >= 24 and centre_try.width <= avail
    left, right, top, centre, top_h, centre_h = arrange(sides)
    if sides and top_h + centre_h + viewer.height > body_h:
        # the centre beside the side seats is too tall: all the others along the top, if
        # that takes fewer rows
        flat = arrange(False)
        if flat[4] + flat[5] < top_h + centre_h:
            left, right, top, centre, top_h, centre_h = flat
    if viewer_sv is not None and not steady:
        # legal moves left out: the rows the others leave free are theirs, if they need them
        spare = body_h - top_h - centre_h - viewer.height
        if spare > 0 and ("hidden", "seat", viewer_sv.seat, m_viewer, main_w, True) in cache:
            tag = scene.tags.get(viewer_sv.seat, "")
            rows = viewer.height - 2 + spare
            viewer = seat_box(viewer_sv, m_viewer, main_w, ctx, tag, stretch=True,
                              side_lines=scene.legal, legal_rows=rows)  # fmt: skip
    return _Plan(config, top, left, right, centre, viewer, top_h, centre_h, log_w)


def _cut(block: Block, height: int) -> Block:
    """The first ``height`` rows of ``block``, with the slots drawn in them."""
    ops = [op for op in block.ops if op[1] < height]
    hits = [(slot, rect) for slot, rect in block.hits if rect[1] + rect[3] <= height]
    return Block(block.width, height, ops, hits)


def _widened(block: Block, width: int, height: int) -> Block:
    """``block`` taking ``width`` × ``height`` cells at least (a copy: built blocks are
    shared)."""
    if block.width >= width and block.height >= height:
        return block
    return Block(max(block.width, width), max(block.height, height), block.ops, block.hits)


def paint(scene: Scene, width: int, height: int) -> Painted:
    canvas = Canvas(width, height, "felt")
    hits: list[tuple[Slot, Rect]] = []
    actions: list[tuple[int, Rect]] = []
    if scene.too_small is not None:
        _too_small(canvas, *scene.too_small)
        return Painted(canvas, hits, actions)
    view = scene.view
    _status_line(canvas, scene, width)
    if height >= 3:
        _message_line(canvas, scene, width, height - 2)
        _action_bar(canvas, scene, width, height - 1, actions)
    if view is None:
        return Painted(canvas, hits, actions)
    body_y, body_h = 1, max(height - 3, 0)
    narrow = width < SIDE_PANEL_FROM
    side_w = 0 if narrow else min(44, max(28, width // 4))
    main_w = width - side_w
    plan = None
    cache: dict[tuple[object, ...], Block] = {}

    def fits(plan: _Plan) -> bool:
        return plan.top_h + plan.centre_h + plan.viewer.height <= body_h

    configs = STEADY_CONFIGS if any(p.most for p in view.piles()) else CONFIGS
    for config in configs:
        plan = _plan(view, scene, config, main_w, narrow, body_h, cache)
        if fits(plan):
            break
    assert plan is not None
    if not fits(plan) and narrow:
        # nothing fits beside the log: the centre takes the log's place
        for config in configs:
            plan = _plan(view, scene, config, main_w, False, body_h, cache)
            if fits(plan):
                break
    extra = max(body_h - plan.top_h - plan.centre_h - plan.viewer.height, 0)
    centre_h = plan.centre_h + extra
    # still too tall: the centre's last rows give way to the viewer's box
    room = body_h - plan.top_h - plan.viewer.height
    centre = plan.centre if plan.centre.height <= room else _cut(plan.centre, max(room, 0))
    # top seats, spread across the width
    y = body_y
    if plan.top:
        total = sum(b.width for b in plan.top)
        if total + len(plan.top) - 1 <= main_w:
            if len(plan.top) == 1:
                xs = [(main_w - plan.top[0].width) // 2]
            else:
                gap = (main_w - total) / (len(plan.top) - 1)
                xs, x = [], 0.0
                for b in plan.top:
                    xs.append(round(x))
                    x += b.width + gap
            for b, x0 in zip(plan.top, xs, strict=True):
                b.draw(canvas, x0, y, hits)
        else:
            flow(plan.top, main_w, gap=1).draw(canvas, 0, y, hits)
    cy = body_y + plan.top_h
    # side seats
    x_left = 0
    x_right = main_w - plan.log_w
    if plan.left is not None:
        plan.left.draw(canvas, 0, cy + (centre_h - plan.left.height) // 2, hits)
        x_left = plan.left.width + 2
    if plan.right is not None:
        x_right -= plan.right.width
        plan.right.draw(canvas, x_right, cy + (centre_h - plan.right.height) // 2, hits)
        x_right -= 2
    # centre piles, centred in what is left
    area = x_right - x_left
    cx = x_left + max((area - centre.width) // 2, 0)
    centre.draw(canvas, cx, cy + max((centre_h - centre.height) // 2, 0), hits)
    # the viewer at the bottom
    viewer_y = body_y + body_h - plan.viewer.height
    plan.viewer.draw(canvas, 0, viewer_y, hits)
    viewer_rect = (0, viewer_y, plan.viewer.width, plan.viewer.height) if view.seats else None
    if narrow:
        _draw_narrow_log(
            canvas,
            main_w - plan.log_w,
            cy,
            plan.log_w,
            min(centre_h, room),
            scene.info,
            scene.log,
            scene.last_move,
        )
    else:
        _draw_panel(canvas, main_w, body_y, side_w, body_h, scene.info, scene.log, scene.last_move)
    return Painted(canvas, hits, actions, plan.config, viewer_rect)


def _status_line(canvas: Canvas, scene: Scene, width: int) -> None:
    canvas.fill(0, 0, width, 1, "status")
    title = scene.view.title if scene.view is not None else "cardsuite"
    left = f" {title} · {scene.status}" if scene.status else f" {title}"
    badge = f" {scene.badge} " if scene.badge else ""
    canvas.put(0, 0, clip(left, width - len(badge) - 1), "status")
    if badge:
        canvas.put(width - len(badge), 0, badge, "status.badge")


def _message_line(canvas: Canvas, scene: Scene, width: int, y: int) -> None:
    if scene.message:
        key = {"error": "msg.error", "hint": "msg.hint"}.get(scene.message_kind, "msg.info")
        canvas.put(0, y, clip(" " + scene.message, width), key)


def _action_bar(
    canvas: Canvas, scene: Scene, width: int, y: int, hits: list[tuple[int, Rect]]
) -> None:
    canvas.fill(0, y, width, 1, "bar")
    x = 1
    keys = f" {scene.keys} " if scene.keys else ""
    limit = width - len(keys) - 1
    for i, label in enumerate(scene.actions):
        key = str(i + 1) if i < 9 else ("0" if i == 9 else "")
        if not key:
            break
        text = f" {clip(label, 36)} "
        if x + len(key) + 2 + len(text) > limit:
            canvas.put(x, y, "…", "bar")
            break
        canvas.put(x, y, f" {key} ", "bar.key")
        canvas.put(x + len(key) + 2, y, text, "bar.action")
        hits.append((i, (x, y, len(key) + 2 + len(text), 1)))
        x += len(key) + 2 + len(text) + 1
    if keys and x + len(keys) <= width:
        canvas.put(width - len(keys), y, keys, "bar")


def _too_small(canvas: Canvas, width: int, height: int) -> None:
    """The notice shown instead of the table below 80×24: wrapped to the window, and, where
    even that does not fit, shortened, so the size needed and the size now always show."""
    sizes = {"width": width, "height": height, "min_width": MIN_WIDTH, "min_height": MIN_HEIGHT}
    title = _("Terminal too small")
    sentence = _(
        "This window is {width}×{height}; cardsuite needs at least {min_width}×{min_height}."
    ).format(**sizes)
    advice = _("Enlarge the window (or make the font smaller) to play.")
    short = _("{width}×{height}: needs {min_width}×{min_height}").format(**sizes)
    shortest = _("{width}×{height} < {min_width}×{min_height}").format(**sizes)
    w, h = canvas.width, canvas.height
    # from the richest to the shortest: (text, style) paragraphs, the title first
    variants: list[list[tuple[str, str]]] = [
        [(title, "msg.error"), (sentence, "felt"), (advice, "felt")],
        [(title, "msg.error"), (sentence, "felt")],
        [(title, "msg.error"), (short, "felt")],
        [(short, "msg.error")],
        [(shortest, "msg.error")],
    ]
    lines: list[tuple[str, str]] = []
    for paragraphs in variants:
        lines = [(line, key) for text, key in paragraphs for line in wrap(text, w)]
        if len(lines) <= h:
            break
    top = max((h - len(lines)) // 2, 0)
    for i, (line, key) in enumerate(lines[:h]):
        text = clip(line, w)
        canvas.put(max((w - len(text)) // 2, 0), top + i, text, key)
