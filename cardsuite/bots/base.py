"""The Bot protocol and the random bot every game gets for free."""

from __future__ import annotations

import random
from typing import Any, Protocol

from cardsuite.core.moves import Move
from cardsuite.core.protocol import Game, Observation


class Bot(Protocol):
    """Chooses one of ``legal`` from what its seat may see (``obs``), using only ``rng``."""

    id: str

    def choose(
        self,
        game: Game[Any, Any],
        obs: Observation[Any],
        legal: tuple[Move, ...],
        rng: random.Random,
    ) -> Move: ...


class RandomBot:
    """Picks uniformly among the legal moves: the baseline and the fuzzer."""

    id = "random"

    def choose(
        self,
        game: Game[Any, Any],
        obs: Observation[Any],
        legal: tuple[Move, ...],
        rng: random.Random,
    ) -> Move:
        return legal[rng.randrange(len(legal))]
