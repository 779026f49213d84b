"""Russian Bank (Crapette) — a two-player competitive patience with one deck each.

This module holds the game's vocabulary: piles, options, moves, events and state.  The rules
are in ``engine.py`` and the look of the table in ``present.py``.

Rules: ``shared/rules/russian-bank.md`` (the «Вариант русского банка» of seed 004).  Each
player has a 13-card reserve (top face up), a face-down hand whose top card is turned up at the
start of his turn (the *hand card*) and a waste.  Eight houses (four on each side) are built
down in alternating colours by both players; eight foundations are built up in suit from the
Ace.  A player may load the opponent's reserve top or waste top with a card of the same suit
one rank away.  The turn ends when he puts his hand card on his own waste.  The first to empty
reserve, hand and waste wins.  With ``compulsory_foundation`` a missed foundation play lets the
opponent call "Stop!".

Decisions taken where the spec is silent or leaves room:

* **Piles.**  Per seat: ``reserve.s`` (only the top is seen), ``hand.s`` (face down),
  ``card.s`` (the hand card, face up, at most one card), ``waste.s`` (only the top is seen,
  §9); shared: ``house.1`` … ``house.8`` (H1–H4 on the first player's side) and ``found.1`` …
  ``found.8``.  A table laid out by hand (:meth:`RussianBank.position`) may put the cards it
  does not need in ``aside``, a pile that is empty in every dealt game and never drawn.
* **Cards know their deck**: seat s's deck has ``back = s``; only the display uses it.
* **Moves name their source pile**: ``Play(seat, card, source, target)``; two targets that
  take the same card are distinct moves (§6.2).  The discard is its own move (``Discard``,
  drawn as the hand card dropped on one's waste), ``EndTurn`` exists only when there is no hand
  card, and ``StopPlace`` is the caller's placement during a Stop.
* **Refusal order**: ``GameOver``, ``NotYourTurn``, then (during a Stop) ``NotAvailable`` for
  anything but the placement, then the move's own rule (``NotAvailable``,
  ``FoundationMismatch``, ``HouseMismatch``, ``LoadMismatch``, ``NotATarget``,
  ``PointlessMove``), and last ``FoundationMoveRequired`` (``stop_mode = block``): an illegal
  move is refused with its own error whatever the option (§8.1).
* **A move to its own pile** (a house onto itself) is ``NotATarget``.  A load onto the
  opponent's *empty* reserve or waste is ``NotATarget`` (§11.9); a load that does not fit is
  ``LoadMismatch``.
* **The hand card played during the turn**: the next one is turned up at once; if the hand is
  empty the waste is turned over first, within the turn (§6.3).
* **The Stop** (``stop_mode = auto``): the violating action is not performed; the opponent is
  to move with only ``StopPlace`` moves; the cards that could have gone up are those the
  violator could have played to a foundation just before (his reserve top, his hand card and
  every house top).  After the placement the violator's hand card (if any) goes to his waste,
  his turn counts as ended, and the caller's normal turn begins.  The Stop stays noted on the
  table (who missed which cards, which card went up) until the caller's turn ends.
* **Ending**: a win at the moment a player's reserve, hand, hand card and waste are all empty
  (checked after every move, also for the violator after a Stop placement).  The draw rule of
  §7 is counted in whole turns: a draw when 200 turns in a row have ended with no progress
  event (a card to a foundation, or a new all-game minimum of the cards in both players'
  reserves, hands, hand cards and wastes) since the end of the turn before the last progress.
  That rule is what ends games where both sides only shuffle cards between houses (so it is an
  ending of its own, ``no-progress``, not a safety stop); 3,000 turns is the backstop
  (``safety:turn-limit``).  The 500-move cap of one turn discards the hand card by itself
  (``TurnCapped``); it never counts as a Stop violation.
* **Scores**: without ``score_margin`` the outcome has no scores (win/lose/draw); with it the
  winner gets 30 + 2 per card in the loser's reserve + 1 per card in his hand, hand card and
  waste, the loser 0; a draw scores 0 each.
* **First player**: the higher face-up reserve card, Ace high; ties by H1/H5 … H4/H8; then
  by the seeded RNG.  One game per match: there is no series of deals.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Generic, NamedTuple, TypeVar

from cardsuite.core.cards import Card
from cardsuite.core.events import Event, SeatEvent
from cardsuite.core.i18n import N_, N_n
from cardsuite.core.moves import Gesture, Move
from cardsuite.core.options import GameOptions, option
from cardsuite.core.table import PileId, Seat, SeenTable, Table
from cardsuite.core.text import join_words, said, say, words
from cardsuite.core.text import seat as who

SEATS = 2
RESERVE_SIZE = 13
HOUSES = 8
FOUNDATIONS = 8

TURN_MOVE_CAP = 500  # moves in one turn (§6.3)
NO_PROGRESS_TURNS = 200  # §7 draw rule
MAX_TURNS = 3000  # §7 backstop

# --- piles (the layout's order is fixed: engine.py reads piles by position on hot paths) ----

_RESERVE = ("reserve.0", "reserve.1")
_HAND = ("hand.0", "hand.1")
_CARD = ("card.0", "card.1")
_WASTE = ("waste.0", "waste.1")
HOUSE_IDS = tuple(f"house.{k}" for k in range(1, HOUSES + 1))
FOUND_IDS = tuple(f"found.{k}" for k in range(1, FOUNDATIONS + 1))
ASIDE = "aside"

# The layout: each seat's reserve, hand, hand card and waste, then the houses, the
# foundations and the cards set aside.
PILE_IDS: tuple[PileId, ...] = (
    *(pile for s in range(SEATS) for pile in (_RESERVE[s], _HAND[s], _CARD[s], _WASTE[s])),
    *HOUSE_IDS,
    *FOUND_IDS,
    ASIDE,
)
POS: dict[PileId, int] = {pid: i for i, pid in enumerate(PILE_IDS)}

# Positions in the layout, resolved by name once (the engine's hot paths index by them).
RESERVE_AT = tuple(POS[_RESERVE[s]] for s in range(SEATS))
HAND_AT = tuple(POS[_HAND[s]] for s in range(SEATS))
CARD_AT = tuple(POS[_CARD[s]] for s in range(SEATS))
WASTE_AT = tuple(POS[_WASTE[s]] for s in range(SEATS))
SEAT_AT = tuple((RESERVE_AT[s], HAND_AT[s], CARD_AT[s], WASTE_AT[s]) for s in range(SEATS))
HOUSES_AT = tuple(POS[pid] for pid in HOUSE_IDS)
FOUNDS_AT = tuple(POS[pid] for pid in FOUND_IDS)
# The houses and the foundations lie in one run each, after every seat's piles.
HOUSE_AT, FOUND_AT = HOUSES_AT[0], FOUNDS_AT[0]
assert tuple(range(HOUSE_AT, HOUSE_AT + HOUSES)) == HOUSES_AT
assert tuple(range(FOUND_AT, FOUND_AT + FOUNDATIONS)) == FOUNDS_AT
assert max(at for seat in SEAT_AT for at in seat) < HOUSE_AT


def reserve(s: Seat) -> PileId:
    return _RESERVE[s]


def hand(s: Seat) -> PileId:
    return _HAND[s]


def hand_card(s: Seat) -> PileId:
    return _CARD[s]


def waste(s: Seat) -> PileId:
    return _WASTE[s]


def house(k: int) -> PileId:
    """House ``k`` (1 to 8)."""
    return HOUSE_IDS[k - 1]


def foundation(k: int) -> PileId:
    """Foundation ``k`` (1 to 8)."""
    return FOUND_IDS[k - 1]


# Short codes for notation: R1 R2 (reserves), U1 U2 (hand cards), W1 W2, H1-H8, F1-F8.
CODES: dict[PileId, str] = {
    **{_RESERVE[s]: f"R{s + 1}" for s in range(SEATS)},
    **{_CARD[s]: f"U{s + 1}" for s in range(SEATS)},
    **{_WASTE[s]: f"W{s + 1}" for s in range(SEATS)},
    **{_HAND[s]: f"D{s + 1}" for s in range(SEATS)},
    **{pid: f"H{k + 1}" for k, pid in enumerate(HOUSE_IDS)},
    **{pid: f"F{k + 1}" for k, pid in enumerate(FOUND_IDS)},
    ASIDE: "X",
}


def place(pile: PileId, seat: Seat) -> str:
    """A pile in words from ``seat``'s side, for labels: "your reserve", "house 4"."""
    kind, _sep, rest = pile.partition(".")
    if kind == "house":
        return say("house {n}", n=rest)
    if kind == "found":
        return say("foundation {n}", n=rest)
    mine = rest == str(seat)
    if kind == "reserve":
        return say("your reserve") if mine else say("the opponent's reserve")
    if kind == "card":
        return say("your hand card") if mine else say("the opponent's hand card")
    if kind == "waste":
        return say("your waste") if mine else say("the opponent's waste")
    if kind == "hand":
        return say("your hand") if mine else say("the opponent's hand")
    return say("the cards set aside")


def pile_text(pile: PileId) -> str:
    """A pile in words for events (seats as placeholders): "{s0}'s reserve", "house 4"."""
    kind, _sep, rest = pile.partition(".")
    if kind == "house":
        return say("house {n}", n=rest)
    if kind == "found":
        return say("foundation {n}", n=rest)
    if kind == "reserve":
        return say("{who}'s reserve", who=who(int(rest)))
    if kind == "card":
        return say("{who}'s hand card", who=who(int(rest)))
    if kind == "waste":
        return say("{who}'s waste", who=who(int(rest)))
    if kind == "hand":
        return say("{who}'s hand", who=who(int(rest)))
    return say("the cards set aside")


# --- options -------------------------------------------------------------------------------

AUTO, BLOCK = "auto", "block"


@dataclass(frozen=True, kw_only=True, slots=True)
class RussianBankOptions(GameOptions):
    loading: bool = option(
        True,
        label=N_("Loading"),
        help=N_("you may put cards on the opponent's reserve or waste: same suit, one rank away"),
    )
    compulsory_foundation: bool = option(
        False,
        label=N_("Compulsory foundation plays (Stop)"),
        help=N_("a card that can go to a foundation must go there first"),
    )
    stop_mode: str = option(
        AUTO,
        label=N_("Stop mode"),
        help=N_(
            "auto: a missed foundation play ends your turn and the opponent places one card; "
            "block: training, the move is refused"
        ),
        choices=(AUTO, BLOCK),
    )
    score_margin: bool = option(
        False,
        label=N_("Score the margin"),
        help=N_("the winner scores 30 + 2 per card in the loser's reserve + 1 per other card"),
    )


# --- moves ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play(Move):
    """Move ``card`` (the top of ``source``) onto ``target``."""

    card: Card
    source: PileId
    target: PileId

    def label(self) -> str:
        return say(
            "{card}: {source} → {target}",
            card=self.card,
            source=place(self.source, self.seat),
            target=place(self.target, self.seat),
        )

    def notation(self) -> str:
        return f"play {self.card} {CODES[self.source]} {CODES[self.target]}"

    def gesture(self) -> Gesture:
        return Gesture(self.source, self.card, self.target)


class Discard(Move, says=N_("discard the hand card (end the turn)"), written="discard"):
    """Put the hand card on one's own waste: the turn ends."""

    def gesture(self) -> Gesture:
        return Gesture(_CARD[self.seat], None, _WASTE[self.seat])


class EndTurn(Move, says=N_("end the turn"), written="end turn"):
    """End the turn when there is no hand card (hand and waste empty)."""


@dataclass(frozen=True, slots=True)
class StopPlace(Move):
    """The Stop caller puts one of the missed cards on a foundation."""

    card: Card
    source: PileId
    target: PileId

    def label(self) -> str:
        return say(
            "Stop: {card} from {source} to {target}",
            card=self.card,
            source=pile_text(self.source),
            target=place(self.target, self.seat),
        )

    def notation(self) -> str:
        return f"stop {self.card} {CODES[self.source]} {CODES[self.target]}"

    def gesture(self) -> Gesture:
        return Gesture(self.source, self.card, self.target)


RussianBankMove = Play | Discard | EndTurn | StopPlace

# --- events --------------------------------------------------------------------------------


class Dealt(Event):
    first: Seat
    why: str  # engine text: how the first player was chosen

    says = N_("Both reserves and the eight houses are dealt; {first} starts: {why}")


class HandTurned(Event):
    """The top card of a hand is turned up as the hand card."""

    seat: Seat
    card: Card

    says = N_("{seat} turns up {card} as the hand card")

    def moved(self) -> tuple[PileId, ...]:
        return (_HAND[self.seat], _CARD[self.seat])


class WasteTurned(Event):
    """The waste is turned over as a new hand."""

    seat: Seat
    count: int

    says_n = N_n(
        "{seat} turns their waste over as a new hand ({count} card)",
        "{seat} turns their waste over as a new hand ({count} cards)",
    )
    counts = "count"

    def moved(self) -> tuple[PileId, ...]:
        return (_WASTE[self.seat], _HAND[self.seat])


class CardPlaced(Event):
    """``seat`` moves ``card`` from the pile ``source`` to the pile ``target`` (its words name
    both piles)."""

    seat: Seat
    card: Card
    source: PileId = words(pile_text)
    target: PileId = words(pile_text)

    def moved(self) -> tuple[PileId, ...]:
        return (self.source, self.target)


class Played(CardPlaced):
    def text(self) -> str:
        if self.target.partition(".")[0] in ("reserve", "waste"):
            return said(N_("{seat} loads {card} from {source} onto {target}"), self)
        return said(N_("{seat} plays {card} from {source} to {target}"), self)


class ReserveTurned(Event):
    seat: Seat
    card: Card

    says = N_("{seat}'s next reserve card is {card}")


class Discarded(Event):
    seat: Seat
    card: Card
    capped: bool = False

    def text(self) -> str:
        if self.capped:
            return say(
                "{who} has made {n} moves: {card} goes to the waste by itself",
                who=who(self.seat),
                n=TURN_MOVE_CAP,
                card=self.card,
            )
        return say("{who} puts {card} on their waste", who=who(self.seat), card=self.card)

    def moved(self) -> tuple[PileId, ...]:
        return (_CARD[self.seat], _WASTE[self.seat])


class TurnEnded(Event):
    seat: Seat
    capped: bool = False

    def text(self) -> str:
        if self.capped:
            return say(
                "{who} has made {n} moves: the turn ends", who=who(self.seat), n=TURN_MOVE_CAP
            )
        return say("{who} has no hand card and ends the turn", who=who(self.seat))


class StopCalled(Event):
    """«Стоп!»: the violator missed a foundation play; the caller will place one card."""

    seat: Seat  # the caller
    violator: Seat
    missed: tuple[Card, ...]  # the cards that could have gone up (all face up)

    def text(self) -> str:
        return say(
            "Stop! {violator} missed a foundation play ({cards} could have gone up): {who} places one of them",
            violator=who(self.violator),
            cards=join_words(str(c) for c in self.missed),
            who=who(self.seat),
        )


class StopPlaced(CardPlaced):
    """The caller of a Stop (``seat``) places one of the cards missed."""

    says = N_("{seat} calls Stop and puts {card} from {source} on {target}")


class Won(SeatEvent):
    says = N_("{seat} has no cards left in reserve, hand and waste, and wins")


class Drawn(Event):
    turns: int
    limit: bool = False  # the backstop, not the no-progress rule

    def text(self) -> str:
        if self.limit:
            return say("{n} turns played: the game is a draw", n=self.turns)
        return say("{n} turns without progress: the game is a draw", n=NO_PROGRESS_TURNS)


# --- state ---------------------------------------------------------------------------------


class Phase(enum.IntEnum):
    """Where a game stands."""

    PLAY = 0
    STOP = 1  # Stop was called: the caller puts one of the missed cards up (§8)
    OVER = 2


PLAY, STOP, OVER = Phase.PLAY, Phase.STOP, Phase.OVER

# Outcome.ending tags
WIN = "emptied"
NO_PROGRESS = "no-progress"
TURN_LIMIT = "safety:turn-limit"

T = TypeVar("T", Table, SeenTable)


class RussianBankState(NamedTuple, Generic[T]):
    """Everything about a game of Russian Bank.  Only the table holds hidden cards; every
    other field is public."""

    table: T
    seed: int | None
    events: tuple[Event, ...]
    options: RussianBankOptions
    seats: int
    phase: Phase
    turn: Seat  # the seat to move (in STOP: the caller)
    first: Seat  # who started
    moves: int  # moves made in this turn
    turns: int  # turns ended
    mark: int  # turns count at which the last progress made the draw count start again
    best: int  # the all-game minimum of cards in reserves, hands, hand cards and wastes
    violator: Seat | None  # who missed a foundation play (the latest Stop), else None
    missed: tuple[Card, ...]  # the cards he could have played up (public)
    placed: Card | None  # the card the caller put up for that Stop
    winner: Seat | None  # None: a draw, or still playing
    ending: str  # the Outcome.ending tag once over

    @property
    def over(self) -> bool:
        return self.phase == OVER


FullRussianBank = RussianBankState[Table]
SeenRussianBank = RussianBankState[SeenTable]
