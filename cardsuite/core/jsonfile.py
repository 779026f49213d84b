"""JSON files read as hostile input: a size limit checked before reading, one sentence per failure.

Saves and settings are files people and other programs may have written, cut short, or filled
with something else.  :func:`read_json_file` refuses a file over its limit before reading it,
and :func:`parse_json` turns every way the JSON can fail into a :class:`SaveError` naming the
file: not UTF-8 (binary), cut short, invalid, nested deeper than the parser goes
(RecursionError), NaN or Infinity (which JSON does not allow, though Python writes them), and
numbers of more than :data:`MAX_DIGITS` digits.  Only a regular file is read: a FIFO, a device
or a directory is refused before anything is read from it (a FIFO would wait forever for a
writer).  What the JSON should *mean* is the caller's to check.  Light on purpose: the settings are read through it before the lobby's first frame.
"""

from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import Any

from cardsuite.core.errors import SaveError
from cardsuite.core.text import plain

MAX_DIGITS = 40  # a number written with more digits than this is refused


def size_text(count: int) -> str:
    """A size in bytes for a message: "812 bytes", "9.4 MB"."""
    return f"{count / 1_000_000:.1f} MB" if count >= 100_000 else f"{count:,} bytes"


class _Refused(Exception):
    """A value the JSON parser met that a cardsuite file never holds."""


def _constant(name: str) -> Any:
    raise _Refused(f"it holds {name}, which is not a number JSON allows")


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Refused(f"it holds a number of {len(text.lstrip('-'))} digits, far too large")
    return int(text)


def _decimal(text: str) -> float:
    value = float(text)
    if not math.isfinite(value) or len(text) > MAX_DIGITS + 10:
        raise _Refused(f"it holds a number out of range or too long ({plain(text[:20])})")
    return value


def parse_json(text: str | bytes, source: Path | str) -> Any:
    """Parse ``text`` (or UTF-8 bytes); every problem becomes a SaveError naming ``source``."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise SaveError(
                source,
                f"not a text file (byte {text[exc.start]:#04x} at offset {exc.start} is not UTF-8)",
            ) from None
    if "\x00" in text:
        raise SaveError(source, "not a text file (it holds NUL bytes)")
    try:
        return json.loads(text, parse_constant=_constant, parse_int=_integer, parse_float=_decimal)
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()):
            raise SaveError(source, "not valid JSON: it ends too early (cut short?)") from None
        raise SaveError(
            source, f"not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})"
        ) from None
    except RecursionError:
        raise SaveError(source, "its JSON is nested too deeply to be read") from None
    except _Refused as exc:
        raise SaveError(source, str(exc)) from None
    except ValueError as exc:  # Python's own limit on the digits of a number, and the like
        raise SaveError(source, f"not valid JSON ({plain(str(exc))[:80]})") from None


def file_kind(mode: int) -> str:
    """What a file that is not a regular one is, in words: "a directory", "a FIFO (named
    pipe)" … (``mode`` as :func:`os.stat` gives it)."""
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    return "not a regular file"


# Opening never waits (a FIFO without a writer) and never makes a terminal ours.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)


def read_json_file(path: Path | str, *, limit: int, what: str) -> Any:
    """The JSON in the regular file at ``path``, read only if it is at most ``limit`` bytes;
    SaveError naming the file and the problem (``what`` the file should be: "a match record").

    The file is looked at before it is opened, and opened without waiting (``O_NONBLOCK``),
    then looked at again: what is read is the regular file that was opened, whatever was put
    at ``path`` in between."""
    path = Path(path)

    def refuse(mode: int) -> SaveError:
        kind = file_kind(mode)
        if kind == "not a regular file":
            return SaveError(path, f"not a regular file, so not {what}")
        return SaveError(path, f"is {kind}, not {what}")

    try:
        mode = os.stat(path).st_mode
        if not stat.S_ISREG(mode):
            raise refuse(mode)
        fd = os.open(path, _OPEN_FLAGS)
        with os.fdopen(fd, "rb") as handle:
            mode = os.fstat(fd).st_mode
            if not stat.S_ISREG(mode):
                raise refuse(mode)
            size = os.fstat(fd).st_size
            if size <= limit:
                raw = handle.read(limit + 1)  # a file that grows
                size = len(raw)
    except FileNotFoundError:
        raise SaveError(path, "no such file") from None
    except IsADirectoryError:
        raise SaveError(path, f"is a directory, not {what}") from None
    except ValueError:  # a NUL in the path
        raise SaveError(path, "not a file name (it holds a NUL character)") from None
    except OSError as exc:
        raise SaveError(path, f"cannot read ({exc.strerror or exc})") from None
    if size > limit:
        raise SaveError(
            path, f"too large for {what} ({size_text(size)}; at most {size_text(limit)}): not read"
        )
    return parse_json(raw, path)
