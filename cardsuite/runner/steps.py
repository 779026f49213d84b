"""What happens next at a match: the steps a runner hands to whoever shows the table.

A step says who acts now and how; the runner decides it, the table draws it.  With one human
the view is always his.  With several humans the view follows the human to move; when the
game hides cards, handing the view to another human goes through a :class:`Curtain`, so that
nobody sees another's hand.  While bots play, the table keeps the last human viewer's view
(or a spectator's view before any human has looked).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardsuite.core.table import Seat
from cardsuite.match import Match


@dataclass(frozen=True, slots=True)
class HumanTurn:
    """``seat`` (a person) acts now; ``forced``: his only move is about to be played for him
    (the runner plays it at the table's pace unless he plays it first)."""

    seat: Seat
    forced: bool = False


@dataclass(frozen=True, slots=True)
class Curtain:
    """Hand the keyboard to ``seat``: nothing private may be shown until he is ready."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class BotTurn:
    """The bot in ``seat`` acts now (it is choosing, or its move is being told)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class Summary:
    """Between deals: the summary waits to be read by the people at the table before the
    bot in ``seat`` deals on (:meth:`~cardsuite.runner.Runner.acknowledge`)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class Over:
    pass


@dataclass(frozen=True, slots=True)
class Stuck:
    """Nobody can act (should not happen with a sound engine)."""


Step = HumanTurn | Curtain | BotTurn | Summary | Over | Stuck


class Seating:
    """Whose view the table shows, and the next step as the seats see it (hot-seat)."""

    def __init__(self, match: Match, viewer: Seat | None = None, *, curtains: bool = True) -> None:
        self.match = match
        self.curtains = curtains  # False: each person at his own screen (a match server)
        humans = match.humans()
        if viewer is not None:
            self.viewer: Seat | None = viewer
        elif len(humans) == 1 or (humans and not self.private()):
            self.viewer = humans[0]
        else:
            self.viewer = None  # no human has looked yet: a spectator's view

    def private(self) -> bool:
        """Hot-seat with secrets: several humans and cards hidden from some seats."""
        return self.curtains and len(self.match.humans()) > 1 and self.match.hides_cards()

    def next_step(self) -> Step:
        """What happens now.  May turn the view to the human to move when nothing is hidden."""
        match = self.match
        if match.is_over():
            return Over()
        to_move = sorted(match.to_move())
        humans = [s for s in to_move if not match.seats[s].is_bot]
        if humans:
            seat = self.viewer if self.viewer in humans else humans[0]
            if seat != self.viewer:
                if self.private():
                    return Curtain(seat)
                self.viewer = seat
            return HumanTurn(seat)
        bot = match.bot_to_move()
        if bot is not None:
            return BotTurn(bot)
        return Stuck()

    def reveal(self, seat: Seat) -> None:
        """The curtain is lifted for ``seat``."""
        self.viewer = seat
