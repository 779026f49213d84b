"""The rules of Russian Bank: the deal, the moves of §6.2, the follow-ups, the Stop and the end.

See ``model.py`` for the game in a paragraph and the decisions taken where the spec is silent.
The table's piles are read by position on the hot paths (their order is fixed in
``model.PILE_IDS``): seat s's reserve, hand, hand card and waste at ``4s`` … ``4s+3``, the
houses at 8 … 15, the foundations at 16 … 23.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardsuite.core.building import FACES, NO_KEY, Building, Direction, Suiting
from cardsuite.core.cards import ACE, Card, standard_deck
from cardsuite.core.errors import GAME_OVER, NotationError, Refusal
from cardsuite.core.events import Event, TurnBegins
from cardsuite.core.outcome import POINTS, Outcome
from cardsuite.core.position import cards_with_owners, parse_position, seat_from_text
from cardsuite.core.protocol import Observation, RulesBase
from cardsuite.core.rng import make_rng, shuffled
from cardsuite.core.states import fresh
from cardsuite.core.table import Layout, PileId, PileSpec, Seat, Table, Visibility
from cardsuite.core.text import say
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
    FOUNDS_AT,
    HAND_AT,
    HOUSE_AT,
    HOUSE_IDS,
    HOUSES_AT,
    MAX_TURNS,
    NO_PROGRESS,
    NO_PROGRESS_TURNS,
    OVER,
    PILE_IDS,
    PLAY,
    POS,
    RESERVE_AT,
    RESERVE_SIZE,
    SEAT_AT,
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
_HOUSES = HOUSES_AT
# Where a seat plays from: his reserve, his hand card and the houses.
_SOURCES = tuple((RESERVE_AT[s], CARD_AT[s], *_HOUSES) for s in range(SEATS))
_AT = len(PILE_IDS)  # source * _AT + target indexes the move cache
_KEYS = _AT * _AT
_FOUNDS = FOUNDS_AT

# The three ways cards are built (russian-bank.md §3; no wrap-around: A and K are not adjacent).
FOUNDATION = Building("foundation", direction=Direction.UP, suiting=Suiting.SAME_SUIT, base=ACE)
HOUSE = Building("house", direction=Direction.DOWN, suiting=Suiting.ALTERNATE_COLOUR)
LOAD = Building("loading", direction=Direction.UP_OR_DOWN, suiting=Suiting.SAME_SUIT)

# The move search looks cards up by face (Card.index % FACES: rank and suit, not the back).
_FACES = FACES
# A house top accepts one key (one rank lower, the other colour); an Ace top accepts none.
_HKEY = HOUSE.key
_HWANTS = tuple(wants[0] if wants else NO_KEY for wants in HOUSE.wants)
# Per foundation top's face, the bit mask of the faces it accepts.
_FOUND_TAKES = tuple(sum(1 << face for face in takes) for takes in FOUNDATION.onto)
_NOTHING: frozenset[int] = frozenset()
# Ace-high seniority for choosing the first player.
_SENIORITY = {r: (14 if r == ACE else r) for r in range(1, 14)}


def fits_foundation(card: Card, top: Card | None) -> bool:
    """A foundation: an Ace on an empty one, else the same suit one rank higher."""
    return FOUNDATION.accepts(card, top)


def fits_house(card: Card, top: Card) -> bool:
    """A house: one rank lower than its top, of the other colour."""
    return HOUSE.follows(card, top)


def fits_load(card: Card, top: Card) -> bool:
    """Loading the opponent's reserve or waste: the same suit, one rank up or down."""
    return LOAD.follows(card, top)


def _violator(state: FullRussianBank | _Work) -> Seat:
    """During a Stop, the player who missed the foundation play."""
    violator = state.violator
    assert violator is not None, "a Stop has a violator"
    return violator


def seat_cards(piles: tuple[tuple[Card, ...], ...] | list[Any], s: Seat) -> int:
    """Cards in seat s's reserve, hand, hand card and waste."""
    r, h, c, w = SEAT_AT[s]
    return len(piles[r]) + len(piles[h]) + len(piles[c]) + len(piles[w])


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
            table=Table(_LAYOUT, tuple(self.piles), self.known),
            seed=self.seed,
            events=tuple(self.events),
            options=self.options,
            seats=SEATS,
            phase=self.phase,
            turn=self.turn,
            first=self.first,
            moves=self.moves,
            turns=self.turns,
            mark=self.mark,
            best=self.best,
            violator=self.violator,
            missed=self.missed,
            placed=self.placed,
            winner=self.winner,
            ending=self.ending,
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
        return fresh(RussianBankState, table, seed, opts, SEATS)._replace(phase=PLAY, best=96)

    def new_game(self, *, seats: int = 2, options: Any = None, seed: int = 0) -> FullRussianBank:
        opts: RussianBankOptions = self.resolve_options(options)
        self.check_seats(seats)
        piles: list[tuple[Card, ...]] = [() for _ in PILE_IDS]
        for s in range(SEATS):
            cards = shuffled(_DECKS[s], seed, "deal", s)  # the top of the deck is the end
            piles[RESERVE_AT[s]] = tuple(cards[-RESERVE_SIZE:])
            for j in range(4):  # H1-H4 on P1's side, H5-H8 on P2's
                piles[HOUSES_AT[4 * s + j]] = (cards[-RESERVE_SIZE - 1 - j],)
            piles[HAND_AT[s]] = tuple(cards[: -RESERVE_SIZE - 4])
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
                    why = say("reserve card {high} beats {low}", high=high, low=low)
                else:
                    why = say(
                        "reserve cards tie; house card {high} beats {low}", high=high, low=low
                    )
                return first, why
        first = make_rng(seed, "first").randrange(SEATS)
        return first, say("every compared card ties; chosen by lot")

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

        def read_cards(pile: PileId, value: str) -> tuple[Card, ...]:
            owner = _LAYOUT.spec(pile).owner  # the shared piles' cards are P1's until named
            return cards_with_owners(value, owner if owner is not None else 0, SEATS)

        given = parse_position(text, _LAYOUT, aliases, read_cards)
        piles, settings = given.piles, given.settings
        unknown = sorted(set(settings) - {"turn"})
        if unknown:
            raise NotationError(f"{unknown[0]}: unknown setting (settings: turn)")
        turn = seat_from_text(settings.get("turn", "P1"), SEATS)
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
                for face in FOUNDATION.onto[pile[-1].index % _FACES]:  # none on a King
                    got = wants.get(face)
                    if got is None:
                        wants[face] = [f]
                    else:
                        got.append(f)
            else:
                empty.append(f)
        out: list[tuple[Card, int, int]] = []
        for src in _SOURCES[s]:
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
        base = seat * _KEYS
        fmask = 0
        fempty = False
        for f in _FOUNDS:
            p = piles[f]
            if p:
                fmask |= _FOUND_TAKES[p[-1].index % _FACES]
            else:
                fempty = True
        hmask = 0
        tops: list[tuple[int, int]] = []  # (house, the key it accepts)
        empty: list[int] = []
        for h in _HOUSES:
            p = piles[h]
            if p:
                key = _HWANTS[p[-1].index % _FACES]
                if key != NO_KEY:
                    tops.append((h, key))
                    hmask |= 1 << key
            else:
                empty.append(h)
        # What the opponent's reserve and waste take when loading is on.
        ltop = lwaste = _NOTHING
        if opts.loading:
            o = 1 - seat
            p = piles[RESERVE_AT[o]]
            if p:
                ltop = LOAD.onto[p[-1].index % _FACES]
            p = piles[WASTE_AT[o]]
            if p:
                lwaste = LOAD.onto[p[-1].index % _FACES]
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
                    if p and face in FOUNDATION.onto[p[-1].index % _FACES]:
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
            if face in ltop:
                t = RESERVE_AT[1 - seat]
                m = cache[row + t].get(ci)
                out.append(m if m is not None else self._make(seat, card, src, t))
            if face in lwaste:
                t = WASTE_AT[1 - seat]
                m = cache[row + t].get(ci)
                out.append(m if m is not None else self._make(seat, card, src, t))
        if not (founds and opts.compulsory_foundation and opts.stop_mode == BLOCK):
            founds += out
            founds.append(self._discard[seat] if piles[CARD_AT[seat]] else self._end[seat])
        legal = tuple(founds)
        self.remember_legal(state, legal)  # apply need not judge them again
        return legal

    def _make(self, seat: Seat, card: Card, src: int, tgt: int) -> Play:
        move = self._play(seat, card, src, tgt)
        self._cache[seat * _KEYS + src * _AT + tgt][card.index] = move
        return move

    def _stop_moves(self, state: FullRussianBank) -> tuple[RussianBankMove, ...]:
        caller = state.turn
        return tuple(
            self._stop(caller, c, src, f)
            for c, src, f in self._foundation_moves(state.table.piles, _violator(state))
        )

    def candidates(self, state: FullRussianBank, seat: Seat) -> Iterable[RussianBankMove]:
        piles = state.table.piles
        o = 1 - seat
        targets = (*_FOUNDS, *_HOUSES, RESERVE_AT[o], WASTE_AT[o], WASTE_AT[seat])
        sources = (RESERVE_AT[seat], CARD_AT[seat], WASTE_AT[seat], RESERVE_AT[o], *_HOUSES)
        for src in sources:
            pile = piles[src]
            if pile:
                for tgt in targets:
                    yield self._play(seat, pile[-1], src, tgt)
        yield self._discard[seat]
        yield self._end[seat]
        if state.phase == STOP:
            v = state.violator
            for src in _SOURCES[v if v is not None else seat]:
                pile = piles[src]
                if pile:
                    for tgt in _FOUNDS:
                        yield self._stop(seat, pile[-1], src, tgt)

    # --- the one legality check ----------------------------------------------------------
    def why_illegal(self, state: FullRussianBank, move: RussianBankMove) -> Refusal | None:
        if state.phase == OVER:
            return Refusal(GAME_OVER, say("the game is over"))
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
                say("Stop was called: first put one of the missed cards on a foundation"),
            )
        piles = state.table.piles
        founding = False
        if kind is Play:
            assert isinstance(move, Play)
            refusal = self._why_not_play(state, move)
            if refusal is not None:
                return refusal
            founding = move.target in _FOUND_SET
        elif kind is Discard:
            if not piles[CARD_AT[seat]]:
                return Refusal(NOT_AVAILABLE, say("you have no hand card to discard"))
        elif kind is EndTurn:
            if piles[CARD_AT[seat]]:
                return Refusal(
                    NOT_AVAILABLE, say("you have a hand card: the turn ends by discarding it")
                )
        else:
            return Refusal(
                NOT_AVAILABLE,
                say("there is no Stop to answer: the Stop placement is not a move now"),
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
                say("a card must go to a foundation first ({card} can)", card=card),
            )
        return None

    def _why_not_play(self, state: FullRussianBank, move: Play) -> Refusal | None:
        seat, card = move.seat, move.card
        src, tgt = POS.get(move.source), POS.get(move.target)
        piles = state.table.piles
        o = 1 - seat
        if src is None or not (
            src == RESERVE_AT[seat] or src == CARD_AT[seat] or src in _HOUSE_SET_AT
        ):
            return Refusal(
                NOT_AVAILABLE,
                say(
                    "{card} is not available: play your reserve top, your hand card or a house top",
                    card=card,
                ),
            )
        pile = piles[src]
        if not pile or pile[-1] is not card:
            return _not_on_top(card, move.source)
        if tgt is None or tgt == src:
            return Refusal(NOT_A_TARGET, say("a card cannot go back onto its own pile"))
        onto = piles[tgt]
        if tgt >= FOUND_AT and tgt < FOUND_AT + 8:
            return _foundation_refusal(card, onto[-1] if onto else None)
        if HOUSE_AT <= tgt < HOUSE_AT + 8:
            if not onto:
                if src >= HOUSE_AT and len(pile) == 1:
                    return Refusal(
                        POINTLESS_MOVE,
                        say("moving the only card of a house into an empty house changes nothing"),
                    )
                return None
            top = onto[-1]
            if fits_house(card, top):
                return None
            return Refusal(
                HOUSE_MISMATCH,
                say(
                    "{card} does not go on {top}: one rank lower, the other colour",
                    card=card,
                    top=top,
                ),
            )
        if tgt == RESERVE_AT[o] or tgt == WASTE_AT[o]:
            if not state.options.loading:
                return Refusal(
                    NOT_A_TARGET, say("loading is off: the opponent's piles take no cards")
                )
            if not onto:
                return Refusal(NOT_A_TARGET, say("an empty pile of the opponent cannot be loaded"))
            top = onto[-1]
            if fits_load(card, top):
                return None
            return Refusal(
                LOAD_MISMATCH,
                say(
                    "{card} cannot be loaded on {top}: same suit, one rank up or down",
                    card=card,
                    top=top,
                ),
            )
        return Refusal(
            NOT_A_TARGET,
            say(
                "{pile} takes no cards (only foundations, houses and loading)",
                pile=_place_words(move.target),
            ),
        )

    def _why_not_stop(self, state: FullRussianBank, move: StopPlace) -> Refusal | None:
        src, tgt = POS.get(move.source), POS.get(move.target)
        piles = state.table.piles
        v = _violator(state)
        card = move.card
        if src is None or not (src == RESERVE_AT[v] or src == CARD_AT[v] or src in _HOUSE_SET_AT):
            return Refusal(
                NOT_AVAILABLE,
                say("Stop: pick the violator's reserve top, their hand card or a house top"),
            )
        pile = piles[src]
        if not pile or pile[-1] is not card:
            return _not_on_top(card, move.source)
        if tgt is None or not FOUND_AT <= tgt < FOUND_AT + 8:
            return Refusal(NOT_A_TARGET, say("Stop: the card goes to a foundation"))
        onto = piles[tgt]
        return _foundation_refusal(card, onto[-1] if onto else None)

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
        reserve_at, hand_at, card_at, waste_at = SEAT_AT[seat]
        if src == reserve_at:
            left = piles[src]
            if left:
                events.append(ReserveTurned(seat, left[-1]))
        elif src == card_at:
            cards = piles[hand_at]
            if not cards:
                return None
            piles[hand_at] = cards[:-1]
            piles[card_at] = (cards[-1],)
            events.append(HandTurned(seat, cards[-1]))
        if src < HOUSE_AT or tgt < HOUSE_AT:
            if src < HOUSE_AT and not (
                piles[reserve_at] or piles[hand_at] or piles[card_at] or piles[waste_at]
            ):
                return None
            total = seat_cards(piles, 0) + seat_cards(piles, 1)
            if total < best:
                best = total
                mark = turns + 1
        moves = state.moves + 1
        if moves >= TURN_MOVE_CAP:
            return None
        return RussianBankState(
            table=Table(_LAYOUT, tuple(piles), state.table.known),
            seed=state.seed,
            events=tuple(events),
            options=state.options,
            seats=SEATS,
            phase=PLAY,
            turn=seat,
            first=state.first,
            moves=moves,
            turns=turns,
            mark=mark,
            best=best,
            violator=state.violator,
            missed=state.missed,
            placed=state.placed,
            winner=None,
            ending="",
        )

    def _do_play(self, work: _Work, move: Play) -> None:
        seat, card = move.seat, move.card
        src, tgt = POS[move.source], POS[move.target]
        piles = work.piles
        piles[src] = piles[src][:-1]
        piles[tgt] = piles[tgt] + (card,)
        work.events.append(Played(seat, card, move.source, move.target))
        work.moves += 1
        if tgt >= FOUND_AT:
            work.progress()
        if src == RESERVE_AT[seat]:
            left = piles[src]
            if left:
                work.events.append(ReserveTurned(seat, left[-1]))
        elif src == CARD_AT[seat]:
            self._turn_up(work, seat)
        if src < HOUSE_AT or tgt < HOUSE_AT:
            work.check_minimum()
        if self._check_win(work, seat):
            return
        if work.moves >= TURN_MOVE_CAP:
            if piles[CARD_AT[seat]]:
                self._discard_card(work, seat, capped=True)
            else:
                work.events.append(TurnEnded(seat, capped=True))
            self._end_turn(work, seat)

    def _turn_up(self, work: _Work, seat: Seat) -> None:
        """Turn the top hand card up (turning the waste over first if the hand is empty)."""
        piles = work.piles
        _reserve, hand_at, card_at, waste_at = SEAT_AT[seat]
        cards = piles[hand_at]
        if not cards:
            w = piles[waste_at]
            if not w:
                return
            cards = w[::-1]
            piles[waste_at] = ()
            work.events.append(WasteTurned(seat, len(cards)))
        piles[hand_at] = cards[:-1]
        piles[card_at] = (cards[-1],)
        work.events.append(HandTurned(seat, cards[-1]))

    def _discard_card(self, work: _Work, seat: Seat, *, capped: bool = False) -> None:
        piles = work.piles
        card_at, waste_at = CARD_AT[seat], WASTE_AT[seat]
        card = piles[card_at][-1]
        piles[card_at] = ()
        piles[waste_at] = piles[waste_at] + (card,)
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
        if work.violator is not None and work.phase == PLAY and seat != work.violator:
            work.violator, work.missed, work.placed = None, (), None  # the Stop is old news
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
        v = _violator(work)
        src, tgt = POS[move.source], POS[move.target]
        piles = work.piles
        piles[src] = piles[src][:-1]
        piles[tgt] = piles[tgt] + (card,)
        work.events.append(StopPlaced(caller, card, move.source, move.target))
        work.placed = card
        work.progress()
        if src == RESERVE_AT[v] and piles[src]:
            work.events.append(ReserveTurned(v, piles[src][-1]))
        work.check_minimum()
        if self._check_win(work, v):
            return
        if piles[CARD_AT[v]]:
            self._discard_card(work, v)
        work.phase = PLAY
        self._end_turn(work, v)

    # --- the end -------------------------------------------------------------------------------
    def outcome(self, state: FullRussianBank) -> Outcome | None:
        if state.phase != OVER:
            return None
        if state.winner is None:
            if state.ending == TURN_LIMIT:
                reason = say("Draw: {n} turns were played without a winner", n=state.turns)
            else:
                reason = say("Draw: {n} turns in a row without progress", n=NO_PROGRESS_TURNS)
            scores = (0, 0) if state.options.score_margin else None
            return Outcome(
                places=(1, 1), reason=reason, scores=scores, ending=state.ending, measure=POINTS
            )
        w = state.winner
        loser = 1 - w
        reason = say("{who} emptied reserve, hand and waste first", who=who(w))
        scores = None
        if state.options.score_margin:
            piles = state.table.piles
            reserve_left = len(piles[RESERVE_AT[loser]])
            points = 30 + 2 * reserve_left + seat_cards(piles, loser) - reserve_left
            scores = (points, 0) if w == 0 else (0, points)
        return Outcome.win_for(
            frozenset({w}), SEATS, reason, scores, ending=state.ending, measure=POINTS
        )

    # --- presentation ----------------------------------------------------------------------
    def present(self, obs: Observation[SeenRussianBank]) -> TableView:
        return presentation.present(obs)


_FOUND_SET = frozenset(FOUND_IDS)
_HOUSE_SET_AT = frozenset(_HOUSES)


def _foundation_refusal(card: Card, top: Card | None) -> Refusal | None:
    """Why ``card`` may not go on a foundation whose top card is ``top`` (None: an empty
    foundation); None when it may: foundations are built up in suit from the Ace."""
    if fits_foundation(card, top):
        return None
    if top is None:
        return Refusal(
            FOUNDATION_MISMATCH,
            say("an empty foundation takes only an Ace, not {card}", card=card),
        )
    return Refusal(
        FOUNDATION_MISMATCH,
        say("{card} does not go on {top}: same suit, one rank higher", card=card, top=top),
    )


def _not_on_top(card: Card, source: PileId) -> Refusal:
    """The refusal of a move naming ``card`` where it is not the top card of ``source``."""
    return Refusal(
        NOT_AVAILABLE,
        say("{card} is not the top card of {pile}", card=card, pile=_place_words(source)),
    )


def _place_words(pile: PileId) -> str:
    from cardsuite.games.russian_bank.model import pile_text

    return pile_text(pile)


__all__ = [
    "FOUNDATION_MISMATCH", "FOUNDATION_MOVE_REQUIRED", "HOUSE_MISMATCH", "LOAD_MISMATCH",
    "NOT_AVAILABLE", "NOT_A_TARGET", "POINTLESS_MOVE", "RussianBank", "fits_foundation",
    "fits_house", "fits_load",
]  # fmt: skip
