"""The rules of Spit: the deal, the plays and their follow-ups, spits, the clock, and the end.

See ``model.py`` for the game in a paragraph and the decisions taken where the spec is silent.
Real time follows spec §6.4: every step taken at time T ends with the *countdown bookkeeping*
(:meth:`Spit._due`), ``advance`` performs the spits that have fallen due, and ``apply`` uses the
state's ``clock`` as the action's time (``apply_at`` advanced the state to it first).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from cardsuite.core.cards import Card, standard_deck
from cardsuite.core.errors import GAME_OVER, NOT_A_MOVE, NotationError, OptionsError, Refusal
from cardsuite.core.events import Event, Passed
from cardsuite.core.levels import level_id
from cardsuite.core.moves import Pass
from cardsuite.core.outcome import Outcome
from cardsuite.core.position import lay_out, parse_position
from cardsuite.core.protocol import Observation, RulesBase
from cardsuite.core.rng import make_rng, shuffled
from cardsuite.core.table import Layout, Seat, Table
from cardsuite.core.text import say
from cardsuite.core.text import seat as who
from cardsuite.core.view import TableView
from cardsuite.games.spit import GAME
from cardsuite.games.spit import present as presentation
from cardsuite.games.spit.model import (
    ADJACENT,
    CARDS_LEFT,
    CENTRE,
    NOTHING,
    OUT,
    SEATS,
    SHAPES,
    STACK,
    STALL,
    STALL_SPITS,
    Cancelled,
    Dealt,
    Fill,
    Filled,
    Flipped,
    FullSpit,
    Play,
    Played,
    Recycled,
    Requested,
    SeenSpit,
    Shape,
    Spat,
    SpitCancel,
    SpitMove,
    SpitOptions,
    SpitRequest,
    SpitState,
    Stalled,
    WentOut,
    adjacent_ranks,
    can_play,
    centre_name,
    row_counts,
    slot,
    stuck,
)

# Refusal codes: the spec's error names (§6.1) in CamelCase.
EMPTY_SLOT = "EmptySlot"
NOT_ADJACENT = "NotAdjacent"
ALREADY_REQUESTED = "AlreadyRequested"
NO_REQUEST = "NoRequest"
NO_MANUAL_FILL = "NoManualFill"
SLOT_NOT_EMPTY = "SlotNotEmpty"
SOURCE_TOO_SHORT = "SourceTooShort"
WRONG_MODE = "WrongMode"
NOT_YOUR_MOVE = "NotYourMove"

_DECK = standard_deck()
_NO_ONE: frozenset[Seat] = frozenset()
_BOTH = frozenset({0, 1})
_NO_REQUESTS = (False, False)

# Where a player's packet c1…c26 (0-based here) goes: the cards of each slot, bottom first
# (the last one face up), then the spit stack from its top card down (§5.2, §5.6).
ROW_DEALS: dict[int, tuple[tuple[int, ...], ...]] = {
    3: ((0, 3, 6, 8), (1, 4, 7), (2, 5)),
    5: ((0,), (1, 5), (2, 6, 9), (3, 7, 10, 12), (4, 8, 11, 13, 14)),
}

# Bot reaction ranges per level (§6.5): the levels of cardsuite.core.levels, the spec's words.
REACTION_MS: dict[str, tuple[int, int]] = {
    "easy": (1400, 2400),
    "normal": (800, 1400),
    "hard": (450, 800),
}


def deal_packet(packet: Sequence[Card], slot_count: int) -> tuple[tuple[Card, ...], ...]:
    """A packet c1…c26 laid out (§5.2): the slots (bottom first), then the spit stack
    (bottom first, so c10 — or c16 — is its last card, the top)."""
    pattern = ROW_DEALS[slot_count]
    used = sum(len(p) for p in pattern)
    row = tuple(tuple(packet[i] for i in p) for p in pattern)
    return (*row, tuple(reversed(packet[used:])))


@GAME.describes
class Spit(RulesBase[FullSpit, SeenSpit, SpitMove]):
    def __init__(self) -> None:
        # Moves are values: each is made once and shared.
        self._plays = tuple(
            tuple(tuple(Play(s, k, p) for p in range(SEATS)) for k in range(5))
            for s in range(SEATS)
        )
        self._fills = tuple(
            tuple(tuple(Fill(s, a, b) for b in range(5)) for a in range(5)) for s in range(SEATS)
        )
        self._requests = tuple(SpitRequest(s) for s in range(SEATS))
        self._cancels = tuple(SpitCancel(s) for s in range(SEATS))
        self._passes = tuple(Pass(s) for s in range(SEATS))
        self._turns = tuple(frozenset({s}) for s in range(SEATS))

    # --- metadata and the clock --------------------------------------------------------------
    def deck(self, state: SpitState[Any]) -> tuple[Card, ...]:
        return _DECK

    def layout(self, options: SpitOptions) -> Layout:
        return SHAPES[options.slot_count].layout

    def realtime(self, state: SpitState[Any]) -> bool:
        return bool(state.options.realtime)

    def clock(self, state: SpitState[Any]) -> int:
        return int(state.clock)

    def next_due(self, state: SpitState[Any]) -> int | None:
        return None if state.ending else state.spit_due

    def reaction_ms(self, level: str) -> tuple[int, int] | None:
        found = REACTION_MS.get(level_id(level))  # a former name too ("heuristic")
        if found is None:
            raise OptionsError(
                f"no reaction times for bot level {level!r} "
                f"(levels: {', '.join(sorted(REACTION_MS))})"
            )
        return found

    def bot_moves(self, state: FullSpit, seat: Seat) -> tuple[SpitMove, ...]:
        """A bot weighs plays (and fills) only: a stuck bot is ready to spit without a word,
        so it asks for nothing and its decision time waits until it has a card to play
        (§6.5)."""
        return tuple(m for m in self.legal_moves(state, seat) if isinstance(m, Play | Fill))

    # --- setup ---------------------------------------------------------------------------
    def packets(self, seed: int) -> tuple[Seat, tuple[tuple[Card, ...], tuple[Card, ...]]]:
        """The dealer and each seat's packet c1…c26 (the order the cards were received in):
        the shuffled pack dealt alternately, the non-dealer first."""
        dealer = make_rng(seed, "dealer").randrange(SEATS)
        pack = shuffled(_DECK, seed, "deal")
        first = 1 - dealer
        got: list[list[Card]] = [[], []]
        for i, card in enumerate(pack):
            got[(first + i) % SEATS].append(card)
        return dealer, (tuple(got[0]), tuple(got[1]))

    def new_game(self, *, seats: int = SEATS, options: Any = None, seed: int = 0) -> FullSpit:
        opts: SpitOptions = self.resolve_options(options)
        self.check_seats(seats)
        shape = SHAPES[opts.slot_count]
        dealer, packets = self.packets(seed)
        contents: dict[str, tuple[Card, ...]] = {}
        for s in range(SEATS):
            *row, stack = deal_packet(packets[s], shape.count)
            for k, cards in enumerate(row):
                contents[slot(s, k)] = cards
            contents[STACK[s]] = stack
        table = Table.from_names(shape.layout, {**contents, CENTRE[0]: (), CENTRE[1]: ()})
        row_size = sum(len(p) for p in ROW_DEALS[shape.count])
        events: list[Event] = [Dealt(dealer, row_size, 26 - row_size)]
        first: Seat | None = None  # real time: both move at once from the start
        if not opts.realtime:  # turn mode: the opening spit is part of the deal
            piles = list(table.piles)
            self._spit(piles, shape, events)
            table = Table(shape.layout, tuple(piles), ())
            first = 1 - dealer  # the non-dealer moves first
        return _running(
            table,
            seed,
            opts,
            dealer,
            events=tuple(events),
            spit_due=opts.spit_delay if opts.realtime else None,
            turn=first,
            opener=first,
            spits=0 if opts.realtime else 1,
        )

    def position(self, text: str, *, options: Any = None, seed: int = 0) -> FullSpit:
        """A position written as text, for tests and puzzles.

        Piles, cards bottom first (a slot's last card is its face-up card)::

            P1.S1: 2♣ 3♦ J♥        seat 0's slot 1 (also ``slot.0.0``)
            P2.S3: Q♠              seat 1's slot 3 (``slot.1.2``)
            C1: 7♣                 P1's centre pile (``centre.0``), C2 is P2's
            P1.stack: 4♦ 9♠        P1's spit stack, its top card last (``stack.0``)

        Cards not named are shuffled (from ``seed``) and dealt alternately under the spit
        stacks that are not named (under both when both are, or neither is); write
        ``P2.stack: -`` for an empty stack.  Settings: ``dealer: P1|P2`` (default P2),
        ``clock: 5000``, ``spit_due: 5800|none`` (default: from the countdown rule, as if a
        step had just been taken at ``clock``), ``requests: P1 P2`` (pending spit requests),
        ``spits: 3`` (spits since the last play from a row; default 1, 0 when both centre
        piles are empty), and in turn mode ``turn: P1`` (default: the non-dealer),
        ``opener: P2`` (who moved first after the latest spit; default: ``turn``) and
        ``passes: 1``.
        """
        opts: SpitOptions = self.resolve_options(options)
        shape = SHAPES[opts.slot_count]
        aliases: dict[str, str] = {}
        for s in range(SEATS):
            for k in range(shape.count):
                for form in (f"P{s + 1}.S{k + 1}", f"P{s + 1}S{k + 1}", f"p{s + 1}.s{k + 1}"):
                    aliases[form] = slot(s, k)
            for form in (f"P{s + 1}.stack", f"p{s + 1}.stack"):
                aliases[form] = STACK[s]
            aliases[f"C{s + 1}"] = CENTRE[s]
        given = parse_position(text, shape.layout, aliases)
        for key in given.settings:
            if key not in ("dealer", "clock", "spit_due", "requests", "spits", "turn", "opener",
                           "passes"):  # fmt: skip
                raise NotationError(f"{key!r} is neither a pile nor a setting of Spit")
        try:
            table = lay_out(shape.layout, _DECK, given.piles, rest=None)
        except ValueError as exc:
            raise NotationError(str(exc)) from None
        named = set(given.piles)
        edit = table.edit()
        spare = [c for c in _DECK if c not in set(table.all_cards())]
        targets = [STACK[s] for s in range(SEATS) if STACK[s] not in named] or list(STACK)
        for i, card in enumerate(shuffled(spare, seed, "position")):
            pile = targets[i % len(targets)]
            edit[pile] = (card, *edit[pile])
        table = edit.freeze()
        dealer = _player(given.setting("dealer", "P2") or "P2")
        clock = given.number("clock", 0)
        if clock < 0:
            raise NotationError(f"clock: {clock} is before the deal")
        requests_text = given.setting("requests", "-") or "-"
        asked = {_player(t) for t in requests_text.split() if t != "-"}
        requests = (0 in asked, 1 in asked)
        centres_empty = not table.cards(CENTRE[0]) and not table.cards(CENTRE[1])
        spits = given.number("spits", 0 if centres_empty else 1)
        if opts.realtime:
            due_text = given.setting("spit_due")
            if due_text is None:
                due = self._due(opts, table.piles, shape, requests, None, clock, True)
            elif due_text.lower() == "none":
                due = None
            else:
                due = given.number("spit_due", 0)
                if due <= clock:
                    raise NotationError(f"spit_due: {due} must come after the clock ({clock})")
            return _running(
                table, seed, opts, dealer, clock=clock, spit_due=due, requests=requests, spits=spits
            )
        if any(requests) or "spit_due" in given.settings:
            raise NotationError("spit requests and spit_due exist in real time only")
        turn = _player(given.setting("turn") or f"P{2 - dealer}")
        opener = _player(given.setting("opener") or f"P{turn + 1}")
        passes = given.number("passes", 0)
        if passes not in (0, 1):
            raise NotationError(f"passes: {passes} must be 0 or 1")
        return _running(
            table, seed, opts, dealer, turn=turn, passes=passes, opener=opener, spits=spits
        )

    # --- who may act, and what -----------------------------------------------------------
    def to_move(self, state: FullSpit) -> frozenset[Seat]:
        if state.ending:
            return _NO_ONE
        if state.options.realtime:
            return _BOTH
        assert state.turn is not None, "in turn mode someone is to move until the end"
        return self._turns[state.turn]

    def can_play(self, state: SpitState[Any], seat: Seat) -> bool:
        """Whether ``seat`` has a legal PLAY (not stuck, §6.3); for any table."""
        return can_play(state, seat)

    def ready(self, state: SpitState[Any], seat: Seat) -> bool:
        """Stuck, or waiting with a spit request (§6.3)."""
        return state.requests[seat] or not self.can_play(state, seat)

    def candidates(self, state: FullSpit, seat: Seat) -> Iterable[SpitMove]:
        count = state.options.slot_count
        if not 0 <= seat < SEATS:
            return ()
        out: list[SpitMove] = [self._plays[seat][k][p] for k in range(count) for p in (0, 1)]
        out += [self._fills[seat][a][b] for a in range(count) for b in range(count) if a != b]
        out += [self._requests[seat], self._cancels[seat], self._passes[seat]]
        return out

    def legal_moves(self, state: FullSpit, seat: Seat) -> tuple[SpitMove, ...]:
        """The candidates ``why_illegal`` accepts, computed directly (hot path)."""
        if state.ending or not 0 <= seat < SEATS:
            return ()
        opts = state.options
        realtime = opts.realtime
        if not realtime and seat != state.turn:
            return ()
        shape = SHAPES[opts.slot_count]
        piles = state.table.piles
        adj = ADJACENT[opts.wrap]
        c0, c1 = piles[shape.centres[0]], piles[shape.centres[1]]
        near0 = adj[c0[-1].rank] if c0 else NOTHING
        near1 = adj[c1[-1].rank] if c1 else NOTHING
        plays = self._plays[seat]
        out: list[SpitMove] = []
        row = shape.rows[seat]
        for k in range(shape.count):
            cards = piles[row[k]]
            if cards:
                r = cards[-1].rank
                if r in near0:
                    out.append(plays[k][0])
                if r in near1:
                    out.append(plays[k][1])
        if opts.manual_fill:
            fills = self._fills[seat]
            for a in range(shape.count):
                if len(piles[row[a]]) >= 2:
                    out += [fills[a][b] for b in range(shape.count) if b != a and not piles[row[b]]]
        if realtime:
            out.append(self._cancels[seat] if state.requests[seat] else self._requests[seat])
        else:
            out.append(self._passes[seat])
        legal = tuple(out)
        self.remember_legal(state, legal)  # apply need not judge them again
        return legal

    def why_illegal(self, state: FullSpit, move: SpitMove) -> Refusal | None:
        seat = move.seat
        if state.ending:
            return Refusal(GAME_OVER, say("the game is over"))
        if not 0 <= seat < SEATS:
            return Refusal(NOT_A_MOVE, say("Spit has two players"))
        opts = state.options
        kind = type(move)
        if opts.realtime and kind is Pass:
            return Refusal(WRONG_MODE, say("in real time nobody passes: ask for a spit instead"))
        if not opts.realtime and (kind is SpitRequest or kind is SpitCancel):
            return Refusal(WRONG_MODE, say("in turn mode a spit is asked for by passing"))
        turn = state.turn
        if not opts.realtime and seat != turn and turn is not None:
            return Refusal(NOT_YOUR_MOVE, say("it is {who}'s move", who=who(turn)))
        count = opts.slot_count
        table = state.table
        if kind is Play:
            assert isinstance(move, Play)
            if not 0 <= move.slot < count or move.pile not in (0, 1):
                return Refusal(NOT_A_MOVE, say("there is no such slot or centre pile"))
            cards = table.cards(slot(seat, move.slot))
            if not cards:
                return Refusal(EMPTY_SLOT, say("your slot {n} is empty", n=move.slot + 1))
            card = cards[-1]
            target = table.cards(CENTRE[move.pile])
            if target and card.rank in ADJACENT[opts.wrap][target[-1].rank]:
                return None
            pile = centre_name(move.pile)
            if not target:
                return Refusal(
                    NOT_ADJACENT,
                    say("{pile} is empty: nothing may be played on it before the spit", pile=pile),
                )
            return Refusal(
                NOT_ADJACENT,
                say(
                    "{card} is not one rank above or below {top}, the top of {pile}",
                    card=card,
                    top=target[-1],
                    pile=pile,
                ),
            )
        if kind is Fill:
            assert isinstance(move, Fill)
            if not opts.manual_fill:
                return Refusal(NO_MANUAL_FILL, say("empty slots are filled automatically"))
            if not (0 <= move.source < count and 0 <= move.target < count):
                return Refusal(NOT_A_MOVE, say("there is no such slot"))
            if table.cards(slot(seat, move.target)):
                return Refusal(SLOT_NOT_EMPTY, say("your slot {n} is not empty", n=move.target + 1))
            if len(table.cards(slot(seat, move.source))) < 2:
                return Refusal(
                    SOURCE_TOO_SHORT,
                    say("a card may be moved only from a slot of two cards or more"),
                )
            return None
        if kind is SpitRequest:
            if state.requests[seat]:
                return Refusal(ALREADY_REQUESTED, say("you have already asked for a spit"))
            return None
        if kind is SpitCancel:
            if not state.requests[seat]:
                return Refusal(NO_REQUEST, say("you have not asked for a spit"))
            return None
        if kind is Pass:
            return None
        return Refusal(NOT_A_MOVE, say("that is not a move of Spit"))

    # --- applying a legal move -------------------------------------------------------------
    def perform(self, state: FullSpit, move: SpitMove) -> FullSpit:
        opts = state.options
        shape = SHAPES[opts.slot_count]
        seat = move.seat
        kind = type(move)
        piles = list(state.table.piles)
        events: list[Event] = []
        requests = state.requests
        turn, passes, opener = state.turn, state.passes, state.opener
        spits = state.spits
        moved = True
        winner: Seat | None = None
        ending = ""
        if kind is Play:
            assert isinstance(move, Play)
            src = shape.rows[seat][move.slot]
            dst = shape.centres[move.pile]
            cards = piles[src]
            card = cards[-1]
            piles[src] = cards[:-1]
            piles[dst] = piles[dst] + (card,)
            events.append(Played(seat, card, move.slot, move.pile))
            if len(cards) > 1:
                events.append(Flipped(seat, cards[-2], move.slot))
            elif not opts.manual_fill:
                _auto_fill(piles, shape, seat, events)
            spits = 0
            if requests[seat]:
                requests = (False, requests[1]) if seat == 0 else (requests[0], False)
            if not any(piles[p] for p in shape.rows[seat]):  # §7: out, and the winner
                events.append(WentOut(seat))
                turn, passes, winner, ending = None, 0, seat, OUT
            elif not opts.realtime:
                turn, passes = 1 - seat, 0
        elif kind is Fill:
            assert isinstance(move, Fill)
            row = shape.rows[seat]
            _move_top(piles, row, seat, move.source, move.target, events)
        elif kind is SpitRequest:
            moved = False
            requests = (True, requests[1]) if seat == 0 else (requests[0], True)
            events.append(Requested(seat))
        elif kind is SpitCancel:
            moved = False
            requests = (False, requests[1]) if seat == 0 else (requests[0], False)
            events.append(Cancelled(seat))
        else:  # Pass (turn mode)
            events.append(Passed(seat))
            if passes == 0:
                turn, passes = 1 - seat, 1
            else:
                self._spit(piles, shape, events)
                assert opener is not None, "in turn mode someone opened after the last spit"
                opener = 1 - opener  # the first move alternates from spit to spit
                turn, passes = opener, 0
                spits += 1
                if spits >= STALL_SPITS:
                    return self._stall(state, piles, shape, events, state.clock, spits)
        due = (
            self._due(opts, piles, shape, requests, state.spit_due, state.clock, moved)
            if opts.realtime and not ending
            else None
        )
        # Positional on purpose, in this one place: every move builds a state, and keyword
        # arguments cost a 15-field NamedTuple about 8,000 more instructions a call in Python
        # 3.11 (callgrind).  The fields, in order: table, seed, events, options, seats, clock,
        # spit_due, requests, turn, passes, opener, dealer, spits, winner, ending
        # (tests/games/test_spit.py checks them).
        return SpitState(
            Table(shape.layout, tuple(piles), ()), state.seed, tuple(events), opts, SEATS,
            state.clock, due, requests, turn, passes, opener, state.dealer, spits, winner, ending,
        )  # fmt: skip

    def _due(
        self,
        opts: SpitOptions,
        piles: Sequence[tuple[Card, ...]],
        shape: Shape,
        requests: tuple[bool, bool],
        due: int | None,
        now: int,
        moved: bool,
    ) -> int | None:
        """The countdown bookkeeping after a step taken at ``now`` (§6.4)."""
        if (requests[0] or stuck(piles, shape, 0, opts.wrap)) and (
            requests[1] or stuck(piles, shape, 1, opts.wrap)
        ):
            return now + opts.spit_delay if moved or due is None else due
        return None

    def _spit(self, piles: list[tuple[Card, ...]], shape: Shape, events: list[Event]) -> None:
        """Both players spit at once (§6.3); an empty stack first recycles its centre pile."""
        for s in range(SEATS):
            st, ce = shape.stacks[s], shape.centres[s]
            stack = piles[st]
            if not stack and piles[ce]:
                stack = tuple(reversed(piles[ce]))  # the pile's bottom card becomes the top
                piles[ce] = ()
                events.append(Recycled(s, len(stack)))
            if stack:
                card = stack[-1]
                piles[st] = stack[:-1]
                piles[ce] = piles[ce] + (card,)
                events.append(Spat(s, card))
            else:
                piles[st] = stack

    def _stall(
        self,
        state: FullSpit,
        piles: list[tuple[Card, ...]],
        shape: Shape,
        events: list[Event],
        clock: int,
        spits: int,
    ) -> FullSpit:
        """The stall rule (§7): fewer cards left in the row wins; equal is a draw."""
        left = [sum(len(piles[p]) for p in shape.rows[s]) for s in range(SEATS)]
        winner = None if left[0] == left[1] else (0 if left[0] < left[1] else 1)
        events.append(Stalled(spits, winner))
        return state._replace(
            table=Table(shape.layout, tuple(piles), ()),
            events=tuple(events),
            clock=clock,
            spit_due=None,
            requests=_NO_REQUESTS,
            turn=None,
            passes=0,
            spits=spits,
            winner=winner,
            ending=STALL,
        )

    # --- the clock -------------------------------------------------------------------------
    def advance(self, state: FullSpit, now: int) -> FullSpit:
        """Perform every spit due at or before ``now``, each as of its own due time, then set
        the clock to ``now`` (§6.4).  Nothing happens in turn mode."""
        if not state.options.realtime:
            return state
        if now < state.clock:
            raise ValueError(f"cannot advance to {now} ms: the clock already reads {state.clock}")
        events: tuple[Event, ...] = ()
        spat = False
        while not state.ending and state.spit_due is not None and state.spit_due <= now:
            state = self._timed_spit(state, state.spit_due)
            events += state.events
            spat = True
        if spat:  # the events of every spit performed here, in order (core's convention)
            state = state._replace(events=events)
        if state.clock != now:
            state = state._replace(clock=now)
        return state

    def _timed_spit(self, state: FullSpit, at: int) -> FullSpit:
        opts = state.options
        shape = SHAPES[opts.slot_count]
        piles = list(state.table.piles)
        events: list[Event] = []
        self._spit(piles, shape, events)
        spits = state.spits + 1
        if spits >= STALL_SPITS:
            return self._stall(state, piles, shape, events, at, spits)
        # A spit always counts as moving a card, so a countdown never falls due twice at once.
        due = self._due(opts, piles, shape, _NO_REQUESTS, None, at, True)
        return _running(
            Table(shape.layout, tuple(piles), ()),
            state.seed,
            opts,
            state.dealer,
            events=tuple(events),
            clock=at,
            spit_due=due,
            spits=spits,
        )

    # --- the end ---------------------------------------------------------------------------
    def row_counts(self, state: SpitState[Any]) -> tuple[int, int]:
        """Cards left in each seat's row (face up and face down)."""
        return row_counts(state)

    def outcome(self, state: FullSpit) -> Outcome | None:
        if not state.ending:
            return None
        left = self.row_counts(state)
        winner = state.winner
        if state.ending == OUT:
            assert winner is not None, "whoever goes out wins"
            reason = WentOut(winner).text()
            return Outcome.win_for(
                frozenset({winner}), SEATS, reason, left, ending=OUT, measure=CARDS_LEFT
            )
        reason = Stalled(state.spits, state.winner).text()
        return Outcome.from_scores(
            left, reason, higher_wins=False, ending=STALL, measure=CARDS_LEFT
        )

    # --- presentation ----------------------------------------------------------------------
    def present(self, obs: Observation[SeenSpit]) -> TableView:
        return presentation.present(obs)


def _move_top(
    piles: list[tuple[Card, ...]],
    row: tuple[int, ...],
    seat: Seat,
    source: int,
    target: int,
    events: list[Event],
) -> None:
    """Move the top card of slot ``source`` into the empty slot ``target``, then turn up the
    source's new top card."""
    cards = piles[row[source]]
    card = cards[-1]
    piles[row[source]] = cards[:-1]
    piles[row[target]] = (card,)
    events.append(Filled(seat, card, source, target))
    if len(cards) > 1:
        events.append(Flipped(seat, cards[-2], source))


def _auto_fill(
    piles: list[tuple[Card, ...]], shape: Shape, seat: Seat, events: list[Event]
) -> None:
    """§6.2: while there is an empty slot and another of two cards or more, the top card of
    the tallest slot (leftmost if tied) goes to the leftmost empty slot."""
    row = shape.rows[seat]
    while True:
        sizes = [len(piles[p]) for p in row]
        tallest = max(sizes)
        if tallest < 2 or 0 not in sizes:
            return
        _move_top(piles, row, seat, sizes.index(tallest), sizes.index(0), events)


def _player(text: str) -> Seat:
    """A seat written as in the spec: ``P1`` or ``P2``."""
    token = text.strip().upper()
    if token not in ("P1", "P2"):
        raise NotationError(f"{text!r} is not a player (P1 or P2)")
    return int(token[1]) - 1


def _running(
    table: Table,
    seed: int | None,
    options: SpitOptions,
    dealer: Seat,
    *,
    events: tuple[Event, ...] = (),
    clock: int = 0,
    spit_due: int | None = None,
    requests: tuple[bool, bool] = _NO_REQUESTS,
    turn: Seat | None = None,
    passes: int = 0,
    opener: Seat | None = None,
    spits: int = 0,
) -> FullSpit:
    """A state of a game still running (no winner, no ending), built in one place for the
    deal, a position and a timed spit (a move's own state is built in ``perform``)."""
    return SpitState(
        table, seed, events, options, SEATS, clock, spit_due, requests, turn, passes, opener,
        dealer, spits, None, "",
    )  # fmt: skip


__all__ = [
    "ALREADY_REQUESTED", "EMPTY_SLOT", "NOT_ADJACENT", "NOT_YOUR_MOVE", "NO_MANUAL_FILL",
    "NO_REQUEST", "REACTION_MS", "SLOT_NOT_EMPTY", "SOURCE_TOO_SHORT", "WRONG_MODE", "Spit",
    "adjacent_ranks", "deal_packet",
]  # fmt: skip
