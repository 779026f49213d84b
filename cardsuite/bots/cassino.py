"""A rules-of-thumb bot for Cassino, clubs variant (rules/cassino-clubs.md §12).

The bot reads its seat's observation only: its hand, the table, the captured piles (every
capture is made in public, so the piles are the record of every card played), hand sizes, the
stock's size and the options.  The cards it has not seen are in the other hands or the stock;
counting them by rank tells it how likely the next player is to hold a card of each rank.

Its rules of thumb:

* **What a card is worth** in one's pile: a little for the card count, more for a club, a
  whole point for the 10♦ or the 2♣ — and nothing more for the cards or the clubs once their
  majority is settled (its leader is ahead by more than the cards still to be won).
* **No gifts**: every move is judged by what it brings into the pile *less what the next
  player (an opponent; a partner is no threat) can expect to take from the table it leaves*, rank by rank: the best capture a card
  of that rank would make there, weighed by the chance that he holds one (from the unseen
  cards).  So it captures what is worth most and clears the table when it can, trails a card
  whose rank is mostly gone or that adds up with nothing, and never trails the 10♦, the 2♣ or
  a club while a harmless card will do.
* **A trail says what a hand lacks**: a capture is compulsory, so a player who trails holds
  no card that could capture on the table he trailed on.  The bot remembers those ranks for
  every other player until the next deal, and counts only the unseen cards of the other ranks
  when it weighs what he may hold.
* **Keep a capture for later**: a trail that leaves a card it can take next turn (a second
  card of the rank in hand) counts a little in its favour.
* **The last deal is played out exactly** when nothing is hidden any more — the stock is empty
  and every card the bot has not seen lies in the one other hand still holding cards: it
  looks through every way the hand can go (who makes the last capture takes the rest of the
  table) and plays for the win, then for the points.

Everything is computed from the observation and that memory, without randomness: the same
observation and memory always give the same move.
"""

from __future__ import annotations

import random
from functools import lru_cache
from math import comb
from typing import Any

from cardsuite.core.cards import Card, Suit
from cardsuite.core.moves import Move
from cardsuite.core.protocol import AnyGame, Observation
from cardsuite.games.cassino.engine import sum_masks
from cardsuite.games.cassino.model import (
    OUT,
    STOCK,
    TABLE,
    TEN_DIAMONDS,
    TWO_CLUBS,
    Capture,
    Dealt,
    Redealt,
    SeenCassino,
    Trail,
    Trailed,
    hand,
    party_of,
    value,
    won,
)

DECK_SIZE = 52
CLUBS_IN_PACK = 13
SPECIAL = 12.0  # a card worth a point on its own
CLUB = 2.0  # a share of the point for most clubs
CARD = 1.0  # a share of the two points for most cards
FOLLOW = 0.3  # how much a capture left for one's own next turn counts
TRAIL = -0.5  # a trail gains nothing: a little below a capture of the same worth


class Worth:
    """What each card is worth in a pile, given the majorities already settled."""

    def __init__(self, state: SeenCassino, loose_clubs: int, loose_cards: int) -> None:
        cards = [len(state.table.visible(won(p))) for p in range(state.parties)]
        clubs = [
            sum(1 for c in state.table.visible(won(p)) if c.suit is Suit.CLUBS)
            for p in range(state.parties)
        ]
        self.card = CARD if not settled(cards, loose_cards) else 0.0
        self.club = CLUB if not settled(clubs, loose_clubs) else 0.0

    def of(self, card: Card) -> float:
        w = self.card
        if card.suit is Suit.CLUBS:
            w += self.club
        if card in (TWO_CLUBS, TEN_DIAMONDS):
            w += SPECIAL
        return w


def settled(counts: list[int], loose: int) -> bool:
    """A majority is settled when its leader is ahead by more than the cards still loose."""
    if len(counts) < 2:
        return True
    top, second = sorted(counts, reverse=True)[:2]
    return top - second > loose


@lru_cache(maxsize=20_000)
def _takes(
    vals: tuple[int, ...], ranks: tuple[int, ...], rank: int, court_all: bool
) -> tuple[int, ...]:
    """The sets (bit masks over the table's places) a card of ``rank`` may capture from a
    table with these capture values and ranks (§6.2)."""
    if rank > 10:
        same = [1 << i for i, r in enumerate(ranks) if r == rank]
        if court_all and same:
            return (sum(same),)
        return tuple(same)
    return tuple(sum_masks(vals, rank))


def takes(table: tuple[Card, ...], rank: int, court_all: bool) -> tuple[tuple[Card, ...], ...]:
    """Every set of ``table`` that a card of ``rank`` may capture."""
    masks = _takes(tuple(value(c) for c in table), tuple(c.rank for c in table), rank, court_all)
    return tuple(tuple(c for i, c in enumerate(table) if m >> i & 1) for m in masks)


class Lacks:
    """The ranks each other player is known not to hold, learnt from his trails since the
    last deal (a capture being compulsory, he had no card that could capture)."""

    def __init__(self) -> None:
        self.me: int | None = None
        self.deal: tuple[int, int] | None = None  # the hand's number and the stock's size
        self.ranks: dict[int, set[int]] = {}

    def reset(self, me: int | None) -> None:
        self.me = me
        self.deal = None
        self.ranks = {}

    def take(self, state: SeenCassino) -> None:
        """Learn from the events of the last move (the observation after it)."""
        for event in state.events:
            if isinstance(event, (Dealt, Redealt)):
                self.ranks = {}
                self.deal = None
            elif isinstance(event, Trailed) and event.seat != self.me:
                if state.options.free_trail:
                    continue  # a trail may then be a choice: it says nothing
                table = list(state.table.visible(TABLE))
                if event.card in table:
                    table.remove(event.card)
                court_all = state.options.court_captures_all
                lacking = {r for r in range(1, 14) if takes(tuple(table), r, court_all)}
                self.ranks.setdefault(event.seat, set()).update(lacking)
        self.deal = (state.series.number, state.table.count(STOCK))

    def of(self, state: SeenCassino, seat: int) -> frozenset[int]:
        """The ranks ``seat`` does not hold, if this memory is of the deal in play."""
        if self.deal != (state.series.number, state.table.count(STOCK)):
            return frozenset()
        return frozenset(self.ranks.get(seat, ()))


class CassinoBot:
    """No gifts, captures weighed against the next player's reply, the last deal played out
    exactly (see the module docstring)."""

    id = "cassino"

    def __init__(self) -> None:
        self.lacks = Lacks()

    # --- Remembers ---------------------------------------------------------------------------
    def observe(self, game: AnyGame, obs: Observation[Any]) -> None:
        if obs.viewer != self.lacks.me:
            self.lacks.reset(obs.viewer)
        self.lacks.take(obs.state)

    def forget(self) -> None:
        self.lacks.reset(self.lacks.me)

    def choose(
        self,
        game: AnyGame,
        obs: Observation[Any],
        legal: tuple[Move, ...],
        rng: random.Random,
    ) -> Move:
        state: SeenCassino = obs.state
        plays = [m for m in legal if isinstance(m, (Capture, Trail))]
        if not plays or obs.viewer is None:
            return legal[0]  # dealing the next hand
        if len(plays) == 1:
            return plays[0]
        me = obs.viewer
        exact = Endgame.of(state, me)
        if exact is not None:
            return exact.best(plays)
        return max(plays, key=lambda m: self.judge(state, me, m))

    # --- the rules of thumb ------------------------------------------------------------------
    def judge(self, state: SeenCassino, me: int, move: Capture | Trail) -> float:
        """What ``move`` brings in, less what the next player can expect to take after it,
        plus a little for what it leaves for the bot's own next turn."""
        table = state.table.visible(TABLE)
        mine = state.table.visible(hand(me))
        unseen = unseen_cards(state, me)
        loose = DECK_SIZE - sum(len(state.table.visible(won(p))) for p in range(state.parties))
        clubs_loose = sum(1 for c in (*unseen, *table, *mine) if c.suit is Suit.CLUBS)
        worth = Worth(state, clubs_loose, loose)
        court_all = state.options.court_captures_all
        if isinstance(move, Capture):
            gain = worth.of(move.card) + sum(worth.of(c) for c in move.taken)
            left = tuple(c for c in table if c not in move.taken)
        else:
            gain = TRAIL
            left = (*table, move.card)
        rest = tuple(c for c in mine if c != move.card)
        threat = 0.0
        rival = next_rival(state, me)
        if rival is not None:
            lacking = self.lacks.of(state, rival) if self.lacks.me == me else frozenset()
            held = [c for c in unseen if c.rank not in lacking]
            size = state.table.count(hand(rival))
            threat = expected_best(left, held, size, worth, court_all)
        follow = max(
            (
                sum(worth.of(c) for c in taken)
                for card in rest
                for taken in takes(left, card.rank, court_all)
            ),
            default=0.0,
        )
        return gain - threat + FOLLOW * follow


def unseen_cards(state: SeenCassino, me: int) -> list[Card]:
    """The cards this seat has not seen: in the other hands or the stock."""
    seen = set(state.table.visible(TABLE)) | set(state.table.visible(hand(me)))
    for p in range(state.parties):
        seen |= set(state.table.visible(won(p)))
    seen |= set(state.table.visible(OUT))
    return [c for c in _PACK if c not in seen]


def next_rival(state: SeenCassino, me: int) -> int | None:
    """The next player after ``me`` holding cards, if he is an opponent (a partner playing
    next is no threat)."""
    for k in range(1, state.seats):
        s = (me + k) % state.seats
        if state.table.count(hand(s)):
            return s if party_of(state, s) != party_of(state, me) else None
    return None


def expected_best(
    table: tuple[Card, ...], unseen: list[Card], size: int, worth: Worth, court_all: bool
) -> float:
    """What a player holding ``size`` of the ``unseen`` cards can expect to take from
    ``table`` with his best capture: rank by rank, the best he could take with it, weighed by
    the chance that he holds a card of that rank and none of a better one."""
    if not table or not unseen or size <= 0:
        return 0.0
    by_rank: dict[int, list[Card]] = {}
    for c in unseen:
        by_rank.setdefault(c.rank, []).append(c)
    total = len(unseen)
    size = min(size, total)
    none = comb(total, size)
    offers: list[tuple[float, float]] = []
    for rank, cards in by_rank.items():
        sets = takes(table, rank, court_all)
        if not sets:
            continue
        best = max(sum(worth.of(c) for c in taken) for taken in sets)
        best += sum(worth.of(c) for c in cards) / len(cards)
        chance = 1.0 - comb(total - len(cards), size) / none
        offers.append((best, chance))
    offers.sort(reverse=True)
    expected, missing = 0.0, 1.0
    for best, chance in offers:
        expected += best * chance * missing
        missing *= 1.0 - chance
    return expected


_PACK: tuple[Card, ...] = tuple(Card(r, s) for s in Suit for r in range(1, 14))


# --- the last deal, played out -----------------------------------------------------------------


class Endgame:
    """The rest of a hand with nothing hidden: the bot and one other player hold every card
    still to be played, the stock is empty.  A search of every line, each ending scored."""

    def __init__(
        self,
        state: SeenCassino,
        me: int,
        other: int,
        theirs: tuple[Card, ...],
    ) -> None:
        self.state = state
        self.me = me
        self.other = other
        self.mine_party = party_of(state, me)
        self.their_party = party_of(state, other)
        self.friendly = self.mine_party == self.their_party
        self.court_all = state.options.court_captures_all
        self.free = state.options.free_trail
        self.hands = {me: state.table.visible(hand(me)), other: theirs}
        piles = [state.table.visible(won(p)) for p in range(state.parties)]
        self.cards = [len(p) for p in piles]
        self.clubs = [sum(1 for c in p if c.suit is Suit.CLUBS) for p in piles]
        self.specials = [sum(1 for c in p if c in (TWO_CLUBS, TEN_DIAMONDS)) for p in piles]
        # points of the finished hands (a side's points stand at each of its seats)
        self.before = [sum(r.scores[p] for r in state.series.results) for p in range(state.parties)]
        self.memo: dict[tuple[Any, ...], float] = {}

    @classmethod
    def of(cls, state: SeenCassino, me: int) -> Endgame | None:
        if state.table.count(STOCK):
            return None
        holders = [s for s in range(state.seats) if s != me and state.table.count(hand(s))]
        if len(holders) != 1:
            return None
        other = holders[0]
        unseen = unseen_cards(state, me)
        if len(unseen) != state.table.count(hand(other)):
            return None
        return cls(state, me, other, tuple(unseen))

    def best(self, plays: list[Capture | Trail]) -> Capture | Trail:
        table = self.state.table.visible(TABLE)
        last = self.state.last
        last_party = -1 if last is None else party_of(self.state, last)
        gained = (0, 0, 0, 0, 0, 0)
        scored = [
            (
                self.after(
                    table, self.hands[self.me], self.hands[self.other], m, last_party, gained
                ),
                i,
            )
            for i, m in enumerate(plays)
        ]
        return plays[max(scored, key=lambda t: (t[0], -t[1]))[1]]

    def moves(
        self, table: tuple[Card, ...], held: tuple[Card, ...]
    ) -> list[tuple[Card, tuple[Card, ...] | None]]:
        caps: list[tuple[Card, tuple[Card, ...] | None]] = [
            (card, taken) for card in held for taken in takes(table, card.rank, self.court_all)
        ]
        if caps and not self.free:
            return caps
        return caps + [(card, None) for card in held]

    def after(
        self,
        table: tuple[Card, ...],
        mine: tuple[Card, ...],
        theirs: tuple[Card, ...],
        move: Capture | Trail,
        last_party: int,
        gained: tuple[int, ...],
    ) -> float:
        taken = move.taken if isinstance(move, Capture) else None
        return self.play(
            table,
            mine,
            theirs,
            True,
            (move.card, None if taken is None else tuple(taken)),
            last_party,
            gained,
        )

    def play(
        self,
        table: tuple[Card, ...],
        mine: tuple[Card, ...],
        theirs: tuple[Card, ...],
        my_turn: bool,
        move: tuple[Card, tuple[Card, ...] | None],
        last_party: int,
        gained: tuple[int, ...],
    ) -> float:
        """The value of the hand's end after the player to move makes ``move``."""
        card, taken = move
        party = self.mine_party if my_turn else self.their_party
        if my_turn:
            mine = tuple(c for c in mine if c != card)
        else:
            theirs = tuple(c for c in theirs if c != card)
        if taken is None:
            table = (*table, card)
        else:
            table = tuple(c for c in table if c not in taken)
            gained = self.add(gained, party == self.mine_party, (card, *taken))
            last_party = party
        return self.value(table, mine, theirs, not my_turn, last_party, gained)

    def value(
        self,
        table: tuple[Card, ...],
        mine: tuple[Card, ...],
        theirs: tuple[Card, ...],
        my_turn: bool,
        last_party: int,
        gained: tuple[int, ...],
    ) -> float:
        if not mine and not theirs:
            if table and last_party >= 0:
                gained = self.add(gained, last_party == self.mine_party, table)
            return self.ending(gained)
        if my_turn and not mine:
            my_turn = False
        elif not my_turn and not theirs:
            my_turn = True
        key = (table, mine, theirs, my_turn, last_party, gained)
        known = self.memo.get(key)
        if known is not None:
            return known
        held = mine if my_turn else theirs
        values = [
            self.play(table, mine, theirs, my_turn, m, last_party, gained)
            for m in self.moves(table, held)
        ]
        result = max(values) if my_turn or self.friendly else min(values)
        self.memo[key] = result
        return result

    def add(self, gained: tuple[int, ...], to_me: bool, cards: tuple[Card, ...]) -> tuple[int, ...]:
        """Add captured cards to the counts (cards, clubs, specials) of the bot's side or the
        other's."""
        cards_n = len(cards)
        clubs = sum(1 for c in cards if c.suit is Suit.CLUBS)
        specials = sum(1 for c in cards if c in (TWO_CLUBS, TEN_DIAMONDS))
        a, b, c, d, e, f = gained
        if to_me:
            return (a + cards_n, b + clubs, c + specials, d, e, f)
        return (a, b, c, d + cards_n, e + clubs, f + specials)

    def ending(self, gained: tuple[int, ...]) -> float:
        """The hand's end scored for the bot's side: the win first, then the margin."""
        cards = list(self.cards)
        clubs = list(self.clubs)
        specials = list(self.specials)
        cards[self.mine_party] += gained[0]
        clubs[self.mine_party] += gained[1]
        specials[self.mine_party] += gained[2]
        cards[self.their_party] += gained[3]
        clubs[self.their_party] += gained[4]
        specials[self.their_party] += gained[5]
        points = [specials[p] + self.before[p] for p in range(len(cards))]
        top = max(cards)
        leaders = [p for p, n in enumerate(cards) if n == top]
        for p in leaders:
            points[p] += 2 if len(leaders) == 1 else 1
        top_clubs = max(clubs)
        club_leaders = [p for p, n in enumerate(clubs) if n == top_clubs]
        if len(club_leaders) == 1 and top_clubs > 0:
            points[club_leaders[0]] += 1
        mine = points[self.mine_party]
        others = max((n for p, n in enumerate(points) if p != self.mine_party), default=0)
        place = 2.0 if mine > others else 1.0 if mine == others else 0.0
        return place * 100.0 + (mine - others) + 0.01 * cards[self.mine_party]
