"""The rules of Seven Leaves: the deal, the tricks, going safe, the loser and his cut.

See ``model.py`` for the game in a paragraph and the decisions taken where the spec is silent.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from cardsuite.core.cards import Card, Suit
from cardsuite.core.errors import NOT_NOW, NotationError, Refusal
from cardsuite.core.events import Event
from cardsuite.core.outcome import Outcome
from cardsuite.core.position import (
    lay_out,
    parse_position,
    position_keys,
    seats_named,
    suit_from_text,
)
from cardsuite.core.position import numbers_per_seat as _numbers
from cardsuite.core.position import seat_from_text as _player
from cardsuite.core.position import whole_number as _number
from cardsuite.core.protocol import Observation, RulesBase
from cardsuite.core.rng import shuffled
from cardsuite.core.series import DealResult, NextDeal, Series, deal_over_refusal, next_deal_refusal
from cardsuite.core.table import Layout, PileSpec, Seat, Shown, Table, Visibility
from cardsuite.core.text import say, say_n
from cardsuite.core.text import seat as who
from cardsuite.core.tricks import (
    MUST_FOLLOW,
    MUST_TRUMP,
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
from cardsuite.games.seven_leaves import GAME
from cardsuite.games.seven_leaves import present as presentation
from cardsuite.games.seven_leaves.model import (
    COUNT,
    CUT,
    CUT_PHASE,
    DECK,
    DONE,
    FOLLOW,
    GAMES_LOST,
    HAND_SIZE,
    LAST_ACTIVE,
    LOWEST_TOTAL,
    MAX_DEALS,
    ORDER,
    PACK,
    PLAY,
    PLAY_OFF,
    PLAY_OFF_CALLED,
    SAFETY,
    TRICK,
    TRICKS,
    Cut,
    CutPack,
    Dealt,
    FullSevenLeaves,
    Lost,
    LostPlayOff,
    Penalty,
    PlayCard,
    PlayOffCalled,
    PlayOffDealt,
    SeenSevenLeaves,
    SevenLeavesMove,
    SevenLeavesOptions,
    SevenLeavesState,
    TrickTaken,
    TurnedUp,
    WentSafe,
    deal_verdict,
    flicks_of,
    hand,
    next_of,
    penalty_text,
    seats_text,
    won,
)

AnySevenLeavesMove = SevenLeavesMove | NextDeal

# Refusal codes (seven-leaves.md §6 and §11 s3: "must trump"); MUST_FOLLOW ("MustFollowSuit")
# and MUST_TRUMP ("MustTrump") are core.tricks' names of the rule a card breaks.
CARD_NOT_HELD = "CardNotHeld"
BAD_CUT = "BadCut"

CUT_POINTS = len(DECK) - 1  # k = 1 … 35


_NO_SEATS: frozenset[Seat] = frozenset()
_MAX_SEATS = 5


@GAME.describes
class SevenLeaves(RulesBase[FullSevenLeaves, SeenSevenLeaves, AnySevenLeavesMove]):
    def __init__(self) -> None:
        self._layouts: dict[int, Layout] = {}
        self._to_move = tuple(frozenset({s}) for s in range(_MAX_SEATS))
        # Moves and the events of plays are values, made once: [seat][card.index].
        self._plays = play_moves(_MAX_SEATS)
        self._played = by_card_index(_MAX_SEATS, lambda s, card: (Played(s, card),))
        self._cuts = tuple(
            tuple(CutPack(s, k) for k in range(1, CUT_POINTS + 1)) for s in range(_MAX_SEATS)
        )
        self._next = tuple(NextDeal(s) for s in range(_MAX_SEATS))
        self._taken: dict[tuple[Seat, int], TrickTaken] = {}
        # Play order of a trick: (players, leader) -> the players clockwise from the leader.
        self._rounds: dict[tuple[tuple[Seat, ...], Seat], tuple[Seat, ...]] = {}

    # --- setup ---------------------------------------------------------------------------
    def layout(self, seats: int) -> Layout:
        layout = self._layouts.get(seats)
        if layout is None:
            specs = [
                PileSpec(PACK, None, Visibility.HIDDEN),
                PileSpec(TRICK),
                PileSpec(CUT),
            ]
            specs += [PileSpec(hand(s), s, Visibility.OWNER) for s in range(seats)]
            # Completed tricks lie face down (§9): nobody looks at them again.
            specs += [PileSpec(won(s), s, Visibility.HIDDEN) for s in range(seats)]
            layout = self._layouts[seats] = Layout(specs)
        return layout

    def deck(self, state: SevenLeavesState[Any]) -> tuple[Card, ...]:
        return DECK

    def in_play(self, state: SevenLeavesState[Any]) -> frozenset[Seat]:
        """Safe players sit out the rest of the game; in the last game of the match they
        have nothing more to do."""
        if state.game + 1 < state.options.games and not state.over:
            return frozenset(range(state.seats))
        if state.over:
            return _NO_SEATS
        if state.loser is not None:
            return frozenset({state.loser}) if state.phase is CUT_PHASE else _NO_SEATS
        return frozenset(state.coming if state.series.between else state.active)

    def new_game(self, *, seats: int, options: Any = None, seed: int = 0) -> FullSevenLeaves:
        opts: SevenLeavesOptions = self.resolve_options(options)
        self.check_seats(seats)
        series = Series.start(seed=seed, seats=seats, deals=0)
        zeros = (0,) * seats
        return self._deal(
            seed=seed,
            options=opts,
            seats=seats,
            series=series,
            game=0,
            deal=1,
            active=tuple(range(seats)),
            playoff=False,
            tricks=zeros,
            safe_at=zeros,
            losses=zeros,
            noses=zeros,
            penalties=(),
        )

    def _deal(
        self,
        *,
        seed: int | None,
        options: SevenLeavesOptions,
        seats: int,
        series: Series,
        game: int,
        deal: int,
        active: tuple[Seat, ...],
        playoff: bool,
        tricks: tuple[int, ...],
        safe_at: tuple[int, ...],
        losses: tuple[int, ...],
        noses: tuple[int, ...],
        penalties: tuple[Any, ...],
    ) -> FullSevenLeaves:
        """Shuffle and deal (§5): seven cards each to the active players, one at a time from
        the dealer's left, the dealer's last card turned up for trumps and left in his hand."""
        assert seed is not None, "an observation cannot be played on"
        dealer = series.dealer
        stock = shuffled(DECK, seed, "deal", series.number)  # the top is the end
        first = next_of(active, dealer, seats)
        order = self._round(active, first, seats)
        # One card at a time round the table: the j-th player in order gets every n-th card
        # from the top, starting with the j-th.
        n = len(order)
        dealt_cards = stock[-HAND_SIZE * n :][::-1]  # the top first
        del stock[-HAND_SIZE * n :]
        contents: dict[str, tuple[Card, ...]] = {PACK: tuple(stock)}
        for j, s in enumerate(order):
            contents[hand(s)] = tuple(dealt_cards[j::n])
        turned = contents[hand(dealer)][-1]
        layout = self.layout(seats)
        table = Table(
            layout,
            tuple(contents.get(spec.id, ()) for spec in layout.specs),
            (Shown(hand(dealer), turned),),
        )
        dealt: Event = (
            PlayOffDealt(dealer, active) if playoff else Dealt(dealer, game + 1, deal, len(active))
        )
        return SevenLeavesState(
            table=table,
            seed=seed,
            events=(dealt, TurnedUp(dealer, turned)),
            options=options,
            seats=seats,
            series=series,
            game=game,
            deal=deal,
            phase=PLAY,
            turn=first,
            leader=None,
            taker=None,
            trumps=turned.suit,
            turned=turned,
            active=active,
            playoff=playoff,
            coming=(),
            coming_playoff=False,
            tricks=tricks,
            deal_tricks=(0,) * seats,
            safe_at=safe_at,
            loser=None,
            ending="",
            losses=losses,
            noses=noses,
            penalties=penalties,
        )

    def _round(self, players: tuple[Seat, ...], leader: Seat, seats: int) -> tuple[Seat, ...]:
        """``players`` in play order, clockwise from ``leader``."""
        key = (players, leader)
        order = self._rounds.get(key)
        if order is None:
            order = tuple(s for s in ((leader + i) % seats for i in range(seats)) if s in players)
            self._rounds[key] = order
        return order

    def position(self, text: str, *, options: Any = None, seed: int = 0) -> FullSevenLeaves:
        """A position written as text, for tests and puzzles.

        Hands by player, cards bottom first.  ``P1`` … ``P5`` are seats 0 … 4 and ``D`` is the
        dealer's hand (by default the last seat, so ``P1`` sits on the dealer's left, as the
        spec numbers players)::

            P1: 9♦ K♣
            P2: 6♦ A♠
            D: 8♠ 7♥
            turned: 8♠            the dealer's face-up card (in his hand; trumps: its suit)
            trick: 9♦             the trick in progress, in the order played
            leader: P1            who led it (default: the first active player left of the
                                  dealer)

        Other piles: ``pack`` (undealt: every card not named goes there), ``won.P1`` …
        (tricks taken this deal, face down), ``cut``.  Other settings: ``players: 3``
        (default: from the hands named), ``dealer: P2`` (default: the last seat),
        ``trumps: ♠`` (default: the turned card's suit; one of the two is needed),
        ``active: P2 P3`` (the players of this deal; default: everyone), ``tricks: 5 2 0``
        (game totals per seat, in seat order, this deal's tricks included; default 0),
        ``taken: 0 3 1`` (tricks taken in this deal, per seat; default: from ``won``),
        ``safe: 1 0 0`` (the deal of this game each seat went safe in, 0: not safe; default:
        1 for players not active), ``deal: 2`` (this deal's number in the game),
        ``playoff: yes``, ``turn: P2`` (default: the next to play).
        """
        opts: SevenLeavesOptions = self.resolve_options(options)
        settings = position_keys(text)
        seats = seats_named(settings)
        self.check_seats(seats)
        dealer = _player(settings["dealer"], seats) if "dealer" in settings else seats - 1
        layout = self.layout(seats)
        aliases = {f"P{s + 1}": hand(s) for s in range(seats)}
        aliases["D"] = hand(dealer)
        for s in range(seats):
            aliases[f"won.P{s + 1}"] = won(s)
        given = parse_position(text, layout, aliases)
        table = lay_out(layout, DECK, given.piles, rest=PACK, seed=seed)
        turned_text = given.setting("turned")
        turned = None
        known: tuple[Shown, ...] = ()
        if turned_text:
            turned = _card(turned_text)
            if turned not in table.cards(hand(dealer)):
                raise NotationError(f"turned: {turned} is not in the dealer's hand")
            known = (Shown(hand(dealer), turned),)
        trumps_text = given.setting("trumps")
        trumps = suit_from_text(trumps_text) if trumps_text else (turned.suit if turned else None)
        if trumps is None:
            raise NotationError("give the trump suit (trumps: ♠) or the turned card")
        active_text = given.setting("active")
        active = (
            tuple(sorted({_player(t, seats, dealer) for t in active_text.split()}))
            if active_text
            else tuple(range(seats))
        )
        if len(active) < 2:
            raise NotationError("active: a deal needs two players or more")
        trick = table.cards(TRICK)
        if len(trick) >= len(active):
            raise NotationError("a trick in progress holds fewer cards than there are players")
        first = next_of(active, dealer, seats)
        leader = _player(settings["leader"], seats, dealer) if "leader" in settings else first
        turn = (
            _player(settings["turn"], seats, dealer)
            if "turn" in settings
            else self._round(active, leader, seats)[len(trick)]
        )
        tricks = _numbers(given.setting("tricks"), seats, "tricks")
        taken_text = given.setting("taken")
        taken = (
            _numbers(taken_text, seats, "taken")
            if taken_text
            else tuple(table.count(won(s)) // len(active) for s in range(seats))
        )
        safe_text = given.setting("safe")
        safe_at = (
            _numbers(safe_text, seats, "safe")
            if safe_text
            else tuple(0 if s in active else 1 for s in range(seats))
        )
        deal = _number(given.setting("deal") or "1", "deal")
        playoff = (given.setting("playoff") or "no").lower() in ("yes", "true", "on", "1")
        # A new match's state (nobody safe, lost or cut yet), with the position laid on it.
        fresh = self.new_game(seats=seats, options=opts, seed=seed)
        return fresh._replace(
            table=Table(layout, table.piles, known),
            events=(),
            series=Series(0, deal - 1, dealer),
            deal=deal,
            turn=turn,
            leader=leader if trick else None,
            trumps=trumps,
            turned=turned,
            active=active,
            playoff=playoff,
            tricks=tricks,
            deal_tricks=taken,
            safe_at=safe_at,
        )

    # --- whose turn, which moves -----------------------------------------------------------
    def to_move(self, state: FullSevenLeaves) -> frozenset[Seat]:
        if state.turn is not None:
            return self._to_move[state.turn]
        if state.series.between:
            return self._to_move[state.next_dealer]
        return _NO_SEATS

    def candidates(self, state: FullSevenLeaves, seat: Seat) -> Iterable[AnySevenLeavesMove]:
        yield self._next[seat]
        plays = self._plays[seat]
        for card in state.table.cards(hand(seat)):
            yield plays[card.index]
        if state.phase is CUT_PHASE:
            yield from self._cuts[seat]

    def legal_moves(self, state: FullSevenLeaves, seat: Seat) -> tuple[AnySevenLeavesMove, ...]:
        # The same answers, in the same order, as filtering candidates() through why_illegal(),
        # computed directly: a random playout asks at every step.
        legal: tuple[AnySevenLeavesMove, ...]
        if seat == state.turn and state.phase is PLAY:
            table = state.table
            led = suit_led(table.cards(TRICK), state.taker is not None)
            plays = self._plays[seat]
            cards = playable(table.cards(hand(seat)), led, state.trumps, FOLLOW)
            legal = tuple([plays[c.index] for c in cards])
        elif seat == state.turn:
            legal = self._cuts[seat]  # the loser's cut
        elif state.series.between and seat == state.next_dealer:
            legal = (self._next[seat],)
        else:
            legal = ()
        self.remember_legal(state, legal)  # apply() need not judge them again
        return legal

    def _led(self, state: FullSevenLeaves) -> Suit | None:
        """The suit the next card answers; None for a lead (core.tricks.suit_led)."""
        return suit_led(state.table.cards(TRICK), state.taker is not None)

    # --- the one legality check ----------------------------------------------------------
    def why_illegal(self, state: FullSevenLeaves, move: AnySevenLeavesMove) -> Refusal | None:
        seat = move.seat
        kind = type(move)
        if kind is NextDeal or state.phase is DONE:
            series = state.series
            dealer = state.next_dealer if series.between else -1  # (known between deals only)
            if kind is NextDeal:
                return next_deal_refusal(series, seat, dealer, game_over=state.over)
            return deal_over_refusal(series, dealer)
        if kind is PlayCard:
            assert isinstance(move, PlayCard)
            if state.phase is not PLAY:
                assert state.loser is not None  # the game is decided: the loser cuts
                return Refusal(
                    NOT_NOW,
                    say("the game is decided: {who} must cut the pack", who=who(state.loser)),
                )
            if seat != state.turn:
                return self.not_your_turn(state, move)
            card = move.card
            held = state.table.cards(hand(seat))
            if card not in held:
                return Refusal(CARD_NOT_HELD, say("you do not hold {card}", card=card))
            return refusal(card, held, self._led(state), state.trumps, FOLLOW)
        if kind is CutPack:
            assert isinstance(move, CutPack)
            if state.phase is not CUT_PHASE:
                return Refusal(NOT_NOW, say("there is nothing to cut now: play a card"))
            if seat != state.loser:
                return self.not_your_turn(state, move)
            if not 1 <= move.at <= CUT_POINTS:
                return Refusal(
                    BAD_CUT,
                    say(
                        "cut the pack between card 1 and card {n}, not at {k}",
                        n=CUT_POINTS,
                        k=move.at,
                    ),
                )
            return None
        return Refusal(NOT_NOW, say("that is not a move of this game"))

    # --- applying a legal move -------------------------------------------------------------
    def perform(self, state: FullSevenLeaves, move: AnySevenLeavesMove) -> FullSevenLeaves:
        kind = type(move)
        if kind is PlayCard:
            assert isinstance(move, PlayCard)
            return self._perform_play(state, move.seat, move.card)
        if kind is CutPack:
            assert isinstance(move, CutPack)
            return self._perform_cut(state, move.seat, move.at)
        return self._next_deal(state)

    def _perform_play(self, state: FullSevenLeaves, seat: Seat, card: Card) -> FullSevenLeaves:
        table = state.table
        piles = list(table.piles)
        positions = table.layout.positions
        taker = state.taker  # the last trick goes face down to its winner as he leads again
        taken_to = won(taker) if taker is not None else None
        led = suit_led(table.cards(TRICK), taker is not None)
        trick, leader = play_to_trick(piles, positions, seat, card, state.leader, taken_to)
        known = table.known
        if known and card is state.turned:  # the dealer's turned card leaves his hand
            known = tuple([f for f in known if not (isinstance(f, Shown) and f.card is card)])
        known = with_voids(known, seat, card, led, state.trumps, FOLLOW)
        active = state.active
        order = self._rounds.get((active, leader)) or self._round(active, leader, state.seats)
        if len(trick) < len(active):
            # The deal goes on: what a play changes (phase, players and scores stay).
            return state._replace(
                table=Table(table.layout, tuple(piles), known),
                events=self._played[seat][card.index],
                turn=order[len(trick)],
                leader=leader,
                taker=None,
            )
        # The trick is complete.
        winner = order[winning_play(trick, state.trumps, ORDER)]
        dt = state.deal_tricks
        deal_tricks = (*dt[:winner], dt[winner] + 1, *dt[winner + 1 :])
        tricks = state.tricks
        if not state.playoff:
            tricks = (*tricks[:winner], tricks[winner] + 1, *tricks[winner + 1 :])
        count = deal_tricks[winner] if state.playoff else tricks[winner]
        taken = self._taken.get((winner, count))
        if taken is None:
            taken = self._taken[(winner, count)] = TrickTaken(winner, count)
        after = state._replace(
            table=Table(table.layout, tuple(piles), known),
            events=(self._played[seat][card.index][0], taken),
            turn=winner,
            leader=leader,
            taker=winner,
            tricks=tricks,
            deal_tricks=deal_tricks,
        )
        if piles[positions[hand(winner)]]:
            return after
        return self._end_of_deal(after)

    def _end_of_deal(self, state: FullSevenLeaves) -> FullSevenLeaves:
        """After the seventh trick: who goes safe, who loses, or who plays on (§7.1)."""
        opts = state.options
        seats = state.seats
        events: list[Event] = list(state.events)
        first_event = len(events)
        active = state.active
        tricks = state.tricks
        safe_at = list(state.safe_at)
        verdict = deal_verdict(
            active,
            tricks,
            state.deal_tricks,
            state.playoff,
            opts.target_tricks,
            state.deal,
            state.dealer,
            seats,
        )
        for s in verdict.safe:
            safe_at[s] = state.deal
            events.append(WentSafe(s, tricks[s]))
        ending, loser, fewest = verdict.ending, verdict.loser, verdict.fewest
        if loser is None:
            if ending == PLAY_OFF_CALLED:
                events.append(PlayOffCalled(verdict.coming, fewest))
        elif ending == PLAY_OFF:
            events.append(LostPlayOff(loser, fewest))
        else:
            events.append(
                Lost(loser, fewest, lowest=ending == LOWEST_TOTAL, limit=ending == SAFETY)
            )
        next_active, playoff = verdict.coming, verdict.playoff
        note = _deal_note(events[first_event:], loser)
        result = DealResult(state.dealer, state.deal_tricks, note, ending)
        losses = state.losses
        phase, turn = DONE, None
        series = state.series
        if loser is None:
            series = series.ended(result)
        else:
            losses = (*losses[:loser], losses[loser] + 1, *losses[loser + 1 :])
            last_game = state.game + 1 >= opts.games
            if opts.penalty_display == COUNT:
                # The result is recorded now; the match waits for the loser's cut.
                series = series.ended(result, match_over=True)
                phase, turn = CUT_PHASE, loser
            else:
                series = series.ended(result, match_over=last_game)
        return state._replace(
            events=tuple(events),
            series=series,
            phase=phase,
            turn=turn,
            coming=next_active if loser is None else (),
            coming_playoff=playoff,
            safe_at=tuple(safe_at),
            loser=loser,
            ending=ending if loser is not None else "",
            losses=losses,
        )

    def _perform_cut(self, state: FullSevenLeaves, seat: Seat, at: int) -> FullSevenLeaves:
        """The penalty (§7.3): the whole pack shuffled, the ``at``-th card from the top cut."""
        assert state.seed is not None, "an observation cannot be played on"
        pack = shuffled(DECK, state.seed, "cut", state.game)  # the top is the end
        card = pack.pop(len(pack) - at)
        layout = state.table.layout
        table = Table.from_names(
            layout,
            {spec.id: () for spec in layout.specs} | {PACK: tuple(pack), CUT: (card,)},
        )
        flicks = flicks_of(card)
        noses = state.noses
        noses = (*noses[:seat], noses[seat] + flicks, *noses[seat + 1 :])
        opts = state.options
        series = state.series
        if state.game + 1 < opts.games:
            series = series._replace(between=True)  # the next game, dealt by the loser
        return state._replace(
            table=table,
            events=(Cut(seat, at, card, flicks, opts.flick_cards),),
            series=series,
            phase=DONE,
            turn=None,
            leader=None,
            taker=None,
            noses=noses,
            penalties=(*state.penalties, Penalty(state.game, seat, at, card, flicks)),
        )

    def _next_deal(self, state: FullSevenLeaves) -> FullSevenLeaves:
        dealer = state.next_dealer
        series = state.series._replace(number=state.series.number + 1, dealer=dealer, between=False)
        seats = state.seats
        if state.loser is not None:  # a new game: everyone in, at 0 tricks, the loser deals
            zeros = (0,) * seats
            return self._deal(
                seed=state.seed,
                options=state.options,
                seats=seats,
                series=series,
                game=state.game + 1,
                deal=1,
                active=tuple(range(seats)),
                playoff=False,
                tricks=zeros,
                safe_at=zeros,
                losses=state.losses,
                noses=state.noses,
                penalties=state.penalties,
            )
        return self._deal(
            seed=state.seed,
            options=state.options,
            seats=seats,
            series=series,
            game=state.game,
            deal=state.deal + 1,
            active=state.coming,
            playoff=state.coming_playoff,
            tricks=state.tricks,
            safe_at=state.safe_at,
            losses=state.losses,
            noses=state.noses,
            penalties=state.penalties,
        )

    # --- the end -------------------------------------------------------------------------------
    def outcome(self, state: FullSevenLeaves) -> Outcome | None:
        if not state.over:
            return None
        seats = state.seats
        opts = state.options
        if opts.games == 1:
            late = max(state.safe_at) + 1
            keys = [
                2 * MAX_DEALS if s == state.loser else (state.safe_at[s] or late)
                for s in range(seats)
            ]
            scores, measure = state.tricks, TRICKS
        else:
            keys = [state.losses[s] * 1000 + state.noses[s] for s in range(seats)]
            scores, measure = state.losses, GAMES_LOST
            if opts.penalty_display != COUNT:  # no noses to break a tie
                measure = dataclasses.replace(measure, note="")
        places = tuple(1 + sum(other < mine for other in keys) for mine in keys)
        return Outcome(places, self.reason(state), scores, state.ending, measure)

    def reason(self, state: SevenLeavesState[Any]) -> str:
        """The end in words: the loser and his penalty, or each game's loser and cut."""
        opts = state.options
        if opts.games == 1:
            loser = state.loser
            assert loser is not None  # a finished game has its loser
            n = state.tricks[loser]
            if state.ending == PLAY_OFF:
                text = say(
                    "{who} takes the fewest tricks in the play-off and loses", who=who(loser)
                )
            elif state.ending == LOWEST_TOTAL:
                text = say(
                    "everyone left went safe in the same deal, and {who} loses with the lowest "
                    "total ({n} tricks)",
                    who=who(loser),
                    n=n,
                )
            else:
                text = say(
                    "{who} is the last player left, with {n} of {target} tricks, and loses",
                    who=who(loser),
                    n=n,
                    target=opts.target_tricks,
                )
            if state.penalties:
                p = state.penalties[-1]
                text = say(
                    "{text}; the cut shows {penalty}",
                    text=text,
                    penalty=penalty_text(p.card, p.flicks, opts.flick_cards),
                )
            return text
        parts = []
        for s in range(state.seats):
            if not state.losses[s]:
                continue
            if opts.penalty_display == COUNT:
                flicks = (
                    say_n("{n} flick", "{n} flicks", state.noses[s], n=state.noses[s])
                    if state.noses[s]
                    else say("pardoned")
                )
                parts.append(
                    say("{who} lost {k} ({flicks})", who=who(s), k=state.losses[s], flicks=flicks)
                )
            else:
                parts.append(say("{who} lost {k}", who=who(s), k=state.losses[s]))
        return say("after {n} games: {parts}", n=opts.games, parts=", ".join(parts))

    # --- presentation ----------------------------------------------------------------------
    def present(self, obs: Observation[SeenSevenLeaves]) -> TableView:
        return presentation.present(obs)


def _deal_note(events: list[Event], loser: Seat | None) -> str:
    """A deal's end in one or two short sentences, for the summary (the log says more)."""
    safe = tuple(e.seat for e in events if isinstance(e, WentSafe) and e.seat != loser)
    parts = []
    if safe:
        parts.append(
            say_n("{players} is safe.", "{players} are safe.", len(safe), players=seats_text(safe))
        )
    for e in events:
        if isinstance(e, PlayOffCalled):
            parts.append(say("Play-off: {players}.", players=seats_text(e.players)))
    if loser is not None:
        parts.append(say("{who} loses the game.", who=who(loser)))
    if not parts:
        parts.append(say("Nobody is safe yet."))
    return " ".join(parts)


def _card(text: str) -> Card:
    from cardsuite.core.cards import parse_card

    return parse_card(text)


__all__ = [
    "BAD_CUT", "CARD_NOT_HELD", "LAST_ACTIVE", "LOWEST_TOTAL", "MUST_FOLLOW", "MUST_TRUMP",
    "NOT_NOW", "PLAY_OFF", "SAFETY", "AnySevenLeavesMove", "SevenLeaves",
]  # fmt: skip
