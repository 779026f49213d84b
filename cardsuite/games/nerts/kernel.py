"""Nerts in a compact fast form, for playouts: the rules of ``engine.py`` on lists and ints.

The readable engine (``engine.py``) is the reference: the contract suite loads this kernel
from every state of its random games and checks that both list the same moves for every seat
and reach the same state after every move and every step of the clock (``core.kernel``).

Representation (:class:`Work`, one mutable working copy):

* **Cards** in a player's own piles are *faces* ``0..51``, the engine's ``Card.index`` modulo
  53: ``(rank - 1) * 4 + suit``, so a face below 4 is an Ace and a face from 48 up a King.
  Their owner is the seat whose piles they are in.  Foundation cards mix owners and keep the
  engine's full ``Card.index`` (``face + 53 * owner``).
* **Piles**: ``piles[s]`` is seat ``s``'s seven piles in the engine's layout order — the
  13-pile (0), the row piles (1 to 4), the waste (5) and the stock (6) — each a list with its
  top card last.  ``found[k]`` is foundation ``k``; ``need[face]`` lists the foundations whose
  next card that face is (kept up to date as cards land, as the engine's ``wanted``).
* **Actions** are ints: ``seat | source << 3 | target << 6 | depth << 12``.  A source below 6
  is the pile a card leaves (its index in ``piles[s]``); the target is 0 for the centre (an
  Ace: a new foundation), 1 to 4 for a row pile, ``8 + k`` for foundation ``k``.  The card is
  the source's top, except from one row pile to another: there ``depth`` is its place in the
  pile, and the cards on it go along.  Source 6 is a flip, source 7 a pass (target 0) or the
  stuck key (target 1).
* The clock (``clock``, ``start_at``, ``timeout_at``), the stuck bookkeeping (``progress``,
  ``marks``, ``stuck``, ``remedied``), the step count and the engine's :class:`Series` are
  kept as the engine keeps them; the phase is a plain int.
* ``rows_read[s]`` remembers what seat ``s``'s row allows (:class:`RowRead`: the moves within
  it, the piles each face goes on) until his row changes; flips, the stuck key and plays
  from the 13-pile or the waste to the centre leave it as it was.  It is derived, not part of
  ``key``.

Left out: events, what each seat may see, refusals and their reasons (the engine does those);
moves are not checked again.  The end of a deal and the outcome are the model's own
``close_deal`` and ``match_outcome``, and a new deal is shuffled with the engine's call of
``core.rng.shuffled``, so a match of several deals goes on exactly as in the engine.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import NamedTuple

from cardsuite.core.cards import Card, standard_deck
from cardsuite.core.kernel import NOBODY, Kernel, fields_loader
from cardsuite.core.moves import Pass
from cardsuite.core.outcome import Outcome
from cardsuite.core.rng import shuffled
from cardsuite.core.series import Series
from cardsuite.core.table import PileId, Seat
from cardsuite.games.nerts.model import (
    CENTRE,
    DEADLOCK,
    FOUNDATION,
    MAX_SEATS,
    MAX_STEPS,
    NERTS_SIZE,
    OUT,
    OVER,
    PLAY,
    REALTIME,
    ROW,
    ROW_SLOTS,
    START_DELAY,
    STEP_LIMIT,
    TIMEOUT,
    WAITING,
    Flip,
    FullNerts,
    NertsMove,
    NertsOptions,
    NertsState,
    Play,
    Stuck,
    close_deal,
    found,
    match_outcome,
    nerts,
    next_signal,
    row,
    stock,
    waste,
)

# --- encoding ---------------------------------------------------------------------------------

FACES = 52  # faces of one deck; the engine's Card.index is face + _BACK * owner
_BACK = 53
_KING = 48  # the first King's face: nothing goes on a King
_ACES = 4  # faces below this are Aces

# Pile places in a seat's list (the engine's layout order).
NERTS_AT, WASTE_AT, STOCK_AT = 0, 5, 6
ROWS_AT = (1, 2, 3, 4)
# Action fields.
SOURCE_SHIFT, TARGET_SHIFT, DEPTH_SHIFT = 3, 6, 12
TO_CENTRE = 0
TO_FOUNDATION = 8  # + the foundation's number
FLIP_SOURCE, PASS_SOURCE = 6, 7
STUCK_TARGET = 1
_FLIP = FLIP_SOURCE << SOURCE_SHIFT
_PASS = PASS_SOURCE << SOURCE_SHIFT
_STUCK = _PASS | STUCK_TARGET << TARGET_SHIFT

# The phase as a plain int.
_WAITING, _PLAY, _OVER = int(WAITING), int(PLAY), int(OVER)

# Which faces go on a row card (one rank lower, the other colour): ROW_ONTO[top].
ROW_ONTO: tuple[frozenset[int], ...] = tuple(ROW.onto[f] for f in range(FACES))
# The row cards a face goes on: ROW_BELOW[face] (none for a King).
ROW_BELOW = tuple(tuple(t for t in range(FACES) if f in ROW_ONTO[t]) for f in range(FACES))
assert all(FOUNDATION.onto[f] == ({f + 4} if f < _KING else set()) for f in range(FACES)), (
    "foundations build up by suit: the next card of a face is four faces on"
)

_DECK_FACES = tuple(range(FACES))  # a deck in the engine's order, as faces
_CARDS: tuple[tuple[Card, ...], ...] = tuple(standard_deck(back=s) for s in range(MAX_SEATS))
# Per seat, the engine's name of each of his pile places.
_PILE_IDS: tuple[tuple[PileId, ...], ...] = tuple(
    (nerts(s), *(row(s, j) for j in range(ROW_SLOTS)), waste(s), stock(s)) for s in range(MAX_SEATS)
)
_FOUND_IDS = tuple(found(k) for k in range(4 * MAX_SEATS))
_EVERYONE = tuple(tuple(range(n)) for n in range(MAX_SEATS + 1))

Action = int


class Work:
    """One working copy of a game of Nerts (see the module docstring)."""

    __slots__ = (
        "auto_aces", "clock", "flip_count", "found", "marks", "need", "options", "out",
        "penalty", "phase", "piles", "progress", "realtime", "remedied", "rows_read", "seats",
        "seed", "series", "start_at", "steps", "strict", "stuck", "timeout_at", "turn",
    )  # fmt: skip

    seats: int
    seed: int
    options: NertsOptions
    realtime: bool
    auto_aces: bool
    flip_count: int
    strict: bool
    penalty: int
    piles: list[list[list[int]]]  # per seat: 13-pile, rows 1-4, waste, stock
    found: list[list[int]]
    need: list[list[int]]
    series: Series
    clock: int
    start_at: int | None
    timeout_at: int | None
    phase: int
    turn: Seat | None
    progress: int
    marks: list[int]
    stuck: list[bool]
    remedied: bool
    steps: int
    out: Seat | None
    # What each seat's row allows (see ``RowRead``), None once his row has changed.
    rows_read: list[RowRead | None]


def _need_of(found_piles: list[list[int]]) -> list[list[int]]:
    """Per face, the foundations whose next card it is."""
    need: list[list[int]] = [[] for _face in range(FACES)]
    for k, pile in enumerate(found_piles):
        if pile:
            top = pile[-1] % _BACK
            if top < _KING:
                need[top + 4].append(k)
    return need


# --- the rules: foundations, progress and the stuck, the deal and its end, the clock ----------


def _first_empty(w: Work) -> int:
    """The foundation place a new Ace takes: the first empty one."""
    for k, pile in enumerate(w.found):
        if not pile:
            return k
    raise AssertionError("more Aces than foundation places")


def _to_foundation(w: Work, seat: Seat, face: int, k: int) -> None:
    """``seat``'s card ``face`` lands on foundation ``k``: it now waits for the next one up."""
    w.found[k].append(face + _BACK * seat)
    need = w.need
    if face >= _ACES:
        need[face].remove(k)
    if face < _KING:
        need[face + 4].append(k)


def _made_progress(w: Work) -> None:
    """§6.6: a card reached the centre or left a 13-pile or a waste."""
    w.progress += 1
    if True in w.stuck:
        w.stuck = [False] * w.seats
    w.remedied = False
    if w.realtime:
        w.timeout_at = w.clock + TIMEOUT


def _auto_aces(w: Work, seat: Seat) -> bool:
    """``seat``'s showing Aces fly to the centre, one by one, 13-pile first, then the waste
    and the rows; True if that emptied his 13-pile (the deal is over)."""
    mine = w.piles[seat]
    while True:
        for at in (NERTS_AT, WASTE_AT, 1, 2, 3, 4):
            pile = mine[at]
            if pile and pile[-1] < _ACES:
                _to_foundation(w, seat, pile.pop(), _first_empty(w))
                if at != NERTS_AT and at != WASTE_AT:
                    w.rows_read[seat] = None
                _made_progress(w)
                if at == NERTS_AT and not pile:
                    _went_out(w, seat)
                    return True
                break
        else:
            return False


def _start_turn(w: Work) -> None:
    """Turn-based: the Aces showing for the player now on turn go first."""
    turn = w.turn
    if w.auto_aces and turn is not None:
        for pile in w.piles[turn][:STOCK_AT]:
            if pile and pile[-1] < _ACES:
                _auto_aces(w, turn)
                return


def _check_deadlock(w: Work) -> None:
    """§6.6: everyone stuck — the remedy (waste back under the stock, its top card to the
    bottom), or the end of the deal if a remedy came before without progress since."""
    if False in w.stuck:
        return
    if w.remedied:
        _end_deal(w, DEADLOCK)
        return
    for mine in w.piles:
        cards = mine[STOCK_AT] + mine[WASTE_AT][::-1]
        if len(cards) > 1:
            cards.insert(0, cards.pop())
        mine[STOCK_AT] = cards
        mine[WASTE_AT] = []
    seats = w.seats
    w.stuck = [False] * seats
    w.marks = [w.progress] * seats
    w.remedied = True
    if w.realtime:
        w.timeout_at = w.clock + TIMEOUT


def _went_out(w: Work, seat: Seat) -> None:
    w.out = seat
    _end_deal(w, OUT)


def _end_deal(w: Work, ending: str) -> None:
    """Score the deal (§7); then the match is over, or the next deal is dealt at once."""
    seats = w.seats
    centre = [0] * seats
    for pile in w.found:
        for card in pile:
            centre[card // _BACK] += 1
    penalty = w.penalty
    scores = tuple(centre[s] - penalty * len(w.piles[s][NERTS_AT]) for s in range(seats))
    w.series, over = close_deal(w.series, scores, ending, w.out, w.options, seats)
    if over:
        w.phase = _OVER
        w.turn = None
        w.start_at = None
        w.timeout_at = None
        return
    w.series = w.series.next(seats)
    _deal(w)


def _deal(w: Work) -> None:
    """Each player shuffles his own deck (the engine's shuffle) and lays out 13-pile, row and
    stock; in real time the start signal is three seconds away."""
    number = w.series.number
    piles = []
    for s in range(w.seats):
        cards = shuffled(_DECK_FACES, w.seed, "deal", number, s)  # top = end
        mine = [cards[-NERTS_SIZE:]]
        mine += [[cards[-NERTS_SIZE - 1 - j]] for j in range(ROW_SLOTS)]
        mine += [[], cards[: -NERTS_SIZE - ROW_SLOTS]]
        piles.append(mine)
    w.piles = piles
    w.found = [[] for _k in range(4 * w.seats)]
    w.need = [[] for _face in range(FACES)]
    w.progress = 0
    w.marks = [0] * w.seats
    w.stuck = [False] * w.seats
    w.remedied = False
    w.steps = 0
    w.out = None
    w.rows_read = [None] * w.seats
    if w.realtime:
        w.phase = _WAITING
        w.start_at = w.clock + START_DELAY
        w.timeout_at = None
        w.turn = None
    else:
        w.phase = _PLAY
        w.turn = w.series.dealer
        _start_turn(w)


def _start_signal(w: Work) -> None:
    """«Пошли!»: play opens, and the Aces showing at the deal fly to the centre."""
    w.start_at = None
    w.phase = _PLAY
    w.timeout_at = w.clock + TIMEOUT
    if w.auto_aces:
        for s in range(w.seats):
            if _auto_aces(w, s):
                return
    w.marks = [w.progress] * w.seats


def _timeout(w: Work) -> None:
    """A minute without progress: everyone counts as stuck."""
    w.timeout_at = None
    w.stuck = [True] * w.seats
    _check_deadlock(w)
    if w.phase == _PLAY and w.timeout_at is None:
        w.timeout_at = w.clock + TIMEOUT


# --- play -------------------------------------------------------------------------------------


def _flip(w: Work, seat: Seat) -> None:
    """Turn the next cards of the stock onto the waste, turning the waste over first when the
    stock is out (which marks the player stuck if nothing moved since his last turn-over)."""
    mine = w.piles[seat]
    stock_ = mine[STOCK_AT]
    waste_ = mine[WASTE_AT]
    if not stock_:
        waste_.reverse()
        mine[STOCK_AT], mine[WASTE_AT] = waste_, stock_
        stock_, waste_ = waste_, stock_
        if w.progress == w.marks[seat]:
            w.stuck[seat] = True
        w.marks[seat] = w.progress
    n = w.flip_count
    if n == 1:
        waste_.append(stock_.pop())
    elif len(stock_) <= n:
        stock_.reverse()
        waste_ += stock_
        stock_.clear()
    else:
        turned = stock_[-n:]
        del stock_[-n:]
        turned.reverse()
        waste_ += turned
    if w.auto_aces and waste_[-1] < _ACES:
        _auto_aces(w, seat)
    if w.phase == _PLAY and False not in w.stuck:  # (a turn-over may make everyone stuck)
        _check_deadlock(w)


def _play_card(w: Work, seat: Seat, source: int, target: int, depth: int) -> None:
    """Move a card (from a row: with the cards on it) to the centre, a foundation or a row."""
    mine = w.piles[seat]
    pile = mine[source]
    progress = False  # §6.6: a card reached the centre or left the 13-pile or the waste
    from_row = 0 < source < WASTE_AT
    if 0 < target < TO_FOUNDATION:
        if from_row:
            mine[target] += pile[depth:]
            del pile[depth:]
        else:
            mine[target].append(pile.pop())
        w.rows_read[seat] = None
    else:
        if from_row:
            w.rows_read[seat] = None
        k = _first_empty(w) if target == TO_CENTRE else target - TO_FOUNDATION
        _to_foundation(w, seat, pile.pop(), k)
        progress = True
    if from_row:
        if progress:
            _made_progress(w)
        return  # (a row shows no Ace under another card: nothing flies)
    _made_progress(w)  # a card left the 13-pile or the waste
    if source == NERTS_AT and not pile:
        _went_out(w, seat)
    elif w.auto_aces and pile and pile[-1] < _ACES:
        _auto_aces(w, seat)


# --- the moves within a row -------------------------------------------------------------------


class RowRead(NamedTuple):
    """What a seat's row allows, read once it has changed (most actions leave it as it was):
    the moves within it, and what it offers the seat's other cards."""

    within: list[Action]  # a run from one row pile to another
    onto: dict[int, Action]  # the top face of each pile with cards, and its target bits
    empty: list[Action]  # the target bits of the empty piles (any card but an Ace)
    showing: list[tuple[Action, int]]  # the source bits and the top face of each such pile


def _read_rows(w: Work, seat: Seat) -> RowRead:
    """Read the seat's row: a card of a pile's built run may go, with the cards on it, onto
    another pile it fits (one rank lower, the other colour) or onto an empty one; never an
    Ace."""
    mine = w.piles[seat]
    onto: dict[int, Action] = {}
    empty: list[Action] = []
    showing: list[tuple[Action, int]] = []
    for at in ROWS_AT:
        p = mine[at]
        if p:
            onto[p[-1]] = at << TARGET_SHIFT
            showing.append((seat | at << SOURCE_SHIFT, p[-1]))
        else:
            empty.append(at << TARGET_SHIFT)
    within: list[Action] = []
    add = within.append
    for at in ROWS_AT:
        p = mine[at]
        if not p:
            continue
        base = seat | at << SOURCE_SHIFT
        # down the built run from the top: each card (but an Ace) may move with those on it
        d = len(p) - 1
        while True:
            face = p[d]
            if face >= _ACES:
                deep = base | d << DEPTH_SHIFT
                for top in ROW_BELOW[face]:
                    if top in onto:
                        add(deep | onto[top])
                for there in empty:
                    add(deep | there)
            if d == 0 or face not in ROW_ONTO[p[d - 1]]:
                break
            d -= 1
    read = w.rows_read[seat] = RowRead(within, onto, empty, showing)
    return read


# --- the kernel: load, copy, key; the moves; play; the clock ----------------------------------


_load_fields = fields_loader(Work, NertsState)


class NertsKernel(Kernel[Work, Action]):
    """The rules of Nerts on a :class:`Work` (see the module docstring)."""

    # --- load, copy, key -------------------------------------------------------------------
    def load(self, state: FullNerts) -> Work:
        assert state.seed is not None, "an observation cannot be played on"
        w = Work()
        _load_fields(w, state)  # seats, seed, options, series, the clock, turn, counts, out
        seats = state.seats
        opts = state.options
        w.realtime = opts.mode == REALTIME
        w.auto_aces = opts.auto_aces
        w.flip_count = opts.flip_count
        w.strict = opts.strict_alternation
        w.penalty = opts.pile_penalty
        table = state.table
        w.piles = [
            [[card.index % _BACK for card in table.cards(pid)] for pid in _PILE_IDS[s]]
            for s in range(seats)
        ]
        w.found = [[card.index for card in table.cards(fid)] for fid in _FOUND_IDS[: 4 * seats]]
        w.need = _need_of(w.found)
        w.phase = int(state.phase)
        w.marks = list(state.marks)
        w.stuck = list(state.stuck)
        w.rows_read = [None] * seats
        return w

    def copy(self, kernel: Work) -> Work:
        w = Work()
        for name in Work.__slots__:
            setattr(w, name, getattr(kernel, name))
        w.piles = [[pile[:] for pile in mine] for mine in kernel.piles]
        w.found = [pile[:] for pile in kernel.found]
        w.need = [ks[:] for ks in kernel.need]
        w.marks = kernel.marks[:]
        w.stuck = kernel.stuck[:]
        w.rows_read = kernel.rows_read[:]  # (never changed once read)
        return w

    def key(self, kernel: Work) -> Hashable:
        w = kernel
        return (
            w.seats,
            w.seed,
            w.options,
            tuple(tuple(pile) for mine in w.piles for pile in mine),
            tuple(tuple(pile) for pile in w.found),
            w.series,
            w.clock,
            w.start_at,
            w.timeout_at,
            w.phase,
            w.turn,
            w.progress,
            tuple(w.marks),
            tuple(w.stuck),
            w.remedied,
            w.steps,
            w.out,
        )

    # --- whose turn, which moves ---------------------------------------------------------
    def to_move(self, kernel: Work) -> Sequence[Seat]:
        if kernel.phase == _OVER:
            return NOBODY
        if kernel.realtime:
            return _EVERYONE[kernel.seats]
        turn = kernel.turn
        return NOBODY if turn is None else (turn,)

    def legal(self, kernel: Work, seat: Seat) -> Sequence[Action]:
        w = kernel
        if w.phase != _PLAY or (not w.realtime and seat != w.turn):
            return ()
        mine = w.piles[seat]
        nerts_, waste_, stock_ = mine[NERTS_AT], mine[WASTE_AT], mine[STOCK_AT]
        if not w.auto_aces:  # a showing Ace must go first, before anything else
            aces = [
                seat | at << SOURCE_SHIFT
                for at in (NERTS_AT, WASTE_AT, 1, 2, 3, 4)
                if mine[at] and mine[at][-1] < _ACES
            ]
            if aces:
                return aces
        read = w.rows_read[seat]
        if read is None:
            read = _read_rows(w, seat)
        within, onto, empty, showing = read
        out = within[:]
        add = out.append
        need = w.need
        # The 13-pile's and the waste's top cards: an Ace to the centre, any other card to
        # the foundations that want it and to the row piles it fits (any card on an empty one).
        base = seat | NERTS_AT << SOURCE_SHIFT
        for p in (nerts_, waste_):
            if p:
                face = p[-1]
                if face < _ACES:
                    add(base)
                else:
                    for k in need[face]:
                        add(base | (TO_FOUNDATION + k) << TARGET_SHIFT)
                    for top in ROW_BELOW[face]:
                        if top in onto:
                            add(base | onto[top])
                    for to in empty:
                        add(base | to)
            base = seat | WASTE_AT << SOURCE_SHIFT
        # The row piles' top cards: an Ace to the centre, another card to a foundation.
        for base, top in showing:
            if top < _ACES:
                add(base)
            else:
                for k in need[top]:
                    add(base | (TO_FOUNDATION + k) << TARGET_SHIFT)
        if stock_ or waste_:
            add(seat | _FLIP)
        elif not w.realtime:
            add(seat | _PASS)
        if w.realtime and not w.stuck[seat]:
            add(seat | _STUCK)
        return out

    # --- play ------------------------------------------------------------------------------
    def play(self, kernel: Work, action: Action) -> Work:
        w = kernel
        seat = action & 7
        source = action >> SOURCE_SHIFT & 7
        series = w.series
        w.steps += 1
        passes_turn = w.strict
        if source < FLIP_SOURCE:
            _play_card(w, seat, source, action >> TARGET_SHIFT & 63, action >> DEPTH_SHIFT)
        elif source == FLIP_SOURCE:
            _flip(w, seat)
            passes_turn = True
        else:  # a pass (which ends the turn) or the stuck key: the seat is stuck
            w.stuck[seat] = True
            _check_deadlock(w)
            if not action >> TARGET_SHIFT:
                passes_turn = True
        if w.phase == _PLAY and w.steps >= MAX_STEPS:
            _end_deal(w, STEP_LIMIT)
        if passes_turn and w.phase == _PLAY and not w.realtime and w.series is series:
            w.turn = (seat + 1) % w.seats
            _start_turn(w)
        return w

    def move(self, kernel: Work, action: Action) -> NertsMove:
        seat = action & 7
        source = action >> SOURCE_SHIFT & 7
        target = action >> TARGET_SHIFT & 63
        if source == FLIP_SOURCE:
            return Flip(seat)
        if source == PASS_SOURCE:
            return Stuck(seat) if target == STUCK_TARGET else Pass(seat)
        pile = kernel.piles[seat][source]
        face = (
            pile[action >> DEPTH_SHIFT]
            if 0 < target < TO_FOUNDATION and 0 < source < WASTE_AT
            else pile[-1]
        )
        if target == TO_CENTRE:
            onto = CENTRE
        elif target < TO_FOUNDATION:
            onto = _PILE_IDS[seat][target]
        else:
            onto = _FOUND_IDS[target - TO_FOUNDATION]
        return Play(seat, _CARDS[seat][face], _PILE_IDS[seat][source], onto)

    def outcome(self, kernel: Work) -> Outcome | None:
        if kernel.phase != _OVER:
            return None
        return match_outcome(kernel.series, kernel.options, kernel.seats)

    # --- the clock -------------------------------------------------------------------------
    def clock(self, kernel: Work) -> int:
        return kernel.clock

    def next_due(self, kernel: Work) -> int | None:
        return next_signal(kernel.start_at, kernel.timeout_at)

    def advance(self, kernel: Work, now: int) -> Work:
        """The start signal and the no-progress timeout, each as of its own time."""
        w = kernel
        if not w.realtime:
            return w
        start, timeout = w.start_at, w.timeout_at
        if start is None and timeout is not None and timeout > now >= w.clock:
            w.clock = now  # in play, nothing due yet: the commonest case
            return w
        if now < w.clock:
            raise ValueError(f"time cannot go back from {w.clock} ms to {now} ms")
        while True:
            start, timeout = w.start_at, w.timeout_at
            if start is not None and start <= now and (timeout is None or start <= timeout):
                w.clock = start
                _start_signal(w)
            elif timeout is not None and timeout <= now:
                w.clock = timeout
                _timeout(w)
            else:
                break
        w.clock = now
        return w


KERNEL = NertsKernel()
