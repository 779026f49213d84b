"""Рубашка (Straccia camicia): packs, piles, options, the move, events and state in ``model``,
rules in ``engine``, look in ``present``."""

from cardsuite.games.rubashka.engine import LAYOUT, RUBASHKA, Rubashka, trick_key
from cardsuite.games.rubashka.model import (
    BEGGAR,
    CAMICIA,
    LAST_CARD,
    OUT_OF_CARDS,
    PACK,
    PILE,
    REPETITION,
    TRICK_LIMIT,
    TRICK_LIMIT_REACHED,
    Dealt,
    Flip,
    Flipped,
    FullRubashka,
    GameEnded,
    LastCardTaken,
    OutOfCards,
    PileTaken,
    Repetition,
    RubashkaOptions,
    RubashkaOutcome,
    RubashkaState,
    SeenRubashka,
    TrickLimit,
    packet,
    read_deal,
)

__all__ = [
    "BEGGAR", "CAMICIA", "LAST_CARD", "LAYOUT", "OUT_OF_CARDS", "PACK", "PILE",
    "REPETITION", "RUBASHKA", "TRICK_LIMIT", "TRICK_LIMIT_REACHED", "Dealt", "Flip", "Flipped",
    "FullRubashka", "GameEnded", "LastCardTaken", "OutOfCards", "PileTaken", "Repetition",
    "Rubashka", "RubashkaOptions", "RubashkaOutcome", "RubashkaState", "SeenRubashka",
    "TrickLimit", "packet", "read_deal", "trick_key",
]  # fmt: skip
