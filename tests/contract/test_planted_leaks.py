"""The hiding checks of the contract suite catch a leak through each channel.

A toy game plays cleanly, then with one leak planted at a time; the contract's checks must
pass the clean game and fail each leaky one, naming the channel.  The leaks of one state's
channels are looked for with the behaviour check off (each must be caught by its own check);
the leaks through what the engine does are looked for with it on at every move.
"""

from __future__ import annotations

import pytest

from tests.contract.checks import BehaviourTally, play_checked
from tests.contract.toy import Toy, ToyOptions

SEEDS = range(12)
SEES = (
    "what seat [01] sees(, beyond the cards it was shown,)? depends on cards hidden from everyone"
)
MAY_DO = "what the mover may do depends on cards hidden from everyone"


def test_the_clean_toy_passes_every_check() -> None:
    tally = BehaviourTally()
    for seed in SEEDS:
        play_checked(
            Toy(), 2, ToyOptions(), seed, seed, replay=False, behaviour_rate=1.0, tally=tally
        )
    # Not vacuous: draws were played on twins with another stock, the drawer saw another card
    # and the other player was compared (and saw the same); the drawer was compared again on a
    # twin keeping his card in place.
    assert tally.mattered > 0, tally
    assert tally.rechecked > 0, tally


@pytest.mark.parametrize(
    ("leak", "message"),
    [
        ("field", "field 'last_drawn' shows"),
        ("event", "DrewOpenly shows"),
        ("view", "view text"),
        ("refusal", "refusal"),
        ("fact", "a determinization drops the known"),
    ],
)
def test_a_planted_leak_is_caught(leak: str, message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        for seed in SEEDS:
            play_checked(Toy(leak), 2, ToyOptions(), seed, seed, replay=False, behaviour_rate=0)


@pytest.mark.parametrize(
    ("leak", "difference"),
    [
        # Rang's old leak: a log line said only when the drawn card could not be played.
        ("kept", "events"),
        # The same through the turn: it passes only when the drawn card could not be played.
        ("turn", "field 'turn'"),
        # A public fact telling the drawn card's rank.
        ("fact", "table facts"),
        # The drawer's hand order telling him whether the next card fits.
        ("order", "table pile 'hand"),
    ],
)
def test_a_leak_through_behaviour_is_caught(leak: str, difference: str) -> None:
    with pytest.raises(AssertionError, match=f"{SEES}: {difference}"):
        for seed in SEEDS:
            play_checked(Toy(leak), 2, ToyOptions(), seed, seed, replay=False, behaviour_rate=1.0)


def test_a_leak_through_the_moves_offered_is_caught() -> None:
    """Drawing refused when the stock's top card does not fit: the moves open to the player
    tell him about a card nobody sees."""
    with pytest.raises(AssertionError, match=f"{MAY_DO}: .*draw"):
        for seed in SEEDS:
            play_checked(
                Toy("legal"), 2, ToyOptions(), seed, seed, replay=False, behaviour_rate=1.0
            )
