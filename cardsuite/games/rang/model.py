"""Ранг (Rang) — a Ukrainian shedding game: play one rank up or down, and do not be last.

This module holds the game's vocabulary: its piles, options, moves, events and state.  The
rules are in ``engine.py`` and the look of the table in ``present.py``.

Rules: ``shared/rules/rang.md`` (the shram.kiev.ua text of Corey Dixon's "Rank").

2–10 players; one pack with 2 jokers for 2–4 players, two packs with 4 jokers for 5–10.  Each
player gets five cards; a card turned from the stock starts the discard pile and sets the
*current rank* T.  On his turn a player must play a card one rank above or below T (suits do not
matter; Ace and King touch round the corner).  Only when he has no such card may he play an Ace
as an exception, play a joker naming any rank (and then perhaps one more card next to that
rank), or draw one card, which he may play at once if it fits.  A player who sheds his last card
is *pending*: if the next player answers with a card from his hand, the pending player comes
back with two cards; if the next player draws instead, the pending player is out for good.
The last player left holding cards loses.

Decisions where the spec leaves room (each recorded in the spec's §10 or taken here):

* The drawn card may be played but need not be (option ``forced_drawn_play`` forces a fitting
  one).  Playing it is an ordinary ``Play`` of that card: after a draw it is the only card that
  may be played (the spec's ``PLAY_DRAWN``).
* After every draw that brings a card the drawer ends his turn with ``Keep`` unless he plays
  the card, even when it cannot be played (then ``Keep`` is his only move, which the table
  plays for him).  The spec's "his turn ends at once" would let everyone see that a card
  which was kept could have been played, and §9 wants that private: this way a draw always
  looks the same from the outside.
* A player may always draw instead of using an Ace or a joker; this lets him choose not to
  bring back a pending player.
* A joker names any of the 13 ranks and its follow-up card is optional; the joker with its
  rank and follow-up is one move, ``PlayJoker``.
* Hands are kept in the order the cards arrived, so a drawn card is always the last one in its
  owner's hand; the table shows hands sorted by rank.
* The joker buried under the stock at the deal was seen by everyone: the table keeps that
  fact (``Shown``) until the stock is rebuilt.
* When a draw finishes the pending player and leaves the drawer as the only player holding
  cards, the deal ends at that moment, before any card is taken (he could not act on it).
* If a pending player has nobody left to judge him (everyone else is out), which the card counts
  make all but impossible, he is out too and the deal ends with the last player to hold cards
  as the loser (engine safety, not in the spec).
* With several deals (``match_deals``) the match pauses after each deal on its summary; the
  next dealer (one seat to the left) deals the next one.  The loser of each deal gets one loss
  and the fewest losses win.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, NamedTuple, TypeVar

from cardsuite.core.cards import ACE_LOW_WRAP, JOKER, Card, CardFace, rank_index
from cardsuite.core.errors import OptionsError
from cardsuite.core.events import Event, SeatEvent, private
from cardsuite.core.i18n import N_, N_n, ngettext
from cardsuite.core.moves import Gesture, Move
from cardsuite.core.options import GameOptions, option
from cardsuite.core.outcome import Better, Measure, Outcome
from cardsuite.core.series import Series
from cardsuite.core.table import Seat, SeenTable, Table, pile_names
from cardsuite.core.text import number_text, said, say, say_n, seats_text, words
from cardsuite.core.text import seat as who

# What the scores count (Outcome.measure): deals lost, the fewest best.
DEALS_LOST = Measure(N_("deals lost"), N_n("{n} deal lost", "{n} deals lost"), Better.FEWER)

HAND_SIZE = 5
RETURN_CARDS = 2
TURN_LIMIT = 10_000

# --- piles ---------------------------------------------------------------------------------

STOCK = "stock"  # face down; its top card is the end of the tuple
DISCARD = "discard"  # face up; its top card sets the current rank
hand = pile_names("hand")  # hand(s): seat s's cards, in the order they arrived

# --- options -------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True, slots=True)
class RangOptions(GameOptions):
    decks: str | int = option(
        "auto",
        label=N_("Decks"),
        help=N_("auto: one pack for 2–4 players, two packs for 5–10"),
        choices=("auto", 1, 2),
    )
    same_rank_allowed: bool = option(
        False,
        label=N_("Same rank plays"),
        help=N_("a card of the current rank may also be played"),
    )
    wild_ace: bool = option(
        False, label=N_("Wild Ace"), help=N_("an Ace played as an exception names any rank")
    )
    forced_drawn_play: bool = option(
        False, label=N_("Forced drawn play"), help=N_("a drawn card that fits must be played")
    )
    match_deals: int = option(
        1,
        label=N_("Deals"),
        help=N_("deals in the match; fewest losses wins"),
        minimum=1,
        maximum=50,
    )

    def deck_count(self, players: int) -> int:
        """The number of packs for ``players``; OptionsError if an explicit count contradicts it."""
        needed = 1 if players <= 4 else 2
        if self.decks != "auto" and self.decks != needed:
            raise OptionsError(
                say(
                    "decks={decks} does not suit {players} players: Rang uses {needed} for {players} players",
                    decks=self.decks,
                    players=players,
                    needed=say_n("{n} pack", "{n} packs", needed, n=needed),
                )
            )
        return needed


# --- moves ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play(Move):
    """Play one card from hand: a card next to T, an exceptional Ace, or the drawn card.

    ``name`` is the rank an exceptional Ace names under the ``wild_ace`` option.
    """

    card: Card
    name: int | None = None

    def label(self) -> str:
        if self.name is not None:
            return say("play {card} naming {rank}", card=self.card, rank=rank_index(self.name))
        return say("play {card}", card=self.card)

    def notation(self) -> str:
        if self.name is not None:
            return f"play {self.card} naming {rank_index(self.name)}"
        return f"play {self.card}"

    def gesture(self) -> Gesture:
        return Gesture(hand(self.seat), self.card, DISCARD)

    def choice_path(self) -> tuple[str, ...]:
        if self.name is not None:
            return (say("name {rank}", rank=rank_index(self.name)),)
        return (self.label(),)


@dataclass(frozen=True, slots=True)
class PlayJoker(Move):
    """Play a joker naming ``rank``, then optionally ``follow``: a card next to that rank."""

    rank: int
    follow: Card | None = None

    def label(self) -> str:
        named = say("joker naming {rank}", rank=rank_index(self.rank))
        if self.follow is None:
            return named
        return say("{joker}, then {card}", joker=named, card=self.follow)

    def notation(self) -> str:
        named = f"joker naming {rank_index(self.rank)}"
        return f"{named}, then {self.follow}" if self.follow else named

    def gesture(self) -> Gesture:
        return Gesture(hand(self.seat), JOKER, DISCARD)

    def choice_path(self) -> tuple[str, ...]:
        follow = say("then {card}", card=self.follow) if self.follow else say("no follow-up")
        return (say("name {rank}", rank=rank_index(self.rank)), follow)


class Draw(Move, says=N_("draw"), written="draw"):
    """Take the top card of the stock (only when no card next to T is held)."""

    def gesture(self) -> Gesture:
        return Gesture(STOCK)


class Keep(Move, says=N_("keep the drawn card"), written="keep"):
    """Keep the card just drawn and end the turn."""


RangMove = Play | PlayJoker | Draw | Keep

# --- events --------------------------------------------------------------------------------


def _cards(cards: tuple[CardFace, ...]) -> str:
    return " ".join(_card(c) for c in cards)


def _card(card: CardFace) -> str:
    """A card as the log names it: itself, or "a card" face down."""
    return say("a card") if not isinstance(card, Card) else str(card)


class Dealt(Event):
    seat: Seat  # the dealer
    number: int  # 1-based deal number

    says = N_("Deal {number}: {seat} deals five cards each")


class JokerBuried(Event):
    says = N_("A joker turned up; it goes under the stock")


class Started(Event):
    card: Card

    says = N_("{card} starts the discard pile")

    def moved(self) -> tuple[str, ...]:
        return (DISCARD,)


class PlayFromHand(Event):
    """A card from ``seat``'s hand onto the discard pile: one subclass per kind of play."""

    seat: Seat

    def moved(self) -> tuple[str, ...]:
        return (hand(self.seat), DISCARD)


class Played(PlayFromHand):
    """A card played: next to T, or the drawn card."""

    card: Card

    says = N_("{seat} plays {card}")


class PlayedAce(PlayFromHand):
    """An Ace played as an exception; ``name`` is the rank it names under ``wild_ace``."""

    card: Card
    name: int | None = words(rank_index, default=None)

    def text(self) -> str:
        if self.name is None:
            return said(N_("{seat} plays {card} as an exception"), self)
        return said(N_("{seat} plays {card} as an exception, naming {name}"), self)


class PlayedJoker(PlayFromHand):
    rank: int = words(rank_index)  # the rank named
    follow: Card | None

    def text(self) -> str:
        if self.follow is None:
            return said(N_("{seat} plays a joker naming {rank}"), self)
        return said(N_("{seat} plays a joker naming {rank}, then {follow}"), self)


class Drew(Event):
    """A card drawn from the stock: only the drawer sees which."""

    seat: Seat
    card: CardFace = private(_card)

    says = N_("{seat} draws {card}")

    def moved(self) -> tuple[str, ...]:
        return (STOCK, hand(self.seat))

    def fold(self, later: Event) -> Event | None:
        """A draw is told with what ends the turn: keeping the card, or playing it (after a
        draw only the drawn card may be played, so the card played is the one drawn)."""
        if isinstance(later, Kept):
            return DrewAndKept(self.seat, self.card)
        if isinstance(later, Played | PlayedAce | PlayedJoker):
            return DrewAndPlayed(self.seat, later)
        return None


class DrewNothing(SeatEvent):
    says = N_("{seat} draws, but there is no card to draw")


class Kept(Event):
    seat: Seat
    card: CardFace = private()

    def text(self) -> str:
        if not isinstance(self.card, Card):
            return said(N_("{seat} keeps the drawn card"), self)
        return said(N_("{seat} keeps the drawn card ({card})"), self)


class DrewAndKept(Event):
    """The log's line for a draw and the keep that ends the turn (:meth:`Drew.fold`): only
    the drawer sees which card."""

    seat: Seat
    card: CardFace = private(_card)

    says = N_("{seat} draws {card} and keeps it")


class DrewAndPlayed(Event):
    """The log's line for a draw and the play of the drawn card (:meth:`Drew.fold`): the
    card is named, as the play shows it to everyone (the play's words fill the line)."""

    seat: Seat
    play: Played | PlayedAce | PlayedJoker

    def text(self) -> str:
        play = self.play
        if isinstance(play, PlayedJoker):
            if play.follow is None:
                return said(N_("{seat} draws a joker and plays it naming {rank}"), play)
            return said(N_("{seat} draws a joker and plays it naming {rank}, then {follow}"), play)
        if isinstance(play, PlayedAce):
            if play.name is None:
                return said(N_("{seat} draws {card} and plays it as an exception"), play)
            return said(N_("{seat} draws {card} and plays it as an exception, naming {name}"), play)
        return said(N_("{seat} draws {card} and plays it"), play)


class Reshuffled(Event):
    count: int

    says_n = N_n(
        "The discard pile is shuffled into a new stock of {count} card",
        "The discard pile is shuffled into a new stock of {count} cards",
    )
    counts = "count"

    def moved(self) -> tuple[str, ...]:
        return (DISCARD, STOCK)


class WentOut(SeatEvent):
    """A player has played his last card and is pending."""

    says = N_("{seat} has played the last card and waits to see whether to come back")


class CameBack(Event):
    """The pending player is brought back with the cards he takes (his to see)."""

    seat: Seat
    cards: tuple[CardFace, ...] = private()

    def text(self) -> str:
        n = len(self.cards)
        took = ngettext(
            "{who} comes back and takes {n} card", "{who} comes back and takes {n} cards", n
        )
        text = took.format(who=who(self.seat), n=n)
        if self.cards and isinstance(self.cards[0], Card):
            text += f" ({_cards(self.cards)})"
        return text

    def moved(self) -> tuple[str, ...]:
        return (STOCK, hand(self.seat))


class Finished(SeatEvent):
    says = N_("{seat} is out for good")


class DealLost(Event):
    """The deal is over and ``seat`` loses it: one subclass per way a deal ends, each with its
    ``ending`` tag (Outcome.ending)."""

    seat: Seat
    ending: ClassVar[str] = ""


class LastHolderLoses(DealLost):
    """The rule of the game (§7): one player is left holding cards."""

    ending: ClassVar[str] = "last-with-cards"

    says = N_("{seat} is the last player holding cards and loses the deal")


class DealStalled(DealLost):
    """The stalemate stop (§7): nothing left to draw and nobody able to play."""

    ending: ClassVar[str] = "safety:stalemate"

    says = N_(
        "The deal stalled with nothing left to draw; {seat} holds the most cards and loses it"
    )


class DealStopped(DealLost):
    """The safety stop (§7): the deal reached its turn limit."""

    ending: ClassVar[str] = "safety:turn-limit"

    def text(self) -> str:
        return say(
            "The deal reached {limit} turns; {who} holds the most cards and loses it",
            limit=number_text(TURN_LIMIT),
            who=who(self.seat),
        )


# How a deal ended (the Outcome's ending tags: the stop rules are safety stops, rang.md §7).
LAST_WITH_CARDS = LastHolderLoses.ending
STALEMATE = DealStalled.ending
TURN_LIMIT_REACHED = DealStopped.ending
DEAL_ENDS: dict[str, type[DealLost]] = {
    end.ending: end for end in (LastHolderLoses, DealStalled, DealStopped)
}


# --- state ---------------------------------------------------------------------------------


class Phase(enum.IntEnum):
    """Where a turn stands."""

    NORMAL = 0  # before any action
    DRAWN = 1  # after a draw: the drawn card may be played, or kept


NORMAL, DRAWN = Phase.NORMAL, Phase.DRAWN

T = TypeVar("T", Table, SeenTable)


class RangState(NamedTuple, Generic[T]):
    """Everything about a game of Rang.  Only the table holds cards; the rest is public."""

    table: T  # piles STOCK, DISCARD and hand(0) … hand(n-1)
    seed: int | None
    events: tuple[Event, ...]
    options: RangOptions
    seats: int
    series: Series  # the deal in play, its dealer, and the losers of the deals before
    turn: Seat | None  # None between deals and once the match is over
    rank: int  # T, the current rank
    phase: Phase
    pending: Seat | None  # who went out and awaits the next player's answer (None: nobody)
    out: tuple[bool, ...]  # finished players of this deal
    turns: int  # turns played this deal (safety stop)
    empty_draws: int  # consecutive turns that drew nothing (stalemate stop)
    reshuffles: int  # stock rebuilds this deal, salting their shuffles

    @property
    def dealer(self) -> Seat:
        return self.series.dealer


FullRang = RangState[Table]
SeenRang = RangState[SeenTable]


# --- derived values (for the rules and the table view alike) --------------------------------


def fits(options: RangOptions, rank: int) -> tuple[int, ...]:
    """The ranks a normal card may have on ``rank`` (§6.1): the one below, ``rank`` itself
    when same-rank plays are allowed, the one above (round the corner: Q, K, A)."""
    below, above = ACE_LOW_WRAP.below(rank), ACE_LOW_WRAP.above(rank)
    middle = (rank,) if options.same_rank_allowed else ()
    return tuple(r for r in (below, *middle, above) if r is not None)


def losses(state: RangState[Any]) -> tuple[int, ...]:
    """The deals each seat has lost so far."""
    return state.series.totals(state.seats)


def match_outcome(series: Series, seats: int) -> Outcome:
    """The outcome of a match whose last deal is over: the fewest deals lost win; one deal's
    match is told as that deal ended."""
    lost = series.totals(seats)
    results = series.results
    if len(results) == 1:
        reason, ending = results[0].note, results[0].ending
    else:
        fewest = min(lost)
        best = [s for s in range(seats) if lost[s] == fewest]
        template = (
            say("after {deals} deals {who} has the fewest losses ({n})")
            if len(best) == 1
            else say("after {deals} deals {who} share the fewest losses ({n})")
        )
        reason = template.format(deals=len(results), who=seats_text(best), n=fewest)
        ending = "fewest-losses"
    return Outcome.from_scores(lost, reason, higher_wins=False, ending=ending, measure=DEALS_LOST)
