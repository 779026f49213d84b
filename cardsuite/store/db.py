"""Every match in one SQLite database: in play or finished, played, simulated or imported.

The database (``cardsuite.db`` in the data folder) is written in WAL mode, one transaction per
applied move, by the :class:`MatchJournal` a match carries: the table stores a move before it
shows it, so a killed process loses at most the move it was making.  ``synchronous=NORMAL``
keeps a committed move through any crash of the process (only a power cut may take back the
last few), and costs no disk flush per move.

The schema has a version (``PRAGMA user_version``) and a list of migrations, each run once in
its own transaction.  What the database cannot be trusted with is never silently lost:

* a file that is not a cardsuite database (damaged, truncated, another program's) is moved
  aside as ``cardsuite.db.damaged-<time>`` and a new database is started; :attr:`Store.notice`
  says so, naming both files;
* a database written by a newer cardsuite is left alone: :class:`StoreError` says so;
* a stored match that no longer reads (a bad value in any of its rows, moves that do not
  replay) is reported by its id in :attr:`Store.problems`, and the others are still listed.

What the database cannot *write* is not damage.  A full disk, a read-only folder or a file
the user may not write leaves the database where it is: the store opens it read-only
(:attr:`Store.writable` is False, :attr:`Store.unwritable` says why in one line), every
listing, replay and export works, and every write raises :class:`StoreError` with that reason,
so a match goes on unsaved and says so.  A disk that fills up during play is the same: the
write that failed is refused, the moves stored before it stay, and the next write tries again.

A match has one writer.  :meth:`Store.journal` takes the match's lock
(:mod:`cardsuite.store.lock`) before anything is written; a second window asking for the
same match gets :class:`MatchBusyError` naming the window that holds it, and a lock left by
a killed process is taken over at once (the operating system drops it with the process).

The autosave file of earlier versions (``autosave.json``) is imported once, then renamed
``autosave.json.imported``.

Matches are kept as records (:class:`~cardsuite.core.record.MatchRecord`: game, options, seed,
seats, moves in notation), so any of them can be resumed, replayed or exported; the outcome of
a finished match is kept beside it, per seat, for the statistics.
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

from cardsuite.core.errors import CardsuiteError, SaveError
from cardsuite.core.jsonfile import parse_json
from cardsuite.core.options import options_from_dict, options_to_dict
from cardsuite.core.outcome import Outcome, verdict
from cardsuite.core.record import (
    MAX_ID,
    MAX_MATCH_ID,
    MAX_MOVES,
    MAX_RECORD_BYTES,
    MAX_SEED,
    MAX_TEXT,
    SEAT_KINDS,
    MatchRecord,
    SeatRecord,
)
from cardsuite.core.text import NAME_MAX, Message, json_text, plain
from cardsuite.games import GAME_INFO
from cardsuite.store.lock import MatchBusy, MatchLock
from cardsuite.store.paths import DB_NAME, db_path

__all__ = [
    "DB_NAME",
    "LONGER",
    "MAX_MATCH_ID",
    "SAME",
    "SHORTER",
    "AlreadyStoredError",
    "MatchBusyError",
    "MatchJournal",
    "PlayerStats",
    "Result",
    "Store",
    "StoreError",
    "StoredAlready",
    "StoredMatch",
    "counted",
    "db_path",
]

AUTOSAVE_NAME = "autosave.json"

# Each migration takes the database from version i to i + 1.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        seed TEXT NOT NULL,             -- decimal: seeds take 64 bits, unsigned
        options TEXT NOT NULL,          -- JSON object
        origin TEXT NOT NULL,           -- play, simulate, import, autosave
        started REAL NOT NULL,          -- seconds since the epoch
        updated REAL NOT NULL,
        finished REAL,                  -- NULL while the match is in play
        practice INTEGER NOT NULL DEFAULT 0,
        moves INTEGER NOT NULL DEFAULT 0,
        reason TEXT                     -- the outcome's reason: its message as JSON (id, args)
    );
    CREATE INDEX matches_by_state ON matches (finished, updated);
    CREATE TABLE seats (
        match INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        kind TEXT NOT NULL,             -- human or bot
        bot TEXT,
        place INTEGER,                  -- set when the match is finished
        score REAL,
        side INTEGER,                   -- partners share a side (set with the place)
        PRIMARY KEY (match, seat)
    ) WITHOUT ROWID;
    CREATE INDEX seats_by_name ON seats (name);
    CREATE TABLE moves (
        match INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        ply INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        notation TEXT NOT NULL,
        PRIMARY KEY (match, ply)
    ) WITHOUT ROWID;
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
    """,
    # 2: games on a clock (Spit, Nerts) keep each move's time and the time the match ended
    """
    ALTER TABLE moves ADD COLUMN t INTEGER;   -- ms since the deal; NULL for turn games
    ALTER TABLE matches ADD COLUMN ended INTEGER;  -- ms since the deal, last seen or ended
    """,
    # 3: an import finds the matches of the same deal (a match already stored is refused)
    """
    CREATE INDEX matches_by_deal ON matches (game, seed);
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)
OUR_TABLES = frozenset({"matches", "seats", "moves", "meta"})


WAL_LIMIT = 1_000_000  # bytes of write-ahead log kept after a checkpoint (it is reused)
TIMESTAMPS = (0.0, 1e11)  # seconds since the epoch a stored time may hold (until year 5138)


class StoreError(SaveError):
    """The database cannot be used (it names the file and the problem)."""


SAME, LONGER, SHORTER = "same", "longer", "shorter"  # what a record is to a stored match


@dataclass(frozen=True, slots=True)
class StoredAlready:
    """A stored match that a record is (see :meth:`Store.stored_as`): ``relation`` is SAME
    (the same moves), LONGER (the record goes on from the stored match, which is
    unfinished) or SHORTER (the stored match goes on from the record)."""

    match_id: int
    relation: str
    stored_moves: int
    record_moves: int


class AlreadyStoredError(CardsuiteError):
    """The match to store is one the database has already (nothing was written)."""

    def __init__(self, found: StoredAlready) -> None:
        super().__init__(f"already stored as match {found.match_id}")
        self.found = found


class MatchBusyError(CardsuiteError):
    """The match is being played in another window: its one writer."""

    def __init__(self, match_id: int, holder: str) -> None:
        super().__init__(
            f"match {match_id} is open in {holder}; close it there first "
            f"(or watch it with: cardsuite replay {match_id})"
        )
        self.match_id = match_id
        self.holder = holder


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished match ended, as stored: places and scores per seat, the reason."""

    places: tuple[int, ...]
    scores: tuple[float, ...] | None
    reason: str
    sides: tuple[int, ...] = ()  # each seat's side (partners share one); () = each his own

    @classmethod
    def of(cls, outcome: Outcome, sides: Sequence[frozenset[int]] = ()) -> Result:
        scores = None if outcome.scores is None else tuple(float(s) for s in outcome.scores)
        side_of = {seat: i for i, side in enumerate(sides) for seat in side}
        seats = range(len(outcome.places))
        reason = outcome.reason  # kept as its message id and arguments: said in any language
        return cls(
            outcome.places,
            scores,
            json_text(reason.to_data()) if isinstance(reason, Message) else reason,
            tuple(side_of.get(s, s) for s in seats) if side_of else tuple(seats),
        )

    def verdict(self, seat: int, *, last_place_loses: bool = False) -> str | None:
        """ "win", "draw", "loss" or None (a place between, in a game naming its loser), as
        the game ranks the places: see :func:`cardsuite.core.outcome.verdict`."""
        return verdict(self.places, seat, last_place_loses=last_place_loses)


@dataclass(frozen=True, slots=True)
class StoredMatch:
    """A line of the list of matches."""

    id: int
    game: str
    seed: int
    options: Mapping[str, Any]
    seats: tuple[SeatRecord, ...]
    origin: str
    started: float
    updated: float
    finished: float | None
    practice: bool
    moves: int
    result: Result | None

    @property
    def is_finished(self) -> bool:
        return self.finished is not None


class Store:
    """The database of matches.  Safe to share between threads (one connection, one lock)."""

    def __init__(self, path: Path | str | None = None, *, import_autosave: bool = True) -> None:
        self.path = Path(path) if path is not None else db_path()
        self.notice: str | None = None  # what the player should be told once (a file moved)
        self.problems: list[str] = []  # stored matches that could not be read (left out)
        # Why nothing can be written (a full disk, a read-only folder), in one line; None
        # while the database takes writes.
        self.unwritable: str | None = None
        self._lock = threading.RLock()
        self._held: dict[int, MatchLock] = {}  # the matches this store writes (one writer)
        self._conn = self._open()
        if import_autosave and path is None and self.writable:
            self._import_autosave(self.path.parent / AUTOSAVE_NAME)

    @property
    def writable(self) -> bool:
        return self.unwritable is None

    # --- opening ------------------------------------------------------------------------------
    def _open(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self.unwritable = _os_problem(self.path.parent, exc, "cannot be created")
            return _empty_database()
        # SQLite opens a file it may not write for reading without a word, and a database
        # whose logs are left beside it may even open on a full disk: ask the folder first.
        folder = self.path.parent
        if _disk_full(folder):
            self.unwritable = f"the disk holding {folder} is full; free some space"
        elif _read_only(folder) or (self.path.exists() and not os.access(self.path, os.W_OK)):
            self.unwritable = f"{folder} is read-only"
        if self.unwritable is not None:
            return self._connect_read_only()
        try:
            return self._connect()
        except _CannotWrite as cannot:
            self.unwritable = cannot.reason
            return self._connect_read_only()
        except _Damaged as damaged:
            aside = self._move_aside()
            self.notice = (
                f"{self.path} could not be read ({damaged}); it was moved to {aside.name} "
                "and a new database was started."
            )
            try:
                return self._connect()
            except _CannotWrite as cannot:
                self.unwritable = cannot.reason
                return _empty_database()

    def _connect(self) -> sqlite3.Connection:
        """The database opened for writing, migrated; _Damaged when the file is not one,
        _CannotWrite when it cannot be written (a full disk, a read-only folder)."""
        try:
            conn = sqlite3.connect(
                self.path, timeout=10, isolation_level=None, check_same_thread=False
            )
        except sqlite3.Error as exc:
            raise self._classify(exc, "cannot open") from None
        conn.text_factory = _decode_text
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute(f"PRAGMA journal_size_limit={WAL_LIMIT}")
            conn.execute("PRAGMA foreign_keys=ON")
            version = self._check_schema(conn)
            self._migrate(conn, version)
        except sqlite3.Error as exc:
            conn.close()
            raise self._classify(exc, "cannot open") from None
        except (_Damaged, StoreError):
            conn.close()
            raise
        return conn

    def _connect_read_only(self) -> sqlite3.Connection:
        """The database opened for reading only (it cannot be written); an empty one when
        there is no file yet.  A database that is damaged cannot be moved aside now: said
        as StoreError."""
        if not self.path.is_file() or self.path.stat().st_size == 0:
            return _empty_database()
        uri = self.path.resolve().as_uri()
        problem: Exception | None = None
        # mode=ro reads the write-ahead log too; immutable=1 opens a WAL database whose
        # shared-memory file cannot be made (a read-only folder), reading the main file alone.
        for query in ("mode=ro", "immutable=1"):
            try:
                conn = sqlite3.connect(
                    f"{uri}?{query}",
                    uri=True,
                    timeout=10,
                    isolation_level=None,
                    check_same_thread=False,
                )
            except sqlite3.Error as exc:
                problem = exc
                continue
            conn.text_factory = _decode_text
            try:
                version = self._check_schema(conn)
            except sqlite3.Error as exc:
                conn.close()
                problem = exc
                continue
            except _Damaged as damaged:
                conn.close()
                raise StoreError(
                    self.path, f"is damaged ({damaged}) and cannot be moved aside now"
                ) from None
            except StoreError:
                conn.close()
                raise
            if version == SCHEMA_VERSION:
                return conn
            conn.close()
            if version == 0:
                return _empty_database()
            raise StoreError(
                self.path,
                f"was written by an older cardsuite and cannot be upgraded now ({self.unwritable})",
            )
        raise StoreError(self.path, f"cannot be read ({_sqlite_words(problem)})")

    def _check_schema(self, conn: sqlite3.Connection) -> int:
        """The schema version, after checking the file is a sound cardsuite database."""
        version: int = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = {
            row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        if version > SCHEMA_VERSION:
            raise StoreError(
                self.path,
                f"written by a newer cardsuite (schema {version}, this one reads up to "
                f"{SCHEMA_VERSION}); upgrade cardsuite, or point CARDSUITE_HOME elsewhere",
            )
        if version == 0 and tables:
            raise _Damaged("a database of another program")
        if version > 0 and not tables >= OUR_TABLES:
            raise _Damaged("tables are missing")
        if version > 0:
            check = conn.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise _Damaged("SQLite's check found damaged pages")
        return version

    def _classify(self, exc: sqlite3.Error, doing: str) -> Exception:
        """What an SQLite error at opening means: damage, or a database that cannot be
        written (kept as it is), or another problem (StoreError)."""
        code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
        if code in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
            return _Damaged(_sqlite_words(exc))
        if code in _CANNOT_WRITE:
            return _CannotWrite(self._write_problem(exc))
        return StoreError(self.path, f"{doing} ({_sqlite_words(exc)})")

    def _write_problem(self, exc: sqlite3.Error) -> str:
        """Why a write failed, in words a player can act on."""
        code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
        folder = self.path.parent
        if code == sqlite3.SQLITE_FULL or _disk_full(folder):
            return f"the disk holding {folder} is full; free some space (nothing stored is lost)"
        if _read_only(folder) or (self.path.exists() and not os.access(self.path, os.W_OK)):
            return f"{folder} is read-only"
        return f"{self.path} cannot be written ({_sqlite_words(exc)})"

    @staticmethod
    def _migrate(conn: sqlite3.Connection, version: int) -> None:
        for target in range(version + 1, SCHEMA_VERSION + 1):
            conn.execute("BEGIN IMMEDIATE")
            try:
                # executescript would commit first: run the statements one by one instead
                for statement in _statements(MIGRATIONS[target - 1]):
                    conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {target}")
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise

    def _move_aside(self) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        n = 1
        while aside.exists():
            n += 1
            aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{n}")
        try:
            os.replace(self.path, aside)
            for suffix in ("-wal", "-shm"):
                side = self.path.with_name(self.path.name + suffix)
                if side.exists():
                    os.replace(side, aside.with_name(aside.name + suffix))
        except OSError as exc:
            raise StoreError(
                self.path, f"is damaged and cannot be moved aside ({exc.strerror or exc})"
            ) from None
        return aside

    def _import_autosave(self, autosave: Path) -> None:
        """Bring the single autosave of earlier versions in, once."""
        if not autosave.is_file():
            return
        from cardsuite.core.record import load_record

        try:
            record = load_record(autosave)
            self.add(record, origin="autosave")
        except SaveError as exc:
            self._tell(f"The old autosave could not be imported: {exc}")
            return
        done = autosave.with_name(autosave.name + ".imported")
        with contextlib.suppress(OSError):
            os.replace(autosave, done)

    def _tell(self, text: str) -> None:
        self.notice = text if self.notice is None else f"{self.notice} {text}"

    def _check_id(self, match_id: int) -> None:
        """Refuse an id no match can have (SQLite would overflow on one of 2**63 or more)."""
        if isinstance(match_id, bool) or not isinstance(match_id, int):
            raise StoreError(self.path, f"has no match {match_id!r}: an id is a whole number")
        if not 1 <= match_id <= MAX_MATCH_ID:
            shown = str(match_id) if match_id.bit_length() <= 256 else "of that size"
            raise StoreError(
                self.path,
                f"has no match {shown}: match ids are whole numbers from 1 to {MAX_MATCH_ID}",
            )

    def close(self) -> None:
        with self._lock:
            for lock in self._held.values():
                lock.release()
            self._held.clear()
            self._conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # --- one writer per match -------------------------------------------------------------------
    def _take(self, match_id: int) -> None:
        """Hold the match's lock (MatchBusyError when another window holds it)."""
        if match_id in self._held:
            return
        lock = MatchLock(self.path, match_id)
        try:
            lock.acquire()
        except MatchBusy as busy:
            raise MatchBusyError(match_id, busy.holder) from None
        except OSError as exc:
            raise StoreError(self.path, _os_problem(lock.path, exc, "cannot be made")) from None
        self._held[match_id] = lock

    def release(self, match_id: int) -> None:
        """Let another window write the match (this one has left its table)."""
        with self._lock:
            lock = self._held.pop(match_id, None)
            if lock is not None:
                lock.release()

    def holder(self, match_id: int) -> str | None:
        """Who else is writing the match, in words; None when nobody else is."""
        if match_id in self._held:
            return None
        return MatchLock(self.path, match_id).is_held_elsewhere()

    # --- writing ------------------------------------------------------------------------------
    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        if self.unwritable is not None:
            raise StoreError(self.path, f"nothing can be saved: {self.unwritable}")
        with self._lock:
            conn = self._conn
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise self._cannot_write(exc) from None
            try:
                yield conn
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
                raise
            try:
                conn.execute("COMMIT")
            except sqlite3.Error as exc:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
                raise self._cannot_write(exc) from None

    def _cannot_write(self, exc: sqlite3.Error) -> StoreError:
        problem = self._write_problem(exc)
        if problem.startswith(str(self.path)):  # no other reason known than SQLite's
            return StoreError(self.path, f"cannot save ({_sqlite_words(exc)})")
        return StoreError(self.path, f"cannot save: {problem}")

    def add(
        self,
        record: MatchRecord,
        *,
        origin: str = "play",
        result: Result | None = None,
        started: float | None = None,
        unless_stored: bool = False,
    ) -> int:
        """Store a match (with the moves it has) and return its id.  ``unless_stored``: a
        match the database has already (:meth:`stored_as`: the same, a longer or a shorter
        version of it) is refused with :class:`AlreadyStoredError`, and nothing is written."""
        now = time.time()
        try:
            with self._transaction() as conn:
                if unless_stored:  # in the transaction: no other writer adds it meanwhile
                    found = self.stored_as(record)
                    if found is not None:
                        raise AlreadyStoredError(found)
                cursor = conn.execute(
                    "INSERT INTO matches (game, seed, options, origin, started, updated, practice,"
                    " moves) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        record.game,
                        str(record.seed),
                        json.dumps(dict(record.options), ensure_ascii=False),
                        origin,
                        started if started is not None else now,
                        now,
                        int(record.practice),
                        len(record.moves),
                    ),
                )
                match_id = cursor.lastrowid
                assert match_id is not None
                conn.executemany(
                    "INSERT INTO seats (match, seat, name, kind, bot) VALUES (?, ?, ?, ?, ?)",
                    [(match_id, i, s.name, s.kind, s.bot) for i, s in enumerate(record.seats)],
                )
                times: tuple[int | None, ...] = record.times or (None,) * len(record.moves)
                conn.executemany(
                    "INSERT INTO moves (match, ply, seat, notation, t) VALUES (?, ?, ?, ?, ?)",
                    [
                        (match_id, i, seat, text, t)
                        for i, ((seat, text), t) in enumerate(zip(record.moves, times, strict=True))
                    ],
                )
                if record.ended is not None:
                    conn.execute(
                        "UPDATE matches SET ended = ? WHERE id = ?", (record.ended, match_id)
                    )
                if result is not None:
                    _write_result(conn, match_id, result, now)
        except sqlite3.Error as exc:
            raise self._cannot_write(exc) from None
        except UnicodeEncodeError:  # a lone surrogate: MatchRecord.from_data refuses those
            raise StoreError(self.path, "cannot store text that is not valid Unicode") from None
        return match_id

    def append(
        self,
        match_id: int,
        ply: int,
        seat: int,
        notation: str,
        *,
        result: Result | None = None,
        practice: bool = False,
        t: int | None = None,
    ) -> None:
        """Store the move of ``ply`` (dropping any stored from that ply on: an undo); ``t``:
        its time on a clock."""
        self._check_id(match_id)
        now = time.time()
        self._take(match_id)
        try:
            with self._transaction() as conn:
                row = conn.execute("SELECT moves FROM matches WHERE id = ?", (match_id,)).fetchone()
                if row is None or not isinstance(row[0], int) or not 0 <= ply <= row[0]:
                    stored = "no such match" if row is None else f"it holds {row[0]!r} moves"
                    raise StoreError(
                        f"{self.path}, match {match_id}",
                        f"move {ply + 1} cannot be stored ({stored}): nothing was written",
                    )
                conn.execute("DELETE FROM moves WHERE match = ? AND ply >= ?", (match_id, ply))
                conn.execute(
                    "INSERT INTO moves (match, ply, seat, notation, t) VALUES (?, ?, ?, ?, ?)",
                    (match_id, ply, seat, notation, t),
                )
                conn.execute(
                    "UPDATE matches SET moves = ?, updated = ?, practice = ?, ended = ? WHERE id = ?",
                    (ply + 1, now, int(practice), t, match_id),
                )
                if result is not None:
                    _write_result(conn, match_id, result, now)
        except sqlite3.Error as exc:
            raise self._cannot_write(exc) from None

    def end(self, match_id: int, ended: int, result: Result) -> None:
        """A match on a clock that a timed event ended at ``ended`` ms."""
        self._check_id(match_id)
        now = time.time()
        self._take(match_id)
        try:
            with self._transaction() as conn:
                conn.execute(
                    "UPDATE matches SET updated = ?, ended = ? WHERE id = ?",
                    (now, ended, match_id),
                )
                _write_result(conn, match_id, result, now)
        except sqlite3.Error as exc:
            raise self._cannot_write(exc) from None

    def truncate(self, match_id: int, moves: int, *, practice: bool) -> None:
        """Keep the first ``moves`` moves of a match (an undo)."""
        self._check_id(match_id)
        self._take(match_id)
        try:
            with self._transaction() as conn:
                conn.execute("DELETE FROM moves WHERE match = ? AND ply >= ?", (match_id, moves))
                conn.execute(
                    "UPDATE matches SET moves = ?, updated = ?, practice = ? WHERE id = ?",
                    (moves, time.time(), int(practice), match_id),
                )
        except sqlite3.Error as exc:
            raise self._cannot_write(exc) from None

    def delete(self, match_id: int) -> bool:
        """Forget a match; whether there was one.  A match another window is playing is not
        deleted (MatchBusyError)."""
        self._check_id(match_id)
        holder = self.holder(match_id)
        if holder is not None:
            raise MatchBusyError(match_id, holder)
        try:
            with self._transaction() as conn:
                gone = conn.execute("DELETE FROM matches WHERE id = ?", (match_id,)).rowcount
        except sqlite3.Error as exc:
            raise self._cannot_write(exc) from None
        self.release(match_id)
        return gone > 0

    # --- reading ------------------------------------------------------------------------------
    def _query(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            try:
                return self._conn.execute(sql, args).fetchall()
            except sqlite3.Error as exc:
                raise StoreError(self.path, f"cannot read ({exc})") from None

    def matches(
        self, *, finished: bool | None = None, game: str | None = None, limit: int | None = None
    ) -> list[StoredMatch]:
        """Stored matches, the most recently played first."""
        where, args = [], []
        if finished is not None:
            where.append("finished IS NOT NULL" if finished else "finished IS NULL")
        if game is not None:
            where.append("game = ?")
            args.append(game)
        sql = (
            "SELECT id, game, seed, options, origin, started, updated, finished, practice, moves,"
            " reason FROM matches"
        )
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY updated DESC, id DESC"
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        self.problems = []
        return self._build(self._query(sql, args))

    def _build(self, rows: list[tuple[Any, ...]]) -> list[StoredMatch]:
        """Stored matches from their rows; a row that does not read is left out and noted in
        :attr:`problems`."""
        seats = self._seats([row[0] for row in rows])
        found = []
        for row in rows:
            try:
                found.append(self._stored(row, seats.get(row[0], [])))
            except StoreError as exc:
                self.problems.append(str(exc))
        return found

    def get(self, match_id: int) -> StoredMatch:
        self._check_id(match_id)
        rows = self._query(
            "SELECT id, game, seed, options, origin, started, updated, finished, practice, moves,"
            " reason FROM matches WHERE id = ?",
            (match_id,),
        )
        if not rows:
            raise StoreError(self.path, f"has no match {match_id}")
        return self._stored(rows[0], self._seats([match_id]).get(match_id, []))

    def _seats(self, ids: Sequence[int]) -> dict[int, list[tuple[Any, ...]]]:
        found: dict[int, list[tuple[Any, ...]]] = {}
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = ", ".join("?" * len(chunk))
            for row in self._query(
                "SELECT match, seat, name, kind, bot, place, score, side FROM seats"
                f" WHERE match IN ({marks}) ORDER BY match, seat",
                chunk,
            ):
                found.setdefault(row[0], []).append(row)
        return found

    def _stored(self, row: tuple[Any, ...], seat_rows: list[tuple[Any, ...]]) -> StoredMatch:
        """A stored match from its rows, every value checked: StoreError names the match and
        the first value that is not what this version writes."""
        (match_id, game, seed, options, origin, started, updated, finished) = row[:8]
        practice, moves, reason = row[8:]
        where = f"{self.path}, match {match_id}"

        def bad(what: str) -> StoreError:
            return StoreError(where, f"its {what}; the match is left out")

        if not _is_text(game, MAX_ID) or not game:
            raise bad("game is not a game id")
        if not (_is_text(seed, 20) and seed.isascii() and seed.isdigit()) or int(seed) > MAX_SEED:
            raise bad(f"seed {_shown(seed)} is not a number from 0 to 2**64-1")
        if not _is_text(options, MAX_RECORD_BYTES):
            raise bad("options are not text")
        try:
            parsed = parse_json(options, where)
        except SaveError:
            raise bad("options are not valid JSON") from None
        if not isinstance(parsed, dict):
            raise bad("options are not an object")
        if not _is_text(origin, MAX_ID):
            raise bad(f"origin {_shown(origin)} is not a word")
        for name, value in (("start time", started), ("last change", updated)):
            if not _is_time(value):
                raise bad(f"{name} {_shown(value)} is not a time")
        if finished is not None and not _is_time(finished):
            raise bad(f"end time {_shown(finished)} is not a time")
        if practice not in (0, 1):
            raise bad(f"practice mark {_shown(practice)} is neither 0 nor 1")
        if not _is_whole(moves) or not 0 <= moves <= MAX_MOVES:
            raise bad(f"count of moves {_shown(moves)} is not a count")
        if reason is not None and not _is_text(reason, 10_000):
            raise bad("outcome's reason is not text")
        if not seat_rows:
            raise bad("seats are missing")
        count = len(seat_rows)
        seats = []
        for i, (_match, seat, name, kind, bot, place, score, side) in enumerate(seat_rows):
            who = f"seat {i + 1}"
            if seat != i:
                raise bad(f"seats are not numbered 0 to {count - 1}")
            if not _is_text(name, NAME_MAX):
                raise bad(f"{who}'s name is not text of at most {NAME_MAX} characters")
            if kind not in SEAT_KINDS:
                raise bad(f"{who}'s kind {_shown(kind)} is neither human nor bot")
            if (kind == "bot") != (bot is not None) or (bot is not None and not _is_text(bot, 64)):
                raise bad(f"{who}'s bot {_shown(bot)} does not fit its kind ({kind})")
            if place is not None and (not _is_whole(place) or not 1 <= place <= count):
                raise bad(f"{who}'s place {_shown(place)} is not a place from 1 to {count}")
            if score is not None and (
                not isinstance(score, int | float) or isinstance(score, bool)
                or not math.isfinite(score)
            ):  # fmt: skip
                raise bad(f"{who}'s score {_shown(score)} is not a number")
            if side is not None and (not _is_whole(side) or not 0 <= side < count):
                raise bad(f"{who}'s side {_shown(side)} is not a side of this match")
            seats.append(SeatRecord(name, kind, bot))
        result = None
        if finished is not None:
            places = tuple(r[5] for r in seat_rows)
            scores = tuple(r[6] for r in seat_rows)
            if any(p is None for p in places):
                raise bad("places are missing, though it is finished")
            sides = tuple(r[7] for r in seat_rows)
            result = Result(
                places=places,
                scores=None if any(s is None for s in scores) else tuple(map(float, scores)),
                reason=reason or "",
                sides=() if any(s is None for s in sides) else sides,
            )
        return StoredMatch(
            id=match_id,
            game=game,
            seed=int(seed),
            options=parsed,
            seats=tuple(seats),
            origin=origin,
            started=float(started),
            updated=float(updated),
            finished=None if finished is None else float(finished),
            practice=bool(practice),
            moves=moves,
            result=result,
        )

    def record(self, match_id: int) -> MatchRecord:
        """The match as a record (to resume it, replay it or export it)."""
        stored = self.get(match_id)  # checks the id
        moves = self._query(
            "SELECT ply, seat, notation, t FROM moves WHERE match = ? ORDER BY ply", (match_id,)
        )
        where = f"{self.path}, match {match_id}"
        if [row[0] for row in moves] != list(range(len(moves))):
            raise StoreError(where, "its moves have gaps")
        if any(not _is_whole(seat) or not _is_text(text, MAX_TEXT) for _p, seat, text, _t in moves):
            raise StoreError(where, "a move of it is not a seat and a notation")
        times = tuple(row[3] for row in moves)
        (ended,) = self._query("SELECT ended FROM matches WHERE id = ?", (match_id,))[0]
        record = MatchRecord(
            game=stored.game,
            seed=stored.seed,
            seats=stored.seats,
            options=stored.options,
            moves=tuple((seat, text) for _ply, seat, text, _t in moves),
            practice=stored.practice,
            times=times if times and None not in times else (),
            ended=ended,
        )
        return MatchRecord.from_data(record.to_data(), where)  # every field checked

    def stored_as(self, record: MatchRecord) -> StoredAlready | None:
        """The stored match ``record`` is, if any: the same game, seed, options (the game's
        defaults filled in) and seats (names, kinds and bots), and the same moves (with their
        times on a clock), compared as canonical JSON.  A record whose moves go on from an
        unfinished stored match's (LONGER), or stop before a stored match's (SHORTER), is a
        version of it too.  The matches of the same deal are found by the index on game and
        seed; one whose rows do not read is not compared."""
        deal = _deal_key(record)
        moves = _moves_key(record)
        rows = self._query(
            "SELECT id FROM matches WHERE game = ? AND seed = ? ORDER BY id",
            (record.game, str(record.seed)),
        )
        for (match_id,) in rows:
            try:
                stored = self.get(match_id)
                other = self.record(match_id)
            except StoreError:
                continue
            if _deal_key(other) != deal:
                continue
            kept = _moves_key(other)
            if kept == moves:
                relation = SAME
            elif len(kept) < len(moves) and moves[: len(kept)] == kept and not stored.is_finished:
                relation = LONGER
            elif len(moves) < len(kept) and kept[: len(moves)] == moves:
                relation = SHORTER
            else:
                continue
            return StoredAlready(match_id, relation, len(kept), len(moves))
        return None

    def stats(self, game: str | None = None, *, bots: bool = False) -> list[PlayerStats]:
        """Figures per player over the finished matches (of every game, or one): a row per
        person (a name at a human seat) and a row per bot (a name at a bot seat, with the
        bot's id), so a person and a bot of the same name are never counted together.
        People first, then bots; most games first.

        Statistics are about people: by default only the matches at least one person played
        are counted (the bots there appear as his opponents).  ``bots`` counts the matches
        bots played among themselves too (``simulate --record``, a match watched in the app):
        see :func:`counted`.

        Wins, draws and losses follow each game's ranking
        (:func:`cardsuite.core.outcome.verdict`, the game's ``last_place_loses``): a draw when
        every seat shares the first place; else a win for each seat in first place, and

        * a game that names its loser counts only the last place as a loss, and a place
          between as neither (it shows among the places): Rang (everyone but the loser shares
          the first place; over several deals, the places by losses) and Seven Leaves (the
          safe players by the deal they went safe in, the last one left loses; over several
          games, by games lost then noses);
        * every other game names its winner, so every place after the first is a loss:
          Grabuge, Nerts, Go Fish, Seven Up, Spit, Snip Snap Snorem, Russian Bank, Rubashka,
          Cassino, Laugh and Lie Down, Grabush (the first out, the best score or the winning
          side wins; partners share their side's place).

        ``cardsuite simulate`` counts its wins and losses the same way.  Practice matches (an
        undo went back across cards that had been seen) are counted apart.  A match whose
        rows do not read is left out and noted in :attr:`problems`."""
        self.problems = []
        tally: dict[tuple[str, str, str | None], _Tally] = {}
        for stored in self.matches(finished=True, game=game):
            if not counted(stored, bots=bots):
                continue
            result = stored.result
            assert result is not None
            info_of_game = GAME_INFO.get(stored.game)
            last_loses = info_of_game is not None and info_of_game.last_place_loses
            for seat, info in enumerate(stored.seats):
                key = (info.name, info.kind, info.bot)
                counted_seat = tally.setdefault(key, _Tally(*key))
                if stored.practice:
                    counted_seat.practice += 1
                else:
                    counted_seat.add(
                        result.verdict(seat, last_place_loses=last_loses),
                        result,
                        seat,
                        stored.moves,
                    )
        return sorted(
            (t.figures(game) for t in tally.values()),
            key=lambda p: (p.kind != "human", -p.games, p.name, p.bot or ""),
        )

    def _by_ids(self, ids: Sequence[int]) -> list[StoredMatch]:
        marks = ", ".join("?" * len(ids))
        rows = self._query(
            "SELECT id, game, seed, options, origin, started, updated, finished, practice, moves,"
            f" reason FROM matches WHERE id IN ({marks})",
            ids,
        )
        return self._build(rows)

    def journal(self, match_id: int) -> MatchJournal:
        """Where the match writes its moves, once this store is its one writer: StoreError
        when nothing can be written, MatchBusyError when another window plays it."""
        self._check_id(match_id)
        if self.unwritable is not None:
            raise StoreError(self.path, f"nothing can be saved: {self.unwritable}")
        self._take(match_id)
        return MatchJournal(self, match_id)


def counted(stored: StoredMatch, *, bots: bool = False) -> bool:
    """Whether the statistics count ``stored``: a finished match at least one person played,
    or (with ``bots``) any finished match, bots among themselves too."""
    return stored.is_finished and (bots or any(s.kind == "human" for s in stored.seats))


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's figures over the finished matches stored: a person's (``kind`` "human")
    or a bot's (``kind`` "bot", ``bot`` its id), never both."""

    name: str
    game: str | None  # None: every game
    games: int
    wins: int
    draws: int
    losses: int
    places: Mapping[int, int]  # place -> how many times
    average_score: float | None  # over the matches that had scores
    longest: int  # the most moves in one of his matches
    kind: str = "human"  # "human" or "bot"
    bot: str | None = None  # the bot's level ("easy", "normal", "hard") for a bot
    practice: int = 0  # practice matches, not counted in the figures above

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "bot": self.bot,
            "game": self.game,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "places": {str(k): v for k, v in sorted(self.places.items())},
            "average_score": self.average_score,
            "longest_match": self.longest,
            "practice": self.practice,
        }


class _Tally:
    def __init__(self, name: str, kind: str, bot: str | None) -> None:
        self.name, self.kind, self.bot = name, kind, bot
        self.games = self.longest = self.practice = 0
        self.verdicts = {"win": 0, "draw": 0, "loss": 0}
        self.places: dict[int, int] = {}
        self.scores: list[float] = []

    def add(self, verdict: str | None, result: Result, seat: int, moves: int) -> None:
        self.games += 1
        if verdict is not None:  # a place between the first and the last: neither
            self.verdicts[verdict] += 1
        place = result.places[seat]
        self.places[place] = self.places.get(place, 0) + 1
        if result.scores is not None:
            self.scores.append(result.scores[seat])
        self.longest = max(self.longest, moves)

    def figures(self, game: str | None) -> PlayerStats:
        average = round(sum(self.scores) / len(self.scores), 2) if self.scores else None
        return PlayerStats(
            name=self.name,
            game=game,
            games=self.games,
            wins=self.verdicts["win"],
            draws=self.verdicts["draw"],
            losses=self.verdicts["loss"],
            places=dict(sorted(self.places.items())),
            average_score=average,
            longest=self.longest,
            kind=self.kind,
            bot=self.bot,
            practice=self.practice,
        )


class MatchJournal:
    """What a match writes as it is played: each move, an undo, the result at the end."""

    def __init__(self, store: Store, match_id: int) -> None:
        self.store = store
        self.match_id = match_id

    def moved(
        self,
        ply: int,
        seat: int,
        notation: str,
        practice: bool,
        outcome: Outcome | None,
        sides: Sequence[frozenset[int]] = (),
        t: int | None = None,
    ) -> None:
        result = None if outcome is None else Result.of(outcome, sides)
        self.store.append(self.match_id, ply, seat, notation, result=result, practice=practice, t=t)

    def ended(self, now: int, outcome: Outcome, sides: Sequence[frozenset[int]]) -> None:
        self.store.end(self.match_id, now, Result.of(outcome, sides))

    def undone(self, moves: int, practice: bool) -> None:
        self.store.truncate(self.match_id, moves, practice=practice)

    def close(self) -> None:
        """The match is left: another window may now write it."""
        self.store.release(self.match_id)


def _deal_key(record: MatchRecord) -> str:
    """The deal a record plays, as canonical JSON: game, seed, options (with the game's
    defaults filled in, so a file that leaves an option out names the same deal) and seats."""
    options: dict[str, Any] = dict(record.options)
    info = GAME_INFO.get(record.game)
    if info is not None:
        with contextlib.suppress(CardsuiteError):
            options = options_to_dict(options_from_dict(info.load().Options, options))
    return json.dumps(
        {
            "game": record.game,
            "seed": record.seed,
            "options": options,
            "seats": [[s.name, s.kind, s.bot] for s in record.seats],
        },
        ensure_ascii=False,
        sort_keys=True,
        separators=(",", ":"),
    )


def _moves_key(record: MatchRecord) -> tuple[tuple[int, str, int | None], ...]:
    """The moves of a record with their times (None for a game without a clock)."""
    times: Sequence[int | None] = record.times or (None,) * len(record.moves)
    return tuple((seat, text, t) for (seat, text), t in zip(record.moves, times, strict=True))


def _write_result(conn: sqlite3.Connection, match_id: int, result: Result, now: float) -> None:
    conn.execute(
        "UPDATE matches SET finished = ?, reason = ? WHERE id = ?", (now, result.reason, match_id)
    )
    scores: Sequence[float | None] = (
        result.scores if result.scores is not None else [None] * len(result.places)
    )
    sides = result.sides or tuple(range(len(result.places)))
    conn.executemany(
        "UPDATE seats SET place = ?, score = ?, side = ? WHERE match = ? AND seat = ?",
        [
            (
                place,
                None if score is None or not math.isfinite(score) else score,
                sides[seat],
                match_id,
                seat,
            )
            for seat, (place, score) in enumerate(zip(result.places, scores, strict=True))
        ],
    )


def _statements(script: str) -> list[str]:
    lines = [line.split("--", 1)[0] for line in script.splitlines()]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]


class _Damaged(Exception):
    """The file at the database's path is not a usable cardsuite database."""


class _CannotWrite(Exception):
    """The database is sound but cannot be written now; ``reason`` says why in one line."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# SQLite's codes for a database it cannot write (none of them means damage).
_CANNOT_WRITE = frozenset(
    {
        sqlite3.SQLITE_FULL,
        sqlite3.SQLITE_READONLY,
        sqlite3.SQLITE_CANTOPEN,
        sqlite3.SQLITE_PERM,
        sqlite3.SQLITE_IOERR,
    }
)


def _empty_database() -> sqlite3.Connection:
    """An empty database in memory, for a store that has no file it can read."""
    conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    Store._migrate(conn, 0)
    return conn


def _sqlite_words(exc: BaseException | None) -> str:
    """SQLite's report of a problem, on one line."""
    text = " ".join(str(exc).split()) if exc is not None else "unknown problem"
    return text if len(text) <= 80 else text[:79] + "…"


def _os_problem(path: Path, exc: OSError, what: str) -> str:
    if exc.errno == errno.ENOSPC or _disk_full(path.parent):
        return f"the disk holding {path.parent} is full; free some space"
    if exc.errno == errno.EROFS or _read_only(path.parent):
        return f"{path.parent} is read-only"
    return f"{path} {what} ({exc.strerror or exc})"


def _nearest_folder(path: Path) -> Path:
    while not path.exists() and path != path.parent:
        path = path.parent
    return path


def _read_only(folder: Path) -> bool:
    """Whether files cannot be made in ``folder`` (a read-only file system or folder)."""
    folder = _nearest_folder(folder)
    try:
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return True
    except (OSError, AttributeError):
        pass
    return not os.access(folder, os.W_OK)


def _disk_full(folder: Path) -> bool:
    """Whether the file system holding ``folder`` has no block left to write."""
    try:
        stats = os.statvfs(_nearest_folder(folder))
    except (OSError, AttributeError):
        return False
    return stats.f_bavail == 0


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_text(value: Any, limit: int) -> TypeGuard[str]:
    """Text of at most ``limit`` characters that is valid Unicode (no lone surrogates: the
    connection decodes stored bytes that are not UTF-8 into those)."""
    if not isinstance(value, str) or len(value) > limit:
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _is_time(value: Any) -> bool:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and TIMESTAMPS[0] <= value <= TIMESTAMPS[1]
    )


def _shown(value: Any) -> str:
    """A stored value for a message: short and safe to print."""
    if isinstance(value, bytes):
        return f"(a blob of {len(value)} bytes)"
    text = repr(value)
    if isinstance(value, str):
        text = repr(value.encode("utf-8", "backslashreplace").decode("ascii", "backslashreplace"))
    return plain(text if len(text) <= 30 else text[:29] + "…")


def _decode_text(raw: bytes) -> str:
    """Stored text as a str even when it is not UTF-8 (bad bytes become lone surrogates,
    which :func:`_is_text` refuses), so one bad row never stops a whole listing."""
    return raw.decode("utf-8", "surrogateescape")
