"""Seven Leaves (Семь листов, «носы»): piles, options, moves, events and state in ``model``,
rules in ``engine``, look in ``present``."""

from cardsuite.games.seven_leaves.engine import (
    BAD_CUT,
    CARD_NOT_HELD,
    LAST_ACTIVE,
    LOWEST_TOTAL,
    MUST_FOLLOW,
    MUST_TRUMP,
    NOT_NOW,
    PLAY_OFF,
    SAFETY,
    AnySevenLeavesMove,
    SevenLeaves,
)
from cardsuite.games.seven_leaves.model import (
    COUNT,
    CUT,
    CUT_PHASE,
    DECK,
    DONE,
    OFF,
    PACK,
    PLAY,
    TRICK,
    CutPack,
    FullSevenLeaves,
    Penalty,
    Phase,
    PlayCard,
    SeenSevenLeaves,
    SevenLeavesMove,
    SevenLeavesOptions,
    SevenLeavesState,
    flicks_of,
    hand,
    won,
)

SEVEN_LEAVES = SevenLeaves()

__all__ = [
    "BAD_CUT", "CARD_NOT_HELD", "COUNT", "CUT", "CUT_PHASE", "DECK", "DONE", "LAST_ACTIVE",
    "LOWEST_TOTAL", "MUST_FOLLOW", "MUST_TRUMP", "NOT_NOW", "OFF", "PACK", "PLAY",
    "PLAY_OFF", "SAFETY", "SEVEN_LEAVES", "TRICK", "AnySevenLeavesMove", "CutPack",
    "FullSevenLeaves", "Penalty", "Phase", "PlayCard", "SeenSevenLeaves", "SevenLeaves",
    "SevenLeavesMove", "SevenLeavesOptions", "SevenLeavesState", "flicks_of", "hand", "won",
]  # fmt: skip
