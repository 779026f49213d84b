"""Saved matches and statistics: every match in the database, resumed, replayed, exported or
deleted; each player's figures per game.

Names come from players and saves, so every cell is plain text (never markup).  The list's
columns are sized from the screen's width (:func:`column_widths`): every column shows, and
when the room runs short the players' names give way first, cut with "…".
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Static

from cardsuite.core.errors import CardsuiteError, SaveError
from cardsuite.core.i18n import C_, N_, _, ngettext
from cardsuite.core.text import plain, player_names, shown_name
from cardsuite.games import GAME_INFO
from cardsuite.tui.translated import TranslatedScreen, footer

if TYPE_CHECKING:
    from cardsuite.store.db import PlayerStats, Store, StoredMatch
    from cardsuite.tui.app import CardsuiteApp


def game_title(game_id: str) -> str:
    info = GAME_INFO.get(game_id)
    return _(info.title) if info is not None else plain(game_id)


def seat_names(match: StoredMatch) -> tuple[str, ...]:
    """The players' names as shown (plain, bounded; the lobby's for a seat saved without)."""
    return player_names(len(match.seats), [shown_name(s.name) for s in match.seats])


def seats_line(match: StoredMatch) -> str:
    return ", ".join(
        _("{name} (bot)").format(name=name) if s.kind == "bot" else name
        for s, name in zip(match.seats, seat_names(match), strict=True)
    )


def wall_clock() -> float:
    """The time "Played" counts from (the tests stop it)."""
    return time.time()


def ago(timestamp: float, now: float | None = None) -> str:
    """When, in words a player reads at a glance: "just now", "5 min ago", "2 h ago", a date."""
    seconds = max(0.0, (wall_clock() if now is None else now) - timestamp)
    if seconds < 60:
        return _("just now")
    if seconds < 3600:
        return _("{n} min ago").format(n=int(seconds // 60))
    if seconds < 86400:
        return _("{n} h ago").format(n=int(seconds // 3600))
    return time.strftime("%Y-%m-%d", time.localtime(timestamp))


def describe(match: StoredMatch) -> str:
    """One line for a saved match: game, seats, moves, when it was last played."""
    moves = ngettext("{n} move played", "{n} moves played", match.moves).format(n=match.moves)
    return f"{game_title(match.game)} · {seats_line(match)} · {moves} · {ago(match.updated)}"


def result_line(match: StoredMatch) -> str:
    if match.result is None:
        return _("in play")
    firsts = [
        s.name for s, place in zip(match.seats, match.result.places, strict=True) if place == 1
    ]
    if len(firsts) == len(match.seats):
        return _("a draw")
    return _("won by {names}").format(names=", ".join(firsts))


def cut(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells, ending in "…" when it had to be cut."""
    if cell_len(text) <= width:
        return text
    if width <= 1:
        return "…"[:width]
    return set_cell_size(text, width - 1).rstrip() + "…"


# The list's columns, left to right, and the index of those that give way on a narrow screen
# (Players first, down to a few letters, then Result, then Game).
COLUMNS = (N_("No."), N_("Game"), N_("Players"), N_("Moves"), N_("Played"), N_("Result"))
PLAYERS, RESULT, GAME = 2, 5, 1
GIVING_WAY = ((PLAYERS, 10), (RESULT, 8), (GAME, 8), (PLAYERS, 4))
CELL_PADDING = 1  # the DataTable's, each side of every column
SCROLLBAR = 2  # the list's scroll bar, kept whether it is needed or not (scrollbar-gutter)


def column_widths(headings: Sequence[str], rows: Sequence[Sequence[str]], room: int) -> list[int]:
    """The width of each column: what its widest cell needs, narrowed (Players first, then
    Result, then Game) until the columns and their padding fit in ``room`` cells."""
    widths = [
        max([cell_len(heading)] + [cell_len(row[i]) for row in rows])
        for i, heading in enumerate(headings)
    ]
    over = sum(widths) + 2 * CELL_PADDING * len(widths) - room
    for index, least in GIVING_WAY:
        if over <= 0:
            break
        given = max(0, min(over, widths[index] - least))
        widths[index] -= given
        over -= given
    return widths


class MatchesScreen(TranslatedScreen[None]):
    """Every saved match, unfinished first: Enter continues one or replays a finished one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Back")),
        Binding("d", "delete", N_("Delete")),
        Binding("x", "export", N_("Export")),
        Binding("t", "stats", N_("Statistics")),
        Binding("q", "close", N_("Back"), show=False),
    ]

    def __init__(self) -> None:
        super().__init__(classes="panel-screen")
        self.shown: list[StoredMatch] = []
        self._delete_armed: int | None = None  # the match a second "d" deletes
        self._export_armed: int | None = None  # the match in play a second "x" exports
        self._cells: list[tuple[str, ...]] = []  # the cells of each match shown, whole

    @property
    def cs_app(self) -> CardsuiteApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        yield Static(_("Saved matches"), classes="panel-title")
        yield Static(
            _(
                "⏎ continue a match in play, or replay a finished one · d delete · x export "
                "to a file · t statistics · esc back"
            ),
            id="matches-help",
        )
        yield DataTable(id="matches-table", cursor_type="row", zebra_stripes=True)
        yield Static("", id="matches-message", markup=False)
        yield footer()

    def on_mount(self) -> None:
        self.reload()
        self.query_one(DataTable).focus()

    def on_screen_resume(self) -> None:
        self.reload()

    def on_resize(self) -> None:
        self.lay_out()

    def store(self) -> Store | None:
        store = self.cs_app.store
        if store is None:
            self.say(self.cs_app.store_problem or _("The database of matches cannot be opened."))
        return store

    def reload(self) -> None:
        self.shown = []
        self._cells = []
        store = self.store()
        if store is None:
            self.lay_out()
            return
        try:
            found = store.matches()
        except SaveError as exc:
            self.say(str(exc))
            self.lay_out()
            return
        self.shown = [m for m in found if not m.is_finished] + [m for m in found if m.is_finished]
        self._cells = [
            (
                str(m.id),
                game_title(m.game),
                seats_line(m),
                str(m.moves),
                ago(m.updated),
                result_line(m) + (_(" · practice") if m.practice else ""),
            )
            for m in self.shown
        ]
        self.lay_out()
        if store.problems:  # matches left out: each is named by its number
            self.say(" ".join(store.problems))
        elif not self.shown:
            self.say(_("No saved matches yet: every match you start is kept here."))

    def lay_out(self) -> None:
        """Fill the list anew, its columns sized for the screen's width (the cursor stays on
        its row)."""
        table = self.query_one(DataTable)
        row = table.cursor_row
        cells = self._cells
        headings = [_(heading) for heading in COLUMNS]
        room = (self.size.width or self.app.size.width) - SCROLLBAR
        widths = column_widths(headings, cells, room)
        table.clear(columns=True)
        for heading, width in zip(headings, widths, strict=True):
            table.add_column(Text(cut(heading, width)), width=width)
        for m, line in zip(self.shown, cells, strict=True):
            table.add_row(
                *(Text(cut(cell, width)) for cell, width in zip(line, widths, strict=True)),
                key=str(m.id),
            )
        if self.shown and row < len(self.shown):
            table.move_cursor(row=row)

    def say(self, text: str) -> None:
        self.query_one("#matches-message", Static).update(text)

    def current(self) -> StoredMatch | None:
        table = self.query_one(DataTable)
        if not self.shown or not 0 <= table.cursor_row < len(self.shown):
            return None
        return self.shown[table.cursor_row]

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        match = self.current()
        if match is None:
            return
        if match.is_finished:
            self.replay(match)
            return
        error = self.cs_app.resume(match.id)
        if error is not None:
            self.say(_("Match {id} cannot be continued — {error}").format(id=match.id, error=error))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._delete_armed = None

    def replay(self, stored: StoredMatch) -> None:
        from cardsuite.match import Match
        from cardsuite.tui.screens.replay import ReplayScreen

        store = self.store()
        if store is None:
            return
        source = _("{file}, match {id}").format(file=store.path, id=stored.id)
        try:
            match = Match.from_record(store.record(stored.id), source)
        except SaveError as exc:
            self.say(_("Match {id} cannot be replayed — {error}").format(id=stored.id, error=exc))
            return
        except Exception as exc:  # a stored match must never take the app down
            self.say(f"{source}: {exc}")
            return
        self.app.push_screen(ReplayScreen(match, stored.id))

    def action_delete(self) -> None:
        match = self.current()
        store = self.store()
        if match is None or store is None:
            return
        if self._delete_armed != match.id:
            self._delete_armed = match.id
            self.say(
                _("Press d again to delete match {id} ({line}).").format(
                    id=match.id, line=describe(match)
                )
            )
            return
        self._delete_armed = None
        try:
            store.delete(match.id)
        except CardsuiteError as exc:  # it cannot be written, or another window plays it
            self.say(str(exc))
            return
        self.reload()
        self.say(_("Match {id} deleted.").format(id=match.id))

    def action_export(self) -> None:
        from cardsuite.core.record import export_record

        match = self.current()
        store = self.store()
        if match is None or store is None:
            return
        if not match.is_finished and self._export_armed != match.id:
            # A match in play: its file shows every hand (as export --reveal does)
            self._export_armed = match.id
            self.say(
                _(
                    "Match {id} is still in play: its file would show every hand. "
                    "Press x again to export it anyway."
                ).format(id=match.id)
            )
            return
        self._export_armed = None
        path = Path.cwd() / f"cardsuite-{match.game}-{match.id}.json"
        try:
            export_record(store.record(match.id), path)  # a FIFO or a link there is kept
        except SaveError as exc:
            self.say(str(exc))
            return
        self.say(_("Match {id} written to {file}").format(id=match.id, file=path))

    def action_stats(self) -> None:
        self.app.push_screen(StatsScreen())

    def action_close(self) -> None:
        self.dismiss(None)


def stats_name(f: PlayerStats) -> str:
    """A row's name: the person's, or the bot's with its level ("Boris (bot · normal)")."""
    shown = shown_name(f.name) or "?"
    if f.is_bot:
        from cardsuite.bots import level_word

        return _("{name} (bot · {bot})").format(name=shown, bot=level_word(plain(f.bot or "")))
    return shown


class StatsScreen(TranslatedScreen[None]):
    """Each person's figures (and his bot opponents') over the finished matches, for every
    game or one (g); b counts the matches bots played among themselves too."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Back")),
        Binding("g", "next_game", N_("Game")),
        Binding("b", "bots", N_("Bot matches")),
        Binding("q", "close", N_("Back"), show=False),
    ]

    def __init__(self) -> None:
        super().__init__(classes="panel-screen")
        self.games: list[str | None] = [None]
        self.game_index = 0
        self.bots = False  # the matches bots played among themselves are counted too
        self.shown_rows = 0  # the players listed

    @property
    def cs_app(self) -> CardsuiteApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        yield Static(_("Statistics"), classes="panel-title", id="stats-title")
        yield Static("", id="stats-help")
        yield DataTable(id="stats-table", cursor_type="row", zebra_stripes=True)
        yield Static("", id="stats-message", markup=False)
        yield footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(
            _("Player"),
            _(C_("statistics", "Games")),
            _("Wins"),
            _("Draws"),
            _("Losses"),
            _("Places"),
            _("Avg score"),
            _("Longest"),
            _("Practice"),
        )
        store = self.cs_app.store
        if store is not None:
            played: set[str] = set()
            try:
                played = {m.game for m in store.matches(finished=True)}
            except SaveError as exc:
                self.query_one("#stats-message", Static).update(str(exc))
            ordered: list[str] = sorted(played, key=game_title)
            self.games.extend(ordered)
        self.reload()
        table.focus()

    def reload(self) -> None:
        game = self.games[self.game_index]
        which = _("all games") if game is None else game_title(game)
        if self.bots:
            help_text = _(
                "Finished matches, {which}, bots among themselves too · g another game · "
                "b people's matches only · esc back"
            )
        else:
            help_text = _(
                "Finished matches with a person, {which} · g another game · "
                "b bots' matches too · esc back"
            )
        self.query_one("#stats-help", Static).update(help_text.format(which=which))
        table = self.query_one(DataTable)
        table.clear()
        store = self.cs_app.store
        if store is None:
            return
        try:
            figures = store.stats(game, bots=self.bots)
        except SaveError as exc:
            self.query_one("#stats-message", Static).update(str(exc))
            return
        for f in figures:
            places = " ".join(f"{place}:{count}" for place, count in f.places.items())
            table.add_row(
                Text(stats_name(f)),
                Text(str(f.games)),
                Text(str(f.wins)),
                Text(str(f.draws)),
                Text(str(f.losses)),
                Text(places),
                Text("—" if f.average_score is None else f"{f.average_score:g}"),
                Text(str(f.longest)),
                Text(str(f.practice)),
            )
        self.shown_rows = len(figures)
        if figures:
            message = ""
        elif self.bots:
            message = _("No finished matches yet.")
        else:
            message = _("No finished matches with a person yet (b: the bots' matches too).")
        self.query_one("#stats-message", Static).update(message)

    def action_next_game(self) -> None:
        self.game_index = (self.game_index + 1) % len(self.games)
        self.reload()

    def action_bots(self) -> None:
        self.bots = not self.bots
        self.reload()

    def action_close(self) -> None:
        self.dismiss(None)
