"""Laugh and Lie Down in compact form, for playouts: :data:`KERNEL`.

The readable engine (``engine.py``) is the reference; this module plays the same rules on a
small mutable working copy, and the contract suite (``tests/contract``) checks on every state
of its random games that the two agree move for move.

Representation (only ranks count in this game, and no pile is ever read in order):

* a **card** is the engine's card index ``4 * (rank - 1) + suit`` (suits ♣ ♦ ♥ ♠ = 0..3);
  below, ranks are 0..12 (Ace..King);
* a **pile** is kept *by rank*: a list of 13 *nibbles*, the suits of that rank it holds as
  four bits.  ``hands[s]`` is seat ``s``'s hand and ``table`` the face-up cards; ``taken``
  holds the cards of every captured pile together (to know where a rank's other cards are),
  and ``caps[s]`` only counts the cards of seat ``s``'s captured pile (all the settlement
  reads).  Beside the nibbles, ``held[s]`` and ``tr`` are the ranks (13 bits) present in each
  hand and on the table, so "can he match?" is one ``&``;
* **seats** are ints; ``NO_SEAT`` (-1) stands for no turn, nobody asked, no loser yet;
* an **action** is an int.  A capture is ``rank << 8 | hand_suits << 4 | table_suits`` (both
  nibbles non-empty, so it is positive); the other moves are negative: :data:`END` (end the
  turn), :data:`ADD` and :data:`KEEP` (answer the add-pair question), :data:`NEXT` (deal the
  next hand).

A new deal is shuffled, dealt and laid aside on cards as bits 0..51 of one int per pile (a rank
is a nibble there too), as the engine does, and then split by rank.  ``key`` leaves out what
follows from the rest (``held``, ``tr``) and what never changes play (the loaded state).

Left out, as the engine does them: events, who has seen what (the pair shown by a question),
the refusals of illegal moves, the deal results' texts and the list of who lay down.  The next
deal's shuffle is the engine's: the same generator of ``cardsuite.core.rng``, drawn the same
way.  The outcome is the engine's own ``outcome`` of the loaded state given the kernel's
chips and laughs.
"""

from __future__ import annotations

import operator
from collections.abc import Hashable, Iterable, Sequence
from itertools import repeat
from operator import attrgetter
from random import Random

from cardsuite.core.cards import Card, standard_deck
from cardsuite.core.kernel import NO_SEAT, Kernel
from cardsuite.core.moves import Move
from cardsuite.core.outcome import Outcome
from cardsuite.core.rng import make_rng
from cardsuite.core.series import NextDeal
from cardsuite.games.laugh_and_lie_down import GAME
from cardsuite.games.laugh_and_lie_down.engine import net_chips
from cardsuite.games.laugh_and_lie_down.model import (
    HAND_SIZES,
    AddPair,
    Capture,
    EndTurn,
    FullLaugh,
    KeepPair,
    captured,
    hand,
)

LAUGH = GAME.load()

# --- encoding ------------------------------------------------------------------------------

END = -1  # end the turn (after a capture)
ADD = -2  # add your pair (asked, ``auto_add_pair`` off)
KEEP = -3  # keep your pair
NEXT = -4  # deal the next hand (between deals)

MAX_SEATS = 6
RANKS = range(13)

_DECK = standard_deck()  # _DECK[i] is the card of index i
_CARDS = range(len(_DECK))
_BIT = tuple(1 << i for i in _CARDS)
_POP = tuple(m.bit_count() for m in range(256))  # cards in a nibble (or in two)
_TWO = tuple(m.bit_count() == 2 for m in range(16))  # two cards of a rank
_RANK_LISTS = tuple(tuple(r for r in range(13) if m >> r & 1) for m in range(1 << 13))  # of 13 bits
# The cards of one rank as bits 0..51, for the preliminaries of a deal (done on whole hands).
_LOW = sum(1 << (4 * r) for r in RANKS)  # the lowest bit of each rank's nibble
_PAIR_BITS = _LOW * 0b0101  # bits 0 and 2 of each nibble (for counting by nibble)
_TWIN_BITS = _LOW * 0b0011  # bits 0 and 1 of each nibble
# Splitting such bits into nibbles, a byte (two ranks) at a time.
_LOW_NIBBLE = bytes(b & 15 for b in range(256))
_HIGH_NIBBLE = bytes(b >> 4 for b in range(256))
# _HELD[j][b]: the ranks present in byte j of such bits (its ranks 2j and 2j + 1), as rank bits.
_HELD = tuple(
    tuple((1 << 2 * j if b & 15 else 0) | (1 << 2 * j + 1 if b >> 4 else 0) for b in range(256))
    for j in range(7)
)
_INDEX = attrgetter("index")
_RANDOM = Random.random  # a draw, called on a generator (without a bound method per draw)

_SEAT = tuple((s,) for s in range(MAX_SEATS))  # to_move's answers
_ANSWERS = (ADD, KEEP)
_NEXTS = (NEXT,)
_ENDS = (END,)
# _OTHERS[n][s]: the other seats, from s's left round the table.
_OTHERS = {n: tuple(tuple((s + i) % n for i in range(1, n)) for s in range(n)) for n in HAND_SIZES}
# _ORDER[n][d]: every seat from the dealer d's left, the dealer last (the settlement's order).
_ORDER = {
    n: tuple(tuple((d + i) % n for i in range(1, n + 1)) for d in range(n)) for n in HAND_SIZES
}


def _subsets(m: int) -> list[int]:
    """The non-empty subsets of the bits ``m``."""
    return [s for s in range(1, 16) if s & m == s]


# _CAPTURES[rank << 8 | hn << 4 | tn]: every capture of a rank with the suits ``hn`` of it in
# hand and ``tn`` on the table, one or more of each; _CAPTURES_END the same and END.
_CAPTURES: list[tuple[int, ...]] = [()] * (13 << 8)
for _r in RANKS:
    for _hn in range(16):
        for _tn in range(16):
            _CAPTURES[_r << 8 | _hn << 4 | _tn] = tuple(
                _r << 8 | h << 4 | t for h in _subsets(_hn) for t in _subsets(_tn)
            )
_CAPTURES_END = [moves + _ENDS for moves in _CAPTURES]
# _PARTS[capture]: its rank, hand suits, table suits, number of cards and rank bit.
_PARTS = [(a >> 8, a >> 4 & 15, a & 15, _POP[a & 255], 1 << (a >> 8)) for a in range(13 << 8)]


def _split(cards: int) -> tuple[list[int], int]:
    """Cards as bits 0..51 (card ``i`` is bit ``i``) as a pile by rank (13 nibbles), and the
    ranks it holds (13 bits)."""
    raw = cards.to_bytes(7, "little")
    pile = [0] * 14
    pile[::2] = raw.translate(_LOW_NIBBLE)
    pile[1::2] = raw.translate(_HIGH_NIBBLE)
    del pile[13]
    return pile, sum(map(operator.getitem, _HELD, raw))


def _bits(cards: Iterable[Card]) -> int:
    """Cards as bits 0..51 (card ``i`` is bit ``i``)."""
    return sum(map(_BIT.__getitem__, map(_INDEX, cards)))


def _rank_counts(cards: int) -> int:
    """How many cards of each rank the bits ``cards`` hold, one count (0 to 4) per nibble."""
    twos = cards - (cards >> 1 & _PAIR_BITS)
    return (twos & _TWIN_BITS) + (twos >> 2 & _TWIN_BITS)


class Laugh:
    """The working copy: a match of Laugh and Lie Down in play (see the module docstring)."""

    __slots__ = (
        "asked", "auto", "between", "caps", "chips", "classic", "dealer", "deals", "done",
        "hands", "held", "laughs", "loser", "n", "number", "origin", "pairs", "pot", "rank",
        "seed", "stakes", "table", "taken", "took", "tr", "turn",
    )  # fmt: skip

    # the match's constants
    origin: FullLaugh  # the state loaded (for the outcome's words)
    n: int  # seats
    seed: int | None
    stakes: bool
    auto: bool  # auto_add_pair
    classic: bool  # classic_continue
    pairs: bool  # lay_aside_pairs
    deals: int  # deals in the match
    # the cards
    hands: list[list[int]]  # by seat, by rank
    held: list[int]  # by seat: the ranks in his hand
    table: list[int]  # by rank
    tr: int  # the ranks on the table
    taken: list[int]  # by rank: the cards in captured piles
    caps: list[int]  # by seat: how many cards his captured pile holds
    # the turn
    turn: int  # whose turn; NO_SEAT between deals and at the end
    took: bool  # the player on turn has captured this turn
    asked: int  # the seat asked whether he adds his pair, or NO_SEAT
    rank: int  # that pair's rank (0 when nobody is asked)
    loser: int  # the first to lie down this deal, or NO_SEAT
    # the match
    laughs: list[int]
    chips: list[int]
    pot: int
    number: int  # the deal in play, from 0
    dealer: int
    done: int  # deals finished
    between: bool  # waiting for the next deal


# --- the rules -----------------------------------------------------------------------------


def _end_deal(k: Laugh) -> None:
    """The laughs, the chip settlement (payers first, then takers, from the dealer's left; the
    loser covers a short pot) and the series' step: the next deal waits, or the match ends."""
    n = k.n
    loser = k.loser
    if loser >= 0:
        k.laughs[loser] += 1
    if k.stakes:
        chips = k.chips
        pot = k.pot
        dealt = HAND_SIZES[n]
        order = _ORDER[n][k.dealer]
        nets = [net_chips(count, dealt) for count in k.caps]
        for s in order:
            if s != loser and nets[s] < 0:
                chips[s] += nets[s]
                pot -= nets[s]
        for s in order:
            if s != loser and nets[s] > 0:
                take = min(nets[s], pot)
                pot -= take
                chips[s] += take
                short = nets[s] - take
                if short and loser >= 0:
                    chips[loser] -= short
                    chips[s] += short
        k.pot = pot
    k.done += 1
    k.between = k.done < k.deals
    k.turn = NO_SEAT
    k.asked = NO_SEAT
    k.rank = 0
    k.took = False


def _last_holder(k: Laugh, force: bool) -> bool:
    """``classic_continue``: once at most one player holds cards (or ``force``), his hand and
    the table go to the dealer and the deal ends.  Whether it did."""
    held = k.held
    holders = [s for s in range(k.n) if held[s]]
    if len(holders) > 1 and not force:
        return False
    table = k.table
    if holders:
        mine = k.hands[holders[0]]
        for r in RANKS:
            table[r] |= mine[r]
            mine[r] = 0
        held[holders[0]] = 0
    taken = k.taken
    count = 0
    for r in RANKS:
        count += _POP[table[r]]
        taken[r] |= table[r]
        table[r] = 0
    k.tr = 0
    k.caps[k.dealer] += count
    _end_deal(k)
    return True


def _begin_turn(k: Laugh, first: int) -> None:
    """The turn comes to ``first``: empty hands are passed by, a hand matching nothing lies
    down onto the table, until someone can capture or the deal ends."""
    n = k.n
    held = k.held
    for i in range(n):
        s = (first + i) % n
        ranks = held[s]
        if not ranks:
            continue
        if ranks & k.tr:
            k.turn = s
            return
        mine = k.hands[s]  # he lies down
        table = k.table
        for r in RANKS:
            table[r] |= mine[r]
            mine[r] = 0
        k.tr |= ranks
        held[s] = 0
        if k.loser < 0:
            k.loser = s
        if not k.classic:
            _end_deal(k)
            return
        if _last_holder(k, False):
            return
    if k.classic:
        _last_holder(k, True)
    else:
        _end_deal(k)


def _pass_turn(k: Laugh, seat: int) -> None:
    k.took = False
    _begin_turn(k, (seat + 1) % k.n)


def _go_on(k: Laugh, seat: int) -> None:
    """After a capture (and any pair added): ``seat``'s turn goes on while he can match."""
    if k.classic and _last_holder(k, False):
        return
    if k.held[seat] & k.tr:
        k.turn = seat
        return
    _pass_turn(k, seat)


def _deal(k: Laugh) -> None:
    """Shuffle as the engine does, deal one card at a time from the dealer's left, ante, lay
    the table's fours and the hands' triples and fours (pairs too with ``lay_aside_pairs``)
    aside, and begin the first turn.  The piles are made as bits 0..51 (the preliminaries
    work on whole hands at once), then split by rank."""
    n = k.n
    assert k.seed is not None, "an observation cannot be played on"
    keys = list(map(_RANDOM, repeat(make_rng(k.seed, "deal", k.number), 52)))
    pack = sorted(_CARDS, key=keys.__getitem__)
    dealer = k.dealer
    dealt = HAND_SIZES[n] * n
    bits = list(map(_BIT.__getitem__, pack))
    hands = [sum(bits[(s - dealer - 1) % n : dealt : n]) for s in range(n)]
    table = sum(bits[dealt:])
    if k.stakes:
        k.chips = [c - 1 for c in k.chips]
        k.pot += n
    caps = [0] * n
    taken = [0] * 13
    fours = table & table >> 1 & table >> 2 & table >> 3 & _LOW
    while fours:  # all four of a rank on the table: to the dealer
        low = fours & -fours
        table ^= low * 15
        taken[(low.bit_length() - 1) >> 2] = 15
        caps[dealer] += 4
        fours ^= low
    for s in range(n):
        h = hands[s]
        counts = _rank_counts(h)
        if k.pairs:
            over = (counts >> 1 | counts >> 2) & _LOW  # ranks held twice or more
        else:
            over = (counts >> 2 | counts & counts >> 1) & _LOW  # three or four times
        while over:
            low = over & -over
            shift = low.bit_length() - 1
            same = h >> shift & 15
            if same.bit_count() == 3:  # of three, the lowest card stays in hand
                same &= same - 1
            h ^= same << shift
            taken[shift >> 2] |= same
            caps[s] += _POP[same]
            over ^= low
        hands[s] = h
    split = [_split(h) for h in hands]
    k.hands = [pile for pile, _ranks in split]
    k.held = [ranks for _pile, ranks in split]
    k.table, k.tr = _split(table)
    k.taken = taken
    k.caps = caps
    k.took, k.asked, k.rank, k.loser, k.between = False, NO_SEAT, 0, NO_SEAT, False
    first = (dealer + 1) % n
    k.turn = first
    if not k.classic and k.held[first] & k.tr:
        return
    k.turn = dealer
    if not (k.classic and _last_holder(k, False)):
        _pass_turn(k, dealer)


# --- the kernel ----------------------------------------------------------------------------


class LaughKernel(Kernel[Laugh, int]):
    """Laugh and Lie Down on a :class:`Laugh` working copy, moves as int actions."""

    # --- load, copy, key -------------------------------------------------------------------
    def load(self, state: FullLaugh) -> Laugh:
        k = Laugh()
        n = state.seats
        opts = state.options
        table = state.table
        series = state.series
        k.origin = state
        k.n = n
        k.seed = state.seed
        k.stakes = opts.stakes
        k.auto = opts.auto_add_pair
        k.classic = opts.classic_continue
        k.pairs = opts.lay_aside_pairs
        k.deals = series.deals
        positions = table.layout.positions
        piles = table.piles
        hands = [_bits(piles[positions[hand(s)]]) for s in range(n)]
        caps = [piles[positions[captured(s)]] for s in range(n)]
        split = [_split(h) for h in hands]
        k.hands = [pile for pile, _ranks in split]
        k.held = [ranks for _pile, ranks in split]
        k.table, k.tr = _split(state.table_bits)  # (the engine keeps the public cards as bits)
        k.taken = _split(state.captured_bits)[0]
        k.caps = [len(pile) for pile in caps]
        k.turn = NO_SEAT if state.turn is None else state.turn
        k.took = state.captured
        k.asked = NO_SEAT if state.asked is None else state.asked
        k.rank = 0 if state.asked is None else state.rank - 1
        k.loser = NO_SEAT if state.loser is None else state.loser
        k.laughs = list(state.laughs)
        k.chips = list(state.chips)
        k.pot = state.pot
        k.number = series.number
        k.dealer = series.dealer
        k.done = len(series.results)
        k.between = series.between
        return k

    def copy(self, kernel: Laugh) -> Laugh:
        k = Laugh()
        k.origin, k.n, k.seed, k.deals = kernel.origin, kernel.n, kernel.seed, kernel.deals
        k.stakes, k.auto, k.classic, k.pairs = (
            kernel.stakes,
            kernel.auto,
            kernel.classic,
            kernel.pairs,
        )
        k.hands = [h[:] for h in kernel.hands]
        k.held = kernel.held[:]
        k.table = kernel.table[:]
        k.tr = kernel.tr
        k.taken = kernel.taken[:]
        k.caps = kernel.caps[:]
        k.turn, k.took, k.asked, k.rank = kernel.turn, kernel.took, kernel.asked, kernel.rank
        k.loser = kernel.loser
        k.laughs = kernel.laughs[:]
        k.chips = kernel.chips[:]
        k.pot = kernel.pot
        k.number, k.dealer, k.done, k.between = (
            kernel.number,
            kernel.dealer,
            kernel.done,
            kernel.between,
        )
        return k

    def key(self, kernel: Laugh) -> Hashable:
        k = kernel
        return (
            (k.n, k.seed, k.stakes, k.auto, k.classic, k.pairs, k.deals),
            tuple(tuple(h) for h in k.hands),
            tuple(k.table),
            tuple(k.taken),
            tuple(k.caps),
            (k.turn, k.took, k.asked, k.rank, k.loser),
            (tuple(k.laughs), tuple(k.chips), k.pot),
            (k.number, k.dealer, k.done, k.between),
        )

    # --- whose turn, which moves -----------------------------------------------------------
    def to_move(self, kernel: Laugh) -> Sequence[int]:
        if kernel.asked >= 0:
            return _SEAT[kernel.asked]
        if kernel.turn >= 0:
            return _SEAT[kernel.turn]
        if kernel.between:
            return _SEAT[(kernel.dealer + 1) % kernel.n]
        return ()

    def legal(self, kernel: Laugh, seat: int) -> Sequence[int]:
        asked = kernel.asked
        if asked >= 0:
            return _ANSWERS if seat == asked else ()
        if seat != kernel.turn:
            if kernel.turn < 0 and kernel.between and seat == (kernel.dealer + 1) % kernel.n:
                return _NEXTS
            return ()
        # The captures, rank by rank: the ranks both in his hand and on the table.
        ranks = _RANK_LISTS[kernel.held[seat] & kernel.tr]
        mine = kernel.hands[seat]
        table = kernel.table
        if len(ranks) == 1:  # the moves of one rank as they are
            r = ranks[0]
            return (_CAPTURES_END if kernel.took else _CAPTURES)[r << 8 | mine[r] << 4 | table[r]]
        out: list[int] = []
        for r in ranks:
            out += _CAPTURES[r << 8 | mine[r] << 4 | table[r]]
        if kernel.took:
            out.append(END)
        return out

    def quick(self, kernel: Laugh, seat: int, actions: Sequence[int], rng: Random) -> int:
        """The normal bot's rule: take as many cards as a capture can (each pair above
        break-even is a chip, and an empty hand cannot lie down), go on while a capture is
        left, and lay an offered pair aside."""
        best, most = actions[0], -1
        for action in actions:
            if action == ADD:
                return ADD
            if action > 0:
                cards = _POP[action & 0xFF]
                if cards > most:
                    best, most = action, cards
        return best

    # --- play --------------------------------------------------------------------------------
    def play(self, kernel: Laugh, action: int) -> Laugh:
        k = kernel
        if action < 0:
            if action == END:
                k.took = False
                nxt = k.turn + 1
                if nxt == k.n:
                    nxt = 0
                if k.held[nxt] & k.tr:
                    k.turn = nxt  # the usual case: the next player can match
                else:
                    _begin_turn(k, nxt)
            else:
                self._other(k, action)
            return k
        # A capture: the cards go to his pile; a one-for-one capture lets another player
        # holding the rank's other two cards add them (or asks him); then his turn goes on
        # while he can match, or passes.
        seat = k.turn
        r, hs, ts, count, rbit = _PARTS[action]
        mine = k.hands[seat]
        left = mine[r] ^ hs
        mine[r] = left
        table = k.table
        there = table[r] ^ ts
        table[r] = there
        taken = k.taken
        out = taken[r] | hs | ts
        taken[r] = out
        k.caps[seat] += count
        held = k.held
        if not left:
            held[seat] ^= rbit
        if not there:
            k.tr ^= rbit
        if count == 2:  # one hand card and one table card
            rest = 15 ^ (there | out)  # the rank's cards in hands (or out of play)
            if _TWO[rest]:
                hands = k.hands
                for other in _OTHERS[k.n][seat]:
                    if hands[other][r] == rest:
                        if k.auto:
                            hands[other][r] = 0
                            held[other] ^= rbit
                            k.caps[other] += 2
                            taken[r] = out | rest
                            break
                        k.took = True
                        if k.classic and _last_holder(k, False):
                            return k
                        k.asked = other
                        k.rank = r
                        return k
        k.took = True
        if k.classic:
            _go_on(k, seat)
            return k
        tr = k.tr
        if held[seat] & tr:
            return k  # he may capture again
        k.took = False
        nxt = seat + 1
        if nxt == k.n:
            nxt = 0
        if held[nxt] & tr:
            k.turn = nxt
        else:
            _begin_turn(k, nxt)
        return k

    @staticmethod
    def _other(k: Laugh, action: int) -> None:
        """Dealing the next hand, answering the add-pair question."""
        if action == NEXT:
            k.number += 1
            k.dealer = (k.dealer + 1) % k.n
            _deal(k)
        else:
            asked, r = k.asked, k.rank
            if action == ADD:
                mine = k.hands[asked]
                k.caps[asked] += _POP[mine[r]]
                k.taken[r] |= mine[r]
                mine[r] = 0
                k.held[asked] &= ~(1 << r)
            k.asked = NO_SEAT
            k.rank = 0
            _go_on(k, k.turn)

    def move(self, kernel: Laugh, action: int) -> Move:
        if action >= 0:
            four = _DECK[4 * (action >> 8) : 4 * (action >> 8) + 4]
            return Capture(
                kernel.turn,
                tuple(four[j] for j in range(4) if action >> 4 + j & 1),
                tuple(four[j] for j in range(4) if action >> j & 1),
            )
        if action == END:
            return EndTurn(kernel.turn)
        if action == ADD:
            return AddPair(kernel.asked)
        if action == KEEP:
            return KeepPair(kernel.asked)
        return NextDeal((kernel.dealer + 1) % kernel.n)

    # --- the end -----------------------------------------------------------------------------
    def outcome(self, kernel: Laugh) -> Outcome | None:
        if kernel.turn >= 0 or kernel.between:
            return None
        origin = kernel.origin
        final = origin._replace(
            turn=None,
            asked=None,
            series=origin.series._replace(between=False),
            laughs=tuple(kernel.laughs),
            chips=tuple(kernel.chips),
        )
        return LAUGH.outcome(final)


KERNEL = LaughKernel()

__all__ = ["ADD", "END", "KEEP", "KERNEL", "NEXT", "Laugh", "LaughKernel"]
