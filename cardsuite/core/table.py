"""Where the cards are, and who may see them.

A :class:`Table` holds every card of a game in named piles.  Each pile's :class:`PileSpec`
declares its owner and its :class:`Visibility`; from that declaration alone :func:`redact`
builds what one seat may see (a :class:`SeenTable`, a different type, so an engine can never
take one for the other), and :func:`resample_hidden` deals again what it may not.  Games never
write their own hiding code, so hiding is correct for all of them once it is correct here.

Knowledge that is not a whole pile is declared too, as *facts* kept with the table:

* :class:`Shown` — one card lies face up in a pile that hides the others (the Seven Leaves
  dealer's turned-up trump in his hand, a joker seen going under the stock);
* :class:`HoldsRank` — a pile is known to hold at least one card of a rank (at Go Fish, a
  player who asked for a rank and has not lost it);
* :class:`Lacks` — a pile is known to hold no card of a rank or a suit (at Go Fish, a player
  who answered «Рыба» and has drawn nothing since; at a trick game, a suit he did not follow).

:func:`redact` shows shown cards; :func:`resample_hidden` keeps every fact true, so a
determinized table holds what everyone knows it holds.  Engines add and drop facts as the
rules make cards known or move them away.

Piles are reached by name: ``table.cards(hand(2))``, never by position.  :func:`pile_names`
gives each kind of per-seat pile its names (``hand(2) == "hand.2"``), made once.  Tables are
immutable; an engine takes a :class:`TableEdit` from ``table.edit()``, changes piles by name and
freezes it into the next table, one small tuple copy per move.
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, NamedTuple, cast

from cardsuite.core.cards import FACE_DOWN, Card, CardFace, Suit

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


def pile_names(kind: str, size: int = 16) -> Callable[[Seat], PileId]:
    """The names of one kind of per-seat pile: ``hand = pile_names("hand"); hand(2) == "hand.2"``.

    Names are made once and looked up by a builtin call, so naming a pile in an engine's hot
    path costs next to nothing.
    """
    return tuple(f"{kind}.{i}" for i in range(size)).__getitem__


class Layout:
    """The piles of a table, in a fixed order, with an index from pile id to position."""

    __slots__ = ("_getters", "ids", "positions", "specs")

    def __init__(self, specs: Iterable[PileSpec]) -> None:
        self.specs: tuple[PileSpec, ...] = tuple(specs)
        self.ids: tuple[PileId, ...] = tuple(spec.id for spec in self.specs)
        self.positions: dict[PileId, int] = {spec.id: i for i, spec in enumerate(self.specs)}
        if len(self.positions) != len(self.specs):
            raise ValueError("pile ids must be unique")
        self._getters: dict[tuple[PileId, ...], Callable[[Any], tuple[Any, ...]]] = {}

    def getter(self, names: tuple[PileId, ...]) -> Callable[[Any], tuple[Any, ...]]:
        """A function that picks the piles ``names`` (in that order) out of a table's pile
        tuple, made once per layout and set of names (for engines' hot paths)."""
        got = self._getters.get(names)
        if got is None:
            if len(names) == 1:
                at = self.positions[names[0]]
                got = self._getters[names] = lambda piles: (piles[at],)
            else:
                got = self._getters[names] = itemgetter(*(self.positions[n] for n in names))
        return got

    def names_getter(self) -> Callable[[Mapping[PileId, Any]], tuple[Any, ...]]:
        """A function that lists a name -> pile mapping in this layout's order."""
        got = self._getters.get(())
        if got is None:
            ids = self.ids
            got = itemgetter(*ids) if len(ids) > 1 else (lambda piles: tuple(piles[i] for i in ids))
            self._getters[()] = got
        return got

    def spec(self, pile: PileId) -> PileSpec:
        return self.specs[self.positions[pile]]

    def __contains__(self, pile: object) -> bool:
        return pile in self.positions

    def extended(self, *specs: PileSpec) -> Layout:
        """A new layout with ``specs`` appended (for games whose piles come and go)."""
        return Layout((*self.specs, *specs))

    def without(self, pile: PileId) -> Layout:
        return Layout(spec for spec in self.specs if spec.id != pile)

    def __reduce__(self) -> tuple[type[Layout], tuple[tuple[PileSpec, ...]]]:
        return (Layout, (self.specs,))  # the getters are remade on demand

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Layout) and self.specs == other.specs

    def __hash__(self) -> int:
        return hash(self.specs)

    def __repr__(self) -> str:
        return f"Layout({[spec.id for spec in self.specs]})"


# --- facts: knowledge that is not a whole pile --------------------------------------------


@dataclass(frozen=True, slots=True)
class Shown:
    """``card`` lies in ``pile`` face up to ``to`` (everyone when None), though the pile
    hides its other cards."""

    pile: PileId
    card: Card
    to: Seat | None = None

    def applies_to(self, viewer: Seat | None) -> bool:
        return self.to is None or self.to == viewer


@dataclass(frozen=True, slots=True)
class HoldsRank:
    """``pile`` is known to hold at least one card of ``rank`` (by everyone, or by ``to``)."""

    pile: PileId
    rank: int
    to: Seat | None = None

    def applies_to(self, viewer: Seat | None) -> bool:
        return self.to is None or self.to == viewer


@dataclass(frozen=True, slots=True)
class Lacks:
    """``pile`` is known to hold no card of ``rank`` (None: of any rank) in ``suit`` (None: of
    any suit), by everyone or by ``to``: a player answered «Рыба» to an ask for the rank, or
    played another suit than the one led.  The engine drops the fact once the pile may have
    taken such a card unseen (a card drawn from the stock, a new deal)."""

    pile: PileId
    rank: int | None = None
    suit: Suit | None = None
    to: Seat | None = None

    def applies_to(self, viewer: Seat | None) -> bool:
        return self.to is None or self.to == viewer

    def excludes(self, card: Card) -> bool:
        """Whether ``card`` is one the pile is known not to hold."""
        return (self.rank is None or card.rank == self.rank) and (
            self.suit is None or card.suit is self.suit
        )


Fact = Shown | HoldsRank | Lacks


# --- tables ----------------------------------------------------------------------------------


class Table(NamedTuple):
    """Every card of the game: ``piles[i]`` holds the cards of ``layout.specs[i]``, bottom first.

    ``known`` holds the facts (:class:`Shown`, :class:`HoldsRank`) players know beyond what the
    piles' visibility shows.  Read piles by name with :meth:`cards`.
    """

    layout: Layout
    piles: tuple[tuple[Card, ...], ...]
    known: tuple[Fact, ...] = ()

    def cards(self, pile: PileId) -> tuple[Card, ...]:
        return self.piles[self.layout.positions[pile]]

    # The same readings as on a SeenTable, for code that reads either kind of table.
    def faces(self, pile: PileId) -> tuple[Card, ...]:
        return self.piles[self.layout.positions[pile]]

    def visible(self, pile: PileId) -> tuple[Card, ...]:
        return self.piles[self.layout.positions[pile]]

    def count(self, pile: PileId) -> int:
        return len(self.piles[self.layout.positions[pile]])

    def top(self, pile: PileId) -> Card | None:
        cards = self.piles[self.layout.positions[pile]]
        return cards[-1] if cards else None

    def edit(self) -> TableEdit:
        """A working copy whose piles can be replaced by name, then frozen."""
        return TableEdit(self.layout, list(self.piles), self.known)

    def by_name(self) -> dict[PileId, tuple[Card, ...]]:
        """Every pile by its name (for engines whose piles come and go)."""
        return dict(zip(self.layout.ids, self.piles))  # noqa: B905 (one pile per id)

    def piles_of(self, names: tuple[PileId, ...]) -> tuple[tuple[Card, ...], ...]:
        """The piles ``names``, in that order (one lookup for several piles)."""
        layout = self.layout
        got = layout._getters.get(names)  # the getter made before, without a second call
        if got is None:
            got = layout.getter(names)
        return got(self.piles)

    @classmethod
    def from_names(
        cls,
        layout: Layout,
        piles: Mapping[PileId, tuple[Card, ...]],
        known: tuple[Fact, ...] = (),
    ) -> Table:
        """The table holding ``piles[name]`` for each pile of ``layout`` (all must be given)."""
        by_name = layout.names_getter()
        return cls(layout, by_name(piles), known)

    def replaced(self, changes: Mapping[PileId, Sequence[Card]]) -> Table:
        """A new table with the given piles replaced."""
        work = self.edit()
        for pile, cards in changes.items():
            work[pile] = tuple(cards)
        return work.freeze()

    def all_cards(self) -> list[Card]:
        return [card for pile in self.piles for card in pile]

    def counts(self) -> dict[PileId, int]:
        return {
            spec.id: len(pile) for spec, pile in zip(self.layout.specs, self.piles, strict=True)
        }


class SeenTable(NamedTuple):
    """What one seat sees of a table: a card it may not see is :data:`FACE_DOWN`.

    Counts are those of the real table.  :meth:`visible` gives the face-up cards of a pile
    as real cards (a seat's own hand, a discard pile).
    """

    layout: Layout
    piles: tuple[tuple[CardFace, ...], ...]
    known: tuple[Fact, ...] = ()

    def faces(self, pile: PileId) -> tuple[CardFace, ...]:
        return self.piles[self.layout.positions[pile]]

    def visible(self, pile: PileId) -> tuple[Card, ...]:
        return tuple(c for c in self.piles[self.layout.positions[pile]] if isinstance(c, Card))

    def count(self, pile: PileId) -> int:
        return len(self.piles[self.layout.positions[pile]])

    def top(self, pile: PileId) -> CardFace | None:
        faces = self.piles[self.layout.positions[pile]]
        return faces[-1] if faces else None

    def all_faces(self) -> list[CardFace]:
        return [face for pile in self.piles for face in pile]

    def all_visible(self) -> list[Card]:
        return [face for pile in self.piles for face in pile if isinstance(face, Card)]


class TableEdit:
    """A table being changed by one move: piles by name, then :meth:`freeze`."""

    __slots__ = ("known", "layout", "piles")

    def __init__(self, layout: Layout, piles: list[tuple[Card, ...]], known: tuple[Fact, ...]):
        self.layout = layout
        self.piles = piles
        self.known = known

    def __getitem__(self, pile: PileId) -> tuple[Card, ...]:
        return self.piles[self.layout.positions[pile]]

    def __setitem__(self, pile: PileId, cards: tuple[Card, ...]) -> None:
        self.piles[self.layout.positions[pile]] = cards

    def take_top(self, pile: PileId, n: int = 1) -> tuple[Card, ...]:
        """Remove and return the top ``n`` cards of ``pile`` (bottom first)."""
        at = self.layout.positions[pile]
        cards = self.piles[at]
        self.piles[at] = cards[: len(cards) - n]
        return cards[len(cards) - n :]

    def add(self, pile: PileId, *cards: Card) -> None:
        """Put ``cards`` on top of ``pile``."""
        at = self.layout.positions[pile]
        self.piles[at] = self.piles[at] + cards

    def remove(self, pile: PileId, card: Card) -> None:
        """Take one ``card`` out of ``pile`` (the topmost copy); ValueError if it is not there."""
        at = self.layout.positions[pile]
        cards = self.piles[at]
        if cards and cards[-1] is card:
            self.piles[at] = cards[:-1]
            return
        i = len(cards) - 1 - cards[::-1].index(card)
        self.piles[at] = cards[:i] + cards[i + 1 :]

    def move(self, source: PileId, target: PileId, card: Card) -> None:
        self.remove(source, card)
        self.add(target, card)

    def freeze(self) -> Table:
        return Table(self.layout, tuple(self.piles), self.known)


def make_table(
    layout: Layout, contents: Mapping[PileId, Sequence[Card]], known: Sequence[Fact] = ()
) -> Table:
    """A table with the named piles filled and every other pile empty."""
    unknown = set(contents) - set(layout.positions)
    if unknown:
        raise KeyError(f"no such piles: {sorted(unknown)}")
    piles = tuple(tuple(contents.get(spec.id, ())) for spec in layout.specs)
    return Table(layout, piles, tuple(known))


# --- hiding ----------------------------------------------------------------------------------


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


def _shown_positions(table: Table | SeenTable, viewer: Seat | None) -> dict[int, set[int]]:
    """Pile position -> card positions that facts show to ``viewer`` below its visible part."""
    out: dict[int, set[int]] = {}
    for fact in table.known:
        if not isinstance(fact, Shown) or not fact.applies_to(viewer):
            continue
        p = table.layout.positions[fact.pile]
        pile = table.piles[p]
        start = _visible_from(table.layout.specs[p], viewer, len(pile))
        taken = out.setdefault(p, set())
        for c in range(start):
            if pile[c] is fact.card and c not in taken:
                taken.add(c)
                break
    return out


def redact(table: Table, viewer: Seat | None) -> SeenTable:
    """What ``viewer`` may see of the table (``None``: a spectator).  Counts are kept."""
    piles: list[tuple[CardFace, ...]] = []
    shown = _shown_positions(table, viewer) if table.known else {}
    for p, (spec, pile) in enumerate(zip(table.layout.specs, table.piles, strict=True)):
        start = _visible_from(spec, viewer, len(pile))
        if start == 0:
            piles.append(pile)
        elif p in shown:
            keep = shown[p]
            piles.append(
                tuple(card if c >= start or c in keep else FACE_DOWN for c, card in enumerate(pile))
            )
        else:
            piles.append(_backs(start) + pile[start:])
    return SeenTable(table.layout, tuple(piles), table.known)


def hidden_positions(table: Table | SeenTable, viewer: Seat | None) -> list[tuple[int, int]]:
    """(pile position, card position) of every card ``viewer`` may not see."""
    shown = _shown_positions(table, viewer) if table.known else {}
    out: list[tuple[int, int]] = []
    for p, (spec, pile) in enumerate(zip(table.layout.specs, table.piles, strict=True)):
        keep = shown.get(p, ())
        out.extend((p, c) for c in range(_visible_from(spec, viewer, len(pile))) if c not in keep)
    return out


def resample_hidden(
    table: Table | SeenTable,
    viewer: Seat | None,
    rng: random.Random,
    pool: Sequence[Card] | None = None,
) -> Table:
    """Deal the cards hidden from ``viewer`` again at random, keeping every pile's size and
    every fact the viewer knows.

    With a full table (``pool`` None) the hidden cards are permuted among the hidden places:
    the result is another state the viewer cannot tell apart from this one.  With a seen
    table, ``pool`` supplies the unseen cards that fill its face-down places (a
    determinization, as search bots use).  A position laid out by hand may hold fewer cards
    than the whole deck: then the places get a random selection of the pool.  A pool too
    small for the places, or one that cannot make a known fact true, is a ValueError.
    """
    places = hidden_positions(table, viewer)
    if pool is None:
        cards: list[CardFace] = [table.piles[p][c] for p, c in places]
    else:
        cards = list(pool)
        if len(cards) < len(places):
            raise ValueError(f"{len(cards)} unseen cards for {len(places)} hidden places")
    rng.shuffle(cards)
    piles = [list(pile) for pile in table.piles]
    for p, c in places:
        piles[p][c] = FACE_DOWN  # the places to fill; what is left is what the viewer sees
    free = list(places)
    lacks: dict[int, list[Lacks]] = {}
    for fact in table.known:
        if not fact.applies_to(viewer):
            continue
        if isinstance(fact, HoldsRank):
            _keep_rank(table, fact, piles, free, cards)
        elif isinstance(fact, Lacks):
            lacks.setdefault(table.layout.positions[fact.pile], []).append(fact)
    if lacks:
        _deal_around(lacks, piles, free, cards)
    del cards[len(free) :]
    for (p, c), card in zip(free, cards, strict=True):
        piles[p][c] = card
    out = tuple(tuple(pile) for pile in piles)
    if any(card is FACE_DOWN for pile in out for card in pile):
        raise ValueError("a seen table holds face-down cards that no pool place fills")
    return Table(table.layout, cast(tuple[tuple[Card, ...], ...], out), table.known)


def _deal_around(
    lacks: dict[int, list[Lacks]],
    piles: list[list[CardFace]],
    free: list[tuple[int, int]],
    cards: list[CardFace],
) -> None:
    """Fill the free places of the piles known to lack some cards first, each with the first
    of the shuffled ``cards`` it may hold (both are taken out of ``free`` and ``cards``); the
    other places take what is left, as before.  When no card left fits a place, a card dealt
    to an earlier such place is moved to it and that place takes one of the cards left in
    its stead.  ValueError when even that fails (a position laid out against its own facts).
    """

    def fits(p: int, card: CardFace) -> bool:
        return isinstance(card, Card) and not any(f.excludes(card) for f in lacks[p])

    rest = []
    filled: list[tuple[int, int]] = []
    for p, c in free:
        if p not in lacks:
            rest.append((p, c))
            continue
        pick = next((i for i, card in enumerate(cards) if fits(p, card)), None)
        if pick is not None:
            piles[p][c] = cards.pop(pick)
        elif not _swap_in(p, c, filled, piles, cards, fits):
            raise ValueError(f"no card left that {lacks[p][0].pile} may hold")
        filled.append((p, c))
    free[:] = rest


def _swap_in(
    p: int,
    c: int,
    filled: list[tuple[int, int]],
    piles: list[list[CardFace]],
    cards: list[CardFace],
    fits: Callable[[int, CardFace], bool],
) -> bool:
    """Give place ``(p, c)`` a card from an earlier place that may take one of ``cards``."""
    for q, d in filled:
        theirs = piles[q][d]
        if not fits(p, theirs):
            continue
        swap = next((i for i, card in enumerate(cards) if fits(q, card)), None)
        if swap is not None:
            piles[p][c] = theirs
            piles[q][d] = cards.pop(swap)
            return True
    return False


def _keep_rank(
    table: Table | SeenTable,
    fact: HoldsRank,
    piles: list[list[CardFace]],
    free: list[tuple[int, int]],
    cards: list[CardFace],
) -> None:
    """Make ``fact`` true: if its pile shows no card of the rank, one of its hidden places gets
    one from ``cards`` (both are taken out of ``free`` and ``cards``)."""
    p = table.layout.positions[fact.pile]
    if any(isinstance(card, Card) and card.rank == fact.rank for card in piles[p]):
        return  # seen, or already placed for another fact
    slot = next((i for i, (q, _) in enumerate(free) if q == p), None)
    pick = next(
        (i for i, card in enumerate(cards) if isinstance(card, Card) and card.rank == fact.rank),
        None,
    )
    if slot is None or pick is None:
        raise ValueError(f"no way to deal {fact.pile} a card of rank {fact.rank}")
    q, c = free.pop(slot)
    piles[q][c] = cards.pop(pick)


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
