"""A game of each of the thirteen (in CI, the sample of tests/soak.py) under a
pseudo-translation: nothing on screen is left in English.

The pseudo-translation here marks every word of every message, ⟪draws⟫ ⟪a⟫ ⟪card⟫, so that a
message wrapped over several lines of a panel stays marked on each of them.  Each screen of the
game, from the first decision to the outcome, is read line by line: what stands outside the
marks may hold the players' names, cards, numbers and key names, and no word.
"""

from __future__ import annotations

import gettext
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardsuite.games import GAMES
from cardsuite.tui.app import CardsuiteApp
from tests.soak import SOAK, ci_or_soak, swept
from tests.test_i18n import CLOSE, HEADER, OPEN, translated_by

from .helpers import (
    SEAT_NAMES,
    finished_match,
    generic_match,
    make_app,
    play_to_the_end,
    screen_text,
)

# Decisions played by keys per game: most games end within them; a longer one stops there and
# its outcome screen is read at the end of another match (the soak plays every game out).
PSEUDO_TURNS = ci_or_soak(50, 3_000)

# Words that are not the program's to translate: the players' names, the keys' names, and
# what a joker's face prints (as on a real joker; the joker of a sentence is translated).
NOT_MESSAGES = frozenset(SEAT_NAMES) | {"esc", "tab", "enter", "space", "ctrl", "shift", "up"}
NOT_MESSAGES |= {"JOKER", "JK"}
_MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
_WORD = re.compile(r"[A-Za-z]{2,}")
_VALUE = re.compile(r"\b[a-z]+(?:-[a-z]+)*-\d+\b")
_DEAL_CODE = re.compile(r"\b[a-z]+(?:-[a-z]+)*-\d+-[0-9a-z]+\b")
_LETTERS_OR_FIELD = re.compile(r"\{[^{}]*\}|[A-Za-z]+")


def _mark_words(message: str) -> str:
    return _LETTERS_OR_FIELD.sub(
        lambda m: m.group() if m.group().startswith("{") else f"{OPEN}{m.group()}{CLOSE}", message
    )


class WordPseudo(gettext.NullTranslations):
    """Every word of every message marked, its fields untouched; "" gives the header."""

    def gettext(self, message: str) -> str:
        return _mark_words(message) if message else HEADER

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return _mark_words(msgid1 if n == 1 else msgid2)


@pytest.fixture
def pseudo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path / "home"))
    with translated_by(WordPseudo()):
        yield


def _name_cut(word: str) -> str:
    """A name cut short to fit ("Bo…") is a name."""
    return " " if any(name.startswith(word[:-1]) for name in SEAT_NAMES) else word


def unmarked_words(line: str) -> list[str]:
    """The words of ``line`` outside the pseudo-translation's marks (a word cut short at the
    end of a line, "⟪card…", is marked)."""
    line = _MARKED.sub(" ", line)
    line = re.sub(f"{OPEN}[A-Za-z]*", " ", line)
    line = _DEAL_CODE.sub(" ", line)  # "rang-3-2u5d…": a code to type, not words
    line = _VALUE.sub(" ", line)  # "camicia-40": an option's value, typed as it is
    line = re.sub(r"\b[A-Za-z]+…", lambda m: _name_cut(m.group()), line)
    return [word for word in _WORD.findall(line) if word not in NOT_MESSAGES]


class Untranslated:
    """Called on every screen of the game: keeps each line that shows an unmarked word."""

    def __init__(self) -> None:
        self.screens = 0
        self.found: dict[str, str] = {}  # word -> the line it was seen in

    def __call__(self, app: CardsuiteApp) -> None:
        self.screens += 1
        for line in screen_text(app).splitlines():
            for word in unmarked_words(line):
                self.found.setdefault(word, line.strip())


def test_the_reading_of_a_screen_line() -> None:
    assert _mark_words("{who} draws {card}") == "{who} ⟪draws⟫ {card}"
    assert unmarked_words("⟪Rules⟫ ⟪of⟫ ⟪Rang⟫ · Anna 7♠ esc") == []
    assert unmarked_words("│ ⟪Anna⟫ ⟪plays⟫  │ ⟪and⟫ 7♠ ⟪ca…") == []
    assert unmarked_words("Legal now: ⟪draw⟫") == ["Legal", "now"]
    assert unmarked_words("⟪Deal⟫ ⟪code⟫ seven-up-3-2u5d5jq") == []
    assert unmarked_words("⟪Pack⟫: camicia-40 — Bo…") == []
    assert unmarked_words("⟪draws⟫ ⟪a⟫ car…") == ["car"]


@pytest.mark.parametrize("game_id", swept(GAMES))
async def test_a_whole_game_speaks_through_the_hook(pseudo: None, game_id: str) -> None:
    match = generic_match(GAMES[game_id], seed=2)
    app = make_app(match)
    watch = Untranslated()
    async with app.run_test(size=(120, 40)) as pilot:
        outcome = await play_to_the_end(
            pilot, random.Random(2), on_screen=watch, max_turns=PSEUDO_TURNS, stop_early=True
        )
    if outcome is None:  # a long game (Russian Bank, Nerts): its end is read at another table
        assert not SOAK, "the game did not end"
        ended = make_app(finished_match(GAMES[game_id], seed=2))
        async with ended.run_test(size=(120, 40)) as pilot:
            outcome = await play_to_the_end(pilot, random.Random(2), on_screen=watch)
    assert outcome is not None and outcome.match.is_over()
    assert watch.screens >= 2
    assert watch.found == {}, "\n".join(f"{w!r} in: {line}" for w, line in watch.found.items())
