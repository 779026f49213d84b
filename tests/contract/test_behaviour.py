"""The behaviour check holds for every registered game at every player count, and is not
vacuous there.

The contract suite runs ``check_behaviour`` on a sample of the moves of its random games; here
each game is played from the deal by a seeded random player at every player count it allows,
with the check at every move for the first ``PLIES`` moves, and the check's tally must show it
compared what viewers saw of twins that really differed.
"""

from __future__ import annotations

import random

import pytest

from cardsuite.games import GAMES
from cardsuite.games.rang import DRAWN, AnyRangMove, Draw, FullRang, Keep, Rang, RangOptions
from tests.contract.checks import BehaviourTally, check_behaviour, play_checked

PLIES = 150  # moves checked per game and player count
# Games where a card leaves the stock for one seat's eyes only (a Rang draw, a fished card).
# At Grabuge and Seven Up every card leaving the stock is turned up for all, so no viewer
# is left to compare after such a move (their twins are compared at every other move).
PRIVATE_DRAWS = {"rang", "ryba"}
SETUPS = [(game_id, seats) for game_id in sorted(GAMES) for seats in GAMES[game_id].seat_counts]


def checked_moves(game_id: str, seats: int, seed: int = 1) -> BehaviourTally:
    """Play ``PLIES`` random moves (or to the end), each checked on a twin; the tally."""
    game = GAMES[game_id]
    rng = random.Random(seed)
    tally = BehaviourTally()
    state = game.new_game(seats=seats, options=game.Options(), seed=seed)
    for ply in range(PLIES):
        movers = [s for s in sorted(game.to_move(state)) if game.legal_moves(state, s)]
        if not movers:
            break
        move = rng.choice(game.legal_moves(state, rng.choice(movers)))
        after = game.apply(state, move)
        check_behaviour(game, state, move, after, ply, rng, tally)
        state = after
    return tally


@pytest.mark.parametrize(("game_id", "seats"), SETUPS)
def test_what_a_move_shows_does_not_depend_on_cards_nobody_sees(game_id: str, seats: int) -> None:
    tally = checked_moves(game_id, seats)
    # Twins were made (some cards were hidden from everyone) and compared viewer by viewer.
    assert tally.tried - tally.nothing_hidden > 0, tally
    assert tally.alike > 0, tally
    if game_id in PRIVATE_DRAWS:
        # Moves after which one seat saw another card in the twin (the card it drew) while the
        # other viewers were compared: the moves where Rang's leak was.
        assert tally.mattered > 0, tally


class OldRang(Rang):
    """Rang as it was before the fix: after a draw that cannot be played, the engine kept the
    card and ended the turn by itself, so everyone learnt the drawn card did not fit."""

    def perform(self, state: FullRang, move: AnyRangMove) -> FullRang:
        after = super().perform(state, move)
        if isinstance(move, Draw) and after.phase == DRAWN:
            keep = Keep(move.seat)
            if self.legal_moves(after, move.seat) == (keep,):
                kept = super().perform(after, keep)
                return kept._replace(events=after.events + kept.events)
        return after


def test_the_old_rang_leak_is_caught() -> None:
    with pytest.raises(
        AssertionError, match=r"what seat [0-2] sees depends on cards hidden from everyone: events"
    ):
        play_checked(OldRang(), 3, RangOptions(), 1, 1, replay=False, behaviour_rate=1.0)
