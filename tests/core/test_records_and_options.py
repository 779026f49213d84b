"""Options read from text, records read from files, and atomic writes."""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from cardsuite.core.errors import OptionsError, SaveError
from cardsuite.core.options import describe_options, option, options_from_strings, validate_fields
from cardsuite.core.outcome import DRAW, LOSS, WIN, Outcome
from cardsuite.core.record import (
    STALE_TEMPORARY,
    VERSION,
    MatchRecord,
    SeatRecord,
    atomic_write_text,
    load_record,
)


@dataclass(frozen=True, kw_only=True, slots=True)
class Sample:
    decks: str | int = option("auto", label="Decks", choices=("auto", 1, 2))
    fast: bool = option(False, label="Fast")
    rounds: int = option(1, label="Rounds", minimum=1, maximum=9)

    def __post_init__(self) -> None:
        validate_fields(self)


def test_options_from_text() -> None:
    assert options_from_strings(Sample, {"decks": "2", "fast": "on", "rounds": "3"}) == Sample(
        decks=2, fast=True, rounds=3
    )
    assert [i.kind for i in describe_options(Sample)] == ["choice", "bool", "int"]


@dataclass(frozen=True, kw_only=True, slots=True)
class WithDeal:
    fast: bool = option(False, label="Fast")
    deal: str = option("", label="Deal", offered=False)

    def __post_init__(self) -> None:
        validate_fields(self)


def test_a_text_option_not_offered_is_set_from_text_but_not_listed() -> None:
    # The lobby, the rules and the contract's setups list what is offered; the command line,
    # saves and replays set every option.
    assert [i.name for i in describe_options(WithDeal)] == ["fast"]
    every = describe_options(WithDeal, every=True)
    assert [(i.name, i.kind, i.offered) for i in every] == [
        ("fast", "bool", True),
        ("deal", "text", False),
    ]
    assert options_from_strings(WithDeal, {"deal": " K-/--- "}) == WithDeal(deal="K-/---")
    with pytest.raises(OptionsError, match="must be text"):
        WithDeal(deal=3)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("values", "needle"),
    [
        ({"decks": "3"}, "choose one of auto, 1, 2"),
        ({"fast": "maybe"}, "on or off"),
        ({"rounds": "ten"}, "whole number"),
        ({"rounds": "0"}, "at least 1"),
        ({"rounds": "10"}, "at most 9"),
        ({"colour": "red"}, "unknown option 'colour'"),
    ],
)
def test_bad_option_text_names_the_problem(values: dict[str, str], needle: str) -> None:
    with pytest.raises(OptionsError, match=needle):
        options_from_strings(Sample, values)


def test_outcome_places_follow_competition_ranking() -> None:
    outcome = Outcome.from_scores([3, 5, 5, 1], "r")
    assert outcome.places == (3, 1, 1, 4) and outcome.winners == (1, 2) and not outcome.is_draw
    assert Outcome.from_scores([0, 1, 0], "r", higher_wins=False).places == (1, 3, 1)
    assert Outcome.from_scores([2, 2], "r").is_draw


def test_a_verdict_follows_what_the_game_names_its_winner_or_its_loser() -> None:
    ranked = Outcome((2, 1, 3), "r")
    # a game naming its winner: every place after the first loses
    assert [ranked.verdict(s) for s in range(3)] == [LOSS, WIN, LOSS]
    # a game naming its loser (Seven Leaves): a safe 2nd place is neither won nor lost
    said = [ranked.verdict(s, last_place_loses=True) for s in range(3)]
    assert said == [None, WIN, LOSS]
    rang = Outcome((1, 1, 3, 1), "r")  # everyone but the loser first
    assert [rang.verdict(s, last_place_loses=True) for s in range(4)] == [WIN, WIN, LOSS, WIN]
    assert Outcome((1, 1), "r").verdict(0, last_place_loses=True) == DRAW


def test_only_rang_and_seven_leaves_name_their_loser() -> None:
    from cardsuite.games import GAME_INFO, GAMES

    named = {game_id for game_id, game in GAMES.items() if game.last_place_loses}
    assert named == {"rang", "seven-leaves"}
    assert {i for i, info in GAME_INFO.items() if info.last_place_loses} == named


def test_record_round_trip(tmp_path: Path) -> None:
    record = MatchRecord(
        game="rang",
        seed=12,
        seats=(SeatRecord("Anna"), SeatRecord("Борис", "bot", "random")),
        options={"decks": "auto"},
        moves=((0, "play 6♠"), (1, "draw")),
    )
    path = tmp_path / "r.json"
    atomic_write_text(path, record.to_json())
    assert load_record(path) == record


def test_records_are_written_as_version_3_and_versions_1_and_2_are_still_read(
    tmp_path: Path,
) -> None:
    # Version 2: a match of several deals records each NextDeal; version 1 did not (the
    # Match plays those moves itself when it loads one, see tests/test_match.py).  Version 3
    # adds the times of a game on a clock; a turn game's record has none.
    record = MatchRecord(game="rang", seed=1, seats=(SeatRecord("A"), SeatRecord("B")))
    assert record.version == VERSION == 3
    data = json.loads(record.to_json())
    assert data["version"] == 3 and "times" not in data and "ended" not in data
    two = tmp_path / "two.json"
    two.write_text(json.dumps({**data, "version": 2}), encoding="utf-8")
    assert load_record(two).version == 2
    path = tmp_path / "old.json"
    path.write_text(
        '{"format": "cardsuite-match", "version": 1, "game": "rang", "seed": 1,'
        ' "seats": [{"name": "A"}, {"name": "B"}], "moves": [[0, "draw"]]}',
        encoding="utf-8",
    )
    old = load_record(path)
    assert old.version == 1 and old.moves == ((0, "draw"),)


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("[1, 2]", "not a cardsuite match record"),
        ('{"format": "cardsuite-match", "version": 99, "game": "rang", "seed": 1}', "newer"),
        ('{"format": "cardsuite-match", "version": 1, "game": "rang", "seed": "x"}', "seed"),
        (
            '{"format": "cardsuite-match", "version": 1, "game": "rang", "seed": 1, "seats": []}',
            "seats",
        ),
        (
            '{"format": "cardsuite-match", "version": 1, "game": "rang", "seed": 1,'
            ' "seats": [{"name": "A"}], "moves": [[5, "draw"]]}',
            "move 1",
        ),
        ("{", "not valid JSON"),
    ],
)
def test_bad_records_name_the_file_and_problem(tmp_path: Path, text: str, needle: str) -> None:
    path = tmp_path / "save.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveError) as error:
        load_record(path)
    assert str(error.value).startswith(str(path)) and needle in str(error.value)


def test_atomic_write_keeps_the_old_file_when_writing_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "save.json"
    atomic_write_text(path, "old")

    def broken_replace(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        atomic_write_text(path, "new")
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_a_write_removes_the_temporary_files_killed_writers_left(tmp_path: Path) -> None:
    target = tmp_path / "settings.json"
    old = tmp_path / ".settings.json.abc123.tmp"  # left by a writer killed long ago
    fresh = tmp_path / ".settings.json.def456.tmp"  # another writer's, in flight
    other = tmp_path / ".notes.json.xyz.tmp"  # another file's: not ours to remove
    for leftover in (old, fresh, other):
        leftover.write_text("{", encoding="utf-8")
    past = time.time() - STALE_TEMPORARY - 5
    os.utime(old, (past, past))
    os.utime(other, (past, past))
    atomic_write_text(target, "{}")
    assert target.read_text(encoding="utf-8") == "{}"
    assert not old.exists() and fresh.exists() and other.exists()


@pytest.mark.parametrize(
    ("times", "ended", "needle"),
    [
        ([5], None, "one time per move"),
        ([5, 3], None, "never less than the one before"),
        ([5, -1], None, "never less"),
        ([5, True], None, "never less"),
        ([5, 9], 7, "'ended' must be a time in ms after the last move's"),
    ],
)
def test_times_on_a_clock_are_checked(times: list[object], ended: object, needle: str) -> None:
    data = MatchRecord(
        game="race",
        seed=1,
        seats=(SeatRecord("A"), SeatRecord("B")),
        moves=((0, "play 5h"), (1, "play 6s")),
    ).to_data()
    data["times"] = times
    if ended is not None:
        data["ended"] = ended
    with pytest.raises(SaveError) as error:
        MatchRecord.from_data(data, "r.json")
    assert needle in str(error.value)
    data["times"], data["ended"] = [5, 9], 12
    record = MatchRecord.from_data(data, "r.json")
    assert record.times == (5, 9) and record.ended == 12
    assert MatchRecord.from_data(record.to_data()) == record
