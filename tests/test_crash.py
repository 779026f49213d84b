"""An unexpected crash exits with status 1, writes its traceback to a crash file in the data
folder and prints one line naming it (the TUI through Textual, and the command line)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from cardsuite import cli
from cardsuite.cli import main
from cardsuite.store.crash import TEST_CRASH_VARIABLE, report_crash

LINE = re.compile(r"^cardsuite crashed: (?P<what>.+); the details are in (?P<file>\S+\.log)$")


def crash_line(err: str) -> tuple[str, Path]:
    """The one line on stderr: what crashed, and the crash file it names."""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    found = LINE.match(lines[0])
    assert found is not None, lines[0]
    return found["what"], Path(found["file"])


@pytest.mark.parametrize("command", [(), ("play", "rang", "--seed", "1")], ids=["lobby", "play"])
def test_a_crash_in_the_app_exits_1_naming_its_crash_file(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    home = tmp_path / "home"
    env = {
        **os.environ,
        "CARDSUITE_HOME": str(home),
        TEST_CRASH_VARIABLE: "1",
        # no terminal here: Textual's headless driver (the app runs, mounts, crashes as on one)
        "TEXTUAL_DRIVER": "textual.drivers.headless_driver:HeadlessDriver",
    }
    done = subprocess.run(
        [sys.executable, "-m", "cardsuite", *command],
        env=env, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert done.returncode == 1, done
    assert done.stdout == ""
    what, log = crash_line(done.stderr)
    assert what == f"TestCrash: a crash on purpose ({TEST_CRASH_VARIABLE}=1)"
    assert log.parent == home and log.name.startswith("crash-")
    details = log.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in details
    assert "in on_mount" in details and "crash_if_asked" in details
    assert "Traceback" not in done.stderr  # the details are in the file, not on the terminal


def test_a_crash_in_a_command_exits_1_naming_its_crash_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path))

    def broken(game: str) -> None:
        raise ZeroDivisionError("a bug\nover two lines")

    monkeypatch.setattr(cli, "get_game", broken)
    with pytest.raises(SystemExit) as done:
        main(["rules", "rang"])
    assert done.value.code == 1
    out, err = capsys.readouterr()
    assert out == ""
    what, log = crash_line(err)
    assert what == "ZeroDivisionError: a bug\\x0aover two lines"  # one line, whatever it says
    assert log.parent == tmp_path
    details = log.read_text(encoding="utf-8")
    assert "in broken" in details and "ZeroDivisionError: a bug" in details


def test_bad_input_is_still_status_2_not_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path))
    with pytest.raises(SystemExit) as done:
        main(["rules", "no-such-game"])
    assert done.value.code == 2
    assert not list(tmp_path.glob("crash-*"))
    assert capsys.readouterr().err.startswith("cardsuite: ")


def test_the_crash_file_falls_back_to_the_temporary_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("", encoding="utf-8")  # the data folder cannot be made
    monkeypatch.setenv("CARDSUITE_HOME", str(blocked))
    spare = tmp_path / "tmp"
    spare.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(spare))
    for _ in range(2):  # two crashes in the same second: two files
        try:
            raise KeyError("lost")
        except KeyError as error:
            with pytest.raises(SystemExit) as done:
                report_crash(error)
        assert done.value.code == 1
        _what, log = crash_line(capsys.readouterr().err)
        assert log.parent == spare
    assert len(list(spare.glob("crash-*.log"))) == 2
