"""Ранг (Rang): piles, options, moves, events and state in ``model``, rules in ``engine``, look
in ``present``."""

from cardsuite.games.rang.engine import ILLEGAL_ACTION, ILLEGAL_CARD, RANG, AnyRangMove, Rang
from cardsuite.games.rang.model import (
    DISCARD,
    DRAWN,
    LAST_WITH_CARDS,
    NORMAL,
    STALEMATE,
    STOCK,
    TURN_LIMIT,
    TURN_LIMIT_REACHED,
    Draw,
    FullRang,
    Keep,
    Play,
    PlayJoker,
    RangMove,
    RangOptions,
    RangState,
    SeenRang,
    hand,
)

__all__ = [
    "DISCARD", "DRAWN", "ILLEGAL_ACTION", "ILLEGAL_CARD", "LAST_WITH_CARDS",
    "NORMAL", "RANG", "STALEMATE", "STOCK", "TURN_LIMIT", "TURN_LIMIT_REACHED", "AnyRangMove",
    "Draw", "FullRang", "Keep", "Play", "PlayJoker", "Rang", "RangMove", "RangOptions",
    "RangState", "SeenRang", "hand",
]  # fmt: skip
