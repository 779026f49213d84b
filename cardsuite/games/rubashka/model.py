"""Рубашка (Rubashka) — Straccia camicia, the Italian 40-card Beggar-my-neighbour.

This module holds the game's vocabulary: its packs, piles, options, the given-deal notation,
the move, the events and the state.  The rules are in ``engine.py``, the look of the table in
``present.py``.  Rules: ``shared/rules/rubashka.md``.

Two players each hold a face-down packet that nobody looks at.  In turn they turn their top
card onto a common pile.  An attack card (A, 2, 3 with the 40-card pack) makes the opponent
pay 1, 2 or 3 cards; an attack card turned while paying cancels the debt and reverses it; a
debt paid in full wins the pile for the attacker, who puts it under his packet in the order
it was played and leads the next trick.  A player who must turn a card and has none loses
(his opponent takes the pile); a capture that takes the opponent's last card wins at once.
If a trick starts as an earlier one did (same leader, same attack classes in both packets)
play would cycle for ever: a draw.  The ``pack`` option ``beggar-52`` plays the English
Beggar-my-neighbour (J, Q, K, A demand 1, 2, 3, 4; 26 cards each); ``deal`` starts from given
packets (tests, analyses, replays; not offered in the lobby).

Decisions where the spec is silent or leaves room:

* One game is one deal.  The dealer is drawn from the match seed (with a given deal too: the
  first packet goes to the seat drawn); alternating the deal over a session is the app's
  business.  The cards are shuffled with the seed and dealt one at a time from the top of
  the shuffled pack, the non-dealer first, each card going on top of its packet.
* Every move is one ``flip`` by the player to play; nobody else has a move (refusals
  ``NotYourTurn``, ``GameOver``).  The engine never flips by itself.  ``auto_flip`` and
  ``flip_delay`` are the runner's (the app's watch mode and its speed), not engine options;
  the engine class says ``watch_by_default``.  ``show_counts`` is always on: the packet sizes,
  the debt and the two counters are public and always shown.
* The repetition key is kept with the seats as they are (packet of seat 0, packet of seat 1,
  leader) and each packet read bottom to top: within one game that is the same relation as
  the spec's (dealer's packet, non-dealer's packet, top to bottom).  The keys of a game are
  known only to the engine: they follow from cards nobody has seen, so an observation does
  not hold them (``observe`` empties the memory), and a draw says only what the rule says.
* At the end of the game every card is turned face up (the packets are shown), whichever rule
  ended it: after a draw players can check the cycle for themselves.
* The end-of-game award of §7 is logged as the pile being taken (it counts as a trick).
* Positions (``position``) list packets top card first, as the spec and the ``deal`` option
  do (the table keeps them bottom first, like every pile).
* A given deal in class notation may be written in lower case (``k-/---``); both notations
  take spaces or not between class characters only when the packet has no card names.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import ClassVar, Generic, NamedTuple, TypeVar

from cardsuite.core.cards import (
    ACE,
    JACK,
    KING,
    QUEEN,
    SUITS,
    Card,
    CardFace,
    Suit,
    deck_of,
    parse_card,
    standard_deck,
)
from cardsuite.core.errors import NotationError, OptionsError
from cardsuite.core.events import Event
from cardsuite.core.i18n import N_, N_n, _
from cardsuite.core.moves import Gesture, Move
from cardsuite.core.options import GameOptions, option, validate_fields
from cardsuite.core.outcome import Outcome
from cardsuite.core.table import PileId, Seat, SeenTable, Table, pile_names
from cardsuite.core.text import number_text, ordinal, said, said_n, say, say_n, words
from cardsuite.core.text import seat as who

TRICK_LIMIT = 10_000  # the backstop of §7

# --- packs ---------------------------------------------------------------------------------

CAMICIA = "camicia-40"
BEGGAR = "beggar-52"
PACKS = (CAMICIA, BEGGAR)


@dataclass(frozen=True, slots=True)
class Pack:
    """One of the two packs: its cards and what each rank demands."""

    name: str
    cards: tuple[Card, ...]
    demands: dict[int, int]  # attack rank -> cards demanded
    letters: dict[str, int]  # class-notation letter -> attack rank
    normal_order: tuple[Card, ...]  # the normal cards in the order class notation takes them

    def demand(self, card: Card) -> int:
        return self.demands.get(card.rank, 0)


def _pack(name: str, ranks: tuple[int, ...], demands: dict[int, int], letters: str) -> Pack:
    cards = deck_of(ranks) if name == CAMICIA else standard_deck()
    spade_first = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
    normal = tuple(
        Card(rank, suit)
        for rank in sorted(r for r in ranks if r not in demands and r != ACE)
        for suit in spade_first
    )
    return Pack(
        name, cards, demands, {ch: r for ch, r in zip(letters, demands, strict=True)}, normal
    )


PACK: dict[str, Pack] = {
    CAMICIA: _pack(CAMICIA, tuple(range(ACE, 11)), {ACE: 1, 2: 2, 3: 3}, "A23"),
    BEGGAR: _pack(
        BEGGAR, tuple(range(ACE, KING + 1)), {JACK: 1, QUEEN: 2, KING: 3, ACE: 4}, "JQKA"
    ),
}
SPADE_FIRST = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
assert set(SPADE_FIRST) == set(SUITS)

# --- piles ---------------------------------------------------------------------------------

packet = pile_names("packet")  # packet(s): seat s's face-down packet; its top card is last
PILE = "pile"  # the centre pile, face up, oldest card first

# --- given deals (§8.2) --------------------------------------------------------------------

_RANK_WORD = {ACE: N_("ace"), JACK: N_("jack"), QUEEN: N_("queen"), KING: N_("king"),
              2: N_("two"), 3: N_("three")}  # fmt: skip
_CLASS_ALPHABET = set("-AJQK23")


def _is_class_notation(text: str) -> bool:
    """Class letters and dashes only (spaces aside); card names always carry a suit."""
    return all(ch in _CLASS_ALPHABET for ch in text.upper() if not ch.isspace())


@functools.lru_cache(maxsize=256)
def read_deal(pack_name: str, text: str) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The two packets of a given deal, each top card first (first: the dealer's).

    OptionsError naming the problem for a deal that cannot be played with this pack.
    """
    pack = PACK[pack_name]
    parts = text.split("/")
    if len(parts) != 2:
        raise OptionsError(
            say("deal: write two packets separated by one /, not {text!r}", text=text)
        )
    for n, part in enumerate(parts, start=1):
        if not part.strip():
            raise OptionsError(say("deal: packet {n} is empty", n=n))
    kinds = [_is_class_notation(part) for part in parts]
    if kinds[0] != kinds[1]:
        raise OptionsError(
            say("deal: the two packets mix notations (one in class letters, one in card names)")
        )
    if kinds[0]:
        return _read_classes(pack, parts)
    return _read_cards(pack, parts)


def _read_classes(pack: Pack, parts: list[str]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    used: dict[int, int] = {}  # attack rank -> cards of it taken
    normal = 0
    out: list[tuple[Card, ...]] = []
    for n, part in enumerate(parts, start=1):
        cards: list[Card] = []
        for ch in part.upper():
            if ch.isspace():
                continue
            if ch == "-":
                normal += 1
                if normal > len(pack.normal_order):
                    raise OptionsError(
                        say(
                            "deal: packet {n} asks for a {nth} normal card ({pack} has {k})",
                            n=n,
                            nth=ordinal(normal),
                            pack=pack.name,
                            k=len(pack.normal_order),
                        )
                    )
                cards.append(pack.normal_order[normal - 1])
                continue
            rank = pack.letters.get(ch)
            if rank is None:
                allowed = ", ".join([*pack.letters, "-"])
                raise OptionsError(
                    say(
                        "deal: {ch} is not a class letter of {pack} (use {allowed})",
                        ch=ch,
                        pack=pack.name,
                        allowed=allowed,
                    )
                )
            k = used[rank] = used.get(rank, 0) + 1
            if k > len(SPADE_FIRST):
                raise OptionsError(
                    say(
                        "deal: packet {n} asks for a {nth} {rank}",
                        n=n,
                        nth=ordinal(k),
                        rank=_(_RANK_WORD[rank]),
                    )
                )
            cards.append(Card(rank, SPADE_FIRST[k - 1]))
        out.append(tuple(cards))
    return out[0], out[1]


def _read_cards(pack: Pack, parts: list[str]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    in_pack = frozenset(pack.cards)
    seen: set[Card] = set()
    out: list[tuple[Card, ...]] = []
    for n, part in enumerate(parts, start=1):
        cards: list[Card] = []
        for token in part.replace(",", " ").split():
            try:
                card = parse_card(token)
            except NotationError as exc:
                raise OptionsError(
                    say("deal: packet {n}: {problem}", n=n, problem=str(exc))
                ) from None
            if card not in in_pack:
                raise OptionsError(
                    say("deal: {card} is not in the {pack} pack", card=card, pack=pack.name)
                )
            if card in seen:
                raise OptionsError(say("deal: {card} appears twice", card=card))
            seen.add(card)
            cards.append(card)
        out.append(tuple(cards))
    return out[0], out[1]


# --- options -------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True, slots=True)
class RubashkaOptions(GameOptions):
    pack: str = option(
        CAMICIA,
        label=N_("Pack"),
        help=N_(
            "camicia-40: 40 cards, A/2/3 demand 1/2/3; "
            "beggar-52: Beggar-my-neighbour, J/Q/K/A demand 1/2/3/4"
        ),
        choices=PACKS,
    )
    deal: str = option(
        "",
        label=N_("Given deal"),
        help=N_(
            "start from these packets instead of shuffling: 'K-/---' or 'K♠ 5♣/4♦ 6♦ 7♦', "
            "dealer's packet first, top card first"
        ),
        offered=False,
    )

    def __post_init__(self) -> None:
        validate_fields(self)
        if self.deal:
            read_deal(self.pack, self.deal)


# --- the move ------------------------------------------------------------------------------


class Flip(Move, says=N_("turn up your top card"), written="flip"):
    """Turn your top card face up onto the pile: the only move of the game."""

    def gesture(self) -> Gesture:
        # Pick your own packet (a click on it, or Enter with it under the cursor).
        return Gesture(packet(self.seat))


# --- events --------------------------------------------------------------------------------


def _cards_text(cards: tuple[CardFace, ...]) -> str:
    return " ".join(str(c) for c in cards)


class Dealt(Event):
    """The deal: packet sizes; ``given`` for a deal set by the ``deal`` option."""

    seat: Seat  # the dealer, who leads
    sizes: tuple[int, int]  # cards in the packets of seats 0 and 1
    given: bool

    def text(self) -> str:
        if not self.given and self.sizes[0] == self.sizes[1]:
            return say_n(
                "{who} deals {n} card to each player and leads",
                "{who} deals {n} cards to each player and leads",
                self.sizes[0],
                who=who(self.seat),
                n=self.sizes[0],
            )
        return say(
            "The game starts from a given deal: {a} holds {n0}, {b} holds {n1}; {who} leads",
            a=who(0),
            n0=self.sizes[0],
            b=who(1),
            n1=self.sizes[1],
            who=who(self.seat),
        )


class Flipped(Event):
    """``seat`` turned ``card`` up onto the pile.  ``demand``: what it demands (0 for a normal
    card); ``paying``: he owed cards before; ``owed``: what he (or, after an attack card, his
    opponent) owes now."""

    seat: Seat
    card: Card
    demand: int
    paying: bool
    owed: int

    @property
    def other(self) -> str:
        """The opponent's name placeholder."""
        return who(1 - self.seat)

    def text(self) -> str:
        if self.demand and self.paying:
            return said_n(
                N_n(
                    "{seat} turns up {card} and turns the attack: {other} must pay {demand} card",
                    "{seat} turns up {card} and turns the attack: {other} must pay {demand} cards",
                ),
                self,
                "demand",
            )
        if self.demand:
            return said_n(
                N_n(
                    "{seat} turns up {card}: {other} must pay {demand} card",
                    "{seat} turns up {card}: {other} must pay {demand} cards",
                ),
                self,
                "demand",
            )
        if self.paying and self.owed:
            return said_n(
                N_n(
                    "{seat} pays {card} ({owed} more to pay)",
                    "{seat} pays {card} ({owed} more to pay)",
                ),
                self,
                "owed",
            )
        if self.paying:
            return said(N_("{seat} pays {card}, the last card owed"), self)
        return said(N_("{seat} turns up {card}"), self)

    def moved(self) -> tuple[PileId, ...]:
        return (packet(self.seat), PILE)


class PileTaken(Event):
    """``seat`` takes the pile (all of it, face up: everyone saw it) under his packet."""

    seat: Seat
    cards: tuple[Card, ...] = words(_cards_text)  # in the order played

    says_n = N_n(
        "{seat} takes the pile ({n} card: {cards})", "{seat} takes the pile ({n} cards: {cards})"
    )
    counts = "cards"

    def moved(self) -> tuple[PileId, ...]:
        return (PILE, packet(self.seat))


class GameEnded(Event):
    """The game is over: one subclass per end rule, each with its ``ending`` tag."""

    ending: ClassVar[str] = ""


class OutOfCards(GameEnded):
    """§7 Loss: ``seat`` must turn a card and has none; his opponent wins."""

    seat: Seat  # the loser
    owed: int  # cards he owed (0: a free turn)

    ending: ClassVar[str] = "out-of-cards"

    def text(self) -> str:
        if self.owed:
            return say_n(
                "{who} owes {n} card and has none left: {other} wins",
                "{who} owes {n} cards and has none left: {other} wins",
                self.owed,
                who=who(self.seat),
                n=self.owed,
                other=who(1 - self.seat),
            )
        return say(
            "{who} must turn a card and has none left: {other} wins",
            who=who(self.seat),
            other=who(1 - self.seat),
        )


class LastCardTaken(GameEnded):
    """§7 Last card captured: ``seat``'s capture left his opponent without a card."""

    seat: Seat  # the winner

    ending: ClassVar[str] = "last-card-captured"

    def text(self) -> str:
        return say(
            "{other} has no cards left: {who} holds every card and wins",
            who=who(self.seat),
            other=who(1 - self.seat),
        )


class Repetition(GameEnded):
    """§7 Draw: this trick starts as an earlier one did, so play would cycle for ever.

    ``start_trick``: ``tricks_played`` when that key was first recorded; ``tricks`` and
    ``cards``: the growth of the two counters since (the cycle's length).
    """

    start_trick: int
    tricks: int
    cards: int

    ending: ClassVar[str] = "repetition"

    def text(self) -> str:
        return say(
            "Trick {now} starts exactly as trick {first} did: play would go round a cycle of "
            "{tricks} tricks and {cards} cards for ever. A draw",
            now=self.start_trick + self.tricks + 1,
            first=self.start_trick + 1,
            tricks=self.tricks,
            cards=self.cards,
        )


class TrickLimit(GameEnded):
    """§7 Backstop: ``TRICK_LIMIT`` tricks without a result."""

    ending: ClassVar[str] = "safety:trick-limit"

    def text(self) -> str:
        return say(
            "{n} tricks without a result: the game stops as a draw", n=number_text(TRICK_LIMIT)
        )


OUT_OF_CARDS = OutOfCards.ending
LAST_CARD = LastCardTaken.ending
REPETITION = Repetition.ending
TRICK_LIMIT_REACHED = TrickLimit.ending


@dataclass(frozen=True, slots=True)
class RubashkaOutcome(Outcome):
    """The outcome, with the counters and (after a draw by repetition) the cycle found."""

    cards_played: int = 0
    tricks_played: int = 0
    cycle_start_trick: int | None = None
    cycle_tricks: int | None = None
    cycle_cards: int | None = None


# --- state ---------------------------------------------------------------------------------


class Memory(NamedTuple):
    """The trick-start keys of a game so far (§7), known to the engine only.

    ``keys[i]`` is the key at the start of the trick begun when ``tricks_played`` was i;
    ``starts[i]`` the ``cards_played`` then; ``seen`` the keys as a set.
    """

    seen: frozenset[bytes]
    keys: tuple[bytes, ...]
    starts: tuple[int, ...]


NO_MEMORY = Memory(frozenset(), (), ())

T = TypeVar("T", Table, SeenTable)


class RubashkaState(NamedTuple, Generic[T]):
    """Everything about a game of Рубашка.  Only the table holds cards; the rest is public,
    but for ``memory``, which observations do not hold."""

    table: T  # piles packet(0), packet(1), PILE
    seed: int | None
    events: tuple[Event, ...]
    options: RubashkaOptions
    seats: int  # always 2
    dealer: Seat  # leads the first trick
    to_play: Seat | None  # whose flip is next; None once the game is over
    debt: int  # cards to_play still owes (0: none)
    attacker: Seat | None  # who is owed (None when debt is 0)
    leader: Seat  # who led the trick in play
    cards_played: int
    tricks_played: int
    in_play: int  # the cards of this game, a bit per card index (a given deal may hold fewer)
    how: str  # the ending tag ("" while the game lasts)
    winner: Seat | None  # None for a draw (or while the game lasts)
    cycle: tuple[int, int, int] | None  # (cycle_start_trick, cycle_tricks, cycle_cards)
    memory: Memory

    @property
    def over(self) -> bool:
        return self.to_play is None


FullRubashka = RubashkaState[Table]
SeenRubashka = RubashkaState[SeenTable]
