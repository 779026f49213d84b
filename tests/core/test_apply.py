"""``apply`` trusts the legal moves just listed for the very same state, and nothing else."""

from __future__ import annotations

import pytest

from cardsuite.core.errors import IllegalMoveError
from cardsuite.games import GAMES


@pytest.mark.parametrize("game_id", ["rang", "nerts", "grabush", "cassino-clubs", "ryba"])
def test_apply_judges_every_move_the_listed_ones_do_not_cover(game_id: str) -> None:
    game = GAMES[game_id]
    state = game.new_game(seats=min(game.seat_counts), seed=3)
    if game.realtime(state):
        due = game.next_due(state)
        assert due is not None
        state = game.advance(state, due)  # «Go!»: play opens
    seat = min(s for s in game.to_move(state) if game.legal_moves(state, s))
    legal = game.legal_moves(state, seat)  # remembered for this state
    # On this very state, a move that was not listed is judged, and refused.
    refused = [m for m in game.candidates(state, seat) if m not in legal]
    assert refused
    for move in refused[:20]:
        with pytest.raises(IllegalMoveError):
            game.apply(state, move)
    # On the state a listed move leads to, the listed moves are judged again.
    for played in legal:
        after = game.apply(state, played)
        stale = [m for m in legal if game.why_illegal(after, m) is not None]
        if stale:
            break
    assert stale
    for move in stale[:20]:
        with pytest.raises(IllegalMoveError):
            game.apply(after, move)
