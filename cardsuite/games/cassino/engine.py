"""The rules of Cassino (clubs, no building): the deal, captures, trails, re-deals, the end of
a hand and its scoring.

See ``model.py`` for the game in a paragraph and the decisions taken where the spec is silent.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from cardsuite.core.cards import Card, Suit, parse_cards, standard_deck
from cardsuite.core.errors import NOT_NOW, NotationError, OptionsError, Refusal
from cardsuite.core.events import Event
from cardsuite.core.outcome import POINTS, Outcome
from cardsuite.core.position import lay_out, parse_position
from cardsuite.core.position import seat_from_text as _player
from cardsuite.core.position import whole_number as _number
from cardsuite.core.protocol import Observation, RulesBase, normalise_notation
from cardsuite.core.rng import shuffled
from cardsuite.core.series import DealResult, NextDeal, Series, deal_over_refusal, next_deal_refusal
from cardsuite.core.states import fresh
from cardsuite.core.table import Layout, PileSpec, Seat, Table, TableEdit, Visibility
from cardsuite.core.text import Listed, say, say_n, seats_text
from cardsuite.core.view import TableView
from cardsuite.games.cassino import GAME
from cardsuite.games.cassino import present as presentation
from cardsuite.games.cassino.model import (
    HAND_SIZE,
    MOST_CARDS,
    OUT,
    STOCK,
    TABLE,
    TABLE_DEAL,
    TEN_DIAMONDS,
    TIED_CARDS,
    TWO_CLUBS,
    Capture,
    Captured,
    CassinoMove,
    CassinoOptions,
    CassinoState,
    ClubsTied,
    Dealt,
    FullCassino,
    HandOver,
    MostCards,
    MostClubs,
    Redealt,
    RestUnscored,
    SeenCassino,
    SpecialCard,
    TookRest,
    Trail,
    Trailed,
    hand,
    party_of,
    party_seats,
    pile_stats,
    points_text,
    totals,
    value,
    won,
)

AnyCassinoMove = CassinoMove | NextDeal

# Refusal codes (cassino-clubs.md §11 s4 names the first).
MUST_CAPTURE = "MustCapture"
CARD_NOT_HELD = "CardNotHeld"
NOT_ON_TABLE = "NotOnTable"
COURT_PAIRS_ONLY = "CourtPairsOnly"
COURT_TAKES_ALL = "CourtTakesAll"
INVALID_CAPTURE = "InvalidCapture"

ENDING = "hand-scored"

_DECK = standard_deck()
_NO_SEATS: frozenset[Seat] = frozenset()
# The sets a number card may take, remembered by the values they are taken from; the moves made,
# by their cards.  Both are cleared when they reach this size.
_CACHE_LIMIT = 20_000


def _groups(vals: tuple[int, ...], v: int) -> list[int]:
    """Bit masks of the groups of ``vals`` (card values; 0 = a court) that capture with value
    ``v``: every set of number cards adding up to ``v`` (a single card of value ``v`` is a
    pair)."""
    idx = [i for i, x in enumerate(vals) if 0 < x <= v]
    out: list[int] = []

    def walk(start: int, total: int, mask: int) -> None:
        for k in range(start, len(idx)):
            i = idx[k]
            t = total + vals[i]
            if t == v:
                out.append(mask | 1 << i)
            elif t < v:
                walk(k + 1, t, mask | 1 << i)

    walk(0, 0, 0)
    return out


def sum_masks(vals: tuple[int, ...], v: int) -> list[int]:
    """Every non-empty union of disjoint groups (see :func:`_groups`), as bit masks, each once,
    in a stable order."""
    reach = [0]
    for g in _groups(vals, v):
        reach += [m | g for m in reach if not m & g]
    # two splits of one set are one capture (§6.2)
    return list(dict.fromkeys(reach[1:]))


@GAME.describes
class Cassino(RulesBase[FullCassino, SeenCassino, AnyCassinoMove]):
    def __init__(self) -> None:
        self._layouts: dict[tuple[int, bool], Layout] = {}
        self._to_move = tuple(frozenset({s}) for s in range(6))
        # Trails and their events by seat and card index (a list: no hashing on the hot path).
        by_index = sorted(_DECK, key=lambda card: card.index)
        assert [card.index for card in by_index] == list(range(len(_DECK)))
        self._trails = tuple([Trail(s, card) for card in by_index] for s in range(6))
        self._trailed = tuple([(Trailed(s, card),) for card in by_index] for s in range(6))
        self._next = tuple(NextDeal(s) for s in range(6))
        # What a number card may take, by its value and the values it may take from (tuples of
        # numbers, which the garbage collector need not follow), and the capture moves made,
        # found again by their cards (see _captures).
        self._sets: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}
        self._moves: dict[int, Capture] = {}

    # --- setup ---------------------------------------------------------------------------
    def layout(self, seats: int, options: CassinoOptions) -> Layout:
        key = (seats, options.partnerships)
        layout = self._layouts.get(key)
        if layout is None:
            parties = seats // 2 if options.partnerships else seats
            specs = [PileSpec(STOCK, None, Visibility.HIDDEN), PileSpec(TABLE), PileSpec(OUT)]
            specs += [PileSpec(hand(s), s, Visibility.OWNER) for s in range(seats)]
            # Captured piles: every capture is made face up (public, drawn as counts).
            specs += [PileSpec(won(p)) for p in range(parties)]
            layout = self._layouts[key] = Layout(specs)
        return layout

    def deck(self, state: CassinoState[Any]) -> tuple[Card, ...]:
        return _DECK

    def sides(self, state: CassinoState[Any]) -> tuple[frozenset[Seat], ...]:
        if state.options.partnerships:
            half = state.seats // 2
            return tuple(frozenset({p, p + half}) for p in range(half))
        return tuple(frozenset({s}) for s in range(state.seats))

    def check_options(self, seats: int, options: CassinoOptions) -> None:
        self.check_seats(seats)
        if options.partnerships and seats not in (4, 6):
            raise OptionsError(
                say("partnerships need 4 or 6 players (pairs sitting opposite), not {n}", n=seats)
            )

    def new_game(self, *, seats: int, options: Any = None, seed: int = 0) -> FullCassino:
        opts: CassinoOptions = self.resolve_options(options)
        self.check_options(seats, opts)
        series = Series.start(seed=seed, seats=seats, deals=opts.hands)
        return self._deal(seats, opts, seed, series)

    def _deal(self, seats: int, opts: CassinoOptions, seed: int, series: Series) -> FullCassino:
        """Shuffle and deal (§5): four cards each, one at a time from the dealer's left, then
        four face up on the table; the rest is the stock."""
        stock = shuffled(_DECK, seed, "deal", series.number)  # top = end
        dealer = series.dealer
        layout = self.layout(seats, opts)
        piles: list[tuple[Card, ...]] = [()] * len(layout.ids)
        dealt = HAND_SIZE * seats
        rest = len(stock) - dealt - TABLE_DEAL
        piles[layout.positions[STOCK]] = tuple(stock[:rest])
        piles[layout.positions[TABLE]] = laid = tuple(reversed(stock[rest : rest + TABLE_DEAL]))
        deal_round(layout, piles, tuple(reversed(stock[rest + TABLE_DEAL :])), dealer, seats)
        return CassinoState(
            table=Table(layout, tuple(piles)),
            seed=seed,
            events=(Dealt(dealer, series.number + 1, laid),),
            options=opts,
            seats=seats,
            series=series,
            turn=(dealer + 1) % seats,
            last=None,
        )

    def position(self, text: str, *, options: Any = None, seed: int = 0) -> FullCassino:
        """A position written as text, for tests and puzzles.

        Hands by player, cards bottom first; ``P1`` … ``P6`` are seats 0 … 5, and the dealer is
        by default the last seat, so ``P1`` sits on the dealer's left and plays first, as the
        spec numbers players::

            P1: 10♦ 8♠
            P2: J♥ 3♣
            table: 6♣ 4♥ 10♠ 3♦     the face-up cards on the table
            won.P2: 5♠ 5♥           cards P2 (his side, in partnerships) has captured
            last: P2                the last capturer in this hand (default: nobody)

        Other piles: ``stock`` (the undealt pack; every card not named goes there, unless
        ``stock`` is named: then they are set aside in ``out``, out of play and unscored),
        ``won.0`` … (captured piles by party: a seat, or a side ``p`` = seats ``p`` and
        ``p + n/2``), ``out``.  Other settings: ``players: 3`` (default: from the highest ``Pn``
        named, at least 2), ``dealer: P2`` (default: the last seat), ``turn: P2`` (default: the
        first player left of the dealer holding cards).  At least one hand must hold cards.
        """
        opts: CassinoOptions = self.resolve_options(options)
        keys: set[str] = set()
        for line in text.splitlines():
            key, sep, _value = line.split("#", 1)[0].partition(":")
            if sep and key.strip():
                keys.add(key.strip())
        numbered = [int(m.group(1)) for k in keys if (m := re.fullmatch(r"(?:won\.)?P(\d)", k))]
        players = next(
            (
                line.split("#", 1)[0].partition(":")[2].strip()
                for line in text.splitlines()
                if line.split("#", 1)[0].partition(":")[0].strip() == "players"
            ),
            None,
        )
        seats = _number(players, "players") if players else max(max(numbered, default=2), 2)
        self.check_options(seats, opts)
        layout = self.layout(seats, opts)
        parties = seats // 2 if opts.partnerships else seats
        aliases = {f"P{s + 1}": hand(s) for s in range(seats)}
        for s in range(seats):
            aliases[f"won.P{s + 1}"] = won(s % parties)
        given = parse_position(text, layout, aliases)
        rest = OUT if STOCK in given.piles else STOCK
        table = lay_out(layout, _DECK, given.piles, rest=rest, seed=seed)
        settings = given.settings
        dealer = _player(settings["dealer"], seats) if "dealer" in settings else seats - 1
        if not any(table.cards(hand(s)) for s in range(seats)):
            raise NotationError("no player holds a card: nothing to play")
        turn: Seat | None
        if "turn" in settings:
            turn = _player(settings["turn"], seats)
            if not table.cards(hand(turn)):
                raise NotationError(f"turn: {settings['turn']} holds no card")
        else:
            turn = self._next_holder(table, seats, dealer)
        last_text = settings.get("last", "none").strip().lower()
        last = None if last_text in ("none", "-", "") else _player(last_text, seats)
        for key in settings:
            if key not in ("players", "dealer", "turn", "last"):
                raise NotationError(f"unknown setting {key!r} (players, dealer, turn, last)")
        return fresh(CassinoState, table, seed, opts, seats)._replace(
            series=Series(opts.hands, 0, dealer), turn=turn, last=last
        )

    # --- whose turn, which moves -----------------------------------------------------------
    def to_move(self, state: FullCassino) -> frozenset[Seat]:
        if state.turn is not None:
            return self._to_move[state.turn]
        if state.series.between:
            return self._to_move[state.series.next_dealer(state.seats)]
        return _NO_SEATS

    def _captures(
        self, tbl: tuple[Card, ...], held: tuple[Card, ...], seat: Seat, court_all: bool
    ) -> tuple[Capture, ...]:
        """Every capture ``seat`` can make holding ``held`` with ``tbl`` on the table (§6.2), in
        a stable order: hand order, then each card's sets in the order of :func:`sum_masks`.

        A number card takes sets of number cards adding up to its value; a court, one card of
        its rank (or all of them, with ``court_all``).  Moves are made once and found again by
        their cards."""
        sums = 1  # bit t: some set of the table's number cards adds up to t
        ranks = 0  # bit r: a card of rank r lies on the table
        for c in tbl:
            r = c.rank
            ranks |= 1 << r
            if r <= 10:
                sums |= sums << r
        vals: list[int] = []  # value(c) of each table card, once a number card needs them
        moves = self._moves
        out: list[Capture] = []
        for card in held:
            r = card.rank
            takes: list[int]
            if r <= 10:
                if not sums >> r & 1:
                    continue  # nothing on the table adds up to its value
                if not vals:
                    vals = [c.rank if c.rank <= 10 else 0 for c in tbl]
                places = [i for i, v in enumerate(vals) if v <= r and v]
                key = (r, *[vals[i] for i in places])
                sets = self._sets.get(key)
                if sets is None:
                    if len(self._sets) >= _CACHE_LIMIT:
                        self._sets.clear()
                    sets = self._sets[key] = tuple(
                        tuple(places_of(mask)) for mask in sum_masks(key[1:], r)
                    )
                bits = [1 << tbl[i].index for i in places]
                takes = [sum([bits[j] for j in s]) for s in sets]
            else:
                if not ranks >> r & 1:
                    continue  # no card of its rank on the table
                takes = [1 << c.index for c in tbl if c.rank == r]
                if court_all:
                    takes = [sum(takes)]
            tag = card.index << 3 | seat
            for taken in takes:
                key_bits = taken << 9 | tag
                move = moves.get(key_bits)
                if move is None:
                    if len(moves) >= _CACHE_LIMIT:
                        moves.clear()
                    cards = frozenset([c for c in tbl if taken >> c.index & 1])
                    move = moves[key_bits] = Capture(seat, card, cards)
                out.append(move)
        return tuple(out)

    def takes(
        self, tbl: tuple[Card, ...], card: Card, court_all: bool
    ) -> tuple[frozenset[Card], ...]:
        """Every set of cards of ``tbl`` that ``card`` may capture (§6.2), in a stable order."""
        return tuple(m.taken for m in self._captures(tbl, (card,), 0, court_all))

    def captures(self, state: FullCassino | SeenCassino, seat: Seat) -> tuple[Capture, ...]:
        """Every capture ``seat``'s hand can make on the table now (whoever's turn it is)."""
        return self._captures(
            tuple(state.table.visible(TABLE)),
            tuple(state.table.visible(hand(seat))),
            seat,
            state.options.court_captures_all,
        )

    def candidates(self, state: FullCassino, seat: Seat) -> Iterable[AnyCassinoMove]:
        yield self._next[seat]
        yield from self.captures(state, seat)
        trails = self._trails[seat]
        for card in state.table.cards(hand(seat)):
            yield trails[card.index]

    def legal_moves(self, state: FullCassino, seat: Seat) -> tuple[AnyCassinoMove, ...]:
        # The same answers, in the same order, as filtering candidates() through
        # why_illegal(), computed directly: a random playout asks at every step.
        if seat != state.turn:
            if state.series.between and seat == state.series.next_dealer(state.seats):
                return (self._next[seat],)
            return ()
        table = state.table
        positions = table.layout.positions
        held = table.piles[positions[hand(seat)]]
        options = state.options
        caps = self._captures(table.piles[positions[TABLE]], held, seat, options.court_captures_all)
        legal: tuple[AnyCassinoMove, ...]
        if caps and not options.free_trail:
            legal = caps
        else:
            trails = self._trails[seat]
            legal = (*caps, *[trails[card.index] for card in held])
        self.remember_legal(state, legal)  # apply need not judge them again
        return legal

    # --- the one legality check ----------------------------------------------------------
    def why_illegal(self, state: FullCassino, move: AnyCassinoMove) -> Refusal | None:
        seat = move.seat
        kind = type(move)
        if kind is NextDeal:
            return next_deal_refusal(
                state.series,
                seat,
                state.series.next_dealer(state.seats),
                game_over=state.turn is None,
                not_over=Refusal(NOT_NOW, say("the hand is not over yet")),
            )
        if state.turn is None:
            return deal_over_refusal(
                state.series,
                state.series.next_dealer(state.seats),
                between=Refusal(
                    NOT_NOW, say("the hand is over: the next dealer deals the next one")
                ),
            )
        if seat != state.turn:
            return self.not_your_turn(state, move)
        if kind is Capture:
            assert isinstance(move, Capture)
            table = state.table
            held = table.cards(hand(seat))
            if move.card in held:
                court_all = state.options.court_captures_all
                if move in self._captures(table.cards(TABLE), held, seat, court_all):
                    return None
            return self._bad_capture(state, move)
        if kind is Trail:
            assert isinstance(move, Trail)
            held = state.table.cards(hand(seat))
            if move.card not in held:
                return Refusal(CARD_NOT_HELD, say("you do not hold {card}", card=move.card))
            if not state.options.free_trail:
                can = self._captures(
                    state.table.cards(TABLE), held, seat, state.options.court_captures_all
                )
                if can:
                    return Refusal(
                        MUST_CAPTURE,
                        say(
                            "you must capture when you can: {card} can take {cards}",
                            card=can[0].card,
                            cards=can[0].cards_text(),
                        ),
                    )
            return None
        return Refusal(NOT_NOW, say("that is not a move of this game"))

    def _bad_capture(self, state: FullCassino, move: Capture) -> Refusal | None:
        card, taken = move.card, move.taken
        if card not in state.table.cards(hand(move.seat)):
            return Refusal(CARD_NOT_HELD, say("you do not hold {card}", card=card))
        if not taken:
            return Refusal(INVALID_CAPTURE, say("a capture takes at least one table card"))
        tbl = state.table.cards(TABLE)
        for c in by_index(taken):
            if c not in tbl:
                return Refusal(NOT_ON_TABLE, say("{card} is not on the table", card=c))
        v = value(card)
        if not v:
            if any(c.rank != card.rank for c in taken) or (
                len(taken) > 1 and not state.options.court_captures_all
            ):
                return Refusal(
                    COURT_PAIRS_ONLY,
                    say(
                        "a Jack, Queen or King has no number value: {card} takes only one card "
                        "of its own rank",
                        card=card,
                    )
                    if not state.options.court_captures_all
                    else say(
                        "a Jack, Queen or King has no number value: {card} takes only the cards "
                        "of its own rank",
                        card=card,
                    ),
                )
            if state.options.court_captures_all and len(taken) != sum(
                1 for c in tbl if c.rank == card.rank
            ):
                return Refusal(
                    COURT_TAKES_ALL,
                    say("{card} must take every card of its rank on the table", card=card),
                )
            return None
        courts = [c for c in by_index(taken) if not value(c)]
        if courts:
            return Refusal(
                INVALID_CAPTURE,
                say("{court} can only be taken by a card of its own rank", court=courts[0]),
            )
        cards = by_index(taken)
        vals = tuple(value(c) for c in cards)
        if (1 << len(cards)) - 1 not in sum_masks(vals, v):
            return Refusal(
                INVALID_CAPTURE,
                say(
                    "{cards} cannot be split into cards of {card}'s rank and sets adding up to {v}",
                    cards=", ".join(map(str, cards)),
                    card=card,
                    v=v,
                ),
            )
        return None

    # --- applying a legal move -------------------------------------------------------------
    def perform(self, state: FullCassino, move: AnyCassinoMove) -> FullCassino:
        if type(move) is NextDeal:
            series = state.series.next(state.seats)
            assert state.seed is not None, "an observation cannot be played on"
            return self._deal(state.seats, state.options, state.seed, series)
        assert isinstance(move, (Capture, Trail))
        seat, card = move.seat, move.card
        seats = state.seats
        table = state.table
        positions = table.layout.positions
        piles = list(table.piles)
        at_hand, at_table = positions[hand(seat)], positions[TABLE]
        piles[at_hand] = without(piles[at_hand], card)
        tbl = piles[at_table]
        last = state.last
        events: tuple[Event, ...]
        if type(move) is Capture:
            # The played card and the cards it takes go to the party's pile (§6.3).
            gone = 0  # the cards taken, as bits of their indexes
            for c in move.taken:
                gone |= 1 << c.index
            took = tuple([c for c in tbl if gone >> c.index & 1])
            piles[at_table] = tuple([c for c in tbl if not gone >> c.index & 1])
            party = party_of(state, seat)
            piles[positions[won(party)]] += (card, *took)
            events = (Captured(seat, party, card, took),)
            last = seat
        else:
            piles[at_table] = (*tbl, card)
            events = self._trailed[seat][card.index]
        # The turn passes to the left, skipping players with empty hands (§5.4).
        for k in range(1, seats + 1):
            nxt = (seat + k) % seats
            if piles[positions[hand(nxt)]]:
                return CassinoState(
                    table=Table(table.layout, tuple(piles), table.known),
                    seed=state.seed,
                    events=events,
                    options=state.options,
                    seats=seats,
                    series=state.series,
                    turn=nxt,
                    last=last,
                )
        # Every hand is empty: the dealer deals again from the stock, none to the table.
        stock = piles[positions[STOCK]]
        if stock:
            dealer = state.dealer
            count = min(HAND_SIZE * seats, len(stock))
            piles[positions[STOCK]] = stock[: len(stock) - count]
            deal_round(table.layout, piles, stock[len(stock) - count :][::-1], dealer, seats)
            frozen = Table(table.layout, tuple(piles), table.known)
            return CassinoState(
                table=frozen,
                seed=state.seed,
                events=(*events, Redealt(dealer, count, len(stock) - count)),
                options=state.options,
                seats=seats,
                series=state.series,
                turn=self._next_holder(frozen, seats, dealer),
                last=last,
            )
        return self._end_of_hand(state, TableEdit(table.layout, piles, table.known), events, last)

    def _next_holder(self, table: Table, seats: int, after: Seat) -> Seat | None:
        """The first player left of ``after`` holding cards (None when every hand is empty)."""
        for i in range(1, seats + 1):
            s = (after + i) % seats
            if table.cards(hand(s)):
                return s
        return None

    def _end_of_hand(
        self, state: FullCassino, edit: TableEdit, played: tuple[Event, ...], last: Seat | None
    ) -> FullCassino:
        """The rest of the table to the last capturer, then the scoring (§6.4, §7)."""
        events = list(played)
        rest = edit[TABLE]
        if rest:
            edit[TABLE] = ()
            if last is not None:
                party = party_of(state, last)
                edit.add(won(party), *rest)
                events.append(TookRest(last, party, rest))
            else:
                edit.add(OUT, *rest)
                events.append(RestUnscored(rest))
        parties = state.parties
        points = [0] * parties
        piles = [edit[won(p)] for p in range(parties)]
        cards = [len(pile) for pile in piles]
        clubs = [sum(1 for c in pile if c.suit is Suit.CLUBS) for pile in piles]
        best = max(cards)
        top = [p for p in range(parties) if cards[p] == best]
        if best > 0:
            score = MOST_CARDS if len(top) == 1 else TIED_CARDS
            for p in top:
                points[p] += score
            events.append(MostCards(self._seats_of(state, top), best, score))
        most = max(clubs)
        leaders = [p for p in range(parties) if clubs[p] == most]
        if most > 0 and len(leaders) == 1:
            points[leaders[0]] += 1
            events.append(MostClubs(self._seats_of(state, leaders), most))
        elif most > 0:
            events.append(ClubsTied(most))
        for special in (TWO_CLUBS, TEN_DIAMONDS):
            for p in range(parties):
                if holds(piles[p], special):
                    points[p] += 1
                    events.append(SpecialCard(self._seats_of(state, [p]), special))
        number = state.series.number + 1
        events.append(HandOver(number))
        scores = tuple(points[party_of(state, s)] for s in range(state.seats))
        note = say(
            "Hand {n}: {scores}.",
            n=number,
            scores=Listed(
                say(
                    "{who} {points}",
                    who=seats_text(party_seats(state, p)),
                    points=points_text(points[p]),
                )
                for p in range(parties)
            ),
        )
        return CassinoState(
            table=edit.freeze(),
            seed=state.seed,
            events=tuple(events),
            options=state.options,
            seats=state.seats,
            series=state.series.ended(DealResult(state.dealer, scores, note, ENDING)),
            turn=None,
            last=last,
        )

    def _seats_of(self, state: FullCassino, parties: list[int]) -> tuple[Seat, ...]:
        return tuple(sorted(s for p in parties for s in party_seats(state, p)))

    # --- the end -------------------------------------------------------------------------------
    def outcome(self, state: FullCassino) -> Outcome | None:
        if not state.over:
            return None
        points = totals(state)
        best = max(points)
        winners = [s for s in range(state.seats) if points[s] == best]
        reason = say_n(
            "{who} wins with {points}",
            "{who} share the win with {points}",
            len(winners),
            who=seats_text(winners),
            points=points_text(best),
        )
        if state.options.partnerships and len(winners) == 2:
            reason = say(
                "{who} win with {points}", who=seats_text(winners), points=points_text(best)
            )
        # What each party captured in the last hand, and its points in all.
        reason = say(
            "{reason} — {parties}",
            reason=reason,
            parties=Listed(
                (
                    say(
                        "{who} {points} ({stats})",
                        who=seats_text(party_seats(state, p)),
                        points=points_text(points[party_seats(state, p)[0]]),
                        stats=pile_stats(state, p, full=True),
                    )
                    for p in range(state.parties)
                ),
                "; ",
            ),
        )
        return Outcome.from_scores(
            points, reason, sides=self.sides(state), ending=ENDING, measure=POINTS
        )

    # --- notation ------------------------------------------------------------------------------
    def move_from_text(
        self, state: FullCassino, text: str, seat: Seat | None = None
    ) -> AnyCassinoMove:
        """The legal move written as ``text``; a capture may name the cards it takes in any
        order (``10♦ takes 4♥ 10♠ 6♣``)."""
        head, sep, tail = normalise_notation(text).partition(" takes ")
        if sep:
            try:
                card = parse_cards(head)
                taken = frozenset(parse_cards(tail))
            except NotationError:
                card = ()
            if len(card) == 1:
                seats = sorted(self.to_move(state)) if seat is None else [seat]
                for s in seats:
                    for move in self.legal_moves(state, s):
                        if (
                            isinstance(move, Capture)
                            and move.card is card[0]
                            and move.taken == taken
                        ):
                            return move
        return super().move_from_text(state, text, seat)

    # --- presentation ----------------------------------------------------------------------
    def present(self, obs: Observation[SeenCassino]) -> TableView:
        return presentation.present(obs)


def by_index(cards: frozenset[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.index))


def without(pile: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``pile`` less ``card``, found by identity: cards are interned, and comparing two
    different cards for equality runs Python code (a Card defines ``__lt__``)."""
    for i, c in enumerate(pile):
        if c is card:
            return pile[:i] + pile[i + 1 :]
    raise ValueError(f"{card} is not in the pile")


def holds(pile: tuple[Card, ...], card: Card) -> bool:
    """Whether ``card`` lies in ``pile`` (by identity, as :func:`without`)."""
    return any(c is card for c in pile)


def places_of(mask: int) -> list[int]:
    """The positions of the bits set in ``mask``, lowest first."""
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def deal_round(
    layout: Layout, piles: list[tuple[Card, ...]], cards: tuple[Card, ...], dealer: Seat, seats: int
) -> None:
    """Deal ``cards`` (in the order they come off the stock) one at a time round the table,
    from the dealer's left, onto the ends of the hands in ``piles`` (laid out by ``layout``)."""
    positions = layout.positions
    for offset in range(min(seats, len(cards))):
        piles[positions[hand((dealer + 1 + offset) % seats)]] += cards[offset::seats]


__all__ = [
    "CARD_NOT_HELD",
    "COURT_PAIRS_ONLY",
    "COURT_TAKES_ALL",
    "INVALID_CAPTURE",
    "MUST_CAPTURE",
    "NOT_NOW",
    "NOT_ON_TABLE",
    "AnyCassinoMove",
    "Cassino",
    "sum_masks",
]  # fmt: skip
