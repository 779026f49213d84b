"""The arena: its statistics, its seating, its reproducibility and its command line."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from cardsuite.arena import (
    ArenaSpec,
    credit,
    entry_names,
    mean,
    p95,
    play_match,
    resolve_bots,
    seating,
    wilson_interval,
)
from tests.cli_run import refused, run

TIMES = ("mean_decision_ms", "p95_decision_ms")


def arena_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    code, out, err = run(capsys, "arena", *args, "--json")
    assert code == 0 and err == "", (code, err)
    (line,) = out.strip().splitlines()  # exactly one object
    value: dict[str, Any] = json.loads(line)
    return value


def without_times(report: dict[str, Any]) -> dict[str, Any]:
    """The report less the decision times, the one part measured rather than played."""
    bots = {
        name: {key: value for key, value in bot.items() if key not in TIMES}
        for name, bot in report["bots"].items()
    }
    return {**report, "bots": bots}


# --- statistics ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        # by hand with z = 1.96: centre (p + z²/2n)/(1 + z²/n), half-width
        # z/(1 + z²/n)·√(p(1-p)/n + z²/4n²); n = 10 gives z²/n = 0.38416
        (0, 10, 0.0, 0.2775),  # upper 0.38416 / 1.38416
        (5, 10, 0.2366, 0.7634),  # 0.5 ± 1.41602·√(0.025 + 0.009604)
        (10, 10, 0.7225, 1.0),
        # a half win (a shared first place) counts as such: z²/n = 0.76832, and
        # 0.5 ± 1.10840·√(0.05 + 0.038416)
        (2.5, 5, 0.1704, 0.8296),
    ],
)
def test_wilson_interval_matches_hand_computed_values(
    wins: float, games: int, low: float, high: float
) -> None:
    got = wilson_interval(wins, games)
    assert got == pytest.approx((low, high), abs=1e-4)


def test_wilson_interval_of_no_games_says_nothing() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_p95_is_the_nearest_rank() -> None:
    assert p95([float(n) for n in range(1, 101)]) == 95.0
    assert p95([float(n) for n in range(20, 0, -1)]) == 19.0  # order does not matter
    assert p95([5.0, 1.0, 3.0]) == 5.0  # ceil(0.95 · 3) = 3rd value
    assert p95([7.0]) == 7.0
    assert p95([]) == 0.0
    assert mean([1.0, 2.0, 6.0]) == 3.0 and mean([]) == 0.0


# --- who wins -----------------------------------------------------------------------------------


def test_a_shared_first_place_is_shared_and_everyone_first_is_a_draw() -> None:
    assert credit((1, 2), (0, 1), 2) == (1.0, 0.0)
    assert credit((2, 1), (0, 1), 2) == (0.0, 1.0)
    assert credit((1, 1, 3), (0, 1, 0), 2) == (0.5, 0.5)  # first shared by two bots
    assert credit((1, 2, 1, 2), (0, 1, 0, 1), 2) == (1.0, 0.0)  # partners: one bot's win
    assert credit((1, 1), (0, 1), 2) is None  # every seat first: a draw


def test_bot_names_map_to_levels_and_repeats_are_numbered() -> None:
    assert resolve_bots(["hard", "normal", "easy"]) == ("hard", "normal", "easy")
    # the levels' former names, as saves and scripts from before may give them
    assert resolve_bots(["search", "heuristic", "random"]) == ("hard", "normal", "easy")
    assert entry_names(("normal", "normal")) == ("normal#1", "normal#2")
    assert entry_names(("hard", "normal", "hard")) == ("hard#1", "normal", "hard#2")


# --- seating ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("entries", "seats"), [(2, 2), (2, 4), (3, 3), (2, 3), (1, 3)])
def test_every_bot_sits_in_every_seat_equally_often(entries: int, seats: int) -> None:
    rounds = 5
    counts = Counter(
        (entry, seat)
        for match in range(seats * rounds)
        for seat, entry in enumerate(seating(entries, seats, match))
    )
    for entry in range(entries):
        per_seat = {counts[entry, seat] for seat in range(seats)}
        assert len(per_seat) == 1 and per_seat != {0}, (entry, per_seat)
    # the listed bots take the seats in turn: two bots at four seats alternate
    assert seating(2, 4, 0) == (0, 1, 0, 1) and seating(2, 4, 1) == (1, 0, 1, 0)


def test_a_played_match_seats_the_bots_as_the_rotation_says() -> None:
    spec = ArenaSpec("ryba", 2, ("heuristic", "random"), games=2, seed=4)
    for match in range(2):
        result = play_match(spec, match)
        assert result.seated == seating(2, 2, match)
        assert result.finished and result.shares is not None
        assert sum(result.shares) == pytest.approx(1.0)
        assert all(times for times in result.times)  # both bots decided, and were timed


# --- the command --------------------------------------------------------------------------------


def test_json_has_the_promised_shape(capsys: pytest.CaptureFixture[str]) -> None:
    report = arena_json(capsys, "ryba", "--players", "2", "--bots", "normal,easy", "--games", "6")
    assert set(report) == {"games", "draws", "bots"}
    assert report["games"] == 6 and isinstance(report["draws"], int)
    assert list(report["bots"]) == ["normal", "easy"]
    for bot in report["bots"].values():
        assert set(bot) == {"wins", "win_rate", "ci95", *TIMES}
        low, high = bot["ci95"]
        assert 0 <= low <= bot["win_rate"] <= high <= 1
        assert bot["win_rate"] == pytest.approx(bot["wins"] / 6, abs=1e-4)
        assert bot["mean_decision_ms"] >= 0 and bot["p95_decision_ms"] >= 0
    wins = sum(bot["wins"] for bot in report["bots"].values())
    assert wins + report["draws"] == 6


def test_same_arguments_same_result_whatever_the_workers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("snip-snap-snorem", "--players", "4", "--bots", "normal,easy", "--games", "8")
    first = arena_json(capsys, *args, "--seed", "7")
    again = arena_json(capsys, *args, "--seed", "7")
    parallel = arena_json(capsys, *args, "--seed", "7", "--workers", "2")
    assert without_times(first) == without_times(again) == without_times(parallel)
    ryba = ("ryba", "--bots", "normal,easy", "--games", "10", "--seed", "3")
    assert without_times(arena_json(capsys, *ryba)) == without_times(
        arena_json(capsys, *ryba, "--workers", "2")
    )


def test_normal_beats_easy_at_go_fish(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("ryba", "--players", "2", "--bots", "normal,easy", "--games", "40", "--seed", "1")
    bots = arena_json(capsys, *args)["bots"]
    assert bots["normal"]["win_rate"] > 0.5 > bots["easy"]["win_rate"]


def test_the_same_level_twice_is_numbered(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("snip-snap-snorem", "--players", "3", "--bots", "normal,normal", "--games", "3")
    assert list(arena_json(capsys, *args)["bots"]) == ["normal#1", "normal#2"]


def test_text_is_a_line_and_a_table_progress_a_dot_per_match(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("arena", "ryba", "--bots", "normal,easy", "--games", "5", "--seed", "2")
    code, out, err = run(capsys, *args, "--progress")
    assert code == 0 and err == "." * 5 + "\n"
    summary, head, *rows = out.splitlines()
    assert "5 games" in summary and "seed 2" in summary and "normal, easy" in summary
    assert head.split()[:3] == ["bot", "wins", "win"]
    assert [row.split()[0] for row in rows] == ["normal", "easy"]
    assert len({len(row) for row in (head, *rows)}) == 1  # aligned columns


def test_any_level_plays_a_game_without_decisions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    report = arena_json(capsys, "rubashka", "--bots", "hard,easy", "--games", "2")
    assert list(report["bots"]) == ["hard", "easy"]


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("nope",), "unknown game"),
        (("ryba", "--bots", "normal,wizard"), "unknown bot 'wizard'"),
        (("ryba", "--games", "0"), "--games"),
        (("ryba", "--games", "many"), "--games"),
        (("ryba", "--players", "9"), "not 9"),
        (("snip-snap-snorem", "--players", "2"), "not 2"),
        (("ryba", "--workers", "0"), "--workers"),
        (("ryba", "--bots", ""), "at least one bot"),
        (("ryba", "--bots", ","), "at least one bot"),
        (("ryba", "--bots", "hard,normal,easy"), "3 bots for 2 seats"),
        (("ryba", "--seed", "-1"), "--seed"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], named: str
) -> None:
    line = refused(capsys, "arena", *args)  # refused before any match is played
    assert named in line, line
