"""Nerts (Pounce, Racing Demon), a real-time game: see ``core.protocol`` on the clock."""

from __future__ import annotations

from cardsuite.games.registry import GameBots, GameInfo

GAME = GameInfo(
    __name__,
    number=2,
    id="nerts",
    title="Nerts",
    original_name="Нертс (Пошли!)",
    summary=(
        "A race of patience: everyone plays his own deck at once onto shared foundations; the "
        "first to empty his 13-pile ends the deal."
    ),
    aliases=("nertz", "pounce", "racing demon", "racing-demon", "нертс"),
    seat_counts=(2, 3, 4, 5, 6),
    engine="NERTS",
    options="NertsOptions",
    kernel="KERNEL",
    # random playouts too long to tell moves apart: hard plays as normal
    bots=GameBots(heuristic="NertsBot", hard_plies=0),
)
