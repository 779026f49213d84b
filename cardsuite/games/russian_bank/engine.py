"""The rules of Russian Bank: the deal, the moves of §6.2, the follow-ups, the Stop and the end.

See ``model.py`` for the game in a paragraph and the decisions taken where the spec is silent.
The table's piles are read by position on the hot paths (their order is fixed in
``model.PILE_IDS``): seat s's reserve, hand, hand card and waste at ``4s`` … ``4s+3``, the
houses at 8 … 15, the foundations at 16 … 23.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardsuite.core.cards import ACE, Card, parse_card, standard_deck
from cardsuite.core.errors import GAME_OVER, NotationError, Refusal
from cardsuite.core.events import Event
from cardsuite.core.i18n import _
from cardsuite.core.outcome import POINTS, Outcome
from cardsuite.core.protocol import Observation, RulesBase
from cardsuite.core.rng import make_rng, shuffled
from cardsuite.core.table import Layout, PileId, PileSpec, Seat, Table, Visibility
from cardsuite.core.text import seat as who
from cardsuite.core.view import TableView
from cardsuite.games.russian_bank import GAME
from cardsuite.games.russian_bank import present as presentation
from cardsuite.games.russian_bank.model import (
    ASIDE,
    AUTO,
    BLOCK,
    CARD_AT,
    FOUND_AT,
    FOUND_IDS,
    HAND_AT,
    HOUSE_AT,
    HOUSE_IDS,
    MAX_TURNS,
    NO_PROGRESS,
    NO_PROGRESS_TURNS,
    NOBODY,
    OVER,
    PER_SEAT,
    PILE_IDS,
    PLAY,
    POS,
    R_AT,
    RESERVE_SIZE,
    SEATS,
    STOP,
    TURN_LIMIT,
    TURN_MOVE_CAP,
    WASTE_AT,
    WIN,
    Dealt,
    Discard,
    Discarded,
    Drawn,
    EndTurn,
    FullRussianBank,
    HandTurned,
    Play,
    Played,
    ReserveTurned,
    RussianBankMove,
    RussianBankOptions,
    RussianBankState,
    SeenRussianBank,
    StopCalled,
    StopPlace,
    StopPlaced,
    TurnBegins,
    TurnEnded,
    WasteTurned,
    Won,
    hand,
    hand_card,
    reserve,
    waste,
)

# Refusal codes (russian-bank.md §6.2 and §8.1, in CamelCase).
NOT_AVAILABLE = "NotAvailable"
FOUNDATION_MISMATCH = "FoundationMismatch"
HOUSE_MISMATCH = "HouseMismatch"
LOAD_MISMATCH = "LoadMismatch"
NOT_A_TARGET = "NotATarget"
POINTLESS_MOVE = "PointlessMove"
FOUNDATION_MOVE_REQUIRED = "FoundationMoveRequired"

_DECKS = (standard_deck(back=0), standard_deck(back=1))
_NO_SEATS: frozenset[Seat] = frozenset()
_ONE = (frozenset({0}), frozenset({1}))
_LAYOUT = Layout(
    [
        spec
        for s in range(SEATS)
        for spec in (
            PileSpec(reserve(s), s, Visibility.TOP),
            PileSpec(hand(s), s, Visibility.HIDDEN),
            PileSpec(hand_card(s), s, Visibility.PUBLIC),
            PileSpec(waste(s), s, Visibility.TOP),
        )
    ]
    + [PileSpec(pid) for pid in HOUSE_IDS]
    + [PileSpec(pid) for pid in FOUND_IDS]
    + [PileSpec(ASIDE)]
)
assert _LAYOUT.ids == PILE_IDS
_HOUSES = range(HOUSE_AT, HOUSE_AT + 8)
_SOURCES = tuple((PER_SEAT * s + R_AT, PER_SEAT * s + CARD_AT, *_HOUSES) for s in range(SEATS))
_AT = len(PILE_IDS)  # source * _AT + target indexes the move cache
_KEYS = _AT * _AT
_FOUNDS = range(FOUND_AT, FOUND_AT + 8)

# By a card's face (Card.index % 53 = (rank-1)*4 + suit order; clubs, diamonds, hearts, spades):
_FACES = 53
_RED = tuple((f % 4) in (1, 2) for f in range(52))
# The key a card has, and the key a house top accepts (one rank lower, the other colour).
_HKEY = tuple((f // 4 + 1) * 2 + _RED[f] for f in range(52))
_HWANTS = tuple((f // 4) * 2 + (not _RED[f]) for f in range(52))
# Ace-high seniority for choosing the first player.
_SENIORITY = {r: (14 if r == ACE else r) for r in range(1, 14)}


def fits_foundation(card: Card, top: Card | None) -> bool:
    if top is None:
        return card.rank == ACE
    return card.index % _FACES == top.index % _FACES + 4


def fits_house(card: Card, top: Card) -> bool:
    return _HKEY[card.index % _FACES] == _HWANTS[top.index % _FACES]


def fits_load(card: Card, top: Card) -> bool:
    diff = card.index % _FACES - top.index % _FACES
    return diff == 4 or diff == -4


def seat_cards(piles: tuple[tuple[Card, ...], ...] | list[Any], s: Seat) -> int:
    """Cards in seat s's reserve, hand, hand card and waste."""
    b = PER_SEAT * s
    return len(piles[b]) + len(piles[b + 1]) + len(piles[b + 2]) + len(piles[b + 3])


class _Work:
    """A state being changed by one move."""

    __slots__ = (
        "best",
        "ending",
        "events",
        "first",
        "known",
        "mark",
        "missed",
        "moves",
        "options",
        "phase",
        "piles",
        "placed",
        "progressed",
        "seed",
        "turn",
        "turns",
        "violator",
        "winner",
    )  # fmt: skip

    def __init__(self, state: FullRussianBank) -> None:
        self.piles: list[tuple[Card, ...]] = list(state.table.piles)
        self.known = state.table.known
        self.events: list[Event] = []
        self.seed = state.seed
        self.options = state.options
        self.phase = state.phase
        self.turn = state.turn
        self.first = state.first
        self.moves = state.moves
        self.turns = state.turns
        self.mark = state.mark
        self.best = state.best
        self.violator = state.violator
        self.missed = state.missed
        self.placed = state.placed
        self.winner = state.winner
        self.ending = state.ending

    def freeze(self) -> FullRussianBank:
        return RussianBankState(
            Table(_LAYOUT, tuple(self.piles), self.known),
            self.seed,
            tuple(self.events),
            self.options,
            SEATS,
            self.phase,
            self.turn,
            self.first,
            self.moves,
            self.turns,
            self.mark,
            self.best,
            self.violator,
            self.missed,
            self.placed,
            self.winner,
            self.ending,
        )

    def progress(self) -> None:
        """A progress event (§7): the draw count starts again after this turn."""
        self.mark = self.turns + 1

    def check_minimum(self) -> None:
        piles = self.piles
        total = seat_cards(piles, 0) + seat_cards(piles, 1)
        if total < self.best:
            self.best = total
            self.progress()


@GAME.describes
class RussianBank(RulesBase[FullRussianBank, SeenRussianBank, RussianBankMove]):
    def __init__(self) -> None:
        self._plays: dict[tuple[int, int, int, int], Play] = {}
        # The same moves by seat, source and target position, then by card index (ints hash
        # without a Python call, unlike cards).
        self._cache: list[dict[int, Play]] = [{} for _ in range(SEATS * _KEYS)]
        self._stops: dict[tuple[int, int, int, int], StopPlace] = {}
        self._discard = (Discard(0), Discard(1))
        self._end = (EndTurn(0), EndTurn(1))

    # --- setup ---------------------------------------------------------------------------
    def layout(self) -> Layout:
        return _LAYOUT

    def deck(self, state: RussianBankState[Any]) -> tuple[Card, ...]:
        return _DECKS[0] + _DECKS[1]

    def _blank(self, opts: RussianBankOptions, seed: int, table: Table) -> FullRussianBank:
        return RussianBankState(
            table, seed, (), opts, SEATS, PLAY, 0, 0, 0, 0, 0, 96, NOBODY, (), None, NOBODY, ""
        )

    def new_game(self, *, seats: int = 2, options: Any = None, seed: int = 0) -> FullRussianBank:
        opts: RussianBankOptions = self.resolve_options(options)
        self.check_seats(seats)
        piles: list[tuple[Card, ...]] = [() for _ in PILE_IDS]
        for s in range(SEATS):
            cards = shuffled(_DECKS[s], seed, "deal", s)  # the top of the deck is the end
            b = PER_SEAT * s
            piles[b + R_AT] = tuple(cards[-RESERVE_SIZE:])
            for j in range(4):
                piles[HOUSE_AT + 4 * s + j] = (cards[-RESERVE_SIZE - 1 - j],)
            piles[b + HAND_AT] = tuple(cards[: -RESERVE_SIZE - 4])
        table = Table(_LAYOUT, tuple(piles), ())
        first, why = self.first_player(table, seed)
        work = _Work(self._blank(opts, seed, table))
        work.best = seat_cards(piles, 0) + seat_cards(piles, 1)
        work.first = first
        work.events.append(Dealt(first, why))
        self._start_turn(work, first)
        return work.freeze()

    def first_player(self, table: Table, seed: int) -> tuple[Seat, str]:
        """§5.5: the higher reserve top (Ace high), then H1/H5 … H4/H8, then by lot."""
        pairs = [(table.top(reserve(0)), table.top(reserve(1)))]
        pairs += [(table.top(HOUSE_IDS[k]), table.top(HOUSE_IDS[k + 4])) for k in range(4)]
        for n, (a, b) in enumerate(pairs):
            if a is None or b is None:
                continue
            ra, rb = _SENIORITY[a.rank], _SENIORITY[b.rank]
            if ra != rb:
                first = 0 if ra > rb else 1
                high, low = (a, b) if ra > rb else (b, a)
                if n == 0:
                    why = _("reserve card {high} beats {low}").format(high=high, low=low)
                else:
                    why = _("reserve cards tie; house card {high} beats {low}").format(
                        high=high, low=low
                    )
                return first, why
        first = make_rng(seed, "first").randrange(SEATS)
        return first, _("every compared card ties; chosen by lot")

    def position(self, text: str, *, options: Any = None, seed: int = 0) -> FullRussianBank:
        """A position written as text, for tests and puzzles.

        One line per pile, cards bottom first (the top card last).  A seat's cards belong to
        his deck; in the shared piles cards are the first player's unless a ``P2`` token (or
        ``P1`` back again) says whose deck the following cards come from::

            P1.reserve: 9♣ K♠        # the reserve, K♠ face up on top
            P1.hand: 3♣ 4♣           # face-down hand, 4♣ on top
            P1.card: 2♥              # the hand card (face up)
            P1.waste: 8♠             # the waste
            H4: 10♥                  # house 4 (H1-H4 on P1's side, H5-H8 on P2's)
            F3: P2 A♥ 2♥ 3♥ 4♥       # foundation 3, cards of P2's deck
            turn: P2                 # who is to move (default P1)

        Pile names: ``reserve.0``, ``hand.0``, ``card.0``, ``waste.0`` (and ``.1``),
        ``house.1`` … ``house.8``, ``found.1`` … ``found.8``, with the aliases
        ``P1.reserve``/``P1.R``, ``P1.hand``, ``P1.card``/``P1.U``, ``P1.waste``/``P1.W``, ``H1``
        … ``H8``, ``F1`` … ``F8``; ``-`` writes an empty pile.  A seat's cards not named fill
        his reserve (13 cards, when not named) and his hand (when not named); the rest are set
        aside (``aside``, never drawn, never in play).  The player on turn without a named hand
        card turns up his top hand card.  Settings: ``turn: P1|P2``.
        """
        opts: RussianBankOptions = self.resolve_options(options)
        aliases: dict[str, PileId] = {}
        for s in range(SEATS):
            p = f"P{s + 1}"
            for name, pid in (
                ("reserve", reserve(s)),
                ("R", reserve(s)),
                ("hand", hand(s)),
                ("card", hand_card(s)),
                ("U", hand_card(s)),
                ("waste", waste(s)),
                ("W", waste(s)),
            ):
                aliases[f"{p}.{name}"] = pid
        for k in range(8):
            aliases[f"H{k + 1}"] = HOUSE_IDS[k]
            aliases[f"F{k + 1}"] = FOUND_IDS[k]
        piles: dict[PileId, tuple[Card, ...]] = {}
        settings: dict[str, str] = {}
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            key, sep, value = line.partition(":")
            key, value = key.strip(), value.strip()
            if not sep or not key:
                raise NotationError(f"line {number}: {raw.strip()!r} is not 'name: value'")
            pid = aliases.get(key, key)
            if pid not in POS:
                settings[key] = value
                continue
            if pid in piles:
                raise NotationError(f"line {number}: {key} is given twice")
            spec = _LAYOUT.spec(pid)
            owner = spec.owner if spec.owner is not None else 0
            cards: list[Card] = []
            for token in value.split():
                if token == "-":
                    continue
                if token.upper() in ("P1", "P2"):
                    owner = int(token[1]) - 1
                    continue
                plain = parse_card(token)
                cards.append(Card(plain.rank, plain.suit, owner))
            piles[pid] = tuple(cards)
        unknown = sorted(set(settings) - {"turn"})
        if unknown:
            raise NotationError(f"{unknown[0]}: unknown setting (settings: turn)")
        turn_text = settings.get("turn", "P1").strip().upper()
        if turn_text not in ("P1", "P2"):
            raise NotationError(f"turn: {turn_text!r} is not a player (P1 or P2)")
        turn = int(turn_text[1]) - 1
        named: set[Card] = set()
        for pid, cards_ in piles.items():
            if len(cards_) > 1 and pid.startswith("card."):
                raise NotationError(f"{pid}: a hand card is one card")
            for card in cards_:
                if card in named:
                    raise ValueError(f"{card} in {pid} is one card too many for this game")
                named.add(card)
        aside: list[Card] = []
        for s in range(SEATS):
            rest = [c for c in shuffled(_DECKS[s], seed, "position", s) if c not in named]
            if reserve(s) not in piles:
                piles[reserve(s)] = tuple(rest[:RESERVE_SIZE])
                rest = rest[RESERVE_SIZE:]
            if hand(s) not in piles:
                piles[hand(s)] = tuple(rest)
                rest = []
            aside += rest
        piles[ASIDE] = tuple(aside)
        table = Table(_LAYOUT, tuple(piles.get(pid, ()) for pid in PILE_IDS), ())
        work = _Work(self._blank(opts, seed, table))
        work.best = seat_cards(work.piles, 0) + seat_cards(work.piles, 1)
        work.turn = work.first = turn
        if hand_card(turn) not in piles:
            self._turn_up(work, turn)
        work.events = []
        return work.freeze()

    # --- whose turn, which moves -----------------------------------------------------------
    def to_move(self, state: FullRussianBank) -> frozenset[Seat]:
        if state.phase == OVER:
            return _NO_SEATS
        return _ONE[state.turn]

    def _play(self, seat: Seat, card: Card, src: int, tgt: int) -> Play:
        key = (seat, card.index, src, tgt)
        move = self._plays.get(key)
        if move is None:
            move = self._plays[key] = Play(seat, card, PILE_IDS[src], PILE_IDS[tgt])
        return move

    def _stop(self, seat: Seat, card: Card, src: int, tgt: int) -> StopPlace:
        key = (seat, card.index, src, tgt)
        move = self._stops.get(key)
        if move is None:
            move = self._stops[key] = StopPlace(seat, card, PILE_IDS[src], PILE_IDS[tgt])
        return move

    def _foundation_moves(
        self, piles: tuple[tuple[Card, ...], ...] | list[tuple[Card, ...]], s: Seat
    ) -> list[tuple[Card, int, int]]:
        """(card, source, foundation) of every foundation play open to seat s: his reserve
        top, his hand card and the house tops."""
        empty: list[int] = []
        wants: dict[int, list[int]] = {}
        for f in _FOUNDS:
            pile = piles[f]
            if pile:
                face = pile[-1].index % _FACES
                if face < 48:  # a King completes the foundation
                    got = wants.get(face + 4)
                    if got is None:
                        wants[face + 4] = [f]
                    else:
                        got.append(f)
            else:
                empty.append(f)
        out: list[tuple[Card, int, int]] = []
        b = PER_SEAT * s
        for src in (b + R_AT, b + CARD_AT, *_HOUSES):
            pile = piles[src]
            if not pile:
                continue
            card = pile[-1]
            if card.rank == ACE:
                for f in empty:
                    out.append((card, src, f))
            else:
                for f in wants.get(card.index % _FACES, ()):
                    out.append((card, src, f))
        return out

    def legal_moves(self, state: FullRussianBank, seat: Seat) -> tuple[RussianBankMove, ...]:
        # The same moves as filtering candidates() through why_illegal(), computed directly
        # (a random playout asks at every step): bit masks of what the foundations and the
        # houses accept let most sources be passed over after one test each.
        if state.phase != PLAY:
            if state.phase == STOP and seat == state.turn:
                return self._stop_moves(state)
            return ()
        if seat != state.turn:
            return ()
        piles = state.table.piles
        opts = state.options
        cache = self._cache
        b = PER_SEAT * seat
        base = seat * _KEYS
        fmask = 0
        fempty = False
        for f in _FOUNDS:
            p = piles[f]
            if p:
                fmask |= 1 << (p[-1].index % _FACES + 4)
            else:
                fempty = True
        hmask = 0
        tops: list[tuple[int, int]] = []  # (house, the key it accepts)
        empty: list[int] = []
        for h in _HOUSES:
            p = piles[h]
            if p:
                key = _HWANTS[p[-1].index % _FACES]
                tops.append((h, key))
                hmask |= 1 << key
            else:
                empty.append(h)
        ltop = lwaste = -99
        if opts.loading:
            o = PER_SEAT * (1 - seat)
            p = piles[o + R_AT]
            if p:
                ltop = p[-1].index % _FACES
            p = piles[o + WASTE_AT]
            if p:
                lwaste = p[-1].index % _FACES
        founds: list[RussianBankMove] = []
        out: list[RussianBankMove] = []
        for src in _SOURCES[seat]:
            pile = piles[src]
            if not pile:
                continue
            card = pile[-1]
            ci = card.index
            face = ci % _FACES
            row = base + src * _AT
            if face < 4:
                if fempty:
                    for f in _FOUNDS:
                        if not piles[f]:
                            m = cache[row + f].get(ci)
                            founds.append(m if m is not None else self._make(seat, card, src, f))
            elif fmask >> face & 1:
                for f in _FOUNDS:
                    p = piles[f]
                    if p and p[-1].index % _FACES + 4 == face:
                        m = cache[row + f].get(ci)
                        founds.append(m if m is not None else self._make(seat, card, src, f))
            key = _HKEY[face]
            if hmask >> key & 1:
                for h, k in tops:
                    if k == key and h != src:
                        m = cache[row + h].get(ci)
                        out.append(m if m is not None else self._make(seat, card, src, h))
            if empty and (src < HOUSE_AT or len(pile) > 1):
                for h in empty:
                    m = cache[row + h].get(ci)
                    out.append(m if m is not None else self._make(seat, card, src, h))
            if ltop - face in (4, -4):
                t = PER_SEAT * (1 - seat) + R_AT
                m = cache[row + t].get(ci)
                out.append(m if m is not None else self._make(seat, card, src, t))
            if lwaste - face in (4, -4):
                t = PER_SEAT * (1 - seat) + WASTE_AT
                m = cache[row + t].get(ci)
                out.append(m if m is not None else self._make(seat, card, src, t))
        if founds and opts.compulsory_foundation and opts.stop_mode == BLOCK:
            return tuple(founds)
        founds += out
        founds.append(self._discard[seat] if piles[b + CARD_AT] else self._end[seat])
        return tuple(founds)

    def _make(self, seat: Seat, card: Card, src: int, tgt: int) -> Play:
        move = self._play(seat, card, src, tgt)
        self._cache[seat * _KEYS + src * _AT + tgt][card.index] = move
        return move

    def _stop_moves(self, state: FullRussianBank) -> tuple[RussianBankMove, ...]:
        caller = state.turn
        return tuple(
            self._stop(caller, c, src, f)
            for c, src, f in self._foundation_moves(state.table.piles, state.violator)
        )

    def candidates(self, state: FullRussianBank, seat: Seat) -> Iterable[RussianBankMove]:
        piles = state.table.piles
        o = 1 - seat
        b, ob = PER_SEAT * seat, PER_SEAT * o
        targets = (*_FOUNDS, *_HOUSES, ob + R_AT, ob + WASTE_AT, b + WASTE_AT)
        sources = (b + R_AT, b + CARD_AT, b + WASTE_AT, ob + R_AT, *_HOUSES)
        for src in sources:
            pile = piles[src]
            if pile:
                for tgt in targets:
                    yield self._play(seat, pile[-1], src, tgt)
        yield self._discard[seat]
        yield self._end[seat]
        if state.phase == STOP:
            v = state.violator
            vb = PER_SEAT * v if v != NOBODY else b
            for src in (vb + R_AT, vb + CARD_AT, *_HOUSES):
                pile = piles[src]
                if pile:
                    for tgt in _FOUNDS:
                        yield self._stop(seat, pile[-1], src, tgt)

    # --- the one legality check ----------------------------------------------------------
    def why_illegal(self, state: FullRussianBank, move: RussianBankMove) -> Refusal | None:
        if state.phase == OVER:
            return Refusal(GAME_OVER, _("the game is over"))
        seat = move.seat
        if seat != state.turn:
            return self.not_your_turn(state, move)
        kind = type(move)
        if state.phase == STOP:
            if kind is StopPlace:
                assert isinstance(move, StopPlace)
                return self._why_not_stop(state, move)
            return Refusal(
                NOT_AVAILABLE,
                _("Stop was called: first put one of the missed cards on a foundation"),
            )
        piles = state.table.piles
        b = PER_SEAT * seat
        founding = False
        if kind is Play:
            assert isinstance(move, Play)
            refusal = self._why_not_play(state, move)
            if refusal is not None:
                return refusal
            founding = move.target in _FOUND_SET
        elif kind is Discard:
            if not piles[b + CARD_AT]:
                return Refusal(NOT_AVAILABLE, _("you have no hand card to discard"))
        elif kind is EndTurn:
            if piles[b + CARD_AT]:
                return Refusal(
                    NOT_AVAILABLE, _("you have a hand card: the turn ends by discarding it")
                )
        else:
            return Refusal(
                NOT_AVAILABLE, _("there is no Stop to answer: the Stop placement is not a move now")
            )
        opts = state.options
        if (
            not founding
            and opts.compulsory_foundation
            and opts.stop_mode == BLOCK
            and self._foundation_moves(piles, seat)
        ):
            card = self._foundation_moves(piles, seat)[0][0]
            return Refusal(
                FOUNDATION_MOVE_REQUIRED,
                _("a card must go to a foundation first ({card} can)").format(card=card),
            )
        return None

    def _why_not_play(self, state: FullRussianBank, move: Play) -> Refusal | None:
        seat, card = move.seat, move.card
        src, tgt = POS.get(move.source), POS.get(move.target)
        piles = state.table.piles
        b = PER_SEAT * seat
        ob = PER_SEAT * (1 - seat)
        if src is None or not (src == b + R_AT or src == b + CARD_AT or src in _HOUSE_SET_AT):
            return Refusal(
                NOT_AVAILABLE,
                _(
                    "{card} is not available: play your reserve top, your hand card or a house top"
                ).format(card=card),
            )
        pile = piles[src]
        if not pile or pile[-1] is not card:
            return Refusal(
                NOT_AVAILABLE,
                _("{card} is not the top card of {pile}").format(
                    card=card, pile=_place_words(move.source)
                ),
            )
        if tgt is None or tgt == src:
            return Refusal(NOT_A_TARGET, _("a card cannot go back onto its own pile"))
        onto = piles[tgt]
        if tgt >= FOUND_AT and tgt < FOUND_AT + 8:
            top = onto[-1] if onto else None
            if fits_foundation(card, top):
                return None
            if top is None:
                return Refusal(
                    FOUNDATION_MISMATCH,
                    _("an empty foundation takes only an Ace, not {card}").format(card=card),
                )
            return Refusal(
                FOUNDATION_MISMATCH,
                _("{card} does not go on {top}: same suit, one rank higher").format(
                    card=card, top=top
                ),
            )
        if HOUSE_AT <= tgt < HOUSE_AT + 8:
            if not onto:
                if src >= HOUSE_AT and len(pile) == 1:
                    return Refusal(
                        POINTLESS_MOVE,
                        _("moving the only card of a house into an empty house changes nothing"),
                    )
                return None
            top = onto[-1]
            if fits_house(card, top):
                return None
            return Refusal(
                HOUSE_MISMATCH,
                _("{card} does not go on {top}: one rank lower, the other colour").format(
                    card=card, top=top
                ),
            )
        if tgt == ob + R_AT or tgt == ob + WASTE_AT:
            if not state.options.loading:
                return Refusal(
                    NOT_A_TARGET, _("loading is off: the opponent's piles take no cards")
                )
            if not onto:
                return Refusal(NOT_A_TARGET, _("an empty pile of the opponent cannot be loaded"))
            top = onto[-1]
            if fits_load(card, top):
                return None
            return Refusal(
                LOAD_MISMATCH,
                _("{card} cannot be loaded on {top}: same suit, one rank up or down").format(
                    card=card, top=top
                ),
            )
        return Refusal(
            NOT_A_TARGET,
            _("{pile} takes no cards (only foundations, houses and loading)").format(
                pile=_place_words(move.target)
            ),
        )

    def _why_not_stop(self, state: FullRussianBank, move: StopPlace) -> Refusal | None:
        src, tgt = POS.get(move.source), POS.get(move.target)
        piles = state.table.piles
        v = state.violator
        vb = PER_SEAT * v
        card = move.card
        if src is None or not (src == vb + R_AT or src == vb + CARD_AT or src in _HOUSE_SET_AT):
            return Refusal(
                NOT_AVAILABLE,
                _("Stop: pick the violator's reserve top, their hand card or a house top"),
            )
        pile = piles[src]
        if not pile or pile[-1] is not card:
            return Refusal(
                NOT_AVAILABLE,
                _("{card} is not the top card of {pile}").format(
                    card=card, pile=_place_words(move.source)
                ),
            )
        if tgt is None or not FOUND_AT <= tgt < FOUND_AT + 8:
            return Refusal(NOT_A_TARGET, _("Stop: the card goes to a foundation"))
        onto = piles[tgt]
        top = onto[-1] if onto else None
        if not fits_foundation(card, top):
            if top is None:
                return Refusal(
                    FOUNDATION_MISMATCH,
                    _("an empty foundation takes only an Ace, not {card}").format(card=card),
                )
            return Refusal(
                FOUNDATION_MISMATCH,
                _("{card} does not go on {top}: same suit, one rank higher").format(
                    card=card, top=top
                ),
            )
        return None

    # --- applying a legal move -------------------------------------------------------------
    def perform(self, state: FullRussianBank, move: RussianBankMove) -> FullRussianBank:
        work = _Work(state)
        seat = move.seat
        kind = type(move)
        if kind is StopPlace:
            assert isinstance(move, StopPlace)
            self._stop_place(work, move)
            return work.freeze()
        opts = state.options
        if kind is Play and (
            not (opts.compulsory_foundation and opts.stop_mode == AUTO) or move.target in _FOUND_SET  # type: ignore[union-attr]
        ):
            fast = self._fast_play(state, move)  # type: ignore[arg-type]
            if fast is not None:
                return fast
        if opts.compulsory_foundation and opts.stop_mode == AUTO:
            founding = kind is Play and move.target in _FOUND_SET  # type: ignore[union-attr]
            if not founding:
                missed = self._foundation_moves(work.piles, seat)
                if missed:
                    self._call_stop(work, seat, missed)
                    return work.freeze()
        if kind is Play:
            assert isinstance(move, Play)
            self._do_play(work, move)
        elif kind is Discard:
            self._discard_card(work, seat)
            self._end_turn(work, seat)
        else:
            work.events.append(TurnEnded(seat))
            self._end_turn(work, seat)
        return work.freeze()

    def _fast_play(self, state: FullRussianBank, move: Play) -> FullRussianBank | None:
        """The common case of a play, without the working copy: None when it needs more (the
        waste to turn over, a win, the move cap), which ``_do_play`` then does."""
        seat, card = move.seat, move.card
        src, tgt = POS[move.source], POS[move.target]
        piles = list(state.table.piles)
        piles[src] = piles[src][:-1]
        piles[tgt] = piles[tgt] + (card,)
        events: list[Event] = [Played(seat, card, move.source, move.target)]
        mark, best, turns = state.mark, state.best, state.turns
        if tgt >= FOUND_AT:
            mark = turns + 1
        b = PER_SEAT * seat
        if src == b:
            left = piles[src]
            if left:
                events.append(ReserveTurned(seat, left[-1]))
        elif src == b + CARD_AT:
            cards = piles[b + HAND_AT]
            if not cards:
                return None
            piles[b + HAND_AT] = cards[:-1]
            piles[b + CARD_AT] = (cards[-1],)
            events.append(HandTurned(seat, cards[-1]))
        if src < HOUSE_AT or tgt < HOUSE_AT:
            if src < HOUSE_AT and not (piles[b] or piles[b + 1] or piles[b + 2] or piles[b + 3]):
                return None
            total = (
                len(piles[0]) + len(piles[1]) + len(piles[2]) + len(piles[3])
                + len(piles[4]) + len(piles[5]) + len(piles[6]) + len(piles[7])
            )  # fmt: skip
            if total < best:
                best = total
                mark = turns + 1
        moves = state.moves + 1
        if moves >= TURN_MOVE_CAP:
            return None
        return RussianBankState(
            Table(_LAYOUT, tuple(piles), state.table.known),
            state.seed,
            tuple(events),
            state.options,
            SEATS,
            PLAY,
            seat,
            state.first,
            moves,
            turns,
            mark,
            best,
            state.violator,
            state.missed,
            state.placed,
            NOBODY,
            "",
        )

    def _do_play(self, work: _Work, move: Play) -> None:
        seat, card = move.seat, move.card
        src, tgt = POS[move.source], POS[move.target]
        piles = work.piles
        piles[src] = piles[src][:-1]
        piles[tgt] = piles[tgt] + (card,)
        work.events.append(Played(seat, card, move.source, move.target))
        work.moves += 1
        b = PER_SEAT * seat
        if tgt >= FOUND_AT:
            work.progress()
        if src == b + R_AT:
            left = piles[src]
            if left:
                work.events.append(ReserveTurned(seat, left[-1]))
        elif src == b + CARD_AT:
            self._turn_up(work, seat)
        if src < HOUSE_AT or tgt < HOUSE_AT:
            work.check_minimum()
        if self._check_win(work, seat):
            return
        if work.moves >= TURN_MOVE_CAP:
            if piles[b + CARD_AT]:
                self._discard_card(work, seat, capped=True)
            else:
                work.events.append(TurnEnded(seat, capped=True))
            self._end_turn(work, seat)

    def _turn_up(self, work: _Work, seat: Seat) -> None:
        """Turn the top hand card up (turning the waste over first if the hand is empty)."""
        piles = work.piles
        b = PER_SEAT * seat
        cards = piles[b + HAND_AT]
        if not cards:
            w = piles[b + WASTE_AT]
            if not w:
                return
            cards = w[::-1]
            piles[b + WASTE_AT] = ()
            work.events.append(WasteTurned(seat, len(cards)))
        piles[b + HAND_AT] = cards[:-1]
        piles[b + CARD_AT] = (cards[-1],)
        work.events.append(HandTurned(seat, cards[-1]))

    def _discard_card(self, work: _Work, seat: Seat, *, capped: bool = False) -> None:
        piles = work.piles
        b = PER_SEAT * seat
        card = piles[b + CARD_AT][-1]
        piles[b + CARD_AT] = ()
        piles[b + WASTE_AT] = piles[b + WASTE_AT] + (card,)
        work.events.append(Discarded(seat, card, capped))

    def _check_win(self, work: _Work, seat: Seat) -> bool:
        if seat_cards(work.piles, seat):
            return False
        work.events.append(Won(seat))
        work.phase = OVER
        work.winner = seat
        work.ending = WIN
        return True

    def _end_turn(self, work: _Work, seat: Seat) -> None:
        """The turn of ``seat`` is over: the draw rules, then the opponent's turn."""
        work.turns += 1
        if work.violator != NOBODY and work.phase == PLAY and seat != work.violator:
            work.violator, work.missed, work.placed = NOBODY, (), None  # the Stop is old news
        if work.turns - work.mark >= NO_PROGRESS_TURNS:
            work.events.append(Drawn(work.turns))
            work.phase, work.ending = OVER, NO_PROGRESS
            return
        if work.turns >= MAX_TURNS:
            work.events.append(Drawn(work.turns, limit=True))
            work.phase, work.ending = OVER, TURN_LIMIT
            return
        self._start_turn(work, 1 - seat)

    def _start_turn(self, work: _Work, seat: Seat) -> None:
        work.turn = seat
        work.moves = 0
        work.phase = PLAY
        work.events.append(TurnBegins(seat))
        self._turn_up(work, seat)

    def _call_stop(self, work: _Work, seat: Seat, missed: list[tuple[Card, int, int]]) -> None:
        cards: list[Card] = []
        for card, _src, _f in missed:
            if card not in cards:
                cards.append(card)
        caller = 1 - seat
        work.events.append(StopCalled(caller, seat, tuple(cards)))
        work.phase = STOP
        work.turn = caller
        work.violator = seat
        work.missed = tuple(cards)
        work.placed = None

    def _stop_place(self, work: _Work, move: StopPlace) -> None:
        caller, card = move.seat, move.card
        v = work.violator
        src, tgt = POS[move.source], POS[move.target]
        piles = work.piles
        piles[src] = piles[src][:-1]
        piles[tgt] = piles[tgt] + (card,)
        work.events.append(StopPlaced(caller, card, move.source, move.target))
        work.placed = card
        work.progress()
        vb = PER_SEAT * v
        if src == vb + R_AT and piles[src]:
            work.events.append(ReserveTurned(v, piles[src][-1]))
        work.check_minimum()
        if self._check_win(work, v):
            return
        if piles[vb + CARD_AT]:
            self._discard_card(work, v)
        work.phase = PLAY
        self._end_turn(work, v)

    # --- the end -------------------------------------------------------------------------------
    def outcome(self, state: FullRussianBank) -> Outcome | None:
        if state.phase != OVER:
            return None
        if state.winner == NOBODY:
            if state.ending == TURN_LIMIT:
                reason = _("Draw: {n} turns were played without a winner").format(n=state.turns)
            else:
                reason = _("Draw: {n} turns in a row without progress").format(n=NO_PROGRESS_TURNS)
            scores = (0, 0) if state.options.score_margin else None
            return Outcome(
                places=(1, 1), reason=reason, scores=scores, ending=state.ending, measure=POINTS
            )
        w = state.winner
        loser = 1 - w
        reason = _("{who} emptied reserve, hand and waste first").format(who=who(w))
        scores = None
        if state.options.score_margin:
            piles = state.table.piles
            lb = PER_SEAT * loser
            points = (
                30 + 2 * len(piles[lb + R_AT]) + seat_cards(piles, loser) - len(piles[lb + R_AT])
            )
            scores = (points, 0) if w == 0 else (0, points)
        return Outcome.win_for(
            frozenset({w}), SEATS, reason, scores, ending=state.ending, measure=POINTS
        )

    # --- presentation ----------------------------------------------------------------------
    def present(self, obs: Observation[SeenRussianBank]) -> TableView:
        return presentation.present(self, obs)


_FOUND_SET = frozenset(FOUND_IDS)
_HOUSE_SET_AT = frozenset(_HOUSES)


def _place_words(pile: PileId) -> str:
    from cardsuite.games.russian_bank.model import pile_text

    return pile_text(pile)


__all__ = [
    "FOUNDATION_MISMATCH", "FOUNDATION_MOVE_REQUIRED", "HOUSE_MISMATCH", "LOAD_MISMATCH",
    "NOT_AVAILABLE", "NOT_A_TARGET", "POINTLESS_MOVE", "RussianBank", "fits_foundation",
    "fits_house", "fits_load",
]  # fmt: skip
