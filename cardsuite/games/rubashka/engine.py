"""The rules of Рубашка: the deal, the flip, captures, the end rules and the draw by repetition.

See ``model.py`` for the game in a paragraph and the decisions taken where the spec is silent.

The hot path (``perform``) reads the three piles by their fixed places in this game's own
layout (packet 0, packet 1, the pile): a long Beggar-my-neighbour game flips thousands of
cards, each flip one new state.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from operator import attrgetter
from typing import Any

from cardsuite.core.cards import Card
from cardsuite.core.errors import NotationError, Refusal
from cardsuite.core.events import Event
from cardsuite.core.kernel import card_mask
from cardsuite.core.outcome import Outcome
from cardsuite.core.position import parse_position
from cardsuite.core.protocol import Observation, RulesBase
from cardsuite.core.rng import shuffled
from cardsuite.core.series import Series
from cardsuite.core.table import Layout, PileSpec, Seat, Shown, Table, Visibility
from cardsuite.core.view import TableView
from cardsuite.games.rubashka import GAME
from cardsuite.games.rubashka import present as presentation
from cardsuite.games.rubashka.model import (
    LAST_CARD,
    NO_MEMORY,
    OUT_OF_CARDS,
    PACK,
    PILE,
    REPETITION,
    TRICK_LIMIT,
    TRICK_LIMIT_REACHED,
    Dealt,
    Flip,
    Flipped,
    FullRubashka,
    GameEnded,
    LastCardTaken,
    Memory,
    OutOfCards,
    Pack,
    PileTaken,
    Repetition,
    RubashkaOptions,
    RubashkaOutcome,
    RubashkaState,
    SeenRubashka,
    TrickLimit,
    packet,
    read_deal,
)

LAYOUT = Layout(
    (
        PileSpec(packet(0), 0, Visibility.HIDDEN),
        PileSpec(packet(1), 1, Visibility.HIDDEN),
        PileSpec(PILE, None, Visibility.PUBLIC),
    )
)
_PACKETS = (LAYOUT.positions[packet(0)], LAYOUT.positions[packet(1)])  # where each packet lies
_PILE = LAYOUT.positions[PILE]
_FLIPS = (Flip(0), Flip(1))
_TO_MOVE = (frozenset({0}), frozenset({1}))
_NONE: frozenset[Seat] = frozenset()


@functools.cache
def _classes(pack_name: str) -> tuple[int, ...]:
    """Each card's class by its index (its demand: 0 for a normal card).  Indexed by
    ``card.index``, not keyed by the card: a Card's hash is a Python call, and the
    repetition key reads every card of both packets at each trick."""
    pack = PACK[pack_name]
    classes = [0] * (max(card.index for card in pack.cards) + 1)
    for card in pack.cards:
        classes[card.index] = pack.demand(card)
    return tuple(classes)


_INDEX = attrgetter("index")


@functools.cache
def _deck(mask: int) -> tuple[Card, ...]:
    """The cards of a game from its ``in_play`` mask, in pack order."""
    return tuple(card for card in PACK["beggar-52"].cards if mask >> card.index & 1)


def trick_key(
    classes: tuple[int, ...], leader: Seat, first: tuple[Card, ...], second: tuple[Card, ...]
) -> bytes:
    """The repetition key of §7 as bytes: the leader, then the classes of packet 0 and of
    packet 1, each read bottom to top (the same relation as the spec's key within a game).
    ``classes`` gives each card's class by its index (``_classes``)."""
    of = classes.__getitem__
    return (
        bytes((leader,))
        + bytes(map(of, map(_INDEX, first)))
        + b"\x09"
        + bytes(map(of, map(_INDEX, second)))
    )


@GAME.describes
class Rubashka(RulesBase[FullRubashka, SeenRubashka, Flip]):
    # --- setup ---------------------------------------------------------------------------
    def deck(self, state: RubashkaState[Any]) -> tuple[Card, ...]:
        return _deck(state.in_play)

    def new_game(self, *, seats: int, options: Any = None, seed: int = 0) -> FullRubashka:
        self.check_seats(seats)
        opts: RubashkaOptions = self.resolve_options(options)
        pack = PACK[opts.pack]
        dealer = Series.start(seed=seed, seats=seats).dealer
        packets: list[tuple[Card, ...]] = [(), ()]
        if opts.deal:
            first, second = read_deal(opts.pack, opts.deal)  # top card first
            packets[dealer] = first[::-1]
            packets[1 - dealer] = second[::-1]
        else:
            stock = shuffled(pack.cards, seed, "deal")  # the top card is the last
            seat = 1 - dealer  # the non-dealer first, one card at a time
            while stock:
                packets[seat] += (stock.pop(),)  # each card on top of the packet
                seat = 1 - seat
        table = Table(LAYOUT, (packets[0], packets[1], ()))
        dealt = Dealt(dealer, (len(packets[0]), len(packets[1])), bool(opts.deal))
        dealt_state = RubashkaState(
            table=table,
            seed=seed,
            events=(dealt,),
            options=opts,
            seats=2,
            dealer=dealer,
            to_play=dealer,
            debt=0,
            attacker=None,
            leader=dealer,
            cards_played=0,
            tricks_played=0,
            in_play=card_mask(packets[0] + packets[1]),
            how="",
            winner=None,
            cycle=None,
            memory=NO_MEMORY,
        )
        return self._start(dealt_state)

    def position(self, text: str, *, options: Any = None, seed: int = 0) -> FullRubashka:
        """A position written as text, for tests and puzzles.

        ``P1`` and ``P2`` are the packets of seats 0 and 1 (``packet.0``, ``packet.1`` work
        too), listed **top card first** (the next card turned first), as the spec and the
        ``deal`` option list them; ``pile`` is the centre pile, oldest card first::

            P1: A♠ 4♦ 9♣     # P1 turns A♠ next
            P2: 6♣
            pile: 7♥          # a trick in progress
            turn: P2
            debt: 1
            attacker: P1

        Only the cards named take part (a partial pack).  Settings:

        * ``dealer: P2`` — the dealer (default P1);
        * ``turn: P2`` — whose flip is next (default: the dealer);
        * ``debt: 2`` and ``attacker: P1`` — a debt in progress (the attacker must be the
          other player; default no debt);
        * ``leader: P1`` — who led the trick in play (default: the attacker when there is a
          debt, else the player to turn);
        * ``cards: 12`` and ``tricks: 3`` — the counters ``cards_played`` and
          ``tricks_played`` so far (default 0).

        The position is checked at once as after any flip: a player to turn with an empty
        packet has lost, and a position with an empty pile starts a trick (its key is the
        first recorded).
        """
        opts: RubashkaOptions = self.resolve_options(options)
        aliases = {"P1": packet(0), "P2": packet(1)}
        given = parse_position(text, LAYOUT, aliases)
        pack = PACK[opts.pack]
        in_pack = frozenset(pack.cards)
        named = [card for cards in given.piles.values() for card in cards]
        for card in named:
            if card not in in_pack:
                raise NotationError(f"{card} is not in the {pack.name} pack")
        if len(set(named)) != len(named):
            raise NotationError("a card is named twice")
        piles = [given.piles.get(packet(s), ())[::-1] for s in (0, 1)]  # bottom first
        pile = given.piles.get(PILE, ())
        dealer = _player(given.setting("dealer") or "P1")
        to_play = _player(given.setting("turn") or f"P{dealer + 1}")
        debt = given.number("debt", 0)
        attacker: Seat | None = (
            _player(given.setting("attacker")) if given.setting("attacker") else None
        )
        if debt < 0:
            raise NotationError("debt: it cannot be negative")
        if debt and attacker != 1 - to_play:
            raise NotationError("attacker: with a debt, the attacker is the player not to turn")
        if not debt:
            attacker = None
        elif not pile:
            raise NotationError("debt: a debt needs cards on the pile")
        default_leader = attacker if debt and attacker is not None else to_play
        leader_text = given.setting("leader")
        leader = default_leader if leader_text is None else _player(leader_text)
        table = Table(LAYOUT, (piles[0], piles[1], pile))
        state = RubashkaState(
            table=table,
            seed=seed,
            events=(),
            options=opts,
            seats=2,
            dealer=dealer,
            to_play=to_play,
            debt=debt,
            attacker=attacker,
            leader=leader,
            cards_played=given.number("cards", 0),
            tricks_played=given.number("tricks", 0),
            in_play=card_mask(named),
            how="",
            winner=None,
            cycle=None,
            memory=NO_MEMORY,
        )
        if pile:
            return self._check_turn(state)
        return self._start(state)

    # --- whose turn, which moves -----------------------------------------------------------
    def to_move(self, state: FullRubashka) -> frozenset[Seat]:
        p = state.to_play
        return _NONE if p is None else _TO_MOVE[p]

    def candidates(self, state: FullRubashka, seat: Seat) -> Iterable[Flip]:
        return (_FLIPS[seat],)

    def legal_moves(self, state: FullRubashka, seat: Seat) -> tuple[Flip, ...]:
        # The same answer as candidates filtered by why_illegal, without the detour.
        return (_FLIPS[seat],) if seat == state.to_play else ()

    def why_illegal(self, state: FullRubashka, move: Flip) -> Refusal | None:
        if move.seat != state.to_play:
            return self.not_your_turn(state, move)
        return None

    def apply(self, state: FullRubashka, move: Flip) -> FullRubashka:
        if move.seat != state.to_play:
            return super().apply(state, move)  # raises with the refusal
        return self.perform(state, move)

    # --- one flip --------------------------------------------------------------------------
    def perform(self, state: FullRubashka, move: Flip) -> FullRubashka:
        p = move.seat  # (apply has checked it is state.to_play)
        table = state.table
        piles = list(table.piles)
        mine = piles[_PACKETS[p]]
        card = mine[-1]
        piles[_PACKETS[p]] = mine[:-1]
        pile = piles[_PILE] + (card,)
        cards_played = state.cards_played + 1
        demand = _classes(state.options.pack)[card.index]
        debt = state.debt
        attacker: Seat | None
        if demand:  # an attack card: a new debt for the opponent (a debt of his cancelled)
            flipped = Flipped(p, card, demand, debt > 0, demand)
            to_play, debt, attacker = 1 - p, demand, p
        elif not debt:  # a normal card on a free turn
            flipped = Flipped(p, card, 0, False, 0)
            to_play, attacker = 1 - p, None
        else:  # a normal card paid towards the debt
            debt -= 1
            flipped = Flipped(p, card, 0, True, debt)
            if not debt:
                return self._paid(state, piles, pile, card, flipped, cards_played)
            to_play, attacker = p, state.attacker  # he pays on
        piles[_PILE] = pile
        # Positional on purpose, in this one place: every flip builds a state, and keyword
        # arguments cost a 17-field NamedTuple 8,000 more instructions a call in Python 3.11
        # (callgrind), a sixth of a flip.  The fields, in order: table, seed, events, options,
        # seats, dealer, to_play, debt, attacker, leader, cards_played, tricks_played,
        # in_play, how, winner, cycle, memory (tests/games/test_rubashka.py checks them).
        return self._check_turn(
            RubashkaState(
                Table(LAYOUT, tuple(piles)), state.seed, (flipped,), state.options, 2,
                state.dealer, to_play, debt, attacker, state.leader, cards_played,
                state.tricks_played, state.in_play, "", None, None, state.memory,
            )
        )  # fmt: skip

    def _paid(
        self,
        state: FullRubashka,
        piles: list[tuple[Card, ...]],
        pile: tuple[Card, ...],
        card: Card,
        flipped: Flipped,
        cards_played: int,
    ) -> FullRubashka:
        """Paid in full: the attacker takes the pile under his packet, oldest card first."""
        winner = state.attacker
        assert winner is not None, "a debt is owed to the attacker"
        piles[_PACKETS[winner]] = pile[::-1] + piles[_PACKETS[winner]]
        piles[_PILE] = ()
        # The last card paid went from the packet to the pile and on under the winner's
        # packet in one move: it is shown there for this step, so the table shows what the
        # log tells (the next flip drops the fact).
        table = Table(LAYOUT, tuple(piles), (Shown(packet(winner), card),))
        events: tuple[Event, ...] = (flipped, PileTaken(winner, pile))
        tricks = state.tricks_played + 1
        if not piles[_PACKETS[1 - winner]]:  # §7: the capture took the opponent's last card
            return self._end(
                table, state, events + (LastCardTaken(winner),), cards_played, tricks,
                LAST_CARD, winner,
            )  # fmt: skip
        taken = state._replace(
            table=table,
            events=events,
            to_play=winner,
            debt=0,
            attacker=None,
            leader=winner,
            cards_played=cards_played,
            tricks_played=tricks,
        )
        return self._start(taken)

    def _check_turn(self, state: FullRubashka) -> FullRubashka:
        """§6 Immediate end (a): the player to turn has no card: he has lost, and his
        opponent takes the pile (the award counts as a trick)."""
        p = state.to_play
        assert p is not None, "a game in play has a player to turn"
        if state.table.piles[_PACKETS[p]]:
            return state
        winner = 1 - p
        piles = list(state.table.piles)
        pile = piles[_PILE]
        tricks = state.tricks_played
        events = state.events
        if pile:  # (a position may leave a player without cards before any flip)
            piles[_PACKETS[winner]] = pile[::-1] + piles[_PACKETS[winner]]
            piles[_PILE] = ()
            tricks += 1
            events += (PileTaken(winner, pile),)
        events += (OutOfCards(p, state.debt),)
        return self._end(
            Table(LAYOUT, tuple(piles)), state, events, state.cards_played, tricks,
            OUT_OF_CARDS, winner,
        )  # fmt: skip

    def _start(self, state: FullRubashka) -> FullRubashka:
        """A new trick starts (the pile is empty): (a) a leader without cards has lost; else
        record the key of §7, a draw at once if it was recorded before; then the backstop."""
        table, events, memory = state.table, state.events, state.memory
        cards_played, tricks_played = state.cards_played, state.tricks_played
        held = table.piles[_PACKETS[0]], table.piles[_PACKETS[1]]
        assert state.to_play is not None, "a trick starts with a player to turn"
        if not held[state.to_play]:
            return self._check_turn(state)
        key = trick_key(_classes(state.options.pack), state.leader, held[0], held[1])
        if key in memory.seen:
            start = memory.keys.index(key)
            cycle = (start, tricks_played - start, cards_played - memory.starts[start])
            return self._end(
                table, state, events + (Repetition(*cycle),), cards_played, tricks_played,
                REPETITION, None, cycle,
            )  # fmt: skip
        memory = Memory(memory.seen | {key}, (*memory.keys, key), (*memory.starts, cards_played))
        if tricks_played >= TRICK_LIMIT:
            return self._end(
                table, state._replace(memory=memory), events + (TrickLimit(),), cards_played,
                tricks_played, TRICK_LIMIT_REACHED, None,
            )  # fmt: skip
        return state._replace(memory=memory)

    def _end(
        self,
        table: Table,
        state: FullRubashka,
        events: tuple[Event, ...],
        cards_played: int,
        tricks_played: int,
        how: str,
        winner: Seat | None,
        cycle: tuple[int, int, int] | None = None,
    ) -> FullRubashka:
        """The final state: nobody to play, and every card turned face up (``Shown``)."""
        shown = tuple(Shown(packet(s), card) for s in (0, 1) for card in table.piles[_PACKETS[s]])
        return state._replace(
            table=Table(LAYOUT, table.piles, shown),
            events=events,
            to_play=None,
            debt=0,
            attacker=None,
            cards_played=cards_played,
            tricks_played=tricks_played,
            how=how,
            winner=winner,
            cycle=cycle,
        )

    # --- what a seat sees ------------------------------------------------------------------
    def observe(self, state: FullRubashka, viewer: Seat | None) -> Observation[SeenRubashka]:
        # The keys recorded follow from cards nobody has seen: only the engine keeps them.
        seen = super().observe(state, viewer)
        return Observation(viewer, seen.state._replace(memory=NO_MEMORY))

    # --- the end ---------------------------------------------------------------------------
    def outcome(self, state: FullRubashka) -> Outcome | None:
        if state.to_play is not None:
            return None
        reason = next(e for e in state.events if isinstance(e, GameEnded)).text()
        places = (1, 1) if state.winner is None else (1, 2) if state.winner == 0 else (2, 1)
        cycle = state.cycle
        return RubashkaOutcome(
            places=places,
            reason=reason,
            scores=None,  # win, loss or draw: no points
            ending=state.how,
            cards_played=state.cards_played,
            tricks_played=state.tricks_played,
            cycle_start_trick=cycle[0] if cycle else None,
            cycle_tricks=cycle[1] if cycle else None,
            cycle_cards=cycle[2] if cycle else None,
        )

    # --- presentation ----------------------------------------------------------------------
    def present(self, obs: Observation[SeenRubashka]) -> TableView:
        return presentation.present(obs)

    def pack(self, state: RubashkaState[Any]) -> Pack:
        return PACK[state.options.pack]


def _player(text: str | None) -> Seat:
    token = (text or "").strip().upper()
    if token in ("P1", "0", "D"):
        return 0
    if token in ("P2", "1", "N"):
        return 1
    raise NotationError(f"{text!r} is not a player (P1 or P2)")


RUBASHKA = Rubashka()
