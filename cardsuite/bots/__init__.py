"""Bots: players that see exactly what a human in their seat would see.

A bot is asked for a move with its seat's observation, the legal moves and its own seeded
random generator.  It never receives the state, so it cannot cheat, and the contract suite
checks that observations hide what they must.

Bots come in three levels, weakest first (:data:`BOT_LEVELS`, named in
:mod:`cardsuite.core.levels`):

* ``easy`` — a uniformly random legal move;
* ``normal`` — the game's own rules-of-thumb bot (``GameBots.heuristic``), or the generic
  search bot (:mod:`cardsuite.bots.search`) for a game without one;
* ``hard`` — search: the normal bot proposes, and random playouts of imagined worlds in the
  game's kernel overrule it where another move does clearly better; its budget of plies
  (``GameBots.hard_plies``) keeps a decision under a quarter of a second.  Where random
  playouts are too long to tell moves apart (the races, Rang: budget 0) hard is the normal
  bot, and on a clock it reacts faster.

A game where nobody decides anything (Rubashka, ``GameInfo.decisions`` False) offers one
level, ``normal``, which says so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cardsuite.bots.base import Bot, RandomBot
from cardsuite.bots.search import SearchBot
from cardsuite.core.errors import OptionsError
from cardsuite.core.i18n import C_, N_, _
from cardsuite.core.levels import EASY, HARD, NORMAL, level_id
from cardsuite.core.protocol import AnyGame
from cardsuite.games import GAME_INFO, GameBots
from cardsuite.games.registry import NO_BOTS, resolve

BotFactory = Callable[[AnyGame], Bot]

# The generic search bot's budget (plies per decision) for a game without a bot of its own:
# a median of 0.05-0.3 s with random playouts in the game's kernel (benchmarks/search_speed.py).
GENERIC_PLIES = 25_000


def game_bots(game: AnyGame) -> GameBots:
    """The bots ``game`` declares (none for a game outside the registry)."""
    info = GAME_INFO.get(game.id)
    return info.bots if info is not None else NO_BOTS


def has_decisions(game: AnyGame) -> bool:
    """Whether a player of ``game`` ever has a choice (Rubashka: never)."""
    info = GAME_INFO.get(game.id)
    return info is None or info.decisions


def generic_bot(game: AnyGame) -> Bot:
    """The bot any game can use: search with uniformly random playouts."""
    return SearchBot(plies=GENERIC_PLIES)


def own_bot(path: str) -> Bot:
    """A new bot from the factory a declaration names (``"cardsuite.bots.rang:RangBot"``),
    its module imported on the first call."""
    make: Callable[[], Bot] = resolve(path)
    return make()


def normal_bot(game: AnyGame) -> Bot:
    """The game's own bot; a random one where there is nothing to decide; else the generic."""
    path = game_bots(game).heuristic
    if path is not None:
        return own_bot(path)
    return RandomBot() if not has_decisions(game) else generic_bot(game)


def hard_bot(game: AnyGame) -> Bot:
    """Search guided by the normal bot, with random playouts (in the game's kernel); the
    normal bot itself where the game gives search no budget (``hard_plies`` 0: its random
    playouts run too long to tell moves apart), which on a clock still reacts faster."""
    bots = game_bots(game)
    if bots.heuristic is None:
        return generic_bot(game)
    if bots.hard_plies <= 0:
        return own_bot(bots.heuristic)
    return SearchBot(guide=own_bot(bots.heuristic), plies=bots.hard_plies)


@dataclass(frozen=True, slots=True)
class BotLevel:
    """One level of play offered in the lobby."""

    id: str  # "easy", "normal" or "hard": the name players see, in the lobby and the CLI
    description: str
    make: BotFactory
    offered: Callable[[AnyGame], bool]


BOT_LEVELS: tuple[BotLevel, ...] = (
    BotLevel(EASY, N_("Plays any legal move at random."), lambda game: RandomBot(), has_decisions),
    BotLevel(
        NORMAL,
        N_("Plays by the game's rules of thumb, remembering what it has seen."),
        normal_bot,
        lambda game: True,
    ),
    BotLevel(
        HARD,
        N_("Imagines the hidden cards and plays thousands of moves ahead before each move."),
        hard_bot,
        has_decisions,
    ),
)
_LEVELS = {level.id: level for level in BOT_LEVELS}

# Every level with its factory, weakest first (``bot_ids`` says which a game offers).
BOTS: dict[str, BotFactory] = {level.id: level.make for level in BOT_LEVELS}

NO_DECISIONS = N_("Nobody decides anything in this game: every bot plays each card as it comes.")

# The levels' names as players read them (the ids stay English in files and on the command
# line): with a context, as "normal" is also a pace of the table.
_LEVEL_WORDS = {
    EASY: C_("bot level", "easy"),
    NORMAL: C_("bot level", "normal"),
    HARD: C_("bot level", "hard"),
}


def bot_ids(game: AnyGame) -> tuple[str, ...]:
    """The bots offered for ``game``, weakest first."""
    return tuple(level.id for level in BOT_LEVELS if level.offered(game))


def bot_label(bot_id: str) -> str:
    """The players' name of a bot's level ("normal", also for a former "heuristic")."""
    return level_id(bot_id)


def level_word(bot_id: str) -> str:
    """The level ``bot_id`` plays at (a former name too), in the interface's language."""
    level = level_id(bot_id)
    return _(_LEVEL_WORDS.get(level, level))


def bot_levels_text(game: AnyGame) -> str:
    """One line per level offered for ``game``: "normal: plays by …" (the lobby's tooltip)."""
    if not has_decisions(game):
        return _(NO_DECISIONS)
    return "\n".join(
        _("{level}: {description}").format(
            level=level_word(level.id), description=_(level.description)
        )
        for level in BOT_LEVELS
        if level.offered(game)
    )


def plays_at(game: AnyGame, bot_id: str) -> bool:
    """Whether a bot of ``game`` can play at level ``bot_id`` (or a former name of it): one
    the game offers, or any level in a game without decisions, where every bot plays alike
    (a save from before it offered one level only names another)."""
    level = level_id(bot_id)
    return level in bot_ids(game) or (level in _LEVELS and not has_decisions(game))


def make_bot(bot_id: str, game: AnyGame) -> Bot:
    """A new bot of level ``bot_id`` (or a former name of it) for ``game``; OptionsError if
    it cannot play at that level (:func:`plays_at`)."""
    if not plays_at(game, bot_id):
        raise OptionsError(f"unknown bot {bot_id!r} (bots: {', '.join(bot_ids(game))})")
    if not has_decisions(game):
        return normal_bot(game)
    return _LEVELS[level_id(bot_id)].make(game)


__all__ = [
    "BOTS",
    "BOT_LEVELS",
    "NO_DECISIONS",
    "Bot",
    "BotLevel",
    "RandomBot",
    "bot_ids",
    "bot_label",
    "bot_levels_text",
    "has_decisions",
    "level_word",
    "make_bot",
    "plays_at",
]
