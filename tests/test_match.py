"""Match: bots, the undo policy, the log, and saving and loading."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardsuite.core.cards import parse_card
from cardsuite.core.errors import CardsuiteError, IllegalMoveError, SaveError
from cardsuite.games import get_game
from cardsuite.games.rang import RANG, Draw, Play
from cardsuite.match import Match, MatchSetup, SeatInfo

RANG_GAME = get_game("rang")


def against_bots(state: object, humans: int = 1) -> Match:
    """A Rang match at a prepared position: seat 0 (and more) human, the rest random bots."""
    seats = [SeatInfo(f"H{i}") for i in range(humans)]
    seats += [SeatInfo(f"B{i}", "random") for i in range(3 - humans)]
    match = Match(RANG_GAME, seats, seed=1)
    match.states[0] = state
    return match


def test_bots_play_until_a_human_must_act() -> None:
    match = Match(
        RANG_GAME, [SeatInfo("Anna"), SeatInfo("B", "random"), SeatInfo("C", "random")], seed=2
    )
    match.play_bots()
    assert match.is_over() or match.to_move() == frozenset({0})


def test_illegal_move_changes_nothing() -> None:
    state = RANG.position(hands=["6♠ 9♥", "K♣", "K♦"], discard="7♣")
    match = against_bots(state)
    with pytest.raises(IllegalMoveError):
        match.apply(Play(0, parse_card("9♥")))
    assert match.state is state and match.moves == []
    assert match.why_illegal(Play(1, parse_card("K♣"))) == "it is not B0's turn"


def test_undo_back_to_the_humans_decision_when_nothing_new_was_seen() -> None:
    # The bots can only draw cards they cannot play, which Anna never sees.
    state = RANG.position(hands=["6♠ 9♥", "K♣ K♦", "J♣ J♦"], discard="7♣", stock="Q♣ Q♦")
    match = against_bots(state)
    match.apply(Play(0, parse_card("6♠")))
    match.play_bots()
    assert match.to_move() == frozenset({0}) and len(match.moves) == 3
    assert match.undo_point(0) == 0
    assert match.undo(0) == 3
    assert match.state is state and match.moves == []
    assert match.undo_point(0) is None, "nothing left to undo"


def test_no_undo_across_a_card_a_bot_revealed() -> None:
    state = RANG.position(hands=["6♠ 9♥", "5♣ K♦", "J♣ J♦"], discard="7♣", stock="Q♣ Q♦")
    match = against_bots(state)
    match.apply(Play(0, parse_card("6♠")))
    match.play_bots()  # B0 must play 5♣, a card Anna had not seen
    assert match.undo_point(0) is None
    with pytest.raises(CardsuiteError):
        match.undo(0)


def test_no_undo_of_a_draw() -> None:
    state = RANG.position(hands=["9♥ 10♥", "K♣ K♦", "J♣ J♦"], discard="3♣", stock="Q♣ Q♦ 2♥")
    match = against_bots(state)
    match.apply(Draw(0))  # Anna sees 2♥, which she may play or keep
    assert match.to_move() == frozenset({0})
    assert match.undo_point(0) is None


def test_no_undo_between_humans() -> None:
    state = RANG.position(hands=["6♠ 9♥", "K♣ K♦", "J♣ J♦"], discard="7♣", stock="Q♣ Q♦")
    match = against_bots(state, humans=2)
    match.apply(Play(0, parse_card("6♠")))
    assert match.undo_point(0) is None


def test_log_tells_bot_moves_and_hides_private_cards() -> None:
    state = RANG.position(hands=["6♠ 9♥", "K♣ K♦", "J♣ J♦"], discard="7♣", stock="Q♣ Q♦")
    match = against_bots(state)
    match.apply(Play(0, parse_card("6♠")))
    match.play_bots()
    anna = match.log(0)
    assert anna == ["H0 plays 6♠", "B0 draws a card", "B1 draws a card"]
    assert match.log(1, last=1) == ["B1 draws a card"]
    assert "B0 draws Q♦" in match.log(1)


def test_hides_cards_is_true_for_hands_false_for_open_games() -> None:
    assert against_bots(RANG.position(hands=["6♠", "K♣", "J♣"], discard="7♣")).hides_cards()
    grabuge = Match(get_game("grabuge"), [SeatInfo("A"), SeatInfo("B")], seed=1)
    assert not grabuge.hides_cards()


def test_save_and_load_rebuild_the_match(tmp_path: Path) -> None:
    setup = MatchSetup(
        game=RANG_GAME,
        seats=(SeatInfo("Anna"), SeatInfo("Boris", "random"), SeatInfo("Vera", "random")),
        seed=77,
    )
    match = setup.start()
    for _ in range(5):
        if match.is_over():
            break
        match.play_bots()
        if match.to_move() == frozenset({0}):
            match.apply(match.legal_moves(0)[0])
    path = tmp_path / "saves" / "match.json"
    match.save(path)
    loaded = Match.load(path)
    assert loaded.state == match.state
    assert loaded.seats == match.seats
    assert loaded.moves == match.moves
    assert [p.name for p in path.parent.iterdir()] == ["match.json"], "no temporary files left"


def test_load_reports_a_bad_record_with_the_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    Match(RANG_GAME, [SeatInfo("A"), SeatInfo("B")], seed=1).save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["options"] = {"decks": 7}
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as error:
        Match.load(path)
    assert str(path) in str(error.value) and "decks" in str(error.value)
    data["options"] = {}
    data["game"] = "chess"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError, match="unknown game 'chess'"):
        Match.load(path)
