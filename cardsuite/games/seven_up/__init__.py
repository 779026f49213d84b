"""Seven Up (All Fours with seven chips): piles, options, moves, events and state in ``model``,
rules in ``engine``, look in ``present``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardsuite.games.registry import GameBots, GameInfo

GAME = GameInfo(
    __name__,
    number=5,
    id="seven-up",
    title="Seven Up",
    original_name="Семь вверх",
    aliases=(
        "all-fours",
        "all fours",
        "seven-up",
        "sevenup",
        "high-low-jack",
        "old sledge",
        "олл-форз",
    ),
    seat_counts=(2, 3, 4),
    summary=(
        "All Fours with seven chips: tricks, High, Low, Jack and Game each put a chip in the pot; "
        "the first to shed all seven wins."
    ),
    engine="SEVEN_UP",
    options="cardsuite.games.seven_up.model:SevenUpOptions",
    kernel="cardsuite.games.seven_up.kernel:KERNEL",
    bots=GameBots(
        heuristic="cardsuite.bots.seven_up:SevenUpBot",
        playout="cardsuite.bots.seven_up:QuickSevenUpBot",
    ),
)

if TYPE_CHECKING:
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

    SEVEN_UP: SevenUp
else:  # at run time, each name is imported from engine.py or model.py when first asked for
    __getattr__ = GAME.export


__all__ = [
    "CANNOT_GIVE", "CARD_NOT_HELD", "CHIPS", "CLASSIC_ORDER", "DISCARD", "DONE", "GIVE",
    "MUST_FOLLOW", "NOT_NOW", "PLAY", "SEED_ORDER", "SEVEN_UP", "STAND", "STOCK",
    "TRICK", "TURNUP", "VOID", "AnySevenUpMove", "Beg", "Discard", "FullSevenUp", "Give", "Phase", "PlayCard",
    "Redeal", "Run", "Scored", "SeenSevenUp", "SevenUp", "SevenUpMove", "SevenUpOptions", "SevenUpState",
    "Stand", "discard", "game_points", "hand", "won",
]  # fmt: skip
