"""A Grabuge bot (rules/grabuge.md §12).

Grabuge leaves a player two kinds of decision: where a turned card that fits no packet goes
(:class:`PlaceInReserve`) and which of several playable reserve columns plays first
(:class:`PlayReserve`).  Everything is public except the face-down cards: the stocks, the
batch being turned and the grabuge cards under their tops.

For each option the bot plays the rest of the turn on a few *determinizations* (the face-down
places filled at random from the unseen cards, the same samples for every option), taking any
further decision of that turn by the quick rules below, and scores the position it reaches:
packets won, the bonus, reserve cards held (five of them are a packet at the count), how soon
each exposed reserve card may play, columns that unwind in order or bury a low card under a
higher one, packets left with a Queen on top for the opponent to crown, and the grabuge race.
Both players' reserves count, so an option that feeds the opponent's exposed cards or grabuge
top scores lower.  The race for the bonus weighs a quarter of a packet per grabuge card ahead
(the first grabuge emptied is worth two packets, and whoever wins that race nearly always wins
the deal).  Once at most a dozen cards are left to turn, the simulation runs to the end of the
deal instead of three turns on, so the last placements are weighed by the count itself.  Ties
and near-ties go to the quick rules.

Before any of that, a placement that covers a card with a higher or equal one is struck out
while a new column is on offer (the seed's advice; a player laughs at 10♥ on 8♠ beside a free
column).

The quick rules, used inside the simulation and as the whole policy when ``samples`` is 0:

* placing a card: (a) on a column exposing exactly one rank higher, so the column unwinds in
  order; (b) else on a column exposing a higher rank, smallest gap first; (c) else a new column
  if fewer than four are in use; (d) else on the column whose exposed card is least needed,
  the one farthest above every packet top;
* choosing a column to play: the one whose play uncovers a card that then fits, an empty slot,
  or the card nearest to fitting, in that order.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, cast

from cardsuite.core.cards import ACE, QUEEN, Card
from cardsuite.core.moves import Move
from cardsuite.core.protocol import AnyGame, Observation
from cardsuite.core.table import SeenTable, Table, hidden_positions
from cardsuite.games.grabuge.model import (
    PACKET_SIZE,
    GrabugeState,
    PlaceInReserve,
    PlayReserve,
    batch_pile,
    grabuge_pile,
    packet_pile,
    reserve_piles,
    stock_pile,
    turned_pile,
    won_pile,
)

FAR = 13  # the need distance of a card that no packet can reach yet
ENDGAME = 12  # cards left to turn (stocks, grabuges, batches) from which the bot looks further
ENDGAME_HORIZON = 99  # turn changes simulated then: in effect to the end of the deal


@dataclass(frozen=True, slots=True)
class GrabugeWeights:
    """What each feature of a position is worth, in packets."""

    packet: float = 1.0  # each packet won (the bonus counts its two packets as they are)
    reserve: float = 0.2  # each reserve card held: five cards of difference make a packet
    soon: float = 0.06  # an exposed reserve card close to fitting, per step closer
    chain: float = 0.05  # a reserve card lying on one exactly a rank above it
    buried: float = 0.08  # a reserve card covering a lower card
    queen: float = 0.25  # a packet left with a Queen on top when the opponent moves next
    grabuge: float = 0.25  # each card of grabuge ahead in the race for the bonus
    win: float = 3.0  # the game decided in one's favour


def _fits(rank: int, tops: list[int]) -> bool:
    return rank == ACE or (rank - 1) in tops


def need(rank: int, tops: list[int]) -> int:
    """How many ranks the tableau must still grow before a card of ``rank`` fits (0: it fits
    now; an Ace always fits)."""
    if rank == ACE:
        return 0
    below = [t for t in tops if t < rank]
    if not below:
        return rank - 1  # an Ace must start a packet first
    return rank - 1 - max(below)


def _columns(state: GrabugeState[Any], seat: int) -> list[tuple[Card, ...]]:
    """Seat ``seat``'s reserve columns (public: every card is face up)."""
    table = state.table
    return [table.visible(name) for name in reserve_piles(seat)]


def _tops(state: GrabugeState[Any]) -> list[int]:
    """The top rank of each packet on the tableau, oldest first (packets are public)."""
    table = state.table
    return [table.visible(packet_pile(n))[-1].rank for n in state.packets]


# --- the quick rules -------------------------------------------------------------------------


def quick_choice(state: GrabugeState[Any], legal: tuple[Move, ...]) -> Move:
    """The §12 rule of thumb for one decision, from public information only."""
    if len(legal) == 1:
        return legal[0]
    seat = legal[0].seat
    tops = _tops(state)
    columns = _columns(state, seat)
    if isinstance(legal[0], PlaceInReserve):
        card = state.table.visible(turned_pile(seat))[0]
        return min(
            legal, key=lambda m: _placement_key(cast(PlaceInReserve, m), card, columns, tops)
        )
    return min(legal, key=lambda m: _play_key(cast(PlayReserve, m), columns, tops))


def _placement_key(
    move: PlaceInReserve, card: Card, columns: list[tuple[Card, ...]], tops: list[int]
) -> tuple[int, int]:
    """Sort key of a placement: (rule letter, tie-break), smaller is better."""
    if move.column is None:
        return (2, 0)  # (c) a new column
    exposed = columns[move.column - 1][-1].rank
    gap = exposed - card.rank
    if gap == 1:
        return (0, 0)  # (a) exactly one rank higher
    if gap > 1:
        return (1, gap)  # (b) higher, smallest gap first
    # (d) cover the card least needed soon; covering a lower card is the last resort
    return (3, -need(exposed, tops))


def _play_key(
    move: PlayReserve, columns: list[tuple[Card, ...]], tops: list[int]
) -> tuple[int, int]:
    """Sort key of a column to play first, smaller is better."""
    column = columns[move.column - 1]
    played = column[-1].rank
    after = list(tops)
    if played == ACE:
        after.append(ACE)
    else:
        after[after.index(played - 1)] = played  # the oldest packet one rank below
    if len(column) == 1:
        return (1, 0)  # frees a slot
    under = column[-2].rank
    if _fits(under, after):
        return (0, under)  # uncovers a card that plays at once
    return (2, need(under, after))


def not_burying(state: GrabugeState[Any], legal: tuple[Move, ...]) -> tuple[Move, ...]:
    """The placements left once those that cover a lower (or equal) card are struck out, as
    long as a new column is among them (the seed's advice: covering a card with a higher one
    is often a loss, and with a free column it is never needed); other decisions as given."""
    if not isinstance(legal[0], PlaceInReserve) or PlaceInReserve(legal[0].seat, None) not in legal:
        return legal
    seat = legal[0].seat
    card = state.table.visible(turned_pile(seat))[0]
    columns = _columns(state, seat)
    return tuple(
        m
        for m in legal
        if cast(PlaceInReserve, m).column is None
        or columns[cast(int, cast(PlaceInReserve, m).column) - 1][-1].rank > card.rank
    )


def face_down(state: GrabugeState[Any]) -> int:
    """How many cards are still to be turned: both stocks, grabuges and batches (public counts)."""
    table = state.table
    return sum(
        table.count(pile(s)) for s in (0, 1) for pile in (stock_pile, grabuge_pile, batch_pile)
    )


# --- scoring ---------------------------------------------------------------------------------


def evaluate(state: GrabugeState[Any], me: int, w: GrabugeWeights) -> float:
    """How good ``state`` is for ``me``, in packets, from what would be public in it."""
    table: Table | SeenTable = state.table
    opp = 1 - me
    score = 0.0
    if state.series.results:
        done = state.series.totals(2)
        score += w.packet * (done[me] - done[opp])
    if state.over:
        margin = score
        return margin + (w.win if margin > 0 else -w.win if margin < 0 else 0.0)
    won = [table.count(won_pile(s)) // PACKET_SIZE for s in (0, 1)]
    score += w.packet * (won[me] - won[opp]) + w.packet * (state.bonus[me] - state.bonus[opp])
    tops = _tops(state)
    for s, sign in ((me, 1.0), (opp, -1.0)):
        held = 0
        feature = 0.0
        for column in _columns(state, s):
            if not column:
                continue
            held += len(column)
            feature += w.soon * max(0, 4 - need(column[-1].rank, tops))
            for lower, upper in pairwise(column):
                if upper.rank == lower.rank - 1:
                    feature += w.chain
                elif upper.rank > lower.rank:
                    feature -= w.buried
        score += sign * (feature - w.reserve * held)
    # Queens on the tableau: whoever moves next may crown them.
    queens = tops.count(QUEEN)
    if queens:
        score += (w.queen if state.active == me else -w.queen) * queens
    if state.bonus == (0, 0):
        left: list[int] = [
            table.count(grabuge_pile(s)) if not state.converted[s] else PACKET_SIZE for s in (0, 1)
        ]
        score += w.grabuge * (left[opp] - left[me])
    return score


# --- the bot ---------------------------------------------------------------------------------


class GrabugeBot:
    """Grabuge by simulating the rest of the turn for each option (§12).

    ``samples`` determinizations are played per option; with 0 the bot uses the quick rules
    alone (fast enough to serve as a playout policy for search).
    """

    id = "heuristic"

    def __init__(
        self, samples: int = 8, weights: GrabugeWeights | None = None, horizon: int = 3
    ) -> None:
        self.samples = samples
        self.horizon = horizon
        self.weights = weights or GrabugeWeights()

    def choose(
        self,
        game: AnyGame,
        obs: Observation[Any],
        legal: tuple[Move, ...],
        rng: random.Random,
    ) -> Move:
        if len(legal) == 1:
            return legal[0]
        state: GrabugeState[Any] = obs.state
        legal = not_burying(state, legal)
        quick = quick_choice(state, legal)
        if self.samples <= 0 or len(legal) == 1:
            return quick
        me = legal[0].seat
        horizon = self.horizon if face_down(state) > ENDGAME else ENDGAME_HORIZON
        try:
            worlds = [game.determinize(obs, rng) for _ in range(self._samples_for(obs))]
        except ValueError:  # a hand-made position with more face-down places than cards left
            return quick
        best, best_score = quick, self._score(game, worlds, quick, me, horizon)
        for move in legal:
            if move == quick:
                continue
            score = self._score(game, worlds, move, me, horizon)
            if score > best_score + 1e-9:  # the quick rule wins ties
                best, best_score = move, score
        return best

    def _samples_for(self, obs: Observation[Any]) -> int:
        """One world is enough when nothing is face down."""
        return self.samples if hidden_positions(obs.state.table, obs.viewer) else 1

    def _score(
        self, game: AnyGame, worlds: list[GrabugeState[Any]], move: Move, me: int, horizon: int
    ) -> float:
        total = 0.0
        for world in worlds:
            state = game.apply(world, move)
            switches = 0
            active = me
            while not state.over:
                if state.active != active:
                    switches += 1
                    active = state.active
                    if switches >= horizon:
                        break
                legal = game.legal_moves(state, state.active)
                state = game.apply(state, quick_choice(state, legal))
            total += evaluate(state, me, self.weights)
        return total / len(worlds)


def playout_bot() -> GrabugeBot:
    """The quick policy the search bot plays Grabuge out with: the heuristic without sampling."""
    return GrabugeBot(samples=0)
