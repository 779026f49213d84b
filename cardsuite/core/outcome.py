"""How a game ended: places, scores and the reason in words."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from cardsuite.core.i18n import N_, N_n, _, ngettext
from cardsuite.core.table import Seat
from cardsuite.core.text import say

SAFETY = "safety:"  # the prefix of the endings a safety stop decides
WIN, DRAW, LOSS = "win", "draw", "loss"  # what a finished match was for a seat (see verdict)


def verdict(places: Sequence[int], seat: Seat, *, last_place_loses: bool = False) -> str | None:
    """What the match was for ``seat``, as the game ranks its places: WIN, DRAW, LOSS or None.

    A draw when every seat shares the first place; else a win for each seat in first place
    (joint winners, partners, everyone but the loser at Rang).  Who loses depends on what the
    game names: a game that names its winner (the first out, the highest score …) makes every
    other place a loss; a game that names its loser (``last_place_loses``: Rang, Seven
    Leaves) makes only the last place a loss, and a place between the first and the last is
    neither a win nor a loss (None: it is counted among the places only).
    """
    if all(place == 1 for place in places):
        return DRAW
    place = places[seat]
    if place == 1:
        return WIN
    if not last_place_loses or place == max(places):
        return LOSS
    return None


class Better(enum.Enum):
    """Which way a measure ranks the players."""

    MORE = "more"  # the highest score is the best (points, packets)
    FEWER = "fewer"  # the lowest is the best (chips left, deals lost)
    NEITHER = "neither"  # the scores are shown, the places come from elsewhere


@dataclass(frozen=True, slots=True)
class Measure:
    """What a game's scores count, in its own words, so that "7" reads "7 tricks".

    ``name`` heads a column ("chips left"); ``forms`` are the singular and plural of an amount
    (``{n}`` the number: "{n} chip left", "{n} chips left"); ``note``, where the scores alone
    would mislead, says how the places were decided.  All of it is N_-marked engine text,
    translated where it is shown.
    """

    name: str
    forms: tuple[str, str]
    better: Better = Better.MORE
    note: str = ""

    def amount(self, n: int) -> str:
        """ "7 tricks", "1 chip left", "-1 chip" (the form chosen by the amount without its
        sign)."""
        return ngettext(*self.forms, abs(n)).format(n=n)

    def heading(self) -> str:
        return _(self.name)

    def hint(self) -> str:
        """What a reader of the scores must be told, as a sentence: the note, or "Chips left:
        fewer is better." where fewer wins ("" when the numbers speak for themselves)."""
        if self.note:
            return _(self.note)
        if self.better is Better.FEWER:
            text = say("{measure}: fewer is better.", measure=self.heading())
            return text[:1].upper() + text[1:]
        return ""


POINTS = Measure(N_("points"), N_n("{n} point", "{n} points"))


@dataclass(frozen=True, slots=True)
class Outcome:
    """``places[s]`` is seat s's place, 1 for the best; tied seats and partners share a place.

    Sides are ranked as one: with two teams the places are 1 and 2, whatever the number of
    partners in the first (the same for the ranking by scores of :meth:`from_scores`).

    ``scores`` holds each seat's final score where the game keeps one, and ``measure`` says
    what they count (chips left, tricks …): every game that keeps scores names it.
    ``reason`` is engine text (seats written as ``{s0}``, see :mod:`cardsuite.core.text`).
    ``ending`` names the rule that ended the game in a stable tag ("last-with-cards",
    "empty-hand" …), for statistics; a safety stop's tag starts with ``SAFETY``
    ("safety:turn-limit").
    """

    places: tuple[int, ...]
    reason: str
    scores: tuple[int, ...] | None = None
    ending: str = ""
    measure: Measure | None = None

    def __post_init__(self) -> None:
        if not self.places or min(self.places) != 1:
            raise ValueError(f"places must start at 1: {self.places}")

    def amount(self, seat: Seat) -> str:
        """Seat's score in words ("7 tricks"); "" for a game without scores (the bare number
        where a game has not named its measure)."""
        if self.scores is None:
            return ""
        if self.measure is None:
            return str(self.scores[seat])
        return self.measure.amount(self.scores[seat])

    @property
    def winners(self) -> tuple[Seat, ...]:
        """Seats in first place (all of them in a draw)."""
        return tuple(s for s, place in enumerate(self.places) if place == 1)

    @property
    def is_draw(self) -> bool:
        """Everyone shares first place."""
        return all(place == 1 for place in self.places)

    @classmethod
    def from_scores(
        cls,
        scores: Sequence[int],
        reason: str,
        *,
        higher_wins: bool = True,
        sides: Sequence[frozenset[Seat]] | None = None,
        ending: str = "",
        measure: Measure | None = None,
    ) -> Outcome:
        """Places by score (standard competition ranking: 1, 1, 3).

        With ``sides``, every seat counts with the score of its side's first seat and the sides
        are ranked, not the seats: partners share a place, and with two sides the places are
        1 and 2 (not 1 and 3, as if each partner were a rival).
        """
        keyed = [s if higher_wins else -s for s in scores]
        groups = [frozenset({s}) for s in range(len(scores))] if sides is None else sides
        side_keys = [keyed[min(side)] for side in groups]
        places = [0] * len(scores)
        for side, mine in zip(groups, side_keys, strict=True):
            for s in side:
                places[s] = 1 + sum(other > mine for other in side_keys)
        return cls(
            places=tuple(places),
            reason=reason,
            scores=tuple(scores),
            ending=ending,
            measure=measure,
        )

    @classmethod
    def win_for(
        cls,
        winners: frozenset[Seat],
        seats: int,
        reason: str,
        scores: Sequence[int] | None = None,
        *,
        ending: str = "",
        measure: Measure | None = None,
    ) -> Outcome:
        """``winners`` share first place; everyone else shares the next place."""
        places = tuple(1 if s in winners else 1 + len(winners) for s in range(seats))
        kept = None if scores is None else tuple(scores)
        return cls(places=places, reason=reason, scores=kept, ending=ending, measure=measure)

    def verdict(self, seat: Seat, *, last_place_loses: bool = False) -> str | None:
        """What the match was for ``seat``: see :func:`verdict`."""
        return verdict(self.places, seat, last_place_loses=last_place_loses)

    @property
    def by_safety_stop(self) -> bool:
        """True when an engine's safety stop ended the game, not the rules of play."""
        return self.ending.startswith(SAFETY)
