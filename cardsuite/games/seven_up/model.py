"""Seven Up (All Fours with seven chips) — the first to put his seven chips in the pot wins.

This module holds the game's vocabulary: its piles, options, moves, events and state.  The
rules are in ``engine.py`` and the look of the table in ``present.py``.

Rules: ``shared/rules/seven-up.md`` (the untitled fourth game of seed 004, which is Seven Up as
the old American Hoyles describe it, with four departures of the seed kept as defaults).

2 to 4 players (4 may play in two partnerships).  Each player (or side) starts with 7 chips
and puts one in the pot for every point scored; the first to put in his last chip wins at
once.  Each deal gives six cards to everyone, three at a time, and turns up the next card for
trumps (a turned Jack scores a point for the dealer).  Six tricks follow: the dealer leads
first (seed); a player holding the suit led must follow suit or trump, a void player may play
anything.  Each trick won is a point (seed); after the sixth trick come High (the best trump in
play, to the player dealt it), Low (the lowest, likewise), Jack (to whoever won the trick
holding the trump Jack) and Game (most game points in tricks won: 10 = 10, A = 4, K = 3,
Q = 2, J = 1; a tie scores nothing), in that order, one point at a time.

Decisions taken where the spec is silent or leaves room:

* **Won tricks are public knowledge.**  Every card of a trick is played face up and §12 lets
  players remember them, and the engine needs "who played which card" to score High and Low,
  so the state keeps a public record of this deal's plays (``plays``).  The won-trick piles
  are therefore declared ``PUBLIC``: declaring them hidden while a public field names their
  cards would make every determinization inconsistent (a guessed opponent could hold a card the
  record says was played).  They are still *drawn* face down, as a badge with the trick count,
  and no running game-point total is shown (§9).
* **The last trick stays on the table until the next lead.**  A completed trick remains in the
  public ``trick`` pile with its winner (``taker``) until the winner leads again (then it goes
  to his won pile) or the next deal gathers the cards.  Game is counted from the won piles plus
  that trick.  When the game ends on a trick point the winning trick stays in view.
* The turn-up lies in its own public pile ``turnup`` beside the face-down ``stock`` (the
  undealt pack); with begging, turn-ups set aside during a run stay in that pile under the new
  one, so everything that was seen stays seen.  Trumps are the suit of its top card.
* With ``partnerships`` each side has one won-trick pile (``won.0`` for seats 0 and 2,
  ``won.1`` for seats 1 and 3) and one stock of chips; chips, pot and deal points are kept per
  *party* (a side, or a player when everyone plays alone).
* **Game with no game points at all**: a 0–0 tie is a tie like any other (nobody scores,
  or with ``game_tie=eldest`` and two parties the party without the dealer scores).
* ``game_tie=eldest`` applies to any tie for Game when exactly two parties play (2 players
  or 2 sides), as the old rule gives the point to the non-dealer's side whatever the totals.
* Refusal codes: ``MustFollowSuitOrTrump`` (holding the suit led, a card of a third suit; or,
  trumps led and holding one, any other card), ``CardNotHeld``, ``CannotGive`` (giving would
  put the beggar out), ``NotNow`` (a move of the wrong kind for this moment), ``NotYourTurn``
  and ``GameOver``.
* Begging: the eldest hand's ``Stand``/``Beg`` and the dealer's ``Give``/``Run`` are moves of
  the action bar.  After a run every player, clockwise from the dealer's left, discards one
  card per move (``Discard``) until he holds six again; discards go to his own face-down
  ``discard`` pile (he sees his own discards, nobody else does).  When a run finds the pack
  too short the deal is void: the table stays as it is (the turn-ups set aside in view) until
  the dealer gathers the cards and deals again (``Redeal``, one move), from a new shuffle; the
  new deal may be begged again, and points already scored stand.
* A deal's result (``DealResult.scores``) gives every seat the points its party scored in the
  deal (partners both show their side's points).
* The outcome places seats by the chips they (or their side) have left, fewest first, with
  the standard competition ranking of the parties: the winner 1, partners sharing their
  side's place (1, 2, 1, 2: two sides are 1st and 2nd), equal chips sharing a place; its
  scores are the chips left (``CHIPS_LEFT``).  The pot is not a field: it is the chips put
  in, ``7 × parties − chips left``.
* The game can end at a deal (a turned Jack for a dealer with one chip left): the deal's
  result is recorded and nobody moves again.
* In a position laid out after the first lead (:meth:`SevenUp.position`), High, Low and Jack
  know only the plays made from the position on (the plays before it are not in its record);
  Game counts every card in the won piles.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import ClassVar, Generic, NamedTuple, TypeVar

from cardsuite.core.cards import ACE, JACK, KING, QUEEN, Card, CardFace, RankOrder, Suit
from cardsuite.core.events import Event, SeatEvent, TrumpTurnedUp, private
from cardsuite.core.i18n import C_, N_, N_n
from cardsuite.core.moves import Gesture, Move
from cardsuite.core.options import GameOptions, option
from cardsuite.core.outcome import Better, Measure
from cardsuite.core.series import Series
from cardsuite.core.table import Seat, SeenTable, Table, pile_names
from cardsuite.core.text import said, say, words
from cardsuite.core.text import seat as who
from cardsuite.core.tricks import TRICK as TRICK
from cardsuite.core.tricks import FollowRule
from cardsuite.core.tricks import PlayCard as PlayCard

# What the scores count (Outcome.measure): chips left, the fewest best.
CHIPS_LEFT = Measure(N_("chips left"), N_n("{n} chip left", "{n} chips left"), Better.FEWER)

CHIPS = 7  # each player's (or side's) chips at the start
HAND_SIZE = 6
PACKET = 3  # cards dealt at a time
# The duty to the suit led (§6.1, seed rule (a)): holding it, follow suit or trump.
FOLLOW = FollowRule.FOLLOW_OR_TRUMP

# Rank orders: the seed's (10 above Ace) and Hoyle's.
SEED_ORDER = RankOrder("seven up: 10 high", (2, 3, 4, 5, 6, 7, 8, 9, JACK, QUEEN, KING, ACE, 10))
CLASSIC_ORDER = RankOrder("ace high", (*range(2, 11), JACK, QUEEN, KING, ACE))

# Game points of each rank (§4); 2 to 9 count nothing.
GAME_POINTS: dict[int, int] = {10: 10, ACE: 4, KING: 3, QUEEN: 2, JACK: 1}

# --- piles ---------------------------------------------------------------------------------

STOCK = "stock"  # the undealt pack, face down; its top card is the end of the tuple
TURNUP = "turnup"  # the turn-up (the top card makes trumps) and any set aside during a run
# TRICK (core.tricks): the trick in progress, or the last one until the next lead (played order)
hand = pile_names("hand")  # hand(s): seat s's cards
won = pile_names("won")  # won(p): the tricks won by party p (a seat, or a side), face down
discard = pile_names("discard")  # discard(s): seat s's discards after a run (begging only)

# --- options -------------------------------------------------------------------------------

DEALER, ELDEST = "dealer", "eldest"
NONE = "none"


@dataclass(frozen=True, kw_only=True, slots=True)
class SevenUpOptions(GameOptions):
    trick_points: bool = option(
        True,
        label=N_("Trick points"),
        help=N_("every trick won scores a point (off: classic All Fours, tricks score nothing)"),
    )
    classic_rank: bool = option(
        False,
        label=N_("Classic rank"),
        help=N_("Ace high and 10 between Jack and 9 (off: 10 ranks above Ace)"),
    )
    first_lead: str = option(
        DEALER,
        label=N_("First lead"),
        help=N_("who leads to the first trick: the dealer, or the player on his left"),
        choices=(DEALER, ELDEST),
    )
    game_tie: str = option(
        NONE,
        label=N_("Tied Game"),
        help=N_(
            "none: a tie for Game scores nothing; eldest: with two players or two sides the "
            "party without the dealer takes it"
        ),
        choices=(NONE, ELDEST),
    )
    partnerships: bool = option(
        False,
        label=N_("Partnerships"),
        help=N_("4 players only: partners sit opposite and share one pool of 7 chips"),
    )
    begging: bool = option(
        False,
        label=N_("Begging"),
        help=N_(
            "the player left of the dealer may beg: the dealer gives a point or runs the cards"
        ),
    )

    @property
    def order(self) -> RankOrder:
        return CLASSIC_ORDER if self.classic_rank else SEED_ORDER


# --- moves ---------------------------------------------------------------------------------


class Stand(Move, says=N_("stand"), written="stand"):
    """The eldest hand keeps the deal as it is (begging option)."""


class Beg(Move, says=N_("beg"), written="beg"):
    """The eldest hand begs: the dealer must give him a point or run the cards."""


class Give(Move, says=N_("give one point"), written="give"):
    """The dealer gives the beggar one point; the deal is played as it is."""


class Run(Move, says=N_("run the cards"), written="run"):
    """The dealer runs the cards: three more each and a new turn-up."""


class Redeal(Move, says=N_("gather the cards and deal again"), written="redeal"):
    """After a void run (the pack ran short), the dealer gathers the cards and deals again."""


@dataclass(frozen=True, slots=True)
class Discard(Move):
    """After a run, lay one card face down out of play (until six are left)."""

    card: Card

    says = C_("seven up", "discard {card}")
    written = "discard {card}"

    def hidden_label(self) -> str:
        return say("discard a card")

    def gesture(self) -> Gesture:
        return Gesture(hand(self.seat), self.card, discard(self.seat))


SevenUpMove = PlayCard | Stand | Beg | Give | Run | Redeal | Discard

# --- events --------------------------------------------------------------------------------

# Why a point was scored.
TURNUP_JACK, TRICK_POINT, HIGH, LOW, JACK_POINT, GAME, GIFT = (
    "turnup", "trick", "high", "low", "jack", "game", "gift",
)  # fmt: skip


def chips_text(n: int) -> str:
    return CHIPS_LEFT.amount(n)


class Dealt(Event):
    seat: Seat  # the dealer
    number: int  # 1-based deal number

    says = N_("Deal {number}: {seat} deals six cards each, three at a time")

    def moved(self) -> tuple[str, ...]:
        return (STOCK,)


class TurnedUp(TrumpTurnedUp):
    says = N_("{seat} turns up {card}: {trumps} are trumps")

    def moved(self) -> tuple[str, ...]:
        return (TURNUP,)


class Scored(Event):
    """A point: ``seat`` (or his side) puts a chip in the pot and has ``left`` chips left.

    One subclass per kind of point; ``why`` names the kind (for tests and bots)."""

    seat: Seat
    left: int = words(chips_text)
    why: ClassVar[str] = ""


class TurnUpJackScored(Scored):
    """The dealer turns up a Jack (§5.5)."""

    card: Card
    why: ClassVar[str] = TURNUP_JACK

    says = N_("{seat} scores a point for turning up a Jack ({left})")


class TrickScored(Scored):
    """A trick won (seed rule, option ``trick_points``)."""

    why: ClassVar[str] = TRICK_POINT

    says = N_("{seat} scores a point for the trick ({left})")


class HighScored(Scored):
    """High: the best trump in play, to the player it was dealt to."""

    card: Card
    why: ClassVar[str] = HIGH

    says = N_("{seat} scores High with {card} ({left})")


class LowScored(Scored):
    """Low: the lowest trump in play, to the player it was dealt to."""

    card: Card
    why: ClassVar[str] = LOW

    says = N_("{seat} scores Low with {card} ({left})")


class JackScored(Scored):
    """Jack: to whoever won the trick holding the Jack of trumps."""

    card: Card
    why: ClassVar[str] = JACK_POINT

    says = N_("{seat} scores Jack for taking {card} ({left})")


class GameScored(Scored):
    """Game: the most game points in tricks won (a side's partners counted together)."""

    points: int
    partner: Seat | None = None  # in partnerships, the scorer's partner: the side scores
    why: ClassVar[str] = GAME

    says = N_("{side} scores Game with {points} game points ({left})")

    @property
    def side(self) -> str:
        if self.partner is None:
            return who(self.seat)
        return say("{a} and {b}", a=who(self.seat), b=who(self.partner))


class PointGiven(Scored):
    """Begging: the dealer gives the beggar a point rather than run the cards."""

    why: ClassVar[str] = GIFT

    says = N_("{seat} is given a point ({left})")


class TrickTaken(Event):
    seat: Seat
    number: int  # 1 to 6

    says = N_("{seat} wins trick {number}")


class GameTied(Event):
    points: int

    says = N_("Game is tied at {points} game points: nobody scores it")


class NoTrumpsInPlay(Event):
    says = N_("No trump was in play: nobody scores High, Low or Jack")


class Stood(SeatEvent):
    says = N_("{seat} stands")


class Begged(SeatEvent):
    says = N_("{seat} begs")


class Gave(SeatEvent):
    """The dealer (``seat``) gives the beggar one point."""

    says = N_("{seat} gives one point")


class Ran(SeatEvent):
    """The dealer (``seat``) runs the cards."""

    says = N_("{seat} runs the cards: three more each and a new turn-up")

    def moved(self) -> tuple[str, ...]:
        return (STOCK,)


class SetAside(Event):
    card: Card

    says = N_("{card} is of the old trump suit and is set aside")


class VoidDeal(SeatEvent):
    """The dealer (``seat``) must deal again: the pack ran short."""

    says = N_("The pack has run short: the deal is void and {seat} must deal again")


class Discarded(Event):
    """A card laid out of play after a run: only its owner sees which."""

    seat: Seat
    card: CardFace = private()

    def text(self) -> str:
        if not isinstance(self.card, Card):
            return said(N_("{seat} discards a card"), self)
        return said(N_("{seat} discards {card}"), self)

    def moved(self) -> tuple[str, ...]:
        return (hand(self.seat), discard(self.seat))


class DealOver(Event):
    number: int

    says = N_("Deal {number} is over")


class WentOut(Event):
    """``seat`` (and ``partner``, in partnerships) has put the last chip in the pot: the game
    is won."""

    seat: Seat
    partner: Seat | None = None

    def text(self) -> str:
        if self.partner is not None:
            return said(
                N_("{seat} and {partner} have put their last chip in the pot and win"), self
            )
        return said(N_("{seat} has put the last chip in the pot and wins"), self)


# --- state ---------------------------------------------------------------------------------


def party_of(options: SevenUpOptions, seat: Seat) -> int:
    """The party a seat belongs to: its side (0 for seats 0 and 2, 1 for seats 1 and 3) with
    partnerships, else the seat itself."""
    return seat % 2 if options.partnerships else seat


class Phase(IntEnum):
    """What the deal waits for."""

    PLAY = 0  # a card to the trick
    STAND = 1  # begging: the eldest hand stands or begs
    GIVE = 2  # begging: the dealer gives a point or runs the cards
    DISCARD = 3  # after a run: everyone discards down to six
    VOID = 4  # a run found the pack too short: the dealer must deal again
    DONE = 5  # between deals, or the game is over


PLAY, STAND, GIVE, DISCARD, VOID, DONE = Phase

T = TypeVar("T", Table, SeenTable)


class SevenUpState(NamedTuple, Generic[T]):
    """Everything about a game of Seven Up.  Only the table holds hidden cards; the rest
    (including the record of cards played, all of them played face up) is public."""

    table: T  # STOCK, TURNUP, TRICK, hand(s), won(p), and discard(s) with begging
    seed: int | None
    events: tuple[Event, ...]
    options: SevenUpOptions
    seats: int
    series: Series  # the deal in play, its dealer, and the deals before
    phase: Phase
    turn: Seat | None  # None when DONE
    leader: Seat | None  # who led the trick in the TRICK pile (None before the first lead)
    taker: Seat | None  # the winner of the completed trick lying in TRICK, else None
    trumps: Suit | None
    chips: tuple[int, ...]  # chips left, per party
    deal_points: tuple[int, ...]  # points scored this deal, per party
    plays: tuple[tuple[Seat, Card], ...]  # every card played this deal, in order
    jack_taker: Seat | None  # who won the trick holding the trump Jack, else None
    voids: int  # void deals redealt in this deal (salts the new shuffle)

    @property
    def dealer(self) -> Seat:
        return self.series.dealer

    @property
    def parties(self) -> int:
        return len(self.chips)

    @property
    def pot(self) -> int:
        return CHIPS * len(self.chips) - sum(self.chips)

    @property
    def over(self) -> bool:
        return self.phase is DONE and not self.series.between


FullSevenUp = SevenUpState[Table]
SeenSevenUp = SevenUpState[SeenTable]
