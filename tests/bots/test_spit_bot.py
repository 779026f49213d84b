"""The Spit bot: the rules of thumb of rules/spit.md §12 as the bot's docstring words them,
each on a hand-built position, and its strength against the easy (random) level."""

from __future__ import annotations

import random

from cardsuite.arena import ArenaSpec, play_matches, summarize
from cardsuite.bots.spit import SpitBot
from cardsuite.core.moves import Move
from cardsuite.games.spit import GAME
from cardsuite.games.spit.model import FullSpit, Play

SPIT = GAME.load()

G = SPIT


def choose(text: str, seat: int = 0) -> Move:
    state: FullSpit = G.position(text)
    legal = G.bot_moves(state, seat)
    move = SpitBot().choose(G, G.observe(state, seat), legal, random.Random(0))
    assert move in legal
    return move


def test_the_bot_leaves_the_opponent_nothing_to_play() -> None:
    # 8♠ on the 7♣ would turn up a card, but it gives the opponent's 9♥ a place; 4♥ on the
    # 3♦ takes the 2♣'s place away and leaves him nothing: that comes first.
    move = choose("C1: 7♣\nC2: 3♦\nP1.S1: 2♥ 3♥ 8♠\nP1.S2: 4♥\nP2.S1: 9♥\nP2.S2: 2♣")
    assert move == Play(0, 1, 1)


def test_the_bot_covers_the_pile_the_opponent_wants() -> None:
    # 8♠ fits both 7♣ (C1) and 9♦ (C2); the opponent's 10♥ wants the 9♦: cover that one.
    assert choose("C1: 7♣\nC2: 9♦\nP1.S1: 8♠\nP2.S1: 10♥\nP2.S2: K♣") == Play(0, 0, 1)


def test_the_bot_keeps_a_play_of_its_own_in_hand() -> None:
    # 5♠ on the 4♣ leaves its 6♦ a place on the 5 and its 9♥ one on the 8♦; 9♥ on the 8♦
    # leaves only the 5♠.  The opponent's J♣ and K♥ fit neither way.
    move = choose("C1: 4♣\nC2: 8♦\nP1.S1: 5♠\nP1.S2: 9♥\nP1.S3: 6♦\nP2.S1: J♣\nP2.S2: K♥")
    assert move == Play(0, 0, 0)


def test_the_bot_keeps_cards_that_wait_for_many_ranks() -> None:
    # 5♠ or 3♥ on the 4♦: keeping 3♥ and 7♣ waits for a 2, 4, 6 or 8; keeping 5♠ and 7♣
    # only for a 4, 6 or 8.
    move = choose("C1: 4♦\nC2: K♠\nP1.S1: 5♠\nP1.S2: 3♥\nP1.S3: 7♣\nP2.S1: J♣")
    assert move == Play(0, 0, 0)


def test_the_bot_beats_the_easy_level_clearly() -> None:
    # Seeded, so it cannot flake: 77 to 88 wins in 100 at seeds 1 to 10 (speed is most of
    # it: the normal level reacts in 800-1400 ms, the easy one in 1400-2400 ms).
    spec = ArenaSpec("spit", 2, ("heuristic", "random"), 100, 1)
    report = summarize(spec, play_matches(spec))
    assert report.bots[0].wins >= 70
