"""Seven Up in compact form, for playouts: :data:`KERNEL`.

The readable engine (``engine.py``) is the reference; this module plays the same rules on a
small mutable working copy, and the contract suite checks the two agree on every state it
visits (``tests/contract``).

Representation:

* a card is the engine's card index (``Card.index``, 0..51): its suit is ``card & 3`` (the
  order of ``SUITS``), its rank ``card // 4 + 1``; a suit is that int, ``-1`` for none;
* a seat or a party is an int, ``-1`` for none; a party is a side (``seat % 2``) with
  partnerships, else the seat;
* hands and the trick are lists of cards (the engine's order, the trick's lead first); the
  stock a tuple (top card last), changed only by running the cards;
* the won tricks are kept as what they count for, the game points of each party's pile; the
  record of plays as what High and Low need, the highest and lowest trump played and who
  played them;
* an action is an int: a card (played in the ``PLAY`` phase, discarded in ``DISCARD``), or
  one of ``STAND`` … ``NEXT`` (52 and up) for the other moves.

Left out, for the engine to do: events, what each seat may see, refusals of illegal moves,
the turn-up pile and the discard piles (they count for nothing), and the deal results of the
series (the outcome needs only the chips left).

Trick play on card indices (follow suit, trump, who takes the trick) is core's
(:mod:`cardsuite.core.tricks`), shared with Seven Leaves' kernel.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from cardsuite.core.cards import JACK, SUITS, Card, standard_deck
from cardsuite.core.kernel import DealsKernel, WorkingCopy, fields_loader
from cardsuite.core.moves import Move
from cardsuite.core.outcome import Outcome
from cardsuite.core.rng import shuffled
from cardsuite.core.series import NextDeal, Series
from cardsuite.core.tricks import follow_or_trump, strengths, trick_winner
from cardsuite.games.seven_up.model import (
    CHIPS_LEFT,
    DEALER,
    DISCARD,
    DONE,
    ELDEST,
    GAME_POINTS,
    GIVE,
    HAND_SIZE,
    PACKET,
    PLAY,
    STAND,
    STOCK,
    TRICK,
    VOID,
    Beg,
    Discard,
    FullSevenUp,
    Give,
    PlayCard,
    Redeal,
    Run,
    SevenUpOptions,
    SevenUpState,
    Stand,
    WentOut,
    hand,
    party_of,
    won,
)

# --- encoding -------------------------------------------------------------------------------

_DECK = standard_deck()
CARDS: tuple[Card, ...] = tuple(sorted(_DECK, key=lambda card: card.index))
GAME_POINT: tuple[int, ...] = tuple(GAME_POINTS.get(card.rank, 0) for card in CARDS)
JACK_OF: tuple[int, ...] = tuple(Card(JACK, suit).index for suit in SUITS)  # by suit

# The moves that are not a card, as actions.
STAND_A, BEG_A, GIVE_A, RUN_A, REDEAL_A, NEXT_A = range(52, 58)
_SPECIAL: dict[int, type[Move]] = {
    STAND_A: Stand,
    BEG_A: Beg,
    GIVE_A: Give,
    RUN_A: Run,
    REDEAL_A: Redeal,
}


class Setup:
    """What a set of options and a seat count fix for every match played with them: the
    options as plain values and the tables read at every step.  Shared by kernels."""

    __slots__ = (
        "begging", "eldest_leads", "key", "options", "parties", "partnerships", "party",
        "seats", "strength", "tie_to_eldest", "trick_points",
    )  # fmt: skip

    def __init__(self, options: SevenUpOptions, seats: int) -> None:
        self.options = options
        self.seats = seats
        self.partnerships = options.partnerships
        self.parties = 2 if options.partnerships else seats
        self.party = tuple(party_of(options, s) for s in range(seats))
        self.trick_points = options.trick_points
        self.eldest_leads = options.first_lead != DEALER
        self.tie_to_eldest = options.game_tie == ELDEST and self.parties == 2
        self.begging = options.begging
        self.strength = strengths(options.order, _DECK)
        self.key = (options, seats)


_SETUPS: dict[tuple[SevenUpOptions, int], Setup] = {}


def setup_of(options: SevenUpOptions, seats: int) -> Setup:
    setup = _SETUPS.get((options, seats))
    if setup is None:
        setup = _SETUPS[(options, seats)] = Setup(options, seats)
    return setup


class K(WorkingCopy):
    """The working copy of a match (see the module docstring for the encoding)."""

    __slots__ = (
        "between", "chips", "dealer", "hands", "high", "high_seat", "jack_taker", "leader",
        "low", "low_seat", "number", "phase", "points", "seed", "setup", "stock", "taker", "trick",
        "trumps", "turn", "voids", "won",
    )  # fmt: skip

    setup: Setup
    seed: int  # the match's seed: every deal's shuffle comes from it
    hands: list[list[int]]
    trick: list[int]
    won: list[int]  # game points in each party's won pile
    stock: tuple[int, ...]
    phase: int  # model.Phase
    turn: int
    leader: int
    taker: int  # the winner of the completed trick still lying in the trick, else -1
    trumps: int
    chips: list[int]  # per party
    points: list[int]  # points scored this deal, per party
    high: int  # the highest trump played this deal (-1: none) and its player
    high_seat: int
    low: int
    low_seat: int
    jack_taker: int
    dealer: int
    number: int  # the deal, counted from 0
    voids: int  # void deals redealt in this deal
    between: bool  # a deal is over and the next dealer is to deal


# --- load / copy / key ------------------------------------------------------------------------


def _indices(cards: Sequence[Card]) -> list[int]:
    return [card.index for card in cards]


_load_fields = fields_loader(K, SevenUpState, Series)


def load_state(state: FullSevenUp) -> K:
    assert state.seed is not None, "an observation cannot be played on"
    setup = setup_of(state.options, state.seats)
    table = state.table
    k = K()
    _load_fields(k, state, state.series)  # seed, voids; the deal's number, dealer, between
    k.setup = setup
    k.hands = [_indices(table.cards(hand(s))) for s in range(state.seats)]
    k.trick = _indices(table.cards(TRICK))
    k.won = [sum(GAME_POINT[c.index] for c in table.cards(won(p))) for p in range(setup.parties)]
    k.stock = tuple(_indices(table.cards(STOCK)))
    k.phase = int(state.phase)
    k.turn = -1 if state.turn is None else state.turn
    k.leader = -1 if state.leader is None else state.leader
    k.taker = -1 if state.taker is None else state.taker
    k.trumps = -1 if state.trumps is None else state.trumps.order
    k.chips = list(state.chips)
    k.points = list(state.deal_points)
    k.high = k.high_seat = k.low = k.low_seat = -1
    strength = setup.strength
    for seat, card in state.plays:
        c = card.index
        if c & 3 == k.trumps:
            if k.high < 0 or strength[c] > strength[k.high]:
                k.high, k.high_seat = c, seat
            if k.low < 0 or strength[c] < strength[k.low]:
                k.low, k.low_seat = c, seat
    k.jack_taker = -1 if state.jack_taker is None else state.jack_taker
    return k


def key_of(k: K) -> Hashable:
    return (
        k.setup.key,
        k.seed,
        tuple(tuple(h) for h in k.hands),
        tuple(k.trick),
        tuple(k.won),
        k.stock,
        k.phase,
        k.turn,
        k.leader,
        k.taker,
        k.trumps,
        tuple(k.chips),
        tuple(k.points),
        (k.high, k.high_seat, k.low, k.low_seat),
        k.jack_taker,
        (k.dealer, k.number, k.voids, k.between),
    )


# --- rules ------------------------------------------------------------------------------------


def first_leader(k: K) -> int:
    """Who leads the first trick: the dealer, or (option ``first_lead``) his left."""
    return (k.dealer + 1) % k.setup.seats if k.setup.eldest_leads else k.dealer


def point(k: K, seat: int) -> bool:
    """One point (a chip in the pot) for ``seat``'s party; True when it was its last chip:
    the match is over at once."""
    p = k.setup.party[seat]
    k.chips[p] -= 1
    k.points[p] += 1
    if k.chips[p] > 0:
        return False
    k.phase = DONE
    k.turn = -1
    k.between = False
    return True


def deal(k: K, *, keep_points: bool) -> None:
    """Shuffle (the engine's shuffle for this deal and void count) and deal 3 + 3 cards each
    from the dealer's left, the top card first; turn up the next card for trumps."""
    setup = k.setup
    seats = setup.seats
    stock = _indices(shuffled(_DECK, k.seed, "deal", k.number, k.voids))  # top = end
    dealer = k.dealer
    hands: list[list[int]] = [[] for _s in range(seats)]
    for _round in range(HAND_SIZE // PACKET):
        for i in range(1, seats + 1):
            hands[(dealer + i) % seats] += stock[-PACKET:][::-1]
            del stock[-PACKET:]
    turned = stock.pop()
    k.hands = hands
    k.stock = tuple(stock)
    k.trick = []
    k.won = [0] * setup.parties
    k.trumps = turned & 3
    if not keep_points:
        k.points = [0] * setup.parties
    k.high = k.high_seat = k.low = k.low_seat = -1
    k.jack_taker = -1
    k.leader = k.taker = -1
    k.between = False
    if setup.begging:
        k.phase, k.turn = STAND, (dealer + 1) % seats
    else:
        k.phase, k.turn = PLAY, first_leader(k)
    if turned == JACK_OF[turned & 3]:
        point(k, dealer)


def run_cards(k: K) -> None:
    """Begging, the dealer runs: three more cards each and a new turn-up, again while it is of
    the old trump suit; a pack too short for a step makes the deal void."""
    seats = k.setup.seats
    dealer = k.dealer
    stock = list(k.stock)
    old = k.trumps
    while True:
        if len(stock) < PACKET * seats + 1:
            k.phase, k.turn = VOID, dealer
            break
        for i in range(1, seats + 1):
            k.hands[(dealer + i) % seats] += stock[-PACKET:][::-1]
            del stock[-PACKET:]
        card = stock.pop()
        if card & 3 == old:
            continue  # set aside
        k.trumps = card & 3
        k.phase, k.turn = DISCARD, (dealer + 1) % seats
        if card == JACK_OF[card & 3]:
            point(k, dealer)
        break
    k.stock = tuple(stock)


def end_of_deal(k: K) -> None:
    """After the sixth trick: High, Low, Jack and Game, one point at a time (the match may end
    at any of them); then the deal is over."""
    setup = k.setup
    if k.high >= 0:
        if point(k, k.high_seat) or point(k, k.low_seat):
            return
        if k.jack_taker >= 0 and point(k, k.jack_taker):
            return
    totals = k.won[:]
    if k.taker >= 0:
        totals[setup.party[k.taker]] += sum(GAME_POINT[c] for c in k.trick)
    best = max(totals)
    leaders = [p for p in range(setup.parties) if totals[p] == best]
    if len(leaders) > 1 and setup.tie_to_eldest:
        leaders = [1 - setup.party[k.dealer]]
    if len(leaders) == 1 and point(k, leaders[0]):  # party p's first seat is seat p
        return
    k.phase = DONE
    k.turn = -1
    k.between = True


# --- play -------------------------------------------------------------------------------------


class SevenUpKernel(DealsKernel[K, int]):
    """Seven Up's rules on :class:`K` (see the module docstring)."""

    load = staticmethod(load_state)
    key = staticmethod(key_of)

    def next_dealer(self, kernel: K) -> int:
        return (kernel.dealer + 1) % kernel.setup.seats

    def legal(self, kernel: K, seat: int) -> Sequence[int]:
        if seat != kernel.turn:
            if kernel.between and seat == (kernel.dealer + 1) % kernel.setup.seats:
                return [NEXT_A]
            return []
        phase = kernel.phase
        if phase == PLAY:
            held = kernel.hands[seat]
            trick = kernel.trick
            if kernel.taker >= 0 or not trick:
                return held[:]  # a lead: any card
            return follow_or_trump(held, trick[0] & 3, kernel.trumps)
        if phase == DISCARD:
            return kernel.hands[seat][:]
        if phase == STAND:
            return [STAND_A, BEG_A]
        if phase == GIVE:
            beggar = (seat + 1) % kernel.setup.seats
            if kernel.chips[kernel.setup.party[beggar]] > 1:
                return [GIVE_A, RUN_A]
            return [RUN_A]
        return [REDEAL_A]  # VOID

    def play(self, kernel: K, action: int) -> K:
        if action >= 52:
            return self._other(kernel, action)
        k = kernel
        seat = k.turn
        if k.phase != PLAY:  # DISCARD, after a run: down to six, in turn from the left
            k.hands[seat].remove(action)
            seats = k.setup.seats
            eldest = (k.dealer + 1) % seats
            hands = k.hands
            while len(hands[seat]) <= HAND_SIZE:
                seat = (seat + 1) % seats
                if seat == eldest:
                    k.phase = PLAY
                    seat = first_leader(k)
                    break
            k.turn = seat
            return k
        setup = k.setup
        trick = k.trick
        if k.taker >= 0:  # the last trick goes to its winner's pile as he leads again
            k.won[setup.party[k.taker]] += sum([GAME_POINT[c] for c in trick])
            trick.clear()
            k.taker = -1
        if not trick or k.leader < 0:
            k.leader = seat
        k.hands[seat].remove(action)
        trick.append(action)
        trumps = k.trumps
        if action & 3 == trumps:
            strength = setup.strength
            s = strength[action]
            if k.high < 0 or s > strength[k.high]:
                k.high, k.high_seat = action, seat
            if k.low < 0 or s < strength[k.low]:
                k.low, k.low_seat = action, seat
        seats = setup.seats
        if len(trick) < seats:
            k.turn = (seat + 1) % seats
            return k
        winner = (k.leader + trick_winner(trick, trumps, setup.strength)) % seats
        if trumps >= 0 and JACK_OF[trumps] in trick:
            k.jack_taker = winner
        k.taker = winner
        k.turn = winner
        if setup.trick_points and point(k, winner):
            return k
        if not k.hands[winner]:
            end_of_deal(k)
        return k

    def _other(self, k: K, action: int) -> K:
        seats = k.setup.seats
        if action == NEXT_A:
            k.number += 1
            k.dealer = (k.dealer + 1) % seats
            k.voids = 0
            deal(k, keep_points=False)
        elif action == REDEAL_A:
            k.voids += 1
            deal(k, keep_points=True)
        elif action == STAND_A:
            k.phase, k.turn = PLAY, first_leader(k)
        elif action == BEG_A:
            k.phase, k.turn = GIVE, k.dealer
        elif action == GIVE_A:
            k.phase, k.turn = PLAY, first_leader(k)
            point(k, (k.dealer + 1) % seats)
        else:  # RUN_A
            run_cards(k)
        return k

    def move(self, kernel: K, action: int) -> Move:
        if action == NEXT_A:
            return NextDeal((kernel.dealer + 1) % kernel.setup.seats)
        if action >= 52:
            return _SPECIAL[action](kernel.turn)
        if kernel.phase == DISCARD:
            return Discard(kernel.turn, CARDS[action])
        return PlayCard(kernel.turn, CARDS[action])

    def outcome(self, kernel: K) -> Outcome | None:
        if kernel.phase != DONE or kernel.between:
            return None
        setup = kernel.setup
        chips = tuple(kernel.chips[setup.party[s]] for s in range(setup.seats))
        out = kernel.chips.index(0)  # the party that put in its last chip
        went_out = WentOut(out, out + 2) if setup.partnerships else WentOut(out)
        sides: tuple[frozenset[int], ...]
        if setup.partnerships:
            sides = (frozenset({0, 2}), frozenset({1, 3}))
        else:
            sides = tuple(frozenset({s}) for s in range(setup.seats))
        return Outcome.from_scores(
            chips,
            went_out.text(),
            higher_wins=False,
            sides=sides,
            ending="last-chip",
            measure=CHIPS_LEFT,
        )


KERNEL = SevenUpKernel()
