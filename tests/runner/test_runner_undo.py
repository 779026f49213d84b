"""Undo through the runner: exactly one of the person's own decisions back, with the right
count, and redo plays it again; forced moves are not decisions."""

from __future__ import annotations

import random
import re

import pytest

from cardsuite.games import get_game
from cardsuite.match import Match, SeatInfo
from cardsuite.runner import HumanTurn, Runner, Summary
from tests.runner.driver import HandTime, runner_for, wait


def to_my_decision(runner: Runner, time: HandTime, made: list[int]) -> None:
    """Let time pass until the person has a decision to make (more than one move); an only
    move he must make by hand (dealing on) is made, and counts as a decision of his: the
    length of the history before it joins ``made``."""
    for _ in range(10_000):
        step = runner.step
        if isinstance(step, Summary):
            runner.acknowledge()
            continue
        if isinstance(step, HumanTurn) and not step.forced and len(runner.legal) > 1:
            return
        if isinstance(step, HumanTurn) and len(runner.legal) == 1 and not step.forced:
            made.append(len(runner.match.moves))
            runner.submit(runner.legal[0])
            continue
        assert wait(runner, time), f"stuck at {step}"
    raise AssertionError("no decision came")


@pytest.mark.parametrize(
    ("game_id", "players", "seed"), [("seven-leaves", 3, 5), ("grabuge", 2, 3), ("rang", 3, 2)]
)
def test_undo_takes_back_exactly_one_decision(game_id: str, players: int, seed: int) -> None:
    game = get_game(game_id)
    names = ("Boris", "Vera", "Gleb")
    seats = [SeatInfo("Anna"), *(SeatInfo(n, "random") for n in names[: players - 1])]
    match = Match(game, seats, seed=seed)
    runner, time = runner_for(match, pace=0.4)
    rng = random.Random(seed)
    before: list[int] = []  # the length of the history just before each decision
    for _ in range(3):
        to_my_decision(runner, time, before)
        before.append(len(match.moves))
        legal = runner.legal
        assert runner.submit(legal[rng.randrange(len(legal))])
    to_my_decision(runner, time, before)
    now = len(match.moves)
    assert runner.undo()
    assert len(match.moves) == before[-1], "back to just before the last decision"
    taken = int(re.search(r"\((\d+) moves? taken back", runner.message).group(1))
    assert taken == now - before[-1], runner.message
    assert isinstance(runner.step, HumanTurn) and runner.step.seat == 0
    assert runner.legal and not runner.busy, "his decision again, nothing on its way"
    assert runner.undo()
    assert len(match.moves) == before[-2], "a second undo: one more decision back"
    assert runner.redo()
    assert len(match.moves) == before[-1], "redo plays that decision and its answers again"
    assert runner.redo()
    assert len(match.moves) == now, "and the next one"
    assert not runner.redo_allowed()
