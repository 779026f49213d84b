"""The player's settings, kept as a small JSON file."""

from __future__ import annotations

import dataclasses
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardsuite.core.i18n import LANGUAGES, language
from cardsuite.core.text import shown_name
from cardsuite.store.paths import config_dir

FORMAT = "cardsuite-settings"
INDICES = ("", "latin", "cyrillic")
CYRILLIC_LANGUAGES = frozenset({"ru", "uk"})
MAX_BOT_DELAY = 5.0


@dataclass(frozen=True, slots=True)
class Settings:
    """Display and play settings.  Unknown or bad values in the file fall back to defaults."""

    four_colour: bool = False  # ♦ blue and ♣ green, besides red ♥ and black ♠
    ascii_suits: bool = False  # S H D C instead of ♠ ♥ ♦ ♣
    # the card indices: "" as the language writes them (В Д К Т in Russian and Ukrainian,
    # J Q K A in English), "latin" or "cyrillic" whatever the language
    indices: str = ""
    no_colour: bool = False  # monochrome (NO_COLOR in the environment forces it)
    auto_play: bool = True  # play a forced single legal move by itself
    # ... also in the games whose forced moves would play whole turns (Game.forced_moves_wait)
    auto_play_everywhere: bool = False
    quick_play: bool = True  # a card with one place to go is played as soon as it is picked
    bot_delay: float = 0.6  # seconds between a bot's move and the next, so people can follow
    last_names: tuple[str, ...] = field(default=())  # the names last typed in the lobby
    # the bot level last played at each seat of the lobby's form ("" for a person's seat)
    last_bots: tuple[str, ...] = field(default=())
    last_game: str = ""  # the id of the game last played: the lobby opens on it
    language: str = ""  # the interface's language ("" the system's: LC_ALL, LANG)

    @property
    def cyrillic(self) -> bool:
        """Whether cards are written with Cyrillic indices, in the language spoken now."""
        if self.indices:
            return self.indices == "cyrillic"
        return language() in CYRILLIC_LANGUAGES

    def replace(self, **changes: Any) -> Settings:
        return dataclasses.replace(self, **changes)

    def to_json(self) -> str:
        data = {"format": FORMAT, **dataclasses.asdict(self)}
        data["last_names"] = list(self.last_names)
        data["last_bots"] = list(self.last_bots)
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
        if data.get("cyrillic") is True and "indices" not in data:
            values["indices"] = "cyrillic"  # the on/off switch of earlier versions
        if values.get("indices", "") not in INDICES:
            del values["indices"]
        if values.get("language", "") not in ("", *LANGUAGES):
            del values["language"]
        return cls(**values)


def settings_path() -> Path:
    return config_dir() / "settings.json"


MAX_SETTINGS_BYTES = 1_000_000  # the file is a few hundred bytes; a larger one is not read


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings (defaults if none), and a warning when the file could not be used.

    A file that cannot be used (too large, not UTF-8, not JSON, cut short, nested too deep,
    another program's JSON …) is never overwritten: it is renamed aside as
    ``settings.json.damaged-<time>`` and the defaults are used; the warning names both files.
    Fields of a good file that hold bad values just keep their defaults.
    """
    from cardsuite.core.errors import SaveError
    from cardsuite.core.jsonfile import read_json_file

    path = settings_path()
    if not path.exists() and not path.is_symlink():
        return Settings(), None
    try:
        data = read_json_file(path, limit=MAX_SETTINGS_BYTES, what="a settings file")
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SaveError(path, "not a cardsuite settings file")
    except SaveError as exc:
        return Settings(), _set_aside(path, exc.problem)
    return Settings.from_data(data), None


def _set_aside(path: Path, problem: str) -> str:
    """Rename the unusable settings file ``path`` aside; the warning that says so."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while aside.exists() or aside.is_symlink():
        n += 1
        aside = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    try:
        path.rename(aside)
    except OSError as exc:
        return (
            f"{path}: {problem}; using the default settings (the file could not be moved "
            f"aside: {exc.strerror or exc}; saving the settings will replace it)"
        )
    return f"{path}: {problem}; using the default settings (the file is kept as {aside})"


def save_settings(settings: Settings) -> None:
    """Write the settings atomically; SaveError names the file on failure."""
    from cardsuite.core.errors import SaveError
    from cardsuite.core.record import atomic_write_text

    path = settings_path()
    try:
        atomic_write_text(path, settings.to_json())
    except OSError as exc:
        raise SaveError(path, f"cannot write ({exc.strerror or exc})") from None
