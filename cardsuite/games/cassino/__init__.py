"""Cassino, clubs variant without building: piles, options, moves, events and state in
``model``, rules in ``engine``, look in ``present``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardsuite.games.registry import GameBots, GameInfo

GAME = GameInfo(
    __name__,
    number=10,
    id="cassino-clubs",
    title="Cassino",
    original_name="Казино (трефовое)",
    aliases=("cassino", "casino", "казино", "кассино"),
    seat_counts=(2, 3, 4, 5, 6),
    summary="Capture table cards by rank or by sums; most cards, most clubs, 2♣ and 10♦ score.",
    engine="CASSINO",
    options="cardsuite.games.cassino.model:CassinoOptions",
    bots=GameBots(
        heuristic="cardsuite.bots.cassino:CassinoBot",
        playout="cardsuite.bots.cassino:CassinoBot",
    ),
    kernel="cardsuite.games.cassino.kernel:KERNEL",
)

if TYPE_CHECKING:
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

    CASSINO: Cassino
else:  # at run time, each name is imported from engine.py or model.py when first asked for
    __getattr__ = GAME.export


__all__ = [
    "CARD_NOT_HELD", "CASSINO", "COURT_PAIRS_ONLY", "COURT_TAKES_ALL", "INVALID_CAPTURE",
    "MUST_CAPTURE", "NOT_NOW", "NOT_ON_TABLE", "OUT", "STOCK", "TABLE", "TEN_DIAMONDS",
    "TWO_CLUBS", "AnyCassinoMove", "Capture", "Cassino", "CassinoMove", "CassinoOptions",
    "CassinoState", "FullCassino", "SeenCassino", "Trail", "hand", "sum_masks", "value", "won",
]  # fmt: skip
