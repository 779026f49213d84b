"""Грабуш (Grabush) — a partnership race of the Spite and Malice family.

:mod:`.model` holds what the game is (piles, options, moves, events, state and the decisions
taken where the spec is silent); :mod:`.engine` holds the rules; :mod:`.present` the table.
"""

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
    Pass,
    PenaltyInsert,
    PenaltySkip,
    Play,
    SeenGrabush,
)

__all__ = [
    "GRABUSH", "ILLEGAL_MOVE", "ILLEGAL_SOURCE", "Accuse", "AnyGrabushMove", "Discard",
    "FullGrabush", "Grabush", "GrabushMove", "GrabushOptions", "GrabushState", "Pass",
    "PenaltyInsert", "PenaltySkip", "Play", "SeenGrabush",
]  # fmt: skip
