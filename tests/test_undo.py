"""Undo takes back exactly one decision of the player's, redo plays it again (issue 19).

A decision is a move its player made by hand or had a choice about; a move played for him as
his only one is not.  The policy: alone against bots, not on a clock; an undo back across a
card seen since makes the match a practice match, a redo never changes that.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from cardsuite.core.cards import parse_card
from cardsuite.core.errors import CardsuiteError
from cardsuite.core.options import options_from_strings
from cardsuite.core.protocol import AnyGame
from cardsuite.games import GAMES, get_game
from cardsuite.games.rang.engine import RANG
from cardsuite.games.rang.model import Draw, Keep, Play
from cardsuite.match import Match, SeatInfo, Undone
from cardsuite.store.db import Store


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path))
    return tmp_path


def rang_at(position: str, humans: int = 1) -> Match:
    seats = [SeatInfo(f"H{i}") for i in range(humans)]
    seats += [SeatInfo(f"B{i}", "random") for i in range(3 - humans)]
    match = Match(RANG, seats, seed=1)
    match.states[0] = RANG.position(position)
    return match


# Anna can play 6♠ or 8♠; then every seat can only draw cards it cannot play, and keep them.
QUIET = "P1: 6♠ 8♠ 9♥ 10♥\nP2: K♣ K♦\nP3: J♣ J♦\ndiscard: 7♣\nstock: Q♣ Q♦ K♥ K♠ 2♣ 2♦ 4♣ 4♦"


def test_a_forced_move_is_not_a_decision_undo_goes_back_past_it() -> None:
    match = rang_at(QUIET)
    decision = match.state
    assert len(match.legal_moves(0)) == 2
    match.apply(Play(0, parse_card("6♠")))
    match.play_bots()
    for forced in (Draw(0), Keep(0)):  # her only moves (2♦ fits nothing), played for her
        assert match.legal_moves(0) == (forced,)
        match.apply(forced, auto=True)
    match.play_bots()
    assert len(match.moves) == 11 and match.to_move() == frozenset({0})
    assert match.undo_point(0) == 0
    undone = match.undo(0)
    assert match.state is decision and match.moves == []
    assert undone.moves == 11 and undone.seats == (0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2)
    assert undone.decision == "play 6♠"
    assert undone.practice, "she had drawn 2♦ since"
    names = ("Anna", "Boris", "Vera")
    assert undone.text(names) == (
        "Undone: your “play 6♠” (11 moves taken back: yours, Boris's and Vera's)."
    )
    single = Undone(0, "keep the drawn card", (0,))
    assert single.text(names) == "Undone: your “keep the drawn card” (1 move taken back: yours)."


def test_a_single_move_made_by_hand_is_a_decision() -> None:
    match = rang_at("P1: 9♥ 10♥\nP2: K♣ K♦\nP3: J♣ J♦\ndiscard: 3♣\nstock: Q♣ Q♦ 2♥")
    assert match.legal_moves(0) == (Draw(0),)
    match.apply(Draw(0))  # pressed by her (auto-play off): her decision
    assert match.undo_point(0) == 0
    auto = rang_at("P1: 9♥ 10♥\nP2: K♣ K♦\nP3: J♣ J♦\ndiscard: 3♣\nstock: Q♣ Q♦ 2♥")
    auto.apply(Draw(0), auto=True)
    assert auto.undo_point(0) is None, "only a forced move: nothing to undo"
    with pytest.raises(CardsuiteError):
        auto.undo(0)


def test_after_a_load_a_decision_is_a_move_its_player_had_a_choice_about() -> None:
    # (how each move was made is not recorded: a move that was the only one counts as forced)
    seats = [SeatInfo("Anna"), SeatInfo("Boris", "heuristic")]
    match = Match(RANG, seats, seed=35)
    for _ in range(100):
        match.play_bots()
        legal = match.legal_moves(0)
        if len(legal) > 1:
            break
        match.apply(legal[0], auto=True)
    point = len(match.moves)
    assert point == 18, "the Rang case of issue 19: all of Anna's moves forced before it"
    match.play_text("keep", 0)
    match.play_bots()
    loaded = Match.from_record(match.record())
    assert loaded.undo_point(0) == match.undo_point(0) == point
    assert loaded.undo(0).moves == match.undo(0).moves == 3
    assert loaded.state == match.state == match.states[point]
    assert loaded.undo_point(0) is None and match.undo_point(0) is None


def test_redo_plays_the_same_moves_again_and_anything_new_forgets_it() -> None:
    match = rang_at(QUIET)
    match.apply(Play(0, parse_card("6♠")))
    match.play_bots()
    after, moves = list(match.states), list(match.moves)
    assert not match.redo_offered(0)
    match.undo(0)
    assert match.redo_offered(0) and not match.redo_offered(1)
    redone = match.redo(0)
    assert match.states == after and match.moves == moves
    assert redone.text(("Anna", "Boris", "Vera"), redo=True) == (
        "Redone: your “play 6♠” (5 moves played again: yours, Boris's and Vera's)."
    )
    assert not match.redo_offered(0)
    match.undo(0)
    match.apply(Play(0, parse_card("8♠")))  # something new: what was undone stays undone
    assert not match.redo_offered(0)
    with pytest.raises(CardsuiteError):
        match.redo(0)


def test_redo_keeps_the_practice_mark_as_the_undo_left_it() -> None:
    match = rang_at("P1: 6♠ 9♥\nP2: 5♣ K♦\nP3: J♣ J♦\ndiscard: 7♣\nstock: Q♣ Q♦")
    match.apply(Play(0, parse_card("6♠")))
    match.play_bots()  # B0 must play 5♣, which Anna had not seen
    assert match.undo_reveals(0)
    undone = match.undo(0)
    assert undone.practice and match.practice
    match.redo(0)
    assert match.practice
    clean = rang_at(QUIET)
    clean.apply(Play(0, parse_card("6♠")))
    clean.play_bots()
    assert not clean.undo(0).practice and not clean.practice
    clean.redo(0)
    assert not clean.practice, "redo shows nothing she had not seen"


def test_no_undo_nor_redo_between_humans() -> None:
    match = rang_at(QUIET, humans=2)
    match.apply(Play(0, parse_card("6♠")))
    assert not match.undo_offered(0) and match.undo_point(0) is None
    assert not match.redo_offered(0)


@pytest.mark.parametrize("game_id", ["spit", "nerts"])
def test_no_undo_on_a_clock(game_id: str) -> None:
    game = get_game(game_id)
    match = Match(game, [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=1)
    assert match.realtime
    match.advance_to(60_000)
    assert not match.undo_offered(0) and match.undo_point(0) is None
    assert not match.redo_offered(0)


# --- every game: undo and redo at random points ------------------------------------------------


def turn_based(game: AnyGame) -> Any:
    """The game's options with any clock turned off (Spit and Nerts have a turn mode)."""
    names = {field for field in getattr(game.Options, "__dataclass_fields__", {})}
    return options_from_strings(game.Options, {"mode": "turns"}) if "mode" in names else None


def seen(match: Match, state: Any) -> Counter[Any]:
    return Counter(match.game.observe(state, 0).state.table.all_visible())


def shown_since(match: Match, states: list[Any], point: int) -> bool:
    """Whether a card became visible to seat 0 after ``states[point]`` (the practice rule)."""
    known = seen(match, states[point])
    return any(
        any(n > known[card] for card, n in seen(match, state).items())
        for state in states[point + 1 :]
    )


@pytest.mark.parametrize("game_id", list(GAMES))
def test_undo_and_redo_step_one_decision_in_every_game(game_id: str) -> None:
    game = get_game(game_id)
    count = 3 if 3 in game.seat_counts else min(game.seat_counts)
    seats = [SeatInfo("Anna")] + [SeatInfo(f"Bot{i}", "random") for i in range(1, count)]
    options = turn_based(game)
    undos = redos = 0
    with Store() as store:
        for seed in range(3):
            rng = random.Random(seed)
            match = Match(game, seats, options=options, seed=seed)
            assert not match.realtime
            match_id = store.add(match.record(), origin="play")
            match.attach(store.journal(match_id), match_id)
            decisions: list[int] = []  # where Anna decided (the history's index before)
            redo: list[tuple[list[Any], list[Any], list[int]]] = []  # the oracle's redo

            def stored() -> None:
                assert store.record(match_id).moves == match.record().moves  # noqa: B023

            for _ in range(60):
                match.play_bots()
                stored()
                if match.is_over():
                    break
                assert match.to_move() == frozenset({0})
                assert (match.undo_point(0) is not None) == bool(decisions)
                assert match.redo_offered(0) == bool(redo)
                roll = rng.random()
                if decisions and roll < 0.25:
                    states, moves = list(match.states), list(match.moves)
                    point = decisions[-1]
                    practice = match.practice or shown_since(match, states, point)
                    undone = match.undo(0)
                    assert match.state == states[point] and match.states == states[: point + 1]
                    assert match.moves == moves[:point]
                    assert undone.moves == len(moves) - point
                    assert undone.seats == tuple(m.seat for m in moves[point:])
                    assert match.practice == practice
                    redo.append((states, moves, list(decisions)))
                    decisions.pop()
                    undos += 1
                elif redo and roll < 0.45:
                    states, moves, decisions = redo.pop()
                    practice = match.practice
                    match.redo(0)
                    assert match.states == states and match.moves == moves
                    assert match.practice == practice, "redo never changes the practice mark"
                    redos += 1
                else:
                    legal = match.legal_moves(0)
                    by_hand = len(legal) > 1 or game.watch_by_default or rng.random() < 0.2
                    if by_hand:
                        decisions.append(len(match.moves))
                    match.apply(legal[rng.randrange(len(legal))], auto=not by_hand)
                    redo.clear()
                    assert not match.redo_offered(0)
                stored()
            match.detach()
    assert undos and redos, (undos, redos)
