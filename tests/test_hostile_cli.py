"""Hostile input on the command line, command by command: every bad value is one line.

Each row of :data:`CASES` runs one command with one bad input and asserts the rule every command
keeps: exit status 2, nothing on stdout, exactly one line on stderr naming the problem (the
row's keyword is in it, no control character reaches the terminal raw), no traceback, and
nothing changed on disk: the files of ``CARDSUITE_HOME`` and of the work folder (sizes, times,
kinds) and whatever the command was pointed at are as they were.  The commands that open the
app (play, deal, resume) or the server (serve) must refuse before they start: starting either
fails the test.

A row is ``Case(name, argv, expect_in_message, setup=None)``.  A row that writes never points
at a system file (the tests may run as root): its FIFO, device or link is made in the work
folder; /dev/null is only read.  In ``argv`` and the message,
``{work}`` stands for the work folder, where ``setup(work)`` may put what the row needs (a FIFO,
a record file …); the database in ``CARDSUITE_HOME`` already holds match 1 (and no other).
Add a row to test a new bad input; :data:`IN_A_REAL_PROCESS` names the rows also run in a
real ``python -m cardsuite`` process.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sqlite3
import stat
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from cardsuite import tui
from cardsuite.cli import main
from cardsuite.core.text import plain
from cardsuite.games import get_game
from cardsuite.match import Match, SeatInfo
from cardsuite.store.db import Store

Setup = Callable[[Path], None]


@dataclass(frozen=True)
class Case:
    name: str
    argv: tuple[str, ...]
    expect_in_message: str
    setup: Setup | None = None


# --- what the rows put in the work folder -------------------------------------------------------


def fifo(name: str) -> Setup:
    return lambda work: os.mkfifo(work / name)


def folder(name: str) -> Setup:
    return lambda work: (work / name).mkdir()


def regular(name: str, text: str = "an earlier file\n") -> Setup:
    def setup(work: Path) -> None:
        (work / name).write_text(text, encoding="utf-8")

    return setup


def link(name: str, target: str, make_target: Setup | None = None) -> Setup:
    def setup(work: Path) -> None:
        if make_target is not None:
            make_target(work)
        (work / name).symlink_to(work / target)

    return setup


def unix_socket(name: str) -> Setup:
    def setup(work: Path) -> None:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
            server.bind(str(work / name))  # the socket file stays when the socket is closed

    return setup


def device(name: str) -> Setup:
    """A device node of the work folder's own (the one /dev/null is): an export a regression
    let through would replace it, never the system's /dev/null (the tests may run as root)."""

    def setup(work: Path) -> None:
        try:
            os.mknod(work / name, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        except PermissionError:
            pytest.skip("making a device node needs privileges")

    return setup


def good_record() -> dict[str, Any]:
    match = Match(get_game("grabuge"), [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=9)
    match.play_bots(4)
    data: dict[str, Any] = json.loads(match.record().to_json())
    return data


def record_file(name: str, change: Callable[[dict[str, Any]], None]) -> Setup:
    """A match record with one field spoilt, written as JSON escapes (as any writer may)."""

    def setup(work: Path) -> None:
        data = good_record()
        change(data)
        (work / name).write_text(json.dumps(data), encoding="utf-8")

    return setup


def record_text(name: str, text: str) -> Setup:
    return regular(name, text)


def seat_name(name: str) -> Callable[[dict[str, Any]], None]:
    return lambda data: data["seats"][0].__setitem__("name", name)


def field(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda data: data.__setitem__(key, value)


# --- the rows -----------------------------------------------------------------------------------

BIG = "1" * 5000  # more digits than Python's int() reads (4,300)
ID_2_63 = str(2**63)  # one past the largest SQLite integer
SEED_2_64 = str(2**64)  # one past the largest seed
SEED_RANGE = "--seed must be a whole number from 0 to 18446744073709551615"
ID_RANGE = "match ids are whole numbers from 1 to 9223372036854775807"
LONE = "A\udcffB"  # how Python reads the byte 0xff (not UTF-8) in a command line
RECORD_OF_5000_DIGITS = '{"format": "cardsuite-match", "version": 3, "seed": ' + BIG + "}"

CASES: list[Case] = [
    # play: numbers out of range, digits that are not ASCII, names that are not text
    Case("play-seed-negative", ("play", "rang", "--seed", "-1"), f"{SEED_RANGE}, not -1"),
    Case("play-seed-2**64", ("play", "rang", "--seed", SEED_2_64), f"not {SEED_2_64}"),
    Case("play-seed-superscript", ("play", "rang", "--seed", "²"), f"{SEED_RANGE}, not '²'"),
    Case("play-seed-circled", ("play", "rang", "--seed", "①"), "not '①'"),
    Case("play-seed-arabic-indic", ("play", "rang", "--seed", "١٢"), "not '١٢'"),
    Case("play-seed-5000-digits", ("play", "rang", "--seed", BIG), f"{SEED_RANGE}, not '111"),
    Case("play-players-0", ("play", "rang", "--players", "0"), "Rang is for 2 to 10 players, not 0"),
    Case("play-players-negative", ("play", "rang", "--players", "-2"), "2 to 10 players, not -2"),
    Case("play-players-5000-digits", ("play", "rang", "--players", BIG), "--players must be a whole number"),
    Case("play-names-lone-surrogate", ("play", "rang", "--names", f"Anna,{LONE}"), "--names gives seat 2 a name that is not valid Unicode text ('A\\udcffB')"),
    Case("play-names-control-twice", ("play", "rang", "--names", "\x1b[2J,\x1b[2J"), "'\\x1b[2J' twice"),
    Case("play-names-bidi-too-long", ("play", "rang", "--players", "2", "--names", "\u202e" * 65), "65 characters"),
    Case("play-game-control", ("play", "\x1b]0;pwned\x07"), "unknown game '\\x1b]0;pwned\\x07'"),
    Case("play-opt-lone-surrogate", ("play", "rubashka", "--opt", f"deal={LONE}"), "not valid Unicode text"),
    # deal: the code's numbers, the names
    Case("deal-players-0", ("deal", "rang-0-k2f9"), "Rang is for 2 to 10 players, not 0"),
    Case("deal-seed-too-large", ("deal", "rang-3-zzzzzzzzzzzzz"), "too large"),
    Case("deal-superscript-players", ("deal", "rang-²-k2f9"), "is not a deal code"),
    Case("deal-5000-digits", ("deal", BIG), "is not a deal code"),
    Case("deal-names-lone-surrogate", ("deal", "rang-2-k2f9", "--names", LONE), "not valid Unicode text"),
    # simulate
    Case("simulate-seed-negative", ("simulate", "rang", "--seed", "-1"), f"{SEED_RANGE}, not -1"),
    Case("simulate-seed-2**64", ("simulate", "rang", "--seed", SEED_2_64), SEED_RANGE),
    Case("simulate-seed-circled", ("simulate", "rang", "--seed", "①"), SEED_RANGE),
    Case("simulate-games-0", ("simulate", "rang", "--games", "0"), "--games must be a whole number from 1 to 1000000, not 0"),
    Case("simulate-games-huge", ("simulate", "rang", "--games", "99999999999999999999"), "from 1 to 1000000"),
    Case("simulate-games-5000-digits", ("simulate", "rang", "--games", BIG), "--games must be"),
    Case("simulate-players-0", ("simulate", "rang", "--players", "0"), "Rang is for 2 to 10 players, not 0"),
    Case("simulate-players-negative", ("simulate", "rang", "--players", "-5", "--record"), "not -5"),
    Case("simulate-players-superscript", ("simulate", "rang", "--players", "²"), "--players must be a whole number of players, not '²'"),
    Case("simulate-bots-bidi", ("simulate", "rang", "--bots", "\u202erandom"), "unknown bot '\\u202erandom'"),
    # resume
    Case("resume-id-2**63", ("resume", ID_2_63), f"{ID_RANGE}, not {ID_2_63}"),
    Case("resume-id-0", ("resume", "0"), f"{ID_RANGE}, not 0"),
    Case("resume-id-superscript", ("resume", "²"), f"{ID_RANGE}, not '²'"),
    Case("resume-id-5000-digits", ("resume", BIG), ID_RANGE),
    Case("resume-no-such-match", ("resume", "5"), "no match 5"),
    # replay: ids, and files that are not regular files or not valid records
    Case("replay-id-2**63", ("replay", ID_2_63), f"{ID_RANGE}, not {ID_2_63}"),
    Case("replay-id-5000-digits", ("replay", BIG), ID_RANGE),
    Case("replay-superscript", ("replay", "²"), "²: no such file"),
    Case("replay-no-such-match", ("replay", "5"), "no match 5"),
    Case("replay-fifo", ("replay", "{work}/fifo"), "{work}/fifo: is a FIFO (named pipe), not a match record", fifo("fifo")),
    Case("replay-directory", ("replay", "{work}/dir"), "is a directory, not a match record", folder("dir")),
    Case("replay-device", ("replay", "/dev/null"), "/dev/null: is a device, not a match record"),
    Case("replay-link-to-fifo", ("replay", "{work}/link"), "is a FIFO (named pipe)", link("link", "fifo", fifo("fifo"))),
    Case("replay-control-in-path", ("replay", "{work}/a\x1b[2Jb.json"), "a\\x1b[2Jb.json: no such file"),
    Case("replay-lone-surrogate-name", ("replay", "{work}/m.json"), "seat 1 has a name that is not valid Unicode text ('P\\ud800')", record_file("m.json", seat_name("P\ud800"))),
    Case("replay-seed-2**64", ("replay", "{work}/m.json"), "'seed' must be a whole number from 0 to 2**64-1", record_file("m.json", field("seed", 2**64))),
    # export: ids, then what stands at the destination
    Case("export-id-2**63", ("export", ID_2_63, "{work}/out.json"), f"{ID_RANGE}, not {ID_2_63}"),
    Case("export-id-0", ("export", "0", "{work}/out.json"), ID_RANGE),
    Case("export-id-circled", ("export", "①", "{work}/out.json"), ID_RANGE),
    Case("export-no-such-match", ("export", "5", "{work}/out.json"), "no match 5"),
    Case("export-fifo", ("export", "1", "{work}/fifo"), "{work}/fifo: is a FIFO (named pipe); only a regular file is replaced", fifo("fifo")),
    Case("export-device", ("export", "1", "{work}/null"), "{work}/null: is a device", device("null")),
    Case("export-directory", ("export", "1", "{work}/dir"), "is a directory", folder("dir")),
    Case("export-socket", ("export", "1", "{work}/sock"), "is a socket", unix_socket("sock")),
    Case("export-symlink", ("export", "1", "{work}/link.json"), "{work}/link.json: is a symbolic link", link("link.json", "real.json", regular("real.json"))),
    Case("export-dangling-symlink", ("export", "1", "{work}/link.json"), "is a symbolic link", link("link.json", "nowhere.json")),
    Case("export-missing-folder", ("export", "1", "{work}/missing/out.json"), "folder {work}/missing does not exist"),
    Case("export-bidi-missing-folder", ("export", "1", "{work}/\u202eevil/out.json"), "folder {work}/\\u202eevil does not exist"),
    Case("export-file-as-folder", ("export", "1", "{work}/real.json/out.json"), "{work}/real.json is not a folder", regular("real.json")),
    # import: files that are not regular, records that are not valid
    Case("import-fifo", ("import", "{work}/fifo"), "is a FIFO (named pipe), not a match record", fifo("fifo")),
    Case("import-directory", ("import", "{work}"), "is a directory, not a match record"),
    Case("import-device", ("import", "/dev/null"), "is a device, not a match record"),
    Case("import-socket", ("import", "{work}/sock"), "is a socket, not a match record", unix_socket("sock")),
    Case("import-link-to-fifo", ("import", "{work}/link"), "is a FIFO", link("link", "fifo", fifo("fifo"))),
    Case("import-missing", ("import", "{work}/missing/m.json"), "no such file"),
    Case("import-lone-surrogate-name", ("import", "{work}/m.json"), "seat 1 has a name that is not valid Unicode text", record_file("m.json", seat_name("P\ud800"))),
    Case("import-lone-surrogate-game", ("import", "{work}/m.json"), "'game' is not valid Unicode text", record_file("m.json", field("game", "grabuge\udfff"))),
    Case("import-lone-surrogate-option", ("import", "{work}/m.json"), "option name 'x\\ud800' is not valid Unicode text", record_file("m.json", field("options", {"x": 1, "x\ud800": 1}))),
    Case("import-seed-negative", ("import", "{work}/m.json"), "not -1", record_file("m.json", field("seed", -1))),
    Case("import-seed-5000-digits", ("import", "{work}/m.json"), "5000 digits, far too large", record_text("m.json", RECORD_OF_5000_DIGITS)),
    # delete
    Case("delete-id-2**63", ("delete", ID_2_63), f"{ID_RANGE}, not {ID_2_63}"),
    Case("delete-id-2**64", ("delete", SEED_2_64), ID_RANGE),
    Case("delete-id-0", ("delete", "0"), ID_RANGE),
    Case("delete-id-superscript", ("delete", "²"), f"{ID_RANGE}, not '²'"),
    Case("delete-id-5000-digits", ("delete", BIG), ID_RANGE),
    Case("delete-no-such-match", ("delete", "5"), "there is no match 5"),
    # matches, stats, rules: they take no number, but a game or nothing
    Case("matches-extra-argument", ("matches", "²"), "Unexpected extra argument"),
    Case("stats-superscript", ("stats", "²"), "unknown game '²'"),
    Case("stats-lone-surrogate", ("stats", LONE), "unknown game 'A\\udcffB'"),
    Case("stats-bidi", ("stats", "\u202eevil"), "unknown game '\\u202eevil'"),
    Case("rules-control", ("rules", "\x1b[2J"), "unknown game '\\x1b[2J'"),
    Case("rules-circled", ("rules", "①"), "unknown game '①'"),
    # serve: ports, hosts
    Case("serve-port-0", ("serve", "--port", "0"), "--port must be from 1 to 65535, not 0"),
    Case("serve-port-65536", ("serve", "--port", "65536"), "not 65536"),
    Case("serve-port-superscript", ("serve", "--port", "²"), "--port must be from 1 to 65535, not '²'"),
    Case("serve-port-5000-digits", ("serve", "--port", BIG), "--port must be from 1 to 65535"),
    Case("serve-host-lone-surrogate", ("serve", "--host", LONE), "'A\\udcffB' is not a valid host name"),
    Case("serve-host-bidi", ("serve", "--host", "\u202eevil"), "is not a valid host name"),
]  # fmt: skip

IN_A_REAL_PROCESS = [
    "play-names-lone-surrogate",
    "resume-id-2**63",
    "export-fifo",
    "import-fifo",
    "serve-port-5000-digits",
]


# --- running a row ------------------------------------------------------------------------------


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """CARDSUITE_HOME, whose database holds match 1 (an unfinished one)."""
    home = tmp_path / "home"
    monkeypatch.setenv("CARDSUITE_HOME", str(home))
    match = Match(get_game("grabuge"), [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=9)
    match.play_bots(4)
    with Store() as store:
        assert store.add(match.record()) == 1
    return home


@pytest.fixture
def work(tmp_path: Path) -> Path:
    work = tmp_path / "work"
    work.mkdir()
    return work


@pytest.fixture
def no_app(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Starting the app or the server fails the test: bad input is refused before."""
    started: list[str] = []

    def run(*_args: Any, **_kwargs: Any) -> None:
        started.append("app")
        pytest.fail("the app was started")

    def serve(*_args: Any, **_kwargs: Any) -> None:
        started.append("server")
        pytest.fail("the server was started")

    monkeypatch.setattr(tui, "run", run)
    monkeypatch.setattr(tui, "serve", serve)
    yield started
    assert started == []


def filled(text: str, work: Path) -> str:
    return text.replace("{work}", str(work))


def snapshot(*roots: Path, paths: tuple[str, ...] = ()) -> dict[str, tuple[int, ...]]:
    """Every file under ``roots`` (and each of ``paths`` that names one): its kind, and for a
    regular file its size and modification time; where a link points.  Links are not followed.
    A folder's own time is left out: SQLite makes side files (-wal, -shm) while the database
    is open and removes them when it is closed; the files in the folder are what counts."""
    found: dict[str, tuple[int, ...]] = {}

    def look(path: Path) -> None:
        try:
            info = os.lstat(path)
        except OSError:  # nothing there, or not a file name at all (5,000 digits)
            return
        mode = stat.S_IFMT(info.st_mode)
        if stat.S_ISREG(mode):
            found[os.fsdecode(path)] = (mode, info.st_size, info.st_mtime_ns)
        elif stat.S_ISLNK(mode):
            found[os.fsdecode(path)] = (mode, *os.fsencode(os.readlink(path)))
        else:
            found[os.fsdecode(path)] = (mode,)

    for root in roots:
        look(root)
        for folder_path, folders, files in os.walk(root):
            for name in folders + files:
                look(Path(folder_path, name))
    for path in paths:
        look(Path(path))
    return found


def assert_one_line_naming(err: str, needle: str) -> None:
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    (line,) = lines
    assert line.startswith("cardsuite: "), line
    assert needle in line, f"{needle!r} not in {line!r}"
    assert plain(line) == line, line  # no control character, bidi control or surrogate raw
    assert len(line) < 400, line  # a 5,000-digit number is not echoed whole


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_bad_input_is_one_line_and_changes_nothing(
    case: Case,
    home: Path,
    work: Path,
    no_app: list[str],
    capsys: pytest.CaptureFixture[str],
) -> None:
    if case.setup is not None:
        case.setup(work)
    argv = [filled(arg, work) for arg in case.argv]
    before = snapshot(home, work, paths=tuple(argv))
    with pytest.raises(SystemExit) as done:
        main(argv)
    out, err = capsys.readouterr()
    assert done.value.code == 2, (out, err)
    assert out == ""
    assert_one_line_naming(err, filled(case.expect_in_message, work))
    assert snapshot(home, work, paths=tuple(argv)) == before


def test_the_table_has_a_row_for_every_command() -> None:
    commands = {case.argv[0] for case in CASES}
    expected = {"play", "deal", "simulate", "resume", "replay", "export", "import", "delete"}
    assert commands >= expected | {"matches", "stats", "rules", "serve"}
    assert len({case.name for case in CASES}) == len(CASES)  # names tell the rows apart
    assert set(IN_A_REAL_PROCESS) <= {case.name for case in CASES}


@pytest.mark.parametrize("name", IN_A_REAL_PROCESS)
def test_bad_input_in_a_real_process(name: str, home: Path, work: Path) -> None:
    """The same rule in a real process: its own interpreter, argv as bytes from the system
    (the byte 0xff as it comes, not a Python string), the real app never started."""
    (case,) = [case for case in CASES if case.name == name]
    if case.setup is not None:
        case.setup(work)
    argv = [os.fsencode(filled(arg, work)) for arg in case.argv]
    before = snapshot(home, work, paths=tuple(os.fsdecode(a) for a in argv))
    env = {**os.environ, "CARDSUITE_HOME": str(home), "PYTHONUTF8": "1"}
    done = subprocess.run(
        [os.fsencode(sys.executable), b"-m", b"cardsuite", *argv],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        env=env,
        timeout=120,
        check=False,
    )
    err = done.stderr.decode("utf-8")  # the line is valid UTF-8: escapes, not raw bytes
    assert done.returncode == 2, err
    assert done.stdout == b""
    assert_one_line_naming(err, filled(case.expect_in_message, work))
    assert snapshot(home, work, paths=tuple(os.fsdecode(a) for a in argv)) == before


# --- damaged rows in the database ---------------------------------------------------------------
# A value of match 1's rows that this version never writes, as another program or a bad disk
# may leave it: the commands that need the match refuse in one line naming it and the value;
# the listings go on with the others (tests/store/test_faults.py).
DAMAGED_ROWS = {
    "updated-text": "UPDATE matches SET updated = 'abc' WHERE id = 1",
    "updated-1e300": "UPDATE matches SET updated = 1e300 WHERE id = 1",
    "moves-text": "UPDATE matches SET moves = 'abc' WHERE id = 1",
    "seed-negative": "UPDATE matches SET seed = '-1' WHERE id = 1",
    "place-text": "UPDATE seats SET place = 'x' WHERE match = 1",
    "name-blob": "UPDATE seats SET name = x'414243' WHERE match = 1 AND seat = 0",
    "name-not-utf8": "UPDATE seats SET name = CAST(x'41ff42' AS TEXT) WHERE match = 1",
    "notation-blob": "UPDATE moves SET notation = x'00' WHERE match = 1 AND ply = 0",
}
NEEDING_THE_MATCH = {
    "resume": ("resume", "1"),
    "replay": ("replay", "1"),
    "export": ("export", "1", "{work}/out.json", "--reveal"),
}


@pytest.mark.parametrize("damage", list(DAMAGED_ROWS))
@pytest.mark.parametrize("command", list(NEEDING_THE_MATCH))
def test_a_damaged_stored_row_is_one_line_and_changes_nothing(
    command: str,
    damage: str,
    home: Path,
    work: Path,
    no_app: list[str],
    capsys: pytest.CaptureFixture[str],
) -> None:
    with contextlib.closing(sqlite3.connect(home / "cardsuite.db")) as conn, conn:
        conn.execute(DAMAGED_ROWS[damage])
    argv = [filled(arg, work) for arg in NEEDING_THE_MATCH[command]]
    before = snapshot(home, work)
    with pytest.raises(SystemExit) as done:
        main(argv)
    out, err = capsys.readouterr()
    assert done.value.code == 2, (out, err)
    assert out == ""
    assert_one_line_naming(err, "match 1")
    assert snapshot(home, work) == before
