"""The Seven Up bot: the rules of thumb of rules/seven-up.md §12, fairness, and strength
against random players (seeded games, margins with room for noise)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardsuite.bots.base import RandomBot
from cardsuite.bots.seven_up import QuickSevenUpBot, SevenUpBot
from cardsuite.core.cards import Card, parse_card
from cardsuite.core.moves import Move
from cardsuite.core.rng import make_rng
from cardsuite.core.series import NextDeal
from cardsuite.games.seven_up import GAME
from cardsuite.games.seven_up.model import (
    Beg,
    Discard,
    FullSevenUp,
    Give,
    PlayCard,
    Redeal,
    Run,
    Scored,
    SevenUpOptions,
    Stand,
    party_of,
)
from tests.bots.blind import assert_blind_to_hidden_cards

SEVEN_UP = GAME.load()

G = SEVEN_UP


def c(text: str) -> Card:
    return parse_card(text)


def pos(text: str, **options: Any) -> FullSevenUp:
    return G.position(text, options=SevenUpOptions(**options))


def play(state: FullSevenUp, *cards: str) -> FullSevenUp:
    for text in cards:
        state = G.apply(state, PlayCard(state.turn, c(text)))
    return state


def ask(state: FullSevenUp) -> Move:
    seat = state.turn
    legal = G.legal_moves(state, seat)
    return SevenUpBot().choose(G, G.observe(state, seat), legal, random.Random(0))


# --- rules of thumb ---------------------------------------------------------------------------


def test_seven_up_bot_wins_cheaply_and_keeps_its_trump() -> None:
    s = play(pos("P1: 5♠ 2♣ 4♣\nD: 9♠ 2♥ 3♦\nturnup: 7♥\nleader: P1"), "5♠")
    assert ask(s) == PlayCard(1, c("9♠"))


def test_quick_seven_up_bot_the_playout_policy_keeps_the_rules_of_thumb() -> None:
    s = play(pos("P1: 5♠ 2♣ 4♣\nD: 9♠ 2♥ 3♦\nturnup: 7♥\nleader: P1"), "5♠")
    legal = G.legal_moves(s, 1)
    assert QuickSevenUpBot().choose(G, G.observe(s, 1), legal, random.Random(0)) == PlayCard(
        1, c("9♠")
    )


def test_seven_up_bot_throws_its_lowest_card_when_it_cannot_win() -> None:
    s = play(pos("P1: 10♠ 2♣\nD: J♠ 3♠\nturnup: 7♥\nleader: P1"), "10♠")
    assert ask(s) == PlayCard(1, c("3♠"))


def test_seven_up_bot_leads_the_master_trump_at_three() -> None:
    s = pos("P1: 2♣ 3♣ 4♣\nP2: 2♦ 3♦ 4♦\nD: 10♥ 5♠ 9♦\nturnup: 7♥")
    assert ask(s) == PlayCard(2, c("10♥"))


def test_seven_up_bot_at_two_keeps_its_sure_trump_to_win_the_lead_back() -> None:
    # Played out in mind, the small plain card led first costs nothing that the 10♥ (a sure
    # trick whenever it is played) cannot win back; the 10♥ led first would leave it leading
    # its small cards anyway.
    s = pos("P1: 2♣ 3♣ 4♣\nD: 10♥ 5♠ 9♦\nturnup: 7♥")
    assert ask(s) == PlayCard(1, c("5♠"))


def test_seven_up_bot_keeps_its_lone_low_trump_for_a_ruff() -> None:
    # Led, the 5♣ falls to any higher club; kept, it can trump a plain card later.
    s = pos("P1: 4♥ 10♣ 5♥ 9♦ K♣ 7♦\nD: J♠ 7♠ 9♥ 5♣ 2♥ 2♦\nturnup: 6♣")
    move = ask(s)
    assert isinstance(move, PlayCard) and move.card != c("5♣")


def test_seven_up_bot_decides_the_same_whatever_its_random_generator() -> None:
    # The hands it imagines for the others are seeded by what it has seen, not by its rng.
    s = G.new_game(seats=3, seed=7)
    for _ in range(5):
        seat = s.turn
        legal = G.legal_moves(s, seat)
        obs = G.observe(s, seat)
        moves = {SevenUpBot().choose(G, obs, legal, random.Random(r)) for r in range(4)}
        assert len(moves) == 1
        s = G.apply(s, moves.pop())


def test_seven_up_bot_smears_game_points_on_its_partners_sure_trick() -> None:
    s = pos(
        "P1: 10♥ 2♠\nP2: 3♥ 4♠\nP3: 10♣ 2♣\nD: 5♥ 6♠\nturnup: 7♥\nleader: P1",
        partnerships=True,
    )
    s = play(s, "10♥", "3♥")  # P1's top trump cannot be beaten
    assert ask(s) == PlayCard(2, c("10♣"))


def test_seven_up_bot_does_not_trump_its_partners_trick() -> None:
    s = pos(
        "P1: 3♠ 2♦\nP2: K♠ 3♦\nP3: 4♠ 4♦\nD: 5♠ 2♥\nturnup: 7♥\nleader: P1",
        partnerships=True,
    )
    s = play(s, "3♠", "K♠", "4♠")  # the partner's K♠ wins; the dealer plays last
    assert ask(s) == PlayCard(3, c("5♠"))


@pytest.mark.parametrize(("chips", "card"), [("7 7 7", "3♣"), ("7 7 1", "10♣")])
def test_seven_up_bot_fights_for_the_trick_when_an_opponent_is_one_point_from_out(
    chips: str, card: str
) -> None:
    s = pos(
        "P1: Q♣ 2♠ 3♠ 4♠ 5♠ 6♠\nP2: A♠ 3♣ 10♣ 8♠ Q♥ 2♥\nP3: 7♠ 9♠ J♠ 2♣ 4♣ 5♣\n"
        f"turnup: 7♦\ndealer: P1\nleader: P1\nchips: {chips}"
    )
    s = play(s, "Q♣")
    # Normally it keeps its 10♣ from the trick P3 may trump; with P3 one point from out it
    # plays the card most likely to take the trick.
    assert ask(s) == PlayCard(1, c(card))


def test_seven_up_bot_begs_with_a_weak_hand_and_stands_with_a_strong_one() -> None:
    weak = pos(
        "P1: 2♠ 3♠ 4♠ 5♣ 6♣ 2♥\nD: 2♦ 3♦ 4♦ 5♦ 6♦ 7♦\nturnup: 7♥\nphase: stand", begging=True
    )
    assert ask(weak) == Beg(0)
    strong = pos(
        "P1: 10♥ A♥ 4♠ 5♣ 6♣ 2♥\nD: 2♦ 3♦ 4♦ 5♦ 6♦ 7♦\nturnup: 7♥\nphase: stand", begging=True
    )
    assert ask(strong) == Stand(0)


def test_seven_up_bot_dealer_gives_or_runs() -> None:
    hands = "P1: 2♠ 3♠ 4♠ 5♣ 6♣ 2♥\nD: 10♥ A♥ K♥ 5♦ 6♦ 7♦\nturnup: 7♥\nphase: give"
    assert ask(pos(hands, begging=True)) == Give(1)  # good trumps: keep them, give a point
    assert ask(pos(hands + "\nchips: 2 7", begging=True)) == Run(1)  # the beggar is too close
    weak = hands.replace("D: 10♥ A♥ K♥", "D: 2♦ 3♦ 4♦")
    assert ask(pos(weak, begging=True)) == Run(1)


def test_seven_up_bot_discards_its_least_useful_card() -> None:
    s = pos(
        "P1: 2♠ 3♠ 4♠ 5♠ 6♠ 7♠\nD: 2♦ 3♦ 4♦ 5♦ 6♦ 7♦\nturnup: 7♥\nphase: give\n"
        "stock: 5♣ K♣ Q♣ J♣ 9♠ 8♠ 10♣",
        begging=True,
    )
    s = G.apply(s, Run(1))  # clubs are trumps; P1 got 10♣, 8♠, 9♠
    move = ask(s)
    assert isinstance(move, Discard) and move.card.suit is not c("10♣").suit
    assert move.card.rank in (2, 3)


# --- fairness --------------------------------------------------------------------------------


def test_seven_up_bot_sees_only_its_observation() -> None:
    assert_blind_to_hidden_cards(G, SevenUpBot, seats=4, seed=4)


# --- strength ---------------------------------------------------------------------------------


def _match(
    seats: int, options: SevenUpOptions, heroes: set[int], seed: int
) -> tuple[bool, list[int]]:
    """One game, the bot in ``heroes`` and random players elsewhere: whether the bot won, and
    the points each party scored."""
    bots = [SevenUpBot() if s in heroes else RandomBot() for s in range(seats)]
    state = G.new_game(seats=seats, seed=seed, options=options)
    points = [0] * len(state.chips)
    ply = 0
    while G.to_move(state):
        seat = min(G.to_move(state))
        legal = G.legal_moves(state, seat)
        obs = G.observe(state, seat)
        move = bots[seat].choose(G, obs, legal, make_rng(seed, seat, ply))
        assert isinstance(move, PlayCard | Stand | Beg | Give | Run | Redeal | Discard | NextDeal)
        state = G.apply(state, move)
        for event in state.events:
            if isinstance(event, Scored):
                points[party_of(options, event.seat)] += 1
        ply += 1
    outcome = G.outcome(state)
    assert outcome is not None
    return min(heroes) in outcome.winners, points


@pytest.mark.parametrize(
    ("seats", "options", "games", "least"),
    [
        (2, SevenUpOptions(), 300, 0.60),  # chance 0.50; measured 0.68 (0.69 at other seeds)
        (4, SevenUpOptions(partnerships=True), 300, 0.59),  # chance 0.50; measured 0.67
        (
            2,
            SevenUpOptions(trick_points=False, begging=True),
            150,
            0.66,
        ),  # measured 0.82 (300 games)
    ],
)
def test_seven_up_bot_beats_random_players(
    seats: int, options: SevenUpOptions, games: int, least: float
) -> None:
    wins = 0
    for g in range(games):
        heroes = {g % 2, g % 2 + 2} if options.partnerships else {g % seats}
        won, _points = _match(seats, options, heroes, 100 + g)
        wins += won
    assert wins / games >= least, f"{wins}/{games}"


@pytest.mark.parametrize("seats", [3, 4])
def test_seven_up_bot_scores_more_than_random_players(seats: int) -> None:
    # With 3 or 4 players each on his own, wins are noisy; points scored are a steadier
    # measure: the bot's points per game against the average random player's.
    games = 300
    mine = others = 0.0
    for g in range(games):
        hero = g % seats
        _won, points = _match(seats, SevenUpOptions(), {hero}, 300 + g)
        mine += points[hero]
        others += (sum(points) - points[hero]) / (seats - 1)
    assert mine / others >= 1.14, f"{mine / others:.2f}"  # measured 1.23 (3), 1.30 (4)
