"""The contract every registered game keeps (DESIGN.md §7); the checks are in ``checks.py``.

Hypothesis picks a player count, options and seeds; a seeded random player plays the game to
the end, and every state on the way is checked.  CI plays ``CONTRACT_GAMES`` games per game
(derandomized, so a red run repeats); ``CARDSUITE_SOAK=1`` plays many more with fresh random
choices, printing each setup, for a long soak outside CI.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from cardsuite.core.errors import OptionsError
from cardsuite.core.options import describe_options
from cardsuite.core.protocol import AnyGame
from cardsuite.games import GAME_INFO, GAMES, get_game
from tests.contract.checks import BehaviourTally, play_checked
from tests.soak import SOAK, ci_or_soak

GAME_IDS = sorted(GAMES)
CONTRACT_GAMES = ci_or_soak(40, 500)  # random games per game per run, at most
# CI gives every game the same budget of checked moves: short games play all their games, long
# ones (Nerts, Russian Bank: hundreds of moves a game) stop once the budget is spent.
MOVE_BUDGET = 2_000
MIN_GAMES = 3


def option_values(info: Any) -> st.SearchStrategy[Any]:
    """Values worth trying for one option: all choices, or the default and the low end."""
    if info.kind == "bool":
        return st.booleans()
    if info.kind == "choice":
        return st.sampled_from(info.choices)
    low = info.minimum if info.minimum is not None else 0
    high = low + 2 if info.maximum is None else min(info.maximum, low + 2)
    return st.one_of(st.just(info.default), st.integers(low, high))


@st.composite
def setups(draw: st.DrawFn, game: AnyGame) -> tuple[int, Any, int, int]:
    seats = draw(st.sampled_from(game.seat_counts))
    values = {info.name: draw(option_values(info)) for info in describe_options(game.Options)}
    try:
        options = game.Options(**values)
        game.new_game(seats=seats, options=options, seed=0)
    except OptionsError:
        assume(False)
    seed = draw(st.integers(0, 2**32))
    player = draw(st.integers(0, 2**32))
    return seats, options, seed, player


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_contract(game_id: str) -> None:
    game = GAMES[game_id]
    tally = BehaviourTally()
    spent = {"games": 0, "moves": 0}

    @settings(
        max_examples=CONTRACT_GAMES,
        deadline=None,
        suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
        database=None,
        derandomize=not SOAK,
    )
    @given(setups(game))
    def run(setup: tuple[int, Any, int, int]) -> None:
        if SOAK:
            print(
                f"{game_id}: seats={setup[0]} options={setup[1]} seed={setup[2]} player={setup[3]}"
            )
        if not SOAK and spent["games"] >= MIN_GAMES and spent["moves"] >= MOVE_BUDGET:
            return
        spent["moves"] += play_checked(game, *setup, tally=tally)
        spent["games"] += 1

    run()
    assert spent["games"] >= MIN_GAMES
    if GAME_INFO[game_id].every_card_seen:  # no card hidden from everyone: no twin to make
        assert tally.tried > 0 and tally.nothing_hidden == tally.tried, tally
        return
    # The behaviour check was not vacuous: it played moves on twins and compared viewers.
    assert tally.alike > 0, tally


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_registry_metadata(game_id: str) -> None:
    game = GAMES[game_id]
    assert get_game(game.id) is game
    assert get_game(game.original_name) is game
    for alias in game.aliases:
        assert get_game(alias.upper()) is game
    assert game.seat_counts and min(game.seat_counts) >= 1
    assert game.summary and "\n" not in game.summary
    assert game.rules().lstrip().startswith("#"), "rules are Markdown with a title"
    fresh = game.new_game(seats=min(game.seat_counts), options=game.Options(), seed=0)
    assert game.to_move(fresh), "a game with default options starts with someone to move"
    for info in describe_options(game.Options):
        assert info.name in game.rules() or info.label.lower() in game.rules().lower(), (
            f"the rules text does not explain the option {info.name}"
        )
