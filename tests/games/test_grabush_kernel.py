"""Grabush's kernel against its engine: the same games, the same outcomes, and the moves the
rules allow in chosen positions (the contract suite checks every state of its own games)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardsuite.core.cards import parse_card
from cardsuite.core.series import NextDeal
from cardsuite.games.grabush.engine import GRABUSH
from cardsuite.games.grabush.kernel import KERNEL, Work
from cardsuite.games.grabush.model import (
    Accuse,
    Discard,
    GrabushOptions,
    Pass,
    PenaltyInsert,
    PenaltySkip,
    Play,
)
from tests.contract.checks import play_by_kernel

G = GRABUSH
K = KERNEL


def c(text: str) -> Any:
    return parse_card(text)


def moves(k: Work, seat: int) -> set[Any]:
    """The engine's moves the kernel's actions stand for, checked to be one each."""
    actions = K.legal(k, seat)
    out = {K.move(k, a) for a in actions}
    assert len(out) == len(actions), "two actions for one move"
    return out


def act(k: Work, move: Any) -> Work:
    """Play the kernel's action for the engine's ``move``."""
    action = next(a for a in K.legal(k, move.seat) if K.move(k, a) == move)
    return K.play(k, action)


OPTIONS = {
    "default": GrabushOptions(),
    "three discard piles, own off": GrabushOptions(
        discard_piles_per_player=3, own_discard_playable=False
    ),
    "talk penalty, two deals to win": GrabushOptions(table_talk_penalty=True, match_wins=2),
    "four piles, three deals to win": GrabushOptions(discard_piles_per_player=4, match_wins=3),
}


@pytest.mark.parametrize("seats", [2, 4, 6, 8])
@pytest.mark.parametrize("name", list(OPTIONS))
def test_kernel_plays_the_engines_games_to_the_same_outcome(seats: int, name: str) -> None:
    options = OPTIONS[name]
    for seed in range(2):
        state = G.new_game(seats=seats, options=options, seed=seed)
        states, k = play_by_kernel(G, state, random.Random(seed))
        end, steps = states[-1], len(states) - 1
        assert steps > 0
        assert K.outcome(k) is not None
        assert K.outcome(k) == G.outcome(end)
        assert K.key(k) == K.key(K.load(end))
        if options.match_wins > 1:  # every deal was played in the kernel
            assert max(end.wins) == options.match_wins and end.series.number >= 1


def test_a_copy_is_independent_of_its_original() -> None:
    state = G.new_game(seats=4, seed=5)
    original = K.load(state)
    before = K.key(original)
    twin = K.copy(original)
    assert K.key(twin) == before
    rng = random.Random(0)
    for _ in range(200):  # well past the first discards, refills and stacks
        movers = K.to_move(twin)
        if not movers:
            break
        actions = K.legal(twin, movers[0])
        twin = K.play(twin, actions[rng.randrange(len(actions))])
    assert K.key(original) == before
    assert K.key(original) == K.key(K.load(state))
    assert K.key(twin) != before


def test_an_ace_in_hand_must_be_played_before_any_discard() -> None:
    # §6.4: only the Ace may be played (the team-pile 7 fits nowhere); the two 9♥ of the
    # three packs are one play each way, not two.
    text = "team.0: 5♣ 7♦\nteam.1: 8♠\nP0: A♦ 9♥ 9♥ K♠\nstock_size: 40\nturn: P0"
    k = K.load(G.position(text))
    assert moves(k, 0) == {Play(0, c("A♦"), "hand.0", 0)}
    assert moves(k, 1) == set()
    k = act(k, Play(0, c("A♦"), "hand.0", 0))
    assert moves(k, 0) == {Discard(0, c("9♥")), Discard(0, c("K♠"))}


def test_an_ace_on_the_team_pile_is_owed_too() -> None:
    k = K.load(G.position("team.0: 9♣ A♥\nP0: 8♦ 7♦\nturn: P0"))
    assert moves(k, 0) == {Play(0, c("A♥"), "team.0", 0)}
    k = act(k, Play(0, c("A♥"), "team.0", 0))
    assert moves(k, 0) == {Discard(0, c("8♦")), Discard(0, c("7♦"))}


def test_plays_come_from_partners_discards_never_from_opponents() -> None:
    # P0 and P2 are team A, P1 and P3 team B; the other team's pile is not P0's either.
    text = (
        "team.0: 9♠ 9♥\nteam.1: 3♦ 2♥\ndiscard.1.0: 2♣\ndiscard.2.0: 2♦\ndiscard.0.0: 2♠\n"
        "stacks: 1\nP0: 9♦\nturn: P0"
    )
    k = K.load(G.position(text))
    plays = {m for m in moves(k, 0) if isinstance(m, Play)}
    assert plays == {Play(0, c("2♦"), "discard.2.0", 1), Play(0, c("2♠"), "discard.0.0", 1)}
    off = GrabushOptions(own_discard_playable=False)
    k = K.load(G.position(text, options=off))
    plays = {m for m in moves(k, 0) if isinstance(m, Play)}
    assert plays == {Play(0, c("2♦"), "discard.2.0", 1)}


def test_a_card_goes_on_the_oldest_stack_showing_the_rank_below() -> None:
    state = G.position("stacks: 5 3 5\nP0: 6♥ 9♣\nturn: P0")
    k = act(K.load(state), Play(0, c("6♥"), "hand.0", 5))
    after = G.apply(state, Play(0, c("6♥"), "hand.0", 5))
    assert [len(k.built[i]) for i in k.stacks] == [6, 3, 5]
    assert K.key(k) == K.key(K.load(after))


def test_a_king_sends_the_stack_under_the_books_and_an_empty_hand_draws_from_them() -> None:
    # §6.2: P0 starts with nothing to hold or draw; the King from his team pile fills the
    # books, and he draws five of them at once, so he may no longer pass.
    state = G.position("seats: 2\nteam.0: 9♣ K♥\nstacks: Q\nstock_size: 0\nturn: P0\nP1: 9♦")
    k = K.load(state)
    assert Pass(0) in moves(k, 0)
    k = act(k, Play(0, c("K♥"), "team.0", 12))
    assert len(k.hands[0]) == 5 and len(k.books) == 8 and k.stacks == []
    assert Pass(0) not in moves(k, 0)
    assert K.key(k) == K.key(K.load(G.apply(state, Play(0, c("K♥"), "team.0", 12))))


def test_emptying_the_team_pile_wins_the_deal_at_once() -> None:
    state = G.position("team.1: 7♣\nstacks: 6\nturn: P1\nP1: 9♦ 9♣")
    k = act(K.load(state), Play(1, c("7♣"), "team.1", 6))
    assert list(K.to_move(k)) == []
    outcome = K.outcome(k)
    assert outcome is not None and outcome.places == (2, 1, 2, 1)
    assert outcome == G.outcome(G.apply(state, Play(1, c("7♣"), "team.1", 6)))


def test_a_full_round_of_passes_blocks_the_deal_and_a_draw_deals_again() -> None:
    text = "seats: 2\nteam.0: 9♣\nteam.1: 9♥\nstock_size: 0\nturn: P0\ndealer: P1"
    state = G.position(text)
    k = act(act(K.load(state), Pass(0)), Pass(1))
    assert K.outcome(k) is None and list(K.to_move(k)) == [0]
    assert moves(k, 0) == {NextDeal(0)}
    engine = G.apply(G.apply(state, Pass(0)), Pass(1))
    k = act(k, NextDeal(0))  # the engine's shuffle of the next deal
    assert K.key(k) == K.key(K.load(G.apply(engine, NextDeal(0))))


def test_a_discard_starts_a_new_pile_only_in_the_lowest_empty_place() -> None:
    opts = GrabushOptions(discard_piles_per_player=3)
    text = "P0: 8♦ 7♦\ndiscard.0.1: 5♣\nstacks: 1\nturn: P0"
    k = K.load(G.position(text, options=opts))
    discards = {m for m in moves(k, 0) if isinstance(m, Discard)}
    assert discards == {Discard(0, c(card), pile) for card in ("8♦", "7♦") for pile in (0, 1)}


def test_the_penalty_goes_round_the_accusing_team() -> None:
    opts = GrabushOptions(table_talk_penalty=True)
    state = G.position("P0: 8♦ 8♦ 7♦\nP2: 6♣\nstacks: 1\nturn: P0", options=opts)
    k = K.load(state)
    assert Accuse(0) in moves(k, 0)
    k = act(k, Accuse(0))
    assert list(K.to_move(k)) == [0] and moves(k, 2) == set()
    assert moves(k, 0) == {PenaltyInsert(0, c("8♦")), PenaltyInsert(0, c("7♦")), PenaltySkip(0)}
    engine = G.apply(G.apply(state, Accuse(0)), PenaltyInsert(0, c("8♦")))
    k = act(k, PenaltyInsert(0, c("8♦")))
    assert list(K.to_move(k)) == [2] and len(k.teams[1]) == 21
    assert K.key(k) == K.key(K.load(engine))  # the card lies where the engine slipped it
    k = act(k, PenaltySkip(2))
    assert list(K.to_move(k)) == [0] and Accuse(0) not in moves(k, 0)
