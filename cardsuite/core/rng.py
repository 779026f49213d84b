"""Seeded randomness.  Engines never touch the ``random`` module's global state.

Every shuffle derives its own generator from the match seed and a *salt* naming the shuffle
(``"deal", 3`` or ``"reshuffle", 2``).  A state therefore only needs to carry the seed and a
counter to shuffle again deterministically, and two shuffles never share a stream.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def derive_seed(seed: int, *salt: object) -> int:
    """A 64-bit seed from ``seed`` and a salt, stable across runs and Python versions."""
    text = repr((seed, *salt)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def make_rng(seed: int, *salt: object) -> random.Random:
    """A private generator for one purpose, reproducible from ``seed`` and ``salt``."""
    return random.Random(derive_seed(seed, *salt))


def shuffled(items: Sequence[T], seed: int, *salt: object) -> list[T]:
    """A shuffled copy of ``items``; the same seed and salt give the same order."""
    out = list(items)
    make_rng(seed, *salt).shuffle(out)
    return out
