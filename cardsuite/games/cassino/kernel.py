"""Cassino's compact form for playouts: the rules of ``engine.py`` on ints and lists.

Representation (one mutable :class:`CassinoKernel` per playout):

* a **card** is the engine's card index, ``(rank - 1) * 4 + suit`` (clubs 0, diamonds 1,
  hearts 2, spades 3), so the 2♣ is 4 and the 10♦ is 37;
* the **table**, each party's **captured pile** and the cards set **out** are sets of cards, as
  bit masks (bit ``i`` for card ``i``): nothing in the rules depends on their order;
* a **hand** is a list of cards, the **stock** a list with its top at the end (the engine's
  order, since the re-deals come off it);
* **seats** are ints, ``-1`` standing for nobody (no turn between hands, no capture yet);
  a seat's **party** is its side with partnerships (``s % (seats / 2)``), else the seat;
* an **action** is an int: a trail is the card (0..51), a capture is the card plus the mask
  of the table cards it takes shifted left by 6 (so it is at least 64), and ``NEXT`` (-1) is
  the next dealer's deal between hands.

The finished hands are kept as their seats' scores.  The kernel leaves out what only the
engine does: events, who may see which card, the refusals of illegal moves and the texts of
each hand's scoring.  ``outcome`` hands the final piles and scores to the engine's own
``outcome``.  The readable engine stays the reference: the contract suite checks, on every
state of its random games, that this kernel lists the same moves and reaches the same states.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from random import Random
from typing import cast

from cardsuite.core.cards import Card, Suit, standard_deck
from cardsuite.core.kernel import NO_SEAT, DealsKernel, WorkingCopy, card_mask
from cardsuite.core.moves import Move
from cardsuite.core.outcome import Outcome
from cardsuite.core.rng import shuffled
from cardsuite.core.series import DealResult, NextDeal, Series
from cardsuite.core.table import Table
from cardsuite.games.cassino import GAME
from cardsuite.games.cassino.engine import ENDING, Cassino, sum_masks
from cardsuite.games.cassino.model import (
    HAND_SIZE,
    MOST_CARDS,
    OUT,
    STOCK,
    TABLE,
    TABLE_DEAL,
    TEN_DIAMONDS,
    TIED_CARDS,
    TWO_CLUBS,
    Capture,
    CassinoOptions,
    FullCassino,
    Trail,
    hand,
    won,
)

# --- encoding ------------------------------------------------------------------------------

DECK = standard_deck()  # the engine's pack, in the order it is shuffled from
CARDS: tuple[Card, ...] = tuple(sorted(DECK, key=lambda card: card.index))  # by index
assert [card.index for card in CARDS] == list(range(52))

NEXT = -1  # the action: deal the next hand
SHIFT = 6  # a capture's taken cards sit above the played card's six bits
CARD_BITS = (1 << SHIFT) - 1

RANK = tuple(card.rank for card in CARDS)
VALUE = tuple(r if r <= 10 else 0 for r in RANK)  # a court has no number value
CLUBS = sum(1 << card.index for card in CARDS if card.suit is Suit.CLUBS)
TWO_CLUBS_BIT = 1 << TWO_CLUBS.index
TEN_DIAMONDS_BIT = 1 << TEN_DIAMONDS.index
# What a card is worth in one's pile to the quick rule, in tenths of a point (§7: most cards 2
# points, most clubs 1, the 2♣ and the 10♦ one each).
WORTH = tuple(
    1 + (2 if card.suit is Suit.CLUBS else 0) + (10 if card in (TWO_CLUBS, TEN_DIAMONDS) else 0)
    for card in CARDS
)
SAME_RANK = tuple(sum(1 << c for c in range(52) if RANK[c] == RANK[card]) for card in range(52))
# The table cards a number card of value v may take from: every number card up to v.
UP_TO = tuple((1 << 4 * v) - 1 for v in range(11))

# AFTER[n][s]: the seats after s round a table of n, in turn order, ending with s itself.
AFTER = tuple(
    tuple(tuple((s + k) % n for k in range(1, n + 1)) for s in range(n)) for n in range(7)
)

# What each card may capture, by the cards on the table it could take from, found once and
# remembered (a playout meets the same small tables again and again): its capture actions.  A
# cache is emptied when it reaches its limit, which bounds the memory a long search uses.
CARD_CACHE_LIMIT = 5_000  # per card
SUM_CACHE_LIMIT = 20_000
Captures = dict[int, tuple[int, ...]]


def bits_of(mask: int) -> list[int]:
    """The cards of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# --- the working copy ------------------------------------------------------------------------


class CassinoKernel(WorkingCopy):
    """One game of Cassino in play: the options it needs, the match so far, the cards."""

    __slots__ = (
        "after",
        "between",
        "court_all",
        "dealer",
        "deals",
        "find",
        "free_trail",
        "hands",
        "last",
        "number",
        "options",
        "out",
        "parties",
        "party",
        "results",
        "seats",
        "seed",
        "stock",
        "table",
        "turn",
        "won",
    )

    options: CassinoOptions
    seats: int
    parties: int  # number of captured piles
    party: tuple[int, ...]  # party[s]: the pile seat s captures into
    after: tuple[tuple[int, ...], ...]  # AFTER[seats]
    free_trail: bool
    court_all: bool  # a court takes every card of its rank
    find: tuple[tuple[int, Captures], ...]  # by card: what it takes from, its captures so far
    deals: int  # hands in the match
    seed: int
    number: int  # the hand in play (or just over), from 0
    dealer: int
    between: bool  # a hand is over and the next dealer deals the next one
    results: list[tuple[int, ...]]  # each finished hand's scores by seat
    turn: int
    last: int  # the last capturer in this hand
    stock: list[int]
    table: int
    out: int
    hands: list[list[int]]
    won: list[int]  # by party


def finders(numbers: tuple[Captures, ...]) -> tuple[tuple[int, Captures], ...]:
    """For each card, the table cards it may take from and a cache of its captures, shared by
    every playout: a number card's ``numbers[c]``, a court's own (one per reading of the
    courts)."""
    return tuple(
        (UP_TO[VALUE[c]], numbers[c]) if VALUE[c] else (SAME_RANK[c], {}) for c in range(52)
    )


NUMBERS: tuple[Captures, ...] = tuple({} for _ in range(52))
FINDERS = (finders(NUMBERS), finders(NUMBERS))  # by court_captures_all


# --- rules -----------------------------------------------------------------------------------


# The sets a number card may take depend only on the values it may take from: as positions in
# the list of those values (lowest card first), remembered by the values.
SUM_SETS: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}


def sum_sets(values: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For a number card of value ``values[0]`` and table cards of ``values[1:]``, every set it
    may take, as positions in ``values[1:]``: the unions of disjoint groups adding up to its
    value, as the engine's :func:`sum_masks` finds them."""
    sets = SUM_SETS.get(values)
    if sets is None:
        if len(SUM_SETS) >= SUM_CACHE_LIMIT:
            SUM_SETS.clear()
        masks = sum_masks(values[1:], values[0])
        sets = SUM_SETS[values] = tuple(
            tuple(i for i in range(len(values) - 1) if m >> i & 1) for m in masks
        )
    return sets


def captures(card: int, part: int, court_all: bool) -> tuple[int, ...]:
    """Every capture action of ``card`` when ``part`` are the table cards it may take from
    (a non-empty mask): a court takes one card of its rank (or all of them, with
    ``court_all``); a number card, every union of disjoint sets adding up to its value (one
    card of its rank being such a set)."""
    cards = bits_of(part)
    v = VALUE[card]
    if not v:
        takes = [part] if court_all else [1 << c for c in cards]
    else:
        bits = [1 << c for c in cards]
        sets = sum_sets((v, *[VALUE[c] for c in cards]))
        takes = [sum([bits[i] for i in places]) for places in sets]
    return tuple(card | taken << SHIFT for taken in takes)


def end_of_hand(k: CassinoKernel) -> None:
    """The table's rest to the last capturer (or out), then the hand's scores (§6.4, §7)."""
    rest = k.table
    if rest:
        k.table = 0
        if k.last != NO_SEAT:
            k.won[k.party[k.last]] |= rest
        else:
            k.out |= rest
    piles = k.won
    cards = [pile.bit_count() for pile in piles]
    clubs = [(pile & CLUBS).bit_count() for pile in piles]
    points = [0] * k.parties
    best = max(cards)
    top = [p for p, n in enumerate(cards) if n == best]
    if best > 0:
        for p in top:
            points[p] += MOST_CARDS if len(top) == 1 else TIED_CARDS
    most = max(clubs)
    leaders = [p for p, n in enumerate(clubs) if n == most]
    if most > 0 and len(leaders) == 1:
        points[leaders[0]] += 1
    for p, pile in enumerate(piles):
        points[p] += (pile & TWO_CLUBS_BIT != 0) + (pile & TEN_DIAMONDS_BIT != 0)
    k.results.append(tuple(points[p] for p in k.party))
    k.turn = NO_SEAT
    k.between = len(k.results) < k.deals


def deal_round(k: CassinoKernel, cards: list[int]) -> None:
    """Deal ``cards`` (as they come off the stock) one at a time from the dealer's left."""
    n = k.seats
    hands = k.hands
    for offset in range(min(n, len(cards))):
        hands[(k.dealer + 1 + offset) % n] += cards[offset::n]


def next_holder(k: CassinoKernel, after: int) -> int:
    """The first seat left of ``after`` holding cards (nobody when every hand is empty)."""
    hands = k.hands
    for s in k.after[after]:
        if hands[s]:
            return s
    return NO_SEAT


def deal(k: CassinoKernel) -> None:
    """The next hand (§5): the dealer passes left, the engine's shuffle for this hand, four
    cards each from the dealer's left and four to the table; the rest is the stock."""
    k.number += 1
    k.dealer = (k.dealer + 1) % k.seats
    k.between = False
    stock = [card.index for card in shuffled(DECK, k.seed, "deal", k.number)]  # top = end
    rest = len(stock) - HAND_SIZE * k.seats - TABLE_DEAL
    k.stock = stock[:rest]
    k.table = sum(1 << c for c in stock[rest : rest + TABLE_DEAL])
    k.out = 0
    k.hands = [[] for _ in range(k.seats)]
    k.won = [0] * k.parties
    deal_round(k, stock[rest + TABLE_DEAL :][::-1])
    k.turn = (k.dealer + 1) % k.seats
    k.last = NO_SEAT


# --- the kernel ------------------------------------------------------------------------------


class CassinoRules(DealsKernel[CassinoKernel, int]):
    """Cassino's kernel (see the module docstring)."""

    # --- load, copy, key ---------------------------------------------------------------------
    def load(self, state: FullCassino) -> CassinoKernel:
        opts = state.options
        n = state.seats
        piles = state.table.piles
        at = state.table.layout.positions
        series = state.series
        k = CassinoKernel()
        k.options = opts
        k.seats = n
        k.parties = n // 2 if opts.partnerships else n
        k.party = tuple(s % k.parties for s in range(n))
        k.after = AFTER[n]
        k.free_trail = opts.free_trail
        k.court_all = opts.court_captures_all
        k.find = FINDERS[k.court_all]
        k.deals = series.deals
        assert state.seed is not None, "an observation cannot be played on"
        k.seed = state.seed
        k.number = series.number
        k.dealer = series.dealer
        k.between = series.between
        k.results = [result.scores for result in series.results]
        k.turn = NO_SEAT if state.turn is None else state.turn
        k.last = NO_SEAT if state.last is None else state.last
        k.stock = [card.index for card in piles[at[STOCK]]]
        k.table = card_mask(piles[at[TABLE]])
        k.out = card_mask(piles[at[OUT]])
        k.hands = [[card.index for card in piles[at[hand(s)]]] for s in range(n)]
        k.won = [card_mask(piles[at[won(p)]]) for p in range(k.parties)]
        return k

    def key(self, kernel: CassinoKernel) -> Hashable:
        k = kernel
        opts = k.options
        return (
            (k.seats, opts.partnerships, opts.free_trail, opts.court_captures_all, k.deals),
            (k.seed, k.number, k.dealer, k.between, tuple(k.results)),
            (k.turn, k.last),
            tuple(k.stock),
            k.table,
            k.out,
            tuple(frozenset(held) for held in k.hands),
            tuple(k.won),
        )

    # --- whose turn, which moves ---------------------------------------------------------------
    def next_dealer(self, kernel: CassinoKernel) -> int:
        return (kernel.dealer + 1) % kernel.seats

    def legal(self, kernel: CassinoKernel, seat: int) -> list[int]:
        if seat != kernel.turn:
            if kernel.between and seat == (kernel.dealer + 1) % kernel.seats:
                return [NEXT]
            return []
        table = kernel.table
        held = kernel.hands[seat]
        find = kernel.find
        out: list[int] = []
        for card in held:
            reach, known = find[card]
            part = table & reach
            if part:
                caps = known.get(part)
                if caps is None:
                    if len(known) >= CARD_CACHE_LIMIT:
                        known.clear()
                    caps = known[part] = captures(card, part, kernel.court_all)
                out += caps
        # Capturing is compulsory (§6): trails only when nothing captures, or by the option.
        if out and not kernel.free_trail:
            return out
        return out + held

    def quick(self, kernel: CassinoKernel, seat: int, actions: Sequence[int], rng: Random) -> int:
        """The rule of thumb of a player in a hurry: the capture worth most to his pile (the
        cards it takes and the card that takes them); with none, the trail of the card worth
        least (never the 10♦ or the 2♣ while another will do)."""
        best, most = actions[0], -1
        for action in actions:
            if action > CARD_BITS:
                taken = action >> SHIFT
                worth = WORTH[action & CARD_BITS]
                while taken:
                    low = taken & -taken
                    worth += WORTH[low.bit_length() - 1]
                    taken ^= low
                if worth > most:
                    best, most = action, worth
        if most >= 0:
            return best
        least = 1 << 30
        for action in actions:  # trails only (a capture is compulsory, or nothing captures)
            if action >= 0 and WORTH[action] < least:
                best, least = action, WORTH[action]
        return best

    # --- play ------------------------------------------------------------------------------------
    def play(self, kernel: CassinoKernel, action: int) -> CassinoKernel:
        k = kernel
        if action < 0:
            deal(k)
            return k
        seat = k.turn
        card = action & CARD_BITS
        k.hands[seat].remove(card)
        if action > CARD_BITS:  # the card and what it takes go to the party's pile
            taken = action >> SHIFT
            k.table ^= taken
            k.won[k.party[seat]] |= taken | 1 << card
            k.last = seat
        else:  # a trail
            k.table |= 1 << card
        hands = k.hands
        for s in k.after[seat]:  # the turn passes left, skipping empty hands
            if hands[s]:
                k.turn = s
                return k
        # Every hand is empty: the dealer deals again from the stock, none to the table.
        stock = k.stock
        if stock:
            count = min(HAND_SIZE * k.seats, len(stock))
            dealt = stock[len(stock) - count :][::-1]
            del stock[len(stock) - count :]
            deal_round(k, dealt)
            k.turn = next_holder(k, k.dealer)
        else:
            end_of_hand(k)
        return k

    def move(self, kernel: CassinoKernel, action: int) -> Move:
        if action < 0:
            return NextDeal((kernel.dealer + 1) % kernel.seats)
        card = CARDS[action & CARD_BITS]
        if action > CARD_BITS:
            taken = frozenset(CARDS[c] for c in bits_of(action >> SHIFT))
            return Capture(kernel.turn, card, taken)
        return Trail(kernel.turn, card)

    # --- the end ---------------------------------------------------------------------------------
    def outcome(self, kernel: CassinoKernel) -> Outcome | None:
        k = kernel
        if k.turn >= 0 or k.between:
            return None
        engine = cast(Cassino, GAME.load())
        layout = engine.layout(k.seats, k.options)
        piles: list[tuple[Card, ...]] = [()] * len(layout.ids)
        for p, pile in enumerate(k.won):
            piles[layout.positions[won(p)]] = tuple(CARDS[c] for c in bits_of(pile))
        results = tuple(DealResult(0, scores, "", ENDING) for scores in k.results)
        state: FullCassino = FullCassino(
            table=Table(layout, tuple(piles)),
            seed=k.seed,
            events=(),
            options=k.options,
            seats=k.seats,
            series=Series(k.deals, k.number, k.dealer, results),
            turn=None,
            last=None,
        )
        return engine.outcome(state)


KERNEL = CassinoRules()
