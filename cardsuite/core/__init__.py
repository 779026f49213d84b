"""The engine core: cards, tables, moves, views, outcomes, records and the Game protocol.

Nothing here imports the rest of cardsuite, Textual or Rich.
"""

from cardsuite.core.cards import (
    ACE,
    FACE_DOWN,
    JACK,
    JOKER,
    KING,
    QUEEN,
    Card,
    CardFace,
    FaceDown,
    RankOrder,
    Suit,
    parse_card,
    parse_cards,
)
from cardsuite.core.errors import (
    CardsuiteError,
    IllegalMoveError,
    NotationError,
    OptionsError,
    SaveError,
    UnknownGameError,
)
from cardsuite.core.moves import Gesture, Move
from cardsuite.core.outcome import Outcome
from cardsuite.core.protocol import Event, Game, GameState, Observation, RulesBase
from cardsuite.core.table import Layout, PileId, PileSpec, Seat, Table, Visibility
from cardsuite.core.view import PileStyle, PileView, SeatView, TableView

__all__ = [
    "ACE",
    "FACE_DOWN",
    "JACK",
    "JOKER",
    "KING",
    "QUEEN",
    "Card",
    "CardFace",
    "CardsuiteError",
    "Event",
    "FaceDown",
    "Game",
    "GameState",
    "Gesture",
    "IllegalMoveError",
    "Layout",
    "Move",
    "NotationError",
    "Observation",
    "OptionsError",
    "Outcome",
    "PileId",
    "PileSpec",
    "PileStyle",
    "PileView",
    "RankOrder",
    "RulesBase",
    "SaveError",
    "Seat",
    "SeatView",
    "Suit",
    "Table",
    "TableView",
    "UnknownGameError",
    "Visibility",
    "parse_card",
    "parse_cards",
]  # fmt: skip
