from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def cardsuite_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every TUI test keeps its settings and saves in a fresh folder."""
    home = tmp_path / "home"
    monkeypatch.setenv("CARDSUITE_HOME", str(home))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return home


class SteppingTime:
    """A monotonic source for tables of games played in real time that moves a quarter of a
    second each time it is read: bots act within a few heartbeats, so whole games played in
    real time take seconds in the tests, whatever the machine's speed."""

    def __init__(self) -> None:
        self.now = 0.0
        self.frozen = False  # helpers.stopped_clock: time stands still while a move is entered

    def __call__(self) -> float:
        if not self.frozen:
            self.now += 0.25
        return self.now


@pytest.fixture(autouse=True)
def quick_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("cardsuite.runner.clock.SOURCE", SteppingTime())


@pytest.fixture(autouse=True)
def no_count_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games on a clock go on at once after a pause or a resume (tests of the count-in set
    the app's ``count_in`` themselves)."""
    monkeypatch.setattr("cardsuite.runner.runner.COUNT_IN", 0.0)
