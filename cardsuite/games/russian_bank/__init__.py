"""Russian Bank (Crapette): piles, options, moves, events and state in ``model``, rules in
``engine``, look in ``present``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardsuite.games.registry import GameBots, GameInfo

GAME = GameInfo(
    __name__,
    number=8,
    id="russian-bank",
    title="Russian Bank",
    original_name="Русский банк",
    aliases=("crapette", "russian bank", "русский банк", "крапетт"),
    seat_counts=(2,),
    summary=(
        "Two-player competitive patience: empty your reserve, hand and waste onto shared "
        "foundations and houses, and load your cards onto your opponent's piles."
    ),
    engine="RUSSIAN_BANK",
    options="cardsuite.games.russian_bank.model:RussianBankOptions",
    kernel="cardsuite.games.russian_bank.kernel:KERNEL",
    bots=GameBots(
        heuristic="cardsuite.bots.russian_bank:RussianBankBot",
        playout="cardsuite.bots.russian_bank:RussianBankBot",
    ),
)

if TYPE_CHECKING:
    from cardsuite.games.russian_bank.engine import (
        FOUNDATION_MISMATCH,
        FOUNDATION_MOVE_REQUIRED,
        HOUSE_MISMATCH,
        LOAD_MISMATCH,
        NOT_A_TARGET,
        NOT_AVAILABLE,
        POINTLESS_MOVE,
        RussianBank,
    )
    from cardsuite.games.russian_bank.model import (
        AUTO,
        BLOCK,
        NO_PROGRESS,
        OVER,
        PLAY,
        STOP,
        TURN_LIMIT,
        WIN,
        Discard,
        EndTurn,
        FullRussianBank,
        Play,
        RussianBankMove,
        RussianBankOptions,
        RussianBankState,
        SeenRussianBank,
        StopCalled,
        StopPlace,
        foundation,
        hand,
        hand_card,
        house,
        reserve,
        waste,
    )

    RUSSIAN_BANK: RussianBank
else:  # at run time, each name is imported from engine.py or model.py when first asked for
    __getattr__ = GAME.export


__all__ = [
    "AUTO", "BLOCK", "FOUNDATION_MISMATCH", "FOUNDATION_MOVE_REQUIRED", "HOUSE_MISMATCH",
    "LOAD_MISMATCH", "NOT_AVAILABLE", "NOT_A_TARGET", "NO_PROGRESS", "OVER", "PLAY",
    "POINTLESS_MOVE", "RUSSIAN_BANK", "STOP", "TURN_LIMIT", "WIN", "Discard", "EndTurn",
    "FullRussianBank", "Play", "RussianBank", "RussianBankMove", "RussianBankOptions",
    "RussianBankState", "SeenRussianBank", "StopCalled", "StopPlace", "foundation", "hand",
    "hand_card", "house", "reserve", "waste",
]  # fmt: skip
