"""Persistence: settings and the autosave of the match in play.

Files live under the user's platform directories (``platformdirs``), or under one folder named
by the ``CARDSUITE_HOME`` environment variable (for tests and portable installs).  Every write
goes through :func:`~cardsuite.core.record.atomic_write_text`, so a crash never leaves a
half-written file.  Nothing here imports Textual, Rich or the match: the autosave is a
:class:`~cardsuite.core.record.MatchRecord`, which the interface turns into a match.
"""

from cardsuite.store.autosave import (
    autosave_path,
    clear_autosave,
    has_autosave,
    load_autosave,
    write_autosave,
)
from cardsuite.store.paths import config_dir, data_dir
from cardsuite.store.settings import Settings, load_settings, save_settings, settings_path

__all__ = [
    "Settings",
    "autosave_path",
    "clear_autosave",
    "config_dir",
    "data_dir",
    "has_autosave",
    "load_autosave",
    "load_settings",
    "save_settings",
    "settings_path",
    "write_autosave",
]
