"""The rules of Grabuge: setup, the forced cascade, the turn, the bonus, the end and the count.

Everything between two decisions happens in one :class:`_Cascade`: the state is taken apart
into each player's piles (grabuge, stock, batch, turned card, reserve columns, won cards) and
the packets on the tableau (oldest first, with their top ranks), every automatic step runs on
those, and the result is frozen into one new state.  The immutable table is built once per
``apply``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from operator import itemgetter
from typing import Any

from cardsuite.core.building import Building, Direction, Suiting
from cardsuite.core.cards import ACE, KING, Card, parse_cards, parse_rank, several, standard_deck
from cardsuite.core.errors import NOT_NOW, NotationError, Refusal
from cardsuite.core.events import Event, TurnBegins
from cardsuite.core.i18n import N_
from cardsuite.core.outcome import Outcome
from cardsuite.core.position import parse_position
from cardsuite.core.protocol import Observation, RulesBase
from cardsuite.core.rng import shuffled
from cardsuite.core.series import DealResult, Dealt, NextDeal, Series, next_deal_refusal
from cardsuite.core.states import fresh
from cardsuite.core.table import Layout, PileId, PileSpec, Seat, Table, Visibility
from cardsuite.core.text import say
from cardsuite.core.text import seat as seat_token
from cardsuite.core.view import TableView
from cardsuite.games.grabuge import GAME
from cardsuite.games.grabuge import present as presentation
from cardsuite.games.grabuge.model import (
    BATCH_SIZE,
    BONUS,
    COLUMNS,
    PACKET_SIZE,
    PACKETS,
    SEATS,
    BatchPlayed,
    BatchTaken,
    BatchToOnlyColumn,
    BonusWon,
    Converted,
    Counted,
    DealWon,
    FullGrabuge,
    GrabugeEmpty,
    GrabugeMove,
    GrabugeOptions,
    GrabugeShows,
    GrabugeState,
    PacketCrowned,
    Passed,
    Placed,
    PlaceInReserve,
    PlayedFromGrabuge,
    PlayedFromReserve,
    PlayReserve,
    Precedence,
    SeenGrabuge,
    SetupAce,
    TurnedNoPlace,
    batch_pile,
    grabuge_pile,
    match_totals,
    packet_pile,
    packet_totals,
    packets_won,
    reserve_left,
    reserve_pile,
    reserve_piles,
    seat_piles,
    stock_pile,
    turned_pile,
    won_pile,
)

AnyGrabugeMove = GrabugeMove | NextDeal
Piles = dict[PileId, tuple[Card, ...]]

# Refusal codes (grabuge.md §6.8 names ReserveFull).
RESERVE_FULL = "ReserveFull"
NO_SUCH_COLUMN = "NoSuchColumn"
COLUMN_FREE = "ColumnFree"
DOES_NOT_FIT = "DoesNotFit"

# --- layouts -------------------------------------------------------------------------------

_SEAT_SPECS: tuple[PileSpec, ...] = tuple(
    spec
    for s in range(SEATS)
    for spec in (
        PileSpec(grabuge_pile(s), s, Visibility.TOP),
        PileSpec(stock_pile(s), s, Visibility.HIDDEN),
        PileSpec(batch_pile(s), s, Visibility.HIDDEN),
        PileSpec(turned_pile(s), s, Visibility.PUBLIC),
        *(PileSpec(reserve_pile(s, k), s, Visibility.PUBLIC) for k in range(1, COLUMNS + 1)),
        PileSpec(won_pile(s), s, Visibility.PUBLIC),
    )
)
_SEAT_PILES = tuple(name for s in range(SEATS) for name in seat_piles(s))
_SEAT_PILE_COUNT = len(_SEAT_PILES)
# Every layout begins with the seat piles (layout_for), so each seat's turned card and reserve
# columns lie at the same places in every Grabuge table: one getter per seat reads them all.
_TURNED_AND_COLUMNS = tuple(
    itemgetter(*(_SEAT_PILES.index(name) for name in (turned_pile(s), *reserve_piles(s))))
    for s in range(SEATS)
)
# Likewise each seat's piles, in the order of seat_piles (what a _Side is made from).
_SIDE_PILES = tuple(
    itemgetter(*(_SEAT_PILES.index(name) for name in seat_piles(s))) for s in range(SEATS)
)
_PACKET_NAMES: dict[tuple[int, ...], tuple[PileId, ...]] = {}


def _packet_names(serials: tuple[int, ...]) -> tuple[PileId, ...]:
    """The piles of the packets ``serials``, oldest first."""
    names = _PACKET_NAMES.get(serials)
    if names is None:
        if len(_PACKET_NAMES) >= _LAYOUT_CACHE_LIMIT:
            _PACKET_NAMES.clear()
        names = _PACKET_NAMES[serials] = tuple(packet_pile(n) for n in serials)
    return names


_LAYOUTS: dict[tuple[int, ...], Layout] = {}
_LAYOUT_CACHE_LIMIT = 20_000


def layout_for(packets: tuple[int, ...]) -> Layout:
    """The layout with the seat piles (seat 0's, then seat 1's, each in the order of
    :func:`seat_piles`) and one pile per packet serial, in that order.  The cascade builds its
    tables in this order (``_Cascade.freeze``)."""
    layout = _LAYOUTS.get(packets)
    if layout is None:
        if len(_LAYOUTS) >= _LAYOUT_CACHE_LIMIT:
            _LAYOUTS.clear()
        packet_specs = (PileSpec(packet_pile(n)) for n in packets)
        layout = _LAYOUTS[packets] = Layout((*_SEAT_SPECS, *packet_specs))
    return layout


_DECKS: dict[int, tuple[Card, ...]] = {}


def full_deck(decks: int) -> tuple[Card, ...]:
    deck = _DECKS.get(decks)
    if deck is None:
        deck = _DECKS[decks] = several(standard_deck(), decks)
    return deck


# §6.2: packets are built up from an Ace, in any suit, to the King (no wraparound).  With any
# suit a packet's top counts by its rank alone, and the tableau is kept as its tops' ranks.
PACKET = Building("packet", direction=Direction.UP, suiting=Suiting.ANY_SUIT, base=ACE)
# Per rank, the rank of the packet top a card of it goes on (0 for the Ace: it starts one).
_GOES_ON: tuple[int, ...] = tuple((*PACKET.goes_on_ranks(rank), 0)[0] for rank in range(KING + 1))


def _fits(card: Card, tops: list[int]) -> bool:
    """§6.2: an Ace always goes to the tableau; another card needs a packet one rank below."""
    rank = card.rank
    return rank == ACE or _GOES_ON[rank] in tops


# --- the cascade: every automatic step between two decisions -------------------------------

Pile = tuple[Card, ...]


class _Side:
    """One player's piles during a cascade: his grabuge and his stock (top card last), the
    batch he is turning, the turned card awaiting its place, his reserve columns (column 1
    first, each from the bottom card to the exposed one) and the cards of the packets he has
    crowned.  Made from, and turned back into, the seat's piles in the order of
    :func:`seat_piles`."""

    __slots__ = ("batch", "grabuge", "reserve", "stock", "turned", "won")

    def __init__(
        self,
        grabuge: Pile,
        stock: Pile,
        batch: Pile,
        turned: Pile,
        column1: Pile,
        column2: Pile,
        column3: Pile,
        column4: Pile,
        won: Pile,
    ) -> None:
        self.grabuge = grabuge
        self.stock = stock
        self.batch = batch
        self.turned = turned
        self.reserve = [column1, column2, column3, column4]
        self.won = won

    def piles(self) -> tuple[Pile, ...]:
        return (self.grabuge, self.stock, self.batch, self.turned, *self.reserve, self.won)


# Events are immutable values, and a playout logs the same turns, batches and placements over
# and over: like the moves, these are made once and shared.
_TURN_BEGINS = tuple(TurnBegins(s) for s in range(SEATS))
_BATCH_TAKEN = tuple(tuple(BatchTaken(s, n) for n in range(BATCH_SIZE + 1)) for s in range(SEATS))
_TURNED_NO_PLACE: dict[tuple[Seat, int], TurnedNoPlace] = {}  # by seat and card index
_PLACED: dict[tuple[Seat, int, int, bool], Placed] = {}  # by seat, card index, column, new
_NO_PILES: tuple[Pile, ...] = ((),) * len(seat_piles(0))


class _Cascade:
    """A state taken apart for one apply: ``me`` holds the piles of the player on turn and
    :meth:`side` any player's; ``packets``, ``tops`` and ``serials`` describe the packets on
    the tableau, oldest first.  ``state`` is the state it started from.

    This is the engine's hot path, so the table is taken apart and built again as a whole, in
    the order :func:`layout_for` gives its piles (seat 0's, seat 1's, then the packets), rather
    than pile by pile by name."""

    __slots__ = (
        "acted",
        "active",
        "bonus",
        "converted",
        "drawn",
        "events",
        "first",
        "me",
        "next_packet",
        "over",
        "packets",
        "passes",
        "serials",
        "series",
        "sides",
        "state",
        "tops",
    )  # fmt: skip

    def __init__(self, state: FullGrabuge) -> None:
        self.state = state
        piles = state.table.piles  # in layout_for's order
        # Most steps touch only the piles of the player on turn: the other's are taken
        # apart when first needed (side).
        self.sides: list[_Side | None] = [None, None]
        active = state.active
        self.me = self.sides[active] = _Side(*_SIDE_PILES[active](piles))
        self.packets = list(piles[_SEAT_PILE_COUNT:])
        # A packet holds every rank from the Ace up to its top, so its size is its top rank.
        self.tops = list(map(len, self.packets))
        self.serials = state.packets  # a new tuple whenever a packet starts or is crowned
        self.next_packet = state.next_packet
        self.events: list[Event] = []
        self.series = state.series
        self.first = state.first
        self.active = active
        self.drawn = state.drawn
        self.converted = state.converted
        self.bonus = state.bonus
        self.over = state.over
        self.acted = True  # resuming after a decision: the turn is not a pass
        self.passes = 0  # passes in a row during this cascade

    def freeze(self) -> FullGrabuge:
        state = self.state
        packets = self.serials
        if packets is state.packets:
            layout = state.table.layout
        else:
            layout = _LAYOUTS.get(packets) or layout_for(packets)
        a, b = self.sides
        old = state.table.piles
        piles = (
            *(_SIDE_PILES[0](old) if a is None else a.piles()),
            *(_SIDE_PILES[1](old) if b is None else b.piles()),
            *self.packets,
        )
        return GrabugeState(
            table=Table(layout, piles, ()),
            seed=state.seed,
            events=tuple(self.events),
            options=state.options,
            seats=SEATS,
            series=self.series,
            first=self.first,
            active=self.active,
            drawn=self.drawn,
            converted=self.converted,
            bonus=self.bonus,
            packets=packets,
            next_packet=self.next_packet,
            over=self.over,
        )

    def side(self, s: Seat) -> _Side:
        """Seat ``s``'s piles, taken apart on first use."""
        side = self.sides[s]
        if side is None:
            side = self.sides[s] = _Side(*_SIDE_PILES[s](self.state.table.piles))
        return side

    # --- §5 setup ------------------------------------------------------------------------
    def begin_deal(self) -> None:
        """Shuffle, give each player half, count off the grabuges, then set up (§5)."""
        seed = self.state.seed
        assert seed is not None, "an observation cannot be played on"
        options = self.state.options
        series = self.series
        dealer = series.dealer
        cards = shuffled(full_deck(options.decks), seed, "deal", series.number)
        each = options.cards_each
        size = options.grabuge_size
        self.sides = [_Side(*_NO_PILES), _Side(*_NO_PILES)]
        for s, stock in ((1 - dealer, cards[:each]), (dealer, cards[each:])):
            side = self.side(s)
            side.stock = tuple(stock[:-size])
            # counted off one at a time, face down: the order is reversed
            side.grabuge = tuple(reversed(stock[-size:]))
        self.packets.clear()
        self.tops.clear()
        self.serials = ()
        self.next_packet = 1
        self.converted = (False, False)
        self.bonus = (0, 0)
        self.over = False
        self.events.append(Dealt(dealer, series.number + 1))
        for s in (1 - dealer, dealer):
            self.events.append(GrabugeShows(s, self.side(s).grabuge[-1]))
        self.setup()

    def setup(self) -> None:
        """Setup aces, non-dealer first (§5.4), then precedence (§5.5)."""
        events = self.events
        non_dealer = 1 - self.series.dealer
        for s in (non_dealer, self.series.dealer):
            side = self.side(s)
            grabuge = side.grabuge
            while grabuge and grabuge[-1].rank == ACE:
                ace = grabuge[-1]
                side.grabuge = grabuge = grabuge[:-1]
                packet = self.put_ace(ace)
                events.append(SetupAce(s, ace, packet))
                if grabuge:
                    events.append(GrabugeShows(s, grabuge[-1]))
                else:
                    self.grabuge_emptied(s)
        tops = [self.side(s).grabuge[-1:] for s in range(SEATS)]
        ranks = [top[0].rank if top else 0 for top in tops]  # an empty grabuge counts 0
        tie = ranks[0] == ranks[1]
        first = non_dealer if tie else (0 if ranks[0] > ranks[1] else 1)  # the tie: §10.5
        events.append(Precedence(first, tops[first] + tops[1 - first], tie))
        self.first = self.active = first
        self.me = self.side(first)
        self.drawn = False
        self.acted = False
        events.append(TurnBegins(first))

    # --- §6.2 the tableau ------------------------------------------------------------------
    def put_ace(self, ace: Card) -> PileId:
        """An Ace starts the newest packet; returns its pile."""
        serial = self.next_packet
        self.next_packet = serial + 1
        self.serials = (*self.serials, serial)
        self.packets.append((ace,))
        self.tops.append(ACE)
        return packet_pile(serial)

    def play(self, card: Card, logged_as: Callable[..., Event], *details: int) -> None:
        """Move a card that fits to the tableau and log it: an Ace starts the newest packet,
        any other card goes on the oldest packet one rank below; a King completes it, and the
        packet goes to the player on turn.  The play is logged as ``logged_as(seat, card,
        card it went on or None, packet pile, *details)``, then the crowned packet, if any."""
        p = self.active
        rank = card.rank
        crowned = False
        if rank == ACE:
            under, packet = None, self.put_ace(card)
        else:
            j = self.tops.index(_GOES_ON[rank])
            cards = self.packets[j]
            under, packet = cards[-1], packet_pile(self.serials[j])
            if rank == KING:
                del self.packets[j]
                del self.tops[j]
                self.serials = self.serials[:j] + self.serials[j + 1 :]
                self.me.won += (*cards, card)
                crowned = True
            else:
                self.packets[j] = (*cards, card)
                self.tops[j] = rank
        self.events.append(logged_as(p, card, under, packet, *details))
        if crowned:
            self.events.append(PacketCrowned(p, card, len(self.me.won) // PACKET_SIZE))

    # --- §6.3 settle -----------------------------------------------------------------------
    def settle(self) -> bool:
        """Play the grabuge top while it fits, else the only fitting reserve column, again and
        again.  False when two or more columns fit: the player must choose (PlayReserve)."""
        p = self.active
        me = self.me
        tops = self.tops
        while True:
            grabuge = me.grabuge
            if grabuge and not self.converted[p]:
                card = grabuge[-1]
                rank = card.rank
                if rank == ACE or _GOES_ON[rank] in tops:
                    me.grabuge = grabuge = grabuge[:-1]
                    self.play(card, PlayedFromGrabuge)
                    self.acted = True
                    if grabuge:
                        self.events.append(GrabugeShows(p, grabuge[-1]))
                    else:
                        self.grabuge_emptied(p)
                    continue
            fitting = 0
            for k, column in enumerate(me.reserve, start=1):
                if column:
                    rank = column[-1].rank
                    if rank == ACE or _GOES_ON[rank] in tops:
                        if fitting:
                            return False
                        fitting = k
            if not fitting:
                return True
            self.play_column(fitting)

    def play_column(self, column: int) -> None:
        """Play the exposed card of the active seat's reserve column ``column``."""
        reserve = self.me.reserve
        cards = reserve[column - 1]
        reserve[column - 1] = cards[:-1]
        self.play(cards[-1], PlayedFromReserve, column)
        self.acted = True

    # --- §6.4 the turn ---------------------------------------------------------------------
    def run(self, settled: bool = False) -> None:
        """Run the automatic steps until a decision is pending or the deal is over.
        ``settled``: nothing can play before the next batch card (see :meth:`place`)."""
        while True:
            if not (settled or self.settle()):
                return  # PlayReserve: which column first
            settled = False
            p = self.active
            me = self.me
            if not self.drawn:
                self.draw()
            batch = me.batch
            if batch:
                card = batch[-1]
                me.batch = batch[:-1]
                rank = card.rank
                if rank == ACE or _GOES_ON[rank] in self.tops:
                    self.play(card, BatchPlayed)
                elif any(me.reserve):
                    me.turned = (card,)
                    key = (p, card.index)
                    self.events.append(
                        _TURNED_NO_PLACE.get(key)
                        or _TURNED_NO_PLACE.setdefault(key, TurnedNoPlace(p, card))
                    )
                    return  # PlaceInReserve: where does it go
                else:
                    me.reserve[0] = (card,)  # no column yet: it simply starts one
                    self.events.append(BatchToOnlyColumn(p, card))
                continue
            if self.end_turn():
                return

    def draw(self) -> None:
        """Convert the grabuge if the stock is out (§6.6), then take this turn's batch."""
        self.drawn = True
        p = self.active
        me = self.me
        stock = me.stock
        if not stock and not self.converted[p] and me.grabuge:
            stock = me.stock = me.grabuge
            me.grabuge = ()
            self.converted = (True, self.converted[1]) if p == 0 else (self.converted[0], True)
            self.events.append(Converted(p, stock[-1], len(stock)))
        n = min(BATCH_SIZE, len(stock))
        if n:
            me.batch = stock[-n:]  # order kept: the stock's top is turned first
            me.stock = stock[:-n]
            self.events.append(_BATCH_TAKEN[p][n])  # BatchTaken(p, n)
            self.acted = True

    def place(self, column: int | None) -> None:
        """Put the turned card on ``column``, or into the lowest free slot (None).

        Before the card was turned nothing could play (the cascade had settled), and it fits
        no packet, so the turn goes straight on with the next batch card: ``run(settled=True)``.
        """
        p = self.active
        me = self.me
        card = me.turned[0]
        me.turned = ()
        new = column is None
        if column is None:
            column = 1 + [bool(cards) for cards in me.reserve].index(False)
        me.reserve[column - 1] += (card,)
        key = (p, card.index, column, new)
        self.events.append(
            _PLACED.get(key) or _PLACED.setdefault(key, Placed(p, card, column, new))
        )
        self.acted = True

    # --- §6.7 the bonus --------------------------------------------------------------------
    def grabuge_emptied(self, s: Seat) -> None:
        """A grabuge still in its own role has emptied: the bonus, if nobody has it yet."""
        if self.bonus == (0, 0):
            self.bonus = (BONUS, 0) if s == 0 else (0, BONUS)
            self.events.append(BonusWon(s, BONUS))
        else:
            self.events.append(GrabugeEmpty(s))

    # --- §7 the end ------------------------------------------------------------------------
    def end_turn(self) -> bool:
        """Close the active seat's turn; True when the deal is over (a decision-free stop)."""
        p = self.active
        if self.acted:
            self.passes = 0
        else:
            self.events.append(Passed(p))
            self.passes += 1
            # A pass leaves its player with no stock, no grabuge and nothing that fits, so the
            # end check or the other player must act: two passes in a row mean a broken state.
            assert self.passes < SEATS, "both players passed in a row without the game ending"
        if self.finished():
            self.end_deal()
            return True
        self.active = 1 - p
        self.me = self.side(1 - p)
        self.drawn = False
        self.acted = False
        self.events.append(_TURN_BEGINS[1 - p])  # TurnBegins(1 - p)
        return False

    def finished(self) -> bool:
        """§7.1: no stock, no grabuge, and no exposed reserve card that fits, on either side."""
        sides, tops = (self.me, self.side(1 - self.active)), self.tops
        for side in sides:
            if side.stock or side.grabuge:
                return False
        for side in sides:
            for column in side.reserve:
                if column and _fits(column[-1], tops):
                    return False
        return True

    def end_deal(self) -> None:
        """Count the deal (§7.2); the series then waits for the next deal or the match ends."""
        sides = [self.side(s) for s in range(SEATS)]
        won = tuple(len(side.won) // PACKET_SIZE for side in sides)
        leftover = tuple(sum(map(len, side.reserve)) for side in sides)
        totals = packet_totals(won, leftover, self.bonus)
        for s in range(SEATS):
            extra = totals[s] - won[s] - self.bonus[s]
            self.events.append(Counted(s, won[s], extra, self.bonus[s]))
        winner = None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
        number = self.series.number + 1
        result = DealWon(winner, number)
        self.events.append(result)
        note = say("{a} {x} – {y} {b}", a=seat_token(0), x=totals[0], y=totals[1], b=seat_token(1))
        self.series = self.series.ended(
            DealResult(self.series.dealer, totals, f"{result.text()} ({note})", "packets")
        )
        self.over = True


# --- the engine ----------------------------------------------------------------------------


@GAME.describes
class Grabuge(RulesBase[FullGrabuge, SeenGrabuge, AnyGrabugeMove]):
    def __init__(self) -> None:
        self._moves: dict[tuple[Any, ...], AnyGrabugeMove] = {}
        self._placements: dict[tuple[int, ...], tuple[AnyGrabugeMove, ...]] = {}
        self._to_move = tuple(frozenset({s}) for s in range(SEATS))
        self._nobody: frozenset[Seat] = frozenset()

    # --- setup ---------------------------------------------------------------------------
    def new_game(self, *, seats: int, options: Any = None, seed: int = 0) -> FullGrabuge:
        self.check_seats(seats)
        opts: GrabugeOptions = self.resolve_options(options)
        series = Series.start(seed=seed, seats=SEATS, deals=opts.match_deals)
        work = _Cascade(self._blank(opts, seed, series))
        work.begin_deal()
        work.run()
        return work.freeze()

    def _blank(self, options: GrabugeOptions, seed: int, series: Series) -> FullGrabuge:
        """A state with no cards anywhere, to deal from."""
        blank = Table.from_names(layout_for(()), dict.fromkeys(_SEAT_PILES, ()))
        return fresh(GrabugeState, blank, seed, options, SEATS)._replace(
            series=series, converted=(False, False), bonus=(0, 0), next_packet=1
        )

    def deck(self, state: GrabugeState[Any]) -> tuple[Card, ...]:
        return full_deck(state.options.decks)

    def position(self, text: str, *, options: Any = None, seed: int = 0) -> FullGrabuge:
        """A position laid out by hand, played on to its first decision.

        Players are named as in the spec: ``P1`` is seat 0, ``P2`` seat 1.  Lines::

            packets: A 4          packets on the tableau, oldest first, by their top rank
            P1 grabuge: 2♣ 3♦     a grabuge or a stock, listed from the top
            P1 col2: 8♠ 4♥        a reserve column, from the bottom to the exposed card
            P2 won: 3             packets already won
            turn: P2              whose turn begins (default P1)
            dealer: P1            (default P2)
            setup: yes            the grabuges were just counted off: setup aces and
                                  precedence (§5) decide who starts
            converted: P1         grabuges already used as the stock (they must be empty)
            bonus: P2             who has the two-packet bonus already

        Such positions need not hold a whole deck (a deal in progress has cards elsewhere).
        """
        opts: GrabugeOptions = self.resolve_options(options)
        given = parse_position(text, layout_for(()))
        piles: Piles = {}
        serials: list[int] = []
        settings: dict[str, str] = {}
        for key, value in given.settings.items():
            if key == "packets":
                for i, rank in enumerate(value.split(), start=1):
                    piles[packet_pile(i)] = _run_to(parse_rank(rank), i)
                    serials.append(i)
                continue
            who, _sep, what = key.partition(" ")
            if not what:
                settings[key] = value
                continue
            s = _player(who)
            if what == "won":  # a number of packets, not cards
                won = _count(key, value)
                piles[won_pile(s)] = tuple(c for i in range(won) for c in _run_to(KING, i))
                continue
            cards = parse_cards(value) if value and value != "-" else ()
            if what in ("grabuge", "stock"):
                pile = grabuge_pile(s) if what == "grabuge" else stock_pile(s)
                piles[pile] = tuple(reversed(cards))  # listed from the top
            elif what.startswith("col") and what[3:] in ("1", "2", "3", "4"):
                piles[reserve_pile(s, int(what[3:]))] = cards
            else:
                raise NotationError(f"{key}: unknown pile (grabuge, stock, col1 … col4, won)")
        piles.update(given.piles)
        for name in given.piles:
            if name.startswith(("batch.", "turned.")) and given.piles[name]:
                raise NotationError(f"{name} must be empty: a turn starts before its batch")
        unknown = sorted(settings.keys() - set(_POSITION_SETTINGS))
        if unknown:  # a misspelt line must not be dropped silently
            known = ", ".join(_POSITION_SETTINGS)
            raise NotationError(f"{unknown[0]}: unknown setting (settings: {known})")

        def flags(key: str) -> tuple[bool, bool]:
            named = {_player(v) for v in settings.get(key, "").split()}
            return (0 in named, 1 in named)

        converted = flags("converted")
        bonus = tuple(BONUS if held else 0 for held in flags("bonus"))
        for s in range(SEATS):
            if converted[s] and piles.get(grabuge_pile(s)):
                raise NotationError(f"P{s + 1}'s grabuge has become the stock, so it must be empty")
        active = _player(settings.get("turn", "P1"))
        dealer = _player(settings.get("dealer", "P2"))
        layout = layout_for(tuple(serials))
        table = Table.from_names(layout, {name: piles.get(name, ()) for name in layout.ids})
        state = fresh(GrabugeState, table, seed, opts, SEATS)._replace(
            series=Series(opts.match_deals, 0, dealer),
            first=active,
            active=active,
            converted=converted,
            bonus=(bonus[0], bonus[1]),
            packets=tuple(serials),
            next_packet=max(serials, default=0) + 1,
        )
        work = _Cascade(state)
        if settings.get("setup", "no").lower() in ("yes", "on", "true"):
            work.setup()
        else:
            work.acted = False
            work.events.append(TurnBegins(active))
        work.run()
        return work.freeze()

    # --- whose decision, which moves -------------------------------------------------------
    def to_move(self, state: FullGrabuge) -> frozenset[Seat]:
        if not state.over:
            return self._to_move[state.active]
        if state.series.between:
            return self._to_move[state.series.next_dealer(SEATS)]
        return self._nobody

    def _move(self, cls: type[AnyGrabugeMove], *key: Any) -> AnyGrabugeMove:
        move = self._moves.get((cls, *key))
        if move is None:
            move = self._moves[(cls, *key)] = cls(*key)
        return move

    def candidates(self, state: FullGrabuge, seat: Seat) -> Iterator[AnyGrabugeMove]:
        yield self._move(NextDeal, seat)
        table = state.table
        turned = table.cards(turned_pile(seat))
        card = turned[0] if turned else None
        columns = [table.cards(name) for name in reserve_piles(seat)]
        free = next((k for k in range(1, COLUMNS + 1) if not columns[k - 1]), None)
        for k in range(1, COLUMNS + 1):
            yield self._move(PlaceInReserve, seat, k, card, reserve_pile(seat, k))
        yield self._move(
            PlaceInReserve, seat, None, card, reserve_pile(seat, free) if free else None
        )
        tops = self._tops(state)
        for k in range(1, COLUMNS + 1):
            column = columns[k - 1]
            exposed = column[-1] if column else None
            target = self._target(state, tops, exposed) if exposed else None
            yield self._move(PlayReserve, seat, k, exposed, target)

    def _tops(self, state: FullGrabuge) -> list[int]:
        """The top rank of each packet on the tableau, oldest first."""
        if not state.packets:
            return []
        return list(map(len, state.table.piles_of(_packet_names(state.packets))))  # Ace up

    def _target(self, state: FullGrabuge, tops: list[int], card: Card) -> PileId | None:
        """The packet pile ``card`` would go to (None if it fits nowhere, or starts one)."""
        rank = card.rank
        under = _GOES_ON[rank]
        if rank == ACE or under not in tops:
            return None
        return packet_pile(state.packets[tops.index(under)])

    def legal_moves(self, state: FullGrabuge, seat: Seat) -> tuple[AnyGrabugeMove, ...]:
        # Equal to the candidates that why_illegal accepts, computed directly: Grabuge's
        # placements are asked for at nearly every step of a playout, and the contract suite
        # compares the two on every state it visits.
        if state.over:
            if state.series.between and seat == state.series.next_dealer(SEATS):
                return (self._move(NextDeal, seat),)
            return ()
        if seat != state.active:
            return ()
        turned, c1, c2, c3, c4 = _TURNED_AND_COLUMNS[seat](state.table.piles)
        if turned:
            # Where the turned card may go depends only on it and on which columns are empty.
            card = turned[0]
            key = (card.index, seat, not c1, not c2, not c3, not c4)
            placements = self._placements.get(key)
            if placements is None:
                placements = self._placements[key] = self._placements_for(seat, card, key[2:])
            return placements
        out: list[AnyGrabugeMove] = []
        tops = self._tops(state)
        for k, column in enumerate((c1, c2, c3, c4), start=1):
            if column:
                exposed = column[-1]
                rank = exposed.rank
                if rank == ACE or _GOES_ON[rank] in tops:
                    target = self._target(state, tops, exposed)
                    out.append(self._move(PlayReserve, seat, k, exposed, target))
        return tuple(out)

    def _placements_for(
        self, seat: Seat, card: Card, empty: tuple[int, ...]
    ) -> tuple[AnyGrabugeMove, ...]:
        """The PlaceInReserve moves for ``card`` when ``empty`` says which columns hold no
        card (column 1 first)."""
        out: list[AnyGrabugeMove] = []
        free = 0
        for k, is_empty in enumerate(empty, start=1):
            if not is_empty:
                out.append(self._move(PlaceInReserve, seat, k, card, reserve_pile(seat, k)))
            elif not free:
                free = k
        if free:
            out.append(self._move(PlaceInReserve, seat, None, card, reserve_pile(seat, free)))
        return tuple(out)

    # --- the one legality check ----------------------------------------------------------
    def why_illegal(self, state: FullGrabuge, move: AnyGrabugeMove) -> Refusal | None:
        if isinstance(move, NextDeal):
            series = state.series
            return next_deal_refusal(
                series,
                move.seat,
                series.next_dealer(SEATS),
                not_over=Refusal(NOT_NOW, say("the deal is not over")),
            )
        if state.over or move.seat != state.active:
            if state.series.between:  # (only ever while the deal is over)
                return Refusal(NOT_NOW, say("the deal is over: the next one must be dealt first"))
            return self.not_your_turn(state, move)
        turned, *columns = _TURNED_AND_COLUMNS[move.seat](state.table.piles)
        if isinstance(move, PlaceInReserve):
            column = move.column
            if not turned:
                return Refusal(
                    NOT_NOW,
                    say(
                        "no turned card is waiting for a place: the choice now is which reserve "
                        "column plays first (a reserve card that fits must be played)"
                    ),
                )
            card = turned[0]
            if column is None:
                if all(columns):
                    return Refusal(
                        RESERVE_FULL,
                        say(
                            "all four reserve columns are in use — put {card} on one of them",
                            card=card,
                        ),
                    )
                return None
            if not isinstance(column, int) or not 1 <= column <= COLUMNS:
                return Refusal(
                    NO_SUCH_COLUMN,
                    say(
                        "there is no reserve column {n}: the columns are numbered 1 to 4", n=column
                    ),
                )
            if not columns[column - 1]:
                return Refusal(
                    COLUMN_FREE,
                    say(
                        "column {n} is free: to start a column with {card}, choose a new column "
                        "(it takes the lowest free slot)",
                        n=column,
                        card=card,
                    ),
                )
            return None
        if isinstance(move, PlayReserve):
            column = move.column
            if turned:
                return Refusal(
                    NOT_NOW,
                    say(
                        "{card} fits no packet and must first go to the reserve; reserve cards "
                        "play after it is placed",
                        card=turned[0],
                    ),
                )
            if not isinstance(column, int) or not 1 <= column <= COLUMNS:
                return Refusal(
                    NO_SUCH_COLUMN,
                    say(
                        "there is no reserve column {n}: the columns are numbered 1 to 4", n=column
                    ),
                )
            cards = columns[column - 1]
            if not cards:
                return Refusal(NOT_NOW, say("reserve column {n} is empty", n=column))
            if not _fits(cards[-1], self._tops(state)):
                return Refusal(
                    DOES_NOT_FIT,
                    say(
                        "the {card} exposed in column {n} does not fit any packet",
                        card=cards[-1],
                        n=column,
                    ),
                )
            return None
        return Refusal("NotAMove", f"{move!r} is not a move of Grabuge")

    # --- applying a legal move -------------------------------------------------------------
    def perform(self, state: FullGrabuge, move: AnyGrabugeMove) -> FullGrabuge:
        if isinstance(move, PlaceInReserve):
            work = _Cascade(state)
            work.place(move.column)
            work.run(settled=True)  # the placed card fits nowhere: nothing new can play
        elif isinstance(move, PlayReserve):
            work = _Cascade(state)
            work.play_column(move.column)
            work.run()
        else:
            assert state.seed is not None, "an observation cannot be played on"
            work = _Cascade(self._blank(state.options, state.seed, state.series.next(SEATS)))
            work.begin_deal()
            work.run()
        return work.freeze()

    # --- scoring ---------------------------------------------------------------------------
    def won(self, state: GrabugeState[Any]) -> tuple[int, int]:
        """Packets each player has crowned in the deal in play."""
        return packets_won(state)

    def leftover(self, state: GrabugeState[Any]) -> tuple[int, int]:
        """Cards each player holds in his reserve."""
        return reserve_left(state)

    def totals(self, state: GrabugeState[Any]) -> tuple[int, ...]:
        """The match's packets so far: every finished deal added up."""
        return match_totals(state)

    def outcome(self, state: FullGrabuge) -> Outcome | None:
        if not state.over or state.series.between:
            return None
        totals = self.totals(state)
        deals = len(state.series.results)
        high, low = max(totals), min(totals)
        winner = seat_token(0 if totals[0] > totals[1] else 1)
        if deals == 1:
            template = (
                N_("a draw at {high}–{low}")
                if high == low
                else N_("{who} wins {high}–{low} on packets")
            )
        elif high == low:
            template = N_("the match is drawn at {high}–{low} after {deals} deals")
        else:
            template = N_("{who} wins the match {high}–{low} on packets over {deals} deals")
        return Outcome.from_scores(
            totals,
            say(template, who=winner, high=high, low=low, deals=deals),
            ending="packets",
            measure=PACKETS,
        )

    # --- presentation ----------------------------------------------------------------------
    def present(self, obs: Observation[SeenGrabuge]) -> TableView:
        return presentation.present(obs)


# The settings a position may give besides its piles (see Grabuge.position).
_POSITION_SETTINGS = ("packets", "turn", "dealer", "setup", "converted", "bonus")


def _player(text: str) -> Seat:
    token = text.strip().upper()
    if token not in ("P1", "P2"):
        raise NotationError(f"{text!r} is not a player (P1 or P2)")
    return int(token[1]) - 1


def _count(key: str, value: str) -> int:
    if not value.isdigit():
        raise NotationError(f"{key}: {value!r} is not a number of packets")
    return int(value)


def _run_to(rank: int, suit_index: int) -> tuple[Card, ...]:
    """A packet built from the Ace up to ``rank``, in one suit (suits never matter)."""
    from cardsuite.core.cards import SUITS

    suit = SUITS[suit_index % 4]
    return tuple(Card(r, suit) for r in range(1, rank + 1))


GRABUGE = Grabuge()
