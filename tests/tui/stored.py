"""Saved matches at fixed times, for the tests of the list of saved matches.

The list's clock is stopped at ``FROZEN_NOW`` (the ``frozen_clock`` fixture), so "Played" says
the same on every run; the older matches show a date, from times at noon UTC: the same date in
every time zone a machine is likely to be in.
"""

from __future__ import annotations

import sqlite3

import pytest

from cardsuite.games import get_game
from cardsuite.match import Match, SeatInfo
from cardsuite.store.db import Result, Store
from cardsuite.store.paths import db_path

from .helpers import finished_match

FROZEN_NOW = 1_741_953_600.0  # 2025-03-14 12:00 UTC
MINUTE, HOUR, DAY = 60.0, 3600.0, 86400.0


def store_matches_at_fixed_times() -> None:
    """Five matches: two in play (one a practice match of five players with long names),
    three finished (the oldest shown by their dates)."""
    long_names = Match(
        get_game("laugh-and-lie-down"),
        [
            SeatInfo("Alexandrina"),
            SeatInfo("Bartholomew", "random"),
            SeatInfo("Wilhelmina", "random"),
            SeatInfo("Konstantin", "random"),
            SeatInfo("Evangelina", "random"),
        ],
        seed=4,
    )
    grabuge = Match(get_game("grabuge"), [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=9)
    finished = [finished_match(get_game(g), seed=1) for g in ("ryba", "seven-leaves", "rang")]
    times: list[tuple[float, float | None]] = [
        (FROZEN_NOW - 5 * MINUTE, None),
        (FROZEN_NOW - 2 * HOUR, None),
        (FROZEN_NOW - 3 * HOUR, FROZEN_NOW - 3 * HOUR),
        (FROZEN_NOW - 2 * DAY, FROZEN_NOW - 2 * DAY),
        (FROZEN_NOW - 40 * DAY, FROZEN_NOW - 40 * DAY),
    ]
    ids = []
    with Store() as store:
        for match in (grabuge, long_names):
            match.play_bots()
            ids.append(store.add(match.record()))
        for match in finished:
            outcome = match.outcome()
            assert outcome is not None
            result = Result.of(outcome, match.game.sides(match.state))
            ids.append(store.add(match.record(), result=result))
    with sqlite3.connect(db_path()) as conn:
        conn.execute("UPDATE matches SET practice = 1 WHERE id = ?", (ids[1],))
        for match_id, (updated, done) in zip(ids, times, strict=True):
            conn.execute(
                "UPDATE matches SET started = ?, updated = ?, finished = ? WHERE id = ?",
                (updated - HOUR, updated, done, match_id),
            )
    conn.close()


@pytest.fixture
def frozen_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("cardsuite.tui.screens.matches.wall_clock", lambda: FROZEN_NOW)
