"""Watching a match that only bots play: its speed, its pause and its step key, without Textual.

A watched match moves by itself at one of a few named speeds, from "step" (one move each time
the step key is pressed) to "as fast as it draws" (no delay at all: the table plays as many
moves as it can between two frames and draws once per frame).  Turn by turn, a speed is the
time between two moves; on a clock (Spit, Nerts) it is how fast the match's clock runs, and at
the two ends the clock stands still and is moved by hand: to the next thing due at each step
key, or from one due time to the next as fast as frames allow.

The runner (:class:`~cardsuite.runner.Runner`) asks a :class:`Watch` what to do;
the pause stops everything but the step key.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from cardsuite.core.i18n import N_, _

# What one frame of "as fast as it draws" may spend playing moves before it is drawn (seconds).
FRAME_BUDGET = 1 / 40


@dataclass(frozen=True, slots=True)
class Speed:
    """A named speed: ``delay`` seconds between two moves turn by turn (None: one move per
    step key, 0: as fast as it draws); ``rate`` how fast a game's clock runs (1: real time)."""

    name: str  # marked with N_, translated where shown
    delay: float | None
    rate: float

    @property
    def by_key(self) -> bool:
        """One move per press of the step key."""
        return self.delay is None

    @property
    def flat_out(self) -> bool:
        """As fast as it draws: moves batched between two frames."""
        return self.delay == 0


SPEEDS: tuple[Speed, ...] = (
    Speed(N_("step by step"), None, 0.0),
    Speed(N_("slow"), 1.5, 0.5),
    Speed(N_("normal"), 0.6, 1.0),
    Speed(N_("fast"), 0.2, 3.0),
    Speed(N_("as fast as it draws"), 0.0, math.inf),
)


def speed_for(pace: float) -> int:
    """The index of the speed a watch starts at for the table pace ``pace`` (the settings'
    seconds per bot move): the timed speed nearest to it; a pace of 0 is "as fast as it
    draws"."""
    timed = [i for i, s in enumerate(SPEEDS) if s.delay is not None]
    return min(timed, key=lambda i: (abs((SPEEDS[i].delay or 0.0) - pace), -i))


class Watch:
    """The state of watching: the speed chosen, and whether the match is paused."""

    def __init__(self, pace: float) -> None:
        self.index = speed_for(pace)
        self.paused = False

    @property
    def speed(self) -> Speed:
        return SPEEDS[self.index]

    @property
    def moving(self) -> bool:
        """Whether moves come by themselves now (not paused, not step by step)."""
        return not self.paused and not self.speed.by_key

    def faster(self) -> bool:
        """One speed up; False when already the fastest."""
        if self.index + 1 >= len(SPEEDS):
            return False
        self.index += 1
        return True

    def slower(self) -> bool:
        """One speed down; False when already step by step."""
        if self.index == 0:
            return False
        self.index -= 1
        return True

    def toggle_pause(self) -> bool:
        """Pause or go on; whether it is paused now."""
        self.paused = not self.paused
        return self.paused

    def wait(self, since_last: float) -> float:
        """Seconds still to wait before the next move when the last one was shown
        ``since_last`` seconds ago (0: now)."""
        delay = self.speed.delay or 0.0
        return max(0.0, delay - since_last)

    def clock_runs(self) -> bool:
        """On a clock: whether the table's clock runs by itself (at ``speed.rate``); else it
        stands still and the table moves it from one due time to the next."""
        return self.moving and not self.speed.flat_out

    def badge(self) -> str:
        """What the table's corner says: "WATCHING · normal", "PAUSED · slow"."""
        name = _(self.speed.name)
        if self.paused:
            return _("PAUSED · {speed}").format(speed=name)
        return _("WATCHING · {speed}").format(speed=name)

    def keys(self) -> str:
        """The table's key line while watching."""
        if self.paused:
            return _("n one move · p go on · +/- speed · e log")
        return _("n one move · p pause · +/- speed · e log")
