"""Settings: suits and indices, colours, auto-play, the bots' pace and the language."""

from __future__ import annotations

import os
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.widgets import Checkbox, Label, Select, Static

from cardsuite.core.i18n import LANGUAGES, N_, _, environment_language
from cardsuite.store import Settings
from cardsuite.tui.translated import TranslatedModalScreen, footer

DELAYS = (0.0, 0.3, 0.6, 1.0, 1.5, 2.0, 3.0)

# (setting, label, help): the words are translated where they are shown
SWITCHES: tuple[tuple[str, str, str], ...] = (
    ("four_colour", N_("Four-colour suits"), N_("♦ blue and ♣ green, besides red ♥ and black ♠")),
    ("ascii_suits", N_("ASCII suits"), N_("S H D C instead of ♠ ♥ ♦ ♣")),
    (
        "no_colour",
        N_("No colour"),
        N_("monochrome display (NO_COLOR in the environment forces it)"),
    ),
    (
        "auto_play",
        N_("Auto-play forced moves"),
        N_("when you have exactly one legal move, play it"),
    ),
    (
        "auto_play_everywhere",
        N_("… in every game"),
        N_("also in {games}"),
    ),
    (
        "quick_play",
        N_("Play at once"),
        N_("a card with only one place to go is played when picked"),
    ),
)


class SettingSwitch(Checkbox):
    """An on/off setting on one line: "▐X▌" when on, "▐ ▌" when off, readable without colour."""

    @property
    def _button(self) -> Content:
        self.BUTTON_INNER = "X" if self.value else " "
        return super()._button


class SettingsScreen(TranslatedModalScreen[Settings]):
    """Dismissed with the new settings (saved and applied by the app)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", N_("Done"))]

    def __init__(self, settings: Settings, focus: str = "") -> None:
        """``focus``: the id of the setting to focus first (the first switch by default)."""
        super().__init__(classes="panel-screen")
        self.settings = settings
        self._focus = focus

    def compose(self) -> ComposeResult:
        system = environment_language()
        yield Static(_("Settings"), classes="panel-title")
        with VerticalScroll(id="settings-body"):
            for name, label, help_text in SWITCHES:
                with Horizontal(classes="setting-row"):
                    yield SettingSwitch(
                        _(label),
                        value=bool(getattr(self.settings, name)),
                        compact=True,
                        id=f"set-{name}",
                        classes="setting-switch",
                    )
                    yield Label(_(help_text).format(games=_waiting_games()), classes="setting-help")
            if os.environ.get("NO_COLOR") is not None:
                yield Static(
                    _("NO_COLOR is set: colours are off whatever this says."),
                    classes="setting-note",
                )
            with Horizontal(classes="setting-row select-row first-select"):
                yield Select(
                    [(_("as the system ({language})").format(language=LANGUAGES[system]), "")]
                    + [(name, code) for code, name in LANGUAGES.items()],
                    value=self.settings.language,
                    allow_blank=False,
                    compact=True,
                    id="set-language",
                )
                yield Label(_("Language"), classes="setting-label")
                yield Label(_("of every screen, the rules and the tables"), classes="setting-help")
            with Horizontal(classes="setting-row select-row"):
                yield Select(
                    [
                        (_("as the language writes them"), ""),
                        ("J Q K A", "latin"),
                        ("В Д К Т", "cyrillic"),
                    ],
                    value=self.settings.indices,
                    allow_blank=False,
                    compact=True,
                    id="set-indices",
                )
                yield Label(_("Card indices"), classes="setting-label")
                yield Label(
                    _("Jack, Queen, King, Ace as J Q K A or В Д К Т"), classes="setting-help"
                )
            with Horizontal(classes="setting-row select-row"):
                current = min(DELAYS, key=lambda d: abs(d - self.settings.bot_delay))
                yield Select(
                    [(_("{seconds} s").format(seconds=f"{d:g}"), d) for d in DELAYS],
                    value=current,
                    allow_blank=False,
                    compact=True,
                    id="set-bot_delay",
                )
                yield Label(_("Table pace"), classes="setting-label")
                yield Label(
                    _("time per bot move; each automatic step shown takes half"),
                    classes="setting-help",
                )
        yield footer()

    def on_mount(self) -> None:
        if self._focus:
            self.query_one(f"#{self._focus}").focus()
        else:
            self.query_one(Checkbox).focus()

    def _collect(self) -> Settings:
        values: dict[str, object] = {}
        for name, _label, _help in SWITCHES:
            values[name] = self.query_one(f"#set-{name}", Checkbox).value
        delay = self.query_one("#set-bot_delay", Select).value
        if isinstance(delay, float | int):
            values["bot_delay"] = float(delay)
        for name in ("language", "indices"):
            chosen = self.query_one(f"#set-{name}", Select).value
            if isinstance(chosen, str):
                values[name] = chosen
        return self.settings.replace(**values)

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self._apply()

    def on_select_changed(self, event: Select.Changed) -> None:
        self._apply()

    def _apply(self) -> None:
        self.settings = self._collect()
        apply = getattr(self.app, "apply_settings", None)
        if apply is not None:
            apply(self.settings)

    def action_close(self) -> None:
        self.dismiss(self.settings)


def _waiting_games() -> str:
    """The games whose forced moves wait for the player unless he says otherwise."""
    from cardsuite.games import GAME_INFO

    return ", ".join(info.title for info in GAME_INFO.values() if info.forced_moves_wait)
