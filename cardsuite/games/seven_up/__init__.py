"""Seven Up (All Fours with seven chips): piles, options, moves, events and state in ``model``,
rules in ``engine``, look in ``present``."""

from cardsuite.games.seven_up.engine import (
    CANNOT_GIVE,
    CARD_NOT_HELD,
    MUST_FOLLOW,
    NOT_NOW,
    AnySevenUpMove,
    SevenUp,
    game_points,
)
from cardsuite.games.seven_up.model import (
    CHIPS,
    CLASSIC_ORDER,
    DISCARD,
    DONE,
    GIVE,
    PLAY,
    SEED_ORDER,
    STAND,
    STOCK,
    TRICK,
    TURNUP,
    VOID,
    Beg,
    Discard,
    FullSevenUp,
    Give,
    Phase,
    PlayCard,
    Redeal,
    Run,
    Scored,
    SeenSevenUp,
    SevenUpMove,
    SevenUpOptions,
    SevenUpState,
    Stand,
    discard,
    hand,
    won,
)

SEVEN_UP = SevenUp()

__all__ = [
    "CANNOT_GIVE", "CARD_NOT_HELD", "CHIPS", "CLASSIC_ORDER", "DISCARD", "DONE", "GIVE",
    "MUST_FOLLOW", "NOT_NOW", "PLAY", "SEED_ORDER", "SEVEN_UP", "STAND", "STOCK",
    "TRICK", "TURNUP", "VOID", "AnySevenUpMove", "Beg", "Discard", "FullSevenUp", "Give", "Phase", "PlayCard",
    "Redeal", "Run", "Scored", "SeenSevenUp", "SevenUp", "SevenUpMove", "SevenUpOptions", "SevenUpState",
    "Stand", "discard", "game_points", "hand", "won",
]  # fmt: skip
