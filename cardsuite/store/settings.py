"""The player's settings, kept as a small JSON file."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardsuite.core.text import shown_name
from cardsuite.store.paths import config_dir

FORMAT = "cardsuite-settings"
MAX_BOT_DELAY = 5.0


@dataclass(frozen=True, slots=True)
class Settings:
    """Display and play settings.  Unknown or bad values in the file fall back to defaults."""

    four_colour: bool = False  # ♦ blue and ♣ green, besides red ♥ and black ♠
    ascii_suits: bool = False  # S H D C instead of ♠ ♥ ♦ ♣
    cyrillic: bool = False  # В Д К Т instead of J Q K A
    no_colour: bool = False  # monochrome (NO_COLOR in the environment forces it)
    auto_play: bool = True  # play a forced single legal move by itself
    quick_play: bool = True  # a card with one place to go is played as soon as it is picked
    bot_delay: float = 0.6  # seconds between a bot's move and the next, so people can follow
    last_names: tuple[str, ...] = field(default=())  # the names last typed in the lobby
    last_game: str = ""  # the id of the game last played: the lobby opens on it

    def replace(self, **changes: Any) -> Settings:
        return dataclasses.replace(self, **changes)

    def to_json(self) -> str:
        data = {"format": FORMAT, **dataclasses.asdict(self)}
        data["last_names"] = list(self.last_names)
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"

    @classmethod
    def from_data(cls, data: Any) -> Settings:
        """Settings from parsed JSON; each bad field keeps its default."""
        if not isinstance(data, dict):
            return cls()
        values: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            default = getattr(cls(), f.name)
            if isinstance(default, bool) and isinstance(value, bool):
                values[f.name] = value
            elif (
                isinstance(default, float)
                and isinstance(value, int | float)
                and not isinstance(value, bool)
            ):
                values[f.name] = min(max(float(value), 0.0), MAX_BOT_DELAY)
            elif (
                isinstance(default, tuple)
                and isinstance(value, list)
                and all(isinstance(v, str) for v in value)
            ):
                # names are shown in the lobby's fields: made safe, cut (core.text.shown_name)
                values[f.name] = tuple(shown_name(v) for v in value[:10])
            elif isinstance(default, str) and isinstance(value, str):
                values[f.name] = value[:40]
        return cls(**values)


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings (defaults if none), and a warning when the file could not be read."""
    path = settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except (OSError, UnicodeDecodeError) as exc:
        return Settings(), f"{path}: cannot read the settings ({exc}); using the defaults"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return (
            Settings(),
            f"{path}: the settings are not valid JSON ({exc.msg}); using the defaults",
        )
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return Settings(), f"{path}: not a cardsuite settings file; using the defaults"
    return Settings.from_data(data), None


def save_settings(settings: Settings) -> None:
    """Write the settings atomically; SaveError names the file on failure."""
    from cardsuite.core.errors import SaveError
    from cardsuite.core.record import atomic_write_text

    path = settings_path()
    try:
        atomic_write_text(path, settings.to_json())
    except OSError as exc:
        raise SaveError(path, f"cannot write ({exc.strerror or exc})") from None
