"""Грабуш (Grabush) — a partnership game of the Spite and Malice family.

This module holds the game's vocabulary (piles, options, moves, events, state); the rules are
in ``engine.py`` and the look of the table in ``present.py``.  Rules: ``shared/rules/grabush.md``.

Two teams (even seats against odd seats, partners sitting alternately) race to empty their
20-card team pile onto shared centre stacks built Ace to King, suits ignored.  A player holds
five cards, refilled only when his hand is empty; he plays from his hand, the top of his team
pile and the top of his own or a teammate's discard pile, then ends his turn by discarding a
card face up.  Aces in hand or on the team pile must be played before the turn ends.  A
completed stack (a King on a Queen) is shuffled under the book pile, the reserve drawn once the
stock is out.

Decisions taken where the spec is silent or leaves room:

* The first dealer is drawn from the match seed; the deal passes one seat clockwise each deal.
  The shuffled cards are dealt team pile A (even seats), team pile B, then five cards to each
  player starting left of the dealer; the rest is the stock.
* Stacks live in fixed slots ``stack.0`` … (one per Ace of the deck); a new stack takes the
  lowest free slot, and the state keeps the slots in the order their stacks were started, so
  "the oldest stack with that top" is well defined.
* A play names its card, its source pile and the top rank it goes on (0: a new stack); the
  engine offers one move per distinct card, source and top rank, as the spec asks.
* With several discard piles a discard names a pile: one already started or the lowest empty
  one ("a new pile"); naming any other empty pile is refused, so each choice is one move.
* ``own_discard_playable`` off is ignored in the 2-player game (the spec says it is always on
  there): the options are accepted and the rule reads as on.
* The refill (§6.2) happens whenever the player to move has an empty hand, before anything
  else: at the start of his turn, after the last penalty move of his accusation, and after
  every play of his.  That is not only a play of his last card: a King from his team pile or
  from a discard pile that completes a stack puts 13 cards into the books, and a player who
  began his turn with nothing to draw then draws from them at once.  So PASS (§6.5) is offered
  only with an empty hand while stock and books are both empty; asked for otherwise, it is
  refused with the rule.
* A turn counts towards the blocked-deal rule only if it ends in a pass with no card moved
  during it; any discard, or a pass after plays, starts the count again.  A penalty card
  slipped into a team pile during the accuser's turn (§8) is a card moved, whoever of his
  team gave it; an accusation answered only by ``PENALTY_SKIP`` moves none.
* ``PENALTY_SKIP`` is allowed to any member of the accusing team, not only to one whose hand
  is empty (the spec names it as "the only choice with an empty hand"; a player may also
  decline to give up a card).  Penalty moves are refused to everyone else with IllegalMove.
* The inserted card is known to its inserter through the event of his move (a private field);
  where it went is drawn with the match seed and is known to nobody, the inserter included (he
  slips it in blind).  A table fact showing it to him is not used: with several packs its
  doubles lie hidden in the same pile, and a fact picks its card by value.
* Out-of-turn moves are refused with ``IllegalMove`` (the spec's code for them); so is anything
  asked of a finished game.
* Match play: deals until a team has won ``match_wins`` deals; a drawn deal counts for nobody
  and another deal follows.  The outcome's scores are the team piles' remaining cards of the
  last deal (fewer is better) in a one-deal match, and the deals won (more is better) in a
  longer one (``CARDS_LEFT``, ``DEALS_WON``); partners always share a place, and the two
  teams are placed 1st and 2nd (a draw: both 1st).
* The safety cap counts turns per deal (2,000); it ends the deal with the blocked-deal ruling.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, NamedTuple, TypeVar

from cardsuite.core.cards import Card
from cardsuite.core.events import Event, SeatEvent, private
from cardsuite.core.i18n import N_, N_n
from cardsuite.core.moves import Gesture, Move, Pass
from cardsuite.core.options import GameOptions, option
from cardsuite.core.outcome import Better, Measure, Outcome
from cardsuite.core.series import Series
from cardsuite.core.table import PileId, Seat, SeenTable, Table, pile_names
from cardsuite.core.text import said_n, say, words
from cardsuite.core.text import seat as who

# What the scores count (Outcome.measure): a one-deal match reports the cards left in each
# team pile (§7), a longer match the deals won.
CARDS_LEFT = Measure(
    N_("cards left in the team pile"), N_n("{n} card left", "{n} cards left"), Better.FEWER
)
DEALS_WON = Measure(N_("deals won"), N_n("{n} deal won", "{n} deals won"))

HAND_SIZE = 5
TEAM_PILE_SIZE = 20
TURN_LIMIT = 2000  # the safety cap, in turns per deal
MAX_DISCARD_PILES = 4
NEW = 0  # a play's target rank meaning "start a new stack"
TEAM_NAMES = ("A", "B")

# --- piles ---------------------------------------------------------------------------------

STOCK = "stock"
BOOKS = "books"
TEAM_PILES = ("team.0", "team.1")
hand = pile_names("hand")
stack = pile_names("stack", 16)
_DISCARDS = tuple(tuple(f"discard.{p}.{k}" for k in range(MAX_DISCARD_PILES)) for p in range(8))


def discard(p: Seat, k: int = 0) -> PileId:
    """Discard pile ``k`` (0-based) of seat ``p``."""
    return _DISCARDS[p][k]


def team_of(s: Seat) -> int:
    """Team 0 (A) holds the even seats, team 1 (B) the odd ones."""
    return s & 1


def team_pile(team: int) -> PileId:
    return TEAM_PILES[team]


def decks_for(seats: int) -> int:
    """Three packs for 2, 4 or 6 players, four for 8 (§3)."""
    return 4 if seats >= 8 else 3


def slots_for(seats: int) -> int:
    """Stack slots: one per Ace of the deck (no more stacks can be open at once)."""
    return 4 * decks_for(seats)


# --- options -------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True, slots=True)
class GrabushOptions(GameOptions):
    discard_piles_per_player: int = option(
        1,
        label=N_("Discards"),
        help=N_("the most discard piles each player may keep (4 is the Spite and Malice layout)"),
        minimum=1,
        maximum=MAX_DISCARD_PILES,
    )
    own_discard_playable: bool = option(
        True,
        label=N_("Own discards"),
        help=N_("off: only teammates' discard piles may be played from (always on for 2)"),
    )
    table_talk_penalty: bool = option(
        False,
        label=N_("Talk penalty"),
        help=N_(
            "hot seat: at the start of his turn a player may accuse the other team of table "
            "talk; his team then slips cards into their pile"
        ),
    )
    match_wins: int = option(
        1,
        label=N_("Deals to win"),
        help=N_("deals a team must win to take the match; drawn deals count for nobody"),
        minimum=1,
    )


# --- moves ---------------------------------------------------------------------------------


def _source_words(source: PileId, seat: Seat) -> str:
    if source.startswith("hand"):
        return say("from hand")
    if source.startswith("team"):
        return say("from the team pile")
    _kind, p, k = source.split(".")
    owner = int(p)
    if owner == seat:
        return say("from your discard pile {n}", n=int(k) + 1)
    return say("from {who}'s discard pile {n}", who=who(owner), n=int(k) + 1)


def _source_notation(source: PileId) -> str:
    if source.startswith("hand"):
        return "hand"
    if source.startswith("team"):
        return "team"
    _kind, p, k = source.split(".")
    return f"discard {int(p) + 1}.{int(k) + 1}"


def rank_word(rank: int) -> str:
    """The rank as printed in a card's corner (notation): A, 2 … 10, J, Q, K."""
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))


def on_rank(rank: int) -> str:
    """Where a card goes, in words: "on an Ace", "on a 7", "on an 8", "on a Queen"."""
    named = {
        1: say("on an Ace"),
        8: say("on an 8"),
        11: say("on a Jack"),
        12: say("on a Queen"),
        13: say("on a King"),
    }
    return named.get(rank) or say("on a {rank}", rank=rank)


@dataclass(frozen=True, slots=True)
class Play(Move):
    """Play ``card`` from ``source`` onto the oldest stack whose top rank is ``onto``, or to a
    new stack (``onto`` = 0, Aces only).  ``target`` (the stack pile it lands on) is there for
    gestures only."""

    card: Card
    source: PileId
    onto: int
    target: PileId | None = field(default=None, compare=False)

    def label(self) -> str:
        where = say("to a new stack") if self.onto == NEW else on_rank(self.onto)
        return say(
            "play {card} {source} {where}",
            card=self.card,
            source=_source_words(self.source, self.seat),
            where=where,
        )

    def notation(self) -> str:
        where = "new" if self.onto == NEW else rank_word(self.onto)
        return f"play {self.card} {_source_notation(self.source)} {where}"

    def gesture(self) -> Gesture:
        return Gesture(self.source, self.card, self.target)


@dataclass(frozen=True, slots=True)
class Discard(Move):
    """Put ``card`` from the hand face up on discard pile ``pile`` (0-based); ends the turn.
    ``piles`` (how many piles a player may keep) shapes only the words."""

    card: Card
    pile: int = 0
    piles: int = field(default=1, compare=False)

    def label(self) -> str:
        if self.piles == 1:
            return say("discard {card}", card=self.card)
        return say("discard {card} on pile {n}", card=self.card, n=self.pile + 1)

    def notation(self) -> str:
        return f"discard {self.card} pile {self.pile + 1}"

    def gesture(self) -> Gesture:
        return Gesture(hand(self.seat), self.card, discard(self.seat, self.pile))


class Accuse(Move, says=N_("accuse the other team of table talk"), written="accuse"):
    """Accuse the other team of table talk (option ``table_talk_penalty``)."""


@dataclass(frozen=True, slots=True)
class PenaltyInsert(Move):
    """Slip ``card`` from the hand into the accused team's pile, under its top card."""

    card: Card

    says = N_("slip {card} into their team pile")
    written = "insert {card}"

    def hidden_label(self) -> str:
        return say("slip a card into their team pile")

    def gesture(self) -> Gesture:
        return Gesture(hand(self.seat), self.card, team_pile(1 - team_of(self.seat)))


class PenaltySkip(Move, says=N_("give no penalty card"), written="skip"):
    """Give no card for the penalty."""


# Pass (core.moves): end the turn with an empty hand and nothing left to draw.
GrabushMove = Play | Discard | Pass | Accuse | PenaltyInsert | PenaltySkip


# --- events --------------------------------------------------------------------------------


def team_word(team: int) -> str:
    return say("team {name}", name=TEAM_NAMES[team])


class PileShows(Event):
    """A team pile's new top card is turned up."""

    team: int = words(team_word)
    card: Card

    says = N_("The {team} pile shows {card}")

    def moved(self) -> tuple[PileId, ...]:
        return (team_pile(self.team),)


class Refilled(Event):
    """A player with an empty hand draws, from the stock and then from the books."""

    seat: Seat
    from_stock: int
    from_books: int
    cards: tuple[Card, ...] = private()

    @property
    def drawn(self) -> int:
        return self.from_stock + self.from_books

    def text(self) -> str:
        if self.from_books and self.from_stock:
            forms = N_n(
                "{seat} draws {n} card (from the stock, then the books)",
                "{seat} draws {n} cards (from the stock, then the books)",
            )
        elif self.from_books:
            forms = N_n(
                "{seat} draws {n} card from the books", "{seat} draws {n} cards from the books"
            )
        else:
            forms = N_n(
                "{seat} draws {n} card from the stock", "{seat} draws {n} cards from the stock"
            )
        return said_n(forms, self, "drawn")

    def moved(self) -> tuple[PileId, ...]:
        return (hand(self.seat),)


class Played(Event):
    seat: Seat
    card: Card
    source: PileId
    stack: PileId
    onto: int  # the stack's top rank before (0: a new stack)

    def text(self) -> str:
        if self.onto == NEW:
            return say(
                "{who} starts a stack with {card} {source}",
                who=who(self.seat),
                card=self.card,
                source=_source_words(self.source, -1),
            )
        return say(
            "{who} plays {card} {source} {where}",
            who=who(self.seat),
            card=self.card,
            source=_source_words(self.source, -1),
            where=on_rank(self.onto),
        )

    def moved(self) -> tuple[PileId, ...]:
        return (self.source, self.stack)


class StackCompleted(Event):
    """A King completes a stack: its cards go, shuffled, under the books."""

    seat: Seat
    stack: PileId

    says = N_("{seat} completes a stack: its 13 cards go under the books")

    def moved(self) -> tuple[PileId, ...]:
        return (self.stack, BOOKS)


class Discarded(Event):
    seat: Seat
    card: Card
    pile: int

    says = N_("{seat} discards {card}")

    def moved(self) -> tuple[PileId, ...]:
        return (hand(self.seat), discard(self.seat, self.pile))


class Accused(Event):
    seat: Seat
    team: int = words(team_word)  # the accused team

    says = N_("{seat} accuses {team} of table talk")


class PenaltyCard(Event):
    """A penalty card slipped into the accused team's pile (only its giver knows it)."""

    seat: Seat
    team: int = words(team_word)
    card: Card = private()

    says = N_("{seat} slips a card into the {team} pile")

    def moved(self) -> tuple[PileId, ...]:
        return (hand(self.seat), team_pile(self.team))


class PenaltySkipped(SeatEvent):
    says = N_("{seat} gives no penalty card")


class DealEnded(Event):
    """How a deal ended: ``team`` won it (None: a draw); ``how`` is the ending tag."""

    team: int | None
    how: str
    left: tuple[int, int]  # cards left in each team pile

    def text(self) -> str:
        return deal_end_text(self.team, self.how, self.left)


def deal_end_text(team: int | None, how: str, left: tuple[int, int]) -> str:
    if how == "pile-empty" and team is not None:
        return say("Team {name} has emptied its pile and wins the deal", name=TEAM_NAMES[team])
    why = say("Nobody can move") if how == "blocked" else say("The turn limit is reached")
    if team is None:
        return say("{why}: both piles hold {n} cards, the deal is a draw", why=why, n=left[0])
    return say(
        "{why}: team {name} wins the deal with fewer cards left ({a} to {b})",
        why=why,
        name=TEAM_NAMES[team],
        a=left[team],
        b=left[1 - team],
    )


# --- state ---------------------------------------------------------------------------------

T = TypeVar("T", Table, SeenTable)


class GrabushState(NamedTuple, Generic[T]):
    """A game of Grabush.  Only the table holds cards; every other field is public.

    Piles: ``team.0`` and ``team.1`` (face down but the top card), ``hand.p``,
    ``discard.p.k`` (k below ``discard_piles_per_player``), ``stack.i`` (one slot per Ace of
    the deck; an empty slot is no stack), ``stock`` and ``books`` (face down).
    """

    table: T
    seed: int | None
    events: tuple[Event, ...]
    options: GrabushOptions
    seats: int
    series: Series
    turn: Seat  # whose turn it is
    stacks: tuple[int, ...]  # slots of the stacks in play, oldest first
    moved: bool  # a card has moved this turn (no accusing any more)
    accused: bool  # the accusation of this turn has been made
    penalty: tuple[Seat, ...]  # members of the accusing team still to make a penalty move
    idle: int  # turns in a row that ended in a pass with no card moved
    turns: int  # turns begun this deal
    wins: tuple[int, int]  # deals won by each team
    over: bool  # the deal is over (the match too, unless the series waits between deals)

    @property
    def dealer(self) -> Seat:
        return self.series.dealer


FullGrabush = GrabushState[Table]
SeenGrabush = GrabushState[SeenTable]


# --- derived values (for the rules and the table view alike) --------------------------------


def to_act(state: GrabushState[Any]) -> Seat | None:
    """Who acts now: the next dealer between deals, the accusing team's member with a penalty
    move to make, else the player whose turn it is; None once the match is over."""
    if state.over:
        return state.series.next_dealer(state.seats) if state.series.between else None
    if state.penalty:
        return state.penalty[0]
    return state.turn


def match_outcome(
    seats: int,
    match_wins: int,
    wins: tuple[int, int],
    left: tuple[int, int],
    note: str,
    ending: str,
) -> Outcome:
    """The outcome of a finished match (§7): in a one-deal match each seat scores its team
    pile's cards ``left`` (fewer is better) and the reason is how the deal ended (``note``);
    in a longer match each seat scores its team's deals won.  Partners share a place.  The
    engine and its kernel both build the outcome here."""
    sides = (frozenset(range(0, seats, 2)), frozenset(range(1, seats, 2)))
    if match_wins == 1:
        scores = tuple(left[team_of(s)] for s in range(seats))
        return Outcome.from_scores(
            scores, note, higher_wins=False, sides=sides, ending=ending, measure=CARDS_LEFT
        )
    winner = wins.index(max(wins))
    scores = tuple(wins[team_of(s)] for s in range(seats))
    reason = say(
        "{team} wins the match, {a} deals to {b}",
        team=team_word(winner),
        a=wins[winner],
        b=wins[1 - winner],
    )
    return Outcome.from_scores(scores, reason, sides=sides, ending=ending, measure=DEALS_WON)
