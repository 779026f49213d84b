"""The table's clock for games played in real time: milliseconds since the deal, standing
still while the match is paused.

It reads a monotonic source (``time.monotonic`` by default; tests hand it one they move by
hand), so it never goes backwards and a change of the system time does not touch it.
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
        self._origin = source() - start / 1000
        self._paused_at: int | None = None

    def now(self) -> int:
        if self._paused_at is not None:
            return self._paused_at
        return round((self._source() - self._origin) * 1000)

    @property
    def paused(self) -> bool:
        return self._paused_at is not None

    def pause(self) -> None:
        if self._paused_at is None:
            self._paused_at = self.now()

    def resume(self) -> None:
        """Go on from the reading at the pause: the time paused does not count."""
        if self._paused_at is not None:
            self._origin = self._source() - self._paused_at / 1000
            self._paused_at = None
