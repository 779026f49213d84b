"""Persistence: the settings file and the database of matches.

Files live under the user's platform directories (``platformdirs``), or under one folder named
by the ``CARDSUITE_HOME`` environment variable (for tests and portable installs).  Settings are
written atomically (:func:`~cardsuite.core.record.atomic_write_text`); every match, in play or
finished, lives in one SQLite database (:mod:`cardsuite.store.db`, imported where it is first
used: the lobby's first frame does not wait for it).  Nothing here imports Textual, Rich or the
match: matches are stored as :class:`~cardsuite.core.record.MatchRecord` rows, which the
interface turns into matches.
"""

from cardsuite.store.paths import config_dir, data_dir, db_path
from cardsuite.store.settings import Settings, load_settings, save_settings, settings_path

__all__ = [
    "Settings",
    "config_dir",
    "data_dir",
    "db_path",
    "load_settings",
    "save_settings",
    "settings_path",
]
