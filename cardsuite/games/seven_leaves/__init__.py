"""Seven Leaves (Семь листов, «носы»): piles, options, moves, events and state in ``model``,
rules in ``engine``, look in ``present``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardsuite.games.registry import GameBots, GameInfo

GAME = GameInfo(
    __name__,
    number=11,
    id="seven-leaves",
    title="Seven Leaves (Noses)",
    original_name="Семь листов «Носы»",
    aliases=(
        "seven-leaves",
        "seven leaves",
        "seven leaves (noses)",
        "noses",
        "nosy",
        "семь листов",
        "семь листов (носы)",
        "носы",
    ),
    seat_counts=(2, 3, 4, 5),
    summary=(
        "Take seven tricks over the deals, following suit or trumping; the last player left "
        "without them loses and cuts the pack for his noses."
    ),
    engine="SEVEN_LEAVES",
    options="cardsuite.games.seven_leaves.model:SevenLeavesOptions",
    kernel="cardsuite.games.seven_leaves.kernel:KERNEL",
    bots=GameBots(
        heuristic="cardsuite.bots.seven_leaves:SevenLeavesBot",
        playout="cardsuite.bots.seven_leaves:QuickSevenLeavesBot",
    ),
    last_place_loses=True,  # the last not safe; the safe places between: neither won nor lost
)

if TYPE_CHECKING:
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

    SEVEN_LEAVES: SevenLeaves
else:  # at run time, each name is imported from engine.py or model.py when first asked for
    __getattr__ = GAME.export


__all__ = [
    "BAD_CUT", "CARD_NOT_HELD", "COUNT", "CUT", "CUT_PHASE", "DECK", "DONE", "LAST_ACTIVE",
    "LOWEST_TOTAL", "MUST_FOLLOW", "MUST_TRUMP", "NOT_NOW", "OFF", "PACK", "PLAY",
    "PLAY_OFF", "SAFETY", "SEVEN_LEAVES", "TRICK", "AnySevenLeavesMove", "CutPack",
    "FullSevenLeaves", "Penalty", "Phase", "PlayCard", "SeenSevenLeaves", "SevenLeaves",
    "SevenLeavesMove", "SevenLeavesOptions", "SevenLeavesState", "flicks_of", "hand", "won",
]  # fmt: skip
