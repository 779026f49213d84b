"""Грабуш (Grabush) — a partnership race of the Spite and Malice family.

:mod:`.model` holds what the game is (piles, options, moves, events, state and the decisions
taken where the spec is silent); :mod:`.engine` holds the rules; :mod:`.present` the table."""

from __future__ import annotations

from cardsuite.games.registry import GameBots, GameInfo

GAME = GameInfo(
    __name__,
    number=13,
    id="grabush",
    title="Grabush",
    original_name="Грабуш",
    summary=(
        "Partners race to empty their team pile onto shared stacks built Ace to King, playing "
        "from hand, team pile and their discard piles."
    ),
    aliases=("грабуш",),
    seat_counts=(2, 4, 6, 8),
    engine="GRABUSH",
    options="GrabushOptions",
    kernel="KERNEL",
    bots=GameBots(heuristic="GrabushBot"),
)
