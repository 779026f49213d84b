"""Grabuge: its options, its two moves, its state and its count of packets.

Grabuge is a two-player race to build packets Ace to King in the middle of the table, from a
personal stock turned four cards at a time, a small *grabuge* pile whose top card is face up,
and up to four reserve columns holding the cards that found no place.  The player who crowns a
packet with its King wins it; at the end the player left holding fewer reserve cards earns one
more packet for every five cards of difference, and the first to empty his grabuge before it
is pressed into service as a stock earns two.

Rules: ``shared/rules/grabuge.md``.  Every step but two is forced, so the engine plays them
itself (and logs them as events) and stops only where a player really decides (§6.8):

* :class:`PlaceInReserve` — where a turned card that fits no packet goes: on one of his
  existing columns, or into a new column while he has fewer than four;
* :class:`PlayReserve` — which column plays first when two or more reserve columns expose a
  card that fits and the grabuge has nothing to play.

Decisions taken here where the spec leaves room:

* The first dealer is drawn from the match seed; in a match the deal passes to the other
  player each time.  The shuffled cards are split in two halves, the first for the
  non-dealer; the grabuge is then counted off the top of the stock one card at a time (so its
  order is reversed, as at a real table, which nobody can see anyway).
* A new column always takes the lowest free slot, so "put it in free slot 3" is not a move of
  its own: naming an empty column is refused with a pointer to "new column".  Each real choice
  is therefore exactly one move.
* A move carries the card it concerns and the pile it goes to, for labels and gestures; two
  moves are equal when seat, type and column agree, so ``PlayReserve(0, 2)`` typed by hand is
  the legal move.
* A turn in which nothing at all happens (no card drawn, none played) is logged as a pass.
* When a deal of a match ends, the next one is dealt at once from a fresh shuffle of the whole
  deck (salted with the deal number); the bonus and the grabuge roles start afresh.  Each
  deal's totals are kept and the match is decided on their sums.
* The grabuge of the player who is not on turn is never played, even when it fits (§10.13).
* Positions may be laid out by hand (:meth:`Grabuge.arrange`) for tests, puzzles and bots'
  what-ifs; such positions need not hold a whole deck.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from cardsuite.core.cards import Card
from cardsuite.core.errors import OptionsError
from cardsuite.core.moves import Gesture, Move
from cardsuite.core.options import option, validate_fields
from cardsuite.core.protocol import Event
from cardsuite.core.table import PileId, Seat, Table

SEATS = 2
CARDS_PER_DECK_EACH = 26  # each player gets half of every 52-card deck
BATCH_SIZE = 4
COLUMNS = 4
PACKET_SIZE = 13
BONUS = 2
CARDS_PER_LEFTOVER_PACKET = 5

# Each seat owns nine piles, in this order; the packets follow the eighteen seat piles.
AT_GRABUGE = 0
AT_STOCK = 1
AT_BATCH = 2
AT_TURNED = 3
AT_COLUMN = 4  # columns 1 to 4 are at AT_COLUMN + 0 … AT_COLUMN + 3
AT_WON = 8
PER_SEAT = 9
FIXED = SEATS * PER_SEAT


def grabuge_pile(s: Seat) -> PileId:
    return f"grabuge.{s}"


def stock_pile(s: Seat) -> PileId:
    return f"stock.{s}"


def batch_pile(s: Seat) -> PileId:
    return f"batch.{s}"


def turned_pile(s: Seat) -> PileId:
    return f"turned.{s}"


def reserve_pile(s: Seat, column: int) -> PileId:
    """Reserve column ``column`` (1 to 4) of seat ``s``."""
    return f"reserve.{s}.{column}"


def won_pile(s: Seat) -> PileId:
    return f"won.{s}"


def packet_pile(serial: int) -> PileId:
    return f"packet.{serial}"


# --- options -------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True, slots=True)
class GrabugeOptions:
    decks: int = option(
        2,
        label="Decks",
        help="52-card decks shuffled together; each player gets half, 26 cards per deck",
        choices=(2, 4, 6, 8),
    )
    grabuge_size: int = option(
        8,
        label="Grabuge size",
        help="cards counted off each stock to form the grabuge (at most 26 per deck)",
        minimum=1,
        maximum=CARDS_PER_DECK_EACH * 8,
    )
    match_deals: int = option(
        1,
        label="Deals",
        help="deals in the match, dealer alternating; packets of all deals are added up",
        minimum=1,
    )

    def __post_init__(self) -> None:
        validate_fields(self)
        each = CARDS_PER_DECK_EACH * self.decks
        if self.grabuge_size > each:
            raise OptionsError(
                f"option grabuge_size cannot be {self.grabuge_size}: with {self.decks} decks "
                f"each player has only {each} cards"
            )

    @property
    def cards_each(self) -> int:
        return CARDS_PER_DECK_EACH * self.decks


# --- moves ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlaceInReserve(Move):
    """Put the turned card that fits no packet on reserve column ``column`` (None: a new one).

    ``card`` (the turned card) and ``target`` (the pile it lands on) are there for labels and
    gestures only; they take no part in equality.
    """

    column: int | None
    card: Card | None = field(default=None, compare=False)
    target: PileId | None = field(default=None, compare=False)

    def label(self) -> str:
        what = str(self.card) if self.card is not None else "the turned card"
        if self.column is None:
            return f"start a new column with {what}"
        return f"put {what} on column {self.column}"

    def notation(self) -> str:
        return "reserve new" if self.column is None else f"reserve {self.column}"

    def gesture(self) -> Gesture:
        target = self.target
        if target is None and self.column is not None:
            target = reserve_pile(self.seat, self.column)
        return Gesture(turned_pile(self.seat), self.card, target)


@dataclass(frozen=True, slots=True)
class PlayReserve(Move):
    """Play the exposed card of reserve column ``column`` first, among several that fit.

    ``card`` (the exposed card) and ``target`` (the packet pile it goes to, None for an Ace
    starting a packet) are informative only and take no part in equality.
    """

    column: int
    card: Card | None = field(default=None, compare=False)
    target: PileId | None = field(default=None, compare=False)

    def label(self) -> str:
        if self.card is None:
            return f"play column {self.column}"
        return f"play {self.card} from column {self.column}"

    def notation(self) -> str:
        return f"play column {self.column}"

    def gesture(self) -> Gesture:
        # Picking the column is the whole decision: where its card goes is forced (§6.2).
        return Gesture(reserve_pile(self.seat, self.column), self.card)


GrabugeMove = PlaceInReserve | PlayReserve


# --- state ---------------------------------------------------------------------------------


class GrabugeState(NamedTuple):
    """A game of Grabuge.  Only the table holds cards; every other field is public.

    Piles, per seat s: ``grabuge.s`` (face down but its top), ``stock.s`` (face down),
    ``batch.s`` (the cards of the current batch not yet turned, face down), ``turned.s`` (the
    turned card awaiting its place in the reserve), ``reserve.s.1`` … ``reserve.s.4`` (columns,
    bottom card first, the last one exposed) and ``won.s`` (the cards of completed packets);
    then one ``packet.n`` per packet on the tableau, oldest first.
    """

    table: Table
    seed: int | None
    events: tuple[Event, ...]
    options: GrabugeOptions
    seats: int
    deal: int  # 0-based number of the deal in play
    dealer: Seat
    first: Seat  # the seat that had precedence in this deal
    active: Seat  # whose turn it is; the seat to move unless the game is over
    drawn: bool  # the active seat has taken this turn's batch
    converted: tuple[bool, bool]  # each grabuge's role: True once it has become the stock
    bonus: tuple[int, int]  # 0 or 2 each
    packets: tuple[int, ...]  # serials of the packets on the tableau, oldest first
    next_packet: int  # serial of the next packet to be started
    results: tuple[tuple[int, int], ...]  # each finished deal's totals
    over: bool


# --- the count of packets (§7.2) -------------------------------------------------------------


def leftover_packets(leftover: Sequence[int]) -> tuple[int, int]:
    """Packets for leftover reserve cards: one per five cards of difference, to the player
    holding fewer; nobody gets any when the counts are equal."""
    a, b = leftover
    packets = abs(a - b) // CARDS_PER_LEFTOVER_PACKET
    if a < b:
        return (packets, 0)
    if b < a:
        return (0, packets)
    return (0, 0)


def packet_totals(
    won: Sequence[int], leftover: Sequence[int], bonus: Sequence[int]
) -> tuple[int, int]:
    """Each player's packets for one deal: packets crowned, leftover packets and the bonus.

    >>> packet_totals(won=(3, 1), leftover=(13, 4), bonus=(0, 0))  # the seed's example
    (3, 2)
    """
    extra = leftover_packets(leftover)
    return (won[0] + extra[0] + bonus[0], won[1] + extra[1] + bonus[1])
