"""Rang's compact form for playouts (see :mod:`cardsuite.core.kernel`).

The rules are those of ``engine.py``, which stays the reference: the contract suite checks on
every state it visits that this kernel lists the same moves and reaches the same state.  What
the engine does besides the rules (events, what each seat knows, refusals in words) is left out.

Encoding:

* a card is its index (``Card.index``: 0–51, the joker 52); two packs simply hold each index
  twice;
* the stock, the discard pile and each hand are lists of indices, in the engine's order (the
  top of a pile and the last card drawn at the end);
* "nobody" (no turn between deals, no pending player) is -1;
* an action is an int: ``card * 16 + name`` plays a card (``name`` 0, or the rank a wild Ace
  names); ``JOKER_PLAYS + rank * 64 + follow + 1`` plays a joker naming ``rank`` with the card
  ``follow`` after it (``follow + 1`` is 0 without one); then ``DRAW``, ``KEEP`` and
  ``NEXT_DEAL``.

Deals and the rebuilt stock are shuffled by the engine's own ``shuffled`` call with the same
salt, which moves items by position only, so a list of indices comes out in the same order as
the engine's cards.  The series of deals is the engine's own ``Series``.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardsuite.core.cards import ACE, ACE_LOW_WRAP, JOKER, RANKS, Card, standard_deck
from cardsuite.core.kernel import Kernel, WorkingCopy, fields_loader
from cardsuite.core.moves import Move
from cardsuite.core.outcome import Outcome
from cardsuite.core.rng import shuffled
from cardsuite.core.series import DealResult, NextDeal, Series
from cardsuite.games.rang.engine import RANG
from cardsuite.games.rang.model import (
    DEAL_ENDS,
    DISCARD,
    DRAWN,
    HAND_SIZE,
    LAST_WITH_CARDS,
    RETURN_CARDS,
    STALEMATE,
    STOCK,
    TURN_LIMIT,
    TURN_LIMIT_REACHED,
    Draw,
    FullRang,
    Keep,
    Play,
    PlayJoker,
    RangOptions,
    RangState,
    hand,
    match_outcome,
)

# --- encoding ------------------------------------------------------------------------------

JOKER_ID = JOKER.index  # 52
CARDS: tuple[Card, ...] = tuple(sorted(standard_deck(jokers=1), key=lambda card: card.index))
RANK = [card.rank for card in CARDS]  # the joker's rank is 0

JOKER_PLAYS = 1024
DRAW = 4096
KEEP = 4097
NEXT_DEAL = 4098

# FITS[same][t][card]: the card is a normal play on the current rank t (one rank up or down,
# round the corner; t itself with same-rank plays).  The joker never fits.
FITS: dict[bool, list[list[bool]]] = {
    same: [
        [
            i != JOKER_ID and (RANK[i] in ACE_LOW_WRAP.neighbours(t) or (same and RANK[i] == t))
            for i in range(JOKER_ID + 1)
        ]
        if t
        else []
        for t in range(14)
    ]
    for same in (False, True)
}


class RangKernel(WorkingCopy):
    """One match of Rang in progress, as lists and ints."""

    __slots__ = (
        "deck",
        "discard",
        "drawn",
        "empty_draws",
        "forced",
        "hands",
        "options",
        "out",
        "pending",
        "rank",
        "reshuffles",
        "same",
        "seats",
        "seed",
        "series",
        "stock",
        "turn",
        "turns",
        "wild",
    )

    seats: int
    seed: int
    options: RangOptions
    same: bool
    wild: bool
    forced: bool
    deck: tuple[int, ...]
    series: Series
    stock: list[int]
    discard: list[int]
    hands: list[list[int]]
    turn: int
    rank: int
    drawn: bool
    pending: int
    out: list[bool]
    turns: int
    empty_draws: int
    reshuffles: int


_load_fields = fields_loader(RangKernel, RangState)


class RangRules(Kernel[RangKernel, int]):
    """Rang's rules on a :class:`RangKernel`."""

    # --- loading a state -----------------------------------------------------------------------
    def load(self, state: FullRang) -> RangKernel:
        assert state.seed is not None, "an observation cannot be played on"
        k = RangKernel()
        _load_fields(k, state)  # seats, seed, options, series, rank, the counts
        options = state.options
        k.same = options.same_rank_allowed
        k.wild = options.wild_ace
        k.forced = options.forced_drawn_play
        k.deck = tuple(card.index for card in RANG.deck(state))
        table = state.table
        k.stock = [card.index for card in table.cards(STOCK)]
        k.discard = [card.index for card in table.cards(DISCARD)]
        k.hands = [[card.index for card in table.cards(hand(s))] for s in range(state.seats)]
        k.turn = -1 if state.turn is None else state.turn
        k.drawn = state.phase == DRAWN
        k.pending = -1 if state.pending is None else state.pending
        k.out = list(state.out)
        return k

    # --- whose turn, which actions -------------------------------------------------------------
    def to_move(self, kernel: RangKernel) -> Sequence[int]:
        if kernel.turn >= 0:
            return (kernel.turn,)
        if kernel.series.between:
            return (kernel.series.next_dealer(kernel.seats),)
        return ()

    def legal(self, kernel: RangKernel, seat: int) -> list[int]:
        k = kernel
        if seat != k.turn:
            if k.turn < 0 and k.series.between and seat == k.series.next_dealer(k.seats):
                return [NEXT_DEAL]
            return []
        held = k.hands[seat]
        fits = FITS[k.same][k.rank]
        if k.drawn:
            drawn = held[-1]
            if drawn == JOKER_ID:
                actions = self._joker_plays(k, held[:-1])
            elif fits[drawn] or RANK[drawn] == ACE:
                actions = self._plays(k, [drawn], fits[drawn])
            else:
                actions = []
            if not (k.forced and fits[drawn]):
                actions.append(KEEP)
            return actions
        normal = [c for c in held if fits[c]]
        if normal:
            if len(normal) > 1:
                normal = list(dict.fromkeys(normal))
            return [c << 4 for c in normal]
        actions = self._plays(k, [c for c in held if RANK[c] == ACE], False)
        if JOKER_ID in held:
            actions += self._joker_plays(k, held)
        actions.append(DRAW)
        return actions

    def _plays(self, k: RangKernel, cards: list[int], normal: bool) -> list[int]:
        """Plays of these cards; an Ace that is not a normal card names a rank (wild Ace)."""
        if len(cards) > 1:
            cards = list(dict.fromkeys(cards))
        if k.wild and not normal:  # only Aces are played as the exception
            return [(c << 4) + r for c in cards for r in RANKS]
        return [c << 4 for c in cards]

    def _joker_plays(self, k: RangKernel, others: list[int]) -> list[int]:
        """A joker naming each rank, alone or with a card of the hand next to that rank."""
        followers = list(dict.fromkeys(c for c in others if c != JOKER_ID))
        by_rank = FITS[k.same]
        actions: list[int] = []
        for rank in RANKS:
            base = JOKER_PLAYS + (rank << 6)
            actions.append(base)
            fits = by_rank[rank]
            actions.extend(base + c + 1 for c in followers if fits[c])
        return actions

    def move(self, kernel: RangKernel, action: int) -> Move:
        if action == NEXT_DEAL:
            return NextDeal(kernel.series.next_dealer(kernel.seats))
        seat = kernel.turn
        if action == DRAW:
            return Draw(seat)
        if action == KEEP:
            return Keep(seat)
        if action < JOKER_PLAYS:
            name = action & 15
            return Play(seat, CARDS[action >> 4], name or None)
        rank, follow = (action - JOKER_PLAYS) >> 6, action & 63
        return PlayJoker(seat, rank, CARDS[follow - 1] if follow else None)

    # --- playing -------------------------------------------------------------------------------
    def play(self, kernel: RangKernel, action: int) -> RangKernel:
        k = kernel
        p = k.turn
        if action < JOKER_PLAYS:  # a card, perhaps an Ace naming a rank
            card, name = action >> 4, action & 15
            _remove(k.hands[p], card, k.drawn)
            k.discard.append(card)
            if name:
                rank = name
            elif RANK[card] == ACE and not FITS[k.same][k.rank][card]:
                rank = ACE  # an Ace played as the exception sets Ace
            else:
                rank = RANK[card]
            self._end_turn(k, p, rank, k.drawn)
        elif action < DRAW:  # a joker naming a rank, perhaps with a card after it
            held = k.hands[p]
            _remove(held, JOKER_ID, k.drawn)
            k.discard.append(JOKER_ID)
            rank, follow = (action - JOKER_PLAYS) >> 6, (action & 63) - 1
            if follow >= 0:
                _remove(held, follow, False)
                k.discard.append(follow)
                rank = RANK[follow]
            self._end_turn(k, p, rank, k.drawn)
        elif action == DRAW:
            if k.pending >= 0:  # drawing finishes the pending player at once
                k.out[k.pending] = True
                k.pending = -1
                if self._holders(k) == [p]:
                    self._end_deal(k, p, LAST_WITH_CARDS)
                    return k
            card = self._take(k)
            if card < 0:
                self._end_turn(k, p, k.rank, True, empty=True)
            else:
                k.hands[p].append(card)
                k.drawn = True
                k.empty_draws = 0
        elif action == KEEP:
            self._end_turn(k, p, k.rank, True)
        else:  # NEXT_DEAL
            k.series = k.series.next(k.seats)
            self._deal(k)
        return k

    def _take(self, k: RangKernel) -> int:
        """The stock's top card (-1: none), the stock rebuilt from the discard pile if empty."""
        stock = k.stock
        if not stock:
            buried = k.discard[:-1]
            if not buried:
                return -1
            k.reshuffles += 1
            stock = k.stock = shuffled(buried, k.seed, "reshuffle", k.series.number, k.reshuffles)
            del k.discard[:-1]
        return stock.pop()

    def _holders(self, k: RangKernel) -> list[int]:
        out, pending, hands = k.out, k.pending, k.hands
        return [s for s in range(k.seats) if hands[s] and not out[s] and s != pending]

    def _end_turn(self, k: RangKernel, p: int, rank: int, drew: bool, empty: bool = False) -> None:
        """Settle a pending player, check the end, and pass the turn on (engine._end_turn)."""
        seats, hands, out = k.seats, k.hands, k.out
        turns = k.turns + 1
        if k.pending < 0 and hands[p] and not empty and turns < TURN_LIMIT:  # the usual turn
            nxt = (p + 1) % seats
            while out[nxt] or not hands[nxt]:
                nxt = (nxt + 1) % seats
            k.turn, k.rank, k.drawn, k.turns, k.empty_draws = nxt, rank, False, turns, 0
            return
        pending = k.pending
        if pending >= 0 and not drew:  # the answer brings the pending player back
            taken: list[int] = []
            for _card in range(RETURN_CARDS):
                card = self._take(k)
                if card < 0:
                    break
                taken.append(card)
            if taken:
                hands[pending] = taken
            else:
                out[pending] = True
            k.pending = pending = -1
        if not hands[p] and not out[p]:
            k.pending = pending = p
        holders = self._holders(k)
        if pending < 0 and len(holders) == 1:
            self._end_deal(k, holders[0], LAST_WITH_CARDS)
            return
        if not holders:  # a pending player with nobody left to judge him (engine safety)
            out[pending] = True
            self._end_deal(k, pending, LAST_WITH_CARDS)
            return
        empty_draws = k.empty_draws + 1 if empty else 0
        active = len(holders) + (pending >= 0)
        if empty_draws >= active or turns >= TURN_LIMIT:
            dealer = k.series.dealer
            loser = max(holders, key=lambda s: (len(hands[s]), (s - dealer - 1) % seats))
            self._end_deal(k, loser, STALEMATE if empty_draws >= active else TURN_LIMIT_REACHED)
            return
        nxt = (p + 1) % seats
        while nxt not in holders:
            nxt = (nxt + 1) % seats
        k.turn, k.rank, k.drawn, k.turns, k.empty_draws = nxt, rank, False, turns, empty_draws

    def _end_deal(self, k: RangKernel, loser: int, how: str) -> None:
        """The deal is over and ``loser`` loses it (the rank stays the last one set)."""
        scores = tuple(1 if s == loser else 0 for s in range(k.seats))
        note = DEAL_ENDS[how](loser).text()
        k.series = k.series.ended(DealResult(k.series.dealer, scores, note, how))
        k.turn, k.drawn, k.pending, k.empty_draws = -1, False, -1, 0
        k.turns += 1

    def _deal(self, k: RangKernel) -> None:
        """The next deal, as the engine deals it (engine._deal)."""
        seats = k.seats
        stock = shuffled(k.deck, k.seed, "deal", k.series.number)
        dealer = k.series.dealer
        hands: list[list[int]] = [[] for _seat in range(seats)]
        for _round in range(HAND_SIZE):
            for i in range(1, seats + 1):
                hands[(dealer + i) % seats].append(stock.pop())
        start = stock.pop()
        while start == JOKER_ID:  # a joker cannot start the pile: bury it and turn again
            stock.insert(0, start)
            start = stock.pop()
        k.stock, k.discard, k.hands = stock, [start], hands
        k.turn, k.rank, k.drawn, k.pending = (dealer + 1) % seats, RANK[start], False, -1
        k.out = [False] * seats
        k.turns = k.empty_draws = k.reshuffles = 0

    # --- the end -------------------------------------------------------------------------------
    def outcome(self, kernel: RangKernel) -> Outcome | None:
        if kernel.turn >= 0 or kernel.series.between:
            return None
        return match_outcome(kernel.series, kernel.seats)


def _remove(held: list[int], card: int, from_end: bool) -> None:
    """Take one ``card`` out of a hand: the last card when ``from_end`` and it is that card
    (the card just drawn), else the first copy (engine._without)."""
    if from_end and held[-1] == card:
        held.pop()
    else:
        held.remove(card)


KERNEL = RangRules()
