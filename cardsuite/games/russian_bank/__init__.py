"""Russian Bank (Crapette)."""

from __future__ import annotations

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
        hard_plies=0,  # random playouts too long to tell moves apart: hard plays as normal
    ),
)
