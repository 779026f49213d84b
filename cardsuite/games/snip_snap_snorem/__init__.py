"""Снип-снап-снуре (Snip Snap Snorem)."""

from __future__ import annotations

from cardsuite.games.registry import GameBots, GameInfo

GAME = GameInfo(
    __name__,
    number=7,
    id="snip-snap-snorem",
    title="Snip Snap Snorem",
    original_name="Снип-снап-снуре",
    summary=(
        "Match the round's rank in turn, calling Snip! Snap! Snorem!; the first with an empty "
        "hand wins."
    ),
    aliases=(
        "snip snap snorem",
        "snip-snap-snorum",
        "snip snap snorum",
        "snip-snap-snure",
        "earl of coventry",
        "снип-снап-снуре",
    ),
    seat_counts=(3, 4, 5, 6),
    engine="SNIP_SNAP_SNOREM",
    options="SnipOptions",
    kernel="KERNEL",
    bots=GameBots(heuristic="SnipSnapSnoremBot"),
    every_card_seen=True,  # the whole pack is dealt into the hands
)
