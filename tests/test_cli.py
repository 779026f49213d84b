"""The command line: listing, rules, simulation, replay, and one clear line for bad input."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardsuite.cli import main
from cardsuite.core.text import fill
from cardsuite.games import GAMES, get_game
from cardsuite.match import Match, SeatInfo


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as done:
        main(list(args))
    out, err = capsys.readouterr()
    return int(done.value.code or 0), out, err


def bad_input(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run a command that must fail: status 2, nothing on stdout, one line on stderr."""
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


def test_list_json_describes_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "list", "--json")
    assert code == 0
    rows = {row["id"]: row for row in json.loads(out)}
    assert set(rows) == set(GAMES)
    assert rows["rang"]["original_name"] == "Ранг"
    assert rows["rang"]["players"] == list(range(2, 11))
    assert rows["grabuge"]["players"] == [2]
    assert all(row["summary"] for row in rows.values())


def test_rules_are_printed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "Ранг", "--plain")
    assert code == 0
    assert out.startswith("# Rang")


SIMULATIONS = [
    (game.id, players)
    for game in GAMES.values()
    for players in sorted({min(game.seat_counts), max(game.seat_counts)})
]


@pytest.mark.parametrize(("game", "players"), SIMULATIONS)
def test_simulate_finishes_and_repeats(
    capsys: pytest.CaptureFixture[str], game: str, players: int
) -> None:
    # Every game at its smallest and largest table; the 200-game runs are in the README.
    args = ("simulate", game, "--players", str(players), "--games", "12", "--seed", "1", "--json")
    code, out, _ = run(capsys, *args)
    first = json.loads(out)
    assert code == 0
    assert first["games"] == 12 and first["finished"] == 12
    assert set(first) >= {"games", "finished", "wins", "draws", "mean_plies", "games_per_second"}
    assert len(first["wins"]) == players
    _, again, _ = run(capsys, *args)
    second = json.loads(again)
    assert (second["wins"], second["draws"], second["mean_plies"]) == (
        first["wins"],
        first["draws"],
        first["mean_plies"],
    )


def test_simulate_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "grabuge", "--games", "5", "--seed", "3")
    assert code == 0
    assert "finished 5 of 5" in out
    assert "games per second" in out


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("simulate", "rang", "--players", "11"), "2 to 10 players, not 11"),
        (("simulate", "rang", "--opt", "decks=3"), "decks"),
        (("simulate", "rang", "--opt", "nonsense=1"), "unknown option 'nonsense'"),
        (("simulate", "rang", "--opt", "decks"), "key=value"),
        (("simulate", "rang", "--players", "6", "--opt", "decks=1"), "decks=1"),
        (("simulate", "nogame"), "unknown game 'nogame'"),
        (("simulate", "rang", "--players", "x"), "--players"),
        (("simulate", "rang", "--bots", "random,nobot"), "nobot"),
        (("simulate", "grabuge", "--players", "3"), "Grabuge is for 2 players, not 3"),
        (("simulate", "rang", "--no-such-flag"), "--no-such-flag"),
        (("play", "rang", "--seats", "human,martian"), "martian"),
        (("play", "rang", "--players", "3", "--names", "A,B,C,D"), "4 names"),
        (("rules", "nogame"), "unknown game"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], needle: str
) -> None:
    assert needle in bad_input(capsys, *args)


def test_replay_corrupt_file_names_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "cardsuite-match", "version": 1,', encoding="utf-8")
    line = bad_input(capsys, "replay", str(broken))
    assert str(broken) in line and "JSON" in line
    foreign = tmp_path / "foreign.json"
    foreign.write_text('{"hello": "world"}', encoding="utf-8")
    assert "not a cardsuite match record" in bad_input(capsys, "replay", str(foreign))
    assert "no such file" in bad_input(capsys, "replay", str(tmp_path / "missing.json"))


def test_replay_rejects_an_impossible_move(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    match = Match(get_game("rang"), [SeatInfo("Anna"), SeatInfo("Boris")], seed=4)
    path = tmp_path / "game.json"
    match.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["moves"] = [[0, "play Q♠ twice"]]
    path.write_text(json.dumps(data), encoding="utf-8")
    line = bad_input(capsys, "replay", str(path))
    assert "move 1" in line and str(path) in line


def test_replay_prints_the_match(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    match = Match(
        get_game("grabuge"), [SeatInfo("Anna", "random"), SeatInfo("Boris", "random")], seed=9
    )
    match.play_bots()
    path = tmp_path / "match.json"
    match.save(path)
    code, out, _ = run(capsys, "replay", str(path), "--text")
    assert code == 0
    moves = [line for line in out.splitlines() if re.match(r"^\s*\d+\. (Anna|Boris): ", line)]
    assert len(moves) == len(match.moves)
    outcome = match.outcome()
    assert outcome is not None
    assert f"Result: {fill(outcome.reason, match.names)}" in out
