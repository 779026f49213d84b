"""The rules of Snip Snap Snorem: the deal, whose turn, the legal plays, applying them, the end.

See ``model.py`` for the game in a paragraph and the decisions taken where the spec is silent.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from itertools import combinations
from operator import attrgetter
from typing import Any

from cardsuite.core.cards import Card, standard_deck
from cardsuite.core.errors import NOT_A_MOVE, NotationError, Refusal
from cardsuite.core.events import Event
from cardsuite.core.moves import Pass
from cardsuite.core.outcome import Outcome
from cardsuite.core.position import lay_out, parse_position, whole_number
from cardsuite.core.position import seat_from_text as _player
from cardsuite.core.protocol import Observation, RulesBase
from cardsuite.core.rng import shuffled
from cardsuite.core.series import Series
from cardsuite.core.states import fresh
from cardsuite.core.table import Layout, PileId, PileSpec, Seat, Table, Visibility
from cardsuite.core.text import ranks_word, say
from cardsuite.core.view import TableView
from cardsuite.games.snip_snap_snorem import GAME
from cardsuite.games.snip_snap_snorem import present as presentation
from cardsuite.games.snip_snap_snorem.model import (
    DONE,
    EMPTY_HAND,
    MAX_SEATS,
    ROUND,
    SET,
    Dealt,
    EmptyHandWins,
    FullSnip,
    Passed,
    Play,
    Played,
    RoundDone,
    SeenSnip,
    SnipMove,
    SnipOptions,
    SnipState,
    cards_left,
    end_text,
    hand,
    hand_order,
)

# Refusal codes (spec §6.2: NOT_IN_HAND, MUST_LEAD, MUST_MATCH, WRONG_RANK, ONE_CARD_ONLY,
# MIXED_RANKS; NOT_YOUR_TURN and GAME_OVER are core's).
NOT_IN_HAND = "NotInHand"
MUST_LEAD = "MustLead"
MUST_MATCH = "MustMatch"
WRONG_RANK = "WrongRank"
ONE_CARD_ONLY = "OneCardOnly"
MIXED_RANKS = "MixedRanks"

_DECK = standard_deck()
_INDEX = attrgetter("index")
_ORDER = {card: i for i, card in enumerate(sorted(_DECK, key=hand_order))}


@GAME.describes
class SnipSnapSnorem(RulesBase[FullSnip, SeenSnip, SnipMove]):
    def __init__(self) -> None:
        self._layouts: dict[int, Layout] = {}
        self._to_move = [frozenset({s}) for s in range(MAX_SEATS)]
        self._passes = [Pass(s) for s in range(MAX_SEATS)]
        # One-card plays by seat, then card index (a Card's own hash is a Python call);
        # plays of several cards by (seat, cards).
        by_index = sorted(_DECK, key=_INDEX)
        assert [card.index for card in by_index] == list(range(len(_DECK))), "one plain pack"
        self._ones = [[Play(s, (card,)) for card in by_index] for s in range(MAX_SEATS)]
        self._plays: dict[tuple[Seat, tuple[Card, ...]], Play] = {}
        # Every play of a group of equal cards (multi_play), by (seat, group).
        self._subsets: dict[tuple[Seat, tuple[Card, ...]], tuple[Play, ...]] = {}

    # --- setup ---------------------------------------------------------------------------
    def layout(self, seats: int) -> Layout:
        layout = self._layouts.get(seats)
        if layout is None:
            specs = [PileSpec(hand(s), s, Visibility.OWNER) for s in range(seats)]
            specs += [PileSpec(ROUND), PileSpec(DONE)]
            layout = self._layouts[seats] = Layout(specs)
        return layout

    def deck(self, state: SnipState[Any]) -> tuple[Card, ...]:
        return _DECK

    def new_game(self, *, seats: int, options: Any = None, seed: int = 0) -> FullSnip:
        self.check_seats(seats)
        opts: SnipOptions = self.resolve_options(options)
        dealer = Series.start(seed=seed, seats=seats).dealer
        hands: list[list[Card]] = [[] for _ in range(seats)]
        for i, card in enumerate(shuffled(_DECK, seed, "deal")):  # one at a time from seat 1
            hands[(dealer + 1 + i) % seats].append(card)
        piles = tuple(tuple(sorted(h, key=_ORDER.__getitem__)) for h in hands)
        first = (dealer + 1) % seats
        table = Table(self.layout(seats), (*piles, (), ()))
        return fresh(SnipState, table, seed, opts, seats)._replace(
            events=(Dealt(dealer, tuple(len(h) for h in piles)),),
            dealer=dealer,
            turn=first,
            leader=first,
        )

    def position(self, text: str, *, options: Any = None, seed: int = 0) -> FullSnip:
        """A position written as text, for tests, tutorials and puzzles.

        Piles by name, cards bottom first.  ``P1`` … ``P10`` are the hands of seats 0 … 9
        (``hand.0`` … work too; hands are sorted whatever order is written); ``round`` holds
        the cards of the round in progress in the order played (its cards give the round's
        rank); ``done`` the cards set aside::

            P1: 7♣ 7♥ K♠
            P2: 7♦ 7♠ 2♣
            P3: 5♥ 9♦
            round: 7♣
            turn: P2

        Settings:

        * ``players: 4`` — the number of players (default: the highest ``P`` named, at
          least 3);
        * ``turn: P2`` — who acts (default P1); with an empty round he leads;
        * ``leader: P1`` — who led the round in progress (default: ``turn`` when the round
          is empty, else P1);
        * ``dealer: P3`` — the dealer (default: the last player, so that P1 is the spec's
          seat 1);
        * ``rest: done`` (default) puts every card not named into ``done``, as if played in
          earlier rounds; ``rest: none`` leaves them out of the game.

        With ``auto_pass`` on, a ``turn`` player holding no card of the round's rank passes
        at once (the position's events say so), as in play.
        """
        opts: SnipOptions = self.resolve_options(options)
        named = [
            line.split(":", 1)[0].strip()
            for line in text.splitlines()
            if ":" in line.split("#", 1)[0]
        ]
        highest = max(
            (int(key[1:]) for key in named if key[:1] == "P" and key[1:].isdigit()), default=0
        )
        settings = parse_position(text, Layout(()), {}).settings
        seats = whole_number(settings["players"], "players") if "players" in settings else highest
        seats = max(seats, min(self.seat_counts))
        if not 3 <= seats <= MAX_SEATS:
            raise NotationError(f"players: {seats} is not 3 to {MAX_SEATS}")
        layout = self.layout(seats)
        aliases = {f"P{s + 1}": hand(s) for s in range(seats)}
        given = parse_position(text, layout, aliases)
        piles = {name: cards for name, cards in given.piles.items()}
        for s in range(seats):
            piles[hand(s)] = tuple(sorted(piles.get(hand(s), ()), key=_ORDER.__getitem__))
        in_round = piles.get(ROUND, ())
        if len(in_round) >= SET or len({c.rank for c in in_round}) > 1:
            raise NotationError("round: one to three cards of one rank")
        rest = given.setting("rest", DONE)
        if rest not in (DONE, "none"):
            raise NotationError(f"rest: {rest!r} must be done or none")
        table = lay_out(layout, _DECK, piles, rest=DONE if rest == DONE else None, seed=seed)
        turn = _player(given.setting("turn") or "P1", seats)
        rank = in_round[0].rank if in_round else 0
        default_leader = "P1" if in_round else f"P{turn + 1}"
        leader = _player(given.setting("leader") or default_leader, seats)
        dealer = _player(given.setting("dealer") or f"P{seats}", seats)
        events: list[Event] = []
        passed: tuple[Seat, ...] = ()
        if opts.auto_pass and rank:
            piles_now = list(table.piles)
            turn, passed = _pass_on(
                piles_now, table.layout.positions, events, turn, rank, seats, ()
            )
        return fresh(SnipState, table, seed, opts, seats)._replace(
            events=tuple(events), dealer=dealer, turn=turn, rank=rank, leader=leader, passed=passed
        )

    # --- whose turn, which moves -----------------------------------------------------------
    def to_move(self, state: FullSnip) -> frozenset[Seat]:
        if state.turn is None:
            return frozenset()
        return self._to_move[state.turn]

    def _play(self, seat: Seat, cards: tuple[Card, ...]) -> Play:
        if len(cards) == 1:
            return self._ones[seat][cards[0].index]
        move = self._plays.get((seat, cards))
        if move is None:
            move = self._plays[(seat, cards)] = Play(seat, cards)
        return move

    def _group_plays(self, seat: Seat, group: tuple[Card, ...]) -> tuple[Play, ...]:
        """Every play of one or more cards of ``group`` (equal ranks), fewest first."""
        plays = self._subsets.get((seat, group))
        if plays is None:
            plays = self._subsets[(seat, group)] = tuple(
                self._play(seat, cards)
                for k in range(1, len(group) + 1)
                for cards in combinations(group, k)
            )
        return plays

    def candidates(self, state: FullSnip, seat: Seat) -> Iterable[SnipMove]:
        held = state.table.cards(hand(seat))
        groups = list(_groups(held))
        if state.options.multi_play:
            for group in groups:
                yield from self._group_plays(seat, group)
            if len(groups) > 1:  # a mixed lead (refused)
                yield self._play(seat, (groups[0][0], groups[1][0]))
        else:
            for card in held:
                yield self._ones[seat][card.index]
            for group in groups:
                if len(group) > 1:  # several at once (refused)
                    yield self._play(seat, group)
        yield self._passes[seat]

    def legal_moves(self, state: FullSnip, seat: Seat) -> tuple[SnipMove, ...]:
        # The candidates that why_illegal() accepts, in the same order, computed directly.
        if seat != state.turn:
            return ()
        held = state.table.cards(hand(seat))
        rank = state.rank
        legal: tuple[SnipMove, ...]
        if not state.options.multi_play:
            ones = self._ones[seat]
            if not rank:
                legal = tuple(map(ones.__getitem__, map(_INDEX, held)))
            else:
                legal = tuple([ones[c.index] for c in held if c.rank == rank]) or (
                    self._passes[seat],
                )
        elif not rank:
            out: list[SnipMove] = []
            for group in _groups(held):
                out.extend(self._group_plays(seat, group))
            legal = tuple(out)
        else:
            group = tuple([c for c in held if c.rank == rank])
            legal = self._group_plays(seat, group) if group else (self._passes[seat],)
        self.remember_legal(state, legal)  # apply need not judge them again
        return legal

    # --- the one legality check ----------------------------------------------------------
    def why_illegal(self, state: FullSnip, move: SnipMove) -> Refusal | None:
        if move.seat != state.turn:
            return self.not_your_turn(state, move)
        held = state.table.cards(hand(move.seat))
        rank = state.rank
        if move.__class__ is Pass:
            if not rank:
                return Refusal(MUST_LEAD, say("You lead this round: play a card, you cannot pass"))
            for card in held:
                if card.rank == rank:
                    return Refusal(
                        MUST_MATCH,
                        say(
                            "You hold one of the {rank}: you must play it, not pass",
                            rank=ranks_word(rank),
                        ),
                    )
            return None
        if not isinstance(move, Play):
            return Refusal(NOT_A_MOVE, say("That is not a move of this game"))
        cards = move.cards
        if not cards:
            return Refusal(NOT_A_MOVE, say("Name the card you play"))
        for i, card in enumerate(cards):
            if card not in held or card in cards[:i]:
                return Refusal(NOT_IN_HAND, say("{card} is not in your hand", card=_shown(card)))
        if len(cards) > 1 and not state.options.multi_play:
            return Refusal(ONE_CARD_ONLY, say("You play one card per turn, not several at once"))
        if not rank:
            first = cards[0].rank
            for card in cards:
                if card.rank != first:
                    return Refusal(MIXED_RANKS, say("Cards led together must all be of one rank"))
            return None
        for card in cards:
            if card.rank != rank:
                return Refusal(
                    WRONG_RANK,
                    say(
                        "This round is of {rank}: {card} is not one of them",
                        rank=ranks_word(rank),
                        card=card,
                    ),
                )
        return None

    # --- applying a legal move -------------------------------------------------------------
    def perform(self, state: FullSnip, move: SnipMove) -> FullSnip:
        n = state.seats
        p = move.seat
        table = state.table
        piles = list(table.piles)
        at = table.layout.positions
        rank, leader = state.rank, state.leader
        caller, calls = state.caller, state.calls
        turn: Seat | None
        winner: Seat | None = None
        if move.__class__ is Pass:
            events: list[Event] = [Passed(p, rank, False)]
            turn = (p + 1) % n
            passed = (*state.passed, p)
            if state.options.auto_pass:
                turn, passed = _pass_on(piles, at, events, turn, rank, n, passed)
        else:
            assert isinstance(move, Play)
            cards = move.cards
            held, round_at, done_at = at[hand(p)], at[ROUND], at[DONE]
            left = piles[held]
            for card in cards:  # one pack: each card once in the hand
                i = left.index(card)
                left = left[:i] + left[i + 1 :]
            piles[held] = left
            before = piles[round_at]
            first = len(before) + 1
            down = before + cards
            rank = cards[0].rank
            events = [Played(p, cards, first)]
            if len(down) > 1:  # each card after the first calls its number
                caller, calls = p, tuple(range(max(first, 2), len(down) + 1))
            complete = len(down) >= SET
            if complete:  # the fourth card: the round is set aside
                piles[round_at] = ()
                piles[done_at] = piles[done_at] + down
            else:
                piles[round_at] = down
            if first == 1:
                leader = p
            passed = ()
            if not left:  # the last card of his hand: he wins
                events.append(EmptyHandWins(p, tuple(len(piles[at[hand(s)]]) for s in range(n))))
                turn, winner = None, p
            elif complete:  # who played the fourth card leads the next round
                events.append(RoundDone(p, rank))
                turn, rank, leader = p, 0, p
            else:
                turn = (p + 1) % n
                if state.options.auto_pass:
                    turn, passed = _pass_on(piles, at, events, turn, rank, n, passed)
        # Positional on purpose, in this one place: every move builds a state, and keyword
        # arguments cost a NamedTuple of 13 fields thousands of instructions a call in Python
        # 3.11 (callgrind), an eighth of a move.  The fields, in order: table, seed, events,
        # options, seats, dealer, turn, rank, leader, passed, caller, calls, winner
        # (tests/games/test_snip_snap_snorem.py checks them).
        return SnipState(
            Table(table.layout, tuple(piles), table.known), state.seed, tuple(events),
            state.options, n, state.dealer, turn, rank, leader, passed, caller, calls, winner,
        )  # fmt: skip

    # --- the end -------------------------------------------------------------------------------
    def cards_left(self, state: SnipState[Any]) -> tuple[int, ...]:
        """Cards in each seat's hand."""
        return cards_left(state)

    def outcome(self, state: FullSnip) -> Outcome | None:
        if state.winner is None:
            return None
        reason = end_text(state.winner, self.cards_left(state))
        return Outcome.win_for(frozenset({state.winner}), state.seats, reason, ending=EMPTY_HAND)

    # --- presentation ----------------------------------------------------------------------
    def present(self, obs: Observation[SeenSnip]) -> TableView:
        return presentation.present(obs)


# --- helpers -------------------------------------------------------------------------------


def _pass_on(
    piles: list[tuple[Card, ...]],
    at: Mapping[PileId, int],
    events: list[Event],
    turn: Seat,
    rank: int,
    n: int,
    passed: tuple[Seat, ...],
) -> tuple[Seat, tuple[Seat, ...]]:
    """``auto_pass``: from ``turn`` on, every player holding no card of ``rank`` passes (at
    most one lap: someone holds the rank in every real game).  The seat the turn rests on,
    and who passed since the last card."""
    for _lap in range(n):
        for card in piles[at[hand(turn)]]:
            if card.rank == rank:
                return turn, passed
        events.append(Passed(turn, rank, True))
        passed = (*passed, turn)
        turn = (turn + 1) % n
    return turn, passed


def _groups(held: tuple[Card, ...]) -> Iterator[tuple[Card, ...]]:
    """The runs of equal ranks of a sorted hand, in hand order."""
    start = 0
    for i in range(1, len(held) + 1):
        if i == len(held) or held[i].rank != held[start].rank:
            yield held[start:i]
            start = i


def _shown(card: object) -> str:
    return str(card) if isinstance(card, Card) else repr(card)


SNIP_SNAP_SNOREM = SnipSnapSnorem()
