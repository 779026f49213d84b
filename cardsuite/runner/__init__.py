"""Running a match: the one owner of a Match while it is played (see :mod:`.runner`)."""

from cardsuite.runner.runner import COUNT_IN, TICK, Runner
from cardsuite.runner.steps import BotTurn, Curtain, HumanTurn, Over, Seating, Step, Stuck, Summary

__all__ = [
    "COUNT_IN",
    "TICK",
    "BotTurn",
    "Curtain",
    "HumanTurn",
    "Over",
    "Runner",
    "Seating",
    "Step",
    "Stuck",
    "Summary",
]
