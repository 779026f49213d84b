"""Saves and settings read as hostile input: every way a file can be wrong is one sentence that
names the file, the settings fall back to their defaults and keep the damaged file aside, and
every field of a record is checked."""

from __future__ import annotations

import copy
import json
import os
import socket
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardsuite.core.errors import SaveError
from cardsuite.core.record import (
    MAX_MOVES,
    MAX_RECORD_BYTES,
    MatchRecord,
    check_destination,
    export_record,
    load_record,
)
from cardsuite.games import get_game
from cardsuite.match import Match, SeatInfo
from cardsuite.store import load_settings, settings_path
from cardsuite.store.settings import MAX_SETTINGS_BYTES, Settings

NESTED = "[" * 200_000 + "]" * 200_000

# (name, file content, words the message must hold)
BAD_FILES: list[tuple[str, bytes, str]] = [
    ("nested", NESTED.encode(), "nested too deeply"),
    (
        "nested-inside",
        b'{"format": "cardsuite-match", "options": ' + NESTED.encode() + b"}",
        "nested",
    ),
    ("truncated", b'{"format": "cardsuite-match", "version": 2, "seats": [', "cut short"),
    ("invalid", b'{"format": "cardsuite-match",, }', "not valid JSON"),
    ("binary", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe", "not a text file"),
    ("latin-1", '{"name": "Jos\xe9"}'.encode("latin-1"), "not UTF-8"),
    ("nul", b'{"format": "cardsuite-match"}\x00\x00', "NUL"),
    ("empty", b"", "cut short"),
    ("list", b"[1, 2, 3]", "a list"),
    ("number", b"42", "a number"),
    ("foreign", b'{"name": "left-pad", "version": "1.3.0", "main": "index.js"}', "not a cardsuite"),
    ("nan", b'{"format": "cardsuite-match", "seed": NaN}', "NaN"),
    ("infinity", b'{"format": "cardsuite-match", "seed": -Infinity}', "-Infinity"),
    ("big-int", b'{"format": "cardsuite-match", "seed": 1' + b"0" * 5000 + b"}", "5001 digits"),
    ("big-float", b'{"format": "cardsuite-match", "seed": 1e999}', "out of range"),
]


@pytest.mark.parametrize(("name", "content", "needle"), BAD_FILES, ids=[c[0] for c in BAD_FILES])
def test_a_bad_record_file_is_one_sentence_naming_it(
    tmp_path: Path, name: str, content: bytes, needle: str
) -> None:
    path = tmp_path / f"{name}.json"
    path.write_bytes(content)
    with pytest.raises(SaveError) as caught:
        load_record(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and needle in message, message
    assert "\n" not in message and len(message) < 300


def test_a_huge_record_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:  # sparse: nothing to read would be quick to read
        handle.truncate(MAX_RECORD_BYTES + 1_000_000)
    with pytest.raises(SaveError, match=r"too large for a match record \(9\.0 MB; at most 8\.0 MB"):
        load_record(path)
    with pytest.raises(SaveError, match="too large"):
        MatchRecord.from_json(" " * (MAX_RECORD_BYTES + 1), "<text>")


def test_a_directory_or_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="is a directory"):
        load_record(tmp_path)
    with pytest.raises(SaveError, match="no such file"):
        load_record(tmp_path / "missing.json")


@pytest.fixture
def unix_socket(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "s.sock"
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(str(path))
        yield path


def test_only_a_regular_file_is_read(tmp_path: Path, unix_socket: Path) -> None:
    # A FIFO without a writer would make open() wait forever: refused before it is read.
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    with pytest.raises(
        SaveError, match=r"fifo\.json: is a FIFO \(named pipe\), not a match record"
    ):
        load_record(fifo)
    with pytest.raises(SaveError, match=r"^/dev/null: is a device, not a match record$"):
        load_record("/dev/null")
    with pytest.raises(SaveError, match="is a socket, not a match record"):
        load_record(unix_socket)
    with pytest.raises(SaveError, match="no such file"):  # a link to nothing
        (tmp_path / "dangling.json").symlink_to(tmp_path / "nowhere.json")
        load_record(tmp_path / "dangling.json")


def test_a_record_is_read_through_a_symbolic_link(tmp_path: Path) -> None:
    record = MatchRecord.from_data(good_record(), "saved.json")
    real = tmp_path / "real.json"
    export_record(record, real)
    (tmp_path / "link.json").symlink_to(real)
    assert load_record(tmp_path / "link.json") == record


def test_an_export_replaces_a_regular_file_and_nothing_else(
    tmp_path: Path, unix_socket: Path
) -> None:
    record = MatchRecord.from_data(good_record(), "saved.json")
    old = tmp_path / "old.json"
    old.write_text("an older export", encoding="utf-8")
    export_record(record, old)  # a regular file: replaced, atomically
    assert load_record(old) == record
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    device, kind = tmp_path / "null", "a device"  # not /dev/null, which a regression run
    try:  # as root would replace
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:  # no privilege to make one: the FIFO stands in
        device, kind = fifo, "a FIFO (named pipe)"
    target = tmp_path / "target.json"
    target.write_text("kept", encoding="utf-8")
    (tmp_path / "link.json").symlink_to(target)
    refused = [
        (fifo, "is a FIFO (named pipe); only a regular file is replaced"),
        (device, f"is {kind}; only a regular file is replaced"),
        (tmp_path, "is a directory; only a regular file is replaced"),
        (unix_socket, "is a socket; only a regular file is replaced"),
        (
            tmp_path / "link.json",
            "is a symbolic link; not written (give the file it points to instead)",
        ),
        (tmp_path / "missing" / "m.json", f"folder {tmp_path / 'missing'} does not exist"),
        (old / "m.json", f"{old} is not a folder"),
    ]
    before = sorted(p.name for p in tmp_path.iterdir())
    for path, needle in refused:
        with pytest.raises(SaveError) as caught:
            export_record(record, path)
        assert str(caught.value) == f"{path}: {needle}"
        with pytest.raises(SaveError):
            check_destination(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # no file made, none replaced
    assert (tmp_path / "link.json").is_symlink() and target.read_text("utf-8") == "kept"
    assert fifo.is_fifo() and unix_socket.is_socket() and not device.is_file()


# --- the settings ---------------------------------------------------------------------------------

SETTINGS_CASES = [case for case in BAD_FILES if case[0] not in ("nested-inside",)] + [
    ("another-format", b'{"format": "cardsuite-match"}', "not a cardsuite settings file")
]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("CARDSUITE_HOME", str(home))
    return home


@pytest.mark.parametrize(
    ("name", "content", "needle"), SETTINGS_CASES, ids=[c[0] for c in SETTINGS_CASES]
)
def test_damaged_settings_fall_back_and_are_kept_aside(
    home: Path, name: str, content: bytes, needle: str
) -> None:
    if needle in ("a list", "a number", "not a cardsuite"):
        needle = "not a cardsuite settings file"
    path = settings_path()
    path.write_bytes(content)
    settings, warning = load_settings()
    assert settings == Settings()
    assert warning is not None and needle in warning, warning
    (aside,) = home.glob("settings.json.damaged-*")
    assert aside.read_bytes() == content  # kept as it was, never overwritten
    assert not path.exists()
    assert str(path) in warning and str(aside) in warning
    assert load_settings() == (Settings(), None)  # said once: the next start is quiet


def test_huge_settings_are_not_read_and_two_damaged_files_keep_apart(home: Path) -> None:
    path = settings_path()
    with path.open("wb") as handle:
        handle.truncate(MAX_SETTINGS_BYTES + 1)
    _, warning = load_settings()
    assert warning is not None and "too large for a settings file" in warning
    path.write_bytes(b"[")
    _, warning = load_settings()  # within the same second: a name of its own
    assert warning is not None
    assert len(list(home.glob("settings.json.damaged-*"))) == 2


def test_bad_values_in_good_settings_keep_their_defaults(home: Path) -> None:
    data = {
        "format": "cardsuite-settings",
        "bot_delay": 10**30,
        "four_colour": "yes",
        "last_names": ["Kira", "\x1b[31mred", "x" * 80],
        "last_game": ["rang"],
    }
    settings_path().write_text(json.dumps(data), encoding="utf-8")
    settings, warning = load_settings()
    assert warning is None
    assert settings.bot_delay == 5.0 and settings.four_colour is False and settings.last_game == ""
    assert settings.last_names[:2] == ("Kira", "\\x1b[31mred")
    assert len(settings.last_names[2]) == 24


# --- every field of a record -------------------------------------------------------------------


def good_record() -> dict[str, Any]:
    match = Match(get_game("rang"), [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=4)
    match.play_text(match.game.move_to_text(match.legal_moves(min(match.to_move()))[0]))
    data: dict[str, Any] = json.loads(match.record().to_json())
    return data


def spoilt(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(good_record())
    change(data)
    return data


def seat(i: int, **fields: Any) -> Any:
    def change(data: dict[str, Any]) -> None:
        data["seats"][i] = fields

    return change


def put(key: str, value: Any) -> Any:
    return lambda data: data.__setitem__(key, value)


BAD_FIELDS: list[tuple[str, Any, str]] = [
    ("bot-without-id", seat(1, name="Boris", kind="bot"), "seat 2 ('Boris') is a bot seat that does not name its bot"),
    ("bot-empty-id", seat(1, name="Boris", kind="bot", bot=""), "seat 2 ('Boris') is a bot seat"),
    ("bot-id-not-text", seat(1, name="Boris", kind="bot", bot=3), "does not name its bot"),
    ("human-with-bot", seat(0, name="Anna", kind="human", bot="random"), "seat 1 ('Anna') is a human seat but names a bot"),
    ("unknown-kind", seat(0, name="Anna", kind="robot"), "seat 1 ('Anna') has unknown kind 'robot'"),
    ("name-not-text", seat(0, name=7), "seat 1 must be an object with a 'name'"),
    ("name-too-long", seat(0, name="x" * 65), "seat 1 has a name of 65 characters; at most 64"),
    ("seat-extra-field", seat(0, name="Anna", colour="red"), "unknown field 'colour'"),
    ("seat-not-object", put("seats", ["Anna", "Boris"]), "seat 1 must be an object"),
    ("no-seats", put("seats", []), "'seats' must be a non-empty list"),
    ("seed-negative", put("seed", -1), "'seed' must be a whole number from 0 to 2**64-1, not -1"),
    ("seed-too-big", put("seed", 2**64), "from 0 to 2**64-1"),
    ("seed-text", put("seed", "5"), "not '5'"),
    ("seed-bool", put("seed", True), "not True"),
    ("version-bool", put("version", True), "bad record version True"),
    ("version-newer", put("version", 99), "written by a newer cardsuite"),
    ("options-list", put("options", [1]), "'options' must be an object, not a list"),
    ("option-object", put("options", {"decks": {"n": 1}}), "option 'decks' must be a number, a text, true, false or null, not an object"),
    ("option-list", put("options", {"decks": [1]}), "not a list"),
    ("moves-object", put("moves", {}), "'moves' must be a list, not an object"),
    ("move-bad-seat", put("moves", [[5, "draw"]]), "move 1 must be [seat, notation]"),
    ("move-too-long", put("moves", [[0, "x" * 201]]), "at most 200 characters"),
    ("too-many-moves", put("moves", [[0, "pass"]] * (MAX_MOVES + 1)), "1,000,001 moves; a record holds at most 1,000,000"),
    ("unknown-top-level", put("movs", []), "unknown field 'movs'"),
    ("practice-text", put("practice", "yes"), "'practice' must be true or false"),
    ("game-huge-id", put("game", "g" * 65), "'game' must name a game"),
    # lone surrogates (JSON reads "\ud800" as one): no file, terminal or database takes them
    ("name-lone-surrogate", seat(0, name="P\ud800"), "seat 1 has a name that is not valid Unicode text ('P\\ud800')"),
    ("bot-lone-surrogate", seat(1, name="Boris", kind="bot", bot="r\udcff"), "seat 2 ('Boris') names a bot that is not valid Unicode text"),
    ("game-lone-surrogate", put("game", "rang\udfff"), "'game' is not valid Unicode text"),
    ("option-name-lone-surrogate", put("options", {"d\ud800": 1}), "option name 'd\\ud800' is not valid Unicode text"),
    ("option-text-lone-surrogate", put("options", {"deal": "x\ud800"}), "option 'deal' is not valid Unicode text"),
    ("move-lone-surrogate", put("moves", [[0, "play \ud800"]]), "move 1 is not valid Unicode text"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "change", "needle"), BAD_FIELDS, ids=[c[0] for c in BAD_FIELDS])
def test_every_record_field_is_checked(name: str, change: Any, needle: str) -> None:
    with pytest.raises(SaveError) as caught:
        MatchRecord.from_data(spoilt(change), "saved.json")
    message = str(caught.value)
    assert message.startswith("saved.json: ") and needle in message, message


def test_a_good_record_reads_back() -> None:
    data = good_record()
    record = MatchRecord.from_data(data, "saved.json")
    assert Match.from_record(record).record() == record


@pytest.mark.parametrize(
    ("bot", "needle"),
    [
        ("wizard", "seat 2 ('Boris') is a bot seat naming bot 'wizard', which rang does not have"),
        ("expert", "naming bot 'expert'"),  # no such level
    ],
)
def test_a_bot_seat_names_a_bot_the_game_has(tmp_path: Path, bot: str, needle: str) -> None:
    path = tmp_path / "saved.json"
    path.write_text(json.dumps(spoilt(seat(1, name="Boris", kind="bot", bot=bot))), "utf-8")
    with pytest.raises(SaveError) as caught:
        Match.load(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and needle in message and "easy" in message, message
    assert message.count(str(path)) == 1


def test_a_record_made_in_code_with_a_bot_seat_but_no_bot_is_refused() -> None:
    record = MatchRecord.from_data(good_record(), "saved.json")
    broken = MatchRecord(
        record.game, record.seed, (record.seats[0], type(record.seats[1])("Boris", "bot", None))
    )
    with pytest.raises(SaveError, match=r"seat 2 .* is a bot seat naming bot 'None'"):
        Match.from_record(broken, "saved.json")
