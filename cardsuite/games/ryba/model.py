"""Рыба (Ryba) — Go Fish as the seed tells it: ask for ranks, lay down books of four, and be
the first with an empty hand.

This module holds the game's vocabulary: its piles, options, moves, events and state.  The
rules are in ``engine.py`` and the look of the table in ``present.py``.

Rules: ``shared/rules/ryba.md``.

2–6 players, one 52-card pack; 7 cards each for 2–3 players, 5 for 4–6, the rest is the stock.
On his turn a player asks one opponent (everyone with ``ask_all``) for a rank he holds.  The
opponent hands over every card of that rank and the asker asks again; if the opponent has
none, «Рыба!»: the asker draws the top card of the stock and the turn passes (always, even when
the drawn card is the rank asked for).  Four cards of a rank are laid face up as a book at
once.  The first player whose hand is empty wins; when two or more empty at the same moment,
the one with more books wins, and on equal books the one sitting later counting from the
dealer's left.  Option ``classic_go_fish`` plays the well-known form instead: a fished card of
the asked rank is shown and keeps the turn, an empty hand draws a card when its turn comes, and
the game ends when all thirteen books are down, most books winning.

Seats: the engine numbers seats 0 … n-1 round the table; the spec numbers them from the
dealer's left (spec seat 1 is the seat after the dealer, the dealer has the highest number).
:func:`order_from_dealer` converts.

Decisions where the spec leaves room (each recorded in the spec's §10 or taken here):

* The first (and only) dealer of a game is drawn from the seed (``Series.start``); a game is
  one deal.  The app keeps its own tally of wins over a session.
* The stock's top card is the last card of its pile; a hand keeps its cards in the order they
  arrived (the table shows it grouped by rank, 2 up to Ace).
* Books are laid down in turn order from the dealer's left at the deal, and otherwise only by
  the asker, right after he receives or draws.
* "Everyone knows the asker holds the rank" is a ``HoldsRank`` fact kept until he holds no
  card of it; a fished card shown in the classic variant is a ``Shown`` fact until it leaves
  his hand.  That an opponent answered «Рыба» (holds none of a rank) is public too: a
  ``Lacks`` fact, dropped when he draws from the stock (a fished card, or the card an empty
  hand draws in the classic variant), so a search bot's imagined deals deal him none.
* With ``ask_all`` the opponents answer in turn order from the asker's left; each who holds
  the rank hands over all of it (one event each, the count public, the cards seen by the giver
  and the asker only).
* ``ask_all`` is allowed with two players, where it is the same as asking the one opponent.
* Seed ending: a player whose hand is emptied by an opponent's ask has finished and wins
  (spec §10.6).  Non-winners are not ranked: the winner is first, everyone else shares second.
  Several finishing at once: most books, then the later seat from the dealer's left.
* Classic variant: a player whose hand empties during his own turn ends it; the next player
  with an empty hand draws one card when his turn comes (logged, no move), or is skipped when
  the stock is empty.  A fished card of the asked rank that completes a book is not "shown"
  (the book shows it), and if that book empties the hand the turn passes.  At the end players
  are placed by their books (standard competition ranking, so equal most books share the win).
* In the classic variant the opponent named may have an empty hand; the ask then simply fails.
  In the seed rules nobody can have an empty hand while the game lasts.
* The safety cap: after the 2,000th ask, if the game has not ended, it ends as a draw (every
  seat first).  It is checked after the ask's own end check, so a finishing 2,000th ask counts.
* Log: each ask is one event ("Anna asks Boris for 7s"), each answer another ("Boris hands
  over 2 cards (7s) to Anna", the cards named to the two of them; or "Рыба! Boris has no 7s;
  Anna draws a card", the card named to Anna).  The UI says «Рыба!» as the seed does.
  Players passed by in a row (classic variant) are one event.
* Moves are listed by opponent in turn order from the asker's left, then by rank, 2 up to
  Ace.  Notation: ``ask P2 for 7`` (``P2`` is seat 1, as in positions), ``ask all for 7``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Generic, NamedTuple, TypeVar

from cardsuite.core.cards import Card, CardFace, rank_index
from cardsuite.core.events import Event, SeatEvent, private
from cardsuite.core.i18n import C_, N_, N_n
from cardsuite.core.moves import Gesture, Move
from cardsuite.core.options import GameOptions, option
from cardsuite.core.outcome import Better, Measure
from cardsuite.core.series import Series
from cardsuite.core.table import PileId, Seat, SeenTable, Table, pile_names
from cardsuite.core.text import number_text, ranks_word, said, said_n, say, say_n, seats_text, words
from cardsuite.core.text import seat as who

# What the scores count (Outcome.measure): books laid.  They place the players only when
# every book is down; otherwise the first out wins, whatever his books.
BOOKS = Measure(C_("go fish", "books"), N_n("{n} book", "{n} books"))
BOOKS_SHOWN = Measure(
    C_("go fish", "books"),
    N_n("{n} book", "{n} books"),
    Better.NEITHER,
    note=N_("Books laid; the first out of cards wins, whatever his books."),
)

ASK_LIMIT = 2000  # the safety cap (spec §6)
BOOK = 4  # cards in a book
ALL_BOOKS = 13


def hand_size(players: int) -> int:
    """Cards dealt to each player: 7 for two or three players, 5 for four to six."""
    return 7 if players <= 3 else 5


# --- piles ---------------------------------------------------------------------------------

STOCK = "stock"  # face down; its top card is the end of the tuple
hand = pile_names("hand")  # hand(s): seat s's cards, in the order they arrived
books = pile_names("books")  # books(s): seat s's books, face up, four cards each

# --- options -------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True, slots=True)
class RybaOptions(GameOptions):
    ask_all: bool = option(
        False,
        label=N_("Ask everyone"),
        help=N_("each ask goes to all opponents at once; everyone holding the rank hands it over"),
    )
    classic_go_fish: bool = option(
        False,
        label=N_("Classic Go Fish"),
        help=N_(
            "fishing the rank asked for keeps the turn, empty hands draw, "
            "and the game ends when all 13 books are down: most books wins"
        ),
    )


# --- cards in words --------------------------------------------------------------------------


def _cards(cards: tuple[CardFace, ...]) -> str:
    return " ".join(str(c) for c in cards)


def _all_seen(cards: tuple[CardFace, ...]) -> bool:
    return all(isinstance(c, Card) for c in cards)


# --- moves ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ask(Move):
    """Ask ``target`` (None: everyone, under ``ask_all``) for every card of ``rank``."""

    target: Seat | None
    rank: int

    def label(self) -> str:
        if self.target is None:
            return say("ask everyone for {rank}", rank=ranks_word(self.rank))
        return say("ask {who} for {rank}", who=who(self.target), rank=ranks_word(self.rank))

    def notation(self) -> str:
        whom = "all" if self.target is None else f"P{self.target + 1}"
        return f"ask {whom} for {rank_index(self.rank)}"

    def gesture(self) -> Gesture:
        # Pick the opponent's hand first (your own hand when everyone is asked), then the rank.
        return Gesture(hand(self.seat if self.target is None else self.target))

    def choice_path(self) -> tuple[str, ...]:
        return (ranks_word(self.rank),)

    def question(self, depth: int) -> str:
        if self.target is None:
            return say("Ask everyone for which rank?")
        return say("Ask {who} for which rank?", who=who(self.target))


RybaMove = Ask

# --- events --------------------------------------------------------------------------------


class Dealt(Event):
    seat: Seat  # the dealer
    each: int  # cards per player

    says_n = N_n(
        "{seat} deals {each} card to each player", "{seat} deals {each} cards to each player"
    )
    counts = "each"


class Asked(Event):
    """The ask itself: everyone hears it (and so learns the asker holds the rank)."""

    seat: Seat
    target: Seat | None  # None: everyone
    rank: int = words(ranks_word)

    def text(self) -> str:
        if self.target is None:
            return said(N_("{seat} asks everyone for {rank}"), self)
        return said(N_("{seat} asks {target} for {rank}"), self)


class HandedOver(Event):
    """``seat`` hands ``to`` all his cards of ``rank``: the count is public, the cards are seen
    by the two of them only."""

    seat: Seat  # the giver
    to: Seat  # the asker
    rank: int = words(ranks_word)
    cards: tuple[CardFace, ...] = private(_cards)

    def may_see(self, viewer: Seat | None) -> bool:
        return viewer is not None and viewer in (self.seat, self.to)

    def text(self) -> str:
        if self.cards and _all_seen(self.cards):
            return said(N_("{seat} hands over {cards} to {to}"), self)
        return said_n(
            N_n(
                "{seat} hands over {n} card ({rank}) to {to}",
                "{seat} hands over {n} cards ({rank}) to {to}",
            ),
            self,
            "cards",
        )

    def moved(self) -> tuple[PileId, ...]:
        return (hand(self.seat), hand(self.to))


class DrawFromStock(Event):
    """``seat`` draws a card from the stock into his hand: one subclass per way it comes."""

    seat: Seat

    def moved(self) -> tuple[PileId, ...]:
        return (STOCK, hand(self.seat))


class Fished(DrawFromStock):
    """«Рыба!»: nobody asked had the rank, and the asker draws from the stock.  The card is
    the drawer's to see, unless ``shown`` (classic variant: it is the rank asked for)."""

    target: Seat | None
    rank: int
    shown: bool
    card: CardFace = private()

    def may_see(self, viewer: Seat | None) -> bool:
        return self.shown or (viewer is not None and viewer == self.seat)

    @property
    def answer(self) -> str:
        return _no_one_has(self.target, self.rank)

    def text(self) -> str:
        if self.shown and isinstance(self.card, Card):
            return said(
                N_("Рыба! {answer}; {seat} draws {card}, the rank asked for, and shows it"), self
            )
        if isinstance(self.card, Card):
            return said(N_("Рыба! {answer}; {seat} draws {card}"), self)
        return said(N_("Рыба! {answer}; {seat} draws a card"), self)


class FishedNothing(Event):
    """«Рыба!» with an empty stock: nothing is drawn."""

    seat: Seat
    target: Seat | None
    rank: int

    says = N_("Рыба! {answer}; the stock is empty, so {seat} draws nothing")

    @property
    def answer(self) -> str:
        return _no_one_has(self.target, self.rank)


def _no_one_has(target: Seat | None, rank: int) -> str:
    if target is None:
        return say("Nobody has {rank}", rank=ranks_word(rank))
    return say("{who} has no {rank}", who=who(target), rank=ranks_word(rank))


class BookLaid(Event):
    """Four cards of a rank laid face up in front of ``seat``."""

    seat: Seat
    rank: int = words(ranks_word)
    cards: tuple[Card, ...] = words(_cards)

    says = N_("{seat} lays down a book of {rank}: {cards}")

    def moved(self) -> tuple[PileId, ...]:
        return (hand(self.seat), books(self.seat))


class OutOfCards(SeatEvent):
    """Classic variant: ``seat`` has no card left in his turn, which passes at once."""

    says = N_("{seat} has no cards left, and the turn passes")


class DrewForTurn(DrawFromStock):
    """Classic variant: a player whose turn comes with an empty hand draws one card first."""

    card: CardFace = private()

    def text(self) -> str:
        if isinstance(self.card, Card):
            return said(N_("{seat} has no cards and draws {card} from the stock"), self)
        return said(N_("{seat} has no cards and draws one from the stock"), self)


class Skipped(Event):
    """Classic variant: empty hands and an empty stock: the turn goes past these seats."""

    passed: tuple[Seat, ...]

    says_n = N_n(
        "{passed} has no cards and the stock is empty: the turn passes by",
        "{passed} have no cards and the stock is empty: the turn passes them by",
    )
    counts = "passed"


class GameEnded(Event):
    """The game is over: one subclass per way it ends, each with its ``ending`` tag (the
    Outcome's).  ``finished`` are the players whose hands emptied (seed rules)."""

    winners: tuple[Seat, ...]
    finished: tuple[Seat, ...]
    books: tuple[int, ...]  # books per seat
    ending: ClassVar[str] = ""


class EmptyHandWins(GameEnded):
    """Seed rules: one player's hand is empty."""

    ending: ClassVar[str] = "empty-hand"

    def text(self) -> str:
        return say("{who} has no cards left and wins", who=who(self.winners[0]))


class FinishedTogether(GameEnded):
    """Seed rules: two or more hands empty at once; most books, then the later seat wins."""

    ending: ClassVar[str] = "together"

    def text(self) -> str:
        winner = self.winners[0]
        counts = [self.books[s] for s in self.finished]
        if counts.count(self.books[winner]) == 1:
            return say(
                "{who} run out of cards together; {winner} has the most books and wins",
                who=seats_text(self.finished),
                winner=who(winner),
            )
        return say(
            "{who} run out of cards together with equal books; "
            "{winner} sits later from the dealer's left and wins",
            who=seats_text(self.finished),
            winner=who(winner),
        )


class AllBooksDown(GameEnded):
    """Classic Go Fish: all 13 books are laid; most books wins."""

    ending: ClassVar[str] = "all-books"

    def text(self) -> str:
        best = self.books[self.winners[0]]
        if len(self.winners) == 1:
            return say_n(
                "All 13 books are down: {who} wins with {n} book",
                "All 13 books are down: {who} wins with {n} books",
                best,
                who=who(self.winners[0]),
                n=best,
            )
        return say_n(
            "All 13 books are down: {who} share the win with {n} book each",
            "All 13 books are down: {who} share the win with {n} books each",
            best,
            who=seats_text(self.winners),
            n=best,
        )


class AskLimitDraw(GameEnded):
    """The safety cap (§6): the game stops as a draw."""

    ending: ClassVar[str] = "safety:ask-limit"

    def text(self) -> str:
        return say("The game stops after {n} asks without an end: a draw", n=number_text(ASK_LIMIT))


# How a game ended (the ending tags).
EMPTY_HAND = EmptyHandWins.ending
TOGETHER = FinishedTogether.ending
ALL_BOOKS_DOWN = AllBooksDown.ending
ASK_LIMIT_REACHED = AskLimitDraw.ending
GAME_ENDS: dict[str, type[GameEnded]] = {
    end.ending: end for end in (EmptyHandWins, FinishedTogether, AllBooksDown, AskLimitDraw)
}


def end_text(
    how: str, winners: tuple[Seat, ...], finished: tuple[Seat, ...], book_counts: tuple[int, ...]
) -> str:
    """How the game ended, in words (for the outcome and the status line)."""
    return GAME_ENDS[how](winners, finished, book_counts).text()


# --- state ---------------------------------------------------------------------------------

T = TypeVar("T", Table, SeenTable)


class RybaState(NamedTuple, Generic[T]):
    """Everything about a game of Рыба.  Only the table holds cards; the rest is public."""

    table: T  # piles STOCK, hand(0) … hand(n-1), books(0) … books(n-1)
    seed: int | None
    events: tuple[Event, ...]
    options: RybaOptions
    seats: int
    series: Series  # the dealer
    turn: Seat | None  # None once the game is over
    asks: int  # asks resolved (safety cap)
    how: str  # how the game ended ("" while it lasts)
    winners: tuple[Seat, ...]  # the winners, once it is over
    finished: tuple[Seat, ...]  # the players whose hands emptied (seed ending)

    @property
    def dealer(self) -> Seat:
        return self.series.dealer


FullRyba = RybaState[Table]
SeenRyba = RybaState[SeenTable]


def book_counts(state: RybaState[Any]) -> tuple[int, ...]:
    """Books laid by each seat."""
    return tuple(state.table.count(books(s)) // BOOK for s in range(state.seats))


def order_from_dealer(seat: Seat, dealer: Seat, seats: int) -> int:
    """The spec's seat number of ``seat``: 1 for the dealer's left … ``seats`` for the dealer."""
    return (seat - dealer - 1) % seats + 1
