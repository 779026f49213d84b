"""A replay shows each move as its viewer may know it (issue 18, item 9).

``cardsuite replay`` prints a match as a spectator sees it unless told otherwise (``--as SEAT``,
``--reveal``): a card the viewer may not see is named by no move, no notation and no event, and
the seed, which deals every card, is printed only for a finished match or with ``--reveal``.
``cardsuite export`` of a match still in play writes its file (seed and all) only with
``--reveal``, and says what the file shows.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from cardsuite.core.cards import Card
from cardsuite.core.table import redact
from cardsuite.games import get_game
from cardsuite.games.grabush.model import PenaltyInsert
from cardsuite.games.seven_up.model import Discard, PlayCard, hand
from cardsuite.match import Match, SeatInfo
from cardsuite.store.db import Result, Store
from tests.cli_run import refused, run
from tests.contract.checks import card_texts
from tests.matches import begging_seven_up


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path / "home"))
    return tmp_path


def begging_match() -> Match:
    """Seven Up with begging, seed 1: Anna begs, Boris runs the cards, both discard down to
    six; the match stops before the first card is played (in play, every hand secret)."""
    match = begging_seven_up()
    while True:
        seat = match.bot_to_move()
        assert seat is not None
        move = match.choose_bot_move(seat)
        if isinstance(move, PlayCard):
            break
        match.apply(move)
    assert {m.seat for m in match.moves if isinstance(m, Discard)} == {0, 1}
    return match


def discards(match: Match, seat: int | None = None) -> set[str]:
    return {
        m.card.text()
        for m in match.moves
        if isinstance(m, Discard) and (seat is None or m.seat == seat)
    }


def stored(match: Match) -> str:
    """Store the match as ``cardsuite import`` does (with its result once it is over)."""
    outcome = match.outcome()
    result = None if outcome is None else Result.of(outcome, match.game.sides(match.state))
    with Store() as store:
        return str(store.add(match.record(), result=result))


def test_replay_json_of_a_begging_seven_up_match_names_no_card_the_viewer_could_not_see(
    capsys: pytest.CaptureFixture[str],
) -> None:
    match = begging_match()
    match_id = stored(match)
    state = match.state
    in_hands = {c.text() for s in range(2) for c in state.table.cards(hand(s))}
    secret = discards(match) | in_hands
    code, out, err = run(capsys, "replay", match_id, "--json")
    assert code == 0 and err == ""
    assert not card_texts(out) & secret, card_texts(out) & secret
    data = json.loads(out)
    assert data["seed"] is None  # it would deal every hand again
    hidden = [m for m in data["moves"] if m["move"] is None]
    assert len(hidden) == len(discards(match)) and {m["text"] for m in hidden} == {"discard a card"}
    # Anna's view names her own discards (and hand), and nothing of Boris's.
    code, out, err = run(capsys, "replay", match_id, "--json", "--as", "Anna")
    anna = {c.text() for c in state.table.cards(hand(0))} | discards(match, 0)
    assert code == 0 and discards(match, 0) <= card_texts(out)
    assert not card_texts(out) & (secret - anna)
    assert json.loads(out)["viewer"] == 0 and "Anna's cards" in err
    # With --reveal every discard is named, and the seed printed, with a warning.
    code, out, err = run(capsys, "replay", match_id, "--json", "--reveal")
    assert code == 0 and discards(match) <= card_texts(out)
    data = json.loads(out)
    assert data["seed"] == 1 and data["reveal"] is True
    assert [m["move"] for m in data["moves"]] == [text for _seat, text in match.record().moves]
    (warning,) = err.strip().splitlines()
    assert "every hand" in warning and "in play" in warning


def penalty_match(seed: int) -> tuple[Match, set[str]]:
    """Grabush with the table-talk penalty: bots play until a penalty card has been slipped
    in; returns the match and the texts of the cards slipped in that the spectator never saw
    anywhere (a card of the other pack alike may lie face up)."""
    game = get_game("grabush")
    names = ("Anna", "Boris", "Vera", "Gleb")
    match = Match(
        game,
        [SeatInfo(name, "random") for name in names],
        options=game.Options(table_talk_penalty=True),
        seed=seed,
    )
    while not any(isinstance(m, PenaltyInsert) for m in match.moves):
        seat = match.bot_to_move()
        assert seat is not None
        match.apply(match.choose_bot_move(seat))
    seen: set[str] = set()
    for state in match.states:
        seen.update(c.text() for c in redact(state.table, None).all_visible())
        for event in state.events:
            faces = event.seen_by(None).card_faces()
            seen.update(f.text() for f in faces if isinstance(f, Card))
    slipped = {m.card.text() for m in match.moves if isinstance(m, PenaltyInsert)}
    return match, slipped - seen


def test_replay_text_of_a_grabush_penalty_insert_names_no_card(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    match, secret = penalty_match(1)
    assert secret
    path = tmp_path / "grabush.json"
    match.save(path)
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert not card_texts(out) & secret
    assert "Gleb: slip a card into their team pile" in out
    code, out, _ = run(capsys, "replay", str(path), "--reveal")
    assert code == 0 and secret <= card_texts(out)
    (insert,) = (m for m in match.moves if isinstance(m, PenaltyInsert))
    assert f"slip {insert.card} into their team pile" in out
    # Seed 0 slips in Q♦ while the other pack's Q♦ lies face up: the move is still hidden.
    twin, secret = penalty_match(0)
    assert not secret
    twin.save(path)
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and "slip a card into their team pile" in out and "slip Q♦" not in out


def test_the_seed_is_printed_only_for_a_finished_match_or_with_reveal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    match = begging_match()
    path = tmp_path / "in-play.json"
    match.save(path)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0 and err == ""
    header = out.splitlines()[0]
    assert header == "Seven Up · Anna, Boris" and "seed" not in out
    code, out, err = run(capsys, "replay", str(path), "--reveal")
    assert out.splitlines()[0] == "Seven Up · seed 1 · Anna, Boris"
    assert "every hand" in err
    match.play_bots()
    assert match.is_over()
    match.save(path)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0 and err == "" and out.splitlines()[0] == "Seven Up · seed 1 · Anna, Boris"
    assert json.loads(run(capsys, "replay", str(path), "--json")[1])["seed"] == 1
    # still, a finished match's spectator is not told the discards
    assert "discard a card" in out
    assert not re.search(r"discards? (10|[2-9AJQK])[♣♦♥♠]", out)


def test_export_of_a_match_in_play_needs_reveal_and_warns(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    match = begging_match()
    match_id = stored(match)
    file = tmp_path / "match.json"
    line = refused(capsys, "export", match_id, str(file))
    assert "in play" in line and "--reveal" in line
    assert not file.exists()
    code, out, err = run(capsys, "export", match_id, str(file), "--reveal")
    assert code == 0 and str(file) in out
    (warning,) = err.strip().splitlines()
    assert str(file) in warning and "every hand" in warning
    saved: dict[str, Any] = json.loads(file.read_text(encoding="utf-8"))
    assert saved["seed"] == 1 and len(saved["moves"]) == len(match.moves)
    # a finished match exports as before: no flag, no warning
    match.play_bots()
    done_id = stored(match)
    code, out, err = run(capsys, "export", done_id, str(tmp_path / "done.json"))
    assert code == 0 and err == ""


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("--as", "5"), "seats 1 to 2"),
        (("--as", "Vera"), "1 (Anna), 2 (Boris)"),
        (("--as", "1", "--reveal"), "--reveal"),
    ],
)
def test_replay_refuses_a_viewer_it_cannot_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: tuple[str, ...], needle: str
) -> None:
    path = tmp_path / "match.json"
    begging_match().save(path)
    assert needle in refused(capsys, "replay", str(path), *args)
