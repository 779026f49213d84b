"""The rules of Seven Up: the deal, begging, the tricks, the points, and the end.

See ``model.py`` for the game in a paragraph and the decisions taken where the spec is silent.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from cardsuite.core.cards import JACK, SUITS, Card, Suit, standard_deck
from cardsuite.core.errors import NOT_NOW, NotationError, OptionsError, Refusal
from cardsuite.core.events import Event
from cardsuite.core.outcome import Outcome
from cardsuite.core.position import (
    lay_out,
    parse_position,
    position_keys,
    seats_named,
    suit_from_text,
)
from cardsuite.core.position import seat_from_text as _player
from cardsuite.core.position import whole_number as _number
from cardsuite.core.protocol import Observation, RulesBase
from cardsuite.core.rng import shuffled
from cardsuite.core.series import DealResult, NextDeal, Series, deal_over_refusal, next_deal_refusal
from cardsuite.core.states import Working, fresh
from cardsuite.core.table import Layout, PileSpec, Seat, Table, TableEdit, Visibility
from cardsuite.core.text import say
from cardsuite.core.text import seat as who
from cardsuite.core.tricks import (
    MUST_FOLLOW_OR_TRUMP,
    Played,
    by_card_index,
    play_moves,
    play_to_trick,
    playable,
    refusal,
    suit_led,
    winning_play,
    with_voids,
)
from cardsuite.core.view import TableView
from cardsuite.games.seven_up import GAME
from cardsuite.games.seven_up import present as presentation
from cardsuite.games.seven_up.model import (
    CHIPS,
    CHIPS_LEFT,
    DEALER,
    DISCARD,
    DONE,
    ELDEST,
    FOLLOW,
    GAME_POINTS,
    GIVE,
    HAND_SIZE,
    PACKET,
    PLAY,
    STAND,
    STOCK,
    TRICK,
    TURNUP,
    VOID,
    Beg,
    Begged,
    DealOver,
    Dealt,
    Discard,
    Discarded,
    FullSevenUp,
    GameScored,
    GameTied,
    Gave,
    Give,
    HighScored,
    JackScored,
    LowScored,
    NoTrumpsInPlay,
    PlayCard,
    PointGiven,
    Ran,
    Redeal,
    Run,
    Scored,
    SeenSevenUp,
    SetAside,
    SevenUpMove,
    SevenUpOptions,
    SevenUpState,
    Stand,
    Stood,
    TrickScored,
    TrickTaken,
    TurnedUp,
    TurnUpJackScored,
    VoidDeal,
    WentOut,
    discard,
    hand,
    party_of,
    won,
)

AnySevenUpMove = SevenUpMove | NextDeal

# Refusal codes (seven-up.md §11 s1 names the first, core.tricks the rule).
MUST_FOLLOW = MUST_FOLLOW_OR_TRUMP
CARD_NOT_HELD = "CardNotHeld"
CANNOT_GIVE = "CannotGive"

_DECK = standard_deck()
_NO_SEATS: frozenset[Seat] = frozenset()


def party_count(options: SevenUpOptions, seats: int) -> int:
    return 2 if options.partnerships else seats


def party_text(options: SevenUpOptions, party: int) -> str:
    """A party in words: "{s0}", or "{s0} and {s2}" for a side."""
    if options.partnerships:
        return say("{a} and {b}", a=who(party), b=who(party + 2))
    return who(party)


def game_points(cards: Iterable[Card]) -> int:
    return sum(GAME_POINTS.get(card.rank, 0) for card in cards)


class _Work(Working[FullSevenUp], state=SevenUpState, lists=("chips", "deal_points")):
    """A state being changed by one move outside the hot path: scores, the end, the deal.

    Points are scored one at a time; :meth:`point` returns True when the scorer's party has
    put in its last chip, and the caller stops at once (§7).
    """

    __slots__ = (
        "chips", "deal_points", "events", "jack_taker", "leader", "options", "phase",
        "plays", "seats", "seed", "series", "table", "taker", "trumps", "turn", "voids",
    )  # fmt: skip

    def __init__(self, state: FullSevenUp, table: TableEdit, events: list[Event]) -> None:
        self.table = table
        self.events = events
        self.seed = state.seed
        self.options = state.options
        self.seats = state.seats
        self.series = state.series
        self.phase = state.phase
        self.turn = state.turn
        self.leader = state.leader
        self.taker = state.taker
        self.trumps = state.trumps
        self.chips = list(state.chips)
        self.deal_points = list(state.deal_points)
        self.plays = state.plays
        self.jack_taker = state.jack_taker
        self.voids = state.voids

    def point(self, seat: Seat, make: Callable[[Seat, int], Scored]) -> bool:
        """One point for ``seat``'s party, logged as ``make(seat, chips left)``; True when
        that was its last chip (the game is over)."""
        p = party_of(self.options, seat)
        self.chips[p] -= 1
        self.deal_points[p] += 1
        self.events.append(make(seat, self.chips[p]))
        if self.chips[p] > 0:
            return False
        self.win(seat)
        return True

    def win(self, seat: Seat) -> None:
        """``seat``'s party has put in its last chip: the game ends now."""
        p = party_of(self.options, seat)
        went_out = WentOut(p, p + 2) if self.options.partnerships else WentOut(seat)
        self.events.append(went_out)
        self.series = self.series.ended(
            DealResult(self.series.dealer, self.seat_scores(), went_out.text(), "last-chip"),
            match_over=True,
        )
        self.phase = DONE
        self.turn = None

    def seat_scores(self) -> tuple[int, ...]:
        return tuple(self.deal_points[party_of(self.options, s)] for s in range(self.seats))

    def freeze(self) -> FullSevenUp:
        return self.frozen(self.table.freeze(), tuple(self.events))


@GAME.describes
class SevenUp(RulesBase[FullSevenUp, SeenSevenUp, AnySevenUpMove]):
    def __init__(self) -> None:
        self._layouts: dict[tuple[int, bool, bool], Layout] = {}
        self._to_move = tuple(frozenset({s}) for s in range(4))
        # Moves and the events of plain plays are values: each is made once and shared.
        # Read as [seat][card.index] (core.tricks.by_card_index).
        self._plays = play_moves(4)
        self._discards = by_card_index(4, Discard)
        self._played = by_card_index(4, lambda s, card: (Played(s, card),))
        self._pairs = by_card_index(4, lambda s, card: (s, card))
        self._taken: dict[tuple[Seat, int], TrickTaken] = {}
        self._trick_points: dict[tuple[Seat, int], Scored] = {}
        self._stand = tuple(Stand(s) for s in range(4))
        self._beg = tuple(Beg(s) for s in range(4))
        self._give = tuple(Give(s) for s in range(4))
        self._run = tuple(Run(s) for s in range(4))
        self._redeal = tuple(Redeal(s) for s in range(4))
        self._next = tuple(NextDeal(s) for s in range(4))
        self._jacks = {suit: Card(JACK, suit) for suit in SUITS}

    # --- setup ---------------------------------------------------------------------------
    def layout(self, seats: int, options: SevenUpOptions) -> Layout:
        key = (seats, options.partnerships, options.begging)
        layout = self._layouts.get(key)
        if layout is None:
            specs = [
                PileSpec(STOCK, None, Visibility.HIDDEN),
                PileSpec(TURNUP),
                PileSpec(TRICK),
            ]
            specs += [PileSpec(hand(s), s, Visibility.OWNER) for s in range(seats)]
            # Won tricks: every card in them was played face up and is on the public record
            # of plays, so they are public (drawn face down, as a count; see model.py).
            specs += [PileSpec(won(p)) for p in range(party_count(options, seats))]
            if options.begging:
                specs += [PileSpec(discard(s), s, Visibility.OWNER) for s in range(seats)]
            layout = self._layouts[key] = Layout(specs)
        return layout

    def deck(self, state: SevenUpState[Any]) -> tuple[Card, ...]:
        return _DECK

    def sides(self, state: SevenUpState[Any]) -> tuple[frozenset[Seat], ...]:
        if state.options.partnerships:
            return (frozenset({0, 2}), frozenset({1, 3}))
        return tuple(frozenset({s}) for s in range(state.seats))

    def check_options(self, seats: int, options: SevenUpOptions) -> None:
        self.check_seats(seats)
        if options.partnerships and seats != 4:
            raise OptionsError(
                say("partnerships need 4 players (two sides sitting opposite), not {n}", n=seats)
            )

    def new_game(self, *, seats: int, options: Any = None, seed: int = 0) -> FullSevenUp:
        opts: SevenUpOptions = self.resolve_options(options)
        self.check_options(seats, opts)
        series = Series.start(seed=seed, seats=seats, deals=0)
        parties = party_count(opts, seats)
        blank = self._blank(seats, opts, seed, series, (CHIPS,) * parties)
        return self._deal(blank, series, voids=0, events=[], keep_points=False)

    def _blank(
        self,
        seats: int,
        options: SevenUpOptions,
        seed: int | None,
        series: Series,
        chips: tuple[int, ...],
    ) -> FullSevenUp:
        layout = self.layout(seats, options)
        table = Table(layout, tuple(() for _spec in layout.specs), ())
        return fresh(SevenUpState, table, seed, options, seats)._replace(
            series=series, phase=DONE, chips=chips, deal_points=(0,) * len(chips)
        )

    def _deal(
        self,
        state: FullSevenUp,
        series: Series,
        *,
        voids: int,
        events: list[Event],
        keep_points: bool,
    ) -> FullSevenUp:
        """Shuffle and deal (§5): 3 + 3 cards each from the dealer's left, then the turn-up."""
        assert state.seed is not None, "an observation cannot be played on"
        seats = state.seats
        opts = state.options
        stock = shuffled(_DECK, state.seed, "deal", series.number, voids)  # top = end
        dealer = series.dealer
        hands: list[list[Card]] = [[] for _s in range(seats)]
        for _round in range(HAND_SIZE // PACKET):
            for i in range(1, seats + 1):  # a packet of three from the top, the top card first
                hands[(dealer + i) % seats] += stock[-PACKET:][::-1]
                del stock[-PACKET:]
        turned = stock.pop()
        layout = self.layout(seats, opts)
        contents = {STOCK: tuple(stock), TURNUP: (turned,)}
        for s in range(seats):
            contents[hand(s)] = tuple(hands[s])
        table = Table(layout, tuple(contents.get(spec.id, ()) for spec in layout.specs), ())
        events.append(Dealt(dealer, series.number + 1))
        events.append(TurnedUp(dealer, turned))
        if opts.begging:
            phase, turn = STAND, (dealer + 1) % seats
        else:
            phase, turn = PLAY, self.first_leader(opts, dealer, seats)
        dealt = state._replace(
            table=table,
            events=tuple(events),
            series=series,
            phase=phase,
            turn=turn,
            leader=None,
            taker=None,
            trumps=turned.suit,
            deal_points=state.deal_points if keep_points else (0,) * len(state.chips),
            plays=(),
            jack_taker=None,
            voids=voids,
        )
        if turned.rank != JACK:
            return dealt
        work = _Work(dealt, table.edit(), events)
        work.point(dealer, partial(TurnUpJackScored, card=turned))
        return work.freeze()

    def first_leader(self, options: SevenUpOptions, dealer: Seat, seats: int) -> Seat:
        return dealer if options.first_lead == DEALER else (dealer + 1) % seats

    def position(self, text: str, *, options: Any = None, seed: int = 0) -> FullSevenUp:
        """A position written as text, for tests and puzzles.

        Hands by player, cards bottom first.  ``P1`` … ``P4`` are seats 0 … 3 and ``D`` is the
        dealer's hand (by default the last seat, so ``P1`` sits on the dealer's left, as the
        spec numbers players)::

            P1: 5♠ 9♦ K♣
            P2: 9♠ 3♥ K♣
            D: Q♥ 2♥ 4♦
            turnup: 7♥            the turn-up (trumps: its suit, unless ``trumps:`` says)
            trick: 5♠             the trick in progress, in the order played
            leader: P1            who led it (default: the player to lead first)

        Other piles: ``stock`` (the undealt pack: every card not named goes there),
        ``won.P1`` … (tricks already won; ``won.0``/``won.1`` per side with partnerships),
        ``discard.0`` … (begging).  Other settings: ``players: 3`` (default: from the
        hands named), ``dealer: P2`` (default: the last seat), ``trumps: ♥`` (default: the
        turn-up's suit; without a turn-up, a card of that suit is turned from the stock),
        ``turn: P2`` (default: the next to play), ``chips: 2 1`` (chips left per player, or
        per side, in seat order; default 7 each), ``phase: play|stand|give|discard``.
        High, Low and Jack count only the plays made from the position on.
        """
        opts: SevenUpOptions = self.resolve_options(options)
        # A first look at the keys: the number of players and the dealer name the piles.
        settings = position_keys(text)
        seats = seats_named(settings)
        self.check_options(seats, opts)
        dealer = _player(settings["dealer"], seats) if "dealer" in settings else seats - 1
        layout = self.layout(seats, opts)
        aliases = {f"P{s + 1}": hand(s) for s in range(seats)}
        aliases["D"] = hand(dealer)
        for s in range(seats):
            aliases[f"won.P{s + 1}"] = won(party_of(opts, s))
        given = parse_position(text, layout, aliases)
        table = lay_out(layout, _DECK, given.piles, rest=STOCK, seed=seed)
        trumps_text = given.setting("trumps")
        trumps = suit_from_text(trumps_text) if trumps_text else None
        edit = table.edit()
        if not edit[TURNUP]:
            stock = edit[STOCK]
            pick = next((c for c in reversed(stock) if trumps is None or c.suit is trumps), None)
            if pick is None:
                raise NotationError("no card left to turn up")
            edit.remove(STOCK, pick)
            edit.add(TURNUP, pick)
        top = edit[TURNUP][-1]
        trumps = trumps or top.suit
        trick = edit[TRICK]
        if len(trick) >= seats:
            raise NotationError("a trick in progress holds fewer cards than there are players")
        first = self.first_leader(opts, dealer, seats)
        leader: Seat | None = (
            _player(given.settings["leader"], seats, dealer)
            if "leader" in given.settings
            else first
        )
        if not trick and "leader" not in given.settings:
            leader = None
        phases = {"play": PLAY, "stand": STAND, "give": GIVE, "discard": DISCARD}
        phase_text = given.setting("phase", "play") or "play"
        if phase_text not in phases:
            raise NotationError(f"phase: {phase_text!r} must be play, stand, give or discard")
        phase = phases[phase_text]
        default_turn = {
            PLAY: first if leader is None else (leader + len(trick)) % seats,
            STAND: (dealer + 1) % seats,
            GIVE: dealer,
            DISCARD: (dealer + 1) % seats,
        }[phase]
        turn = (
            _player(given.settings["turn"], seats, dealer)
            if "turn" in given.settings
            else default_turn
        )
        parties = party_count(opts, seats)
        chips_text = given.setting("chips")
        chips = (CHIPS,) * parties
        if chips_text:
            chips = tuple(_number(t, "chips") for t in chips_text.split())
            if len(chips) != parties or not all(0 < c <= CHIPS for c in chips):
                raise NotationError(f"chips: give {parties} numbers from 1 to {CHIPS}")
        if phase is PLAY:
            sizes = (
                {
                    len(edit[hand((leader + i) % seats)]) + (1 if i < len(trick) else 0)
                    for i in range(seats)
                }
                if leader is not None
                else {len(edit[hand(s)]) for s in range(seats)}
            )
            if len(sizes) != 1 or 0 in sizes:
                raise NotationError("hands do not fit the trick: everyone plays one card a trick")
        blank = self._blank(seats, opts, seed, Series(0, 0, dealer), chips)
        return blank._replace(
            table=edit.freeze(), phase=phase, turn=turn, leader=leader, trumps=trumps
        )

    # --- whose turn, which moves -----------------------------------------------------------
    def to_move(self, state: FullSevenUp) -> frozenset[Seat]:
        if state.turn is not None:
            return self._to_move[state.turn]
        if state.series.between:
            return self._to_move[state.series.next_dealer(state.seats)]
        return _NO_SEATS

    def candidates(self, state: FullSevenUp, seat: Seat) -> Iterable[AnySevenUpMove]:
        yield self._next[seat]
        yield self._stand[seat]
        yield self._beg[seat]
        yield self._give[seat]
        yield self._run[seat]
        yield self._redeal[seat]
        held = state.table.cards(hand(seat))
        plays = self._plays[seat]
        for card in held:
            yield plays[card.index]
        discards = self._discards[seat]
        for card in held:
            yield discards[card.index]

    def legal_moves(self, state: FullSevenUp, seat: Seat) -> tuple[AnySevenUpMove, ...]:
        # The same answers, in the same order, as filtering candidates() through
        # why_illegal(), computed directly: a random playout asks at every step.
        legal: tuple[AnySevenUpMove, ...]
        phase = state.phase
        if seat != state.turn:
            if state.series.between and seat == state.series.next_dealer(state.seats):
                legal = (self._next[seat],)
            else:
                legal = ()
        elif phase is PLAY:
            table = state.table
            led = suit_led(table.cards(TRICK), state.taker is not None)
            plays = self._plays[seat]
            cards = playable(table.cards(hand(seat)), led, state.trumps, FOLLOW)
            legal = tuple([plays[card.index] for card in cards])
        elif phase is STAND:
            legal = (self._stand[seat], self._beg[seat])
        elif phase is GIVE:
            if state.chips[party_of(state.options, (seat + 1) % state.seats)] > 1:
                legal = (self._give[seat], self._run[seat])
            else:
                legal = (self._run[seat],)
        elif phase is VOID:
            legal = (self._redeal[seat],)
        else:
            discards = self._discards[seat]
            legal = tuple([discards[card.index] for card in state.table.cards(hand(seat))])
        self.remember_legal(state, legal)  # apply() need not judge them again
        return legal

    def _led(self, state: FullSevenUp) -> Suit | None:
        """The suit the next card answers (§6.1); None for a lead (core.tricks.suit_led)."""
        return suit_led(state.table.cards(TRICK), state.taker is not None)

    # --- the one legality check ----------------------------------------------------------
    def why_illegal(self, state: FullSevenUp, move: AnySevenUpMove) -> Refusal | None:
        seat = move.seat
        kind = type(move)
        if kind is NextDeal:
            series = state.series
            dealer = series.next_dealer(state.seats)
            return next_deal_refusal(series, seat, dealer, game_over=state.phase is DONE)
        if state.phase is DONE:
            return deal_over_refusal(
                state.series,
                state.series.next_dealer(state.seats),
                between=Refusal(
                    NOT_NOW, say("the deal is over: the next dealer deals the next hand")
                ),
            )
        if seat != state.turn:
            return self.not_your_turn(state, move)
        phase = state.phase
        if kind is PlayCard:
            assert isinstance(move, PlayCard)
            if phase is not PLAY:
                return self._not_now(state)
            card = move.card
            held = state.table.cards(hand(seat))
            if card not in held:
                return Refusal(CARD_NOT_HELD, say("you do not hold {card}", card=card))
            return refusal(card, held, self._led(state), state.trumps, FOLLOW)
        if kind is Stand or kind is Beg:
            return None if phase is STAND else self._not_now(state)
        if kind is Give or kind is Run:
            if phase is not GIVE:
                return self._not_now(state)
            beggar = (state.dealer + 1) % state.seats
            if kind is Give and state.chips[party_of(state.options, beggar)] <= 1:
                return Refusal(
                    CANNOT_GIVE,
                    say(
                        "giving a point would put {who} out: the dealer must run the cards",
                        who=who(beggar),
                    ),
                )
            return None
        if kind is Redeal:
            return None if phase is VOID else self._not_now(state)
        if kind is Discard:
            assert isinstance(move, Discard)
            if phase is not DISCARD:
                return self._not_now(state)
            if move.card not in state.table.cards(hand(seat)):
                return Refusal(CARD_NOT_HELD, say("you do not hold {card}", card=move.card))
            return None
        return Refusal(NOT_NOW, say("that is not a move of this game"))

    def _not_now(self, state: FullSevenUp) -> Refusal:
        phase = state.phase
        if phase is PLAY:
            text = say("now is the time to play a card to the trick")
        elif phase is STAND:
            text = say("the player on the dealer's left must first stand or beg")
        elif phase is GIVE:
            text = say("the dealer must first give a point or run the cards")
        elif phase is VOID:
            text = say("the deal is void: the dealer must gather the cards and deal again")
        else:
            text = say("the players must first discard down to six cards")
        return Refusal(NOT_NOW, text)

    # --- applying a legal move -------------------------------------------------------------
    def perform(self, state: FullSevenUp, move: AnySevenUpMove) -> FullSevenUp:
        kind = type(move)
        if kind is PlayCard:
            assert isinstance(move, PlayCard)
            return self._perform_play(state, move.seat, move.card)
        if kind is NextDeal:
            series = state.series.next(state.seats)
            return self._deal(state, series, voids=0, events=[], keep_points=False)
        if kind is Redeal:
            return self._deal(
                state, state.series, voids=state.voids + 1, events=[], keep_points=True
            )
        table = state.table.edit()
        events: list[Event] = []
        work = _Work(state, table, events)
        seat = move.seat
        seats = state.seats
        if kind is Stand:
            events.append(Stood(seat))
            work.phase, work.turn = PLAY, self.first_leader(state.options, state.dealer, seats)
        elif kind is Beg:
            events.append(Begged(seat))
            work.phase, work.turn = GIVE, state.dealer
        elif kind is Give:
            events.append(Gave(seat))
            work.phase, work.turn = PLAY, self.first_leader(state.options, state.dealer, seats)
            work.point((seat + 1) % seats, PointGiven)
        elif kind is Run:
            events.append(Ran(seat))
            return self._run_cards(state, work)
        else:
            assert isinstance(move, Discard)
            table.move(hand(seat), discard(seat), move.card)
            events.append(Discarded(seat, move.card))
            nxt = seat
            while len(table[hand(nxt)]) <= HAND_SIZE:
                nxt = (nxt + 1) % seats
                if nxt == (state.dealer + 1) % seats:
                    work.phase = PLAY
                    nxt = self.first_leader(state.options, state.dealer, seats)
                    break
            work.turn = nxt
        return work.freeze()

    def _run_cards(self, state: FullSevenUp, work: _Work) -> FullSevenUp:
        """Running the cards (§8): 3 more each and a new turn-up, repeated while the turn-up
        is of the old trump suit; a pack too short for a step makes the deal void."""
        table = work.table
        seats = state.seats
        dealer = state.dealer
        old = state.trumps
        while True:
            if len(table[STOCK]) < PACKET * seats + 1:
                work.events.append(VoidDeal(dealer))
                work.phase, work.turn = VOID, dealer
                return work.freeze()
            for i in range(1, seats + 1):
                table.add(hand((dealer + i) % seats), *reversed(table.take_top(STOCK, PACKET)))
            card = table.take_top(STOCK)[0]
            table.add(TURNUP, card)
            if card.suit is old:
                work.events.append(SetAside(card))
                continue
            work.events.append(TurnedUp(dealer, card))
            work.trumps = card.suit
            work.phase, work.turn = DISCARD, (dealer + 1) % seats
            if card.rank == JACK:
                work.point(dealer, partial(TurnUpJackScored, card=card))
            return work.freeze()

    def _perform_play(self, state: FullSevenUp, seat: Seat, card: Card) -> FullSevenUp:
        """A card to the trick (§6.1); the trick taken when everyone has played to it."""
        layout = state.table.layout
        positions = layout.positions
        piles = list(state.table.piles)
        seats = state.seats
        taker = state.taker  # the last trick goes to its winner's pile as he leads again
        taken_to = won(party_of(state.options, taker)) if taker is not None else None
        led = suit_led(state.table.cards(TRICK), taker is not None)
        known = with_voids(state.table.known, seat, card, led, state.trumps, FOLLOW)
        trick, leader = play_to_trick(piles, positions, seat, card, state.leader, taken_to)
        plays = state.plays + (self._pairs[seat][card.index],)
        if len(trick) < seats:
            # The trick goes on: what a play changes (the deal's scores stay).
            return state._replace(
                table=Table(layout, tuple(piles), known),
                events=self._played[seat][card.index],
                turn=(seat + 1) % seats,
                leader=leader,
                taker=None,
                plays=plays,
            )
        # The trick is complete.
        trumps = state.trumps
        opts = state.options
        winner = (leader + winning_play(trick, trumps, opts.order)) % seats
        number = len(plays) // seats
        taken = self._taken.get((winner, number))
        if taken is None:
            taken = self._taken[(winner, number)] = TrickTaken(winner, number)
        jack_taker = state.jack_taker
        if trumps is not None and self._jacks[trumps] in trick:
            jack_taker = winner
        chips = state.chips
        party = party_of(opts, winner)
        played = self._played[seat][card.index][0]
        if piles[positions[hand(winner)]] and (not opts.trick_points or chips[party] > 1):
            # The usual case: the deal goes on and nobody goes out.
            events: tuple[Event, ...] = (played, taken)
            deal_points = state.deal_points
            if opts.trick_points:
                left = chips[party] - 1
                scored = self._trick_points.get((winner, left))
                if scored is None:
                    scored = self._trick_points[(winner, left)] = TrickScored(winner, left)
                events = (*events, scored)
                chips = (*chips[:party], left, *chips[party + 1 :])
                points = deal_points[party] + 1
                deal_points = (*deal_points[:party], points, *deal_points[party + 1 :])
            return state._replace(
                table=Table(layout, tuple(piles), known),
                events=events,
                turn=winner,
                leader=leader,
                taker=winner,
                chips=chips,
                deal_points=deal_points,
                plays=plays,
                jack_taker=jack_taker,
            )
        table = TableEdit(layout, piles, known)
        work = _Work(state, table, [played, taken])
        work.plays = plays
        work.leader = leader
        work.taker = winner
        work.turn = winner
        work.jack_taker = jack_taker
        if opts.trick_points and work.point(winner, TrickScored):
            return work.freeze()
        if not table[hand(winner)]:
            self._end_of_deal(state, work)
        return work.freeze()

    def _end_of_deal(self, state: FullSevenUp, work: _Work) -> None:
        """High, Low, Jack and Game, one point at a time, then the deal is over (§6.2)."""
        opts = state.options
        trumps = work.trumps
        order = opts.order
        in_play = [(s, c) for s, c in work.plays if c.suit is trumps]
        nobody = say("nobody")
        high_text = low_text = jack_text = nobody
        if not in_play:
            work.events.append(NoTrumpsInPlay())
        else:
            high = max(in_play, key=lambda sc: order.value(sc[1].rank))
            low = min(in_play, key=lambda sc: order.value(sc[1].rank))
            high_text, low_text = who(high[0]), who(low[0])
            if work.point(high[0], partial(HighScored, card=high[1])):
                return
            if work.point(low[0], partial(LowScored, card=low[1])):
                return
            if work.jack_taker is not None:
                assert trumps is not None
                jack_text = who(work.jack_taker)
                if work.point(work.jack_taker, partial(JackScored, card=self._jacks[trumps])):
                    return
        parties = len(work.chips)
        totals = [game_points(work.table[won(p)]) for p in range(parties)]
        if work.taker is not None:
            totals[party_of(opts, work.taker)] += game_points(work.table[TRICK])
        best = max(totals)
        leaders = [p for p in range(parties) if totals[p] == best]
        game_text = nobody
        if len(leaders) > 1 and opts.game_tie == ELDEST and parties == 2:
            leaders = [1 - party_of(opts, state.dealer)]
        if len(leaders) == 1:
            p = leaders[0]  # party p's first seat is seat p, with or without partnerships
            game_text = party_text(opts, p)
            partner = p + 2 if opts.partnerships else None
            if work.point(p, partial(GameScored, points=best, partner=partner)):
                return
        else:
            work.events.append(GameTied(best))
        number = state.series.number + 1
        work.events.append(DealOver(number))
        note = say(
            "High went to {high}, Low to {low}, Jack to {jack} and Game to {game}.",
            high=high_text,
            low=low_text,
            jack=jack_text,
            game=game_text,
        )
        work.series = work.series.ended(
            DealResult(state.dealer, work.seat_scores(), note, "deal-scored")
        )
        work.phase = DONE
        work.turn = None

    # --- the end -------------------------------------------------------------------------------
    def outcome(self, state: FullSevenUp) -> Outcome | None:
        if not state.over:
            return None
        chips = tuple(state.chips[party_of(state.options, s)] for s in range(state.seats))
        reason = state.series.results[-1].note if state.series.results else say("the game is over")
        sides = self.sides(state)
        return Outcome.from_scores(
            chips, reason, higher_wins=False, sides=sides, ending="last-chip", measure=CHIPS_LEFT
        )

    # --- presentation ----------------------------------------------------------------------
    def present(self, obs: Observation[SeenSevenUp]) -> TableView:
        return presentation.present(obs)


__all__ = [
    "CANNOT_GIVE", "CARD_NOT_HELD", "MUST_FOLLOW", "NOT_NOW", "AnySevenUpMove", "SevenUp",
    "game_points", "party_of",
]  # fmt: skip
