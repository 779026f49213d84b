"""A Grabush bot from the spec's §12 rules of thumb.

It sees only its own observation: its hand, both team piles' tops, every discard pile and the
stacks.  Each time it is asked it plans again from what it sees:

1. play the team-pile top whenever it fits (the only way to win);
2. look for a chain of plays (hand cards, its team's discard tops, each one uncovering the
   next) lifting some stack to one below the team-pile top, preferring chains that use hand
   cards (which move towards a refill) and keeping Aces for last unless one starts the chain;
3. play the whole hand out when it can (a refill follows), avoiding leaving a stack one below
   the other team's top;
4. play the Aces it owes, then discard: a card at or below its pile's top, high or doubled,
   never burying a card that bridges towards its team-pile top under a higher one.

It never accuses; asked for a penalty card, it gives the non-Ace card least useful to its own
team (the one farthest above every stack and its team-pile top), and skips with an empty hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardsuite.core.cards import ACE, Card
from cardsuite.core.moves import Move
from cardsuite.core.protocol import AnyGame, Observation
from cardsuite.games.grabush.model import (
    NEW,
    Accuse,
    Discard,
    PenaltyInsert,
    PenaltySkip,
    Play,
    discard,
    hand,
    stack,
)

# A play: card, source pile ("hand" for the bot's own hand), the stack top it goes on (0: new).
Step = tuple[Card, str, int]


class GrabushBot:
    id = "heuristic"

    def choose(
        self, game: AnyGame, obs: Observation[Any], legal: tuple[Move, ...], rng: random.Random
    ) -> Move:
        if len(legal) == 1:
            return legal[0]
        state = obs.state
        me = obs.viewer
        assert me is not None
        if any(isinstance(m, PenaltyInsert | PenaltySkip) for m in legal):
            return self._penalty(state, me, legal)
        legal = tuple(m for m in legal if not isinstance(m, Accuse)) or legal
        plays = [m for m in legal if isinstance(m, Play)]
        table = state.table
        team_name = f"team.{me & 1}"
        # 1. the team-pile top
        for m in plays:
            if m.source == team_name:
                return m
        tops = [table.count(stack(i)) for i in state.stacks]
        held = list(table.visible(hand(me)))
        piles = [
            (name, list(table.visible(name)))
            for name in _discard_sources(state, me)
            if table.count(name)
        ]
        goal = table.top(team_name)
        goal_rank = goal.rank if isinstance(goal, Card) else 0
        other = table.top(f"team.{1 - (me & 1)}")
        danger = other.rank - 1 if isinstance(other, Card) else -1
        # 2. a chain up to one below the team-pile top
        if goal_rank > 1:
            chain = _chain(tops, held, piles, goal_rank - 1)
            if chain:
                found = _find(plays, chain[0], me)
                if found is not None:
                    return found
        # 3. play the hand out for a refill
        out = _hand_out(tops, held)
        if out:
            found = _find(plays, out[0], me)
            if found is not None and not _leaves(tops, out, danger):
                return found
        # 3b. clear the team's discard tops onto the stacks when it helps nobody else
        for m in plays:
            if (
                m.source.startswith("discard.")
                and m.card.rank != ACE
                and not _leaves(tops, [(m.card, m.source, m.onto)], danger)
            ):
                return m
        # 3c. hand cards too, while it stays safe (towards a refill)
        for m in plays:
            if (
                m.source == hand(me)
                and m.card.rank != ACE
                and not _leaves(tops, [(m.card, m.source, m.onto)], danger)
            ):
                return m
        # 4. owed Aces, then a discard
        for m in plays:
            if m.card.rank == ACE and m.source in (hand(me), team_name):
                return m
        discards = [m for m in legal if isinstance(m, Discard)]
        if discards:
            return max(discards, key=lambda m: _discard_score(state, me, m, held, tops, goal_rank))
        return legal[rng.randrange(len(legal))]

    def _penalty(self, state: Any, me: int, legal: Sequence[Move]) -> Move:
        inserts = [m for m in legal if isinstance(m, PenaltyInsert) and m.card.rank != ACE]
        if not inserts:
            return next(m for m in legal if isinstance(m, PenaltySkip))
        table = state.table
        tops = [table.count(stack(i)) for i in state.stacks]
        goal = table.top(f"team.{me & 1}")
        goal_rank = goal.rank if isinstance(goal, Card) else 0

        def use(m: PenaltyInsert) -> int:
            rank = m.card.rank
            near = min((rank - t for t in tops if t < rank), default=rank)
            return -near - (5 if rank < goal_rank else 0)

        return min(inserts, key=use)


def _discard_sources(state: Any, me: int) -> list[str]:
    opts = state.options
    own = opts.own_discard_playable or state.seats == 2
    return [
        discard(p, k)
        for p in range(me & 1, state.seats, 2)
        if p != me or own
        for k in range(opts.discard_piles_per_player)
    ]


def _find(plays: Sequence[Play], step: Step, me: int) -> Play | None:
    card, source, onto = step
    if source == "hand":
        source = hand(me)
    for m in plays:
        if m.card is card and m.source == source and m.onto == onto:
            return m
    return None


def _chain(
    tops: list[int], held: list[Card], piles: list[tuple[str, list[Card]]], want: int
) -> list[Step] | None:
    """The shortest sequence of plays lifting a stack to ``want`` (hand cards preferred)."""
    best: list[Step] | None = None
    starts = sorted(set(t for t in tops if t < want), reverse=True)
    if any(c.rank == ACE for c in held) or any(p and p[-1].rank == ACE for _, p in piles):
        starts.append(0)
    for start in starts:
        if best is not None and len(best) <= want - start:
            break
        plan = _climb(start, want, list(held), [(n, list(p)) for n, p in piles])
        if plan is not None:
            best = plan
    return best


def _climb(
    start: int, want: int, held: list[Card], piles: list[tuple[str, list[Card]]]
) -> list[Step] | None:
    """Plays of ranks start+1 … want in order, from the hand (first choice) or the discard
    tops (each play uncovering the next card), or None."""
    steps: list[Step] = []
    for rank in range(start + 1, want + 1):
        onto = NEW if rank == ACE else rank - 1
        card = next((c for c in held if c.rank == rank), None)
        if card is not None:
            held.remove(card)
            steps.append((card, "hand", onto))
            continue
        for name, pile in piles:
            if pile and pile[-1].rank == rank:
                steps.append((pile.pop(), name, onto))
                break
        else:
            return None
    return steps


def _hand_out(tops: list[int], held: list[Card]) -> list[Step] | None:
    """A way to play every hand card (Aces last), or None."""
    if not held:
        return None
    work = list(tops)
    left = sorted(held, key=lambda c: (c.rank == ACE, c.rank))
    steps: list[Step] = []
    progress = True
    while left and progress:
        progress = False
        for card in list(left):
            if card.rank == ACE:
                continue
            if card.rank - 1 in work:
                work[work.index(card.rank - 1)] = card.rank
                steps.append((card, "hand", card.rank - 1))
                left.remove(card)
                progress = True
                break
    if any(c.rank != ACE for c in left):
        return None
    steps.extend((c, "hand", NEW) for c in left)
    return steps


def _leaves(tops: list[int], steps: list[Step], danger: int) -> bool:
    """Whether playing ``steps`` leaves a stack at ``danger`` (one below their pile top)."""
    work = list(tops)
    for card, _source, onto in steps:
        if onto == NEW:
            work.append(1)
        elif onto in work:
            work[work.index(onto)] = card.rank
    return danger in work and danger not in tops


def _discard_score(
    state: Any, me: int, m: Discard, held: list[Card], tops: list[int], goal: int
) -> float:
    card = m.card
    rank = card.rank
    pile = state.table.visible(discard(me, m.pile))
    score = rank * 1.0  # high cards are least useful in hand
    if sum(1 for c in held if c.rank == rank) > 1:
        score += 4
    if pile:
        top = pile[-1].rank
        if rank <= top:
            score += 20 - (top - rank)  # a descending pile comes back in a useful order
        elif top < goal <= rank:
            score -= 15  # would bury a card that bridges towards our pile
    else:
        score += 10  # a new pile
    if any(rank == t + 1 for t in tops):
        score -= 8  # playable soon: keep it
    return score


__all__ = ["GrabushBot"]
