"""Building: laying a card on a pile whose top it follows, as patience and its race games do.

A building rule says three things, as rulebooks put them:

* the **direction** — each card one rank higher than the one under it (*up*), one rank lower
  (*down*), or either (*up or down*, as when loading an opponent's piles in Russian Bank);
* the **suiting** — the same suit as the card under it, the other colour, or any suit;
* the **rank order** — Ace low to King, with or without *wrapping* round the corner (a King
  under an Ace when building up), and which rank (if any) *starts* an empty pile.

One :class:`Building` value answers every question a game asks of such a pile: whether a card
goes on a top (:meth:`Building.follows`), on an empty pile (:meth:`Building.starts`), why not
(:meth:`Building.mismatch`), how far a pile is built (:meth:`Building.run_start`), and — for
engines that look for moves by what the tops want — a card's *key* and the keys each top
accepts (:attr:`Building.key`, :attr:`Building.wants`).  All of it is worked out once, when the
rule is made, in tables indexed by a card's *face* (``Card.index % 53``: rank and suit without
the owner's back), so asking costs a tuple look-up.

>>> from cardsuite.core.cards import parse_card as c
>>> HOUSE = Building("house", direction=Direction.DOWN, suiting=Suiting.ALTERNATE_COLOUR)
>>> HOUSE.follows(c("9♥"), c("10♠")), HOUSE.follows(c("9♣"), c("10♠"))
(True, False)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final

from cardsuite.core.cards import ACE_LOW, ACE_LOW_WRAP, SUITS, Card, RankOrder

FACES: Final = 53
"""How many faces there are (``Card.index % FACES``): 52 cards, then the joker."""

NO_KEY: Final = -1
"""The key of a card no building rule takes (the joker)."""


class Direction(enum.Enum):
    """Which way a built pile runs, from its bottom card to its top."""

    UP = "up"
    DOWN = "down"
    UP_OR_DOWN = "up or down"


class Suiting(enum.Enum):
    """What a card must share with the card under it."""

    SAME_SUIT = "same suit"
    ALTERNATE_COLOUR = "alternate colour"
    ANY_SUIT = "any suit"


class Mismatch(enum.Enum):
    """Why a card does not go where it was put (see :meth:`Building.mismatch`)."""

    NOT_A_START = "this card does not start an empty pile"
    NO_SUIT = "a joker is not built"
    WRONG_RANK = "not one rank on in the pile's direction"
    WRONG_SUIT = "not the same suit"
    WRONG_COLOUR = "not the other colour"


def _face(rank: int, suit_order: int) -> int:
    return (rank - 1) * 4 + suit_order


class Building:
    """One building rule (see the module's text).

    ``base`` is the rank that starts an empty pile (an Ace for foundations), or None when any
    card may start one.  ``wraps`` builds round the corner: King–Ace when going up, Ace–King
    when going down.
    """

    __slots__ = ("base", "direction", "key", "name", "onto", "order", "suiting", "wants")

    name: str
    direction: Direction
    suiting: Suiting
    order: RankOrder
    base: int | None
    key: tuple[int, ...]
    """Per card face, the card's key: the class of cards this rule cannot tell apart (rank and
    suit, rank and colour, or rank alone); :data:`NO_KEY` for the joker."""
    wants: tuple[tuple[int, ...], ...]
    """Per top face, the keys of the cards that go on it (one per direction; none on a King
    built up without wrapping)."""
    onto: tuple[frozenset[int], ...]
    """Per top face, the faces of the cards that go on it."""

    def __init__(
        self,
        name: str,
        *,
        direction: Direction,
        suiting: Suiting,
        wraps: bool = False,
        base: int | None = None,
    ) -> None:
        self.name = name
        self.direction = direction
        self.suiting = suiting
        self.order = order = ACE_LOW_WRAP if wraps else ACE_LOW
        self.base = base
        key = [NO_KEY] * FACES
        wants: list[tuple[int, ...]] = [()] * FACES
        onto: list[frozenset[int]] = [frozenset()] * FACES
        for rank in order.ranks:
            for suit in SUITS:
                key[_face(rank, suit.order)] = self._key_of(rank, suit.order)
        for rank in order.ranks:
            steps: list[int] = []
            if direction is not Direction.DOWN:
                steps.append(order.above(rank) or 0)
            if direction is not Direction.UP:
                steps.append(order.below(rank) or 0)
            for suit in SUITS:
                top = _face(rank, suit.order)
                faces = {
                    _face(next_rank, other.order)
                    for next_rank in steps
                    if next_rank
                    for other in SUITS
                    if self._suits_match(suit.order, other.order)
                }
                wants[top] = tuple(
                    dict.fromkeys(
                        self._key_of(r, self._wanted_suit(suit.order)) for r in steps if r
                    )
                )
                onto[top] = frozenset(faces)
        self.key = tuple(key)
        self.wants = tuple(wants)
        self.onto = tuple(onto)

    def _key_of(self, rank: int, suit_order: int) -> int:
        if self.suiting is Suiting.SAME_SUIT:
            return _face(rank, suit_order)
        if self.suiting is Suiting.ALTERNATE_COLOUR:
            return (rank - 1) * 2 + SUITS[suit_order].red
        return rank - 1

    def _wanted_suit(self, suit_order: int) -> int:
        """A suit (its order) of the cards that go on one of ``suit_order``: the same one, or
        one of the other colour (for the key, which only sees the colour), or any."""
        if self.suiting is Suiting.ALTERNATE_COLOUR:
            red = SUITS[suit_order].red
            return next(s.order for s in SUITS if s.red is not red)
        return suit_order

    def _suits_match(self, under: int, over: int) -> bool:
        if self.suiting is Suiting.SAME_SUIT:
            return under == over
        if self.suiting is Suiting.ALTERNATE_COLOUR:
            return SUITS[under].red is not SUITS[over].red
        return True

    def __repr__(self) -> str:
        return f"Building({self.name!r})"

    # --- the questions ---------------------------------------------------------------------
    def follows(self, card: Card, top: Card) -> bool:
        """Whether ``card`` goes on a pile whose top card is ``top``."""
        return card.index % FACES in self.onto[top.index % FACES]

    def starts(self, card: Card) -> bool:
        """Whether ``card`` may be laid on an empty pile."""
        return self.base is None or card.rank == self.base

    def accepts(self, card: Card, top: Card | None) -> bool:
        """Whether ``card`` goes on a pile with ``top`` showing (None: an empty pile)."""
        if top is None:
            return self.starts(card)
        return card.index % FACES in self.onto[top.index % FACES]

    def mismatch(self, card: Card, top: Card | None) -> Mismatch | None:
        """Why ``card`` does not go on ``top`` (None: it does).  The rank is named before
        the suit: a card of the wrong rank is refused for its rank whatever its suit."""
        if top is None:
            return None if self.starts(card) else Mismatch.NOT_A_START
        if card.suit is None or top.suit is None:
            return Mismatch.NO_SUIT
        if self.follows(card, top):
            return None
        ranks = self.wants_ranks(top.rank)
        if card.rank not in ranks:
            return Mismatch.WRONG_RANK
        if self.suiting is Suiting.SAME_SUIT:
            return Mismatch.WRONG_SUIT
        return Mismatch.WRONG_COLOUR

    def wants_ranks(self, rank: int) -> tuple[int, ...]:
        """The ranks that go on a top of ``rank`` (none on a King built up without wrapping)."""
        out: list[int] = []
        if self.direction is not Direction.DOWN:
            above = self.order.above(rank)
            if above is not None:
                out.append(above)
        if self.direction is not Direction.UP:
            below = self.order.below(rank)
            if below is not None and below not in out:
                out.append(below)
        return tuple(out)

    def goes_on_ranks(self, rank: int) -> tuple[int, ...]:
        """The ranks of the tops a card of ``rank`` goes on (the converse of
        :meth:`wants_ranks`; none for an Ace built up without wrapping)."""
        return tuple(r for r in self.order.ranks if rank in self.wants_ranks(r))

    def is_built(self, cards: Sequence[Card]) -> bool:
        """Whether ``cards`` (bottom first) each follow the one under them."""
        return all(self.follows(cards[k], cards[k - 1]) for k in range(1, len(cards)))

    def run_start(self, pile: Sequence[Card]) -> int:
        """Where the pile's built run begins: the lowest position from which every card
        follows the one under it, up to the top (``len(pile) - 1`` when the top card follows
        nothing; 0 for an empty pile)."""
        onto = self.onto
        k = len(pile) - 1
        while k > 0 and pile[k].index % FACES in onto[pile[k - 1].index % FACES]:
            k -= 1
        return max(k, 0)


__all__ = ["FACES", "NO_KEY", "Building", "Direction", "Mismatch", "Suiting"]
