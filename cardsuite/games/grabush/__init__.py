"""Грабуш (Grabush) — a partnership race of the Spite and Malice family.

:mod:`.model` holds what the game is (piles, options, moves, events, state and the decisions
taken where the spec is silent); :mod:`.engine` holds the rules; :mod:`.present` the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardsuite.games.registry import GameBots, GameInfo

GAME = GameInfo(
    __name__,
    number=13,
    id="grabush",
    title="Grabush",
    original_name="Грабуш",
    aliases=("грабуш",),
    seat_counts=(2, 4, 6, 8),
    summary=(
        "Partners race to empty their team pile onto shared stacks built Ace to King, playing "
        "from hand, team pile and their discard piles."
    ),
    engine="GRABUSH",
    options="cardsuite.games.grabush.model:GrabushOptions",
    kernel="cardsuite.games.grabush.kernel:KERNEL",
    bots=GameBots(
        heuristic="cardsuite.bots.grabush:GrabushBot",
        playout="cardsuite.bots.grabush:GrabushBot",
    ),
)

if TYPE_CHECKING:
    from cardsuite.core.moves import Pass
    from cardsuite.games.grabush.engine import (
        GRABUSH,
        ILLEGAL_MOVE,
        ILLEGAL_SOURCE,
        AnyGrabushMove,
        Grabush,
    )
    from cardsuite.games.grabush.model import (
        Accuse,
        Discard,
        FullGrabush,
        GrabushMove,
        GrabushOptions,
        GrabushState,
        PenaltyInsert,
        PenaltySkip,
        Play,
        SeenGrabush,
    )
else:  # at run time, each name is imported from engine.py or model.py when first asked for
    __getattr__ = GAME.export


__all__ = [
    "GRABUSH", "ILLEGAL_MOVE", "ILLEGAL_SOURCE", "Accuse", "AnyGrabushMove", "Discard",
    "FullGrabush", "Grabush", "GrabushMove", "GrabushOptions", "GrabushState", "Pass",
    "PenaltyInsert", "PenaltySkip", "Play", "SeenGrabush",
]  # fmt: skip
