"""Saves and settings read as hostile input: every way a file can be wrong is one sentence that
names the file, the settings fall back to their defaults and keep the damaged file aside, and
every field of a record is checked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardsuite.core.errors import SaveError
from cardsuite.core.record import MAX_RECORD_BYTES, MatchRecord, load_record
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
