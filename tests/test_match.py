"""Match: bots, the undo policy, the log, and saving and loading."""

from __future__ import annotations

import itertools
import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest

from cardsuite.core.cards import FACE_DOWN, parse_card
from cardsuite.core.errors import NOT_YOUR_TURN, IllegalMoveError, SaveError
from cardsuite.core.record import MatchRecord, load_record
from cardsuite.core.series import NextDeal
from cardsuite.games import GAMES, get_game
from cardsuite.games.grabuge.model import GrabugeOptions
from cardsuite.games.rang.engine import ILLEGAL_CARD, RANG
from cardsuite.games.rang.model import Draw, Drew, FullRang, Keep, Play, RangOptions, hand
from cardsuite.match import Match, MatchSetup, SeatInfo

RANG_GAME = get_game("rang")


def against_bots(state: FullRang, humans: int = 1) -> Match:
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
    state = RANG.position("P1: 6♠ 9♥\nP2: K♣\nP3: K♦\ndiscard: 7♣")
    match = against_bots(state)
    with pytest.raises(IllegalMoveError) as error:
        match.apply(Play(0, parse_card("9♥")))
    assert error.value.code == ILLEGAL_CARD
    assert match.state is state and match.moves == []
    refusal = match.refusal(Play(0, parse_card("9♥")))
    assert refusal is not None and refusal.code == ILLEGAL_CARD
    assert refusal.text == error.value.reason
    assert match.why_illegal(Play(1, parse_card("K♣"))) == "it is not B0's turn"
    refusal = match.refusal(Play(1, parse_card("K♣")))
    assert refusal is not None and refusal.code == NOT_YOUR_TURN
    assert refusal.text == "it is not {s1}'s turn"
    assert match.refusal(Play(0, parse_card("6♠"))) is None
    assert match.why_illegal(Play(0, parse_card("6♠"))) is None


def test_undo_back_to_the_humans_decision_when_nothing_new_was_seen() -> None:
    # The bots can only draw cards they cannot play (and keep them), which Anna never sees.
    state = RANG.position("P1: 6♠ 9♥\nP2: K♣ K♦\nP3: J♣ J♦\ndiscard: 7♣\nstock: Q♣ Q♦")
    match = against_bots(state)
    match.apply(Play(0, parse_card("6♠")))
    match.play_bots()
    assert match.to_move() == frozenset({0})
    assert match.moves[1:] == [Draw(1), Keep(1), Draw(2), Keep(2)]
    assert match.undo_point(0) == 0
    assert match.undo(0).moves == 5
    assert match.state is state and match.moves == []
    assert match.undo_point(0) is None, "nothing left to undo"


def test_undo_across_a_card_a_bot_revealed_makes_a_practice_match() -> None:
    state = RANG.position("P1: 6♠ 9♥\nP2: 5♣ K♦\nP3: J♣ J♦\ndiscard: 7♣\nstock: Q♣ Q♦")
    match = against_bots(state)
    match.apply(Play(0, parse_card("6♠")))
    match.play_bots()  # B0 must play 5♣, a card Anna had not seen
    assert match.undo_point(0) == 0 and match.undo_reveals(0)
    assert not match.practice
    match.undo(0)
    assert match.state == state and match.practice, "undone, and marked as practice"
    record = MatchRecord.from_json(match.record().to_json())
    assert record.practice and Match.from_record(record).practice, "the record keeps it"


def test_undo_of_a_draw_makes_a_practice_match() -> None:
    state = RANG.position("P1: 9♥ 10♥\nP2: K♣ K♦\nP3: J♣ J♦\ndiscard: 3♣\nstock: Q♣ Q♦ 2♥")
    match = against_bots(state)
    match.apply(Draw(0))  # Anna sees 2♥, which she may play or keep
    assert match.to_move() == frozenset({0})
    assert match.undo_reveals(0)
    match.undo(0)
    assert match.state == state and match.practice


def test_undo_that_reveals_nothing_keeps_the_match_a_real_one() -> None:
    state = RANG.position("P1: 6♠ 9♥\nP2: K♣ K♦\nP3: J♣ J♦\ndiscard: 7♣\nstock: Q♣ Q♦")
    match = against_bots(state)
    match.apply(Play(0, parse_card("6♠")))  # nothing new is seen before Anna's next decision
    assert not match.undo_reveals(0)
    match.undo(0)
    assert match.state == state and not match.practice
    assert "practice" not in match.record().to_json()


def test_no_undo_between_humans() -> None:
    state = RANG.position("P1: 6♠ 9♥\nP2: K♣ K♦\nP3: J♣ J♦\ndiscard: 7♣\nstock: Q♣ Q♦")
    match = against_bots(state, humans=2)
    match.apply(Play(0, parse_card("6♠")))
    assert match.undo_point(0) is None


def test_log_tells_bot_moves_and_hides_private_cards() -> None:
    state = RANG.position("P1: 6♠ 9♥\nP2: K♣ K♦\nP3: J♣ J♦\ndiscard: 7♣\nstock: Q♣ Q♦")
    match = against_bots(state)
    match.apply(Play(0, parse_card("6♠")))
    match.play_bots()
    anna = match.log(0)
    assert anna == [
        "H0 plays 6♠",
        "B0 draws a card and keeps it",
        "B1 draws a card and keeps it",
    ]
    assert match.log(1, last=1) == ["B1 draws a card and keeps it"]
    assert match.log(1)[-2:] == ["B0 draws Q♦ and keeps it", "B1 draws a card and keeps it"]
    assert match.log(2)[-2:] == ["B0 draws a card and keeps it", "B1 draws Q♣ and keeps it"]


def test_a_draw_and_what_ends_the_turn_are_one_line_of_the_log() -> None:
    # Issue 19, item 3: a Rang deal played by hand was a wall of "draws a card" and "keeps
    # the drawn card" lines.  Each draw is told with the keep or the play that ends the turn.
    seats = [SeatInfo("Anna"), SeatInfo("Boris", "random"), SeatInfo("Vera", "random")]
    match = Match(RANG_GAME, seats, seed=3)
    while not match.is_over() and len(match.moves) < 400:
        if match.play_bots() == 0:  # Anna's turn: she draws whenever she may
            legal = match.legal_moves(0)
            draws = [m for m in legal if isinstance(m, Draw | Keep)]
            match.apply(draws[0] if draws else legal[0])
    drawn: dict[int, list[str]] = {0: [], 1: [], 2: []}  # the cards each seat drew, in order
    for _move, state in match.history():
        for event in state.events:
            if isinstance(event, Drew):
                drawn[event.seat].append(event.card.text())
    assert all(drawn.values()), "everyone drew in 400 moves"
    for viewer in range(3):
        log = match.log(viewer)
        assert not any(" keeps the drawn card" in line for line in log), log
        assert not any(line.endswith(" draws a card") for line in log), log
        assert not any(re.search(r" draws \S+$", line) for line in log), log
        for a, b in itertools.pairwise(log):
            assert a != b or "draws" not in a, f"a run of draw lines for {viewer}: {a!r}"
        for seat, name in enumerate(match.names):
            kept = [line for line in log if line.startswith(f"{name} draws ") and "keeps" in line]
            assert kept, (viewer, seat)
            if seat == viewer:  # his own draws name the card
                assert all("a card" not in line for line in kept), kept
            else:  # the others' kept cards stay hidden: the line is the same for all of them
                assert set(kept) == {f"{name} draws a card and keeps it"}, kept
        # no card another seat holds is named to this viewer as one he drew and kept
        text = "\n".join(log)
        for seat in range(3):
            if seat == viewer:
                continue
            for card in match.state.table.cards(hand(seat)):
                kept_line = f"{match.names[seat]} draws {card.text()} and keeps it"
                assert kept_line not in text, (viewer, seat, card)
        assert match.log(viewer, last=7) == log[-7:]
    # a drawn card played at once is public: everyone reads the same line
    played = [line for line in match.log(1) if " and plays it" in line]
    assert played and all(line in match.log(2) for line in played)


def test_hides_cards_is_true_for_hands_false_for_open_games() -> None:
    assert against_bots(RANG.position("P1: 6♠\nP2: K♣\nP3: J♣\ndiscard: 7♣")).hides_cards()
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


def test_view_fills_in_the_names_and_hides_the_other_hands() -> None:
    match = Match(RANG_GAME, [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=3)
    view = match.view(1)
    assert [s.seat for s in view.seats] == [1, 0] and view.seats[0].is_viewer
    assert (view.seat(0).name, view.seat(1).name) == ("Anna", "Boris")
    assert not any("{s" in text for text in view.strings()), "every seat placeholder is filled"
    (mover,) = match.to_move()
    assert match.names[mover] in view.status
    assert all(face is FACE_DOWN for face in view.pile(hand(0)).faces)
    assert Counter(view.pile(hand(1)).faces) == Counter(match.state.table.cards(hand(1)))


def several_deals(game: str, options: object, seed: int) -> Match:
    """A finished match of two deals between random bots."""
    seats = [SeatInfo("Anna", "random"), SeatInfo("Boris", "random")]
    match = Match(get_game(game), seats, options=options, seed=seed)
    match.play_bots()
    assert match.is_over()
    return match


@pytest.mark.parametrize(
    ("game", "options"),
    [("rang", RangOptions(match_deals=2)), ("grabuge", GrabugeOptions(match_deals=2))],
)
def test_a_match_of_several_deals_records_each_next_deal(
    tmp_path: Path, game: str, options: object
) -> None:
    match = several_deals(game, options, seed=6)
    deals = [(i, m) for i, m in enumerate(match.moves) if isinstance(m, NextDeal)]
    assert len(deals) == 1
    ((i, move),) = deals
    assert match.states[i].series.between and not match.states[i + 1].series.between
    assert match.record().moves[i] == (move.seat, "next deal")
    path = tmp_path / "match.json"
    match.save(path)
    assert json.loads(path.read_text(encoding="utf-8"))["version"] >= 2
    loaded = Match.load(path)
    assert loaded.state == match.state and loaded.moves == match.moves


@pytest.mark.parametrize(
    ("game", "options"),
    [("rang", RangOptions(match_deals=2)), ("grabuge", GrabugeOptions(match_deals=2))],
)
def test_a_version_1_record_deals_the_next_hand_by_itself(
    tmp_path: Path, game: str, options: object
) -> None:
    # Version 1 records were written when the next deal followed the last one at once.
    match = several_deals(game, options, seed=8)
    data = json.loads(match.record().to_json())
    data["version"] = 1
    data["moves"] = [m for m in data["moves"] if m[1] != "next deal"]
    assert len(data["moves"]) == len(match.moves) - 1
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_record(path).version == 1
    loaded = Match.load(path)
    assert loaded.state == match.state and loaded.moves == match.moves
    assert loaded.record() == MatchRecord.from_json(match.record().to_json())


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_last_lines_of_the_log_are_the_end_of_the_whole_log(game_id: str) -> None:
    # The table asks for the last few lines after every move: they are found without reading
    # the whole history, and must be exactly the end of the whole log, for every viewer.
    game = get_game(game_id)
    seats = [SeatInfo("P0"), *(SeatInfo(f"P{n}", "random") for n in range(1, game.seat_counts[0]))]
    match = Match(game, seats, seed=4)
    rng = random.Random(4)
    for _ in range(400):
        if match.is_over():
            break
        if match.play_bots():
            continue
        legal = match.legal_moves(0)
        match.apply(legal[rng.randrange(len(legal))])
    for viewer in (None, *range(len(seats))):
        whole = match.log(viewer)
        for last in (0, 1, 2, 5, 11, len(whole) + 3):
            assert match.log(viewer, last=last) == (whole[-last:] if last else []), (viewer, last)
