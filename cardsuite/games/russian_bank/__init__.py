"""Russian Bank (Crapette): piles, options, moves, events and state in ``model``, rules in
``engine``, look in ``present``."""

from cardsuite.games.russian_bank.engine import (
    FOUNDATION_MISMATCH,
    FOUNDATION_MOVE_REQUIRED,
    HOUSE_MISMATCH,
    LOAD_MISMATCH,
    NOT_A_TARGET,
    NOT_AVAILABLE,
    POINTLESS_MOVE,
    RussianBank,
)
from cardsuite.games.russian_bank.model import (
    AUTO,
    BLOCK,
    NO_PROGRESS,
    OVER,
    PLAY,
    STOP,
    TURN_LIMIT,
    WIN,
    Discard,
    EndTurn,
    FullRussianBank,
    Play,
    RussianBankMove,
    RussianBankOptions,
    RussianBankState,
    SeenRussianBank,
    StopCalled,
    StopPlace,
    foundation,
    hand,
    hand_card,
    house,
    reserve,
    waste,
)

RUSSIAN_BANK = RussianBank()

__all__ = [
    "AUTO", "BLOCK", "FOUNDATION_MISMATCH", "FOUNDATION_MOVE_REQUIRED", "HOUSE_MISMATCH",
    "LOAD_MISMATCH", "NOT_AVAILABLE", "NOT_A_TARGET", "NO_PROGRESS", "OVER", "PLAY",
    "POINTLESS_MOVE", "RUSSIAN_BANK", "STOP", "TURN_LIMIT", "WIN", "Discard", "EndTurn",
    "FullRussianBank", "Play", "RussianBank", "RussianBankMove", "RussianBankOptions",
    "RussianBankState", "SeenRussianBank", "StopCalled", "StopPlace", "foundation", "hand",
    "hand_card", "house", "reserve", "waste",
]  # fmt: skip
