"""The Bot protocol and the random bot every game gets for free.

A bot is asked for a move with its seat's observation, the legal moves and its own seeded
random generator.  A bot that remembers what it has seen (at Go Fish, who asked for which rank)
also implements :class:`Remembers`: the Match shows it its own seat's observation after every
move and makes it forget on undo or load (then shows it the history again), so its memory holds
exactly what a player in that seat has seen, never more.
"""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

from cardsuite.core.moves import Move
from cardsuite.core.protocol import AnyGame, Observation


class Bot(Protocol):
    """Chooses one of ``legal`` from what its seat may see (``obs``), using only ``rng``."""

    id: str

    def choose(
        self,
        game: AnyGame,
        obs: Observation[Any],
        legal: tuple[Move, ...],
        rng: random.Random,
    ) -> Move: ...


@runtime_checkable
class Remembers(Protocol):
    """A bot with a memory, fed only with its own seat's observations."""

    def observe(self, game: AnyGame, obs: Observation[Any]) -> None:
        """Note what this seat sees now (called after the deal and after every move)."""

    def forget(self) -> None:
        """Forget everything (before the history is shown again after an undo or a load)."""


class RandomBot:
    """Picks uniformly among the legal moves: the baseline and the fuzzer."""

    id = "random"

    def choose(
        self,
        game: AnyGame,
        obs: Observation[Any],
        legal: tuple[Move, ...],
        rng: random.Random,
    ) -> Move:
        return legal[rng.randrange(len(legal))]
