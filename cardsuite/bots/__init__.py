"""Bots: players that see exactly what a human in their seat would see.

A bot is asked for a move with its seat's observation, the legal moves and its own seeded
random generator.  It never receives the state, so it cannot cheat, and the contract suite
checks that observations hide what they must.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardsuite.bots.base import Bot, RandomBot
from cardsuite.core.errors import OptionsError
from cardsuite.core.protocol import Game

BotFactory = Callable[[Game[Any, Any]], Bot]

# Bot ids in order of strength; "random" plays every game.
BOTS: dict[str, BotFactory] = {"random": lambda game: RandomBot()}


def bot_ids(game: Game[Any, Any]) -> tuple[str, ...]:
    """The bots that can play ``game``."""
    return tuple(BOTS)


def make_bot(bot_id: str, game: Game[Any, Any]) -> Bot:
    factory = BOTS.get(bot_id)
    if factory is None:
        raise OptionsError(f"unknown bot {bot_id!r} (bots: {', '.join(BOTS)})")
    return factory(game)


__all__ = ["BOTS", "Bot", "RandomBot", "bot_ids", "make_bot"]
