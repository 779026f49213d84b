"""``cardsuite host`` and ``cardsuite join`` as a user runs them, in processes of their own."""

from __future__ import annotations

import os
import queue
import re
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.cli_run import refused


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def cardsuite(*args: str, home: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "CARDSUITE_HOME": str(home), "LANGUAGE": "en", "LC_ALL": "C.UTF-8"}
    return subprocess.Popen(
        [sys.executable, "-m", "cardsuite", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )


def lines_of(process: subprocess.Popen[str]) -> queue.Queue[str]:
    """The process's output lines as they come (read in a thread, so waits can time out)."""
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)

    threading.Thread(target=read, daemon=True).start()
    return lines


def test_two_bot_clients_play_a_rang_match_at_a_host_and_it_replays(tmp_path: Path) -> None:
    port = free_port()
    host = cardsuite(
        "host", "--port", str(port), "--game", "rang", "--players", "2",
        "--seats", "human,human", "--pace", "0", "--once", home=tmp_path,
    )  # fmt: skip
    try:
        out = lines_of(host)
        invites: list[str] = []
        while len(invites) < 2:
            line = out.get(timeout=60)
            found = re.search(rf"join 127\.0\.0\.1:{port} ([0-9a-f]{{32}})", line)
            if found:
                invites.append(found.group(1))
        joins = [
            cardsuite("join", f"127.0.0.1:{port}", token, "--bot", "normal", home=tmp_path)
            for token in invites
        ]
        said = [join.communicate(timeout=120)[0] for join in joins]
        assert all(join.returncode == 0 for join in joins), said
        assert host.wait(timeout=60) == 0
    finally:
        host.kill()
    places = sorted(re.search(r"You finished (\w+)\.", text).group(1) for text in said)  # type: ignore[union-attr]
    assert places == ["1st", "2nd"]
    assert all("stored it as match 1" in text for text in said)
    replay = cardsuite("replay", "1", home=tmp_path).communicate(timeout=60)[0]
    assert "Result:" in replay and "loses the deal" in replay


def test_join_refuses_bad_arguments_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert "HOST:PORT" in refused(capsys, "join", "nowhere:port", "abc", "--bot", "normal")
    assert "one of" in refused(capsys, "join", "127.0.0.1:7777")
    assert "32 hexadecimal digits" in refused(capsys, "join", "127.0.0.1:7777", "abc")
    invite = "0" * 32
    assert "level" in refused(capsys, "join", "127.0.0.1:7777", invite, "--bot", "godlike")
    assert "--port" in refused(capsys, "host", "--port", "70000")
    assert "--once" in refused(capsys, "host", "--once")


def test_join_says_in_one_line_when_no_server_answers(capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(capsys, "join", f"127.0.0.1:{free_port()}", "0" * 32, "--bot", "easy")
    assert "cannot reach" in line
