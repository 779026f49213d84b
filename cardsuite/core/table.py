"""Where the cards are, and who may see them.

A :class:`Table` holds every card of a game in named piles.  Each pile's :class:`PileSpec`
declares its owner and its :class:`Visibility`; from that declaration alone :func:`redact`
builds what one seat may see, and :func:`resample_hidden` reshuffles what it may not.  Games
never write their own hiding code, so hiding is correct for all of them once it is correct
here.

Tables are immutable.  A game keeps one :class:`Layout` (the pile specs and an index) per
configuration and builds new tables by replacing a few pile tuples, which costs one small tuple
copy per move.
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from cardsuite.core.cards import FACE_DOWN, Card, CardFace

PileId = str
Seat = int


class Visibility(enum.Enum):
    """Who may see the cards of a pile.  Counts are always public."""

    PUBLIC = "public"  # every card, to everyone
    OWNER = "owner"  # every card to the owner, none to the others (a hand)
    TOP = "top"  # only the top card, to everyone (a face-down pile with its top turned up)
    HIDDEN = "hidden"  # no card, to nobody (a stock)


@dataclass(frozen=True, slots=True)
class PileSpec:
    id: PileId
    owner: Seat | None = None
    visibility: Visibility = Visibility.PUBLIC


class Layout:
    """The piles of a table, in a fixed order, with an index from pile id to position."""

    __slots__ = ("positions", "specs")

    def __init__(self, specs: Iterable[PileSpec]) -> None:
        self.specs: tuple[PileSpec, ...] = tuple(specs)
        self.positions: dict[PileId, int] = {spec.id: i for i, spec in enumerate(self.specs)}
        if len(self.positions) != len(self.specs):
            raise ValueError("pile ids must be unique")

    def position(self, pile: PileId) -> int:
        return self.positions[pile]

    def extended(self, *specs: PileSpec) -> Layout:
        """A new layout with ``specs`` appended (for games whose piles come and go)."""
        return Layout((*self.specs, *specs))

    def without(self, pile: PileId) -> Layout:
        return Layout(spec for spec in self.specs if spec.id != pile)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Layout) and self.specs == other.specs

    def __hash__(self) -> int:
        return hash(self.specs)

    def __repr__(self) -> str:
        return f"Layout({[spec.id for spec in self.specs]})"


class Table(NamedTuple):
    """Every card of the game: ``piles[i]`` holds the cards of ``layout.specs[i]``, bottom first.

    In a redacted table a card the viewer may not see is :data:`FACE_DOWN`.
    """

    layout: Layout
    piles: tuple[tuple[CardFace, ...], ...]

    def pile(self, pile: PileId) -> tuple[CardFace, ...]:
        return self.piles[self.layout.positions[pile]]

    def cards(self, pile: PileId) -> tuple[Card, ...]:
        """A pile of a full (unredacted) table, typed as real cards."""
        return self.piles[self.layout.positions[pile]]  # type: ignore[return-value]

    def replaced(self, changes: Mapping[PileId, Sequence[CardFace]]) -> Table:
        """A new table with the given piles replaced."""
        piles = list(self.piles)
        for pile, cards in changes.items():
            piles[self.layout.positions[pile]] = tuple(cards)
        return Table(self.layout, tuple(piles))

    def all_cards(self) -> list[CardFace]:
        return [card for pile in self.piles for card in pile]

    def counts(self) -> dict[PileId, int]:
        return {
            spec.id: len(pile) for spec, pile in zip(self.layout.specs, self.piles, strict=True)
        }


def make_table(layout: Layout, contents: Mapping[PileId, Sequence[CardFace]]) -> Table:
    """A table with the named piles filled and every other pile empty."""
    unknown = set(contents) - set(layout.positions)
    if unknown:
        raise KeyError(f"no such piles: {sorted(unknown)}")
    return Table(layout, tuple(tuple(contents.get(spec.id, ())) for spec in layout.specs))


def _visible_from(spec: PileSpec, viewer: Seat | None, size: int) -> int:
    """Index of the first card of the pile the viewer sees (``size`` = sees none)."""
    vis = spec.visibility
    if vis is Visibility.PUBLIC:
        return 0
    if vis is Visibility.OWNER:
        return 0 if viewer is not None and viewer == spec.owner else size
    if vis is Visibility.TOP:
        return size - 1 if size else 0
    return size


_BACKS: dict[int, tuple[CardFace, ...]] = {}


def _backs(n: int) -> tuple[CardFace, ...]:
    backs = _BACKS.get(n)
    if backs is None:
        backs = _BACKS[n] = (FACE_DOWN,) * n
    return backs


def redact(table: Table, viewer: Seat | None) -> Table:
    """What ``viewer`` may see of the table (``None``: a spectator).  Counts are kept."""
    piles = []
    for spec, pile in zip(table.layout.specs, table.piles, strict=True):
        start = _visible_from(spec, viewer, len(pile))
        piles.append(pile if start == 0 else _backs(start) + pile[start:])
    return Table(table.layout, tuple(piles))


def hidden_positions(table: Table, viewer: Seat | None) -> list[tuple[int, int]]:
    """(pile position, card position) of every card ``viewer`` may not see."""
    out: list[tuple[int, int]] = []
    for p, (spec, pile) in enumerate(zip(table.layout.specs, table.piles, strict=True)):
        out.extend((p, c) for c in range(_visible_from(spec, viewer, len(pile))))
    return out


def resample_hidden(
    table: Table,
    viewer: Seat | None,
    rng: random.Random,
    pool: Sequence[Card] | None = None,
) -> Table:
    """Deal the cards hidden from ``viewer`` again at random, keeping every pile's size.

    With a full table (``pool`` None) the hidden cards are permuted among the hidden places:
    the result is another state the viewer cannot tell apart from this one.  With a redacted
    table, ``pool`` supplies the unseen cards that fill its face-down places (a
    determinization, as search bots use).  A position laid out by hand may hold fewer cards
    than the whole deck: then the places get a random selection of the pool.  A pool too
    small for the places is a ValueError.
    """
    places = hidden_positions(table, viewer)
    if pool is None:
        cards: list[CardFace] = [table.piles[p][c] for p, c in places]
    else:
        cards = list(pool)
        if len(cards) < len(places):
            raise ValueError(f"{len(cards)} unseen cards for {len(places)} hidden places")
    rng.shuffle(cards)
    del cards[len(places) :]
    piles = [list(pile) for pile in table.piles]
    for (p, c), card in zip(places, cards, strict=True):
        piles[p][c] = card
    return Table(table.layout, tuple(tuple(pile) for pile in piles))


def unseen_cards(deck: Iterable[Card], visible: Iterable[CardFace]) -> list[Card]:
    """The cards of ``deck`` not among ``visible`` (as multisets), in deck order."""
    remaining = Counter(card for card in visible if isinstance(card, Card))
    out = []
    for card in deck:
        if remaining[card]:
            remaining[card] -= 1
        else:
            out.append(card)
    return out
