"""The real-time part of the protocol: defaults for turn-based games, the stale-time refusal
and advancing before an action for games on a clock."""

from __future__ import annotations

from typing import Any

import pytest

from cardsuite.core.errors import STALE_TIME, IllegalMoveError
from cardsuite.games import GAMES
from tests.contract.toy import Toy


class Clocked(Toy):
    """The toy on a clock: its state's clock is kept beside it by advance (a test double)."""

    def __init__(self) -> None:
        super().__init__()
        self.advanced: list[int] = []

    def realtime(self, state: Any) -> bool:
        return True

    def clock(self, state: Any) -> int:
        return self.advanced[-1] if self.advanced else 0

    def advance(self, state: Any, now: int) -> Any:
        self.advanced.append(now)
        return state


TURN_BASED = [g for g in GAMES.values() if not g.realtime(g.new_game(seats=min(g.seat_counts)))]


def test_the_registry_has_games_of_both_kinds() -> None:
    on_a_clock = {g.id for g in GAMES.values()} - {g.id for g in TURN_BASED}
    assert on_a_clock == {"nerts", "spit"} and len(TURN_BASED) >= 4


@pytest.mark.parametrize("game", TURN_BASED, ids=[g.id for g in TURN_BASED])
def test_turn_based_games_have_no_clock(game: Any) -> None:
    state = game.new_game(seats=min(game.seat_counts))
    assert not game.realtime(state)
    assert game.next_due(state) is None and game.clock(state) == 0
    assert game.advance(state, 10_000) is state
    (seat, *_) = sorted(game.to_move(state))
    move = game.legal_moves(state, seat)[0]
    assert game.apply_at(state, move, 0) == game.apply(state, move)  # time is ignored


def test_an_action_advances_the_clock_first_and_a_stale_one_is_refused() -> None:
    toy = Clocked()
    state = toy.new_game(seats=2, seed=3)
    (seat,) = toy.to_move(state)
    move = toy.legal_moves(state, seat)[0]
    after = toy.apply_at(state, move, 1500)
    assert toy.advanced == [1500] and after == toy.apply(state, move)
    with pytest.raises(IllegalMoveError) as error:
        toy.apply_at(after, toy.legal_moves(after, 1 - seat)[0], 1499)
    assert error.value.code == STALE_TIME
    assert "1499" in error.value.reason and "1500" in error.value.reason
    assert toy.advanced == [1500]  # nothing was advanced for the refused action
