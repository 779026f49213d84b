"""The registry of games: every package under ``cardsuite/games/`` that declares a ``GAME``.

Each game declares itself once, in its own package (``GAME = GameInfo(...)``, see
:mod:`cardsuite.games.registry`): a new package with a declaration is found here, and the
contract suite, the CLI, the lobby, the TUI tests and the benchmarks pick it up from here.
Finding the games imports only their declarations, not their engines: importing every engine
costs more than the whole rest of the lobby's first frame.

``GAME_INFO`` maps each game's id to its declaration, in the order the lobby lists them (the
declarations' ``number``); ``GAMES`` maps it to the engine (every engine imported when first
asked for); ``get_game`` finds a game by id or by any alias (the original name included),
ignoring case.

A game's package holds its declaration and nothing else; the game itself is in its modules:
what it is (piles, options, moves, events, state) in ``model``, its rules in ``engine``, the
table's look in ``present``, and its fast form for playouts, if it has one, in ``kernel``.
"""

from __future__ import annotations

import importlib
import os
import unicodedata
from typing import TYPE_CHECKING, Any

from cardsuite.games.registry import GameBots, GameInfo

if TYPE_CHECKING:
    from cardsuite.core.protocol import AnyGame

    GAMES: dict[str, AnyGame]


def declared_games(package: str = __name__) -> tuple[GameInfo, ...]:
    """The declarations of the game packages found in ``package``, in their ``number`` order.

    A subpackage is a game when it has a module attribute ``GAME``, a :class:`GameInfo`."""
    found: list[GameInfo] = []
    for folder in importlib.import_module(package).__path__:
        for entry in sorted(os.scandir(folder), key=lambda entry: entry.name):
            if entry.is_dir() and os.path.isfile(os.path.join(entry.path, "__init__.py")):
                info = getattr(importlib.import_module(f"{package}.{entry.name}"), "GAME", None)
                if isinstance(info, GameInfo):
                    found.append(info)
    return tuple(sorted(found, key=lambda info: info.number))


_DECLARED = declared_games()
GAME_INFO: dict[str, GameInfo] = {info.id: info for info in _DECLARED}


def _key(name: str) -> str:
    return unicodedata.normalize("NFC", name).strip().casefold()


_BY_NAME: dict[str, GameInfo] = {}
for _info in _DECLARED:
    for _name in (_info.id, _info.title, _info.original_name, *_info.aliases):
        _BY_NAME[_key(_name)] = _info


def find_game(name: str) -> GameInfo | None:
    """The declaration of the game called ``name`` (id, title or alias, any case), if any."""
    return _BY_NAME.get(_key(name))


def get_game(name: str) -> AnyGame:
    """The game called ``name`` (id, title or alias, any case); UnknownGameError otherwise."""
    info = find_game(name)
    if info is None:
        from cardsuite.core.errors import UnknownGameError

        known = ", ".join(GAME_INFO)
        raise UnknownGameError(f"unknown game {name!r} (games: {known})")
    return info.load()


def __getattr__(name: str) -> Any:
    """``GAMES``, made (every engine imported) when first asked for."""
    if name == "GAMES":
        games = {info.id: info.load() for info in _DECLARED}
        globals()["GAMES"] = games
        return games
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GAMES", "GAME_INFO", "GameBots", "GameInfo", "declared_games", "find_game", "get_game"]
