"""Рубашка (Straccia camicia): packs, piles, options, the move, events and state in ``model``,
rules in ``engine``, look in ``present``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardsuite.games.registry import GameInfo

GAME = GameInfo(
    __name__,
    number=9,
    id="rubashka",
    title="Rubashka",
    original_name="Рубашка",
    aliases=(
        "straccia camicia",
        "straccia-camicia",
        "camicia",
        "cavacamicia",
        "beggar-my-neighbour",
        "beggar my neighbour",
        "strip jack naked",
    ),
    seat_counts=(2,),
    summary=(
        "Turn cards onto a pile in turn; an Ace, 2 or 3 makes your opponent pay 1, 2 or 3 cards, "
        "and whoever is paid takes the pile. No decisions, all luck."
    ),
    engine="RUBASHKA",
    options="cardsuite.games.rubashka.model:RubashkaOptions",
    watch_by_default=True,  # nobody decides anything: a game played out at a pace
    decisions=False,  # every move is forced: one bot level, which says so
)

if TYPE_CHECKING:
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
else:  # at run time, each name is imported from engine.py or model.py when first asked for
    __getattr__ = GAME.export


__all__ = [
    "BEGGAR", "CAMICIA", "LAST_CARD", "LAYOUT", "OUT_OF_CARDS", "PACK", "PILE",
    "REPETITION", "RUBASHKA", "TRICK_LIMIT", "TRICK_LIMIT_REACHED", "Dealt", "Flip", "Flipped",
    "FullRubashka", "GameEnded", "LastCardTaken", "OutOfCards", "PileTaken", "Repetition",
    "Rubashka", "RubashkaOptions", "RubashkaOutcome", "RubashkaState", "SeenRubashka",
    "TrickLimit", "packet", "read_deal", "trick_key",
]  # fmt: skip
