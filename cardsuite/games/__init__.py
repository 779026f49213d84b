"""The registry of games.

``GAMES`` maps each game's id to its engine, in the order the lobby lists them;
``get_game`` finds a game by id or by any alias (the original name included), ignoring case.
To add a game, write its module and add its engine to ``_ENGINES`` below: the contract suite,
the CLI and the lobby pick it up from here.
"""

from __future__ import annotations

import unicodedata

from cardsuite.core.errors import UnknownGameError
from cardsuite.core.protocol import AnyGame
from cardsuite.games.grabuge import GRABUGE
from cardsuite.games.rang import RANG
from cardsuite.games.ryba import RYBA
from cardsuite.games.seven_up import SEVEN_UP

_ENGINES: tuple[AnyGame, ...] = (GRABUGE, RANG, RYBA, SEVEN_UP)

GAMES: dict[str, AnyGame] = {game.id: game for game in _ENGINES}


def _key(name: str) -> str:
    return unicodedata.normalize("NFC", name).strip().casefold()


_BY_NAME: dict[str, AnyGame] = {}
for _game in _ENGINES:
    for _name in (_game.id, _game.title, _game.original_name, *_game.aliases):
        _BY_NAME[_key(_name)] = _game


def get_game(name: str) -> AnyGame:
    """The game called ``name`` (id, title or alias, any case); UnknownGameError otherwise."""
    game = _BY_NAME.get(_key(name))
    if game is None:
        known = ", ".join(GAMES)
        raise UnknownGameError(f"unknown game {name!r} (games: {known})")
    return game


__all__ = ["GAMES", "get_game"]
