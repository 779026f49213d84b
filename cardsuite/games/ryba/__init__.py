"""Рыба (Go Fish): piles, options, moves, events and state in ``model``, rules in ``engine``,
look in ``present``."""

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
    ranks_word,
)

__all__ = [
    "ALL_BOOKS_DOWN", "ASK_LIMIT", "ASK_LIMIT_REACHED", "BAD_TARGET", "EMPTY_HAND",
    "RANK_NOT_HELD", "RYBA", "STOCK", "TOGETHER", "Ask", "Asked", "BookLaid", "Dealt",
    "DrewForTurn", "Fished", "FishedNothing", "FullRyba", "GameEnded", "HandedOver",
    "OutOfCards", "Ryba", "RybaMove", "RybaOptions", "RybaState", "SeenRyba", "Skipped",
    "book_counts", "books", "hand", "order_from_dealer", "ranks_word",
]  # fmt: skip
