"""Cassino, clubs variant without building."""

from __future__ import annotations

from cardsuite.games.registry import GameBots, GameInfo

GAME = GameInfo(
    __name__,
    number=10,
    id="cassino-clubs",
    title="Cassino",
    original_name="Казино (трефовое)",
    aliases=("cassino", "casino", "казино", "кассино"),
    seat_counts=(2, 3, 4, 5, 6),
    summary="Capture table cards by rank or by sums; most cards, most clubs, 2♣ and 10♦ score.",
    engine="CASSINO",
    options="cardsuite.games.cassino.model:CassinoOptions",
    bots=GameBots(
        heuristic="cardsuite.bots.cassino:CassinoBot",
        playout="cardsuite.bots.cassino:CassinoBot",
        hard_plies=5_000,  # p95 under 250 ms (benchmarks/search_speed.py --level hard)
    ),
    kernel="cardsuite.games.cassino.kernel:KERNEL",
)
