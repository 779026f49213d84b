"""Russian Bank in compact form, for playouts: :data:`KERNEL`.

The same rules as ``engine.py`` on a mutable working copy (see :mod:`cardsuite.core.kernel`).
The engine is the reference: the contract suite loads this kernel from every state of its
random games and checks that both list the same moves and reach the same states.

Representation:

* **Cards** are the engine's card indices (``Card.index``: the face ``(rank - 1) * 4 + suit``
  plus 53 for the second player's deck), so a card keeps its back.  The rules only look at
  the face, through tables built at import from the engine's own building rules.
* **Piles** are Python lists at the engine's positions (``model.PILE_IDS``): seat s's reserve,
  hand, hand card and waste at ``4s`` … ``4s + 3``, the houses at 8 … 15, the foundations at
  16 … 23 and the cards set aside at 24; the top card is the last.
* **What the piles want** is kept up to date as cards move, so that listing the moves costs a
  look-up or two per source card: ``w[face]`` lists the foundations and houses that take a card
  of that face now (an empty foundation is listed under each of the four Aces), ``he`` the
  empty houses, and ``cnt[s]`` counts the cards in seat s's reserve, hand, hand card and waste
  (the win and the draw rule's low).
* **Seats** are 0 and 1; the phase is the engine's ``Phase`` as an int.
* **Actions** are ints: ``src << 5 | tgt`` plays the top card of pile ``src`` onto pile
  ``tgt``; ``STOP_PLACE | src << 5 | tgt`` is the Stop caller's placement; ``DISCARD`` and
  ``END_TURN`` end the turn.

Left out, since the engine does them: events, hiding (the kernel is loaded from the full
state), the refusals and their reasons, and the notes the table keeps of the last Stop (who
missed which cards and which one went up: they are for the players to read and never change
what may be played; during a Stop the violator is the seat not to move).  There is one deal
per match.  The outcome is the engine's own, asked of the state the kernel stands for.

Sections: encoding; load and key (``WorkingCopy`` copies); the rules (which moves there
are); play (and the kernel itself, whose ``legal`` and ``play`` run at every step).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import cast

from cardsuite.core.building import FACES
from cardsuite.core.cards import ACE, Card, standard_deck
from cardsuite.core.kernel import Kernel, WorkingCopy, fields_loader
from cardsuite.core.outcome import Outcome
from cardsuite.core.table import Table
from cardsuite.games.russian_bank import GAME
from cardsuite.games.russian_bank.engine import FOUNDATION, HOUSE, LOAD, RussianBank
from cardsuite.games.russian_bank.model import (
    AUTO,
    BLOCK,
    CARD_AT,
    FOUNDS_AT,
    HAND_AT,
    HOUSES_AT,
    MAX_TURNS,
    NO_PROGRESS,
    NO_PROGRESS_TURNS,
    OVER,
    PILE_IDS,
    PLAY,
    RESERVE_AT,
    STOP,
    TURN_LIMIT,
    TURN_MOVE_CAP,
    WASTE_AT,
    WIN,
    Discard,
    EndTurn,
    FullRussianBank,
    Phase,
    Play,
    RussianBankMove,
    RussianBankOptions,
    RussianBankState,
    StopPlace,
)

RUSSIAN_BANK = cast(RussianBank, GAME.load())  # the engine the registry made from the class

# --- encoding ------------------------------------------------------------------------------

# The positions the arithmetic below relies on.
assert RESERVE_AT == (0, 4) and HAND_AT == (1, 5) and CARD_AT == (2, 6) and WASTE_AT == (3, 7)
HOUSE0 = 8  # the first house; below it, the seats' own piles
FOUND0 = 16  # the first foundation
assert list(HOUSES_AT) == list(range(HOUSE0, FOUND0)) and list(FOUNDS_AT) == list(range(FOUND0, 24))
assert len(PILE_IDS) == 25
_PLAY, _STOP, _OVER = int(PLAY), int(STOP), int(OVER)

STOP_PLACE = 512  # flag of the Stop placement (a play's action is below it)
DISCARD = 1024
END_TURN = 1025

# Where seat s plays from: his reserve, his hand card, then the houses.
SOURCES = tuple((4 * s, 4 * s + 2, *HOUSES_AT) for s in range(2))
_MOVERS: tuple[tuple[int, ...], ...] = ((0,), (1,))

CARDS: tuple[Card, ...] = tuple(
    sorted(standard_deck(back=0) + standard_deck(back=1), key=lambda card: card.index)
)
assert [card.index for card in CARDS] == [*range(52), *range(53, 105)]
_SIZE = 105  # card indices run below this (index 52, the first deck's joker, is unused)
CARD_OF: dict[int, Card] = {card.index: card for card in CARDS}

NOTHING = FACES - 1  # the bucket of faces nobody asks for: what a King on a foundation takes
ACE_FACES = tuple(c.index for c in CARDS[:52] if c.rank == ACE)
assert FOUNDATION.base == ACE


def _next_face(faces: frozenset[int]) -> int:
    assert len(faces) <= 1  # up in suit: one card, or none on a King
    return min(faces, default=NOTHING)


# Per card index, from the engine's own building rules: its face; the face a foundation with
# it on top takes next; the faces a house with it on top takes; the faces that may be loaded
# onto it.
FACE = [i % FACES for i in range(_SIZE)]
F_NEXT = [_next_face(FOUNDATION.onto[f]) for f in FACE]
H_TAKES = [tuple(sorted(HOUSE.onto[f])) for f in FACE]
L_TAKES = [LOAD.onto[f] for f in FACE]
NO_FACES: frozenset[int] = frozenset()


class RussianBankKernel(WorkingCopy):
    """One game in compact form (see the module docstring): copied slot by slot by
    ``WorkingCopy``, but keyed by :func:`key`, as the order within ``w`` and ``he`` depends on
    the way play went."""

    __slots__ = (
        "best",
        "blocks",
        "cnt",
        "ending",
        "he",
        "loading",
        "mark",
        "moves",
        "options",
        "p",
        "phase",
        "stops",
        "turn",
        "turns",
        "w",
        "winner",
    )  # fmt: skip

    p: list[list[int]]  # the piles, by the engine's positions
    w: list[list[int]]  # per face, the foundations and houses that take it
    he: list[int]  # the empty houses
    cnt: list[int]  # per seat, the cards in his reserve, hand, hand card and waste
    phase: int
    turn: int
    moves: int  # moves made in this turn
    turns: int  # turns ended
    mark: int  # the turns count from which the draw rule counts
    best: int  # the fewest cards there ever were in both seats' own piles
    winner: int | None
    ending: str
    options: RussianBankOptions
    loading: bool  # options.loading
    stops: bool  # compulsory foundation plays, and a miss calls Stop
    blocks: bool  # compulsory foundation plays, and a miss is refused


# --- load and key --------------------------------------------------------------------------


_load_fields = fields_loader(RussianBankKernel, RussianBankState)


def load(state: FullRussianBank) -> RussianBankKernel:
    k = RussianBankKernel()
    _load_fields(k, state)  # options, the turn, the counts, the winner, the ending
    p = k.p = [[card.index for card in pile] for pile in state.table.piles]
    w: list[list[int]] = [[] for _ in range(FACES)]
    for f in FOUNDS_AT:
        for face in (F_NEXT[p[f][-1]],) if p[f] else ACE_FACES:
            w[face].append(f)
    k.he = []
    for h in HOUSES_AT:
        if p[h]:
            for face in H_TAKES[p[h][-1]]:
                w[face].append(h)
        else:
            k.he.append(h)
    k.w = w
    k.cnt = [sum(len(p[at]) for at in range(4 * s, 4 * s + 4)) for s in range(2)]
    k.phase = int(state.phase)
    opts = state.options
    k.loading = opts.loading
    k.stops = opts.compulsory_foundation and opts.stop_mode == AUTO
    k.blocks = opts.compulsory_foundation and opts.stop_mode == BLOCK
    return k


def key(k: RussianBankKernel) -> Hashable:
    # w, he and cnt follow from the piles (and the order within their lists matters nowhere).
    return (
        tuple(tuple(pile) for pile in k.p),
        k.phase,
        k.turn,
        k.moves,
        k.turns,
        k.mark,
        k.best,
        k.winner,
        k.ending,
        k.options,
    )


def state_of(k: RussianBankKernel) -> FullRussianBank:
    """The engine's state the kernel stands for, without its events and Stop notes (for the
    engine's own outcome)."""
    piles = tuple(tuple(CARD_OF[c] for c in pile) for pile in k.p)
    return RussianBankState(
        table=Table(RUSSIAN_BANK.layout(), piles, ()),
        seed=None,
        events=(),
        options=k.options,
        seats=2,
        phase=Phase(k.phase),
        turn=k.turn,
        first=0,
        moves=k.moves,
        turns=k.turns,
        mark=k.mark,
        best=k.best,
        violator=1 - k.turn if k.phase == _STOP else None,
        missed=(),
        placed=None,
        winner=k.winner,
        ending=k.ending,
    )


# --- rules ---------------------------------------------------------------------------------


def founds(k: RussianBankKernel, seat: int, flag: int) -> list[int]:
    """Every foundation play open to ``seat`` (his reserve top, his hand card, the house tops),
    as actions marked with ``flag``: what a Stop and the ``block`` mode look for."""
    p, w = k.p, k.w
    out: list[int] = []
    for src in SOURCES[seat]:
        pile = p[src]
        if pile:
            base = flag | src << 5
            for t in w[FACE[pile[-1]]]:
                if t >= FOUND0:
                    out.append(base | t)
    return out


# --- play ----------------------------------------------------------------------------------


def _onto_house(k: RussianBankKernel, h: int, c: int) -> None:
    """Card c has just gone on house h."""
    w = k.w
    pile = k.p[h]
    if len(pile) == 1:
        k.he.remove(h)
    else:
        for face in H_TAKES[pile[-2]]:
            w[face].remove(h)
    for face in H_TAKES[c]:
        w[face].append(h)


def _off_house(k: RussianBankKernel, h: int, c: int) -> None:
    """Card c has just left house h."""
    w = k.w
    for face in H_TAKES[c]:
        w[face].remove(h)
    pile = k.p[h]
    if pile:
        for face in H_TAKES[pile[-1]]:
            w[face].append(h)
    else:
        k.he.append(h)


def _onto_foundation(k: RussianBankKernel, f: int, c: int) -> None:
    """Card c has just gone on foundation f: progress, for the draw rule."""
    w = k.w
    pile = k.p[f]
    if len(pile) == 1:
        for ace in ACE_FACES:
            w[ace].remove(f)
    else:
        w[F_NEXT[pile[-2]]].remove(f)
    w[F_NEXT[c]].append(f)
    k.mark = k.turns + 1


def _turn_up(k: RussianBankKernel, seat: int) -> None:
    """Turn the top hand card up, turning the waste over as the hand first when it is empty;
    nothing when both are empty."""
    p = k.p
    at = 4 * seat
    hand = p[at + 1]
    if not hand:
        hand = p[at + 3]
        if not hand:
            return
        hand.reverse()
        p[at + 1] = hand
        p[at + 3] = []
    p[at + 2] = [hand.pop()]


def _end_turn(k: RussianBankKernel, seat: int) -> None:
    """The turn of ``seat`` is over: the draw rules, then the opponent's turn begins."""
    k.turns = turns = k.turns + 1
    if turns - k.mark >= NO_PROGRESS_TURNS:
        k.phase, k.ending = _OVER, NO_PROGRESS
    elif turns >= MAX_TURNS:
        k.phase, k.ending = _OVER, TURN_LIMIT
    else:
        k.turn = 1 - seat
        k.moves = 0
        k.phase = _PLAY
        _turn_up(k, 1 - seat)


def _discard(k: RussianBankKernel, seat: int) -> None:
    p = k.p
    p[4 * seat + 3].append(p[4 * seat + 2].pop())


def _won(k: RussianBankKernel, seat: int) -> None:
    k.phase, k.winner, k.ending = _OVER, seat, WIN


def _after_decrease(k: RussianBankKernel) -> None:
    """The seats' own piles hold a card fewer: a new low is a progress of the draw rule."""
    total = k.cnt[0] + k.cnt[1]
    if total < k.best:
        k.best = total
        k.mark = k.turns + 1


# --- the kernel ----------------------------------------------------------------------------


class RussianBankRules(Kernel[RussianBankKernel, int]):
    """Russian Bank's kernel: the functions above as the methods of a :class:`Kernel`; the
    two that run at every step, ``legal`` and ``play``, are written out here (a call less)."""

    def load(self, state: FullRussianBank) -> RussianBankKernel:
        return load(state)

    def key(self, kernel: RussianBankKernel) -> Hashable:
        return key(kernel)

    def to_move(self, kernel: RussianBankKernel) -> Sequence[int]:
        return () if kernel.phase == _OVER else _MOVERS[kernel.turn]

    def legal(self, kernel: RussianBankKernel, seat: int) -> Sequence[int]:
        k = kernel
        if k.phase or seat != k.turn:
            if k.phase == _STOP and seat == k.turn:
                return founds(k, 1 - seat, STOP_PLACE)  # the caller plays the violator's cards
            return ()
        if k.blocks:
            forced = founds(k, seat, 0)
            if forced:
                return forced
        p, w, he = k.p, k.w, k.he
        o = 4 - 4 * seat  # the opponent's reserve; his waste is at o + 3
        lr = lw = NO_FACES  # the faces his reserve top and waste top take
        if k.loading:
            pile = p[o]
            if pile:
                lr = L_TAKES[pile[-1]]
            pile = p[o + 3]
            if pile:
                lw = L_TAKES[pile[-1]]
        out: list[int] = []
        add = out.append
        for src in SOURCES[seat]:
            pile = p[src]
            if pile:
                face = FACE[pile[-1]]
                base = src << 5
                for t in w[face]:  # never src itself: a house top does not take its own face
                    add(base | t)
                if he and (src < HOUSE0 or len(pile) > 1):  # a lone house card stays put
                    for h in he:
                        add(base | h)
                if face in lr:
                    add(base | o)
                if face in lw:
                    add(base | o + 3)
        add(DISCARD if p[4 * seat + 2] else END_TURN)
        return out

    def play(self, kernel: RussianBankKernel, action: int) -> RussianBankKernel:
        k, a = kernel, action
        seat = k.turn
        if a < STOP_PLACE:
            src = a >> 5
            tgt = a & 31
            if k.stops and tgt < FOUND0 and founds(k, seat, 0):
                k.phase, k.turn = _STOP, 1 - seat  # a missed foundation play: Stop!
                return k
            p = k.p
            c = p[src].pop()
            p[tgt].append(c)
            k.moves += 1
            cnt = k.cnt
            if tgt >= FOUND0:
                _onto_foundation(k, tgt, c)
            elif tgt >= HOUSE0:
                _onto_house(k, tgt, c)
            else:
                cnt[tgt >> 2] += 1  # loaded onto the opponent
            if src >= HOUSE0:
                _off_house(k, src, c)
            else:
                cnt[seat] -= 1
                if src & 3 == 2:
                    _turn_up(k, seat)
                if tgt >= HOUSE0:
                    _after_decrease(k)
            # Emptying one's own piles wins.  (The engine asks after a card has left them, at
            # the move cap, and in Stop mode after a play elsewhere than a foundation: which
            # matters only in a position where the seat to move has no cards to begin with.)
            if not cnt[seat] and (
                src < HOUSE0 or k.moves >= TURN_MOVE_CAP or (k.stops and tgt < FOUND0)
            ):
                _won(k, seat)
            elif k.moves >= TURN_MOVE_CAP:  # the hand card goes to the waste by itself
                if p[4 * seat + 2]:
                    _discard(k, seat)
                _end_turn(k, seat)
            return k
        if a >= DISCARD:
            if k.stops and founds(k, seat, 0):
                k.phase, k.turn = _STOP, 1 - seat
                return k
            if a == DISCARD:
                _discard(k, seat)
            _end_turn(k, seat)
            return k
        # The Stop caller puts one of the violator's cards up; the violator's turn is over.
        v = 1 - seat
        src = a >> 5 & 15
        tgt = a & 31
        p = k.p
        c = p[src].pop()
        p[tgt].append(c)
        _onto_foundation(k, tgt, c)
        if src >= HOUSE0:
            _off_house(k, src, c)
        else:
            k.cnt[v] -= 1
            _after_decrease(k)
        if not k.cnt[v]:
            _won(k, v)
            return k
        if p[4 * v + 2]:
            _discard(k, v)
        _end_turn(k, v)
        return k

    def move(self, kernel: RussianBankKernel, action: int) -> RussianBankMove:
        seat = kernel.turn
        if action == DISCARD:
            return Discard(seat)
        if action == END_TURN:
            return EndTurn(seat)
        src, tgt = action >> 5 & 15, action & 31
        card = CARD_OF[kernel.p[src][-1]]
        if action & STOP_PLACE:
            return StopPlace(seat, card, PILE_IDS[src], PILE_IDS[tgt])
        return Play(seat, card, PILE_IDS[src], PILE_IDS[tgt])

    def outcome(self, kernel: RussianBankKernel) -> Outcome | None:
        if kernel.phase != _OVER:
            return None
        return RUSSIAN_BANK.outcome(state_of(kernel))


KERNEL = RussianBankRules()
