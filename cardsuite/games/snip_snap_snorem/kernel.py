"""Snip Snap Snorem's compact form for playouts (see :mod:`cardsuite.core.kernel`).

The rules are those of ``engine.py``, which stays the reference: the contract suite checks on
every state it visits that this kernel lists the same moves and reaches the same state.  What
the engine does besides the rules (events, the calls shown on the table, who passed since the
last card, hiding, refusals in words) is left out.

Encoding:

* a card is its index (``Card.index``, 0–51); each hand is a list of indices in the engine's
  hand order (rank 2 … Ace, then suit), the round and the cards set aside lists in the order
  played;
* ``counts[seat][rank]`` is how many cards of ``rank`` the seat holds, so "has he one of the
  round's rank?" is one lookup;
* "nobody" (no turn once the game is over, no winner yet) is -1; the round's rank is 0 while
  a lead is due;
* an action is a card index (one card), a tuple of indices (several cards of one rank, under
  ``multi_play``), or ``PASS``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from cardsuite.core.cards import Card, standard_deck
from cardsuite.core.kernel import Kernel, WorkingCopy
from cardsuite.core.moves import Move, Pass
from cardsuite.core.outcome import Outcome
from cardsuite.games.snip_snap_snorem.model import (
    DONE,
    EMPTY_HAND,
    ROUND,
    SET,
    FullSnip,
    Play,
    SnipOptions,
    end_text,
    hand,
)

# --- encoding ------------------------------------------------------------------------------

CARDS: tuple[Card, ...] = tuple(sorted(standard_deck(), key=lambda card: card.index))
RANK = [card.rank for card in CARDS]
PASS = -1

Action = int | tuple[int, ...]

# Every play of one or more cards of a group of equal cards (multi_play), fewest first, in the
# order the engine lists them.
_SUBSETS: dict[tuple[int, ...], list[Action]] = {}


def _subsets(group: tuple[int, ...]) -> list[Action]:
    plays = _SUBSETS.get(group)
    if plays is None:
        plays = _SUBSETS[group] = [
            cards for size in range(1, len(group) + 1) for cards in combinations(group, size)
        ]
    return plays


class SnipKernel(WorkingCopy):
    """One game of Snip Snap Snorem in progress, as lists and ints."""

    __slots__ = (
        "auto",
        "counts",
        "done",
        "hands",
        "leader",
        "multi",
        "options",
        "rank",
        "round",
        "seats",
        "turn",
        "winner",
    )

    seats: int
    options: SnipOptions
    multi: bool
    auto: bool
    hands: list[list[int]]
    counts: list[list[int]]
    round: list[int]
    done: list[int]
    turn: int
    rank: int
    leader: int
    winner: int


class SnipRules(Kernel[SnipKernel, Action]):
    """Snip Snap Snorem's rules on a :class:`SnipKernel`."""

    # --- loading a state -----------------------------------------------------------------------
    def load(self, state: FullSnip) -> SnipKernel:
        k = SnipKernel()
        k.seats = state.seats
        k.options = state.options
        k.multi = state.options.multi_play
        k.auto = state.options.auto_pass
        table = state.table
        k.hands = [[card.index for card in table.cards(hand(s))] for s in range(state.seats)]
        k.counts = [[0] * 14 for _seat in range(state.seats)]
        for counts, held in zip(k.counts, k.hands, strict=True):
            for card in held:
                counts[RANK[card]] += 1
        k.round = [card.index for card in table.cards(ROUND)]
        k.done = [card.index for card in table.cards(DONE)]
        k.turn = -1 if state.turn is None else state.turn
        k.rank = state.rank
        k.leader = state.leader
        k.winner = -1 if state.winner is None else state.winner
        return k

    # --- whose turn, which actions -------------------------------------------------------------
    def to_move(self, kernel: SnipKernel) -> Sequence[int]:
        return () if kernel.turn < 0 else (kernel.turn,)

    def legal(self, kernel: SnipKernel, seat: int) -> list[Action]:
        k = kernel
        if seat != k.turn:
            return []
        held = k.hands[seat]
        rank = k.rank
        if not k.multi:
            if not rank:
                return list(held)
            if not k.counts[seat][rank]:
                return [PASS]
            return [c for c in held if RANK[c] == rank]
        if rank:
            if not k.counts[seat][rank]:
                return [PASS]
            return _subsets(tuple([c for c in held if RANK[c] == rank]))
        actions: list[Action] = []
        start = 0
        for i in range(1, len(held) + 1):  # the runs of equal ranks of the sorted hand
            if i == len(held) or RANK[held[i]] != RANK[held[start]]:
                actions.extend(_subsets(tuple(held[start:i])))
                start = i
        return actions

    def move(self, kernel: SnipKernel, action: Action) -> Move:
        seat = kernel.turn
        if action == PASS:
            return Pass(seat)
        if isinstance(action, int):
            return Play(seat, (CARDS[action],))
        return Play(seat, tuple(CARDS[c] for c in action))

    # --- playing -------------------------------------------------------------------------------
    def play(self, kernel: SnipKernel, action: Action) -> SnipKernel:
        k = kernel
        p = k.turn
        n = k.seats
        if action == PASS:
            k.turn = self._pass_on(k, (p + 1) % n) if k.auto else (p + 1) % n
            return k
        cards = (action,) if isinstance(action, int) else action
        held, counts, down = k.hands[p], k.counts[p], k.round
        rank = RANK[cards[0]]
        for card in cards:
            held.remove(card)
        counts[rank] -= len(cards)
        if not down:
            k.leader = p
        down.extend(cards)
        complete = len(down) >= SET
        if complete:  # the fourth card: the round is set aside
            k.done.extend(down)
            down.clear()
        k.rank = rank
        if not held:  # the last card of his hand: he wins
            k.turn, k.winner = -1, p
        elif complete:  # who played the fourth card leads the next round
            k.turn, k.rank, k.leader = p, 0, p
        else:
            k.turn = self._pass_on(k, (p + 1) % n) if k.auto else (p + 1) % n
        return k

    def _pass_on(self, k: SnipKernel, turn: int) -> int:
        """``auto_pass``: the first seat from ``turn`` on holding the round's rank (at most
        one lap, as the engine does)."""
        rank, counts, n = k.rank, k.counts, k.seats
        for _lap in range(n):
            if counts[turn][rank]:
                return turn
            turn = (turn + 1) % n
        return turn

    # --- the end -------------------------------------------------------------------------------
    def outcome(self, kernel: SnipKernel) -> Outcome | None:
        winner = kernel.winner
        if winner < 0:
            return None
        left = tuple(len(held) for held in kernel.hands)
        return Outcome.win_for(
            frozenset({winner}), kernel.seats, end_text(winner, left), ending=EMPTY_HAND
        )


KERNEL = SnipRules()
