"""Laugh and Lie Down (Смех до упада) — match cards of your hand with cards on the table, and
do not be the one left unable to match.

This module holds the game's vocabulary: its piles, options, moves, events and state.  The
rules are in ``engine.py`` and the look of the table in ``present.py``.

Rules: ``shared/rules/laugh-and-lie-down.md`` (the untitled 8th game of seed 004, which is
Willughby's Laugh and Lie Down with the seed's departures kept as defaults).

3 to 6 players, one 52-card pack.  Each gets 13/10/8/7 cards (3/4/5/6 players) and the rest
lies face up on the table.  Before play a four of a kind on the table goes to the dealer, and a
player holding three of a rank lays two of them aside (all four of a four).  On his turn a
player must capture: one or more cards of a rank from his hand together with one or more of
that rank from the table; he may make several captures in a turn and ends it when he likes
after the first.  When a capture is one hand card and one table card, another player holding
the other two cards of that rank lays them aside at once (or is asked, option
``auto_add_pair`` off).  A player whose turn comes with cards none of which matches the table
*lies down*: his hand goes face up to the table, he is laughed at, and the deal ends (with
``classic_continue`` he drops out and the others play on).  Chips (``stakes``): everyone antes
one chip a deal; at the end every player but the loser pays or takes one chip per pair of
cards captured below or above the number he was dealt.  A match is ``deals`` deals (default
one per player).

Decisions taken where the spec is silent or leaves room:

* **Who owns the deal**: the first dealer is drawn from the seed (``Series.start``), then the
  deal passes left; each deal is a fresh shuffle salted with its number.
* **Turn order in the log**: players passed because their hand is empty are logged as one
  event; the start-of-turn check (empty hand: skipped; no match: lie down) runs each time the
  turn passes, including the first turn of a deal and a position laid out by hand.
* **A capture names its cards**: ``Capture(seat, hand, table)`` with both tuples in deck
  order (rank, then ♣ ♦ ♥ ♠), so every choice is exactly one move; moves are listed by rank
  (Ace up), hand cards first.  On the table it is a gesture from the first hand card of the
  capture to the table; several captures starting at that card are told apart by two
  questions: which of your cards, which table cards.
* **The turn ends by itself** when the player's hand is empty or nothing he holds matches the
  table any more (after the add-pair interrupt is settled); otherwise ``EndTurn`` ("done",
  legal only after a capture).
* **Add-pair prompt** (``auto_add_pair`` off): the holder is the only seat to move, with
  ``AddPair`` or ``KeepPair``.  Being asked shows everyone that he holds the two cards (spec
  §9), so they become ``Shown`` facts on his hand until they leave it.  A kept pair stays in
  his hand and plays normally later.
* **classic_continue**: "at most one player still holds cards" is checked after every capture,
  add-pair and lie-down, and also when nobody has lain down (Willughby: the last player's cards
  go to the dealer).  The ending is then ``last-holder``; the loser is the first to lie down,
  if anyone did.
* **A lie-down hand** goes face up onto the table pile (with ``classic_continue`` anyone may
  match those cards later); the deal's cards stay where they are until the next deal is dealt.
* **Stakes**: a deal's score (``DealResult.scores``) is each seat's change of chip balance in
  that deal, ante included; with ``stakes`` off it is 1 for the loser (a laugh) and 0 for the
  others.  Settlement events name every payment; a player with net 0 is not logged.
* **Match end**: the outcome places by chip balance (stakes on) or fewest laughs (stakes off),
  ties broken by fewer laughs, then shared.  Its ``ending`` is ``match-played``; each deal's
  ending is ``lay-down``, ``hands-empty`` or ``last-holder``.  Every turn removes at least two
  cards from play, so a deal always ends: there is no safety stop.
* ``deals`` = 0 means "one deal per player" (the spec's default, which depends on the player
  count); any other value is the number of deals.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Generic, NamedTuple, TypeVar

from cardsuite.core.cards import Card, CardFace
from cardsuite.core.events import Event, SeatEvent
from cardsuite.core.i18n import N_, N_n
from cardsuite.core.moves import Gesture, Move
from cardsuite.core.options import GameOptions, option
from cardsuite.core.outcome import Better, Measure
from cardsuite.core.series import Series
from cardsuite.core.table import PileId, Seat, SeenTable, Table, pile_names
from cardsuite.core.text import ranks_word, said, say, say_n, words
from cardsuite.core.text import seat as who

# What the scores count (Outcome.measure): the chip balance with stakes, else the laughs.
CHIP_BALANCE = Measure(
    N_("chip balance"),
    N_n("{n:+d} chip", "{n:+d} chips"),
    note=N_("Chips won or lost, antes included: the most wins."),
)
LAUGHS = Measure(
    N_("times laughed at"), N_n("laughed at {n} time", "laughed at {n} times"), Better.FEWER
)

# Cards dealt to each player, and to the table, by the number of players (§5.3).
HAND_SIZES = {3: 13, 4: 10, 5: 8, 6: 7}
TABLE_SIZES = {3: 13, 4: 12, 5: 12, 6: 10}

# --- piles ---------------------------------------------------------------------------------

TABLE = "table"  # the face-up cards in the middle (no order), lie-down hands included
hand = pile_names("hand")  # hand(s): seat s's cards, hidden from the others
captured = pile_names("captured")  # captured(s): seat s's captures and lay-asides, face up

# --- options -------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True, slots=True)
class LaughOptions(GameOptions):
    stakes: bool = option(
        True,
        label=N_("Stakes"),
        help=N_(
            "chips: everyone antes 1 a deal, then pays or takes one chip per pair captured "
            "below or above the cards dealt (off: only laughs are counted)"
        ),
    )
    auto_add_pair: bool = option(
        True,
        label=N_("Add pairs automatically"),
        help=N_(
            "a player holding the other two cards of a pair just captured lays them aside at "
            "once (off: he is asked)"
        ),
    )
    deals: int = option(
        0,
        label=N_("Deals"),
        help=N_("deals in a match; 0: one deal per player, so everyone deals once"),
        minimum=0,
        maximum=30,
    )
    classic_continue: bool = option(
        False,
        label=N_("Classic continue"),
        help=N_(
            "Willughby: a player who lies down drops out and the others play on; the first "
            "to lie down is the loser"
        ),
    )
    lay_aside_pairs: bool = option(
        False,
        label=N_("Lay aside pairs"),
        help=N_("seed-literal: plain pairs in hand are laid aside at the start as well"),
    )

    def deal_count(self, seats: int) -> int:
        return self.deals or seats


# --- cards in words --------------------------------------------------------------------------


def cards_words(cards: tuple[CardFace, ...]) -> str:
    return " ".join(str(c) for c in cards)


def chips_word(n: int) -> str:
    return say_n("{n} chip", "{n} chips", n, n=n)


# --- moves ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Capture(Move):
    """Take ``table`` cards with ``hand`` cards, all of one rank (both in deck order)."""

    hand: tuple[Card, ...]
    table: tuple[Card, ...]

    def label(self) -> str:
        return say(
            "take {table} with {hand}", table=cards_words(self.table), hand=cards_words(self.hand)
        )

    def notation(self) -> str:
        return f"capture {cards_words(self.hand)} + {cards_words(self.table)}"

    def gesture(self) -> Gesture:
        return Gesture(hand(self.seat), self.hand[0], TABLE)

    def choice_path(self) -> tuple[str, ...]:
        return (cards_words(self.hand), cards_words(self.table))

    def question(self, depth: int) -> str:
        if depth == 0:
            return say("Capture with which of your {rank}?", rank=ranks_word(self.hand[0].rank))
        return say("Take which {rank} from the table?", rank=ranks_word(self.hand[0].rank))


class EndTurn(Move, says=N_("end the turn"), written="done"):
    """Stop capturing and pass the turn (after at least one capture)."""


class AddPair(Move, says=N_("add your pair"), written="add pair"):
    """Lay the other two cards of the rank just paired aside (``auto_add_pair`` off)."""


class KeepPair(Move, says=N_("keep your pair"), written="keep pair"):
    """Keep the pair in hand (``auto_add_pair`` off)."""


LaughMove = Capture | EndTurn | AddPair | KeepPair

# --- events --------------------------------------------------------------------------------


class Dealt(Event):
    seat: Seat  # the dealer
    number: int  # 1-based deal number
    each: int
    table: int

    says = N_("Deal {number}: {seat} deals {each} cards each and {table} face up on the table")

    def moved(self) -> tuple[PileId, ...]:
        return (TABLE,)


class Anted(Event):
    pot: int

    says = N_("Everyone puts 1 chip in the pot (pot: {pot})")


class TableFour(Event):
    """All four cards of a rank were dealt to the table: they go to the dealer."""

    seat: Seat
    cards: tuple[Card, ...]

    def text(self) -> str:
        return say(
            "All four {rank} lie on the table: they go to the dealer, {who}",
            rank=ranks_word(self.cards[0].rank),
            who=who(self.seat),
        )

    def moved(self) -> tuple[PileId, ...]:
        return (TABLE, captured(self.seat))


class LaysAside(Event):
    """Cards from ``seat``'s hand laid aside with those he has captured: one subclass per
    reason."""

    seat: Seat

    def moved(self) -> tuple[PileId, ...]:
        return (hand(self.seat), captured(self.seat))


class LaidAside(LaysAside):
    """Before play: cards of a triple, a four (or, with ``lay_aside_pairs``, a pair) laid aside."""

    cards: tuple[Card, ...] = words(cards_words)

    says = N_("{seat} lays aside {cards}")


class Captured(Event):
    seat: Seat
    hand: tuple[Card, ...] = words(cards_words)
    table: tuple[Card, ...] = words(cards_words)

    says = N_("{seat} takes {table} with {hand}")

    def moved(self) -> tuple[PileId, ...]:
        return (hand(self.seat), TABLE, captured(self.seat))


class PairAdded(LaysAside):
    """``seat`` adds the other pair of the rank ``to`` just paired."""

    to: Seat
    cards: tuple[Card, ...] = words(cards_words)

    says = N_("{seat} adds their pair {cards} to {to}'s pair and lays it aside")


class PairOffered(Event):
    """``seat`` holds the other two cards of ``rank`` and is asked whether he adds them."""

    seat: Seat
    rank: int = words(ranks_word)

    says = N_("{seat} holds the other two {rank} and may add them")


class PairKept(Event):
    seat: Seat
    rank: int = words(ranks_word)

    says = N_("{seat} keeps their two {rank}")


class TurnDone(SeatEvent):
    says = N_("{seat} ends the turn")


class Skipped(Event):
    """Players whose turn came with an empty hand: they are safe and passed by."""

    passed: tuple[Seat, ...]

    says_n = N_n(
        "{passed} has no cards left and is passed by",
        "{passed} have no cards left and are passed by",
    )
    counts = "passed"


class LayDown(Event):
    """``seat`` cannot match: his hand goes face up onto the table."""

    seat: Seat
    cards: tuple[Card, ...] = words(cards_words)
    first: bool  # the first to lie down this deal: the loser

    def text(self) -> str:
        if self.first:
            return said(N_("{seat} cannot match and lies down ({cards}): everyone laughs!"), self)
        return said(N_("{seat} cannot match either and lies down ({cards})"), self)

    def moved(self) -> tuple[PileId, ...]:
        return (hand(self.seat), TABLE)


class LastHolder(Event):
    """``classic_continue``: at most one player holds cards; his hand (if any) and the table
    go to the dealer."""

    seat: Seat  # the dealer
    holder: Seat | None  # None when nobody holds cards
    cards: tuple[Card, ...]

    def text(self) -> str:
        if self.holder is None:
            return said(N_("Nobody else can play: the table cards go to the dealer, {seat}"), self)
        return said(
            N_(
                "Only {holder} still holds cards: that hand and the table cards go to the dealer, {seat}"
            ),
            self,
        )

    def moved(self) -> tuple[PileId, ...]:
        return (TABLE, captured(self.seat))


class Paid(Event):
    """Settlement: ``seat`` pays ``n`` chips into the pot (captured too few)."""

    seat: Seat
    n: int = words(chips_word)
    pot: int

    says = N_("{seat} pays {n} into the pot (pot: {pot})")


class Took(Event):
    """Settlement: ``seat`` takes ``n`` chips from the pot (captured more than dealt)."""

    seat: Seat
    n: int = words(chips_word)
    pot: int

    says = N_("{seat} takes {n} from the pot (pot: {pot})")


class Shortfall(Event):
    """The pot could not cover ``to``: the loser ``seat`` pays him the rest."""

    seat: Seat
    to: Seat
    n: int = words(chips_word)

    says = N_("The pot is short: {seat} pays {to} {n}")


class DealOver(Event):
    """The deal has ended: one subclass per way it ends, with its ``ending`` tag."""

    number: int
    loser: Seat | None  # None when nobody lay down
    ending: ClassVar[str] = ""


class LostDeal(DealOver):
    """The deal is lost by the player who lay down."""

    ending: ClassVar[str] = "lay-down"

    says = N_("Deal {number} is over: {loser} lay down and is laughed at")


class HandsEmpty(DealOver):
    ending: ClassVar[str] = "hands-empty"

    says = N_("Deal {number} is over: every hand is empty and nobody lay down")


class LastHolderEnd(DealOver):
    ending: ClassVar[str] = "last-holder"

    def text(self) -> str:
        if self.loser is None:
            return said(N_("Deal {number} is over: nobody lay down"), self)
        return said(
            N_("Deal {number} is over: {loser} was the first to lie down and is laughed at"), self
        )


# --- state ---------------------------------------------------------------------------------

T = TypeVar("T", Table, SeenTable)


class LaughState(NamedTuple, Generic[T]):
    """Everything about a match of Laugh and Lie Down.  Only the hands hide cards; every other
    field is public."""

    table: T  # TABLE, hand(s), captured(s)
    seed: int | None
    events: tuple[Event, ...]
    options: LaughOptions
    seats: int
    series: Series  # the deal in play, its dealer, the deals before
    turn: Seat | None  # whose turn; None between deals and at the end
    captured: bool  # the player on turn has captured at least once this turn
    asked: Seat | None  # the seat asked whether it adds its pair (auto_add_pair off)
    rank: int  # the rank of that pair (0 when nobody is asked)
    loser: Seat | None  # the first to lie down this deal, if anyone has
    down: tuple[Seat, ...]  # everyone who lay down this deal, in order
    laughs: tuple[int, ...]  # deals lost, per seat (this deal included once it has ended)
    chips: tuple[int, ...]  # chip balances, per seat
    pot: int
    # The public cards as bits of their indexes (``card.index``), kept for speed: the cards
    # on the table, and those in all the captured piles together.
    table_bits: int
    captured_bits: int

    @property
    def dealer(self) -> Seat:
        return self.series.dealer

    @property
    def over(self) -> bool:
        return self.turn is None and not self.series.between


FullLaugh = LaughState[Table]
SeenLaugh = LaughState[SeenTable]
