"""Message catalogues: gettext ``.po`` sources read, and compiled to ``.mo``, without tools.

The translations live as ``.po`` files in the package (``cardsuite/locale/<lang>/LC_MESSAGES/
cardsuite.po``), the form translators edit.  The build compiles each one to the ``.mo`` file
gettext reads (``setup.py``); a checkout run from source, which has no ``.mo``, compiles the
``.po`` in memory when the language is chosen.  Both go through :func:`compile_po`, so they
cannot differ.

Only what cardsuite's catalogues use is read: comments and flags (``#, fuzzy``), ``msgctxt``,
``msgid``, ``msgid_plural``, ``msgstr`` and ``msgstr[n]``, each string possibly continued on the lines
after it.  Fuzzy and untranslated entries are left out, as ``msgfmt`` leaves them out: gettext
then shows the English.
"""

from __future__ import annotations

import ast
import struct
from dataclasses import dataclass, field
from pathlib import Path


class CatalogueError(ValueError):
    """A ``.po`` file that cannot be read: the file, the line and what is wrong."""


@dataclass
class Entry:
    """One message of a catalogue: its English source and its translation."""

    msgid: str
    msgid_plural: str | None = None
    msgctxt: str | None = None  # what tells apart the same English words in two meanings
    msgstr: list[str] = field(default_factory=list)  # one text, or one per plural form
    fuzzy: bool = False
    comments: list[str] = field(default_factory=list)  # the lines starting with "#"

    @property
    def translated(self) -> bool:
        return not self.fuzzy and bool(self.msgstr) and all(self.msgstr)


def read_po(path: Path) -> list[Entry]:
    """Every entry of the ``.po`` file at ``path``, the header (``msgid ""``) first."""
    return parse_po(path.read_text(encoding="utf-8"), str(path))


def parse_po(text: str, name: str = "<catalogue>") -> list[Entry]:
    """The entries of a ``.po`` text (``name`` says where it comes from, in errors)."""
    entries: list[Entry] = []
    current: Entry | None = None
    comments: list[str] = []
    target: tuple[str, int] | None = None  # the string the next continuation line extends
    context: str | None = None  # a msgctxt read, for the msgid that follows it

    def finish() -> None:
        nonlocal current
        if current is not None:
            entries.append(current)
        current = None

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        where = f"{name}, line {number}"
        if not line:
            continue
        if line.startswith("#"):
            if current is not None and target is not None and target[0] == "msgstr":
                finish()
                target = None
            if line.startswith("#~"):
                continue  # an obsolete entry
            comments.append(line)
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            if current is None or target is None:
                raise CatalogueError(f"{where}: a string continues nothing")
            _extend(current, target, _string(line, where))
            continue
        value = _string(rest.strip(), where)
        if keyword == "msgctxt":
            finish()
            context = value
            target = None
            continue
        if keyword == "msgid":
            if context is None:
                finish()
            current = Entry(value, comments=comments, msgctxt=context)
            current.fuzzy = any(c.startswith("#,") and "fuzzy" in c for c in comments)
            comments, context = [], None
            target = ("msgid", 0)
        elif current is None:
            raise CatalogueError(f"{where}: {keyword} before any msgid")
        elif keyword == "msgid_plural":
            current.msgid_plural = value
            target = ("msgid_plural", 0)
        elif keyword == "msgstr":
            current.msgstr = [value]
            target = ("msgstr", 0)
        elif keyword.startswith("msgstr[") and keyword.endswith("]"):
            index = int(keyword[7:-1])
            if index != len(current.msgstr):
                raise CatalogueError(f"{where}: {keyword} out of order")
            current.msgstr.append(value)
            target = ("msgstr", index)
        else:
            raise CatalogueError(f"{where}: unknown keyword {keyword!r}")
    finish()
    return entries


def _string(token: str, where: str) -> str:
    if not (len(token) >= 2 and token.startswith('"') and token.endswith('"')):
        raise CatalogueError(f"{where}: a quoted string was expected")
    try:
        value = ast.literal_eval(token)
    except (SyntaxError, ValueError) as error:
        raise CatalogueError(f"{where}: {error}") from None
    if not isinstance(value, str):
        raise CatalogueError(f"{where}: a quoted string was expected")
    return value


def _extend(entry: Entry, target: tuple[str, int], more: str) -> None:
    kind, index = target
    if kind == "msgid":
        entry.msgid += more
    elif kind == "msgid_plural":
        entry.msgid_plural = (entry.msgid_plural or "") + more
    else:
        entry.msgstr[index] += more


def compile_po(entries: list[Entry]) -> bytes:
    """The ``.mo`` file (little-endian, GNU format, no hash table) of the translated entries
    and the header, which gettext needs for the plural forms."""
    pairs: dict[bytes, bytes] = {}
    for entry in entries:
        if entry.msgid == "":
            header = entry.msgstr[0] if entry.msgstr else ""
            if "charset=" not in header:  # the sources are UTF-8, and gettext must know it
                header += "Content-Type: text/plain; charset=UTF-8\n"
            pairs[b""] = header.encode("utf-8")
            continue
        if not entry.translated:
            continue
        key = entry.msgid if entry.msgctxt is None else f"{entry.msgctxt}\x04{entry.msgid}"
        if entry.msgid_plural is not None:
            key += "\0" + entry.msgid_plural
        pairs[key.encode("utf-8")] = "\0".join(entry.msgstr).encode("utf-8")
    keys = sorted(pairs)
    count = len(keys)
    ids = b"".join(k + b"\0" for k in keys)
    strs = b"".join(pairs[k] + b"\0" for k in keys)
    start = 7 * 4 + 16 * count  # the header, then the two tables of (length, offset)
    id_table: list[int] = []
    offset = start
    for k in keys:
        id_table += [len(k), offset]
        offset += len(k) + 1
    str_table: list[int] = []
    for k in keys:
        str_table += [len(pairs[k]), offset]
        offset += len(pairs[k]) + 1
    head = struct.pack("<7I", 0x950412DE, 0, count, 7 * 4, 7 * 4 + 8 * count, 0, 0)
    tables = struct.pack(f"<{4 * count}I", *id_table, *str_table)
    return head + tables + ids + strs
