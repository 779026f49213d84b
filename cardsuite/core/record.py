"""Match records: the save file, the replay file and the regression fixture are one format.

A record holds what rebuilds a match exactly: the game, its options, the seed, the seats and the
moves in notation.  It is JSON with a ``format`` marker and a ``version``; reading checks both
and every field, and any problem becomes a :class:`SaveError` that names the file.  Writing goes
through a temporary file and a rename, so a crash never leaves a half-written save.
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

FORMAT = "cardsuite-match"
VERSION = 2  # 2: a match of several deals records each NextDeal
SEAT_KINDS = ("human", "bot")


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
        }

    @classmethod
    def from_json(cls, text: str, source: Path | str = "<record>") -> MatchRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise SaveError(source, f"not valid JSON ({exc.msg} at line {exc.lineno})") from None
        return cls.from_data(data, source)

    @classmethod
    def from_data(cls, data: Any, source: Path | str = "<record>") -> MatchRecord:
        def fail(problem: str) -> SaveError:
            return SaveError(source, problem)

        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise fail("not a cardsuite match record (no 'format': 'cardsuite-match')")
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
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(path, "no such file") from None
    except IsADirectoryError:
        raise SaveError(path, "is a directory, not a save file") from None
    except UnicodeDecodeError:
        raise SaveError(path, "not a text file") from None
    except OSError as exc:
        raise SaveError(path, f"cannot read ({exc.strerror or exc})") from None
    return MatchRecord.from_json(text, path)
