"""Cards, suits, ranks, rank orders and deck builders.

A :class:`Card` is a value: two cards with the same rank, suit and back are the same card, and
the constructor returns one shared instance for each.  Interning keeps the engines fast
(comparing cards is an identity check, hashing returns a small integer) and makes duplicate
cards from several decks interchangeable, which is what players expect: with two 7♥ in hand,
"play 7♥" is one move, not two.

Ranks are plain integers, Ace = 1 up to King = 13; jokers have rank 0.  How ranks compare is a
property of the game, not of the card, so each game describes its order with a
:class:`RankOrder` value.

The ``back`` of a card is for games where the owner of a card matters (one deck per player, as
in Nerts or Russian Bank).  Every other game leaves it at 0.
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Iterable, Sequence
from typing import ClassVar, Final

from cardsuite.core.errors import NotationError

ACE: Final = 1
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13
JOKER_RANK: Final = 0

RANKS: Final = tuple(range(ACE, KING + 1))

_LATIN_INDEX: Final = {1: "A", 11: "J", 12: "Q", 13: "K"}
# Russian and Ukrainian packs: туз, валет, дама, король.
_CYRILLIC_INDEX: Final = {1: "Т", 11: "В", 12: "Д", 13: "К"}
_RANK_NAMES: Final = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}


class Suit(enum.Enum):
    """The four French suits.  ``letter`` is the ASCII form, ``symbol`` the Unicode one."""

    CLUBS = ("C", "♣", False)
    DIAMONDS = ("D", "♦", True)
    HEARTS = ("H", "♥", True)
    SPADES = ("S", "♠", False)

    def __init__(self, letter: str, symbol: str, red: bool) -> None:
        self.letter = letter
        self.symbol = symbol
        self.red = red

    @property
    def order(self) -> int:
        return _SUIT_ORDER[self]


SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_SUIT_ORDER: Final = {suit: i for i, suit in enumerate(SUITS)}


def rank_index(rank: int, *, cyrillic: bool = False) -> str:
    """The index printed in a card's corner: ``A``, ``2`` … ``10``, ``J`` (or ``Т`` … ``В``)."""
    table = _CYRILLIC_INDEX if cyrillic else _LATIN_INDEX
    return table.get(rank, str(rank))


def rank_name(rank: int) -> str:
    """A rank in words for messages: ``Ace``, ``7``, ``King``."""
    return _RANK_NAMES.get(rank, str(rank))


class Card:
    """An interned playing card.  ``Card(7, Suit.HEARTS) is Card(7, Suit.HEARTS)``."""

    __slots__ = ("back", "index", "rank", "suit")
    _interned: ClassVar[dict[tuple[int, Suit | None, int], Card]] = {}

    rank: int
    suit: Suit | None
    back: int
    index: int

    def __new__(cls, rank: int, suit: Suit | None, back: int = 0) -> Card:
        key = (rank, suit, back)
        card = cls._interned.get(key)
        if card is None:
            if rank == JOKER_RANK:
                if suit is not None:
                    raise ValueError("a joker has no suit")
                index = 52
            elif ACE <= rank <= KING and isinstance(suit, Suit):
                index = (rank - 1) * 4 + suit.order
            else:
                raise ValueError(f"no such card: rank {rank!r}, suit {suit!r}")
            card = object.__new__(cls)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "suit", suit)
            object.__setattr__(card, "back", back)
            object.__setattr__(card, "index", index + 53 * back)
            cls._interned[key] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, Suit | None, int]]:
        return (Card, (self.rank, self.suit, self.back))

    def __hash__(self) -> int:
        return self.index

    # Equality stays the default identity check: interning makes it exact.  Cards define no
    # ordering: a class with a comparison method of its own has every comparison, ``==``
    # included, go through Python code (``card in pile`` ran five times slower); sort them
    # with a key (:func:`deck_order`, :func:`sort_key`).

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def red(self) -> bool:
        return self.suit is not None and self.suit.red

    def text(self, *, ascii_suits: bool = False, cyrillic: bool = False) -> str:
        """The card as printed in logs and labels: ``10♥``, ``10H``, ``Т♠``, ``JOKER``."""
        if self.rank == JOKER_RANK:
            return "JOKER"
        assert self.suit is not None
        suit = self.suit.letter if ascii_suits else self.suit.symbol
        return rank_index(self.rank, cyrillic=cyrillic) + suit

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        back = f", back={self.back}" if self.back else ""
        return f"Card({self.text()!r}{back})"


JOKER: Final = Card(JOKER_RANK, None)


class FaceDown:
    """The placeholder for a card the viewer may not see.  There is one instance, FACE_DOWN."""

    __slots__ = ()
    _instance: FaceDown | None = None

    def __new__(cls) -> FaceDown:
        if cls._instance is None:
            cls._instance = object.__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "FACE_DOWN"

    def __reduce__(self) -> tuple[type[FaceDown], tuple[()]]:
        return (FaceDown, ())


FACE_DOWN: Final = FaceDown()

CardFace = Card | FaceDown
"""What a viewer sees at one position of a pile: a card, or its back."""


# --- rank orders ---------------------------------------------------------------------------


class RankOrder:
    """How a game orders ranks: a sequence from low to high, optionally wrapping round.

    >>> ACE_LOW_WRAP.adjacent(ACE, KING)
    True
    """

    __slots__ = ("_above", "_below", "_value", "name", "ranks", "wraps")

    def __init__(self, name: str, ranks: Sequence[int], *, wraps: bool = False) -> None:
        self.name = name
        self.ranks = tuple(ranks)
        self.wraps = wraps
        self._value = {rank: i for i, rank in enumerate(self.ranks)}
        n = len(self.ranks)
        self._above: dict[int, int | None] = {}
        self._below: dict[int, int | None] = {}
        for i, rank in enumerate(self.ranks):
            if i + 1 < n:
                self._above[rank] = self.ranks[i + 1]
            else:
                self._above[rank] = self.ranks[0] if wraps else None
            if i > 0:
                self._below[rank] = self.ranks[i - 1]
            else:
                self._below[rank] = self.ranks[-1] if wraps else None

    def value(self, rank: int) -> int:
        """Position of ``rank`` in this order, 0 for the lowest."""
        return self._value[rank]

    def above(self, rank: int) -> int | None:
        """The rank one step higher, or None at the top of a non-wrapping order."""
        return self._above[rank]

    def below(self, rank: int) -> int | None:
        """The rank one step lower, or None at the bottom of a non-wrapping order."""
        return self._below[rank]

    def adjacent(self, a: int, b: int) -> bool:
        """True when the two ranks are one step apart (round the corner if the order wraps)."""
        return self._above.get(a) == b or self._below.get(a) == b

    def neighbours(self, rank: int) -> tuple[int, ...]:
        """The ranks one step away from ``rank``, without repeats."""
        out: list[int] = []
        for r in (self._below[rank], self._above[rank]):
            if r is not None and r not in out:
                out.append(r)
        return tuple(out)

    def __repr__(self) -> str:
        return f"RankOrder({self.name!r})"


ACE_LOW: Final = RankOrder("ace low", RANKS)
ACE_LOW_WRAP: Final = RankOrder("ace low, round the corner", RANKS, wraps=True)
ACE_HIGH: Final = RankOrder("ace high", (*range(2, KING + 1), ACE))


# --- deck builders -------------------------------------------------------------------------


def deck_of(ranks: Iterable[int], *, jokers: int = 0, back: int = 0) -> tuple[Card, ...]:
    """One pack holding ``ranks`` in every suit, in rank-then-suit order, plus jokers."""
    return _deck_of(tuple(ranks), jokers, back)


@functools.cache
def _deck_of(ranks: tuple[int, ...], jokers: int, back: int) -> tuple[Card, ...]:
    cards = [Card(rank, suit, back) for rank in ranks for suit in SUITS]
    cards.extend(JOKER for _ in range(jokers))
    return tuple(cards)


def standard_deck(*, jokers: int = 0, back: int = 0) -> tuple[Card, ...]:
    """The French 52-card pack, optionally with jokers."""
    return deck_of(RANKS, jokers=jokers, back=back)


def short_deck_36(*, back: int = 0) -> tuple[Card, ...]:
    """The Russian 36-card pack: 6 to 10, J, Q, K, A."""
    return deck_of((*range(6, KING + 1), ACE), back=back)


def deck_40(*, back: int = 0) -> tuple[Card, ...]:
    """The 40-card pack of Italian games: A to 7, J, Q, K."""
    return deck_of((*range(ACE, 8), JACK, QUEEN, KING), back=back)


def several(deck: tuple[Card, ...], count: int) -> tuple[Card, ...]:
    """``count`` identical packs shuffled together (before shuffling: simply concatenated)."""
    return deck * count


# --- parsing -------------------------------------------------------------------------------

_SUIT_TOKENS: Final = {
    "♣": Suit.CLUBS, "♧": Suit.CLUBS, "C": Suit.CLUBS,
    "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS, "D": Suit.DIAMONDS,
    "♥": Suit.HEARTS, "♡": Suit.HEARTS, "H": Suit.HEARTS,
    "♠": Suit.SPADES, "♤": Suit.SPADES, "S": Suit.SPADES,
}  # fmt: skip
_RANK_TOKENS: Final = {
    "A": ACE, "J": JACK, "Q": QUEEN, "K": KING, "T": 10,
    "Т": ACE, "В": JACK, "Д": QUEEN, "К": KING,
    **{str(r): r for r in range(2, 11)},
}  # fmt: skip
_JOKER_TOKENS: Final = {"JOKER", "JK", "★", "🃏", "ДЖОКЕР", "JOKER★"}
_CARD_RE: Final = re.compile(r"^(10|[2-9AJQKTТВДК1])(.)$")


def parse_card(text: str) -> Card:
    """Read one card: ``10♥``, ``10h``, ``TH``, ``Т♠`` (Cyrillic ace), ``JOKER``.

    Raises :class:`NotationError` with the reason when the text is not a card.
    """
    token = text.strip().upper()
    if token in _JOKER_TOKENS:
        return JOKER
    match = _CARD_RE.match(token)
    if match is None:
        raise NotationError(f"{text.strip()!r} is not a card (try 10♥, 10H, Т♠ or JOKER)")
    rank_text, suit_text = match.groups()
    if rank_text == "1":
        raise NotationError(f"{text.strip()!r} is not a card: write ten as 10 or T")
    suit = _SUIT_TOKENS.get(suit_text)
    if suit is None:
        raise NotationError(f"{text.strip()!r} has no suit: use ♣ ♦ ♥ ♠ or C D H S")
    return Card(_RANK_TOKENS[rank_text], suit)


def parse_rank(text: str) -> int:
    """Read a rank on its own: ``A``, ``7``, ``10``, ``K``, ``Т``."""
    token = text.strip().upper()
    if token in _RANK_TOKENS and token != "1":
        return _RANK_TOKENS[token]
    raise NotationError(f"{text.strip()!r} is not a rank (A, 2 … 10, J, Q, K)")


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas: ``"6♠ 8♦, J♣"``."""
    return tuple(parse_card(t) for t in re.split(r"[\s,]+", text.strip()) if t)


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(card.text() for card in cards)


def deck_order(card: Card) -> int:
    """A sort key: the order of a new pack (by rank, Aces first, then suit; jokers last)."""
    return card.index


def sort_key(card: Card) -> tuple[int, int]:
    """Hands are shown by suit, then rank: a stable, readable order."""
    if card.rank == JOKER_RANK:
        return (len(SUITS), 0)
    assert card.suit is not None
    return (card.suit.order, card.rank)
