"""Russian Bank (Crapette)."""

from __future__ import annotations

from cardsuite.games.registry import GameBots, GameInfo

GAME = GameInfo(
    __name__,
    number=8,
    id="russian-bank",
    title="Russian Bank",
    original_name="Русский банк",
    summary=(
        "Two-player competitive patience: empty your reserve, hand and waste onto shared "
        "foundations and houses, and load your cards onto your opponent's piles."
    ),
    aliases=("crapette", "russian bank", "русский банк", "крапетт"),
    seat_counts=(2,),
    engine="RUSSIAN_BANK",
    options="RussianBankOptions",
    kernel="KERNEL",
    # random playouts too long to tell moves apart: hard plays as normal
    bots=GameBots(heuristic="RussianBankBot", hard_plies=0),
)
