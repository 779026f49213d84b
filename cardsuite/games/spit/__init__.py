"""Spit (Спит): piles, options, moves, events and state in ``model``, rules in ``engine``, look
in ``present``.  A real-time game (see ``core.protocol``'s real-time part)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardsuite.games.registry import GameBots, GameInfo

GAME = GameInfo(
    __name__,
    number=6,
    id="spit",
    title="Spit",
    original_name="Спит",
    aliases=("speed", "slam", "спит"),
    seat_counts=(2,),
    summary=(
        "A two-player race in real time: both play at once onto two centre piles, one rank up or "
        "down; the first to empty his row wins."
    ),
    engine="SPIT",
    options="cardsuite.games.spit.model:SpitOptions",
    kernel="cardsuite.games.spit.kernel:KERNEL",
    bots=GameBots(
        heuristic="cardsuite.bots.spit:SpitBot",
    ),
)

if TYPE_CHECKING:
    from cardsuite.core.moves import Pass
    from cardsuite.games.spit.engine import (
        ALREADY_REQUESTED,
        EMPTY_SLOT,
        NO_MANUAL_FILL,
        NO_REQUEST,
        NOT_ADJACENT,
        NOT_YOUR_MOVE,
        REACTION_MS,
        SLOT_NOT_EMPTY,
        SOURCE_TOO_SHORT,
        WRONG_MODE,
        Spit,
        adjacent_ranks,
        deal_packet,
    )
    from cardsuite.games.spit.model import (
        CENTRE,
        CLASSIC_LAYOUT,
        OUT,
        REALTIME,
        SEED_LAYOUT,
        STACK,
        STALL,
        STALL_SPITS,
        TURNS,
        Fill,
        FullSpit,
        Play,
        SeenSpit,
        SpitCancel,
        SpitMove,
        SpitOptions,
        SpitRequest,
        SpitState,
        slot,
        slots,
    )

    SPIT: Spit
else:  # at run time, each name is imported from engine.py or model.py when first asked for
    __getattr__ = GAME.export


__all__ = [
    "ALREADY_REQUESTED", "CENTRE", "CLASSIC_LAYOUT", "EMPTY_SLOT", "NOT_ADJACENT",
    "NOT_YOUR_MOVE", "NO_MANUAL_FILL", "NO_REQUEST", "OUT", "REACTION_MS", "REALTIME",
    "SEED_LAYOUT", "SLOT_NOT_EMPTY", "SOURCE_TOO_SHORT", "SPIT", "STACK", "STALL",
    "STALL_SPITS", "TURNS", "WRONG_MODE", "Fill", "FullSpit", "Pass", "Play", "SeenSpit",
    "Spit", "SpitCancel", "SpitMove", "SpitOptions", "SpitRequest", "SpitState",
    "adjacent_ranks", "deal_packet", "slot", "slots",
]  # fmt: skip
