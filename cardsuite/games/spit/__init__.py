"""Spit (Спит), a real-time game (see ``core.protocol``'s real-time part)."""

from __future__ import annotations

from cardsuite.games.registry import GameBots, GameInfo

GAME = GameInfo(
    __name__,
    number=6,
    id="spit",
    title="Spit",
    original_name="Спит",
    summary=(
        "A two-player race in real time: both play at once onto two centre piles, one rank up or "
        "down; the first to empty his row wins."
    ),
    aliases=("speed", "slam", "спит"),
    seat_counts=(2,),
    engine="SPIT",
    options="SpitOptions",
    kernel="KERNEL",
    # random playouts too long to tell moves apart: hard plays as normal
    bots=GameBots(heuristic="SpitBot", hard_plies=0),
)
