"""Engine text that names seats.

Engines do not know the players' names, so every sentence they produce (event descriptions,
reasons for illegal moves, outcome reasons, status lines) refers to a seat as ``{s0}``,
``{s1}`` … and the interface fills in the names with :func:`fill`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_TOKEN = re.compile(r"\{s(\d+)\}")


def seat(index: int) -> str:
    """The placeholder for a seat's name in engine text."""
    return f"{{s{index}}}"


def default_names(count: int) -> tuple[str, ...]:
    return tuple(f"Player {i + 1}" for i in range(count))


def fill(text: str, names: Sequence[str]) -> str:
    """Replace the seat placeholders of ``text`` by names (or "Player N" past the list)."""

    def name(match: re.Match[str]) -> str:
        i = int(match.group(1))
        return names[i] if i < len(names) else f"Player {i + 1}"

    return _TOKEN.sub(name, text)
