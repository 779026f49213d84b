"""Cassino, clubs variant without building — capture table cards by rank or by sums.

This module holds the game's vocabulary: its piles, options, moves, events and state.  The
rules are in ``engine.py`` and the look of the table in ``present.py``.

Rules: ``shared/rules/cassino-clubs.md`` (the untitled seventh game of seed 004, a fishing
game of the Cassino family).

2 to 6 players (4 or 6 may play in partnerships, partners opposite).  Each hand: four cards to
every player and four face up on the table; later re-deals give four more to each player and
none to the table, until the pack is used up.  On his turn a player plays one card: it
captures table cards of the same rank and sets of number cards adding up to its value (Ace 1 …
10 ten; Jacks, Queens and Kings capture one card of their own rank only), several groups at
once if he likes; a player who can capture must (option ``free_trail``), else he trails a card
onto the table.  The last capturer takes what is left on the table at the end.  Then: 2 points
for most cards (1 each when tied), 1 for most clubs (nobody when tied), 1 for 2♣, 1 for 10♦.
A match is ``hands`` hands; points add up.

Decisions taken where the spec is silent or leaves room:

* **A capture is the played card and the set of table cards it takes** (§6.2), so the move
  :class:`Capture` carries a ``frozenset``; two splits of one set are one move.  Its label and
  notation list the cards taken by value, highest first (``10♦ takes 10♠ 6♣ 4♥``); a typed
  capture may name the cards in any order (:meth:`Cassino.move_from_text`).
* **Captured piles are public**: every capture is made face up and §12 lets players remember
  them, so the piles ``won.<party>`` are declared ``PUBLIC`` (as Seven Up's won tricks).  They
  are *drawn* as a badge: with ``show_capture_stats`` on, the counts of cards and clubs and
  which of 2♣/10♦ lie there; off, the count of cards only (§9).
* **Re-deals** (§5.4, §10.5) deal four cards each, one at a time from the dealer's left, as far
  as the stock goes; players dealt nothing are skipped in the turn order until the hand ends.
  Play resumes with the first player left of the dealer holding cards.
* **Turn order** skips players with empty hands (only the five-player last deal leaves some).
* **Cards left when nobody captured at all** (§10.12) go to the pile ``out``, unscored; the
  pile is drawn only when it holds cards.
* **Partnerships**: sides are seat ``s`` and ``s + n/2`` (4 players: 1&3, 2&4; 6 players: 1&4,
  2&5, 3&6); a side has one captured pile, its points are its seats' points; partners share
  their side's place.  The option with 2, 3 or 5 players is an ``OptionsError``.
* **Match over several hands** (``hands``): the hand ends with its scores recorded; the match
  then waits between hands until the next dealer (one seat to the left) deals.  The outcome
  places seats by their total points (equal totals share a place).
* ``court_captures_all``: a court then takes *every* table card of its rank, and exactly that
  set is its only capture.
* Refusal codes: ``MustCapture`` (the spec's "must capture": a trail while a capture is
  possible), ``CardNotHeld``, ``NotOnTable`` (a capture naming a card not on the table),
  ``CourtPairsOnly`` (a Jack, Queen or King taking anything but one card of its rank, §6.2),
  ``CourtTakesAll`` (with ``court_captures_all``, a court leaving a card of its rank),
  ``InvalidCapture`` (a number card's set that cannot be split into pairs and sums of its
  value, or an empty set), ``NotNow`` (dealing while a hand is in play), ``NotYourTurn`` and
  ``GameOver``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, TypeVar

from cardsuite.core.cards import Card, Suit
from cardsuite.core.events import Event
from cardsuite.core.i18n import N_, N_n
from cardsuite.core.moves import Gesture, Move
from cardsuite.core.options import GameOptions, option
from cardsuite.core.series import Series
from cardsuite.core.table import Seat, SeenTable, Table, pile_names
from cardsuite.core.text import Listed, said, said_n, say, say_n, words

HAND_SIZE = 4
TABLE_DEAL = 4

TWO_CLUBS = Card(2, Suit.CLUBS)
TEN_DIAMONDS = Card(10, Suit.DIAMONDS)

# Points (§7).
MOST_CARDS, TIED_CARDS, MOST_CLUBS, SPECIAL = 2, 1, 1, 1

# --- piles ---------------------------------------------------------------------------------

STOCK = "stock"  # the undealt pack, face down; its top card is the end of the tuple
TABLE = "table"  # the face-up cards on the table, in the order they came there
OUT = "out"  # cards left on the table when nobody captured in the hand (§10.12), unscored
hand = pile_names("hand")  # hand(s): seat s's cards
won = pile_names("won")  # won(p): the cards captured by party p (a seat, or a side)


def value(card: Card) -> int:
    """A card's capture value: Ace 1 … 10; 0 for a court (it has no number value, §4)."""
    return card.rank if card.rank <= 10 else 0


# --- options -------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True, slots=True)
class CassinoOptions(GameOptions):
    hands: int = option(
        1,
        label=N_("Hands"),
        help=N_("hands in the match; points add up (one per player lets everyone deal once)"),
        minimum=1,
        maximum=12,
    )
    partnerships: bool = option(
        False,
        label=N_("Partnerships"),
        help=N_("4 players as two pairs or 6 as three, partners opposite, pooling their captures"),
    )
    free_trail: bool = option(
        False,
        label=N_("Free trail"),
        help=N_("a player may trail a card even when he could capture (classic Cassino)"),
    )
    court_captures_all: bool = option(
        False,
        label=N_("Court takes all"),
        help=N_("a Jack, Queen or King takes every table card of its rank, not just one"),
    )
    show_capture_stats: bool = option(
        True,
        label=N_("Capture stats"),
        help=N_("show the cards and clubs in each captured pile and who holds 2♣ and 10♦"),
    )


# --- moves ---------------------------------------------------------------------------------


def by_value(cards: frozenset[Card] | tuple[Card, ...]) -> tuple[Card, ...]:
    """Cards as labels list them: courts, then 10 down to Ace; clubs first within a rank."""
    return tuple(sorted(cards, key=lambda c: (-c.rank, c.index)))


@dataclass(frozen=True, slots=True)
class Capture(Move):
    """Play ``card`` from the hand and take the set ``taken`` of table cards."""

    card: Card
    taken: frozenset[Card]

    def cards_text(self) -> str:
        return " ".join(str(c) for c in by_value(self.taken))

    def label(self) -> str:
        return say("{card} takes {cards}", card=self.card, cards=self.cards_text())

    def notation(self) -> str:
        return f"{self.card} takes {self.cards_text()}"

    def gesture(self) -> Gesture:
        return Gesture(hand(self.seat), self.card, TABLE, picks=self.taken)

    def question(self, depth: int) -> str:
        return say("{card}: which cards does it take?", card=self.card)


@dataclass(frozen=True, slots=True)
class Trail(Move):
    """Lay ``card`` face up on the table, taking nothing."""

    card: Card

    says = N_("trail {card}")
    written = "trail {card}"

    def gesture(self) -> Gesture:
        return Gesture(hand(self.seat), self.card, TABLE)

    def question(self, depth: int) -> str:
        return say("{card}: which cards does it take?", card=self.card)


CassinoMove = Capture | Trail

# --- events --------------------------------------------------------------------------------


def cards_words(cards: tuple[Card, ...]) -> str:
    return ", ".join(str(c) for c in cards)


class Dealt(Event):
    """A new hand: four cards each and four face up on the table."""

    seat: Seat  # the dealer
    number: int  # 1-based hand number
    table: tuple[Card, ...] = words(cards_words)

    says = N_(
        "Hand {number}: {seat} deals four cards to each player and four to the table: {table}"
    )

    def moved(self) -> tuple[str, ...]:
        return (STOCK, TABLE)


class Redealt(Event):
    """Every hand is empty: the dealer deals again from the stock, none to the table."""

    seat: Seat  # the dealer
    dealt: int  # cards dealt
    left: int  # cards left in the stock

    says_n = N_n(
        "{seat} deals {dealt} more cards, none to the table ({left} card left in the stock)",
        "{seat} deals {dealt} more cards, none to the table ({left} cards left in the stock)",
    )
    counts = "left"

    def moved(self) -> tuple[str, ...]:
        return (STOCK,)


class Captured(Event):
    seat: Seat
    party: int
    card: Card
    taken: tuple[Card, ...] = words(cards_words)

    says = N_("{seat} plays {card} and takes {taken}")

    def moved(self) -> tuple[str, ...]:
        return (hand(self.seat), TABLE, won(self.party))


class Trailed(Event):
    seat: Seat
    card: Card

    says = N_("{seat} trails {card}")

    def moved(self) -> tuple[str, ...]:
        return (hand(self.seat), TABLE)


class TookRest(Event):
    """The last capturer takes the cards left on the table (not a capture, §6.4)."""

    seat: Seat
    party: int
    cards: tuple[Card, ...] = words(cards_words)

    says = N_("{seat} made the last capture and takes the rest of the table: {cards}")

    def moved(self) -> tuple[str, ...]:
        return (TABLE, won(self.party))


class RestUnscored(Event):
    """Nobody captured in the whole hand: the table's cards are set aside unscored."""

    cards: tuple[Card, ...] = words(cards_words)

    says = N_("Nobody captured in this hand: {cards} are set aside unscored")

    def moved(self) -> tuple[str, ...]:
        return (TABLE, OUT)


class MostCards(Event):
    """Most cards captured: 2 points, or 1 to each of the tied (``seats``: the seats of the
    parties that score)."""

    seats: tuple[Seat, ...]
    count: int
    points: int

    def text(self) -> str:
        if self.points == MOST_CARDS:
            return said_n(
                N_n(
                    "{seats} captured the most cards ({count}): {points} point",
                    "{seats} captured the most cards ({count}): {points} points",
                ),
                self,
                "points",
            )
        return said(N_("{seats} tie for the most cards ({count}): 1 point each"), self)


class MostClubs(Event):
    seats: tuple[Seat, ...]
    count: int

    says = N_("{seats} captured the most clubs ({count}): 1 point")


class ClubsTied(Event):
    count: int

    says = N_("The most clubs ({count}) are tied: nobody scores for clubs")


class SpecialCard(Event):
    """2♣ or 10♦ captured: 1 point."""

    seats: tuple[Seat, ...]
    card: Card

    says = N_("{seats} captured {card}: 1 point")


class HandOver(Event):
    number: int

    says = N_("Hand {number} is over")


# --- state ---------------------------------------------------------------------------------

T = TypeVar("T", Table, SeenTable)


class CassinoState(NamedTuple, Generic[T]):
    """Everything about a game of Cassino.  Only the table holds hidden cards (the hands and
    the stock); every capture was made in public."""

    table: T  # STOCK, TABLE, OUT, hand(s), won(p)
    seed: int | None
    events: tuple[Event, ...]
    options: CassinoOptions
    seats: int
    series: Series  # the hand in play, its dealer, and the hands before
    turn: Seat | None  # None between hands and at the end
    last: Seat | None  # the last capturer in this hand, or None before the first capture

    @property
    def dealer(self) -> Seat:
        return self.series.dealer

    @property
    def parties(self) -> int:
        return self.seats // 2 if self.options.partnerships else self.seats

    @property
    def over(self) -> bool:
        return self.turn is None and not self.series.between


def party_of(state: CassinoState[Any], seat: Seat) -> int:
    """The party a seat belongs to: its side with partnerships, else the seat itself."""
    return seat % (state.seats // 2) if state.options.partnerships else seat


def party_seats(state: CassinoState[Any], party: int) -> tuple[Seat, ...]:
    """The seats of a party: a side's two partners, or the seat itself."""
    if state.options.partnerships:
        return (party, party + state.seats // 2)
    return (party,)


def totals(state: CassinoState[Any]) -> tuple[int, ...]:
    """Each seat's points over the finished hands (partners: their side's)."""
    return state.series.totals(state.seats)


def points_text(n: int) -> str:
    """ "1 point", "3 points"."""
    return say_n("{n} point", "{n} points", n, n=n)


def pile_stats(state: CassinoState[Any], party: int, *, full: bool | None = None) -> str:
    """What everyone knows of a party's captured pile: "12 cards, 4 clubs, 2♣" (with
    ``show_capture_stats``, or ``full``), else "12 cards"."""
    cards = state.table.visible(won(party))
    parts = [say_n("{n} card", "{n} cards", len(cards), n=len(cards))]
    if state.options.show_capture_stats if full is None else full:
        clubs = sum(1 for c in cards if c.suit is Suit.CLUBS)
        parts.append(say_n("{n} club", "{n} clubs", clubs, n=clubs))
        parts += [str(c) for c in (TWO_CLUBS, TEN_DIAMONDS) if c in cards]
    return Listed(parts)


FullCassino = CassinoState[Table]
SeenCassino = CassinoState[SeenTable]
