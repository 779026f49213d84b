"""Card faces and piles as blocks of drawing operations.

Three levels of detail, chosen by the table layout to fit the terminal:

* ``full`` — 7×5 box-drawn faces (index in two corners, suit in the middle); fans show each
  card's index strip and the last card whole; columns overlap two rows per card;
* ``mid`` — as ``full`` but columns overlap one row per card;
* ``compact`` — one line per pile: ``[10♥] [K♣] [▒▒×31]``.

Every card that is drawn shows its index and suit side by side (``10♥``), whatever the level,
so a glance (or a test scanning the screen) finds every card shown.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field

from cardsuite.core.cards import FACE_DOWN, JOKER, Card, CardFace, FaceDown, Suit, rank_index
from cardsuite.core.i18n import _
from cardsuite.core.table import PileId
from cardsuite.core.view import PileStyle, PileView
from cardsuite.tui.render.canvas import Block, clip, wrap
from cardsuite.tui.selection import Slot, pile_slots

CARD_W = 7
CARD_H = 5
BACK = "░"
BACK_COMPACT = "▒"

FULL, MID, COMPACT = "full", "mid", "compact"
LABEL_W = 13  # a pile's label is shown whole up to this many cells ("foundation 12")


@dataclass(frozen=True, slots=True)
class Glyphs:
    """How card text is written: ASCII suits, Cyrillic indices, and four-colour inks."""

    ascii_suits: bool = False
    cyrillic: bool = False
    four_colour: bool = False

    def suit(self, card: Card) -> str:
        if card.suit is None:
            return "★"
        return self.suit_symbol(card.suit)

    def suit_symbol(self, suit: Suit) -> str:
        return suit.letter if self.ascii_suits else suit.symbol

    def index(self, card: Card) -> str:
        """Rank and suit side by side: ``10♥``; a joker is ``JOKER``."""
        if card.is_joker:
            return "JOKER"
        return rank_index(card.rank, cyrillic=self.cyrillic) + self.suit(card)

    def short(self, card: Card) -> str:
        """The index as a fan strip shows it (a joker is ``JK``)."""
        return "JK" if card.is_joker else self.index(card)

    def ink(self, card: Card) -> str:
        if card.suit is None:
            return "ink.joker"
        if self.four_colour:
            return "ink." + card.suit.name.lower()
        return "ink.red" if card.suit.red else "ink.black"

    def text(self, face: CardFace) -> str:
        return self.index(face) if isinstance(face, Card) else BACK_COMPACT

    def words(self, text: str) -> str:
        """Engine text with its cards written the same way as the faces (``10H``, ``В♣``),
        a joker named in the interface's language."""
        if JOKER_TEXT in text:
            text = text.replace(JOKER_TEXT, _("JOKER"))
        if not (self.ascii_suits or self.cyrillic) or not text:
            return text
        return _CARD_IN_TEXT.sub(self._card_token, text)

    def _card_token(self, m: re.Match[str]) -> str:
        rank, suit = m.group(1), m.group(2)
        if self.cyrillic:
            rank = _CYRILLIC.get(rank, rank)
        if self.ascii_suits:
            suit = _ASCII_SUIT[suit]
        return rank + suit


JOKER_TEXT = str(JOKER)  # how engine text writes a joker
_CARD_IN_TEXT = re.compile(r"(10|[2-9AJQK])([♠♥♦♣])")
_ASCII_SUIT = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
_CYRILLIC = {"A": "Т", "J": "В", "Q": "Д", "K": "К"}


@dataclass(frozen=True, slots=True)
class Marks:
    """What to highlight on the table."""

    cursor: Slot | None = None
    source: Slot | None = None
    playable: frozenset[Slot] = frozenset()
    targets: frozenset[PileId] = frozenset()
    last: frozenset[PileId] = frozenset()
    hint_source: Slot | None = None
    hint_target: PileId | None = None
    focused: bool = True
    # choosing the cards a move takes along: those taken, those that may be, the others
    taken: frozenset[Slot] = frozenset()
    takeable: frozenset[Slot] = frozenset()
    dimmed: frozenset[Slot] = frozenset()
    # another player's last move (render/marks.py): the cards it moved, drawn in a frame of
    # their own wherever they are now, and the piles they came from and went to
    last_cards: frozenset[Card] = frozenset()
    last_from: frozenset[PileId] = frozenset()
    last_to: frozenset[PileId] = frozenset()

    def edge(self, slot: Slot, top: bool, face: CardFace | None = None) -> str:
        """The border style of the card at ``slot`` (``top``: the pile's top card; ``face``:
        the card drawn there, if the caller knows it)."""
        if self.focused and slot == self.cursor:
            return "edge.cursor"
        if slot == self.source or slot in self.taken:
            return "edge.source"
        if slot in self.takeable:
            return "edge.target"
        if slot in self.dimmed:
            return "edge.dim"
        if top and slot.pile in self.targets:
            return "edge.target"
        if slot == self.hint_source or (top and slot.pile == self.hint_target):
            return "edge.hint"
        if slot in self.playable:
            return "edge.playable"
        if isinstance(face, Card) and face in self.last_cards:
            return "edge.moved"
        if top and slot.pile in self.last_from:
            return "edge.from"
        if top and slot.pile in self.last:
            return "edge.last"
        return "edge"

    def face_edge(self, face: CardFace) -> str:
        """The border of a card drawn outside any pile (a trick's cards)."""
        return "edge.moved" if isinstance(face, Card) and face in self.last_cards else "edge"

    def label(self, pile: PileId) -> str:
        if pile in self.targets:
            return "label.target"
        if pile == self.hint_target:
            return "label.hint"
        if pile in self.last_from:
            return "label.from"
        if pile in self.last_to:
            return "label.to"
        if pile in self.last:
            return "label.last"
        return "label"


@dataclass
class Ctx:
    glyphs: Glyphs = field(default_factory=Glyphs)
    marks: Marks = field(default_factory=Marks)


# Every mark that matters while playing differs in shape, not in colour alone (the "no
# colour" setting and colour-blind players see shapes): the cursor is heavy, the picked
# source (and the cards it takes) heavy and dashed, targets and hints (and the cards it may
# still take) double, other cards single, cards it cannot take dotted; the cards another
# player's last move moved are rounded, and the top of the pile they came from dashed light.
_SINGLE = ("┌", "─", "┐", "│", "└", "┘")
_DOUBLE = ("╔", "═", "╗", "║", "╚", "╝")
_HEAVY = ("┏", "━", "┓", "┃", "┗", "┛")
_DASHED = ("┏", "╍", "┓", "╏", "┗", "┛")  # the picked source: lifted, on its way
_HEAVY_KEYS = {"edge.cursor", "edge.source", "edge.target", "edge.hint"}


_DOTTED = ("┌", "┄", "┐", "┆", "└", "┘")  # a card that cannot be taken: dimmed
_ROUNDED = ("╭", "─", "╮", "│", "╰", "╯")  # a card another player just moved
_LIGHT_DASHED = ("┌", "╌", "┐", "╎", "└", "┘")  # where that card came from


def _frame(edge: str) -> tuple[str, str, str, str, str, str]:
    if edge == "edge.cursor":
        return _HEAVY
    if edge == "edge.source":
        return _DASHED
    if edge == "edge.dim":
        return _DOTTED
    if edge == "edge.moved":
        return _ROUNDED
    if edge == "edge.from":
        return _LIGHT_DASHED
    return _DOUBLE if edge in _HEAVY_KEYS else _SINGLE


def _brackets(edge: str) -> tuple[str, str]:
    """Compact card edges: ⟦ ⟧ for the cursor, « » for the picked source, { } for targets
    and hints, ( ) for a card that cannot be taken, ⟨ ⟩ for a card another player just
    moved, < > for where it came from, [ ] otherwise."""
    if edge == "edge.cursor":
        return "⟦", "⟧"
    if edge == "edge.source":
        return "«", "»"
    if edge in _HEAVY_KEYS:
        return "{", "}"
    if edge == "edge.dim":
        return "(", ")"
    if edge == "edge.moved":
        return "⟨", "⟩"
    if edge == "edge.from":
        return "<", ">"
    return "[", "]"


# --- single faces ------------------------------------------------------------------------------


def draw_face(
    b: Block, x: int, y: int, face: CardFace, edge: str, ctx: Ctx, count: int = 0
) -> None:
    """A whole 7×5 card at (x, y); a back shows ``count`` when given."""
    tl, h, tr, v, bl, br = _frame(edge)
    b.put(x, y, tl + h * 5 + tr, edge)
    if isinstance(face, Card):
        g = ctx.glyphs
        ink = g.ink(face)
        if face.is_joker:
            rows = ("JOKER", "  ★  ", "     ")
        else:
            idx = g.index(face)
            rows = (idx.ljust(5), f"  {g.suit(face)}  ", idx.rjust(5))
        for i, row in enumerate(rows, start=1):
            b.put(x, y + i, v, edge)
            b.put(x + 1, y + i, row, ink)
            b.put(x + 6, y + i, v, edge)
    else:
        rows = (BACK * 5, _back_middle(count), BACK * 5)
        for i, row in enumerate(rows, start=1):
            b.put(x, y + i, v, edge)
            b.put(x + 1, y + i, row, "back")
            b.put(x + 6, y + i, v, edge)
    b.put(x, y + 4, bl + h * 5 + br, edge)


def _back_middle(count: int) -> str:
    """The middle row of a back: ``░ 7 ░``, ``░ 31░``, ``░104░`` (or plain without a count)."""
    if not count:
        return BACK * 5
    text = str(count)[:5]
    inner = f" {text} " if len(text) == 1 else (f" {text}" if len(text) == 2 else text)
    pad = 5 - len(inner)
    return BACK * (pad // 2) + inner + BACK * (pad - pad // 2)


def draw_empty(b: Block, x: int, y: int, edge: str) -> None:
    key = edge if edge != "edge" else "edge.empty"
    if edge in _HEAVY_KEYS or edge == "edge.from":
        tl, h, tr, side, bl, br = _frame(edge)
        top, bottom = tl + h * 5 + tr, bl + h * 5 + br
    else:
        top, side, bottom = "┌┄┄┄┄┄┐", "┆", "└┄┄┄┄┄┘"
    b.put(x, y, top, key)
    for i in range(1, 4):
        b.put(x, y + i, side, key)
        b.put(x + 6, y + i, side, key)
    b.put(x, y + 4, bottom, key)


def compact_card(b: Block, x: int, y: int, face: CardFace, edge: str, ctx: Ctx) -> int:
    """``[10♥]`` at (x, y); returns the width used."""
    left, right = _brackets(edge)
    if isinstance(face, Card):
        text = ctx.glyphs.index(face)
        key = ctx.glyphs.ink(face)
    else:
        text, key = BACK_COMPACT * 2, "back"
    b.put(x, y, left, edge)
    b.put(x + 1, y, text, key)
    b.put(x + 1 + len(text), y, right, edge)
    return len(text) + 2


# --- piles ---------------------------------------------------------------------------------------


def _strip_width(face: CardFace, ctx: Ctx) -> int:
    """Width of a covered card's visible strip in a fan: its border and index."""
    if isinstance(face, Card):
        return 1 + len(ctx.glyphs.short(face))
    return 2


def _runs(pile: PileView) -> list[tuple[Slot, int, int]]:
    """(slot, first index, last index) for each slot of a spread pile."""
    out = []
    start = 0
    for slot in pile_slots(pile):
        assert slot.index is not None
        out.append((slot, start, slot.index))
        start = slot.index + 1
    return out


def _fan(pile: PileView, ctx: Ctx, max_w: int) -> Block:
    """A fanned hand: index strips, the last card whole; wraps onto more rows if too wide.

    A fan with a room (``most``) keeps to it: beyond, its oldest cards fold under one strip
    that counts them (``+7``), the place of the pile's first card."""
    b = Block()
    marks = ctx.marks
    runs = _runs(pile)
    folded, under = 0, None
    if pile.most and len(runs) > pile.most:
        cut = len(runs) - pile.most + 1
        under = runs[0][0]
        folded = runs[cut - 1][2] + 1
        runs = runs[cut:]
    # Draw each run as one card (a run of backs is one back with a count).
    items: list[tuple[Slot, CardFace, int]] = []
    for slot, first, last in runs:
        face = pile.faces[last]
        items.append((slot, face, last - first + 1))
    x = y = 0
    if under is not None:  # the strip is the pile's first place (a card dropped on the pile)
        tag = f"+{folded}"
        draw_face(b, 0, 0, FACE_DOWN, marks.edge(under, False), ctx)
        b.put(1, 1, tag, "count")
        x = len(tag) + 1
        b.hit(under, (0, 0, x, CARD_H))
    rows: list[list[tuple[Slot, CardFace, int, int]]] = [[]]
    for slot, face, n in items:
        w = _strip_width(face, ctx) if isinstance(face, Card) else 3 + len(str(n)) * (n > 1)
        if rows[-1] and x + w + CARD_W > max_w:
            rows.append([])
            x = 0
        rows[-1].append((slot, face, n, x))
        x += w
    top_slot = items[-1][0] if items else None
    for r, row in enumerate(rows):
        y = r * CARD_H
        for i, (slot, face, n, x) in enumerate(row):
            last_in_row = i == len(row) - 1
            edge = marks.edge(slot, slot == top_slot, face)
            draw_face(b, x, y, face, edge, ctx, count=n if n > 1 else 0)
            if isinstance(face, FaceDown) and n > 1 and not last_in_row:
                b.put(x + 1, y + 2, f"{n}", "back")
            if isinstance(face, Card) and face.is_joker and not last_in_row:
                b.put(x + 1, y + 1, "JK", ctx.glyphs.ink(face))
            w = CARD_W if last_in_row else row[i + 1][3] - x
            if isinstance(face, Card) and not last_in_row and w > 3:
                # a wide strip (10♠) would show bits of the centre pip and the lower index
                blank = " " * (w - 1)
                b.put(x + 1, y + 2, blank, ctx.glyphs.ink(face))
                b.put(x + 1, y + 3, blank, ctx.glyphs.ink(face))
            b.hit(slot, (x, y, w, CARD_H))
    return b


def _column(pile: PileView, ctx: Ctx, step: int) -> Block:
    """A reserve column: every card's index shows, the last card whole (``step`` rows each).

    A column with a room (``most``) keeps to the height of its room at one row per card: it
    draws two rows per covered card while they fit in that height, then one."""
    b = Block()
    marks = ctx.marks
    runs = _runs(pile)
    n = len(runs)
    if step >= 2 and pile.most > 1 and CARD_H + 2 * (n - 1) > CARD_H + pile.most:
        step = 1
    if step >= 2:
        for i, (slot, first, last) in enumerate(runs):
            face = pile.faces[last]
            count = last - first + 1
            edge = marks.edge(slot, i == n - 1, face)
            draw_face(b, 0, i * 2, face, edge, ctx, count if count > 1 else 0)
            b.hit(slot, (0, i * 2, CARD_W, 2 if i < n - 1 else CARD_H))
        return b
    # one row per covered card, then the last card whole
    if n > 1:
        b.put(0, 0, "┌─────┐", "edge")
    for i, (slot, first, last) in enumerate(runs[:-1]):
        face = pile.faces[last]
        edge = marks.edge(slot, False, face)
        v = _frame(edge)[3]
        b.put(0, 1 + i, v, edge)
        if isinstance(face, Card):
            b.put(1, 1 + i, ctx.glyphs.index(face).ljust(5), ctx.glyphs.ink(face))
        else:
            count = last - first + 1
            b.put(1, 1 + i, (f" {count} " if count > 1 else "").center(5, BACK), "back")
        b.put(6, 1 + i, v, edge)
        # the first card's place takes the column's top edge too (as at two rows a card)
        b.hit(slot, (0, 0, CARD_W, 2) if i == 0 else (0, 1 + i, CARD_W, 1))
    slot, first, last = runs[-1]
    y = n if n > 1 else 0
    count = last - first + 1
    edge = marks.edge(slot, True, pile.faces[last])
    draw_face(b, 0, y, pile.faces[last], edge, ctx, count if count > 1 else 0)
    if n > 1 and edge == "edge":
        b.put(0, y, "├─────┤", "edge")
    b.hit(slot, (0, y, CARD_W, CARD_H))
    return b


def _row(pile: PileView, ctx: Ctx, max_w: int) -> Block:
    """Cards side by side, each whole; a run of backs is one back with its count."""
    b = Block()
    x = y = 0
    runs = _runs(pile)
    for i, (slot, first, last) in enumerate(runs):
        if x > 0 and x + CARD_W > max_w:
            x = 0
            y += CARD_H
        count = last - first + 1
        edge = ctx.marks.edge(slot, i == len(runs) - 1, pile.faces[last])
        draw_face(b, x, y, pile.faces[last], edge, ctx, count if count > 1 else 0)
        b.hit(slot, (x, y, CARD_W, CARD_H))
        x += CARD_W + 1
    return b


def _stack(pile: PileView, ctx: Ctx) -> Block:
    """The top card (or a back with the count); a count in the corner when several cards."""
    b = Block()
    slot = Slot(pile.id, None)
    top = pile.top
    assert top is not None
    edge = ctx.marks.edge(slot, True, top)
    if isinstance(top, FaceDown):
        draw_face(b, 0, 0, top, edge, ctx, count=pile.count)
    else:
        draw_face(b, 0, 0, top, edge, ctx)
        if pile.count > 1:
            tag = f"{pile.count}"[:4]
            b.put(CARD_W - 1 - len(tag), CARD_H - 1, tag, "count")
    b.hit(slot, (0, 0, CARD_W, CARD_H))
    return b


def _backs_width(n: int) -> int:
    return 5 + len(str(n))


def _backs_line(b: Block, x: int, y: int, n: int, edge: str) -> int:
    """A run of backs on one line, the same short form whatever its size: a compact back
    with the count, ``[▒▒×5]``, ``[▒▒×23]`` (so a hand does not change its look as it grows
    or shrinks)."""
    left, right = _brackets(edge)
    b.put(x, y, left, edge)
    inner = f"{BACK_COMPACT * 2}×{n}"
    b.put(x + 1, y, inner, "back.line")
    b.put(x + 1 + len(inner), y, right, edge)
    return _backs_width(n)


def _compact_cards(
    pile: PileView, ctx: Ctx, max_w: int, x0: int = 0, *, short: bool = False
) -> Block:
    """A pile's cards on as few lines as fit ``max_w``: ``[3♣] [4♣] ▒▒▒``.

    ``short``: on one line, the newest cards that fit it after a count of the others
    (``+4 [9♠] [8♥] [7♣]``); the cards left out have no place on the screen."""
    b = Block()
    marks = ctx.marks
    if pile.style not in (PileStyle.FAN, PileStyle.COLUMN, PileStyle.ROW) or not pile.faces:
        slot = Slot(pile.id, None)
        top = pile.top
        edge = marks.edge(slot, True, top)
        if top is None:
            key = edge if edge != "edge" else "edge.empty"
            left, right = _brackets(edge)
            text = f"{left} {right}"
            b.put(x0, 0, text, key)
            b.hit(slot, (x0, 0, len(text), 1))
            return b
        if isinstance(top, FaceDown):
            w = _backs_line(b, x0, 0, pile.count, edge)
        else:
            w = compact_card(b, x0, 0, top, edge, ctx)
            if pile.count > 1:
                b.put(x0 + w, 0, f"×{pile.count}", "count.line")
                w += 1 + len(str(pile.count))
        b.hit(slot, (x0, 0, w, 1))
        return b
    x, y = x0, 0
    runs = _runs(pile)
    start = _short_start(pile, runs, ctx, max_w - x0) if short else 0
    if start:
        tag = f"+{runs[start - 1][2] + 1}"
        b.put(x, y, tag, "count.line")
        x += len(tag) + 1
    for i, (slot, first, last) in enumerate(runs):
        if i < start:
            continue
        face = pile.faces[last]
        n = last - first + 1
        edge = marks.edge(slot, i == len(runs) - 1, face)
        need = _backs_width(n) if isinstance(face, FaceDown) else 5
        if not short and x > x0 and x + need > max_w:
            x, y = x0, y + 1
        if isinstance(face, FaceDown):
            w = _backs_line(b, x, y, n, edge)
        else:
            w = compact_card(b, x, y, face, edge, ctx)
        b.hit(slot, (x, y, w, 1))
        x += w + 1
    return b


def _compact_width(pile: PileView, runs: list[tuple[Slot, int, int]], ctx: Ctx) -> list[int]:
    """The cells each run of a spread pile takes in the compact form, its gap included."""
    out = []
    for _slot, first, last in runs:
        face = pile.faces[last]
        if isinstance(face, FaceDown):
            out.append(_backs_width(last - first + 1) + 1)
        else:
            out.append(len(ctx.glyphs.index(face)) + 3)
    return out


def _short_start(pile: PileView, runs: list[tuple[Slot, int, int]], ctx: Ctx, room: int) -> int:
    """The first run shown when the runs of ``pile`` must fit one line of ``room`` cells
    after a count of the cards left out (0: they all fit; the top card always shows)."""
    widths = _compact_width(pile, runs, ctx)
    if sum(widths) - 1 <= room:
        return 0
    for start in range(1, len(runs)):
        tag = len(f"+{runs[start - 1][2] + 1}") + 1
        if tag + sum(widths[start:]) - 1 <= room:
            return start
    return max(len(runs) - 1, 0)


# What a pile's room is measured with: a ten (the widest index) on a stack; in a spread pile
# one ten and cards of a two-cell index.
ROOM_TEN = Card(10, Suit.SPADES)
ROOM_CARD = Card(9, Suit.SPADES)


def _room_variants(pile: PileView) -> list[PileView]:
    """The pile at the sizes it may take this deal: full to its room (``most``), and empty
    (saying its placeholder)."""
    out = []
    most = max(pile.most, pile.count)
    backs = bool(pile.faces) and all(isinstance(f, FaceDown) for f in pile.faces)
    if pile.style not in (PileStyle.FAN, PileStyle.COLUMN, PileStyle.ROW):
        # a stack: its top card up or down, with its count
        out.append(dataclasses.replace(pile, faces=(ROOM_TEN,) * most))
        out.append(dataclasses.replace(pile, faces=(FACE_DOWN,) * most))
    elif backs:  # cards nobody sees: more of them
        if pile.most > pile.count:
            out.append(dataclasses.replace(pile, faces=(FACE_DOWN,) * pile.most))
    elif pile.most > pile.count:
        spare = (ROOM_TEN,) + (ROOM_CARD,) * (pile.most - pile.count - 1)
        out.append(dataclasses.replace(pile, faces=pile.faces + spare))
    if pile.style in (PileStyle.FAN, PileStyle.ROW) and not backs and pile.most:
        out.append(dataclasses.replace(pile, faces=(ROOM_TEN,) * most))  # tens at the widest
    if pile.faces and pile.placeholder:
        out.append(dataclasses.replace(pile, faces=()))
    return out


def pile_block(
    pile: PileView, mode: str, max_w: int, ctx: Ctx, *, label: bool = True, short: bool = False
) -> Block:
    """A pile with its label above and its note below (``compact``: all on one line).

    A pile with a room (``most``) takes the place it needs at its fullest (or empty) from the
    start: its cards never move as it grows, nor do the piles beside it.  ``short`` (another
    seat's pile, compact): a pile with a room keeps to one line (:func:`_compact_cards`)."""
    if not pile.most:
        return _pile_block(pile, mode, max_w, ctx, label=label)
    short = short and (mode == COMPACT or _all_backs_fan(pile))
    frame, width, height = _room(pile, mode, max_w, ctx.glyphs, label, short)
    b = _pile_block(pile, mode, max_w, ctx, label=label, short=short, frame=frame)
    b.width = max(b.width, width)
    b.height = max(b.height, height)
    if mode == COMPACT and pile.style in (PileStyle.FAN, PileStyle.COLUMN, PileStyle.ROW):
        b.width = max(b.width, max_w)  # a line of its own: the short piles fill another's
    return b


# The room of a pile, measured once: the table is painted after every key, and measuring a
# pile at its sizes draws it half a dozen times (the pile and its marks are drawn each paint).
_ROOMS: dict[tuple[object, ...], tuple[int, int, int]] = {}
_ROOMS_MOST = 4096  # measured piles kept (a deal has a few hundred)


def _room(
    pile: PileView, mode: str, max_w: int, glyphs: Glyphs, label: bool, short: bool
) -> tuple[int, int, int]:
    """The frame of a pile with a room (its block's width at its widest), and the width and
    height it takes at the sizes it may have this deal (:func:`_room_variants`)."""
    key = (pile, mode, max_w, glyphs, label, short)
    room = _ROOMS.get(key)
    if room is None:
        plain = Ctx(glyphs)
        variants = _room_variants(pile)
        frame = max(
            _pile_block(v, mode, max_w, plain, label=label, short=short, frame=1).width
            for v in (pile, *variants)
        )
        # in the frame, notes wrap to its width: measured again so
        sizes = [_pile_block(v, mode, max_w, plain, label=label, short=short, frame=frame)
                 for v in variants]  # fmt: skip
        room = (frame, max((v.width for v in sizes), default=0),
                max((v.height for v in sizes), default=0))  # fmt: skip
        if len(_ROOMS) >= _ROOMS_MOST:
            _ROOMS.clear()
        _ROOMS[key] = room
    return room


def _all_backs_fan(pile: PileView) -> bool:
    return (
        pile.style is PileStyle.FAN
        and bool(pile.faces)
        and all(isinstance(f, FaceDown) for f in pile.faces)
    )


def _pile_block(
    pile: PileView,
    mode: str,
    max_w: int,
    ctx: Ctx,
    *,
    label: bool = True,
    short: bool = False,
    frame: int = 0,
) -> Block:
    """:func:`pile_block` for the pile as it is.  ``frame`` (a pile with a room): the width of
    its block at its widest; the cards then keep to its left edge whatever they are, and the
    label and the notes are centred over the cards there are."""
    marks = ctx.marks
    label_key = marks.label(pile.id)
    note = pile.note or (pile.placeholder if not pile.faces else "")
    if pile.style is PileStyle.BADGE:
        b = Block()
        slot = Slot(pile.id, None)
        edge = marks.edge(slot, True)
        text = f"{pile.label}: {note}" if note else f"{pile.label}: {pile.count}"
        b.put(0, 0, "▣ ", edge if edge != "edge" else "badge")
        b.put(2, 0, clip(text, max(max_w - 2, 4)), label_key if label_key != "label" else "badge")
        b.hit(slot, (0, 0, b.width, 1))
        return b
    if mode == COMPACT or _all_backs_fan(pile):
        return _compact_pile(pile, ctx, max_w, label=label, note=note, short=short)
    if not pile.faces:
        content = Block()
        draw_empty(content, 0, 0, marks.edge(Slot(pile.id, None), True))
        content.hit(Slot(pile.id, None), (0, 0, CARD_W, CARD_H))
    elif pile.style is PileStyle.FAN:
        content = _fan(pile, ctx, max_w)
    elif pile.style is PileStyle.COLUMN:
        content = _column(pile, ctx, 2 if mode == FULL else 1)
    elif pile.style is PileStyle.ROW:
        content = _row(pile, ctx, max_w)
    else:
        content = _stack(pile, ctx)
    width = max(content.width, CARD_W, frame)
    head = pile.label
    if label and len(head) > width:
        width = min(max(len(head), width), max(width, LABEL_W))
    note_lines = wrap(note, max(width, min(len(note), 9))) if note else []
    if note_lines:
        width = max(width, max(len(line) for line in note_lines))
        note_lines = note_lines[:3]
    b = Block()
    y = 0
    # in a frame the cards keep to its left edge, whatever their style, and the label and
    # the notes are centred over the cards there are; else all are centred in the block
    offset = (width - content.width) // 2 if content.width < width and not frame else 0
    span_w = max(content.width, CARD_W) if frame else width

    def centred(text: str) -> tuple[int, str]:
        text = clip(text, width)
        if not frame:
            return 0, text.center(width).rstrip()
        x = (span_w - len(text)) // 2
        return max(min(x, width - len(text)), 0), text

    if label:
        x, text = centred(head)
        b.put(x, 0, text or " ", label_key)
        y = 1
    b.place(content, offset, y)
    y += content.height
    for line in note_lines:
        x, text = centred(line)
        b.put(x, y, text, "note")
        y += 1
    b.width = max(b.width, width)
    b.height = max(b.height, y)
    return b


def _compact_pile(
    pile: PileView, ctx: Ctx, max_w: int, *, label: bool, note: str, short: bool = False
) -> Block:
    b = Block()
    x = 0
    if label:
        head = pile.label + " "
        b.put(0, 0, head, ctx.marks.label(pile.id))
        x = len(head)
    cards = _compact_cards(pile, ctx, max_w, x0=x, short=short)
    b.place(cards, 0, 0)
    if note:
        # the note after the cards, on the same line when it fits
        end = b.width + 1
        last_line = b.height - 1
        if end + len(note) <= max_w:
            b.put(end, last_line, note, "note")
        else:
            b.put(0, b.height, clip(note, max_w), "note")
    return b
