"""Spit's compact form for playouts: the rules of ``engine.py`` on lists of ranks, with the
clock.

Representation.  Suits never matter at Spit, so a card is its rank (1 = Ace … 13 = King, the
engine's ``Card.rank``) and a pile is a list of ranks, bottom first, top last.  ``piles`` holds
them in the positions of the engine's layout (``model.Shape``): 0 and 1 the centre piles C1 and
C2, 2 and 3 the spit stacks, then seat 0's slots and seat 1's (``count`` each), so that seat
``s``'s slot ``k`` is ``piles[4 + count * s + k]``.  The rest is the engine's state in small
values: ``clock`` and ``due`` (the pending spit, -1 for none), ``requests`` as a bit mask (bit
``s``: seat ``s`` asked for a spit), ``turn`` and ``opener`` in turn mode (-1 for none),
``passes``, ``spits`` (since the last card played from a row), and at the end ``ending``
(``OUT`` or ``STALL``) and ``winner`` (-1: a draw).

An action is an int, ``64 * seat + code``: code ``2 * k + p`` plays the top card of slot ``k``
onto centre pile ``p``; ``FILL + 5 * a + b`` moves slot ``a``'s top card into the empty slot
``b`` (option ``manual_fill``); ``REQUEST``, ``CANCEL`` and ``PASS`` are the other moves.

Left out: events, who sees which card (the table's visibility), the seed, refusals and the
``StaleTime`` check of the clock; the engine does those.  The engine is the reference: the
contract suite checks on every state of its random games that this kernel agrees with it move
for move and on every advance of the clock.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from cardsuite.core.cards import ACE, KING
from cardsuite.core.kernel import Kernel, WorkingCopy
from cardsuite.core.moves import Pass
from cardsuite.core.outcome import Outcome
from cardsuite.games.spit.model import (
    CARDS_LEFT,
    OUT,
    SEATS,
    STALL,
    STALL_SPITS,
    Fill,
    FullSpit,
    Play,
    SpitCancel,
    SpitMove,
    SpitRequest,
    Stalled,
    WentOut,
    adjacent_ranks,
)

# --- encoding ------------------------------------------------------------------------------

NONE = -1  # no seat, no time due
SEAT_SHIFT = 6  # an action's seat is action >> SEAT_SHIFT
CODE = 63  # ... and its code action & CODE
FILL = 10  # the first Fill code (after the ten Play codes)
REQUEST, CANCEL, PASS = 40, 41, 42
FIRST_SLOT = 4  # piles[FIRST_SLOT]: seat 0's first slot

# NEAR[wrap][r]: the bit mask (bit q) of the ranks q that may go on a card of rank r; 0 for an
# empty centre pile, written as rank 0.
NEAR = {
    wrap: tuple(sum(1 << q for q in near) for near in adjacent_ranks(wrap))
    for wrap in (True, False)
}
assert NEAR[True][ACE] >> KING & 1 and not NEAR[False][ACE] >> KING & 1


class SpitKernel(WorkingCopy):
    """The working copy (see the module docstring)."""

    __slots__ = (
        "clock",
        "count",
        "dealer",
        "delay",
        "due",
        "ending",
        "manual",
        "near",
        "opener",
        "passes",
        "piles",
        "realtime",
        "requests",
        "spits",
        "turn",
        "winner",
        "wrap",
    )

    # the options, fixed for the game
    wrap: bool
    near: tuple[int, ...]  # NEAR[wrap]
    count: int  # slots per row
    manual: bool
    realtime: bool
    delay: int
    dealer: int
    # the play
    piles: list[list[int]]
    clock: int
    due: int
    requests: int
    turn: int
    passes: int
    opener: int
    spits: int
    winner: int
    ending: str


def _none(value: int | None) -> int:
    return NONE if value is None else value


def _some(value: int) -> int | None:
    return None if value < 0 else value


# --- the kernel ------------------------------------------------------------------------------


class Spit(Kernel[SpitKernel, int]):
    # --- load, copy, key -------------------------------------------------------------------
    def load(self, state: FullSpit) -> SpitKernel:
        opts = state.options
        k = SpitKernel()
        k.wrap = opts.wrap
        k.near = NEAR[opts.wrap]
        k.count = opts.slot_count
        k.manual = opts.manual_fill
        k.realtime = opts.realtime
        k.delay = opts.spit_delay
        k.dealer = state.dealer
        k.piles = [[card.rank for card in pile] for pile in state.table.piles]
        k.clock = state.clock
        k.due = _none(state.spit_due)
        k.requests = state.requests[0] | state.requests[1] << 1
        k.turn = _none(state.turn)
        k.passes = state.passes
        k.opener = _none(state.opener)
        k.spits = state.spits
        k.winner = _none(state.winner)
        k.ending = state.ending
        return k

    def key(self, kernel: SpitKernel) -> Hashable:
        k = kernel
        return (
            (k.wrap, k.count, k.manual, k.realtime, k.delay, k.dealer),
            tuple(tuple(pile) for pile in k.piles),
            k.clock,
            k.due,
            k.requests,
            k.turn,
            k.passes,
            k.opener,
            k.spits,
            k.winner,
            k.ending,
        )

    # --- the clock -------------------------------------------------------------------------
    def clock(self, kernel: SpitKernel) -> int:
        return kernel.clock

    def next_due(self, kernel: SpitKernel) -> int | None:
        return None if kernel.ending else _some(kernel.due)

    def advance(self, kernel: SpitKernel, now: int) -> SpitKernel:
        """Every spit due by ``now``, each at its own time; then the clock reads ``now``.  In
        turn mode there is no clock."""
        k = kernel
        if not k.realtime:
            return k
        while not k.ending and 0 <= k.due <= now:
            at = k.due
            k.clock = at
            k.requests = 0
            self._spit(k)
            if not k.ending:
                k.due = at + k.delay if self._both_ready(k) else NONE
        k.clock = now
        return k

    # --- the rules -------------------------------------------------------------------------
    def to_move(self, kernel: SpitKernel) -> Sequence[int]:
        if kernel.ending:
            return ()
        if kernel.realtime:
            return (0, 1)
        return (kernel.turn,)

    def legal(self, kernel: SpitKernel, seat: int) -> Sequence[int]:
        k = kernel
        if k.ending or (seat != k.turn and not k.realtime):
            return ()
        piles = k.piles
        near = k.near
        c0 = piles[0]
        c1 = piles[1]
        near0 = near[c0[-1]] if c0 else 0
        near1 = near[c1[-1]] if c1 else 0
        count = k.count
        first = FIRST_SLOT + count * seat
        base = seat << SEAT_SHIFT
        out: list[int] = []
        for s in range(count):
            cards = piles[first + s]
            if cards:
                bit = 1 << cards[-1]
                if near0 & bit:
                    out.append(base + 2 * s)
                if near1 & bit:
                    out.append(base + 2 * s + 1)
        if k.manual:
            for a in range(count):
                if len(piles[first + a]) >= 2:
                    for b in range(count):
                        if not piles[first + b]:
                            out.append(base + FILL + 5 * a + b)
        if k.realtime:
            out.append(base + (CANCEL if k.requests >> seat & 1 else REQUEST))
        else:
            out.append(base + PASS)
        return out

    def move(self, kernel: SpitKernel, action: int) -> SpitMove:
        seat = action >> SEAT_SHIFT
        code = action & CODE
        if code < FILL:
            return Play(seat, code >> 1, code & 1)
        if code < REQUEST:
            return Fill(seat, (code - FILL) // 5, (code - FILL) % 5)
        if code == REQUEST:
            return SpitRequest(seat)
        if code == CANCEL:
            return SpitCancel(seat)
        return Pass(seat)

    def outcome(self, kernel: SpitKernel) -> Outcome | None:
        k = kernel
        if not k.ending:
            return None
        left = self._row_counts(k)
        if k.ending == OUT:
            return Outcome.win_for(
                frozenset({k.winner}),
                SEATS,
                WentOut(k.winner).text(),
                left,
                ending=OUT,
                measure=CARDS_LEFT,
            )
        reason = Stalled(k.spits, _some(k.winner)).text()
        return Outcome.from_scores(
            left, reason, higher_wins=False, ending=STALL, measure=CARDS_LEFT
        )

    @staticmethod
    def _row_counts(k: SpitKernel) -> tuple[int, int]:
        count = k.count
        piles = k.piles
        return (
            sum(len(p) for p in piles[FIRST_SLOT : FIRST_SLOT + count]),
            sum(len(p) for p in piles[FIRST_SLOT + count : FIRST_SLOT + 2 * count]),
        )

    @staticmethod
    def _stuck(k: SpitKernel, seat: int) -> bool:
        """No top card of ``seat``'s row goes on either centre pile."""
        piles = k.piles
        near = k.near
        c0 = piles[0]
        c1 = piles[1]
        both = (near[c0[-1]] if c0 else 0) | (near[c1[-1]] if c1 else 0)
        first = FIRST_SLOT + k.count * seat
        tops = 0  # the bit mask of the row's top ranks
        for cards in piles[first : first + k.count]:
            if cards:
                tops |= 1 << cards[-1]
        return not tops & both

    def _both_ready(self, k: SpitKernel) -> bool:
        """Each seat is stuck or has asked for a spit."""
        requests = k.requests
        return bool(requests & 1 or self._stuck(k, 0)) and bool(requests & 2 or self._stuck(k, 1))

    def _spit(self, k: SpitKernel) -> None:
        """Both turn up the top card of their spit stack (an empty stack first takes its own
        centre pile, turned over); at the fiftieth spit in a row the game stalls."""
        piles = k.piles
        for s in (0, 1):
            stack = piles[2 + s]
            if not stack and piles[s]:
                stack = piles[2 + s] = piles[s]
                stack.reverse()
                piles[s] = []
            if stack:
                piles[s].append(stack.pop())
        k.spits += 1
        if k.spits >= STALL_SPITS:
            left = self._row_counts(k)
            k.winner = NONE if left[0] == left[1] else (0 if left[0] < left[1] else 1)
            k.ending = STALL
            k.due = NONE
            k.requests = 0
            k.turn = NONE
            k.passes = 0

    # --- play ------------------------------------------------------------------------------
    def play(self, kernel: SpitKernel, action: int) -> SpitKernel:
        k = kernel
        seat = action >> SEAT_SHIFT
        code = action & CODE
        piles = k.piles
        moved = True
        if code < FILL:  # a card from the row onto a centre pile
            first = FIRST_SLOT + k.count * seat
            source = piles[first + (code >> 1)]
            piles[code & 1].append(source.pop())
            if not source and not k.manual:
                self._auto_fill(piles, first, k.count)
            k.spits = 0
            k.requests &= ~(1 << seat)
            if not any(piles[first : first + k.count]):  # out: a win
                k.ending = OUT
                k.winner = seat
                k.turn = NONE
                k.passes = 0
                k.due = NONE
                return k
            if not k.realtime:
                k.turn = 1 - seat
                k.passes = 0
                return k
        elif code < REQUEST:  # a fill by hand
            first = FIRST_SLOT + k.count * seat
            a, b = divmod(code - FILL, 5)
            piles[first + b].append(piles[first + a].pop())
        elif code == REQUEST:
            moved = False
            k.requests |= 1 << seat
        elif code == CANCEL:
            moved = False
            k.requests &= ~(1 << seat)
        else:  # a pass, in turn mode
            if k.passes == 0:
                k.turn = 1 - seat
                k.passes = 1
            else:
                opener = k.opener
                self._spit(k)
                if k.ending:  # stalled: the state keeps its opener
                    return k
                k.opener = opener = 1 - opener
                k.turn = opener
                k.passes = 0
            return k
        if k.realtime:  # the countdown: both ready starts it, or restarts it on a move
            if self._both_ready(k):
                if moved or k.due < 0:
                    k.due = k.clock + k.delay
            else:
                k.due = NONE
        return k

    @staticmethod
    def _auto_fill(piles: list[list[int]], first: int, count: int) -> None:
        """While a slot is empty and another holds two cards or more, the top card of the
        tallest (leftmost if tied) goes to the leftmost empty slot."""
        row = piles[first : first + count]
        while True:
            sizes = [len(p) for p in row]
            tallest = max(sizes)
            if tallest < 2 or 0 not in sizes:
                return
            row[sizes.index(0)].append(row[sizes.index(tallest)].pop())


KERNEL = Spit()
