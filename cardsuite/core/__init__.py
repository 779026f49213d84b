"""The engine core: cards, tables, moves, events, views, outcomes, deal series, tricks,
positions from text, records and the Game protocol.

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
    Refusal,
    SaveError,
    UnknownGameError,
)
from cardsuite.core.events import Event, private
from cardsuite.core.i18n import N_, _, ngettext
from cardsuite.core.moves import Gesture, Move
from cardsuite.core.outcome import Outcome
from cardsuite.core.protocol import AnyGame, Game, Observation, RulesBase
from cardsuite.core.series import DealResult, NextDeal, Series
from cardsuite.core.table import (
    HoldsRank,
    Layout,
    PileId,
    PileSpec,
    Seat,
    SeenTable,
    Shown,
    Table,
    Visibility,
    pile_names,
)
from cardsuite.core.view import DealSummary, PileStyle, PileView, SeatView, TableView, TrickView

__all__ = [
    "ACE", "FACE_DOWN", "JACK", "JOKER", "KING", "N_", "QUEEN", "AnyGame", "Card",
    "CardFace", "CardsuiteError", "DealResult", "DealSummary", "Event", "FaceDown", "Game",
    "Gesture", "HoldsRank", "IllegalMoveError", "Layout", "Move", "NextDeal", "NotationError",
    "Observation", "OptionsError", "Outcome", "PileId", "PileSpec", "PileStyle",
    "PileView", "RankOrder", "Refusal", "RulesBase", "SaveError", "Seat", "SeatView",
    "SeenTable", "Series", "Shown", "Suit", "Table", "TableView", "TrickView",
    "UnknownGameError", "Visibility", "_", "ngettext", "parse_card", "parse_cards", "pile_names", "private",
]  # fmt: skip
