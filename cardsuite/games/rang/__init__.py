"""Ранг (Rang): options, moves and state in ``model``, rules in ``engine``, look in ``present``."""

from cardsuite.games.rang.engine import RANG, Rang
from cardsuite.games.rang.model import (
    DRAWN,
    LAST_WITH_CARDS,
    NOBODY,
    NORMAL,
    STALEMATE,
    TURN_LIMIT,
    TURN_LIMIT_REACHED,
    Draw,
    Keep,
    Play,
    PlayJoker,
    RangMove,
    RangOptions,
    RangState,
    hand_pile,
)

__all__ = [
    "DRAWN", "LAST_WITH_CARDS", "NOBODY", "NORMAL", "RANG", "STALEMATE", "TURN_LIMIT",
    "TURN_LIMIT_REACHED", "Draw", "Keep", "Play", "PlayJoker", "Rang", "RangMove",
    "RangOptions", "RangState", "hand_pile",
]  # fmt: skip
