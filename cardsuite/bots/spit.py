"""A rules-of-thumb bot for Spit (rules/spit.md §12).

The bot reads its seat's observation only: the face-up top card and the size of every slot
(its own and the opponent's), the two centre piles, and the options.  It never looks under a
face-down card (it cannot: the observation has none).  In real time it is asked at the
decision times the runner draws from its level's reaction range (``Spit.reaction_ms``); speed
is what makes a level, so the choice itself is cheap.

Spit is a race: every card a player lays from his row brings him one step nearer to going
out, and a player who finds nothing to play when his turn to act comes loses that reaction
time and waits for the next.  So the bot's rules of thumb, in order of weight:

1. **Leave the opponent nothing to play.**  Of the plays it has, it prefers the one after which
   the fewest of the opponent's face-up cards fit a centre pile: cover the pile his card
   wanted, and do not lay a card next to one of his.  A stuck opponent makes no progress, his
   decision time runs out for nothing, and if the bot is stuck too the spit comes sooner.
2. **Keep a play of its own in hand**: then the play after which most of its other face-up
   cards fit a centre pile (a chain such as 5-6-7, or the other pile).
3. **Keep cards that fit many ranks**: then the play that leaves its face-up cards next to the
   most different ranks (a 5 and a 9 wait for four ranks, two 5s for two).
4. **Turn up a card**: then a play from a slot with face-down cards, taller slots first.

The opponent's face-down cards and the order of the stacks are unknown and left out.  With
``manual_fill`` an empty slot is refilled (from the tallest slot) when no play is on.  It
never asks for a spit, nor passes in turn mode, while it has a play; stuck, it is ready
anyway.  ``random_share`` is the share of decisions where it plays a random legal PLAY
instead.
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
    """Spit by the rules of thumb above, from its seat's observation only."""

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
        state: SeenSpit = obs.state
        me = legal[0].seat if obs.viewer is None else obs.viewer
        table = state.table
        count = state.options.slot_count
        if not plays:
            if fills:  # nothing to lay: fill the empty slot from the tallest one
                return max(fills, key=lambda m: (table.count(slot(me, m.source)), -m.source))
            # Stuck: ready anyway.  In turn mode pass; in real time a request changes nothing.
            for m in legal:
                if isinstance(m, Pass | SpitRequest):
                    return m
            return legal[0]
        adj = _ADJ[state.options.wrap]
        mine: list[Card | None] = []
        sizes: list[int] = []
        for k in range(count):
            top = table.top(slot(me, k))
            mine.append(top if isinstance(top, Card) else None)
            sizes.append(table.count(slot(me, k)))
        theirs: list[int] = []
        for k in range(count):
            top = table.top(slot(1 - me, k))
            if isinstance(top, Card):
                theirs.append(top.rank)
        tops: list[int] = []
        for p in (0, 1):
            centre = table.top(CENTRE[p])
            tops.append(centre.rank if isinstance(centre, Card) else 0)

        def value(move: Play) -> tuple[int, int, int, int]:
            card = mine[move.slot]
            assert card is not None
            after = list(tops)
            after[move.pile] = card.rank
            fits = adj[after[0]] | adj[after[1]]
            rest = [c.rank for k, c in enumerate(mine) if k != move.slot and c is not None]
            theirs_fit = sum(r in fits for r in theirs)
            mine_fit = sum(r in fits for r in rest)
            waiting: set[int] = set()
            for r in rest:
                waiting |= adj[r]
            exposing = sizes[move.slot] if sizes[move.slot] > 1 else 0
            return (-theirs_fit, mine_fit, len(waiting), exposing)

        return max(plays, key=value)
