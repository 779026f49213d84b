"""The Nerts kernel (``cardsuite/games/nerts/kernel.py``) against its engine: the same games to
the same outcomes, in real time and turn by turn, over every player count and the options that
change play; independent copies; the moves the rules allow in a few positions; the clock."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardsuite.games.nerts import GAME
from cardsuite.games.nerts.kernel import KERNEL, Work
from cardsuite.games.nerts.model import START_DELAY, TIMEOUT, FullNerts, NertsOptions

NERTS = GAME.load()

G = NERTS


def pos(text: str, **options: Any) -> FullNerts:
    return G.position(text, options=NertsOptions(**options))


def kernel_moves(k: Work, seat: int) -> set[str]:
    return {G.move_to_text(KERNEL.move(k, a)) for a in KERNEL.legal(k, seat)}


def engine_moves(state: FullNerts, seat: int) -> set[str]:
    return {G.move_to_text(m) for m in G.legal_moves(state, seat)}


def drive(seats: int, options: NertsOptions, seed: int) -> tuple[FullNerts, Work]:
    """One seeded random game played on the kernel, its moves and times also given to the
    engine; at every step both must allow the same moves for every seat and hold the same
    state.  Returns the engine's last state and the kernel."""
    rng = random.Random(seed)
    state = G.new_game(seats=seats, options=options, seed=seed)
    k = KERNEL.load(state)
    for _ply in range(30_000):
        assert KERNEL.key(k) == KERNEL.key(KERNEL.load(state))
        assert KERNEL.next_due(k) == G.next_due(state)
        if G.realtime(state):
            now = KERNEL.clock(k) + rng.choice((0, 100, 250, 4000, 70_000))
            k = KERNEL.advance(k, now)
            state = G.advance(state, now)
            assert KERNEL.key(k) == KERNEL.key(KERNEL.load(state))
        movers = list(KERNEL.to_move(k))
        assert movers == sorted(G.to_move(state))
        if not movers:
            break
        for seat in range(seats):
            assert kernel_moves(k, seat) == engine_moves(state, seat)
        able = [s for s in movers if KERNEL.legal(k, s)]
        if not able:
            continue
        actions = KERNEL.legal(k, rng.choice(able))
        action = actions[rng.randrange(len(actions))]
        state = G.apply(state, KERNEL.move(k, action))
        k = KERNEL.play(k, action)
    else:
        pytest.fail("no end")
    return state, k


OPTIONS = {
    "realtime": NertsOptions(),
    "turns": NertsOptions(mode="turns"),
    "no auto aces": NertsOptions(auto_aces=False),
    "turns, strict, no auto aces": NertsOptions(
        mode="turns", strict_alternation=True, auto_aces=False
    ),
    "flip one, penalty two": NertsOptions(flip_count=1, pile_penalty=2),
}


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_kernel_plays_the_engines_game_to_the_same_outcome(seats: int, name: str) -> None:
    state, k = drive(seats, OPTIONS[name], seed=seats * 7 + len(name))
    assert KERNEL.outcome(k) is not None
    assert KERNEL.outcome(k) == G.outcome(state)


def test_a_match_to_a_target_score_deals_again_as_the_engine_does() -> None:
    """Every deal of the match is played in the kernel: each next deal is the engine's."""
    state, k = drive(3, NertsOptions(mode="turns", target_score=60), seed=5)
    assert len(state.series.results) >= 2, "the match took more than one deal"
    assert k.series == state.series
    assert KERNEL.outcome(k) == G.outcome(state)
    assert max(state.series.totals(3)) >= 60


def test_a_match_of_deadlocked_deals_stops_at_the_deal_limit_as_in_the_engine() -> None:
    """In real time with long waits every deal times out twice and ends deadlocked, the
    totals stay below the target, and the match stops after its hundredth deal."""
    state, k = drive(3, NertsOptions(target_score=12), seed=5)
    outcome = KERNEL.outcome(k)
    assert outcome == G.outcome(state)
    assert outcome is not None and outcome.ending == "safety:deal-limit"
    assert len(k.series.results) == 100


def test_a_copy_is_independent_of_its_original() -> None:
    state = G.new_game(seats=3, options=NertsOptions(mode="turns"), seed=4)
    k = KERNEL.load(state)
    before = KERNEL.key(k)
    twin = KERNEL.copy(k)
    for _ in range(40):
        seat = KERNEL.to_move(twin)[0]
        twin = KERNEL.play(twin, KERNEL.legal(twin, seat)[0])
    assert KERNEL.key(k) == before
    assert KERNEL.key(twin) != before
    assert kernel_moves(k, k.turn or 0) == engine_moves(state, state.turn or 0)


def test_row_runs_move_by_the_card_that_fits_and_any_card_but_an_ace_to_an_empty_pile() -> None:
    state = pos(
        "P1.nerts: 9♣ 6♦\nP1.row1: 9♠ 8♥ 7♣\nP1.row2: 9♦\nP1.row3: 8♦\nP1.waste: A♥ 5♠\n"
        "F1: P2 A♠ 2♠ 3♠ 4♠",
        mode="turns",
    )
    k = KERNEL.load(state)
    assert kernel_moves(k, 0) == {
        "play 6♦ nerts.0 row.0.0",  # red 6 on the black 7
        "play 5♠ waste.0 found.0",  # up in suit on another player's foundation
        "play 8♥ row.0.0 row.0.3",  # a run to the empty pile: from any of its cards
        "play 9♠ row.0.0 row.0.3",
        "play 7♣ row.0.0 row.0.3",
        "play 7♣ row.0.0 row.0.2",  # black 7 on the red 8
        "play 9♦ row.0.1 row.0.3",
        "play 8♦ row.0.2 row.0.3",
        "play 6♦ nerts.0 row.0.3",
        "play 5♠ waste.0 row.0.3",
        "flip",
    }
    assert kernel_moves(k, 1) == set(), "not his turn"


def test_without_auto_aces_a_showing_ace_must_go_first() -> None:
    state = pos("P1.row1: 3♠ 2♥ A♠\nP1.waste: 5♠\nP1.row2: 6♦", auto_aces=False)
    k = KERNEL.load(state)
    assert kernel_moves(k, 0) == {"play A♠ row.0.0 centre"}
    (ace,) = KERNEL.legal(k, 0)
    after = G.apply(state, KERNEL.move(k, ace))
    k = KERNEL.play(k, ace)
    assert KERNEL.key(k) == KERNEL.key(KERNEL.load(after))
    assert "play 5♠ waste.0 row.0.1" in kernel_moves(k, 0)
    assert "stuck" in kernel_moves(k, 0)


def test_pass_only_with_stock_and_waste_empty_and_stuck_only_in_real_time() -> None:
    text = "P1.row1: 5♣\nP1.stock:\nP2.row1: 5♦"
    turns = KERNEL.load(pos(text, mode="turns"))
    realtime = KERNEL.load(pos(text))
    assert "flip" in kernel_moves(turns, 0)
    assert "stuck" not in kernel_moves(turns, 0)
    assert "stuck" in kernel_moves(realtime, 0)
    assert "pass" not in kernel_moves(realtime, 0)


def test_the_start_signal_flies_the_dealt_aces_and_a_minute_without_progress_remedies() -> None:
    state = pos("P1.nerts: 9♣ A♣\nP1.row1: 5♦\nclock: 1000\nstarted: no")
    k = KERNEL.load(state)
    assert KERNEL.legal(k, 0) == ()
    assert KERNEL.next_due(k) == 1000 + START_DELAY
    k = KERNEL.advance(k, 1000 + START_DELAY - 1)
    assert KERNEL.legal(k, 0) == ()
    k = KERNEL.advance(k, 1000 + START_DELAY)
    assert [len(p) for p in k.found[:2]] == [1, 0], "the A♣ went to the first foundation"
    assert KERNEL.next_due(k) == 1000 + START_DELAY + TIMEOUT
    k = KERNEL.advance(k, 1000 + START_DELAY + TIMEOUT)
    assert k.remedied and not any(k.stuck)
    engine = G.advance(state, 1000 + START_DELAY + TIMEOUT)
    assert KERNEL.key(k) == KERNEL.key(KERNEL.load(engine))
