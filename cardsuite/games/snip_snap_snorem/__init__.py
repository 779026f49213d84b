"""Снип-снап-снуре (Snip Snap Snorem): piles, options, moves, events and state in ``model``,
rules in ``engine``, look in ``present``."""

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
    Pass,
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
    ranks_word,
)

__all__ = [
    "CALLS", "DONE", "EMPTY_HAND", "MIXED_RANKS", "MUST_LEAD", "MUST_MATCH",
    "NOT_IN_HAND", "ONE_CARD_ONLY", "ROUND", "SNIP_SNAP_SNOREM", "WRONG_RANK", "Dealt",
    "EmptyHandWins", "FullSnip", "GameEnded", "Pass", "Passed", "Play", "Played", "RoundDone",
    "SeenSnip", "SnipMove", "SnipOptions", "SnipSnapSnorem", "SnipState", "calls_text", "cards_left",
    "end_text", "hand", "ranks_word",
]  # fmt: skip
