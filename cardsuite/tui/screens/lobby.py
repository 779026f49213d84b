"""The lobby: pick a game, set up the seats and the options, start; or continue a saved match.

The options form is generated from the game's ``Options`` metadata (``describe_options``): a
mark for each on/off option (``[x] on`` / ``[ ] off``: :class:`~cardsuite.tui.widgets.onoff.OnOff`),
a list for each option with choices (as wide as its longest choice), a number field (with its
bounds) for the others.  Nothing here is specific to a game.

Tab moves field by field; ``o`` (Ctrl+O in a text field) jumps to the options and Esc back to
the list of games, so an option is a key away whatever the number of seats.  The bot level of
each seat is the one last played there (``Settings.last_bots``).

The first frame is what a player waits for at start-up, so it holds only the title and the
list of games, drawn from the registry's entries (:data:`~cardsuite.games.GAME_INFO`) without
importing any engine, bot or match.  Everything else (the saved match's line, the seats and
options form, the buttons, the Footer) is mounted just after that frame (:meth:`complete`),
and the engines are imported then.  The game highlighted when the lobby opens (at start-up, or
back from a match: :meth:`reopen`) is the last one played (``Settings.last_game``).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from rich.cells import cell_len
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from cardsuite.core.i18n import N_, _, language, ngettext
from cardsuite.core.text import game_name, lobby_names, plain, quoted, whole_in
from cardsuite.games import GAME_INFO, GameInfo
from cardsuite.store.paths import db_path
from cardsuite.tui.rules_text import choice_word
from cardsuite.tui.translated import TranslatedScreen, footer, maybe

if TYPE_CHECKING:
    from cardsuite.core.options import OptionInfo
    from cardsuite.core.protocol import AnyGame
    from cardsuite.match import MatchSetup, SeatInfo
    from cardsuite.tui.app import CardsuiteApp

HUMAN = "human"
MAX_NAME = 16


def player_counts(game: AnyGame | GameInfo) -> str:
    counts = sorted(game.seat_counts)
    if len(counts) == 1:
        return ngettext("{n} player", "{n} players", counts[0]).format(n=counts[0])
    if counts == list(range(counts[0], counts[-1] + 1)):
        return ngettext("{lo}–{hi} players", "{lo}–{hi} players", counts[-1]).format(
            lo=counts[0], hi=counts[-1]
        )
    return ngettext("{counts} players", "{counts} players", counts[-1]).format(
        counts=", ".join(map(str, counts))
    )


def default_players(game: AnyGame | GameInfo) -> int:
    return 3 if 3 in game.seat_counts else min(game.seat_counts)


def default_seats(
    game: AnyGame, count: int, names: tuple[str, ...], levels: tuple[str, ...] = ()
) -> list[SeatInfo]:
    """The first seat human, the others bots; every seat a bot in a game watched by default
    (``watch_by_default``).

    A bot seat plays at the level ``levels`` names for it (the last one played there:
    ``Settings.last_bots``, "" for a seat a person took), else at the level of the last bot
    seat ``levels`` names, else at ``normal``, which every game offers; a level the game does
    not offer is passed over.
    """
    from cardsuite.bots import bot_ids
    from cardsuite.core.levels import NORMAL, level_id
    from cardsuite.match import SeatInfo

    bots = bot_ids(game)
    levels = tuple(level_id(level) if level else level for level in levels)  # "heuristic" …
    remembered = [level for level in levels if level in bots]
    fallback = remembered[-1] if remembered else NORMAL
    watched = game.watch_by_default
    seats = []
    for i in range(count):
        name = names[i] if i < len(names) and names[i] else lobby_names()[i % len(lobby_names())]
        level = levels[i] if i < len(levels) and levels[i] in bots else fallback
        seats.append(SeatInfo(name, None if i == 0 and not watched else level))
    return seats


# A compact Select draws its value, a space and its ▼ after a cell of padding on its right.
SELECT_FRAME = 3


def select_width(labels: Iterable[str]) -> int:
    """The width of a compact Select that shows the longest of ``labels`` and its ▼."""
    return max((cell_len(label) for label in labels), default=1) + SELECT_FRAME


def all_bots(game: AnyGame, seats: tuple[SeatInfo, ...]) -> tuple[SeatInfo, ...]:
    """The seats with every human one played by a normal bot (bots keep their levels): the
    match to watch.  CardsuiteError when the game has no bot."""
    from cardsuite.bots import bot_ids
    from cardsuite.core.errors import CardsuiteError
    from cardsuite.core.levels import NORMAL
    from cardsuite.match import SeatInfo

    bots = bot_ids(game)
    if not bots:
        raise CardsuiteError(
            _("{game} has no bot: it cannot be watched").format(game=_(game.title))
        )
    return tuple(s if s.is_bot else SeatInfo(s.name, NORMAL) for s in seats)


def game_prompt(game: AnyGame | GameInfo) -> str:
    title = _(game.title)
    named = game_name(title, game.original_name)  # the title in bold, the native name not
    shown = f"[b]{title}[/b]{named[len(title) :]}" if named.startswith(title) else named
    return f"{shown} · {player_counts(game)}\n[dim]{_(game.summary)}[/dim]"


def bot_levels_text(game: AnyGame) -> str:
    """One line per bot level offered for ``game``: "normal: plays by …" (the seat tooltip)."""
    from cardsuite.bots import bot_levels_text as levels_text

    return levels_text(game)


def moves_played(count: int) -> str:
    """The saved match's count of moves: "1 move played", "12 moves played"."""
    return ngettext("{n} move played", "{n} moves played", count).format(n=count)


class GameList(OptionList):
    """The lobby's list of games: a click shows the game's seats and options, a double click
    (or Enter) starts it."""

    async def _on_click(self, event: events.Click) -> None:
        event.prevent_default()  # OptionList's own handler would select on every click
        clicked = event.style.meta.get("option")
        if clicked is None or self.get_option_at_index(clicked).disabled:
            return
        self.highlighted = clicked
        if event.chain >= 2:
            self.action_select()


class NameInput(Input):
    """A seat's name field: whatever is typed or pasted is kept as :func:`plain` text, so no
    control character reaches the terminal from the field (an ESC shows as ``\\x1b``)."""

    def validate_value(self, value: str) -> str:
        return plain(value)


class LobbyScreen(TranslatedScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", N_("Start")),
        Binding("w", "watch", N_("Watch")),
        Binding("n", "online", N_("Online"), show=False),
        Binding("c", "continue", N_("Continue"), show=False),
        Binding("m", "matches", N_("Matches")),
        Binding("s", "settings", N_("Settings")),
        Binding("r", "rules", N_("Rules")),
        Binding("question_mark", "help", N_("Help"), key_display="?"),
        Binding("q", "quit", N_("Quit")),
        # the parts of the form: the options (o typed in a text field is a letter of it)
        Binding("o,ctrl+o", "jump_to_options", N_("Options"), show=False),
        Binding("escape", "jump_to_games", N_("Games"), show=False),
    ]

    def __init__(self, game_id: str = "") -> None:
        """``game_id``: the game to highlight (the first one if it is not registered)."""
        super().__init__(classes="lobby")
        self.games: list[GameInfo] = list(GAME_INFO.values())
        info = GAME_INFO.get(game_id)
        self.index = self.games.index(info) if info is not None else 0
        self.resume_id: int | None = None  # the unfinished match played last
        self._form_serial = 0
        # One form is built at a time: two quick arrow presses start two builds, and their
        # awaits would otherwise interleave (the title of one game over the seats of another).
        self._form_lock = asyncio.Lock()
        self.completed = False  # the rest of the lobby is mounted, the form built
        self._completing = False
        self._waiting: list[Callable[[], object]] = []  # actions asked for before that
        self.spoken = language()  # the language its words were made in

    @property
    def cs_app(self) -> CardsuiteApp:
        return self.app  # type: ignore[return-value]

    @property
    def game(self) -> AnyGame:
        """The engine of the game whose seats and options are shown."""
        return self.games[self.index].load()

    # --- layout ---------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        # No container: the screen lays the lobby out as a grid of two columns (lobby.tcss),
        # headings above the list of games and the seats and options, which complete() mounts
        # in the last cell.  A container costs the first frame a good part of what the list
        # does.  The saved match's row is docked under the title; the first frame keeps its
        # place when there is a save (complete() fills it in).
        yield Static(_("cardsuite · traditional card games"), id="lobby-title")
        if db_path().is_file():
            yield Horizontal(id="saved-row")
        yield Static(_("Games"), classes="section")
        yield Static("", id="setup-title", classes="section")
        yield GameList(
            *(Option(game_prompt(g) + "\n", id=f"game-{g.id}") for g in self.games),
            id="games",
        )

    def on_mount(self) -> None:
        games = self.query_one("#games", OptionList)
        games.highlighted = self.index
        games.focus()
        if self.cs_app.started:  # else the app calls complete_when_drawn once it has started
            self.complete_when_drawn()

    def complete_when_drawn(self) -> None:
        """Complete the lobby once the screen as it is now has been drawn.

        Not before the app's ``on_ready``: the app mounts its first screen in a batch that
        holds every frame back, and a wait for the next frame would end before it.  In a
        worker, so that whoever waits for the app to be idle (the tests) waits for this too: a
        callback after the refresh alone would be invisible to them.
        """

        async def complete_when_drawn() -> None:
            await self.wait_for_refresh()
            await self.complete()

        self.run_worker(complete_when_drawn(), name="complete the lobby", group="lobby")

    def reopen(self, game_id: str) -> None:
        """Show the lobby afresh, as a new one would be (back from a match): the game
        ``game_id`` highlighted, its form built anew (names and seed proposed again); the
        saved match's line is read again as the screen resumes."""
        info = GAME_INFO.get(game_id)
        self.index = self.games.index(info) if info is not None else 0
        games = self.query_one("#games", OptionList)
        games.highlighted = self.index  # show_game: already the game shown
        games.focus()
        if self.completed:  # (else complete() is on its way and builds it)
            self.call_later(self.build_form)

    async def complete(self) -> None:
        """Mount what the first frame left out, then build the shown game's form."""

        if self._completing:
            return
        self._completing = True
        # The look of what is mounted from here on (and of every other screen) is in app.tcss.
        self.cs_app.load_styles()
        if not self.query("#saved-row"):
            saved = Horizontal(id="saved-row")
            saved.display = False  # refresh_saved() shows it when there is a save
            await self.mount(saved, after="#lobby-title")
        await self.query_one("#saved-row").mount_all(
            [
                Button(_("Continue saved match"), id="continue", variant="success", compact=True),
                Static("", id="saved-text", markup=False),  # names from a file: plain text
                Button(_("All matches"), id="matches", compact=True),
            ]
        )
        await self.mount(
            Vertical(
                # not a stop of its own for Tab: it scrolls to the field that has the focus
                VerticalScroll(id="setup", can_focus=False),
                Static("", id="lobby-error", markup=False),
                Horizontal(
                    Button(_("Start"), id="start", variant="primary", compact=True),
                    Button(
                        _("Watch"),
                        id="watch",
                        compact=True,
                        tooltip=_("Start with every seat a bot, and watch them play (w)"),
                    ),
                    Button(
                        _("Online"),
                        id="online",
                        compact=True,
                        tooltip=_("Join a table over the network, or host this game (n)"),
                    ),
                    Button(_("Rules"), id="rules", compact=True),
                    # (Settings: s, in the Footer; five buttons do not fit 80 columns in Russian)
                    id="start-row",
                ),
                id="setup-pane",
            )
        )
        await self.mount(footer())
        self.refresh_bindings()  # a Footer mounted late draws its keys when told they changed
        self.refresh_saved()
        shown = None
        while shown != self.index:  # the highlight may move while the form is being built
            shown = self.index
            await self.build_form()
        self.completed = True
        for action in self._waiting:
            action()
        self._waiting.clear()
        await self.wait_for_refresh()  # done once it is on the screen (what tests wait for)

    def _later(self, action: Callable[[], object]) -> bool:
        """Put off ``action`` until the lobby is complete; whether it had to be.

        A key may come in the moment between the first frame and :meth:`complete`: what it
        asks for is done once the form is there, in the order asked.
        """
        if self.completed:
            return False
        self._waiting.append(action)
        return True

    # --- the saved match ------------------------------------------------------------------------
    def refresh_saved(self) -> None:
        """The line of the unfinished match played last (and how many others wait)."""
        if not self.query("#saved-text"):
            return  # not mounted yet: complete() calls this again
        from cardsuite.core.errors import SaveError
        from cardsuite.tui.screens.matches import describe

        row = self.query_one("#saved-row")
        text = self.query_one("#saved-text", Static)
        self.resume_id = None
        store = self.cs_app.store
        if store is None:
            row.display = False
            return
        try:
            unfinished = store.matches(finished=False)
        except SaveError as exc:
            row.display = True
            self.query_one("#continue", Button).disabled = True
            text.update(plain(_("The saved matches cannot be read — {error}").format(error=exc)))
            text.set_class(True, "error")
            return
        row.display = bool(unfinished)
        if not unfinished:
            return
        latest = unfinished[0]
        self.resume_id = latest.id
        self.query_one("#continue", Button).disabled = False
        text.set_class(False, "error")
        line = describe(latest)
        if len(unfinished) > 1:
            line += " · " + ngettext(
                "{n} more unfinished", "{n} more unfinished", len(unfinished) - 1
            ).format(n=len(unfinished) - 1)
        text.update(line)

    def action_continue(self) -> None:
        """Continue the unfinished match played last."""
        if self._later(self.action_continue):
            return
        if self.resume_id is None:
            self.refresh_saved()
            return
        error = self.cs_app.resume(self.resume_id)
        if error is not None:
            self.show_error(_("The saved match cannot be continued — {error}").format(error=error))

    def action_matches(self) -> None:
        if self._later(self.action_matches):
            return
        self.cs_app.show_matches()

    # --- the setup form -------------------------------------------------------------------------
    @on(OptionList.OptionHighlighted, "#games")
    async def game_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        await self.show_game(event.option_index)

    @on(OptionList.OptionSelected, "#games")
    async def game_selected(self, event: OptionList.OptionSelected) -> None:
        await self.show_game(event.option_index)
        self.action_start()

    async def show_game(self, index: int) -> None:
        """Show the seats and options of the list's ``index``-th game (if not shown already)."""
        if index != self.index:
            self.index = index
            if self.completed:  # until then, complete() builds the form of the game shown
                await self.build_form()

    async def build_form(self, count: int | None = None) -> None:
        """The seats and options of the game shown (``count`` seats, else its default)."""
        async with self._form_lock:
            await self._build_form(count)

    async def _build_form(self, count: int | None) -> None:
        from cardsuite.bots import bot_ids, level_word
        from cardsuite.core.options import describe_options

        game = self.game
        self._form_serial += 1
        serial = self._form_serial
        self.query_one("#setup-title", Static).update(
            _("{game} — seats and options").format(game=_(game.title))
        )
        self.show_error("")
        form = self.query_one("#setup", VerticalScroll)
        await form.remove_children()
        form.scroll_home(animate=False)  # a new form is read from its top
        counts = sorted(game.seat_counts)
        if count is None:
            count = default_players(game)
        settings = self.cs_app.settings
        names = settings.last_names or lobby_names()
        seats = default_seats(game, count, tuple(names), settings.last_bots)
        widgets: list[Any] = []
        if game.watch_by_default:
            widgets.append(
                Label(
                    _(
                        "Usually watched: every seat is a bot. "
                        "Make a seat Human to take part (one key plays your card)."
                    ),
                    classes="field-help watch-note",
                )
            )
        if len(counts) > 1:
            widgets.append(
                Horizontal(
                    Label(_("Players"), classes="field-label"),
                    Select(
                        [(str(n), n) for n in counts],
                        value=count,
                        allow_blank=False,
                        compact=True,
                        id=f"players-{serial}",
                        classes="players",
                    ),
                    classes="field",
                )
            )
        kinds = [(_("Human"), HUMAN)] + [
            (_("Bot: {level}").format(level=level_word(b)), b) for b in bot_ids(game)
        ]
        levels = bot_levels_text(game)
        kind_width = select_width(label for label, _value in kinds)
        for i, seat in enumerate(seats):
            kind = Select(
                kinds,
                value=seat.bot or HUMAN,
                allow_blank=False,
                compact=True,
                id=f"kind-{i}-{serial}",
                classes="seat-kind",
            )
            kind.styles.width = kind_width
            kind.tooltip = levels
            widgets.append(
                Horizontal(
                    Label(_("Seat {n}").format(n=i + 1), classes="field-label"),
                    NameInput(
                        seat.name,
                        max_length=MAX_NAME,
                        compact=True,
                        id=f"name-{i}-{serial}",
                        classes="seat-name",
                    ),
                    kind,
                    classes="field seat",
                )
            )
        infos = describe_options(game.Options)
        if infos:
            widgets.append(
                Horizontal(
                    Label(_("Options"), classes="section"),
                    Label(_("o: jump here · Esc: the games"), classes="section-hint"),
                    classes="options-heading",
                )
            )
        for info in infos:
            widgets.append(self._option_row(info, serial))
        widgets.append(
            Horizontal(
                Label(_("Seed"), classes="field-label"),
                Input(
                    str(self.cs_app.next_seed()),
                    compact=True,
                    id=f"seed-{serial}",
                    classes="seed",
                ),
                Label(
                    _("the deal: same seed, same cards; or type a deal code (rang-3-k2f9)"),
                    classes="field-help",
                ),
                classes="field",
            )
        )
        await form.mount(*widgets)

    def _option_row(self, info: OptionInfo, serial: int) -> Horizontal:
        from cardsuite.tui.widgets.onoff import OnOff

        wid = f"opt-{info.name}-{serial}"
        control: Any
        if info.kind == "bool":
            control = OnOff(value=bool(info.default), compact=True, id=wid, classes="option")
        elif info.kind == "choice":
            assert info.choices is not None
            shown = [choice_word(c) for c in info.choices]
            control = Select(
                [(word, i) for i, word in enumerate(shown)],
                value=info.choices.index(info.default) if info.default in info.choices else 0,
                allow_blank=False,
                compact=True,
                id=wid,
                classes="option",
            )
            # as wide as its longest choice: a narrower one wraps it ("camicia-4" over "0")
            control.styles.width = select_width(shown)
        else:
            control = Input(
                str(info.default), type="integer", compact=True, id=wid, classes="option"
            )
        bounds = []
        if info.kind == "int":
            if info.minimum is not None:
                bounds.append(f"≥ {info.minimum}")
            if info.maximum is not None:
                bounds.append(f"≤ {info.maximum}")
        help_text = maybe(info.help) + (f" ({', '.join(bounds)})" if bounds else "")
        return Horizontal(
            Label(maybe(info.label), classes="field-label"),
            control,
            Label(help_text, classes="field-help"),
            classes="field",
        )

    @on(Select.Changed, ".players")
    async def players_changed(self, event: Select.Changed) -> None:
        if event.select.id != f"players-{self._form_serial}":
            return  # the list of a form built before (its value set as it was mounted)
        if isinstance(event.value, int):
            current = self._seat_count()
            if current != event.value:
                await self.build_form(event.value)

    def _seat_count(self) -> int:
        return len(self.query(".seat-name"))

    # --- starting -------------------------------------------------------------------------------
    def read_setup(self) -> MatchSetup:
        """The setup in the form; CardsuiteError with a sentence when something is wrong."""
        from textual.widgets import Checkbox

        from cardsuite.core.errors import CardsuiteError
        from cardsuite.core.options import describe_options
        from cardsuite.match import MatchSetup, SeatInfo

        game = self.game
        serial = self._form_serial
        seats = []
        for i in range(self._seat_count()):
            name = self.query_one(f"#name-{i}-{serial}", Input).value.strip()
            name = name or lobby_names()[i % len(lobby_names())]
            kind = self.query_one(f"#kind-{i}-{serial}", Select).value
            seats.append(SeatInfo(name[:MAX_NAME], None if kind == HUMAN else str(kind)))
        names = [s.name for s in seats]
        if len(set(n.casefold() for n in names)) != len(names):
            raise CardsuiteError(_("each seat needs a different name"))
        values: dict[str, Any] = {}
        for info in describe_options(game.Options):
            widget = self.query_one(f"#opt-{info.name}-{serial}")
            if isinstance(widget, Checkbox):
                values[info.name] = widget.value
            elif isinstance(widget, Select):
                assert info.choices is not None
                index = widget.value if isinstance(widget.value, int) else 0
                values[info.name] = info.choices[index]
            elif isinstance(widget, Input):
                text = widget.value.strip()
                label = maybe(info.label)
                number = whole_in(text, -(10**18), 10**18)  # ASCII digits: not "²", not "①"
                if number is None:
                    raise CardsuiteError(
                        _("{option} must be a whole number, not {text}").format(
                            option=label, text=quoted(text)
                        )
                    )
                if info.minimum is not None and number < info.minimum:
                    raise CardsuiteError(
                        _("{option} must be at least {n}").format(option=label, n=info.minimum)
                    )
                if info.maximum is not None and number > info.maximum:
                    raise CardsuiteError(
                        _("{option} must be at most {n}").format(option=label, n=info.maximum)
                    )
                values[info.name] = number
        try:
            options = game.Options(**values)
        except TypeError as exc:
            raise CardsuiteError(str(exc)) from None
        seed_text = self.query_one(f"#seed-{serial}", Input).value.strip()
        if seed_text.isascii() and seed_text.isdigit():  # "²".isdigit() is True, int("²") fails
            from cardsuite.core.record import MAX_SEED

            seed = whole_in(seed_text, 0, MAX_SEED)  # a saved match must reopen: 64 bits
            if seed is None:
                raise CardsuiteError(
                    _("the seed must be a whole number from 0 to {high}, not {text}").format(
                        high=MAX_SEED, text=quoted(seed_text)
                    )
                )
            return MatchSetup(game, tuple(seats), options, seed)
        return self._dealt(game, tuple(seats), seed_text)

    @staticmethod
    def _dealt(game: AnyGame, seats: tuple[SeatInfo, ...], text: str) -> MatchSetup:
        """The deal of a deal code typed in the seed's field: its seed and its options."""
        from cardsuite.core.dealcode import parse_deal_code
        from cardsuite.core.errors import CardsuiteError
        from cardsuite.core.options import options_from_strings
        from cardsuite.match import MatchSetup

        if not any(ch.isalpha() for ch in text):
            raise CardsuiteError(
                _("the seed must be a whole number or a deal code, not {text}").format(
                    text=quoted(text)
                )
            )
        code = parse_deal_code(text)
        if code.game != game.id:
            info = GAME_INFO.get(code.game)
            raise CardsuiteError(
                _("deal code {code} is a deal of {game}: choose that game first").format(
                    code=text, game=_(info.title) if info is not None else code.game
                )
            )
        if code.players != len(seats):
            raise CardsuiteError(
                _("deal code {code} is for {n} players: set the players to {n}").format(
                    code=text, n=code.players
                )
            )
        options = options_from_strings(game.Options, code.options)
        return MatchSetup(game, seats, options, code.seed)

    def action_start(self) -> None:
        from cardsuite.core.errors import CardsuiteError

        if self._later(self.action_start):
            return
        try:
            setup = self.read_setup()
            _options, note = setup.seated()
            match = setup.start()
        except CardsuiteError as exc:
            self.show_error(str(exc)[:1].upper() + str(exc)[1:])
            return
        self.cs_app.remember_seats(setup.seats)
        self.cs_app.start_match(match)
        if note is not None:  # the seats changed how the game is played: say so at the table
            self.cs_app.notify(note, timeout=8)

    def action_watch(self) -> None:
        """Start the match in the form with every seat a bot (a human seat gets the strongest
        bot; the bots keep their levels), to be watched."""
        from dataclasses import replace

        from cardsuite.core.errors import CardsuiteError

        if self._later(self.action_watch):
            return
        try:
            form = self.read_setup()
            setup = replace(form, seats=all_bots(form.game, form.seats))
            match = setup.start()
        except CardsuiteError as exc:
            self.show_error(str(exc)[:1].upper() + str(exc)[1:])
            return
        self.cs_app.remember_seats(form.seats)  # as set in the form: a person's seat stays his
        self.cs_app.start_match(match)

    def action_online(self) -> None:
        """Join a table over the network, or host the game of the form (see the online
        screen)."""
        from cardsuite.tui.screens.online import HostChoice, JoinChoice, OnlineScreen

        if self._later(self.action_online):
            return
        from cardsuite.core.errors import CardsuiteError

        app = self.cs_app
        you = (app.settings.last_names or lobby_names())[0]
        with contextlib.suppress(CardsuiteError):  # the form's first person, if it reads
            you = next((s.name for s in self.read_setup().seats if s.bot is None), you)
        game = self.game

        def chosen(choice: JoinChoice | HostChoice | None) -> None:
            from cardsuite.core.errors import CardsuiteError
            from cardsuite.net.client import join_frame
            from cardsuite.net.commands import url_of
            from cardsuite.tui.app import Remote

            if isinstance(choice, JoinChoice):
                first = join_frame(choice.invite, choice.name)
                app.join_table(Remote(url_of(choice.address, False), first))
            elif isinstance(choice, HostChoice):
                try:
                    setup = self.read_setup()
                    setup.seated()
                except CardsuiteError as exc:
                    self.show_error(str(exc)[:1].upper() + str(exc)[1:])
                    return
                app.remember_seats(setup.seats)
                app.host_table(setup, choice.address)

        app.push_screen(OnlineScreen(you, _(game.title)), chosen)

    def show_error(self, text: str) -> None:
        self.query_one("#lobby-error", Static).update(plain(text))

    @on(Button.Pressed)
    def button(self, event: Button.Pressed) -> None:
        {
            "start": self.action_start,
            "watch": self.action_watch,
            "online": self.action_online,
            "continue": self.action_continue,
            "matches": self.action_matches,
            "rules": self.action_rules,
            "settings": self.action_settings,
        }.get(event.button.id or "", lambda: None)()

    def on_screen_resume(self) -> None:
        self.refresh_saved()

    def action_settings(self) -> None:
        self.cs_app.show_settings()

    def action_rules(self) -> None:
        # The list's highlight, not self.index: a quick "↓ r" may come before the list's
        # OptionHighlighted message has reached this screen.
        index = self.query_one("#games", OptionList).highlighted
        self.cs_app.show_rules(self.games[index if index is not None else self.index].load())

    def action_help(self) -> None:
        self.cs_app.show_help()

    # --- moving between the parts of the lobby -------------------------------------------------
    def action_jump_to_options(self) -> None:
        """Focus the first option of the form (the seed for a game without options)."""
        if self._later(self.action_jump_to_options):
            return
        serial = self._form_serial
        first = self.query(f".option, #seed-{serial}").first()
        first.focus()

    def action_jump_to_games(self) -> None:
        """Focus the list of games."""
        self.query_one("#games", OptionList).focus()

    def action_quit(self) -> None:
        self.app.exit()
