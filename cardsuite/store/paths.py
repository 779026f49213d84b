"""Where cardsuite keeps its files."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "cardsuite"
HOME_VARIABLE = "CARDSUITE_HOME"


def _home() -> Path | None:
    value = os.environ.get(HOME_VARIABLE, "").strip()
    return Path(value).expanduser() if value else None


def config_dir() -> Path:
    """Settings: ``$CARDSUITE_HOME`` or the platform's user config folder."""
    home = _home()
    return home if home is not None else Path(platformdirs.user_config_dir(APP_NAME))


def data_dir() -> Path:
    """Saves: ``$CARDSUITE_HOME`` or the platform's user data folder."""
    home = _home()
    return home if home is not None else Path(platformdirs.user_data_dir(APP_NAME))


DB_NAME = "cardsuite.db"


def db_path() -> Path:
    """The database of matches (see :mod:`cardsuite.store.db`)."""
    return data_dir() / DB_NAME
