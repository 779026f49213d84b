"""Nerts (Pounce, Racing Demon) — a race to empty one's 13-pile onto shared foundations.

This module holds the game's vocabulary: its piles, options, moves, events and state.  The
rules are in ``engine.py`` and the look of the table in ``present.py``.

Rules: ``shared/rules/nerts.md`` (the untitled sixth game of seed 004, which is Nerts with the
seed's penalty of 1 per card left and a single deal kept as defaults).

2 to 6 players, each with his own 52-card deck (its cards carry the owner's seat as their
``back``).  Each deals himself a 13-pile (top card face up), a row of four face-up work piles
and a 35-card stock he turns three at a time onto a waste.  Aces go to shared foundations in
the centre, built up in suit by anyone; rows build down in alternating colours.  The deal ends
the moment someone empties his 13-pile (or in a deadlock); each scores his cards in the centre
minus his cards left in the 13-pile.  By default everyone plays at once against the match's
clock (``mode=realtime``); ``mode=turns`` is a turn-based serialization.

Decisions taken where the spec is silent or leaves room:

* **Moves name their source pile**: ``Play(seat, card, source, target)``.  Every card of a
  player is unique (its back is his seat), so the source is redundant but makes notation and
  gestures exact.  ``target`` is ``CENTRE`` for an Ace (a new foundation: the engine puts it in
  the first empty foundation place, so two Aces sent at once never collide), a foundation
  ``found.k`` for a build, or one of the player's own row piles ``row.s.j``.  An Ace sent to a
  named foundation place is refused (``WrongFoundation``: Aces go to the centre as a new
  foundation), so each action has exactly one move.
* **Foundations** are the public piles ``found.0`` … ``found.(4·players−1)``, filled in order
  of arrival; a completed foundation (to the King) stays where it is.
* **The waste** shows only its top card (§9): it is a ``TOP`` pile; the stock is ``HIDDEN``.
  Both belong to their player (``PileSpec.owner``), and :meth:`Nerts.determinize` deals a
  player's hidden cards only among his own hidden places (cards never change owner).
* **Refusal order**: ``GameOver``, ``WrongMode``, ``NotStarted``, ``NotYourTurn``, then the
  move's own rule (``NotAvailable``, ``NotOwnRow``, ``AceToCentre``, ``BadBuild``,
  ``WrongFoundation``, ``NothingToFlip``, ``CannotPass``, ``AlreadyStuck``) and last
  ``AceFirst`` (so an Ace sent to a row is told the more precise ``AceToCentre``).
* A row tail may move to an empty slot even when it is the whole pile (legal, pointless); a
  tail cannot move onto its own pile (``BadBuild``).
* **Time**: ``advance`` *appends* the events of the timed events it performs to the state's
  events (so advancing in two steps equals advancing once, events included); an action's
  state holds the events of the timed events performed on the way to its time, then its own.
  Turn-based states have no clock (``clock`` stays 0, ``next_due`` is None).
* In turn-based mode with ``auto_aces``, a player's Aces showing at the deal move at the start
  of his first turn; the engine checks at the start of every turn, which is the same thing, as
  only a player's own actions can expose his cards.
* **Next deal** (``target_score``): dealt at once when a deal ends, as the spec says.  In real
  time the view shows the finished deal's summary until the next start signal; in turn-based
  mode the next deal is in play at once and the previous deal's scores are in the info lines.
* **Safety stops**: a deal ends as ``safety:step-limit`` after ``MAX_STEPS`` actions without
  an end (never reached by the bots), and a ``target_score`` match ends as
  ``safety:deal-limit`` after ``MAX_DEALS`` deals (scores may stay below the target forever
  if players keep ending deadlocked with full 13-piles).
* ``strict_alternation`` is a turn-based option: with ``mode=realtime`` it is refused.
* The §8 ``bot_speed`` setting belongs to the runner, not to the engine's options: the engine
  reports each level's delays with ``reaction_ms(level)``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Generic, NamedTuple, TypeVar

from cardsuite.core.building import Building, Direction, Suiting
from cardsuite.core.cards import ACE, Card
from cardsuite.core.events import Event, SeatEvent
from cardsuite.core.i18n import N_
from cardsuite.core.moves import Gesture, Move, Pass
from cardsuite.core.options import GameOptions, option
from cardsuite.core.outcome import POINTS, Outcome
from cardsuite.core.series import DealResult, Series
from cardsuite.core.table import PileId, Seat, SeenTable, Table, pile_names
from cardsuite.core.text import said, say, seats_text, words
from cardsuite.core.text import seat as who

MAX_SEATS = 6
NERTS_SIZE = 13
ROW_SLOTS = 4

# How cards are built (nerts.md §3): a player's rows down in alternating colours (any card on
# an empty row), the shared foundations up by suit from an Ace.
ROW = Building("row", direction=Direction.DOWN, suiting=Suiting.ALTERNATE_COLOUR)
FOUNDATION = Building("foundation", direction=Direction.UP, suiting=Suiting.SAME_SUIT, base=ACE)
# The most cards a pile can hold in a deal (the table keeps room for them): a row builds down
# from a King to a 2 (Aces never go there), a foundation up from the Ace to the King, and the
# stock and the waste share what the deal leaves of a deck.
ROW_MOST = 12
FOUNDATION_SIZE = 13
STOCK_SIZE = 52 - NERTS_SIZE - ROW_SLOTS

# Times (ms), §6.4.
START_DELAY = 3000  # from the deal (or the end of the previous deal) to the start signal
TIMEOUT = 60_000  # the no-progress timeout

MAX_STEPS = 20_000  # safety stop: actions in one deal
MAX_DEALS = 100  # safety stop: deals in a target_score match

# Bot decision delays per level (§6.4), ms.
REACTION_MS: dict[str, tuple[int, int]] = {
    "easy": (1800, 2600),
    "normal": (1000, 1600),
    "hard": (500, 900),
}

# --- piles ---------------------------------------------------------------------------------

nerts = pile_names("nerts")  # nerts(s): the 13-pile, top card face up
waste = pile_names("waste")  # waste(s): face up, only the top is known
stock = pile_names("stock")  # stock(s): face down
found = pile_names("found", 4 * MAX_SEATS)  # found(k): the k-th foundation in the centre
CENTRE = "centre"  # the target of an Ace: a new foundation
_ROWS = tuple(tuple(f"row.{s}.{j}" for j in range(ROW_SLOTS)) for s in range(MAX_SEATS))


def row(s: Seat, j: int) -> PileId:
    """Seat s's row pile j (0 to 3)."""
    return _ROWS[s][j]


def rows(s: Seat) -> tuple[PileId, ...]:
    return _ROWS[s]


# --- options -------------------------------------------------------------------------------

REALTIME, TURNS = "realtime", "turns"


@dataclass(frozen=True, kw_only=True, slots=True)
class NertsOptions(GameOptions):
    mode: str = option(
        REALTIME,
        label=N_("Mode"),
        help=N_("realtime: everyone plays at once against the clock; turns: one at a time"),
        choices=(REALTIME, TURNS),
    )
    pile_penalty: int = option(
        1,
        label=N_("13-pile penalty"),
        help=N_("points lost per card left in the 13-pile (2: classic Nerts)"),
        choices=(1, 2),
    )
    target_score: int = option(
        0,
        label=N_("Target score"),
        help=N_("0: one deal; else deal again until someone's total reaches it (e.g. 100)"),
        minimum=0,
        maximum=1000,
    )
    flip_count: int = option(
        3,
        label=N_("Cards per flip"),
        help=N_("cards turned from the stock at a time (1: the easier variant)"),
        choices=(3, 1),
    )
    auto_aces: bool = option(
        True,
        label=N_("Automatic Aces"),
        help=N_("Aces go to the centre by themselves (off: you must play them first)"),
    )
    strict_alternation: bool = option(
        False,
        label=N_("One action per turn"),
        help=N_("turn-based mode only: a turn is exactly one play, flip or pass"),
    )


# --- moves ---------------------------------------------------------------------------------


def _place(pile: PileId) -> str:
    """A pile in words, for labels: "your 13-pile", "row 3", "foundation 2", "the centre"."""
    if pile == CENTRE:
        return say("the centre")
    kind, _sep, rest = pile.partition(".")
    if kind == "row":
        return say("row {n}", n=int(rest.rpartition(".")[2]) + 1)
    if kind == "found":
        return say("foundation {n}", n=int(rest) + 1)
    if kind == "nerts":
        return say("the 13-pile")
    if kind == "waste":
        return say("the waste")
    return say("the stock")


@dataclass(frozen=True, slots=True)
class Play(Move):
    """Move ``card`` (with the cards on it, from a row) from ``source`` to ``target``."""

    card: Card
    source: PileId
    target: PileId

    written = "play {card} {source} {target}"

    def label(self) -> str:
        return say(
            "{card} from {source} to {target}",
            card=self.card,
            source=_place(self.source),
            target=_place(self.target),
        )

    def gesture(self) -> Gesture:
        # from a row the card carries whatever lies on it
        return Gesture(self.source, self.card, self.target, count=None)


class Flip(Move, says=N_("flip"), written="flip"):
    """Turn the next cards of the stock onto the waste (recycling the waste when it is out)."""

    def gesture(self) -> Gesture:
        return Gesture(stock(self.seat))


class Stuck(Move, says=N_("stuck"), written="stuck"):
    """Real-time: say you are stuck (§6.6)."""


# Pass (core.moves), turn-based only: end the turn with stock and waste both empty.
NertsMove = Play | Flip | Pass | Stuck

# --- events --------------------------------------------------------------------------------


class Dealt(Event):
    number: int  # 1-based deal number
    first: Seat  # the player chosen by lot (or the next one in later deals)

    says = N_("Deal {number}: everyone deals their own cards; {first} starts")


class StartSignal(Event):
    at: int

    says = N_("Go! Play is open")


class ToCentre(Event):
    """A card reaches a foundation (``auto``: an Ace moved by the engine)."""

    seat: Seat
    card: Card
    source: PileId
    pile: PileId
    auto: bool = False

    def text(self) -> str:
        if self.auto:
            return said(N_("{seat}'s {card} goes to the centre by itself"), self)
        return said(N_("{seat} plays {card} to the centre"), self)

    def moved(self) -> tuple[PileId, ...]:
        return (self.source, self.pile)


class ToRow(Event):
    seat: Seat
    card: Card
    count: int  # cards moved (a tail)
    source: PileId
    pile: PileId = words(_place)

    def text(self) -> str:
        if self.count > 1:
            return said(N_("{seat} moves {card} and the cards on it to {pile}"), self)
        return said(N_("{seat} moves {card} to {pile}"), self)

    def moved(self) -> tuple[PileId, ...]:
        return (self.source, self.pile)


class NertsTurned(Event):
    """The next card of a 13-pile is turned face up."""

    seat: Seat
    card: Card

    says = N_("{seat} turns up {card} on their 13-pile")


class Flipped(Event):
    seat: Seat
    count: int
    top: Card  # the new waste top (public)

    says = N_("{seat} flips {count} and shows {top}")

    def moved(self) -> tuple[PileId, ...]:
        return (stock(self.seat), waste(self.seat))


class Recycled(SeatEvent):
    says = N_("{seat} turns their waste over as a new stock")


class Passed(SeatEvent):
    says = N_("{seat} has nothing to flip and passes")


class BecameStuck(SeatEvent):
    says = N_("{seat} is stuck")


class TimedOut(Event):
    says = N_("A minute without progress: everyone counts as stuck")


class Remedied(Event):
    says = N_(
        "Everyone is stuck: each player puts the waste back on the stock and moves the top stock card to the bottom"
    )


class WentOut(SeatEvent):
    """«Аут»: the player has emptied his 13-pile."""

    says = N_("{seat} has emptied the 13-pile: out!")


class Deadlocked(Event):
    says = N_("Everyone is stuck again: the deal ends as it stands")


class StepLimit(Event):
    says = N_("The deal has gone on too long and is stopped as it stands")


class DealScored(Event):
    number: int
    scores: tuple[int, ...]

    def text(self) -> str:
        parts = ", ".join(f"{who(s)} {score:+d}" for s, score in enumerate(self.scores))
        return say("Deal {n} scores: {scores}", n=self.number, scores=parts)


# --- state ---------------------------------------------------------------------------------


class Phase(enum.IntEnum):
    """Where a game stands."""

    WAITING = 0  # dealt, the start signal not given yet (real time only)
    PLAY = 1
    OVER = 2


WAITING, PLAY, OVER = Phase.WAITING, Phase.PLAY, Phase.OVER

# How a deal ended (DealResult.ending, Outcome.ending).
OUT = "out"
DEADLOCK = "deadlock"
TARGET = "target-score"
STEP_LIMIT = "safety:step-limit"
DEAL_LIMIT = "safety:deal-limit"


def next_signal(start_at: int | None, timeout_at: int | None) -> int | None:
    """When the next timed event of real time falls due: the start signal or the no-progress
    timeout, whichever is pending and earlier (the start signal on a tie); None for neither."""
    if start_at is None:
        return timeout_at
    if timeout_at is None or start_at <= timeout_at:
        return start_at
    return timeout_at


T = TypeVar("T", Table, SeenTable)


class NertsState(NamedTuple, Generic[T]):
    """Everything about a game of Nerts.  Only the table holds hidden cards; every other field
    is public."""

    table: T  # nerts(s), row(s, j), waste(s), stock(s) per seat; found(k) in the centre
    seed: int | None
    events: tuple[Event, ...]
    options: NertsOptions
    seats: int
    series: Series  # deal number, the first player (``dealer``), finished deals
    clock: int  # ms since the game was created, as of the latest step (0 in turn mode)
    start_at: int | None  # the pending start signal (real time), else None
    timeout_at: int | None  # the pending no-progress timeout (real time, in play), else None
    phase: Phase
    turn: Seat | None  # turn-based: the player on turn; None in real time and at the end
    progress: int  # progress events this deal (§6.6)
    marks: tuple[int, ...]  # each player's mark (§6.6)
    stuck: tuple[bool, ...]  # each player's stuck flag
    remedied: bool  # a remedy was made since the latest progress
    steps: int  # actions in this deal (for the safety stop)
    out: Seat | None  # who emptied his 13-pile in the latest deal, else None
    # Derived from the foundations, kept for speed: per card face (rank and suit, ``Card.index``
    # modulo 53), the foundations whose next card it is.
    wanted: tuple[tuple[PileId, ...], ...]

    @property
    def over(self) -> bool:
        return self.phase == OVER


FullNerts = NertsState[Table]
SeenNerts = NertsState[SeenTable]


def deal_scores(table: Table | SeenTable, seats: int, penalty: int) -> tuple[int, ...]:
    """Each player's cards in the centre minus ``penalty`` per card left in his 13-pile
    (nerts.md §7): a foundation card counts for the player whose deck it is from."""
    centre = [0] * seats
    for k in range(4 * seats):
        for card in table.faces(found(k)):
            centre[card.back] += 1  # type: ignore[union-attr]
    return tuple(centre[s] - penalty * table.count(nerts(s)) for s in range(seats))


# --- the end of a deal and of the match (shared by the engine and its kernel) ------------------


def close_deal(
    series: Series,
    scores: tuple[int, ...],
    ending: str,
    out: Seat | None,
    options: NertsOptions,
    seats: int,
) -> tuple[Series, bool]:
    """The series once the deal in play has ended (``ending``, ``out``: who went out) with
    ``scores``, and whether that ends the match: a single deal, a total at the target, the
    deal limit or a safety stop (nerts.md §7).  The next deal is not begun here."""
    if ending == OUT:
        assert out is not None, "a deal ends out when someone went out"
        note = say("{who} emptied the 13-pile", who=who(out))
    elif ending == DEADLOCK:
        note = say("Everyone was stuck: the deal was scored as it stood")
    else:
        note = say("The deal was stopped as it stood")
    result = DealResult(series.dealer, scores, note, ending)
    totals = [t + s for t, s in zip(series.totals(seats), scores, strict=True)]
    target = options.target_score
    over = (
        target == 0
        or max(totals) >= target
        or series.number + 1 >= MAX_DEALS
        or ending.startswith("safety:")
    )
    return series.ended(result, match_over=over), over


def match_outcome(series: Series, options: NertsOptions, seats: int) -> Outcome:
    """The outcome of a finished match: the deal's scores for a single deal, else the totals
    (the target reached, or the match stopped)."""
    last = series.results[-1]
    if options.target_score == 0:
        return Outcome.from_scores(last.scores, last.note, ending=last.ending, measure=POINTS)
    totals = series.totals(seats)
    if last.ending.startswith("safety:"):
        ending = last.ending
    elif max(totals) >= options.target_score:
        ending = TARGET
    else:
        ending = DEAL_LIMIT
    best = max(totals)
    leaders = [s for s in range(seats) if totals[s] == best]
    if ending == TARGET:
        reason = say("{who} reached the target with {n} points", who=seats_text(leaders), n=best)
    else:
        reason = say("The match was stopped after {n} deals", n=len(series.results))
    return Outcome.from_scores(totals, reason, ending=ending, measure=POINTS)
