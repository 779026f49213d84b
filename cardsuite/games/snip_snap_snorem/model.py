"""Снип-снап-снуре (Snip Snap Snorem) — the whole pack is dealt; rounds of one rank each go
clockwise, every player who holds the round's rank must play it, the second, third and fourth
cards are called «Снип!», «Снап!», «Снуре!», the player of the fourth card leads the next
round, and the first player with an empty hand wins.

This module holds the game's vocabulary: its piles, options, moves, events and state.  The
rules are in ``engine.py`` and the look of the table in ``present.py``.

Rules: ``shared/rules/snip-snap-snorem.md``.

3–6 players, one 52-card pack dealt out one card at a time from the dealer's left (earlier
seats get the odd cards).  Seat 1 (the dealer's left) leads any card; its rank is the round's.
Then each player in turn, clockwise and round the table as often as needed (the leader too),
must play a card of that rank if he holds one, or else passes.  The fourth card of the rank
ends the round: the four cards are set aside and their last player leads again.  Whoever
empties his hand wins at once, even in the middle of a round.  Option ``multi_play``: a player
may play (or lead) any number of his cards of the rank at once, each with its call.

Seats: the engine numbers seats 0 … n-1 round the table; the spec's "seat 1" is the seat after
the dealer.  Positions write players as ``P1`` … (seat 0 …), the dealer being the last player
unless set otherwise, so ``P1`` is the spec's seat 1.

Decisions where the spec leaves room (its §10 takes most; these are taken here):

* **auto_pass is done by the engine.**  The spec makes it a match-runner setting ("the runner
  submits PASS for him"), but the runner has no per-game hook for it (its own "auto-play forced
  moves" setting is global and also plays forced matches).  So with ``auto_pass`` on the
  engine passes, right after a play or a pass, for every player on turn who holds no card of
  the round's rank, each pass logged as a ``Passed`` event (``auto`` set); the turn only ever
  rests on a player who has something to decide.  The cards played, the calls and the winner
  are the same as with the option off, where ``PASS`` is a move the player makes himself.
* A game is one deal; the dealer is drawn from the seed (the app keeps the tally of wins, and
  the next game of a session is a new match).  Non-winners are not ranked: the winner is
  first, everyone else shares second; the outcome's reason lists the cards each has left.
* Hands are kept sorted (rank 2 … Ace, then suit) from the deal on; the order is never seen by
  anyone but the owner.
* When the fourth card ends a round, the four cards go straight to the face-up ``done`` pile;
  the table shows the last call («Снуре!») and who made it until the next call.
* A play that empties the hand ends the game even when it is the fourth card: the round is set
  aside, but nobody leads again.
* Refusal order: the turn, then a pass (``MustLead``, ``MustMatch``), then the cards named
  (``NotInHand`` — also for a card named twice), then their number (``OneCardOnly`` in the base
  game, before their ranks), then the ranks (``MixedRanks`` for a lead, ``WrongRank`` for a
  match).  A play naming no card is refused as ``NotAMove``.
* With ``multi_play`` a play of several cards is one move naming the cards; the table picks it
  from the first of them (in hand order) and asks which set.  In the base game a match with
  two or more cards of the rank is still the player's choice of suit (no effect on the game).
* Positions: the cards not named go to the ``done`` pile (as if played in earlier rounds), so a
  scenario names only the hands it needs.  A position whose round can never be completed
  (copies of the rank in ``done``) makes players pass round the table for ever; the engine's
  automatic passing stops after one lap and leaves the pass to the player.
* No safety stop is needed: every lap of the table plays at least one card (all copies of the
  round's rank are in hands until the fourth is down), so a game lasts at most 52 plays.

Notation: ``play 7♦``, ``play 7♦ 7♠`` (several cards, ``multi_play``), ``pass``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Generic, NamedTuple, TypeVar

from cardsuite.core.cards import ACE_HIGH, Card, CardFace
from cardsuite.core.events import Event
from cardsuite.core.i18n import N_, _
from cardsuite.core.moves import Gesture, Move, Pass
from cardsuite.core.options import GameOptions, option
from cardsuite.core.table import PileId, Seat, SeenTable, Table, pile_names
from cardsuite.core.text import ranks_word, said, say, say_n, words
from cardsuite.core.text import seat as who

SET = 4  # cards of one rank: a round is over when the fourth is down
MAX_SEATS = 10  # the engine works up to ten players; the lobby offers three to six

# --- piles ---------------------------------------------------------------------------------

hand = pile_names("hand")  # hand(s): seat s's cards, sorted (rank 2 … Ace, then suit)
ROUND = "round"  # the cards of the round in progress, face up, in the order played
DONE = "done"  # the completed sets of four, face up, in the order set aside

# --- options -------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True, slots=True)
class SnipOptions(GameOptions):
    multi_play: bool = option(
        False,
        label=N_("Several equal cards at once"),
        help=N_(
            "a player holding two or more cards of the round's rank may play any number of "
            "them in one turn (a leader too), each with its own call"
        ),
    )
    auto_pass: bool = option(
        True,
        label=N_("Pass automatically"),
        help=N_("a player with no card of the round's rank passes without being asked"),
    )


# --- words ---------------------------------------------------------------------------------

# The calls for the second, third and fourth card of a round (the seed's «Снип!» «Снап!»
# «Снуре!», in English as the game is known).
CALLS: dict[int, str] = {2: N_("Snip!"), 3: N_("Snap!"), 4: N_("Snorem!")}


def calls_text(first: int, count: int) -> str:
    """The calls of ``count`` cards of a round, the first being card number ``first``:
    "Snip! Snap!" ("" for a single lead, which has no call)."""
    return " ".join(_(CALLS[n]) for n in range(max(first, 2), first + count))


def cards_text(cards: tuple[CardFace, ...]) -> str:
    return " ".join(str(c) for c in cards)


def hand_order(card: CardFace) -> tuple[int, int]:
    """Grouped by rank, 2 up to Ace (the spec's order), then by suit."""
    if not isinstance(card, Card) or card.suit is None:
        return (99, 0)
    return (ACE_HIGH.value(card.rank), card.suit.order)


# --- moves ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play(Move):
    """Lead or match with ``cards`` (one card; several of one rank under ``multi_play``)."""

    cards: tuple[Card, ...]

    def label(self) -> str:
        return say("play {cards}", cards=cards_text(self.cards))

    def notation(self) -> str:
        return "play " + cards_text(self.cards)

    def gesture(self) -> Gesture:
        # Pick the first card (in hand order) and drop it on the round; several cards that
        # start with the same one are told apart by the chooser.
        return Gesture(hand(self.seat), self.cards[0] if self.cards else None, ROUND)

    def question(self, depth: int) -> str:
        return say("Play which cards?")


# Pass (core.moves): no card of the round's rank, the turn goes on.
SnipMove = Play | Pass

# --- events --------------------------------------------------------------------------------


class Dealt(Event):
    seat: Seat  # the dealer
    sizes: tuple[int, ...]  # cards dealt to each seat

    def text(self) -> str:
        low, high = min(self.sizes), max(self.sizes)
        if low == high:
            return say_n(
                "{who} deals the whole pack: {n} card each",
                "{who} deals the whole pack: {n} cards each",
                low,
                who=who(self.seat),
                n=low,
            )
        return say(
            "{who} deals the whole pack: {low} or {high} cards each",
            who=who(self.seat),
            low=low,
            high=high,
        )


class Played(Event):
    """``seat`` plays ``cards`` face up; ``first`` is the number in the round of the first
    of them (1: a lead).  Each card after the first of the round carries its call."""

    seat: Seat
    cards: tuple[Card, ...] = words(cards_text)
    first: int

    @property
    def calls(self) -> str:
        return calls_text(self.first, len(self.cards))

    def text(self) -> str:
        if self.first == 1:
            if not self.calls:
                return said(N_("{seat} leads {cards}"), self)
            return said(N_("{seat} leads {cards}: {calls}"), self)
        return said(N_("{seat} plays {cards}: {calls}"), self)

    def moved(self) -> tuple[PileId, ...]:
        return (hand(self.seat), ROUND)


class Passed(Event):
    """``seat`` holds no card of ``rank`` and passes (``auto``: the engine passed for him)."""

    seat: Seat
    rank: int = words(ranks_word)
    auto: bool

    says = N_("{seat} has no {rank} and passes")


class RoundDone(Event):
    """The fourth card of ``rank`` is down: the set goes aside and ``seat`` leads next."""

    seat: Seat
    rank: int = words(ranks_word)

    says = N_("The four {rank} are set aside; {seat} leads next")

    def moved(self) -> tuple[PileId, ...]:
        return (ROUND, DONE)


class GameEnded(Event):
    """The game is over; ``left`` is each seat's count of cards in hand."""

    winner: Seat
    left: tuple[int, ...]
    ending: ClassVar[str] = ""


class EmptyHandWins(GameEnded):
    """The winner has played the last card of his hand."""

    ending: ClassVar[str] = "empty-hand"

    says = N_("{winner} has no cards left and wins")


EMPTY_HAND = EmptyHandWins.ending

# --- state ---------------------------------------------------------------------------------

T = TypeVar("T", Table, SeenTable)


class SnipState(NamedTuple, Generic[T]):
    """Everything about a game.  Only the table holds cards; the rest is public."""

    table: T  # piles hand(0) … hand(n-1), ROUND, DONE (in that order)
    seed: int | None
    events: tuple[Event, ...]
    options: SnipOptions
    seats: int
    dealer: Seat
    turn: Seat | None  # who acts; None once the game is over
    rank: int  # the round's rank; 0 while a lead is due
    leader: Seat  # who led the round in progress (who is to lead, while a lead is due)
    passed: tuple[Seat, ...]  # who passed since the last card was played
    caller: Seat | None  # who made the last call (None: none yet)
    calls: tuple[int, ...]  # the numbers called with the last play that called (2 … 4)
    winner: Seat | None  # None while the game lasts


FullSnip = SnipState[Table]
SeenSnip = SnipState[SeenTable]


# --- derived values (for the rules and the table view alike) --------------------------------


def cards_left(state: SnipState[Any]) -> tuple[int, ...]:
    """Cards in each seat's hand."""
    return tuple(state.table.count(hand(s)) for s in range(state.seats))


def end_text(winner: Seat, left: tuple[int, ...]) -> str:
    """How the game ended, with the cards the others have left."""
    others = ", ".join(f"{who(s)} {n}" for s, n in enumerate(left) if s != winner)
    return say(
        "{won}; still in hand: {others}", won=EmptyHandWins(winner, left).text(), others=others
    )
