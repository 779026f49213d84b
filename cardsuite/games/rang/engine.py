"""The rules of Rang: the deal, whose turn, the legal moves, applying them, and the end.

See ``model.py`` for the game in a paragraph and the decisions taken where the spec is silent.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from cardsuite.core.cards import (
    ACE,
    ACE_LOW_WRAP,
    JOKER,
    KING,
    RANKS,
    Card,
    parse_rank,
    rank_index,
    several,
    standard_deck,
)
from cardsuite.core.errors import NotationError, Refusal
from cardsuite.core.events import Event
from cardsuite.core.outcome import Outcome
from cardsuite.core.position import lay_out, parse_position
from cardsuite.core.position import seat_from_text as _player
from cardsuite.core.protocol import Observation, RulesBase
from cardsuite.core.rng import shuffled
from cardsuite.core.series import DealResult, NextDeal, Series, deal_over_refusal, next_deal_refusal
from cardsuite.core.states import fresh
from cardsuite.core.table import Layout, PileSpec, Seat, Shown, Table, TableEdit, Visibility
from cardsuite.core.text import say
from cardsuite.core.view import TableView
from cardsuite.games.rang import GAME
from cardsuite.games.rang import present as presentation
from cardsuite.games.rang.model import (
    DEAL_ENDS,
    DISCARD,
    DRAWN,
    HAND_SIZE,
    LAST_WITH_CARDS,
    NORMAL,
    RETURN_CARDS,
    STALEMATE,
    STOCK,
    TURN_LIMIT,
    TURN_LIMIT_REACHED,
    CameBack,
    Dealt,
    Draw,
    Drew,
    DrewNothing,
    Finished,
    FullRang,
    JokerBuried,
    Keep,
    Kept,
    Phase,
    Play,
    Played,
    PlayedAce,
    PlayedJoker,
    PlayJoker,
    RangMove,
    RangOptions,
    RangState,
    Reshuffled,
    SeenRang,
    Started,
    WentOut,
    hand,
    match_outcome,
)
from cardsuite.games.rang.model import (
    fits as fitting_ranks,
)
from cardsuite.games.rang.model import (
    losses as deals_lost,
)

AnyRangMove = RangMove | NextDeal

# Refusal codes (rang.md §6.2 names the first two).
ILLEGAL_CARD = "IllegalCard"
ILLEGAL_ACTION = "IllegalAction"

_RANK_TEXT = {rank: rank_index(rank) for rank in RANKS}


def _card(text: str) -> Refusal:
    return Refusal(ILLEGAL_CARD, say("Illegal card: {reason}", reason=text))


def _action(text: str) -> Refusal:
    return Refusal(ILLEGAL_ACTION, say("Illegal action: {reason}", reason=text))


def _why_illegal_as_it_is(move: Play, t: str) -> Refusal | None:
    """A play of a card as it is, a joker or a card that fits the pile's rank ``t``: a joker
    must be played as one, naming a rank; a card that fits names none."""
    card = move.card
    if card is JOKER:
        return _card(say("a joker must name a rank (play it as a joker)"))
    if move.name is not None:
        return _card(say("{card} fits {t} as it is and names no rank", card=card, t=t))
    return None


@GAME.describes
class Rang(RulesBase[FullRang, SeenRang, AnyRangMove]):
    order = ACE_LOW_WRAP

    def __init__(self) -> None:
        self._layouts: dict[int, Layout] = {}
        self._moves: dict[tuple[Any, ...], AnyRangMove] = {}
        self._to_move = [frozenset({s}) for s in range(max(self.seat_counts))]
        # Play(seat, card) without a name, by seat then card: the most frequent moves.
        self._normal_plays: list[dict[Card, AnyRangMove]] = [{} for _seat in self._to_move]
        self._draws = [Draw(s) for s in range(len(self._to_move))]
        self._keeps = [Keep(s) for s in range(len(self._to_move))]
        # Ranks a card may have to be "normal" on T, without and with same_rank_allowed.
        self._fits = {
            False: {t: frozenset(self.order.neighbours(t)) for t in RANKS},
            True: {t: frozenset((*self.order.neighbours(t), t)) for t in RANKS},
        }

    def fits(self, options: RangOptions, rank: int) -> tuple[int, ...]:
        """The ranks a normal card may have on ``rank`` (§6.1)."""
        return fitting_ranks(options, rank)

    # --- setup ---------------------------------------------------------------------------
    def layout(self, seats: int) -> Layout:
        layout = self._layouts.get(seats)
        if layout is None:
            specs = [PileSpec(STOCK, None, Visibility.HIDDEN), PileSpec(DISCARD)]
            specs += [PileSpec(hand(s), s, Visibility.OWNER) for s in range(seats)]
            layout = self._layouts[seats] = Layout(specs)
        return layout

    def deck(self, state: RangState[Any]) -> tuple[Card, ...]:
        return self._deck(state.seats, state.options)

    def _deck(self, seats: int, options: RangOptions) -> tuple[Card, ...]:
        return several(standard_deck(jokers=2), options.deck_count(seats))

    def new_game(self, *, seats: int, options: Any = None, seed: int = 0) -> FullRang:
        self.check_seats(seats)
        opts: RangOptions = self.resolve_options(options)
        opts.deck_count(seats)
        series = Series.start(seed=seed, seats=seats, deals=opts.match_deals)
        return self._deal(seats, opts, seed, series, events=())

    def _deal(
        self,
        seats: int,
        options: RangOptions,
        seed: int,
        series: Series,
        *,
        events: tuple[Event, ...],
    ) -> FullRang:
        stock = shuffled(self._deck(seats, options), seed, "deal", series.number)  # top = end
        dealer = series.dealer
        hands: list[list[Card]] = [[] for _seat in range(seats)]
        for _round in range(HAND_SIZE):
            for i in range(1, seats + 1):
                hands[(dealer + i) % seats].append(stock.pop())
        log: list[Event] = [*events, Dealt(dealer, series.number + 1)]
        known: list[Shown] = []
        start = stock.pop()
        while start is JOKER:  # a joker cannot start the pile: bury it and turn again
            stock.insert(0, start)
            known.append(Shown(STOCK, JOKER))
            log.append(JokerBuried())
            start = stock.pop()
        log.append(Started(start))
        piles = (tuple(stock), (start,), *(tuple(h) for h in hands))
        table = Table(self.layout(seats), piles, tuple(known))
        return fresh(RangState, table, seed, options, seats)._replace(
            events=tuple(log),
            series=series,
            turn=(dealer + 1) % seats,
            rank=start.rank,
            phase=NORMAL,
            out=(False,) * seats,
        )

    def position(self, text: str, *, options: Any = None, seed: int = 0) -> FullRang:
        """A position written as text, for tests, tutorials and puzzles.

        Piles by name, cards bottom first (``P1`` … ``P10`` are the hands of seats 0 … 9,
        as the spec numbers players)::

            P1: 6♠ 9♥ J♦
            P2: 2♣ 2♦
            discard: 7♣
            stock: 4♥ 5♠          # the cards on top of the stock, top card last

        Every card of the game not named goes under the named stock cards (or, with
        ``rest: discard``, under the discard pile), so the position holds exactly the game's
        cards.  Other settings: ``turn: P2`` (default P1), ``rank: 7`` (default: the discard
        pile's top), ``pending: P1``, ``out: P3 P4``, ``dealer: P4`` (default: the seat before
        the one to move).
        """
        opts: RangOptions = self.resolve_options(options)
        seats = max(
            (int(line.split(":")[0].strip()[1:]) for line in text.splitlines()
             if line.strip()[:1] == "P" and ":" in line),
            default=0,
        )  # fmt: skip
        self.check_seats(seats)
        aliases = {f"P{s + 1}": hand(s) for s in range(seats)}
        given = parse_position(text, self.layout(seats), aliases)
        unknown = sorted(given.settings.keys() - set(_POSITION_SETTINGS))
        if unknown:  # a misspelt line must not be dropped silently
            known = ", ".join(_POSITION_SETTINGS)
            raise NotationError(f"{unknown[0]}: unknown setting (settings: {known})")

        def player(key: str, default: Seat) -> Seat:
            value = given.setting(key)
            if value is None:
                return default
            return _player(value, seats)

        rest = given.setting("rest", STOCK)
        if rest not in (STOCK, DISCARD):
            raise NotationError(f"rest: {rest!r} must be stock or discard")
        table = lay_out(
            self.layout(seats), self._deck(seats, opts), given.piles, rest=rest, seed=seed
        )
        top = table.top(DISCARD)
        if top is None:
            raise NotationError("the discard pile must hold at least its top card")
        rank_text = given.setting("rank")
        if rank_text is None and top is JOKER:  # a joker shows the rank it was named
            raise NotationError("a joker tops the discard pile: give the rank it names (rank: 7)")
        turn = player("turn", 0)
        out = {_player(v, seats) for v in (given.setting("out") or "").split()}
        return fresh(RangState, table, seed, opts, seats)._replace(
            series=Series(opts.match_deals, 0, player("dealer", (turn - 1) % seats)),
            turn=turn,
            rank=top.rank if rank_text is None else parse_rank(rank_text),
            phase=NORMAL,
            pending=None if given.setting("pending") is None else player("pending", 0),
            out=tuple(s in out for s in range(seats)),
        )

    # --- whose turn, which moves -----------------------------------------------------------
    def to_move(self, state: FullRang) -> frozenset[Seat]:
        if state.turn is not None:
            return self._to_move[state.turn]
        if state.series.between:
            return self._to_move[state.series.next_dealer(state.seats)]
        return frozenset()

    def _move(self, cls: type[AnyRangMove], *key: Any) -> AnyRangMove:
        """Moves are values; each is made once and shared."""
        move = self._moves.get((cls, *key))
        if move is None:
            move = self._moves[(cls, *key)] = cls(*key)
            if cls is Play and key[2] is None:
                self._normal_plays[key[0]][key[1]] = move
        return move

    def candidates(self, state: FullRang, seat: Seat) -> Iterable[AnyRangMove]:
        """Every move of the seat's cards, and one of each kind it cannot make (a joker it
        does not hold), so each refusal can be asked for."""
        yield self._move(NextDeal, seat)
        held = state.table.cards(hand(seat))
        cards = dict.fromkeys(c for c in held if c is not JOKER)
        names: tuple[int | None, ...] = (None, *RANKS)
        for card in cards:
            for name in names if card.rank == ACE else (None,):
                yield self._move(Play, seat, card, name)
        yield self._move(Play, seat, JOKER, None)
        if JOKER in held:
            for rank in RANKS:
                yield self._move(PlayJoker, seat, rank, None)
                for card in cards:
                    yield self._move(PlayJoker, seat, rank, card)
        else:
            yield self._move(PlayJoker, seat, ACE, None)
        yield self._move(Draw, seat)
        yield self._move(Keep, seat)

    def legal_moves(self, state: FullRang, seat: Seat) -> tuple[AnyRangMove, ...]:
        # The same answers as filtering candidates() through why_illegal(), computed directly:
        # a random playout asks for them at every step (benchmarks/engine_speed.py), and the
        # contract suite compares the two on every state it visits.
        if seat != state.turn:
            if state.series.between and seat == state.series.next_dealer(state.seats):
                return (self._move(NextDeal, seat),)
            return ()
        held = state.table.cards(hand(seat))
        fits = self._fits[state.options.same_rank_allowed][state.rank]
        move = self._move
        if state.phase == DRAWN:
            drawn = held[-1]
            if drawn is JOKER:
                moves = self._joker_moves(state, seat, held[:-1])
            elif drawn.rank in fits or drawn.rank == ACE:
                moves = self._plays(state, seat, (drawn,), normal=drawn.rank in fits)
            else:
                moves = []
            if not (state.options.forced_drawn_play and drawn is not JOKER and drawn.rank in fits):
                moves.append(self._keeps[seat])
            legal = tuple(moves)
        else:
            normal = [c for c in held if c.rank in fits]
            if normal:
                plays = self._normal_plays[seat]
                if len(normal) > 1:
                    normal = list(dict.fromkeys(normal))
                legal = tuple([plays.get(c) or move(Play, seat, c, None) for c in normal])
            else:
                aces = [c for c in held if c.rank == ACE]
                moves = self._plays(state, seat, aces, normal=False)
                if JOKER in held:
                    moves += self._joker_moves(state, seat, [c for c in held if c is not JOKER])
                moves.append(self._draws[seat])
                legal = tuple(moves)
        self.remember_legal(state, legal)  # apply need not judge them again
        return legal

    def _plays(
        self, state: FullRang, seat: Seat, cards: Sequence[Card], *, normal: bool
    ) -> list[AnyRangMove]:
        """Plays of these cards; an Ace that is not a normal card may name a rank (wild Ace)."""
        if not cards:
            return []
        out: list[AnyRangMove] = []
        for card in dict.fromkeys(cards) if len(cards) > 1 else cards:
            if card.rank == ACE and not normal and state.options.wild_ace:
                out.extend(self._move(Play, seat, card, r) for r in RANKS)
            else:
                out.append(self._move(Play, seat, card, None))
        return out

    def _joker_moves(
        self, state: FullRang, seat: Seat, others: Sequence[Card]
    ) -> list[AnyRangMove]:
        fits_by_rank = self._fits[state.options.same_rank_allowed]
        followers = dict.fromkeys(c for c in others if c is not JOKER)
        out: list[AnyRangMove] = []
        for rank in RANKS:
            out.append(self._move(PlayJoker, seat, rank, None))
            fits = fits_by_rank[rank]
            out.extend(self._move(PlayJoker, seat, rank, c) for c in followers if c.rank in fits)
        return out

    # --- the one legality check ----------------------------------------------------------
    def why_illegal(self, state: FullRang, move: AnyRangMove) -> Refusal | None:
        if isinstance(move, NextDeal):
            series = state.series
            dealer = series.next_dealer(state.seats)
            return next_deal_refusal(
                series, move.seat, dealer, not_over=_action(say("the deal is not over"))
            )
        if state.series.between:
            return deal_over_refusal(
                state.series,
                state.series.next_dealer(state.seats),
                between=_action(say("the deal is over: the next one must be dealt first")),
            )
        if move.seat != state.turn:
            return self.not_your_turn(state, move)
        held = state.table.cards(hand(move.seat))
        fits = self._fits[state.options.same_rank_allowed][state.rank]
        if state.phase == NORMAL and type(move) is Play:  # the common case, decided quickly
            card = move.card
            if card.rank in fits and move.name is None and card in held:
                return None
        t = _RANK_TEXT[state.rank]
        if state.phase == DRAWN:
            return self._why_illegal_after_draw(state, move, held, fits, t)
        has_normal = any(c.rank in fits for c in held)
        if isinstance(move, Play):
            card = move.card
            if card not in held:
                return _card(say("you do not hold {card}", card=card))
            if card is JOKER or card.rank in fits:
                return _why_illegal_as_it_is(move, t)
            if has_normal:
                return _card(
                    say(
                        "{card} is not next to {t} in rank, and you hold a card that is",
                        card=card,
                        t=t,
                    )
                )
            if card.rank != ACE:
                return _card(
                    say(
                        "{card} is not next to {t} in rank; when stuck only an Ace or a joker may be played",
                        card=card,
                        t=t,
                    )
                )
            return self._why_illegal_ace_name(state, move)
        if isinstance(move, PlayJoker):
            if JOKER not in held:
                return _card(say("you hold no joker"))
            if has_normal:
                return _card(say("you hold a card next to {t}, so a joker may not be played", t=t))
            return self._why_illegal_follow(state, move, _without(held, JOKER, False))
        if isinstance(move, Draw):
            if has_normal:
                return _action(
                    say("you hold a card next to {t} in rank, so you must play one", t=t)
                )
            return None
        return _action(say("you have not drawn a card"))  # Keep

    def _why_illegal_after_draw(
        self,
        state: FullRang,
        move: RangMove,
        held: tuple[Card, ...],
        fits: frozenset[int],
        t: str,
    ) -> Refusal | None:
        drawn = held[-1]
        if isinstance(move, Draw):
            return _action(say("you have already drawn this turn"))
        if isinstance(move, Keep):
            if state.options.forced_drawn_play and drawn is not JOKER and drawn.rank in fits:
                return _action(
                    say(
                        "the drawn {card} fits {t} and must be played (forced drawn play)",
                        card=drawn,
                        t=t,
                    )
                )
            return None
        if isinstance(move, PlayJoker):
            if drawn is not JOKER:
                return _action(say("after drawing, only the drawn card may be played"))
            return self._why_illegal_follow(state, move, held[:-1])
        card = move.card
        if card is not drawn:
            return _action(
                say("after drawing, only the drawn card ({card}) may be played", card=drawn)
            )
        if card is JOKER or card.rank in fits:
            return _why_illegal_as_it_is(move, t)
        if card.rank != ACE:
            return _card(say("the drawn {card} is not next to {t} in rank", card=card, t=t))
        return self._why_illegal_ace_name(state, move)

    def _why_illegal_ace_name(self, state: FullRang, move: Play) -> Refusal | None:
        if state.options.wild_ace and move.name is None:
            return _card(say("with the wild Ace, an Ace played as an exception must name a rank"))
        if not state.options.wild_ace and move.name is not None:
            return _card(say("an Ace names no rank (the wild Ace option is off)"))
        return None

    def _why_illegal_follow(
        self, state: FullRang, move: PlayJoker, others: Sequence[Card]
    ) -> Refusal | None:
        if not ACE <= move.rank <= KING:
            return _card(say("{rank} is not a rank", rank=move.rank))
        follow = move.follow
        if follow is None:
            return None
        named = rank_index(move.rank)
        if follow is JOKER:
            return _card(say("a second joker has no rank to follow the named {rank}", rank=named))
        if follow not in others:
            return _card(say("you do not hold {card} to follow the joker", card=follow))
        if follow.rank not in self._fits[state.options.same_rank_allowed][move.rank]:
            return _card(
                say("{card} is not next to the named {rank} in rank", card=follow, rank=named)
            )
        return None

    # --- applying a legal move -------------------------------------------------------------
    def perform(self, state: FullRang, move: AnyRangMove) -> FullRang:
        if isinstance(move, NextDeal):
            assert state.seed is not None, "an observation cannot be played on"
            series = state.series.next(state.seats)
            return self._deal(state.seats, state.options, state.seed, series, events=())
        p = move.seat
        table = state.table.edit()
        mine = hand(p)
        events: list[Event] = []
        pending = state.pending
        out = state.out
        reshuffles = state.reshuffles
        rank = state.rank
        drawn_this_turn = state.phase == DRAWN
        if type(move) is Keep:
            events.append(Kept(p, table[mine][-1]))
            return self._end_turn(state, table, events, p, rank, out, pending, reshuffles, True)
        if type(move) is Draw:
            if pending is not None:  # drawing finishes the pending player at once
                events.append(Finished(pending))
                out = _with(out, pending, True)
                pending = None
                if self._holders(state, table, out, pending) == [p]:
                    return self._end_deal(state, table, events, p, LAST_WITH_CARDS, out, reshuffles)
            card, reshuffles = self._take(state, table, reshuffles, events)
            if card is None:
                events.append(DrewNothing(p))
                return self._end_turn(
                    state, table, events, p, rank, out, pending, reshuffles, True, True
                )
            table[mine] = table[mine] + (card,)
            events.append(Drew(p, card))
            return _state(
                state,
                table,
                events,
                turn=p,
                rank=rank,
                phase=DRAWN,
                pending=pending,
                out=out,
                turns=state.turns,
                empty_draws=0,
                reshuffles=reshuffles,
            )
        if type(move) is Play:
            card = move.card
            table[mine] = _without(table[mine], card, drawn_this_turn)
            table.add(DISCARD, card)
            if move.name is not None:
                rank = move.name
                events.append(PlayedAce(p, card, move.name))
            elif card.rank == ACE and ACE not in self._fits[state.options.same_rank_allowed][rank]:
                rank = ACE
                events.append(PlayedAce(p, card))
            else:
                rank = card.rank
                events.append(Played(p, card))
        else:
            assert isinstance(move, PlayJoker)
            table[mine] = _without(table[mine], JOKER, drawn_this_turn)
            table.add(DISCARD, JOKER)
            rank = move.rank
            if move.follow is not None:
                table[mine] = _without(table[mine], move.follow, False)
                table.add(DISCARD, move.follow)
                rank = move.follow.rank
            events.append(PlayedJoker(p, move.rank, move.follow))
        return self._end_turn(
            state, table, events, p, rank, out, pending, reshuffles, drawn_this_turn
        )

    def _take(
        self, state: FullRang, table: TableEdit, reshuffles: int, events: list[Event]
    ) -> tuple[Card | None, int]:
        """Take the stock's top card, rebuilding the stock from the discard pile if it is empty."""
        stock = table[STOCK]
        if not stock:
            discard = table[DISCARD]
            buried = discard[:-1]
            if not buried:
                return None, reshuffles
            assert state.seed is not None, "an observation cannot be played on"
            reshuffles += 1
            series = state.series
            stock = tuple(shuffled(buried, state.seed, "reshuffle", series.number, reshuffles))
            table[DISCARD] = discard[-1:]
            table.known = ()  # the buried joker, if any, is lost in the shuffle
            events.append(Reshuffled(len(stock)))
        table[STOCK] = stock[:-1]
        return stock[-1], reshuffles

    def _holders(
        self, state: FullRang, table: TableEdit, out: tuple[bool, ...], pending: Seat | None
    ) -> list[Seat]:
        return [s for s in range(state.seats) if table[hand(s)] and not out[s] and s != pending]

    def _end_turn(
        self,
        state: FullRang,
        table: TableEdit,
        events: list[Event],
        p: Seat,
        rank: int,
        out: tuple[bool, ...],
        pending: Seat | None,
        reshuffles: int,
        drew: bool,
        empty: bool = False,
    ) -> FullRang:
        """Settle a pending player, check the end, and pass the turn on."""
        seats = state.seats
        turns = state.turns + 1
        if pending is None and table[hand(p)] and not empty and turns < TURN_LIMIT:
            # The usual turn: nobody pending, the player still holds cards, so the number of
            # players holding cards is unchanged and the deal goes on with the next of them.
            nxt = (p + 1) % seats
            while out[nxt] or not table[hand(nxt)]:
                nxt = (nxt + 1) % seats
            empty_draws = 0
        else:
            if pending is not None and not drew:  # the player's answer brings the pending one back
                taken: list[Card] = []
                for _card in range(RETURN_CARDS):
                    card, reshuffles = self._take(state, table, reshuffles, events)
                    if card is None:
                        break
                    taken.append(card)
                if taken:
                    table[hand(pending)] = tuple(taken)
                    events.append(CameBack(pending, tuple(taken)))
                else:
                    events.append(Finished(pending))
                    out = _with(out, pending, True)
                pending = None
            if not table[hand(p)] and not out[p]:
                pending = p
                events.append(WentOut(p))
            holders = self._holders(state, table, out, pending)
            if pending is None and len(holders) == 1:
                return self._end_deal(
                    state, table, events, holders[0], LAST_WITH_CARDS, out, reshuffles
                )
            if not holders:  # a pending player with nobody left to judge him (engine safety)
                assert pending is not None, "a deal with no holder left has a pending player"
                events.append(Finished(pending))
                out = _with(out, pending, True)
                return self._end_deal(
                    state, table, events, pending, LAST_WITH_CARDS, out, reshuffles
                )
            empty_draws = state.empty_draws + 1 if empty else 0
            active = len(holders) + (pending is not None)
            if empty_draws >= active or turns >= TURN_LIMIT:
                how = STALEMATE if empty_draws >= active else TURN_LIMIT_REACHED
                loser = self._most_cards(state, table, holders)
                return self._end_deal(state, table, events, loser, how, out, reshuffles)
            nxt = (p + 1) % seats
            while nxt not in holders:
                nxt = (nxt + 1) % seats
        return _state(
            state,
            table,
            events,
            turn=nxt,
            rank=rank,
            phase=NORMAL,
            pending=pending,
            out=out,
            turns=turns,
            empty_draws=empty_draws,
            reshuffles=reshuffles,
        )

    def _most_cards(self, state: FullRang, table: TableEdit, holders: list[Seat]) -> Seat:
        """The stop rule's loser: most cards; on a tie the later in turn order from the dealer's left."""

        def key(s: Seat) -> tuple[int, int]:
            return (len(table[hand(s)]), (s - state.dealer - 1) % state.seats)

        return max(holders, key=key)

    def _end_deal(
        self,
        state: FullRang,
        table: TableEdit,
        events: list[Event],
        loser: Seat,
        how: str,
        out: tuple[bool, ...],
        reshuffles: int,
    ) -> FullRang:
        lost = DEAL_ENDS[how](loser)
        events.append(lost)
        scores = tuple(1 if s == loser else 0 for s in range(state.seats))
        result = DealResult(state.dealer, scores, lost.text(), how)
        return state._replace(
            table=Table(table.layout, tuple(table.piles), table.known),
            events=tuple(events),
            series=state.series.ended(result),
            turn=None,
            phase=NORMAL,
            pending=None,
            out=out,
            turns=state.turns + 1,
            empty_draws=0,
            reshuffles=reshuffles,
        )

    # --- the end -------------------------------------------------------------------------------
    def in_play(self, state: RangState[Any]) -> frozenset[Seat]:
        """Players not out for good in the last deal (everyone plays every deal before it)."""
        if state.series.between or not state.series.last_deal:
            return frozenset(range(state.seats))
        if state.turn is None:
            return frozenset()
        return frozenset(s for s in range(state.seats) if not state.out[s])

    def losses(self, state: RangState[Any]) -> tuple[int, ...]:
        """The deals each seat has lost so far."""
        return deals_lost(state)

    def outcome(self, state: FullRang) -> Outcome | None:
        if state.turn is not None or state.series.between:
            return None
        return match_outcome(state.series, state.seats)

    # --- presentation ----------------------------------------------------------------------
    def present(self, obs: Observation[SeenRang]) -> TableView:
        return presentation.present(obs)


# The settings a position may give besides its piles (see Rang.position).
_POSITION_SETTINGS = ("turn", "rank", "pending", "out", "dealer", "rest")


def _without(held: tuple[Card, ...], card: Card, from_end: bool) -> tuple[Card, ...]:
    """The hand less one copy of ``card`` (the last card when ``from_end`` and it matches)."""
    if from_end and held and held[-1] is card:
        return held[:-1]
    i = held.index(card)
    return held[:i] + held[i + 1 :]


def _with(flags: tuple[bool, ...], i: int, value: bool) -> tuple[bool, ...]:
    return flags[:i] + (value,) + flags[i + 1 :]


def _state(
    state: FullRang,
    table: TableEdit,
    events: list[Event],
    *,
    turn: Seat,
    rank: int,
    phase: Phase,
    pending: Seat | None,
    out: tuple[bool, ...],
    turns: int,
    empty_draws: int,
    reshuffles: int,
) -> FullRang:
    """The next state of the same deal: the table and events of the move, the rest given.

    Positional on purpose, in this one place: every move builds a state, and keyword
    arguments cost a 14-field NamedTuple thousands of instructions a call in Python 3.11
    (callgrind).  The fields, in order: table, seed, events, options, seats, series, turn,
    rank, phase, pending, out, turns, empty_draws, reshuffles (tests/games/test_rang.py
    checks them)."""
    return RangState(
        Table(table.layout, tuple(table.piles), table.known), state.seed, tuple(events),
        state.options, state.seats, state.series, turn, rank, phase, pending, out, turns,
        empty_draws, reshuffles,
    )  # fmt: skip


RANG = Rang()
