"""The rules of Cassino (clubs, no building): the deal, captures, trails, re-deals, the end of
a hand and its scoring.

See ``model.py`` for the game in a paragraph and the decisions taken where the spec is silent.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from cardsuite.core.cards import Card, Suit, parse_cards, standard_deck
from cardsuite.core.errors import GAME_OVER, NotationError, OptionsError, Refusal
from cardsuite.core.events import Event
from cardsuite.core.i18n import _, ngettext
from cardsuite.core.outcome import POINTS, Outcome
from cardsuite.core.position import lay_out, parse_position
from cardsuite.core.position import seat_from_text as _player
from cardsuite.core.position import whole_number as _number
from cardsuite.core.protocol import Observation, RulesBase, normalise_notation
from cardsuite.core.rng import shuffled
from cardsuite.core.series import DealResult, NextDeal, Series
from cardsuite.core.table import Layout, PileSpec, Seat, Table, TableEdit, Visibility
from cardsuite.core.text import seats_text
from cardsuite.core.view import TableView
from cardsuite.games.cassino import GAME
from cardsuite.games.cassino import present as presentation
from cardsuite.games.cassino.model import (
    HAND_SIZE,
    MOST_CARDS,
    NOBODY,
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
NOT_NOW = "NotNow"

ENDING = "hand-scored"

_DECK = standard_deck()
_NO_SEATS: frozenset[Seat] = frozenset()
_CACHE_LIMIT = 200_000
_TABLE, _HANDS = 1, 3  # positions in the layout (hot path)
_new_state = tuple.__new__  # a NamedTuple built without its Python-level __new__


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


def points_text(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


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
        # What a card may take from a table (by the table's cards and the card's value, or
        # minus its rank for a court), and the capture moves: made once, shared.
        self._memo: tuple[Any, Any, Seat, bool, tuple[Capture, ...]] = (None, None, -1, False, ())
        self._by_bits: dict[int, Capture] = {}
        self._masks: dict[tuple[int, ...], dict[int, list[tuple[int, ...]]]] = {}

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
                _("partnerships need 4 or 6 players (pairs sitting opposite), not {n}").format(
                    n=seats
                )
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
        hands: list[list[Card]] = [[] for _s in range(seats)]
        for _round in range(HAND_SIZE):
            for i in range(1, seats + 1):
                hands[(dealer + i) % seats].append(stock.pop())
        laid = tuple(stock.pop() for _card in range(TABLE_DEAL))
        layout = self.layout(seats, opts)
        contents: dict[str, tuple[Card, ...]] = {STOCK: tuple(stock), TABLE: laid}
        for s in range(seats):
            contents[hand(s)] = tuple(hands[s])
        table = Table(layout, tuple(contents.get(spec.id, ()) for spec in layout.specs), ())
        return CassinoState(
            table,
            seed,
            (Dealt(dealer, series.number + 1, laid),),
            opts,
            seats,
            series,
            (dealer + 1) % seats,
            NOBODY,
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
        if "turn" in settings:
            turn = _player(settings["turn"], seats)
            if not table.cards(hand(turn)):
                raise NotationError(f"turn: {settings['turn']} holds no card")
        else:
            turn = self._next_holder(table, seats, dealer)
        last_text = settings.get("last", "none").strip().lower()
        last = NOBODY if last_text in ("none", "-", "") else _player(last_text, seats)
        for key in settings:
            if key not in ("players", "dealer", "turn", "last"):
                raise NotationError(f"unknown setting {key!r} (players, dealer, turn, last)")
        series = Series(opts.hands, 0, dealer)
        return CassinoState(table, seed, (), opts, seats, series, turn, last)

    # --- whose turn, which moves -----------------------------------------------------------
    def to_move(self, state: FullCassino) -> frozenset[Seat]:
        if state.turn != NOBODY:
            return self._to_move[state.turn]
        if state.series.between:
            return self._to_move[state.series.next_dealer(state.seats)]
        return _NO_SEATS

    def _capture_list(
        self, tbl: tuple[Card, ...], held: tuple[Card, ...], seat: Seat, court_all: bool
    ) -> tuple[Capture, ...]:
        """Every capture ``seat`` can make with ``held`` on ``tbl``, in a stable order: hand
        order, then the sets of each card in the order of :func:`sum_masks`.

        The answer for the table and hand last asked about is remembered by identity
        (``legal_moves`` and then ``apply`` ask about the same ones); moves are made once and
        found again by the bits of their cards."""
        memo = self._memo  # one reference, read once: safe with bots in other threads
        if memo[0] is tbl and memo[1] is held and memo[2] == seat and memo[3] is court_all:
            return memo[4]
        out: list[Capture] = []
        vals = tuple([c.rank if c.rank <= 10 else 0 for c in tbl])
        by_value = self._masks.get(vals)
        if by_value is None:
            if len(self._masks) > _CACHE_LIMIT:
                self._masks.clear()
            by_value = self._masks[vals] = {}
        bits = [1 << c.index for c in tbl]
        moves = self._by_bits
        for card in held:
            r = card.rank
            if r <= 10:
                groups = by_value.get(r)
                if groups is None:
                    groups = by_value[r] = [
                        tuple(i for i in range(len(vals)) if m >> i & 1) for m in sum_masks(vals, r)
                    ]
                if not groups:
                    continue
                sets = [sum([bits[i] for i in places]) for places in groups]
            else:
                same = [b for c, b in zip(tbl, bits, strict=True) if c.rank == r]
                sets = ([sum(same)] if same else []) if court_all else same
            tag = card.index * 8 + seat
            for cb in sets:
                move = moves.get(cb << 9 | tag)
                if move is None:
                    if len(moves) > _CACHE_LIMIT:
                        moves.clear()
                    taken = frozenset(c for c in tbl if cb >> c.index & 1)
                    move = moves[cb << 9 | tag] = Capture(seat, card, taken)
                out.append(move)
        result = tuple(out)
        self._memo = (tbl, held, seat, court_all, result)
        return result

    def _options_for(
        self, tbl: tuple[Card, ...], card: Card, court_all: bool
    ) -> tuple[frozenset[Card], ...]:
        """What ``card`` may take from ``tbl`` (not on the hot path)."""
        return tuple(m.taken for m in self._capture_list(tbl, (card,), 0, court_all))

    def takes(
        self, tbl: tuple[Card, ...], card: Card, court_all: bool
    ) -> tuple[frozenset[Card], ...]:
        """Every set of cards of ``tbl`` that ``card`` may capture (§6.2), in a stable order."""
        return self._options_for(tbl, card, court_all)

    def captures(self, state: FullCassino | SeenCassino, seat: Seat) -> tuple[Capture, ...]:
        """Every capture ``seat``'s hand can make on the table now (whoever's turn it is)."""
        return self._capture_list(
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
        held = table.cards(hand(seat))
        tbl = table.cards(TABLE)
        caps = self._capture_list(tbl, held, seat, state.options.court_captures_all)
        legal: tuple[AnyCassinoMove, ...]
        if caps and not state.options.free_trail:
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
            if state.series.between:
                if seat == state.series.next_dealer(state.seats):
                    return None
                return self.not_your_turn(state, move)
            if state.turn == NOBODY:
                return Refusal(GAME_OVER, _("the game is over"))
            return Refusal(NOT_NOW, _("the hand is not over yet"))
        if state.turn == NOBODY:
            if state.series.between:
                return Refusal(NOT_NOW, _("the hand is over: the next dealer deals the next one"))
            return Refusal(GAME_OVER, _("the game is over"))
        if seat != state.turn:
            return self.not_your_turn(state, move)
        if kind is Capture:
            assert isinstance(move, Capture)
            table = state.table
            held = table.cards(hand(seat))
            if move.card in held:
                court_all = state.options.court_captures_all
                caps = self._capture_list(table.cards(TABLE), held, seat, court_all)
                for m in caps:
                    if m is move:
                        return None  # the usual case: a move the engine made itself
                if move in caps:
                    return None
            return self._bad_capture(state, move)
        if kind is Trail:
            assert isinstance(move, Trail)
            held = state.table.cards(hand(seat))
            if move.card not in held:
                return Refusal(CARD_NOT_HELD, _("you do not hold {card}").format(card=move.card))
            if not state.options.free_trail:
                can = self._capture_list(
                    state.table.cards(TABLE), held, seat, state.options.court_captures_all
                )
                if can:
                    return Refusal(
                        MUST_CAPTURE,
                        _("you must capture when you can: {card} can take {cards}").format(
                            card=can[0].card, cards=can[0].cards_text()
                        ),
                    )
            return None
        return Refusal(NOT_NOW, _("that is not a move of this game"))

    def _bad_capture(self, state: FullCassino, move: Capture) -> Refusal | None:
        card, taken = move.card, move.taken
        if card not in state.table.cards(hand(move.seat)):
            return Refusal(CARD_NOT_HELD, _("you do not hold {card}").format(card=card))
        if not taken:
            return Refusal(INVALID_CAPTURE, _("a capture takes at least one table card"))
        tbl = state.table.cards(TABLE)
        for c in by_index(taken):
            if c not in tbl:
                return Refusal(NOT_ON_TABLE, _("{card} is not on the table").format(card=c))
        v = value(card)
        if not v:
            if any(c.rank != card.rank for c in taken) or (
                len(taken) > 1 and not state.options.court_captures_all
            ):
                return Refusal(
                    COURT_PAIRS_ONLY,
                    _(
                        "a Jack, Queen or King has no number value: {card} takes only one card "
                        "of its own rank"
                    ).format(card=card)
                    if not state.options.court_captures_all
                    else _(
                        "a Jack, Queen or King has no number value: {card} takes only the cards "
                        "of its own rank"
                    ).format(card=card),
                )
            if state.options.court_captures_all and len(taken) != sum(
                1 for c in tbl if c.rank == card.rank
            ):
                return Refusal(
                    COURT_TAKES_ALL,
                    _("{card} must take every card of its rank on the table").format(card=card),
                )
            return None
        courts = [c for c in by_index(taken) if not value(c)]
        if courts:
            return Refusal(
                INVALID_CAPTURE,
                _("{court} can only be taken by a card of its own rank").format(court=courts[0]),
            )
        cards = by_index(taken)
        vals = tuple(value(c) for c in cards)
        if (1 << len(cards)) - 1 not in sum_masks(vals, v):
            return Refusal(
                INVALID_CAPTURE,
                _(
                    "{cards} cannot be split into cards of {card}'s rank and sets adding up to {v}"
                ).format(cards=", ".join(map(str, cards)), card=card, v=v),
            )
        return None

    # --- applying a legal move -------------------------------------------------------------
    def perform(self, state: FullCassino, move: AnyCassinoMove) -> FullCassino:
        kind = type(move)
        if kind is NextDeal:
            series = state.series.next(state.seats)
            assert state.seed is not None, "an observation cannot be played on"
            return self._deal(state.seats, state.options, state.seed, series)
        # The hot path works on the layout's fixed order: STOCK, TABLE, OUT, the hands, then
        # the captured piles (see ``layout``).
        seat = move.seat
        seats = state.seats
        table = state.table
        piles = list(table.piles)
        at = _HANDS + seat
        held = piles[at]
        assert isinstance(move, (Capture, Trail))
        card = move.card
        i = held.index(card)
        piles[at] = held[:i] + held[i + 1 :]
        last = state.last
        if kind is Capture:
            assert isinstance(move, Capture)
            taken = tuple(move.taken)  # a tuple: membership by identity, no hashing
            tbl = piles[_TABLE]
            took = tuple([c for c in tbl if c in taken])
            piles[_TABLE] = tuple([c for c in tbl if c not in taken])
            party = seat % (seats // 2) if state.options.partnerships else seat
            w = _HANDS + seats + party
            piles[w] = piles[w] + (card, *took)
            events: tuple[Event, ...] = (Captured(seat, party, card, took),)
            last = seat
        else:
            piles[_TABLE] = piles[_TABLE] + (card,)
            events = self._trailed[seat][card.index]
        for k in range(1, seats + 1):
            nxt = (seat + k) % seats
            if piles[_HANDS + nxt]:
                return _new_state(
                    CassinoState,
                    (
                        _new_state(Table, (table.layout, tuple(piles), table.known)),
                        state.seed,
                        events,
                        state.options,
                        seats,
                        state.series,
                        nxt,
                        last,
                    ),
                )
        edit = TableEdit(table.layout, piles, table.known)
        # Every hand is empty.
        out = list(events)
        if edit[STOCK]:
            dealer = state.dealer
            count = min(HAND_SIZE * seats, len(edit[STOCK]))
            for k in range(count):
                edit.add(hand((dealer + 1 + k) % seats), *edit.take_top(STOCK))
            out.append(Redealt(dealer, count, len(edit[STOCK])))
            frozen = Table(edit.layout, tuple(edit.piles), edit.known)
            turn = self._next_holder(frozen, seats, dealer)
            return CassinoState(
                frozen, state.seed, tuple(out), state.options, seats, state.series, turn, last
            )
        return self._end_of_hand(state, edit, out, last)

    def _next_holder(self, table: Table, seats: int, after: Seat) -> Seat:
        for i in range(1, seats + 1):
            s = (after + i) % seats
            if table.cards(hand(s)):
                return s
        return NOBODY

    def _end_of_hand(
        self, state: FullCassino, edit: TableEdit, events: list[Event], last: Seat
    ) -> FullCassino:
        """The rest of the table to the last capturer, then the scoring (§6.4, §7)."""
        rest = edit[TABLE]
        if rest:
            edit[TABLE] = ()
            if last != NOBODY:
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
                if special in piles[p]:
                    points[p] += 1
                    events.append(SpecialCard(self._seats_of(state, [p]), special))
        number = state.series.number + 1
        events.append(HandOver(number))
        scores = tuple(points[party_of(state, s)] for s in range(state.seats))
        note = _("Hand {n}: {scores}.").format(
            n=number,
            scores=", ".join(
                _("{who} {points}").format(
                    who=seats_text(party_seats(state, p)), points=points_text(points[p])
                )
                for p in range(parties)
            ),
        )
        series = state.series.ended(DealResult(state.dealer, scores, note, ENDING))
        return CassinoState(
            Table(edit.layout, tuple(edit.piles), edit.known),
            state.seed,
            tuple(events),
            state.options,
            state.seats,
            series,
            NOBODY,
            last,
        )

    def _seats_of(self, state: FullCassino, parties: list[int]) -> tuple[Seat, ...]:
        return tuple(sorted(s for p in parties for s in party_seats(state, p)))

    # --- the end -------------------------------------------------------------------------------
    def totals(self, state: CassinoState[Any]) -> tuple[int, ...]:
        """Each seat's points over the finished hands (partners: their side's)."""
        return state.series.totals(state.seats)

    def outcome(self, state: FullCassino) -> Outcome | None:
        if not state.over:
            return None
        totals = self.totals(state)
        best = max(totals)
        winners = [s for s in range(state.seats) if totals[s] == best]
        reason = ngettext(
            "{who} wins with {points}", "{who} share the win with {points}", len(winners)
        ).format(who=seats_text(winners), points=points_text(best))
        if state.options.partnerships and len(winners) == 2:
            reason = _("{who} win with {points}").format(
                who=seats_text(winners), points=points_text(best)
            )
        # What each party captured in the last hand, and its points in all.
        reason = _("{reason} — {parties}").format(
            reason=reason,
            parties="; ".join(
                _("{who} {points} ({stats})").format(
                    who=seats_text(party_seats(state, p)),
                    points=points_text(totals[party_seats(state, p)[0]]),
                    stats=presentation.pile_stats(state, p, full=True),
                )
                for p in range(state.parties)
            ),
        )
        return Outcome.from_scores(
            totals, reason, sides=self.sides(state), ending=ENDING, measure=POINTS
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
        return presentation.present(self, obs)


def by_index(cards: frozenset[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.index))


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
    "points_text",
    "sum_masks",
]  # fmt: skip
