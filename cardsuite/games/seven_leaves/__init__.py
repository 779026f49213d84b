"""Seven Leaves (Семь листов, «носы»)."""

from __future__ import annotations

from cardsuite.games.registry import GameBots, GameInfo

GAME = GameInfo(
    __name__,
    number=11,
    id="seven-leaves",
    title="Seven Leaves (Noses)",
    original_name="Семь листов «Носы»",
    summary=(
        "Take seven tricks over the deals, following suit or trumping; the last player left "
        "without them loses and cuts the pack for his noses."
    ),
    aliases=(
        "seven-leaves",
        "seven leaves",
        "seven leaves (noses)",
        "noses",
        "nosy",
        "семь листов",
        "семь листов (носы)",
        "носы",
    ),
    seat_counts=(2, 3, 4, 5),
    engine="SEVEN_LEAVES",
    options="SevenLeavesOptions",
    kernel="KERNEL",
    # p95 under 250 ms (benchmarks/search_speed.py --level hard)
    bots=GameBots(heuristic="SevenLeavesBot", playout="QuickSevenLeavesBot", hard_plies=11_000),
    last_place_loses=True,  # the last not safe; the safe places between: neither won nor lost
)
