"""The rules of Grabuge: setup, the forced cascade, the turn, the bonus, the end and the count.

Everything between two decisions happens in one :class:`_Cascade`: the state is taken apart
into a list of pile tuples and a list of packet tops, every automatic step runs on those, and
the result is frozen into one new state.  The immutable table is built once per ``apply``.

Event kinds (``Event.value`` in brackets):

=================  =====================================================================
``deal``           a deal begins; seat = dealer (deal number, from 1)
``grabuge_top``    a grabuge's new top card is turned up; cards = (card,)
``setup_ace``      an Ace from the grabuge starts a packet at setup (packet serial)
``precedence``     seat = who plays first; cards = the tops compared ("tie" on equal ranks)
``turn``           seat's turn begins
``play_grabuge``   the grabuge top is played; cards = (card,) or (card, card under it)
                   (packet serial)
``play_reserve``   a reserve column's exposed card is played; cards as above (column)
``draw``           a batch is taken off the stock, face down (number of cards)
``batch_play``     a batch card is turned and played; cards as above (packet serial)
``batch_place``    a batch card is turned, fits nowhere and starts the only column (column)
``batch_turn``     a batch card is turned and fits nowhere: its owner must place it
``place``          the turned card is put on an existing column (column)
``place_new``      the turned card starts a new column (column)
``convert``        the grabuge becomes the stock; cards = (its top,) (number of cards)
``bonus``          the two-packet bonus is won (2)
``grabuge_empty``  a grabuge empties when the bonus is already taken
``packet``         a King completes a packet; cards = (King,) (packets now won)
``pass``           the turn had nothing to do
``score``          a deal's count for seat ("won leftover bonus")
``deal_end``       seat = the deal's winner, None on a draw (deal number, from 1)
=================  =====================================================================
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar, cast

from cardsuite.core.cards import ACE, KING, Card, several, standard_deck
from cardsuite.core.outcome import Outcome
from cardsuite.core.protocol import Event, Observation, RulesBase
from cardsuite.core.rng import make_rng, shuffled
from cardsuite.core.table import Layout, PileId, PileSpec, Seat, Table, Visibility
from cardsuite.core.text import seat as seat_token
from cardsuite.core.view import TableView
from cardsuite.games.grabuge import present as presentation
from cardsuite.games.grabuge.model import (
    AT_BATCH,
    AT_COLUMN,
    AT_GRABUGE,
    AT_STOCK,
    AT_TURNED,
    AT_WON,
    BATCH_SIZE,
    BONUS,
    COLUMNS,
    FIXED,
    PACKET_SIZE,
    PER_SEAT,
    SEATS,
    GrabugeMove,
    GrabugeOptions,
    GrabugeState,
    PlaceInReserve,
    PlayReserve,
    batch_pile,
    grabuge_pile,
    packet_pile,
    packet_totals,
    reserve_pile,
    stock_pile,
    turned_pile,
    won_pile,
)

Piles = list[tuple[Card, ...]]

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
_LAYOUTS: dict[tuple[int, ...], Layout] = {}
_LAYOUT_CACHE_LIMIT = 20_000


def layout_for(packets: tuple[int, ...]) -> Layout:
    """The layout with the seat piles and one pile per packet serial, in that order."""
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


def _fits(card: Card, tops: Sequence[int]) -> bool:
    """§6.2: an Ace always goes to the tableau; another card needs a packet one rank below."""
    rank = card.rank
    return rank == ACE or (rank - 1) in tops


# --- the cascade: every automatic step between two decisions -------------------------------


class _Cascade:
    """A state taken apart for one apply.  ``piles`` is the table's pile list (the packets from
    FIXED on, oldest first); ``tops`` and ``serials`` run parallel to the packets."""

    __slots__ = (
        "acted",
        "active",
        "bonus",
        "converted",
        "deal",
        "dealer",
        "drawn",
        "events",
        "first",
        "next_packet",
        "options",
        "over",
        "passes",
        "piles",
        "results",
        "seed",
        "serials",
        "tops",
    )  # fmt: skip

    def __init__(self, state: GrabugeState) -> None:
        self.piles = cast(Piles, list(state.table.piles))
        self.serials = list(state.packets)
        self.tops = [pile[-1].rank for pile in self.piles[FIXED:]]
        self.next_packet = state.next_packet
        self.events: list[Event] = []
        self.options = state.options
        self.seed = state.seed
        self.deal = state.deal
        self.dealer = state.dealer
        self.first = state.first
        self.active = state.active
        self.drawn = state.drawn
        self.converted = state.converted
        self.bonus = state.bonus
        self.results = state.results
        self.over = state.over
        self.acted = True  # resuming after a decision: the turn is not a pass
        self.passes = 0  # passes in a row during this cascade

    def freeze(self) -> GrabugeState:
        packets = tuple(self.serials)
        layout = _LAYOUTS.get(packets) or layout_for(packets)
        return GrabugeState(
            Table(layout, tuple(self.piles)),
            self.seed,
            tuple(self.events),
            self.options,
            SEATS,
            self.deal,
            self.dealer,
            self.first,
            self.active,
            self.drawn,
            self.converted,
            self.bonus,
            packets,
            self.next_packet,
            self.results,
            self.over,
        )

    # --- §5 setup ------------------------------------------------------------------------
    def begin_deal(self, deal: int, dealer: Seat) -> None:
        """Shuffle, give each player half, count off the grabuges, then set up (§5)."""
        assert self.seed is not None, "an observation cannot be played on"
        options = self.options
        cards = shuffled(full_deck(options.decks), self.seed, "deal", deal)
        each = options.cards_each
        size = options.grabuge_size
        piles: Piles = [()] * FIXED
        halves = {1 - dealer: cards[:each], dealer: cards[each:]}
        for s, stock in halves.items():
            b = s * PER_SEAT
            piles[b + AT_STOCK] = tuple(stock[:-size])
            piles[b + AT_GRABUGE] = tuple(reversed(stock[-size:]))  # one at a time, face down
        self.piles[:] = piles
        self.tops.clear()
        self.serials.clear()
        self.next_packet = 1
        self.deal = deal
        self.dealer = dealer
        self.converted = (False, False)
        self.bonus = (0, 0)
        self.events.append(Event("deal", dealer, (), deal + 1))
        for s in (1 - dealer, dealer):
            self.events.append(Event("grabuge_top", s, (piles[s * PER_SEAT + AT_GRABUGE][-1],)))
        self.setup()

    def setup(self) -> None:
        """Setup aces, non-dealer first (§5.4), then precedence (§5.5)."""
        piles, events = self.piles, self.events
        non_dealer = 1 - self.dealer
        for s in (non_dealer, self.dealer):
            b = s * PER_SEAT
            grabuge = piles[b + AT_GRABUGE]
            while grabuge and grabuge[-1].rank == ACE:
                ace = grabuge[-1]
                piles[b + AT_GRABUGE] = grabuge = grabuge[:-1]
                self.put(ace, s, "setup_ace")
                if grabuge:
                    events.append(Event("grabuge_top", s, (grabuge[-1],)))
                else:
                    self.grabuge_emptied(s)
        tops = [piles[s * PER_SEAT + AT_GRABUGE][-1:] for s in range(SEATS)]
        ranks = [top[0].rank if top else 0 for top in tops]  # an empty grabuge counts 0
        tie = ranks[0] == ranks[1]
        first = non_dealer if tie else (0 if ranks[0] > ranks[1] else 1)  # the tie: §10.5
        shown = tops[first] + tops[1 - first]
        events.append(Event("precedence", first, shown, "tie" if tie else None))
        self.first = self.active = first
        self.drawn = False
        self.acted = False
        events.append(Event("turn", first))

    # --- §6.2 the tableau ------------------------------------------------------------------
    def put(self, card: Card, seat: Seat, kind: str, column: int | None = None) -> None:
        """Move a card that fits to the tableau and log it: an Ace starts the newest packet,
        any other card goes on the oldest packet one rank below; a King completes it."""
        rank = card.rank
        events = self.events
        if rank == ACE:
            serial = self.next_packet
            self.next_packet = serial + 1
            self.serials.append(serial)
            self.tops.append(ACE)
            self.piles.append((card,))
            events.append(Event(kind, seat, (card,), serial if column is None else column))
            return
        j = self.tops.index(rank - 1)
        at = FIXED + j
        packet = self.piles[at]
        value = self.serials[j] if column is None else column
        events.append(Event(kind, seat, (card, packet[-1]), value))
        if rank == KING:
            del self.piles[at]
            del self.tops[j]
            del self.serials[j]
            won = seat * PER_SEAT + AT_WON
            self.piles[won] = self.piles[won] + packet + (card,)
            events.append(Event("packet", seat, (card,), len(self.piles[won]) // PACKET_SIZE))
        else:
            self.piles[at] = (*packet, card)
            self.tops[j] = rank

    # --- §6.3 settle -----------------------------------------------------------------------
    def settle(self) -> bool:
        """Play the grabuge top while it fits, else the only fitting reserve column, again and
        again.  False when two or more columns fit: the player must choose (PlayReserve)."""
        p = self.active
        b = p * PER_SEAT
        piles, tops = self.piles, self.tops
        while True:
            grabuge = piles[b + AT_GRABUGE]
            if grabuge and not self.converted[p]:
                card = grabuge[-1]
                rank = card.rank
                if rank == ACE or (rank - 1) in tops:
                    piles[b + AT_GRABUGE] = grabuge = grabuge[:-1]
                    self.put(card, p, "play_grabuge")
                    self.acted = True
                    if grabuge:
                        self.events.append(Event("grabuge_top", p, (grabuge[-1],)))
                    else:
                        self.grabuge_emptied(p)
                    continue
            fitting = -1
            for at in range(b + AT_COLUMN, b + AT_COLUMN + COLUMNS):
                column = piles[at]
                if column:
                    rank = column[-1].rank
                    if rank == ACE or (rank - 1) in tops:
                        if fitting >= 0:
                            return False
                        fitting = at
            if fitting < 0:
                return True
            self.play_column(fitting)

    def play_column(self, at: int) -> None:
        """Play the exposed card of the reserve column at pile position ``at``."""
        column = self.piles[at]
        self.piles[at] = column[:-1]
        p = self.active
        self.put(column[-1], p, "play_reserve", at - p * PER_SEAT - AT_COLUMN + 1)
        self.acted = True

    # --- §6.4 the turn ---------------------------------------------------------------------
    def run(self) -> None:
        """Run the automatic steps until a decision is pending or the game is over."""
        while True:
            if not self.settle():
                return  # PlayReserve: which column first
            piles = self.piles
            p = self.active
            b = p * PER_SEAT
            if not self.drawn:
                self.draw(p, b)
            batch = piles[b + AT_BATCH]
            if batch:
                card = batch[-1]
                piles[b + AT_BATCH] = batch[:-1]
                rank = card.rank
                if rank == ACE or (rank - 1) in self.tops:
                    self.put(card, p, "batch_play")
                elif any(piles[b + AT_COLUMN : b + AT_COLUMN + COLUMNS]):
                    piles[b + AT_TURNED] = (card,)
                    self.events.append(Event("batch_turn", p, (card,)))
                    return  # PlaceInReserve: where does it go
                else:
                    piles[b + AT_COLUMN] = (card,)  # no column yet: it simply starts one
                    self.events.append(Event("batch_place", p, (card,), 1))
                continue
            if self.end_turn():
                return

    def draw(self, p: Seat, b: int) -> None:
        """Convert the grabuge if the stock is out (§6.6), then take this turn's batch."""
        self.drawn = True
        piles = self.piles
        stock = piles[b + AT_STOCK]
        if not stock and not self.converted[p] and piles[b + AT_GRABUGE]:
            stock = piles[b + AT_STOCK] = piles[b + AT_GRABUGE]
            piles[b + AT_GRABUGE] = ()
            self.converted = (True, self.converted[1]) if p == 0 else (self.converted[0], True)
            self.events.append(Event("convert", p, stock[-1:], len(stock)))
        n = min(BATCH_SIZE, len(stock))
        if n:
            piles[b + AT_BATCH] = stock[-n:]  # order kept: the stock's top is turned first
            piles[b + AT_STOCK] = stock[:-n]
            self.events.append(Event("draw", p, (), n))
            self.acted = True

    def place(self, column: int | None) -> None:
        """Put the turned card on ``column``, or into the lowest free slot (None)."""
        p = self.active
        b = p * PER_SEAT
        piles = self.piles
        card = piles[b + AT_TURNED][0]
        piles[b + AT_TURNED] = ()
        if column is None:
            columns = piles[b + AT_COLUMN : b + AT_COLUMN + COLUMNS]
            column = 1 + [bool(c) for c in columns].index(False)  # the lowest free slot
            kind = "place_new"
        else:
            kind = "place"
        at = b + AT_COLUMN + column - 1
        piles[at] = piles[at] + (card,)
        self.events.append(Event(kind, p, (card,), column))
        self.acted = True

    # --- §6.7 the bonus --------------------------------------------------------------------
    def grabuge_emptied(self, s: Seat) -> None:
        """A grabuge still in its own role has emptied: the bonus, if nobody has it yet."""
        if self.bonus == (0, 0):
            self.bonus = (BONUS, 0) if s == 0 else (0, BONUS)
            self.events.append(Event("bonus", s, (), BONUS))
        else:
            self.events.append(Event("grabuge_empty", s))

    # --- §7 the end ------------------------------------------------------------------------
    def end_turn(self) -> bool:
        """Close the active seat's turn; True when the game is over (a decision-free stop)."""
        p = self.active
        if self.acted:
            self.passes = 0
        else:
            self.events.append(Event("pass", p))
            self.passes += 1
            # A pass leaves its player with no stock, no grabuge and nothing that fits, so the
            # end check or the other player must act: two passes in a row mean a broken state.
            assert self.passes < SEATS, "both players passed in a row without the game ending"
        if self.finished():
            self.end_deal()
            return self.over
        self.active = 1 - p
        self.drawn = False
        self.acted = False
        self.events.append(Event("turn", 1 - p))
        return False

    def finished(self) -> bool:
        """§7.1: no stock, no grabuge, and no exposed reserve card that fits, on either side."""
        piles, tops = self.piles, self.tops
        for b in (0, PER_SEAT):
            if piles[b + AT_STOCK] or piles[b + AT_GRABUGE]:
                return False
        for b in (0, PER_SEAT):
            for column in piles[b + AT_COLUMN : b + AT_COLUMN + COLUMNS]:
                if column and _fits(column[-1], tops):
                    return False
        return True

    def end_deal(self) -> None:
        """Count the deal (§7.2), then deal again or end the match (§7.3)."""
        won = self.won()
        leftover = self.leftover()
        totals = packet_totals(won, leftover, self.bonus)
        extra = (totals[0] - won[0] - self.bonus[0], totals[1] - won[1] - self.bonus[1])
        for s in range(SEATS):
            detail = f"{won[s]} {extra[s]} {self.bonus[s]}"
            self.events.append(Event("score", s, (), detail))
        winner = None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
        self.events.append(Event("deal_end", winner, (), self.deal + 1))
        self.results = (*self.results, totals)
        if len(self.results) < self.options.match_deals:
            self.begin_deal(self.deal + 1, 1 - self.dealer)
        else:
            self.over = True

    def won(self) -> tuple[int, int]:
        return (
            len(self.piles[AT_WON]) // PACKET_SIZE,
            len(self.piles[PER_SEAT + AT_WON]) // PACKET_SIZE,
        )

    def leftover(self) -> tuple[int, int]:
        def held(b: int) -> int:
            return sum(len(c) for c in self.piles[b + AT_COLUMN : b + AT_COLUMN + COLUMNS])

        return (held(0), held(PER_SEAT))


# --- the engine ----------------------------------------------------------------------------


class Grabuge(RulesBase[GrabugeState, GrabugeMove]):
    id = "grabuge"
    title = "Grabuge"
    original_name = "Grabuge"
    aliases = ("grabouge",)
    seat_counts = (SEATS,)
    summary = "Race to build packets Ace to King from your stock, grabuge and four reserve columns."
    Options: ClassVar[type[GrabugeOptions]] = GrabugeOptions

    def __init__(self) -> None:
        self._moves: dict[tuple[Any, ...], GrabugeMove] = {}
        self._placements: dict[int, tuple[GrabugeMove, ...]] = {}
        self._to_move = tuple(frozenset({s}) for s in range(SEATS))
        self._nobody: frozenset[Seat] = frozenset()

    # --- setup ---------------------------------------------------------------------------
    def new_game(self, *, seats: int, options: Any = None, seed: int = 0) -> GrabugeState:
        self.check_seats(seats)
        opts: GrabugeOptions = self.resolve_options(options)
        blank = Table(layout_for(()), ((),) * FIXED)
        nothing = GrabugeState(
            blank, seed, (), opts, SEATS, 0, 0, 0, 0, False, (False, False), (0, 0), (), 1, (), False
        )  # fmt: skip
        work = _Cascade(nothing)
        work.begin_deal(0, make_rng(seed, "first dealer").randrange(SEATS))
        work.run()
        return work.freeze()

    def deck(self, state: GrabugeState) -> tuple[Card, ...]:
        return full_deck(state.options.decks)

    def arrange(
        self,
        piles: Mapping[PileId, Sequence[Card]],
        *,
        active: Seat = 0,
        dealer: Seat = 1,
        options: GrabugeOptions | None = None,
        converted: tuple[bool, bool] = (False, False),
        bonus: tuple[int, int] = (0, 0),
        setup: bool = False,
        seed: int = 0,
    ) -> GrabugeState:
        """A position laid out by hand, played on to its first decision.

        ``piles`` fills piles by their table names (``stock.0``, ``grabuge.1``,
        ``reserve.0.2``, ``won.1``, ``packet.3`` …), bottom card first; the others are empty.
        With ``setup`` the grabuges have just been counted off and the setup aces and
        precedence of §5 decide who starts; otherwise ``active``'s turn begins.
        """
        opts: GrabugeOptions = self.resolve_options(options)
        serials = sorted(int(name[7:]) for name in piles if name.startswith("packet."))
        layout = layout_for(tuple(serials))
        unknown = set(piles) - set(layout.positions)
        if unknown:
            raise ValueError(f"no such piles: {sorted(unknown)}")
        for name in piles:
            if name.startswith(("batch.", "turned.")) and piles[name]:
                raise ValueError(f"{name} must be empty: a turn starts before its batch")
            if name.startswith("packet.") and [c.rank for c in piles[name]] != list(
                range(1, len(piles[name]) + 1)
            ):
                raise ValueError(f"{name} must run from an Ace upwards without a gap")
        for serial in serials:
            if not piles[packet_pile(serial)]:
                raise ValueError(f"packet.{serial} is empty")
        for s in range(SEATS):
            if converted[s] and piles.get(grabuge_pile(s)):
                raise ValueError(f"grabuge.{s} has become the stock, so it must be empty")
        table = Table(layout, tuple(tuple(piles.get(spec.id, ())) for spec in layout.specs))
        state = GrabugeState(
            table, seed, (), opts, SEATS, 0, dealer, active, active, False, converted, bonus,
            tuple(serials), max(serials, default=0) + 1, (), False,
        )  # fmt: skip
        work = _Cascade(state)
        if setup:
            work.setup()
        else:
            work.acted = False
            work.events.append(Event("turn", active))
        work.run()
        return work.freeze()

    # --- whose decision, which moves -------------------------------------------------------
    def to_move(self, state: GrabugeState) -> frozenset[Seat]:
        return self._nobody if state.over else self._to_move[state.active]

    def _move(self, cls: type[GrabugeMove], *key: Any) -> GrabugeMove:
        move = self._moves.get((cls, *key))
        if move is None:
            move = self._moves[(cls, *key)] = cls(*key)
        return move

    def candidates(self, state: GrabugeState, seat: Seat) -> Iterator[GrabugeMove]:
        piles = cast(Piles, state.table.piles)
        b = seat * PER_SEAT
        turned = piles[b + AT_TURNED]
        card = turned[0] if turned else None
        columns = piles[b + AT_COLUMN : b + AT_COLUMN + COLUMNS]
        free = next((k for k in range(1, COLUMNS + 1) if not columns[k - 1]), None)
        for k in range(1, COLUMNS + 1):
            yield self._move(PlaceInReserve, seat, k, card, reserve_pile(seat, k))
        yield self._move(
            PlaceInReserve, seat, None, card, reserve_pile(seat, free) if free else None
        )
        tops = [pile[-1].rank for pile in piles[FIXED:]]
        for k in range(1, COLUMNS + 1):
            column = columns[k - 1]
            exposed = column[-1] if column else None
            target = self._target(state, tops, exposed) if exposed else None
            yield self._move(PlayReserve, seat, k, exposed, target)

    def _target(self, state: GrabugeState, tops: list[int], card: Card) -> PileId | None:
        """The packet pile ``card`` would go to (None if it fits nowhere)."""
        rank = card.rank
        if rank == ACE:
            return None
        if (rank - 1) not in tops:
            return None
        return state.table.layout.specs[FIXED + tops.index(rank - 1)].id

    def legal_moves(self, state: GrabugeState, seat: Seat) -> tuple[GrabugeMove, ...]:
        # Equal to the candidates that why_illegal accepts, computed directly for speed.
        if state.over or seat != state.active:
            return ()
        piles = cast(Piles, state.table.piles)
        b = seat * PER_SEAT
        turned = piles[b + AT_TURNED]
        if turned:
            # Where the turned card may go depends only on it and on which slots are in use.
            card = turned[0]
            c = b + AT_COLUMN
            used = (
                (1 if piles[c] else 0)
                | (2 if piles[c + 1] else 0)
                | (4 if piles[c + 2] else 0)
                | (8 if piles[c + 3] else 0)
            )
            key = (card.index << 5) | (seat << 4) | used
            placements = self._placements.get(key)
            if placements is None:
                placements = self._placements[key] = self._placements_for(seat, card, used)
            return placements
        move = self._move
        out: list[GrabugeMove] = []
        tops = [pile[-1].rank for pile in piles[FIXED:]]
        for k in range(1, COLUMNS + 1):
            column = piles[b + AT_COLUMN + k - 1]
            if column:
                exposed = column[-1]
                rank = exposed.rank
                if rank == ACE or (rank - 1) in tops:
                    target = self._target(state, tops, exposed)
                    out.append(move(PlayReserve, seat, k, exposed, target))
        return tuple(out)

    def _placements_for(self, seat: Seat, card: Card, used: int) -> tuple[GrabugeMove, ...]:
        """The PlaceInReserve moves for ``card`` with the slots in the bit mask ``used``."""
        out: list[GrabugeMove] = []
        free = 0
        for k in range(1, COLUMNS + 1):
            if used & (1 << (k - 1)):
                out.append(self._move(PlaceInReserve, seat, k, card, reserve_pile(seat, k)))
            elif not free:
                free = k
        if free:
            out.append(self._move(PlaceInReserve, seat, None, card, reserve_pile(seat, free)))
        return tuple(out)

    # --- the one legality check ----------------------------------------------------------
    def why_illegal(self, state: GrabugeState, move: GrabugeMove) -> str | None:
        if state.over or move.seat != state.active:
            return self.not_your_turn(state, move)
        piles = cast(Piles, state.table.piles)
        b = move.seat * PER_SEAT
        turned = piles[b + AT_TURNED]
        if isinstance(move, PlaceInReserve):
            column = move.column
            if not turned:
                return (
                    "no turned card is waiting for a place: the choice now is which reserve "
                    "column plays first (a reserve card that fits must be played)"
                )
            card = turned[0]
            if column is None:
                if all(piles[b + AT_COLUMN : b + AT_COLUMN + COLUMNS]):
                    return (
                        "ReserveFull: all four reserve columns are in use — "
                        f"put {card} on one of them"
                    )
                return None
            if not isinstance(column, int) or not 1 <= column <= COLUMNS:
                return f"there is no reserve column {column}: the columns are numbered 1 to 4"
            if not piles[b + AT_COLUMN + column - 1]:
                return (
                    f"column {column} is free: to start a column with {card}, choose a new "
                    "column (it takes the lowest free slot)"
                )
            return None
        if isinstance(move, PlayReserve):
            column = move.column
            if turned:
                return (
                    f"{turned[0]} fits no packet and must first go to the reserve; "
                    "reserve cards play after it is placed"
                )
            if not isinstance(column, int) or not 1 <= column <= COLUMNS:
                return f"there is no reserve column {column}: the columns are numbered 1 to 4"
            cards = piles[b + AT_COLUMN + column - 1]
            if not cards:
                return f"reserve column {column} is empty"
            tops = [pile[-1].rank for pile in piles[FIXED:]]
            if not _fits(cards[-1], tops):
                return f"the {cards[-1]} exposed in column {column} does not fit any packet"
            return None
        return f"{move!r} is not a move of Grabuge"

    # --- applying a legal move -------------------------------------------------------------
    def perform(self, state: GrabugeState, move: GrabugeMove) -> GrabugeState:
        work = _Cascade(state)
        if isinstance(move, PlaceInReserve):
            work.place(move.column)
        else:
            work.play_column(move.seat * PER_SEAT + AT_COLUMN + move.column - 1)
        work.run()
        return work.freeze()

    # --- scoring ---------------------------------------------------------------------------
    def won(self, state: GrabugeState) -> tuple[int, int]:
        """Packets each player has crowned in the deal in play."""
        piles = state.table.piles
        return (len(piles[AT_WON]) // PACKET_SIZE, len(piles[PER_SEAT + AT_WON]) // PACKET_SIZE)

    def leftover(self, state: GrabugeState) -> tuple[int, int]:
        """Cards each player holds in his reserve."""
        piles = state.table.piles
        return cast(
            tuple[int, int],
            tuple(
                sum(len(c) for c in piles[b + AT_COLUMN : b + AT_COLUMN + COLUMNS])
                for b in (0, PER_SEAT)
            ),
        )

    def totals(self, state: GrabugeState) -> tuple[int, int]:
        """The match's packets so far: every finished deal added up."""
        return (sum(r[0] for r in state.results), sum(r[1] for r in state.results))

    def outcome(self, state: GrabugeState) -> Outcome | None:
        if not state.over:
            return None
        totals = self.totals(state)
        deals = len(state.results)
        high, low = max(totals), min(totals)
        winner = seat_token(0 if totals[0] > totals[1] else 1)
        if deals == 1:
            reason = (
                f"a draw at {high}–{low}"
                if high == low
                else f"{winner} wins {high}–{low} on packets"
            )
        elif high == low:
            reason = f"the match is drawn at {high}–{low} after {deals} deals"
        else:
            reason = f"{winner} wins the match {high}–{low} on packets over {deals} deals"
        return Outcome.from_scores(totals, reason)

    # --- presentation ----------------------------------------------------------------------
    def describe(self, event: Event) -> str:
        return presentation.describe(event)

    def present(
        self,
        obs: Observation[GrabugeState],
        names: Sequence[str],
    ) -> TableView:
        return presentation.present(self, obs, names)


GRABUGE = Grabuge()
