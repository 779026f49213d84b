"""Ранг (Rang) — a Ukrainian shedding game: play one rank up or down, and do not be last.

This module holds the game's vocabulary: its options, its moves and its state.  The rules
are in ``engine.py`` and the look of the table in ``present.py``.

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
* A player may always draw instead of using an Ace or a joker; this lets him choose not to
  bring back a pending player.
* A joker names any of the 13 ranks and its follow-up card is optional; the joker with its
  rank and follow-up is one move, ``PlayJoker``.
* Hands are kept in the order the cards arrived, so a drawn card is always the last one in its
  owner's hand; the table shows hands sorted by rank.
* When a draw finishes the pending player and leaves the drawer as the only player holding
  cards, the deal ends at that moment, before any card is taken (he could not act on it).
* If a pending player has nobody left to judge him (everyone else is out), which the card counts
  make all but impossible, he is out too and the deal ends with the last player to hold cards
  as the loser (engine safety, not in the spec).
* With several deals (``match_deals``) the next deal starts by itself with the dealer one seat
  to the left; the loser of each deal gets one loss and the fewest losses win.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from cardsuite.core.cards import JOKER, Card, rank_index
from cardsuite.core.errors import OptionsError
from cardsuite.core.moves import Gesture, Move
from cardsuite.core.options import option, validate_fields
from cardsuite.core.protocol import Event
from cardsuite.core.table import Seat, Table

HAND_SIZE = 5
RETURN_CARDS = 2
TURN_LIMIT = 1000

# --- options -------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True, slots=True)
class RangOptions:
    decks: str | int = option(
        "auto",
        label="Decks",
        help="auto: one pack for 2–4 players, two packs for 5–10",
        choices=("auto", 1, 2),
    )
    same_rank_allowed: bool = option(
        False, label="Same rank plays", help="a card of the current rank may also be played"
    )
    wild_ace: bool = option(
        False, label="Wild Ace", help="an Ace played as an exception names any rank"
    )
    forced_drawn_play: bool = option(
        False, label="Forced drawn play", help="a drawn card that fits must be played"
    )
    match_deals: int = option(
        1, label="Deals", help="deals in the match; fewest losses wins", minimum=1, maximum=50
    )

    def __post_init__(self) -> None:
        validate_fields(self)

    def deck_count(self, players: int) -> int:
        """The number of packs for ``players``; OptionsError if an explicit count contradicts it."""
        needed = 1 if players <= 4 else 2
        if self.decks != "auto" and self.decks != needed:
            raise OptionsError(
                f"decks={self.decks} does not suit {players} players: "
                f"Rang uses {needed} pack{'s' if needed > 1 else ''} for {players} players"
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
            return f"play {self.card} naming {rank_index(self.name)}"
        return f"play {self.card}"

    def gesture(self) -> Gesture:
        return Gesture(f"hand.{self.seat}", self.card, "discard")

    def choice_path(self) -> tuple[str, ...]:
        return (f"name {rank_index(self.name)}",) if self.name is not None else (self.label(),)


@dataclass(frozen=True, slots=True)
class PlayJoker(Move):
    """Play a joker naming ``rank``, then optionally ``follow``: a card next to that rank."""

    rank: int
    follow: Card | None = None

    def label(self) -> str:
        named = f"joker naming {rank_index(self.rank)}"
        return f"{named}, then {self.follow}" if self.follow else named

    def gesture(self) -> Gesture:
        return Gesture(f"hand.{self.seat}", JOKER, "discard")

    def choice_path(self) -> tuple[str, ...]:
        follow = f"then {self.follow}" if self.follow else "no follow-up"
        return (f"name {rank_index(self.rank)}", follow)


@dataclass(frozen=True, slots=True)
class Draw(Move):
    """Take the top card of the stock (only when no card next to T is held)."""

    def label(self) -> str:
        return "draw"

    def gesture(self) -> Gesture:
        return Gesture("stock")


@dataclass(frozen=True, slots=True)
class Keep(Move):
    """Keep the card just drawn and end the turn."""

    def label(self) -> str:
        return "keep the drawn card"

    def notation(self) -> str:
        return "keep"


RangMove = Play | PlayJoker | Draw | Keep

# --- state ---------------------------------------------------------------------------------

NORMAL, DRAWN = 0, 1  # phases of a turn: before any action, after a draw that may be played
NOBODY = -1


class RangState(NamedTuple):
    """Everything about a game of Rang.  Only the table holds cards; the rest is public."""

    table: Table  # piles "stock", "discard", "hand.0" … "hand.n-1"
    seed: int | None
    events: tuple[Event, ...]
    options: RangOptions
    seats: int
    dealer: Seat
    turn: Seat  # NOBODY once the match is over
    rank: int  # T, the current rank
    phase: int  # NORMAL or DRAWN
    pending: Seat  # the player who went out and awaits the next player's answer, or NOBODY
    out: tuple[bool, ...]  # finished players of this deal
    turns: int  # turns played this deal (safety stop)
    empty_draws: int  # consecutive turns that drew nothing (stalemate stop)
    reshuffles: int  # stock rebuilds this deal, salting their shuffles
    deal: int  # 0-based deal number
    results: tuple[tuple[Seat, str], ...]  # (loser, how) for each finished deal


# How a deal ended, for the log and the outcome.
LAST_WITH_CARDS, STALEMATE, TURN_LIMIT_REACHED = "last", "stalemate", "limit"


def hand_pile(s: Seat) -> str:
    return f"hand.{s}"
