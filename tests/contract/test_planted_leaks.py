"""The hiding checks of the contract suite catch a leak through each channel.

A toy game plays cleanly, then with one leak planted at a time; the contract's checks must
pass the clean game and fail each leaky one, naming the channel.
"""

from __future__ import annotations

import pytest

from tests.contract.checks import play_checked
from tests.contract.toy import Toy, ToyOptions

SEEDS = range(12)


def test_the_clean_toy_passes_every_check() -> None:
    for seed in SEEDS:
        play_checked(Toy(), 2, ToyOptions(), seed, seed, replay=False)


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
            play_checked(Toy(leak), 2, ToyOptions(), seed, seed, replay=False)
