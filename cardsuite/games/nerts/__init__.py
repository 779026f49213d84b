"""Nerts (Pounce, Racing Demon): piles, options, moves, events and state in ``model``, rules in
``engine``, look in ``present``.  A real-time game: see ``core.protocol`` on the clock."""

from cardsuite.games.nerts.engine import (
    ACE_FIRST,
    ACE_TO_CENTRE,
    ALREADY_STUCK,
    BAD_BUILD,
    CANNOT_PASS,
    NOT_AVAILABLE,
    NOT_OWN_ROW,
    NOT_STARTED,
    NOTHING_TO_FLIP,
    WRONG_FOUNDATION,
    WRONG_MODE,
    Nerts,
)
from cardsuite.games.nerts.model import (
    CENTRE,
    DEADLOCK,
    OUT,
    OVER,
    PLAY,
    REALTIME,
    START_DELAY,
    TIMEOUT,
    TURNS,
    WAITING,
    Flip,
    FullNerts,
    NertsMove,
    NertsOptions,
    NertsState,
    Pass,
    Play,
    SeenNerts,
    Stuck,
    found,
    nerts,
    row,
    rows,
    stock,
    waste,
)

NERTS = Nerts()

__all__ = [
    "ACE_FIRST", "ACE_TO_CENTRE", "ALREADY_STUCK", "BAD_BUILD", "CANNOT_PASS", "CENTRE",
    "DEADLOCK", "NERTS", "NOTHING_TO_FLIP", "NOT_AVAILABLE", "NOT_OWN_ROW",
    "NOT_STARTED", "OUT", "OVER", "PLAY", "REALTIME", "START_DELAY", "TIMEOUT", "TURNS",
    "WAITING", "WRONG_FOUNDATION", "WRONG_MODE", "Flip", "FullNerts", "Nerts", "NertsMove",
    "NertsOptions", "NertsState", "Pass", "Play", "SeenNerts", "Stuck", "found", "nerts", "row",
    "rows", "stock", "waste",
]  # fmt: skip
