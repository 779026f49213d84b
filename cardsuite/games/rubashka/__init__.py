"""Рубашка (Straccia camicia)."""

from __future__ import annotations

from cardsuite.games.registry import GameInfo

GAME = GameInfo(
    __name__,
    number=9,
    id="rubashka",
    title="Rubashka",
    original_name="Рубашка",
    summary=(
        "Turn cards onto a pile in turn; an Ace, 2 or 3 makes your opponent pay 1, 2 or 3 cards, "
        "and whoever is paid takes the pile. No decisions, all luck."
    ),
    aliases=(
        "straccia camicia",
        "straccia-camicia",
        "camicia",
        "cavacamicia",
        "beggar-my-neighbour",
        "beggar my neighbour",
        "strip jack naked",
    ),
    seat_counts=(2,),
    engine="RUBASHKA",
    options="RubashkaOptions",
    watch_by_default=True,  # nobody decides anything: a game played out at a pace
    decisions=False,  # every move is forced: one bot level, which says so
)
