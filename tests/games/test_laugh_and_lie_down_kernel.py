"""Laugh and Lie Down's kernel: it plays the engine's games to the engine's outcomes, and lists
exactly the moves the rules allow."""

from __future__ import annotations

import random

import pytest

from cardsuite.core.cards import parse_cards
from cardsuite.core.series import NextDeal
from cardsuite.games.laugh_and_lie_down import GAME
from cardsuite.games.laugh_and_lie_down.kernel import ADD, END, KEEP, KERNEL, NEXT, Laugh
from cardsuite.games.laugh_and_lie_down.model import AddPair, FullLaugh, KeepPair, LaughOptions

LAUGH = GAME.load()

game = LAUGH

OPTIONS = [
    LaughOptions(),
    LaughOptions(stakes=False),
    LaughOptions(auto_add_pair=False),
    LaughOptions(classic_continue=True),
    LaughOptions(classic_continue=True, auto_add_pair=False),
    LaughOptions(lay_aside_pairs=True, deals=2),
]


def pos(text: str, **options: object) -> FullLaugh:
    return game.position(text, options=LaughOptions(**options))  # type: ignore[arg-type]


def texts(k: Laugh, seat: int) -> set[str]:
    return {game.move_to_text(KERNEL.move(k, a)) for a in KERNEL.legal(k, seat)}


def engine_texts(state: FullLaugh, seat: int) -> set[str]:
    return {game.move_to_text(m) for m in game.legal_moves(state, seat)}


def capture(mine: str, theirs: str) -> int:
    """The kernel's action taking ``theirs`` from the table with ``mine`` (one rank)."""
    hand, table = parse_cards(mine), parse_cards(theirs)
    rank = hand[0].rank - 1
    hs = sum(1 << (c.index & 3) for c in hand)
    ts = sum(1 << (c.index & 3) for c in table)
    return rank << 8 | hs << 4 | ts


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
@pytest.mark.parametrize("options", OPTIONS, ids=range(len(OPTIONS)))
def test_the_kernel_plays_the_engines_match_to_its_outcome(
    seats: int, options: LaughOptions
) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_game(seats=seats, options=options, seed=seed)
        k = KERNEL.load(state)
        deals = 0
        while KERNEL.to_move(k):
            assert list(KERNEL.to_move(k)) == sorted(game.to_move(state))
            seat = KERNEL.to_move(k)[0]
            actions = KERNEL.legal(k, seat)
            action = actions[rng.randrange(len(actions))]
            move = KERNEL.move(k, action)
            assert move in game.legal_moves(state, seat)
            deals += action == NEXT
            state = game.apply(state, move)
            k = KERNEL.play(k, action)
            assert KERNEL.key(k) == KERNEL.key(KERNEL.load(state))
        assert game.outcome(state) is not None
        assert KERNEL.outcome(k) == game.outcome(state)
        assert deals == options.deal_count(seats) - 1  # every deal of the match was dealt


def test_a_copy_is_independent_of_its_original() -> None:
    k = KERNEL.load(game.new_game(seats=4, seed=7))
    before = KERNEL.key(k)
    twin = KERNEL.copy(k)
    assert KERNEL.key(twin) == before
    rng = random.Random(1)
    while KERNEL.to_move(twin):
        actions = KERNEL.legal(twin, KERNEL.to_move(twin)[0])
        KERNEL.play(twin, actions[rng.randrange(len(actions))])
    assert KERNEL.outcome(twin) is not None
    assert KERNEL.key(k) == before and KERNEL.outcome(k) is None


def test_every_capture_of_a_rank_and_no_end_before_the_first() -> None:
    text = "P1: Q♥ Q♣ 5♠ 9♦\nP2: 2♣\nP3: 3♣\ntable: Q♠ Q♦ 5♥ K♣"
    state = pos(text)
    k = KERNEL.load(state)
    moves = texts(k, 0)
    # 2 hand queens and 2 table queens: 3 choices of each; one way with the 5; nothing with 9
    assert len(moves) == 3 * 3 + 1
    assert "done" not in moves
    assert moves == engine_texts(state, 0)
    assert KERNEL.legal(k, 1) == () and KERNEL.legal(k, 2) == ()
    # After a capture he may capture again or end the turn.
    move = KERNEL.move(k, capture("5♠", "5♥"))
    k = KERNEL.play(k, capture("5♠", "5♥"))
    assert k.turn == 0 and END in KERNEL.legal(k, 0)
    assert texts(k, 0) == engine_texts(game.apply(state, move), 0)


def test_the_turn_passes_by_itself_when_nothing_matches_any_more() -> None:
    k = KERNEL.load(pos("P1: K♥ 2♦\nP2: 6♦\nP3: 3♣\ntable: K♠ 6♠"))
    k = KERNEL.play(k, capture("K♥", "K♠"))
    assert KERNEL.to_move(k) == (1,) and not k.took


def test_the_other_pair_is_added_at_once() -> None:
    k = KERNEL.load(pos("P1: Q♥ 5♠\nP2: 5♦\nP3: Q♣ Q♦ 8♠\ntable: Q♠ 5♥ 8♦"))
    k = KERNEL.play(k, capture("Q♥", "Q♠"))
    assert k.caps == [2, 0, 2]  # P3 laid Q♣ Q♦ aside
    assert k.hands[2][11] == 0 and k.turn == 0 and k.took


def test_the_holder_of_the_pair_is_asked_when_not_automatic() -> None:
    state = pos("P1: Q♥ 5♠\nP2: 5♦\nP3: Q♣ Q♦ 8♠\ntable: Q♠ 5♥ 8♦", auto_add_pair=False)
    k = KERNEL.play(KERNEL.load(state), capture("Q♥", "Q♠"))
    assert KERNEL.to_move(k) == (2,)
    assert KERNEL.legal(k, 2) == (ADD, KEEP) and KERNEL.legal(k, 0) == ()
    assert [KERNEL.move(k, a) for a in KERNEL.legal(k, 2)] == [AddPair(2), KeepPair(2)]
    added = KERNEL.play(KERNEL.copy(k), ADD)
    assert added.caps[2] == 2 and added.turn == 0 and KERNEL.to_move(added) == (0,)
    kept = KERNEL.play(k, KEEP)
    assert kept.caps[2] == 0 and kept.hands[2][11] == 0b0011  # Q♣ Q♦ still in hand


def test_lying_down_ends_the_deal_and_is_laughed_at() -> None:
    state = pos("P1: K♥ 6♣\nP2: 3♦ 8♣\nP3: 6♦\ntable: K♠ 6♠\ncaptured: yes", stakes=False)
    k = KERNEL.play(KERNEL.load(state), END)
    assert k.loser == 1 and k.laughs == [0, 1, 0] and k.chips == [0, 0, 0]
    assert k.between and KERNEL.to_move(k) == (0,)  # P1 deals next (P3 dealt)
    assert KERNEL.legal(k, 0) == (NEXT,)
    assert KERNEL.move(k, NEXT) == NextDeal(0)


def test_classic_continue_lets_the_others_match_the_lie_down_hand() -> None:
    state = pos(
        "P1: K♥ 6♣\nP2: 3♦ 8♣\nP3: 6♦ 3♣\nP4: 9♥ 8♦\ntable: K♠ 6♠ 9♠\ncaptured: yes",
        classic_continue=True,
    )
    k = KERNEL.play(KERNEL.load(state), END)
    assert k.loser == 1 and k.turn == 2
    assert capture("3♣", "3♦") in KERNEL.legal(k, 2)


def test_the_stakes_settle_payers_first_and_the_loser_covers_the_pot() -> None:
    state = pos(
        """
        P1: K♥ 6♣
        P2: 3♦ 8♣
        P1.captured: A♠ A♥ A♦ A♣ 2♠ 2♥ 2♦ 2♣ 4♠ 4♥ 4♦ 4♣ 5♠ 5♥ 5♦ 5♣ 9♠
        P3.captured: 10♠ 10♥ 10♦ 10♣ J♠ J♥ J♦ J♣ Q♠ Q♥ Q♦
        table: K♠ 6♠
        captured: yes
        pot: 0
        """
    )
    k = KERNEL.play(KERNEL.load(state), END)
    assert k.chips == [2, -1, -1] and k.pot == 0


def test_the_next_deal_is_the_engines_shuffle() -> None:
    state = game.new_game(seats=5, seed=11)
    rng = random.Random(2)
    while not state.series.between:
        seat = min(game.to_move(state))
        legal = game.legal_moves(state, seat)
        state = game.apply(state, legal[rng.randrange(len(legal))])
    k = KERNEL.play(KERNEL.load(state), NEXT)
    dealt = game.apply(state, NextDeal(state.series.next_dealer(5)))
    assert KERNEL.key(k) == KERNEL.key(KERNEL.load(dealt))
