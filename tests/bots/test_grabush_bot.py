"""The Grabush bot: the rules of thumb of rules/grabush.md §12, and its strength against
random players."""

from __future__ import annotations

import random
from typing import Any

from cardsuite.bots.base import RandomBot
from cardsuite.bots.grabush import GrabushBot
from cardsuite.core.cards import parse_card
from cardsuite.games.grabush.engine import GRABUSH
from cardsuite.games.grabush.model import (
    Accuse,
    Discard,
    FullGrabush,
    GrabushOptions,
    PenaltyInsert,
    PenaltySkip,
    Play,
)

G = GRABUSH


def choose(state: FullGrabush, seed: int = 0) -> Any:
    seat = next(iter(G.to_move(state)))
    legal = G.legal_moves(state, seat)
    move = GrabushBot().choose(G, G.observe(state, seat), legal, random.Random(seed))
    assert move in legal
    return move


def test_the_bot_plays_its_team_pile_top_first() -> None:
    state = G.position("team.0: 9♣ 5♥\nstacks: 4 7\nP0: 8♦ 9♦ 2♠\nturn: P0")
    move = choose(state)
    assert isinstance(move, Play) and move.source == "team.0"


def test_the_bot_builds_a_chain_up_to_its_pile_top() -> None:
    # The team pile shows 7; a stack shows 4: 5 from the hand and 6 from the partner's
    # discard pile lift it to 6, and the 7 follows.
    state = G.position("team.0: 9♣ 7♥\nstacks: 4\ndiscard.2.0: 6♣\nP0: 5♦ K♦ Q♠\nturn: P0")
    first = choose(state)
    assert isinstance(first, Play) and first.card is parse_card("5♦")
    state = G.apply(state, first)
    second = choose(state)
    assert isinstance(second, Play) and second.source == "discard.2.0"
    state = G.apply(state, second)
    third = choose(state)
    assert isinstance(third, Play) and third.source == "team.0"


def test_the_bot_never_accuses_and_pays_penalties_with_useless_cards() -> None:
    opts = GrabushOptions(table_talk_penalty=True)
    state = G.position("P0: 5♦ 9♠\nturn: P0", options=opts)
    assert not isinstance(choose(state), Accuse)
    paying = G.position("P0: 5♦ 9♠\nP2: A♣ K♦ 2♥\nstacks: 1\nturn: P0", options=opts)
    paying = G.apply(G.apply(paying, Accuse(0)), PenaltySkip(0))
    move = choose(paying)
    assert isinstance(move, PenaltyInsert) and move.card is parse_card("K♦")


def test_the_bot_discards_without_burying_a_lower_card() -> None:
    state = G.position("discard.0.0: 9♠\nP0: 8♦ 10♣ 3♥\nteam.0: J♣\nstacks: 5\nturn: P0")
    move = choose(state)
    assert isinstance(move, Discard) and move.card is parse_card("8♦")


def test_the_bot_beats_random_players() -> None:
    wins = 0
    games = 20
    for seed in range(games):
        state = G.new_game(seats=4, seed=seed)
        rng = random.Random(seed)
        bots: dict[int, Any] = {s: GrabushBot() if s % 2 == 0 else RandomBot() for s in range(4)}
        while G.to_move(state):
            seat = next(iter(G.to_move(state)))
            legal = G.legal_moves(state, seat)
            state = G.apply(state, bots[seat].choose(G, G.observe(state, seat), legal, rng))
        outcome = G.outcome(state)
        assert outcome is not None
        wins += outcome.places[0] == 1 and outcome.places[1] != 1
    assert wins >= 15
