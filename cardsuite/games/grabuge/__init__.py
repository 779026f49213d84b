"""Grabuge — a two-player competitive patience from 19th-century France.

The package reads like the rulebook: :mod:`.model` holds what the game is, the decisions taken
where the spec is silent, the piles, the options, the two moves, the events, the state and the
count of packets; :mod:`.engine` holds the rules (setup, the forced cascade, the turn, the
bonus, the end); :mod:`.present` shows the table."""

from __future__ import annotations

from cardsuite.games.registry import GameBots, GameInfo

GAME = GameInfo(
    __name__,
    number=1,
    id="grabuge",
    title="Grabuge",
    original_name="Grabuge",
    summary="Race to build packets Ace to King from your stock, grabuge and four reserve columns.",
    aliases=("grabouge",),
    seat_counts=(2,),
    engine="GRABUGE",
    options="GrabugeOptions",
    kernel="KERNEL",
    bots=GameBots(heuristic="GrabugeBot", playout="playout_bot"),
)
