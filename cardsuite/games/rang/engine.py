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
    CardFace,
    parse_cards,
    rank_index,
    several,
    standard_deck,
)
from cardsuite.core.outcome import Outcome
from cardsuite.core.protocol import Event, Observation, RulesBase
from cardsuite.core.rng import make_rng, shuffled
from cardsuite.core.table import Layout, PileSpec, Seat, Table, Visibility
from cardsuite.core.text import seat
from cardsuite.core.view import TableView
from cardsuite.games.rang import present as presentation
from cardsuite.games.rang.model import (
    DRAWN,
    HAND_SIZE,
    LAST_WITH_CARDS,
    NOBODY,
    NORMAL,
    RETURN_CARDS,
    STALEMATE,
    TURN_LIMIT,
    TURN_LIMIT_REACHED,
    Draw,
    Keep,
    Play,
    PlayJoker,
    RangMove,
    RangOptions,
    RangState,
    hand_pile,
)

# --- the rules -----------------------------------------------------------------------------

_RANK_TEXT = {rank: rank_index(rank) for rank in RANKS}
_PLAY_FIRST = "Illegal action: you hold a card next to {t} in rank, so you must play one"


class Rang(RulesBase[RangState, RangMove]):
    id = "rang"
    title = "Rang"
    original_name = "Ранг"
    aliases = ("rank", "ранґ")
    seat_counts = tuple(range(2, 11))
    summary = "Play one rank up or down, Aces and jokers when stuck; don't be the last with cards."
    Options = RangOptions

    order = ACE_LOW_WRAP

    def __init__(self) -> None:
        self._layouts: dict[int, Layout] = {}
        self._moves: dict[tuple[Any, ...], RangMove] = {}
        self._to_move = [frozenset({s}) for s in range(max(self.seat_counts))]
        # Play(seat, card) without a name, by seat then card: the most frequent moves.
        self._normal_plays: list[dict[CardFace, RangMove]] = [{} for _ in self._to_move]
        self._draws = [Draw(s) for s in range(len(self._to_move))]
        self._keeps = [Keep(s) for s in range(len(self._to_move))]
        # Ranks a card may have to be "normal" on T, without and with same_rank_allowed.
        self._fits = {
            False: {t: frozenset(self.order.neighbours(t)) for t in RANKS},
            True: {t: frozenset((*self.order.neighbours(t), t)) for t in RANKS},
        }

    # --- setup ---------------------------------------------------------------------------
    def layout(self, seats: int) -> Layout:
        layout = self._layouts.get(seats)
        if layout is None:
            specs = [PileSpec("stock", None, Visibility.HIDDEN), PileSpec("discard")]
            specs += [PileSpec(hand_pile(s), s, Visibility.OWNER) for s in range(seats)]
            layout = self._layouts[seats] = Layout(specs)
        return layout

    def deck(self, state: RangState) -> tuple[Card, ...]:
        return self._deck(state.seats, state.options)

    def _deck(self, seats: int, options: RangOptions) -> tuple[Card, ...]:
        return several(standard_deck(jokers=2), options.deck_count(seats))

    def new_game(self, *, seats: int, options: Any = None, seed: int = 0) -> RangState:
        self.check_seats(seats)
        opts: RangOptions = self.resolve_options(options)
        opts.deck_count(seats)
        dealer = make_rng(seed, "first dealer").randrange(seats)
        return self._deal(seats, opts, seed, deal=0, dealer=dealer, results=(), events=())

    def _deal(
        self,
        seats: int,
        options: RangOptions,
        seed: int,
        *,
        deal: int,
        dealer: Seat,
        results: tuple[tuple[Seat, str], ...],
        events: tuple[Event, ...],
    ) -> RangState:
        stock = shuffled(self._deck(seats, options), seed, "deal", deal)  # the top is the end
        hands: list[list[Card]] = [[] for _ in range(seats)]
        for _ in range(HAND_SIZE):
            for i in range(1, seats + 1):
                hands[(dealer + i) % seats].append(stock.pop())
        log = [*events, Event("deal", dealer, value=deal + 1)]
        start = stock.pop()
        while start is JOKER:  # a joker cannot start the pile: bury it and turn again
            stock.insert(0, start)
            log.append(Event("bury_joker", None, (JOKER,)))
            start = stock.pop()
        log.append(Event("start", None, (start,)))
        piles = (tuple(stock), (start,), *(tuple(h) for h in hands))
        return RangState(
            table=Table(self.layout(seats), piles),
            seed=seed,
            events=tuple(log),
            options=options,
            seats=seats,
            dealer=dealer,
            turn=(dealer + 1) % seats,
            rank=start.rank,
            phase=NORMAL,
            pending=NOBODY,
            out=(False,) * seats,
            turns=0,
            empty_draws=0,
            reshuffles=0,
            deal=deal,
            results=results,
        )

    def position(
        self,
        *,
        hands: Sequence[str],
        discard: str,
        stock: str = "",
        rest: str = "stock",
        turn: Seat = 0,
        rank: int | None = None,
        pending: Seat = NOBODY,
        out: Iterable[Seat] = (),
        dealer: Seat | None = None,
        options: RangOptions | None = None,
        seed: int = 0,
    ) -> RangState:
        """A position described in card text, for tests and tutorials.

        ``hands[s]`` and ``discard`` list cards bottom first (``"6♠ 9♥ J♦"``); ``stock`` lists
        the cards on top of the stock, top card last.  Every card of the game not named goes
        to ``rest`` (``"stock"``, under the named stock cards, or ``"discard"``, under the
        named discard cards), so the position holds exactly the game's cards.
        """
        seats = len(hands)
        opts = self.resolve_options(options)
        named = {f"hand.{s}": parse_cards(text) for s, text in enumerate(hands)}
        named["discard"] = parse_cards(discard)
        named["stock"] = parse_cards(stock)
        left = list(self._deck(seats, opts))
        for pile, cards in named.items():
            for card in cards:
                if card not in left:
                    raise ValueError(f"{card} in {pile} is one card too many for this game")
                left.remove(card)
        left = shuffled(left, seed, "position")
        named[rest] = (*left, *named[rest])
        top = named["discard"][-1]
        piles = (named["stock"], named["discard"], *(named[f"hand.{s}"] for s in range(seats)))
        finished = set(out)
        return RangState(
            table=Table(self.layout(seats), piles),
            seed=seed,
            events=(),
            options=opts,
            seats=seats,
            dealer=(turn - 1) % seats if dealer is None else dealer,
            turn=turn,
            rank=top.rank if rank is None else rank,
            phase=NORMAL,
            pending=pending,
            out=tuple(s in finished for s in range(seats)),
            turns=0,
            empty_draws=0,
            reshuffles=0,
            deal=0,
            results=(),
        )

    # --- whose turn, which moves -----------------------------------------------------------
    def to_move(self, state: RangState) -> frozenset[Seat]:
        return self._to_move[state.turn] if state.turn != NOBODY else frozenset()

    def _move(self, cls: type[RangMove], *key: Any) -> RangMove:
        """Moves are values; each is made once and shared."""
        move = self._moves.get((cls, *key))
        if move is None:
            move = self._moves[(cls, *key)] = cls(*key)
            if cls is Play and key[2] is None:
                self._normal_plays[key[0]][key[1]] = move
        return move

    def candidates(self, state: RangState, seat: Seat) -> Iterable[RangMove]:
        cards = dict.fromkeys(c for c in state.table.cards(hand_pile(seat)) if c is not JOKER)
        names: tuple[int | None, ...] = (None, *RANKS)
        for card in cards:
            for name in names if card.rank == ACE else (None,):
                yield self._move(Play, seat, card, name)
        yield self._move(Play, seat, JOKER, None)
        for rank in RANKS:
            yield self._move(PlayJoker, seat, rank, None)
            for card in cards:
                yield self._move(PlayJoker, seat, rank, card)
        yield self._move(Draw, seat)
        yield self._move(Keep, seat)

    def legal_moves(self, state: RangState, seat: Seat) -> tuple[RangMove, ...]:
        # The same answers as filtering candidates() through why_illegal(), computed directly.
        if seat != state.turn:
            return ()
        hand = state.table.piles[2 + seat]
        fits = self._fits[state.options.same_rank_allowed][state.rank]
        move = self._move
        if state.phase == DRAWN:
            drawn = hand[-1]
            assert isinstance(drawn, Card)
            if drawn is JOKER:
                moves = self._joker_moves(state, seat, hand[:-1])
            else:
                moves = self._plays(state, seat, (drawn,), normal=drawn.rank in fits)
            if not (state.options.forced_drawn_play and drawn is not JOKER and drawn.rank in fits):
                moves.append(self._keeps[seat])
            return tuple(moves)
        normal = [c for c in hand if c.rank in fits]  # type: ignore[union-attr]
        if normal:
            plays = self._normal_plays[seat]
            if len(normal) > 1:
                normal = list(dict.fromkeys(normal))
            return tuple([plays.get(c) or move(Play, seat, c, None) for c in normal])
        aces = [c for c in hand if c.rank == ACE]  # type: ignore[union-attr]
        moves = self._plays(state, seat, aces, normal=False)
        if JOKER in hand:
            moves += self._joker_moves(state, seat, [c for c in hand if c is not JOKER])
        moves.append(self._draws[seat])
        return tuple(moves)

    def _plays(
        self, state: RangState, seat: Seat, cards: Sequence[CardFace], *, normal: bool
    ) -> list[RangMove]:
        """Plays of these cards; an Ace that is not a normal card may name a rank (wild Ace)."""
        if not cards:
            return []
        out: list[RangMove] = []
        for card in dict.fromkeys(cards) if len(cards) > 1 else cards:
            assert isinstance(card, Card)
            if card.rank == ACE and not normal and state.options.wild_ace:
                out.extend(self._move(Play, seat, card, r) for r in RANKS)
            else:
                out.append(self._move(Play, seat, card, None))
        return out

    def _joker_moves(
        self, state: RangState, seat: Seat, others: Sequence[CardFace]
    ) -> list[RangMove]:
        fits_by_rank = self._fits[state.options.same_rank_allowed]
        followers = dict.fromkeys(c for c in others if c is not JOKER)
        out: list[RangMove] = []
        for rank in RANKS:
            out.append(self._move(PlayJoker, seat, rank, None))
            fits = fits_by_rank[rank]
            out.extend(
                self._move(PlayJoker, seat, rank, c)
                for c in followers
                if c.rank in fits  # type: ignore[union-attr]
            )
        return out

    # --- the one legality check ----------------------------------------------------------
    def why_illegal(self, state: RangState, move: RangMove) -> str | None:
        if move.seat != state.turn:
            return self.not_your_turn(state, move)
        hand = state.table.piles[2 + move.seat]
        fits = self._fits[state.options.same_rank_allowed][state.rank]
        if state.phase == NORMAL and type(move) is Play:  # the common case, decided quickly
            card = move.card
            if card.rank in fits and move.name is None and card in hand:
                return None
        t = _RANK_TEXT[state.rank]
        if state.phase == DRAWN:
            return self._why_illegal_after_draw(state, move, hand, fits, t)
        has_normal = any(c.rank in fits for c in hand)  # type: ignore[union-attr]
        if isinstance(move, Play):
            card = move.card
            if card not in hand:
                return f"Illegal card: you do not hold {card}"
            if card is JOKER:
                return "Illegal card: a joker must name a rank (play it as a joker)"
            if card.rank in fits:
                if move.name is not None:
                    return f"Illegal card: {card} fits {t} as it is and names no rank"
                return None
            if has_normal:
                return (
                    f"Illegal card: {card} is not next to {t} in rank, and you hold a card that is"
                )
            if card.rank != ACE:
                return f"Illegal card: {card} is not next to {t} in rank; when stuck only an Ace or a joker may be played"
            return self._why_illegal_ace_name(state, move)
        if isinstance(move, PlayJoker):
            if JOKER not in hand:
                return "Illegal card: you hold no joker"
            if has_normal:
                return f"Illegal card: you hold a card next to {t}, so a joker may not be played"
            return self._why_illegal_follow(state, move, _without(hand, JOKER, False))
        if isinstance(move, Draw):
            if has_normal:
                return _PLAY_FIRST.format(t=t)
            return None
        return "Illegal action: you have not drawn a card"  # Keep

    def _why_illegal_after_draw(
        self,
        state: RangState,
        move: RangMove,
        hand: tuple[CardFace, ...],
        fits: frozenset[int],
        t: str,
    ) -> str | None:
        drawn = hand[-1]
        assert isinstance(drawn, Card)
        if isinstance(move, Draw):
            return "Illegal action: you have already drawn this turn"
        if isinstance(move, Keep):
            if state.options.forced_drawn_play and drawn is not JOKER and drawn.rank in fits:
                return f"Illegal action: the drawn {drawn} fits {t} and must be played (forced drawn play)"
            return None
        if isinstance(move, PlayJoker):
            if drawn is not JOKER:
                return "Illegal action: after drawing, only the drawn card may be played"
            return self._why_illegal_follow(state, move, hand[:-1])
        card = move.card
        if card is not drawn:
            return f"Illegal action: after drawing, only the drawn card ({drawn}) may be played"
        if card is JOKER:
            return "Illegal card: a joker must name a rank (play it as a joker)"
        if card.rank in fits:
            if move.name is not None:
                return f"Illegal card: {card} fits {t} as it is and names no rank"
            return None
        if card.rank != ACE:
            return f"Illegal card: the drawn {card} is not next to {t} in rank"
        return self._why_illegal_ace_name(state, move)

    def _why_illegal_ace_name(self, state: RangState, move: Play) -> str | None:
        if state.options.wild_ace and move.name is None:
            return "Illegal card: with the wild Ace, an Ace played as an exception must name a rank"
        if not state.options.wild_ace and move.name is not None:
            return "Illegal card: an Ace names no rank (the wild Ace option is off)"
        return None

    def _why_illegal_follow(
        self, state: RangState, move: PlayJoker, others: Sequence[CardFace]
    ) -> str | None:
        if not ACE <= move.rank <= KING:
            return f"Illegal card: {move.rank} is not a rank"
        follow = move.follow
        if follow is None:
            return None
        named = rank_index(move.rank)
        if follow is JOKER:
            return f"Illegal card: a second joker has no rank to follow the named {named}"
        if follow not in others:
            return f"Illegal card: you do not hold {follow} to follow the joker"
        if follow.rank not in self._fits[state.options.same_rank_allowed][move.rank]:
            return f"Illegal card: {follow} is not next to the named {named} in rank"
        return None

    # --- applying a legal move -------------------------------------------------------------
    def perform(self, state: RangState, move: RangMove) -> RangState:
        p = move.seat
        piles = list(state.table.piles)
        hand = piles[2 + p]
        events: list[Event] = []
        pending = state.pending
        out = state.out
        reshuffles = state.reshuffles
        rank = state.rank
        drawn_this_turn = state.phase == DRAWN
        if type(move) is Keep:
            events.append(Event("keep", p, (hand[-1],), None, p))
            return self._end_turn(state, piles, events, p, rank, out, pending, reshuffles, True)
        if type(move) is Draw:
            if pending != NOBODY:  # drawing finishes the pending player at once
                events.append(Event("finished", pending))
                out = _with(out, pending, True)
                pending = NOBODY
                if self._holders(piles, out, pending) == [p]:
                    events.append(Event("draw", p, (), private_to=p))
                    return self._end_deal(state, piles, events, p, LAST_WITH_CARDS, out, reshuffles)
            card, reshuffles = self._take(state, piles, reshuffles, events)
            if card is None:
                events.append(Event("draw_nothing", p))
                return self._end_turn(
                    state, piles, events, p, rank, out, pending, reshuffles, True, True
                )
            piles[2 + p] = hand + (card,)
            events.append(Event("draw", p, (card,), None, p))
            fits = self._fits[state.options.same_rank_allowed][rank]
            if card is JOKER or card.rank == ACE or card.rank in fits:
                return _state(
                    state, piles, events, p, rank, DRAWN, pending, out, state.turns, 0, reshuffles
                )
            return self._end_turn(state, piles, events, p, rank, out, pending, reshuffles, True)
        discard = piles[1]
        if type(move) is Play:
            card = move.card
            hand = _without(hand, card, drawn_this_turn)
            discard = discard + (card,)
            if move.name is not None:
                rank = move.name
                events.append(Event("wild_ace", p, (card,), value=move.name))
            elif card.rank == ACE and ACE not in self._fits[state.options.same_rank_allowed][rank]:
                rank = ACE
                events.append(Event("ace", p, (card,)))
            else:
                rank = card.rank
                events.append(Event("play", p, (card,), None, None))
        else:
            assert isinstance(move, PlayJoker)
            hand = _without(hand, JOKER, drawn_this_turn)
            discard = discard + (JOKER,)
            rank = move.rank
            if move.follow is not None:
                hand = _without(hand, move.follow, False)
                discard = discard + (move.follow,)
                rank = move.follow.rank
                events.append(Event("joker", p, (JOKER, move.follow), value=move.rank))
            else:
                events.append(Event("joker", p, (JOKER,), value=move.rank))
        piles[2 + p] = hand
        piles[1] = discard
        return self._end_turn(
            state, piles, events, p, rank, out, pending, reshuffles, drawn_this_turn
        )

    def _take(
        self,
        state: RangState,
        piles: list[tuple[CardFace, ...]],
        reshuffles: int,
        events: list[Event],
    ) -> tuple[Card | None, int]:
        """Take the stock's top card, rebuilding the stock from the discard pile if it is empty."""
        stock = piles[0]
        if not stock:
            buried = piles[1][:-1]
            if not buried:
                return None, reshuffles
            assert state.seed is not None, "an observation cannot be played on"
            reshuffles += 1
            stock = tuple(shuffled(buried, state.seed, "reshuffle", state.deal, reshuffles))
            piles[1] = piles[1][-1:]
            events.append(Event("reshuffle", None, value=len(stock)))
        piles[0] = stock[:-1]
        card = stock[-1]
        assert isinstance(card, Card)
        return card, reshuffles

    def _holders(
        self, piles: Sequence[tuple[CardFace, ...]], out: tuple[bool, ...], pending: Seat
    ) -> list[Seat]:
        return [s for s in range(len(out)) if piles[2 + s] and not out[s] and s != pending]

    def _end_turn(
        self,
        state: RangState,
        piles: list[tuple[CardFace, ...]],
        events: list[Event],
        p: Seat,
        rank: int,
        out: tuple[bool, ...],
        pending: Seat,
        reshuffles: int,
        drew: bool,
        empty: bool = False,
    ) -> RangState:
        """Settle a pending player, check the end, and pass the turn on."""
        seats = state.seats
        turns = state.turns + 1
        if pending == NOBODY and piles[2 + p] and not empty and turns < TURN_LIMIT:
            # The usual turn: nobody pending, the player still holds cards, so the number of
            # players holding cards is unchanged and the deal goes on with the next of them.
            nxt = (p + 1) % seats
            while out[nxt] or not piles[2 + nxt]:
                nxt = (nxt + 1) % seats
            return _state(
                state, piles, events, nxt, rank, NORMAL, NOBODY, out, turns, 0, reshuffles
            )
        if pending != NOBODY and not drew:  # the player's answer brings the pending one back
            taken: list[Card] = []
            for _ in range(RETURN_CARDS):
                card, reshuffles = self._take(state, piles, reshuffles, events)
                if card is None:
                    break
                taken.append(card)
            if taken:
                piles[2 + pending] = tuple(taken)
                events.append(Event("return", pending, tuple(taken), private_to=pending))
            else:
                events.append(Event("finished", pending))
                out = _with(out, pending, True)
            pending = NOBODY
        if not piles[2 + p] and not out[p]:
            pending = p
            events.append(Event("pending", p))
        holders = self._holders(piles, out, pending)
        if pending == NOBODY and len(holders) == 1:
            return self._end_deal(
                state, piles, events, holders[0], LAST_WITH_CARDS, out, reshuffles
            )
        if not holders:  # a pending player with nobody left to judge him (engine safety)
            events.append(Event("finished", pending))
            return self._end_deal(
                state,
                piles,
                events,
                pending,
                LAST_WITH_CARDS,
                _with(out, pending, True),
                reshuffles,
            )
        empty_draws = state.empty_draws + 1 if empty else 0
        active = len(holders) + (pending != NOBODY)
        if empty_draws >= active or turns >= TURN_LIMIT:
            how = STALEMATE if empty_draws >= active else TURN_LIMIT_REACHED
            return self._end_deal(
                state, piles, events, self._most_cards(state, piles, holders), how, out, reshuffles
            )
        nxt = (p + 1) % seats
        while nxt not in holders:
            nxt = (nxt + 1) % seats
        return _state(
            state, piles, events, nxt, rank, NORMAL, pending, out, turns, empty_draws, reshuffles
        )

    def _most_cards(
        self, state: RangState, piles: Sequence[tuple[CardFace, ...]], holders: list[Seat]
    ) -> Seat:
        """The stop rule's loser: most cards; on a tie the later in turn order from the dealer's left."""

        def key(s: Seat) -> tuple[int, int]:
            return (len(piles[2 + s]), (s - state.dealer - 1) % state.seats)

        return max(holders, key=key)

    def _end_deal(
        self,
        state: RangState,
        piles: list[tuple[CardFace, ...]],
        events: list[Event],
        loser: Seat,
        how: str,
        out: tuple[bool, ...],
        reshuffles: int,
    ) -> RangState:
        events.append(Event("deal_over", loser, value=how))
        results = (*state.results, (loser, how))
        if len(results) < state.options.match_deals:
            assert state.seed is not None
            return self._deal(
                state.seats,
                state.options,
                state.seed,
                deal=state.deal + 1,
                dealer=(state.dealer + 1) % state.seats,
                results=results,
                events=tuple(events),
            )
        return _state(
            state, piles, events, NOBODY, state.rank, NORMAL, NOBODY, out, state.turns + 1, 0,
            reshuffles, results,
        )  # fmt: skip

    # --- the end -------------------------------------------------------------------------------
    def losses(self, state: RangState) -> tuple[int, ...]:
        counts = [0] * state.seats
        for loser, _ in state.results:
            counts[loser] += 1
        return tuple(counts)

    def outcome(self, state: RangState) -> Outcome | None:
        if state.turn != NOBODY:
            return None
        losses = self.losses(state)
        if state.options.match_deals == 1:
            loser, how = state.results[0]
            reason = {
                LAST_WITH_CARDS: f"{seat(loser)} is the last player holding cards",
                STALEMATE: f"the deal stalled with nothing left to draw; {seat(loser)} holds the most cards",
                TURN_LIMIT_REACHED: f"the deal reached {TURN_LIMIT} turns; {seat(loser)} holds the most cards",
            }[how]
        else:
            fewest = min(losses)
            best = [seat(s) for s in range(state.seats) if losses[s] == fewest]
            who = best[0] if len(best) == 1 else ", ".join(best[:-1]) + " and " + best[-1]
            reason = (
                f"after {len(state.results)} deals {who} "
                f"{'has' if len(best) == 1 else 'share'} the fewest losses ({fewest})"
            )
        return Outcome.from_scores(losses, reason, higher_wins=False)

    # --- presentation ----------------------------------------------------------------------
    def describe(self, event: Event) -> str:
        return presentation.describe(event)

    def present(self, obs: Observation[RangState], names: Sequence[str]) -> TableView:
        return presentation.present(self, obs, names)


def _without(hand: tuple[CardFace, ...], card: Card, from_end: bool) -> tuple[CardFace, ...]:
    """The hand less one copy of ``card`` (the last card when ``from_end`` and it matches)."""
    if from_end and hand and hand[-1] is card:
        return hand[:-1]
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def _with(flags: tuple[bool, ...], i: int, value: bool) -> tuple[bool, ...]:
    return flags[:i] + (value,) + flags[i + 1 :]


def _state(
    state: RangState,
    piles: list[tuple[CardFace, ...]],
    events: list[Event],
    turn: Seat,
    rank: int,
    phase: int,
    pending: Seat,
    out: tuple[bool, ...],
    turns: int,
    empty_draws: int,
    reshuffles: int,
    results: tuple[tuple[Seat, str], ...] | None = None,
) -> RangState:
    """The next state of the same deal (positional construction: this is the hot path)."""
    return RangState(
        Table(state.table.layout, tuple(piles)),
        state.seed,
        tuple(events),
        state.options,
        state.seats,
        state.dealer,
        turn,
        rank,
        phase,
        pending,
        out,
        turns,
        empty_draws,
        reshuffles,
        state.deal,
        state.results if results is None else results,
    )


RANG = Rang()
