"""Settings: suits and indices, colours, auto-play and the bots' pace."""

from __future__ import annotations

import os
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Footer, Label, Select, Static

from cardsuite.store import Settings

DELAYS = (0.0, 0.3, 0.6, 1.0, 1.5, 2.0, 3.0)

SWITCHES: tuple[tuple[str, str, str], ...] = (
    ("four_colour", "Four-colour suits", "♦ blue and ♣ green, besides red ♥ and black ♠"),
    ("ascii_suits", "ASCII suits", "S H D C instead of ♠ ♥ ♦ ♣"),
    ("cyrillic", "Cyrillic indices", "В Д К Т instead of J Q K A"),
    ("no_colour", "No colour", "monochrome display (NO_COLOR in the environment forces it)"),
    ("auto_play", "Auto-play forced moves", "when you have exactly one legal move, play it"),
    ("quick_play", "Play at once", "a card with only one place to go is played when picked"),
)


class SettingSwitch(Checkbox):
    """An on/off setting on one line: "▐X▌" when on, "▐ ▌" when off, readable without colour."""

    @property
    def _button(self) -> Content:
        self.BUTTON_INNER = "X" if self.value else " "
        return super()._button


class SettingsScreen(ModalScreen[Settings]):
    """Dismissed with the new settings (saved and applied by the app)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Done")]

    def __init__(self, settings: Settings) -> None:
        super().__init__(classes="panel-screen")
        self.settings = settings

    def compose(self) -> ComposeResult:
        yield Static("Settings", classes="panel-title")
        with VerticalScroll(id="settings-body"):
            for name, label, help_text in SWITCHES:
                with Horizontal(classes="setting-row"):
                    yield SettingSwitch(
                        label,
                        value=bool(getattr(self.settings, name)),
                        compact=True,
                        id=f"set-{name}",
                        classes="setting-switch",
                    )
                    yield Label(help_text, classes="setting-help")
            if os.environ.get("NO_COLOR") is not None:
                yield Static(
                    "NO_COLOR is set: colours are off whatever this says.", classes="setting-note"
                )
            with Horizontal(classes="setting-row select-row"):
                current = min(DELAYS, key=lambda d: abs(d - self.settings.bot_delay))
                yield Select(
                    [(f"{d:g} s", d) for d in DELAYS],
                    value=current,
                    allow_blank=False,
                    id="set-bot_delay",
                )
                yield Label("Bot move delay", classes="setting-label")
                yield Label("pause after each bot move so you can follow", classes="setting-help")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Checkbox).focus()

    def _collect(self) -> Settings:
        values: dict[str, object] = {}
        for name, _, _ in SWITCHES:
            values[name] = self.query_one(f"#set-{name}", Checkbox).value
        delay = self.query_one("#set-bot_delay", Select).value
        if isinstance(delay, float | int):
            values["bot_delay"] = float(delay)
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
