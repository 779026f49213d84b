"""User-given text made safe to show: control characters and bidi controls escaped, names cut."""

from __future__ import annotations

import json
import sys

import pytest

from cardsuite.core.text import (
    NAME_SHOWN,
    json_text,
    plain,
    player_names,
    quoted,
    shown_name,
    valid_unicode,
    whole_in,
)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("Anna", "Anna"),
        ("[/] and [bold]x", "[/] and [bold]x"),  # markup is left to the interface to disarm
        ("a\x1b[31mb", "a\\x1b[31mb"),
        ("bell\x07", "bell\\x07"),
        ("del\x7f", "del\\x7f"),
        ("c1\x9b", "c1\\x9b"),
        ("two\nlines\ttab", "two\\x0alines\\x09tab"),
        ("\u202eevil", "\\u202eevil"),
        ("\u2066iso\u2069", "\\u2066iso\\u2069"),
        ("mark\u200f", "mark\\u200f"),
        ("line\u2028sep", "line\\u2028sep"),
        ("lone\ud800", "lone\\ud800"),  # a lone surrogate cannot even be written as UTF-8
        ("Ёжик ♠ 日本", "Ёжик ♠ 日本"),
    ],
)
def test_plain_escapes_what_would_act_on_the_terminal(text: str, shown: str) -> None:
    assert plain(text) == shown
    assert plain(shown) == shown  # already safe: unchanged
    shown.encode("utf-8")  # always writable


def test_shown_name_is_trimmed_cut_and_empty_when_nothing_shows() -> None:
    assert shown_name("  Anna ") == "Anna"
    assert shown_name(" \x1b\x07\u202e\t ") == ""
    assert shown_name("") == ""
    long = shown_name("x" * 100)
    assert len(long) == NAME_SHOWN and long.endswith("…")
    # the cut never falls inside an escape
    cut = shown_name("x" * 20 + "\x1b" + "y" * 10)
    assert cut == "x" * 20 + "…"
    assert player_names(3, ["", shown_name("\x1b"), "Zoya"]) == ("Anna", "Boris", "Zoya")


# --- numbers typed as text ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("0", 0),
        (" 42 ", 42),
        ("007", 7),
        ("18446744073709551615", 2**64 - 1),  # the largest seed
        ("18446744073709551616", None),  # one more
        ("-1", None),  # below the bound
        ("²", None),  # "²".isdigit() is True and int("²") fails
        ("①", None),
        ("١٢", None),  # Arabic-Indic digits: int() reads 12; only ASCII digits are numbers here
        ("1" * 5000, None),  # int() refuses more than 4,300 digits
        ("0" * 5000 + "5", 5),  # leading zeros are not digits of the number
        ("", None),
        ("1e3", None),
        ("0x10", None),
    ],
    ids=lambda value: value[:24] if isinstance(value, str) else None,
)
def test_whole_in_reads_ascii_digits_within_bounds_only(text: str, expected: int | None) -> None:
    assert whole_in(text, 0, 2**64 - 1) == expected


def test_whole_in_takes_a_sign_when_the_bounds_do() -> None:
    assert whole_in("-3", -10, 10) == -3 and whole_in("+3", -10, 10) == 3
    assert whole_in("--3", -10, 10) is None


def test_valid_unicode_refuses_lone_surrogates_only() -> None:
    assert valid_unicode("Ёжик ♠ 日本 \x1b \u202e 😀")
    assert not valid_unicode("P\ud800")  # as JSON reads "P\\ud800"
    assert not valid_unicode("A\udcffB")  # as Python reads the byte 0xff in a command line


def test_quoted_cuts_a_long_text_and_escapes_controls() -> None:
    assert quoted("abc") == "'abc'"
    assert quoted("a\x1bb\u202e") == "'a\\x1bb\\u202e'"
    long = quoted("9" * 5000)
    assert len(long) < 50 and long.endswith("…'")


# --- JSON for the terminal ------------------------------------------------------------------------

NAMES = ["Anna", "c1\x9b[2J", "\u202eevil", "\u2066iso\u2069", "del\x7f", "line\u2028sep", "Ёжик"]


def test_json_text_escapes_what_would_act_on_a_terminal_and_decodes_back() -> None:
    text = json_text({"players": NAMES, "lone": "P\ud800"})
    assert json.loads(text) == {"players": NAMES, "lone": "P\ud800"}  # the same names back
    assert text.isascii() is False and "Ёжик" in text  # letters are kept readable
    assert "\\u009b" in text and "\\u202e" in text and "\\ud800" in text
    text.encode("utf-8")  # printable: no lone surrogate left in it


def test_json_text_escapes_every_character_plain_escapes() -> None:
    # One set of characters: those plain() would not send to a terminal are those json_text
    # writes as escapes (JSON escapes the C0 controls itself).  Every character plain()
    # escapes is in the first plane (controls, surrogates, separators, bidi controls).
    assert all(plain(chr(code)) == chr(code) for code in range(0x10000, sys.maxunicode + 1, 97))
    for code in range(0x10000):
        ch = chr(code)
        if plain(ch) != ch:
            assert ch not in json_text(ch), hex(code)
        else:
            assert json_text(ch) in (json.dumps(ch, ensure_ascii=False), json.dumps(ch)), hex(code)
