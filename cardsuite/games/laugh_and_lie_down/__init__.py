"""Laugh and Lie Down (Смех до упада)."""

from __future__ import annotations

from cardsuite.games.registry import GameBots, GameInfo

GAME = GameInfo(
    __name__,
    number=12,
    id="laugh-and-lie-down",
    title="Laugh and Lie Down",
    original_name="Смех до упада",
    summary=(
        "Pair your cards with the cards on the table, several captures a turn; the first who "
        "cannot match lies down and is laughed at."
    ),
    aliases=("laugh and lay down", "laugh-and-lay-down", "смех до упада", "laugh"),
    seat_counts=(3, 4, 5, 6),
    engine="LAUGH",
    options="LaughOptions",
    kernel="KERNEL",
    # p95 under 250 ms (benchmarks/search_speed.py --level hard)
    bots=GameBots(heuristic="LaughBot", hard_plies=8_000),
    # a player who cannot match lies down at once: auto-play would end his deal unseen
    forced_moves_wait=True,
    every_card_seen=True,  # each hand is its owner's, the rest lies face up on the table
)
