"""Grabuge — a two-player competitive patience from 19th-century France.

This module holds the game's vocabulary (piles, options, moves, events, state and the count);
the rules are in ``engine.py`` and the look of the table in ``present.py``.

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
* When a deal of a match ends, the match pauses on the deal's summary; the next dealer (the
  other player) deals the next one from a fresh shuffle of the whole deck (salted with the
  deal number); the bonus and the grabuge roles start afresh.  Each deal's totals are kept
  and the match is decided on their sums.
* The grabuge of the player who is not on turn is never played, even when it fits (§10.13).
* Positions may be laid out by hand (:meth:`Grabuge.position`) for tests, puzzles and bots'
  what-ifs; such positions need not hold a whole deck.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, NamedTuple, TypeVar

from cardsuite.core.cards import Card, rank_index
from cardsuite.core.errors import OptionsError
from cardsuite.core.events import Event, SeatEvent
from cardsuite.core.i18n import N_, N_n
from cardsuite.core.moves import Gesture, Move
from cardsuite.core.options import GameOptions, option, validate_fields
from cardsuite.core.outcome import Measure
from cardsuite.core.series import Series
from cardsuite.core.table import PileId, Seat, SeenTable, Table, pile_names
from cardsuite.core.text import said, say, say_n, words
from cardsuite.core.text import seat as who

# What the scores count (Outcome.measure, the score sheet).
PACKETS = Measure(N_("packets"), N_n("{n} packet", "{n} packets"))

SEATS = 2
CARDS_PER_DECK_EACH = 26  # each player gets half of every 52-card deck
BATCH_SIZE = 4
COLUMNS = 4
PACKET_SIZE = 13
BONUS = 2
CARDS_PER_LEFTOVER_PACKET = 5

# --- piles ---------------------------------------------------------------------------------

grabuge_pile = pile_names("grabuge")  # face down but its top card
stock_pile = pile_names("stock")  # face down
batch_pile = pile_names("batch")  # the batch of the turn, not yet turned: face down
turned_pile = pile_names("turned")  # the turned card awaiting its place in the reserve
won_pile = pile_names("won")  # the cards of the packets a player has crowned
packet_pile = pile_names("packet", size=1024)  # packet.n: the n-th packet begun this deal

_RESERVES = tuple(tuple(f"reserve.{s}.{k}" for k in range(1, COLUMNS + 1)) for s in range(SEATS))


def reserve_pile(s: Seat, column: int) -> PileId:
    """Reserve column ``column`` (1 to 4) of seat ``s``."""
    return _RESERVES[s][column - 1]


def reserve_piles(s: Seat) -> tuple[PileId, ...]:
    """Seat ``s``'s four reserve columns, column 1 first."""
    return _RESERVES[s]


def seat_piles(s: Seat) -> tuple[PileId, ...]:
    """Every pile of seat ``s``, in the table's order."""
    return (
        grabuge_pile(s),
        stock_pile(s),
        batch_pile(s),
        turned_pile(s),
        *_RESERVES[s],
        won_pile(s),
    )


# --- options -------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True, slots=True)
class GrabugeOptions(GameOptions):
    decks: int = option(
        2,
        label=N_("Decks"),
        help=N_("52-card decks shuffled together; each player gets half, 26 cards per deck"),
        choices=(2, 4, 6, 8),
    )
    grabuge_size: int = option(
        8,
        label=N_("Grabuge size"),
        help=N_("cards counted off each stock to form the grabuge (at most 26 per deck)"),
        minimum=1,
        maximum=CARDS_PER_DECK_EACH * 8,
    )
    match_deals: int = option(
        1,
        label=N_("Deals"),
        help=N_("deals in the match, dealer alternating; packets of all deals are added up"),
        minimum=1,
    )

    def __post_init__(self) -> None:
        validate_fields(self)
        each = CARDS_PER_DECK_EACH * self.decks
        if self.grabuge_size > each:
            raise OptionsError(
                say(
                    "option grabuge_size cannot be {size}: with {decks} decks each player has "
                    "only {each} cards",
                    size=self.grabuge_size,
                    decks=self.decks,
                    each=each,
                )
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
        what = str(self.card) if self.card is not None else say("the turned card")
        if self.column is None:
            return say("start a new column with {card}", card=what)
        return say("put {card} on column {n}", card=what, n=self.column)

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

    written = "play column {column}"

    def label(self) -> str:
        if self.card is None:
            return say("play column {n}", n=self.column)
        return say("play {card} from column {n}", card=self.card, n=self.column)

    def gesture(self) -> Gesture:
        # Picking the column is the whole decision: where its card goes is forced (§6.2).
        return Gesture(reserve_pile(self.seat, self.column), self.card)


GrabugeMove = PlaceInReserve | PlayReserve


# --- events --------------------------------------------------------------------------------


def _onto(under: Card | None) -> str:
    """Where a played card went: on the card below it, or to a new packet."""
    if under is None:
        return say("to start a new packet")
    return say("on {card}", card=under)


def _cards(n: int) -> str:
    return say_n("{n} card", "{n} cards", n, n=n)


def _packets(n: int) -> str:
    return say_n("{n} packet", "{n} packets", n, n=n)


class GrabugeShows(Event):
    """A grabuge's new top card is turned up."""

    seat: Seat
    card: Card

    says = N_("{seat}'s grabuge shows {card}")

    def moved(self) -> tuple[PileId, ...]:
        return (grabuge_pile(self.seat),)


class SetupAce(Event):
    """An Ace from the grabuge starts a packet at setup (§5.4)."""

    seat: Seat
    card: Card
    packet: PileId

    says = N_("{seat} lays {card} from the grabuge as the base of a packet")

    def moved(self) -> tuple[PileId, ...]:
        return (grabuge_pile(self.seat), self.packet)


class Precedence(Event):
    """Who plays first, and the grabuge tops compared (the first player's first)."""

    seat: Seat
    shown: tuple[Card, ...]
    tie: bool

    def text(self) -> str:
        if self.tie:
            rank = rank_index(self.shown[0].rank) if self.shown else say("nothing")
            return say(
                "Both grabuges show {rank}: {who}, who did not deal, plays first",
                rank=rank,
                who=who(self.seat),
            )
        if len(self.shown) == 2:
            return say(
                "{who} plays first: {high} is higher than {low}",
                who=who(self.seat),
                high=self.shown[0],
                low=self.shown[1],
            )
        return say("{who} plays first: the other grabuge is empty", who=who(self.seat))


class PlayedFromGrabuge(Event):
    seat: Seat
    card: Card
    # the packet's top it went on; None when an Ace starts a packet
    under: Card | None = words(_onto)
    packet: PileId

    says = N_("{seat} plays {card} from the grabuge {under}")

    def moved(self) -> tuple[PileId, ...]:
        return (grabuge_pile(self.seat), self.packet)


class PlayedFromReserve(Event):
    seat: Seat
    card: Card
    under: Card | None = words(_onto)
    packet: PileId
    column: int

    says = N_("{seat} plays {card} from column {column} {under}")

    def moved(self) -> tuple[PileId, ...]:
        return (reserve_pile(self.seat, self.column), self.packet)


class BatchTaken(Event):
    """A batch is taken off the stock, face down."""

    seat: Seat
    count: int

    says_n = N_n(
        "{seat} takes {count} card from the stock", "{seat} takes {count} cards from the stock"
    )
    counts = "count"

    def moved(self) -> tuple[PileId, ...]:
        return (stock_pile(self.seat), batch_pile(self.seat))


class BatchPlayed(Event):
    """A batch card is turned and played to the tableau."""

    seat: Seat
    card: Card
    under: Card | None = words(_onto)
    packet: PileId

    says = N_("{seat} turns {card} and plays it {under}")

    def moved(self) -> tuple[PileId, ...]:
        return (batch_pile(self.seat), self.packet)


class BatchToOnlyColumn(Event):
    """A batch card fits nowhere and, with no column yet, starts column 1."""

    seat: Seat
    card: Card

    says = N_("{seat} turns {card} — no place — reserve column 1")

    def moved(self) -> tuple[PileId, ...]:
        return (batch_pile(self.seat), reserve_pile(self.seat, 1))


class TurnedNoPlace(Event):
    """A batch card is turned and fits nowhere: its owner must place it."""

    seat: Seat
    card: Card

    says = N_("{seat} turns {card} — no place: which column?")

    def moved(self) -> tuple[PileId, ...]:
        return (batch_pile(self.seat), turned_pile(self.seat))


class Placed(Event):
    """The turned card goes on a column (``new``: it starts that column)."""

    seat: Seat
    card: Card
    column: int
    new: bool

    def text(self) -> str:
        if self.new:
            return said(N_("{seat} starts reserve column {column} with {card}"), self)
        return said(N_("{seat} puts {card} on reserve column {column}"), self)

    def moved(self) -> tuple[PileId, ...]:
        return (turned_pile(self.seat), reserve_pile(self.seat, self.column))


class Converted(Event):
    """The stock is out: the grabuge becomes the stock (§6.6)."""

    seat: Seat
    top: Card
    count: int = words(_cards)

    says = N_("{seat}'s stock is out: the grabuge ({count}, {top} on top) becomes the stock")

    def moved(self) -> tuple[PileId, ...]:
        return (grabuge_pile(self.seat), stock_pile(self.seat))


class BonusWon(Event):
    seat: Seat
    packets: int

    says = N_("{seat} is first to empty the grabuge: {packets} bonus packets")


class GrabugeEmpty(SeatEvent):
    """A grabuge empties when the bonus is already taken."""

    says = N_("{seat}'s grabuge is empty too, but the bonus is already taken")


class PacketCrowned(Event):
    """A King completes a packet, which goes to its player."""

    seat: Seat
    king: Card
    won: int = words(_packets)  # packets this player has now crowned this deal

    says = N_("{seat} crowns a packet with {king} ({won} won)")

    def moved(self) -> tuple[PileId, ...]:
        return (won_pile(self.seat),)


class Passed(SeatEvent):
    says = N_("{seat} has nothing to play")


class Counted(Event):
    """A deal's count for one player (§7.2)."""

    seat: Seat
    won: int
    leftover: int
    bonus: int

    @property
    def total(self) -> int:
        return self.won + self.leftover + self.bonus

    def text(self) -> str:
        return say(
            "{who} counts {packets}: {won} crowned, {leftover} for leftover cards, {bonus} bonus",
            who=who(self.seat),
            packets=_packets(self.total),
            won=self.won,
            leftover=self.leftover,
            bonus=self.bonus,
        )


class DealWon(Event):
    """The deal's result: ``seat`` wins it, or None on a draw."""

    seat: Seat | None
    number: int

    def text(self) -> str:
        if self.seat is None:
            return said(N_("Deal {number} is a draw"), self)
        return said(N_("{seat} wins deal {number}"), self)


# --- state ---------------------------------------------------------------------------------

T = TypeVar("T", Table, SeenTable)


class GrabugeState(NamedTuple, Generic[T]):
    """A game of Grabuge.  Only the table holds cards; every other field is public.

    Piles, per seat s: ``grabuge.s`` (face down but its top), ``stock.s`` (face down),
    ``batch.s`` (the cards of the current batch not yet turned, face down), ``turned.s`` (the
    turned card awaiting its place in the reserve), ``reserve.s.1`` … ``reserve.s.4`` (columns,
    bottom card first, the last one exposed) and ``won.s`` (the cards of completed packets);
    then one ``packet.n`` per packet on the tableau, oldest first (``packets`` lists their
    serials n).
    """

    table: T
    seed: int | None
    events: tuple[Event, ...]
    options: GrabugeOptions
    seats: int
    series: Series  # the deal in play, its dealer, and the totals of the deals before
    first: Seat  # the seat that had precedence in this deal
    active: Seat  # whose turn it is; the seat to move unless the deal is over
    drawn: bool  # the active seat has taken this turn's batch
    converted: tuple[bool, bool]  # each grabuge's role: True once it has become the stock
    bonus: tuple[int, int]  # 0 or 2 each
    packets: tuple[int, ...]  # serials of the packets on the tableau, oldest first
    next_packet: int  # serial of the next packet to be started
    over: bool  # the deal is over (the match too, unless the series waits between deals)

    @property
    def dealer(self) -> Seat:
        return self.series.dealer


FullGrabuge = GrabugeState[Table]
SeenGrabuge = GrabugeState[SeenTable]


# --- the count of packets (§7.2) -------------------------------------------------------------


def packets_won(state: GrabugeState[Any]) -> tuple[int, int]:
    """Packets each player has crowned in the deal in play."""
    table = state.table
    return (
        table.count(won_pile(0)) // PACKET_SIZE,
        table.count(won_pile(1)) // PACKET_SIZE,
    )


def reserve_left(state: GrabugeState[Any]) -> tuple[int, int]:
    """Cards each player holds in his reserve."""
    table = state.table
    a, b = (sum(table.count(name) for name in reserve_piles(s)) for s in range(SEATS))
    return (a, b)


def match_totals(state: GrabugeState[Any]) -> tuple[int, ...]:
    """The match's packets so far: every finished deal added up."""
    return state.series.totals(SEATS)


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
