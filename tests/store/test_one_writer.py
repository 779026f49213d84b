"""One writer per match: two windows on one match never lose a stored move.

Each "window" is a real ``cardsuite resume`` process whose table is a stand-in: it says which
match it holds, then plays the number of moves it reads on each line of its input (0 ends
it).  The second window is refused with one line naming the first; once the first has gone,
in any way (``kill -9`` included), the second takes the match over where it was left.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from cardsuite.games import get_game
from cardsuite.match import Match, SeatInfo
from cardsuite.store.db import MatchBusyError, Store
from cardsuite.tui.app import CardsuiteApp

WINDOW = """
import sys
from cardsuite import tui

def table(setup=None, *, match=None, store=None):
    print("holding", match.journal_id, len(match.moves), flush=True)
    for line in sys.stdin:
        if int(line) == 0:
            break
        for _ in range(int(line)):
            seat = min(match.to_move())
            match.apply(match.legal_moves(seat)[0])
        print("played", len(match.moves), flush=True)

tui.run = table
from cardsuite.cli import main
main(["resume", sys.argv[1]])
"""
TIMEOUT = 60  # seconds any one window may take to answer (a loaded machine)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path))
    return tmp_path


def hot_seat_match(home: Path, moves: int = 6) -> int:
    """A Rang match between four people, ``moves`` moves in (of some 1,200); its id."""
    names = ("Anna", "Boris", "Vera", "Gleb")
    match = Match(get_game("rang"), [SeatInfo(name) for name in names], seed=11)
    with Store() as store:
        match_id = store.add(match.record())
        match.attach(store.journal(match_id), match_id)
        for _ in range(moves):
            match.apply(match.legal_moves(min(match.to_move()))[0])
        match.detach()
    return match_id


class Window:
    """A ``cardsuite resume`` process with a stand-in table."""

    def __init__(self, home: Path, match_id: int) -> None:
        env = {**os.environ, "CARDSUITE_HOME": str(home), "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [sys.executable, "-c", WINDOW, str(match_id)],
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    def line(self) -> str:
        assert self.process.stdout is not None
        return self.process.stdout.readline().strip()

    def play(self, moves: int) -> int:
        """Play ``moves`` moves; how many the match then has."""
        assert self.process.stdin is not None
        self.process.stdin.write(f"{moves}\n")
        self.process.stdin.flush()
        word, count = self.line().split()
        assert word == "played"
        return int(count)

    def close(self) -> tuple[int, str]:
        _out, err = self.process.communicate("0\n", timeout=TIMEOUT)
        return self.process.returncode, err


def refused(home: Path, *args: str) -> str:
    env = {**os.environ, "CARDSUITE_HOME": str(home)}
    done = subprocess.run(
        [sys.executable, "-m", "cardsuite", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    (line,) = done.stderr.splitlines()
    return line


def test_two_windows_on_one_match_never_lose_a_stored_move(home: Path) -> None:
    match_id = hot_seat_match(home)
    first = Window(home, match_id)
    assert first.line() == f"holding {match_id} 6"
    line = refused(home, "resume", str(match_id))  # the second window
    assert f"match {match_id} is open in another cardsuite window" in line
    assert f"process {first.process.pid}" in line
    assert first.play(5) == 11
    assert "another cardsuite window" in refused(home, "resume", str(match_id))
    assert "another cardsuite window" in refused(home, "delete", str(match_id))
    assert first.play(4) == 15
    assert first.close() == (0, "")
    second = Window(home, match_id)  # the first has gone: the match is taken over
    assert second.line() == f"holding {match_id} 15"
    assert second.play(3) == 18
    assert second.close() == (0, "")
    with Store() as store:
        record = store.record(match_id)
    assert len(record.moves) == 18
    replayed = Match.from_record(record, "match")  # every stored move replays in order
    assert len(replayed.moves) == 18


def test_a_lock_left_by_a_killed_window_is_taken_over(home: Path) -> None:
    match_id = hot_seat_match(home)
    first = Window(home, match_id)
    assert first.line() == f"holding {match_id} 6"
    assert first.play(2) == 8
    first.process.send_signal(signal.SIGKILL)
    first.process.communicate(timeout=TIMEOUT)
    second = Window(home, match_id)
    assert second.line() == f"holding {match_id} 8"
    assert second.play(1) == 9
    assert second.close() == (0, "")


def test_a_second_store_in_one_process_is_refused_until_the_first_lets_go(home: Path) -> None:
    match_id = hot_seat_match(home)
    with Store() as first, Store() as second:
        journal = first.journal(match_id)
        with pytest.raises(MatchBusyError, match=f"process {os.getpid()}"):
            second.journal(match_id)
        with pytest.raises(MatchBusyError):
            second.delete(match_id)
        journal.close()
        second.journal(match_id).close()
        assert second.delete(match_id)


def test_the_app_refuses_a_match_another_window_plays_and_says_why(home: Path) -> None:
    match_id = hot_seat_match(home)
    with Store() as other, Store() as own:
        other.journal(match_id)
        app = CardsuiteApp(store=own)
        problem = app.resume(match_id)
        assert problem is not None and "another cardsuite window" in problem
        assert own.holder(match_id) is not None  # nothing was taken from the other window
