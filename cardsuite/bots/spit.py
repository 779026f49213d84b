"""A rules-of-thumb bot for Spit (rules/spit.md §12).

The bot reads its seat's observation only: the face-up top card and the size of every slot
(its own and the opponent's), the two centre piles, and the options.  It never looks under a
face-down card (it cannot: the observation has none).  In real time it is asked at the
decision times the runner draws from its level's reaction range (``Spit.reaction_ms``); speed
is what makes a level, so the choice itself is cheap.

Each legal PLAY is valued by:

* **exposing a card**: a play from a slot with face-down cards under it turns one up (taller
  slots first, they hide more);
* **a follow-up**: the played card, or the other centre pile, takes another of its face-up
  cards (chains such as 5-6-7);
* **the opponent's targets**: every opponent face-up card next to the new top card counts
  against the play, every one next to the card it covers counts for it (the target is taken
  away); covering a card the bot itself could use next counts against it.

With ``manual_fill`` an empty slot is refilled (from the tallest slot) when that is worth more
than the best play.  It never asks for a spit, nor passes in turn mode, while it has a play;
stuck, it is ready anyway.  ``random_share`` (0.3 for the easy level, §12) is the share of
decisions where it plays a random legal PLAY instead.
"""

from __future__ import annotations

import random
from typing import Any

from cardsuite.core.cards import Card
from cardsuite.core.moves import Move, Pass
from cardsuite.core.protocol import AnyGame, Observation
from cardsuite.games.spit.model import (
    CENTRE,
    Fill,
    Play,
    SeenSpit,
    SpitRequest,
    adjacent_ranks,
    slot,
)

_ADJ = {True: adjacent_ranks(True), False: adjacent_ranks(False)}


class SpitBot:
    """Spit by the rules of thumb of §12, from its seat's observation only."""

    id = "heuristic"

    def __init__(self, random_share: float = 0.0) -> None:
        self.random_share = random_share

    def choose(
        self,
        game: AnyGame,
        obs: Observation[Any],
        legal: tuple[Move, ...],
        rng: random.Random,
    ) -> Move:
        if len(legal) == 1:
            return legal[0]
        plays = [m for m in legal if isinstance(m, Play)]
        fills = [m for m in legal if isinstance(m, Fill)]
        if plays and self.random_share and rng.random() < self.random_share:
            return plays[rng.randrange(len(plays))]
        if not plays and not fills:
            # Stuck: ready anyway.  In turn mode pass; in real time a request changes nothing.
            for m in legal:
                if isinstance(m, Pass | SpitRequest):
                    return m
            return legal[0]
        state: SeenSpit = obs.state
        me = legal[0].seat if obs.viewer is None else obs.viewer
        table = state.table
        count = state.options.slot_count
        adj = _ADJ[state.options.wrap]
        mine: list[tuple[Card | None, int]] = []
        for k in range(count):
            top = table.top(slot(me, k))
            mine.append((top if isinstance(top, Card) else None, table.count(slot(me, k))))
        theirs = [table.top(slot(1 - me, k)) for k in range(count)]
        their_ranks = [c.rank for c in theirs if isinstance(c, Card)]
        centre_tops = [table.top(CENTRE[p]) for p in (0, 1)]

        def value(move: Play) -> float:
            card, size = mine[move.slot]
            assert card is not None
            score = 0.0
            if size > 1:
                score += 10 + size
            other = centre_tops[1 - move.pile]
            near_new = adj[card.rank]
            near_other = adj[other.rank] if isinstance(other, Card) else frozenset()
            rest = [c.rank for k, (c, _n) in enumerate(mine) if k != move.slot and c is not None]
            if any(r in near_new or r in near_other for r in rest):
                score += 4
            score -= 2 * sum(r in near_new for r in their_ranks)
            old = centre_tops[move.pile]
            if isinstance(old, Card):
                near_old = adj[old.rank]
                score += sum(r in near_old for r in their_ranks)
                score -= sum(r in near_old for r in rest)
            return score

        best: Move | None = None
        best_value = float("-inf")
        for m in plays:
            v = value(m)
            if v > best_value:
                best, best_value = m, v
        if fills:
            fill = max(fills, key=lambda m: (mine[m.source][1], -m.source, -m.target))
            if best is None or 10 + mine[fill.source][1] > best_value:
                return fill
        assert best is not None
        return best
