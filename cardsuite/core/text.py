"""Engine text that names seats.

Engines do not know the players' names, so every sentence they produce (event texts, reasons
for illegal moves, outcome reasons, status lines) refers to a seat as ``{s0}``, ``{s1}`` … and
the Match fills in the names with :func:`fill`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from cardsuite.core.i18n import _

_TOKEN = re.compile(r"\{s(\d+)\}")


def seat(index: int) -> str:
    """The placeholder for a seat's name in engine text."""
    return f"{{s{index}}}"


# The names the lobby offers for the seats, in order, and the command line uses when it is
# given none.  Names are the players' own, so they are not translated.
DEFAULT_NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zhenya", "Zoya", "Igor", "Kira")


def default_name(index: int) -> str:
    """The neutral name of a seat: "Player 1" … (for seats past a list of names)."""
    return _("Player {n}").format(n=index + 1)


def default_names(count: int) -> tuple[str, ...]:
    """Neutral names for ``count`` seats, "Player 1" … (the lobby's are :func:`player_names`)."""
    return tuple(default_name(i) for i in range(count))


def player_names(count: int, given: Sequence[str] = ()) -> tuple[str, ...]:
    """Names for ``count`` seats: those ``given``, and the lobby's for the seats given none.

    Seat i is ``DEFAULT_NAMES[i]``, as in the lobby, unless another seat is given that name (case
    aside); then it takes the first default name no seat has, so the names stay different.  When
    the list runs out, "Player N".
    """
    names = [given[i] if i < len(given) else "" for i in range(count)]
    taken = {name.casefold() for name in names if name}
    for i in range(min(count, len(DEFAULT_NAMES))):
        if not names[i] and DEFAULT_NAMES[i].casefold() not in taken:
            names[i] = DEFAULT_NAMES[i]
            taken.add(names[i].casefold())
    spare = iter([name for name in DEFAULT_NAMES if name.casefold() not in taken])
    return tuple(name or next(spare, None) or default_name(i) for i, name in enumerate(names))


def fill(text: str, names: Sequence[str]) -> str:
    """Replace the seat placeholders of ``text`` by names (or "Player N" past the list)."""

    def name(match: re.Match[str]) -> str:
        i = int(match.group(1))
        return names[i] if i < len(names) else default_name(i)

    return _TOKEN.sub(name, text)


def has_placeholders(text: str) -> bool:
    """Whether ``text`` still holds a ``{…}`` field other than a seat placeholder."""
    return "{" in _TOKEN.sub("", text) or "}" in _TOKEN.sub("", text)


def join_words(items: Iterable[str], conjunction: str | None = None) -> str:
    """ "a", "a and b", "a, b and c" ("and" translated, or the ``conjunction`` given)."""
    words = list(items)
    if len(words) <= 1:
        return "".join(words)
    word = _("and") if conjunction is None else conjunction
    return f"{', '.join(words[:-1])} {word} {words[-1]}"


def seats_text(seats: Iterable[int]) -> str:
    """Seat placeholders joined into words: "{s0}, {s1} and {s3}"."""
    return join_words(seat(s) for s in seats)
