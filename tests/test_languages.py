"""The interface's languages: how one is chosen, the catalogues, the rules pages.

The catalogues' completeness (every message translated in Russian and Ukrainian) is checked in
tests/test_catalogues.py.
"""

from __future__ import annotations

import gettext
import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from cardsuite.core import i18n
from cardsuite.core.catalogue import CatalogueError, compile_po, parse_po, read_po
from cardsuite.core.text import Message, message_from_data
from cardsuite.games import declared_games, get_game
from cardsuite.store import Settings
from tests.cli_run import refused, run

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import catalogue as tool

RULES = Path(__file__).resolve().parent.parent / "cardsuite" / "games" / "rules"
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.DEFAULT_LANGUAGE]


def test_the_catalogue_tool_knows_every_language_of_the_interface() -> None:
    assert list(tool.LANGUAGES) == TRANSLATED


# --- choosing the language ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("env", "language"),
    [
        ({"LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LANG": "uk_UA.UTF-8"}, "uk"),
        ({"LC_ALL": "uk_UA.UTF-8", "LANG": "ru_RU.UTF-8"}, "uk"),  # LC_ALL comes first
        ({"LC_MESSAGES": "ru_RU", "LANG": "en_GB.UTF-8"}, "ru"),
        ({"LANGUAGE": "de:uk:ru", "LANG": "en_US.UTF-8"}, "uk"),  # the first of ours in the list
        ({"LANG": "fr_FR.UTF-8"}, "en"),  # a language we do not have: English
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_environment_chooses_the_language_as_gettext_reads_it(
    env: dict[str, str], language: str
) -> None:
    assert i18n.environment_language(env) == language


def test_a_language_switch_changes_every_message_at_once() -> None:
    assert i18n._("Settings") == "Settings"
    i18n.set_language("ru")
    try:
        assert i18n.language() == "ru"
        assert i18n._("Settings") != "Settings"
    finally:
        i18n.set_language("en")
    assert i18n._("Settings") == "Settings"


def test_an_unknown_language_is_refused_and_changes_nothing() -> None:
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        i18n.set_language("fr")
    assert i18n.language() == "en"


def test_lang_follows_any_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "rang", "--lang", "uk", "--plain")
    assert code == 0
    assert out.startswith("# Ранг (Rang)")
    assert "гравців" in out  # Ukrainian, not Russian ("игроков")
    assert i18n.chosen_for_this_run()
    code, out, _ = run(capsys, "--lang=ru", "rules", "rang", "--plain")
    assert code == 0 and "игроков" in out


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (("list", "--lang", "fr"), "cardsuite: unknown language 'fr' (languages: en, ru, uk)"),
        (("list", "--lang"), "cardsuite: --lang needs a language: en, ru, uk"),
        (("--lang=", "list"), "cardsuite: unknown language '' (languages: en, ru, uk)"),
    ],
)
def test_a_bad_language_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], line: str
) -> None:
    assert refused(capsys, *args) == line
    assert i18n.language() == "en"


def test_lang_is_listed_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "--lang" in out


# --- the settings --------------------------------------------------------------------------


def test_card_indices_follow_the_language_unless_chosen() -> None:
    assert not Settings().cyrillic
    i18n.set_language("uk")
    try:
        assert Settings().cyrillic  # В Д К Т in Ukrainian
        assert not Settings(indices="latin").cyrillic
    finally:
        i18n.set_language("en")
    assert Settings(indices="cyrillic").cyrillic


def test_settings_of_earlier_versions_keep_their_cyrillic_switch() -> None:
    data = json.loads(Settings().to_json())
    del data["indices"]
    assert Settings.from_data({**data, "cyrillic": True}).indices == "cyrillic"
    assert Settings.from_data({**data, "cyrillic": False}).indices == ""  # follows the language


def test_a_bad_language_or_indices_in_the_settings_file_keeps_the_default() -> None:
    data = json.loads(Settings(language="uk", indices="latin").to_json())
    assert Settings.from_data(data) == Settings(language="uk", indices="latin")
    assert Settings.from_data({**data, "language": "xx", "indices": "runic"}) == Settings()


# --- the catalogues ---------------------------------------------------------------------------

RUSSIAN = r"""
msgid ""
msgstr ""
"Language: ru\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"

#, python-brace-format
msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "{n} карта"
msgstr[1] "{n} карты"
msgstr[2] "{n} карт"

msgid "Settings"
msgstr "Настр"
"ойки"

#, fuzzy
msgid "Quit"
msgstr "Выйти"

msgid "Untranslated"
msgstr ""
"""


def test_a_compiled_catalogue_gives_the_three_russian_plural_forms() -> None:
    catalogue = gettext.GNUTranslations(io.BytesIO(compile_po(parse_po(RUSSIAN))))
    forms = {
        n: catalogue.ngettext("{n} card", "{n} cards", n).format(n=n)
        for n in (1, 3, 5, 21, 22, 25, 11, 111)
    }
    assert forms == {
        1: "1 карта",
        21: "21 карта",
        3: "3 карты",
        22: "22 карты",
        5: "5 карт",
        25: "25 карт",
        11: "11 карт",
        111: "111 карт",
    }
    assert catalogue.gettext("Settings") == "Настройки"  # a string continued on the next line
    assert catalogue.gettext("Quit") == "Quit"  # fuzzy entries are left out, as msgfmt does
    assert catalogue.gettext("Untranslated") == "Untranslated"


def test_a_broken_catalogue_names_the_file_and_the_line() -> None:
    with pytest.raises(CatalogueError, match=r"ru\.po, line 3: a quoted string was expected"):
        parse_po('msgid ""\nmsgstr ""\nmsgid oops\n', "ru.po")


def test_the_template_lists_every_message_of_the_source() -> None:
    # tools/catalogue.py extract writes it; a message added to the code without running it
    # fails here, before translators miss it.
    assert tool.TEMPLATE.read_text(encoding="utf-8") == tool.template_text(tool.messages())


def test_every_game_title_and_summary_is_a_message() -> None:
    ids = {message.msgid for message in tool.messages()}
    for game in declared_games():
        assert game.title in ids and game.summary in ids, game.id


# --- the rules --------------------------------------------------------------------------------


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_game_has_its_rules_in_russian_and_ukrainian(language: str) -> None:
    for game in declared_games():
        english = (RULES / f"{game.id}.md").read_text(encoding="utf-8")
        page = RULES / language / f"{game.id}.md"
        text = page.read_text(encoding="utf-8")
        # the same structure as the English page: as many headings and list items
        for mark in ("\n#", "\n- ", "\n1. "):
            assert text.count(mark) == english.count(mark), (page, mark)
        assert sum(ch.isascii() and ch.isalpha() for ch in text) < len(text) // 4, page


def test_the_rules_follow_the_language_and_fall_back_on_english() -> None:
    rang = get_game("rang")
    i18n.set_language("ru")
    try:
        assert rang.rules().startswith("# Ранг (Rang)")
    finally:
        i18n.set_language("en")
    assert rang.rules().startswith("# Rang (Ранг)")


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated(language: str) -> None:
    # Every message of the template has a translation that is not fuzzy, with exactly the
    # placeholders of the English (each of the three plural forms with those of the plural).
    assert tool.problems(language) == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_translation_formats_as_its_english_does(language: str) -> None:
    # A translation is filled with the values its English takes: a number where the English
    # formats one ({n:+d}), a word elsewhere; none may fail to format.
    path = tool.po_path(language)
    for entry in read_po(path):
        if not entry.msgid or "{" not in entry.msgid:
            continue
        for text in entry.msgstr:
            names = tool.placeholders(text)
            values = {name: 7 for name in names if name}
            text.format(*[7] * text.count("{}"), **values)  # typer's "[default: {}]"


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_command_lines_own_words_follow_the_language(
    capsys: pytest.CaptureFixture[str], language: str
) -> None:
    # click writes its usage errors as English f-strings: they are said again from the
    # error's fields; typer's help panels and the usage line are set for each call.
    with i18n.speaking(language):
        missing = i18n._("Missing argument {name}.").format(name=repr(i18n._("GAME")))
        no_option = i18n._("No such option: {option}").format(option="--bogus")
        extra = i18n._("Unexpected extra argument: {arguments}").format(arguments="a b")
        words = [i18n._(w) for w in ("Usage: ", "Arguments", "Options")]
    assert refused(capsys, "rules", "--lang", language) == f"cardsuite: {missing}"
    assert refused(capsys, "rules", "rang", "--bogus", "--lang", language).endswith(no_option)
    assert refused(capsys, "rules", "rang", "a", "b", "--lang", language).endswith(extra)
    code, out, _ = run(capsys, "rules", "--help", "--lang", language)
    assert code == 0
    assert all(word.strip() in out for word in words)
    assert not any(english in out for english in ("Usage:", "Arguments", "Options"))


# --- messages across the engine's boundary ----------------------------------------------------


def _outcome(game_id: str, seed: int = 3) -> Any:
    """The outcome of a seeded match of the game's own bots, at its smallest table."""
    from cardsuite.match import Match, SeatInfo

    game = get_game(game_id)
    seats = [SeatInfo(f"P{i}", "normal") for i in range(min(game.seat_counts))]
    match = Match(game, seats, seed=seed)
    match.play_bots()
    outcome = match.outcome()
    assert outcome is not None, game_id
    return outcome


@pytest.mark.parametrize("game_id", [info.id for info in declared_games()])
def test_an_outcome_made_in_english_is_said_again_in_russian(game_id: str) -> None:
    # The reason is a message (its id and arguments kept), so a server or a saved match can
    # say it in the language of whoever reads it.
    reason = _outcome(game_id).reason
    assert isinstance(reason, Message), type(reason)
    with i18n.speaking("ru"):  # the same match played in Russian
        russian = _outcome(game_id).reason
    assert reason.said_in("ru") == russian != reason
    assert reason.said_in("en") == reason
    # ... and written as data (as the store keeps it), it is said again from the data
    data = json.loads(json.dumps(reason.to_data()))
    assert message_from_data(data) == reason
    with i18n.speaking("ru"):
        assert message_from_data(data) == russian


def test_a_refusal_made_in_english_is_said_again_in_ukrainian() -> None:
    rang = get_game("rang")
    state = rang.position("P1: 9♣ 9♦\nP2: 2♣ 2♦\ndiscard: 5♣\nstock: Q♣")
    move = next(m for m in rang.candidates(state, 0) if rang.why_illegal(state, m) is not None)
    refusal = rang.why_illegal(state, move)
    assert refusal is not None and isinstance(refusal.text, Message)
    with i18n.speaking("uk"):
        ukrainian = rang.why_illegal(state, move)
    assert ukrainian is not None and refusal.text.said_in("uk") == ukrainian.text != refusal.text
    data = refusal.text.to_data()
    assert data["id"] == refusal.text.template and "{" in data["id"]


def test_the_lobby_lists_an_options_choices_in_words_and_the_rules_say_how_to_type_them() -> None:
    from cardsuite.tui.rules_text import choice_word, rules_markdown

    assert choice_word("realtime") == "realtime" and choice_word(2) == "2"
    with i18n.speaking("ru"):
        assert choice_word("realtime") == "в реальном времени"
        text = rules_markdown(get_game("spit"))
    assert "в реальном времени (`realtime`), по очереди (`turns`)" in text
