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
* **later**: the same for the card kept: a master card is likely to take a trick later, a
  plain card with higher ones out is not; any trump is good for a ruff later, so a low trump
  is not led or thrown away lightly; a 10 or the trump Jack kept in a weak position is a
  liability.

The chance of holding the trick comes from hands *imagined* for the opponents still to play:
each is dealt, many times over, his number of cards from the unseen ones of the suits he has
not shown he lacks, and replies by the rules (holding the suit led, he follows or trumps;
void, anything).  Holding a card that takes the trick, he plays one some of the time, and the
more often the more the trick is worth: nobody is expected to let a 10 or the Jack go cheaply,
so the bot does not offer them to a likely trump.  The hands are drawn from a generator seeded
by what the seat has seen.

Leading at two players, while neither is one point from going out, it looks further: for every
card it may lead it plays the rest of the deal out in its head against each imagined hand, by
simple rules (it leads a master card, plain before trumps, else its lowest plain card; it
follows with its cheapest winning card, else its lowest; the other plays any card he may), and
leads the card that brings it the most points (tricks, game points, the Jack) over the other's.

So it wins tricks as cheaply as it can, throws its lowest card when it cannot win, leads the
master trump when its other cards are small, keeps its 10s away from tricks it will lose, smears game points
on its partner's sure tricks and does not overtake him without need (§12).  Points an
opponent would score count against it; when a player is one point from going out (trick
points on), his winning the trick is worth the game.

Begging: the eldest hand begs with a weak trump holding; the dealer gives a point when his own
trumps are good and the point cannot bring the beggar within reach of going out, and runs
otherwise.  After a run it discards its least useful cards.

Everything is computed from the observation (the imagined hands included): the same
observation always gives the same move.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardsuite.core.cards import JACK, Card, Suit, standard_deck
from cardsuite.core.moves import Move
from cardsuite.core.protocol import AnyGame, Observation
from cardsuite.core.rng import make_rng
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
BEAT_Q = 0.25  # how often an opponent who can take the trick does (else he plays any legal card)
GREED = 1.0  # ... and more often the more the trick is worth
LOW_TRUMP = 0.6  # the chance that a trump kept, not the master, takes a trick later (a ruff)
SIDE_MASTER = 0.55  # the chance that a plain master card kept takes a trick later ...
RUFF = 0.7  # ... times this while trumps are out
FOLLOW_POINTS = 1.5  # the game points a card still to come brings to the trick, on average
SAMPLES = 48  # the opponents' hands imagined per decision


class _Position:
    """What the bot knows at one decision."""

    def __init__(self, state: SeenSevenUp, me: int, samples: int = SAMPLES) -> None:
        self.state = state
        self.samples = samples
        self._imagined: dict[int, list[list[Card]]] = {}
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
        # The hands imagined for the others come from what this seat has seen, so that the
        # same observation always imagines the same hands.
        self.rng = make_rng(
            me, "seven-up", [c.index for c in self.hand], [c.index for _s, c in state.plays]
        )
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

    def holds(
        self, best: Card, opponents: Sequence[int], led: Suit | None, greed: float = BEAT_Q
    ) -> float:
        """The chance that ``best`` survives the opponents still to play, over the hands
        imagined for them: one who holds the suit led must follow or trump, one void in it may
        play anything; holding a card that takes the trick, he plays one ``greed`` of the time,
        or else any legal card."""
        if not opponents:
            return 1.0
        p = 1.0
        for seat in opponents:
            beat = 0.0
            for sample in self.imagined(seat):
                held = [c for c in sample if c.suit is led]
                legal = (
                    held + [c for c in sample if c.suit is self.trumps and led is not self.trumps]
                    if held
                    else sample
                )
                k = sum(1 for c in legal if self.beats(c, best))
                if k:
                    beat += greed + (1 - greed) * k / len(legal)
            p *= 1 - beat / max(1, len(self.imagined(seat)))
        return p

    def imagined(self, seat: int) -> list[list[Card]]:
        """Hands ``seat`` may hold: drawn from the unseen cards of the suits he has not shown
        he lacks (made once per decision, so that every card is weighed against the same)."""
        got = self._imagined.get(seat)
        if got is None:
            pool = [c for c in self.unseen if c.suit not in self.voids[seat]]
            size = min(self.sizes[seat], len(pool))
            got = [self.rng.sample(pool, size) for _i in range(self.samples)] if size else []
            self._imagined[seat] = got
        return got

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
            wins = 0.9 if higher == 0 else LOW_TRUMP
        else:
            wins = SIDE_MASTER if higher == 0 else max(0.0, 0.35 - 0.12 * higher)
            if any(c.suit is trumps for c in self.unseen):
                wins *= RUFF
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
            led = trick[0].suit if trick else card.suit
            rich = sum(self.points(c) for c in trick) + self.points(card)
            p = self.holds(best, opponents, led, min(1.0, BEAT_Q + GREED * rich))
        else:
            p = 0.25 if partner_after else 0.0
        value = (1.0 if self.opts.trick_points else 0.0) + sum(self.points(c) for c in trick)
        value += self.points(card) + FOLLOW_POINTS * self.gp * len(after)
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

    # --- playing the deal out in mind (two players) ------------------------------------------
    def legal_of(self, cards: list[Card], led: Suit | None) -> list[Card]:
        """What may be played from ``cards`` to a trick led in ``led``: its suit or a trump
        while one holds the suit, else anything."""
        if any(c.suit is led for c in cards):
            return [c for c in cards if c.suit is led or c.suit is self.trumps]
        return cards

    def takes(self, second: Card, led: Card) -> bool:
        """Whether ``second`` takes a two-card trick led with ``led``."""
        if second.suit is led.suit:
            return self.rank(second) > self.rank(led)
        return second.suit is self.trumps

    def trick_worth(self, a: Card, b: Card) -> float:
        """What a two-card trick is worth to its taker: the trick point and the cards' points."""
        return (1.0 if self.opts.trick_points else 0.0) + self.points(a) + self.points(b)

    def points_after_leading(self, first: Card) -> float:
        """The points this player's tricks bring him less the other's, on average over the
        hands imagined for the other, when he leads ``first`` and the rest of the deal is
        played out by simple rules: he leads a master card if he has one (plain before
        trumps), else his lowest plain card; he follows with his cheapest winning card, else
        his lowest (plain before trumps); the other plays any card he may."""
        hands = self.imagined((self.me + 1) % 2)
        rng = random.Random(len(hands))  # the same replies for every card weighed
        rank = self.rank
        trumps = self.trumps
        total = 0.0
        for sample in hands:
            mine, his = list(self.hand), list(sample)
            card: Card | None = first
            leading = True
            while mine and his:
                if leading:
                    if card is None:
                        card = max(mine, key=self.rollout_lead_order)
                    reply = rng.choice(self.legal_of(his, card.suit))
                    mine.remove(card)
                    his.remove(reply)
                    worth = self.trick_worth(card, reply)
                    leading = not self.takes(reply, card)
                else:
                    led = rng.choice(his)
                    his.remove(led)
                    legal = self.legal_of(mine, led.suit)
                    winners = [c for c in legal if self.takes(c, led)]
                    reply = (
                        min(winners, key=rank)
                        if winners
                        else min(legal, key=lambda c: (c.suit is trumps, rank(c)))
                    )
                    mine.remove(reply)
                    worth = self.trick_worth(led, reply)
                    leading = bool(winners)
                total += worth if leading else -worth
                card = None
        return total / max(1, len(hands)) - 0.001 * rank(first)

    def is_master(self, card: Card) -> bool:
        """Whether no unseen card of its suit ranks above ``card``."""
        return not any(c.suit is card.suit and self.rank(c) > self.rank(card) for c in self.unseen)

    def rollout_lead_order(self, card: Card) -> tuple[bool, bool, int]:
        """The simple leads of a deal played out in mind, best last: masters (plain before
        trumps, highest first), then the other cards, plain before trumps, lowest first."""
        master = self.is_master(card)
        return master, card.suit is not self.trumps, self.rank(card) if master else -self.rank(card)

    # --- begging --------------------------------------------------------------------------
    def trump_strength(self) -> float:
        """About how many tricks and points the hand's trumps are good for."""
        return sum(
            0.5 + self.rank(c) / len(self.order.ranks) for c in self.hand if c.suit is self.trumps
        )


class SevenUpBot:
    """Seven Up by the rules of thumb of §12, from its seat's observation only."""

    id = "heuristic"
    samples = SAMPLES  # the hands imagined for each opponent
    plays_out = True  # leading at two, it plays the deal out in mind

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
        position = _Position(state, me, self.samples)
        first = legal[0]
        if (
            isinstance(first, PlayCard)
            and self.plays_out
            and state.seats == 2
            and (state.taker is not None or not state.table.visible(TRICK))
            and min(state.chips) > 1
        ):  # a lead, two players, nobody one point from out: play the deal out in mind
            return max(
                legal,
                key=lambda m: (
                    position.points_after_leading(m.card) if isinstance(m, PlayCard) else 0
                ),
            )
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


class QuickSevenUpBot(SevenUpBot):
    """The same rules of thumb, quicker: a few hands imagined and no deal played out in mind.
    The search's playout policy, where every decision is made thousands of times."""

    samples = 4
    plays_out = False
