"""Nothing shown is lost: a real ``cardsuite`` process killed (SIGKILL) in the middle of bot
matches at full speed, again and again; every match is then resumed.

``cardsuite simulate --record --log`` prints each move once the database has it, so every
move line read from the process is a move that was shown; after the kill the database must
hold each of them, and the match must go on from there.
"""

from __future__ import annotations

import contextlib
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from cardsuite.match import Match
from cardsuite.store.db import Store
from tests.soak import ci_or_soak

KILLS = ci_or_soak(4, 20)  # kills at random moments (a soak: many more)
GAME_LINE = re.compile(r"^Game \d+ \(match (\d+)\): ")
MOVE_LINE = re.compile(r"^\s*(\d+)\. (.+)$")


def newest_unfinished(home: Path) -> int | None:
    """The id of the newest match if it is still in play (read beside the running process)."""
    with contextlib.closing(sqlite3.connect(home / "cardsuite.db", timeout=10)) as conn:
        row = conn.execute("SELECT id, finished FROM matches ORDER BY id DESC").fetchone()
    return int(row[0]) if row is not None and row[1] is None else None


def run_until_killed(
    home: Path, game: str, seed: int, moves: int, players: int = 3
) -> tuple[int, dict[int, list[str]]]:
    """Start bot matches, read ``moves`` move lines, then kill the process in the middle of a
    match; that match's id, and the move lines shown of each match."""
    env = {**os.environ, "CARDSUITE_HOME": str(home), "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "cardsuite", "simulate", game, "--players", str(players)]
    command += ["--games", "100000", "--record", "--log", "--seed", str(seed)]
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    shown: dict[int, list[str]] = {}
    current: list[str] = []
    read, killed = 0, None
    try:
        for line in process.stdout:
            game_line = GAME_LINE.match(line)
            if game_line:
                current = shown.setdefault(int(game_line[1]), [])
                continue
            move = MOVE_LINE.match(line.rstrip("\n"))
            assert move, f"unexpected output {line!r}"
            assert int(move[1]) == len(current) + 1
            current.append(move[2])
            read += 1
            if read < moves:
                continue
            # Stop the process, and kill it if it is in the middle of a match (it may be ahead
            # of what has been read; between two matches, let it go on a little)
            process.send_signal(signal.SIGSTOP)
            killed = newest_unfinished(home)
            if killed is not None:
                break
            process.send_signal(signal.SIGCONT)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        process.stdout.close()
    assert process.returncode == -signal.SIGKILL
    assert killed is not None, "the process ended before it was killed"
    return killed, shown


def check_and_resume(home: Path, killed: int, shown: dict[int, list[str]]) -> None:
    """Every move shown is stored; the killed match resumes to its end in its own line."""
    assert not [p.name for p in home.iterdir() if p.name.endswith(".tmp")]
    with Store(home / "cardsuite.db") as store:
        for match_id, lines in shown.items():
            match = Match.from_record(store.record(match_id), f"match {match_id}")
            names = match.names
            labels = [f"{names[m.seat]}: {match.fill(m.label())}" for m in match.moves]
            assert labels[: len(lines)] == lines  # the very moves that were shown
        assert [m.id for m in store.matches(finished=False)] == [killed]
        match = Match.from_record(store.record(killed), f"match {killed}")
        match.attach(store.journal(killed), killed)
        match.play_bots()
        assert match.is_over() and store.get(killed).is_finished
        assert store.record(killed).moves == match.record().moves


def test_kill_9_in_the_middle_of_bot_matches_loses_no_shown_move(tmp_path: Path) -> None:
    rng = random.Random(2026)
    for k in range(KILLS):
        # now and then past the first match, so that finished ones are behind the killed one
        killed, shown = run_until_killed(tmp_path, "rang", seed=k, moves=rng.randrange(5, 1500))
        assert sum(map(len, shown.values())) > 0
        check_and_resume(tmp_path, killed, shown)
    with Store(tmp_path / "cardsuite.db") as store:
        assert len(store.matches(finished=False)) == 0
        assert len(store.matches(finished=True)) >= KILLS
    # with every connection closed, SQLite's own journal is folded back into the database
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cardsuite.db"]


@pytest.mark.parametrize("game", ["grabuge", "ryba"])
def test_two_unfinished_matches_of_different_games_both_resume(tmp_path: Path, game: str) -> None:
    """Rang and another game, each killed in the middle of a match, each resumed to its end."""
    first, _shown = run_until_killed(tmp_path, "rang", seed=1, moves=40)
    second, _shown = run_until_killed(tmp_path, game, seed=2, moves=8, players=2)
    with Store(tmp_path / "cardsuite.db") as store:
        unfinished = {m.id: m.game for m in store.matches(finished=False)}
        assert unfinished == {first: "rang", second: game}
        for match_id in unfinished:
            match = Match.from_record(store.record(match_id))
            match.attach(store.journal(match_id), match_id)
            match.play_bots()
            assert store.get(match_id).is_finished


def test_kill_9_of_the_app_at_a_table_of_bots(tmp_path: Path) -> None:
    """The real app in a terminal (a pseudo-terminal), a table of bots watched at its fast
    speed (a move every 0.2 s; the fastest would end the game between two looks), killed
    twice mid-match: the database reads, the stored moves replay, the match resumes."""
    import fcntl
    import pty
    import struct
    import termios
    import threading
    import time

    (tmp_path / "settings.json").write_text(
        '{"format": "cardsuite-settings", "bot_delay": 0.15}', encoding="utf-8"
    )
    env = {**os.environ, "CARDSUITE_HOME": str(tmp_path), "TERM": "xterm-256color"}
    env.pop("NO_COLOR", None)

    def newest() -> tuple[int, int]:
        """The newest match's id and its stored moves (0, 0 before there is one)."""
        path = tmp_path / "cardsuite.db"
        if not path.exists():
            return 0, 0
        try:
            with contextlib.closing(sqlite3.connect(path, timeout=5)) as conn:
                row = conn.execute("SELECT id, moves FROM matches ORDER BY id DESC").fetchone()
        except sqlite3.Error:
            return 0, 0  # the schema is being created
        return (int(row[0]), int(row[1])) if row else (0, 0)

    for round_ in range(2):
        pid, fd = pty.fork()
        if pid == 0:  # the child: the app, as a player starts it, in a 120×40 terminal
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
            os.execve(
                sys.executable,
                [sys.executable, "-m", "cardsuite", "play", "rang", "--seats"]
                + ["random,random,random", "--seed", str(round_ + 1)],
                env,
            )

        def drain(fd: int = fd) -> None:  # the terminal's output must be read, or it blocks
            while True:
                try:
                    if not os.read(fd, 65536):
                        return
                except OSError:
                    return

        reader = threading.Thread(target=drain, daemon=True)
        reader.start()
        before, _moves = newest()
        deadline = time.monotonic() + 120
        while not (newest()[0] > before and newest()[1] >= 30):  # a condition, not a sleep
            assert time.monotonic() < deadline, f"the bots did not play ({newest()})"
            time.sleep(0.05)
        os.kill(pid, signal.SIGKILL)
        _pid, status = os.waitpid(pid, 0)
        os.close(fd)
        reader.join(timeout=10)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
        with Store(tmp_path / "cardsuite.db") as store:
            (killed,) = store.matches(finished=False)
            assert killed.moves >= 30
            match = Match.from_record(store.record(killed.id), f"match {killed.id}")
            match.attach(store.journal(killed.id), killed.id)
            match.play_bots()
            assert store.get(killed.id).is_finished
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
