"""User-given text made safe to show: control characters and bidi controls escaped, names cut."""

from __future__ import annotations

import pytest

from cardsuite.core.text import NAME_SHOWN, plain, player_names, shown_name


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
