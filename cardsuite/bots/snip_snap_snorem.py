"""A rules-of-thumb bot for Snip Snap Snorem (rules/snip-snap-snorem.md §12).

The bot sees only its observation: its own hand, every hand's size, the round in progress and
the sets already aside.  All four cards of a rank are in play until its round ends, so for any
rank in its hand the copies it does not hold are exactly the ones in the other hands.

* **Matching** in the base game is forced but for the suit, which changes nothing: it plays
  the first legal card.  With ``multi_play`` it plays every copy it holds when that completes
  the round (the fourth card wins the lead); otherwise it plays all of them too (§12: shed
  fastest), unless ``hold_back`` is set, when it keeps one back to play the fourth card itself
  once the other holders have played theirs.
* **Leading**: a lead that empties the hand wins at once.  Otherwise each rank held is scored:
  the cards it sheds this round (all copies held: play is compulsory), plus a bonus for the
  lead of the next round when the bot will play the fourth card (it holds all four; in the
  base game three, the one other copy being played before its second turn; with
  ``multi_play`` and ``hold_back`` two or more, one being kept back).  With ``multi_play`` it
  leads all four copies when it holds them, else all copies held (all but one with
  ``hold_back``).
* §12's "avoid a rank that lets a short hand go out": a player's passes and plays only ever
  tell about the rank of a round, which is gone when the round ends, so all the bot knows of
  an opponent is his card count, and the chance that he holds nothing but copies of a rank
  only grows with the copies the bot does not hold.  Preferring the rank it holds most of
  already avoids that risk best; no separate rule is needed.

It uses ``rng`` only to break exact ties, so the same observation and generator give the
same move.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from cardsuite.core.cards import Card
from cardsuite.core.moves import Move, Pass
from cardsuite.core.protocol import AnyGame, Observation
from cardsuite.games.snip_snap_snorem.model import ROUND, Play, SeenSnip, hand

SET = 4


@dataclass(frozen=True, slots=True)
class SnipWeights:
    """What a lead's outcomes are worth, in cards of the bot's hand."""

    lead_again: float = 2.0  # the bot plays the fourth card and leads the next round
    hold_back: bool = True  # multi_play: keep one copy back to play the fourth card


class SnipSnapSnoremBot:
    id = "heuristic"

    def __init__(self, weights: SnipWeights | None = None) -> None:
        self.weights = weights or SnipWeights()

    def choose(
        self,
        game: AnyGame,
        obs: Observation[Any],
        legal: tuple[Move, ...],
        rng: random.Random,
    ) -> Move:
        if len(legal) == 1:
            return legal[0]
        state: SeenSnip = obs.state
        me = obs.viewer
        assert me is not None
        mine = state.table.visible(hand(me))
        plays = [m for m in legal if isinstance(m, Play)]
        if not plays:
            return next(m for m in legal if isinstance(m, Pass))
        if state.rank:
            return self._match(state, plays)
        return self._lead(state, mine, plays, rng)

    def _match(self, state: SeenSnip, plays: list[Play]) -> Move:
        if not state.options.multi_play:
            return plays[0]
        most = max(plays, key=lambda m: len(m.cards))
        down = state.table.count(ROUND)
        if down + len(most.cards) >= SET or not self.weights.hold_back or len(most.cards) < 2:
            return most
        keep = most.cards[:-1]
        return next(m for m in plays if m.cards == keep)

    def _lead(
        self,
        state: SeenSnip,
        mine: tuple[Card, ...],
        plays: list[Play],
        rng: random.Random,
    ) -> Move:
        multi = state.options.multi_play
        groups: dict[int, list[Card]] = {}
        for card in mine:
            groups.setdefault(card.rank, []).append(card)
        if len(groups) == 1 and (multi or len(mine) == 1):  # the last cards go down: a win
            return max(plays, key=lambda m: len(m.cards))
        weights = self.weights
        best: list[int] = []
        best_value = float("-inf")
        for rank, group in groups.items():
            held = len(group)
            value = float(held)
            if (
                held == SET
                or (held == SET - 1 and not multi)
                or (multi and weights.hold_back and held > 1)
            ):
                value += weights.lead_again
            if value > best_value + 1e-9:
                best, best_value = [rank], value
            elif abs(value - best_value) <= 1e-9:
                best.append(rank)
        rank = best[rng.randrange(len(best))] if len(best) > 1 else best[0]
        lead = tuple(groups[rank])
        if not multi:
            lead = lead[:1]
        elif len(lead) < SET and weights.hold_back and len(lead) > 1:
            lead = lead[:-1]  # the last copy waits for the fourth card
        return next(m for m in plays if m.cards == lead)
