"""The behaviour check holds for every registered game at every player count, and is not
vacuous there.

The contract suite runs ``check_behaviour`` on a sample of the moves of its random games; here
each game is played from the deal by a seeded random player at every player count it allows,
with the check at every move for the first ``PLIES`` moves, and the check's tally must show it
compared what viewers saw of twins that really differed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardsuite.games import GAME_INFO, GAMES
from cardsuite.games.rang.engine import AnyRangMove, Rang
from cardsuite.games.rang.model import DRAWN, Draw, FullRang, Keep, RangOptions
from tests.contract.checks import (
    BehaviourTally,
    check_behaviour,
    play_checked,
)

PLIES = 150  # moves checked per game and player count
SETUPS = [(game_id, seats) for game_id in sorted(GAMES) for seats in GAMES[game_id].seat_counts]
# What each game shows of its hidden cards, beyond "twins were compared and alike":
# "mattered": a card leaves the stock for one seat's eyes only (a Rang draw, a fished card),
# so after such a move one viewer sees the twins differ and the others are compared;
# "rechecked": a move shows a viewer cards nobody saw (the drawer, a turned card), and that
# viewer is compared again on a twin keeping those cards in place.  Seven Up turns cards from
# the stock only when begging (below).
SHOWS = {
    "grabuge": ("rechecked",),
    "rang": ("mattered", "rechecked"),
    "ryba": ("mattered", "rechecked"),
}


def checked_moves(game_id: str, seats: int, options: Any = None, seed: int = 1) -> BehaviourTally:
    """Play ``PLIES`` random moves (or to the end), each checked on a twin; the tally."""
    game = GAMES[game_id]
    rng = random.Random(seed)
    tally = BehaviourTally()
    state = game.new_game(seats=seats, options=options or game.Options(), seed=seed)
    for ply in range(PLIES):
        movers = [s for s in sorted(game.to_move(state)) if game.legal_moves(state, s)]
        due = game.next_due(state)
        if not movers and due is not None and game.to_move(state):
            state = game.advance(state, due)  # on a clock: what falls due with nobody acting
            continue
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
    if GAME_INFO[game_id].every_card_seen:  # no card hidden from everyone: no twin to make
        assert tally.tried > 0 and tally.nothing_hidden == tally.tried, tally
        return
    # Twins were made (some cards were hidden from everyone) and compared viewer by viewer.
    assert tally.tried > tally.nothing_hidden, tally
    assert tally.alike > 0, tally
    for count in SHOWS.get(game_id, ()):
        assert getattr(tally, count) > 0, (count, tally)


@pytest.mark.parametrize("seats", GAMES["seven-up"].seat_counts)
def test_seven_up_runs_are_rechecked(seats: int) -> None:
    """Begging: a run deals three more cards each and turns up a new trump, seen by all."""
    game = GAMES["seven-up"]
    tally = checked_moves("seven-up", seats, game.Options(begging=True), seed=0)
    assert tally.rechecked > 0, tally


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
