"""The rules of Laugh and Lie Down: the deal, the lay-asides, captures, the add-pair
interrupt, lying down, the chip settlement and the match.

See ``model.py`` for the game in a paragraph and the decisions taken where the spec is silent.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from operator import attrgetter
from typing import Any

from cardsuite.core.cards import Card, Suit, standard_deck
from cardsuite.core.errors import GAME_OVER, NOT_NOW, NotationError, Refusal
from cardsuite.core.events import Event
from cardsuite.core.i18n import N_n
from cardsuite.core.kernel import card_mask
from cardsuite.core.outcome import Outcome
from cardsuite.core.position import lay_out, parse_position, position_keys
from cardsuite.core.position import numbers_per_seat as _numbers
from cardsuite.core.position import seat_from_text as _player
from cardsuite.core.position import whole_number as _number
from cardsuite.core.protocol import Observation, RulesBase
from cardsuite.core.rng import make_rng
from cardsuite.core.series import DealResult, NextDeal, Series
from cardsuite.core.states import Working
from cardsuite.core.table import Layout, PileSpec, Seat, Shown, Table, TableEdit, Visibility
from cardsuite.core.text import ranks_word, say, say_n
from cardsuite.core.text import seat as who
from cardsuite.core.view import TableView
from cardsuite.games.laugh_and_lie_down import GAME
from cardsuite.games.laugh_and_lie_down import present as presentation
from cardsuite.games.laugh_and_lie_down.model import (
    CHIP_BALANCE,
    HAND_SIZES,
    LAUGHS,
    TABLE,
    AddPair,
    Anted,
    Capture,
    Captured,
    DealOver,
    Dealt,
    EndTurn,
    FullLaugh,
    HandsEmpty,
    KeepPair,
    LaidAside,
    LastHolder,
    LastHolderEnd,
    LaughMove,
    LaughOptions,
    LaughState,
    LayDown,
    LostDeal,
    Paid,
    PairAdded,
    PairKept,
    PairOffered,
    SeenLaugh,
    Shortfall,
    Skipped,
    TableFour,
    Took,
    TurnDone,
    captured,
    hand,
)

AnyLaughMove = LaughMove | NextDeal

# Refusal codes: the spec names "must capture" (§11 s5); the others name the rule broken.
MUST_CAPTURE = "MustCapture"
CARD_NOT_HELD = "CardNotHeld"
NOT_ON_TABLE = "NotOnTable"
MIXED_RANKS = "MixedRanks"
NEED_HAND_AND_TABLE = "NeedHandAndTable"

_DECK = standard_deck()  # deck order: rank, then ♣ ♦ ♥ ♠; _DECK[card.index] is card
_CARDS = range(len(_DECK))
_NO_SEATS: frozenset[Seat] = frozenset()
_INDEX = attrgetter("index")
_LOW_BITS = sum(1 << (4 * r) for r in range(13))  # the lowest bit of each rank's nibble
_PAIR_BITS = _LOW_BITS * 0b0101  # bits 0 and 2 of each nibble (for counting by nibble)
_TWIN_BITS = _LOW_BITS * 0b0011  # bits 0 and 1 of each nibble
_BIT = tuple(1 << i for i in _CARDS)  # _BIT[card.index]: the card's bit
# _NIBBLE[shift][bits]: the cards of one rank (its first card index ``shift``) that the four
# ``bits`` name, in deck order.
_NIBBLE = {
    shift: tuple(tuple(_DECK[shift + j] for j in range(4) if m >> j & 1) for m in range(16))
    for shift in range(0, 52, 4)
}
# Of three of a rank, the one kept in hand is the last in the order ♠ ♥ ♦ ♣ (§5.4).
_KEEP_ORDER = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}
MAX_SEATS = 6


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_INDEX))


def _subsets(cards: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """Every non-empty subset of ``cards``, smaller ones first, each in the order given."""
    n = len(cards)
    subsets = [tuple(cards[i] for i in range(n) if m >> i & 1) for m in range(1, 1 << n)]
    subsets.sort(key=len)
    return subsets


def _card_bits(cards: Iterable[Card]) -> int:
    """Cards as bits of their indexes, like ``bits`` (a sum of distinct powers of two: a
    little faster than or-ing them one by one)."""
    return sum([_BIT[c.index] for c in cards])


def _matches(cards: Iterable[Card], tm: int) -> bool:
    """Whether one of ``cards`` has a rank among the table cards ``tm`` (bits).  A loop that
    stops at the first match beats any whole-hand bit trick here (and any() on a generator)."""
    for c in cards:  # noqa: SIM110 (a plain loop is the fast form)
        if tm >> (c.index & 60) & 15:
            return True
    return False


def _rank_counts(cards: int) -> int:
    """How many cards of each rank ``cards`` (bits) hold, one count (0 to 4) per nibble."""
    twos = cards - (cards >> 1 & _PAIR_BITS)  # each pair of bits: its count
    return (twos & _TWIN_BITS) + (twos >> 2 & _TWIN_BITS)


def _find(pile: tuple[Card, ...], card: Card) -> int:
    """Where ``card`` lies in ``pile``, or -1.  An identity test per card: ``pile.index`` and
    ``in`` are slower, as a Card's comparison (it defines ``__lt__``) runs Python code."""
    i = 0
    for c in pile:
        if c is card:
            return i
        i += 1  # noqa: SIM113 (enumerate() is slower here)
    return -1


def _without(pile: tuple[Card, ...], cards: tuple[Card, ...], gone: int) -> tuple[Card, ...]:
    """``pile`` less ``cards`` (their bits are ``gone`` or among them), in order.  Most
    captures take one card from each pile: it is found, then cut out by slicing."""
    if len(cards) == 1:
        card = cards[0]
        i = 0
        for c in pile:  # (_find, inlined)
            if c is card:
                return pile[:i] + pile[i + 1 :]
            i += 1  # noqa: SIM113 (enumerate() is slower here)
    return tuple([c for c in pile if not gone >> c.index & 1])


def _able_next(
    piles: Sequence[tuple[Card, ...]], positions: Mapping[str, int], tm: int, seat: Seat, n: int
) -> Seat | None:
    """The player after ``seat`` when he holds a card matching the table cards ``tm`` (then
    his turn simply begins), else None (he is passed by or lies down: the slow path)."""
    nxt = (seat + 1) % n
    if _matches(piles[positions[hand(nxt)]], tm):
        return nxt
    return None


def net_chips(count: int, dealt: int) -> int:
    """One chip per pair above (positive) or below (negative) ``dealt``, toward zero (§7.2)."""
    diff = count - dealt
    return diff // 2 if diff >= 0 else -((-diff) // 2)


def _opening(
    table: Table,
    seed: int | None,
    opts: LaughOptions,
    series: Series,
    *,
    turn: Seat,
    events: tuple[Event, ...],
    tallies: tuple[tuple[int, ...], tuple[int, ...], int],
    public_bits: tuple[int, int],
    captured: bool = False,
) -> FullLaugh:
    """The state as play of a deal begins: nobody asked about a pair, nobody lain down yet.
    ``tallies`` are the laughs, chips and pot so far; ``public_bits`` the table's cards and
    the captured piles' cards as bits."""
    laughs, chips, pot = tallies
    table_bits, captured_bits = public_bits
    return LaughState(
        table=table,
        seed=seed,
        events=events,
        options=opts,
        seats=len(laughs),
        series=series,
        turn=turn,
        captured=captured,
        asked=None,
        rank=0,
        loser=None,
        down=(),
        laughs=laughs,
        chips=chips,
        pot=pot,
        table_bits=table_bits,
        captured_bits=captured_bits,
    )


class _Work(Working[FullLaugh], state=LaughState):
    """A state being changed by one move outside the hot path: turns, lie-downs, the end."""

    __slots__ = (
        "asked", "captured", "captured_bits", "chips", "down", "edit", "events", "laughs",
        "loser", "options", "pot", "rank", "seats", "seed", "series", "table_bits", "turn",
    )  # fmt: skip

    def __init__(self, state: FullLaugh, edit: TableEdit, events: list[Event]) -> None:
        self.edit = edit
        self.events = events
        self.seed = state.seed
        self.options = state.options
        self.seats = state.seats
        self.series = state.series
        self.turn = state.turn
        self.captured = state.captured
        self.asked = state.asked
        self.rank = state.rank
        self.loser = state.loser
        self.down = state.down
        self.laughs = state.laughs
        self.chips = state.chips
        self.pot = state.pot
        self.table_bits = state.table_bits
        self.captured_bits = state.captured_bits

    def freeze(self) -> FullLaugh:
        return self.frozen(self.edit.freeze(), tuple(self.events))


@GAME.describes
class LaughAndLieDown(RulesBase[FullLaugh, SeenLaugh, AnyLaughMove]):
    def __init__(self) -> None:
        self._layouts: dict[int, Layout] = {}
        self._to_move = tuple(frozenset({s}) for s in range(MAX_SEATS))
        self._end = tuple(EndTurn(s) for s in range(MAX_SEATS))
        self._answers = tuple((AddPair(s), KeepPair(s)) for s in range(MAX_SEATS))
        self._next = tuple(NextDeal(s) for s in range(MAX_SEATS))
        self._nexts = tuple((NextDeal(s),) for s in range(MAX_SEATS))
        # (seat, rank's first card index, hand bits, table bits) -> the captures of one rank
        self._captures: dict[tuple[Seat, int, int, int], tuple[Capture, ...]] = {}

    # --- setup ---------------------------------------------------------------------------
    def layout(self, seats: int) -> Layout:
        layout = self._layouts.get(seats)
        if layout is None:
            specs = [PileSpec(TABLE)]
            specs += [PileSpec(hand(s), s, Visibility.OWNER) for s in range(seats)]
            specs += [PileSpec(captured(s), s) for s in range(seats)]
            layout = self._layouts[seats] = Layout(specs)
        return layout

    def deck(self, state: LaughState[Any]) -> tuple[Card, ...]:
        return _DECK

    def new_game(self, *, seats: int, options: Any = None, seed: int = 0) -> FullLaugh:
        opts: LaughOptions = self.resolve_options(options)
        self.check_seats(seats)
        series = Series.start(seed=seed, seats=seats, deals=opts.deal_count(seats))
        return self._deal(seed, opts, seats, series, laughs=(0,) * seats, chips=(0,) * seats, pot=0)

    def _deal(
        self,
        seed: int | None,
        opts: LaughOptions,
        seats: int,
        series: Series,
        *,
        laughs: tuple[int, ...],
        chips: tuple[int, ...],
        pot: int,
    ) -> FullLaugh:
        """Shuffle and deal one card at a time from the dealer's left (§5.3), ante, and run
        the automatic preliminaries (§5.4) and the first turn's check."""
        assert seed is not None, "an observation cannot be played on"
        # A shuffle: the cards sorted by random keys (as uniform as Random.shuffle, and
        # several times faster: a new deal comes every dozen steps of a random playout).
        draw = make_rng(seed, "deal", series.number).random
        keys = [draw() for _i in _CARDS]
        pack = [_DECK[i] for i in sorted(_CARDS, key=keys.__getitem__)]
        dealer = series.dealer
        each = HAND_SIZES[seats]
        dealt = each * seats
        # One card at a time from the dealer's left: card k goes to seat dealer + 1 + k.
        hands = [pack[(s - dealer - 1) % seats : dealt : seats] for s in range(seats)]
        table = pack[dealt:]
        events: list[Event] = [Dealt(dealer, series.number + 1, each, len(table))]
        if opts.stakes:
            chips = tuple([c - 1 for c in chips])
            pot += seats
            events.append(Anted(pot))
        # The preliminaries (§5.4) with cards as bits (a rank is a nibble of four bits): this
        # runs at every deal, and a random playout deals again every dozen steps.
        caps: list[tuple[Card, ...]] = [()] * seats
        tb = _card_bits(table)
        cb = 0
        fours = tb & tb >> 1 & tb >> 2 & tb >> 3 & _LOW_BITS  # ranks all four on the table
        while fours:  # rank by rank, Ace up
            low = fours & -fours
            shift = low.bit_length() - 1  # the rank's first card index
            four = _DECK[shift : shift + 4]
            table = [c for c in table if c.rank != four[0].rank]
            caps[dealer] += four
            events.append(TableFour(dealer, four))
            tb &= ~(15 << shift)
            cb |= 15 << shift
            fours ^= low
        for i in range(1, seats + 1):
            s = (dealer + i) % seats
            hb = _card_bits(hands[s])
            counts = _rank_counts(hb)
            if opts.lay_aside_pairs:
                over = (counts >> 1 | counts >> 2) & _LOW_BITS  # ranks held twice or more
            else:
                over = (counts >> 2 | counts & counts >> 1) & _LOW_BITS  # three or four times
            if not over:
                continue
            out = 0  # the cards laid aside
            aside: list[Card] = []
            while over:  # rank by rank, Ace up
                low = over & -over
                shift = low.bit_length() - 1
                same = hb >> shift & 15
                if same.bit_count() == 3:
                    # Of three, the one kept is the last in the order ♠ ♥ ♦ ♣: the lowest bit.
                    same &= same - 1
                out |= same << shift
                aside += _NIBBLE[shift][same]
                over ^= low
            hands[s] = [c for c in hands[s] if not out >> c.index & 1]
            caps[s] += tuple(aside)
            cb |= out
            events.append(LaidAside(s, tuple(aside)))
        layout = self.layout(seats)
        positions = layout.positions
        piles: list[tuple[Card, ...]] = [()] * len(layout.ids)
        piles[positions[TABLE]] = tuple(table)
        for s in range(seats):
            piles[positions[hand(s)]] = tuple(hands[s])
            piles[positions[captured(s)]] = caps[s]
        dealt_table = Table(layout, tuple(piles))
        first = (dealer + 1) % seats
        state = _opening(
            dealt_table,
            seed,
            opts,
            series,
            turn=first,
            events=tuple(events),
            tallies=(laughs, chips, pot),
            public_bits=(tb, cb),
        )
        if not opts.classic_continue and _matches(dealt_table.cards(hand(first)), tb):
            return state  # the usual case: the first player can match, his turn begins
        work = _Work(state._replace(turn=dealer), dealt_table.edit(), events)
        if not (opts.classic_continue and self._last_holder(work)):
            self._pass_turn(work, dealer)
        return work.freeze()

    def position(self, text: str, *, options: Any = None, seed: int = 0) -> FullLaugh:
        """A position written as text, for tests and puzzles.

        Hands by player, cards in any order; ``P1`` … ``P6`` are seats 0 … 5 (by default the
        dealer is the last seat, so ``P1`` sits on his left, as the spec numbers players)::

            P1: K♥ 7♠ 2♦
            P2: Q♣ Q♦
            table: K♠ 7♦ 7♣       the face-up cards in the middle
            P3.captured: 9♠ 9♥    a captured pile (also ``captured.2``)
            turn: P1

        Settings:

        * ``players: 4`` — the number of players (default: the highest ``P`` named, at
          least 3);
        * ``dealer: P2`` — the dealer (default: the last seat);
        * ``turn: P2`` — whose turn it is (default P1).  The start-of-turn check runs at once:
          an empty hand is passed by, a hand matching nothing on the table lies down;
        * ``captured: yes`` — the player on turn has already captured this turn;
        * ``rest: table`` puts every card not named on the table, ``rest: P2.captured`` in
          that pile; by default (``rest: none``) the cards not named are out of the game;
        * ``deal: yes`` — run the preliminaries of §5.4 (a table four to the dealer, triples
          and fours laid aside) before the first turn, as after a real deal;
        * ``chips: 3 -1 0`` — chip balances, in seat order (default 0 each); ``pot: 5``;
          ``laughs: 1 0 0`` — laughs so far.
        """
        opts: LaughOptions = self.resolve_options(options)
        settings = position_keys(text)
        numbered = [int(m.group(1)) for k in settings if (m := re.match(r"P(\d)", k))]
        if "players" in settings:
            seats = _number(settings["players"], "players")
        else:
            seats = max(max(numbered, default=3), 3)
        self.check_seats(seats)
        layout = self.layout(seats)
        aliases = {f"P{s + 1}": hand(s) for s in range(seats)}
        aliases.update({f"P{s + 1}.captured": captured(s) for s in range(seats)})
        given = parse_position(text, layout, aliases)
        rest_text = given.setting("rest", "none") or "none"
        rest = None if rest_text == "none" else aliases.get(rest_text, rest_text)
        if rest is not None and rest not in layout:
            raise NotationError(f"rest: {rest_text!r} is not a pile (table, P1.captured, none)")
        try:
            table = lay_out(layout, _DECK, given.piles, rest=rest, seed=seed)
        except ValueError as exc:
            raise NotationError(str(exc)) from None
        edit = table.edit()
        for pile in (TABLE, *(hand(s) for s in range(seats))):
            edit[pile] = _sorted(edit[pile])
        dealer = _player(given.setting("dealer") or f"P{seats}", seats)
        turn = _player(given.setting("turn") or "P1", seats)
        chips = _numbers(given.setting("chips"), seats, "chips")
        laughs = _numbers(given.setting("laughs"), seats, "laughs")
        pot = given.number("pot", 0)
        state = _opening(
            edit.freeze(),
            seed,
            opts,
            Series(opts.deal_count(seats), 0, dealer),
            turn=turn,
            events=(),
            tallies=(laughs, chips, pot),
            public_bits=(
                card_mask(edit[TABLE]),
                card_mask([c for s in range(seats) for c in edit[captured(s)]]),
            ),
            captured=(given.setting("captured") or "no") in ("yes", "on", "true", "1"),
        )
        if (given.setting("deal") or "no") in ("yes", "on", "true", "1"):
            return self._preliminaries(state, turn)
        work = _Work(state, state.table.edit(), [])
        self._begin_turn(work, turn)
        return work.freeze()

    def _preliminaries(self, state: FullLaugh, first: Seat) -> FullLaugh:
        """§5.4 on a position laid out by hand, then the first turn (``first``'s)."""
        edit = state.table.edit()
        events: list[Event] = []
        dealer = state.dealer
        n = state.seats
        table = edit[TABLE]
        for rank in range(1, 14):
            four = tuple(c for c in table if c.rank == rank)
            if len(four) == 4:
                edit[TABLE] = table = tuple(c for c in table if c.rank != rank)
                edit.add(captured(dealer), *four)
                events.append(TableFour(dealer, four))
        for i in range(1, n + 1):
            s = (dealer + i) % n
            held = edit[hand(s)]
            aside: list[Card] = []
            for rank in range(1, 14):
                same = [c for c in held if c.rank == rank]
                if len(same) == 4 or (len(same) == 2 and state.options.lay_aside_pairs):
                    aside += same
                elif len(same) == 3:
                    keep = max(same, key=lambda c: _KEEP_ORDER[c.suit])  # type: ignore[index]
                    aside += [c for c in same if c is not keep]
            if aside:
                edit[hand(s)] = tuple(c for c in held if c not in aside)
                edit.add(captured(s), *_sorted(aside))
                events.append(LaidAside(s, _sorted(aside)))
        work = _Work(state, edit, events)
        work.table_bits = card_mask(edit[TABLE])
        work.captured_bits = card_mask([c for s in range(n) for c in edit[captured(s)]])
        self._begin_turn(work, first)
        return work.freeze()

    # --- whose turn, which moves -----------------------------------------------------------
    def to_move(self, state: FullLaugh) -> frozenset[Seat]:
        if state.asked is not None:
            return self._to_move[state.asked]
        if state.turn is not None:
            return self._to_move[state.turn]
        if state.series.between:
            return self._to_move[state.series.next_dealer(state.seats)]
        return _NO_SEATS

    def _capture_moves(self, seat: Seat, shift: int, hbits: int, tbits: int) -> tuple[Capture, ...]:
        """The captures of one rank (its cards are ``_DECK[shift:shift + 4]``) with the hand
        cards ``hbits`` and the table cards ``tbits`` (bits of those four)."""
        four = _DECK[shift : shift + 4]
        mine = _subsets(tuple(four[j] for j in range(4) if hbits >> j & 1))
        theirs = _subsets(tuple(four[j] for j in range(4) if tbits >> j & 1))
        moves = tuple(Capture(seat, h, t) for h in mine for t in theirs)
        self._captures[(seat, shift, hbits, tbits)] = moves
        return moves

    def _all_captures(self, held: tuple[Card, ...], tm: int, seat: Seat) -> tuple[Capture, ...]:
        """Every capture ``held`` can make on the table cards ``tm`` (bits): by rank, Ace up.

        Cards are bits of their indexes (a rank is a nibble of four bits), and each rank's
        moves are made once per seat and cards: this runs at every step of a random playout.
        """
        hb = 0  # the hand's cards with a rank on the table
        for c in held:
            i = c.index
            if tm >> (i & 60) & 15:
                hb |= 1 << i
        if not hb:
            return ()
        spread = (hb | hb >> 1 | hb >> 2 | hb >> 3) & _LOW_BITS  # one bit per rank held
        cache = self._captures
        out: tuple[Capture, ...] = ()
        while spread:  # rank by rank, Ace up
            low = spread & -spread
            shift = low.bit_length() - 1  # the rank's first card index
            key = (seat, shift, hb >> shift & 15, tm >> shift & 15)
            moves = cache.get(key)
            if moves is None:
                moves = self._capture_moves(*key)
            if spread == low and not out:
                return moves
            out += moves
            spread ^= low
        return out

    def candidates(self, state: FullLaugh, seat: Seat) -> Iterable[AnyLaughMove]:
        table = state.table
        yield from self._all_captures(table.cards(hand(seat)), card_mask(table.cards(TABLE)), seat)
        yield self._end[seat]
        yield from self._answers[seat]
        yield self._next[seat]

    def legal_moves(self, state: FullLaugh, seat: Seat) -> tuple[AnyLaughMove, ...]:
        # The same answers, in the same order, as filtering candidates() through
        # why_illegal(), computed directly: a random playout asks at every step.
        asked = state.asked
        if asked is not None:
            return self._answers[seat] if seat == asked else ()
        turn = state.turn
        if seat != turn:
            series = state.series
            if turn is None and series.between and seat == series.next_dealer(state.seats):
                return self._nexts[seat]
            return ()
        table = state.table
        moves: tuple[AnyLaughMove, ...] = self._all_captures(
            table.piles[table.layout.positions[hand(seat)]], state.table_bits, seat
        )
        if state.captured:
            moves = (*moves, self._end[seat])
        self.remember_legal(state, moves)  # apply need not judge them again
        return moves

    # --- the one legality check ----------------------------------------------------------
    def why_illegal(self, state: FullLaugh, move: AnyLaughMove) -> Refusal | None:
        seat = move.seat
        kind = type(move)
        asked = state.asked
        if kind is Capture:
            assert isinstance(move, Capture)
            if seat != state.turn or asked is not None:
                return self._waiting(state, move)
            hs, ts = move.hand, move.table
            if not hs or not ts:
                return Refusal(
                    NEED_HAND_AND_TABLE,
                    say("a capture takes at least one card from your hand and one from the table"),
                )
            rank = hs[0].rank
            for c in hs:
                if c.rank != rank:
                    return self._mixed()
            for c in ts:
                if c.rank != rank:
                    return self._mixed()
            if (len(hs) > 1 and len({c.index for c in hs}) < len(hs)) or (
                len(ts) > 1 and len({c.index for c in ts}) < len(ts)
            ):
                return Refusal(MIXED_RANKS, say("a capture names each card once"))
            held = state.table.cards(hand(seat))
            for c in hs:
                for x in held:
                    if x is c:
                        break
                else:
                    return Refusal(CARD_NOT_HELD, say("you do not hold {card}", card=c))
            tm = state.table_bits
            for c in ts:
                if not tm >> c.index & 1:
                    return Refusal(NOT_ON_TABLE, say("{card} is not on the table", card=c))
            return None
        if kind is EndTurn:
            if seat != state.turn or asked is not None:
                return self._waiting(state, move)
            if not state.captured:
                return Refusal(
                    MUST_CAPTURE,
                    say("you must capture: a card of your hand matches the table"),
                )
            return None
        if kind is AddPair or kind is KeepPair:
            if seat == asked:
                return None
            refusal = self.not_your_turn(state, move)
            if refusal is not None:
                return refusal
            return Refusal(NOT_NOW, say("no pair is waiting to be added now"))
        if kind is NextDeal:
            if state.turn is None and asked is None:
                if state.series.between:
                    if seat == state.series.next_dealer(state.seats):
                        return None
                    return self.not_your_turn(state, move)
                return Refusal(GAME_OVER, say("the game is over"))
            return Refusal(NOT_NOW, say("the deal is not over yet"))
        return Refusal(NOT_NOW, say("that is not a move of this game"))

    def _mixed(self) -> Refusal:
        return Refusal(MIXED_RANKS, say("a capture takes cards of one rank only"))

    def _waiting(self, state: FullLaugh, move: AnyLaughMove) -> Refusal:
        """Refusal of a turn move by a seat that may not make it now."""
        if state.asked is not None and move.seat == state.asked:
            return Refusal(
                NOT_NOW,
                say("first say whether you add your two {rank}", rank=ranks_word(state.rank)),
            )
        if state.asked is not None and move.seat == state.turn:
            return Refusal(
                NOT_NOW,
                say("wait: {who} is deciding whether to add a pair", who=who(state.asked)),
            )
        refusal = self.not_your_turn(state, move)
        if refusal is not None:
            return refusal
        return Refusal(NOT_NOW, say("the deal is over"))  # pragma: no cover (to_move covers it)

    # --- applying a legal move -------------------------------------------------------------
    def perform(self, state: FullLaugh, move: AnyLaughMove) -> FullLaugh:
        kind = type(move)
        if kind is Capture:
            assert isinstance(move, Capture)
            return self._capture(state, move)
        if kind is NextDeal:
            series = state.series.next(state.seats)
            return self._deal(
                state.seed,
                state.options,
                state.seats,
                series,
                laughs=state.laughs,
                chips=state.chips,
                pot=state.pot,
            )
        seat = move.seat
        if kind is EndTurn:
            table = state.table
            turn = _able_next(
                table.piles, table.layout.positions, state.table_bits, seat, state.seats
            )
            if turn is not None:  # the usual case: the next player can match
                return state._replace(events=(TurnDone(seat),), turn=turn, captured=False)
            work = _Work(state, state.table.edit(), [TurnDone(seat)])
            self._pass_turn(work, seat)
            return work.freeze()
        rank = state.rank
        edit = state.table.edit()
        work = _Work(state, edit, [])
        work.asked, work.rank = None, 0
        if kind is AddPair:
            pair = tuple(c for c in edit[hand(seat)] if c.rank == rank)
            edit[hand(seat)] = tuple(c for c in edit[hand(seat)] if c.rank != rank)
            edit.add(captured(seat), *pair)
            work.captured_bits |= card_mask(pair)
            edit.known = tuple([f for f in edit.known if f.pile != hand(seat)])
            assert state.turn is not None
            work.events.append(PairAdded(seat, state.turn, pair))
        else:
            work.events.append(PairKept(seat, rank))
        assert state.turn is not None
        self._go_on(work, state.turn)
        return work.freeze()

    def _capture(self, state: FullLaugh, move: Capture) -> FullLaugh:
        """The cards captured go to the player's pile (§6.2); a one-for-one capture may let
        another player add the rank's other two cards (§6.3); then the turn goes on while he
        can match, or passes.

        Cards are told apart by their index bits or by identity (they are interned; a Card
        hashes in Python code, so no sets or dicts of cards on this path)."""
        seat, hs, ts = move.seat, move.hand, move.table
        n, opts = state.seats, state.options
        tm, cm = state.table_bits, state.captured_bits
        layout, known = state.table.layout, state.table.known
        positions = layout.positions
        piles = list(state.table.piles)
        mine, pile, at_table = positions[hand(seat)], positions[captured(seat)], positions[TABLE]
        gone = 0
        for c in hs:
            gone |= 1 << c.index
        for c in ts:
            gone |= 1 << c.index
        held = _without(piles[mine], hs, gone)
        piles[mine] = held
        piles[at_table] = _without(piles[at_table], ts, gone)
        piles[pile] = piles[pile] + hs + ts
        tm &= ~gone
        cm |= gone
        if known:
            known = tuple([f for f in known if not gone >> f.card.index & 1])  # type: ignore[union-attr]
        events: list[Event] = [Captured(seat, hs, ts)]
        holder: Seat | None = None
        rank = hs[0].rank
        pair: tuple[Card, ...] = ()
        shift = hs[0].index & 60
        if len(hs) == 1 and len(ts) == 1 and (rest := 15 & ~((tm | cm) >> shift)).bit_count() == 2:
            # (rest: the rank's cards in hands, or out of play)
            # The other two cards of the rank are in hands: one player may hold both.  The
            # first other player found holding one tells (only he can hold both).
            low = rest & -rest
            x = _DECK[shift + low.bit_length() - 1]
            y = _DECK[shift + (rest ^ low).bit_length() - 1]
            for i in range(1, n):
                other = (seat + i) % n
                theirs = piles[positions[hand(other)]]
                xi = _find(theirs, x)
                if xi >= 0:
                    yi = _find(theirs, y)
                    if yi >= 0:
                        holder = other
                        pair = (x, y) if xi < yi else (y, x)  # in his hand's order
                    break
        if holder is not None and opts.auto_add_pair:
            at_hand, at_pile = positions[hand(holder)], positions[captured(holder)]
            piles[at_hand] = tuple([c for c in piles[at_hand] if c.rank != rank])
            piles[at_pile] = piles[at_pile] + pair
            cm |= (1 << pair[0].index) | (1 << pair[1].index)
            events.append(PairAdded(holder, seat, pair))
            holder = None
        if holder is None and not opts.classic_continue:
            # The usual cases: the turn goes on if he can still match, or passes to the next
            # player, who can.
            turn: Seat | None = seat
            again = True
            if not _matches(held, tm):
                turn, again = _able_next(piles, positions, tm, seat, n), False
            if turn is not None:
                return state._replace(  # (nobody was asked: a capture is made only then)
                    table=Table(layout, tuple(piles), known),
                    events=tuple(events),
                    turn=turn,
                    captured=again,
                    table_bits=tm,
                    captured_bits=cm,
                )
        edit = TableEdit(layout, piles, known)
        work = _Work(state, edit, events)
        work.captured = True
        work.table_bits, work.captured_bits = tm, cm
        if holder is not None:  # auto_add_pair off: he is asked
            if opts.classic_continue and self._last_holder(work):
                return work.freeze()
            work.asked, work.rank = holder, rank
            edit.known = (*edit.known, *(Shown(hand(holder), c) for c in pair))
            events.append(PairOffered(holder, rank))
            return work.freeze()
        if not opts.classic_continue:  # (the fast path found that he cannot match any more)
            self._pass_turn(work, seat)
            return work.freeze()
        self._go_on(work, seat)
        return work.freeze()

    def _go_on(self, work: _Work, seat: Seat) -> None:
        """After a capture (and any add-pair): ``seat``'s turn goes on while he can match."""
        if work.options.classic_continue and self._last_holder(work):
            return
        edit = work.edit
        tm = work.table_bits
        if any([tm >> (c.index & 60) & 15 for c in edit[hand(seat)]]):
            work.turn = seat
            return
        self._pass_turn(work, seat)

    def _pass_turn(self, work: _Work, seat: Seat) -> None:
        """The turn passes from ``seat`` to the next player on his left."""
        work.captured = False
        self._begin_turn(work, (seat + 1) % work.seats)

    def _begin_turn(self, work: _Work, first: Seat) -> None:
        """The turn comes to ``first``: empty hands are passed by, a hand matching nothing
        lies down (§6.1), until someone can play or the deal ends."""
        n = work.seats
        edit = work.edit
        skipped: list[Seat] = []
        for i in range(n):
            s = (first + i) % n
            held = edit[hand(s)]
            if not held:
                skipped.append(s)
                continue
            if skipped:
                work.events.append(Skipped(tuple(skipped)))
                skipped = []
            tm = work.table_bits
            if any([tm >> (c.index & 60) & 15 for c in held]):
                work.turn = s
                return
            # He cannot match: he lies down.
            first_down = work.loser is None
            edit[hand(s)] = ()
            edit[TABLE] = _sorted(edit[TABLE] + held)
            work.table_bits |= card_mask(held)
            if edit.known:
                edit.known = tuple(f for f in edit.known if f.pile != hand(s))
            work.events.append(LayDown(s, held, first_down))
            work.down = (*work.down, s)
            if first_down:
                work.loser = s
            if not work.options.classic_continue:
                self._end_deal(work, LostDeal)
                return
            if self._last_holder(work):
                return
        if skipped:
            work.events.append(Skipped(tuple(skipped)))
        if work.options.classic_continue:
            self._last_holder(work, force=True)
        else:
            self._end_deal(work, HandsEmpty)

    def _last_holder(self, work: _Work, *, force: bool = False) -> bool:
        """``classic_continue``: when at most one player still holds cards, his hand and the
        table go to the dealer and the deal ends.  True when it did."""
        edit = work.edit
        holders = [s for s in range(work.seats) if edit[hand(s)]]
        if len(holders) > 1 and not force:
            return False
        dealer = work.series.dealer
        cards: tuple[Card, ...] = ()
        holder: Seat | None = None
        if holders:
            holder = holders[0]
            cards = edit[hand(holder)]
            edit[hand(holder)] = ()
        cards += edit[TABLE]
        edit[TABLE] = ()
        edit.add(captured(dealer), *cards)
        work.table_bits = 0
        work.captured_bits |= card_mask(cards)
        edit.known = ()
        work.events.append(LastHolder(dealer, holder, _sorted(cards)))
        self._end_deal(work, LastHolderEnd)
        return True

    def _end_deal(self, work: _Work, how: type[DealOver]) -> None:
        """Laughs, the chip settlement (§7.2) and the deal's result."""
        n = work.seats
        opts = work.options
        loser = work.loser
        dealer = work.series.dealer
        edit = work.edit
        laughs = list(work.laughs)
        if loser is not None:
            laughs[loser] += 1
        chips = list(work.chips)
        pot = work.pot
        if opts.stakes:
            dealt = HAND_SIZES[n]
            order = [(dealer + i) % n for i in range(1, n + 1)]
            nets = {s: net_chips(len(edit[captured(s)]), dealt) for s in order if s != loser}
            for s in order:
                if s != loser and nets[s] < 0:
                    pay = -nets[s]
                    chips[s] -= pay
                    pot += pay
                    work.events.append(Paid(s, pay, pot))
            for s in order:
                if s != loser and nets[s] > 0:
                    take = min(nets[s], pot)
                    pot -= take
                    chips[s] += take
                    if take:
                        work.events.append(Took(s, take, pot))
                    short = nets[s] - take
                    if short and loser is not None:
                        chips[loser] -= short
                        chips[s] += short
                        work.events.append(Shortfall(loser, s, short))
            scores = tuple(chips[s] - work.chips[s] - 1 for s in range(n))
        else:
            scores = tuple(1 if s == loser else 0 for s in range(n))
        ended = how(work.series.number + 1, loser)
        work.events.append(ended)
        work.series = work.series.ended(DealResult(dealer, scores, ended.text(), how.ending))
        work.laughs = tuple(laughs)
        work.chips = tuple(chips)
        work.pot = pot
        work.turn = None
        work.asked = None
        work.rank = 0
        work.captured = False

    # --- the end -------------------------------------------------------------------------------
    def standing(self, state: LaughState[Any]) -> tuple[int, ...]:
        """Places now: most chips (stakes) or fewest laughs, then fewer laughs, ties shared."""
        if state.options.stakes:
            keys = [(state.chips[s], -state.laughs[s]) for s in range(state.seats)]
        else:
            keys = [(-state.laughs[s], 0) for s in range(state.seats)]
        return tuple(1 + sum(other > mine for other in keys) for mine in keys)

    def outcome(self, state: FullLaugh) -> Outcome | None:
        if not state.over:
            return None
        places = self.standing(state)
        winners = [s for s in range(state.seats) if places[s] == 1]
        names = " · ".join(who(s) for s in winners)
        if state.options.stakes:
            scores, measure = state.chips, CHIP_BALANCE
            forms = N_n(
                "{who} finishes with the most chips ({n})", "{who} finish with the most chips ({n})"
            )
        else:
            scores, measure = state.laughs, LAUGHS
            forms = N_n(
                "{who} was laughed at the least ({times})",
                "{who} were laughed at the least ({times})",
            )
        best = scores[winners[0]]
        times = say_n("{n} time", "{n} times", best, n=best)
        reason = say_n(*forms, len(winners), who=names, n=best, times=times)
        return Outcome(places, reason, scores, ending="match-played", measure=measure)

    # --- presentation ----------------------------------------------------------------------
    def present(self, obs: Observation[SeenLaugh]) -> TableView:
        return presentation.present(obs)


__all__ = [
    "CARD_NOT_HELD", "MIXED_RANKS", "MUST_CAPTURE", "NEED_HAND_AND_TABLE", "NOT_NOW",
    "NOT_ON_TABLE", "AnyLaughMove", "LaughAndLieDown", "net_chips",
]  # fmt: skip
