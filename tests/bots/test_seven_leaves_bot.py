"""The Seven Leaves bot: the rules of thumb of rules/seven-leaves.md §12 on hand-built
positions, its memory of voids, fairness, and strength against random players (seeded games,
margins with room for noise)."""

from __future__ import annotations

import random

import pytest

from cardsuite.bots.base import RandomBot
from cardsuite.bots.seven_leaves import QuickSevenLeavesBot, SevenLeavesBot
from cardsuite.core.cards import Card, parse_card
from cardsuite.core.moves import Move
from cardsuite.core.rng import make_rng
from cardsuite.games.seven_leaves import GAME
from cardsuite.games.seven_leaves.model import CutPack, FullSevenLeaves, PlayCard
from tests.bots.blind import assert_blind_to_hidden_cards

G = GAME.load()


def c(text: str) -> Card:
    return parse_card(text)


def play(state: FullSevenLeaves, *cards: str, bot: SevenLeavesBot | None = None) -> FullSevenLeaves:
    """Play ``cards`` in turn; ``bot`` (seat 0) is shown each of its observations."""
    for text in cards:
        state = G.apply(state, PlayCard(state.turn, c(text)))
        if bot is not None:
            bot.observe(G, G.observe(state, 0))
    return state


def ask(state: FullSevenLeaves, bot: SevenLeavesBot | None = None) -> Move:
    seat = state.turn
    legal = G.legal_moves(state, seat)
    return (bot or SevenLeavesBot()).choose(G, G.observe(state, seat), legal, random.Random(0))


# --- rules of thumb ---------------------------------------------------------------------------


def test_seven_leaves_bot_takes_the_trick_with_its_cheapest_winning_card() -> None:
    s = play(G.position("P1: 9♦ 6♣ 7♣\nD: 10♦ A♦ 6♠ 7♥ 8♥\nturned: 6♠\nleader: P1"), "9♦")
    assert ask(s) == PlayCard(1, c("10♦"))


def test_quick_seven_leaves_bot_the_playout_policy_draws_trumps_first_too() -> None:
    s = G.position("P1: Q♠ A♣\nD: 8♦ 9♣\nturned: 9♣\nleader: P1")
    assert ask(s, QuickSevenLeavesBot()) == PlayCard(0, c("A♣"))


def test_seven_leaves_bot_follows_with_its_lowest_card_when_the_trick_is_lost() -> None:
    s = play(G.position("P1: A♦ 6♣ 7♣\nD: 10♦ 7♦ K♠ 7♥ 8♥\nturned: K♠\nleader: P1"), "A♦")
    assert ask(s) == PlayCard(1, c("7♦"))


def test_seven_leaves_bot_draws_trumps_before_leading_its_plain_card() -> None:
    # The Q♠ led first could be trumped; the A♣ led first draws the last trump out.
    s = G.position("P1: Q♠ A♣\nD: 8♦ 9♣\nturned: 9♣\nleader: P1")
    assert ask(s) == PlayCard(0, c("A♣"))


def test_seven_leaves_bot_does_not_lead_its_master_into_a_void_it_has_seen() -> None:
    s0 = G.position("P1: K♠ A♠ A♣ 10♦ Q♦ J♣ 7♠\nD: 7♥ 6♣ 8♥ 9♥ 6♦ 7♦ 8♣\nturned: 9♥\nleader: P1")
    bot = SevenLeavesBot()
    bot.observe(G, G.observe(s0, 0))
    # The dealer trumps the K♠ (void in spades), then leads 6♣ to the bot's A♣.
    s = play(s0, "K♠", "7♥", "6♣", "A♣", bot=bot)
    assert s.turn == 0
    assert ask(s, bot) != PlayCard(0, c("A♠"))  # he would have to trump it
    assert ask(s) == PlayCard(0, c("A♠"))  # without the memory it is the natural lead


# --- fairness and determinism -----------------------------------------------------------------


def test_seven_leaves_bot_sees_only_its_observation() -> None:
    assert_blind_to_hidden_cards(G, SevenLeavesBot, seats=3, seed=5)


# --- strength ---------------------------------------------------------------------------------


def _loses(seats: int, hero: int, seed: int) -> bool:
    """One game, the bot in seat ``hero`` and random players elsewhere: whether it lost."""
    bots: dict[int, SevenLeavesBot | RandomBot] = {
        s: SevenLeavesBot() if s == hero else RandomBot() for s in range(seats)
    }
    state = G.new_game(seats=seats, seed=seed)
    ply = 0
    while G.to_move(state):
        seat = min(G.to_move(state))
        legal = G.legal_moves(state, seat)
        if isinstance(legal[0], CutPack):
            move = legal[0]
        else:
            move = bots[seat].choose(G, G.observe(state, seat), legal, make_rng(seed, ply))
        state = G.apply(state, move)
        for s, bot in bots.items():
            if isinstance(bot, SevenLeavesBot):
                bot.observe(G, G.observe(state, s))
        ply += 1
    return state.loser == hero


@pytest.mark.parametrize(
    ("seats", "games", "most"),
    [
        (2, 200, 0.40),  # chance 0.50; measured 0.275 (0.33, 0.335 at other seeds)
        (3, 150, 0.26),  # chance 0.33; measured 0.18 (0.21, 0.19 at other seeds)
    ],
)
def test_seven_leaves_bot_loses_less_often_than_random_players(
    seats: int, games: int, most: float
) -> None:
    losses = sum(_loses(seats, g % seats, 100 + g) for g in range(games))
    assert losses / games <= most, f"{losses}/{games}"
