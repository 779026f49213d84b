"""Bots: players that see exactly what a human in their seat would see.

A bot is asked for a move with its seat's observation, the legal moves and its own seeded
random generator.  It never receives the state, so it cannot cheat, and the contract suite
checks that observations hide what they must.

Bots come in levels, weakest first (:data:`BOT_LEVELS`):

* ``random`` — every game: a uniformly random legal move;
* ``heuristic`` — every game: the game's own rules-of-thumb bot where it has one, otherwise the
  generic search bot (:mod:`cardsuite.bots.search`), so every game has a level above random;
* ``search`` — the generic search bot playing out with the game's own bot, offered only for
  games where it has been measured stronger than the heuristic (``benchmarks/bot_strength.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cardsuite.bots.base import Bot, RandomBot
from cardsuite.bots.cassino import CassinoBot
from cardsuite.bots.grabuge import GrabugeBot
from cardsuite.bots.grabush import GrabushBot
from cardsuite.bots.laugh_and_lie_down import LaughBot
from cardsuite.bots.nerts import NertsBot
from cardsuite.bots.rang import RangBot
from cardsuite.bots.russian_bank import RussianBankBot
from cardsuite.bots.ryba import RybaBot
from cardsuite.bots.search import SearchBot
from cardsuite.bots.seven_leaves import SevenLeavesBot
from cardsuite.bots.seven_up import SevenUpBot
from cardsuite.bots.snip_snap_snorem import SnipSnapSnoremBot
from cardsuite.bots.spit import SpitBot
from cardsuite.core.errors import OptionsError
from cardsuite.core.protocol import AnyGame

BotFactory = Callable[[AnyGame], Bot]

# Each game's own bot, by game id, and the quick policy its search plays out with.
HEURISTICS: dict[str, Callable[[], Bot]] = {
    "grabuge": GrabugeBot,
    "nerts": NertsBot,
    "spit": SpitBot,
    "rang": RangBot,
    "ryba": RybaBot,
    "seven-up": SevenUpBot,
    "snip-snap-snorem": SnipSnapSnoremBot,
    "russian-bank": RussianBankBot,
    "cassino-clubs": CassinoBot,
    "seven-leaves": SevenLeavesBot,
    "laugh-and-lie-down": LaughBot,
    "grabush": GrabushBot,
}
PLAYOUT_POLICIES: dict[str, Callable[[], Bot]] = {
    "grabuge": lambda: GrabugeBot(samples=0),
    "rang": RangBot,
    "ryba": RybaBot,
    "seven-up": SevenUpBot,
    "snip-snap-snorem": SnipSnapSnoremBot,
    "russian-bank": RussianBankBot,
    "cassino-clubs": CassinoBot,
    "seven-leaves": SevenLeavesBot,
    "laugh-and-lie-down": LaughBot,
    "grabush": GrabushBot,
}
# Search budgets (plies per decision) that answer in about 0.3 s.
GENERIC_PLIES = 25_000  # uniformly random playouts
POLICY_PLIES: dict[str, int] = {"grabuge": 6_000, "rang": 4_000}
# Games where search with the game's own playout policy beats the game's heuristic.
SEARCH_STRONGER: frozenset[str] = frozenset()


def generic_bot(game: AnyGame) -> Bot:
    """The bot any game can use: search with uniformly random playouts."""
    return SearchBot(plies=GENERIC_PLIES)


def heuristic_bot(game: AnyGame) -> Bot:
    """The game's own bot, or the generic one for a game that has none."""
    make = HEURISTICS.get(game.id)
    return make() if make is not None else generic_bot(game)


def search_bot(game: AnyGame) -> Bot:
    """Search playing out with the game's quick policy (random for a game without one)."""
    make = PLAYOUT_POLICIES.get(game.id)
    if make is None:
        return generic_bot(game)
    return SearchBot(make(), plies=POLICY_PLIES.get(game.id, 6_000))


@dataclass(frozen=True, slots=True)
class BotLevel:
    """One level of play offered in the lobby."""

    id: str
    label: str  # for the lobby, e.g. "easy"
    description: str
    make: BotFactory
    offered: Callable[[AnyGame], bool]


BOT_LEVELS: tuple[BotLevel, ...] = (
    BotLevel(
        "random",
        "easy",
        "Plays any legal move at random.",
        lambda game: RandomBot(),
        lambda game: True,
    ),
    BotLevel(
        "heuristic",
        "normal",
        "Plays by the game's rules of thumb, or by a short look ahead where it has none.",
        heuristic_bot,
        lambda game: True,
    ),
    BotLevel(
        "search",
        "hard",
        "Imagines the hidden cards and plays many games ahead before each move.",
        search_bot,
        lambda game: game.id in SEARCH_STRONGER,
    ),
)
_LEVELS = {level.id: level for level in BOT_LEVELS}

# Every bot id with its factory, weakest first (a factory may be offered for only some games;
# ``bot_ids`` says which).
BOTS: dict[str, BotFactory] = {level.id: level.make for level in BOT_LEVELS}


def bot_ids(game: AnyGame) -> tuple[str, ...]:
    """The bots offered for ``game``, weakest first."""
    return tuple(level.id for level in BOT_LEVELS if level.offered(game))


def bot_label(bot_id: str) -> str:
    """The lobby's label for a bot id ("normal"); the id itself if unknown."""
    level = _LEVELS.get(bot_id)
    return level.label if level is not None else bot_id


def bot_levels_text(game: AnyGame) -> str:
    """One line per level offered for ``game``: "normal: plays by …" (the lobby's tooltip)."""
    return "\n".join(
        f"{level.label}: {level.description}" for level in BOT_LEVELS if level.offered(game)
    )


def make_bot(bot_id: str, game: AnyGame) -> Bot:
    """A new bot of level ``bot_id`` for ``game``; OptionsError if there is no such bot."""
    level = _LEVELS.get(bot_id)
    if level is None:
        raise OptionsError(f"unknown bot {bot_id!r} (bots: {', '.join(bot_ids(game))})")
    return level.make(game)


__all__ = [
    "BOTS",
    "BOT_LEVELS",
    "Bot",
    "BotLevel",
    "RandomBot",
    "bot_ids",
    "bot_label",
    "bot_levels_text",
    "make_bot",
]
