"""How a game ended: places, scores and the reason in words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardsuite.core.table import Seat

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


@dataclass(frozen=True, slots=True)
class Outcome:
    """``places[s]`` is seat s's place, 1 for the best; tied seats and partners share a place.

    ``scores`` holds each seat's final score where the game keeps one.  ``reason`` is engine
    text (seats written as ``{s0}``, see :mod:`cardsuite.core.text`).  ``ending`` names the
    rule that ended the game in a stable tag ("last-with-cards", "empty-hand" …), for
    statistics; a safety stop's tag starts with ``SAFETY`` ("safety:turn-limit").
    """

    places: tuple[int, ...]
    reason: str
    scores: tuple[int, ...] | None = None
    ending: str = ""

    def __post_init__(self) -> None:
        if not self.places or min(self.places) != 1:
            raise ValueError(f"places must start at 1: {self.places}")

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
    ) -> Outcome:
        """Places by score (standard competition ranking: 1, 1, 3).

        With ``sides``, every seat counts with the score of its side's first seat, so partners
        always share a place (two partners first, the next side third).
        """
        keyed = [s if higher_wins else -s for s in scores]
        if sides is not None:
            for side in sides:
                first = keyed[min(side)]
                for s in side:
                    keyed[s] = first
        places = tuple(1 + sum(other > mine for other in keyed) for mine in keyed)
        return cls(places=places, reason=reason, scores=tuple(scores), ending=ending)

    @classmethod
    def win_for(
        cls,
        winners: frozenset[Seat],
        seats: int,
        reason: str,
        scores: Sequence[int] | None = None,
        *,
        ending: str = "",
    ) -> Outcome:
        """``winners`` share first place; everyone else shares the next place."""
        places = tuple(1 if s in winners else 1 + len(winners) for s in range(seats))
        kept = None if scores is None else tuple(scores)
        return cls(places=places, reason=reason, scores=kept, ending=ending)

    def verdict(self, seat: Seat, *, last_place_loses: bool = False) -> str | None:
        """What the match was for ``seat``: see :func:`verdict`."""
        return verdict(self.places, seat, last_place_loses=last_place_loses)

    @property
    def by_safety_stop(self) -> bool:
        """True when an engine's safety stop ended the game, not the rules of play."""
        return self.ending.startswith(SAFETY)
