"""Рыба (Go Fish)."""

from __future__ import annotations

from cardsuite.games.registry import GameBots, GameInfo

GAME = GameInfo(
    __name__,
    number=4,
    id="ryba",
    title="Go Fish",
    original_name="Рыба",
    summary="Ask for ranks, lay down books of four, and be the first with an empty hand.",
    aliases=("go-fish", "go fish", "fish", "ryba"),
    seat_counts=(2, 3, 4, 5, 6),
    engine="RYBA",
    options="RybaOptions",
    kernel="KERNEL",
    bots=GameBots(heuristic="RybaBot", hard_plies=15_000),
)
