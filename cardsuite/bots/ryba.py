"""A rules-of-thumb bot for Рыба / Go Fish (rules/ryba.md §12).

The bot knows only what a player in its seat knows.  Its memory (:class:`Memory`) is fed with
that seat's observations (``observe``, called by the Match after the deal and after every
move) and keeps, for every opponent:

* the ranks he is known to hold and at least how many (he asked for the rank: one; cards were
  handed to him: that many more; a fished card was shown to all);
* the ranks he is known to lack (he answered «Рыба»), with how many unseen cards he has
  drawn since (each may be of that rank);
* the very cards known to be in his hand — only cards this seat saw (cards it handed over
  itself, cards shown to everyone).

``choose`` reads the memory and the observation (own hand, every hand's size, the stock's size,
the books and the public ``HoldsRank`` facts on the table) and gives each legal ask a value:

* the chance that it succeeds (a known holder: certain; a known lack: none; otherwise the
  chance that the target's unknown cards include the rank), and the chance that it completes a
  book — the cards shed by a book are what brings a player's hand to empty;
* with the seed's ending (an empty hand wins), the chance that the ask empties the target's
  hand, which hands him the game, is heavily penalised — unless the bot finishes at the same
  moment and wins the tie (more books, or equal books and the later seat);
* an ask that lays the bot's last cards down as a book wins outright and is taken at once;
* two players, seed ending (a duel): a book is good, but cards taken without one only bring
  the one opponent nearer to his empty hand and lengthen the bot's.  So the bot asks where a
  book is likely, and otherwise fishes: it asks for a rank the opponent is known (or likely)
  to lack, and «Рыба» costs it one card drawn;
* in classic Go Fish (most books wins) only successes and books count, so the bot never asks
  a player for a rank he said he lacked and has drawn nothing since while another ask may
  succeed.

The memory is what finds the books: cards the bot handed over, or saw handed over, are
known to be in the taker's hand, so once it holds the rest of that rank the ask is certain.

The weights (:class:`RybaWeights`) were set by simulation against random players.  Without
memory (``observe`` never called) the bot still plays, from the table alone.  It uses ``rng``
only to break exact ties, so the same observation, memory and generator give the same move.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from cardsuite.core.cards import Card
from cardsuite.core.moves import Move
from cardsuite.core.protocol import AnyGame, Observation
from cardsuite.core.table import HoldsRank, Lacks, Seat
from cardsuite.games.ryba.model import (
    STOCK,
    Ask,
    Asked,
    BookLaid,
    Dealt,
    DrewForTurn,
    Fished,
    FishedNothing,
    HandedOver,
    SeenRyba,
    books,
    hand,
    order_from_dealer,
)

BOOK = 4
WIN = 1000.0


@dataclass(frozen=True, slots=True)
class RybaWeights:
    """What each outcome of an ask is worth (in cards of the bot's hand)."""

    keep: float = 1.0  # a success keeps the turn
    book: float = 5.0  # each card shed by completing a book
    gather: float = 0.0  # each card of the rank gathered without a book (a book to come)
    grow: float = 0.4  # each card more in hand without a book (seed ending: a longer way out)
    strip: float = 60.0  # emptying the target's hand: he wins (seed ending)
    thin: float = 1.5  # leaving the target with two or three cards (seed ending)
    # With everyone asked at once (seed ending), the others' asks shed my cards for me, so
    # success without a book is worth less and a growing hand costs more.
    keep_all: float = -1.0
    grow_all: float = 1.5
    # Two players, seed ending (a duel): measured against «Рыба» (the turn passes, one card
    # drawn), which is worth nothing.  A book sheds my cards; cards taken without a book only
    # bring the one opponent nearer to an empty hand and make mine longer.
    duel_book: float = 10.0  # a book laid
    duel_take: float = 5.0  # a success without a book
    duel_card: float = 1.0  # each card received
    classic_book: float = 4.0  # classic: a book is what scores
    classic_gather: float = 0.5  # classic: cards of the rank gathered towards a book


@dataclass(slots=True)
class Memory:
    """What the bot's seat has learnt about the other hands from the observations it was shown."""

    me: Seat | None = None
    holds: dict[Seat, dict[int, int]] = field(default_factory=dict)  # seat -> rank -> at least
    # seat -> rank he had none of -> unseen cards he has drawn since
    lacks: dict[Seat, dict[int, int]] = field(default_factory=dict)
    cards: dict[Seat, set[Card]] = field(default_factory=dict)  # seat -> cards seen go there
    events: int = 0  # events taken in (for tests and checks)

    def reset(self, me: Seat | None) -> None:
        self.me = me
        self.holds.clear()
        self.lacks.clear()
        self.cards.clear()
        self.events = 0

    def _holds(self, seat: Seat) -> dict[int, int]:
        return self.holds.setdefault(seat, {})

    def _lacks(self, seat: Seat) -> dict[int, int]:
        return self.lacks.setdefault(seat, {})

    def _cards(self, seat: Seat) -> set[Card]:
        return self.cards.setdefault(seat, set())

    def lose_rank(self, seat: Seat, rank: int) -> None:
        """``seat`` no longer holds any card of ``rank``."""
        self._holds(seat).pop(rank, None)
        self._cards(seat).difference_update([c for c in self._cards(seat) if c.rank == rank])

    def drew_unknown(self, seat: Seat) -> None:
        """``seat`` took a card this seat did not see: it may be of a rank he lacked."""
        lacks = self._lacks(seat)
        for rank in lacks:
            lacks[rank] += 1

    def take(self, event: object, seats: int) -> None:
        """Take in one event, as this seat saw it."""
        self.events += 1
        if isinstance(event, Dealt):
            self.reset(self.me)
            self.events = 1
        elif isinstance(event, Asked):
            held = self._holds(event.seat)
            held[event.rank] = max(1, held.get(event.rank, 0))
            self._lacks(event.seat).pop(event.rank, None)
        elif isinstance(event, HandedOver):
            giver, taker, rank = event.seat, event.to, event.rank
            self.lose_rank(giver, rank)
            self._lacks(giver)[rank] = 0
            held = self._holds(taker)
            held[rank] = max(1, held.get(rank, 0)) + len(event.cards)
            self._lacks(taker).pop(rank, None)
            seen = [c for c in event.cards if isinstance(c, Card)]
            self._cards(taker).update(seen)
        elif isinstance(event, Fished | FishedNothing):
            asked = (
                [event.target]
                if event.target is not None
                else [s for s in range(seats) if s != event.seat]
            )
            for s in asked:
                self._lacks(s)[event.rank] = 0
                self.lose_rank(s, event.rank)
            if isinstance(event, Fished):
                card = event.card
                if isinstance(card, Card):
                    if event.shown or event.seat != self.me:
                        held = self._holds(event.seat)
                        held[card.rank] = held.get(card.rank, 0) + 1
                        self._cards(event.seat).add(card)
                    self._lacks(event.seat).pop(card.rank, None)
                else:
                    self.drew_unknown(event.seat)
        elif isinstance(event, DrewForTurn):
            if isinstance(event.card, Card):
                self._lacks(event.seat).pop(event.card.rank, None)
            else:
                self.drew_unknown(event.seat)
        elif isinstance(event, BookLaid):
            for s in list(self.holds) + list(self.cards):
                self.lose_rank(s, event.rank)
            for lacks in self.lacks.values():
                lacks.pop(event.rank, None)


class RybaBot:
    """Go Fish by the rules of thumb of §12, from its seat's observations only."""

    id = "heuristic"

    def __init__(self, weights: RybaWeights | None = None) -> None:
        self.weights = weights or RybaWeights()
        self.memory = Memory()

    # --- Remembers ---------------------------------------------------------------------------
    def observe(self, game: AnyGame, obs: Observation[Any]) -> None:
        if obs.viewer != self.memory.me:
            self.memory.reset(obs.viewer)
        for event in obs.state.events:
            self.memory.take(event, obs.state.seats)

    def forget(self) -> None:
        self.memory.reset(self.memory.me)

    # --- choosing ----------------------------------------------------------------------------
    def choose(
        self,
        game: AnyGame,
        obs: Observation[Any],
        legal: tuple[Move, ...],
        rng: random.Random,
    ) -> Move:
        if len(legal) == 1:
            return legal[0]
        me = legal[0].seat if obs.viewer is None else obs.viewer
        view = _Knowledge(obs, me, self.memory if self.memory.me == me else Memory())
        best: list[Move] = []
        best_value = float("-inf")
        for move in legal:
            assert isinstance(move, Ask)
            value = view.value(move, self.weights)
            if value > best_value + 1e-9:
                best, best_value = [move], value
            elif value > best_value - 1e-9:
                best.append(move)
        return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


class _Knowledge:
    """What the bot knows at one decision: the observation and the memory, merged."""

    def __init__(self, obs: Observation[Any], me: Seat, memory: Memory) -> None:
        state: SeenRyba = obs.state
        table = state.table
        self.dealer: Seat = state.dealer
        self.me = me
        self.seats: int = state.seats
        self.classic: bool = state.options.classic_go_fish
        self.mine: dict[int, int] = {}
        for card in table.faces(hand(me)):
            if isinstance(card, Card):
                self.mine[card.rank] = self.mine.get(card.rank, 0) + 1
        self.size = [table.count(hand(s)) for s in range(self.seats)]
        self.books = [table.count(books(s)) // BOOK for s in range(self.seats)]
        self.stock: int = table.count(STOCK)
        # At least how many of each rank each opponent holds, and the ranks he lacks.
        self.holds: dict[Seat, dict[int, int]] = {
            s: dict(memory.holds.get(s, {})) for s in range(self.seats) if s != me
        }
        self.lacks: dict[Seat, dict[int, int]] = {
            s: dict(memory.lacks.get(s, {})) for s in range(self.seats) if s != me
        }
        for fact in table.known:
            owner = _owner(fact.pile)
            if owner is None or owner == me:
                continue
            if isinstance(fact, Lacks):  # he answered «Рыба» and has drawn nothing since
                if fact.rank is not None and fact.rank not in self.holds[owner]:
                    self.lacks[owner].setdefault(fact.rank, 0)
                continue
            rank = fact.rank if isinstance(fact, HoldsRank) else fact.card.rank
            held = self.holds[owner]
            held[rank] = max(1, held.get(rank, 0))
            self.lacks[owner].pop(rank, None)
        for s, held in self.holds.items():
            # Memory can be out of date against the table (a bot shown only part of the game):
            # never more known cards than the hand holds, nothing of a rank I hold all of.
            for rank in list(held):
                if self.mine.get(rank, 0) + held[rank] > BOOK:
                    held[rank] = BOOK - self.mine.get(rank, 0)
                if held[rank] <= 0:
                    del held[rank]
            while sum(held.values()) > self.size[s] and held:
                rank = max(held, key=lambda r: held[r])
                held[rank] -= 1
                if not held[rank]:
                    del held[rank]
        # Unknown places (cards in other hands not known, and the stock).
        self.known_total = sum(sum(h.values()) for h in self.holds.values())
        self.unseen = sum(self.size[s] for s in self.holds) + self.stock
        self.free = max(0, self.unseen - self.known_total)

    def _free_of_rank(self, rank: int) -> int:
        """Cards of ``rank`` neither in my hand nor known in another hand."""
        known = sum(h.get(rank, 0) for h in self.holds.values())
        return max(0, BOOK - self.mine.get(rank, 0) - known)

    def _odds(self, target: Seat, rank: int) -> tuple[float, float, float, float]:
        """(success, expected cards received, book, strip) for asking ``target`` for ``rank``."""
        c = self.mine.get(rank, 0)
        held = self.holds[target]
        known = held.get(rank, 0)
        n = self.size[target]
        if n == 0:
            return 0.0, 0.0, 0.0, 0.0
        slots = max(0, n - sum(held.values()))  # his cards we know nothing about
        drawn_since = self.lacks[target].get(rank)
        # His unknown cards that may be of this rank: those drawn since he lacked it.
        r_slots = slots if drawn_since is None else min(slots, drawn_since)
        pool = max(1, self.free)
        free_r = self._free_of_rank(rank)
        p_none = 1.0
        for i in range(min(r_slots, pool)):
            p_none *= max(0.0, (pool - free_r - i) / (pool - i))
        success = 1.0 if known else 1.0 - p_none
        expected = known + r_slots * free_r / pool
        # A book: he holds every card of the rank I do not.
        missing = BOOK - c - known
        others_known = sum(h.get(rank, 0) for s, h in self.holds.items() if s != target)
        if missing <= 0:
            book = 1.0
        elif others_known or missing > r_slots or missing > free_r:
            book = 0.0
        else:
            book = 1.0
            for i in range(missing):
                book *= (r_slots - i) / (pool - i) if pool - i > 0 else 0.0
        # Emptying his hand: every card he holds is of this rank.
        if known < sum(held.values()) or r_slots < slots or slots > free_r:
            strip = 0.0
        else:
            strip = 1.0 if known else p_none < 1.0
            for i in range(slots):
                strip *= (free_r - i) / (pool - i) if pool - i > 0 else 0.0
        return success, expected, min(book, success), min(float(strip), success)

    def value(self, move: Ask, w: RybaWeights) -> float:
        rank = move.rank
        c = self.mine.get(rank, 0)
        my_size = self.size[self.me]
        targets = (
            [move.target]
            if move.target is not None
            else [s for s in range(self.seats) if s != self.me]
        )
        if len(targets) == 1:
            success, expected, book, strip_odds = self._odds(targets[0], rank)
            strips = [(targets[0], strip_odds)]
        else:  # everyone: success if anyone has it; a book if all the rest are out there
            miss, expected, strips = 1.0, 0.0, []
            for t in targets:
                s_t, e_t, _, strip_t = self._odds(t, rank)
                miss *= 1.0 - s_t
                expected += e_t
                strips.append((t, strip_t))
            success = 1.0 - miss
            free_r = self._free_of_rank(rank)
            in_stock = free_r * self.stock / max(1, self.free)
            book = success * max(0.0, 1.0 - in_stock)
        if self.classic:
            return (
                success * w.keep
                + book * w.classic_book
                + (success - book) * w.classic_gather * (c + expected)
            )
        finishing = c == my_size  # a book here lays my last cards down
        if self.seats == 2 and not finishing:
            # A duel: a book, else «Рыба» (worth 0); a success without a book is the worst.
            value = book * w.duel_book - (success - book) * w.duel_take - expected * w.duel_card
            return value - strips[0][1] * w.strip
        # Three or more players: everyone asked at once, or one opponent of several.
        keep, grow = (
            (w.keep_all, w.grow_all) if len(targets) == self.seats - 1 else (w.keep, w.grow)
        )
        value = success * keep
        value += (success - book) * (w.gather * min(3, c + expected) - grow * expected)
        if self.stock:
            value -= (1.0 - success) * grow
        if finishing:
            # I win if I finish, unless a stripped target finishes with me and wins the tie;
            # a target stripped while I do not finish wins.
            win, loss = book, 0.0
            for t, strip in strips:
                both = min(book, strip)
                if not self._wins_tie(t):
                    win -= both
                    loss += both
                loss += strip - both
            return value + WIN * (win - loss)
        value += book * w.book * c
        for t, strip in strips:
            value -= strip * w.strip
            if 2 <= self.size[t] <= 3:
                value -= w.thin * max(0.0, success - strip)
        return value

    def _wins_tie(self, other: Seat) -> bool:
        """Whether I win when ``other`` and I (after laying my book) finish together."""
        mine, theirs = self.books[self.me] + 1, self.books[other]
        if mine != theirs:
            return mine > theirs
        dealer = self.dealer
        return order_from_dealer(self.me, dealer, self.seats) > order_from_dealer(
            other, dealer, self.seats
        )


def _owner(pile: str) -> Seat | None:
    kind, _, number = pile.partition(".")
    return int(number) if kind == "hand" and number.isdigit() else None
