"""The levels bots play at, as players name them: easy, normal and hard.

A bot seat is recorded by its level.  Matches saved before the levels had these names call
them ``random``, ``heuristic`` and ``search``; :func:`level_id` reads both, so an old save
loads, replays and counts in the statistics under today's name.  This module imports nothing
of the suite: records, the store and the bots all read it.
"""

from __future__ import annotations

EASY = "easy"  # any legal move at random, or a deliberately loose policy
NORMAL = "normal"  # the game's own rules of thumb
HARD = "hard"  # search over the worlds the seat cannot tell apart

LEVELS = (EASY, NORMAL, HARD)  # weakest first

# The names the levels had in saved matches and scripts before they were named for players.
FORMER_NAMES = {"random": EASY, "heuristic": NORMAL, "search": HARD}


def level_id(name: str) -> str:
    """The level a bot name stands for: itself, or today's name of a former one
    ("heuristic" → "normal"); an unknown name is returned as it is, for its reader to refuse."""
    return FORMER_NAMES.get(name, name)
