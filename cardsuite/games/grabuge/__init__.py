"""Grabuge — a two-player competitive patience from 19th-century France.

The package reads like the rulebook: :mod:`.model` holds what the game is, the decisions taken
where the spec is silent, the piles, the options, the two moves, the events, the state and the
count of packets; :mod:`.engine` holds the rules (setup, the forced cascade, the turn, the
bonus, the end); :mod:`.present` shows the table.
"""

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

__all__ = [
    "GRABUGE", "RESERVE_FULL", "AnyGrabugeMove", "FullGrabuge", "Grabuge", "GrabugeMove",
    "GrabugeOptions", "GrabugeState", "PlaceInReserve", "PlayReserve", "SeenGrabuge",
    "leftover_packets", "packet_totals",
]  # fmt: skip
