"""The errors cardsuite raises on bad input.  Each carries a message meant for a person."""

from __future__ import annotations

from pathlib import Path
from typing import Any


class CardsuiteError(Exception):
    """Base class: the message is complete and can be shown to the user as it is."""


class IllegalMoveError(CardsuiteError):
    """A move the rules forbid now.  ``reason`` names the rule; the state is unchanged."""

    def __init__(self, move: Any, reason: str) -> None:
        super().__init__(reason)
        self.move = move
        self.reason = reason


class NotationError(CardsuiteError):
    """Text that does not read as a card, a rank or a move."""


class OptionsError(CardsuiteError):
    """An option value the game does not accept (or an unknown option)."""


class SaveError(CardsuiteError):
    """A save or replay file that cannot be read; the message names the file and the problem."""

    def __init__(self, path: Path | str, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = Path(path)
        self.problem = problem


class UnknownGameError(CardsuiteError):
    """A game id or alias that is not registered."""
