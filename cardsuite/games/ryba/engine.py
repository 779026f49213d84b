"""The rules of Рыба: the deal, whose turn, the legal asks, applying them, and the end.

See ``model.py`` for the game in a paragraph and the decisions taken where the spec is silent.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardsuite.core.cards import ACE_HIGH, RANKS, Card, standard_deck
from cardsuite.core.errors import NotationError, Refusal
from cardsuite.core.events import Event
from cardsuite.core.outcome import Outcome
from cardsuite.core.position import lay_out, parse_position, whole_number
from cardsuite.core.position import seat_from_text as _player
from cardsuite.core.protocol import Observation, RulesBase
from cardsuite.core.rng import shuffled
from cardsuite.core.series import DealResult, Series
from cardsuite.core.states import fresh
from cardsuite.core.table import (
    HoldsRank,
    Lacks,
    Layout,
    PileId,
    PileSpec,
    Seat,
    Shown,
    Table,
    TableEdit,
    Visibility,
)
from cardsuite.core.text import ranks_word, say
from cardsuite.core.view import TableView
from cardsuite.games.ryba import GAME
from cardsuite.games.ryba import present as presentation
from cardsuite.games.ryba.model import (
    ALL_BOOKS,
    ALL_BOOKS_DOWN,
    ASK_LIMIT,
    ASK_LIMIT_REACHED,
    BOOK,
    BOOKS,
    BOOKS_SHOWN,
    EMPTY_HAND,
    GAME_ENDS,
    STOCK,
    TOGETHER,
    Ask,
    Asked,
    BookLaid,
    Dealt,
    DrewForTurn,
    Fished,
    FishedNothing,
    FullRyba,
    HandedOver,
    OutOfCards,
    RybaOptions,
    RybaState,
    SeenRyba,
    Skipped,
    book_counts,
    books,
    end_text,
    hand,
    hand_size,
    order_from_dealer,
)

# Refusal codes (ryba.md §6 names them RANK_NOT_HELD, BAD_TARGET, NOT_YOUR_TURN).
RANK_NOT_HELD = "RankNotHeld"
BAD_TARGET = "BadTarget"

# Ranks in the order the spec lists them (2 … 10, J, Q, K, A): the order of moves and hands.
RANK_ORDER = ACE_HIGH.ranks
_DECK = standard_deck()


@GAME.describes
class Ryba(RulesBase[FullRyba, SeenRyba, Ask]):
    def __init__(self) -> None:
        self._layouts: dict[int, Layout] = {}
        self._to_move = [frozenset({s}) for s in range(max(self.seat_counts))]
        # Every Ask made once, and the event that tells it: (seat, target, rank) -> move, event.
        self._asks: dict[tuple[Seat, Seat | None, int], Ask] = {}
        self._asked: dict[tuple[Seat, Seat | None, int], Asked] = {}
        # Legal asks by (seats, seat, ask_all) and then by the bit mask of ranks held.
        self._legal: dict[tuple[int, Seat, bool], dict[int, tuple[Ask, ...]]] = {}
        self._grid: dict[tuple[int, Seat, bool], tuple[tuple[int, Ask], ...]] = {}
        # The opponents of each seat in turn order from his left, by number of seats.
        self._others = {
            n: [tuple((p + i) % n for i in range(1, n)) for p in range(n)] for n in self.seat_counts
        }

    # --- setup ---------------------------------------------------------------------------
    def layout(self, seats: int) -> Layout:
        layout = self._layouts.get(seats)
        if layout is None:
            specs = [PileSpec(STOCK, None, Visibility.HIDDEN)]
            specs += [PileSpec(hand(s), s, Visibility.OWNER) for s in range(seats)]
            specs += [PileSpec(books(s), s, Visibility.PUBLIC) for s in range(seats)]
            layout = self._layouts[seats] = Layout(specs)
        return layout

    def deck(self, state: RybaState[Any]) -> tuple[Card, ...]:
        return _DECK

    def new_game(self, *, seats: int, options: Any = None, seed: int = 0) -> FullRyba:
        self.check_seats(seats)
        opts: RybaOptions = self.resolve_options(options)
        series = Series.start(seed=seed, seats=seats)
        dealer = series.dealer
        stock = shuffled(_DECK, seed, "deal")  # the top card is the last
        each = hand_size(seats)
        hands: list[tuple[Card, ...]] = [()] * seats
        for _round in range(each):  # one card at a time, from the dealer's left
            for i in range(1, seats + 1):
                s = (dealer + i) % seats
                hands[s] = (*hands[s], stock.pop())
        edit = Table(self.layout(seats), (tuple(stock), *hands, *([()] * seats))).edit()
        events: list[Event] = [Dealt(dealer, each)]
        for i in range(1, seats + 1):
            s = (dealer + i) % seats
            for rank in RANK_ORDER:
                _lay_book(edit, events, s, rank)
        return fresh(RybaState, edit.freeze(), seed, opts, seats)._replace(
            events=tuple(events), series=series, turn=(dealer + 1) % seats
        )

    def position(self, text: str, *, options: Any = None, seed: int = 0) -> FullRyba:
        """A position written as text, for tests, tutorials and puzzles.

        Piles by name, cards bottom first.  ``P1`` … ``P6`` are the hands of seats 0 … 5 and
        ``P1.books`` … ``P6.books`` their books (the pile names ``hand.0``, ``books.0`` work
        too); ``stock`` lists the cards on top of the stock, its top card last::

            P1: 7♣ K♦
            P2: 7♦ 7♥ Q♠
            P3: J♣
            stock: 9♥             # 9♥ is the next card drawn

        Settings:

        * ``players: 3`` — the number of players (default: the highest ``P`` named);
        * ``books: P1=2 P2=4`` — give those players that many books of whole ranks nobody
          else holds (the lowest free ranks, 2 up), besides any named in ``P1.books``;
        * ``rest: stock`` (default) puts every card not named under the named stock cards;
          ``rest: none`` leaves them out of the game (a table with fewer cards, e.g. an
          empty stock);
        * ``turn: P2`` — whose turn (default P1);
        * ``dealer: P3`` — the dealer (default: the last player, so that ``P1`` is the spec's
          seat 1, the dealer's left);
        * ``asks: 1999`` — asks already made (for the safety cap).

        Public facts are not laid out: a position starts as if nobody had asked yet.
        """
        opts: RybaOptions = self.resolve_options(options)
        named = [
            line.split(":", 1)[0].strip().split(".", 1)[0]
            for line in text.splitlines()
            if ":" in line.split("#", 1)[0]
        ]
        highest = max(
            (int(key[1:]) for key in named if key[:1] == "P" and key[1:].isdigit()), default=0
        )
        players_text = next(
            (line.split(":", 1)[1].split("#", 1)[0].strip() for line in text.splitlines()
             if line.split(":", 1)[0].strip() == "players"),
            None,
        )  # fmt: skip
        seats = highest if players_text is None else whole_number(players_text, "players")
        self.check_seats(seats)
        layout = self.layout(seats)
        aliases = {f"P{s + 1}": hand(s) for s in range(seats)}
        aliases.update({f"P{s + 1}.books": books(s) for s in range(seats)})
        given = parse_position(text, layout, aliases)
        piles = dict(given.piles)
        for s in range(seats):
            if len(piles.get(books(s), ())) % BOOK:
                raise NotationError(f"P{s + 1}.books must hold whole books of four cards")
        wanted = given.setting("books")
        if wanted:
            used = {c.rank for cards in piles.values() for c in cards}
            free = [r for r in RANK_ORDER if r not in used]
            for item in wanted.split():
                who, _eq, count = item.partition("=")
                s = _player(who, seats)
                for _book in range(whole_number(count, "books")):
                    if not free:
                        raise NotationError("books: not enough free ranks for so many books")
                    rank = free.pop(0)
                    piles[books(s)] = (*piles.get(books(s), ()), *_whole_rank(rank))
        rest = given.setting("rest", STOCK)
        if rest not in (STOCK, "none"):
            raise NotationError(f"rest: {rest!r} must be stock or none")
        table = lay_out(layout, _DECK, piles, rest=STOCK if rest == STOCK else None, seed=seed)
        turn = _player(given.setting("turn") or "P1", seats)
        dealer = _player(given.setting("dealer") or f"P{seats}", seats)
        return fresh(RybaState, table, seed, opts, seats)._replace(
            series=Series(1, 0, dealer), turn=turn, asks=given.number("asks", 0)
        )

    # --- whose turn, which moves -----------------------------------------------------------
    def to_move(self, state: FullRyba) -> frozenset[Seat]:
        if state.turn is None:
            return frozenset()
        return self._to_move[state.turn]

    def _ask(self, seat: Seat, target: Seat | None, rank: int) -> Ask:
        move = self._asks.get((seat, target, rank))
        if move is None:
            move = self._asks[(seat, target, rank)] = Ask(seat, target, rank)
        return move

    def _targets(self, state: FullRyba, seat: Seat) -> tuple[Seat | None, ...]:
        if state.options.ask_all:
            return (None,)
        n = state.seats
        return tuple((seat + i) % n for i in range(1, n))

    def candidates(self, state: FullRyba, seat: Seat) -> Iterable[Ask]:
        for target in self._targets(state, seat):
            for rank in RANK_ORDER:
                yield self._ask(seat, target, rank)

    def legal_moves(self, state: FullRyba, seat: Seat) -> tuple[Ask, ...]:
        # The same answers as filtering candidates() through why_illegal(), computed directly
        # from the ranks held (a random playout asks at every step).
        if seat != state.turn:
            return ()
        mask = 0
        for card in state.table.cards(hand(seat)):
            mask |= 1 << card.rank
        key = (state.seats, seat, state.options.ask_all)
        by_mask = self._legal.get(key)
        if by_mask is None:
            by_mask = self._legal[key] = {}
        moves = by_mask.get(mask)
        if moves is None:
            grid = self._grid.get(key)
            if grid is None:
                grid = self._grid[key] = tuple(
                    (1 << rank, self._ask(seat, target, rank))
                    for target in self._targets(state, seat)
                    for rank in RANK_ORDER
                )
            moves = by_mask[mask] = tuple([move for bit, move in grid if mask & bit])
        self.remember_legal(state, moves)  # apply need not judge them again
        return moves

    # --- the one legality check ----------------------------------------------------------
    def why_illegal(self, state: FullRyba, move: Ask) -> Refusal | None:
        if move.seat != state.turn or state.turn is None:
            return self.not_your_turn(state, move)
        target = move.target
        if state.options.ask_all:
            if target is not None:
                return Refusal(
                    BAD_TARGET, say("Everyone is asked at once: name only the rank, not a player")
                )
        elif target is None:
            return Refusal(BAD_TARGET, say("Name the opponent you ask"))
        elif target == move.seat:
            return Refusal(BAD_TARGET, say("You cannot ask yourself: name an opponent"))
        elif not 0 <= target < state.seats:
            return Refusal(BAD_TARGET, say("There is no such player at this table"))
        rank = move.rank
        for card in state.table.cards(hand(move.seat)):
            if card.rank == rank:
                return None
        word = ranks_word(rank) if rank in RANKS else str(rank)
        return Refusal(
            RANK_NOT_HELD, say("You hold no {rank}: ask only for a rank you hold", rank=word)
        )

    # --- applying a legal move -------------------------------------------------------------
    def perform(self, state: FullRyba, move: Ask) -> FullRyba:
        n = state.seats
        p = move.seat
        rank = move.rank
        classic = state.options.classic_go_fish
        edit = state.table.edit()
        mine = hand(p)
        held = edit[mine]
        asked = self._asked.get((p, move.target, rank))
        if asked is None:
            asked = self._asked[(p, move.target, rank)] = Asked(p, move.target, rank)
        events: list[Event] = [asked]
        givers = (move.target,) if move.target is not None else self._others[n][p]
        lost: list[tuple[PileId, int]] = []  # (hand, rank) no longer held: facts to drop
        lacking: list[PileId] = []  # the hands that answered «Рыба»
        for g in givers:
            theirs = hand(g)
            cards = edit[theirs]
            taken = tuple([c for c in cards if c.rank == rank])
            if taken:
                edit[theirs] = tuple([c for c in cards if c.rank != rank])
                held += taken
                lost.append((theirs, rank))
                events.append(HandedOver(g, p, rank, taken))
            else:
                lacking.append(theirs)
        keep_turn = False
        shown: Card | None = None
        if lost:
            edit[mine] = held
            keep_turn = True
            if _lay_book(edit, events, p, rank):
                lost.append((mine, rank))
        else:
            stock = edit[STOCK]
            if stock:
                card = stock[-1]
                edit[STOCK] = stock[:-1]
                edit[mine] = held + (card,)
                _drew(edit, mine)
                fished_rank = classic and card.rank == rank
                events.append(Fished(p, move.target, rank, fished_rank, card))
                if _lay_book(edit, events, p, card.rank):
                    lost.append((mine, card.rank))
                    keep_turn = fished_rank
                elif fished_rank:
                    keep_turn = True
                    shown = card
            else:
                events.append(FishedNothing(p, move.target, rank))
        known = edit.known
        if lost:
            known = tuple(
                [
                    f
                    for f in known
                    if isinstance(f, Lacks)
                    or (f.pile, f.rank if isinstance(f, HoldsRank) else f.card.rank) not in lost
                ]
            )
        for theirs in lacking:
            lack = Lacks(theirs, rank=rank)
            if lack not in known:
                known += (lack,)
        if (mine, rank) not in lost:
            for f in known:
                if f.__class__ is HoldsRank and f.rank == rank and f.pile == mine:
                    break
            else:
                known += (HoldsRank(mine, rank),)
        if shown is not None:
            known += (Shown(mine, shown),)
        edit.known = known
        asks = state.asks + 1

        # The end check, once the ask is resolved (books laid).
        if classic:
            laid = sum(len(edit[books(s)]) for s in range(n)) // BOOK
            if laid >= ALL_BOOKS:
                counts = _book_counts(edit, n)
                best = max(counts)
                winners = tuple(s for s in range(n) if counts[s] == best)
                return self._end(state, edit, events, asks, ALL_BOOKS_DOWN, winners, ())
        else:
            # Only a hand that lost cards can be empty.
            emptied = {pile for pile, _rank in lost if not edit[pile]}
            finished = tuple([s for s in range(n) if hand(s) in emptied]) if emptied else ()
            if finished:
                counts = _book_counts(edit, n)
                winner = max(
                    finished,
                    key=lambda s: (counts[s], order_from_dealer(s, state.dealer, n)),
                )
                how = EMPTY_HAND if len(finished) == 1 else TOGETHER
                return self._end(state, edit, events, asks, how, (winner,), finished)
        if asks >= ASK_LIMIT:
            return self._end(state, edit, events, asks, ASK_LIMIT_REACHED, tuple(range(n)), ())

        # Whose turn next.
        if keep_turn and edit[mine]:
            turn = p
        else:
            if keep_turn:  # classic: his hand emptied by a book during his turn
                events.append(OutOfCards(p))
            turn = (p + 1) % n
            if classic:
                turn = _classic_turn(edit, events, turn, n)
        return state._replace(table=edit.freeze(), events=tuple(events), turn=turn, asks=asks)

    def _end(
        self,
        state: FullRyba,
        edit: TableEdit,
        events: list[Event],
        asks: int,
        how: str,
        winners: tuple[Seat, ...],
        finished: tuple[Seat, ...],
    ) -> FullRyba:
        counts = _book_counts(edit, state.seats)
        ended = GAME_ENDS[how](winners, finished, counts)
        events.append(ended)
        note = ended.text()
        return state._replace(
            table=edit.freeze(),
            events=tuple(events),
            series=state.series.ended(DealResult(state.dealer, counts, note, how)),
            turn=None,
            asks=asks,
            how=how,
            winners=winners,
            finished=finished,
        )

    # --- the end -------------------------------------------------------------------------------
    def outcome(self, state: FullRyba) -> Outcome | None:
        if state.turn is not None:
            return None
        counts = book_counts(state)
        reason = end_text(state.how, state.winners, state.finished, counts)
        if state.how == ASK_LIMIT_REACHED:
            return Outcome((1,) * state.seats, reason, counts, ending=state.how, measure=BOOKS)
        if state.how == ALL_BOOKS_DOWN:
            return Outcome.from_scores(counts, reason, ending=state.how, measure=BOOKS)
        winners = frozenset(state.winners)
        return Outcome.win_for(
            winners, state.seats, reason, counts, ending=state.how, measure=BOOKS_SHOWN
        )

    # --- presentation ----------------------------------------------------------------------
    def present(self, obs: Observation[SeenRyba]) -> TableView:
        return presentation.present(obs)


# --- helpers -------------------------------------------------------------------------------


def _lay_book(edit: TableEdit, events: list[Event], seat: Seat, rank: int) -> bool:
    """Lay down the book of ``rank`` if ``seat`` holds all four; True when one was laid."""
    mine = hand(seat)
    held = edit[mine]
    book = [c for c in held if c.rank == rank]
    if len(book) < BOOK:
        return False
    edit[mine] = tuple([c for c in held if c.rank != rank])
    edit.add(books(seat), *book)
    events.append(BookLaid(seat, rank, tuple(book)))
    return True


def _drew(edit: TableEdit, pile: PileId) -> None:
    """``pile`` took a card from the stock unseen: what it was known to lack, it may now hold."""
    if edit.known:
        edit.known = tuple([f for f in edit.known if not (isinstance(f, Lacks) and f.pile == pile)])


def _classic_turn(edit: TableEdit, events: list[Event], turn: Seat, n: int) -> Seat:
    """Classic variant: the turn comes to ``turn``; an empty hand draws one card first, or is
    passed by when the stock is empty too.  Someone holds cards (else all books are down)."""
    skipped: list[Seat] = []
    for _step in range(n):
        if edit[hand(turn)]:
            break
        stock = edit[STOCK]
        if stock:
            edit[STOCK] = stock[:-1]
            edit[hand(turn)] = (stock[-1],)
            _drew(edit, hand(turn))
            if skipped:
                events.append(Skipped(tuple(skipped)))
                skipped = []
            events.append(DrewForTurn(turn, stock[-1]))
            return turn
        skipped.append(turn)
        turn = (turn + 1) % n
    if skipped:
        events.append(Skipped(tuple(skipped)))
    return turn


def _book_counts(edit: TableEdit, n: int) -> tuple[int, ...]:
    return tuple(len(edit[books(s)]) // BOOK for s in range(n))


def _whole_rank(rank: int) -> tuple[Card, ...]:
    return tuple(c for c in _DECK if c.rank == rank)


RYBA = Ryba()
