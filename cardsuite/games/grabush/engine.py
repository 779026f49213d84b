"""The rules of Grabush: the deal, plays to the centre stacks, the Ace obligation, discards,
refills, the table-talk penalty, the end of a deal and the match."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from operator import attrgetter, is_
from typing import Any

from cardsuite.core.cards import ACE, KING, Card, several, standard_deck
from cardsuite.core.errors import NotationError, OptionsError, Refusal
from cardsuite.core.events import Event, Passed, TurnBegins
from cardsuite.core.moves import Pass
from cardsuite.core.outcome import Outcome
from cardsuite.core.position import parse_position
from cardsuite.core.protocol import Observation, RulesBase
from cardsuite.core.rng import make_rng, shuffled
from cardsuite.core.series import (
    DealResult,
    Dealt,
    NextDeal,
    Series,
    deal_over_refusal,
    next_deal_refusal,
)
from cardsuite.core.states import fresh
from cardsuite.core.table import Layout, PileId, PileSpec, Seat, Table, TableEdit, Visibility
from cardsuite.core.text import say
from cardsuite.core.text import seat as seat_token
from cardsuite.core.view import TableView
from cardsuite.games.grabush import GAME
from cardsuite.games.grabush import present as presentation
from cardsuite.games.grabush.model import (
    BOOKS,
    HAND_SIZE,
    NEW,
    STOCK,
    TEAM_PILE_SIZE,
    TEAM_PILES,
    TURN_LIMIT,
    Accuse,
    Accused,
    DealEnded,
    Discard,
    Discarded,
    FullGrabush,
    GrabushMove,
    GrabushOptions,
    GrabushState,
    PenaltyCard,
    PenaltyInsert,
    PenaltySkip,
    PenaltySkipped,
    PileShows,
    Play,
    Played,
    Refilled,
    SeenGrabush,
    StackCompleted,
    deal_end_text,
    decks_for,
    discard,
    hand,
    match_outcome,
    on_rank,
    rank_word,
    slots_for,
    stack,
    team_of,
    team_pile,
    to_act,
)

AnyGrabushMove = GrabushMove | NextDeal

ILLEGAL_SOURCE = "IllegalSource"
ILLEGAL_MOVE = "IllegalMove"

_LAYOUTS: dict[tuple[int, int], Layout] = {}
_DECKS: dict[int, tuple[Card, ...]] = {}


def full_deck(seats: int) -> tuple[Card, ...]:
    decks = decks_for(seats)
    deck = _DECKS.get(decks)
    if deck is None:
        deck = _DECKS[decks] = several(standard_deck(), decks)
    return deck


def layout_for(seats: int, piles: int) -> Layout:
    """Team piles, then per seat its hand and discard piles, then the stack slots, the stock
    and the books."""
    key = (seats, piles)
    layout = _LAYOUTS.get(key)
    if layout is None:
        specs = [PileSpec(TEAM_PILES[t], None, Visibility.TOP) for t in (0, 1)]
        for p in range(seats):
            specs.append(PileSpec(hand(p), p, Visibility.OWNER))
            specs.extend(PileSpec(discard(p, k), p) for k in range(piles))
        specs.extend(PileSpec(stack(i)) for i in range(slots_for(seats)))
        specs.append(PileSpec(STOCK, None, Visibility.HIDDEN))
        specs.append(PileSpec(BOOKS, None, Visibility.HIDDEN))
        layout = _LAYOUTS[key] = Layout(specs)
    return layout


def _sources(state: GrabushState[Any], seat: Seat) -> tuple[PileId, ...]:
    """The discard piles ``seat`` may play from: its own (where allowed) and its teammates'."""
    opts = state.options
    own = opts.own_discard_playable or state.seats == 2
    return _sources_for(state.seats, opts.discard_piles_per_player, own, seat)


def _sources_for(seats: int, piles: int, own: bool, seat: Seat) -> tuple[PileId, ...]:
    out: list[PileId] = []
    for p in range(seat & 1, seats, 2):
        if p == seat and not own:
            continue
        out.extend(discard(p, k) for k in range(piles))
    return tuple(out)


_SOURCES: dict[tuple[int, int, bool, Seat], tuple[PileId, ...]] = {}
_INDEX_KEY = attrgetter("index")  # rank first, then suit: a hand's order


class _Index:
    """Where a table's piles lie, for one player count and set of options (hot paths)."""

    __slots__ = (
        "at", "books", "discards", "hands", "piles_each", "sources", "stacks", "stock", "teams",
    )  # fmt: skip

    def __init__(self, seats: int, piles: int, own: bool) -> None:
        layout = layout_for(seats, piles)
        at = layout.positions
        self.at = at
        self.piles_each = piles
        self.teams = (at[TEAM_PILES[0]], at[TEAM_PILES[1]])
        self.discards = tuple(tuple(at[discard(p, k)] for k in range(piles)) for p in range(seats))
        self.hands = tuple(at[hand(p)] for p in range(seats))
        self.stacks = tuple(at[stack(i)] for i in range(slots_for(seats)))
        self.stock = at[STOCK]
        self.books = at[BOOKS]
        sources = []
        for seat in range(seats):
            names = _sources_for(seats, piles, own or seats == 2, seat)
            sources.append(tuple((name, at[name]) for name in names))
        self.sources = tuple(sources)


_INDEXES: dict[tuple[int, int, bool], _Index] = {}


def _index(state: GrabushState[Any]) -> _Index:
    opts = state.options
    key = (state.seats, opts.discard_piles_per_player, opts.own_discard_playable)
    ix = _INDEXES.get(key)
    if ix is None:
        ix = _INDEXES[key] = _Index(*key)
    return ix


_TURN_BEGINS = tuple(TurnBegins(s) for s in range(8))


class _Work:
    """A state being changed by one move: its table's piles (reached through the positions of
    ``ix``, resolved once per layout), and its other fields, frozen into the next state."""

    __slots__ = (
        "accused", "edit", "events", "idle", "ix", "known", "moved", "over", "penalty", "piles",
        "series", "stacks", "state", "turn", "turns", "wins",
    )  # fmt: skip

    def __init__(self, state: FullGrabush) -> None:
        self.state = state
        self.ix = _index(state)
        self.edit: TableEdit = state.table.edit()
        self.piles = self.edit.piles  # the same list: by position here, by name through edit
        self.events: list[Event] = []
        self.series = state.series
        self.turn = state.turn
        self.stacks = state.stacks
        self.moved = state.moved
        self.accused = state.accused
        self.penalty = state.penalty
        self.idle = state.idle
        self.turns = state.turns
        self.wins = state.wins
        self.over = state.over

    def freeze(self) -> FullGrabush:
        """The next state.  Positional on purpose, in this one place: every move freezes a
        state, and keyword arguments cost a 15-field NamedTuple about 8,000 more instructions
        a call in Python 3.11 (callgrind), a tenth of a move.  The fields, in order: table,
        seed, events, options, seats, series, turn, stacks, moved, accused, penalty, idle,
        turns, wins, over (tests/games/test_grabush.py checks them)."""
        s = self.state
        edit = self.edit
        return GrabushState(
            Table(edit.layout, tuple(self.piles), edit.known), s.seed, tuple(self.events),
            s.options, s.seats, self.series, self.turn, self.stacks, self.moved, self.accused,
            self.penalty, self.idle, self.turns, self.wins, self.over,
        )  # fmt: skip

    @property
    def seed(self) -> int:
        seed = self.state.seed
        assert seed is not None, "an observation cannot be played on"
        return seed

    # --- §6.2 refill -------------------------------------------------------------------------
    def refill(self, p: Seat) -> None:
        piles = self.piles
        ix = self.ix
        held = ix.hands[p]
        if piles[held]:
            return
        stock = piles[ix.stock]
        n = min(HAND_SIZE, len(stock))
        got = stock[len(stock) - n :]
        if n:
            piles[ix.stock] = stock[: len(stock) - n]
        m = 0
        if n < HAND_SIZE:
            books = piles[ix.books]
            m = min(HAND_SIZE - n, len(books))
            if m:
                got += books[len(books) - m :]
                piles[ix.books] = books[: len(books) - m]
        if got:
            piles[held] = got
            self.events.append(Refilled(p, n, m, got))

    # --- §6.3 plays ----------------------------------------------------------------------------
    def play(self, move: Play) -> None:
        piles = self.piles
        ix = self.ix
        p = move.seat
        card = move.card
        source = move.source
        at = ix.at[source]
        cards = piles[at]
        if cards[-1] is card:  # the top card (of a pile, or the last drawn of the hand)
            piles[at] = cards[:-1]
        else:  # a card of the hand: its topmost copy
            i = len(cards) - 1 - cards[::-1].index(card)
            piles[at] = cards[:i] + cards[i + 1 :]
        # the target stack: a new one in the lowest free slot, or the oldest showing ``onto``
        stacks = self.stacks
        stack_at = ix.stacks
        if move.onto == NEW:
            slot = next(i for i in range(len(stacks) + 1) if i not in stacks)
            self.stacks = stacks = (*stacks, slot)
        else:
            slot = next(i for i in stacks if len(piles[stack_at[i]]) == move.onto)
        target = stack_at[slot]
        name = stack(slot)
        built = piles[target] + (card,)
        piles[target] = built
        self.events.append(Played(p, card, source, name, move.onto))
        self.moved = True
        if card.rank == KING:
            piles[target] = ()
            self.stacks = tuple(i for i in stacks if i != slot)
            mixed = shuffled(built, self.seed, "book", self.series.number, self.turns, slot)
            piles[ix.books] = (*mixed, *piles[ix.books])
            self.events.append(StackCompleted(p, name))
        if source in TEAM_PILES:
            rest = piles[at]
            if not rest:
                self.end_deal(team_of(p), "pile-empty")
                return
            self.events.append(PileShows(team_of(p), rest[-1]))
        # §6.2: whenever his hand is empty during his turn, he draws before anything else: after
        # his last card is played, and after a King from his team pile or a discard pile has
        # completed a stack, which gives the books cards to draw from.
        self.refill(p)

    # --- §6.5 the discard that ends a turn -------------------------------------------------------
    def discard(self, move: Discard) -> None:
        """The card goes from the hand face up onto one of the player's discard piles."""
        piles = self.piles
        seat = move.seat
        card = move.card
        at = self.ix.hands[seat]
        held = piles[at]
        if held[-1] is card:
            piles[at] = held[:-1]
        else:  # its topmost copy
            i = len(held) - 1 - held[::-1].index(card)
            piles[at] = held[:i] + held[i + 1 :]
        onto = self.ix.discards[seat][move.pile]
        piles[onto] = piles[onto] + (card,)
        self.events.append(Discarded(seat, card, move.pile))

    # --- §6.5 the end of a turn ----------------------------------------------------------------
    def end_turn(self) -> None:
        seats = self.state.seats
        if self.idle >= seats:
            self.end_by_count("blocked")
            return
        if self.turns >= TURN_LIMIT:
            self.end_by_count("safety:turn-limit")
            return
        self.turn = turn = (self.turn + 1) % seats
        self.turns += 1
        self.moved = False
        self.accused = False
        self.events.append(_TURN_BEGINS[turn])
        self.refill(turn)

    def end_by_count(self, how: str) -> None:
        a, b = self.edit[TEAM_PILES[0]], self.edit[TEAM_PILES[1]]
        team = None if len(a) == len(b) else (0 if len(a) < len(b) else 1)
        self.end_deal(team, how)

    def end_deal(self, team: int | None, how: str) -> None:
        state = self.state
        left = (len(self.edit[TEAM_PILES[0]]), len(self.edit[TEAM_PILES[1]]))
        wins = list(self.wins)
        if team is not None:
            wins[team] += 1
        self.wins = (wins[0], wins[1])
        scores = tuple(int(team is not None and team_of(s) == team) for s in range(state.seats))
        result = DealResult(self.series.dealer, scores, deal_end_text(team, how, left), how)
        over = team is not None and wins[team] >= state.options.match_wins
        self.series = self.series.ended(result, match_over=over)
        self.over = True
        self.penalty = ()
        self.events.append(DealEnded(team, how, left))

    # --- §5 the deal ---------------------------------------------------------------------------
    def deal(self) -> None:
        state = self.state
        seats = state.seats
        series = self.series
        cards = shuffled(full_deck(seats), self.seed, "deal", series.number)
        edit = self.edit
        for name in state.table.layout.ids:
            edit[name] = ()
        edit.known = ()
        at = 0
        for t in (0, 1):
            edit[TEAM_PILES[t]] = tuple(cards[at : at + TEAM_PILE_SIZE])
            at += TEAM_PILE_SIZE
        first = (series.dealer + 1) % seats
        for i in range(seats):
            p = (first + i) % seats
            edit[hand(p)] = tuple(cards[at : at + HAND_SIZE])
            at += HAND_SIZE
        edit[STOCK] = tuple(cards[at:])
        self.stacks = ()
        self.turn = first
        self.moved = self.accused = self.over = False
        self.penalty = ()
        self.idle = 0
        self.turns = 1
        self.events.append(Dealt(series.dealer, series.number + 1))
        for t in (0, 1):
            self.events.append(PileShows(t, edit[TEAM_PILES[t]][-1]))
        self.events.append(TurnBegins(first))


@GAME.describes
class Grabush(RulesBase[FullGrabush, SeenGrabush, AnyGrabushMove]):
    """Грабуш: two teams race to empty their team pile onto Ace-to-King centre stacks."""

    def __init__(self) -> None:
        self._moves: dict[tuple[Any, ...], AnyGrabushMove] = {}
        self._plays: dict[tuple[Seat, int, PileId, int, PileId | None], Play] = {}
        self._discard_rows: dict[tuple[Seat, int, int], dict[int, Discard]] = {}
        self._nobody: frozenset[Seat] = frozenset()
        self._to_move = tuple(frozenset({s}) for s in range(8))
        # The last legal moves computed, with their state and seat: apply need not ask
        # why_illegal again about a move among them (legal_moves agrees with it exactly).

    # --- setup ---------------------------------------------------------------------------------
    def deck(self, state: GrabushState[Any]) -> tuple[Card, ...]:
        return full_deck(state.seats)

    def sides(self, state: GrabushState[Any]) -> tuple[frozenset[Seat], ...]:
        return (
            frozenset(range(0, state.seats, 2)),
            frozenset(range(1, state.seats, 2)),
        )

    def _blank(self, opts: GrabushOptions, seats: int, seed: int, series: Series) -> FullGrabush:
        layout = layout_for(seats, opts.discard_piles_per_player)
        table = Table(layout, ((),) * len(layout.ids))
        return fresh(GrabushState, table, seed, opts, seats)._replace(series=series, wins=(0, 0))

    def new_game(self, *, seats: int, options: Any = None, seed: int = 0) -> FullGrabush:
        opts: GrabushOptions = self.resolve_options(options)
        self.check_seats(seats)
        series = Series.start(seed=seed, seats=seats, deals=0)
        work = _Work(self._blank(opts, seats, seed, series))
        work.deal()
        return work.freeze()

    def position(self, text: str, *, options: Any = None, seed: int = 0) -> FullGrabush:
        """A position from text, for tests and puzzles.

        Piles by name, cards bottom first: ``team.0`` / ``team.1`` (team A = even seats, team
        B = odd seats; the last card is the face-up top), ``hand.P``, ``discard.P.K`` (K from
        0), ``stack.I`` (a stack slot, Ace first), ``stock`` and ``books`` (the last card is
        drawn first).  Aliases: ``P0`` … ``P7`` for ``hand.0`` …, ``pile A`` / ``pile B`` for
        the team piles, ``discard P0`` for ``discard.0.0``.

        Settings: ``seats`` (default 4), ``turn`` (the seat to play, ``P0`` or ``0``; default
        P0), ``dealer`` (default the seat before ``turn``), ``stacks`` (top ranks of stacks
        to build from unnamed cards, oldest first, e.g. ``stacks: 3 Q``), ``stock_size`` and
        ``books_size`` (that many unnamed cards in the stock / books), ``wins`` (deals won so
        far by each team, ``1 0``), ``accused`` / ``moved`` (``yes``: already this turn).

        The unnamed cards of the deck fill, in order: team piles not named (20 each), then the
        stock (all the rest, or ``stock_size``), then ``books_size`` cards of the books; the
        rest stay out of the position.  The player to move refills at once if his hand is
        empty, as at the start of a turn.
        """
        opts: GrabushOptions = self.resolve_options(options)
        pre = {}
        for raw in text.splitlines():
            key, sep, value = raw.split("#", 1)[0].partition(":")
            if sep and key.strip() == "seats":
                pre["seats"] = value.strip()
        seats = int(pre.get("seats", "4")) if pre.get("seats", "4").isdigit() else -1
        try:
            self.check_seats(seats)
        except OptionsError as error:
            raise NotationError(str(error)) from None
        layout = layout_for(seats, opts.discard_piles_per_player)
        aliases: dict[str, PileId] = {"pile A": TEAM_PILES[0], "pile B": TEAM_PILES[1]}
        for p in range(seats):
            aliases[f"P{p}"] = hand(p)
            aliases[f"discard P{p}"] = discard(p)
        given = parse_position(text, layout, aliases)
        known_keys = {"seats", "turn", "dealer", "stacks", "stock_size", "books_size", "wins",
                      "accused", "moved"}  # fmt: skip
        unknown = sorted(set(given.settings) - known_keys)
        if unknown:
            raise NotationError(
                f"{unknown[0]}: unknown setting or pile (settings: {', '.join(sorted(known_keys))})"
            )
        deck = full_deck(seats)
        pool = Counter(deck)
        for name, cards in given.piles.items():
            for card in cards:
                if pool[card] <= 0:
                    raise NotationError(f"{card} in {name} is one card too many for this game")
                pool[card] -= 1
        unnamed = []
        for card in deck:
            if pool[card] > 0:
                pool[card] -= 1
                unnamed.append(card)
        spare = shuffled(unnamed, seed, "position")
        piles: dict[PileId, tuple[Card, ...]] = dict(given.piles)
        slots: list[int] = [i for i in range(slots_for(seats)) if piles.get(stack(i))]
        tops = (given.setting("stacks") or "").split()
        free = (i for i in range(slots_for(seats)) if i not in slots)
        for top in tops:
            rank = {"A": 1, "J": 11, "Q": 12, "K": 13}.get(top.upper(), 0) or int(top)
            run = []
            for r in range(1, rank + 1):
                pick = next((c for c in spare if c.rank == r), None)
                if pick is None:
                    raise NotationError(f"stacks: no card of rank {r} left to build with")
                spare.remove(pick)
                run.append(pick)
            slot = next(free)
            piles[stack(slot)] = tuple(run)
            slots.append(slot)
        for t in (0, 1):
            if TEAM_PILES[t] not in piles:
                piles[TEAM_PILES[t]], spare = tuple(spare[:TEAM_PILE_SIZE]), spare[TEAM_PILE_SIZE:]
        if STOCK not in piles:
            n = given.number("stock_size", len(spare))
            piles[STOCK], spare = tuple(spare[:n]), spare[n:]
        if BOOKS not in piles:
            n = given.number("books_size", 0)
            piles[BOOKS], spare = tuple(spare[:n]), spare[n:]
        for t in (0, 1):
            if not piles[TEAM_PILES[t]]:
                raise NotationError(f"team pile {'AB'[t]} must hold a card")
        for slot in slots:
            built = piles[stack(slot)]
            if [c.rank for c in built] != list(range(1, len(built) + 1)) or len(built) >= KING:
                raise NotationError(f"stack.{slot} must run from an Ace up, below the King")

        def seat_of(key: str, default: int) -> Seat:
            value = (given.setting(key) or str(default)).upper().removeprefix("P")
            if not value.isdigit() or not 0 <= int(value) < seats:
                raise NotationError(
                    f"{key}: {given.setting(key)!r} is not a seat P0 … P{seats - 1}"
                )
            return int(value)

        turn = seat_of("turn", 0)
        dealer = seat_of("dealer", (turn - 1) % seats)
        wins_text = (given.setting("wins") or "0 0").split()
        if len(wins_text) != 2 or not all(w.isdigit() for w in wins_text):
            raise NotationError("wins: give two numbers, team A's then team B's")
        table = Table.from_names(layout, {name: piles.get(name, ()) for name in layout.ids})
        state = fresh(GrabushState, table, seed, opts, seats)._replace(
            series=Series(0, 0, dealer),
            turn=turn,
            stacks=tuple(slots),
            moved=(given.setting("moved") or "no").lower() in ("yes", "on", "true"),
            accused=(given.setting("accused") or "no").lower() in ("yes", "on", "true"),
            turns=1,
            wins=(int(wins_text[0]), int(wins_text[1])),
        )
        work = _Work(state)
        work.refill(turn)
        return work.freeze()

    # --- whose decision, which moves -----------------------------------------------------------
    def slots(self, state: GrabushState[Any]) -> int:
        """How many stacks can be open at once (one per Ace of the deck)."""
        return slots_for(state.seats)

    def to_move(self, state: GrabushState[Any]) -> frozenset[Seat]:
        seat = to_act(state)
        return self._nobody if seat is None else self._to_move[seat]

    def _move(self, cls: type[Any], *key: Any) -> Any:
        move = self._moves.get((cls, *key))
        if move is None:
            move = self._moves[(cls, *key)] = cls(*key)
        return move

    def _tops(self, state: GrabushState[Any]) -> list[int]:
        table = state.table
        return [table.count(stack(i)) for i in state.stacks]

    def _target(self, state: GrabushState[Any], tops: list[int], onto: int) -> PileId | None:
        """The stack pile a play onto ``onto`` lands on: the oldest stack showing that rank,
        or for a new stack the lowest free slot (None when every slot holds a stack: then
        every Ace of the deck is on one, and nothing can start a new stack)."""
        if onto == NEW:
            used = set(state.stacks)
            free = next(i for i in range(len(used) + 1) if i not in used)
            return stack(free) if free < slots_for(state.seats) else None
        return stack(state.stacks[tops.index(onto)])

    def _discard_sources(self, state: GrabushState[Any], seat: Seat) -> tuple[PileId, ...]:
        opts = state.options
        key = (state.seats, opts.discard_piles_per_player, opts.own_discard_playable, seat)
        got = _SOURCES.get(key)
        if got is None:
            got = _SOURCES[key] = _sources(state, seat)
        return got

    def candidates(self, state: FullGrabush, seat: Seat) -> Iterator[AnyGrabushMove]:
        yield self._move(NextDeal, seat)
        yield self._move(Accuse, seat)
        table = state.table
        tops = self._tops(state)
        some_top = [tops[0]] if tops else []
        held = sorted(set(table.cards(hand(seat))), key=_INDEX_KEY)
        sources: list[tuple[Card, PileId]] = [(c, hand(seat)) for c in held]
        for t in (0, 1):
            top = table.top(TEAM_PILES[t])
            if top is not None:
                sources.append((top, TEAM_PILES[t]))
        for p in range(state.seats):
            for k in range(state.options.discard_piles_per_player):
                top = table.top(discard(p, k))
                if top is not None:
                    sources.append((top, discard(p, k)))
        for card, source in sources:
            # A new stack, the one rank it would fit, and some stack in play: every play that
            # can be legal, and refusals of each kind besides.
            for onto in dict.fromkeys((NEW, card.rank - 1, *some_top)):
                target = self._target(state, tops, onto) if onto == NEW or onto in tops else None
                yield self._move(Play, seat, card, source, onto, target)
        piles = state.options.discard_piles_per_player
        for card in held:
            for k in range(piles):
                yield self._move(Discard, seat, card, k, piles)
        yield self._move(Pass, seat)
        for card in held:
            yield self._move(PenaltyInsert, seat, card)
        yield self._move(PenaltySkip, seat)

    def legal_moves(self, state: FullGrabush, seat: Seat) -> tuple[AnyGrabushMove, ...]:
        # The candidates that why_illegal accepts, computed directly (the contract suite
        # compares the two on every state it visits): plays first (hand, team pile, discard
        # piles), then discards or the pass; an accusation, where allowed, comes first.
        if state.over:
            if state.series.between and seat == state.series.next_dealer(state.seats):
                return (self._move(NextDeal, seat),)
            return ()
        table = state.table
        piles = table.piles
        ix = _index(state)
        held_cards = piles[ix.hands[seat]]
        if state.penalty:
            if seat != state.penalty[0]:
                return ()
            return self._penalty_moves(seat, held_cards)
        if seat != state.turn:
            return ()
        plays = self._plays
        out: list[AnyGrabushMove] = []
        stacks = state.stacks
        stack_at = ix.stacks
        tops = [len(piles[stack_at[i]]) for i in stacks]
        new_target: PileId | None = None
        held = _distinct(held_cards)
        owed = False  # the Ace obligation is not met yet
        held_name = hand(seat)
        team = TEAM_PILES[seat & 1]
        sources: list[tuple[Card, PileId]] = [(c, held_name) for c in held]
        top_pile = piles[ix.teams[seat & 1]]
        if top_pile:
            sources.append((top_pile[-1], team))
        for name, at in ix.sources[seat]:
            pile = piles[at]
            if pile:
                sources.append((pile[-1], name))
        for card, source in sources:
            rank = card.rank
            if rank == ACE:
                if source is held_name or source is team:
                    owed = True
                if new_target is None:
                    new_target = self._target(state, tops, NEW)
                onto, target = NEW, new_target
            elif rank - 1 in tops:
                onto = rank - 1
                target = stack(stacks[tops.index(onto)])
            else:
                continue
            # cards are keyed by their index here: a Card's own hash is a Python call
            key = (seat, card.index, source, onto, target)
            move = plays.get(key)
            if move is None:
                move = plays[key] = Play(seat, card, source, onto, target)
            out.append(move)
        if state.options.table_talk_penalty and not state.moved and not state.accused:
            out.insert(0, self._move(Accuse, seat))
        if not owed:
            if held_cards:
                each = ix.piles_each
                allowed = (0,) if each == 1 else tuple(self._discard_piles(state, seat))
                if len(allowed) == 1:
                    row = self._discard_row(seat, allowed[0], each)
                    out += [row[c.index] for c in held if c.rank != ACE]
                else:
                    out.extend(self._discards(seat, tuple(held), allowed, each))
            elif not piles[ix.stock] and not piles[ix.books]:
                out.append(self._move(Pass, seat))
        legal = tuple(out)
        self.remember_legal(state, legal)  # apply need not judge them again
        return legal

    def _discard_row(self, seat: Seat, k: int, piles: int) -> dict[int, Discard]:
        """The discards of ``seat`` onto its pile ``k``, by card index (made once)."""
        rows = self._discard_rows
        row = rows.get((seat, k, piles))
        if row is None:
            row = rows[(seat, k, piles)] = {}
            for card in set(standard_deck()):
                row[card.index] = self._move(Discard, seat, card, k, piles)
        return row

    def _penalty_moves(
        self, seat: Seat, held_cards: tuple[Card, ...]
    ) -> tuple[AnyGrabushMove, ...]:
        held = _distinct(held_cards)
        return (
            *(self._move(PenaltyInsert, seat, c) for c in held),
            self._move(PenaltySkip, seat),
        )

    def _discards(
        self, seat: Seat, held: tuple[Card, ...], allowed: tuple[int, ...], piles: int
    ) -> list[AnyGrabushMove]:
        out: list[AnyGrabushMove] = []
        moves = self._moves
        for card in held:
            if card.rank == ACE:
                continue
            for k in allowed:
                key = (Discard, seat, card, k, piles)
                move = moves.get(key)
                if move is None:
                    move = moves[key] = Discard(seat, card, k, piles)
                out.append(move)
        return out

    def _discard_piles(self, state: GrabushState[Any], seat: Seat) -> list[int]:
        """The piles a discard may go on: those started, and the lowest empty one."""
        table = state.table
        out = []
        empty = False
        for k in range(state.options.discard_piles_per_player):
            if table.count(discard(seat, k)):
                out.append(k)
            elif not empty:
                out.append(k)
                empty = True
        return out

    # --- the one legality check ----------------------------------------------------------------
    def why_illegal(self, state: FullGrabush, move: AnyGrabushMove) -> Refusal | None:
        seat = move.seat
        if isinstance(move, NextDeal):
            dealer = state.series.next_dealer(state.seats)
            return next_deal_refusal(
                state.series,
                seat,
                dealer,
                not_dealer=_illegal(say("it is {who}'s turn to deal", who=seat_token(dealer))),
                not_over=_illegal(say("the deal is not over")),
            )
        if state.over:
            return deal_over_refusal(
                state.series,
                state.series.next_dealer(state.seats),
                between=_illegal(say("the deal is over: the next one must be dealt first")),
                over=_illegal(say("the game is over")),
            )
        if not 0 <= seat < state.seats:
            return _illegal(say("there is no such seat"))
        table = state.table
        if isinstance(move, PenaltyInsert | PenaltySkip):
            if not state.penalty:
                return _illegal(say("no penalty is being paid now"))
            if seat != state.penalty[0]:
                return _illegal(say("it is {who}'s penalty move", who=seat_token(state.penalty[0])))
            if isinstance(move, PenaltyInsert) and move.card not in table.cards(hand(seat)):
                return Refusal(ILLEGAL_SOURCE, say("{card} is not in your hand", card=move.card))
            return None
        if state.penalty:
            return _illegal(
                say("{who} must first make a penalty move", who=seat_token(state.penalty[0]))
            )
        if seat != state.turn:
            return _illegal(say("it is not {who}'s turn", who=seat_token(seat)))
        if isinstance(move, Accuse):
            if not state.options.table_talk_penalty:
                return _illegal(say("the table-talk penalty is not in play"))
            if state.accused:
                return _illegal(say("you have already accused this turn"))
            if state.moved:
                return _illegal(say("an accusation must be the first action of the turn"))
            return None
        if isinstance(move, Play):
            return self._why_not_play(state, move)
        held = table.cards(hand(seat))
        owed = self._owed(state, seat)
        if isinstance(move, Discard):
            card = move.card
            if card not in held:
                return Refusal(ILLEGAL_SOURCE, say("{card} is not in your hand", card=card))
            if card.rank == ACE:
                return _illegal(say("an Ace cannot be discarded: it must start a new stack"))
            if owed is not None:
                return _illegal(owed)
            piles = state.options.discard_piles_per_player
            if not isinstance(move.pile, int) or not 0 <= move.pile < piles:
                return _illegal(
                    say(
                        "there is no discard pile {n}: you may keep {m}",
                        n=move.pile + 1 if isinstance(move.pile, int) else move.pile,
                        m=piles,
                    )
                )
            if move.pile not in self._discard_piles(state, seat):
                return _illegal(
                    say(
                        "discard pile {n} is empty: a new pile takes the lowest empty place",
                        n=move.pile + 1,
                    )
                )
            return None
        if isinstance(move, Pass):
            if held:
                return _illegal(say("you hold cards: end your turn by discarding one"))
            if table.count(STOCK) or table.count(BOOKS):
                return _illegal(
                    say(
                        "you may pass only with an empty hand and nothing left to draw from the "
                        "stock or the books"
                    )
                )
            if owed is not None:
                return _illegal(owed)
            return None
        return Refusal("NotAMove", f"{move!r} is not a move of Grabush")

    def _owed(self, state: FullGrabush, seat: Seat) -> str | None:
        """Why the Ace obligation is not met yet, or None."""
        table = state.table
        ace = next((c for c in table.cards(hand(seat)) if c.rank == ACE), None)
        if ace is not None:
            return say("{card} must be played to a new stack before the turn ends", card=ace)
        top = table.top(TEAM_PILES[seat & 1])
        if top is not None and top.rank == ACE:
            return say("{card} on your team pile must be played before the turn ends", card=top)
        return None

    def _why_not_play(self, state: FullGrabush, move: Play) -> Refusal | None:
        table = state.table
        seat = move.seat
        card = move.card
        source = move.source
        if source == hand(seat):
            if card not in table.cards(source):
                return Refusal(ILLEGAL_SOURCE, say("{card} is not in your hand", card=card))
        elif source in TEAM_PILES:
            if source != TEAM_PILES[seat & 1]:
                return Refusal(ILLEGAL_SOURCE, say("only the other team may play from that pile"))
            if table.top(source) is not card:
                return Refusal(
                    ILLEGAL_SOURCE, say("{card} is not the top of your team pile", card=card)
                )
        elif source.startswith("discard."):
            owner = int(source.split(".")[1])
            if owner >= state.seats or source not in table.layout:
                return Refusal(ILLEGAL_SOURCE, say("there is no such pile"))
            if team_of(owner) != team_of(seat):
                return Refusal(
                    ILLEGAL_SOURCE,
                    say("{who}'s discard pile belongs to the other team", who=seat_token(owner)),
                )
            if source not in self._discard_sources(state, seat):
                return Refusal(
                    ILLEGAL_SOURCE, say("you may not play from your own discard piles in this game")
                )
            if table.top(source) is not card:
                return Refusal(
                    ILLEGAL_SOURCE, say("{card} is not on top of that discard pile", card=card)
                )
        else:
            return Refusal(ILLEGAL_SOURCE, say("cards cannot be played from there"))
        onto = move.onto
        if onto == NEW:
            if card.rank != ACE:
                return _illegal(say("only an Ace can start a new stack"))
            return None
        if card.rank == ACE:
            return _illegal(say("an Ace can only start a new stack"))
        if onto not in self._tops(state):
            return _illegal(say("no stack shows a {rank}", rank=rank_word(onto)))
        if card.rank != onto + 1:
            return _illegal(
                say(
                    "{card} cannot go {where}: stacks go up one rank at a time",
                    card=card,
                    where=on_rank(onto),
                )
            )
        return None

    # --- applying a legal move -----------------------------------------------------------------
    def perform(self, state: FullGrabush, move: AnyGrabushMove) -> FullGrabush:
        if isinstance(move, NextDeal):
            assert state.seed is not None, "an observation cannot be played on"
            blank = self._blank(
                state.options, state.seats, state.seed, state.series.next(state.seats)
            )
            work = _Work(blank._replace(wins=state.wins))
            work.deal()
            return work.freeze()
        work = _Work(state)
        seat = move.seat
        if isinstance(move, Play):
            work.play(move)
        elif isinstance(move, Discard):
            work.discard(move)
            work.idle = 0
            work.end_turn()
        elif isinstance(move, Pass):
            work.events.append(Passed(seat))
            work.idle = 0 if state.moved else state.idle + 1
            work.end_turn()
        elif isinstance(move, Accuse):
            work.accused = True
            work.events.append(Accused(seat, 1 - team_of(seat)))
            n = state.seats
            work.penalty = tuple((seat + 2 * i) % n for i in range(n // 2))
        elif isinstance(move, PenaltyInsert):
            team = 1 - team_of(seat)
            name = team_pile(team)
            edit = work.edit
            edit.remove(hand(seat), move.card)
            pile = edit[name]
            rng = make_rng(work.seed, "insert", state.series.number, state.turns, seat)
            at = rng.randrange(len(pile))  # 0: the very bottom; len - 1: just under the top
            edit[name] = (*pile[:at], move.card, *pile[at:])
            work.events.append(PenaltyCard(seat, team, move.card))
            work.moved = True  # a card moved this turn: it does not count towards a block (§7)
            self._penalty_done(work)
        elif isinstance(move, PenaltySkip):
            work.events.append(PenaltySkipped(seat))
            self._penalty_done(work)
        return work.freeze()

    def _penalty_done(self, work: _Work) -> None:
        work.penalty = work.penalty[1:]
        if not work.penalty:
            work.refill(work.turn)

    # --- the end -------------------------------------------------------------------------------
    def outcome(self, state: FullGrabush) -> Outcome | None:
        if not state.over or state.series.between:
            return None
        result = state.series.results[-1]
        table = state.table
        left = (table.count(TEAM_PILES[0]), table.count(TEAM_PILES[1]))
        return match_outcome(
            state.seats, state.options.match_wins, state.wins, left, result.note, result.ending
        )

    def present(self, obs: Observation[SeenGrabush]) -> TableView:
        return presentation.present(obs)


def _distinct(cards: tuple[Card, ...]) -> Sequence[Card]:
    """A hand's cards in rank-then-suit order, each once (three packs: two may be alike)."""
    if len(cards) < 2:
        return cards
    ordered = sorted(cards, key=_INDEX_KEY)
    if any(map(is_, ordered, ordered[1:])):  # interned cards: alike ones are the same object
        return list(dict.fromkeys(ordered))
    return ordered


def _illegal(text: str) -> Refusal:
    return Refusal(ILLEGAL_MOVE, text)


def _order(card: Card) -> tuple[int, int]:
    """Hands in rank order, Ace first, then by suit."""
    assert card.suit is not None
    return (card.rank, card.suit.order)


GRABUSH = Grabush()
