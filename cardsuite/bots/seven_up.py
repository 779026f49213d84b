"""A rules-of-thumb bot for Seven Up (rules/seven-up.md §12).

The bot reads its seat's observation only: its own hand (and discards), the turn-up, the trick
on the table, the public record of every card played this deal (an attentive player remembers
them all), hand sizes, chips and the options.  From that it knows which cards are *unseen* (in
another hand, in the pack, or discarded by someone else) and which suits each player has shown
he lacks (a player who neither followed nor trumped is void in the suit led; one who did not
answer a trump lead holds no trump).

Every card it may play is valued as *what it wins now* minus *what it would be worth later*:

* **now**: the chance that its side takes the trick (its card holding against the opponents
  still to play, or its partner's card holding when it does not overtake him), times what the
  trick is worth: the trick point (seed rules), the game points in it (each worth a share of
  the Game point) and the trump Jack (a point of its own);
* **later**: the same for the card kept: a master card is likely to take a trick later, a low
  one is not; a 10 or the trump Jack kept in a weak position is a liability.

So it wins tricks as cheaply as it can, throws its lowest card when it cannot win, pulls
trumps with the master trump, keeps its 10s away from tricks it will lose, smears game points
on its partner's sure tricks and does not overtake him without need (§12).  Points an
opponent would score count against it; when a player is one point from going out (trick
points on), his winning the trick is worth the game.

Begging: the eldest hand begs with a weak trump holding; the dealer gives a point when his own
trumps are good and the point cannot bring the beggar within reach of going out, and runs
otherwise.  After a run it discards its least useful cards.

Everything is computed from the observation, without randomness: the same observation always
gives the same move.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardsuite.core.cards import JACK, Card, Suit, standard_deck
from cardsuite.core.moves import Move
from cardsuite.core.protocol import AnyGame, Observation
from cardsuite.games.seven_up.model import (
    GAME_POINTS,
    TRICK,
    TURNUP,
    Beg,
    Discard,
    Give,
    PlayCard,
    Run,
    SeenSevenUp,
    Stand,
    discard,
    hand,
    party_of,
)

DECK = standard_deck()
WIN = 50.0  # the value of a point that ends the game


def _none_of(pool: int, beaters: int, size: int) -> float:
    """The chance that ``size`` cards drawn from ``pool`` miss all ``beaters`` of them."""
    p = 1.0
    for i in range(min(size, pool)):
        left = pool - i
        if left <= beaters:
            return 0.0
        p *= (left - beaters) / left
    return p


class _Position:
    """What the bot knows at one decision."""

    def __init__(self, state: SeenSevenUp, me: int) -> None:
        self.state = state
        self.me = me
        opts = state.options
        self.opts = opts
        self.order = opts.order
        self.trumps: Suit | None = state.trumps
        self.seats = state.seats
        self.party = party_of(opts, me)
        table = state.table
        self.hand: tuple[Card, ...] = table.visible(hand(me))
        seen: set[Card] = set(self.hand)
        seen.update(table.visible(TURNUP))
        seen.update(card for _seat, card in state.plays)
        seen.update(table.visible(TRICK))
        if opts.begging:
            seen.update(table.visible(discard(me)))
        self.unseen = [card for card in DECK if card not in seen]
        self.sizes = [table.count(hand(s)) for s in range(self.seats)]
        self.voids = self._voids()
        # What a game point is worth: a share of the Game point, by the cards in play.
        in_play = 6 * self.seats
        self.gp = 1.5 / max(8.0, 80.0 * in_play / 52.0)
        parties = len(state.chips)
        self.opp_weight = 1.0 if parties == 2 else (0.6 if parties == 3 else 0.5)

    # --- what the bot has seen --------------------------------------------------------------
    def _voids(self) -> list[set[Suit]]:
        """Suits each seat has shown he lacks, from the record of this deal's plays."""
        voids: list[set[Suit]] = [set() for _s in range(self.seats)]
        plays = self.state.plays
        seats = self.seats
        trumps = self.trumps
        for start in range(0, len(plays), seats):
            trick = plays[start : start + seats]
            led = trick[0][1].suit
            for seat, card in trick[1:]:
                if card.suit is led:
                    continue
                if led is trumps or card.suit is not trumps:
                    assert led is not None
                    voids[seat].add(led)
        return voids

    def rank(self, card: Card) -> int:
        return self.order.value(card.rank)

    def beats(self, card: Card, best: Card) -> bool:
        """Whether ``card`` takes a trick now won by ``best``."""
        if card.suit is best.suit:
            return self.rank(card) > self.rank(best)
        return card.suit is self.trumps

    def beaters(self, best: Card) -> list[Card]:
        """Unseen cards that would take a trick won by ``best``."""
        return [c for c in self.unseen if self.beats(c, best)]

    def holds(self, best: Card, opponents: Sequence[int]) -> float:
        """The chance that ``best`` survives the opponents still to play."""
        if not opponents:
            return 1.0
        beaters = self.beaters(best)
        p = 1.0
        for seat in opponents:
            void = self.voids[seat]
            pool = sum(1 for c in self.unseen if c.suit not in void)
            k = sum(1 for c in beaters if c.suit not in void)
            p *= _none_of(pool, k, self.sizes[seat])
        return p

    def points(self, card: Card) -> float:
        """What a card is worth to the side whose trick it lands in (game points, Jack)."""
        value = GAME_POINTS.get(card.rank, 0) * self.gp
        if card.rank == JACK and card.suit is self.trumps:
            value += 1.0
        return value

    def keep_value(self, card: Card) -> float:
        """What holding ``card`` for later is worth: the tricks it may take, and its own
        points, won or lost."""
        trumps = self.trumps
        higher = sum(
            1 for c in self.unseen if c.suit is card.suit and self.rank(c) > self.rank(card)
        )
        if card.suit is trumps:
            wins = 0.9 if higher == 0 else max(0.1, 0.65 - 0.2 * higher)
        else:
            wins = 0.55 if higher == 0 else max(0.0, 0.35 - 0.12 * higher)
            if any(c.suit is trumps for c in self.unseen):
                wins *= 0.7
        trick = (1.0 if self.opts.trick_points else 0.0) + 2 * self.gp
        return wins * trick + (2 * wins - 1) * self.points(card)

    # --- playing a card --------------------------------------------------------------------
    def play_value(self, card: Card) -> float:
        state = self.state
        seats = self.seats
        trick = state.table.visible(TRICK) if state.taker is None else ()
        leader = state.leader if trick and state.leader is not None else self.me
        after = [(self.me + i) % seats for i in range(1, seats - len(trick))]
        opponents = [s for s in after if party_of(self.opts, s) != self.party]
        partner_after = len(opponents) < len(after)
        # Who would hold the trick after my card.
        best_i = 0
        for i in range(1, len(trick)):
            if self.beats(trick[i], trick[best_i]):
                best_i = i
        if trick and not self.beats(card, trick[best_i]):
            best, holder = trick[best_i], (leader + best_i) % seats
        else:
            best, holder = card, self.me
        if party_of(self.opts, holder) == self.party:
            p = self.holds(best, opponents)
        else:
            p = 0.25 if partner_after else 0.0
        value = (1.0 if self.opts.trick_points else 0.0) + sum(self.points(c) for c in trick)
        value += self.points(card)
        us = value
        them = value * self.opp_weight
        if self.opts.trick_points:  # a trick that ends the game is worth the game
            if state.chips[self.party] == 1:
                us += WIN
            threats = {holder} if party_of(self.opts, holder) != self.party else set()
            threats.update(opponents)
            if any(state.chips[party_of(self.opts, s)] == 1 for s in threats):
                them += WIN
        # (the last term breaks ties: the lower card, when all else is equal)
        return p * us - (1 - p) * them - self.keep_value(card) - 0.001 * self.rank(card)

    # --- begging --------------------------------------------------------------------------
    def trump_strength(self) -> float:
        """About how many tricks and points the hand's trumps are good for."""
        return sum(
            0.5 + self.rank(c) / len(self.order.ranks) for c in self.hand if c.suit is self.trumps
        )


class SevenUpBot:
    """Seven Up by the rules of thumb of §12, from its seat's observation only."""

    id = "heuristic"

    def choose(
        self,
        game: AnyGame,
        obs: Observation[Any],
        legal: tuple[Move, ...],
        rng: random.Random,
    ) -> Move:
        if len(legal) == 1:
            return legal[0]
        state: SeenSevenUp = obs.state
        me = legal[0].seat if obs.viewer is None else obs.viewer
        position = _Position(state, me)
        first = legal[0]
        if isinstance(first, PlayCard):
            return max(
                legal, key=lambda m: position.play_value(m.card) if isinstance(m, PlayCard) else 0
            )
        if isinstance(first, Discard):
            return min(
                legal, key=lambda m: position.keep_value(m.card) if isinstance(m, Discard) else 0
            )
        if isinstance(first, Stand | Beg):
            want = Beg if position.trump_strength() < 1.2 else Stand
            return next(m for m in legal if isinstance(m, want))
        if isinstance(first, Give | Run):
            beggar = party_of(state.options, (me + 1) % state.seats)
            give = position.trump_strength() >= 1.5 and state.chips[beggar] > 2
            want_give: type[Move] = Give if give else Run
            return next((m for m in legal if isinstance(m, want_give)), legal[-1])
        return first
