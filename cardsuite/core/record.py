"""Match records: the save file, the replay file and the regression fixture are one format.

A record holds what rebuilds a match exactly: the game, its options, the seed, the seats and the
moves in notation.  It is JSON with a ``format`` marker and a ``version``; reading checks both
and every field, and any problem becomes a :class:`SaveError` that names the file.  Writing goes
through a temporary file and a rename, so a crash never leaves a half-written save.

Files are hostile until read: :mod:`cardsuite.core.jsonfile` refuses a file over its size limit
before reading it and turns every way JSON can fail into one sentence.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardsuite.core.errors import SaveError
from cardsuite.core.jsonfile import parse_json, read_json_file, size_text

FORMAT = "cardsuite-match"
VERSION = 2  # 2: a match of several deals records each NextDeal
SEAT_KINDS = ("human", "bot")
MAX_RECORD_BYTES = 8_000_000  # a real match is a few kilobytes; larger files are not read


@dataclass(frozen=True, slots=True)
class SeatRecord:
    name: str
    kind: str = "human"  # "human" or "bot"
    bot: str | None = None  # the bot's id for bot seats ("random", "heuristic" …)


@dataclass(frozen=True, slots=True)
class MatchRecord:
    game: str
    seed: int
    seats: tuple[SeatRecord, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    moves: tuple[tuple[int, str], ...] = ()
    practice: bool = False  # an undo went back across a card that had been shown
    version: int = VERSION  # the format version the record was read from

    def to_json(self) -> str:
        data = {
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
        }
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"

    @classmethod
    def from_json(cls, text: str, source: Path | str = "<record>") -> MatchRecord:
        """The record in ``text``; SaveError naming ``source`` and the problem."""
        if len(text) > MAX_RECORD_BYTES:
            raise SaveError(source, f"too large for a match record ({size_text(len(text))})")
        return cls.from_data(parse_json(text, source), source)

    @classmethod
    def from_data(cls, data: Any, source: Path | str = "<record>") -> MatchRecord:
        def fail(problem: str) -> SaveError:
            return SaveError(source, problem)

        if not isinstance(data, dict) or data.get("format") != FORMAT:
            kind = (
                "an object" if isinstance(data, dict)
                else "a list" if isinstance(data, list)
                else "a number" if isinstance(data, int | float)
                else "a text"
            )  # fmt: skip
            raise fail(
                f"not a cardsuite match record (it is {kind}, without 'format': 'cardsuite-match')"
            )
        version = data.get("version")
        if not isinstance(version, int) or version < 1:
            raise fail(f"bad record version {version!r}")
        if version > VERSION:
            raise fail(
                f"written by a newer cardsuite (record version {version}, this reads {VERSION})"
            )
        game, seed = data.get("game"), data.get("seed")
        if not isinstance(game, str) or not game:
            raise fail("'game' must name a game")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise fail("'seed' must be a whole number")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise fail("'options' must be an object")
        raw_seats = data.get("seats")
        if not isinstance(raw_seats, list) or not raw_seats:
            raise fail("'seats' must be a non-empty list")
        seats = []
        for i, raw in enumerate(raw_seats):
            if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
                raise fail(f"seat {i + 1} must be an object with a 'name'")
            kind = raw.get("kind", "human")
            bot = raw.get("bot")
            if kind not in SEAT_KINDS:
                raise fail(f"seat {i + 1} has unknown kind {kind!r}")
            if bot is not None and not isinstance(bot, str):
                raise fail(f"seat {i + 1} has a bad 'bot' value")
            seats.append(SeatRecord(raw["name"], kind, bot))
        raw_moves = data.get("moves", [])
        if not isinstance(raw_moves, list):
            raise fail("'moves' must be a list")
        moves = []
        for i, raw in enumerate(raw_moves):
            ok = (
                isinstance(raw, list)
                and len(raw) == 2
                and isinstance(raw[0], int)
                and not isinstance(raw[0], bool)
                and 0 <= raw[0] < len(seats)
                and isinstance(raw[1], str)
            )
            if not ok:
                raise fail(f"move {i + 1} must be [seat, notation] with a seat of this match")
            moves.append((raw[0], raw[1]))
        practice = data.get("practice", False)
        if not isinstance(practice, bool):
            raise fail("'practice' must be true or false")
        return cls(
            game=game,
            seed=seed,
            seats=tuple(seats),
            options=options,
            moves=tuple(moves),
            practice=practice,
            version=version,
        )


def atomic_write_text(path: Path | str, text: str) -> None:
    """Write ``text`` to ``path`` so that the file is either the old one or the new one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def save_record(record: MatchRecord, path: Path | str) -> None:
    try:
        atomic_write_text(path, record.to_json())
    except OSError as exc:
        raise SaveError(path, f"cannot write ({exc.strerror or exc})") from None


def load_record(path: Path | str) -> MatchRecord:
    """The record in the file at ``path``; SaveError naming the file and the problem."""
    data = read_json_file(path, limit=MAX_RECORD_BYTES, what="a match record")
    return MatchRecord.from_data(data, path)
