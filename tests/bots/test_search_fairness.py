"""The generic search bot's two playout paths, the game's kernel and its engine: both fair
(the cards hidden from the bot's seat do not change its move), both finding a move that wins
or saves the game at once, and the kernel's playouts spending their plies in the kernel, at
a fraction of the engine's work per ply."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

import pytest

from cardsuite.bots.search import PLAYOUT_PLIES, WORLD_PLIES, SearchBot
from cardsuite.core.kernel import plays_by_rule
from cardsuite.core.moves import Move
from cardsuite.core.protocol import AnyGame
from cardsuite.core.table import HoldsRank, resample_hidden
from cardsuite.games import GAME_INFO, GAMES
from cardsuite.games.rang.engine import RANG
from cardsuite.games.rang.model import Play
from cardsuite.games.ryba.engine import RYBA
from cardsuite.games.ryba.model import Ask, hand

PATHS = {"kernel": True, "engine": False}
PLIES = 1_500  # a small budget: the paths are compared, not the bot's strength


def asked(game: AnyGame, state: Any) -> int | None:
    """The seat a bot would be asked for: the lowest to move with a move to weigh."""
    return next((s for s in sorted(game.to_move(state)) if game.bot_moves(state, s)), None)


def choices(game: AnyGame, count: int, seed: int) -> list[tuple[Any, int]]:
    """``count`` states of random games, each with the seat asked there holding a real choice
    (two moves or more), a few plies apart."""
    rng = random.Random(seed)
    seats = 2 if 2 in game.seat_counts else 3
    state = game.new_game(seats=seats, seed=seed)
    found: list[tuple[Any, int]] = []
    ply = 0
    while len(found) < count:
        if not game.to_move(state):
            state = game.new_game(seats=seats, seed=seed + ply)
        seat = asked(game, state)
        if seat is None:  # on a clock: wait for what falls due
            due = game.next_due(state)
            assert due is not None, "nobody can act and nothing is due"
            state = game.advance(state, due)
            continue
        legal = game.bot_moves(state, seat)
        ply += 1
        if len(legal) > 1 and ply % 5 == 0:
            found.append((state, seat))
        state = game.apply(state, legal[rng.randrange(len(legal))])
    return found


def decide(bot: SearchBot, game: AnyGame, state: Any, seat: int, seed: int) -> Move:
    legal = game.bot_moves(state, seat)
    return bot.choose(game, game.observe(state, seat), legal, random.Random(seed))


# --- fairness --------------------------------------------------------------------------------


@pytest.mark.parametrize("path", sorted(PATHS))
@pytest.mark.parametrize("game_id", ["seven-up", "ryba", "rang", "cassino-clubs", "nerts"])
def test_cards_hidden_from_the_seat_do_not_change_its_move(game_id: str, path: str) -> None:
    game = GAMES[game_id]
    bot = SearchBot(plies=PLIES, kernels=PATHS[path])
    assert (bot.kernel_for(game) is not None) == PATHS[path]
    rng = random.Random(7)
    redealt = 0
    for i, (state, seat) in enumerate(choices(game, 4, seed=11)):
        twin = state._replace(table=resample_hidden(state.table, seat, rng))
        redealt += twin.table != state.table
        assert game.bot_moves(twin, seat) == game.bot_moves(state, seat)
        assert decide(bot, game, twin, seat, seed=i) == decide(bot, game, state, seat, seed=i)
    assert redealt  # the hidden cards really were dealt again


# --- the same good move on both paths --------------------------------------------------------


@pytest.mark.parametrize("path", sorted(PATHS))
def test_both_paths_ask_for_the_card_that_wins_at_once(path: str) -> None:
    # Seat 0 knows seat 1 holds the last 5: asking seat 1 for it completes the book and
    # empties both hands, and seat 0 wins on books (5 to 3).  Asking seat 2 fails.
    s = RYBA.position("P1: 5♣ 5♦ 5♥\nP2: 5♠\nP3: K♣ K♦\nbooks: P1=4 P2=3")
    s = s._replace(table=s.table._replace(known=(HoldsRank(hand(1), 5),)))
    winning = Ask(0, 1, 5)
    outcome = RYBA.outcome(RYBA.apply(s, winning))
    assert outcome is not None and outcome.places[0] == 1
    bot = SearchBot(plies=PLIES, kernels=PATHS[path])
    for seed in range(3):
        assert decide(bot, RYBA, s, 0, seed) == winning


@pytest.mark.parametrize("path", sorted(PATHS))
def test_both_paths_play_the_ace_rather_than_draw_into_a_lost_deal(path: str) -> None:
    # Seat 0 is out; a draw by seat 1 ends the deal with seat 1 the last with cards, the loser.
    s = RANG.position("P1: -\nP2: A♦ 3♠ 5♣ J♥ Q♦ 2♠\ndiscard: 8♣\nturn: P2\npending: P1")
    bot = SearchBot(plies=3_000, kernels=PATHS[path])
    for seed in range(3):
        move = decide(bot, RANG, s, 1, seed)
        assert isinstance(move, Play) and str(move.card) == "A♦"


# --- where the plies go ----------------------------------------------------------------------


def counted(calls: dict[str, int], name: str, method: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any) -> Any:
        calls[name] += 1
        return method(*args)

    return wrapper


@pytest.mark.parametrize("game_id", ["seven-up", "ryba", "nerts"])
def test_kernel_playouts_spend_their_plies_in_the_kernel(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On the kernel path the engine applies only the candidate move of each playout; every
    other ply is the kernel's.  On the engine path the kernel is never loaded."""
    game = GAMES[game_id]
    kernel = GAME_INFO[game_id].load_kernel()
    assert kernel is not None
    calls = dict.fromkeys(["apply", "legal_moves", "advance", "load", "play", "k_advance"], 0)
    for name in ("apply", "legal_moves", "advance"):
        monkeypatch.setattr(game, name, counted(calls, name, getattr(game, name)))
    for name, attr in (("load", "load"), ("play", "play"), ("k_advance", "advance")):
        monkeypatch.setattr(kernel, attr, counted(calls, name, getattr(kernel, attr)))
    ((state, seat),) = choices(game, 1, seed=5)
    obs, legal = game.observe(state, seat), game.bot_moves(state, seat)
    before = dict(calls)
    fast = SearchBot(plies=PLIES)
    fast.choose(game, obs, legal, random.Random(0))
    used = {name: calls[name] - before[name] for name in calls}
    stats = fast.last_stats
    charged = (
        stats.plies - stats.playouts + PLAYOUT_PLIES * stats.playouts + WORLD_PLIES * stats.worlds
    )
    assert stats.playouts > 0 and charged >= PLIES  # the budget is spent, worlds charged too
    assert used["apply"] == used["load"] == stats.playouts
    assert used["legal_moves"] == used["advance"] == 0
    assert used["play"] + used["k_advance"] + stats.playouts == stats.plies

    before = dict(calls)
    slow = SearchBot(plies=PLIES, kernels=False)
    slow.choose(game, obs, legal, random.Random(0))
    used = {name: calls[name] - before[name] for name in calls}
    assert used["load"] == used["play"] == used["k_advance"] == 0
    assert used["apply"] + used["advance"] == slow.last_stats.plies


def python_calls_per_ply(bot: SearchBot, game: AnyGame, state: Any, seat: int) -> float:
    """The Python function calls one decision makes, per ply it spends: a measure of work
    that does not depend on how loaded the machine is."""
    calls = 0

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal calls
        calls += event == "call"

    sys.setprofile(profile)
    try:
        decide(bot, game, state, seat, seed=0)
    finally:
        sys.setprofile(None)
    return calls / bot.last_stats.plies


@pytest.mark.parametrize("game_id", ["ryba", "rang", "grabush", "nerts"])
def test_a_kernel_ply_costs_less_than_an_engine_ply(game_id: str) -> None:
    """Counted in Python calls, not timed: a decision in the kernel does at most two thirds
    of the engine's work per ply (determinizing and the candidate moves included).  Games
    of short playouts (Seven Up, Cassino) gain less: there the work per playout weighs more."""
    game = GAMES[game_id]
    assert SearchBot().kernel_for(game) is not None  # its module imported outside the count
    ((state, seat),) = choices(game, 1, seed=3)
    fast = python_calls_per_ply(SearchBot(plies=PLIES), game, state, seat)
    slow = python_calls_per_ply(SearchBot(plies=PLIES, kernels=False), game, state, seat)
    assert slow >= 1.5 * fast, f"{game_id}: {fast:.1f} calls per ply in the kernel, {slow:.1f}"


def test_kernel_playouts_play_by_the_kernels_quick_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where a kernel writes a quick rule of thumb, every choice of two or more actions in a
    playout is the rule's, and none with ``rules`` off."""
    game = GAMES["ryba"]
    kernel = GAME_INFO["ryba"].load_kernel()
    assert kernel is not None
    asked: list[int] = []

    def first_action(k: Any, seat: int, actions: Any, rng: random.Random) -> Any:
        asked.append(len(actions))
        return actions[0]

    ((state, seat),) = choices(game, 1, seed=5)
    obs, legal = game.observe(state, seat), game.bot_moves(state, seat)
    monkeypatch.setattr(type(kernel), "quick", lambda self, *args: first_action(*args))
    assert plays_by_rule(kernel)
    SearchBot(plies=PLIES).choose(game, obs, legal, random.Random(0))
    assert asked and min(asked) >= 2
    asked.clear()
    SearchBot(plies=PLIES, rules=False).choose(game, obs, legal, random.Random(0))
    assert not asked
