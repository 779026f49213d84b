"""One writer per match: the lock a window holds on the match it plays.

Two windows writing the same match would overwrite each other's moves (each believes it is at
ply *n*), so a match is written only by the process that holds its lock.  The lock is an
advisory ``flock`` on a small file beside the database (``cardsuite.db.locks/match-<id>``);
the operating system drops it when the holder exits in any way, ``kill -9`` included, so a
lock left by a killed process is simply taken by the next window.  The file holds a line
about its holder (process, terminal, since when), which the refusal shows to the player.

Where ``fcntl`` does not exist (Windows) the lock always succeeds: one writer is not enforced
there.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sys
import time
from pathlib import Path
from typing import IO, Any

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


class MatchBusy(Exception):
    """The match is held by another process; ``holder`` describes it in words."""

    def __init__(self, match_id: int, holder: str) -> None:
        super().__init__(holder)
        self.match_id = match_id
        self.holder = holder


def locks_dir(db: Path) -> Path:
    return db.with_name(db.name + ".locks")


class MatchLock:
    """The lock on one match, held from :meth:`acquire` until :meth:`release`."""

    def __init__(self, db: Path, match_id: int) -> None:
        self.path = locks_dir(db) / f"match-{match_id}"
        self.match_id = match_id
        self._handle: IO[str] | None = None

    @property
    def held(self) -> bool:
        return self._handle is not None

    def acquire(self) -> None:
        """Take the lock, or raise :class:`MatchBusy` naming its holder; OSError when the
        lock file cannot be made (the caller decides what that means)."""
        if self._handle is not None or fcntl is None:
            return
        for _attempt in range(20):
            self.path.parent.mkdir(exist_ok=True)
            try:
                handle = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 - held
            except FileNotFoundError:  # the folder was removed by a holder leaving: again
                continue
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                handle.seek(0)
                text = handle.read(2000)
                handle.close()
                raise MatchBusy(self.match_id, describe_holder(text)) from None
            except BaseException:
                handle.close()
                raise
            if _same_file(handle, self.path):
                break
            handle.close()  # a holder removed the file as it left: lock the new one
        else:
            raise OSError(f"{self.path} keeps changing")
        handle.seek(0)
        handle.truncate()
        handle.write(json.dumps(_holder()) + "\n")
        handle.flush()
        self._handle = handle

    def release(self) -> None:
        """Let go: the file is removed while still locked, so whoever opened it meanwhile
        sees it gone (:func:`_same_file`) and tries again on a new one."""
        handle, self._handle = self._handle, None
        if handle is None:
            return
        with contextlib.suppress(OSError):
            self.path.unlink()
        handle.close()  # closing drops the flock
        with contextlib.suppress(OSError):
            self.path.parent.rmdir()  # only when no other match is held

    def is_held_elsewhere(self) -> str | None:
        """Who holds the lock, if another process does (the lock is left as it was)."""
        if self._handle is not None or fcntl is None or not self.path.exists():
            return None
        try:
            self.acquire()
        except MatchBusy as busy:
            return busy.holder
        except OSError:
            return None
        self.release()
        return None


def _same_file(handle: IO[str], path: Path) -> bool:
    """Whether ``handle`` is still the file at ``path`` (not one removed meanwhile)."""
    try:
        here, there = os.fstat(handle.fileno()), os.stat(path)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def _holder() -> dict[str, Any]:
    terminal = None
    for stream in (sys.stdin, sys.stdout):
        with contextlib.suppress(AttributeError, OSError, ValueError):
            if stream is not None and stream.isatty():
                terminal = os.ttyname(stream.fileno())
                break
    return {
        "pid": os.getpid(),
        "host": socket.gethostname(),
        "terminal": terminal,
        "since": time.time(),
    }


def describe_holder(text: str) -> str:
    """The holder's line in words: "process 4242 on /dev/pts/3, since 14:02"."""
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if not isinstance(data, dict):
        return "another cardsuite window"
    parts = []
    pid = data.get("pid")
    if isinstance(pid, int) and not isinstance(pid, bool):
        parts.append(f"process {pid}")
    terminal = data.get("terminal")
    if isinstance(terminal, str) and terminal.isprintable() and len(terminal) < 80:
        parts.append(f"on {terminal}")
    host = data.get("host")
    if isinstance(host, str) and host.isprintable() and host != socket.gethostname():
        parts.append(f"on host {host[:60]}")
    since = data.get("since")
    if isinstance(since, int | float) and 0 < since < 1e11:
        parts.append(time.strftime("since %H:%M", time.localtime(since)))
    return "another cardsuite window" + (f" ({', '.join(parts)})" if parts else "")
