"""A bot for any game: determinized Monte-Carlo search.

For each legal move the bot imagines the hidden cards (``game.determinize``: a full state that
its seat cannot tell from the real one), plays the move, lets a playout policy finish the game
for every seat, and scores the outcome for its own seat: 1 for beating a seat, 1/2 for sharing
its place, averaged over the other seats.  The move with the best average wins.

Fairness: the bot reads only its observation.  A determinization is built from the observation
and the bot's own random generator, so the imagined cards are guesses, not the real ones.

The work is measured in *plies* (moves applied during playouts), not in seconds, so the same
observation and the same generator always give the same move, on any machine.  The default
budget answers in about 0.1–0.3 s for the games of the suite.  Budget spending:

* moves are compared on the same imagined worlds, each playout seeded alike for every move
  (common random numbers), so differences come from the moves, not from luck;
* successive halving: the budget is split into rounds; after each round the weaker half of
  the moves is dropped, so most playouts go to the moves that matter;
* a playout that reaches ``playout_limit`` plies without an outcome scores 1/2;
* with a playout policy, the policy's own choice is always searched and kept unless another
  move beats it clearly (by ``confidence`` standard errors of the paired differences), so a
  small budget seldom lets noise alone talk the search out of a good move.
"""

from __future__ import annotations

import math
import random
from typing import Any

from cardsuite.bots.base import Bot
from cardsuite.core.moves import Move
from cardsuite.core.outcome import Outcome
from cardsuite.core.protocol import AnyGame, Observation


def reward(outcome: Outcome | None, seat: int, partners: frozenset[int] = frozenset()) -> float:
    """What an outcome is worth to ``seat``: the share of the opposing seats it beat (ties count
    half); 1/2 when there is no outcome yet.  ``partners`` play on the seat's side: they share
    its place, so their gain is its gain and they are not counted as opponents."""
    if outcome is None:
        return 0.5
    places = outcome.places
    mine = places[seat]
    opponents = [s for s in range(len(places)) if s != seat and s not in partners]
    if not opponents:
        return 1.0
    score = 0.0
    for s in opponents:
        place = places[s]
        score += 1.0 if place > mine else 0.5 if place == mine else 0.0
    return score / len(opponents)


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


class SearchBot:
    """Determinized Monte-Carlo search with a fixed budget of plies.

    ``policy`` plays every seat during playouts; None means uniformly random moves (the fastest,
    and the only choice a game without a bot of its own has).  A policy bot is called with
    each seat's own observation, as in a real game.
    """

    id = "search"

    def __init__(
        self,
        policy: Bot | None = None,
        *,
        plies: int = 25_000,
        playout_limit: int = 2_000,
        max_moves: int = 12,
        confidence: float = 2.0,
    ) -> None:
        self.policy = policy
        self.plies = plies
        self.playout_limit = playout_limit
        self.max_moves = max_moves
        self.confidence = confidence

    def choose(
        self,
        game: AnyGame,
        obs: Observation[Any],
        legal: tuple[Move, ...],
        rng: random.Random,
    ) -> Move:
        if len(legal) == 1:
            return legal[0]
        me = legal[0].seat if obs.viewer is None else obs.viewer
        partners = next((side for side in game.sides(obs.state) if me in side), frozenset())
        anchor = None
        if self.policy is not None:
            anchor = legal.index(self.policy.choose(game, obs, legal, rng))
        alive = self._candidates(legal, anchor, rng)
        results: list[list[float]] = [[] for _ in legal]  # reward per imagined world
        rounds = max(1, math.ceil(math.log2(len(alive))))
        spent = 0
        world_no = 0
        for round_no in range(rounds):
            budget = (self.plies - spent) // (rounds - round_no)
            used = 0
            while True:
                try:
                    world = game.determinize(obs, rng)
                except ValueError:  # a hand-made position the deck cannot fill
                    return legal[anchor] if anchor is not None else rng.choice(legal)
                seed = rng.getrandbits(32)
                for i in alive:
                    state = game.apply(world, legal[i])
                    end, plies = self._playout(game, state, random.Random(seed))
                    results[i].append(reward(game.outcome(end), me, partners))
                    used += plies + 1
                world_no += 1
                if used >= budget:
                    break
            spent += used
            if round_no < rounds - 1:
                ranked = sorted(alive, key=lambda i: (-_mean(results[i]), i))
                kept = set(ranked[: max(1, (len(ranked) + 1) // 2)])
                if anchor is not None:
                    kept.add(anchor)
                # Every survivor (the anchor always survives) has been played in every world
                # so far, so its results stay aligned world by world with the anchor's.
                alive = sorted(kept)
        best = max(alive, key=lambda i: (_mean(results[i]), -i))
        if anchor is None or best == anchor:
            return legal[best]
        return (
            legal[best] if self._clearly_better(results[best], results[anchor]) else legal[anchor]
        )

    def _clearly_better(self, mine: list[float], theirs: list[float]) -> bool:
        """Whether ``mine`` beats ``theirs`` by more than chance, world by world (both lists
        hold one result per imagined world, the same worlds in the same order)."""
        diffs = [a - b for a, b in zip(mine, theirs, strict=False)]
        n = len(diffs)
        if n < 2:
            return False
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean > self.confidence * math.sqrt(var / n) and mean > 0

    def _candidates(
        self, legal: tuple[Move, ...], anchor: int | None, rng: random.Random
    ) -> list[int]:
        """The indices of the moves worth searching: all of them, or, when there are too many
        for the budget, ``max_moves`` of them at random, always with the policy's choice."""
        if len(legal) <= self.max_moves:
            return list(range(len(legal)))
        keep: set[int] = set() if anchor is None else {anchor}
        others = [i for i in range(len(legal)) if i not in keep]
        keep.update(rng.sample(others, self.max_moves - len(keep)))
        return sorted(keep)

    def _playout(self, game: AnyGame, state: Any, rng: random.Random) -> tuple[Any, int]:
        """Play on to the end (or the ply limit); return the last state and the plies made."""
        policy = self.policy
        plies = 0
        limit = self.playout_limit
        while plies < limit:
            to_move = game.to_move(state)
            if not to_move:
                break
            seat = min(to_move)
            moves = game.legal_moves(state, seat)
            if not moves:  # on a clock: another seat may act, or something falls due
                movers = [s for s in sorted(to_move) if game.legal_moves(state, s)]
                if not movers:
                    due = game.next_due(state)
                    if due is None:
                        break
                    state = game.advance(state, due)
                    plies += 1
                    continue
                seat = movers[rng.randrange(len(movers))]
                moves = game.legal_moves(state, seat)
            if len(moves) == 1:
                move = moves[0]
            elif policy is None:
                move = moves[rng.randrange(len(moves))]
            else:
                move = policy.choose(game, game.observe(state, seat), moves, rng)
            state = game.apply(state, move)
            plies += 1
        return state, plies
