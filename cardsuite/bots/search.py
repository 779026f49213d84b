"""A bot for any game: determinized Monte-Carlo search.

For each legal move the bot imagines the hidden cards (``game.determinize``: a full state that
its seat cannot tell from the real one), plays the move, lets a playout policy finish the game
for every seat, and scores the outcome for its own seat: 1 for beating a seat, 1/2 for sharing
its place, averaged over the other seats.  The move with the best average wins.

Fairness: the bot reads only its observation.  A determinization is built from the observation
and the bot's own random generator, so the imagined cards are guesses, not the real ones.

The work is measured in *plies* (moves applied during playouts), not in seconds, so the same
observation and the same generator always give the same move, on any machine.  A world and a
playout cost more than their plies: imagining a world deals the hidden cards, and starting a
playout applies the candidate move in the engine, loads the kernel and scores the end.  Near
the end of a deal, where playouts are a few plies long, that work was most of a decision (a
second and a half for one of 35 moves at Seven Leaves, on a budget meant for a fifth of one),
so each world is charged :data:`WORLD_PLIES` and each playout :data:`PLAYOUT_PLIES` besides its
plies (about what they cost, measured over the games' decisions).  With random playouts in the
kernel the default budget takes a median of 0.05–0.3 s a decision in the games of the suite
(``benchmarks/search_speed.py``).  Budget spending:

* moves are compared on the same imagined worlds, each playout seeded alike for every move
  (common random numbers), so differences come from the moves, not from luck;
* successive halving: the budget is split into rounds; after each round the weaker half of
  the moves is dropped, so most playouts go to the moves that matter;
* a playout that reaches ``playout_limit`` plies without an outcome scores 1/2;
* with a guide (a bot of the game's own, by default the playout policy), the guide's choice
  is always searched and kept unless another move beats it clearly (by ``confidence`` standard
  errors of the paired differences, over ``min_worlds`` imagined worlds at least), so a small
  budget seldom lets noise alone talk the search out of a good move: the search corrects the
  guide where the playouts show it wrong.  The floor matters where random playouts are long
  (Rang, the races): a few worlds whose playouts all stop at ``playout_limit`` (scored 1/2)
  against a few that end in a loss look certain, and are not.

Where playouts run.  Random playouts (no policy) in a game that declares a kernel
(:mod:`cardsuite.core.kernel`) run in the kernel: the candidate move is applied by the engine,
the kernel is loaded from the state after it and actions are played in place to the end, at a
fraction of the engine's cost per ply: at random, or by the kernel's quick rule of thumb where
it writes one (:meth:`~cardsuite.core.kernel.Kernel.quick`: a few comparisons a ply over the
imagined world, where every card is in sight; opponents who play like players, not at random,
make a playout say more of a move).  A policy plays from observations, which only
the engine makes, so policy playouts (and every game without a kernel) run in the engine.  The
two paths are two functions, :meth:`SearchBot._engine_playout` and
:meth:`SearchBot._kernel_playout`, written alike line for line: the same choice of seat, the
same draws from the generator, the same count of plies (an advance of the clock is a ply too),
so a budget buys the same playouts either way.  They are not one function over an adapter on
purpose: the kernel's loop is the hot one, and an adapter would put a call between it and every
step it takes.  The moves drawn differ (a kernel lists its actions in its own order), so the
two paths may choose differently on a close call.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardsuite.bots.base import Bot, Remembers
from cardsuite.core.kernel import Kernel, plays_by_rule
from cardsuite.core.moves import Move
from cardsuite.core.outcome import Outcome
from cardsuite.core.protocol import AnyGame, Observation
from cardsuite.games import GAME_INFO

# One playout from a state: its outcome (None if it ran out of plies first) and the plies made.
Playout = Callable[[Any, random.Random], tuple[Outcome | None, int]]

# What imagining a world and starting a playout cost, in plies of the budget (an engine ply
# takes 10-30 µs, a world 100-350 µs, the start and end of a playout 50-250 µs).
WORLD_PLIES = 10
PLAYOUT_PLIES = 5


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


@dataclass(frozen=True, slots=True)
class SearchStats:
    """What one decision cost: the worlds imagined, the playouts run (one per candidate move
    per world) and the plies spent (the candidate moves included)."""

    worlds: int = 0
    playouts: int = 0
    plies: int = 0


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


class SearchBot:
    """Determinized Monte-Carlo search with a fixed budget of plies.

    ``policy`` plays every seat during playouts; None means uniformly random moves (the fastest,
    and the only choice a game without a bot of its own has).  A policy bot is called with
    each seat's own observation, as in a real game.  Random playouts run in the game's kernel
    where it has one, unless ``kernels`` is False (to compare with the engine's playouts);
    there every seat plays by the kernel's quick rule of thumb where it writes one, unless
    ``rules`` is False (to compare with random playouts).
    ``guide`` proposes the move to beat (the policy when None); a guide with a memory
    (:class:`~cardsuite.bots.base.Remembers`) is shown what this bot is shown.
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
        min_worlds: int = 16,
        kernels: bool = True,
        rules: bool = True,
        guide: Bot | None = None,
    ) -> None:
        self.policy = policy
        self.guide = guide if guide is not None else policy
        self.kernels = kernels
        self.rules = rules
        self.last_stats = SearchStats()  # what the latest decision cost, for benchmarks
        self.plies = plies
        self.playout_limit = playout_limit
        self.max_moves = max_moves
        self.confidence = confidence
        self.min_worlds = min_worlds

    def choose(
        self,
        game: AnyGame,
        obs: Observation[Any],
        legal: tuple[Move, ...],
        rng: random.Random,
    ) -> Move:
        self.last_stats = SearchStats()
        if len(legal) == 1:
            return legal[0]
        me = legal[0].seat if obs.viewer is None else obs.viewer
        partners = next((side for side in game.sides(obs.state) if me in side), frozenset())
        anchor = None
        if self.guide is not None:
            anchor = legal.index(self.guide.choose(game, obs, legal, rng))
        alive = self._candidates(legal, anchor, rng)
        playout = self._playout_for(game)
        results: list[list[float]] = [[] for _ in legal]  # reward per imagined world
        rounds = max(1, math.ceil(math.log2(len(alive))))
        spent = 0  # of the budget: plies, and the cost of worlds and playouts in plies
        plies_made = 0
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
                used += WORLD_PLIES
                for i in alive:
                    outcome, plies = playout(game.apply(world, legal[i]), random.Random(seed))
                    results[i].append(reward(outcome, me, partners))
                    used += plies + PLAYOUT_PLIES
                    plies_made += plies + 1
                world_no += 1
                if used >= budget:
                    break
            spent += used
            self.last_stats = SearchStats(world_no, sum(map(len, results)), plies_made)
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

    def observe(self, game: AnyGame, obs: Observation[Any]) -> None:
        """Show the guide what this seat sees now, if it remembers (see ``Remembers``)."""
        if isinstance(self.guide, Remembers):
            self.guide.observe(game, obs)

    def forget(self) -> None:
        if isinstance(self.guide, Remembers):
            self.guide.forget()

    def _clearly_better(self, mine: list[float], theirs: list[float]) -> bool:
        """Whether ``mine`` beats ``theirs`` by more than chance, world by world (both lists
        hold one result per imagined world, the same worlds in the same order)."""
        diffs = [a - b for a, b in zip(mine, theirs, strict=False)]
        n = len(diffs)
        if n < max(2, self.min_worlds):
            return False
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean > self.confidence * math.sqrt(var / n) and mean > 0

    def _candidates(
        self, legal: tuple[Move, ...], anchor: int | None, rng: random.Random
    ) -> list[int]:
        """The indices of the moves worth searching: all of them, or, when there are too many
        for the budget, ``max_moves`` of them at random, always with the guide's choice."""
        if len(legal) <= self.max_moves:
            return list(range(len(legal)))
        keep: set[int] = set() if anchor is None else {anchor}
        others = [i for i in range(len(legal)) if i not in keep]
        keep.update(rng.sample(others, self.max_moves - len(keep)))
        return sorted(keep)

    def kernel_for(self, game: AnyGame) -> Kernel[Any, Any] | None:
        """The kernel this bot's playouts run in for ``game``: None for policy playouts, with
        ``kernels`` off, or for a game that declares none (the engine plays out then)."""
        if self.policy is not None or not self.kernels:
            return None
        info = GAME_INFO.get(game.id)
        return info.load_kernel() if info is not None else None

    def _playout_for(self, game: AnyGame) -> Playout:
        kernel = self.kernel_for(game)
        if kernel is None:
            return lambda state, rng: self._engine_playout(game, state, rng)
        return lambda state, rng: self._kernel_playout(kernel, state, rng)

    def _engine_playout(
        self, game: AnyGame, state: Any, rng: random.Random
    ) -> tuple[Outcome | None, int]:
        """Play on in the engine to the end (or the ply limit), each seat by the policy or at
        random; return the outcome and the plies made."""
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
        return game.outcome(state), plies

    def _kernel_playout(
        self, kernel: Kernel[Any, Any], state: Any, rng: random.Random
    ) -> tuple[Outcome | None, int]:
        """The same playout as :meth:`_engine_playout` at random, in the kernel loaded from
        ``state`` (a fresh working copy, played on in place); by the kernel's quick rule of
        thumb where it writes one (:meth:`Kernel.quick`) and ``rules`` is on."""
        to_move, legal_of, play = kernel.to_move, kernel.legal, kernel.play
        quick = kernel.quick if self.rules and plays_by_rule(kernel) else None
        k = kernel.load(state)
        plies = 0
        limit = self.playout_limit
        while plies < limit:
            movers = to_move(k)  # in seat order: the first is the lowest
            if not movers:
                break
            seat = movers[0]
            actions = legal_of(k, seat)
            if not actions:  # on a clock: another seat may act, or something falls due
                able = [s for s in movers if legal_of(k, s)]
                if not able:
                    due = kernel.next_due(k)
                    if due is None:
                        break
                    k = kernel.advance(k, due)
                    plies += 1
                    continue
                seat = able[rng.randrange(len(able))]
                actions = legal_of(k, seat)
            count = len(actions)
            if count == 1:
                action = actions[0]
            elif quick is None:
                action = actions[rng.randrange(count)]
            else:
                action = quick(k, seat, actions, rng)
            k = play(k, action)
            plies += 1
        return kernel.outcome(k), plies
