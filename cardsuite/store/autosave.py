"""The autosave: the match in play, written after every move, offered again in the lobby.

The record's code is imported when a match is saved or read: the lobby's first frame only asks
whether there is a save.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from cardsuite.store.paths import data_dir

if TYPE_CHECKING:
    from cardsuite.core.record import MatchRecord


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def has_autosave() -> bool:
    return autosave_path().is_file()


def write_autosave(record: MatchRecord) -> None:
    """Save ``record`` atomically; SaveError names the file and the problem."""
    from cardsuite.core.record import save_record

    save_record(record, autosave_path())


def load_autosave() -> MatchRecord:
    """The autosaved record; SaveError (naming the file and the problem) if it is damaged."""
    from cardsuite.core.record import load_record

    return load_record(autosave_path())


def clear_autosave() -> None:
    """Forget the autosave (the match ended, or the player discarded it)."""
    from cardsuite.core.errors import SaveError

    path = autosave_path()
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise SaveError(path, f"cannot remove ({exc.strerror or exc})") from None
