"""Laugh and Lie Down in compact form, for playouts: :data:`KERNEL`.

The readable engine (``engine.py``) is the reference; this module plays the same rules on a
small mutable working copy, and the contract suite (``tests/contract``) checks on every state
of its random games that the two agree move for move.

Representation:

* **cards** are the engine's card indexes 0..51 (rank, then ♣ ♦ ♥ ♠), and every pile is a
  *set of cards as bits* of one int: card ``i`` is bit ``i``, so each rank is a nibble of four
  bits starting at bit ``4 * (rank - 1)`` (its *shift*).  Only ranks count in this game and
  no pile is ever read in order, so bits say all there is: a hand ``hands[s]``, the table
  ``table``, each captured pile ``caps[s]`` and their union ``cm``;
* **seats** are ints; -1 stands for "nobody" (no turn, nobody asked, no loser yet);
* **actions** are ints.  A capture is the bits of the cards it takes, hand and table cards
  together (in a given state each card lies in one place, so the bits name the move; a capture
  takes at least two cards, so its int is at least 3).  The other moves are negative:
  :data:`END` (end the turn), :data:`ADD` and :data:`KEEP` (answer the add-pair question) and
  :data:`NEXT` (deal the next hand).

Left out, as the engine does them: events, who has seen what (the pair shown by a question),
the refusals of illegal moves, the deal results' texts and the list of who lay down.  The next
deal's shuffle is the engine's: the same generator from ``cardsuite.core.rng``, drawn the same
way.  The outcome is built by the engine's own ``outcome`` on the loaded state with the
kernel's chips and laughs.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

from cardsuite.core.cards import Card, standard_deck
from cardsuite.core.kernel import Kernel
from cardsuite.core.moves import Move
from cardsuite.core.outcome import Outcome
from cardsuite.core.rng import make_rng
from cardsuite.core.series import NextDeal
from cardsuite.games.laugh_and_lie_down import LAUGH
from cardsuite.games.laugh_and_lie_down.engine import net_chips
from cardsuite.games.laugh_and_lie_down.model import (
    HAND_SIZES,
    TABLE,
    AddPair,
    Capture,
    EndTurn,
    FullLaugh,
    KeepPair,
    captured,
    hand,
)

# --- encoding ------------------------------------------------------------------------------

END = -1  # end the turn (after a capture)
ADD = -2  # add your pair (asked, ``auto_add_pair`` off)
KEEP = -3  # keep your pair
NEXT = -4  # deal the next hand (between deals)

NOBODY = -1
MAX_SEATS = 6

_DECK = standard_deck()  # _DECK[i] is the card of index i
_CARDS = range(len(_DECK))
_BIT = tuple(1 << i for i in _CARDS)
_LOW = sum(1 << (4 * r) for r in range(13))  # the lowest bit of each rank's nibble
_PAIR_BITS = _LOW * 0b0101  # bits 0 and 2 of each nibble (for counting by nibble)
_TWIN_BITS = _LOW * 0b0011  # bits 0 and 1 of each nibble

_SEAT = tuple((s,) for s in range(MAX_SEATS))  # to_move's answers
_ANSWERS = (ADD, KEEP)
_NEXTS = (NEXT,)
_ENDS = (END,)
# _OTHERS[n][s]: the other seats, from s's left round the table.
_OTHERS = {n: tuple(tuple((s + i) % n for i in range(1, n)) for s in range(n)) for n in HAND_SIZES}
# _ORDER[n][d]: every seat from the dealer d's left, the dealer last (the settlement's order).
_ORDER = {n: tuple(tuple((d + i) % n for i in range(1, n + 1)) for d in range(n)) for n in HAND_SIZES}
# Two cards of a rank: the nibbles with exactly two bits.
_TWO = tuple(m.bit_count() == 2 for m in range(16))


def _subsets(m: int) -> list[int]:
    """The non-empty subsets of the bits ``m``."""
    return [s for s in range(1, 16) if s & m == s]


# _CAPTURES[shift << 6 | hn << 4 | tn]: every capture of one rank (its nibble at ``shift``)
# with the hand cards ``hn`` and the table cards ``tn`` of it (nibbles): one or more of each.
_CAPTURES: list[tuple[int, ...]] = [()] * (52 << 6)
for _shift in range(0, 52, 4):
    for _hn in range(16):
        for _tn in range(16):
            if not _hn & _tn:
                _CAPTURES[_shift << 6 | _hn << 4 | _tn] = tuple(
                    (h | t) << _shift for h in _subsets(_hn) for t in _subsets(_tn)
                )


def _bits(cards: Iterable[Card]) -> int:
    """Cards as bits of their indexes."""
    out = 0
    for c in cards:
        out |= 1 << c.index
    return out


def _rank_counts(cards: int) -> int:
    """How many cards of each rank ``cards`` hold, one count (0 to 4) per nibble."""
    twos = cards - (cards >> 1 & _PAIR_BITS)
    return (twos & _TWIN_BITS) + (twos >> 2 & _TWIN_BITS)


def _matches(h: int, t: int) -> bool:
    """Whether a card of ``h`` has a rank among the cards ``t``."""
    return bool((h | h >> 1 | h >> 2 | h >> 3) & (t | t >> 1 | t >> 2 | t >> 3) & _LOW)


class Laugh:
    """The working copy: a match of Laugh and Lie Down in play (see the module docstring)."""

    __slots__ = (
        "asked", "auto", "between", "caps", "chips", "classic", "cm", "deals", "dealer",
        "done", "hands", "laughs", "loser", "n", "number", "origin", "pairs", "pot", "rank",
        "seed", "stakes", "table", "took", "turn",
    )  # fmt: skip

    # the match's constants
    origin: FullLaugh  # the state loaded (for the outcome's words, and the options)
    n: int  # seats
    seed: int | None
    stakes: bool
    auto: bool  # auto_add_pair
    classic: bool  # classic_continue
    pairs: bool  # lay_aside_pairs
    deals: int  # deals in the match
    # the cards
    hands: list[int]
    table: int
    caps: list[int]  # each seat's captured pile
    cm: int  # every captured pile together
    # the turn
    turn: int  # whose turn; NOBODY between deals and at the end
    took: bool  # the player on turn has captured this turn
    asked: int  # the seat asked whether he adds his pair, or NOBODY
    rank: int  # that pair's rank as its shift (0 when nobody is asked)
    loser: int  # the first to lie down this deal, or NOBODY
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
    """The laughs, the chip settlement (payers first, then takers; the loser covers a short
    pot) and the series' step: the next deal waits, or the match is over."""
    n = k.n
    loser = k.loser
    if loser >= 0:
        k.laughs[loser] += 1
    if k.stakes:
        chips = k.chips
        pot = k.pot
        dealt = HAND_SIZES[n]
        order = _ORDER[n][k.dealer]
        nets = [net_chips(c.bit_count(), dealt) for c in k.caps]
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
    k.turn = NOBODY
    k.asked = NOBODY
    k.rank = 0
    k.took = False


def _last_holder(k: Laugh, force: bool) -> bool:
    """``classic_continue``: once at most one player holds cards (or ``force``), his hand and
    the table go to the dealer and the deal ends.  Whether it did."""
    hands = k.hands
    holders = [s for s in range(k.n) if hands[s]]
    if len(holders) > 1 and not force:
        return False
    cards = k.table
    if holders:
        cards |= hands[holders[0]]
        hands[holders[0]] = 0
    k.table = 0
    k.caps[k.dealer] |= cards
    k.cm |= cards
    _end_deal(k)
    return True


def _begin_turn(k: Laugh, first: int) -> None:
    """The turn comes to ``first``: empty hands are passed by, a hand matching nothing lies
    down onto the table, until someone can capture or the deal ends."""
    n = k.n
    hands = k.hands
    for i in range(n):
        s = (first + i) % n
        h = hands[s]
        if not h:
            continue
        if _matches(h, k.table):
            k.turn = s
            return
        hands[s] = 0  # he lies down
        k.table |= h
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
    if _matches(k.hands[seat], k.table):
        k.turn = seat
        return
    _pass_turn(k, seat)


def _deal(k: Laugh) -> None:
    """Shuffle as the engine does, deal one card at a time from the dealer's left, ante, lay
    the table's fours and the hands' triples and fours (pairs too with ``lay_aside_pairs``)
    aside, and begin the first turn."""
    n = k.n
    assert k.seed is not None, "an observation cannot be played on"
    draw = make_rng(k.seed, "deal", k.number).random
    keys = [draw() for _i in _CARDS]
    pack = sorted(_CARDS, key=keys.__getitem__)
    dealer = k.dealer
    dealt = HAND_SIZES[n] * n
    bit = _BIT
    hands = [sum([bit[c] for c in pack[(s - dealer - 1) % n : dealt : n]]) for s in range(n)]
    table = sum([bit[c] for c in pack[dealt:]])
    if k.stakes:
        k.chips = [c - 1 for c in k.chips]
        k.pot += n
    caps = [0] * n
    fours = table & table >> 1 & table >> 2 & table >> 3 & _LOW
    if fours:  # all four of a rank on the table: to the dealer
        fours *= 15
        table &= ~fours
        caps[dealer] = fours
    cm = caps[dealer]
    for s in range(n):
        h = hands[s]
        counts = _rank_counts(h)
        if k.pairs:
            over = (counts >> 1 | counts >> 2) & _LOW  # ranks held twice or more
        else:
            over = (counts >> 2 | counts & counts >> 1) & _LOW  # three or four times
        out = 0  # the cards laid aside
        while over:
            low = over & -over
            shift = low.bit_length() - 1
            same = h >> shift & 15
            if same.bit_count() == 3:  # of three, the lowest card stays in hand
                same &= same - 1
            out |= same << shift
            over ^= low
        if out:
            hands[s] = h & ~out
            caps[s] |= out
            cm |= out
    k.hands, k.table, k.caps, k.cm = hands, table, caps, cm
    k.took, k.asked, k.rank, k.loser, k.between = False, NOBODY, 0, NOBODY, False
    first = (dealer + 1) % n
    k.turn = first
    if not k.classic and _matches(hands[first], table):
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
        k.hands = [_bits(table.cards(hand(s))) for s in range(n)]
        k.table = _bits(table.cards(TABLE))
        k.caps = [_bits(table.cards(captured(s))) for s in range(n)]
        cm = 0
        for c in k.caps:
            cm |= c
        k.cm = cm
        k.turn = NOBODY if state.turn is None else state.turn
        k.took = state.captured
        k.asked = NOBODY if state.asked is None else state.asked
        k.rank = 0 if state.asked is None else 4 * (state.rank - 1)
        k.loser = NOBODY if state.loser is None else state.loser
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
        for name in Laugh.__slots__:
            setattr(k, name, getattr(kernel, name))
        k.hands = kernel.hands[:]
        k.caps = kernel.caps[:]
        k.laughs = kernel.laughs[:]
        k.chips = kernel.chips[:]
        return k

    def key(self, kernel: Laugh) -> Hashable:
        k = kernel
        return (
            (k.n, k.seed, k.stakes, k.auto, k.classic, k.pairs, k.deals),
            tuple(k.hands),
            k.table,
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
            if (
                kernel.turn < 0
                and kernel.between
                and seat == (kernel.dealer + 1) % kernel.n
            ):
                return _NEXTS
            return ()
        # Captures, rank by rank: the ranks both in his hand and on the table.
        h = kernel.hands[seat]
        t = kernel.table
        both = (h | h >> 1 | h >> 2 | h >> 3) & (t | t >> 1 | t >> 2 | t >> 3) & _LOW
        if not both:
            return _ENDS if kernel.took else ()
        low = both & -both
        shift = low.bit_length() - 1
        moves = _CAPTURES[shift << 6 | (h >> shift & 15) << 4 | t >> shift & 15]
        both ^= low
        if not both:  # one rank (the usual case): its moves as they are
            return moves + _ENDS if kernel.took else moves
        out = list(moves)
        while both:
            low = both & -both
            shift = low.bit_length() - 1
            out += _CAPTURES[shift << 6 | (h >> shift & 15) << 4 | t >> shift & 15]
            both ^= low
        if kernel.took:
            out.append(END)
        return out

    # --- play --------------------------------------------------------------------------------
    def play(self, kernel: Laugh, action: int) -> Laugh:
        k = kernel
        if action > 0:
            self._capture(k, action)
        elif action == END:
            seat = k.turn
            k.took = False
            nxt = (seat + 1) % k.n
            if _matches(k.hands[nxt], k.table):
                k.turn = nxt  # the usual case: the next player can match
            else:
                _begin_turn(k, nxt)
        elif action == NEXT:
            k.number += 1
            k.dealer = (k.dealer + 1) % k.n
            _deal(k)
        else:
            asked = k.asked
            if action == ADD:
                pair = k.hands[asked] & 15 << k.rank
                k.hands[asked] ^= pair
                k.caps[asked] |= pair
                k.cm |= pair
            k.asked = NOBODY
            k.rank = 0
            _go_on(k, k.turn)
        return k

    @staticmethod
    def _capture(k: Laugh, gone: int) -> None:
        """The cards ``gone`` go to the capturer's pile; a one-for-one capture lets another
        player holding the rank's other two cards add them (or asks him); then the turn goes
        on while the capturer can match, or passes."""
        seat = k.turn
        hands = k.hands
        h = hands[seat] & ~gone
        hands[seat] = h
        t = k.table & ~gone
        k.table = t
        k.caps[seat] |= gone
        cm = k.cm | gone
        k.cm = cm
        if gone.bit_count() == 2:  # one hand card and one table card
            shift = (gone.bit_length() - 1) & 60
            rest = ~((t | cm) >> shift) & 15  # the rank's cards in hands (or out of play)
            if _TWO[rest]:
                need = rest << shift
                for other in _OTHERS[k.n][seat]:
                    if hands[other] & need == need:
                        if k.auto:
                            hands[other] ^= need
                            k.caps[other] |= need
                            k.cm = cm | need
                            break
                        k.took = True
                        if k.classic and _last_holder(k, False):
                            return
                        k.asked = other
                        k.rank = shift
                        return
        k.took = True
        if k.classic:
            _go_on(k, seat)
            return
        if (h | h >> 1 | h >> 2 | h >> 3) & (t | t >> 1 | t >> 2 | t >> 3) & _LOW:
            return  # he may capture again
        k.took = False
        nxt = seat + 1
        if nxt == k.n:
            nxt = 0
        h = hands[nxt]
        if (h | h >> 1 | h >> 2 | h >> 3) & (t | t >> 1 | t >> 2 | t >> 3) & _LOW:
            k.turn = nxt
            return
        _begin_turn(k, nxt)

    def move(self, kernel: Laugh, action: int) -> Move:
        if action > 0:
            seat = kernel.turn
            held = action & kernel.hands[seat]
            return Capture(
                seat,
                tuple(_DECK[i] for i in _CARDS if held >> i & 1),
                tuple(_DECK[i] for i in _CARDS if (action & ~held) >> i & 1),
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
