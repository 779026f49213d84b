"""Grabuge's kernel: the same rules as :mod:`.engine` on a compact mutable working copy, for
playouts (:mod:`cardsuite.core.kernel`).

The readable engine is the reference; the contract suite (``tests/contract``) checks on every
state of its random games that this kernel lists the same moves for both seats, and that each
move (and the next deal) leads where the engine's does.

Representation (one :class:`Work`):

* a **card** is its index in the 52-card pack (``Card.index``: ``(rank - 1) * 4 + suit``), so
  ``card >> 2`` is the rank of the packet top it goes on (0 for an Ace, which starts one);
  the copies of a card in a game of several decks share its index, as nothing tells them
  apart;
* each seat's **grabuge**, **stock** and the active seat's **batch** are lists, top card last;
  the **turned** card awaiting its place is one int (-1: none); the **reserve** is four lists
  per seat, column 1 first, exposed card last;
* the **tableau** is ``have``: for each rank 1 to 12, how many packets show it on top, and
  ``have[0] = 1`` always, so ``have[card >> 2]`` says whether a card fits.  The rules say the
  packet a card goes on makes no difference, and so the kernel does not say which it is;
* **won** counts each seat's crowned packets; **bonus** is the seat holding the two-packet
  bonus (-1: nobody yet); the match is the engine's :class:`Series` (deal number, dealer,
  each finished deal's packets, whether it waits between deals);
* an **action** is an int: 1 to 4 names a reserve column (where the turned card goes, or
  which column plays first, whichever decision is pending), ``NEW_COLUMN`` (0) puts the
  turned card into a new column, ``NEXT_DEAL`` (5) deals the next hand of a match.

Left out: the events and their texts, what each seat may see, why a move is refused, the
packets' serials and order on the tableau (so a :class:`PlayReserve` from :meth:`move` names
no target packet: moves compare without it), whether a grabuge has become the stock (it is
then empty, so nothing depends on it), which seat had precedence, and the notes of the
finished deals.  All of those are the engine's business.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from cardsuite.core.cards import Card, standard_deck
from cardsuite.core.kernel import NOBODY, Kernel
from cardsuite.core.moves import Move
from cardsuite.core.outcome import Outcome
from cardsuite.core.rng import shuffled
from cardsuite.core.series import DealResult, NextDeal, Series
from cardsuite.games.grabuge.engine import GRABUGE, full_deck
from cardsuite.games.grabuge.model import (
    BATCH_SIZE,
    COLUMNS,
    PACKET_SIZE,
    SEATS,
    FullGrabuge,
    GrabugeOptions,
    PlaceInReserve,
    PlayReserve,
    batch_pile,
    grabuge_pile,
    packet_pile,
    packet_totals,
    reserve_pile,
    reserve_piles,
    stock_pile,
    turned_pile,
    won_pile,
)

# --- encoding ------------------------------------------------------------------------------

NEW_COLUMN = 0  # the turned card starts a new column (the lowest free one)
NEXT_DEAL = 5  # between the deals of a match: deal the next hand
NONE = -1  # no turned card; nobody holds the bonus

KING_UNDER = 12  # a King goes on a Queen: card >> 2 == 12
CARD_OF: tuple[Card, ...] = tuple(sorted(standard_deck(), key=lambda card: card.index))
_ALONE: tuple[tuple[int, ...], ...] = tuple((s,) for s in range(SEATS))
_DEAL: tuple[int, ...] = (NEXT_DEAL,)


def _placements(empty: int) -> tuple[int, ...]:
    """Where the turned card may go when bit k - 1 of ``empty`` says column k is empty: on any
    column in use, or into a new column while one is free."""
    used = tuple(k for k in range(1, COLUMNS + 1) if not empty >> (k - 1) & 1)
    return (*used, NEW_COLUMN) if empty else used


_PLACEMENTS: tuple[tuple[int, ...], ...] = tuple(_placements(e) for e in range(1 << COLUMNS))


class Work:
    """One working copy of a Grabuge deal (see the module docstring for the encoding).

    ``movers`` and ``choices`` are derived: who may act, and the actions open to that seat."""

    __slots__ = (
        "active",
        "batch",
        "bonus",
        "choices",
        "columns",
        "drawn",
        "grabuge",
        "have",
        "movers",
        "options",
        "over",
        "seed",
        "series",
        "stock",
        "turned",
        "won",
    )  # fmt: skip

    active: int  # whose turn it is
    drawn: bool  # the active seat has taken this turn's batch
    grabuge: list[list[int]]  # per seat, top card last
    stock: list[list[int]]  # per seat, top card last
    batch: list[int]  # the active seat's batch not yet turned, next card last
    turned: int  # the active seat's turned card awaiting a column, or NONE
    columns: list[list[list[int]]]  # per seat, columns 1 to 4, exposed card last
    have: list[int]  # have[r]: packets showing rank r (r = 1 … 12); have[0] is 1
    won: list[int]  # packets crowned this deal, per seat
    bonus: int  # the seat with the two-packet bonus, or NONE
    over: bool  # the deal is over
    series: Series  # the match: deal number, dealer, finished deals' scores, between
    seed: int  # the match seed (the next deal's shuffle)
    options: GrabugeOptions
    movers: tuple[int, ...]
    choices: tuple[int, ...]


# --- load, copy, key -----------------------------------------------------------------------


def _indices(cards: Sequence[Card]) -> list[int]:
    return [card.index for card in cards]


def load(state: FullGrabuge) -> Work:
    """The working copy of the engine's full state ``state``."""
    assert state.seed is not None, "an observation cannot be played on"
    table = state.table
    active = state.active
    w = Work()
    w.active = active
    w.drawn = state.drawn
    w.grabuge = [_indices(table.cards(grabuge_pile(s))) for s in range(SEATS)]
    w.stock = [_indices(table.cards(stock_pile(s))) for s in range(SEATS)]
    w.columns = [[_indices(table.cards(name)) for name in reserve_piles(s)] for s in range(SEATS)]
    w.batch = _indices(table.cards(batch_pile(active)))
    turned = table.cards(turned_pile(active))
    w.turned = turned[0].index if turned else NONE
    idle = 1 - active
    assert not table.cards(batch_pile(idle)) and not table.cards(turned_pile(idle)), (
        "only the seat on turn has a batch"
    )
    have = [0] * (PACKET_SIZE + 1)
    have[0] = 1
    for serial in state.packets:
        # A packet holds every rank from its Ace up, so its size is its top rank.
        have[table.count(packet_pile(serial))] += 1
    w.have = have
    w.won = [table.count(won_pile(s)) // PACKET_SIZE for s in range(SEATS)]
    w.bonus = 0 if state.bonus[0] else 1 if state.bonus[1] else NONE
    w.over = state.over
    w.series = state.series
    w.seed = state.seed
    w.options = state.options
    _decide(w)
    return w


def copy(w: Work) -> Work:
    """An independent copy of ``w``."""
    c = Work()
    c.active = w.active
    c.drawn = w.drawn
    g0, g1 = w.grabuge
    c.grabuge = [g0[:], g1[:]]
    s0, s1 = w.stock
    c.stock = [s0[:], s1[:]]
    c.batch = w.batch[:]
    c.turned = w.turned
    r0, r1 = w.columns
    c.columns = [[col[:] for col in r0], [col[:] for col in r1]]
    c.have = w.have[:]
    c.won = w.won[:]
    c.bonus = w.bonus
    c.over = w.over
    c.series = w.series
    c.seed = w.seed
    c.options = w.options
    c.movers = w.movers
    c.choices = w.choices
    return c


def key(w: Work) -> Hashable:
    """Everything that decides how play goes on (``movers`` and ``choices`` follow from it)."""
    series = w.series
    return (
        w.active,
        w.drawn,
        tuple(map(tuple, w.grabuge)),
        tuple(map(tuple, w.stock)),
        tuple(w.batch),
        w.turned,
        tuple(tuple(map(tuple, columns)) for columns in w.columns),
        tuple(w.have),
        tuple(w.won),
        w.bonus,
        w.over,
        (series.deals, series.number, series.dealer, series.between),
        tuple(result.scores for result in series.results),
        w.seed,
        w.options,
    )


# --- rules ---------------------------------------------------------------------------------


def _decide(w: Work) -> None:
    """Set who may act and what he may do, from the piles (after load or a deal's end)."""
    if w.over:
        if w.series.between:
            w.movers, w.choices = _ALONE[w.series.next_dealer(SEATS)], _DEAL
        else:
            w.movers, w.choices = NOBODY, ()
        return
    p = w.active
    w.movers = _ALONE[p]
    c1, c2, c3, c4 = w.columns[p]
    if w.turned != NONE:
        w.choices = _PLACEMENTS[(not c1) | (not c2) << 1 | (not c3) << 2 | (not c4) << 3]
        return
    w.choices = _fitting(w.columns[p], w.have)


def _fitting(columns: list[list[int]], have: list[int]) -> tuple[int, ...]:
    """The columns whose exposed card fits a packet (1 to 4)."""
    return tuple(k for k, col in enumerate(columns, start=1) if col and have[col[-1] >> 2])


def _lay(w: Work, p: int, under: int) -> None:
    """Seat ``p`` plays a card that fits to the tableau, ``under`` being the rank it goes on
    (``card >> 2``): an Ace starts a packet, another card turns a packet one rank lower into
    one of its rank, and a King crowns it for ``p``."""
    have = w.have
    if under:
        have[under] -= 1
    if under == KING_UNDER:
        w.won[p] += 1
    else:
        have[under + 1] += 1


def _run(w: Work, settled: bool) -> None:
    """Every forced step from here to the next decision or the end of the deal (the engine's
    ``_Cascade.run``): clear what fits (grabuge first, then a lone fitting reserve card), take
    the batch, turn its cards one by one, end the turn.  ``settled``: nothing fits right now."""
    have = w.have
    p = w.active
    grabuge = w.grabuge[p]
    stock = w.stock[p]
    cols = w.columns[p]
    c1, c2, c3, c4 = cols
    batch = w.batch
    while True:
        if not settled:
            # §6.3: clear what you can.
            while True:
                if grabuge:
                    g = grabuge[-1] >> 2
                    if have[g]:
                        grabuge.pop()
                        _lay(w, p, g)
                        if not grabuge and w.bonus == NONE:
                            w.bonus = p  # §6.7: first to play his grabuge out
                        continue
                # Then the reserve: a lone fitting column plays; of several, the player
                # chooses which plays first (spelt out, this is the kernel's hottest loop).
                fit = c1 if c1 and have[c1[-1] >> 2] else None
                if c2 and have[c2[-1] >> 2]:
                    if fit is not None:
                        w.choices = _fitting(cols, have)
                        return
                    fit = c2
                if c3 and have[c3[-1] >> 2]:
                    if fit is not None:
                        w.choices = _fitting(cols, have)
                        return
                    fit = c3
                if c4 and have[c4[-1] >> 2]:
                    if fit is not None:
                        w.choices = _fitting(cols, have)
                        return
                    fit = c4
                if fit is None:
                    break
                _lay(w, p, fit.pop() >> 2)
        settled = False
        if not w.drawn:
            # §6.6: a stock that is out gives way to the grabuge; then take the batch.
            w.drawn = True
            if not stock and grabuge:
                w.stock[p] = stock = grabuge
                w.grabuge[p] = grabuge = []
            if stock:
                batch.extend(stock[-BATCH_SIZE:])
                del stock[-BATCH_SIZE:]
        if batch:
            card = batch.pop()
            g = card >> 2
            if have[g]:
                _lay(w, p, g)
                continue
            if c1 or c2 or c3 or c4:
                w.turned = card  # the player chooses its column
                w.choices = _PLACEMENTS[(not c1) | (not c2) << 1 | (not c3) << 2 | (not c4) << 3]
                return
            c1.append(card)  # the very first reserve card starts column 1
            settled = True  # it fits nowhere, and nothing else changed
            continue
        # §7.1: the turn ends; the deal too when neither side has anything left to play.
        o = 1 - p
        if not (stock or grabuge or w.stock[o] or w.grabuge[o]) and not any(
            col and have[col[-1] >> 2] for col in (*cols, *w.columns[o])
        ):
            _end_deal(w)
            return
        w.active = p = o
        w.drawn = False
        w.movers = _ALONE[p]
        grabuge = w.grabuge[p]
        stock = w.stock[p]
        cols = w.columns[p]
        c1, c2, c3, c4 = cols


def _end_deal(w: Work) -> None:
    """§7.2: count the deal; the match then waits for the next deal, or is over."""
    leftover = [sum(map(len, w.columns[s])) for s in range(SEATS)]
    bonus = [2 if w.bonus == s else 0 for s in range(SEATS)]
    totals = packet_totals(w.won, leftover, bonus)
    w.series = w.series.ended(DealResult(w.series.dealer, totals, "", "packets"))
    w.over = True
    _decide(w)


def _deal(w: Work) -> None:
    """§5: the deal in play (``w.series``) from the engine's own shuffle: each player's half,
    the grabuges counted off (so reversed), setup Aces (the non-dealer first), precedence,
    and the first turn played to its first decision."""
    options = w.options
    dealer = w.series.dealer
    non_dealer = 1 - dealer
    cards = shuffled(full_deck(options.decks), w.seed, "deal", w.series.number)
    each = options.cards_each
    size = options.grabuge_size
    for s, half in ((non_dealer, cards[:each]), (dealer, cards[each:])):
        w.stock[s] = _indices(half[:-size])
        w.grabuge[s] = _indices(half[-size:])[::-1]  # counted off one by one
    w.batch = []
    w.turned = NONE
    w.columns = [[[] for _k in range(COLUMNS)] for _s in range(SEATS)]
    have = w.have = [0] * (PACKET_SIZE + 1)
    have[0] = 1
    w.won = [0, 0]
    w.bonus = NONE
    w.over = False
    for s in (non_dealer, dealer):
        grabuge = w.grabuge[s]
        while grabuge and grabuge[-1] >> 2 == 0:  # §5.4: an Ace shows
            grabuge.pop()
            have[1] += 1
            if not grabuge and w.bonus == NONE:
                w.bonus = s  # Aces emptied it: that earns the bonus too
    ranks = [(grabuge[-1] >> 2) + 1 if grabuge else 0 for grabuge in w.grabuge]
    # §5.5: the higher grabuge top plays first; on a tie, the player who did not deal.
    first = non_dealer if ranks[0] == ranks[1] else 0 if ranks[0] > ranks[1] else 1
    w.active = first
    w.drawn = False
    w.movers = _ALONE[first]
    _run(w, False)


# --- play ----------------------------------------------------------------------------------


class GrabugeKernel(Kernel[Work, int]):
    """Grabuge on a :class:`Work` (see the module docstring)."""

    load = staticmethod(load)
    copy = staticmethod(copy)
    key = staticmethod(key)

    def to_move(self, kernel: Work) -> Sequence[int]:
        return kernel.movers

    def legal(self, kernel: Work, seat: int) -> Sequence[int]:
        return kernel.choices if seat in kernel.movers else ()

    def play(self, kernel: Work, action: int) -> Work:
        w = kernel
        turned = w.turned
        if turned != NONE:  # where the turned card goes
            cols = w.columns[w.active]
            if action:
                cols[action - 1].append(turned)
            else:
                next(col for col in cols if not col).append(turned)
            w.turned = NONE
            _run(w, True)  # it fits nowhere: the next batch card comes
        elif action == NEXT_DEAL:
            w.series = w.series.next(SEATS)
            _deal(w)
        else:  # which column plays first
            p = w.active
            _lay(w, p, w.columns[p][action - 1].pop() >> 2)
            _run(w, False)
        return w

    def move(self, kernel: Work, action: int) -> Move:
        w = kernel
        if action == NEXT_DEAL:
            return NextDeal(w.movers[0])
        p = w.active
        cols = w.columns[p]
        if w.turned != NONE:
            card = CARD_OF[w.turned]
            if action == NEW_COLUMN:
                free = next(k for k in range(1, COLUMNS + 1) if not cols[k - 1])
                return PlaceInReserve(p, None, card, reserve_pile(p, free))
            return PlaceInReserve(p, action, card, reserve_pile(p, action))
        return PlayReserve(p, action, CARD_OF[cols[action - 1][-1]])

    def outcome(self, kernel: Work) -> Outcome | None:
        w = kernel
        if not w.over or w.series.between:
            return None
        # The engine's own count of the match, read from a bare state with this series.
        return GRABUGE.outcome(GRABUGE._blank(w.options, w.seed, w.series)._replace(over=True))


KERNEL = GrabugeKernel()
