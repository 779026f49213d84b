"""Cassino, clubs variant without building."""

from __future__ import annotations

from cardsuite.games.registry import GameBots, GameInfo

GAME = GameInfo(
    __name__,
    number=10,
    id="cassino-clubs",
    title="Cassino",
    original_name="Казино (трефовое)",
    summary="Capture table cards by rank or by sums; most cards, most clubs, 2♣ and 10♦ score.",
    aliases=("cassino", "casino", "казино", "кассино"),
    seat_counts=(2, 3, 4, 5, 6),
    engine="CASSINO",
    options="CassinoOptions",
    kernel="KERNEL",
    # p95 under 250 ms (benchmarks/search_speed.py --level hard)
    bots=GameBots(heuristic="CassinoBot", hard_plies=5_000),
)
