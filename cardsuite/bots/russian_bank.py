"""A rules-of-thumb bot for Russian Bank (rules/russian-bank.md §12).

The bot reads its seat's observation only: the houses, the foundation tops, both reserve
tops, both waste tops, its hand card and the pile sizes.  It takes the first of these that is
legal:

1. a card to a foundation, its reserve top first, then its hand card, then a house top (so it
   never misses a compulsory foundation play under the Stop variant).  As the Stop caller it
   puts up a house card when one qualifies (the violator's own cards would only help him);
2. its reserve top onto a house (a build before an empty house) or onto the opponent by
   loading;
3. its hand card loaded onto the opponent; a house top loaded onto the opponent's reserve;
4. a house-to-house move that helps: it uncovers a card that can go to a foundation or that
   takes the reserve top, or it empties a house while the reserve top has nowhere to go;
5. its hand card onto a house build, or into an empty house when another one stays empty for
   the reserve;
6. otherwise the discard (or, without a hand card, ending the turn).

Loop guard: it never makes a move that brings back a table it has already had in front of it
during the same turn.  The same observation and memory give the same move; ``rng`` is unused.
"""

from __future__ import annotations

import random
from typing import Any

from cardsuite.core.cards import ACE, Card
from cardsuite.core.moves import Move
from cardsuite.core.protocol import AnyGame, Observation
from cardsuite.games.russian_bank.engine import fits_foundation, fits_house
from cardsuite.games.russian_bank.model import (
    FOUND_IDS,
    HOUSE_IDS,
    Discard,
    EndTurn,
    Play,
    SeenRussianBank,
    StopPlace,
    hand_card,
    reserve,
    waste,
)


class RussianBankBot:
    """Russian Bank by the priorities of §12, from its seat's observation only."""

    id = "heuristic"

    def __init__(self) -> None:
        self._turn: tuple[int, int] | None = None
        self._seen: set[tuple[Any, ...]] = set()

    def choose(
        self,
        game: AnyGame,
        obs: Observation[Any],
        legal: tuple[Move, ...],
        rng: random.Random,
    ) -> Move:
        state: SeenRussianBank = obs.state
        seat = legal[0].seat
        stops = [m for m in legal if isinstance(m, StopPlace)]
        if stops:
            houses = [m for m in stops if m.source in HOUSE_IDS]
            return (houses or stops)[0]
        table = state.table
        turn_key = (state.turns, seat)
        if self._turn != turn_key:
            self._turn = turn_key
            self._seen = set()
        here = _houses(table)
        self._seen.add(here)
        plays = [m for m in legal if isinstance(m, Play)]
        mine_r, mine_u = reserve(seat), hand_card(seat)
        other = 1 - seat
        loads = (reserve(other), waste(other))

        def fresh(move: Play) -> bool:
            return _after(here, move) not in self._seen

        # 1. foundations
        founds = [m for m in plays if m.target in FOUND_IDS]
        if founds:
            order = {mine_r: 0, mine_u: 1}
            return min(founds, key=lambda m: order.get(m.source, 2))
        top = table.top(mine_r)
        r_top = top if isinstance(top, Card) else None
        empty = [h for h in HOUSE_IDS if not table.count(h)]
        # 2. the reserve top: a build, loading, then an empty house
        from_r = [m for m in plays if m.source == mine_r]
        for pick in (
            [m for m in from_r if m.target in HOUSE_IDS and table.count(m.target)],
            [m for m in from_r if m.target in loads],
            [m for m in from_r if m.target in HOUSE_IDS],
        ):
            if pick:
                return pick[0]
        # 3. loading the opponent: the hand card, then a house top onto his reserve
        for pick in (
            [m for m in plays if m.source == mine_u and m.target in loads],
            [m for m in plays if m.source in HOUSE_IDS and m.target in loads and fresh(m)],
        ):
            if pick:
                return pick[0]
        # 4. house rearrangements that help
        for m in plays:
            if (
                m.source in HOUSE_IDS
                and m.target in HOUSE_IDS
                and fresh(m)
                and _helps(table, m, r_top, empty)
            ):
                return m
        # 5. the hand card onto a house
        for m in plays:
            if (
                m.source == mine_u
                and m.target in HOUSE_IDS
                and (table.count(m.target) or len(empty) > 1 or r_top is None)
            ):
                return m
        # 6. discard / end the turn
        for move in legal:
            if isinstance(move, Discard | EndTurn):
                return move
        return legal[0]


def _houses(table: Any) -> tuple[Any, ...]:
    return tuple(table.faces(h) for h in HOUSE_IDS)


def _after(houses: tuple[Any, ...], move: Play) -> tuple[Any, ...]:
    """The houses after ``move`` (the rest of the table does not matter for the loop guard,
    as only house-to-house and house-to-load moves can come back to a table seen)."""
    out = list(houses)
    if move.source in HOUSE_IDS:
        i = HOUSE_IDS.index(move.source)
        out[i] = out[i][:-1]
    if move.target in HOUSE_IDS:
        j = HOUSE_IDS.index(move.target)
        out[j] = (*out[j], move.card)
    return tuple(out)


def _helps(table: Any, move: Play, r_top: Card | None, empty: list[str]) -> bool:
    """A house-to-house move helps when what it uncovers can go up, takes the reserve top, or
    when it empties a house the reserve top needs."""
    cards = table.faces(move.source)
    if len(cards) == 1:
        return r_top is not None and not empty  # an empty house for the reserve top
    under = cards[-2]
    if not isinstance(under, Card):
        return False
    if under.rank == ACE or any(fits_foundation(under, table.top(f)) for f in FOUND_IDS):
        return True
    return r_top is not None and isinstance(r_top, Card) and fits_house(r_top, under)
