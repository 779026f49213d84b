"""Every game, played to its end through the runner alone (no screen): a scripted person and
bots, turn by turn or on a clock."""

from __future__ import annotations

import random

import pytest

from cardsuite.bots import bot_ids
from cardsuite.games import GAME_INFO, get_game
from cardsuite.match import Match, SeatInfo
from tests.runner.driver import play_out, runner_for

GAMES = list(GAME_INFO)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_match_through_the_runner(game_id: str) -> None:
    game = get_game(game_id)
    first = GAME_INFO[game_id].seat_counts[0]
    bot = bot_ids(game)[0]
    seats = [SeatInfo("Anna")] + [
        SeatInfo(name, bot) for name in ("Boris", "Vera", "Gleb")[: first - 1]
    ]
    match = Match(game, seats, seed=7)
    runner, time = runner_for(match, pace=0.5)
    play_out(runner, time, random.Random(7))
    assert match.is_over() and match.outcome() is not None
    assert any(m.seat == 0 for m in match.moves), "the person took part"
    assert any(m.seat != 0 for m in match.moves), "the bots took part"
