"""The command line: listing, rules, simulation, replay, and one clear line for bad input."""

from __future__ import annotations

import errno
import json
import re
import socket
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from cardsuite import cli, tui
from cardsuite.core import i18n
from cardsuite.core.text import DEFAULT_NAMES, fill, player_names
from cardsuite.games import GAMES, get_game
from cardsuite.match import Match, MatchSetup, SeatInfo
from tests.cli_run import run


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


@pytest.mark.parametrize("game", ["spit", "nerts", "rang"])
def test_simulate_log_prints_every_move_and_plays_as_without_it(
    capsys: pytest.CaptureFixture[str], game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # --log stores each match and prints its moves one by one; the games are the same as
    # without it, real-time ones (played on the virtual clock) included.
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path))
    base = ("simulate", game, "--players", "2", "--games", "2", "--seed", "7", "--bots", "easy")
    code, logged, _ = run(capsys, *base, "--log")
    assert code == 0
    _, unlogged, _ = run(capsys, *base)
    numbers = [int(m.group(1)) for m in re.finditer(r"^ +(\d+)\. ", logged, re.M)]
    plies = re.search(r"mean plies ([0-9.]+)", logged)
    assert plies is not None and len(numbers) == round(2 * float(plies.group(1)))
    assert numbers.count(1) == 2  # each game's moves numbered from 1

    def results(out: str) -> list[str]:
        return [line for line in out.splitlines() if "finished" in line or "wins" in line]

    assert results(logged) == results(unlogged)


def test_simulate_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "grabuge", "--games", "5", "--seed", "3")
    assert code == 0
    assert "finished 5 of 5" in out
    assert "games per second" in out


def test_simulate_counts_draws(capsys: pytest.CaptureFixture[str]) -> None:
    # A game whose outcome puts everyone first is a draw in simulate's summary (text and
    # JSON): Casella's non-terminating Beggar-my-neighbour deal, given to Rubashka, is drawn
    # by repetition every time.
    deal = "deal=---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA"
    args = ("simulate", "rubashka", "--games", "3", "--opt", "pack=beggar-52", "--opt", deal)
    code, out, _ = run(capsys, *args)
    assert code == 0
    assert "finished 3 of 3; draws 3;" in out
    _, out, _ = run(capsys, *args, "--json")
    assert json.loads(out)["draws"] == 3


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
        (("play", "rang", "--players", "3", "--names", "Anna,Boris,anna"), "'anna' twice"),
        (
            ("simulate", "rang", "--games", "0"),
            "--games must be a whole number from 1 to 1000000, not 0",
        ),
        (("rules", "nogame"), "unknown game"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str],
    tables: list[MatchSetup | None],
    args: tuple[str, ...],
    needle: str,
) -> None:
    assert needle in bad_input(capsys, *args)
    assert tables == []  # no table opened


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
    assert outcome.scores is not None  # each place with its score in the game's terms
    winner = outcome.winners[0]
    assert f"1. {match.names[winner]} ({outcome.amount(winner)})" in out
    assert outcome.amount(winner).endswith(("packet", "packets"))


def test_replay_text_is_the_default_and_json_its_off_form(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    match = Match(
        get_game("rang"), [SeatInfo("Anna", "random"), SeatInfo("Boris", "random")], seed=5
    )
    match.play_bots()
    path = tmp_path / "match.json"
    match.save(path)
    code, default, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert run(capsys, "replay", str(path), "--text")[1] == default
    assert run(capsys, "replay", str(path), "--json", "--text")[1] == default  # the last one counts
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 0
    data = json.loads(out)  # one JSON object and nothing else
    assert (data["game"], data["seed"], data["players"]) == ("rang", 5, ["Anna", "Boris"])
    assert len(data["moves"]) == len(match.moves)
    first, move = data["moves"][0], match.moves[0]
    assert first["seat"] == move.seat and first["player"] == match.names[move.seat]
    assert first["move"] == match.game.move_to_text(move)
    assert f"{first['player']}: {first['text']}" in default
    outcome = match.outcome()
    assert outcome is not None
    assert data["result"]["reason"] == fill(outcome.reason, match.names)
    assert data["result"]["places"] == list(outcome.places)


# --- the help -----------------------------------------------------------------------------------

COMMANDS = [(), ("list",), ("rules",), ("simulate",), ("replay",), ("play",), ("serve",)]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "cardsuite")
def test_help_shows_value_names_not_python_types(
    capsys: pytest.CaptureFixture[str], command: tuple[str, ...]
) -> None:
    code, out, _ = run(capsys, *command, "--help")
    assert code == 0
    assert not re.search(r"<(bool|str|int|path|list|float)\b", out), out
    assert re.search(r"--help\s+Show this message and exit", out), out  # a flag shows no value


def test_help_names_each_value(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "simulate", "--help")
    assert "[OPTIONS] GAME" in out
    for option, metavar in [
        ("players", "N"),
        ("games", "N"),
        ("seed", "SEED"),
        ("bots", "BOTS"),
        ("opt", "KEY=VALUE"),
    ]:
        assert re.search(rf"--{option}\s+{metavar}\s", out), option
    assert re.search(r"--json\s+Print one JSON object", out)
    _, out, _ = run(capsys, "play", "--help")
    for option, metavar in [("seats", "SEATS"), ("names", "NAMES"), ("seed", "SEED")]:
        assert re.search(rf"--{option}\s+{metavar}\s", out), option
    _, out, _ = run(capsys, "replay", "--help")
    assert "[OPTIONS] ID|FILE" in out
    assert re.search(r"--text\s+--json\s", out)
    _, out, _ = run(capsys, "serve", "--help")
    assert re.search(r"--host\s+HOST\s", out) and re.search(r"--port\s+PORT\s", out)


# --- the players' names -------------------------------------------------------------------------


def test_default_names_are_the_lobbys() -> None:
    from cardsuite.tui.screens.lobby import lobby_names as lobby_seat_names

    assert lobby_seat_names() == DEFAULT_NAMES  # in English
    assert player_names(3) == ("Anna", "Boris", "Vera")
    assert player_names(3, ["", "Zoya"]) == ("Anna", "Zoya", "Vera")
    assert player_names(3, ["Boris"]) == ("Boris", "Anna", "Vera")  # never twice the same name
    assert player_names(2, ["", "anna"]) == ("Boris", "anna")
    with i18n.speaking("ru"):  # the same names as a Russian table writes them
        assert player_names(3, ["", "Зоя"]) == ("Анна", "Зоя", "Вера")


@pytest.fixture
def tables(monkeypatch: pytest.MonkeyPatch) -> list[MatchSetup | None]:
    """The setups ``play`` opens, instead of the app."""
    opened: list[MatchSetup | None] = []
    monkeypatch.setattr(tui, "run", lambda setup=None, **_kw: opened.append(setup))
    return opened


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        ((), ("Anna", "Boris", "Vera")),
        (("--names", "Kira"), ("Kira", "Boris", "Vera")),
        (("--names", ",Boris"), ("Anna", "Boris", "Vera")),
        (("--names", "Boris"), ("Boris", "Anna", "Vera")),
    ],
)
def test_play_names_the_seats_as_the_lobby_does(
    capsys: pytest.CaptureFixture[str],
    tables: list[MatchSetup | None],
    names: tuple[str, ...],
    expected: tuple[str, ...],
) -> None:
    code, _, _ = run(capsys, "play", "rang", "--players", "3", "--seed", "1", *names)
    assert code == 0
    (setup,) = tables
    assert setup is not None
    assert tuple(seat.name for seat in setup.seats) == expected


def test_simulate_names_the_seats_as_the_lobby_does(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[str, ...]] = []

    class Spy(Match):
        def __init__(self, game: Any, seats: Sequence[SeatInfo], **kwargs: Any) -> None:
            seen.append(tuple(seat.name for seat in seats))
            super().__init__(game, seats, **kwargs)

    monkeypatch.setattr(cli, "Match", Spy)
    code, _, _ = run(capsys, "simulate", "rang", "--players", "4", "--games", "2")
    assert code == 0
    assert seen == [("Anna", "Boris", "Vera", "Gleb")] * 2


def test_replay_names_a_seat_saved_without_a_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    match = Match(get_game("grabuge"), [SeatInfo("", "random"), SeatInfo("", "random")], seed=2)
    match.play_bots(6)
    path = tmp_path / "match.json"
    match.save(path)
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert out.splitlines()[0].endswith("Anna, Boris")
    assert "Player" not in out
    assert json.loads(run(capsys, "replay", str(path), "--json")[1])["players"] == ["Anna", "Boris"]


# --- serve --------------------------------------------------------------------------------------

HOST = "127.0.0.1"


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Where ``serve`` starts the server (it is not started)."""
    calls: list[tuple[str, int]] = []
    monkeypatch.setattr(tui, "serve", lambda host, port: calls.append((host, port)))
    return calls


@pytest.fixture
def taken_port() -> Iterator[int]:
    """A port on HOST that this test holds open (listening) while it runs."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as holder:
        try:
            holder.bind((HOST, 0))
            holder.listen()
        except OSError as exc:
            pytest.skip(f"cannot bind a port on {HOST}: {exc}")
        yield int(holder.getsockname()[1])


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("--port", "99999"), "--port must be from 1 to 65535, not 99999"),
        (("--port", "65536"), "not 65536"),
        (("--port", "0"), "not 0"),
        (("--port", "-1"), "not -1"),
        (("--port", "eighty"), "--port"),
        (("--host", ""), "--host is empty"),
        (("--host", "no-such-host.invalid"), "cannot resolve host 'no-such-host.invalid'"),
        (("--host", "bad..name"), "'bad..name' is not a valid host name"),
        (("--host", "192.0.2.1"), "192.0.2.1: not an address of this machine"),  # TEST-NET-1
    ],
)
def test_serve_refuses_bad_arguments_before_starting(
    capsys: pytest.CaptureFixture[str],
    served: list[tuple[str, int]],
    args: tuple[str, ...],
    needle: str,
) -> None:
    assert needle in bad_input(capsys, "serve", *args)
    assert served == []


@pytest.mark.parametrize("host", [HOST, "localhost"])
def test_serve_refuses_a_port_in_use(
    capsys: pytest.CaptureFixture[str], served: list[tuple[str, int]], taken_port: int, host: str
) -> None:
    line = bad_input(capsys, "serve", "--host", host, "--port", str(taken_port))
    assert f"port {taken_port} is already in use on {host}" in line
    assert served == []


def test_serve_starts_where_it_is_told(
    capsys: pytest.CaptureFixture[str], served: list[tuple[str, int]]
) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        port = int(s.getsockname()[1])
    code, _, err = run(capsys, "serve", "--host", HOST, "--port", str(port))
    assert (code, err) == (0, "")
    assert served == [(HOST, port)]


def test_serve_reports_a_port_taken_while_it_starts(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The port is free when checked and taken when the server binds it: still one line."""

    def taken(host: str, port: int) -> None:
        raise OSError(errno.EADDRINUSE, f"error while attempting to bind on address {(host, port)}")

    monkeypatch.setattr(tui, "serve", taken)
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        port = int(s.getsockname()[1])
    line = bad_input(capsys, "serve", "--host", HOST, "--port", str(port))
    assert f"port {port} is already in use on {HOST}" in line

    def broken(host: str, port: int) -> None:
        raise OSError(errno.EIO, "input/output error")

    # not a listening problem: not disguised as one, but an unexpected crash (status 1, the
    # traceback in a crash file)
    monkeypatch.setattr(tui, "serve", broken)
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path))
    code, out, err = run(capsys, "serve", "--host", HOST, "--port", str(port))
    assert code == 1 and out == ""
    assert err.startswith("cardsuite crashed: OSError: [Errno 5] input/output error; the details")
    (log,) = tmp_path.glob("crash-*.log")
    assert str(log) in err and "in broken" in log.read_text(encoding="utf-8")


# --- hostile names ------------------------------------------------------------------------------

HOSTILE = ("[/]", "[bold]x", "a\x1b[31mb", "\u202eevil")


def test_replay_text_shows_hostile_names_escaped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    match = Match(get_game("rang"), [SeatInfo(name, "random") for name in HOSTILE], seed=6)
    match.play_bots()
    path = tmp_path / "match.json"
    match.save(path)
    code, out, _ = run(capsys, "replay", str(path), "--text")
    assert code == 0
    assert "\x1b" not in out and "\u202e" not in out  # nothing reaches the terminal raw
    shown = ("[/]", "[bold]x", "a\\x1b[31mb", "\\u202eevil")
    assert out.splitlines()[0].endswith(", ".join(shown))
    for name in shown:
        assert re.search(rf"^\s*\d+\. {re.escape(name)}: ", out, re.MULTILINE), name
    # the JSON keeps the names as saved (JSON itself escapes the control characters)
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 0 and "\x1b" not in out
    assert json.loads(out)["players"] == list(HOSTILE)


def test_a_name_of_nothing_printable_takes_the_seats_default(
    capsys: pytest.CaptureFixture[str], tables: list[MatchSetup | None]
) -> None:
    code, _, _ = run(capsys, "play", "rang", "--players", "3", "--names", "Kira, \x1b\x07 ,Zoya")
    assert code == 0
    (setup,) = tables
    assert setup is not None
    assert setup.start().names == ("Kira", "Boris", "Zoya")


def test_play_refuses_a_name_too_long(capsys: pytest.CaptureFixture[str]) -> None:
    line = bad_input(capsys, "play", "rang", "--players", "2", "--names", "x" * 65)
    assert "65 characters" in line and "64" in line


def test_an_error_line_shows_control_characters_escaped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    line = bad_input(capsys, "replay", str(tmp_path / "no\x1b[2Jsuch.json"))
    assert "\x1b" not in line and "no\\x1b[2Jsuch.json" in line
