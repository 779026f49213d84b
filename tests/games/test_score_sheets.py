"""Every game played over several deals keeps a score sheet in its view (issue 19): a row per
finished deal, and running totals that end where the outcome's scores do; a match of one deal
has none."""

from __future__ import annotations

from typing import Any

import pytest

from cardsuite.games import GAMES, get_game
from cardsuite.match import Match, SeatInfo

NAMES = ("Anna", "Boris", "Vera", "Gleb")

# (game, players, options) of matches of several deals; the sheet's column i shows seat i
# (a side through its first seat).
SEVERAL = [
    ("cassino-clubs", 3, {"hands": 3}),
    ("grabuge", 2, {"match_deals": 3}),
    ("grabush", 2, {"match_wins": 2}),
    ("laugh-and-lie-down", 3, {}),
    ("laugh-and-lie-down", 3, {"stakes": False}),
    ("nerts", 2, {"target_score": 20}),
    ("rang", 3, {"match_deals": 3}),
    ("seven-up", 3, {}),
    ("seven-up", 4, {"partnerships": True}),
]
ONE_DEAL = [
    ("cassino-clubs", {}),
    ("grabuge", {}),
    ("grabush", {}),
    ("laugh-and-lie-down", {"deals": 1}),
    ("nerts", {}),
    ("rang", {}),
]


def played(game_id: str, players: int, options: dict[str, Any], seed: int = 2) -> Match:
    game = get_game(game_id)
    seats = [SeatInfo(name, "random") for name in NAMES[:players]]
    match = Match(game, seats, options=game.Options(**options), seed=seed)
    match.play_bots()
    assert match.is_over()
    return match


@pytest.mark.parametrize(("game_id", "players", "options"), SEVERAL)
def test_the_sheet_adds_up_to_the_outcome(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    match = played(game_id, players, options)
    sheet = match.view(0).scores
    outcome = match.outcome()
    assert sheet is not None and outcome is not None and outcome.scores is not None
    assert len(sheet.rows) == len(match.state.series.results) > 1
    assert sheet.rows[0].label == ("Hand 1" if game_id == "cassino-clubs" else "Deal 1")
    assert sheet.scored and sheet.total and sheet.title
    last = sheet.rows[-1].totals
    assert [int(total) for total in last] == list(outcome.scores[: len(sheet.columns)])
    assert sheet.lines[0] == "The match is over"
    assert "{" not in "".join(sheet.columns)  # the players' names are in


@pytest.mark.parametrize(("game_id", "options"), ONE_DEAL)
def test_a_match_of_one_deal_has_no_sheet(game_id: str, options: dict[str, Any]) -> None:
    game = get_game(game_id)
    seats = min(game.seat_counts)
    state = game.new_game(seats=seats, options=game.Options(**options), seed=1)
    assert game.present(game.observe(state, 0)).scores is None


@pytest.mark.parametrize(
    "game_id", ["russian-bank", "rubashka", "ryba", "snip-snap-snorem", "spit"]
)
def test_games_of_one_deal_have_no_sheet(game_id: str) -> None:
    game = GAMES[game_id]
    state = game.new_game(seats=min(game.seat_counts), seed=1)
    assert game.present(game.observe(state, 0)).scores is None
