"""The cardsuite Textual app: lobby, tables, settings and the command palette.

Start-up imports only what the lobby's first frame needs (no engine, bot, match or table
code: each is imported where it is first used), and the look is read in two parts:
``lobby.tcss`` (the lobby's first frame) at start, ``app.tcss`` (everything else) once that
frame is drawn or before any other screen is shown (:meth:`CardsuiteApp.load_styles`).
"""

from __future__ import annotations

import gc
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.filter import Monochrome
from textual.screen import Screen

from cardsuite.core.i18n import (
    LANGUAGES,
    N_,
    _,
    chosen_for_this_run,
    environment_language,
    language,
    ngettext,
    set_language,
)
from cardsuite.core.text import lobby_names, plain
from cardsuite.store import Settings, load_settings, save_settings
from cardsuite.tui.screens.lobby import (
    LobbyScreen,
    all_bots,
    default_players,
    default_seats,
)
from cardsuite.tui.translated import maybe

if TYPE_CHECKING:
    import ssl

    from textual.worker import Worker

    from cardsuite.core.protocol import AnyGame
    from cardsuite.core.table import Seat
    from cardsuite.match import Match, MatchSetup, SeatInfo
    from cardsuite.net.client import Line
    from cardsuite.net.commands import Serving
    from cardsuite.store.db import Store
    from cardsuite.tui.played import TableMatch


@dataclass(frozen=True)
class Remote:
    """A seat to take at a match server: its address, the first frame (a join with the
    invite, an open or a watch) and the TLS context to check its certificate by."""

    url: str
    first: dict[str, Any]
    tls: ssl.SSLContext | None = None


# The look of everything but the lobby's first frame (read after it: see load_styles).
STYLES = Path(__file__).with_name("app.tcss")

THEME_VARIABLES: dict[str, str] = {
    "card-felt": "#0e3a26",
    "card-felt-text": "#cfe3d5",
    "card-paper": "#f5f2e9",
    "card-red": "#c8102e",
    "card-black": "#1b1b1b",
    "card-diamond": "#1565c0",  # four-colour ♦
    "card-club": "#1b7f3b",  # four-colour ♣
    "card-joker": "#7b1fa2",
    "card-back": "#23408e",
    "card-back-pattern": "#8fa8e8",
    "card-edge": "#9db7a6",
    "card-cursor": "#ffd54f",
    "card-selected": "#4fc3f7",
    "card-target": "#69f0ae",
    "card-playable": "#a5d6a7",
    "card-last": "#ff8a65",
    "card-hint": "#ea80fc",
    "card-bar": "#0a2a1b",
}


class GameCommands(Provider):
    """Command palette entries that start any registered game."""

    def _commands(self) -> list[tuple[str, str, Any]]:
        from cardsuite.games import GAMES

        app = self.app
        assert isinstance(app, CardsuiteApp)
        out: list[tuple[str, str, Any]] = []
        for game in GAMES.values():
            n = default_players(game)
            title, summary = _(game.title), _(game.summary)
            about = f"{game.original_name} · {summary}"
            against = ngettext("Play {game} against a bot", "Play {game} against {n} bots", n - 1)
            out.append(
                (
                    against.format(game=title, n=n - 1),
                    about,
                    partial(app.quick_start, game, n, 1),
                )
            )
            if min(game.seat_counts) <= 2 <= max(game.seat_counts):
                out.append(
                    (
                        _("Play {game} hot-seat: two players at one keyboard").format(game=title),
                        about,
                        partial(app.quick_start, game, 2, 2),
                    )
                )
            out.append(
                (
                    _("Watch {game}: every seat a bot").format(game=title),
                    about,
                    partial(app.quick_start, game, n, 0),
                )
            )
            out.append(
                (_("Rules of {game}").format(game=title), summary, partial(app.show_rules, game))
            )
        out.append((_("Lobby"), _("Back to the lobby (a match in play is saved)"), app.show_lobby))
        out.append((_("Settings"), _("Suits, colours, auto-play, bot pace"), app.show_settings))
        return out

    async def discover(self) -> Hits:
        for name, help_text, callback in self._commands():
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, callback in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)


class CardsuiteApp(App[None]):
    """Lobby → table → outcome.  ``setup`` or ``match`` open a table directly."""

    CSS_PATH = "lobby.tcss"
    TITLE = "cardsuite"
    COMMANDS = App.COMMANDS | {GameCommands}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", N_("Quit"), show=False, priority=True)
    ]

    def __init__(
        self,
        setup: MatchSetup | None = None,
        *,
        match: Match | None = None,
        settings: Settings | None = None,
        seed: int | None = None,
        clock_source: Callable[[], float] | None = None,
        store: Store | None = None,
        server: Remote | None = None,
    ) -> None:
        """``settings`` overrides the saved settings (not saved back); ``seed`` makes the
        lobby's proposed seeds deterministic (for tests and screenshots); ``server``: a seat
        to take at a match server first (``cardsuite join``)."""
        super().__init__()
        self._fixed_settings = settings is not None
        warning = None
        if settings is None:
            settings, warning = load_settings()
        self.settings = settings
        if settings.language in LANGUAGES and not chosen_for_this_run():
            set_language(settings.language)  # the player's choice, unless --lang made another
        self._startup_warning = warning
        self._setup = setup
        self._server = server
        self._serving: Serving | None = None  # the match server this app runs, once hosting
        self._lines: set[Line] = set()  # the connections to match servers still open
        self._match = match
        self._seeds = random.Random(seed) if seed is not None else random.SystemRandom()
        self._monochrome: Monochrome | None = None
        self.started = False  # the app is past its start-up batch (on_ready)
        # What the tables of games in real time read their clocks from (None: a monotonic
        # clock, cardsuite.runner.clock.SOURCE; tests hand one they move by hand).
        self.clock_source = clock_source
        # Seconds counted down before a game on a clock goes on (resumed, or back from
        # another screen); None: the runner's own (cardsuite.runner.COUNT_IN).
        self.count_in: float | None = None
        # The database of matches: the one ``cardsuite resume`` opened (it holds the match's
        # lock), or opened on first use.
        self._store: Store | None = store
        self._store_opened = store is not None
        self.store_problem: str | None = None  # why matches are not being saved, if so
        self.crash: Exception | None = None  # the first unexpected exception, if any
        self._playing: Match | None = None  # the match at the table, which this app writes
        self._settings_problem: str | None = None  # why the settings were not saved, once told
        # What the imports made lives as long as the process: keep it out of the cyclic
        # collector's way (a start-up a little faster, and every later full pass shorter).
        gc.freeze()

    # --- theme ------------------------------------------------------------------------------------
    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(THEME_VARIABLES)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's commands (theme, keys, screenshot …) in the interface's language."""
        for command in super().get_system_commands(screen):
            yield SystemCommand(
                maybe(command.title), maybe(command.help), command.callback, command.discover
            )

    def action_help_quit(self) -> None:
        """Ctrl+C (Textual's own answer, in the interface's language): how to quit."""
        for key, active in self.active_bindings.items():
            if active.binding.action in ("quit", "app.quit"):
                self.notify(
                    _("Press [b]{key}[/b] to quit the app").format(key=key),
                    title=_("Do you want to quit?"),
                )
                return

    # --- start ------------------------------------------------------------------------------------
    def _handle_exception(self, error: Exception) -> None:
        """An unexpected exception: Textual ends the app (status 1).  Keep it for
        :func:`cardsuite.tui.run`, which writes its traceback to a crash file and names that in
        one line, instead of Textual's traceback on the terminal (with local values: it could
        show the cards in every hand)."""
        if self.crash is None:
            self.crash = error
        super()._handle_exception(error)
        self._exit_renderables.clear()

    def on_mount(self) -> None:
        from cardsuite.store.crash import crash_if_asked

        crash_if_asked()  # CARDSUITE_TEST_CRASH=1: the crash the tests ask for
        self._apply_colour()
        if self._startup_warning:
            self.notify(plain(self._startup_warning), severity="warning", timeout=12, markup=False)
        if self._server is not None:
            self.join_table(self._server)
        elif self._match is not None:
            self.start_match(self._match)
        elif self._setup is not None:
            from cardsuite.core.errors import CardsuiteError

            try:
                match = self._setup.start()
            except CardsuiteError as exc:
                self.show_lobby()
                self.notify(plain(str(exc)), severity="error", markup=False)
                return
            self.start_match(match)

    def get_default_screen(self) -> Screen[Any]:
        """The lobby when the app starts there (Textual's empty screen otherwise).

        As the first screen it is composed with the app and drawn once, as soon as the app can
        draw: a lobby pushed from ``on_mount`` instead is laid out and drawn once for nothing
        (the app mounts in a batch that holds every frame back) and once more for the terminal.
        """
        if self._match is None and self._setup is None:
            return LobbyScreen(self.settings.last_game)
        return super().get_default_screen()

    def on_ready(self) -> None:
        """The first frame is on its way: whatever waited for it may follow."""
        self.started = True
        screen = self.screen
        if isinstance(screen, LobbyScreen):
            screen.complete_when_drawn()
            self.call_after_refresh(self.settle_memory)  # as for any screen shown later

    def load_styles(self) -> None:
        """Read ``app.tcss`` (the look of everything but the lobby's first frame), once.

        Parsing it takes longer than drawing the lobby's list, so the lobby reads it once its
        first frame is drawn, and every other screen is shown after this.
        """
        path = str(STYLES)
        if not self.stylesheet.has_source(path, ""):
            # add_source, not Stylesheet.read: it also drops the stylesheet's map of rules,
            # so the new rules apply to the widgets mounted from now on.
            self.stylesheet.add_source(STYLES.read_text(encoding="utf-8"), read_from=(path, ""))

    def next_seed(self) -> int:
        return self._seeds.randrange(1, 1_000_000)

    # --- moving between screens -------------------------------------------------------------------
    def _replace_screens(self, screen: Screen[Any], callback: Any = None) -> None:
        """Leave every screen but the base one, then show ``screen``."""
        if not isinstance(screen, LobbyScreen):
            self.load_styles()
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(screen, callback)
        self.call_after_refresh(self.settle_memory)

    @staticmethod
    def settle_memory() -> None:
        """Collect everything once, then freeze what is alive (the widgets, the match so far).

        Python's full garbage collections walk every live object; with the app's widgets and
        a match's history that took 20-30 ms, and one fell in the middle of a key press now
        and then (frames of 25-50 ms).  Done once when a screen has just been drawn, later
        full passes only walk what was made since and stay short.  Unfreezing first lets
        the previous screens, left as garbage, be collected.
        """
        gc.unfreeze()
        gc.collect()
        gc.freeze()

    # --- the database of matches ------------------------------------------------------------------
    @property
    def store(self) -> Store | None:
        """The database of matches, opened on first use (never before the first frame); None
        when it cannot be used (the player is told why, once)."""
        if not self._store_opened:
            self._store_opened = True
            from cardsuite.core.errors import SaveError
            from cardsuite.store.db import Store

            try:
                self._store = Store()
            except SaveError as exc:
                self.store_problem = str(exc)
                self.notify(
                    plain(_("Matches will not be saved: {error}").format(error=exc)),
                    severity="error",
                    timeout=12,
                    markup=False,
                )
            else:
                if self._store.notice:
                    self.notify(
                        plain(self._store.notice), severity="warning", timeout=12, markup=False
                    )
                if not self._store.writable:
                    self.store_problem = self._store.unwritable
                    self.notify(
                        plain(
                            _("Matches will not be saved: {error}").format(
                                error=self._store.unwritable
                            )
                        ),
                        severity="error",
                        timeout=12,
                        markup=False,
                    )
        return self._store

    def track(self, match: Match) -> None:
        """Store a new match in the database, and every move it makes from now on."""
        if match.journal is not None:
            return
        store = self.store
        if store is None or not store.writable:
            match.save_error = self.store_problem
            match.save_error_told = True  # the app has just said so
            return
        from cardsuite.core.errors import CardsuiteError

        try:
            match_id = store.add(match.record(), origin="play")
            journal = store.journal(match_id)
        except CardsuiteError as exc:
            match.save_error = str(exc)
            return
        match.attach(journal, match_id)

    def resume(self, match_id: int) -> str | None:
        """Continue a stored match at its table; the problem, if it cannot be."""
        from cardsuite.core.errors import CardsuiteError
        from cardsuite.match import Match

        store = self.store
        if store is None:
            return self.store_problem or _("the database of matches cannot be opened")
        source = _("{file}, match {id}").format(file=store.path, id=match_id)
        journal = None
        try:
            if store.writable:  # its one writer from now on: taken before its moves are read
                journal = store.journal(match_id)
            match = Match.from_record(store.record(match_id), source)
        except CardsuiteError as exc:
            if journal is not None:
                journal.close()
            return str(exc)
        except Exception as exc:  # a stored match must never take the app down
            if journal is not None:
                journal.close()
            return f"{source}: {exc}"
        if journal is not None:
            match.attach(journal, match_id)
        else:
            match.save_error = store.unwritable
            match.save_error_told = True  # said when the store was opened
        self.start_match(match)
        return None

    def show_matches(self) -> None:
        from cardsuite.tui.screens.matches import MatchesScreen

        self.load_styles()
        self.push_screen(MatchesScreen())

    async def on_unmount(self) -> None:
        for line in list(self._lines):
            await line.close()
        if self._serving is not None:  # the tables hosted here end with the app
            await self._serving.stop()
        if self._store is not None:
            self._store.close()

    def start_match(self, match: Match, viewer: Seat | None = None) -> None:
        from cardsuite.tui.screens.table import TableScreen

        self._leave_match()
        self._playing = match
        self.track(match)
        self.remember(last_game=match.game.id)
        self._replace_screens(TableScreen(self, match, viewer=viewer))

    def join_table(self, server: Remote) -> None:
        """Take a seat at a match server (or watch a table there): connect, then show its
        table; if it cannot be reached, the lobby says why."""
        self.run_worker(self._join(server), name="join", exclusive=True, group="join")

    async def _join(self, server: Remote) -> None:
        from cardsuite.net.client import Line, ServerGone
        from cardsuite.net.remote import RemoteError
        from cardsuite.tui.screens.remote import RemoteTableScreen

        line = Line(server.url, server.tls)
        self._lines.add(line)
        try:
            frames = await line.open(server.first)
        except ServerGone as problem:
            self._lines.discard(line)
            if len(self.screen_stack) > 1:  # (at start-up the lobby is all there is)
                self.show_lobby()
            self.notify(plain(str(problem)), severity="error", timeout=15, markup=False)
            return
        *before, welcome = frames
        # a table opened from here: the invites of the other seats, to pass on
        invites = {
            int(seat): str(token)
            for frame in before
            if frame.get("type") == "opened"
            for seat, token in dict(frame["invites"]).items()
        }
        try:
            screen = RemoteTableScreen(self, line, welcome, invites)
        except RemoteError as problem:
            self.hang_up(line)
            self.notify(plain(str(problem)), severity="error", timeout=15, markup=False)
            return
        self._leave_match()
        self._replace_screens(screen)

    def hang_up(self, line: Line) -> None:
        """Close a connection to a match server (the table was left; one still open when
        the app ends is closed then)."""

        async def close() -> None:
            await line.close()
            self._lines.discard(line)

        # the function, not its coroutine: made when the worker runs (quitting, it never does)
        self._hanging_up: Worker[None] = self.run_worker(close, name="hang up", group="hang up")

    def host_table(self, setup: MatchSetup, address: tuple[str, int]) -> None:
        """Host ``setup`` at a match server this app runs on ``address`` (started once, kept
        while the app runs): the first person's seat is this player's, the others' get
        invites, shown in the waiting room; bots play at the server."""
        self.run_worker(self._host(setup, address), name="host", exclusive=True, group="join")

    async def _host(self, setup: MatchSetup, address: tuple[str, int]) -> None:
        from cardsuite.core.errors import CardsuiteError
        from cardsuite.core.options import options_to_dict
        from cardsuite.net.client import open_frame
        from cardsuite.net.commands import Serving
        from cardsuite.net.server import Host

        serving = self._serving
        if serving is not None and (serving.bind, serving.port) != address:
            await serving.stop()
            serving = self._serving = None
        if serving is None:
            serving = Serving(Host(self.store), *address)
            try:
                await serving.start()
            except CardsuiteError as problem:
                self.notify(plain(str(problem)), severity="error", timeout=15, markup=False)
                return
            self._serving = serving
        kinds = ["human" if info.bot is None else info.bot for info in setup.seats]
        options = {k: str(v) for k, v in options_to_dict(setup.options).items()}
        you = next((info.name for info in setup.seats if info.bot is None), "")
        first = open_frame(setup.game.id, kinds, options, you)
        await self._join(Remote(serving.url(), first))

    def quick_start(self, game: AnyGame, players: int, humans: int) -> None:
        from cardsuite.bots import bot_ids
        from cardsuite.core.errors import CardsuiteError
        from cardsuite.match import MatchSetup, SeatInfo

        names = self.settings.last_names or lobby_names()
        seats = default_seats(game, players, tuple(names), self.settings.last_bots)
        seats = [SeatInfo(s.name, None) if i < humans else s for i, s in enumerate(seats)]
        if not bot_ids(game):
            seats = [SeatInfo(s.name, None) for s in seats]
        elif humans == 0:  # to watch
            seats = list(all_bots(game, tuple(seats)))
        setup = MatchSetup(game, tuple(seats), None, self.next_seed())
        try:
            match = setup.start()
        except CardsuiteError as exc:
            self.notify(plain(str(exc)), severity="error", markup=False)
            return
        self.start_match(match)

    def _leave_match(self) -> None:
        """The match at the table is left: it stops writing, and another window may take
        it over (its lock is released)."""
        match, self._playing = self._playing, None
        if match is not None:
            match.detach()

    def show_lobby(self) -> None:
        """The lobby, the last game played highlighted (the first screen again, when the app
        opened on the lobby)."""
        self._leave_match()
        base = self.screen_stack[0]
        if not isinstance(base, LobbyScreen):
            self._replace_screens(LobbyScreen(self.settings.last_game))
            return
        while len(self.screen_stack) > 1:
            self.pop_screen()
        if base.spoken != language():  # the language was switched at the table
            self.switch_screen(LobbyScreen(self.settings.last_game))
            return
        base.reopen(self.settings.last_game)
        self.call_after_refresh(self.settle_memory)

    def show_outcome(self, match: TableMatch, viewer: Seat | None) -> None:
        from cardsuite.tui.screens.outcome import OutcomeScreen

        self.load_styles()

        def chosen(what: str | None) -> None:
            from cardsuite.match import Match

            if what == "rematch" and isinstance(match, Match):  # a table at a server: none
                self.rematch(match)
            elif what == "lobby":
                self.show_lobby()
            elif what == "quit":
                self.exit()

        self.push_screen(OutcomeScreen(match, viewer), chosen)

    def rematch(self, match: Match) -> None:
        from cardsuite.core.rng import make_rng
        from cardsuite.match import MatchSetup

        seed = make_rng(match.seed, "rematch").randrange(1, 1_000_000)
        setup = MatchSetup(match.game, match.seats, match.options, seed)
        self.start_match(setup.start())

    def show_rules(self, game: AnyGame) -> None:
        from cardsuite.tui.screens.rules import RulesScreen

        self.load_styles()
        self.push_screen(RulesScreen(game))

    def show_help(self) -> None:
        from cardsuite.tui.screens.help import HelpScreen

        self.load_styles()
        self.push_screen(HelpScreen())

    def show_settings(self) -> None:
        from cardsuite.tui.screens.settings import SettingsScreen

        if any(type(s).__name__ == "SettingsScreen" for s in self.screen_stack):
            return
        self.load_styles()
        self.push_screen(SettingsScreen(self.settings))

    # --- settings ---------------------------------------------------------------------------------
    def apply_settings(self, settings: Settings) -> None:
        relanguage = settings.language != self.settings.language
        self.settings = settings
        self._save_settings()
        self._apply_colour()
        if relanguage:
            self._speak(settings.language or environment_language())
        from cardsuite.tui.screens.table import TableScreen

        for screen in self.screen_stack:
            if isinstance(screen, TableScreen) and screen.is_mounted:
                screen.table.restyle()
                screen.refresh_table()

    def _speak(self, code: str) -> None:
        """Switch every screen to the language ``code`` at once: the screens under the
        settings are made again in it (a table is drawn again from its match), and the
        settings screen opens again, its language list focused."""
        from textual.widgets import Footer

        from cardsuite.tui.screens.settings import SettingsScreen
        from cardsuite.tui.screens.table import TableScreen

        set_language(code)
        reopen_settings = isinstance(self.screen, SettingsScreen)
        if reopen_settings:
            self.pop_screen()
        if isinstance(self.screen, LobbyScreen):
            self.switch_screen(LobbyScreen(self.settings.last_game))
        for screen in self.screen_stack:
            if isinstance(screen, TableScreen) and screen.is_mounted:
                screen.refresh_table()
            for key_line in screen.query(Footer):
                key_line.compact = code != "en"  # as footer() makes them in that language
            screen.refresh_bindings()
        if reopen_settings:
            self.push_screen(SettingsScreen(self.settings, focus="set-language"))

    def _save_settings(self) -> None:
        if not self._fixed_settings:
            from cardsuite.core.errors import SaveError

            try:
                save_settings(self.settings)
            except SaveError as exc:
                if str(exc) != self._settings_problem:  # a full disk: said once, not per game
                    self._settings_problem = str(exc)
                    self.notify(plain(str(exc)), severity="error", markup=False)
            else:
                self._settings_problem = None

    def words(self, text: str) -> str:
        """Engine text with cards written as the settings ask (ASCII suits, Cyrillic)."""
        from cardsuite.tui.render.cards import Glyphs

        s = self.settings
        return Glyphs(s.ascii_suits, s.cyrillic, s.four_colour).words(text)

    def remember_names(self, names: tuple[str, ...]) -> None:
        self.remember(last_names=names)

    def remember_seats(self, seats: Iterable[SeatInfo]) -> None:
        """Keep the seats' names and bot levels ("" for a person's seat) for the lobby's next
        form."""
        seats = tuple(seats)
        self.remember(
            last_names=tuple(s.name for s in seats), last_bots=tuple(s.bot or "" for s in seats)
        )

    def remember(self, **changes: Any) -> None:
        """Keep what the lobby offers next time (the names, the last game played): saved with
        the settings, nothing redrawn."""
        settings = self.settings.replace(**changes)
        if settings != self.settings:
            self.settings = settings
            self._save_settings()

    def _apply_colour(self) -> None:
        """Monochrome when the setting asks for it (NO_COLOR is honoured by Textual itself)."""
        want = self.settings.no_colour and not self.no_color
        if want and self._monochrome is None:
            self._monochrome = Monochrome()
            self._filters.append(self._monochrome)
        elif not want and self._monochrome is not None:
            self._filters.remove(self._monochrome)
            self._monochrome = None
        else:
            return
        self.refresh(repaint=True, layout=True)
        if self.is_running and self.screen is not None:
            self.screen.refresh(repaint=True)


def run_app(setup: MatchSetup | None = None, *, match: Match | None = None) -> None:
    CardsuiteApp(setup, match=match).run()
