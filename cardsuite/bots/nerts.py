"""A rules-of-thumb bot for Nerts (rules/nerts.md §12).

The bot reads its seat's observation only: the public table (every 13-pile top and count, every
row, every waste top, stock and waste sizes, the centre).  It never looks at its stock order,
which it cannot see anyway.  At its decision time it takes the first of these that is legal:

1. an Ace to the centre;
2. its 13-pile top to a foundation;
3. its 13-pile top onto a row pile (onto a build rather than into an empty slot, so a slot
   stays free for the next 13-pile card);
4. its waste top to a foundation;
5. an exposed row card to a foundation;
6. its waste top onto a row build (never into an empty slot: that is kept for the 13-pile);
7. a row-to-row move that helps: it empties a slot when none is empty (the 13-pile top will
   go there), or it uncovers a card that can go to a foundation or that the 13-pile top can
   be built on;
8. a flip; with stock and waste empty, "stuck" in real time or "pass" in turns.

It never shuffles cards between rows for nothing (such moves are not progress and could loop).
When nothing of the above is legal (real time, already stuck, nothing to flip) it still has
to send an action: it picks a row move that loses nothing, the first legal one.  The same
observation always gives the same action; ``rng`` is not used.
"""

from __future__ import annotations

import random
from typing import Any

from cardsuite.core.cards import ACE, Card
from cardsuite.core.moves import Move, Pass
from cardsuite.core.protocol import AnyGame, Observation
from cardsuite.games.nerts.model import (
    CENTRE,
    ROW,
    Flip,
    Play,
    SeenNerts,
    Stuck,
    found,
    nerts,
    rows,
)

_FACE = 53  # Card.index modulo this: the card's rank and suit without its owner


class NertsBot:
    """Nerts by the priorities of §12, from its seat's observation only."""

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
        state: SeenNerts = obs.state
        me = legal[0].seat
        table = state.table
        wants: set[int] = set()
        for k in range(4 * state.seats):
            top = table.top(found(k))
            if isinstance(top, Card):
                wants.add(top.index % _FACE + 4)
        row_ids = rows(me)
        row_piles = {rid: table.visible(rid) for rid in row_ids}
        empty_slot = any(not p for p in row_piles.values())
        nerts_top = table.top(nerts(me))
        best: Move | None = None
        best_rank = 99
        for move in legal:
            rank = self._priority(move, row_piles, empty_slot, wants, nerts_top)
            if rank < best_rank:
                best, best_rank = move, rank
        if best is not None:
            return best
        return legal[0]

    def _priority(
        self,
        move: Move,
        row_piles: dict[str, tuple[Card, ...]],
        empty_slot: bool,
        wants: set[int],
        nerts_top: object,
    ) -> int:
        """1 (best) to 10, in §12's order; 99: a move not worth making."""
        if isinstance(move, Flip):
            return 9
        if isinstance(move, Stuck | Pass):
            return 10
        if not isinstance(move, Play):
            return 99
        source, target = move.source, move.target
        to_centre = target == CENTRE or target.startswith("found.")
        if move.card.rank == ACE and to_centre:
            return 1
        kind = source.split(".", 1)[0]
        if kind == "nerts":
            if to_centre:
                return 2
            return 3 if row_piles[target] else 4
        if kind == "waste":
            if to_centre:
                return 5
            return 7 if row_piles[target] else 99
        # from a row
        if to_centre:
            return 6
        if not row_piles[target]:
            return 99  # a tail into an empty slot gains nothing
        pile = row_piles[source]
        k = pile.index(move.card)
        if k == 0:
            return 8 if not empty_slot else 99
        beneath = pile[k - 1]
        if beneath.index % _FACE in wants:
            return 8
        if isinstance(nerts_top, Card) and ROW.follows(nerts_top, beneath):
            return 8
        return 99
