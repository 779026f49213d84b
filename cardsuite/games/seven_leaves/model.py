"""Seven Leaves (Семь листов, the game of «носы») — take seven tricks before the others; the
last player left without them loses and gets his noses counted by a cut card.

This module holds the game's vocabulary: its piles, options, moves, events and state.  The
rules are in ``engine.py`` and the look of the table in ``present.py``.

Rules: ``shared/rules/seven-leaves.md`` (the untitled fifth game of seed 004).

2 to 5 players, a 36-card pack (6 to Ace).  A *game* is several deals.  Each deal gives seven
cards, one at a time, to every *active* player, the dealer last; the dealer's last card is
turned face up for trumps and stays in his hand, face up to everyone, until he plays it.
Seven tricks follow: the player left of the dealer leads, the winner of a trick leads the
next; a player must follow suit, else trump, else play anything; the highest trump wins,
else the highest card of the suit led.  Tricks add up over the deals of a game.  After each
deal every active player with ``target_tricks`` (7) or more is *safe* and sits out the rest of
the game.  When one active player is left he has lost; when nobody is left, the lowest total
among those who went safe in that deal loses, a tie being settled by a play-off deal among the
tied players (fewest tricks in it loses).  The loser cuts the shuffled pack: the card cut is
the penalty, 6 to 10 flicks on the nose, or pardoned by a court card or an Ace.  A match is
``games`` games; each later game is dealt first by the previous loser.

Decisions taken where the spec is silent or leaves room:

* **Completed tricks lie face down** (§9): each seat's won tricks are a hidden pile (its count
  public); the last trick stays face up in the ``trick`` pile with its winner until the
  winner leads again.  Bots that want to count cards remember what they saw.
* The dealer's turned card is a ``Shown`` fact on his hand until he plays it, and a public
  state field (``turned``) for the rest of the deal (everyone saw it).
* **Play-off tricks are not added to the game totals** ("totals not used"); the play-off's
  own tricks are ``deal_tricks``.  The players of a play-off stay safe as to placings: they
  went safe in the same deal and share a place unless one of them is the loser.
* The penalty: the whole pack is gathered and shuffled afresh from the seed (the cut is
  uniformly random whatever the table held), the loser names k (1–35) and the k-th card from
  the top goes face up to the public ``cut`` pile.  That pile is drawn only after the cut
  (between games, or at the end of the match), never during play, and no game's noses are
  shown before its cut.  The between-games summary and the outcome screen say the penalty
  (the outcome's reason names each game's cut).
* The **running table** of §7.2, in a match of several games: every summary, between deals
  and between games, has a "lost" and a "noses" column (totals over the match so far) beside
  the deal's tricks; during play each seat's score says its games lost and the side panel
  the noses so far.  A loser's games lost go up when he loses, his noses when he cuts.  With
  ``penalty_display`` = ``off`` only the games lost are shown.  A one-game match has no such
  table: the outcome says the loss and the penalty.
* With ``penalty_display`` = ``off`` there is no cut: a game ends as soon as its loser is
  known, and only the loss is recorded.
* ``flick_cards`` changes only the words of the penalty ("each player flicks with 3 cards").
* Between two games the loser deals (``NextDeal`` is his move), everyone active at 0 tricks.
* A **safety stop**: a game still undecided after 200 deals (it cannot happen in practice:
  every deal adds seven tricks among the active players) is lost by the active player with the
  lowest total (the first of them clockwise from the dealer's left on a tie), ending
  ``safety:deal-limit``.
* Placings.  One game: the loser is last; the others by the deal of the game in which they
  went safe, earlier first, the same deal sharing a place (standard competition ranking).
  Several games: fewer games lost, then fewer noses (flicks) in all.  ``Outcome.scores`` holds
  each player's trick total (one game) or games lost (several games).
* Refusal codes: ``MustFollowSuit`` (holding the suit led), ``MustTrump`` (void in the suit
  led and holding a trump; the spec's "must trump"), ``CardNotHeld``, ``BadCut`` (a cut point
  outside 1–35), ``NotNow`` (a move of the wrong kind for this moment), ``NotYourTurn`` (a safe
  player, or another player's turn) and ``GameOver``.
* In a play-off the dealer is the next tied player clockwise from the previous dealer, and the
  first tied player clockwise from that dealer leads (§7.1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Generic, NamedTuple, TypeVar

from cardsuite.core.cards import ACE_HIGH, Card, Suit, short_deck_36
from cardsuite.core.events import Event, TrumpTurnedUp
from cardsuite.core.i18n import C_, N_, N_n
from cardsuite.core.moves import Move
from cardsuite.core.options import GameOptions, option
from cardsuite.core.outcome import Better, Measure
from cardsuite.core.series import Series
from cardsuite.core.table import Seat, SeenTable, Table, pile_names
from cardsuite.core.text import said, say, say_n, words
from cardsuite.core.text import seat as who
from cardsuite.core.tricks import TRICK as TRICK
from cardsuite.core.tricks import FollowRule
from cardsuite.core.tricks import PlayCard as PlayCard

# What the scores count (Outcome.measure): one game, each player's tricks (the places come
# from when he went safe); several games, the games lost.
TRICKS = Measure(
    N_("tricks"),
    N_n("{n} trick", "{n} tricks"),
    Better.NEITHER,
    note=N_("Tricks taken; whoever went safe sooner places higher."),
)
GAMES_LOST = Measure(
    N_("games lost"),
    N_n("{n} game lost", "{n} games lost"),
    Better.FEWER,
    note=N_("Games lost: fewer is better, then fewer noses."),
)

HAND_SIZE = 7  # cards dealt to each active player, and tricks per deal
DECK = short_deck_36()
ORDER = ACE_HIGH  # 6 < 7 < … < K < A (the 36-card pack uses its top nine ranks)
MAX_DEALS = 200  # the safety stop: deals in one game
# The duty to the suit led (§6): follow suit, else trump, else anything.
FOLLOW = FollowRule.FOLLOW_THEN_TRUMP

# End rules (Outcome.ending and DealResult.ending).
LAST_ACTIVE = "last-active"  # one active player left
LOWEST_TOTAL = "lowest-total"  # everyone safe at once: the lowest total loses
PLAY_OFF = "play-off"  # a play-off deal decided
SAFETY = "safety:deal-limit"
DEAL_PLAYED = "deal-played"  # the game goes on
PLAY_OFF_CALLED = "play-off-called"

# --- piles ---------------------------------------------------------------------------------

PACK = "pack"  # the undealt cards (and, for the cut, the whole pack), face down
# TRICK (core.tricks): the trick in progress, or the last one until its winner leads again
CUT = "cut"  # the penalty card, face up, after the loser's cut
hand = pile_names("hand")  # hand(s): seat s's cards (the dealer's turned card shown)
won = pile_names("won")  # won(s): the tricks seat s took this deal, face down

# --- options -------------------------------------------------------------------------------

COUNT, OFF = "count", "off"


@dataclass(frozen=True, kw_only=True, slots=True)
class SevenLeavesOptions(GameOptions):
    target_tricks: int = option(
        7,
        label=N_("Safe at"),
        help=N_("tricks (added up over the deals of a game) that make a player safe"),
        minimum=1,
        maximum=20,
    )
    games: int = option(
        1,
        label=C_("option", "Games"),
        help=N_("games in the match; each later game is dealt first by the last loser"),
        minimum=1,
        maximum=20,
    )
    flick_cards: int = option(
        1,
        label=N_("Flick cards"),
        help=N_("cards each player flicks the loser's nose with (words only: 1 or 3)"),
        choices=(1, 3),
    )
    penalty_display: str = option(
        COUNT,
        label=N_("Penalty"),
        help=N_("count: the loser cuts the pack for his noses; off: only the loss is recorded"),
        choices=(COUNT, OFF),
    )


# --- the penalty ---------------------------------------------------------------------------


def flicks_of(card: Card) -> int:
    """The penalty a cut card gives: 6 to 10 flicks; a court card or an Ace pardons (0)."""
    return card.rank if 6 <= card.rank <= 10 else 0


def penalty_text(card: Card, flicks: int, flick_cards: int) -> str:
    """The penalty in words: "8♥, 8 flicks on the nose", or a pardon."""
    if flicks == 0:
        return say("{card}, pardoned", card=card)
    text = say_n(
        "{card}, {n} flick on the nose",
        "{card}, {n} flicks on the nose",
        flicks,
        card=card,
        n=flicks,
    )
    if flick_cards > 1:
        text = say("{text}, each player flicking with {k} cards", text=text, k=flick_cards)
    return text


class Penalty(NamedTuple):
    """One game's penalty: its loser, the cut point and the card cut (public once cut)."""

    game: int  # 0-based
    seat: Seat
    at: int
    card: Card
    flicks: int


# --- moves ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CutPack(Move):
    """The loser cuts the shuffled pack at the ``at``-th card from the top (1–35)."""

    at: int

    says = N_("cut the pack at card {at}")
    written = "cut {at}"

    def choice_path(self) -> tuple[str, ...]:
        return (say("cut the pack"), str(self.at))

    def question(self, depth: int) -> str:
        if depth == 0:
            return say("Cut the pack")
        return say("Cut the pack at which card, counted from the top?")


SevenLeavesMove = PlayCard | CutPack

# --- events --------------------------------------------------------------------------------


def seats_text(seats: tuple[Seat, ...]) -> str:
    """Seats in words: "{s0}", "{s0} and {s1}", "{s0}, {s1} and {s2}"."""
    names = [who(s) for s in seats]
    if len(names) == 1:
        return names[0]
    return say("{items} and {last}", items=", ".join(names[:-1]), last=names[-1])


def tricks_text(n: int) -> str:
    return say_n("{n} trick", "{n} tricks", n, n=n)


class Dealt(Event):
    seat: Seat  # the dealer
    game: int  # 1-based
    number: int  # the deal of this game, 1-based
    players: int

    says = N_("Game {game}, deal {number}: {seat} deals seven cards each to {players} players")

    def moved(self) -> tuple[str, ...]:
        return (PACK,)


class PlayOffDealt(Event):
    seat: Seat  # the dealer
    players: tuple[Seat, ...] = words(seats_text)

    says = N_("Play-off: {seat} deals seven cards each to {players}")

    def moved(self) -> tuple[str, ...]:
        return (PACK,)


class TurnedUp(TrumpTurnedUp):
    says = N_(
        "{seat}'s last card {card} is turned up: {trumps} are trumps, and it stays face up "
        "in that hand"
    )

    def moved(self) -> tuple[str, ...]:
        return (hand(self.seat),)


class TrickTaken(Event):
    seat: Seat
    tricks: int = words(tricks_text)  # his tricks: the game total, or in a play-off the play-off's

    says = N_("{seat} takes the trick ({tricks})")


class WentSafe(Event):
    seat: Seat
    tricks: int = words(tricks_text)

    says = N_("{seat} has {tricks} and is safe for this game")


class PlayOffCalled(Event):
    players: tuple[Seat, ...] = words(seats_text)
    tricks: int = words(tricks_text)

    says = N_("{players} are level on {tricks}: a play-off deal between them decides")


class Lost(Event):
    """The game's loser is found after a deal: ``lowest`` when everyone left went safe in the
    same deal and he has the lowest total; ``limit`` when the safety stop decided."""

    seat: Seat
    tricks: int = words(tricks_text)
    lowest: bool = False
    limit: bool = False

    def text(self) -> str:
        if self.limit:
            return said(
                N_(
                    "The deal limit is reached: {seat} has the fewest tricks ({tricks}) and loses "
                    "the game"
                ),
                self,
            )
        if self.lowest:
            return said(
                N_(
                    "Everyone left went safe in this deal: {seat} has the lowest total ({tricks}) "
                    "and loses the game"
                ),
                self,
            )
        return said(N_("{seat} is the last player left, with {tricks}, and loses the game"), self)


class LostPlayOff(Event):
    seat: Seat
    tricks: int = words(tricks_text)

    says = N_("{seat} takes the fewest tricks in the play-off ({tricks}) and loses the game")


class Cut(Event):
    seat: Seat
    at: int
    card: Card
    flicks: int
    flick_cards: int

    def text(self) -> str:
        return say(
            "{who} cuts the pack at card {k}: {penalty}",
            who=who(self.seat),
            k=self.at,
            penalty=penalty_text(self.card, self.flicks, self.flick_cards),
        )

    def moved(self) -> tuple[str, ...]:
        return (PACK, CUT)


# --- state ---------------------------------------------------------------------------------


class Phase(IntEnum):
    """What the match waits for."""

    PLAY = 0  # a card to the trick
    CUT = 1  # the loser's cut of the pack
    DONE = 2  # between deals (the series says so), or the match is over


PLAY, CUT_PHASE, DONE = Phase

T = TypeVar("T", Table, SeenTable)


class SevenLeavesState(NamedTuple, Generic[T]):
    """Everything about a match of Seven Leaves.  Only the table holds hidden cards."""

    table: T  # PACK, TRICK, CUT, hand(s), won(s)
    seed: int | None
    events: tuple[Event, ...]
    options: SevenLeavesOptions
    seats: int
    series: Series  # every deal of the match; its dealer is the dealer of the deal in play
    game: int  # the game in play, 0-based
    deal: int  # the deal of this game, 1-based (the deal just played, between deals)
    phase: Phase
    turn: Seat | None  # whose card it is (PLAY), the loser (CUT_PHASE), else None
    leader: Seat | None  # who led the trick lying in TRICK (None before the first lead)
    taker: Seat | None  # the winner of the completed trick lying in TRICK, else None
    trumps: Suit | None
    turned: Card | None  # the dealer's turned-up card of this deal (seen by all)
    active: tuple[Seat, ...]  # the players of the deal in play (or just played)
    playoff: bool  # the deal in play (or just played) is a play-off
    coming: tuple[Seat, ...]  # between deals of a game: the players of the next deal
    coming_playoff: bool  # ... and whether it is a play-off
    tricks: tuple[int, ...]  # trick totals of this game, per seat
    deal_tricks: tuple[int, ...]  # tricks of the deal in play (or just played), per seat
    safe_at: tuple[int, ...]  # the deal of this game in which each seat went safe, 0: not safe
    loser: Seat | None  # this game's loser once known, else None
    ending: str  # how this game's loser was found ("" until then)
    losses: tuple[int, ...]  # games lost in the match, per seat
    noses: tuple[int, ...]  # flicks in all, per seat
    penalties: tuple[Penalty, ...]  # every cut made, in order

    @property
    def dealer(self) -> Seat:
        return self.series.dealer

    @property
    def over(self) -> bool:
        return self.phase is DONE and not self.series.between

    @property
    def next_dealer(self) -> Seat:
        """Who deals next (between deals): the last loser at a new game, else the next player
        of the coming deal clockwise from the last dealer."""
        if self.loser is not None:
            return self.loser
        return next_of(self.coming, self.series.dealer, self.seats)


def next_of(players: tuple[Seat, ...], seat: Seat, seats: int) -> Seat:
    """The first of ``players`` clockwise after ``seat`` (``seat`` itself if it is the only
    one)."""
    for i in range(1, seats + 1):
        s = (seat + i) % seats
        if s in players:
            return s
    raise ValueError("no players")


class DealVerdict(NamedTuple):
    """How a deal ends (§7.1), as the engine and its kernel both decide it."""

    ending: str  # DEAL_PLAYED (nobody has lost: play on) or how the loser or play-off was found
    loser: Seat | None
    safe: tuple[Seat, ...]  # the players who went safe in this deal, in seat order
    coming: tuple[Seat, ...]  # who plays the next deal, while nobody has lost
    playoff: bool  # the next deal is a play-off
    fewest: int  # the loser's tricks, or the play-off players' (0 when neither)


def deal_verdict(
    active: tuple[Seat, ...],
    tricks: Sequence[int],
    deal_tricks: Sequence[int],
    playoff: bool,
    target: int,
    deal: int,
    dealer: Seat,
    seats: int,
) -> DealVerdict:
    """The end of a deal (§7.1): ``tricks`` are the game totals per seat, ``deal_tricks``
    this deal's; ``playoff`` says whether this deal was a play-off and ``deal`` is its number
    in the game.

    A play-off is lost by the fewest tricks in it (a tie plays off again).  Otherwise who
    reached ``target`` goes safe; the one player left without it loses; when everyone went
    safe at once the lowest total loses (a tie plays off); the others play on, unless the
    safety stop ends the game (the fewest tricks lose, the first of them from the dealer's
    left)."""
    if playoff:
        fewest = min(deal_tricks[s] for s in active)
        low = tuple(s for s in active if deal_tricks[s] == fewest)
        if len(low) == 1:
            return DealVerdict(PLAY_OFF, low[0], (), active, False, fewest)
        return DealVerdict(PLAY_OFF_CALLED, None, (), low, True, fewest)
    safe = tuple(s for s in active if tricks[s] >= target)
    rest = tuple(s for s in active if s not in safe)
    if len(rest) == 1:
        return DealVerdict(LAST_ACTIVE, rest[0], safe, active, False, tricks[rest[0]])
    if rest:
        if deal < MAX_DEALS:
            return DealVerdict(DEAL_PLAYED, None, safe, rest, False, 0)
        fewest = min(tricks[s] for s in rest)
        start = next_of(rest, dealer, seats)
        in_turn = (s for s in ((start + i) % seats for i in range(seats)) if s in rest)
        loser = next(s for s in in_turn if tricks[s] == fewest)
        return DealVerdict(SAFETY, loser, safe, rest, False, fewest)
    fewest = min(tricks[s] for s in safe)
    low = tuple(s for s in safe if tricks[s] == fewest)
    if len(low) == 1:
        return DealVerdict(LOWEST_TOTAL, low[0], safe, active, False, fewest)
    return DealVerdict(PLAY_OFF_CALLED, None, safe, low, True, fewest)


FullSevenLeaves = SevenLeavesState[Table]
SeenSevenLeaves = SevenLeavesState[SeenTable]
