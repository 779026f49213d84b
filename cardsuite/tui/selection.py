"""What the cursor points at and what a pick means: pure logic, no Textual.

The table is a sequence of *slots*: every face-up card of a fanned, columned or rowed pile is a
slot of its own, a run of face-down cards in such a pile is one slot, and a squared-up stack, a
badge or an empty pile is one slot for the whole pile.  A player picks a source slot, then a
target pile; this module matches such picks against the legal moves through their generic
:class:`~cardsuite.core.moves.Gesture` values, tells which slots may start a move and which piles
may receive the picked source, and resolves several moves that share one gesture by asking the
questions of their :meth:`~cardsuite.core.moves.Move.choice_path` one at a time.

Moves that take cards of their target pile along (``Gesture.picks``: a fishing game's capture)
are chosen card by card: once their source is picked, the player takes and leaves cards of the
target pile (only those that can still complete some legal set may be taken), then confirms;
a set that nothing can be added to is played at once (see :class:`Taking`).

Nothing here knows a game: only piles, faces, gestures, labels and choice paths.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from cardsuite.core.cards import Card, CardFace, FaceDown
from cardsuite.core.i18n import _, ngettext
from cardsuite.core.moves import Gesture, Move
from cardsuite.core.table import PileId
from cardsuite.core.text import Message, join_words
from cardsuite.core.view import PileStyle, PileView, TableView

# --- slots ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Slot:
    """One place the cursor can stop: a card of a pile (``index``) or the whole pile (None)."""

    pile: PileId
    index: int | None = None

    def __str__(self) -> str:
        return self.pile if self.index is None else f"{self.pile}[{self.index}]"


SPREAD = (PileStyle.FAN, PileStyle.COLUMN, PileStyle.ROW)


def pile_slots(pile: PileView) -> list[Slot]:
    """The slots of one pile, bottom card first."""
    if pile.style not in SPREAD or not pile.faces:
        return [Slot(pile.id, None)]
    out: list[Slot] = []
    faces = pile.faces
    for i, face in enumerate(faces):
        # a run of backs is one slot, placed at its last card
        if isinstance(face, FaceDown) and i + 1 < len(faces) and isinstance(faces[i + 1], FaceDown):
            continue
        out.append(Slot(pile.id, i))
    return out


def table_slots(view: TableView) -> list[Slot]:
    """Every slot of the table in drawing order: the viewer's piles, the others', the centre."""
    out: list[Slot] = []
    for pile in view.piles():
        out.extend(pile_slots(pile))
    return out


def slot_face(view: TableView, slot: Slot) -> CardFace | None:
    """The face under a slot: its card, or a stack's top card (None for an empty pile)."""
    try:
        pile = view.pile(slot.pile)
    except KeyError:
        return None
    if slot.index is None:
        return pile.top
    if 0 <= slot.index < len(pile.faces):
        return pile.faces[slot.index]
    return None


def gesture_matches_slot(gesture: Gesture, view: TableView, slot: Slot) -> bool:
    """True when ``gesture`` starts at ``slot``.

    A gesture naming no card starts at any slot of its pile.  One naming a card starts at a
    stack whose top card it is (or at the stack as a whole), or at that card of a spread pile;
    in a column the count must reach from that card to the bottom of the column.
    """
    if gesture.source != slot.pile:
        return False
    if gesture.card is None:
        return True
    try:
        pile = view.pile(slot.pile)
    except KeyError:
        return False
    if slot.index is None or pile.style not in SPREAD:
        return True
    if not 0 <= slot.index < len(pile.faces):
        return False
    if pile.faces[slot.index] is not gesture.card:
        return False
    if pile.style is PileStyle.COLUMN and gesture.count is not None:
        return gesture.count == len(pile.faces) - slot.index
    return True


def pile_ids(view: TableView) -> frozenset[PileId]:
    return frozenset(p.id for p in view.piles())


# --- moves on the table and in the action bar -------------------------------------------------


def has_place(move: Move, piles: frozenset[PileId]) -> bool:
    """A move with a source and a target both drawn on the table (a drag, in effect)."""
    g = move.gesture()
    return g is not None and g.source in piles and g.target is not None and g.target in piles


@dataclass(frozen=True, slots=True)
class ActionEntry:
    """One numbered entry of the action bar: a move, or a group sharing a first question."""

    label: str
    moves: tuple[Move, ...]

    @property
    def asks(self) -> bool:
        return len(self.moves) > 1


def common_words(a: str, b: str) -> str:
    """The words ``a`` and ``b`` start with: "ask Boris for" from "ask Boris for 7s" and
    "ask Boris for Queens"."""
    words = []
    for x, y in zip(a.split(), b.split(), strict=False):
        if x != y:
            break
        words.append(x)
    return " ".join(words)


def shared_words(labels: Sequence[str]) -> str:
    """What the labels of several moves say alike, for a group of them: "ask Boris for".

    Labels that are the same message differing in one argument (the rank asked for) share
    what the message says before that argument, in the language's own order of words;
    other labels share the words they start with."""
    first = labels[0]
    messages = [label for label in labels if isinstance(label, Message)]
    if len(messages) == len(labels) and all(
        m.template == messages[0].template
        and m.plural == messages[0].plural
        and m.args.keys() == messages[0].args.keys()
        for m in messages
    ):
        model = messages[0]
        varying = [k for k in model.args if any(m.args[k] != model.args[k] for m in messages)]
        if len(varying) == 1 and (head := _without(model, varying[0])) is not None:
            return head
    shared = first
    for label in labels[1:]:
        shared = common_words(shared, label)
    return shared


def _without(message: Message, name: str) -> str | None:
    """``message`` said up to its argument ``name``: "ask Boris for" («спросить у игрока
    Boris»), the words the group's moves say alike before the one that sets them apart
    ("" when it comes first; None when the words do not name it)."""
    text = _(message.template)
    at = text.find("{" + name)
    if at < 0:
        return None
    values = {k: v for k, v in message.args.items() if k != name}
    try:
        return text[:at].format(**values).rstrip(" :—-")
    except (KeyError, IndexError, ValueError):
        return None


def action_entries(legal: Sequence[Move], view: TableView) -> list[ActionEntry]:
    """The moves without a place on the table: no gesture, no target, or a target not drawn.

    Moves whose choice path has several steps are grouped by its first step ("name a rank…");
    several moves that start at the same pile on the table and go nowhere are one entry, worded
    by their question ("Ask Boris for which rank?"); the others are listed one by one under
    their labels.
    """
    piles = pile_ids(view)
    shared: dict[Gesture, int] = {}  # source-only gestures, with how many moves share each
    for move in legal:
        g = move.gesture()
        if g is not None and g.target is None and g.source in piles:
            shared[g] = shared.get(g, 0) + 1
    groups: dict[object, list[Move]] = {}
    labels: dict[object, str] = {}
    words: dict[object, list[str]] = {}  # the labels of the moves a gesture's group holds
    asking: set[object] = set()  # the groups keyed by a first question
    for move in legal:
        if has_place(move, piles):
            continue
        path = move.choice_path()
        g = move.gesture()
        key: object
        if len(path) > 1:
            key = (g, path[0])
            labels.setdefault(key, path[0])
            asking.add(key)
        elif g is not None and shared.get(g, 0) > 1:
            key = g
            words.setdefault(key, []).append(move.label())
            labels[key] = shared_words(words[key])
        else:
            key = move
            labels[key] = move.label()
        groups.setdefault(key, []).append(move)
    out = []
    for key, moves in groups.items():
        label = labels[key]
        # a group asks a question first: its label says so ("name a rank…")
        if not label:
            label = moves[0].question(0) or moves[0].label()
        if key in asking or len(moves) > 1:
            label = _("{choice}…").format(choice=label)
        out.append(ActionEntry(label, tuple(moves)))
    return out


# --- choosing among moves that share a gesture ------------------------------------------------


@dataclass(frozen=True, slots=True)
class Choice:
    """A question: which of these options (each a group of moves)."""

    prompt: str
    options: tuple[tuple[str, tuple[Move, ...]], ...]
    depth: int


def choose(moves: Sequence[Move], depth: int = 0) -> Move | Choice:
    """The move when the choice is made, else the next question to ask.

    Questions with a single answer are skipped.  Options keep the order of the moves.
    """
    current = list(moves)
    while True:
        if len(current) == 1:
            return current[0]
        options: dict[str, list[Move]] = {}
        for move in current:
            path = move.choice_path()
            step = path[depth] if depth < len(path) else move.label()
            options.setdefault(step, []).append(move)
        if len(options) == 1:
            only = next(iter(options.values()))
            if all(len(m.choice_path()) <= depth + 1 for m in only):
                return only[0]  # the paths cannot tell them apart any further
            current = only
            depth += 1
            continue
        prompt = _prompt(current, depth)
        return Choice(prompt, tuple((k, tuple(v)) for k, v in options.items()), depth)


def _prompt(moves: Sequence[Move], depth: int) -> str:
    asked = moves[0].question(depth)
    if asked:
        return asked
    if depth == 0:
        g = moves[0].gesture()
        if g is not None and g.card is not None and isinstance(g.card, Card):
            return _("{card}: which move?").format(card=g.card)
        return _("Which move?")
    steps = moves[0].choice_path()[:depth]
    return _("{choices} — and then?").format(choices=" · ".join(steps))


def answer(choice: Choice, index: int) -> Move | Choice:
    """Take option ``index`` of ``choice``."""
    moves = choice.options[index][1]
    return choose(moves, choice.depth + 1)


# --- the keys of a choice's options -----------------------------------------------------------

KEYS = "1234567890"  # the number keys in the order a list of options takes them
_NUMBERED = re.compile(r"^(.*?)\s*(\d+)$")


def pile_number(view: TableView, pile: PileId) -> tuple[str, int] | None:
    """The number a pile carries on the table, with the words before it ("column 4":
    ("column", 4)); None when its label ends with no number or the pile is not drawn."""
    try:
        return _label_number(view.pile(pile).label)
    except KeyError:
        return None


def _label_number(label: str) -> tuple[str, int] | None:
    m = _NUMBERED.match(label.strip())
    return (m.group(1), int(m.group(2))) if m else None


def option_keys(choice: Choice, view: TableView | None) -> tuple[str, ...]:
    """The number key that takes each option of ``choice`` ("" for none).

    When options go to piles the table numbers ("column 1" … "column 4"), each of those is
    taken with its pile's own number (the option for column 4 with 4, wherever it is listed)
    and the others with digits no pile of those kinds on the table carries, so that a number
    never means one pile on the table and another in the list.  Otherwise, or if two options
    go to piles with the same number, the options are numbered in order: 1 … 9, then 0; those
    past the tenth have no key (the arrows and Enter reach them).
    """
    n = len(choice.options)
    in_order = tuple(KEYS[i] if i < len(KEYS) else "" for i in range(n))
    if view is None:
        return in_order
    numbers: list[tuple[str, int] | None] = []
    for _label, moves in choice.options:
        targets = {g.target for m in moves if (g := m.gesture()) is not None}
        target = next(iter(targets)) if len(targets) == 1 else None
        number = pile_number(view, target) if target is not None else None
        numbers.append(number if number is not None and 1 <= number[1] <= 9 else None)
    given = [number[1] for number in numbers if number is not None]
    if not given or len(set(given)) < len(given):
        return in_order
    kinds = {number[0] for number in numbers if number is not None}
    carried = {
        number[1]
        for pile in view.piles()
        if (number := _label_number(pile.label)) is not None and number[0] in kinds
    }
    free = iter(key for key in KEYS if int(key) not in carried and int(key) not in given)
    return tuple(str(number[1]) if number is not None else next(free, "") for number in numbers)


def key_order(keys: Sequence[str]) -> list[int]:
    """The options' indices in the order of their keys (1 … 9, 0, then those without one),
    as a list shows them: the option for column 1 first."""
    return sorted(range(len(keys)), key=lambda i: KEYS.index(keys[i]) if keys[i] else len(KEYS))


# --- the picking state machine ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Picked:
    """A source is chosen; its legal targets are waiting to be highlighted."""

    source: Slot
    targets: frozenset[PileId]


@dataclass(frozen=True, slots=True)
class Play:
    move: Move


@dataclass(frozen=True, slots=True)
class Ask:
    choice: Choice


@dataclass(frozen=True, slots=True)
class Refused:
    """A pick that matches no legal move; ``reason`` says why (the engine's words if known)."""

    reason: str


@dataclass(frozen=True, slots=True)
class Cancelled:
    pass


@dataclass(frozen=True, slots=True)
class Taking:
    """A source is picked whose moves take cards of ``target`` along: the player chooses them.

    ``moves`` are the source's legal moves onto ``target`` (those taking cards, and one taking
    none if the game allows it: a trail); ``picks`` the cards taken so far.  Every set of picks
    reached is part of some move's picks: a card that would leave all of them is not takeable.
    """

    source: Slot
    target: PileId
    moves: tuple[Move, ...]
    picks: frozenset[Card] = frozenset()

    def takeable(self) -> frozenset[Card]:
        """The cards not taken yet that can still complete a legal set with the picks."""
        out: set[Card] = set()
        for move in self.moves:
            wanted = _picks(move)
            if wanted > self.picks:
                out |= wanted - self.picks
        return frozenset(out)

    def exact(self) -> Move | None:
        """The move taking exactly the picks (with no picks: the move taking nothing)."""
        return next((m for m in self.moves if _picks(m) == self.picks), None)

    def still(self) -> tuple[Move, ...]:
        """The moves the picks still allow (their picks hold every card taken)."""
        return tuple(m for m in self.moves if _picks(m) >= self.picks)

    def decided(self) -> Move | None:
        """The move when the picks leave no choice: they make a move and nothing can be added."""
        move = self.exact()
        if move is not None and self.picks and not self.takeable():
            return move
        return None


PickResult = Picked | Play | Ask | Refused | Cancelled | Taking

Explain = Callable[[Slot, PileId | None], str]


def _default_explain(slot: Slot, target: PileId | None) -> str:
    return _("no move starts there") if target is None else _("that move is not allowed")


@dataclass
class Selector:
    """The cursor, the picked source and the legal moves of the seat to act.

    ``legal`` is empty when the viewer may not act (a bot's turn, or the game is over); picks
    are then refused with ``explain``'s reason, which the interface builds from the engine's
    ``refusal_of``.
    """

    view: TableView
    legal: tuple[Move, ...] = ()
    explain: Explain = _default_explain
    quick_play: bool = False  # a card with a single place to go is played as soon as picked
    cursor: int = 0
    source: Slot | None = None
    taking: Taking | None = None  # the source's moves take cards of their target along
    slots: list[Slot] = field(default_factory=list)
    _piles: frozenset[PileId] = frozenset()

    def __post_init__(self) -> None:
        self.slots = table_slots(self.view)
        self._piles = pile_ids(self.view)
        self.cursor = self._first_cursor()

    # -- updating ------------------------------------------------------------------------------
    def update(self, view: TableView, legal: Sequence[Move]) -> None:
        """A new view or new legal moves: keep the cursor on the same slot if it still exists,
        and a picked card picked while it may still move (on a clock the others play on
        meanwhile: a pick survives every change that leaves it legal)."""
        here = self.current
        picked = self.source
        face = slot_face(self.view, picked) if picked is not None else None
        self.view = view
        self.legal = tuple(legal)
        self.slots = table_slots(view)
        self._piles = pile_ids(view)
        self.source = None
        self.taking = None
        if picked is not None and face is not None:
            again = picked if slot_face(view, picked) == face else None
            if again is not None and again in self.slots and self.is_source(again):
                self.source = again
        if here is not None and here in self.slots:  # noqa: SIM102 (one rule per line)
            if self.source is not None or not self.legal or self.is_source(here):
                self.cursor = self.slots.index(here)
                return
        self.cursor = self._first_cursor(near=here)

    def _first_cursor(self, near: Slot | None = None) -> int:
        """The first playable slot (the one nearest ``near`` in its pile), else the viewer's."""
        if not self.slots:
            return 0
        playable = [i for i, s in enumerate(self.slots) if self.is_source(s)]
        if playable:
            if near is not None:
                same = [i for i in playable if self.slots[i].pile == near.pile]
                if same:
                    return min(
                        same, key=lambda i: abs((self.slots[i].index or 0) - (near.index or 0))
                    )
            return playable[0]
        if near is not None and near in self.slots:
            return self.slots.index(near)
        return 0

    @property
    def current(self) -> Slot | None:
        return self.slots[self.cursor] if 0 <= self.cursor < len(self.slots) else None

    # -- what may be done ----------------------------------------------------------------------
    def moves_from(self, slot: Slot) -> list[Move]:
        out = []
        for move in self.legal:
            g = move.gesture()
            if g is not None and gesture_matches_slot(g, self.view, slot):
                out.append(move)
        return out

    def is_source(self, slot: Slot) -> bool:
        return bool(self.moves_from(slot))

    def sources(self) -> frozenset[Slot]:
        return frozenset(s for s in self.slots if self.is_source(s))

    def targets(self) -> frozenset[PileId]:
        """The piles the picked source may go to."""
        if self.source is None:
            return frozenset()
        return frozenset(
            t for m in self.moves_from(self.source) if (t := _target(m, self._piles)) is not None
        )

    def target_slots(self) -> frozenset[Slot]:
        """The top slot of each pile the picked source may go to: one stop per legal target
        (a card buried in a target column is no place of its own)."""
        targets = self.targets()
        tops: dict[PileId, Slot] = {}
        for slot in self.slots:
            if slot.pile in targets:
                tops[slot.pile] = slot  # slots run bottom first: the last one is the top
        return frozenset(tops.values())

    def marked(self) -> frozenset[Slot]:
        """Slots Tab stops at: the playable sources, or the targets once a source is picked
        (while cards are taken: the cards taken and those that may still be)."""
        if self.source is None:
            return self.sources()
        if self.taking is not None:
            return self.picked_slots() | self.takeable_slots()
        return self.target_slots()

    def reachable(self) -> frozenset[Slot] | None:
        """Where the arrows may take the cursor: anywhere (None), or, while a source is
        picked, its legal targets and the source itself (picking it again cancels); while
        cards are taken, the cards taken or takeable instead of their pile's top."""
        if self.source is None:
            return None
        if self.taking is not None:
            others = {s for s in self.target_slots() if s.pile != self.taking.target}
            return self.picked_slots() | self.takeable_slots() | others | {self.source}
        return self.target_slots() | {self.source}

    # -- taking cards of the target along ------------------------------------------------------
    def _card_slots(self, cards: frozenset[Card]) -> frozenset[Slot]:
        taking = self.taking
        if taking is None or not cards:
            return frozenset()
        return frozenset(
            s for s in self.slots if s.pile == taking.target and slot_face(self.view, s) in cards
        )

    def picked_slots(self) -> frozenset[Slot]:
        """The slots of the cards taken so far."""
        return self._card_slots(self.taking.picks) if self.taking is not None else frozenset()

    def takeable_slots(self) -> frozenset[Slot]:
        """The slots of the cards that may still be taken (drawn highlighted)."""
        return self._card_slots(self.taking.takeable()) if self.taking is not None else frozenset()

    def dimmed_slots(self) -> frozenset[Slot]:
        """The other cards of the target pile: none of them completes a legal set now."""
        taking = self.taking
        if taking is None:
            return frozenset()
        lit = self.picked_slots() | self.takeable_slots()
        return frozenset(
            s
            for s in self.slots
            if s.pile == taking.target
            and s not in lit
            and isinstance(slot_face(self.view, s), Card)
        )

    # -- moving the cursor ---------------------------------------------------------------------
    def step(self, delta: int) -> None:
        """Next/previous slot in drawing order (among the reachable ones)."""
        if not self.slots:
            return
        allowed = self.reachable()
        n = len(self.slots)
        for k in range(1, n + 1):
            i = (self.cursor + delta * k) % n
            if allowed is None or self.slots[i] in allowed:
                self.cursor = i
                return

    def tab(self, delta: int = 1) -> None:
        """Next/previous marked slot (a playable card, or a legal target)."""
        marked = self.marked()
        if not marked or not self.slots:
            self.step(delta)
            return
        n = len(self.slots)
        for k in range(1, n + 1):
            i = (self.cursor + delta * k) % n
            if self.slots[i] in marked:
                self.cursor = i
                return

    def move_to(self, slot: Slot) -> bool:
        if slot in self.slots:
            self.cursor = self.slots.index(slot)
            return True
        # a pile named without a card: its first slot
        for i, s in enumerate(self.slots):
            if s.pile == slot.pile:
                self.cursor = i
                return True
        return False

    def go(self, direction: str, rects: dict[Slot, tuple[int, int, int, int]]) -> None:
        """Move the cursor spatially (``left``/``right``/``up``/``down``) over drawn slots;
        while a source is picked, only among its legal targets and the source itself."""
        here = self.current
        if here is None or here not in rects:
            self.step(-1 if direction in ("left", "up") else 1)
            return
        allowed = self.reachable()
        x, y, w, h = rects[here]
        cx, cy = x + w / 2, y + h / 2
        best: tuple[float, int] | None = None
        for i, slot in enumerate(self.slots):
            if slot == here or slot not in rects:
                continue
            if allowed is not None and slot not in allowed:
                continue
            sx, sy, sw, sh = rects[slot]
            ox, oy = sx + sw / 2, sy + sh / 2
            dx, dy = ox - cx, oy - cy
            if direction == "left":
                ok, main, cross = sx + sw <= x or (dx < 0 and sy <= cy < sy + sh), -dx, abs(dy)
            elif direction == "right":
                ok, main, cross = sx >= x + w or (dx > 0 and sy <= cy < sy + sh), dx, abs(dy)
            elif direction == "up":
                ok, main, cross = sy + sh <= y, -dy, abs(dx)
            else:
                ok, main, cross = sy >= y + h, dy, abs(dx)
            if not ok or main <= 0:
                continue
            score = main + cross * (3 if direction in ("left", "right") else 0.5)
            if best is None or score < best[0]:
                best = (score, i)
        if best is not None:
            self.cursor = best[1]

    # -- picking -------------------------------------------------------------------------------
    def cancel(self) -> PickResult:
        self.source = None
        self.taking = None
        return Cancelled()

    def pick(self, slot: Slot | None = None) -> PickResult:
        """Enter/Space/click on ``slot`` (the cursor's by default)."""
        if slot is None:
            slot = self.current
        if slot is None:
            return Refused(_("nothing to pick here"))
        if self.source is None:
            return self._pick_source(slot)
        if slot.pile == self.source.pile and slot != self.source and self.is_source(slot):
            return self._pick_source(slot)  # another card of the same pile: change of mind
        if slot == self.source:
            if self.taking is not None:
                return self._confirm_or_cancel()
            self.source = None
            return Cancelled()
        if self.taking is not None and slot.pile == self.taking.target:
            return self.toggle(slot)
        return self._pick_target(slot)

    def _pick_source(self, slot: Slot) -> PickResult:
        moves = self.moves_from(slot)
        self.taking = None
        if not moves:
            self.source = None
            return Refused(self.explain(slot, None))
        placed = [m for m in moves if _target(m, self._piles) is not None]
        if not placed:  # e.g. Enter on a stock: draw
            self.source = None
            return _resolve(moves)
        taking = self._taking(slot, placed)
        if taking is not None:
            if len(moves) == 1:  # the card alone decides what it takes: played at once
                self.source = None
                return Play(moves[0])
            self.source = slot
            self.taking = taking
            return taking
        one_place = (
            len(placed) == len(moves) and len({_target(m, self._piles) for m in placed}) == 1
        )
        if self.quick_play and one_place:
            self.source = None
            return _resolve(moves)
        self.source = slot
        return Picked(slot, self.targets())

    def _pick_target(self, slot: Slot) -> PickResult:
        assert self.source is not None
        source = self.source
        moves = [m for m in self.moves_from(source) if _target(m, self._piles) == slot.pile]
        if not moves:
            if self.is_source(slot):  # picking another playable card: start again from it
                return self._pick_source(slot)
            reason = self.explain(source, slot.pile)
            return Refused(reason)
        self.source = None
        self.taking = None
        return _resolve(moves)

    def _taking(self, slot: Slot, placed: Sequence[Move]) -> Taking | None:
        """The choice of cards to take, when some of the source's moves take cards of their
        target along and that pile shows its cards one by one."""
        target = next((_target(m, self._piles) for m in placed if _picks(m)), None)
        if target is None or self.view.pile(target).style not in SPREAD:
            return None
        moves = tuple(m for m in placed if _target(m, self._piles) == target)
        return Taking(slot, target, moves)

    def toggle(self, slot: Slot | None = None) -> PickResult:
        """Take or leave the card at ``slot`` (the cursor's by default) while cards are taken;
        a set that makes a move and can grow no further is played at once."""
        taking = self.taking
        if slot is None:
            slot = self.current
        if taking is None or slot is None:
            return self.pick(slot)
        if slot.pile != taking.target:
            return self.pick(slot)
        face = slot_face(self.view, slot)
        if not isinstance(face, Card):
            return Refused(_("nothing to take there"))
        if face in taking.picks:
            picks = taking.picks - {face}
        elif face in taking.takeable():
            picks = taking.picks | {face}
        else:
            return Refused(self._cannot_take(face))
        self.taking = Taking(taking.source, taking.target, taking.moves, picks)
        move = self.taking.decided()
        if move is not None:
            self.source = None
            self.taking = None
            return Play(move)
        return self.taking

    def confirm(self, at: Slot | None = None) -> PickResult:
        """Play the move taking exactly the cards taken (Enter while cards are taken).

        With nothing taken it plays the move taking nothing if there is one; if there is none
        and ``at`` is a takeable card, that card is taken instead (Enter on a card, pressed by
        someone who picks everything with Enter)."""
        taking = self.taking
        if taking is None:
            return self.pick(at)
        move = taking.exact()
        if move is not None:
            self.source = None
            self.taking = None
            return Play(move)
        if not taking.picks and at is not None and at.pile == taking.target:
            face = slot_face(self.view, at)
            if isinstance(face, Card) and face in taking.takeable():
                return self.toggle(at)
        return Refused(self._incomplete())

    def _confirm_or_cancel(self) -> PickResult:
        """The source picked again while cards are taken: confirm; with nothing taken and no
        move taking nothing, put the source back (as picking it again does elsewhere)."""
        taking = self.taking
        assert taking is not None
        if not taking.picks and taking.exact() is None:
            return self.cancel()
        return self.confirm()

    def listing(self) -> PickResult:
        """Every move of the picked source (those the cards taken still allow), or of the card
        under the cursor, to choose from a list."""
        if self.taking is not None:
            moves: Sequence[Move] = self.taking.still()
        elif self.source is not None:
            moves = self.moves_from(self.source)
        else:
            here = self.current
            moves = self.moves_from(here) if here is not None else []
        if not moves:
            return Refused(_("no move to list here: pick a card you may play"))
        self.source = None
        self.taking = None
        return _resolve(moves)

    def _source_words(self) -> str:
        taking = self.taking
        assert taking is not None
        face = slot_face(self.view, taking.source)
        if isinstance(face, Card):
            return str(face)
        try:
            return self.view.pile(taking.source.pile).label
        except KeyError:
            return str(taking.source)

    def _cannot_take(self, card: Card) -> str:
        taking = self.taking
        assert taking is not None
        if not taking.picks:
            return _("{source} cannot take {card}").format(source=self._source_words(), card=card)
        return _("{source} cannot take {card} along with {cards}").format(
            source=self._source_words(), card=card, cards=_cards_text(taking.picks)
        )

    def _incomplete(self) -> str:
        """Why the cards taken make no move, and what would complete them."""
        taking = self.taking
        assert taking is not None
        source = self._source_words()
        if not taking.picks:
            return _("choose the cards {source} takes first").format(source=source)
        missing = sorted(
            {frozenset(_picks(m) - taking.picks) for m in taking.still()} - {frozenset()},
            key=lambda cards: (len(cards), _cards_text(cards)),
        )
        shown = [_cards_text(cards) for cards in missing[:3]]
        return _("{source} cannot take just {cards}: add {missing}").format(
            source=source, cards=_cards_text(taking.picks), missing=join_words(shown, _("or"))
        )

    def choose_entry(self, entry: ActionEntry) -> PickResult:
        self.source = None
        self.taking = None
        return _resolve(list(entry.moves))


def _picks(move: Move) -> frozenset[Card]:
    g = move.gesture()
    return g.picks if g is not None else frozenset()


def _cards_text(cards: Iterable[Card]) -> str:
    """Cards as a move's label lists them: highest rank first."""
    return " ".join(str(c) for c in sorted(cards, key=lambda c: (-c.rank, c.index)))


def _target(move: Move, piles: frozenset[PileId]) -> PileId | None:
    g = move.gesture()
    if g is None or g.target is None or g.target not in piles:
        return None
    return g.target


def _resolve(moves: Sequence[Move]) -> PickResult:
    result = choose(moves)
    return Play(result) if isinstance(result, Move) else Ask(result)


# --- explaining a refusal ---------------------------------------------------------------------


def explain_refusal(
    view: TableView,
    slot: Slot,
    target: PileId | None,
    candidates: Iterable[Move],
    refusal_of: Callable[[Move], str | None],
) -> str:
    """Why a pick is refused: the engine's reason for the candidate move it matches, or a
    plain sentence.

    ``candidates`` are the moves worth asking about (legal or not).  The first one whose
    gesture starts at ``slot`` (and ends on ``target`` when one is given) is asked
    ``refusal_of``.  When no move goes from ``slot`` to ``target`` at all, the answer says
    where the card may go instead, or, if it may go nowhere, the engine's reason for one of
    its moves (e.g. "draw first").
    """
    other: Move | None = None  # a move from the slot to somewhere else, not legal now
    elsewhere: list[PileId] = []  # where the picked card may legally go instead
    for move in candidates:
        g = move.gesture()
        if g is None or not gesture_matches_slot(g, view, slot):
            continue
        if target is not None and g.target != target:
            if g.target is not None and refusal_of(move) is None:
                elsewhere.append(g.target)
            elif other is None:
                other = move
            continue
        reason = refusal_of(move)
        if reason:
            return reason
    refusal = _plain_refusal(view, slot, target)
    if elsewhere:
        return _("{refusal}; it may go to {places}").format(
            refusal=refusal, places=_pile_names(view, elsewhere)
        )
    if other is not None and target is not None:
        reason = refusal_of(other)
        if reason:
            return reason
    return refusal


def _pile_names(view: TableView, piles: Iterable[PileId]) -> str:
    """ "the column 1, the column 2 or the foundation", each pile once, in the order given."""
    names = []
    for pile in dict.fromkeys(piles):
        try:
            label = view.pile(pile).label
        except KeyError:
            label = str(pile)
        # "the discard", but "column 2": a numbered place is named like a proper name
        names.append(label if label[-1:].isdigit() else _("the {pile}").format(pile=label))
    return join_words(names, _("or"))


def _plain_refusal(view: TableView, slot: Slot, target: PileId | None) -> str:
    try:
        source = view.pile(slot.pile)
    except KeyError:
        return _("no move starts there")
    face = slot_face(view, slot)
    what = str(face) if isinstance(face, Card) else source.label
    if target is None:
        if isinstance(face, FaceDown) or face is None:
            return _("nothing to do with the {pile} now").format(pile=source.label)
        return _("{card} cannot be played now").format(card=what)
    return _("{card} cannot go to {places}").format(card=what, places=_pile_names(view, [target]))


def summarise(legal: Sequence[Move], limit: int | None = None) -> list[str]:
    """Short words for the legal moves, one per gesture (or per action): "play 6♠", "draw".

    Every one is listed: where they are shown decides how many fit (and says "… N more" for
    the others).  With ``limit``, at most that many lines, the last one "… N more".
    """
    seen: dict[object, list[Move]] = {}
    for move in legal:
        g = move.gesture()
        key: object = move if g is None else (g.source, g.card, g.target)
        seen.setdefault(key, []).append(move)
    out = []
    for moves in seen.values():
        if len(moves) == 1:
            out.append(moves[0].label())
        elif moves[0].question(0):
            alike = shared_words([move.label() for move in moves])
            out.append(_("{choice}…").format(choice=alike or moves[0].question(0)))
        else:
            g = moves[0].gesture()
            card = g.card if g is not None else None
            what = card if card is not None else moves[0].choice_path()[0]
            out.append(_("{choice} (choose…)").format(choice=what))
    if limit is not None and len(out) > limit:
        more = len(out) - limit + 1
        out = [*out[: limit - 1], ngettext("… {n} more", "… {n} more", more).format(n=more)]
    return out


def group_text(head: str, members: Sequence[str]) -> str:
    """A group of :func:`group_words` as one text.  Cards follow their verb ("play 6♠ 8♦");
    numbers name places or amounts, so they are told apart in words: "to foundation 5 or 9",
    "put 10♣ on column 2, 4 or 7", and a run of them "cut the pack at card 1–40"."""
    if len(members) < 2 or not all(m.isdigit() for m in members):
        return " ".join([head, *members])
    numbers = [int(m) for m in members]
    if len(numbers) > 2 and numbers == list(range(numbers[0], numbers[0] + len(numbers))):
        span = _("{first}–{last}").format(first=members[0], last=members[-1])
        return f"{head} {span}"
    return f"{head} {join_words(members, _('or'))}"


def group_words(lines: Sequence[str]) -> list[tuple[str, list[str]]]:
    """Lines that differ only in their last word, gathered under the words they share:
    "play 6♠", "play 8♦", "draw" give ("play", ["6♠", "8♦"]) and ("draw", []).

    A group stands where its first line stood; a line that shares its head with no other
    stays whole (its head is the line, with no members).
    """
    heads: dict[str, list[str]] = {}
    for line in lines:
        head, _sep, last = line.rstrip().rpartition(" ")
        if head:
            heads.setdefault(head, []).append(last)
    out: list[tuple[str, list[str]]] = []
    done: set[str] = set()
    for line in lines:
        head = line.rstrip().rpartition(" ")[0]
        if head and len(heads[head]) > 1:
            if head not in done:
                done.add(head)
                out.append((head, heads[head]))
        else:
            out.append((line, []))
    return out
