"""Spit (Спит): piles, options, moves, events and state in ``model``, rules in ``engine``, look
in ``present``.  A real-time game (see ``core.protocol``'s real-time part)."""

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
    Pass,
    Play,
    SeenSpit,
    SpitCancel,
    SpitMove,
    SpitOptions,
    SpitRequest,
    SpitState,
    adjacent_ranks,
    slot,
    slots,
)

SPIT = Spit()

__all__ = [
    "ALREADY_REQUESTED", "CENTRE", "CLASSIC_LAYOUT", "EMPTY_SLOT", "NOT_ADJACENT",
    "NOT_YOUR_MOVE", "NO_MANUAL_FILL", "NO_REQUEST", "OUT", "REACTION_MS", "REALTIME",
    "SEED_LAYOUT", "SLOT_NOT_EMPTY", "SOURCE_TOO_SHORT", "SPIT", "STACK", "STALL",
    "STALL_SPITS", "TURNS", "WRONG_MODE", "Fill", "FullSpit", "Pass", "Play", "SeenSpit",
    "Spit", "SpitCancel", "SpitMove", "SpitOptions", "SpitRequest", "SpitState",
    "adjacent_ranks", "deal_packet", "slot", "slots",
]  # fmt: skip
