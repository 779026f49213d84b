"""Every player-facing word goes through gettext: checked with a pseudo-translation.

The pseudo-translation wraps each message in ⟪ ⟫ (and leaves its ``{fields}`` alone), so text
that reaches the player without passing through ``_``/``ngettext`` shows up without the marks,
and notation (which must never be translated) shows up with them.
"""

from __future__ import annotations

import gettext
import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.screen import Screen

from cardsuite.cli import main
from cardsuite.core import i18n
from cardsuite.core.i18n import _, ngettext
from cardsuite.core.options import describe_options
from cardsuite.core.protocol import AnyGame
from cardsuite.games import GAMES, get_game
from cardsuite.runner import HumanTurn
from cardsuite.tui.screens import chooser, lobby, log, outcome, rules, scores, settings, table
from cardsuite.tui.screens import help as help_screen
from cardsuite.tui.screens.scores import sheet_lines
from cardsuite.tui.screens.table import TableScreen
from cardsuite.tui.translated import TranslatedModalScreen, TranslatedScreen

from .matches import seven_up_between_deals
from .tui.helpers import generic_match, make_app, play_move_by_keys, press, screen_text, settle

OPEN, CLOSE = "⟪", "⟫"
HEADER = "Project-Id-Version: pseudo\n"  # what a real catalogue answers for ""


class Pseudo(gettext.NullTranslations):
    """Every message wrapped in ⟪ ⟫, its fields untouched; "" gives the header, as a .mo does."""

    def gettext(self, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}" if message else HEADER

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"{OPEN}{msgid1 if n == 1 else msgid2}{CLOSE}"


@contextmanager
def translated_by(catalogue: gettext.NullTranslations) -> Iterator[None]:
    """Every message through ``catalogue`` inside the block (the real one after it)."""
    previous = i18n.use(catalogue)
    try:
        yield
    finally:
        i18n.use(previous)


@pytest.fixture
def pseudo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path / "home"))  # no saved match in the lobby
    with translated_by(Pseudo()):
        yield


def marked(text: str) -> bool:
    return OPEN in text and CLOSE in text


_WORD = re.compile(r"[A-Za-z]{2,}")
_FIELD = re.compile(r"\{[^{}]*\}")


def wordy(text: str) -> bool:
    """Whether ``text`` holds a word (two letters or more, seat placeholders aside)."""
    return bool(_WORD.search(_FIELD.sub("", text)))


def test_the_pseudo_translation_is_in_place(pseudo: None) -> None:
    assert _("{who} plays {card}") == "⟪{who} plays {card}⟫"
    assert ngettext("{n} move", "{n} moves", 2).format(n=2) == "⟪2 moves⟫"


# --- the engines --------------------------------------------------------------------------------


def view_strings(game: AnyGame, state: Any, seat: int) -> list[str]:
    """The view's words for ``seat``: title, status, info, pile labels and notes, trick,
    summary (not the names, scores and sides, which are the players' or numbers)."""
    view = game.present(game.observe(state, seat))
    out = [view.title, view.status, *view.info]
    for pile in view.piles():
        out += [pile.label, pile.note, pile.placeholder]
    if view.trick is not None:
        out.append(view.trick.label)
    if view.summary is not None:
        out += [view.summary.title, *view.summary.columns, *view.summary.lines]
    sheet = view.scores
    if sheet is not None:  # the score sheet's words (not its columns: names and sides)
        out += [sheet.title, sheet.scored, sheet.total, sheet.better, *sheet.lines]
        out += [row.label for row in sheet.rows]
    return [s for s in out if s]


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_engine_text_passes_through_the_hook_and_notation_does_not(
    pseudo: None, game: AnyGame
) -> None:
    count = 3 if 3 in game.seat_counts else min(game.seat_counts)
    state = game.new_game(seats=count, seed=7)
    rng = random.Random(7)
    refusals = 0
    for _ply in range(30):
        if game.outcome(state) is not None:
            break
        for event in state.events:
            assert marked(event.text()), f"{game.id}: event text {event.text()!r}"
        seat = min(game.to_move(state))
        view = game.present(game.observe(state, seat))
        assert marked(view.title), view.title
        for text in view_strings(game, state, seat):
            assert not wordy(text) or marked(text), f"{game.id}: view text {text!r}"
        legal = game.legal_moves(state, seat)
        for candidate in list(game.candidates(state, seat))[:40]:
            refusal = game.why_illegal(state, candidate)
            if refusal is not None:
                refusals += 1
                assert marked(refusal.text), f"{game.id}: refusal {refusal.text!r}"
        for other in sorted(set(range(count)) - game.to_move(state)):
            try:  # a game may list no candidates for a seat not on turn
                early = next(iter(game.candidates(state, other)), None)
            except Exception:
                early = None
            refusal = game.why_illegal(state, early) if early is not None else None
            if refusal is not None:
                refusals += 1
                assert marked(refusal.text), f"{game.id}: refusal {refusal.text!r}"
        for move in legal:
            notation = move.notation()
            assert OPEN not in notation and CLOSE not in notation, notation
            text = game.move_to_text(move)
            assert OPEN not in text and CLOSE not in text, text
            assert game.move_from_text(state, text, move.seat) == move, text
            for words in (move.label(), *move.choice_path()):
                assert not wordy(words) or marked(words), f"{game.id}: move label {words!r}"
        if not legal:  # on a clock (before a start signal): what is due falls due
            due = game.next_due(state)
            assert due is not None, f"{game.id}: nobody can act and nothing is due"
            state = game.advance(state, due)
            continue
        state = game.apply(state, legal[rng.randrange(len(legal))])
    assert refusals, f"{game.id}: no refused candidate was checked"


def test_scores_speak_through_the_hook(pseudo: None) -> None:
    """The measure of a score ("0 chips left"), its hint and the score sheet's words."""
    match = seven_up_between_deals()
    sheet = match.view(0).scores
    assert sheet is not None
    for words in (sheet.title, sheet.scored, sheet.total, sheet.better, *sheet.lines):
        assert marked(words), words
    assert all(marked(row.label) for row in sheet.rows)
    assert marked(sheet_lines(sheet, 60)[-1])  # the legend under a narrow table
    match.play_bots()
    outcome = match.outcome()
    assert outcome is not None and outcome.measure is not None
    assert all(marked(outcome.amount(s)) for s in range(4))
    assert marked(outcome.measure.hint())


# --- the app ------------------------------------------------------------------------------------

SCREEN_MODULES = (chooser, help_screen, lobby, log, outcome, rules, scores, settings, table)


def test_every_screen_shows_its_keys_through_the_hook() -> None:
    """Each screen of the app hands the Footer translated key descriptions."""
    screens = [
        value
        for module in SCREEN_MODULES
        for value in vars(module).values()
        if isinstance(value, type)
        and issubclass(value, Screen)
        and value.__module__ == module.__name__
    ]
    assert len(screens) >= len(SCREEN_MODULES)
    untranslated = [
        s.__name__ for s in screens if not issubclass(s, TranslatedScreen | TranslatedModalScreen)
    ]
    assert not untranslated


async def footer_line(pilot: Any) -> str:
    """The last line of the screen once the Footer has been drawn (it comes a frame later)."""
    for _attempt in range(20):
        line = screen_text(pilot.app).splitlines()[-1]
        if line.strip():
            return line
        await pilot.pause()
    raise AssertionError("no Footer")


def shown(app: Any, selector: str) -> list[str]:
    return [str(widget.render()) for widget in app.screen.query(selector)]


async def test_the_lobby_speaks_through_the_hook(pseudo: None) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        footer = await footer_line(pilot)
        text = screen_text(app)
        for words in ("⟪Games⟫", "⟪Start⟫", "⟪Rules⟫", "⟪Settings⟫", "⟪Seat 1⟫", "⟪Seed⟫"):
            assert words in text, words
        assert "⟪cardsuite · traditional card games⟫" in text
        first = next(iter(GAMES.values()))
        assert f"⟪⟪{first.title}⟫ — seats and options⟫" in text
        for words in ("⟪Start⟫", "⟪Help⟫", "⟪Quit⟫", "⟪palette⟫"):
            assert words in footer, words
        # the options' labels and help come from the game's N_-marked metadata
        labels = shown(app, ".field-label")
        helps = shown(app, ".field-help")
        for info in describe_options(first.Options):
            assert f"⟪{info.label}⟫" in labels, info.name
            assert not info.help or any(h.startswith(f"⟪{info.help}⟫") for h in helps)
        await press(pilot, "question_mark")
        await settle(pilot)
        assert "⟪At the table⟫" in screen_text(app)
        assert "⟪Close⟫" in await footer_line(pilot)
        await press(pilot, "escape", "s")
        await settle(pilot)
        assert "⟪Four-colour suits⟫" in screen_text(app)
        await press(pilot, "escape", "r")
        await settle(pilot)
        assert f"⟪Rules of ⟪{first.title}⟫" in screen_text(app)


async def test_a_table_speaks_through_the_hook(pseudo: None) -> None:
    game = get_game("rang")
    app = make_app(generic_match(game, seed=3))
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert isinstance(screen.step, HumanTurn)
        footer = await footer_line(pilot)
        text = screen_text(app)
        status = text.splitlines()[0]
        assert "⟪YOUR TURN⟫" in status and "⟪Rang⟫" in status
        for words in ("⟪Hint⟫", "⟪Rules⟫", "⟪Lobby⟫", "⟪Quit⟫"):
            assert words in footer, words
        for words in ("⟪Legal now:⟫", "⟪Table⟫", "⟪Log⟫", "⟪you⟫", "⟪⏎ pick · esc cancel⟫"):
            assert words in text, words
        await press(pilot, "u")  # nothing to undo yet: a refusal in words
        await settle(pilot)
        message = screen_text(app).splitlines()[-3].strip()
        assert message.startswith(("⟪Undo", "⟪Nothing to undo")), message
        await press(pilot, "h")  # a hint
        await settle(pilot)
        assert "⟪Hint: " in screen_text(app)
        await press(pilot, "up", "enter")  # an opponent's hand: refused, in words
        await settle(pilot)
        message = screen_text(app).splitlines()[-3]
        assert marked(message), message
        # a few moves by keys: picks, targets and choosers under the pseudo catalogue
        rng = random.Random(3)
        for _move in range(3):
            step = screen.step
            if not isinstance(app.screen, TableScreen) or not isinstance(step, HumanTurn):
                break
            legal = screen.match.legal_moves(step.seat)
            await play_move_by_keys(pilot, screen, legal[rng.randrange(len(legal))])
            await settle(pilot)
        assert len(screen.match.moves) > 0


async def test_the_curtain_and_the_too_small_notice_speak_through_the_hook(pseudo: None) -> None:
    game = get_game("ryba")  # hides the hands: two humans need the curtain
    app = make_app(generic_match(game, seed=1, humans=2))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen) and screen.curtain_up
        text = screen_text(app)
        assert "⟪Pass the keyboard to " in text and "press Enter when ready.⟫" in text
        await press(pilot, "enter")
        await settle(pilot)
        await pilot.pause()  # the table comes back in place of the curtain
        assert not screen.curtain_up
        assert "⟪Anna, your turn⟫" in screen_text(app)
        await pilot.resize_terminal(60, 20)
        await settle(pilot)
        assert "⟪Terminal too small⟫" in screen_text(app)


# --- the command line ---------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as done:
        main(list(args))
    out, err = capsys.readouterr()
    return int(done.value.code or 0), out, err


def test_cardsuite_list_speaks_through_the_hook(
    pseudo: None, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _err = run(capsys, "list")
    assert code == 0
    for words in ("⟪id⟫", "⟪game⟫", "⟪players⟫", "⟪summary⟫"):
        assert words in out, words
    for game in GAMES.values():
        assert f"⟪{game.title}⟫" in out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("simulate", "rang", "--bots", "random,nobot"), "⟪unknown bot 'nobot' for ⟪Rang⟫"),
        (("simulate", "rang", "--players", "3", "--bots", "random,random"), "⟪--bots names 2 bots"),
        (("play", "rang", "--players", "3", "--names", "A,B,C,D"), "⟪--names gives 4 names"),
        (("simulate", "rang", "--opt", "decks"), "⟪--opt expects key=value, got 'decks'⟫"),
    ],
)
def test_bad_arguments_speak_through_the_hook(
    pseudo: None, capsys: pytest.CaptureFixture[str], args: tuple[str, ...], words: str
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.startswith(f"cardsuite: {words}"), err


def test_help_and_rules_speak_through_the_hook(
    pseudo: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """Typer fixes help texts at import: they are N_-marked and translated at each call."""
    code, out, _err = run(capsys, "simulate", "--help")
    assert code == 0
    assert "⟪Play bot-only games headless" in out
    assert "⟪Number of players.⟫" in out
    assert "⟪N⟫" in out and "⟪KEY=VALUE⟫" in out  # the metavars too
    assert "⟪Show this message and exit.⟫" in out
    code, out, _err = run(capsys, "rules", "rang", "--plain")
    assert code == 0
    assert "## ⟪Options in cardsuite⟫" in out
    for info in describe_options(get_game("rang").Options):
        assert f"**⟪{info.label}⟫**" in out, info.name
