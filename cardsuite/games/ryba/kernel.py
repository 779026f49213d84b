"""Рыба's compact form for playouts: the rules of ``engine.py`` on counts of ranks.

Representation.  Suits never matter at Рыба, so the kernel keeps ranks only (1 = Ace … 13 =
King, the engine's ``Card.rank``):

* ``count[16 * s + r]``: how many cards of rank ``r`` seat ``s`` holds, one flat list for all
  seats; ``held[s]`` the bit mask of the ranks seat ``s`` holds (bit ``r``) and ``size[s]``
  how many cards it holds;
* ``stock``: the ranks of the stock, its top card last (as the engine's pile);
* ``books[s]``: how many books seat ``s`` has laid (which ranks does not change play);
* ``turn`` the seat to ask (-1 once the game is over), ``asks`` the asks made (for the safety
  cap), and at the end ``how``, ``winners`` and ``finished`` as in the engine's state.

An action is an int, ``16 * (target + 1) + rank``: target -1 (so the high part 0) is "ask
everyone" under ``ask_all``.

Left out: events, the order of cards in a hand and of books (the table shows them, play does
not depend on them), who knows what (``HoldsRank`` and ``Shown`` facts) and every refusal;
the engine does those.  The engine is the reference: the contract suite checks on every state
of its random games that this kernel agrees with it move for move.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from cardsuite.core.kernel import NO_SEAT, Kernel, WorkingCopy
from cardsuite.core.outcome import Outcome
from cardsuite.games.ryba.model import (
    ALL_BOOKS,
    ALL_BOOKS_DOWN,
    ASK_LIMIT,
    ASK_LIMIT_REACHED,
    BOOK,
    BOOKS,
    BOOKS_SHOWN,
    EMPTY_HAND,
    STOCK,
    TOGETHER,
    Ask,
    FullRyba,
    books,
    end_text,
    hand,
    order_from_dealer,
)

# --- encoding ------------------------------------------------------------------------------

STRIDE = 16  # slots per seat in ``count`` (ranks 1 … 13 used)
# The ranks in the engine's order of moves (2 … King, then Ace); any order would do.
RANK_ORDER = (*range(2, 14), 1)


def action_of(target: int | None, rank: int) -> int:
    """The action asking ``target`` (None: everyone) for ``rank``."""
    return STRIDE * (0 if target is None else target + 1) + rank


# Legal actions, cached by (seats, ask_all) then seat then the mask of ranks held.
_LEGAL: dict[tuple[int, bool], list[dict[int, tuple[int, ...]]]] = {}


def _legal_tables(seats: int, ask_all: bool) -> list[dict[int, tuple[int, ...]]]:
    tables = _LEGAL.get((seats, ask_all))
    if tables is None:
        tables = _LEGAL[(seats, ask_all)] = [{} for _ in range(seats)]
    return tables


def _asks(seats: int, seat: int, ask_all: bool, mask: int) -> tuple[int, ...]:
    """Every action ``seat`` may take holding the ranks of ``mask``."""
    if ask_all:
        targets: list[int | None] = [None]
    else:
        targets = [(seat + i) % seats for i in range(1, seats)]
    return tuple(
        action_of(target, rank) for target in targets for rank in RANK_ORDER if mask >> rank & 1
    )


class RybaKernel(WorkingCopy):
    """The working copy (see the module docstring)."""

    __slots__ = (
        "ask_all",
        "asks",
        "books",
        "classic",
        "count",
        "dealer",
        "finished",
        "held",
        "how",
        "legal",
        "seats",
        "size",
        "stock",
        "turn",
        "winners",
    )

    seats: int
    dealer: int
    ask_all: bool
    classic: bool
    legal: list[dict[int, tuple[int, ...]]]  # shared cache, never changed in place
    count: list[int]
    held: list[int]
    size: list[int]
    stock: list[int]
    books: list[int]
    turn: int
    asks: int
    how: str
    winners: tuple[int, ...]
    finished: tuple[int, ...]


# --- the kernel ------------------------------------------------------------------------------


class Ryba(Kernel[RybaKernel, int]):
    # --- load, copy, key -------------------------------------------------------------------
    def load(self, state: FullRyba) -> RybaKernel:
        n = state.seats
        table = state.table
        k = RybaKernel()
        k.seats = n
        k.dealer = state.series.dealer
        k.ask_all = state.options.ask_all
        k.classic = state.options.classic_go_fish
        k.legal = _legal_tables(n, k.ask_all)
        k.count = [0] * (STRIDE * n)
        k.held = [0] * n
        k.size = [0] * n
        for s in range(n):
            for card in table.cards(hand(s)):
                k.count[STRIDE * s + card.rank] += 1
                k.held[s] |= 1 << card.rank
                k.size[s] += 1
        k.stock = [card.rank for card in table.cards(STOCK)]
        k.books = [table.count(books(s)) // BOOK for s in range(n)]
        k.turn = NO_SEAT if state.turn is None else state.turn
        k.asks = state.asks
        k.how = state.how
        k.winners = state.winners
        k.finished = state.finished
        return k

    def key(self, kernel: RybaKernel) -> Hashable:
        k = kernel
        return (
            k.seats,
            k.dealer,
            k.ask_all,
            k.classic,
            tuple(k.count),
            tuple(k.stock),
            tuple(k.books),
            k.turn,
            k.asks,
            k.how,
            k.winners,
            k.finished,
        )

    # --- the rules -------------------------------------------------------------------------
    def to_move(self, kernel: RybaKernel) -> Sequence[int]:
        turn = kernel.turn
        return () if turn < 0 else (turn,)

    def legal(self, kernel: RybaKernel, seat: int) -> Sequence[int]:
        if seat != kernel.turn:
            return ()
        mask = kernel.held[seat]
        by_mask = kernel.legal[seat]
        actions = by_mask.get(mask)
        if actions is None:
            actions = by_mask[mask] = _asks(kernel.seats, seat, kernel.ask_all, mask)
        return actions

    def move(self, kernel: RybaKernel, action: int) -> Ask:
        target = (action >> 4) - 1
        return Ask(kernel.turn, None if target < 0 else target, action & 15)

    def outcome(self, kernel: RybaKernel) -> Outcome | None:
        if kernel.turn >= 0:
            return None
        how = kernel.how
        counts = tuple(kernel.books)
        reason = end_text(how, kernel.winners, kernel.finished, counts)
        if how == ASK_LIMIT_REACHED:
            return Outcome((1,) * kernel.seats, reason, counts, ending=how, measure=BOOKS)
        if how == ALL_BOOKS_DOWN:
            return Outcome.from_scores(counts, reason, ending=how, measure=BOOKS)
        return Outcome.win_for(
            frozenset(kernel.winners), kernel.seats, reason, counts, ending=how, measure=BOOKS_SHOWN
        )

    # --- play ------------------------------------------------------------------------------
    def play(self, kernel: RybaKernel, action: int) -> RybaKernel:
        k = kernel
        n = k.seats
        p = k.turn
        rank = action & 15
        target = (action >> 4) - 1
        count = k.count
        held = k.held
        size = k.size
        bit = 1 << rank
        mine = STRIDE * p + rank
        # Seats whose hand lost cards (only those can have emptied), the asker last.
        lost: list[int] = []
        keep_turn = False

        if target >= 0:
            givers: Sequence[int] = (target,)
        else:
            givers = [(p + i) % n for i in range(1, n)]
        for g in givers:
            taken = count[STRIDE * g + rank]
            if taken:
                count[STRIDE * g + rank] = 0
                held[g] &= ~bit
                size[g] -= taken
                count[mine] += taken
                size[p] += taken
                lost.append(g)
        if lost:
            held[p] |= bit
            keep_turn = True
            if count[mine] >= BOOK:
                self._lay(k, p, rank)
                lost.append(p)
        else:
            stock = k.stock
            if stock:
                drawn = stock.pop()
                count[STRIDE * p + drawn] += 1
                held[p] |= 1 << drawn
                size[p] += 1
                fished_rank = k.classic and drawn == rank
                if count[STRIDE * p + drawn] >= BOOK:
                    self._lay(k, p, drawn)
                    lost.append(p)
                keep_turn = fished_rank
        k.asks += 1

        # The end check, once the ask is resolved.
        if k.classic:
            if sum(k.books) >= ALL_BOOKS:
                best = max(k.books)
                winners = tuple([s for s in range(n) if k.books[s] == best])
                return self._end(k, ALL_BOOKS_DOWN, winners, ())
        elif lost:
            finished = tuple(sorted({s for s in lost if not size[s]}))
            if finished:
                dealer = k.dealer
                bk = k.books
                winner = max(finished, key=lambda s: (bk[s], order_from_dealer(s, dealer, n)))
                how = EMPTY_HAND if len(finished) == 1 else TOGETHER
                return self._end(k, how, (winner,), finished)
        if k.asks >= ASK_LIMIT:
            return self._end(k, ASK_LIMIT_REACHED, tuple(range(n)), ())

        # Whose turn next.
        if keep_turn and size[p]:
            return k
        turn = (p + 1) % n
        if k.classic:
            turn = self._classic_turn(k, turn)
        k.turn = turn
        return k

    @staticmethod
    def _lay(k: RybaKernel, seat: int, rank: int) -> None:
        """``seat`` lays down its book of ``rank`` (it holds all four)."""
        at = STRIDE * seat + rank
        k.size[seat] -= k.count[at]
        k.count[at] = 0
        k.held[seat] &= ~(1 << rank)
        k.books[seat] += 1

    @staticmethod
    def _classic_turn(k: RybaKernel, turn: int) -> int:
        """Classic variant: an empty hand whose turn comes draws one card, or is passed by
        when the stock is empty too."""
        n = k.seats
        size = k.size
        for _step in range(n):
            if size[turn]:
                break
            if k.stock:
                drawn = k.stock.pop()
                k.count[STRIDE * turn + drawn] += 1
                k.held[turn] |= 1 << drawn
                size[turn] = 1
                return turn
            turn = (turn + 1) % n
        return turn

    @staticmethod
    def _end(
        k: RybaKernel, how: str, winners: tuple[int, ...], finished: tuple[int, ...]
    ) -> RybaKernel:
        k.turn = NO_SEAT
        k.how = how
        k.winners = winners
        k.finished = finished
        return k


KERNEL = Ryba()
