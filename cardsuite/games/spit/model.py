"""Spit (Спит) — a two-player race: empty your row onto the centre piles before your opponent.

This module holds the game's vocabulary: its piles, options, moves, events and state.  The
rules are in ``engine.py`` and the look of the table in ``present.py``.

Rules: ``shared/rules/spit.md`` (the last game of seed 004, called by its cry «спит»).

Two players split one pack, 26 cards each.  Each lays out a **row** of 3 slots (4, 3 and 2
cards, only the top card face up; option ``layout=classic``: the usual five slots of 1 to 5
cards) and keeps the rest face down as his **spit stack**.  On «Spit!» both turn the top card
of their stack onto their own centre pile; then both play at once, one card at a time, the top
card of any of their slots onto either centre pile if it is one rank above or below that
pile's top (Ace and King next to each other with ``wrap``).  A slot whose top card goes is
turned up; an empty slot is refilled from the tallest slot.  When neither player can (or
wants to) play, both spit again; a player whose stack is empty first turns his own centre pile
over as his new stack.  The first to empty his row wins.

By default the game runs in **real time**: actions carry the runner's clock reading and a spit
falls due ``spit_delay`` ms after both players became ready (stuck, or asking for it); the
engine never reads a clock (``advance``, ``next_due``, ``apply_at`` of the protocol).  Option
``mode=turns`` plays it in alternate moves instead (a PLAY or a PASS; two passes in a row
spit at once).

Decisions taken where the spec is silent or leaves room:

* **The deal.**  The dealer is drawn from the seed.  The shuffled pack is dealt alternately,
  the non-dealer first; a player's packet c1…c26 is the order he received his cards in
  (c1 the first).  The shuffle is uniform, so this only fixes the bookkeeping.
* **Slots show exactly their top card.**  Cards only ever leave a slot from the top, are never
  played onto a slot, and a slot's new top card is turned up at once, so every slot is "face
  down cards under one face-up card": its pile is declared ``TOP`` (top card public, the rest
  hidden from both players).  A position built from text follows the same rule: a slot's
  last card is its face-up card.
* **Spit stacks are hidden from both players**, their own owner included (§9), also after a
  recycle, although the recycled centre pile was seen: the stack is face down and its order
  is not tracked for anybody.  Centre piles are public (every card of them was seen).
* **Events of a step.**  ``events`` holds what the latest step did: an action (with its
  follow-ups) or a timed spit.  ``advance`` over several spits keeps the events of the last
  one only (the runner advances to every ``next_due`` in turn, so it sees each); an
  ``advance`` that performs nothing keeps the events as they are.  This keeps ``advance``
  composable: advancing in two steps gives exactly the state of advancing once.
* **advance before the clock** (``now`` earlier than the state's ``clock``) is a ValueError:
  the runner's clock never goes back; an *action* stamped too early is the spec's
  ``StaleTime`` refusal (core's ``apply_at``).
* **Refusal codes**: ``EmptySlot``, ``NotAdjacent`` (also onto an empty centre pile),
  ``AlreadyRequested``, ``NoRequest``, ``NoManualFill``, ``SlotNotEmpty``, ``SourceTooShort``,
  ``WrongMode``, ``NotYourMove`` (turn mode), core's ``GameOver`` and ``StaleTime``; a slot or
  centre pile number that does not exist (a hand-made move) is core's ``NotAMove``.  Checks
  run in that order of generality: game over, mode, turn, then the move's own rule.
* **Turn mode and FILL**: a FILL is not a move (it does not end the turn, §6.7) and does not
  break a run of passes: P1 passes, P2 fills then passes — that is two passes, a spit.
* **The stall rule** (§7, 50 spits without a card played from a row) is a rule of the game,
  tagged ``stall`` in the outcome; a win is tagged ``out``.  Neither is a safety stop.  The
  opening spit counts, also in turn mode where it is part of the deal.
* **Both piles empty at a spit** (a spit stack and the centre pile it would recycle; only
  reachable in a position built by hand): that player spits nothing.
* **spit_delay in turn mode** is ignored (there is no clock), not refused: the lobby may keep
  a value while the mode changes.  It must lie between 100 and 60 000 ms.
* The score of each seat in the outcome is the number of cards left in his row.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, TypeVar

from cardsuite.core.cards import ACE, KING, Card
from cardsuite.core.events import Event, SeatEvent
from cardsuite.core.i18n import N_, N_n
from cardsuite.core.moves import Gesture, Move, Pass
from cardsuite.core.options import GameOptions, option
from cardsuite.core.outcome import Better, Measure
from cardsuite.core.table import Layout, PileId, PileSpec, Seat, SeenTable, Table, Visibility
from cardsuite.core.text import said, say, words

# What the scores count (Outcome.measure): cards left in the row, the fewest best.
CARDS_LEFT = Measure(
    N_("cards left in the row"), N_n("{n} card left", "{n} cards left"), Better.FEWER
)

SEATS = 2
STALL_SPITS = 50  # spits in a row without a card played from a row end the game (§7)

# --- piles ---------------------------------------------------------------------------------

MAX_SLOTS = 5
# slot(s, k): seat s's slot k (0-based); cards bottom first, only the top one face up.
_SLOT_NAMES = tuple(tuple(f"slot.{s}.{k}" for k in range(MAX_SLOTS)) for s in range(SEATS))
CENTRE = ("centre.0", "centre.1")  # C1 (P1's, seat 0) and C2 (P2's, seat 1); public
STACK = ("stack.0", "stack.1")  # each seat's face-down spit stack; top = the end


def slot(s: Seat, k: int) -> PileId:
    return _SLOT_NAMES[s][k]


def slots(s: Seat, count: int) -> tuple[PileId, ...]:
    return _SLOT_NAMES[s][:count]


# --- options -------------------------------------------------------------------------------

REALTIME, TURNS = "realtime", "turns"
SEED_LAYOUT, CLASSIC_LAYOUT = "seed", "classic"


@dataclass(frozen=True, kw_only=True, slots=True)
class SpitOptions(GameOptions):
    wrap: bool = option(
        True,
        label=N_("Ace next to King"),
        help=N_("Ace and King count as next to each other (off: the Ace is low only)"),
    )
    layout: str = option(
        SEED_LAYOUT,
        label=N_("Row"),
        help=N_("seed: three slots of 4, 3 and 2 cards; classic: five slots of 1 to 5 cards"),
        choices=(SEED_LAYOUT, CLASSIC_LAYOUT),
    )
    manual_fill: bool = option(
        False,
        label=N_("Fill by hand"),
        help=N_("empty slots are refilled by the player's own move instead of automatically"),
    )
    mode: str = option(
        REALTIME,
        label=N_("Mode"),
        help=N_("realtime: both play at once against the clock; turns: alternate moves"),
        choices=(REALTIME, TURNS),
    )
    spit_delay: int = option(
        800,
        label=N_("Spit countdown (ms)"),
        help=N_("real time only: how long both players must be ready before a spit"),
        minimum=100,
        maximum=60_000,
    )

    @property
    def slot_count(self) -> int:
        return 5 if self.layout == CLASSIC_LAYOUT else 3

    @property
    def realtime(self) -> bool:
        return self.mode == REALTIME


# --- moves ---------------------------------------------------------------------------------


def centre_name(pile: int) -> str:
    """A centre pile as the spec names it: C1 (the first player's) or C2."""
    return f"C{pile + 1}"


@dataclass(frozen=True, slots=True)
class Play(Move):
    """Play the top card of one of your slots onto a centre pile (0 = C1, 1 = C2)."""

    slot: int
    pile: int

    def label(self) -> str:
        return say("play slot {n} onto {pile}", n=self.slot + 1, pile=centre_name(self.pile))

    def notation(self) -> str:
        return f"play s{self.slot + 1} c{self.pile + 1}"

    def gesture(self) -> Gesture:
        return Gesture(slot(self.seat, self.slot), None, CENTRE[self.pile])


@dataclass(frozen=True, slots=True)
class Fill(Move):
    """Option ``manual_fill``: move the top card of slot ``source`` into the empty ``target``."""

    source: int
    target: int

    def label(self) -> str:
        return say("move slot {a} into empty slot {b}", a=self.source + 1, b=self.target + 1)

    def notation(self) -> str:
        return f"fill s{self.source + 1} s{self.target + 1}"

    def gesture(self) -> Gesture:
        return Gesture(slot(self.seat, self.source), None, slot(self.seat, self.target))


class SpitRequest(Move, says=N_("ready to spit"), written="spit"):
    """Real time: declare yourself ready to spit."""


class SpitCancel(Move, says=N_("cancel the spit request"), written="cancel"):
    """Real time: withdraw your request to spit."""


# Pass (core.moves), turn mode only: pass the move (two passes in a row make a spit).
SpitMove = Play | Fill | SpitRequest | SpitCancel | Pass

# --- events --------------------------------------------------------------------------------


def slot_number(index: int) -> int:
    """A slot as the players count them, from 1 at the left (its index counts from 0)."""
    return index + 1


class Dealt(Event):
    seat: Seat  # the dealer
    row: int  # cards in each row
    stack: int  # cards in each spit stack

    says = N_("{seat} deals 26 cards each: a row of {row} cards and a spit stack of {stack}")

    def moved(self) -> tuple[PileId, ...]:
        return STACK


class Spat(Event):
    """``seat`` turns the top card of his spit stack onto his own centre pile."""

    seat: Seat
    card: Card

    says = N_("Spit! {seat} turns up {card} on {pile}")

    @property
    def pile(self) -> str:
        return centre_name(self.seat)

    def moved(self) -> tuple[PileId, ...]:
        return (STACK[self.seat], CENTRE[self.seat])


class Recycled(Event):
    """``seat``'s spit stack was empty: his centre pile becomes his new stack, unshuffled."""

    seat: Seat
    count: int

    says_n = N_n(
        "{seat} turns his centre pile over as a new spit stack ({count} card)",
        "{seat} turns his centre pile over as a new spit stack ({count} cards)",
    )
    counts = "count"

    def moved(self) -> tuple[PileId, ...]:
        return (STACK[self.seat], CENTRE[self.seat])


class Played(Event):
    seat: Seat
    card: Card
    slot: int = words(slot_number)
    pile: int = words(centre_name)

    says = N_("{seat} plays {card} from slot {slot} onto {pile}")

    def moved(self) -> tuple[PileId, ...]:
        return (slot(self.seat, self.slot), CENTRE[self.pile])


class Flipped(Event):
    """A slot's new top card is turned face up."""

    seat: Seat
    card: Card
    slot: int = words(slot_number)

    says = N_("{seat} turns up {card} in slot {slot}")

    def moved(self) -> tuple[PileId, ...]:
        return (slot(self.seat, self.slot),)


class Filled(Event):
    """The top card of a slot is moved into an empty slot (by hand, or automatically)."""

    seat: Seat
    card: Card
    source: int = words(slot_number)
    target: int = words(slot_number)

    says = N_("{seat} moves {card} from slot {source} into the empty slot {target}")

    def moved(self) -> tuple[PileId, ...]:
        return (slot(self.seat, self.source), slot(self.seat, self.target))


class Requested(SeatEvent):
    says = N_("{seat} is ready to spit")


class Cancelled(SeatEvent):
    says = N_("{seat} withdraws the request to spit")


class WentOut(SeatEvent):
    """``seat`` has emptied his row: «Аут!», he wins."""

    says = N_("{seat} has played the whole row and calls «Out!»: a win")


class Stalled(Event):
    """The stall rule: ``STALL_SPITS`` spits without a card played from a row."""

    spits: int
    winner: Seat | None  # None: a draw

    def text(self) -> str:
        if self.winner is None:
            return said(
                N_("{spits} spits without a card played from a row: the game ends in a draw"), self
            )
        return said(
            N_(
                "{spits} spits without a card played from a row: {winner}, with fewer cards left in "
                "the row, wins"
            ),
            self,
        )


# --- state ---------------------------------------------------------------------------------

OUT, STALL = "out", "stall"  # the end rules (Outcome.ending)

T = TypeVar("T", Table, SeenTable)


class SpitState(NamedTuple, Generic[T]):
    """Everything about a game of Spit.  Only the table holds hidden cards."""

    table: T  # slot(s, k), CENTRE[p], STACK[s]
    seed: int | None
    events: tuple[Event, ...]
    options: SpitOptions
    seats: int
    clock: int  # real time: ms since the deal of the latest step applied (0 in turn mode)
    spit_due: int | None  # real time: when the pending spit falls due, or None
    requests: tuple[bool, bool]  # real time: pending spit requests per seat
    turn: Seat | None  # turn mode: whose move it is; None in real time and at the end
    passes: int  # turn mode: passes in a row (0 or 1; the second spits at once)
    opener: Seat | None  # turn mode: who moved first after the latest spit (None in real time)
    dealer: Seat
    spits: int  # spits since a card was last played from a row to a centre pile
    winner: Seat | None  # the winner at the end (None: none yet, or a draw)
    ending: str  # "" while the game runs, then OUT or STALL

    @property
    def over(self) -> bool:
        return self.ending != ""


FullSpit = SpitState[Table]
SeenSpit = SpitState[SeenTable]


# --- the table's shape, and what follows from it (for the rules and the view alike) -------


def adjacent_ranks(wrap: bool) -> tuple[frozenset[int], ...]:
    """``adjacent_ranks(wrap)[r]``: the ranks that may be played on a card of rank ``r``."""
    out: list[frozenset[int]] = [frozenset()]
    for r in range(ACE, KING + 1):
        near = {r - 1, r + 1} & set(range(ACE, KING + 1))
        if wrap and r == ACE:
            near.add(KING)
        if wrap and r == KING:
            near.add(ACE)
        out.append(frozenset(near))
    return tuple(out)


ADJACENT = {True: adjacent_ranks(True), False: adjacent_ranks(False)}
NOTHING: frozenset[int] = frozenset()


class Shape:
    """The piles of a table with ``count`` slots a row, and their positions (resolved once
    per layout, for the hot paths)."""

    __slots__ = ("centres", "count", "layout", "rows", "stacks")

    def __init__(self, count: int) -> None:
        specs = [PileSpec(CENTRE[p]) for p in range(SEATS)]
        specs += [PileSpec(STACK[s], s, Visibility.HIDDEN) for s in range(SEATS)]
        for s in range(SEATS):
            specs += [PileSpec(name, s, Visibility.TOP) for name in slots(s, count)]
        self.layout = Layout(specs)
        pos = self.layout.positions
        self.count = count
        self.centres = (pos[CENTRE[0]], pos[CENTRE[1]])
        self.stacks = (pos[STACK[0]], pos[STACK[1]])
        self.rows = tuple(tuple(pos[name] for name in slots(s, count)) for s in range(SEATS))


SHAPES = {3: Shape(3), 5: Shape(5)}


def stuck(piles: Sequence[tuple[Any, ...]], shape: Shape, seat: Seat, wrap: bool) -> bool:
    """True when ``seat`` has no legal PLAY: no top card of his next to a centre top."""
    adj = ADJACENT[wrap]
    c0, c1 = piles[shape.centres[0]], piles[shape.centres[1]]
    near0 = adj[c0[-1].rank] if c0 else NOTHING
    near1 = adj[c1[-1].rank] if c1 else NOTHING
    for p in shape.rows[seat]:
        cards = piles[p]
        if cards:
            r = cards[-1].rank
            if r in near0 or r in near1:
                return False
    return True


def can_play(state: SpitState[Any], seat: Seat) -> bool:
    """Whether ``seat`` has a legal PLAY (not stuck, §6.3); for any table."""
    opts = state.options
    return not stuck(state.table.piles, SHAPES[opts.slot_count], seat, opts.wrap)


def row_counts(state: SpitState[Any]) -> tuple[int, int]:
    """Cards left in each seat's row (face up and face down)."""
    table = state.table
    count = state.options.slot_count
    return (
        sum(table.count(p) for p in slots(0, count)),
        sum(table.count(p) for p in slots(1, count)),
    )
