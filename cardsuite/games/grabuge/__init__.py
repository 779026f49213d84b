"""Grabuge — a two-player competitive patience from 19th-century France.

The package reads like the rulebook: :mod:`.model` holds what the game is, the decisions taken
where the spec is silent, the piles, the options, the two moves, the events, the state and the
count of packets; :mod:`.engine` holds the rules (setup, the forced cascade, the turn, the
bonus, the end); :mod:`.present` shows the table.

Importing the package loads only its declaration, ``GAME``; the names below come from
its modules when first asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardsuite.games.registry import GameBots, GameInfo

GAME = GameInfo(
    __name__,
    number=1,
    id="grabuge",
    title="Grabuge",
    original_name="Grabuge",
    aliases=("grabouge",),
    seat_counts=(2,),
    summary="Race to build packets Ace to King from your stock, grabuge and four reserve columns.",
    engine="GRABUGE",
    options="cardsuite.games.grabuge.model:GrabugeOptions",
    bots=GameBots(
        heuristic="cardsuite.bots.grabuge:GrabugeBot",
        playout="cardsuite.bots.grabuge:playout_bot",
    ),
)

if TYPE_CHECKING:
    from cardsuite.games.grabuge.engine import (
        GRABUGE,
        RESERVE_FULL,
        AnyGrabugeMove,
        Grabuge,
    )
    from cardsuite.games.grabuge.model import (
        FullGrabuge,
        GrabugeMove,
        GrabugeOptions,
        GrabugeState,
        PlaceInReserve,
        PlayReserve,
        SeenGrabuge,
        leftover_packets,
        packet_totals,
    )


def __getattr__(name: str) -> Any:
    """The names of the engine and the model, when first asked for."""
    return GAME.export(name)


__all__ = [
    "GRABUGE", "RESERVE_FULL", "AnyGrabugeMove", "FullGrabuge", "Grabuge", "GrabugeMove",
    "GrabugeOptions", "GrabugeState", "PlaceInReserve", "PlayReserve", "SeenGrabuge",
    "leftover_packets", "packet_totals",
]  # fmt: skip
