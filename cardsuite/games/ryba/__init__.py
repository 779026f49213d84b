"""Рыба (Go Fish)."""

from __future__ import annotations

from cardsuite.games.registry import GameBots, GameInfo

GAME = GameInfo(
    __name__,
    number=4,
    id="ryba",
    title="Go Fish",
    original_name="Рыба",
    aliases=("go-fish", "go fish", "fish", "ryba"),
    seat_counts=(2, 3, 4, 5, 6),
    summary="Ask for ranks, lay down books of four, and be the first with an empty hand.",
    engine="RYBA",
    options="cardsuite.games.ryba.model:RybaOptions",
    kernel="cardsuite.games.ryba.kernel:KERNEL",
    bots=GameBots(
        heuristic="cardsuite.bots.ryba:RybaBot",
        playout="cardsuite.bots.ryba:RybaBot",
    ),
)
