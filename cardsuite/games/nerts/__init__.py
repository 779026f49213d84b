"""Nerts (Pounce, Racing Demon): piles, options, moves, events and state in ``model``, rules in
``engine``, look in ``present``.  A real-time game: see ``core.protocol`` on the clock.

Importing the package loads only its declaration, ``GAME``; the names below come from
its modules when first asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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
    bots=GameBots(
        heuristic="cardsuite.bots.nerts:NertsBot",
    ),
)

if TYPE_CHECKING:
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
        NOBODY,
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

    NERTS: Nerts


def __getattr__(name: str) -> Any:
    """The engine (made once) and the names of the engine and the model, when first
    asked for."""
    if name == "NERTS":
        from cardsuite.games.nerts.engine import Nerts

        return globals().setdefault("NERTS", Nerts())
    return GAME.export(name)


__all__ = [
    "ACE_FIRST", "ACE_TO_CENTRE", "ALREADY_STUCK", "BAD_BUILD", "CANNOT_PASS", "CENTRE",
    "DEADLOCK", "NERTS", "NOBODY", "NOTHING_TO_FLIP", "NOT_AVAILABLE", "NOT_OWN_ROW",
    "NOT_STARTED", "OUT", "OVER", "PLAY", "REALTIME", "START_DELAY", "TIMEOUT", "TURNS",
    "WAITING", "WRONG_FOUNDATION", "WRONG_MODE", "Flip", "FullNerts", "Nerts", "NertsMove",
    "NertsOptions", "NertsState", "Pass", "Play", "SeenNerts", "Stuck", "found", "nerts", "row",
    "rows", "stock", "waste",
]  # fmt: skip
