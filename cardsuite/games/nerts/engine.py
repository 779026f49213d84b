"""The rules of Nerts: the deal, the plays, flips, the clock's events, deadlocks and scoring.

See ``model.py`` for the game in a paragraph and the decisions taken where the spec is silent.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable
from typing import Any, cast

from cardsuite.core.cards import ACE, FACE_DOWN, Card, CardFace, standard_deck
from cardsuite.core.errors import GAME_OVER, NotationError, OptionsError, Refusal
from cardsuite.core.events import Event
from cardsuite.core.levels import level_id
from cardsuite.core.moves import Pass
from cardsuite.core.outcome import Outcome
from cardsuite.core.position import (
    cards_with_owners,
    is_seat_token,
    parse_position,
    position_keys,
)
from cardsuite.core.position import seat_from_text as _player
from cardsuite.core.position import whole_number as _whole
from cardsuite.core.protocol import Observation, RulesBase
from cardsuite.core.rng import shuffled
from cardsuite.core.series import Series
from cardsuite.core.states import Working, fresh
from cardsuite.core.table import (
    Layout,
    PileId,
    PileSpec,
    Seat,
    SeenTable,
    Table,
    TableEdit,
    Visibility,
)
from cardsuite.core.text import say
from cardsuite.core.view import TableView
from cardsuite.games.nerts import GAME
from cardsuite.games.nerts import present as presentation
from cardsuite.games.nerts.model import (
    CENTRE,
    DEADLOCK,
    FOUNDATION,
    MAX_SEATS,
    MAX_STEPS,
    NERTS_SIZE,
    OUT,
    OVER,
    PLAY,
    REACTION_MS,
    REALTIME,
    ROW,
    ROW_SLOTS,
    START_DELAY,
    STEP_LIMIT,
    TIMEOUT,
    TURNS,
    WAITING,
    BecameStuck,
    Deadlocked,
    DealScored,
    Dealt,
    Flip,
    Flipped,
    FullNerts,
    NertsMove,
    NertsOptions,
    NertsState,
    NertsTurned,
    Passed,
    Play,
    Recycled,
    Remedied,
    SeenNerts,
    StartSignal,
    StepLimit,
    Stuck,
    TimedOut,
    ToCentre,
    ToRow,
    WentOut,
    close_deal,
    deal_scores,
    found,
    match_outcome,
    nerts,
    next_signal,
    row,
    rows,
    stock,
    waste,
)

# Refusal codes (nerts.md §6.2, in CamelCase).
NOT_AVAILABLE = "NotAvailable"
NOT_OWN_ROW = "NotOwnRow"
WRONG_FOUNDATION = "WrongFoundation"
BAD_BUILD = "BadBuild"
ACE_TO_CENTRE = "AceToCentre"
ACE_FIRST = "AceFirst"
NOTHING_TO_FLIP = "NothingToFlip"
CANNOT_PASS = "CannotPass"
ALREADY_STUCK = "AlreadyStuck"
WRONG_MODE = "WrongMode"
NOT_STARTED = "NotStarted"

_DECKS = tuple(standard_deck(back=s) for s in range(MAX_SEATS))
_NO_SEATS: frozenset[Seat] = frozenset()
# Per seat, his piles in the order legal_moves reads them: 13-pile, rows 1-4, waste, stock.
_SEAT_PILE_IDS = tuple((nerts(s), *rows(s), waste(s), stock(s)) for s in range(MAX_SEATS))
# A card's rank and suit without its owner: Card.index is (rank-1)*4 + suit + 53*back.
_FACE = 53
_FOUND_IDS = tuple(found(k) for k in range(4 * MAX_SEATS))
_FOUND_ORDER = {fid: k for k, fid in enumerate(_FOUND_IDS)}


_FOUND_ONTO = FOUNDATION.onto


def _wanted(table: Table | SeenTable, seats: int) -> tuple[tuple[PileId, ...], ...]:
    """Per card face, the foundations it would go on next (the state's ``wanted``)."""
    wanted: list[tuple[PileId, ...]] = [()] * _FACE
    for k, fid in enumerate(_FOUND_IDS[: 4 * seats]):
        pile = table.faces(fid)
        if pile:
            for want in _FOUND_ONTO[cast(Card, pile[-1]).index % _FACE]:  # none on a King
                wanted[want] += (_FOUND_IDS[k],)
    return tuple(wanted)


_NO_WANTS: tuple[tuple[PileId, ...], ...] = ((),) * _FACE


def _landed(
    wanted: tuple[tuple[PileId, ...], ...], fid: PileId, under: Card | None, top: Card
) -> tuple[tuple[PileId, ...], ...]:
    """``wanted`` once ``top`` has landed on foundation ``fid`` over ``under`` (None: empty)."""
    out = list(wanted)
    if under is not None:
        for was in _FOUND_ONTO[under.index % _FACE]:
            out[was] = tuple(f for f in out[was] if f != fid)
    for want in _FOUND_ONTO[top.index % _FACE]:  # none on a King
        got = out[want]
        # in the foundations' order, as the moves are listed
        out[want] = (fid,) if not got else tuple(sorted((*got, fid), key=_FOUND_ORDER.__getitem__))
    return tuple(out)


def _not_available(card: Card) -> Refusal:
    return Refusal(NOT_AVAILABLE, say("{card} is not one of your available cards", card=card))


class _Work(Working[FullNerts], state=NertsState):
    """A state being changed by one step (an action or timed events)."""

    __slots__ = (
        "clock", "edit", "events", "marks", "options", "out", "phase", "progress",
        "realtime", "remedied", "seats", "seed", "series", "start_at", "steps", "stuck",
        "timeout_at", "turn", "wanted",
    )  # fmt: skip

    def __init__(self, state: FullNerts, events: list[Event]) -> None:
        self.seed = state.seed
        self.options = state.options
        self.seats = state.seats
        self.series = state.series
        self.clock = state.clock
        self.start_at = state.start_at
        self.timeout_at = state.timeout_at
        self.phase = state.phase
        self.turn = state.turn
        self.progress = state.progress
        self.marks = state.marks
        self.stuck = state.stuck
        self.remedied = state.remedied
        self.steps = state.steps
        self.out = state.out
        self.wanted = state.wanted
        self.edit: TableEdit = state.table.edit()
        self.events = events
        self.realtime = self.options.mode == REALTIME

    def freeze(self) -> FullNerts:
        edit = self.edit
        return self.frozen(Table(edit.layout, tuple(edit.piles), edit.known), tuple(self.events))

    def made_progress(self) -> None:
        """§6.6: a card reached the centre or left a 13-pile or a waste."""
        self.progress += 1
        if self.stuck_any():
            self.stuck = (False,) * self.seats
        self.remedied = False
        if self.realtime:
            self.timeout_at = self.clock + TIMEOUT

    def landed(self, fid: PileId, under: Card | None, top: Card) -> None:
        """Keep ``wanted`` up to date: ``top`` has gone on foundation ``fid``."""
        self.wanted = _landed(self.wanted, fid, under, top)

    def stuck_any(self) -> bool:
        return True in self.stuck

    def set_stuck(self, s: Seat) -> None:
        if not self.stuck[s]:
            self.stuck = (*self.stuck[:s], True, *self.stuck[s + 1 :])
            self.events.append(BecameStuck(s))


@GAME.describes
class Nerts(RulesBase[FullNerts, SeenNerts, NertsMove]):
    def __init__(self) -> None:
        self._layouts: dict[int, Layout] = {}
        self._everyone = tuple(frozenset(range(n)) for n in range(MAX_SEATS + 1))
        self._one = tuple(frozenset({s}) for s in range(MAX_SEATS))
        self._plays: dict[tuple[Seat, int, PileId, PileId], Play] = {}
        self._flip = tuple(Flip(s) for s in range(MAX_SEATS))
        self._pass = tuple(Pass(s) for s in range(MAX_SEATS))
        self._stuck = tuple(Stuck(s) for s in range(MAX_SEATS))
        # Per seat: his piles' positions in the layout (the same for every player count).
        self._found_ids = tuple(found(k) for k in range(4 * MAX_SEATS))

    # --- setup ---------------------------------------------------------------------------
    def layout(self, seats: int) -> Layout:
        layout = self._layouts.get(seats)
        if layout is None:
            specs: list[PileSpec] = []
            for s in range(seats):
                specs.append(PileSpec(nerts(s), s, Visibility.TOP))
                specs += [PileSpec(row(s, j), s) for j in range(ROW_SLOTS)]
                specs.append(PileSpec(waste(s), s, Visibility.TOP))
                specs.append(PileSpec(stock(s), s, Visibility.HIDDEN))
            specs += [PileSpec(found(k)) for k in range(4 * seats)]
            layout = self._layouts[seats] = Layout(specs)
        return layout

    def deck(self, state: NertsState[Any]) -> tuple[Card, ...]:
        return tuple(card for s in range(state.seats) for card in _DECKS[s])

    def seat_options(self, options: Any, humans: int) -> tuple[NertsOptions, str | None]:
        """§6.4: real time takes one human at most; with more, the lobby plays turn by turn."""
        opts: NertsOptions = self.resolve_options(options)
        if opts.mode != REALTIME or humans <= 1:
            return opts, None
        note = say(
            "Nerts in real time takes one person at the keyboard: with {n} people, you play "
            "turn by turn.",
            n=humans,
        )
        return dataclasses.replace(opts, mode=TURNS), note

    def check_options(self, seats: int, options: NertsOptions) -> None:
        self.check_seats(seats)
        if options.strict_alternation and options.mode != TURNS:
            raise OptionsError(
                say(
                    "strict_alternation is for the turn-based mode (mode=turns), not {mode}",
                    mode=options.mode,
                )
            )

    def _blank(self, opts: NertsOptions, seats: int, seed: int, series: Series) -> FullNerts:
        """The state before a deal: no cards laid out, nobody to play, nothing counted yet."""
        layout = self.layout(seats)
        table = Table(layout, tuple(() for _spec in layout.specs), ())
        return fresh(NertsState, table, seed, opts, seats)._replace(
            series=series,
            phase=WAITING,
            marks=(0,) * seats,
            stuck=(False,) * seats,
            wanted=_NO_WANTS,
        )

    def new_game(self, *, seats: int, options: Any = None, seed: int = 0) -> FullNerts:
        opts: NertsOptions = self.resolve_options(options)
        self.check_options(seats, opts)
        series = Series.start(seed=seed, seats=seats, deals=0)
        work = _Work(self._blank(opts, seats, seed, series), [])
        self._deal(work)
        return work.freeze()

    def _deal(self, work: _Work) -> None:
        """Each player shuffles his own deck and lays out 13-pile, row and stock (§5)."""
        assert work.seed is not None, "an observation cannot be played on"
        edit = work.edit
        number = work.series.number
        for s in range(work.seats):
            cards = shuffled(_DECKS[s], work.seed, "deal", number, s)  # top = end
            edit[nerts(s)] = tuple(cards[-NERTS_SIZE:])
            for j in range(ROW_SLOTS):
                edit[row(s, j)] = (cards[-NERTS_SIZE - 1 - j],)
            edit[waste(s)] = ()
            edit[stock(s)] = tuple(cards[: -NERTS_SIZE - ROW_SLOTS])
        for k in range(4 * work.seats):
            edit[found(k)] = ()
        work.wanted = _NO_WANTS
        first = work.series.dealer
        work.events.append(Dealt(number + 1, first))
        work.progress = 0
        work.marks = (0,) * work.seats
        work.stuck = (False,) * work.seats
        work.remedied = False
        work.steps = 0
        work.out = None
        if work.realtime:
            work.phase = WAITING
            work.start_at = work.clock + START_DELAY
            work.timeout_at = None
            work.turn = None
        else:
            work.phase = PLAY
            work.turn = first
            self._start_turn(work)

    def position(self, text: str, *, options: Any = None, seed: int = 0) -> FullNerts:
        """A position written as text, for tests and puzzles.

        One line per pile, cards bottom first (the top card last).  A player's cards are his
        own (their owner is the seat); foundation cards name their owner with ``P1`` … tokens
        (each token holds until the next)::

            P1.nerts: 9♣ K♠          # the 13-pile, K♠ face up on top
            P1.row1: 9♠ 8♥ 7♣        # row piles 1 to 4 (unnamed rows are empty)
            P1.waste: ♦Q             # the waste (unnamed: empty)
            P1.stock: 2♣ 3♣          # cards on top of the stock
            F1: P2 A♥ 2♥ 3♥ 4♥       # foundation 1, cards of P2

        Pile names: ``nerts.0``, ``row.0.0`` … ``row.0.3``, ``waste.0``, ``stock.0``,
        ``found.0`` …, with the aliases ``P1.nerts``, ``P1.row1`` … ``P1.row4``, ``P1.waste``,
        ``P1.stock`` and ``F1`` … ``F24``.  Every card of a player not named goes to his
        stock, under the named stock cards, except that a 13-pile not named gets 13 of them
        (never an Ace), so nobody is out by accident.  Settings: ``players: 3`` (default:
        the highest player named, at least 2), ``turn: P2`` (turn-based; default P1),
        ``clock: 5000`` (real time; default 0), ``started: no`` (real time: the start signal
        still to come at ``clock`` + 3000 ms; default yes, with the timeout due 60 s after
        ``clock``), ``stuck: P1 P3``.
        """
        opts: NertsOptions = self.resolve_options(options)
        # The players there are: the highest one named (in pile names or owner tokens).
        keys = position_keys(text)
        highest = 1
        for key, value in keys.items():
            for token in [key.split(".")[0], *value.split()]:
                if is_seat_token(token) and token[0] == "P":
                    highest = max(highest, int(token[1]))
            if key.startswith("row.") or key.split(".")[0] in ("nerts", "waste", "stock"):
                highest = max(highest, int(key.split(".")[1]) + 1)
        seats = _whole(keys["players"], "players") if "players" in keys else highest
        seats = max(seats, 2)
        self.check_options(seats, opts)
        layout = self.layout(seats)
        aliases: dict[str, PileId] = {}
        for s in range(seats):
            aliases[f"P{s + 1}.nerts"] = nerts(s)
            aliases[f"P{s + 1}.waste"] = waste(s)
            aliases[f"P{s + 1}.stock"] = stock(s)
            for j in range(ROW_SLOTS):
                aliases[f"P{s + 1}.row{j + 1}"] = row(s, j)
        for k in range(4 * seats):
            aliases[f"F{k + 1}"] = found(k)

        def read_cards(pile: PileId, value: str) -> tuple[Card, ...]:
            owner = layout.spec(pile).owner  # a foundation's cards are P1's until named
            return cards_with_owners(value, owner if owner is not None else 0, seats)

        given = parse_position(text, layout, aliases, read_cards)
        piles, settings = given.piles, given.settings
        unknown = sorted(set(settings) - {"players", "turn", "clock", "started", "stuck"})
        if unknown:
            raise NotationError(
                f"{unknown[0]}: unknown setting (settings: players, turn, clock, started, stuck)"
            )
        named: set[Card] = set()
        for pile, cards_ in piles.items():
            for card in cards_:
                if card in named:
                    raise ValueError(f"{card} in {pile} is one card too many for this game")
                named.add(card)
        for s in range(seats):
            rest = [c for c in shuffled(_DECKS[s], seed, "position", s) if c not in named]
            if nerts(s) not in piles:
                pick = [c for c in rest if c.rank != ACE][:NERTS_SIZE]
                piles[nerts(s)] = tuple(pick)
                rest = [c for c in rest if c not in pick]
            piles[stock(s)] = (*rest, *piles.get(stock(s), ()))
        table = Table(layout, tuple(piles.get(pid, ()) for pid in layout.ids), ())
        clock = _whole(settings.get("clock", "0"), "clock")
        realtime = opts.mode == REALTIME
        started = settings.get("started", "yes").lower() not in ("no", "false", "0", "off")
        stuck_seats = {_player(t, seats) for t in settings.get("stuck", "").split()}
        turn = _player(settings["turn"], seats) if "turn" in settings else 0
        return self._blank(opts, seats, seed, Series(0, 0, turn))._replace(
            table=table,
            clock=clock if realtime else 0,
            start_at=clock + START_DELAY if realtime and not started else None,
            timeout_at=clock + TIMEOUT if realtime and started else None,
            phase=PLAY if started or not realtime else WAITING,
            turn=None if realtime else turn,
            stuck=tuple(s in stuck_seats for s in range(seats)),
            wanted=_wanted(table, seats),
        )

    # --- the clock ----------------------------------------------------------------------
    def realtime(self, state: NertsState[Any]) -> bool:
        return bool(state.options.mode == REALTIME)

    def next_due(self, state: NertsState[Any]) -> int | None:
        return next_signal(state.start_at, state.timeout_at)

    def reaction_ms(self, level: str) -> tuple[int, int] | None:
        return REACTION_MS.get(level_id(level))  # a former name too ("heuristic")

    def advance(self, state: FullNerts, now: int) -> FullNerts:
        """Perform what falls due by ``now`` (each as of its own time), then clock := now.

        The state's events are then those of the timed events performed, in order (core's
        convention: the runner logs them as a step of their own)."""
        if state.options.mode != REALTIME:
            return state
        if now < state.clock:
            raise ValueError(f"time cannot go back from {state.clock} ms to {now} ms")
        due = self.next_due(state)
        if due is None or due > now:
            if now == state.clock:
                return state
            return state._replace(clock=now)
        work = _Work(state, [])
        while True:
            due = _earliest(work.start_at, work.timeout_at)
            if due is None or due > now:
                break
            work.clock = due
            if work.start_at == due:
                self._start_signal(work)
            else:
                self._timeout(work)
        work.clock = now
        return work.freeze()

    def _start_signal(self, work: _Work) -> None:
        """«Пошли!»: play opens; the Aces showing at the deal go to the centre (§6.2)."""
        work.start_at = None
        work.phase = PLAY
        work.events.append(StartSignal(work.clock))
        work.timeout_at = work.clock + TIMEOUT
        if work.options.auto_aces:
            for s in range(work.seats):
                if self._auto_aces(work, s):
                    return
        work.marks = (work.progress,) * work.seats

    def _timeout(self, work: _Work) -> None:
        """A minute without progress: everyone counts as stuck (§6.6)."""
        work.timeout_at = None
        work.events.append(TimedOut())
        work.stuck = (True,) * work.seats
        self._check_deadlock(work)
        if work.phase == PLAY and work.timeout_at is None:
            work.timeout_at = work.clock + TIMEOUT  # (the remedy restarts it; never left unset)

    # --- whose turn, which moves -----------------------------------------------------------
    def to_move(self, state: FullNerts) -> frozenset[Seat]:
        if state.phase == OVER:
            return _NO_SEATS
        if state.options.mode == REALTIME:
            return self._everyone[state.seats]
        turn = state.turn
        return _NO_SEATS if turn is None else self._one[turn]

    def _play(self, seat: Seat, card: Card, source: PileId, target: PileId) -> Play:
        key = (seat, card.index, source, target)  # (ints hash faster than cards)
        move = self._plays.get(key)
        if move is None:
            move = self._plays[key] = Play(seat, card, source, target)
        return move

    def _available(self, table: Table, seat: Seat) -> list[tuple[Card, PileId]]:
        """The single cards ``seat`` may send to the centre (§6.1), with their piles."""
        out = []
        for pile in (nerts(seat), waste(seat), *rows(seat)):
            cards = table.cards(pile)
            if cards:
                out.append((cards[-1], pile))
        return out

    def _aces_available(self, table: Table, seat: Seat) -> list[tuple[Card, PileId]]:
        return [(c, p) for c, p in self._available(table, seat) if c.rank == ACE]

    def candidates(self, state: FullNerts, seat: Seat) -> Iterable[NertsMove]:
        table = state.table
        targets = (CENTRE, *(found(k) for k in range(4 * state.seats)), *rows(seat))
        for pile in (nerts(seat), waste(seat)):
            top = table.top(pile)
            if top is not None:
                for target in targets:
                    yield self._play(seat, top, pile, target)
        for source in rows(seat):
            for card in table.cards(source):
                for target in targets:
                    yield self._play(seat, card, source, target)
        yield self._flip[seat]
        yield self._pass[seat]
        yield self._stuck[seat]

    def legal_moves(self, state: FullNerts, seat: Seat) -> tuple[NertsMove, ...]:
        # The same answers as filtering candidates() through why_illegal(), in the same
        # order, computed directly: a random playout asks at every step.
        if state.phase != PLAY:
            return ()
        opts = state.options
        realtime = opts.mode == REALTIME
        if not realtime and seat != state.turn:
            return ()
        piles = state.table.piles
        # The layout puts each seat's piles together (13-pile, rows 1-4, waste, stock), then
        # the foundations (see ``layout``).
        mine = state.table.layout.getter(_SEAT_PILE_IDS[seat])  # resolved once per layout
        nerts_pile, r0, r1, r2, r3, waste_pile, stock_pile = mine(piles)
        row_ids = rows(seat)
        top_ids = (nerts(seat), waste(seat))
        row_piles = (r0, r1, r2, r3)
        if not opts.auto_aces:
            sources = (*zip(top_ids, (nerts_pile, waste_pile), strict=True),)
            sources += (*zip(row_ids, row_piles, strict=True),)
            aces: list[NertsMove] = [
                self._play(seat, p[-1], pid, CENTRE)
                for pid, p in sources
                if p and p[-1].rank == ACE
            ]
            if aces:
                return tuple(aces)
        wanted = state.wanted
        out: list[NertsMove] = []
        play = self._play
        # Each row's top card, or None for an empty row.
        tops = [p[-1] if p else None for p in row_piles]
        for pid, p in ((top_ids[0], nerts_pile), (top_ids[1], waste_pile)):
            if not p:
                continue
            card = p[-1]
            rank = card.rank
            if rank == ACE:
                out.append(play(seat, card, pid, CENTRE))
                continue
            for fid in wanted[card.index % _FACE]:
                out.append(play(seat, card, pid, fid))
            for j, onto in enumerate(tops):
                if onto is None or ROW.follows(card, onto):
                    out.append(play(seat, card, pid, row_ids[j]))
        for i, p in enumerate(row_piles):
            if not p:
                continue
            rid = row_ids[i]
            top = p[-1]
            if top.rank == ACE:
                out.append(play(seat, top, rid, CENTRE))
            else:
                for fid in wanted[top.index % _FACE]:
                    out.append(play(seat, top, rid, fid))
            # The built tail p[k0:] runs down one rank a card: the card that fits a target
            # is found by its rank, without trying every card against every target; the tail's
            # start is looked for only when some target could take one of its cards.
            last = len(p) - 1
            top_rank = top.rank
            k0 = -1
            for j, onto in enumerate(tops):
                if j == i:
                    continue
                if onto is None:
                    if k0 < 0:
                        k0 = ROW.run_start(p)
                    for k in range(last, k0 - 1, -1):
                        card = p[k]
                        if card.rank != ACE:
                            out.append(play(seat, card, rid, row_ids[j]))
                    continue
                k = last + top_rank + 1 - onto.rank  # where the card one rank below it would be
                if k > last or k < 0:
                    continue
                if k0 < 0:
                    k0 = ROW.run_start(p)
                if k >= k0:
                    card = p[k]
                    if card.rank != ACE and ROW.follows(card, onto):
                        out.append(play(seat, card, rid, row_ids[j]))
        if stock_pile or waste_pile:
            out.append(self._flip[seat])
        elif not realtime:
            out.append(self._pass[seat])
        if realtime and not state.stuck[seat]:
            out.append(self._stuck[seat])
        legal = tuple(out)
        self.remember_legal(state, legal)
        return legal

    # --- the one legality check ----------------------------------------------------------
    def why_illegal(self, state: FullNerts, move: NertsMove) -> Refusal | None:
        seat = move.seat
        opts = state.options
        realtime = opts.mode == REALTIME
        if state.phase == OVER:
            return Refusal(GAME_OVER, say("the game is over"))
        kind = type(move)
        if kind is Pass and realtime:
            return Refusal(WRONG_MODE, say("there is no passing in real-time play: say stuck"))
        if kind is Stuck and not realtime:
            return Refusal(
                WRONG_MODE, say("there is no stuck key in turn-based play: flip or pass")
            )
        if not 0 <= seat < state.seats:
            return Refusal(NOT_AVAILABLE, say("there is no such player"))
        if state.phase == WAITING:
            return Refusal(NOT_STARTED, say("wait for the start signal"))
        if not realtime and seat != state.turn:
            return self.not_your_turn(state, move)
        table = state.table
        if kind is Play:
            assert isinstance(move, Play)
            refusal = self._why_not_play(state, move)
            if refusal is not None:
                return refusal
            if move.card.rank == ACE:
                return None
        elif kind is Flip:
            if not table.cards(stock(seat)) and not table.cards(waste(seat)):
                return Refusal(NOTHING_TO_FLIP, say("your stock and waste are both empty"))
        elif kind is Pass:
            if table.cards(stock(seat)) or table.cards(waste(seat)):
                return Refusal(
                    CANNOT_PASS, say("you may pass only when your stock and waste are both empty")
                )
        elif kind is Stuck:
            if state.stuck[seat]:
                return Refusal(ALREADY_STUCK, say("you are already stuck"))
        else:
            return Refusal(WRONG_MODE, say("that is not an action of this game"))
        if not opts.auto_aces and self._aces_available(table, seat):
            return Refusal(ACE_FIRST, say("an Ace is showing: it must go to the centre first"))
        return None

    def _why_not_play(self, state: FullNerts, move: Play) -> Refusal | None:
        seat, card, source, target = move.seat, move.card, move.source, move.target
        table = state.table
        layout = table.layout
        if target != CENTRE and target not in layout:
            return Refusal(WRONG_FOUNDATION, say("there is no such place on the table"))
        to_row = target.startswith("row.")
        if to_row and layout.spec(target).owner != seat:
            return Refusal(NOT_OWN_ROW, say("you may build only on your own row"))
        if source not in layout or layout.spec(source).owner != seat or card.back != seat:
            return _not_available(card)
        pile = table.cards(source)
        if source.startswith("row."):
            if card not in pile:
                return _not_available(card)
            k = pile.index(card)
            if k != len(pile) - 1 and (not to_row or ROW.run_start(pile) > k):
                return _not_available(card)
        elif source.startswith("stock.") or not pile or pile[-1] is not card:
            return _not_available(card)
        if to_row:
            if card.rank == ACE:
                return Refusal(ACE_TO_CENTRE, say("an Ace may only go to the centre"))
            if target == source:
                return Refusal(BAD_BUILD, say("a card cannot move onto its own pile"))
            onto = table.top(target)
            if onto is not None and not ROW.follows(card, onto):
                return Refusal(
                    BAD_BUILD,
                    say(
                        "{card} does not go on {onto}: one rank lower, the other colour",
                        card=card,
                        onto=onto,
                    ),
                )
            return None
        if target == CENTRE:
            if card.rank != ACE:
                return Refusal(
                    WRONG_FOUNDATION,
                    say("only an Ace starts a new foundation, not {card}", card=card),
                )
            return None
        if not target.startswith("found."):
            return Refusal(WRONG_FOUNDATION, say("cards go to a foundation or to your row"))
        onto = table.top(target)
        if card.rank == ACE:
            return Refusal(WRONG_FOUNDATION, say("an Ace starts a new foundation in the centre"))
        if onto is None:
            return Refusal(WRONG_FOUNDATION, say("only an Ace starts a new foundation"))
        if not FOUNDATION.follows(card, onto):
            return Refusal(
                WRONG_FOUNDATION,
                say(
                    "{card} does not go on {onto}: same suit, one rank higher", card=card, onto=onto
                ),
            )
        return None

    # --- applying a legal move -------------------------------------------------------------
    def perform(self, state: FullNerts, move: NertsMove) -> FullNerts:
        work = _Work(state, [])
        seat = move.seat
        kind = type(move)
        work.steps += 1
        passes_turn = state.options.strict_alternation
        if kind is Play:
            assert isinstance(move, Play)
            self._perform_play(work, move)
        elif kind is Flip:
            self._flip_cards(work, seat)
            passes_turn = True
        elif kind is Pass:
            work.events.append(Passed(seat))
            work.set_stuck(seat)
            self._check_deadlock(work)
            passes_turn = True
        else:
            work.set_stuck(seat)
            self._check_deadlock(work)
        if work.phase == PLAY and work.steps >= MAX_STEPS:
            work.events.append(StepLimit())
            self._end_deal(work, STEP_LIMIT)
        if passes_turn and work.phase == PLAY and not work.realtime and work.series is state.series:
            work.turn = (seat + 1) % work.seats
            self._start_turn(work)
        return work.freeze()

    def _perform_play(self, work: _Work, move: Play) -> None:
        seat, card, source, target = move.seat, move.card, move.source, move.target
        edit = work.edit
        pile = edit[source]
        if pile[-1] is card:
            moving: tuple[Card, ...] = (card,)
            edit[source] = pile[:-1]
        else:
            k = pile.index(card)
            moving = pile[k:]
            edit[source] = pile[:k]
        progress = False
        if target.startswith("row."):
            edit[target] = edit[target] + moving
            work.events.append(ToRow(seat, card, len(moving), source, target))
        else:
            if target == CENTRE:
                target = self._empty_foundation(edit, work.seats)
            under = edit[target]
            edit[target] = under + moving
            work.landed(target, under[-1] if under else None, card)
            work.events.append(ToCentre(seat, card, source, target))
            progress = True
        kind = source[0]
        if kind == "n":  # from the 13-pile
            progress = True
            left = edit[source]
            if not left:
                work.made_progress()
                self._went_out(work, seat)
                return
            work.events.append(NertsTurned(seat, left[-1]))
        elif kind == "w":
            progress = True
        if progress:
            work.made_progress()
        if work.options.auto_aces and kind != "r":
            # Only the pile the card left shows a new card (rows never hold an Ace under
            # another card), so only it can show an Ace now.
            left = edit[source]
            if left and left[-1].rank == ACE:
                self._auto_aces(work, seat)

    def _flip_cards(self, work: _Work, seat: Seat) -> None:
        # The commonest action: the seat's waste and stock are reached by their places in the
        # layout.
        edit = work.edit
        piles = edit.piles
        positions = edit.layout.positions
        w_at, s_at = positions[waste(seat)], positions[stock(seat)]
        cards = piles[s_at]
        if not cards:  # recycle: the waste turned over, its first card on top
            cards = piles[w_at][::-1]
            piles[w_at] = ()
            work.events.append(Recycled(seat))
            if work.progress == work.marks[seat]:
                work.set_stuck(seat)
            marks = work.marks
            work.marks = (*marks[:seat], work.progress, *marks[seat + 1 :])
        keep = max(len(cards) - work.options.flip_count, 0)
        n = len(cards) - keep
        piles[s_at] = cards[:keep]
        turned = cards[keep:][::-1]
        piles[w_at] = piles[w_at] + turned
        work.events.append(Flipped(seat, n, turned[-1]))
        if work.options.auto_aces and turned[-1].rank == ACE:
            self._auto_aces(work, seat)
        if work.phase == PLAY:
            self._check_deadlock(work)

    def _empty_foundation(self, edit: TableEdit, seats: int) -> PileId:
        for k in range(4 * seats):
            fid = self._found_ids[k]
            if not edit[fid]:
                return fid
        raise AssertionError("more Aces than foundation places")

    def _auto_aces(self, work: _Work, seat: Seat) -> bool:
        """Move ``seat``'s available Aces to the centre until none is left (§6.2); True if
        that ended the deal (his 13-pile emptied)."""
        edit = work.edit
        moved = True
        while moved:
            moved = False
            for pid in (nerts(seat), waste(seat), *rows(seat)):
                pile = edit[pid]
                if pile and pile[-1].rank == ACE:
                    ace = pile[-1]
                    edit[pid] = pile[:-1]
                    fid = self._empty_foundation(edit, work.seats)
                    edit[fid] = (ace,)
                    work.landed(fid, None, ace)
                    work.events.append(ToCentre(seat, ace, pid, fid, auto=True))
                    work.made_progress()
                    if pid[0] == "n":
                        if not pile[:-1]:
                            self._went_out(work, seat)
                            return True
                        work.events.append(NertsTurned(seat, pile[-2]))
                    moved = True
                    break
        return False

    def _start_turn(self, work: _Work) -> None:
        """Turn-based: the Aces showing for the player now on turn move first (§6.2)."""
        turn = work.turn
        if work.options.auto_aces and turn is not None:
            mine = work.edit.layout.getter(_SEAT_PILE_IDS[turn])
            showing = mine(work.edit.piles)[:-1]  # not the stock
            for pile in showing:
                if pile and pile[-1].rank == ACE:
                    self._auto_aces(work, turn)
                    return

    def _check_deadlock(self, work: _Work) -> None:
        """§6.6: when every player is stuck, the remedy, or (a second time) the end."""
        if False in work.stuck:
            return
        if work.remedied:
            work.events.append(Deadlocked())
            self._end_deal(work, DEADLOCK)
            return
        edit = work.edit
        for s in range(work.seats):
            cards = edit[stock(s)] + edit[waste(s)][::-1]
            edit[waste(s)] = ()
            if len(cards) > 1:
                cards = (cards[-1], *cards[:-1])
            edit[stock(s)] = cards
        work.events.append(Remedied())
        work.stuck = (False,) * work.seats
        work.marks = (work.progress,) * work.seats
        work.remedied = True
        if work.realtime:
            work.timeout_at = work.clock + TIMEOUT

    def _went_out(self, work: _Work, seat: Seat) -> None:
        work.events.append(WentOut(seat))
        work.out = seat
        self._end_deal(work, OUT)

    def _end_deal(self, work: _Work, ending: str) -> None:
        opts = work.options
        seats = work.seats
        table = Table(work.edit.layout, tuple(work.edit.piles), ())
        scores = deal_scores(table, seats, opts.pile_penalty)
        work.events.append(DealScored(work.series.number + 1, scores))
        work.series, over = close_deal(work.series, scores, ending, work.out, opts, seats)
        if over:
            work.phase = OVER
            work.turn = None
            work.start_at = None
            work.timeout_at = None
            return
        work.series = work.series.next(seats)
        self._deal(work)

    # --- the end -------------------------------------------------------------------------------
    def outcome(self, state: FullNerts) -> Outcome | None:
        if state.phase != OVER:
            return None
        return match_outcome(state.series, state.options, state.seats)

    # --- hidden cards ------------------------------------------------------------------------
    def determinize(self, obs: Observation[SeenNerts], rng: random.Random) -> FullNerts:
        """A full state the observer cannot tell from the real one: each player's hidden
        cards dealt again among his own hidden places (cards never change owner)."""
        state = obs.state
        table = state.table
        piles: list[list[CardFace]] = [list(p) for p in table.piles]
        for s in range(state.seats):
            places = [
                (p, c)
                for p, spec in enumerate(table.layout.specs)
                if spec.owner == s
                for c, face in enumerate(piles[p])
                if face is FACE_DOWN
            ]
            seen = set(table.all_visible())
            pool = [card for card in _DECKS[s] if card not in seen]
            rng.shuffle(pool)
            for (p, c), card in zip(places, pool, strict=False):
                piles[p][c] = card
        full = Table(table.layout, cast(tuple[tuple[Card, ...], ...], tuple(map(tuple, piles))), ())
        return cast(FullNerts, cast(Any, state)._replace(table=full, seed=rng.getrandbits(63)))

    # --- presentation ----------------------------------------------------------------------
    def present(self, obs: Observation[SeenNerts]) -> TableView:
        return presentation.present(obs)


def _earliest(a: int | None, b: int | None) -> int | None:
    if a is None:
        return b
    if b is None:
        return a
    return a if a <= b else b


__all__ = [
    "ACE_FIRST", "ACE_TO_CENTRE", "ALREADY_STUCK", "BAD_BUILD", "CANNOT_PASS", "NOTHING_TO_FLIP",
    "NOT_AVAILABLE", "NOT_OWN_ROW", "NOT_STARTED", "WRONG_FOUNDATION", "WRONG_MODE", "Nerts",
]  # fmt: skip
