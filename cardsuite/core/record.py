"""Match records: the save file, the replay file and the regression fixture are one format.

A record holds what rebuilds a match exactly: the game, its options, the seed, the seats and the
moves in notation.  It is JSON with a ``format`` marker and a ``version``; reading checks both
and every field, and any problem becomes a :class:`SaveError` that names the file.  Writing goes
through a temporary file and a rename, so a crash never leaves a half-written save.

Files are hostile until read: :mod:`cardsuite.core.jsonfile` refuses a file over its size limit
before reading it and turns every way JSON can fail into one sentence.  Then
:meth:`MatchRecord.from_data` checks each field: the shape, the bounds (:data:`MAX_MOVES`,
:data:`MAX_SEED`, :data:`~cardsuite.core.text.NAME_MAX` …) and the seats (a bot seat names its
bot, a human seat names none).  Unknown top-level keys are refused, not ignored: a record this
version does not fully understand would be replayed wrong (a misspelt ``"moves"`` would load as
a fresh deal); newer writers bump :data:`VERSION` instead.  Whether a bot id exists for the
game is checked by :meth:`cardsuite.match.Match.from_record`, which knows the bots.
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import stat
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard

from cardsuite.core.errors import SaveError
from cardsuite.core.jsonfile import file_kind, parse_json, read_json_file, size_text
from cardsuite.core.levels import level_id
from cardsuite.core.text import NAME_MAX, plain, valid_unicode

FORMAT = "cardsuite-match"
VERSION = 3  # 2: a match of several deals records each NextDeal; 3: times on a clock
SEAT_KINDS = ("human", "bot")
FIELDS = (
    "format",
    "version",
    "game",
    "seed",
    "options",
    "seats",
    "moves",
    "practice",
    "times",
    "ended",
)
MAX_TIME = 10**12  # ms: some thirty years of play

MAX_RECORD_BYTES = 8_000_000  # a real match is a few kilobytes; larger files are not read
MAX_MOVES = 1_000_000
MAX_SEED = 2**64 - 1  # seeds are 64-bit: 0 … 2**64-1 (core.rng.derive_seed)
MAX_MATCH_ID = 2**63 - 1  # a stored match's id is an SQLite integer: 1 … 2**63-1
MAX_SEATS = 64
MAX_OPTIONS = 64
MAX_ID = 64  # a game id, a bot id, an option's name
MAX_TEXT = 200  # a move's notation, an option's text value


@dataclass(frozen=True, slots=True)
class SeatRecord:
    name: str
    kind: str = "human"  # "human" or "bot"
    bot: str | None = None  # the bot's level for bot seats ("easy", "normal", "hard")

    def __post_init__(self) -> None:
        if self.bot is not None:  # a save from before the levels' names: "heuristic" …
            object.__setattr__(self, "bot", level_id(self.bot))


@dataclass(frozen=True, slots=True)
class MatchRecord:
    game: str
    seed: int
    seats: tuple[SeatRecord, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    moves: tuple[tuple[int, str], ...] = ()
    practice: bool = False  # an undo went back across a card that had been shown
    version: int = VERSION  # the format version the record was read from
    # A game on a clock: each move's time (ms since the deal, never decreasing), and the
    # time the match was last seen at (its end, or when it was left); empty for turn games.
    times: tuple[int, ...] = ()
    ended: int | None = None

    def to_json(self) -> str:
        return json.dumps(self.to_data(), ensure_ascii=False, indent=1) + "\n"

    def to_data(self) -> dict[str, Any]:
        """The record as plain JSON data (what :meth:`from_data` reads back)."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "seed": self.seed,
            "options": dict(self.options),
            "seats": [
                {"name": s.name, "kind": s.kind, **({"bot": s.bot} if s.bot else {})}
                for s in self.seats
            ],
            "moves": [[seat, text] for seat, text in self.moves],
            **({"practice": True} if self.practice else {}),
            **({"times": list(self.times)} if self.times else {}),
            **({"ended": self.ended} if self.ended is not None else {}),
        }

    @classmethod
    def from_json(cls, text: str, source: Path | str = "<record>") -> MatchRecord:
        """The record in ``text``; SaveError naming ``source`` and the problem."""
        if len(text) > MAX_RECORD_BYTES:
            raise SaveError(source, f"too large for a match record ({size_text(len(text))})")
        return cls.from_data(parse_json(text, source), source)

    @classmethod
    def from_data(cls, data: Any, source: Path | str = "<record>") -> MatchRecord:
        """The record in parsed JSON, every field checked; SaveError names the first problem."""

        def fail(problem: str) -> SaveError:
            return SaveError(source, problem)

        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise fail(
                f"not a cardsuite match record (it is {_shape(data)}, "
                "without 'format': 'cardsuite-match')"
            )
        version = data.get("version")
        if not _whole(version) or version < 1:
            raise fail(f"bad record version {_show(version)}")
        if version > VERSION:
            raise fail(
                f"written by a newer cardsuite (record version {version}, this reads {VERSION})"
            )
        unknown = [key for key in data if key not in FIELDS]
        if unknown:
            listed = ", ".join(repr(plain(key[:MAX_ID])) for key in unknown[:5])
            raise fail(f"unknown field {listed} (a record has only {', '.join(FIELDS)})")
        game, seed = data.get("game"), data.get("seed")
        if not isinstance(game, str) or not game or len(game) > MAX_ID:
            raise fail(f"'game' must name a game (an id of at most {MAX_ID} characters)")
        if not valid_unicode(game):
            raise fail(f"'game' is not valid Unicode text ({_show(game)})")
        if not _whole(seed) or not 0 <= seed <= MAX_SEED:
            raise fail(f"'seed' must be a whole number from 0 to 2**64-1, not {_show(seed)}")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise fail(f"'options' must be an object, not {_shape(options)}")
        if len(options) > MAX_OPTIONS:
            raise fail(f"'options' has {len(options)} entries; a game has at most {MAX_OPTIONS}")
        for key, value in options.items():
            if len(key) > MAX_ID:
                raise fail(f"option name {_show(key)} is too long")
            if not valid_unicode(key):
                raise fail(f"option name {_show(key)} is not valid Unicode text")
            if not _scalar(value):
                raise fail(
                    f"option {_show(key)} must be a number, a text, true, false or null, "
                    f"not {_shape(value)}"
                )
            if isinstance(value, str) and not valid_unicode(value):
                raise fail(f"option {_show(key)} is not valid Unicode text ({_show(value)})")
        raw_seats = data.get("seats")
        if not isinstance(raw_seats, list) or not raw_seats:
            raise fail("'seats' must be a non-empty list")
        if len(raw_seats) > MAX_SEATS:
            raise fail(f"'seats' lists {len(raw_seats)} seats; at most {MAX_SEATS}")
        seats = []
        for i, raw in enumerate(raw_seats):
            if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
                raise fail(f"seat {i + 1} must be an object with a 'name'")
            name = raw["name"]
            who = f"seat {i + 1} ({_show(name)})"
            extra = [key for key in raw if key not in ("name", "kind", "bot")]
            if extra:
                raise fail(f"{who} has an unknown field {_show(extra[0])}")
            if len(name) > NAME_MAX:
                raise fail(f"seat {i + 1} has a name of {len(name)} characters; at most {NAME_MAX}")
            if not valid_unicode(name):
                raise fail(
                    f"seat {i + 1} has a name that is not valid Unicode text ({_show(name)})"
                )
            kind = raw.get("kind", "human")
            bot = raw.get("bot")
            if kind not in SEAT_KINDS:
                raise fail(f"{who} has unknown kind {_show(kind)} (human or bot)")
            if kind == "bot" and (not isinstance(bot, str) or not bot or len(bot) > MAX_ID):
                raise fail(f"{who} is a bot seat that does not name its bot ('bot')")
            if isinstance(bot, str) and not valid_unicode(bot):
                raise fail(f"{who} names a bot that is not valid Unicode text ({_show(bot)})")
            if kind == "human" and bot is not None:
                raise fail(f"{who} is a human seat but names a bot ({_show(bot)})")
            seats.append(SeatRecord(name, kind, bot))
        raw_moves = data.get("moves", [])
        if not isinstance(raw_moves, list):
            raise fail(f"'moves' must be a list, not {_shape(raw_moves)}")
        if len(raw_moves) > MAX_MOVES:
            raise fail(
                f"'moves' lists {len(raw_moves):,} moves; a record holds at most {MAX_MOVES:,}"
            )
        moves = []
        for i, raw in enumerate(raw_moves):
            ok = (
                isinstance(raw, list)
                and len(raw) == 2
                and isinstance(raw[0], int)
                and not isinstance(raw[0], bool)
                and 0 <= raw[0] < len(seats)
                and isinstance(raw[1], str)
                and len(raw[1]) <= MAX_TEXT
            )
            if not ok:
                raise fail(
                    f"move {i + 1} must be [seat, notation] with a seat of this match "
                    f"and a notation of at most {MAX_TEXT} characters"
                )
            if not valid_unicode(raw[1]):
                raise fail(f"move {i + 1} is not valid Unicode text ({_show(raw[1])})")
            moves.append((raw[0], raw[1]))
        practice = data.get("practice", False)
        if not isinstance(practice, bool):
            raise fail("'practice' must be true or false")
        times = data.get("times", [])
        if not isinstance(times, list) or (times and len(times) != len(moves)):
            raise fail("'times' must list one time per move")
        last = 0
        for i, t in enumerate(times):
            if not _whole(t) or not last <= t <= MAX_TIME:
                raise fail(f"the time of move {i + 1} must be a whole number of ms, never less "
                           f"than the one before, not {_show(t)}")  # fmt: skip
            last = t
        ended = data.get("ended")
        if ended is not None and (not _whole(ended) or not last <= ended <= MAX_TIME):
            raise fail(f"'ended' must be a time in ms after the last move's, not {_show(ended)}")
        return cls(
            game=game,
            seed=seed,
            seats=tuple(seats),
            options=options,
            moves=tuple(moves),
            practice=practice,
            version=version,
            times=tuple(times),
            ended=ended,
        )


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _scalar(value: Any) -> bool:
    """A JSON scalar: text (bounded), a number, true, false or null."""
    if isinstance(value, str):
        return len(value) <= MAX_TEXT
    return value is None or isinstance(value, bool | int | float)


def _shape(value: Any) -> str:
    """What a JSON value is, in words: "a list", "a number", "an object" …"""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int | float):
        return "a number"
    return "a text"


def _show(value: Any) -> str:
    """A value for a message: short, and safe to print."""
    if isinstance(value, dict | list):
        return _shape(value)
    text = repr(value)
    return plain(text if len(text) <= 40 else text[:39] + "…")


STALE_TEMPORARY = 60.0  # seconds: a temporary file this old was left by a killed writer


def atomic_write_text(path: Path | str, text: str, *, strict: bool = False) -> None:
    """Write ``text`` to ``path`` so that the file is either the old one or the new one.

    The folder is made if missing; ``strict``: it is not, and only a regular file (or nothing)
    at ``path`` is replaced (:func:`check_destination`, checked before writing and again just
    before the rename).  A writer killed between the two steps leaves its temporary file
    behind; the next write of the same file removes those that are old enough not to be
    another writer's in flight."""
    path = Path(path)
    if strict:
        check_destination(path)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if strict:
            check_destination(path)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    _sweep_temporaries(path)


def _sweep_temporaries(path: Path) -> None:
    now = time.time()
    for left in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
        with contextlib.suppress(OSError):
            if now - left.stat().st_mtime > STALE_TEMPORARY:
                left.unlink()


def save_record(record: MatchRecord, path: Path | str) -> None:
    try:
        atomic_write_text(path, record.to_json())
    except OSError as exc:
        raise SaveError(path, f"cannot write ({exc.strerror or exc})") from None


def check_destination(path: Path | str) -> None:
    """Refuse, with a SaveError naming it, a file to write that is not a regular file or
    nothing yet (a FIFO, a device, a directory, a socket), that is a symbolic link (writing
    would replace the link, not the file it points to), or whose folder does not exist."""
    path = Path(path)
    try:
        mode = os.lstat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):  # nothing there (its folder is checked)
        mode = None
    except ValueError:  # a NUL in the path
        raise SaveError(path, "not a file name (it holds a NUL character)") from None
    except OSError as exc:
        raise SaveError(path, f"cannot write ({exc.strerror or exc})") from None
    if mode is not None and stat.S_ISLNK(mode):
        raise SaveError(
            path, "is a symbolic link; not written (give the file it points to instead)"
        )
    if mode is not None and not stat.S_ISREG(mode):
        raise SaveError(path, f"is {file_kind(mode)}; only a regular file is replaced")
    folder = path.parent
    try:
        folder_mode: int | None = os.stat(folder).st_mode
    except (FileNotFoundError, NotADirectoryError):
        folder_mode = None
    except OSError as exc:
        raise SaveError(path, f"cannot write ({exc.strerror or exc})") from None
    if folder_mode is None:
        raise SaveError(path, f"folder {plain(str(folder))} does not exist")
    if not stat.S_ISDIR(folder_mode):
        raise SaveError(path, f"{plain(str(folder))} is not a folder")


def export_record(record: MatchRecord, path: Path | str) -> None:
    """Write ``record`` to ``path`` for someone to take away: a regular file there is replaced
    (atomically), nothing else is (see :func:`check_destination`), and no folder is made."""
    try:
        atomic_write_text(path, record.to_json(), strict=True)
    except OSError as exc:
        raise SaveError(path, f"cannot write ({exc.strerror or exc})") from None


def load_record(path: Path | str) -> MatchRecord:
    """The record in the file at ``path``; SaveError naming the file and the problem."""
    data = read_json_file(path, limit=MAX_RECORD_BYTES, what="a match record")
    return MatchRecord.from_data(data, path)
