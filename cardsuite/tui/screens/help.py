"""Every key, on one screen."""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static

from cardsuite.core.i18n import N_, _
from cardsuite.tui.translated import TranslatedModalScreen, footer

KEYS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    (
        N_("At the table"),
        (
            ("← ↑ ↓ →", N_("move the cursor between piles and cards")),
            ("Tab / Shift+Tab", N_("next / previous card you may play (or legal target)")),
            ("Enter / Space", N_("pick the card under the cursor, then pick where it goes")),
            ("", N_("(a card with one place to go is played at once; see Settings)")),
            ("Esc", N_("cancel the pick (and clear the message)")),
            (
                "",
                N_(
                    "a move that takes cards along (a capture): pick the played card, then "
                    "Space takes or leaves the card under the cursor (only cards that can "
                    "still make a legal set are lit), Enter confirms (with nothing taken: the "
                    "move taking nothing, if allowed); a set that cannot grow plays at once"
                ),
            ),
            ("c", N_("the moves of the picked card as a list to choose from")),
            ("1 … 9, 0", N_("the numbered moves of the action bar (draw, keep, name a rank …)")),
            (N_("mouse click"), N_("the same as moving the cursor there and pressing Enter")),
            (
                "",
                N_(
                    "(taking cards along: a click takes or leaves a card, a click on the "
                    "played card again confirms)"
                ),
            ),
            (".", N_("skip to your next decision; when you are out, finish the match at once")),
            (
                "u",
                N_(
                    "undo your last decision and the moves after it (alone against bots, not "
                    "on a clock; after seeing new cards the match becomes a practice match)"
                ),
            ),
            (
                "U / Ctrl+Y",
                N_("redo: play again what undo took back, one decision at a time"),
            ),
            ("h", N_("hint: highlight a suggested move")),
            ("e", N_("the whole event log")),
            ("r", N_("rules of the game being played")),
            ("s", N_("settings")),
            ("?", N_("this help")),
            ("l", N_("back to the lobby (the match is saved; continue it from the lobby)")),
            ("q", N_("quit (the match is saved)")),
            ("o", N_("the outcome, once the game is over")),
            ("t", N_("the score sheet: every deal so far (a match of several deals)")),
            ("p", N_("pause a game played in real time (the clock stands still)")),
        ),
    ),
    (
        N_("At a table over the network"),
        (
            ("/", N_("say something to the table (a chat line)")),
            ("u", N_("undo, if the server allows it: a person alone with bots")),
            ("l / q", N_("leave the table (a bot may take your seat after a while)")),
        ),
    ),
    (
        N_("Watching (every seat a bot)"),
        (
            ("p", N_("pause (the table stays in sight); p again goes on")),
            ("n", N_("one move (on a clock: the next thing due), also while paused")),
            ("+ / = / ]", N_("faster: step by step, slow, normal, fast, as fast as it draws")),
            ("- / [", N_("slower")),
            ("e", N_("the whole event log")),
        ),
    ),
    (
        N_("Hot-seat curtain"),
        (("Enter / Space", N_("the named player is ready: show his table")),),
    ),
    (
        N_("Choosers"),
        (
            ("↑ ↓ Enter", N_("choose an answer")),
            ("1 … 9, 0", N_("choose that answer at once")),
            ("Esc", N_("cancel the move")),
        ),
    ),
    (
        N_("Outcome"),
        (
            ("n", N_("rematch: same seats, new deal")),
            ("l", N_("back to the lobby")),
            ("t / Esc", N_("look at the final table")),
            ("p", N_("replay the match move by move")),
            ("s", N_("the score sheet, deal by deal (a match of several deals)")),
            ("q", N_("quit")),
        ),
    ),
    (
        N_("Score sheet"),
        (("Esc / t / q", N_("back")),),
    ),
    (
        N_("Lobby"),
        (
            ("↑ ↓", N_("in the game list: show a game's seats and options")),
            ("Tab / Shift+Tab", N_("next / previous field: seats, then options, seed, buttons")),
            ("o / Ctrl+O", N_("jump to the game's options (Ctrl+O when typing in a field)")),
            ("Esc", N_("back to the game list")),
            ("Enter / Space", N_("on an option: open its list, or turn it on / off ([x] / [ ])")),
            ("Enter", N_("in the game list: start that game; on a button: press it")),
            ("Ctrl+S", N_("start the game as set up")),
            ("w", N_("watch the game as set up, every seat a bot (a person's seat gets one)")),
            ("n", N_("online: join a table by its invite, or host the game as set up")),
            (N_("click / double click"), N_("in the game list: show a game / start it")),
            ("c", N_("continue the match played last")),
            ("m", N_("saved matches: continue, replay, delete, export; statistics")),
            ("r", N_("rules of the highlighted game")),
            ("s", N_("settings")),
            ("?", N_("this help")),
            ("q", N_("quit")),
        ),
    ),
    (
        N_("Saved matches"),
        (
            ("↑ ↓ Enter", N_("continue a match in play, or replay a finished one")),
            ("d d", N_("delete the match (press d twice)")),
            ("x", N_("export the match to a JSON file in the current folder")),
            ("t", N_("statistics per player")),
            ("Esc / q", N_("back")),
        ),
    ),
    (
        N_("Statistics"),
        (
            ("g", N_("another game (or all of them)")),
            ("b", N_("the matches bots played among themselves too (or not)")),
            ("Esc / q", N_("back")),
        ),
    ),
    (
        N_("Replay"),
        (
            ("← → / h l", N_("one move back / forward")),
            ("PgUp / PgDn", N_("ten moves back / forward")),
            ("Home / End", N_("the deal / the last move")),
            ("v", N_("whose view: each player's, a spectator's, every card face up")),
            ("Esc / q", N_("close")),
        ),
    ),
    (
        N_("Anywhere"),
        (
            ("Ctrl+P", N_("command palette: start any game, change theme …")),
            ("Ctrl+Q", N_("quit at once")),
        ),
    ),
)
# entries of the key column that are words, not key names
WORDY_KEYS = frozenset({"mouse click", "click / double click"})
KEY_GAP = 2  # cells between the longest key and the descriptions


def shown_key(key: str) -> str:
    """A key column's entry as shown: key names as printed on the keys, words translated."""
    return _(key) if key in WORDY_KEYS else key


def key_width() -> int:
    """The width of the key column: the longest entry, then a gap."""
    return max(cell_len(shown_key(key)) for _section, keys in KEYS for key, _what in keys) + (
        KEY_GAP
    )


class HelpScreen(TranslatedModalScreen[None]):
    """The keys of :data:`KEYS` in two columns: each description wraps under itself, beside its
    key, whatever the width.  Every cell is plain text (a "[" is a key here, not markup)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close")),
        Binding("question_mark", "close", N_("Close"), show=False),
        Binding("q", "close", N_("Close"), show=False),
    ]

    def __init__(self) -> None:
        super().__init__(classes="panel-screen")

    def compose(self) -> ComposeResult:
        yield Static(_("Keys"), classes="panel-title")
        width = key_width()
        with VerticalScroll(id="help-body"):
            for section, keys in KEYS:
                yield Static(_(section), classes="help-section", markup=False)
                for key, what in keys:
                    with Horizontal(classes="help-row"):
                        cell = Static(shown_key(key), classes="help-key", markup=False)
                        cell.styles.width = width
                        yield cell
                        yield Static(_(what), classes="help-what", markup=False)
        yield footer()

    def on_mount(self) -> None:
        self.query_one("#help-body").focus()

    def action_close(self) -> None:
        self.dismiss(None)
