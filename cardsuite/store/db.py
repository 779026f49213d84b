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
* a stored match that no longer reads (a bad row, moves that do not replay) is reported by
  its id, and the others are still listed.

The autosave file of earlier versions (``autosave.json``) is imported once, then renamed
``autosave.json.imported``.

Matches are kept as records (:class:`~cardsuite.core.record.MatchRecord`: game, options, seed,
seats, moves in notation), so any of them can be resumed, replayed or exported; the outcome of
a finished match is kept beside it, per seat, for the statistics.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardsuite.core.errors import SaveError
from cardsuite.core.outcome import Outcome
from cardsuite.core.record import MAX_MATCH_ID, MatchRecord, SeatRecord
from cardsuite.store.paths import DB_NAME, db_path

__all__ = [
    "DB_NAME",
    "MatchJournal",
    "PlayerStats",
    "Result",
    "Store",
    "StoreError",
    "StoredMatch",
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
        reason TEXT                     -- the outcome's reason, with seat placeholders
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
)
SCHEMA_VERSION = len(MIGRATIONS)
OUR_TABLES = frozenset({"matches", "seats", "moves", "meta"})


class StoreError(SaveError):
    """The database cannot be used (it names the file and the problem)."""


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
        return cls(
            outcome.places,
            scores,
            outcome.reason,
            tuple(side_of.get(s, s) for s in seats) if side_of else tuple(seats),
        )

    def verdict(self, seat: int) -> str:
        """ "win", "draw" or "loss", counted as ``cardsuite simulate`` counts them: a draw
        when every seat shares the first place, a win for each seat in first place otherwise
        (joint winners, partners, everyone but the loser at Rang)."""
        if all(place == 1 for place in self.places):
            return "draw"
        return "win" if self.places[seat] == 1 else "loss"


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
        self._lock = threading.RLock()
        self._conn = self._open()
        if import_autosave and path is None:
            self._import_autosave(self.path.parent / AUTOSAVE_NAME)

    # --- opening ------------------------------------------------------------------------------
    def _open(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(self.path.parent, f"cannot create ({exc.strerror or exc})") from None
        try:
            return self._connect()
        except _Damaged as damaged:
            aside = self._move_aside()
            self.notice = (
                f"{self.path} could not be read ({damaged}); it was moved to {aside} "
                "and a new database was started."
            )
            return self._connect()

    def _connect(self) -> sqlite3.Connection:
        try:
            conn = sqlite3.connect(
                self.path, timeout=10, isolation_level=None, check_same_thread=False
            )
        except sqlite3.Error as exc:
            raise StoreError(self.path, f"cannot open ({exc})") from None
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("PRAGMA foreign_keys=ON")
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            tables = {
                row[0]
                for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            }
            if version > SCHEMA_VERSION:
                conn.close()
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
                    raise _Damaged(f"damaged: {check}")
            self._migrate(conn, version)
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise _Damaged(str(exc)) from None
        except _Damaged:
            conn.close()
            raise
        return conn

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
        except SaveError as exc:
            self._tell(f"The old autosave could not be imported: {exc}")
            return
        self.add(record, origin="autosave")
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
            self._conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # --- writing ------------------------------------------------------------------------------
    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            conn = self._conn
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise StoreError(self.path, f"cannot write ({exc})") from None
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
                raise StoreError(self.path, f"cannot write ({exc})") from None

    def add(
        self,
        record: MatchRecord,
        *,
        origin: str = "play",
        result: Result | None = None,
        started: float | None = None,
    ) -> int:
        """Store a match (with the moves it has) and return its id."""
        now = time.time()
        try:
            with self._transaction() as conn:
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
            raise StoreError(self.path, f"cannot write ({exc})") from None
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
        try:
            with self._transaction() as conn:
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
            raise StoreError(self.path, f"cannot write ({exc})") from None

    def end(self, match_id: int, ended: int, result: Result) -> None:
        """A match on a clock that a timed event ended at ``ended`` ms."""
        self._check_id(match_id)
        now = time.time()
        try:
            with self._transaction() as conn:
                conn.execute(
                    "UPDATE matches SET updated = ?, ended = ? WHERE id = ?",
                    (now, ended, match_id),
                )
                _write_result(conn, match_id, result, now)
        except sqlite3.Error as exc:
            raise StoreError(self.path, f"cannot write ({exc})") from None

    def truncate(self, match_id: int, moves: int, *, practice: bool) -> None:
        """Keep the first ``moves`` moves of a match (an undo)."""
        self._check_id(match_id)
        try:
            with self._transaction() as conn:
                conn.execute("DELETE FROM moves WHERE match = ? AND ply >= ?", (match_id, moves))
                conn.execute(
                    "UPDATE matches SET moves = ?, updated = ?, practice = ? WHERE id = ?",
                    (moves, time.time(), int(practice), match_id),
                )
        except sqlite3.Error as exc:
            raise StoreError(self.path, f"cannot write ({exc})") from None

    def delete(self, match_id: int) -> bool:
        """Forget a match; whether there was one (StoreError for an id no match can have)."""
        self._check_id(match_id)
        try:
            with self._transaction() as conn:
                gone = conn.execute("DELETE FROM matches WHERE id = ?", (match_id,)).rowcount
        except sqlite3.Error as exc:
            raise StoreError(self.path, f"cannot write ({exc})") from None
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
        (match_id, game, seed, options, origin, started, updated, finished) = row[:8]
        practice, moves, reason = row[8:]
        where = f"{self.path}, match {match_id}"
        try:
            seed = int(seed)
        except (TypeError, ValueError):
            raise StoreError(where, f"its seed {seed!r} is not a number") from None
        try:
            parsed = json.loads(options)
        except (ValueError, RecursionError):
            raise StoreError(where, "its options are not valid JSON") from None
        if not isinstance(parsed, dict):
            raise StoreError(where, "its options are not an object")
        seats = tuple(SeatRecord(r[2], r[3], r[4]) for r in seat_rows)
        result = None
        if finished is not None:
            places = tuple(r[5] for r in seat_rows)
            scores = tuple(r[6] for r in seat_rows)
            if any(p is None for p in places):
                raise StoreError(where, "it is finished but its places are missing")
            sides = tuple(r[7] for r in seat_rows)
            result = Result(
                places=places,
                scores=None if any(s is None for s in scores) else scores,
                reason=reason or "",
                sides=() if any(s is None for s in sides) else sides,
            )
        return StoredMatch(
            id=match_id,
            game=game,
            seed=seed,
            options=parsed,
            seats=seats,
            origin=origin,
            started=started,
            updated=updated,
            finished=finished,
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

    def stats(self, game: str | None = None) -> list[PlayerStats]:
        """Figures per player name (over every game, or one), most games first.  Practice
        matches (an undo went back across cards that had been seen) are counted apart."""
        sql = (
            "SELECT m.id, m.practice, m.moves, s.seat, s.name, s.kind FROM matches m"
            " JOIN seats s ON s.match = m.id WHERE m.finished IS NOT NULL"
        )
        args: list[Any] = []
        if game is not None:
            sql += " AND m.game = ?"
            args.append(game)
        rows = self._query(sql + " ORDER BY m.id, s.seat", args)
        ids = sorted({row[0] for row in rows})
        results: dict[int, Result | None] = {}
        for start in range(0, len(ids), 500):
            for stored in self._by_ids(ids[start : start + 500]):
                results[stored.id] = stored.result
        tally: dict[str, _Tally] = {}
        for match_id, practice, moves, seat, name, kind in rows:
            result = results.get(match_id)
            if result is None:
                continue
            counted = tally.setdefault(name, _Tally(name))
            if practice:
                counted.practice += 1
            else:
                counted.add(result, seat, moves, kind == "bot")
        return sorted((t.figures(game) for t in tally.values()), key=lambda p: (-p.games, p.name))

    def _by_ids(self, ids: Sequence[int]) -> list[StoredMatch]:
        marks = ", ".join("?" * len(ids))
        rows = self._query(
            "SELECT id, game, seed, options, origin, started, updated, finished, practice, moves,"
            f" reason FROM matches WHERE id IN ({marks})",
            ids,
        )
        return self._build(rows)

    def journal(self, match_id: int) -> MatchJournal:
        self._check_id(match_id)
        return MatchJournal(self, match_id)


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's figures over the finished matches stored."""

    name: str
    game: str | None  # None: every game
    games: int
    wins: int
    draws: int
    losses: int
    places: Mapping[int, int]  # place -> how many times
    average_score: float | None  # over the matches that had scores
    longest: int  # the most moves in one of his matches
    bot: bool  # every one of these seats was a bot's
    practice: int = 0  # practice matches, not counted in the figures above

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "game": self.game,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "places": {str(k): v for k, v in sorted(self.places.items())},
            "average_score": self.average_score,
            "longest_match": self.longest,
            "bot": self.bot,
            "practice": self.practice,
        }


class _Tally:
    def __init__(self, name: str) -> None:
        self.name = name
        self.games = self.longest = self.practice = 0
        self.verdicts = {"win": 0, "draw": 0, "loss": 0}
        self.places: dict[int, int] = {}
        self.scores: list[float] = []
        self.bot = True

    def add(self, result: Result, seat: int, moves: int, bot: bool) -> None:
        self.games += 1
        self.verdicts[result.verdict(seat)] += 1
        place = result.places[seat]
        self.places[place] = self.places.get(place, 0) + 1
        if result.scores is not None:
            self.scores.append(result.scores[seat])
        self.longest = max(self.longest, moves)
        self.bot = self.bot and bot

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
