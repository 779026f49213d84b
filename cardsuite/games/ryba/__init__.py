"""Рыба (Go Fish): piles, options, moves, events and state in ``model``, rules in ``engine``,
look in ``present``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardsuite.games.registry import GameBots, GameInfo

GAME = GameInfo(
    __name__,
    number=4,
    id="ryba",
    title="Go Fish",
    original_name="Рыба",
    aliases=("go-fish", "go fish", "fish", "ryba"),
    seat_counts=(2, 3, 4, 5, 6),
    summary="Ask for ranks, lay down books of four, and be the first with an empty hand.",
    engine="RYBA",
    options="cardsuite.games.ryba.model:RybaOptions",
    kernel="cardsuite.games.ryba.kernel:KERNEL",
    bots=GameBots(
        heuristic="cardsuite.bots.ryba:RybaBot",
        playout="cardsuite.bots.ryba:RybaBot",
    ),
)

if TYPE_CHECKING:
    from cardsuite.core.text import ranks_word
    from cardsuite.games.ryba.engine import BAD_TARGET, RANK_NOT_HELD, RYBA, Ryba
    from cardsuite.games.ryba.model import (
        ALL_BOOKS_DOWN,
        ASK_LIMIT,
        ASK_LIMIT_REACHED,
        EMPTY_HAND,
        STOCK,
        TOGETHER,
        Ask,
        Asked,
        BookLaid,
        Dealt,
        DrewForTurn,
        Fished,
        FishedNothing,
        FullRyba,
        GameEnded,
        HandedOver,
        OutOfCards,
        RybaMove,
        RybaOptions,
        RybaState,
        SeenRyba,
        Skipped,
        book_counts,
        books,
        hand,
        order_from_dealer,
    )
else:  # at run time, each name is imported from engine.py or model.py when first asked for
    __getattr__ = GAME.export


__all__ = [
    "ALL_BOOKS_DOWN", "ASK_LIMIT", "ASK_LIMIT_REACHED", "BAD_TARGET", "EMPTY_HAND",
    "RANK_NOT_HELD", "RYBA", "STOCK", "TOGETHER", "Ask", "Asked", "BookLaid", "Dealt",
    "DrewForTurn", "Fished", "FishedNothing", "FullRyba", "GameEnded", "HandedOver",
    "OutOfCards", "Ryba", "RybaMove", "RybaOptions", "RybaState", "SeenRyba", "Skipped",
    "book_counts", "books", "hand", "order_from_dealer", "ranks_word",
]  # fmt: skip
