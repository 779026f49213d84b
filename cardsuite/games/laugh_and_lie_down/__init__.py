"""Laugh and Lie Down (Смех до упада): piles, options, moves, events and state in ``model``,
rules in ``engine``, look in ``present``."""

from cardsuite.games.laugh_and_lie_down.engine import (
    CARD_NOT_HELD,
    MIXED_RANKS,
    MUST_CAPTURE,
    NEED_HAND_AND_TABLE,
    NOT_NOW,
    NOT_ON_TABLE,
    AnyLaughMove,
    LaughAndLieDown,
    net_chips,
)
from cardsuite.games.laugh_and_lie_down.model import (
    HAND_SIZES,
    TABLE,
    TABLE_SIZES,
    AddPair,
    Capture,
    Captured,
    EndTurn,
    FullLaugh,
    KeepPair,
    LaidAside,
    LaughMove,
    LaughOptions,
    LaughState,
    LayDown,
    PairAdded,
    PairOffered,
    SeenLaugh,
    Skipped,
    TableFour,
    captured,
    hand,
)

LAUGH = LaughAndLieDown()

__all__ = [
    "CARD_NOT_HELD", "HAND_SIZES", "LAUGH", "MIXED_RANKS", "MUST_CAPTURE", "NEED_HAND_AND_TABLE",
    "NOT_NOW", "NOT_ON_TABLE", "TABLE", "TABLE_SIZES", "AddPair", "AnyLaughMove",
    "Capture", "Captured", "EndTurn", "FullLaugh", "KeepPair", "LaidAside", "LaughAndLieDown",
    "LaughMove", "LaughOptions", "LaughState", "LayDown", "PairAdded", "PairOffered",
    "SeenLaugh", "Skipped", "TableFour", "captured", "hand", "net_chips",
]  # fmt: skip
