"""Снип-снап-снуре (Snip Snap Snorem): piles, options, moves, events and state in ``model``,
rules in ``engine``, look in ``present``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardsuite.games.registry import GameBots, GameInfo

GAME = GameInfo(
    __name__,
    number=7,
    id="snip-snap-snorem",
    title="Snip Snap Snorem",
    original_name="Снип-снап-снуре",
    aliases=(
        "snip snap snorem",
        "snip-snap-snorum",
        "snip snap snorum",
        "snip-snap-snure",
        "earl of coventry",
        "снип-снап-снуре",
    ),
    seat_counts=(3, 4, 5, 6),
    summary=(
        "Match the round's rank in turn, calling Snip! Snap! Snorem!; the first with an empty "
        "hand wins."
    ),
    engine="SNIP_SNAP_SNOREM",
    options="cardsuite.games.snip_snap_snorem.model:SnipOptions",
    kernel="cardsuite.games.snip_snap_snorem.kernel:KERNEL",
    bots=GameBots(
        heuristic="cardsuite.bots.snip_snap_snorem:SnipSnapSnoremBot",
        playout="cardsuite.bots.snip_snap_snorem:SnipSnapSnoremBot",
    ),
    every_card_seen=True,
)

if TYPE_CHECKING:
    from cardsuite.core.moves import Pass
    from cardsuite.core.text import ranks_word
    from cardsuite.games.snip_snap_snorem.engine import (
        MIXED_RANKS,
        MUST_LEAD,
        MUST_MATCH,
        NOT_IN_HAND,
        ONE_CARD_ONLY,
        SNIP_SNAP_SNOREM,
        WRONG_RANK,
        SnipSnapSnorem,
    )
    from cardsuite.games.snip_snap_snorem.model import (
        CALLS,
        DONE,
        EMPTY_HAND,
        ROUND,
        Dealt,
        EmptyHandWins,
        FullSnip,
        GameEnded,
        Passed,
        Play,
        Played,
        RoundDone,
        SeenSnip,
        SnipMove,
        SnipOptions,
        SnipState,
        calls_text,
        cards_left,
        end_text,
        hand,
    )
else:  # at run time, each name is imported from engine.py or model.py when first asked for
    __getattr__ = GAME.export


__all__ = [
    "CALLS", "DONE", "EMPTY_HAND", "MIXED_RANKS", "MUST_LEAD", "MUST_MATCH",
    "NOT_IN_HAND", "ONE_CARD_ONLY", "ROUND", "SNIP_SNAP_SNOREM", "WRONG_RANK", "Dealt",
    "EmptyHandWins", "FullSnip", "GameEnded", "Pass", "Passed", "Play", "Played", "RoundDone",
    "SeenSnip", "SnipMove", "SnipOptions", "SnipSnapSnorem", "SnipState", "calls_text",
    "cards_left", "end_text", "hand", "ranks_word",
]  # fmt: skip
