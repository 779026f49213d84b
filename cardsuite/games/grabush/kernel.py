"""Grabush in compact form, for playouts: :data:`KERNEL`.

The same rules as :mod:`.engine` (the reference: the contract suite checks on every state it
visits that the two agree move for move), on a mutable working copy of plain lists and ints.

Representation (:class:`Work`):

* A card is its index in the 52-card pack, ``(rank - 1) * 4 + suit``: the Aces are 0–3, the
  Kings 48–51, and ``card >> 2`` is the rank a card goes on (0 for an Ace: a new stack).  The
  packs' copies of a card are the same int.
* A pile is a list of cards, its top last: the two team piles, each seat's hand, the discard
  piles (one flat list, seat ``p``'s pile ``k`` at ``p * each + k``), the stock and the books.
  A hand is a bag: its order never matters to the rules, so ``key`` sorts it.
* The stacks live in slots, as in the engine (one per Ace of the deck): ``built[slot]`` holds
  a stack's cards and ``stacks`` the open slots, oldest first.  Since a stack runs from the
  Ace up, its length is its top rank; ``shows[r]`` counts the stacks whose top rank is ``r``,
  with ``shows[0]`` always 1 (an Ace always finds a place).
* Seats and teams are ints (team ``seat & 1``).
* An action is an int: a play is ``source * 52 + card`` with source 0 the hand, 1 the team
  pile and ``2 + d`` discard pile ``d`` (the flat index); a discard is
  ``DISCARD + pile * 52 + card``; a penalty card ``INSERT + card``; then ``PASS``,
  ``ACCUSE``, ``SKIP`` and ``NEXT_DEAL``.  The seat is the one to move.

Left out: events, what each seat may see, refusals and move wording (the engine does those),
and the series' list of finished deals (only the last deal's ending counts for the outcome).
Every shuffle and draw calls :mod:`cardsuite.core.rng` with the engine's salts, so the next
deal, a completed stack under the books and the place of a penalty card fall alike.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from cardsuite.core.cards import Card, standard_deck
from cardsuite.core.kernel import NOBODY, Kernel, fields_loader
from cardsuite.core.moves import Move, Pass
from cardsuite.core.outcome import Outcome
from cardsuite.core.rng import make_rng, shuffled
from cardsuite.core.series import NextDeal, Series
from cardsuite.games.grabush.engine import full_deck, layout_for
from cardsuite.games.grabush.model import (
    BOOKS,
    HAND_SIZE,
    NEW,
    STOCK,
    TEAM_PILE_SIZE,
    TEAM_PILES,
    TURN_LIMIT,
    Accuse,
    Discard,
    FullGrabush,
    GrabushState,
    PenaltyInsert,
    PenaltySkip,
    Play,
    deal_end_text,
    discard,
    hand,
    match_outcome,
    slots_for,
    stack,
)

Seat = int
Action = int

# --- encoding ------------------------------------------------------------------------------

PACK = 52
CARDS: tuple[Card, ...] = tuple(sorted(set(standard_deck()), key=lambda c: c.index))
HAND, TEAM, DISCARDS = 0, 1, 2  # play sources; discard pile d is source DISCARDS + d
DISCARD = 2000  # + pile * 52 + card
INSERT = 2300  # + card
PASS, ACCUSE, SKIP, NEXT_DEAL = 2400, 2401, 2402, 2403
TOP_RANK = 12  # a card on a Queen is a King: it completes its stack

_ONLY = tuple((s,) for s in range(8))  # to_move's answers
_NONE: list[Action] = []
_DECKS: dict[int, list[int]] = {}  # seats -> the full deck as card ints, in the engine's order
_SOURCES: dict[tuple[int, int, bool], tuple[tuple[int, ...], ...]] = {}


def _deck(seats: int) -> list[int]:
    deck = _DECKS.get(seats)
    if deck is None:
        deck = _DECKS[seats] = [c.index for c in full_deck(seats)]
    return deck


def _sources(seats: int, each: int, own: bool) -> tuple[tuple[int, ...], ...]:
    """Per seat, the flat discard piles it may play from: its teammates' and, where allowed
    (always with two players), its own."""
    key = (seats, each, own)
    got = _SOURCES.get(key)
    if got is None:
        own = own or seats == 2
        got = _SOURCES[key] = tuple(
            tuple(
                p * each + k
                for p in range(seat & 1, seats, 2)
                if own or p != seat
                for k in range(each)
            )
            for seat in range(seats)
        )
    return got


class Work:
    """A match of Grabush in play (see the module docstring for the encoding)."""

    __slots__ = (
        "accused", "between", "books", "built", "dealer", "discards", "each", "ending", "hands",
        "idle", "match_wins", "moved", "note", "number", "over", "penalty", "seats", "seed",
        "shows", "sources", "stacks", "stock", "talk", "teams", "turn", "turns", "wins",
    )  # fmt: skip

    # the rules in play, fixed for the match
    seats: int
    each: int  # discard piles a player may keep
    talk: bool  # the table-talk penalty
    match_wins: int
    seed: int
    sources: tuple[tuple[int, ...], ...]
    # the cards
    hands: list[list[int]]
    teams: list[list[int]]
    discards: list[list[int]]
    built: list[list[int]]
    stacks: list[int]
    shows: list[int]
    stock: list[int]
    books: list[int]
    # the turn and the match
    turn: Seat
    moved: bool
    accused: bool
    penalty: list[Seat]
    idle: int
    turns: int
    wins: list[int]
    over: bool
    between: bool
    number: int
    dealer: Seat
    note: str  # how the last finished deal ended, in words and as a tag
    ending: str


# --- load, copy, key -------------------------------------------------------------------------


_load_fields = fields_loader(Work, GrabushState, Series)


def _load(state: FullGrabush) -> Work:
    opts = state.options
    seats = state.seats
    each = opts.discard_piles_per_player
    assert state.seed is not None, "an observation cannot be played on"
    at = layout_for(seats, each).positions
    piles = state.table.piles

    def cards(name: str) -> list[int]:
        return [c.index for c in piles[at[name]]]

    k = Work()
    _load_fields(k, state, state.series)  # seats, seed, the turn and its flags, the counts, over
    k.each = each
    k.talk = opts.table_talk_penalty
    k.match_wins = opts.match_wins
    k.sources = _sources(seats, each, opts.own_discard_playable)
    k.hands = [cards(hand(p)) for p in range(seats)]
    k.teams = [cards(TEAM_PILES[0]), cards(TEAM_PILES[1])]
    k.discards = [cards(discard(p, j)) for p in range(seats) for j in range(each)]
    k.built = [cards(stack(i)) for i in range(slots_for(seats))]
    k.stacks = list(state.stacks)
    k.shows = [0] * 14
    k.shows[0] = 1
    for slot in k.stacks:
        k.shows[len(k.built[slot])] += 1
    k.stock = cards(STOCK)
    k.books = cards(BOOKS)
    k.penalty = list(state.penalty)
    k.wins = list(state.wins)
    results = state.series.results
    last = results[-1] if results else None
    k.note = "" if last is None else last.note
    k.ending = "" if last is None else last.ending
    return k


def _copy(k: Work) -> Work:
    c = Work()
    c.seats, c.each, c.talk, c.match_wins = k.seats, k.each, k.talk, k.match_wins
    c.seed, c.sources = k.seed, k.sources
    c.hands = [h[:] for h in k.hands]
    c.teams = [k.teams[0][:], k.teams[1][:]]
    c.discards = [d[:] for d in k.discards]
    c.built = [b[:] for b in k.built]
    c.stacks, c.shows = k.stacks[:], k.shows[:]
    c.stock, c.books = k.stock[:], k.books[:]
    c.turn, c.moved, c.accused, c.penalty = k.turn, k.moved, k.accused, k.penalty[:]
    c.idle, c.turns, c.wins, c.over = k.idle, k.turns, k.wins[:], k.over
    c.between, c.number, c.dealer = k.between, k.number, k.dealer
    c.note, c.ending = k.note, k.ending
    return c


def _key(k: Work) -> Hashable:
    def frozen(piles: list[list[int]]) -> tuple[tuple[int, ...], ...]:
        return tuple(map(tuple, piles))

    return (
        (k.seats, k.each, k.talk, k.match_wins, k.seed, k.sources),
        tuple(tuple(sorted(h)) for h in k.hands),
        frozen(k.teams),
        frozen(k.discards),
        frozen(k.built),
        tuple(k.stacks),
        tuple(k.stock),
        tuple(k.books),
        (k.turn, k.moved, k.accused, tuple(k.penalty), k.idle, k.turns),
        (tuple(k.wins), k.over, k.between, k.number, k.dealer),
        (k.note, k.ending) if k.over else None,
    )


# --- rules -------------------------------------------------------------------------------------


def _refill(k: Work, p: Seat) -> None:
    """§6.2: an empty hand draws five, from the stock and then from the books."""
    stock = k.stock
    n = min(HAND_SIZE, len(stock))
    got = stock[-n:] if n else []
    if n:
        del stock[-n:]
    if n < HAND_SIZE:
        books = k.books
        m = min(HAND_SIZE - n, len(books))
        if m:
            got += books[-m:]
            del books[-m:]
    k.hands[p] = got


def _end_turn(k: Work) -> None:
    """§6.5 and §7: a full round of idle passes (or the turn cap) ends the deal; otherwise the
    next seat's turn begins, with a refill if his hand is empty."""
    if k.idle >= k.seats:
        _end_by_count(k, "blocked")
    elif k.turns >= TURN_LIMIT:
        _end_by_count(k, "safety:turn-limit")
    else:
        k.turn = turn = (k.turn + 1) % k.seats
        k.turns += 1
        k.moved = k.accused = False
        if not k.hands[turn]:
            _refill(k, turn)


def _end_by_count(k: Work, how: str) -> None:
    """The deal goes to the team with fewer cards left in its pile (equal: a draw)."""
    a, b = len(k.teams[0]), len(k.teams[1])
    _end_deal(k, None if a == b else (0 if a < b else 1), how)


def _end_deal(k: Work, team: int | None, how: str) -> None:
    left = (len(k.teams[0]), len(k.teams[1]))
    done = False
    if team is not None:
        k.wins[team] += 1
        done = k.wins[team] >= k.match_wins
    k.note = deal_end_text(team, how, left)
    k.ending = how
    k.over = True
    k.between = not done
    k.penalty = []


def _deal(k: Work) -> None:
    """§5: the next deal, shuffled as the engine shuffles it; the deal passes to the left."""
    seats = k.seats
    k.number += 1
    k.dealer = (k.dealer + 1) % seats
    cards = shuffled(_deck(seats), k.seed, "deal", k.number)
    k.teams = [cards[:TEAM_PILE_SIZE], cards[TEAM_PILE_SIZE : 2 * TEAM_PILE_SIZE]]
    first = (k.dealer + 1) % seats
    at = 2 * TEAM_PILE_SIZE
    for i in range(seats):
        k.hands[(first + i) % seats] = cards[at : at + HAND_SIZE]
        at += HAND_SIZE
    k.stock = cards[at:]
    k.books = []
    k.discards = [[] for _ in k.discards]
    k.built = [[] for _ in k.built]
    k.stacks = []
    k.shows = [0] * 14
    k.shows[0] = 1
    k.turn = first
    k.moved = k.accused = k.over = k.between = False
    k.penalty = []
    k.idle = 0
    k.turns = 1


def _discard_piles(k: Work, seat: Seat) -> list[int]:
    """The piles a discard may go on: those started, and the lowest empty one."""
    base = seat * k.each
    out = []
    empty = False
    for j in range(k.each):
        if k.discards[base + j]:
            out.append(j)
        elif not empty:
            out.append(j)
            empty = True
    return out


# --- the kernel --------------------------------------------------------------------------------


class GrabushKernel(Kernel[Work, Action]):
    """Grabush's rules on a :class:`Work` (see the module docstring)."""

    load = staticmethod(_load)
    copy = staticmethod(_copy)
    key = staticmethod(_key)

    def to_move(self, kernel: Work) -> Sequence[Seat]:
        if kernel.over:
            return _ONLY[(kernel.dealer + 1) % kernel.seats] if kernel.between else NOBODY
        if kernel.penalty:
            return _ONLY[kernel.penalty[0]]
        return _ONLY[kernel.turn]

    def legal(self, kernel: Work, seat: Seat) -> Sequence[Action]:
        k = kernel
        if k.over:  # between deals the next dealer deals
            if k.between and seat == (k.dealer + 1) % k.seats:
                return [NEXT_DEAL]
            return _NONE
        if k.penalty:  # §8: each member of the accusing team gives a card or none
            if seat != k.penalty[0]:
                return _NONE
            out = [INSERT + c for c in set(k.hands[seat])]
            out.append(SKIP)
            return out
        if seat != k.turn:
            return _NONE
        # §6.3 plays: a card fits where a stack shows the rank below it (an Ace anywhere)
        shows = k.shows
        held = set(k.hands[seat])
        out = [c for c in held if shows[c >> 2]]
        owed = bool(held) and min(held) < 4  # §6.4: an Ace in hand must be played
        team = k.teams[seat & 1]
        if team:
            c = team[-1]
            if shows[c >> 2]:
                out.append(PACK + c)
            if c < 4:
                owed = True  # and so must an Ace on the team pile
        discards = k.discards
        for d in k.sources[seat]:
            pile = discards[d]
            if pile:
                c = pile[-1]
                if shows[c >> 2]:
                    out.append((DISCARDS + d) * PACK + c)
        if k.talk and not k.moved and not k.accused:
            out.append(ACCUSE)
        if owed:
            return out
        # §6.5 the end of the turn: discard any card (no Ace is left in hand), or pass
        if held:
            if k.each == 1:
                out += [DISCARD + c for c in held]
            else:
                for j in _discard_piles(k, seat):
                    base = DISCARD + j * PACK
                    out += [base + c for c in held]
        elif not k.stock and not k.books:
            out.append(PASS)
        return out

    def play(self, kernel: Work, action: Action) -> Work:
        k = kernel
        if action < DISCARD:
            self._play_card(k, action)
        elif action < INSERT:  # a discard ends the turn
            pile, c = divmod(action - DISCARD, PACK)
            seat = k.turn
            k.hands[seat].remove(c)
            k.discards[seat * k.each + pile].append(c)
            k.idle = 0
            _end_turn(k)
        elif action < PASS:  # a penalty card, slipped under the accused team's top card
            c = action - INSERT
            seat = k.penalty[0]
            k.hands[seat].remove(c)
            accused = k.teams[1 - (seat & 1)]
            rng = make_rng(k.seed, "insert", k.number, k.turns, seat)
            accused.insert(rng.randrange(len(accused)), c)
            k.moved = True
            self._penalty_done(k)
        elif action == PASS:
            k.idle = 0 if k.moved else k.idle + 1
            _end_turn(k)
        elif action == ACCUSE:
            seat = k.turn
            k.accused = True
            k.penalty = [(seat + 2 * i) % k.seats for i in range(k.seats // 2)]
        elif action == SKIP:
            self._penalty_done(k)
        else:
            _deal(k)
        return k

    @staticmethod
    def _play_card(k: Work, action: Action) -> None:
        """§6.3: the card goes on the oldest stack showing the rank below it, or an Ace to a
        new stack in the lowest free slot; a King completes its stack, which goes shuffled
        under the books; an emptied team pile wins the deal; an empty hand refills."""
        source, c = divmod(action, PACK)
        seat = k.turn
        if source == HAND:
            pile = k.hands[seat]
            pile.remove(c)
        else:
            pile = k.teams[seat & 1] if source == TEAM else k.discards[source - DISCARDS]
            pile.pop()
        onto = c >> 2
        shows = k.shows
        stacks = k.stacks
        built = k.built
        if onto == 0:
            slot = 0
            while slot in stacks:
                slot += 1
            stacks.append(slot)
            built[slot].append(c)
            shows[1] += 1
        else:
            for slot in stacks:
                if len(built[slot]) == onto:
                    break
            run = built[slot]
            run.append(c)
            shows[onto] -= 1
            if onto == TOP_RANK:
                stacks.remove(slot)
                built[slot] = []
                make_rng(k.seed, "book", k.number, k.turns, slot).shuffle(run)
                k.books[:0] = run
            else:
                shows[onto + 1] += 1
        k.moved = True
        if source == TEAM and not pile:
            _end_deal(k, seat & 1, "pile-empty")
        elif not k.hands[seat]:
            _refill(k, seat)

    @staticmethod
    def _penalty_done(k: Work) -> None:
        k.penalty.pop(0)
        if not k.penalty and not k.hands[k.turn]:
            _refill(k, k.turn)

    def move(self, kernel: Work, action: Action) -> Move:
        k = kernel
        if action == NEXT_DEAL:
            return NextDeal((k.dealer + 1) % k.seats)
        if action in (PASS, ACCUSE):
            return (Pass if action == PASS else Accuse)(k.turn)
        if action == SKIP:
            return PenaltySkip(k.penalty[0])
        if action >= INSERT:
            return PenaltyInsert(k.penalty[0], CARDS[action - INSERT])
        seat = k.turn
        if action >= DISCARD:
            pile, c = divmod(action - DISCARD, PACK)
            return Discard(seat, CARDS[c], pile, k.each)
        source, c = divmod(action, PACK)
        if source == HAND:
            name = hand(seat)
        elif source == TEAM:
            name = TEAM_PILES[seat & 1]
        else:
            name = discard(*divmod(source - DISCARDS, k.each))
        onto = c >> 2
        if onto == 0:
            free = next(i for i in range(len(k.stacks) + 1) if i not in k.stacks)
            return Play(seat, CARDS[c], name, NEW, stack(free))
        slot = next(i for i in k.stacks if len(k.built[i]) == onto)
        return Play(seat, CARDS[c], name, onto, stack(slot))

    def outcome(self, kernel: Work) -> Outcome | None:
        k = kernel
        if not k.over or k.between:
            return None
        left = (len(k.teams[0]), len(k.teams[1]))
        wins = (k.wins[0], k.wins[1])
        return match_outcome(k.seats, k.match_wins, wins, left, k.note, k.ending)


KERNEL = GrabushKernel()
