"""A rules-of-thumb bot for Seven Leaves (rules/seven-leaves.md §12).

The bot sees its seat's observation only: its own hand, the dealer's turned card (while he
holds it), the trick on the table, the totals and who is safe.  It remembers, from the events
it is shown, every card played in the deal so far and which players have shown a void (one who
did not follow the suit led lacks it; one who neither followed nor trumped lacks trumps too).
From that it knows which cards are still *unseen*.

To weigh a card it *imagines* the others' hands: it deals each of them, many times over, the
right number of cards from the unseen ones of the suits he has not shown he lacks (and the
dealer's turned card, while he holds it), and plays his reply by the rules: follow the suit
led, else trump, else anything; holding a card that beats the trick he plays one.  The hands
are drawn from a generator seeded by what the seat has seen, so they are the same every time
for the same observation and memory.

* **Following**: each legal card that can take the trick is valued by the chance that nobody
  after it beats it, times how much a trick is worth now, minus what the card would be worth
  kept for later (a master card or a trump is worth more).  When no card can take the trick
  it throws its cheapest card (the lowest, off-trump first).
* **Leading**, two in the deal: for every card it may lead, it plays the rest of the deal out
  in its head against each imagined hand, by simple rules (it leads a master card, plain
  before trumps, else its highest; it follows with its cheapest winning card, else its
  lowest; the other plays any card he may), and leads the card that brings it the most
  tricks on average.  So it draws trumps when its top trumps can, leads singletons when the
  void pays, and does not lead a high card into a likely trump.
* **Leading**, three or more: every card is weighed like a follow (the chance it takes the
  trick, less part of what it is worth kept), with two rules of thumb on top: a trump led
  draws a trump from each player still holding one (he cannot trump one's winners with it
  later), and a singleton led, while one holds a trump, makes a void to trump that suit later
  (the must-trump rule makes voids strong).
* **Urgency** (§12): a trick is worth more to a player one trick from safety and to the one
  furthest behind among the active players.
* **The cut**: a random point.

Everything but the cut follows from the observation and the memory: the same ones always give
the same move.
"""

from __future__ import annotations

import random
from typing import Any

from cardsuite.core.cards import Card, Suit
from cardsuite.core.moves import Move
from cardsuite.core.protocol import AnyGame, Observation
from cardsuite.core.rng import make_rng
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

BEAT_Q = 1.0  # how often a player who can take the trick does (else he plays any legal card)
SAMPLES = 48  # the others' hands imagined per decision
LEAD_KEEP = 0.45  # how much of a led card's worth kept for later counts against leading it
PULL = 0.2  # what drawing a trump from a player is worth (he cannot trump with it later)
VOID = 0.1  # what a void made by leading a singleton is worth (the must-trump rule)


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

    def __init__(
        self,
        state: SeenSevenLeaves,
        me: Seat,
        memory: Memory,
        samples: int = SAMPLES,
        plays_out: bool = True,
    ) -> None:
        self.state = state
        self.samples = samples
        self.plays_out = plays_out
        self.me = me
        table = state.table
        self.hand = table.visible(hand(me))
        self.trumps = state.trumps
        trick = () if state.taker is not None else table.visible(TRICK)
        self.trick = trick
        seen = set(self.hand) | memory.played | set(table.visible(TRICK))
        self.shown: dict[Seat, tuple[Card, ...]] = {}
        for s in state.active:  # the dealer's turned card, while he holds it
            if s != me:
                self.shown[s] = table.visible(hand(s))
                seen.update(self.shown[s])
        self.unseen = [c for c in DECK if c not in seen]
        # The hands imagined for the others come from what this seat has seen, so that the
        # same observation and memory always imagine the same hands.
        self.rng = make_rng(
            me, "seven-leaves", sorted(c.index for c in self.hand), sorted(c.index for c in seen)
        )
        self._imagined: dict[Seat, list[list[Card]]] = {}
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
        """The chance that no player after this one beats ``card`` in this trick, over the
        hands imagined for them: each must follow the suit led, else trump, else play
        anything; holding a card that beats it, he plays one ``BEAT_Q`` of the time, or else
        any card he may play."""
        p = 1.0
        for seat in self.after:
            hands = self.imagined(seat)
            if not hands:
                continue
            beat = 0.0
            for sample in hands:
                legal = [c for c in sample if c.suit is led]
                if not legal:
                    legal = [c for c in sample if c.suit is self.trumps] or sample
                k = sum(1 for c in legal if self.beats(c, card, led))
                if k:
                    beat += BEAT_Q + (1 - BEAT_Q) * k / len(legal)
            p *= 1 - beat / len(hands)
        return p

    def imagined(self, seat: Seat) -> list[list[Card]]:
        """Hands ``seat`` may hold: the card of his the table shows (the dealer's turned card)
        and the rest drawn from the unseen cards of the suits he has not shown he lacks (made
        once per decision, so that every card is weighed against the same hands)."""
        got = self._imagined.get(seat)
        if got is None:
            shown = list(self.shown.get(seat, ()))
            size = self.sizes.get(seat, 0) - len(shown)
            pool = [c for c in self.unseen if (seat, c.suit) not in self.void]
            size = min(size, len(pool))
            got = [shown + self.rng.sample(pool, size) for _i in range(self.samples)]
            if not shown and size <= 0:
                got = []
            self._imagined[seat] = got
        return got

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

    def lead_value(self, card: Card, cards: list[Card]) -> float:
        """What leading ``card`` is worth: the chance it takes the trick, less what it would be
        worth kept; a trump led draws the others' trumps, a singleton led makes a void."""
        value = self.holds_chance(card, card.suit) * self.worth - LEAD_KEEP * self.keep_value(card)
        trumps = self.trumps
        if card.suit is trumps:
            value += PULL * sum(self.holds_suit(s, trumps) for s in self.after)
        elif sum(1 for c in cards if c.suit is card.suit) == 1 and any(
            c.suit is trumps for c in cards
        ):
            value += VOID
        return value - 0.001 * self.rank(card)

    def holds_suit(self, seat: Seat, suit: Suit | None) -> float:
        """The chance that ``seat`` holds a card of ``suit``, over the hands imagined."""
        hands = self.imagined(seat)
        return sum(any(c.suit is suit for c in h) for h in hands) / max(1, len(hands))

    def lead(self, cards: list[Card]) -> Card:
        if self.plays_out and len(self.after) == 1 and len(cards) > 1:  # two: play it out
            return max(cards, key=lambda c: self.tricks_after_leading(c, cards))
        return max(cards, key=lambda c: self.lead_value(c, cards))

    # --- playing the deal out in mind (two players) ------------------------------------------
    def legal_of(self, cards: list[Card], led: Suit | None) -> list[Card]:
        """What may be played from ``cards`` to a trick led in ``led``: its suit, else a trump,
        else anything."""
        return (
            [c for c in cards if c.suit is led]
            or [c for c in cards if c.suit is self.trumps]
            or cards
        )

    def takes(self, second: Card, led: Card) -> bool:
        """Whether ``second`` takes a two-card trick led with ``led``."""
        if second.suit is led.suit:
            return self.rank(second) > self.rank(led)
        return second.suit is self.trumps

    def tricks_after_leading(self, first: Card, cards: list[Card]) -> float:
        """The tricks this player takes, on average over the hands imagined for the other, when
        he leads ``first`` and the rest of the deal is played out by simple rules: he leads a
        master card if he has one (plain before trumps), else his highest; he follows with his
        cheapest winning card, else his lowest (plain before trumps); the other plays any card
        he may."""
        hands = self.imagined(self.after[0])
        rng = random.Random(len(hands))  # the same replies for every card weighed
        rank = self.rank
        total = 0
        for sample in hands:
            mine, his = list(cards), list(sample)
            card: Card | None = first
            leading = True
            while mine and his:
                if leading:
                    if card is None:
                        card = max(
                            mine,
                            key=lambda c: (self.is_master(c), c.suit is not self.trumps, rank(c)),
                        )
                    reply = rng.choice(self.legal_of(his, card.suit))
                    mine.remove(card)
                    his.remove(reply)
                    leading = not self.takes(reply, card)
                else:
                    led = rng.choice(his)
                    his.remove(led)
                    legal = self.legal_of(mine, led.suit)
                    winners = [c for c in legal if self.takes(c, led)]
                    reply = (
                        min(winners, key=rank)
                        if winners
                        else min(legal, key=lambda c: (c.suit is self.trumps, rank(c)))
                    )
                    mine.remove(reply)
                    leading = bool(winners)
                total += leading
                card = None
        return total / max(1, len(hands)) - 0.001 * rank(first)


class SevenLeavesBot:
    """Seven Leaves by the rules of thumb of §12, from its seat's observations only."""

    id = "heuristic"
    samples = SAMPLES  # the hands imagined for each other player
    plays_out = True  # leading at two, it plays the deal out in mind

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
        position = _Position(state, me, memory, self.samples, self.plays_out)
        cards = [m.card for m in legal if isinstance(m, PlayCard)]
        card = position.lead(cards) if not position.trick else max(cards, key=position.follow_value)
        return next(m for m in legal if isinstance(m, PlayCard) and m.card is card)


class QuickSevenLeavesBot(SevenLeavesBot):
    """The same rules of thumb, quicker: a few hands imagined and no deal played out in mind.
    The search's playout policy, where every decision is made thousands of times."""

    samples = 4
    plays_out = False
