"""Trick play: what may be played to a trick, who takes it, the one move, and its look.

A trick game keeps the cards of the trick in progress in a public pile (``"trick"``, played
order, the leader's card first) and the leader's seat in its state, so the cards stay on the
table and card conservation holds.  This module is the mechanic every such game shares:

* :class:`PlayCard`, the one move of trick play (lead, follow, trump or throw a card);
* :class:`FollowRule`, the two duties a player has to the suit led, as the rulebooks put them:
  ``FOLLOW_OR_TRUMP`` (All Fours: holding the suit led you follow it or trump; trumps led, a
  trump; void, anything) and ``FOLLOW_THEN_TRUMP`` (follow suit; void, trump; void in both,
  anything);
* :func:`playable` (the cards a hand may play now, in the hand's order) and :func:`refusal`
  (why one card may not be played, naming the rule broken), which agree card for card;
* :func:`winning_play`, the usual winner: the highest trump, else the highest of the suit led;
* :func:`trick_view`, the :class:`~cardsuite.core.view.TrickView` the table draws,
  :func:`duty_status`, the status line naming what the player to move owes the suit led, and
  :func:`hand_order`, how a hand is sorted on the table (by suit, trumps first);
* the same duties and winner on card indices, for kernels: :func:`follow_or_trump`,
  :func:`follow_then_trump`, :func:`trick_winner` (with :func:`strengths`).

The suit led is ``None`` when the player leads (an empty trick, or a completed one lying on the
table until its winner leads again): a lead may be any card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TypeVar

from cardsuite.core.cards import Card, CardFace, RankOrder, Suit, standard_deck
from cardsuite.core.errors import Refusal
from cardsuite.core.events import Event
from cardsuite.core.moves import Gesture, Move
from cardsuite.core.table import Fact, Lacks, PileId, Seat, pile_names
from cardsuite.core.text import say
from cardsuite.core.text import seat as who
from cardsuite.core.view import TrickView

TRICK: PileId = "trick"  # the trick in progress (or the last one, until the next lead)
hand = pile_names("hand")  # hand(s): seat s's cards

# Refusal codes: the rule a card breaks, as the rules specs name it.
MUST_FOLLOW_OR_TRUMP = "MustFollowSuitOrTrump"  # FOLLOW_OR_TRUMP: holding the suit led
MUST_FOLLOW = "MustFollowSuit"  # FOLLOW_THEN_TRUMP: holding the suit led
MUST_TRUMP = "MustTrump"  # FOLLOW_THEN_TRUMP: void in the suit led, holding a trump


@dataclass(frozen=True, slots=True, eq=False)
class PlayCard(Move):
    """Play a card from the hand to the trick (lead it, follow suit, trump or throw).

    Saved matches record it by its notation, ``play <card>`` (``play 10♠``)."""

    card: Card

    # Two plays are equal when the same seat plays the same card.  Written out rather than
    # generated: cards are interned, so comparing them is an identity check, and a legal
    # move is looked up among the others at every step of a playout.
    def __eq__(self, other: object) -> bool:
        return type(other) is PlayCard and other.card is self.card and other.seat == self.seat

    def __hash__(self) -> int:
        return hash((self.seat, self.card))

    def label(self) -> str:
        return say("play {card}", card=self.card)

    def notation(self) -> str:
        return f"play {self.card}"

    def gesture(self) -> Gesture:
        return Gesture(hand(self.seat), self.card, TRICK)


class Played(Event):
    """``seat`` played ``card`` from his hand to the trick (the event of :class:`PlayCard`)."""

    seat: Seat
    card: Card

    def text(self) -> str:
        return say("{who} plays {card}", who=who(self.seat), card=self.card)

    def moved(self) -> tuple[PileId, ...]:
        return (hand(self.seat), TRICK)


T = TypeVar("T")

# The 52 cards in the order of their index (Card.index), for tables read by card.index.
_BY_INDEX = tuple(sorted(standard_deck(), key=lambda card: card.index))
assert [card.index for card in _BY_INDEX] == list(range(len(_BY_INDEX)))


def by_card_index(seats: int, make: Callable[[Seat, Card], T]) -> tuple[tuple[T, ...], ...]:
    """``make(seat, card)`` for every seat and card, made once and read as
    ``values[seat][card.index]`` (a tuple index: no hashing of the card in a hot path)."""
    return tuple(tuple(make(s, card) for card in _BY_INDEX) for s in range(seats))


def play_moves(seats: int) -> tuple[tuple[PlayCard, ...], ...]:
    """Every :class:`PlayCard` there can be, made once: ``moves[seat][card.index]``."""
    return by_card_index(seats, PlayCard)


def play_to_trick(
    piles: list[tuple[Card, ...]],
    positions: Mapping[PileId, int],
    seat: Seat,
    card: Card,
    leader: Seat | None,
    taken_to: PileId | None,
) -> tuple[tuple[Card, ...], Seat]:
    """``seat`` plays ``card`` from his hand to the trick, in ``piles`` (a table's piles being
    changed, found by ``positions``): the completed trick still in view first goes face down
    to ``taken_to``, its taker's pile (None: no trick was completed); a card played to an
    empty trick leads it.  Returns the trick now and its leader."""
    at_trick = positions[TRICK]
    trick = piles[at_trick]
    if taken_to is not None:
        at_won = positions[taken_to]
        piles[at_won] = piles[at_won] + trick
        trick = ()
    if not trick or leader is None:
        leader = seat
    at_hand = positions[hand(seat)]
    held = piles[at_hand]
    i = held.index(card)
    piles[at_hand] = held[:i] + held[i + 1 :]
    trick = piles[at_trick] = trick + (card,)
    return trick, leader


class FollowRule(Enum):
    """A player's duty to the suit led, when he does not lead."""

    # Holding the suit led, follow it or trump (trumping in is always allowed); when trumps
    # are led, a player holding one must play one; a player void in the suit led plays anything.
    FOLLOW_OR_TRUMP = "follow-or-trump"
    # Follow suit if you can; void in it, trump if you can; void in both, play anything.
    FOLLOW_THEN_TRUMP = "follow-then-trump"


def suit_led(trick: Sequence[Card], complete: bool) -> Suit | None:
    """The suit the next card must answer: that of the trick's first card, or None when the
    next card is a lead (no card yet, or ``complete``: the last trick still lies in view)."""
    if complete or not trick:
        return None
    return trick[0].suit


def playable(
    held: tuple[Card, ...], led: Suit | None, trumps: Suit | None, rule: FollowRule
) -> tuple[Card, ...]:
    """The cards of ``held`` that may be played now, in the hand's order (``held`` itself
    when every card may).  ``led`` is None for a lead."""
    if led is None:
        return held
    follow = tuple([c for c in held if c.suit is led])
    if rule is FollowRule.FOLLOW_OR_TRUMP:
        if not follow:
            return held  # void in the suit led: anything
        if led is trumps:
            return follow  # trumps led: a trump
        return tuple([c for c in held if c.suit is led or c.suit is trumps])
    if follow:
        return follow
    trump = tuple([c for c in held if c.suit is trumps]) if trumps is not None else ()
    return trump or held


def voids_shown(
    card: Card, led: Suit | None, trumps: Suit | None, rule: FollowRule
) -> tuple[Suit, ...]:
    """The suits a player shows everyone he holds none of, by playing ``card`` when ``led``
    is the suit led (None for a lead): the suit led when he does not follow it (unless he
    trumps a plain suit under ``FOLLOW_OR_TRUMP``, which he may do holding it), and trumps too
    when, under ``FOLLOW_THEN_TRUMP``, he neither follows nor trumps."""
    if led is None or card.suit is led:
        return ()
    if rule is FollowRule.FOLLOW_OR_TRUMP:
        return () if card.suit is trumps else (led,)
    if trumps is None or card.suit is trumps or led is trumps:
        return (led,)
    return (led, trumps)


def with_voids(
    known: tuple[Fact, ...],
    seat: Seat,
    card: Card,
    led: Suit | None,
    trumps: Suit | None,
    rule: FollowRule,
) -> tuple[Fact, ...]:
    """The table's facts once ``seat`` has played ``card``: with a ``Lacks`` fact for each
    suit the play shows him void in (:func:`voids_shown`), each told once.  A hand takes no
    card during trick play, so the facts hold until the next deal makes a new table."""
    voids = voids_shown(card, led, trumps, rule)
    if not voids:
        return known
    pile = hand(seat)
    new = tuple([Lacks(pile, suit=suit) for suit in voids])
    return known + tuple([fact for fact in new if fact not in known])


def refusal(
    card: Card, held: tuple[Card, ...], led: Suit | None, trumps: Suit | None, rule: FollowRule
) -> Refusal | None:
    """Why ``card`` (held) may not be played now, naming the rule it breaks; None when it may.
    Exactly the cards :func:`playable` leaves out are refused."""
    if led is None:
        return None  # a lead: any card
    suit = card.suit
    if suit is led:
        return None  # following suit is always allowed
    holds_led = any(c.suit is led for c in held)
    if rule is FollowRule.FOLLOW_OR_TRUMP:
        if not holds_led or (suit is trumps and led is not trumps):
            return None  # void in the suit led, or trumping a plain suit
        assert trumps is not None
        if led is trumps:
            text = say(
                "trumps ({suit}) were led and you hold one: you must play a trump", suit=led.symbol
            )
        else:
            text = say(
                "{card} may not be played: holding {suit} you must follow suit or play a "
                "trump ({trumps})",
                card=card,
                suit=led.symbol,
                trumps=trumps.symbol,
            )
        return Refusal(MUST_FOLLOW_OR_TRUMP, text)
    if holds_led:
        return Refusal(
            MUST_FOLLOW,
            say(
                "{card} may not be played: you hold {suit}, the suit led",
                card=card,
                suit=led.symbol,
            ),
        )
    if trumps is None or suit is trumps or not any(c.suit is trumps for c in held):
        return None  # a trump, or void in trumps too: anything
    return Refusal(
        MUST_TRUMP,
        say(
            "{card} may not be played: you have no {suit}, so you must trump ({trumps})",
            card=card,
            suit=led.symbol,
            trumps=trumps.symbol,
        ),
    )


def winning_play(cards: Sequence[Card], trumps: Suit | None, order: RankOrder) -> int:
    """The index in ``cards`` (played order, the lead first) of the card that takes the trick:
    the highest trump if any was played, else the highest card of the suit led."""
    best = 0
    for i in range(1, len(cards)):
        card, top = cards[i], cards[best]
        if card.suit == top.suit:
            if order.value(card.rank) > order.value(top.rank):
                best = i
        elif card.suit == trumps:
            best = i  # the first trump over a trick of the suit led
        # a card of a third suit (or of the led suit under a trump) never wins
    return best


def seat_of_play(leader: Seat, index: int, seats: int) -> Seat:
    """The seat that played the ``index``-th card of a trick led by ``leader`` (clockwise)."""
    return (leader + index) % seats


def trick_view(
    leader: Seat,
    cards: Sequence[CardFace],
    seats: int,
    *,
    trumps: Suit | None,
    winner: Seat | None = None,
    label: str = "",
    order: Sequence[Seat] | None = None,
    pile: PileId = "trick",
) -> TrickView:
    """The trick as the table shows it.  ``order`` lists the seats that play, in turn, when
    not every seat does (default: clockwise from the leader)."""
    turn = list(order) if order is not None else [(leader + i) % seats for i in range(seats)]
    plays = tuple((turn[i], card) for i, card in enumerate(cards))
    led = cards[0].suit if cards and isinstance(cards[0], Card) else None
    return TrickView(leader, plays, trumps, led, winner, label, pile)


def duty_status(
    who: str, trick: Sequence[CardFace], complete: bool, trumps: Suit, rule: FollowRule
) -> str:
    """The status line for ``who`` (a seat placeholder) to play to ``trick`` (as seen; the
    next card a lead when it is empty or ``complete``): "{who} to lead", "{who} to follow
    trumps (♠)", or the duty to a plain suit led in ``rule``'s words."""
    if not trick or complete:
        return say("{who} to lead", who=who)
    led = trick[0]
    assert isinstance(led, Card) and led.suit is not None  # the lead lies face up
    if led.suit is trumps:
        return say("{who} to follow trumps ({suit})", who=who, suit=led.suit.symbol)
    if rule is FollowRule.FOLLOW_OR_TRUMP:
        text = say("{who} to follow {suit} or trump ({trumps})")
    else:
        text = say("{who} to follow {suit}, else trump ({trumps})")
    return text.format(who=who, suit=led.suit.symbol, trumps=trumps.symbol)


def hand_order(trumps: Suit | None, order: RankOrder) -> Callable[[CardFace], tuple[int, int]]:
    """The sort key a hand is shown in: by suit (``trumps`` first), each suit from high to low
    in ``order``; a card the viewer cannot see goes last."""

    def key(card: CardFace) -> tuple[int, int]:
        if not isinstance(card, Card) or card.suit is None:
            return (9, 0)
        suit = -1 if card.suit is trumps else card.suit.order
        return (suit, -order.value(card.rank))

    return key


# --- on card indices, for kernels (core.kernel) -------------------------------------------
# The same duties and winner on cards as ints (``Card.index``: suit ``card & 3`` in the order
# of SUITS), as a game's compact form plays them.


def follow_or_trump(held: list[int], led: int, trumps: int) -> list[int]:
    """All Fours' duty (``FollowRule.FOLLOW_OR_TRUMP``) for a player who does not lead:
    holding the suit led, follow it or trump (trumps led: a trump); void in it, anything."""
    follow = [c for c in held if c & 3 == led]
    if not follow:
        return held[:]
    if led == trumps:
        return follow
    return [c for c in held if c & 3 == led or c & 3 == trumps]


def follow_then_trump(held: list[int], led: int, trumps: int) -> list[int]:
    """``FollowRule.FOLLOW_THEN_TRUMP`` for a player who does not lead: follow suit; void in
    it, trump; void in both, anything."""
    follow = [c for c in held if c & 3 == led]
    if follow:
        return follow
    trump = [c for c in held if c & 3 == trumps]
    return trump or held[:]


def trick_winner(trick: list[int], trumps: int, strength: Sequence[int]) -> int:
    """The index in ``trick`` (played order) of the card that takes it: the highest trump,
    else the highest card of the suit led (``strength[card]``: its rank's place in the
    game's order; core.tricks.winning_play)."""
    best = 0
    top = trick[0]
    for i in range(1, len(trick)):
        card = trick[i]
        if card & 3 == top & 3:
            if strength[card] > strength[top]:
                best, top = i, card
        elif card & 3 == trumps:
            best, top = i, card
    return best


def strengths(order: RankOrder, deck: Sequence[Card]) -> tuple[int, ...]:
    """``order.value`` of each card of ``deck`` by card index (0 for cards not in it)."""
    table = [0] * 52
    for card in deck:
        table[card.index] = order.value(card.rank)
    return tuple(table)
