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
import subprocess
import sys
from pathlib import Path

import pytest

from cardsuite.match import Match
from cardsuite.store.db import Store

KILLS = 8
GAME_LINE = re.compile(r"^Game \d+ \(match (\d+)\): ")
MOVE_LINE = re.compile(r"^\s*(\d+)\. (.+)$")


def run_until_killed(home: Path, seed: int, moves: int) -> tuple[int, list[str]]:
    """Start bot matches, read ``moves`` move lines, kill the process; the match being played
    then and the lines shown of it."""
    env = {**os.environ, "CARDSUITE_HOME": str(home), "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "cardsuite", "simulate", "rang", "--players", "3"]
    command += ["--games", "1000", "--record", "--log", "--seed", str(seed)]
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    match_id, shown, read = 0, [], 0
    try:
        for line in process.stdout:
            game = GAME_LINE.match(line)
            if game:
                match_id, shown = int(game[1]), []
                continue
            move = MOVE_LINE.match(line.rstrip("\n"))
            assert move, f"unexpected output {line!r}"
            assert int(move[1]) == len(shown) + 1
            shown.append(move[2])
            read += 1
            if read >= moves:
                break
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        process.stdout.close()
    assert process.returncode == -signal.SIGKILL
    return match_id, shown


def test_kill_9_in_the_middle_of_bot_matches_loses_no_shown_move(tmp_path: Path) -> None:
    rng = random.Random(2026)
    resumed = 0
    for k in range(KILLS):
        # past the first match now and then, so that finished ones are behind the killed one
        match_id, shown = run_until_killed(tmp_path, seed=k, moves=rng.randrange(5, 1500))
        assert match_id and shown
        leftovers = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
        assert leftovers == []
        with Store(tmp_path / "cardsuite.db") as store:
            stored = store.get(match_id)
            assert not stored.is_finished
            record = store.record(match_id)
            assert len(record.moves) >= len(shown)  # at most the move being made is extra
            match = Match.from_record(record, f"match {match_id}")
            names = match.names
            labels = [f"{names[m.seat]}: {match.fill(m.label())}" for m in match.moves]
            assert labels[: len(shown)] == shown  # the very moves that were shown
            # resume it: the match goes on in its own line to its end
            match.attach(store.journal(match_id), match_id)
            match.play_bots()
            assert match.is_over()
            assert store.get(match_id).is_finished
            resumed += 1
            unfinished = store.matches(finished=False)
            assert unfinished == []
    assert resumed == KILLS
    # with every connection closed, SQLite's own journal is folded back into the database
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cardsuite.db"]


@pytest.mark.parametrize("game", ["grabuge", "ryba"])
def test_two_unfinished_matches_of_different_games_both_resume(tmp_path: Path, game: str) -> None:
    """Two games killed mid-match (Rang and another), each resumed to its end."""
    first, _shown = run_until_killed(tmp_path, seed=1, moves=40)
    env = {**os.environ, "CARDSUITE_HOME": str(tmp_path)}
    process = subprocess.Popen(
        [sys.executable, "-m", "cardsuite", "simulate", game, "--games", "3", "--record", "--log"],
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    second = 0
    for line in process.stdout:
        found = GAME_LINE.match(line)
        if found:
            second = int(found[1])
        elif second and int(MOVE_LINE.match(line.rstrip())[1]) >= 8:  # type: ignore[index]
            break
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)
    process.stdout.close()
    with Store(tmp_path / "cardsuite.db") as store:
        unfinished = {m.id: m.game for m in store.matches(finished=False)}
        assert unfinished == {first: "rang", second: game}
        for match_id in unfinished:
            match = Match.from_record(store.record(match_id))
            match.attach(store.journal(match_id), match_id)
            match.play_bots()
            assert store.get(match_id).is_finished


def test_kill_9_of_the_app_at_a_table_of_bots(tmp_path: Path) -> None:
    """The real app in a terminal (a pseudo-terminal), bots playing at full speed, killed
    twice mid-match: the database reads, the stored moves replay, the match resumes."""
    import fcntl
    import pty
    import sqlite3
    import struct
    import termios
    import threading
    import time

    (tmp_path / "settings.json").write_text(
        '{"format": "cardsuite-settings", "bot_delay": 0}', encoding="utf-8"
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
