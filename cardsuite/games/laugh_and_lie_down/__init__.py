"""Laugh and Lie Down (Смех до упада)."""

from __future__ import annotations

from cardsuite.games.registry import GameBots, GameInfo

GAME = GameInfo(
    __name__,
    number=12,
    id="laugh-and-lie-down",
    title="Laugh and Lie Down",
    original_name="Смех до упада",
    aliases=("laugh and lay down", "laugh-and-lay-down", "смех до упада", "laugh"),
    seat_counts=(3, 4, 5, 6),
    summary=(
        "Pair your cards with the cards on the table, several captures a turn; the first who "
        "cannot match lies down and is laughed at."
    ),
    engine="LAUGH",
    options="cardsuite.games.laugh_and_lie_down.model:LaughOptions",
    bots=GameBots(
        heuristic="cardsuite.bots.laugh_and_lie_down:LaughBot",
        playout="cardsuite.bots.laugh_and_lie_down:LaughBot",
        hard_plies=10_000,  # p95 under 250 ms (benchmarks/search_speed.py --level hard)
    ),
    # a player who cannot match lies down at once: auto-play would end his deal unseen
    forced_moves_wait=True,
    every_card_seen=True,
    kernel="cardsuite.games.laugh_and_lie_down.kernel:KERNEL",
)
