"""A rules-of-thumb bot for Seven Leaves (rules/seven-leaves.md §12).

The bot sees its seat's observation only: its own hand, the dealer's turned card (while he
holds it), the trick on the table, the totals and who is safe.  It remembers, from the events
it is shown, every card played in the deal so far and which players have shown a void (one who
did not follow the suit led lacks it; one who neither followed nor trumped lacks trumps too).
From that it knows which cards are still *unseen*.

* **Following**: each legal card that can take the trick is valued by the chance that nobody
  after it beats it (the unseen higher cards of its suit, and trumps from players likely void),
  times how much a trick is worth now, minus what the card would be worth kept for later (a
  master card or a trump is worth more).  When no card can take the trick it throws its
  cheapest card (the lowest, off-trump first).
* **Leading**: a master card of a plain suit others can still follow; else the top trump when
  it holds many; else a singleton, to become void and trump that suit later (the must-trump
  rule makes voids strong); else the lowest card of its longest plain suit, which may draw
  the others' trumps.
* **Urgency** (§12): a trick is worth more to a player one trick from safety and to the one
  furthest behind among the active players.
* **The cut**: a random point.

Everything but the cut is computed from the observation and the memory, without randomness.
"""

from __future__ import annotations

import random
from typing import Any

from cardsuite.core.cards import Card, Suit
from cardsuite.core.moves import Move
from cardsuite.core.protocol import AnyGame, Observation
from cardsuite.core.table import Seat
from cardsuite.core.tricks import Played
from cardsuite.games.seven_leaves.model import (
    DECK,
    ORDER,
    TRICK,
    CutPack,
    Dealt,
    PlayCard,
    PlayOffDealt,
    SeenSevenLeaves,
    TrickTaken,
    TurnedUp,
    hand,
)


class Memory:
    """What one seat has seen of the deal in play: cards played, and voids shown."""

    def __init__(self, me: Seat | None = None) -> None:
        self.me = me
        self.played: set[Card] = set()
        self.void: set[tuple[Seat, Suit]] = set()
        self.trumps: Suit | None = None
        self.led: Suit | None = None  # the suit led to the trick in progress
        self.fresh = True  # the next card played leads a new trick

    def take(self, event: object) -> None:
        if isinstance(event, Dealt | PlayOffDealt):
            self.played.clear()
            self.void.clear()
            self.led = None
            self.fresh = True
        elif isinstance(event, TurnedUp):
            self.trumps = event.card.suit
        elif isinstance(event, Played):
            card = event.card
            self.played.add(card)
            suit = card.suit
            assert suit is not None
            if self.fresh:
                self.led, self.fresh = suit, False
            elif suit is not self.led and self.led is not None:
                self.void.add((event.seat, self.led))
                if suit is not self.trumps and self.trumps is not None:
                    self.void.add((event.seat, self.trumps))
        elif isinstance(event, TrickTaken):
            self.fresh = True


class _Position:
    """What the bot knows at one decision."""

    def __init__(self, state: SeenSevenLeaves, me: Seat, memory: Memory) -> None:
        self.state = state
        self.me = me
        table = state.table
        self.hand = table.visible(hand(me))
        self.trumps = state.trumps
        trick = () if state.taker is not None else table.visible(TRICK)
        self.trick = trick
        seen = set(self.hand) | memory.played | set(table.visible(TRICK))
        for s in state.active:  # the dealer's turned card, while he holds it
            if s != me:
                seen.update(table.visible(hand(s)))
        self.unseen = [c for c in DECK if c not in seen]
        self.void = memory.void
        leader = state.leader if trick and state.leader is not None else me
        order = [s for s in ((leader + i) % state.seats for i in range(state.seats))]
        order = [s for s in order if s in state.active]
        self.after = order[len(trick) + 1 :] if trick else order[1:]
        self.sizes = {s: table.count(hand(s)) for s in state.active}
        # How much a trick is worth to this player now (§12).
        opts = state.options
        mine = state.tricks[me] if not state.playoff else state.deal_tricks[me]
        worth = 1.0
        if not state.playoff and mine == opts.target_tricks - 1:
            worth += 1.0
        others = [
            state.tricks[s] if not state.playoff else state.deal_tricks[s]
            for s in state.active
            if s != me
        ]
        if others and mine <= min(others):
            worth += 0.5
        self.worth = worth

    def rank(self, card: Card) -> int:
        return ORDER.value(card.rank)

    def is_master(self, card: Card) -> bool:
        return not any(c.suit is card.suit and self.rank(c) > self.rank(card) for c in self.unseen)

    def keep_value(self, card: Card) -> float:
        """What a card is worth kept for a later trick."""
        value = self.rank(card) / 8.0 * 0.4
        if card.suit is self.trumps:
            value += 0.5
        if self.is_master(card):
            value += 0.4
        return value

    def beats(self, card: Card, best: Card, led: Suit | None) -> bool:
        if card.suit is best.suit:
            return self.rank(card) > self.rank(best)
        return card.suit is self.trumps

    def holds_chance(self, card: Card, led: Suit | None) -> float:
        """The chance that no player after this one beats ``card`` in this trick."""
        pool = max(len(self.unseen), 1)
        higher = sum(
            1 for c in self.unseen if c.suit is card.suit and self.rank(c) > self.rank(card)
        )
        trumps = 0
        if card.suit is not self.trumps and self.trumps is not None:
            trumps = sum(1 for c in self.unseen if c.suit is self.trumps)
        led_left = sum(1 for c in self.unseen if c.suit is led)
        p = 1.0
        for s in self.after:
            size = self.sizes.get(s, 0)
            if size == 0:
                continue
            share = min(1.0, size / pool)
            beat = 0.0 if (s, card.suit) in self.void else min(1.0, higher * share)
            if trumps and (s, self.trumps) not in self.void:
                # he trumps only when void in the suit led
                void_led = (s, led) in self.void or led_left == 0
                p_void = 1.0 if void_led else (1.0 - min(1.0, share * 1.5)) ** max(led_left, 1)
                p_void = min(p_void, 1.0) if led_left else 1.0
                beat = max(beat, p_void * min(1.0, trumps * share * 1.5))
            p *= 1.0 - min(beat, 1.0)
        return p

    def follow_value(self, card: Card) -> float:
        trick = self.trick
        led = trick[0].suit
        best = trick[0]
        for c in trick[1:]:
            if self.beats(c, best, led):
                best = c
        if not self.beats(card, best, led):
            return -self.keep_value(card) - 0.01 * self.rank(card)
        p = self.holds_chance(card, led)
        return p * self.worth - self.keep_value(card) * 0.6 - 0.001 * self.rank(card)

    def lead(self, cards: list[Card]) -> Card:
        trumps = self.trumps
        plain = [c for c in cards if c.suit is not trumps]
        mine_trumps = sorted((c for c in cards if c.suit is trumps), key=self.rank)
        # A master card of a plain suit the others can still follow.
        masters = [
            c
            for c in plain
            if self.is_master(c)
            and sum(1 for u in self.unseen if u.suit is c.suit) >= len(self.after)
        ]
        if masters:
            return max(masters, key=self.rank)
        if len(mine_trumps) >= 3 and len(mine_trumps) * 2 >= len(cards):
            return mine_trumps[-1]
        suits: dict[Suit, list[Card]] = {}
        for c in plain:
            assert c.suit is not None
            suits.setdefault(c.suit, []).append(c)
        singles = [v[0] for v in suits.values() if len(v) == 1]
        if singles and mine_trumps:
            return min(singles, key=self.rank)
        if suits:
            longest = max(suits.values(), key=lambda v: (len(v), -min(map(self.rank, v))))
            return min(longest, key=self.rank)
        return mine_trumps[0] if self.worth <= 1.0 else mine_trumps[-1]


class SevenLeavesBot:
    """Seven Leaves by the rules of thumb of §12, from its seat's observations only."""

    id = "heuristic"

    def __init__(self) -> None:
        self.memory = Memory()

    # --- Remembers ---------------------------------------------------------------------------
    def observe(self, game: AnyGame, obs: Observation[Any]) -> None:
        if obs.viewer != self.memory.me:
            self.memory = Memory(obs.viewer)
        for event in obs.state.events:
            self.memory.take(event)

    def forget(self) -> None:
        self.memory = Memory(self.memory.me)

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
        first = legal[0]
        if isinstance(first, CutPack):
            return legal[rng.randrange(len(legal))]
        if not isinstance(first, PlayCard):
            return first
        state: SeenSevenLeaves = obs.state
        me = first.seat if obs.viewer is None else obs.viewer
        memory = self.memory if self.memory.me == me else Memory(me)
        position = _Position(state, me, memory)
        cards = [m.card for m in legal if isinstance(m, PlayCard)]
        card = position.lead(cards) if not position.trick else max(cards, key=position.follow_value)
        return next(m for m in legal if isinstance(m, PlayCard) and m.card is card)
