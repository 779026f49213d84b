"""The database of matches: each move stored as it is played, undo, results, statistics,
damaged and foreign files, old autosaves."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from cardsuite.core.errors import SaveError
from cardsuite.core.options import options_from_strings
from cardsuite.core.text import message_from_data
from cardsuite.games import get_game
from cardsuite.match import Match, SeatInfo
from cardsuite.store.db import SCHEMA_VERSION, AlreadyStoredError, Store, StoreError


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path))
    return tmp_path


def rang_match(seed: int = 4) -> Match:
    names = ("Anna", "Boris", "Vera")
    return Match(get_game("rang"), [SeatInfo(n, "random") for n in names], seed=seed)


def tracked(store: Store, match: Match, origin: str = "play") -> int:
    match_id = store.add(match.record(), origin=origin)
    match.attach(store.journal(match_id), match_id)
    return match_id


def play_out(match: Match) -> None:
    """Bots play their moves, a person the first legal move he has, to the end."""
    while not match.is_over():
        if not match.play_bots():
            seat = min(match.to_move())
            match.apply(match.legal_moves(seat)[0])


def test_every_move_is_stored_when_the_match_applies_it() -> None:
    with Store() as store:
        match = rang_match()
        match_id = tracked(store, match)
        for _ in range(40):
            seat = match.bot_to_move()
            assert seat is not None
            match.apply(match.choose_bot_move(seat))
            # before anything else happens, the database has this very move
            assert store.record(match_id).moves == match.record().moves
        assert not store.get(match_id).is_finished


def test_a_finished_match_keeps_its_places_and_resumes_nowhere() -> None:
    with Store() as store:
        match = rang_match()
        match_id = tracked(store, match)
        match.play_bots()
        outcome = match.outcome()
        assert outcome is not None
        stored = store.get(match_id)
        assert stored.is_finished and stored.result is not None
        assert stored.result.places == outcome.places
        # the reason kept as its message (id and arguments), said again as it was made
        assert message_from_data(json.loads(stored.result.reason)) == outcome.reason
        assert store.matches(finished=False) == []
        replayed = Match.from_record(store.record(match_id))
        assert replayed.state == match.state


def test_undo_takes_the_moves_back_in_the_database_too() -> None:
    with Store() as store:
        seats = [SeatInfo("Anna"), SeatInfo("Boris", "random"), SeatInfo("Vera", "random")]
        match = Match(get_game("rang"), seats, seed=7)
        match_id = tracked(store, match)
        for _ in range(3):  # Anna moves, then the bots answer
            match.play_bots()
            (seat,) = match.to_move()
            match.apply(match.legal_moves(seat)[0])
        match.play_bots()
        before = len(match.moves)
        taken = match.undo(0).moves
        assert taken > 0
        assert store.get(match_id).moves == before - taken
        assert store.record(match_id).moves == match.record().moves
        assert store.get(match_id).practice == match.practice


def test_a_resumed_match_goes_on_in_the_same_line() -> None:
    with Store() as store:
        match = rang_match()
        match_id = tracked(store, match)
        match.play_bots(limit=25)
        again = Match.from_record(store.record(match_id))
        again.attach(store.journal(match_id), match_id)
        again.play_bots()
        assert len(store.matches()) == 1
        assert store.get(match_id).is_finished
        assert store.record(match_id).moves == again.record().moves


def test_statistics_count_wins_draws_losses_places_and_partners() -> None:
    with Store() as store:
        for seed in range(6):  # six matches left unfinished: not counted
            tracked(store, rang_match(seed))
        for seed in range(6):
            match = rang_match(seed)
            tracked(store, match)
            match.play_bots()
        game = get_game("seven-up")
        options = options_from_strings(game.Options, {"partnerships": "on"})
        names = ("Anna", "Gleb", "Dasha", "Egor")
        partners = Match(game, [SeatInfo(n, "random") for n in names], options=options, seed=2)
        tracked(store, partners)
        partners.play_bots()
        rang = {f.name: f for f in store.stats("rang", bots=True)}
        assert set(rang) == {"Anna", "Boris", "Vera"}
        for f in rang.values():
            assert f.games == 6  # the six unfinished matches are not counted
            assert f.wins + f.draws + f.losses == 6
            assert sum(f.places.values()) == 6
            assert f.kind == "bot" and f.bot == "easy"  # the level of the bot named "random"
        # Rang: one loser a deal, the others share the first place
        assert sum(f.losses for f in rang.values()) == 6
        assert sum(f.wins for f in rang.values()) == 12
        seven = {f.name: f for f in store.stats("seven-up", bots=True)}
        outcome = partners.outcome()
        assert outcome is not None
        sides = partners.game.sides(partners.state)
        for side in sides:
            won = {seven[names[s]].wins for s in side}
            assert len(won) == 1  # partners win or lose together
        assert sum(f.wins for f in seven.values()) == 2
        everything = {f.name: f.games for f in store.stats(bots=True)}
        assert everything["Anna"] == 7 and everything["Gleb"] == 1
        assert store.stats() == []  # only bots played: no person to count


def test_a_safe_second_place_at_seven_leaves_is_neither_won_nor_lost() -> None:
    """Seven Leaves names its loser (the last one left): a player safe second is no loser."""
    game = get_game("seven-leaves")
    names = ("Anna", "Boris", "Vera")
    with Store() as store:
        for seed in range(8):
            match = Match(game, [SeatInfo(n, "random") for n in names], seed=seed)
            tracked(store, match)
            match.play_bots()
            assert match.is_over()
        figures = store.stats("seven-leaves", bots=True)
        assert len(figures) == 3
        for f in figures:
            assert f.wins == f.places.get(1, 0)
            assert f.losses == f.places.get(3, 0)  # the loser is always last, alone
            assert f.wins + f.draws + f.losses + f.places.get(2, 0) == f.games == 8
        assert sum(f.losses for f in figures) == 8  # one loser a match
        assert sum(f.places.get(2, 0) for f in figures) > 0  # some were safe second


def test_statistics_keep_a_person_and_a_bot_of_the_same_name_apart() -> None:
    rang = get_game("rang")
    with Store() as store:
        # Boris the person, against the bot Anna; then the bot Boris against Vera, a person
        # (the bots given by their levels' former names: they are counted under today's)
        person = Match(rang, [SeatInfo("Boris"), SeatInfo("Anna", "heuristic")], seed=1)
        bot = Match(rang, [SeatInfo("Vera"), SeatInfo("Boris", "heuristic")], seed=2)
        bots_alone = Match(rang, [SeatInfo("Boris", "random"), SeatInfo("Anna", "random")])
        for match in (person, bot, bots_alone):
            tracked(store, match)
            play_out(match)
        rows = [(f.name, f.kind, f.bot, f.games) for f in store.stats()]
        # people first; the bot-only match is not counted
        assert rows == [
            ("Boris", "human", None, 1),
            ("Vera", "human", None, 1),
            ("Anna", "bot", "normal", 1),
            ("Boris", "bot", "normal", 1),
        ]
        every = {(f.name, f.bot): f.games for f in store.stats(bots=True)}
        assert every == {
            ("Boris", None): 1,
            ("Vera", None): 1,
            ("Anna", "normal"): 1,
            ("Boris", "normal"): 1,
            ("Boris", "easy"): 1,
            ("Anna", "easy"): 1,
        }
        (figures,) = [f for f in store.stats() if f.name == "Boris" and f.kind == "human"]
        assert figures.to_json()["kind"] == "human" and figures.to_json()["bot"] is None


def test_a_file_that_is_no_database_is_moved_aside_not_overwritten(home: Path) -> None:
    path = home / "cardsuite.db"
    path.write_bytes(b"\x00garbage" * 500)
    with Store() as store:
        assert store.notice is not None and str(path) in store.notice
        (aside,) = home.glob("cardsuite.db.damaged-*")
        assert aside.read_bytes() == b"\x00garbage" * 500
        assert aside.name in store.notice and "\n" not in store.notice
        assert store.matches() == []


def test_another_programs_database_is_moved_aside(home: Path) -> None:
    path = home / "cardsuite.db"
    other = sqlite3.connect(path)
    other.execute("CREATE TABLE photos (id INTEGER)")
    other.commit()
    other.close()
    with Store() as store:
        assert store.notice is not None and "another program" in store.notice
    (aside,) = home.glob("cardsuite.db.damaged-*")
    tables = sqlite3.connect(aside).execute("SELECT name FROM sqlite_master").fetchall()
    assert tables == [("photos",)]


def test_a_truncated_database_is_moved_aside(home: Path) -> None:
    with Store() as store:
        for seed in range(30):
            match = rang_match(seed)
            tracked(store, match)
            match.play_bots(limit=50)
    path = home / "cardsuite.db"
    data = path.read_bytes()
    assert len(data) > 8192
    path.write_bytes(data[: len(data) // 3])
    with Store() as store:
        assert store.notice is not None and "moved to" in store.notice
        assert store.matches() == []
    assert len(list(home.glob("cardsuite.db.damaged-*"))) == 1


def test_a_database_of_a_newer_cardsuite_is_left_alone(home: Path) -> None:
    path = home / "cardsuite.db"
    with Store():
        pass
    newer = sqlite3.connect(path)
    newer.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    newer.close()
    with pytest.raises(StoreError) as error:
        Store()
    assert str(path) in str(error.value) and "newer cardsuite" in str(error.value)
    assert list(home.glob("cardsuite.db.damaged-*")) == []


def test_the_schema_is_versioned(home: Path) -> None:
    with Store():
        pass
    conn = sqlite3.connect(home / "cardsuite.db")
    assert conn.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_a_bad_row_is_reported_and_the_others_still_listed(home: Path) -> None:
    with Store() as store:
        good = tracked(store, rang_match(1))
        bad = tracked(store, rang_match(2))
    conn = sqlite3.connect(home / "cardsuite.db")
    conn.execute("UPDATE matches SET options = '{[' WHERE id = ?", (bad,))
    conn.commit()
    conn.close()
    with Store() as store:
        assert [m.id for m in store.matches()] == [good]
        (problem,) = store.problems
        assert f"match {bad}" in problem and "options" in problem


def test_moves_that_no_longer_replay_are_reported_with_their_number(home: Path) -> None:
    with Store() as store:
        match = rang_match()
        match_id = tracked(store, match)
        match.play_bots(limit=10)
    conn = sqlite3.connect(home / "cardsuite.db")
    conn.execute("UPDATE moves SET notation = 'fly away' WHERE match = ? AND ply = 4", (match_id,))
    conn.commit()
    conn.close()
    with Store() as store, pytest.raises(SaveError) as error:
        Match.from_record(store.record(match_id), f"match {match_id}")
    assert "move 5" in str(error.value) and "fly away" in str(error.value)


def test_an_old_autosave_is_imported_once(home: Path) -> None:
    match = rang_match()
    match.play_bots(limit=12)
    match.save(home / "autosave.json")
    with Store() as store:
        (stored,) = store.matches()
        assert stored.origin == "autosave" and stored.moves == 12
    assert (home / "autosave.json.imported").is_file()
    assert not (home / "autosave.json").exists()
    with Store() as store:
        assert len(store.matches()) == 1


def test_a_damaged_old_autosave_is_reported_and_kept(home: Path) -> None:
    (home / "autosave.json").write_text("{not json", encoding="utf-8")
    with Store() as store:
        assert store.notice is not None and "autosave.json" in store.notice
        assert store.matches() == []
    assert (home / "autosave.json").read_text(encoding="utf-8") == "{not json"


def test_a_failing_write_leaves_the_match_playable_and_says_why() -> None:
    store = Store()
    match = rang_match()
    tracked(store, match)
    match.play_bots(limit=3)
    store.close()  # every write from now on fails
    match.play_bots(limit=3)
    assert len(match.moves) == 6
    assert match.journal is None
    assert match.save_error is not None and "cannot save" in match.save_error


def test_practice_matches_are_counted_apart() -> None:
    with Store() as store:
        for seed, practice in ((1, False), (2, True)):
            match = rang_match(seed)
            tracked(store, match)
            match.practice = practice  # as an undo across a seen card makes it
            match.play_bots()
        figures = {f.name: f for f in store.stats(bots=True)}
        assert {f.games for f in figures.values()} == {1}
        assert {f.practice for f in figures.values()} == {1}


def test_a_database_of_schema_1_is_migrated_and_keeps_its_matches(home: Path) -> None:
    from cardsuite.store.db import MIGRATIONS, _statements

    path = home / "cardsuite.db"
    old = sqlite3.connect(path)
    for statement in _statements(MIGRATIONS[0]):
        old.execute(statement)
    old.execute("PRAGMA user_version = 1")
    old.execute(
        "INSERT INTO matches (id, game, seed, options, origin, started, updated, moves)"
        " VALUES (1, 'rang', '5', '{}', 'play', 0, 0, 1)"
    )
    old.execute("INSERT INTO seats VALUES (1, 0, 'Anna', 'human', NULL, NULL, NULL, NULL)")
    old.execute("INSERT INTO seats VALUES (1, 1, 'Boris', 'bot', 'random', NULL, NULL, NULL)")
    first = Match(get_game("rang"), [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=5)
    (seat,) = first.to_move()
    move = first.legal_moves(seat)[0]
    old.execute("INSERT INTO moves VALUES (1, 0, ?, ?)", (seat, first.game.move_to_text(move)))
    old.commit()
    old.close()
    with Store() as store:
        record = store.record(1)
        assert record.moves == ((seat, first.game.move_to_text(move)),) and record.times == ()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,) == (3,)
    columns = {row[1] for row in conn.execute("PRAGMA table_info(moves)")}
    assert "t" in columns


@pytest.mark.parametrize("match_id", [2**63, 2**64, 10**30, 0, -1])
def test_an_id_no_match_can_have_is_a_store_error_not_an_overflow(match_id: int) -> None:
    # SQLite integers stop at 2**63-1: a larger id overflowed in the driver (OverflowError).
    with Store() as store:
        kept = tracked(store, rang_match())
        for use in (store.get, store.record, store.delete, store.journal):
            with pytest.raises(StoreError, match=r"has no match .*from 1 to 9223372036854775807"):
                use(match_id)
        assert [m.id for m in store.matches()] == [kept]  # nothing was deleted


def test_a_name_that_is_not_valid_unicode_is_not_stored() -> None:
    match = Match(get_game("rang"), [SeatInfo("P\ud800"), SeatInfo("Boris", "random")], seed=1)
    with Store() as store:
        with pytest.raises(StoreError, match="not valid Unicode"):
            store.add(match.record())
        assert store.matches() == []


def test_a_database_of_schema_2_is_migrated_and_its_matches_are_found_again(home: Path) -> None:
    """Schema 3 indexes the matches by deal: an import finds a match stored before."""
    from cardsuite.store.db import MIGRATIONS, SAME, SHORTER, _statements

    match = rang_match(5)
    match.play_bots()
    record = match.record()
    path = home / "cardsuite.db"
    old = sqlite3.connect(path)
    for script in MIGRATIONS[:2]:
        for statement in _statements(script):
            old.execute(statement)
    old.execute("PRAGMA user_version = 2")
    old.execute(
        "INSERT INTO matches (id, game, seed, options, origin, started, updated, moves)"
        " VALUES (1, 'rang', '5', '{}', 'play', 0, 0, ?)",  # options left at their defaults
        (len(record.moves),),
    )
    for i, seat in enumerate(record.seats):
        old.execute(
            "INSERT INTO seats VALUES (1, ?, ?, ?, ?, NULL, NULL, NULL)",
            (i, seat.name, seat.kind, seat.bot),
        )
    old.executemany(
        "INSERT INTO moves VALUES (1, ?, ?, ?, NULL)",
        [(ply, seat, text) for ply, (seat, text) in enumerate(record.moves)],
    )
    old.commit()
    old.close()
    with Store() as store:
        assert store.record(1).moves == record.moves
        found = store.stored_as(record)
        assert found is not None and (found.match_id, found.relation) == (1, SAME)
        shorter = store.stored_as(replace(record, moves=record.moves[:7]))
        assert shorter is not None and shorter.relation == SHORTER
        assert store.stored_as(replace(record, seed=6)) is None
        with pytest.raises(AlreadyStoredError, match="already stored as match 1"):
            store.add(record, unless_stored=True)
        assert [m.id for m in store.matches()] == [1]
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,) == (3,)
    indexes = {row[1] for row in conn.execute("PRAGMA index_list(matches)")}
    assert "matches_by_deal" in indexes
