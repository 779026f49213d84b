"""The fairness check of the trick games' bots: their move cannot depend on a hidden card."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from cardsuite.bots.base import Bot
from cardsuite.core.table import resample_hidden


def assert_blind_to_hidden_cards(
    game: Any, make_bot: Callable[[], Bot], *, seats: int, seed: int
) -> None:
    """At a random point of the first deal of 20 seeded games, deal the cards the bot's seat
    cannot see again at random: what the bot is given must not change (the other hands stay
    face down to it), and neither may its move, even with another random generator."""
    rng = random.Random(seed)
    moved = 0
    for deal in range(20):
        s = game.new_game(seats=seats, seed=deal)
        for _ in range(rng.randrange(12)):
            s = game.apply(s, rng.choice(game.legal_moves(s, s.turn)))
        assert game.to_move(s), "the first deal is still on"
        seat = s.turn
        legal = game.legal_moves(s, seat)
        other = s._replace(table=resample_hidden(s.table, seat, rng))
        moved += other.table != s.table
        obs, obs_other = game.observe(s, seat), game.observe(other, seat)
        assert obs == obs_other, "the bot's observation shows cards hidden from its seat"
        a = make_bot().choose(game, obs, legal, random.Random(1))
        b = make_bot().choose(game, obs_other, legal, random.Random(2))
        assert a == b
    assert moved == 20, "the hidden cards really were dealt again"
