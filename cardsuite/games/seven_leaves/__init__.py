"""Seven Leaves (Семь листов, «носы»)."""

from __future__ import annotations

from cardsuite.games.registry import GameBots, GameInfo

GAME = GameInfo(
    __name__,
    number=11,
    id="seven-leaves",
    title="Seven Leaves (Noses)",
    original_name="Семь листов «Носы»",
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
    summary=(
        "Take seven tricks over the deals, following suit or trumping; the last player left "
        "without them loses and cuts the pack for his noses."
    ),
    engine="SEVEN_LEAVES",
    options="cardsuite.games.seven_leaves.model:SevenLeavesOptions",
    kernel="cardsuite.games.seven_leaves.kernel:KERNEL",
    bots=GameBots(
        heuristic="cardsuite.bots.seven_leaves:SevenLeavesBot",
        playout="cardsuite.bots.seven_leaves:QuickSevenLeavesBot",
        hard_plies=10_000,  # p95 under 250 ms (benchmarks/search_speed.py --level hard)
    ),
    last_place_loses=True,  # the last not safe; the safe places between: neither won nor lost
)
