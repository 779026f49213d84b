"""The errors cardsuite raises on bad input.  Each carries a message meant for a person."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any


class CardsuiteError(Exception):
    """Base class: the message is complete and can be shown to the user as it is."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a move is illegal: a stable ``code`` for programs and a sentence for people.

    Codes are the names the rules specs use (``NotYourTurn``, ``IllegalCard``,
    ``RankNotHeld`` …); the text is engine text (translated, seats as placeholders).
    """

    code: str
    text: str

    def __str__(self) -> str:
        return self.text


# Codes every game shares.
NOT_YOUR_TURN = "NotYourTurn"
GAME_OVER = "GameOver"
NOT_NOW = "NotNow"  # a move of the game, but not at this point of it (between deals …)
NOT_A_MOVE = "NotAMove"
STALE_TIME = "StaleTime"  # a real-time action stamped earlier than the state's clock


class IllegalMoveError(CardsuiteError):
    """A move the rules forbid now; the state is unchanged.

    ``code`` is the refusal's stable code, ``reason`` its sentence.
    """

    def __init__(self, move: Any, refusal: Refusal) -> None:
        super().__init__(refusal.text)
        self.move = move
        self.refusal = refusal
        self.code = refusal.code
        self.reason = refusal.text


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
