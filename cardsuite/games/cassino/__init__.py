"""Cassino, clubs variant without building: piles, options, moves, events and state in
``model``, rules in ``engine``, look in ``present``."""

from cardsuite.games.cassino.engine import (
    CARD_NOT_HELD,
    COURT_PAIRS_ONLY,
    COURT_TAKES_ALL,
    INVALID_CAPTURE,
    MUST_CAPTURE,
    NOT_NOW,
    NOT_ON_TABLE,
    AnyCassinoMove,
    Cassino,
    sum_masks,
)
from cardsuite.games.cassino.model import (
    OUT,
    STOCK,
    TABLE,
    TEN_DIAMONDS,
    TWO_CLUBS,
    Capture,
    CassinoMove,
    CassinoOptions,
    CassinoState,
    FullCassino,
    SeenCassino,
    Trail,
    hand,
    value,
    won,
)

CASSINO = Cassino()

__all__ = [
    "CARD_NOT_HELD", "CASSINO", "COURT_PAIRS_ONLY", "COURT_TAKES_ALL", "INVALID_CAPTURE",
    "MUST_CAPTURE", "NOT_NOW", "NOT_ON_TABLE", "OUT", "STOCK", "TABLE", "TEN_DIAMONDS",
    "TWO_CLUBS", "AnyCassinoMove", "Capture", "Cassino", "CassinoMove", "CassinoOptions",
    "CassinoState", "FullCassino", "SeenCassino", "Trail", "hand", "sum_masks", "value", "won",
]  # fmt: skip
