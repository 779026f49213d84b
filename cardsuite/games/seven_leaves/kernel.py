"""Seven Leaves in compact form, for playouts: :data:`KERNEL`.

The readable engine (``engine.py``) is the reference; this module plays the same rules on a
small mutable working copy, and the contract suite checks the two agree on every state it
visits (``tests/contract``).

Representation:

* a card is the engine's card index (``Card.index``; the 36-card pack uses 24 of 0..51): its
  suit is ``card & 3``, as in Seven Up's kernel, whose trick-play helpers this one uses;
* a seat is an int, ``-1`` for none; the players of the deal (``active``) a tuple, and the
  play order of a trick led by each seat (``rounds[leader]``) a tuple made once per set of
  players;
* hands and the trick are lists of cards (the engine's order, the trick's lead first); the
  per-seat counts (tricks of the game and of the deal, the deal each seat went safe in, games
  lost, noses) are lists of ints;
* an action is an int: a card to play, ``CUT_A + k`` for the loser's cut at the k-th card, or
  ``NEXT_A`` for the next deal.

Left out, for the engine to do: events, what each seat may see (the won tricks face down, the
dealer's turned card shown), refusals, the undealt pack and the won piles (every deal and the
cut are shuffled afresh from the seed, and the tricks won are counted in ``deal_tricks``), and
the deal results of the series.  The outcome is the engine's own, asked of a state rebuilt
from the kernel's counts.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from cardsuite.core.cards import Card
from cardsuite.core.kernel import DealsKernel, WorkingCopy, fields_loader
from cardsuite.core.moves import Move
from cardsuite.core.outcome import Outcome
from cardsuite.core.rng import shuffled
from cardsuite.core.series import NextDeal, Series
from cardsuite.core.tricks import follow_then_trump, strengths, trick_winner
from cardsuite.games.seven_leaves import GAME
from cardsuite.games.seven_leaves.model import (
    COUNT,
    CUT_PHASE,
    DECK,
    DONE,
    HAND_SIZE,
    ORDER,
    PLAY,
    TRICK,
    CutPack,
    FullSevenLeaves,
    Penalty,
    PlayCard,
    SevenLeavesOptions,
    SevenLeavesState,
    deal_verdict,
    flicks_of,
    hand,
    next_of,
)

# --- encoding -------------------------------------------------------------------------------

CARDS: dict[int, Card] = {card.index: card for card in DECK}
STRENGTH = strengths(ORDER, DECK)
CUT_POINTS = len(DECK) - 1  # the cut: k = 1 … 35 from the top
CUT_A = 100  # CUT_A + k: cut at the k-th card
NEXT_A = 99
CUTS = tuple(range(CUT_A + 1, CUT_A + CUT_POINTS + 1))

_ROUNDS: dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], ...]] = {}


def rounds_of(players: tuple[int, ...], seats: int) -> tuple[tuple[int, ...], ...]:
    """For each seat as leader, ``players`` in play order clockwise from it (made once)."""
    rounds = _ROUNDS.get((players, seats))
    if rounds is None:
        rounds = _ROUNDS[(players, seats)] = tuple(
            tuple(s for s in ((leader + i) % seats for i in range(seats)) if s in players)
            for leader in range(seats)
        )
    return rounds


class K(WorkingCopy):
    """The working copy of a match (see the module docstring for the encoding)."""

    __slots__ = (
        "active", "between", "coming", "coming_playoff", "deal", "deal_tricks", "dealer",
        "ending", "game", "hands", "leader", "loser", "losses", "noses", "number", "options",
        "penalties", "phase", "playoff", "root", "rounds", "safe_at", "seats", "seed", "taker",
        "trick", "tricks", "trumps", "turn",
    )  # fmt: skip

    root: FullSevenLeaves  # the state loaded, to rebuild a state for the outcome
    options: SevenLeavesOptions
    seats: int
    seed: int
    hands: list[list[int]]
    trick: list[int]
    phase: int  # model.Phase
    turn: int
    leader: int
    taker: int  # the winner of the completed trick still lying in the trick, else -1
    trumps: int
    active: tuple[int, ...]
    rounds: tuple[tuple[int, ...], ...]  # rounds_of(active)
    playoff: bool
    coming: tuple[int, ...]  # between deals of a game: the next deal's players
    coming_playoff: bool
    tricks: list[int]  # this game's totals, per seat
    deal_tricks: list[int]
    safe_at: list[int]
    loser: int
    ending: str
    losses: list[int]
    noses: list[int]
    penalties: tuple[Penalty, ...]
    game: int  # 0-based
    deal: int  # 1-based, in this game
    number: int  # the series' deal number, 0-based over the match
    dealer: int
    between: bool


# --- load / copy / key ------------------------------------------------------------------------


_load_fields = fields_loader(K, SevenLeavesState, Series)


def load_state(state: FullSevenLeaves) -> K:
    assert state.seed is not None, "an observation cannot be played on"
    table = state.table
    k = K()
    _load_fields(k, state, state.series)  # options, seats, seed, the players, the counts …
    k.root = state
    k.hands = [[c.index for c in table.cards(hand(s))] for s in range(state.seats)]
    k.trick = [c.index for c in table.cards(TRICK)]
    k.phase = int(state.phase)
    k.turn = -1 if state.turn is None else state.turn
    k.leader = -1 if state.leader is None else state.leader
    k.taker = -1 if state.taker is None else state.taker
    k.trumps = -1 if state.trumps is None else state.trumps.order
    k.rounds = rounds_of(state.active, state.seats)
    k.tricks = list(state.tricks)
    k.deal_tricks = list(state.deal_tricks)
    k.safe_at = list(state.safe_at)
    k.loser = -1 if state.loser is None else state.loser
    k.losses = list(state.losses)
    k.noses = list(state.noses)
    return k


def key_of(k: K) -> Hashable:
    return (
        (k.options, k.seats, k.seed),
        tuple(tuple(h) for h in k.hands),
        tuple(k.trick),
        (k.phase, k.turn, k.leader, k.taker, k.trumps),
        (k.active, k.playoff, k.coming, k.coming_playoff),
        tuple(k.tricks),
        tuple(k.deal_tricks),
        tuple(k.safe_at),
        (k.loser, k.ending),
        tuple(k.losses),
        tuple(k.noses),
        k.penalties,
        (k.game, k.deal, k.number, k.dealer, k.between),
    )


# --- rules ------------------------------------------------------------------------------------


def next_dealer(k: K) -> int:
    """Who deals next: the loser at a new game, else the next player of the coming deal."""
    if k.loser >= 0:
        return k.loser
    return next_of(k.coming, k.dealer, k.seats)


def deal(k: K) -> None:
    """Shuffle (the engine's shuffle for this deal of the match) and deal seven cards each to
    the players, one at a time from the dealer's left; the dealer's last card makes trumps."""
    seats = k.seats
    stock = shuffled(DECK, k.seed, "deal", k.number)  # the top is the end
    first = next_of(k.active, k.dealer, seats)
    order = k.rounds[first]
    n = len(order)
    dealt = [card.index for card in stock[-HAND_SIZE * n :][::-1]]  # the top first
    hands: list[list[int]] = [[] for _s in range(seats)]
    for j, s in enumerate(order):
        hands[s] = dealt[j::n]
    k.hands = hands
    k.trick = []
    k.phase = PLAY
    k.turn = first
    k.leader = k.taker = -1
    k.trumps = hands[k.dealer][-1] & 3
    k.coming = ()
    k.coming_playoff = False
    k.deal_tricks = [0] * seats
    k.loser = -1
    k.ending = ""


def next_deal(k: K) -> None:
    """The next deal of the game, or the first of the next game (everyone in, at 0 tricks,
    the loser dealing)."""
    k.dealer = next_dealer(k)
    k.number += 1
    k.between = False
    seats = k.seats
    if k.loser >= 0:
        k.game += 1
        k.deal = 1
        k.active = tuple(range(seats))
        k.playoff = False
        k.tricks = [0] * seats
        k.safe_at = [0] * seats
    else:
        k.deal += 1
        k.active = k.coming
        k.playoff = k.coming_playoff
    k.rounds = rounds_of(k.active, seats)
    deal(k)


def end_of_deal(k: K) -> None:
    """After the seventh trick: who goes safe, who loses, who plays on (or off)."""
    v = deal_verdict(
        k.active,
        k.tricks,
        k.deal_tricks,
        k.playoff,
        k.options.target_tricks,
        k.deal,
        k.dealer,
        k.seats,
    )
    for s in v.safe:
        k.safe_at[s] = k.deal
    loser = -1 if v.loser is None else v.loser
    next_active, playoff, ending = v.coming, v.playoff, v.ending
    k.phase, k.turn = DONE, -1
    k.coming_playoff = playoff
    k.loser = loser
    if loser < 0:
        k.between = True
        k.coming = next_active
        k.ending = ""
        return
    k.coming = ()
    k.ending = ending
    k.losses[loser] += 1
    if k.options.penalty_display == COUNT:
        k.between = False  # the match waits for the loser's cut
        k.phase, k.turn = CUT_PHASE, loser
    else:
        k.between = k.game + 1 < k.options.games


def cut(k: K, at: int) -> None:
    """The loser's penalty: the whole pack shuffled afresh, the ``at``-th card from the top."""
    pack = shuffled(DECK, k.seed, "cut", k.game)  # the top is the end
    card = pack.pop(len(pack) - at)
    flicks = flicks_of(card)
    seat = k.turn
    k.noses[seat] += flicks
    k.penalties = (*k.penalties, Penalty(k.game, seat, at, card, flicks))
    k.hands = [[] for _s in range(k.seats)]
    k.trick = []
    k.phase, k.turn = DONE, -1
    k.leader = k.taker = -1
    if k.game + 1 < k.options.games:
        k.between = True  # the next game, dealt by the loser


# --- play -------------------------------------------------------------------------------------


class SevenLeavesKernel(DealsKernel[K, int]):
    """Seven Leaves' rules on :class:`K` (see the module docstring)."""

    load = staticmethod(load_state)
    key = staticmethod(key_of)

    def next_dealer(self, kernel: K) -> int:
        return next_dealer(kernel)

    def legal(self, kernel: K, seat: int) -> Sequence[int]:
        if seat == kernel.turn:
            if kernel.phase != PLAY:
                return CUTS  # the loser's cut
            held = kernel.hands[seat]
            trick = kernel.trick
            if kernel.taker >= 0 or not trick:
                return held[:]  # a lead: any card
            return follow_then_trump(held, trick[0] & 3, kernel.trumps)
        if kernel.between and seat == next_dealer(kernel):
            return [NEXT_A]
        return []

    def play(self, kernel: K, action: int) -> K:
        k = kernel
        if action >= NEXT_A:
            if action == NEXT_A:
                next_deal(k)
            else:
                cut(k, action - CUT_A)
            return k
        seat = k.turn
        trick = k.trick
        if k.taker >= 0:  # the last trick goes face down to its winner as he leads again
            trick.clear()
            k.taker = -1
        if not trick or k.leader < 0:
            k.leader = seat
        k.hands[seat].remove(action)
        trick.append(action)
        order = k.rounds[k.leader]
        if len(trick) < len(k.active):
            k.turn = order[len(trick)]
            return k
        winner = order[trick_winner(trick, k.trumps, STRENGTH)]
        k.deal_tricks[winner] += 1
        if not k.playoff:
            k.tricks[winner] += 1
        k.turn = winner
        k.taker = winner
        if not k.hands[winner]:
            end_of_deal(k)
        return k

    def move(self, kernel: K, action: int) -> Move:
        if action == NEXT_A:
            return NextDeal(next_dealer(kernel))
        if action > CUT_A:
            return CutPack(kernel.turn, action - CUT_A)
        return PlayCard(kernel.turn, CARDS[action])

    def outcome(self, kernel: K) -> Outcome | None:
        k = kernel
        if k.phase != DONE or k.between:
            return None
        # The engine's outcome, of a state holding what it reads: the counts and the end.
        state = k.root._replace(
            series=Series(0, k.number, k.dealer, (), False),
            phase=DONE,
            turn=None,
            game=k.game,
            tricks=tuple(k.tricks),
            safe_at=tuple(k.safe_at),
            loser=None if k.loser < 0 else k.loser,
            ending=k.ending,
            losses=tuple(k.losses),
            noses=tuple(k.noses),
            penalties=k.penalties,
        )
        return GAME.load().outcome(state)


KERNEL = SevenLeavesKernel()
