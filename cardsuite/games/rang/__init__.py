"""Ранг (Rang)."""

from __future__ import annotations

from cardsuite.games.registry import GameBots, GameInfo

GAME = GameInfo(
    __name__,
    number=3,
    id="rang",
    title="Rang",
    original_name="Ранг",
    summary="Play one rank up or down, Aces and jokers when stuck; don't be the last with cards.",
    aliases=("rank", "ранґ"),
    seat_counts=tuple(range(2, 11)),
    engine="RANG",
    options="RangOptions",
    kernel="KERNEL",
    # random playouts too long to tell moves apart: hard plays as normal
    bots=GameBots(heuristic="RangBot", hard_plies=0),
    last_place_loses=True,  # whoever is left holding cards; everyone else shares the first place
    forced_moves_wait=True,  # draw after draw: each shown, by Enter
)
