"""The table's clock for games played in real time: milliseconds since the deal, standing
still while the match is paused.

It reads a monotonic source (``time.monotonic`` by default; tests hand it one they move by
hand), so it never goes backwards and a change of the system time does not touch it.  A match
being watched may run its clock faster or slower than real time (:meth:`WallClock.set_rate`),
or hold it still and move it by hand from one due time to the next (:meth:`WallClock.jump`).
"""

from __future__ import annotations

import time
from collections.abc import Callable

# What tables read their clocks from unless told otherwise (the TUI tests put a faster one).
SOURCE: Callable[[], float] = time.monotonic


class WallClock:
    def __init__(self, start: int = 0, source: Callable[[], float] | None = None) -> None:
        """A clock reading ``start`` ms now (a resumed match goes on from its time)."""
        source = SOURCE if source is None else source
        self._source = source
        self._base = start  # the reading at the source's ``_origin``
        self._origin = source()
        self._rate = 1.0
        self._paused_at: int | None = None

    def now(self) -> int:
        if self._paused_at is not None:
            return self._paused_at
        return self._base + round((self._source() - self._origin) * 1000 * self._rate)

    @property
    def paused(self) -> bool:
        return self._paused_at is not None

    @property
    def rate(self) -> float:
        return self._rate

    def pause(self) -> None:
        if self._paused_at is None:
            self._paused_at = self.now()

    def resume(self) -> None:
        """Go on from the reading at the pause: the time paused does not count."""
        if self._paused_at is not None:
            self._base = self._paused_at
            self._origin = self._source()
            self._paused_at = None

    def set_rate(self, rate: float) -> None:
        """Run ``rate`` times as fast as the source from the reading now on (a finite rate
        above 0)."""
        if not 0 < rate < float("inf"):
            raise ValueError(f"a clock's rate must be finite and above 0, not {rate}")
        if self._paused_at is None:
            self._base = self.now()
            self._origin = self._source()
        self._rate = rate

    def jump(self, ms: int) -> None:
        """Read ``ms`` from now on, if that is later than the reading now (a clock never goes
        back); paused, it stays paused at the new reading."""
        if ms <= self.now():
            return
        if self._paused_at is not None:
            self._paused_at = ms
        else:
            self._base = ms
            self._origin = self._source()


# How long the name of a timed event stays up once it has fallen due (ms): Spit's countdown
# is only ``spit_delay`` long (800 ms by default), too short to read on its own.
CUE_HOLD_MS = 1200


class Countdown:
    """The badge's countdown to the game's next timed event ("Spit! 1", "Go! 3"), which keeps
    the event's name up for :data:`CUE_HOLD_MS` once it has fallen due ("Spit!"), so that a
    short countdown can still be read.  It changes no time: the event falls due when the game
    says; only the words stay up a moment longer.

    The table calls :meth:`text` whenever it draws, with the game's ``next_due``, the view's
    ``countdown`` label and the time of the match's latest timed step (``Match.timed_at``).
    """

    def __init__(self, hold: int = CUE_HOLD_MS) -> None:
        self.hold = hold
        self._labels: dict[int, str] = {}  # due time -> the label counted down to it

    def text(self, label: str, due: int | None, now: int, fired: int | None = None) -> str:
        """What the badge says at ``now``: ``label`` and the seconds left until ``due`` (none:
        nothing pending); within the hold after ``fired`` (the time the latest timed event
        fell due), that event's label alone, unless the next countdown has the same label
        (a countdown that starts again goes on counting)."""
        if due is not None and due >= now:
            self._labels[due] = label
        if self._labels:  # forget what is long past
            self._labels = {t: text for t, text in self._labels.items() if t + self.hold > now}
        held = self._labels.get(fired, "") if fired is not None else ""
        holding = fired is not None and fired <= now < fired + self.hold
        if held and holding and (due is None or label != held):
            return held
        if due is None:
            return ""
        left = max(0, due - now)
        return f"{label} {-(-left // 1000)}"
