"""Seven Up (All Fours with seven chips)."""

from __future__ import annotations

from cardsuite.games.registry import GameBots, GameInfo

GAME = GameInfo(
    __name__,
    number=5,
    id="seven-up",
    title="Seven Up",
    original_name="Семь вверх",
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
    summary=(
        "All Fours with seven chips: tricks, High, Low, Jack and Game each put a chip in the pot; "
        "the first to shed all seven wins."
    ),
    engine="SEVEN_UP",
    options="cardsuite.games.seven_up.model:SevenUpOptions",
    kernel="cardsuite.games.seven_up.kernel:KERNEL",
    bots=GameBots(
        heuristic="cardsuite.bots.seven_up:SevenUpBot",
        playout="cardsuite.bots.seven_up:QuickSevenUpBot",
        hard_plies=7_000,  # p95 under 250 ms (benchmarks/search_speed.py --level hard)
    ),
)
