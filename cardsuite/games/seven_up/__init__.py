"""Seven Up (All Fours with seven chips)."""

from __future__ import annotations

from cardsuite.games.registry import GameBots, GameInfo

GAME = GameInfo(
    __name__,
    number=5,
    id="seven-up",
    title="Seven Up",
    original_name="Семь вверх",
    summary=(
        "All Fours with seven chips: tricks, High, Low, Jack and Game each put a chip in the pot; "
        "the first to shed all seven wins."
    ),
    aliases=(
        "all-fours",
        "all fours",
        "seven-up",
        "sevenup",
        "high-low-jack",
        "old sledge",
        "олл-форз",
    ),
    seat_counts=(2, 3, 4),
    engine="SEVEN_UP",
    options="SevenUpOptions",
    kernel="KERNEL",
    # p95 under 250 ms (benchmarks/search_speed.py --level hard)
    bots=GameBots(heuristic="SevenUpBot", playout="QuickSevenUpBot", hard_plies=10_000),
)
