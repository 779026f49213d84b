"""How long the long tests play: a short run in CI, a long one outside it.

``CARDSUITE_SOAK=1`` turns the suite into a soak: the contract plays hundreds of games per
game, the fuzz presses thousands of keys, the whole-game screen tests play to the end.  CI
plays a sample of each that keeps the suite within its ten minutes on two loaded cores; every
check runs in both, only the number of moves it is run on differs.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

SOAK = os.environ.get("CARDSUITE_SOAK") == "1"


def ci_or_soak(ci: int, soak: int) -> int:
    """``ci`` in a normal run, ``soak`` when the suite runs as a soak."""
    return soak if SOAK else ci


# The games a screen sweep plays in CI, one of each kind of table: tricks with a joker to name
# (Rang), builds and several cards picked at once (Cassino), columns and packets (Grabuge, the
# suite's first game), a race on a clock (Spit) and a game with no decisions (Rubashka).  The
# screens hold no game knowledge (DESIGN.md), so what a sweep checks of the screen holds for
# every game alike; test_play plays all thirteen from the lobby to the outcome in CI, and the
# soak sweeps all thirteen everywhere.
SAMPLE_GAMES = ("rang", "cassino-clubs", "grabuge", "spit", "rubashka")


def swept(game_ids: Iterable[str]) -> list[str]:
    """The games of ``game_ids`` a screen sweep plays: all in a soak, the sample in CI."""
    ids = list(game_ids)
    return ids if SOAK else [g for g in ids if g in SAMPLE_GAMES]
