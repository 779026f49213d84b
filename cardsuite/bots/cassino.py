"""A rules-of-thumb bot for Cassino, clubs variant (rules/cassino-clubs.md §12).

The bot reads its seat's observation only: its hand, the table, the captured piles (every
capture is made in public, so they are public), the stock's size and the options.

* **Capturing**: every capture is worth what it brings into its pile — the 10♦ and the 2♣
  most, then each club, then each card (most cards is worth two points) — less a share of what
  it leaves on the table for the next players to take.  So it takes every useful group at once
  and prefers captures that clear the table.
* **Trailing** (only when no capture is possible, or when ``free_trail`` lets it and nothing
  is worth taking): a low card that is not a club nor a special card, whose value gives the
  next players as few captures as possible with the table (never a sum with the 2♣ on it); a
  court only when most of its rank is already gone, as it is safe from pairing then, and
  otherwise kept for late in the hand, when it can only be matched by pairing.

Everything is computed from the observation, without randomness: the same observation always
gives the same move.
"""

from __future__ import annotations

import random
from typing import Any

from cardsuite.core.cards import Card, Suit
from cardsuite.core.moves import Move
from cardsuite.core.protocol import AnyGame, Observation
from cardsuite.games.cassino.engine import sum_masks
from cardsuite.games.cassino.model import (
    TABLE,
    TEN_DIAMONDS,
    TWO_CLUBS,
    Capture,
    SeenCassino,
    Trail,
    hand,
    value,
    won,
)

SPECIAL = 12.0  # a card worth a point on its own
CLUB = 2.0  # a share of the point for most clubs
CARD = 1.0  # a share of the two points for most cards
LEFT_SHARE = 0.35  # what the cards left on the table are worth to the next players


def worth(card: Card) -> float:
    """What having ``card`` in one's pile is worth."""
    w = CARD
    if card.suit is Suit.CLUBS:
        w += CLUB
    if card is TWO_CLUBS or card is TEN_DIAMONDS:
        w += SPECIAL
    return w


class CassinoBot:
    """Greedy captures by pile value, safe trails (see the module docstring)."""

    id = "cassino"

    def choose(
        self,
        game: AnyGame,
        obs: Observation[Any],
        legal: tuple[Move, ...],
        rng: random.Random,
    ) -> Move:
        state: SeenCassino = obs.state
        captures = [m for m in legal if isinstance(m, Capture)]
        trails = [m for m in legal if isinstance(m, Trail)]
        if not captures and not trails:
            return legal[0]  # dealing the next hand
        table = state.table.visible(TABLE)
        best: tuple[float, Move] | None = None
        for move in captures:
            score = self.capture_value(move, table)
            if best is None or score > best[0]:
                best = (score, move)
        if trails:
            seen = self.seen_ranks(state, obs.viewer)
            for trail in trails:
                score = self.trail_value(trail.card, table, seen)
                if best is None or score > best[0]:
                    best = (score, trail)
        assert best is not None
        return best[1]

    def capture_value(self, move: Capture, table: tuple[Card, ...]) -> float:
        gain = worth(move.card) + sum(worth(c) for c in move.taken)
        left = [c for c in table if c not in move.taken]
        return gain - LEFT_SHARE * sum(worth(c) for c in left)

    def seen_ranks(self, state: SeenCassino, me: int | None) -> dict[int, int]:
        """How many cards of each rank this seat has seen (piles, table, own hand)."""
        counts: dict[int, int] = {}
        cards = list(state.table.visible(TABLE))
        for p in range(state.parties):
            cards += state.table.visible(won(p))
        if me is not None:
            cards += state.table.visible(hand(me))
        for card in cards:
            counts[card.rank] = counts.get(card.rank, 0) + 1
        return counts

    def trail_value(self, card: Card, table: tuple[Card, ...], seen: dict[int, int]) -> float:
        """Always below any capture: the worth of the card given away, and the captures it
        offers the next players."""
        score = -10.0 - 2 * worth(card)
        v = value(card)
        if not v:
            # a court is safe from pairing once its other copies are mostly gone (§12);
            # otherwise keep it for late in the hand
            gone = seen.get(card.rank, 0) - 1  # the others of its rank seen (not this one)
            return score + (3.0 if gone >= 2 else -2.5)
        after = (*table, card)
        vals = tuple(value(c) for c in after)
        last = 1 << (len(after) - 1)
        offered = 0.0
        for target in range(1, 11):
            for mask in sum_masks(vals, target):
                if mask & last:
                    taken = [after[i] for i in range(len(after)) if mask >> i & 1]
                    offered = max(offered, sum(worth(c) for c in taken))
        return score - 0.5 * offered - 0.1 * v
