"""The store under faults, on real files: a full disk, a read-only folder, damaged rows, ids
out of range.  Nothing stored is ever renamed, lost or overwritten; every command that only
reads still works, and every write that cannot be made says why in one line."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from cardsuite import tui
from cardsuite.cli import main
from cardsuite.games import get_game
from cardsuite.match import Match, SeatInfo
from cardsuite.store.db import MAX_MATCH_ID, Store, StoreError
from tests.store.filesystems import files, fill, read_only, small_disk


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("CARDSUITE_HOME", str(folder))
    return folder


@pytest.fixture(autouse=True)
def no_tui(monkeypatch: pytest.MonkeyPatch) -> list[Match]:
    """``play`` and ``resume`` hand their match here instead of opening a screen."""
    opened: list[Match] = []

    def run(setup: object = None, *, match: Match | None = None, store: object = None) -> None:
        assert match is not None
        opened.append(match)

    monkeypatch.setattr(tui, "run", run)
    return opened


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as done:
        main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return int(done.value.code or 0), out, err


def rang(seed: int) -> Match:
    return Match(get_game("rang"), [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=seed)


def stored_matches(count: int, moves: int = 6) -> list[int]:
    """``count`` matches in play in the database, ``moves`` moves each; their ids."""
    ids = []
    with Store() as store:
        for k in range(count):
            match = rang(k)
            match_id = store.add(match.record())
            match.attach(store.journal(match_id), match_id)
            while len(match.moves) < moves:
                (seat,) = match.to_move()
                match.apply(match.legal_moves(seat)[0])
            match.detach()
            ids.append(match_id)
    return ids


def no_damaged_files(folder: Path) -> bool:
    return not any("damaged" in path.name for path in folder.rglob("*"))


# --- a full disk -----------------------------------------------------------------------------
def test_a_healthy_database_on_a_full_disk_is_kept_and_still_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    made = stored_matches(2)
    database = (Path(str(tmp_path / "home")) / "cardsuite.db").read_bytes()
    with small_disk(tmp_path / "disk") as disk:
        home = disk / "home"
        home.mkdir()
        (home / "cardsuite.db").write_bytes(database)
        monkeypatch.setenv("CARDSUITE_HOME", str(home))
        filler = fill(disk)
        for _ in range(3):  # every later run too
            with Store() as store:
                assert not store.writable and "full" in (store.unwritable or "")
                assert [m.id for m in store.matches()] == made[::-1]
                assert len(store.record(made[0]).moves) == 6
                with pytest.raises(StoreError, match="full"):
                    store.journal(made[0])
            code, out, err = cli(capsys, "matches")
            assert code == 0 and err == "" and len(out.splitlines()) == 2
        code, _out, err = cli(capsys, "import", str(tmp_path / "nothing.json"))
        assert code == 2
        assert no_damaged_files(disk) and (home / "cardsuite.db").read_bytes() == database
        filler.unlink()  # space is freed: everything is there, and saving works again
        with Store() as store:
            assert store.writable and [m.id for m in store.matches()] == made[::-1]
            match = Match.from_record(store.record(made[0]), "match")
            match.attach(store.journal(made[0]), made[0])
            (seat,) = match.to_move()
            match.apply(match.legal_moves(seat)[0])
            assert match.save_error is None and store.get(made[0]).moves == 7


def test_a_disk_that_fills_during_play_stops_saving_and_keeps_what_was_stored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with small_disk(tmp_path / "disk", size_kb=1024) as disk:
        monkeypatch.setenv("CARDSUITE_HOME", str(disk / "home"))
        with Store() as store:
            match = rang(5)
            match_id = store.add(match.record())
            match.attach(store.journal(match_id), match_id)
            for _ in range(4):
                (seat,) = match.to_move()
                match.apply(match.legal_moves(seat)[0])
            filler = fill(disk)
            while match.save_error is None and not match.is_over():
                (seat,) = match.to_move()
                match.apply(match.legal_moves(seat)[0])
            assert match.save_error is not None and "full" in match.save_error
            assert "\n" not in match.save_error
            assert match.journal is None  # it plays on, unsaved
            saved = store.get(match_id).moves
            assert 4 <= saved < len(match.moves)
        filler.unlink()
        assert no_damaged_files(disk)
        with Store() as store:
            record = store.record(match_id)
            assert len(record.moves) == saved
            again = Match.from_record(record, "match")
            assert again.moves == match.moves[:saved]  # the stored moves, as they were played


# --- a read-only folder ----------------------------------------------------------------------
def test_a_read_only_folder_reads_everything_and_saves_nothing(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], no_tui: list[Match]
) -> None:
    made = stored_matches(2)
    code, _, _ = cli(capsys, "simulate", "ryba", "--games", "1", "--record")
    assert code == 0
    before = files(home)
    out_file = tmp_path / "exported.json"
    with read_only(home):
        with Store() as store:
            assert not store.writable and "read-only" in (store.unwritable or "")
            assert len(store.matches()) == 3 and store.notice is None
        code, out, err = cli(capsys, "matches", "--all")
        assert code == 0 and err == "" and len(out.splitlines()) == 3
        code, out, err = cli(capsys, "stats", "--bots")
        assert code == 0 and err == "" and "Anna" in out
        code, out, err = cli(capsys, "replay", str(made[0]))
        assert code == 0 and err == "" and "Anna" in out
        code, out, err = cli(capsys, "export", "3", str(out_file))
        assert code == 0 and out_file.is_file()
        for args in (("delete", "1"), ("import", str(out_file))):
            code, out, err = cli(capsys, *args)
            assert code == 2 and out == ""
            (line,) = err.splitlines()
            assert "read-only" in line and "nothing can be saved" in line
        code, out, err = cli(capsys, "simulate", "rang", "--games", "1", "--record")
        assert code == 2 and "read-only" in err and len(err.splitlines()) == 1
        code, _out, err = cli(capsys, "resume", str(made[1]))
        assert code == 0 and err == ""  # played unsaved, and the table says so once
        (resumed,) = no_tui
        assert resumed.journal is None and "read-only" in (resumed.save_error or "")
        assert files(home) == before
    assert no_damaged_files(home)


def test_a_read_only_folder_without_a_database_lists_nothing(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with read_only(home):
        code, out, err = cli(capsys, "matches")
        assert (code, out.strip(), err) == (0, "No unfinished matches.", "")
        assert list(home.iterdir()) == []


# --- rows that do not read -------------------------------------------------------------------
BAD_VALUES = [
    ("matches", "updated", "'abc'", "last change"),
    ("matches", "updated", "1e300", "last change"),
    ("matches", "started", "-5", "start time"),
    ("matches", "moves", "'abc'", "count of moves"),
    ("matches", "seed", "'-1'", "seed"),
    ("matches", "seed", "'99999999999999999999999'", "seed"),
    ("matches", "practice", "7", "practice"),
    ("matches", "game", "x'00ff'", "game"),
    ("matches", "options", "'[1]'", "options"),
    ("seats", "place", "'x'", "place"),
    ("seats", "place", "0", "place"),
    ("seats", "name", "x'414243'", "name"),  # a blob
    ("seats", "name", "CAST(x'41ff42' AS TEXT)", "name"),  # text that is not UTF-8
    ("seats", "kind", "'alien'", "kind"),
    ("seats", "score", "'many'", "score"),
    ("seats", "side", "99", "side"),
]


@pytest.mark.parametrize(("table", "column", "value", "named"), BAD_VALUES)
def test_a_bad_stored_value_is_reported_and_the_other_matches_listed(
    home: Path, capsys: pytest.CaptureFixture[str], table: str, column: str, value: str, named: str
) -> None:
    code, _, _ = cli(capsys, "simulate", "ryba", "--games", "3", "--record")
    assert code == 0
    key = "id" if table == "matches" else "match"
    with sqlite3.connect(home / "cardsuite.db") as conn:
        conn.execute(f"UPDATE {table} SET {column} = {value} WHERE {key} = 2")
    conn.close()
    with Store() as store:
        assert [m.id for m in store.matches()] == [3, 1]
        (problem,) = store.problems
        assert "match 2" in problem and named in problem and "\n" not in problem
        with pytest.raises(StoreError, match="match 2"):
            store.record(2)
        assert sum(p.games for p in store.stats(bots=True)) == 2 * 2  # two players, two matches
        assert len(store.problems) == 1
    for command in (("matches", "--all"), ("stats", "--bots"), ("matches", "--all", "--json")):
        code, out, err = cli(capsys, *command)
        assert code == 0 and out
        (line,) = err.splitlines()
        assert "match 2" in line and named in line
    code, out, err = cli(capsys, "replay", "2")
    assert code == 2 and out == "" and "match 2" in err and len(err.splitlines()) == 1


def test_match_ids_beyond_sqlites_integers_are_no_match(home: Path) -> None:
    stored_matches(1)
    with Store() as store:
        for match_id in (0, -1, MAX_MATCH_ID + 1, 2**80):
            for lookup in (store.get, store.record, store.delete, store.journal):
                with pytest.raises(StoreError, match="no match"):
                    lookup(match_id)
        assert len(store.matches()) == 1


def test_the_notice_of_a_damaged_database_is_one_line(home: Path) -> None:
    stored_matches(1)
    path = home / "cardsuite.db"
    data = bytearray(path.read_bytes())
    data[4096 : 4096 + 300] = b"\xa5" * 300  # the header of the second page
    path.write_bytes(bytes(data))
    with Store() as store:
        assert store.notice is not None and "\n" not in store.notice
        assert store.notice.count("(") == 1 and "cardsuite.db.damaged-" in store.notice


def test_settings_that_cannot_be_saved_are_said_once_not_at_every_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cardsuite.core.errors import SaveError
    from cardsuite.tui import app as app_module

    def full(_settings: object) -> None:
        raise SaveError("settings.json", "cannot write (No space left on device)")

    monkeypatch.setattr(app_module, "save_settings", full)
    app = app_module.CardsuiteApp()
    told: list[str] = []
    monkeypatch.setattr(app, "notify", lambda text, **_kw: told.append(text))
    for game in ("rang", "ryba", "spit"):
        app.remember(last_game=game)
    assert told == ["settings.json: cannot write (No space left on device)"]
    assert app.settings.last_game == "spit"  # kept for this session all the same
