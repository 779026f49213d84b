"""Positions from text: a table (and a few public facts) written the way people write them.

A position is a few lines of ``name: value``::

    hand.0: 6♠ 9♥ J♦        a pile by its name, cards bottom first
    hand.1: 2♣ 2♦
    discard: 7♣
    turn: 1                 anything else is the game's to read (turn, trumps, rank …)

Blank lines and text after ``#`` are ignored.  :func:`parse_position` splits the text into
piles and other settings; :func:`lay_out` builds the table, checks every card against the
game's deck, and puts the cards nobody named into a pile of the game's choice (shuffled, under
the named ones), so a scenario from a rules spec is a few lines in a test.  Each game's
``position(text, ...)`` uses these two and reads its own settings.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from cardsuite.core.cards import SUITS, Card, Suit, parse_card, parse_cards
from cardsuite.core.errors import NotationError
from cardsuite.core.rng import shuffled
from cardsuite.core.table import Fact, Layout, PileId, Seat, Table


@dataclass(frozen=True, slots=True)
class PositionText:
    """A position's text split up: the piles named, and the other settings as text."""

    piles: dict[PileId, tuple[Card, ...]] = field(default_factory=dict)
    settings: dict[str, str] = field(default_factory=dict)

    def setting(self, key: str, default: str | None = None) -> str | None:
        return self.settings.get(key, default)

    def number(self, key: str, default: int) -> int:
        """A whole-number setting; NotationError naming it when it is not one."""
        text = self.settings.get(key)
        if text is None:
            return default
        try:
            return int(text)
        except ValueError:
            raise NotationError(f"{key}: {text!r} is not a whole number") from None


CardReader = Callable[[PileId, str], tuple[Card, ...]]
"""How a game reads the cards written for one pile (see :func:`cards_with_owners`)."""


def parse_position(
    text: str,
    layout: Layout,
    aliases: Mapping[str, PileId] | None = None,
    read_cards: CardReader | None = None,
) -> PositionText:
    """Split ``text`` into piles (keys that name a pile of ``layout``, or one of ``aliases``)
    and settings (every other key).  Cards are read with the usual notation, or by
    ``read_cards(pile, value)`` where the game has more to say (whose deck a card is from)."""
    out = PositionText()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, sep, value = line.partition(":")
        key, value = key.strip(), value.strip()
        if not sep or not key:
            raise NotationError(f"line {number}: {raw.strip()!r} is not 'name: value'")
        pile = aliases.get(key, key) if aliases else key
        if pile in layout:
            if pile in out.piles:
                raise NotationError(f"line {number}: {key} is given twice")
            if read_cards is not None:
                out.piles[pile] = read_cards(pile, value)
            else:
                out.piles[pile] = parse_cards(value) if value and value != "-" else ()
        else:
            out.settings[key] = value
    return out


def is_seat_token(token: str) -> bool:
    """Whether ``token`` names a player as the specs write it: ``P1`` … ``P9``."""
    return len(token) == 2 and token[0] in "Pp" and token[1].isdigit()


def cards_with_owners(text: str, owner: Seat, seats: int) -> tuple[Card, ...]:
    """Cards of several players' decks (as in Nerts or Russian Bank, where each plays his
    own pack): each card has the back of ``owner`` until a ``P1`` … token names another
    player; ``-`` (an empty pile) is skipped."""
    cards: list[Card] = []
    for token in text.split():
        if token == "-":
            continue
        if is_seat_token(token):
            owner = seat_from_text(token, seats)
            continue
        plain = parse_card(token)
        cards.append(Card(plain.rank, plain.suit, owner))
    return tuple(cards)


def position_keys(text: str) -> dict[str, str]:
    """Every ``key: value`` line of a position, before its layout is known (a game reads the
    number of players from them first); lines that are not one are left to
    :func:`parse_position` to refuse."""
    keys: dict[str, str] = {}
    for line in text.splitlines():
        key, sep, value = line.split("#", 1)[0].partition(":")
        if sep and key.strip():
            keys[key.strip()] = value.strip()
    return keys


def lay_out(
    layout: Layout,
    deck: Sequence[Card],
    piles: Mapping[PileId, Sequence[Card]],
    *,
    rest: PileId | None,
    seed: int = 0,
    known: Sequence[Fact] = (),
) -> Table:
    """A table with ``piles`` as given and the unnamed cards of ``deck`` shuffled into
    ``rest`` (under the cards named for it); with ``rest`` None the table holds only the named
    cards.  A card named more often than the deck holds it is a ValueError."""
    left = Counter(deck)
    for pile, cards in piles.items():
        for card in cards:
            if left[card] <= 0:
                raise ValueError(f"{card} in {pile} is one card too many for this game")
            left[card] -= 1
    contents = {pile: tuple(cards) for pile, cards in piles.items()}
    if rest is not None:
        spare = []
        for card in deck:
            if left[card] > 0:
                left[card] -= 1
                spare.append(card)
        contents[rest] = (*shuffled(spare, seed, "position"), *contents.get(rest, ()))
    unknown = set(contents) - set(layout.positions)
    if unknown:
        raise ValueError(f"no such piles: {sorted(unknown)}")
    return Table(
        layout,
        tuple(tuple(contents.get(spec.id, ())) for spec in layout.specs),
        tuple(known),
    )


# --- settings written in positions ------------------------------------------------------------


def seat_from_text(text: str, seats: int, dealer: Seat | None = None) -> Seat:
    """A seat written as the specs write it (``P2``; ``D``, the dealer, where there is one) or
    as its number from 0; NotationError naming the seats there are otherwise."""
    token = text.strip().upper()
    if token == "D" and dealer is not None:
        return dealer
    number = token[1:] if token.startswith("P") else None
    try:
        seat = int(number) - 1 if number is not None else int(token)
    except ValueError:
        raise NotationError(f"{text!r} is not a player (P1 … P{seats})") from None
    if not 0 <= seat < seats:
        raise NotationError(f"{text!r} is not a player (P1 … P{seats})")
    return seat


def seats_named(settings: Mapping[str, str]) -> int:
    """The number of players of a position (its settings by :func:`position_keys`): the
    ``players`` setting, else as many as the highest ``P<n>`` named (a hand, or ``won.P<n>``)
    and the dealer's ``D`` hand, when there is one, after them; at least two."""
    if "players" in settings:
        return whole_number(settings["players"], "players")
    numbered = [int(m.group(1)) for k in settings if (m := re.fullmatch(r"(?:won\.)?P(\d)", k))]
    return max(max(numbered, default=1) + (1 if "D" in settings else 0), 2)


def suit_from_text(text: str) -> Suit:
    """A suit written as its symbol or letter (``♠``, ``S``); NotationError otherwise."""
    token = text.strip().upper()
    for suit in SUITS:
        if token in (suit.symbol, suit.letter):
            return suit
    raise NotationError(f"{text!r} is not a suit (♣ ♦ ♥ ♠ or C D H S)")


def whole_number(text: str, key: str) -> int:
    """The whole number of setting ``key``; NotationError naming the setting otherwise."""
    try:
        return int(text)
    except ValueError:
        raise NotationError(f"{key}: {text!r} is not a whole number") from None


def numbers_per_seat(text: str | None, seats: int, key: str) -> tuple[int, ...]:
    """One whole number per seat (``3 0 5``), all 0 when the setting is absent."""
    if not text:
        return (0,) * seats
    values = tuple(whole_number(t, key) for t in text.split())
    if len(values) != seats:
        raise NotationError(f"{key}: give {seats} numbers, one per player")
    return values
