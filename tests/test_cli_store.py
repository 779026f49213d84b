"""The command line's saved matches: simulate --record, stats, matches, replay, resume,
export and import, deal codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardsuite import tui
from cardsuite.core import i18n
from cardsuite.core.dealcode import deal_code, parse_deal_code
from cardsuite.core.errors import OptionsError
from cardsuite.core.text import fill, message_from_data
from cardsuite.games import get_game
from cardsuite.match import Match, MatchSetup, SeatInfo
from cardsuite.store.db import Store
from tests.cli_run import refused, run
from tests.matches import store_a_person_and_a_bot_named_boris


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path))
    return tmp_path


def test_simulated_rang_matches_recorded_then_counted_per_bot_with_bots(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(
        capsys, "simulate", "rang", "--players", "3", "--games", "20", "--record", "--json"
    )
    assert code == 0
    wins = json.loads(out)["wins"]
    # no person played: the statistics, which are about people, count nobody …
    code, out, _ = run(capsys, "stats", "rang", "--json")
    assert code == 0
    stats = json.loads(out)
    assert stats["games"] == 0 and stats["players"] == [] and stats["bots"] is False
    code, out, _ = run(capsys, "stats")
    assert "Anna" not in out and "20 matches played by bots alone" in out and "--bots" in out
    # … and --bots counts the bots' matches, a row per bot
    code, out, _ = run(capsys, "stats", "rang", "--json", "--bots")
    assert code == 0
    stats = json.loads(out)
    assert stats["game"] == "rang" and stats["games"] == 20 and stats["bots"] is True
    players = {p["name"]: p for p in stats["players"]}
    assert set(players) == {"Anna", "Boris", "Vera"}
    for seat, name in enumerate(("Anna", "Boris", "Vera")):
        figures = players[name]
        assert figures["games"] == 20
        assert figures["kind"] == "bot" and figures["bot"] == "easy"
        assert figures["wins"] == wins[seat]  # counted as simulate counts them
        assert figures["wins"] + figures["draws"] + figures["losses"] == 20
        assert sum(figures["places"].values()) == 20
        assert figures["longest_match"] > 0


def test_simulate_and_stats_count_losses_alike_as_the_game_ranks_places(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Seven Leaves names its loser: only the last place loses, a safe 2nd is neither;
    # Go Fish names its winner: every place after the first loses
    for game, names_loser in (("seven-leaves", True), ("ryba", False)):
        code, out, _ = run(
            capsys, "simulate", game, "--players", "3", "--games", "8", "--record", "--json"
        )
        assert code == 0
        simulated = json.loads(out)
        code, out, _ = run(capsys, "stats", game, "--bots", "--json")
        players = {p["name"]: p for p in json.loads(out)["players"]}
        for seat, name in enumerate(("Anna", "Boris", "Vera")):
            figures = players[name]
            assert figures["wins"] == simulated["wins"][seat]
            assert figures["losses"] == simulated["losses"][seat]
            later = figures["games"] - figures["places"].get("1", 0)
            if names_loser:
                assert figures["losses"] == figures["places"].get("3", 0)
            else:
                assert figures["losses"] == later
        if names_loser:
            assert sum(simulated["losses"]) == simulated["finished"] - simulated["draws"]
            assert any(p["places"].get("2") for p in players.values())


def test_stats_show_a_person_and_a_bot_of_the_same_name_apart(
    capsys: pytest.CaptureFixture[str],
) -> None:
    store_a_person_and_a_bot_named_boris()
    code, out, _ = run(capsys, "stats")
    assert code == 0
    names = [line.split("  ")[0].strip() for line in out.splitlines()[1:]]
    assert names == ["Boris", "Vera", "Anna (bot · normal)", "Boris (bot · normal)"]
    code, out, _ = run(capsys, "stats", "--json")
    rows = [(p["name"], p["kind"], p["bot"], p["games"]) for p in json.loads(out)["players"]]
    assert rows == [
        ("Boris", "human", None, 1),
        ("Vera", "human", None, 1),
        ("Anna", "bot", "normal", 1),
        ("Boris", "bot", "normal", 1),
    ]


def test_stats_of_no_game_at_all_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert "uno" in refused(capsys, "stats", "uno")


def test_matches_lists_unfinished_ones_and_replay_reads_them_by_number(
    capsys: pytest.CaptureFixture[str],
) -> None:
    match = Match(get_game("grabuge"), [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=9)
    match.play_bots()
    with Store() as store:
        match_id = store.add(match.record())
    code, out, _ = run(capsys, "matches", "--json")
    (listed,) = json.loads(out)
    assert listed["id"] == match_id and listed["moves"] == len(match.moves)
    assert listed["finished"] is None
    code, out, _ = run(capsys, "replay", str(match_id), "--json")
    assert code == 0
    replayed = json.loads(out)
    assert [m["move"] for m in replayed["moves"]] == [m for _s, m in match.record().moves]
    assert replayed["result"] is None


def spit_played_by_bots_on_a_clock(seed: int) -> tuple[int, Match]:
    """A real-time Spit match between bots, stored as it is played: the runner's clock (ours
    here) moves on 50 ms at a time and the match performs what falls due meanwhile."""
    seats = [SeatInfo("Anna", "random"), SeatInfo("Boris", "heuristic")]
    match = Match(get_game("spit"), seats, seed=seed)
    assert match.realtime
    with Store() as store:
        match_id = store.add(match.record())
        match.attach(store.journal(match_id), match_id)
        now = 0
        while not match.is_over():
            now += 50
            match.advance_to(now)
            assert now < 3_600_000
        match.detach()
    return match_id, match


def test_replay_of_a_real_time_spit_match_names_every_card_a_spit_turned_up(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from cardsuite.core.text import fill
    from cardsuite.games.spit.model import Spat

    match_id, match = spit_played_by_bots_on_a_clock(seed=3)
    spits = [
        (after, at, fill(event.text(), match.names))
        for after, at, happened in match.timed_steps()
        for event in happened
        if isinstance(event, Spat)
    ]
    assert len(spits) >= 4 and any(after > 0 for after, _at, _text in spits)
    for viewer in ((), ("--as", "2"), ("--reveal",)):
        code, out, _ = run(capsys, "replay", str(match_id), *viewer)
        assert code == 0
        lines = out.splitlines()
        moves = [i for i, line in enumerate(lines) if line[:4].strip().isdigit()]
        assert len(moves) == len(match.moves)
        for after, at, text in spits:
            # between move `after` and the next one, marked with its time
            line = lines.index(f"{'     ' if after == 0 else '      '}[{at / 1000:.1f} s] {text}")
            assert (moves[after - 1] if after else 0) < line
            assert after == len(moves) or line < moves[after]
        code, out, _ = run(capsys, "replay", str(match_id), "--json", *viewer)
        replayed = json.loads(out)
        for after, at, text in spits:
            timed = replayed["moves"][after - 1]["timed"] if after else replayed["timed"]
            assert any(step["at"] == at and text in step["events"] for step in timed)
        assert [m["at"] for m in replayed["moves"]] == match.times


def test_resume_opens_the_stored_match_in_its_own_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[Match] = []
    monkeypatch.setattr(
        tui, "run", lambda setup=None, *, match=None, store=None: opened.append(match)
    )
    match = Match(get_game("rang"), [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=3)
    match.play_bots()
    (seat,) = match.to_move()
    match.apply(match.legal_moves(seat)[0])
    with Store() as store:
        match_id = store.add(match.record())
    code, _, _ = run(capsys, "resume")
    assert code == 0
    (resumed,) = opened
    assert resumed.moves == match.moves and resumed.journal_id == match_id


def test_resume_refusals_say_what_to_do(capsys: pytest.CaptureFixture[str]) -> None:
    assert "no unfinished match" in refused(capsys, "resume")
    assert "no match 7" in refused(capsys, "resume", "7")
    run(capsys, "simulate", "ryba", "--games", "1", "--record")
    assert "cardsuite replay 1" in refused(capsys, "resume", "1")


def test_export_then_import_gives_the_same_match(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run(capsys, "simulate", "seven-up", "--players", "2", "--games", "1", "--record")
    file = tmp_path / "match.json"
    code, out, _ = run(capsys, "export", "1", str(file))
    assert code == 0 and str(file) in out
    with Store() as store:
        exported, first = store.record(1), store.get(1)
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path / "elsewhere"))  # another machine
    code, out, _ = run(capsys, "import", str(file))
    assert code == 0 and "match 1" in out
    with Store() as store:
        second = store.get(1)
        assert store.record(1).moves == exported.moves
        assert second.origin == "import"
        assert first.result is not None and second.result is not None
        assert first.result.places == second.result.places


def test_a_match_already_stored_is_not_imported_again(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    run(capsys, "simulate", "seven-up", "--players", "2", "--games", "2", "--record")
    file = tmp_path / "match.json"
    assert run(capsys, "export", "2", str(file))[0] == 0
    with Store() as store:
        before = store.matches()
    line = refused(capsys, "import", str(file))
    assert line == f"cardsuite: {file} is already stored as match 2"
    # the same match in a file that leaves out the options at their defaults
    data = json.loads(file.read_text(encoding="utf-8"))
    defaults = get_game("seven-up").Options()
    data["options"] = {
        key: value for key, value in data["options"].items() if getattr(defaults, key) != value
    }
    lean = tmp_path / "lean.json"
    lean.write_text(json.dumps(data), encoding="utf-8")
    assert refused(capsys, "import", str(lean)).endswith("already stored as match 2")
    with Store() as store:
        assert store.matches() == before  # nothing changed
    # another name at a seat: another match
    data["seats"][0]["name"] = "Dasha"
    other = tmp_path / "other.json"
    other.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = run(capsys, "import", str(other))
    assert code == 0 and "match 3" in out
    assert refused(capsys, "import", str(other)).endswith("already stored as match 3")


def test_a_longer_or_shorter_version_of_a_stored_match_is_refused_too(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    seats = [SeatInfo("Anna"), SeatInfo("Boris", "random")]
    match = Match(get_game("rang"), seats, seed=3)

    def play(moves: int) -> None:
        while len(match.moves) < moves:
            if not match.play_bots(limit=1):
                (seat,) = match.to_move()
                match.apply(match.legal_moves(seat)[0])

    play(10)
    short = tmp_path / "short.json"
    match.save(short)
    play(20)
    with Store() as store:
        match_id = store.add(match.record())  # unfinished, at move 20
    play(30)
    long = tmp_path / "long.json"
    match.save(long)
    line = refused(capsys, "import", str(long))
    assert f"already stored as match {match_id}" in line
    assert "stops at move 20" in line and "move 30" in line and "delete match" in line
    line = refused(capsys, "import", str(short))
    assert f"already stored as match {match_id}, which goes on from it" in line
    with Store() as store:
        assert [m.id for m in store.matches()] == [match_id]
        assert store.get(match_id).moves == 20


def test_import_refuses_a_record_whose_moves_do_not_replay(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    match = Match(get_game("rang"), [SeatInfo("Anna", "random"), SeatInfo("Boris", "random")])
    match.play_bots(limit=5)
    data = json.loads(match.record().to_json())
    data["moves"][3][1] = "take the whole pack"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    line = refused(capsys, "import", str(bad))
    assert str(bad) in line and "move 4" in line
    with Store() as store:
        assert store.matches() == []


def test_a_deal_code_names_game_players_seed_and_changed_options() -> None:
    code = deal_code("seven-up", 4, 123456789, {"partnerships": True})
    assert code == "seven-up-4-21i3v9.partnerships=on"
    parsed = parse_deal_code(code.upper())
    assert (parsed.game, parsed.players, parsed.seed) == ("seven-up", 4, 123456789)
    assert parsed.options == {"partnerships": "on"}
    assert parse_deal_code(deal_code("rang", 3, 2**64 - 1, {})).seed == 2**64 - 1


@pytest.mark.parametrize("text", ["", "rang", "rang-3", "rang-x-5", "rang-3-5.wild", "-3-5"])
def test_a_bad_deal_code_says_how_one_reads(text: str) -> None:
    with pytest.raises(OptionsError) as error:
        parse_deal_code(text)
    assert "deal code" in str(error.value)


def test_the_deal_of_a_code_is_the_same_deal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = get_game("seven-up")
    options = game.Options(partnerships=True)  # type: ignore[call-arg]
    original = Match(game, [SeatInfo(n) for n in "ABCD"], options=options, seed=987654)
    opened: list[MatchSetup] = []
    monkeypatch.setattr(
        tui, "run", lambda setup=None, *, match=None, store=None: opened.append(setup)
    )
    code, _, _ = run(capsys, "deal", original.deal_code(), "--seats", "human,random,random,random")
    assert code == 0
    (setup,) = opened
    assert setup.start().state == original.state
    assert "players" in refused(capsys, "deal", "seven-up-5-abc")
    assert "uno" in refused(capsys, "deal", "uno-2-abc")


# C1 controls (U+009B is CSI: ESC [ in one character), bidi overrides and isolates, DEL, a line
# separator: JSON lets them stand in a string, a terminal acts on them.
HOSTILE_NAMES = ["c1\x9b2J", "\u202eevil", "\u2066iso\u2069", "del\x7f", "line\u2028sep"]
RAW = ("\x9b", "\u202e", "\u2066", "\u2069", "\x7f", "\u2028", "\x1b")


def test_every_json_output_escapes_controls_and_decodes_to_the_same_names(
    capsys: pytest.CaptureFixture[str],
) -> None:
    seats = [SeatInfo(name, "random") for name in HOSTILE_NAMES]
    match = Match(get_game("rang"), seats, seed=6)
    match.play_bots()
    outcome = match.outcome()
    assert outcome is not None
    from cardsuite.store.db import Result

    with Store() as store:
        match_id = store.add(match.record(), result=Result.of(outcome))
    outputs = {
        "matches": run(capsys, "matches", "--all", "--json")[1],
        "stats": run(capsys, "stats", "--bots", "--json")[1],  # bots alone: counted with --bots
        "replay": run(capsys, "replay", str(match_id), "--json")[1],
        "list": run(capsys, "list", "--json")[1],
        "simulate": run(capsys, "simulate", "rang", "--games", "1", "--json")[1],
    }
    for command, out in outputs.items():
        assert not any(ch in out for ch in RAW), command  # nothing raw reaches the terminal
        json.loads(out)  # still one valid JSON value
    (listed,) = json.loads(outputs["matches"])
    assert [s["name"] for s in listed["seats"]] == HOSTILE_NAMES
    stats = json.loads(outputs["stats"])
    assert sorted(p["name"] for p in stats["players"]) == sorted(HOSTILE_NAMES)
    replayed = json.loads(outputs["replay"])
    assert replayed["players"] == HOSTILE_NAMES
    assert {m["player"] for m in replayed["moves"]} <= set(HOSTILE_NAMES)
    assert "\\u009b" in outputs["matches"] and "\\u202e" in outputs["replay"]


def test_export_replaces_an_earlier_export_of_the_same_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    run(capsys, "simulate", "ryba", "--games", "2", "--record")
    file = tmp_path / "match.json"
    file.write_text("an earlier export", encoding="utf-8")
    code, out, err = run(capsys, "export", "2", str(file))
    assert (code, err) == (0, "") and str(file) in out
    with Store() as store:
        assert Match.load(file).record() == Match.from_record(store.record(2)).record()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temporary


def test_a_match_saved_in_english_replays_in_russian_and_ukrainian(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The store keeps moves as notation and the reason in English: whoever replays the
    # match reads every move, event and the result in his own language.
    code, out, _ = run(
        capsys, "simulate", "rang", "--games", "1", "--seed", "4", "--record", "--json"
    )
    assert code == 0
    with Store() as store:
        ((match_id, reason),) = store._conn.execute("SELECT id, reason FROM matches").fetchall()
    stored = json.loads(reason)  # the message's id and arguments, in no language
    assert stored["id"].isascii() and "{" in stored["id"]
    code, english, _ = run(capsys, "replay", str(match_id))
    assert code == 0 and "Result:" in english
    for lang in ("ru", "uk"):
        with i18n.speaking(lang):
            result = i18n._("Result: {reason}").partition("{")[0]
            plays = i18n._("{seat} plays {card}").format(seat="Anna", card="")
        assert not result.startswith("Result")
        code, out, _ = run(capsys, "replay", str(match_id), "--lang", lang)
        assert code == 0
        assert result in out and plays in out
        assert "Result:" not in out and " plays " not in out
        with i18n.speaking(lang):  # the stored reason, said in that language, is the replay's
            said = fill(message_from_data(stored), ("Anna", "Boris"))
        assert said in out
        # the same match: as many lines of moves as in English
        assert len(out.splitlines()) == len(english.splitlines())
