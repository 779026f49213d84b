"""Deal codes: a short text that names a deal, so that another player can play the same one.

A code holds the game, the number of players, the seed and the options that differ from the
game's defaults::

    rang-3-k2f9
    seven-up-4-1bq3x.partnerships=on
    grabuge-2-9zz.reserve=8.joker=off

The seed is written in base 36 (digits and lower-case letters); options follow, each as
``.key=value`` in the command line's spelling (``on``/``off`` for switches).  Reading a code
checks its shape only; the game, the player count and the options are checked by whoever
starts the deal (they know the registry), with the usual messages.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cardsuite.core.errors import OptionsError
from cardsuite.core.text import quoted, say

_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
_CODE = re.compile(r"^(?P<game>[a-z][a-z0-9-]*?)-(?P<players>[0-9]{1,2})-(?P<seed>[0-9a-z]{1,13})$")
_OPTION = re.compile(r"^[a-z_][a-z0-9_]*=[^.\s]+$")
MAX_SEED = 2**64 - 1  # seeds are 64-bit (core.rng.derive_seed)


@dataclass(frozen=True, slots=True)
class DealCode:
    game: str
    players: int
    seed: int
    options: Mapping[str, str] = field(default_factory=dict)  # as typed: key -> value text

    def text(self) -> str:
        base = f"{self.game}-{self.players}-{to_base36(self.seed)}"
        return base + "".join(f".{k}={v}" for k, v in self.options.items())


def to_base36(n: int) -> str:
    if n < 0:
        raise ValueError("a seed is never negative")
    digits = []
    while True:
        n, d = divmod(n, 36)
        digits.append(_DIGITS[d])
        if n == 0:
            return "".join(reversed(digits))


def deal_code(game: str, players: int, seed: int, options: Mapping[str, Any]) -> str:
    """The code of a deal; ``options`` are those that differ from the game's defaults."""
    return DealCode(game, players, seed, {k: _spell(v) for k, v in options.items()}).text()


def _spell(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def parse_deal_code(text: str) -> DealCode:
    """Read a code; OptionsError with a sentence naming what is wrong."""
    cleaned = text.strip().lower()
    head, *rest = cleaned.split(".")
    found = _CODE.match(head)
    if found is None:
        raise OptionsError(
            say(
                "{code} is not a deal code (it reads like rang-3-k2f9: game, players, seed)",
                code=quoted(text),
            )
        )
    seed = int(found["seed"], 36)
    if seed > MAX_SEED:
        raise OptionsError(say("the seed of deal code {code!r} is too large", code=text))
    options: dict[str, str] = {}
    for part in rest:
        if not _OPTION.match(part):
            raise OptionsError(
                say(
                    "deal code {code!r}: {part!r} is not an option written key=value",
                    code=text,
                    part=part,
                )
            )
        key, _sep, value = part.partition("=")
        options[key] = value
    return DealCode(found["game"], int(found["players"]), seed, options)
