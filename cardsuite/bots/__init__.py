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
from cardsuite.bots.search import SearchBot
from cardsuite.core.errors import OptionsError
from cardsuite.core.protocol import AnyGame
from cardsuite.games import GAME_INFO, GameBots
from cardsuite.games.registry import NO_BOTS, resolve

BotFactory = Callable[[AnyGame], Bot]

# Search budget (plies per decision): a median of 0.05-0.3 s with random playouts in the
# game's kernel (benchmarks/search_speed.py); a game's own playout policy has its budget in
# its declaration (``GameBots.search_plies``).
GENERIC_PLIES = 25_000


def game_bots(game: AnyGame) -> GameBots:
    """The bots ``game`` declares (none for a game outside the registry)."""
    info = GAME_INFO.get(game.id)
    return info.bots if info is not None else NO_BOTS


def generic_bot(game: AnyGame) -> Bot:
    """The bot any game can use: search with uniformly random playouts."""
    return SearchBot(plies=GENERIC_PLIES)


def own_bot(path: str) -> Bot:
    """A new bot from the factory a declaration names (``"cardsuite.bots.rang:RangBot"``),
    its module imported on the first call."""
    make: Callable[[], Bot] = resolve(path)
    return make()


def heuristic_bot(game: AnyGame) -> Bot:
    """The game's own bot, or the generic one for a game that has none."""
    path = game_bots(game).heuristic
    return own_bot(path) if path is not None else generic_bot(game)


def search_bot(game: AnyGame) -> Bot:
    """Search playing out with the game's quick policy (random for a game without one)."""
    bots = game_bots(game)
    if bots.playout is None:
        return generic_bot(game)
    return SearchBot(own_bot(bots.playout), plies=bots.search_plies)


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
        lambda game: game_bots(game).search_stronger,
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
