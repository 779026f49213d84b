"""Nerts (Pounce, Racing Demon): piles, options, moves, events and state in ``model``, rules in
``engine``, look in ``present``.  A real-time game: see ``core.protocol`` on the clock."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardsuite.games.registry import GameBots, GameInfo

GAME = GameInfo(
    __name__,
    number=2,
    id="nerts",
    title="Nerts",
    original_name="Нертс (Пошли!)",
    aliases=("nertz", "pounce", "racing demon", "racing-demon", "нертс"),
    seat_counts=(2, 3, 4, 5, 6),
    summary=(
        "A race of patience: everyone plays his own deck at once onto shared foundations; the "
        "first to empty his 13-pile ends the deal."
    ),
    engine="NERTS",
    options="cardsuite.games.nerts.model:NertsOptions",
    kernel="cardsuite.games.nerts.kernel:KERNEL",
    bots=GameBots(
        heuristic="cardsuite.bots.nerts:NertsBot",
    ),
)

if TYPE_CHECKING:
    from cardsuite.core.moves import Pass
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

    NERTS: Nerts
else:  # at run time, each name is imported from engine.py or model.py when first asked for
    __getattr__ = GAME.export


__all__ = [
    "ACE_FIRST", "ACE_TO_CENTRE", "ALREADY_STUCK", "BAD_BUILD", "CANNOT_PASS", "CENTRE",
    "DEADLOCK", "NERTS", "NOTHING_TO_FLIP", "NOT_AVAILABLE", "NOT_OWN_ROW",
    "NOT_STARTED", "OUT", "OVER", "PLAY", "REALTIME", "START_DELAY", "TIMEOUT", "TURNS",
    "WAITING", "WRONG_FOUNDATION", "WRONG_MODE", "Flip", "FullNerts", "Nerts", "NertsMove",
    "NertsOptions", "NertsState", "Pass", "Play", "SeenNerts", "Stuck", "found", "nerts", "row",
    "rows", "stock", "waste",
]  # fmt: skip
