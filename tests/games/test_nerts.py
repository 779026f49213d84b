"""Nerts: the acceptance scenarios of rules/nerts.md §11, the other rules of §5-§8, the time
contract of §6.4-§6.6, and all-bot games played on a virtual clock.

``NERTS_GAMES=200 python -m pytest tests/games/test_nerts.py -k driver`` (or running this file
as a script) plays the long runs; the default keeps the file fast.
"""

from __future__ import annotations

import os
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from cardsuite.bots.base import RandomBot
from cardsuite.bots.nerts import NertsBot
from cardsuite.core.cards import FACE_DOWN, Card, parse_card
from cardsuite.core.errors import (
    GAME_OVER,
    NOT_YOUR_TURN,
    STALE_TIME,
    IllegalMoveError,
    NotationError,
    OptionsError,
)
from cardsuite.core.moves import Pass
from cardsuite.core.table import Table
from cardsuite.games.nerts import GAME
from cardsuite.games.nerts.engine import (
    ACE_FIRST,
    ACE_TO_CENTRE,
    ALREADY_STUCK,
    BAD_BUILD,
    CANNOT_PASS,
    NOT_AVAILABLE,
    NOT_OWN_ROW,
    NOT_STARTED,
    NOTHING_TO_FLIP,
    WRONG_FOUNDATION,
    WRONG_MODE,
)
from cardsuite.games.nerts.model import (
    CENTRE,
    OVER,
    PLAY,
    START_DELAY,
    TIMEOUT,
    WAITING,
    Flip,
    FullNerts,
    NertsOptions,
    NertsTurned,
    Play,
    Recycled,
    Remedied,
    StartSignal,
    Stuck,
    TimedOut,
    ToCentre,
    WentOut,
    found,
    nerts,
    row,
    stock,
    waste,
)

NERTS = GAME.load()

G = NERTS
TURN = NertsOptions(mode="turns")
RT = NertsOptions()


def c(text: str, owner: int = 0) -> Card:
    plain = parse_card(text)
    return Card(plain.rank, plain.suit, owner)


def pos(text: str, **options: Any) -> FullNerts:
    return G.position(text, options=NertsOptions(**options))


def code(state: FullNerts, move: Any) -> str | None:
    refusal = G.why_illegal(state, move)
    return None if refusal is None else refusal.code


def play(seat: int, card: str, source: str, target: str) -> Play:
    return Play(seat, c(card, seat), source, target)


def with_piles(state: FullNerts, **piles: tuple[Card, ...]) -> FullNerts:
    """The state with some piles replaced (``stock_0=...``); the cards taken out of other
    piles of the same owner go under his 13-pile, so every card stays on the table."""
    table = state.table
    changes = {name.replace("_", "."): cards for name, cards in piles.items()}
    moved = {card for cards in changes.values() for card in cards}
    work = {pid: [x for x in table.cards(pid) if x not in moved] for pid in table.layout.ids}
    for pid, cards in changes.items():
        removed = [x for x in table.cards(pid) if x not in cards and x not in moved]
        work[pid] = list(cards)
        owner = table.layout.spec(pid).owner or 0
        work[nerts(owner)] = removed + work[nerts(owner)]
    new = Table(table.layout, tuple(tuple(work[pid]) for pid in table.layout.ids), ())
    assert Counter(new.all_cards()) == Counter(table.all_cards())
    return state._replace(table=new)


# --- §11 acceptance scenarios -------------------------------------------------------------


def test_nerts_s01_foundation_build_credited_to_player() -> None:
    state = pos("F1: P2 A♥ 2♥ 3♥ 4♥\nP1.waste: 5♥\nP1.row1: 5♦", mode="turns")
    assert code(state, play(0, "5♥", "waste.0", "found.0")) is None
    after = G.apply(state, play(0, "5♥", "waste.0", "found.0"))
    assert after.table.top(found(0)) is c("5♥", 0)
    centre = [card.back for card in after.table.cards(found(0))]
    assert centre.count(0) == 1 and centre.count(1) == 4
    assert code(state, play(0, "5♦", "row.0.0", "found.0")) == WRONG_FOUNDATION


def test_nerts_s02_ace_on_13_pile_goes_to_centre_by_itself() -> None:
    state = pos("P1.nerts: 9♣ A♣ K♠\nP1.row1: 5♦", mode="turns")
    after = G.apply(state, play(0, "K♠", "nerts.0", "row.0.1"))
    assert after.table.cards(found(0)) == (c("A♣"),)
    assert after.table.top(nerts(0)) is c("9♣")
    assert any(isinstance(e, ToCentre) and e.auto for e in after.events)
    assert NertsTurned(0, c("9♣")) in after.events


def test_nerts_s03_row_builds_alternate_colours_one_rank_down() -> None:
    state = pos("P1.row1: 8♠\nP1.row2: 8♥\nP1.row3: 9♠\nP1.row4: 2♣\nP1.waste: 7♦", mode="turns")
    assert code(state, play(0, "7♦", "waste.0", "row.0.0")) is None
    assert code(state, play(0, "7♦", "waste.0", "row.0.1")) == BAD_BUILD
    assert code(state, play(0, "7♦", "waste.0", "row.0.2")) == BAD_BUILD


def test_nerts_s04_row_tails_move_between_rows() -> None:
    state = pos("P1.row1: 9♠ 8♥ 7♣\nP1.row2: 9♣\nP1.row3: 9♦\nP1.row4: 2♣", mode="turns")
    assert code(state, play(0, "8♥", "row.0.0", "row.0.2")) == BAD_BUILD
    after = G.apply(state, play(0, "8♥", "row.0.0", "row.0.1"))
    assert after.table.cards(row(0, 1)) == (c("9♣"), c("8♥"), c("7♣"))
    assert after.table.cards(row(0, 0)) == (c("9♠"),)


def test_nerts_s05_any_card_to_an_empty_slot() -> None:
    state = pos(
        "P1.nerts: 2♦ K♠\nP1.waste: Q♦\nP1.row1: 5♣\nP1.row2: 6♣\nP1.row4: 7♣", mode="turns"
    )
    assert code(state, play(0, "K♠", "nerts.0", "row.0.2")) is None
    assert code(state, play(0, "Q♦", "waste.0", "row.0.2")) is None


def test_nerts_s06_flip_three_then_recycle_in_the_same_order() -> None:
    state = pos("P1.row1: 5♣", mode="turns")
    five = (c("2♠"), c("3♠"), c("4♠"), c("5♠"), c("6♠"))  # 6♠ on top
    state = with_piles(state, stock_0=five, waste_0=())
    one = G.apply(state, Flip(0))
    assert one.table.cards(waste(0)) == (c("6♠"), c("5♠"), c("4♠"))
    assert one.table.top(waste(0)) is c("4♠") and one.table.count(stock(0)) == 2
    two = G.apply(one._replace(turn=0), Flip(0))
    assert two.table.count(waste(0)) == 5 and two.table.count(stock(0)) == 0
    three = G.apply(two._replace(turn=0), Flip(0))
    assert any(isinstance(e, Recycled) for e in three.events)
    assert three.table.cards(waste(0)) == one.table.cards(waste(0))
    assert three.table.cards(stock(0)) == one.table.cards(stock(0))


def test_nerts_s07_ace_never_goes_on_a_row() -> None:
    state = pos("P1.row1: 2♥\nP1.waste: A♠", mode="turns", auto_aces=False)
    assert code(state, play(0, "A♠", "waste.0", "row.0.0")) == ACE_TO_CENTRE


@pytest.mark.parametrize("mode", ["turns", "realtime"])
def test_nerts_s08_last_13_pile_card_ends_the_deal(mode: str) -> None:
    state = pos("F1: P1 A♣ 2♣ 3♣ 4♣\nP2.nerts: 5♣\nturn: P2", mode=mode)
    after = G.apply_at(state, play(1, "5♣", "nerts.1", "found.0"), 100)
    assert WentOut(1) in after.events and after.phase == OVER and after.out == 1
    assert G.to_move(after) == frozenset()
    assert G.next_due(after) is None
    with pytest.raises(IllegalMoveError) as queued:
        G.apply_at(after, Flip(0), 200)  # a queued bot move is discarded
    assert queued.value.code == GAME_OVER
    assert "out" in G.present(G.observe(after, 0)).info[-1]


@pytest.mark.parametrize(("penalty", "expected"), [(1, 6), (2, 2)])
def test_nerts_s09_score_is_centre_cards_minus_13_pile(penalty: int, expected: int) -> None:
    state = pos(
        "F1: P1 A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥\nF2: P2 A♣\nP1.nerts: K♠ Q♠ J♠ 9♠\n"
        "P2.nerts: 2♣\nturn: P2",
        mode="turns",
        pile_penalty=penalty,
    )
    after = G.apply(state, play(1, "2♣", "nerts.1", "found.1"))
    outcome = G.outcome(after)
    assert outcome is not None and outcome.ending == "out"
    assert outcome.scores == (expected, 2)


def test_nerts_s10_race_for_one_pile_decided_by_arrival_order() -> None:
    state = pos("F1: P3 A♥ 2♥ 3♥ 4♥ 5♥\nP1.waste: 6♥\nP2.waste: 6♥\nclock: 1000")
    human, bot = play(0, "6♥", "waste.0", "found.0"), play(1, "6♥", "waste.1", "found.0")
    assert code(state, human) is None and code(state, bot) is None  # both legal when sent
    after = G.apply_at(state, bot, 1500)  # the bot's arrives first
    with pytest.raises(IllegalMoveError) as late:
        G.apply_at(after, human, 1600)
    assert late.value.code == WRONG_FOUNDATION
    assert after.table.top(waste(0)) is c("6♥", 0)  # his 6♥ stays where it was
    assert after.table.top(found(0)) is c("6♥", 1)


def test_nerts_s11_covered_row_card_cannot_go_to_centre() -> None:
    state = pos("F1: P2 A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥\nP1.row1: 9♠ 8♥ 7♣", mode="turns")
    assert code(state, play(0, "8♥", "row.0.0", "found.0")) == NOT_AVAILABLE


# --- the deal and the other rules ------------------------------------------------------------


def test_deal_sizes_and_hiding() -> None:
    state = G.new_game(seats=4, seed=3)
    for s in range(4):
        assert state.table.count(nerts(s)) == 13
        assert [state.table.count(row(s, j)) for j in range(4)] == [1, 1, 1, 1]
        assert state.table.count(stock(s)) == 35 and state.table.count(waste(s)) == 0
        assert {card.back for card in state.table.cards(stock(s))} == {s}
    seen = G.observe(state, 0).state.table
    assert set(seen.faces(stock(0))) == {FACE_DOWN}
    assert seen.faces(nerts(1))[:-1] == (FACE_DOWN,) * 12 and seen.faces(nerts(1))[-1] != FACE_DOWN


def test_waste_shows_only_its_top() -> None:
    state = G.apply(pos("P1.row1: 5♣", mode="turns"), Flip(0))
    faces = G.observe(state, 1).state.table.faces(waste(0))
    assert faces[:2] == (FACE_DOWN, FACE_DOWN) and isinstance(faces[2], Card)


def test_refusals_of_plays() -> None:
    state = pos(
        "P1.waste: 7♦\nP2.waste: 7♠\nP2.row1: 8♣\nP1.row1: 9♠ 8♥\nF1: P1 A♠\nP1.row2: 5♣",
        mode="turns",
    )
    assert code(state, play(0, "7♦", "waste.0", "row.1.0")) == NOT_OWN_ROW
    assert code(state, Play(0, c("7♠", 1), "waste.1", "row.0.0")) == NOT_AVAILABLE
    assert code(state, play(0, "7♦", "waste.0", CENTRE)) == WRONG_FOUNDATION
    assert code(state, play(0, "8♥", "row.0.0", "row.0.0")) == BAD_BUILD
    assert code(state, play(0, "7♦", "stock.0", "row.0.0")) == NOT_AVAILABLE
    assert code(state, play(1, "7♠", "waste.1", "row.1.0")) == NOT_YOUR_TURN
    state = pos("P1.waste: A♦\nF1: P2 A♣", mode="turns", auto_aces=False)
    assert code(state, play(0, "A♦", "waste.0", "found.1")) == WRONG_FOUNDATION
    assert code(state, play(0, "A♦", "waste.0", CENTRE)) is None


def test_ace_first_without_auto_aces() -> None:
    state = pos("P1.row1: A♦\nP1.row2: 5♣\nP1.waste: 7♠", mode="turns", auto_aces=False)
    assert code(state, Flip(0)) == ACE_FIRST
    assert code(state, play(0, "7♠", "waste.0", "row.0.2")) == ACE_FIRST
    assert G.legal_moves(state, 0) == (play(0, "A♦", "row.0.0", CENTRE),)
    after = G.apply(state, play(0, "A♦", "row.0.0", CENTRE))
    assert after.table.cards(found(0)) == (c("A♦"),) and after.table.count(row(0, 0)) == 0


def test_flip_pass_and_stuck_depend_on_the_mode() -> None:
    turns = with_piles(pos("P1.row1: 5♣", mode="turns"), stock_0=(), waste_0=())
    assert code(turns, Flip(0)) == NOTHING_TO_FLIP
    assert code(turns, Stuck(0)) == WRONG_MODE
    assert Pass(0) in G.legal_moves(turns, 0)
    assert code(pos("P1.row1: 5♣", mode="turns"), Pass(0)) == CANNOT_PASS
    realtime = pos("P1.row1: 5♣")
    assert code(realtime, Pass(0)) == WRONG_MODE
    after = G.apply(realtime, Stuck(0))
    assert after.stuck == (True, False)
    assert code(after, Stuck(0)) == ALREADY_STUCK


def test_turns_a_flip_ends_the_turn_plays_do_not() -> None:
    state = pos("P1.row1: 9♠\nP1.waste: 8♥\nP1.row2: 5♣", mode="turns")
    after = G.apply(state, play(0, "8♥", "waste.0", "row.0.0"))
    assert after.turn == 0
    assert G.apply(after, Flip(0)).turn == 1


def test_strict_alternation_one_action_per_turn() -> None:
    state = pos("P1.row1: 9♠\nP1.waste: 8♥\nP1.row2: 5♣", mode="turns", strict_alternation=True)
    assert G.apply(state, play(0, "8♥", "waste.0", "row.0.0")).turn == 1
    with pytest.raises(OptionsError):
        G.new_game(seats=2, options=NertsOptions(strict_alternation=True))


def test_flip_count_one() -> None:
    before = pos("P1.row1: 5♣", mode="turns", flip_count=1)
    state = G.apply(before, Flip(0))
    assert state.table.count(waste(0)) == 1
    assert state.table.count(stock(0)) == before.table.count(stock(0)) - 1


def test_turns_dealt_aces_move_at_their_owners_first_turn() -> None:
    for seed in range(200):
        state = G.new_game(seats=2, options=TURN, seed=seed)
        other = 1 - state.turn
        tops = [state.table.top(p) for p in (nerts(other), *(row(other, j) for j in range(4)))]
        if any(card is not None and card.rank == 1 for card in tops):
            break
    else:
        pytest.fail("no seed deals an Ace face up to the second player")
    while state.turn != other:
        state = G.apply(state, Flip(state.turn))
    owners = {card.back for k in range(8) for card in state.table.cards(found(k))}
    assert other in owners  # moved as his turn began, before he acts
    assert all(
        (top := state.table.top(p)) is None or top.rank != 1
        for p in (nerts(other), *(row(other, j) for j in range(4)))
    )


def test_recycle_without_progress_makes_a_player_stuck_and_all_stuck_remedy() -> None:
    state = pos("P1.row1: 5♣\nstuck: P2", mode="turns")
    state = with_piles(state, stock_0=(), waste_0=(c("2♠"), c("3♠"), c("4♠"), c("5♠")))
    stock1 = state.table.cards(stock(1))
    after = G.apply(state, Flip(0))  # a recycle with no progress since play opened
    assert any(isinstance(e, Remedied) for e in after.events)
    assert after.stuck == (False, False) and after.remedied
    # P1: the waste back on the stock (its bottom card on top), then the top card to the bottom.
    assert after.table.count(waste(0)) == 0
    assert after.table.cards(stock(0)) == (c("2♠"), c("5♠"), c("4♠"), c("3♠"))
    assert after.table.cards(stock(1)) == (stock1[-1], *stock1[:-1])


def test_all_stuck_again_without_progress_ends_the_deal() -> None:
    state = pos("P1.row1: 5♣\nstuck: P2")
    remedied = G.apply(state, Stuck(0))
    assert remedied.remedied and remedied.phase == PLAY
    again = G.apply(G.apply(remedied, Stuck(1)), Stuck(0))
    assert again.phase == OVER
    outcome = G.outcome(again)
    assert outcome is not None and outcome.ending == "deadlock"


def test_progress_clears_every_stuck_flag() -> None:
    state = pos("F1: P2 A♥\nP1.waste: 2♥\nstuck: P2")
    after = G.apply(state, play(0, "2♥", "waste.0", "found.0"))
    assert after.stuck == (False, False) and after.progress == 1
    assert after.timeout_at == after.clock + TIMEOUT


def test_target_score_deals_again_with_a_new_start_signal() -> None:
    state = pos("F1: P1 A♣ 2♣ 3♣ 4♣\nP2.nerts: 5♣\nclock: 7000", target_score=100)
    after = G.apply_at(state, play(1, "5♣", "nerts.1", "found.0"), 7000)
    assert after.phase == WAITING and after.start_at == 7000 + START_DELAY
    assert after.series.results[0].scores[1] == 1
    assert after.table.count(nerts(1)) == 13
    assert code(after, Flip(0)) == NOT_STARTED
    view = G.present(G.observe(after, 0))
    assert view.summary is not None and view.countdown == "Go!"
    assert G.next_due(after) == 10000
    turns = pos("F1: P1 A♣ 2♣ 3♣ 4♣\nP2.nerts: 5♣\nturn: P2", mode="turns", target_score=100)
    nxt = G.apply(turns, play(1, "5♣", "nerts.1", "found.0"))
    assert nxt.phase == PLAY and nxt.turn == 0  # the next player after the previous first


def test_target_score_match_ends_when_a_total_reaches_it() -> None:
    final, _steps, _stats = drive(G.new_game(seats=3, options=NertsOptions(target_score=30)), 5)
    outcome = G.outcome(final)
    assert outcome is not None and outcome.ending == "target-score"
    assert outcome.scores is not None and max(outcome.scores) >= 30
    assert outcome.scores == final.series.totals(3)


def test_reaction_ms_per_level() -> None:
    assert G.reaction_ms("random") == (1800, 2600)
    assert G.reaction_ms("heuristic") == (1000, 1600)
    assert G.reaction_ms("search") == (500, 900)
    assert G.realtime(G.new_game(seats=2)) and not G.realtime(G.new_game(seats=2, options=TURN))


def test_notation_round_trip_and_position_errors() -> None:
    state = pos("P1.row1: 9♠\nP1.waste: 8♥\nP1.row2: 5♣", mode="turns")
    move = play(0, "8♥", "waste.0", "row.0.0")
    assert G.move_from_text(state, G.move_to_text(move), 0) == move
    with pytest.raises(NotationError):
        pos("P1.row1: 9♠\ncolour: red")


# --- the time contract (§6.4) ----------------------------------------------------------------


def test_stale_time_is_refused() -> None:
    state = pos("P1.row1: 5♣\nclock: 5000")
    with pytest.raises(IllegalMoveError) as stale:
        G.apply_at(state, Flip(0), 4999)
    assert stale.value.code == STALE_TIME
    with pytest.raises(ValueError):
        G.advance(state, 4000)


def test_the_no_progress_countdown_and_info_say_what_falls_due_in_words() -> None:
    started = G.advance(G.new_game(seats=3, seed=5), START_DELAY)
    view = G.present(G.observe(started, 0))
    assert G.next_due(started) == started.timeout_at == START_DELAY + TIMEOUT
    # the table writes "Everyone stuck in 60" (the seconds to the timeout of §6.4)
    assert view.countdown == "Everyone stuck in"
    rule = next(line for line in view.info if "stuck" in line)
    assert "minute without progress" in rule
    for progress in ("to the centre", "off a 13-pile", "off a waste"):  # §6.6
        assert progress in rule, rule


def test_every_foundation_place_is_on_the_table_numbered_with_its_room() -> None:
    state = pos("F2: P2 A♥ 2♥")
    view = G.present(G.observe(state, 0))
    assert [p.label for p in view.centre] == [f"foundation {k}" for k in range(1, 9)]
    assert view.pile("found.1").faces[-1] == c("2♥", 1) and not view.pile("found.0").faces
    assert {p.most for p in view.centre} == {13}
    assert [p.most for p in view.seats[0].piles] == [13, 12, 12, 12, 12, 35, 35]


def test_start_signal_falls_due_with_nobody_acting() -> None:
    state = G.new_game(seats=3, seed=5)
    assert state.phase == WAITING and G.next_due(state) == START_DELAY
    assert all(G.legal_moves(state, s) == () for s in range(3)) and G.to_move(state)
    assert code(state, Flip(0)) == NOT_STARTED
    view = G.present(G.observe(state, 0))
    assert view.countdown == "Go!" and "«Go!»" in view.status
    early = G.advance(state, 2999)
    assert early.phase == WAITING and early.clock == 2999
    started = G.advance(state, 3000)
    assert started.phase == PLAY and StartSignal(3000) in started.events
    assert started.timeout_at == 3000 + TIMEOUT
    # an action stamped at the signal's time comes after it
    assert G.apply_at(state, Flip(0), 3000).phase == PLAY


def test_no_progress_timeout_then_remedy_then_deadlock_end() -> None:
    state = pos("P1.row1: 5♣\nclock: 0")
    timed = G.advance(state, TIMEOUT)
    assert any(isinstance(e, TimedOut) for e in timed.events)
    assert any(isinstance(e, Remedied) for e in timed.events)
    assert timed.timeout_at == 2 * TIMEOUT and timed.phase == PLAY
    ended = G.advance(timed, 2 * TIMEOUT)
    assert ended.phase == OVER and G.next_due(ended) is None
    once = G.advance(state, 2 * TIMEOUT)  # once or in steps: the same state, the same events
    assert once._replace(events=()) == ended._replace(events=())
    assert once.events == timed.events + ended.events


def test_advance_in_two_steps_equals_once() -> None:
    rng = random.Random(7)
    checked = 0
    for seed in range(40):
        seats = 2 + seed % 5
        opts = NertsOptions(target_score=10 if seed % 3 == 0 else 0)
        state = G.new_game(seats=seats, options=opts, seed=seed)
        for _step in range(rng.randrange(0, 200)):
            movers = [s for s in range(seats) if G.legal_moves(state, s)]
            if state.phase == OVER:
                break
            t = state.clock + rng.randrange(0, 3000)
            due = G.next_due(state)
            if not movers or (due is not None and due <= t):
                state = G.advance(state, due if due is not None else t)
                continue
            seat = rng.choice(movers)
            state = G.apply_at(state, rng.choice(G.legal_moves(state, seat)), t)
        for _case in range(5):
            a = state.clock + rng.randrange(0, 3 * TIMEOUT)
            b = a + rng.randrange(0, 3 * TIMEOUT)
            first = G.advance(state, a)
            twice, once = G.advance(first, b), G.advance(state, b)
            assert twice._replace(events=()) == once._replace(events=())
            due_a, due_b = G.next_due(state), G.next_due(first)
            told = (first.events if due_a is not None and due_a <= a else ()) + (
                twice.events if due_b is not None and due_b <= b else ()
            )
            if due_a is not None and due_a <= b:  # the events of the two steps are the one's
                assert once.events == told
            checked += 1
    assert checked == 200


# --- a virtual-clock driver and all-bot games ------------------------------------------------


@dataclass
class Stats:
    steps: int = 0
    refused: int = 0
    endings: Counter[str] = field(default_factory=Counter)


def drive(
    state: FullNerts, seed: int, bots: tuple[Any, ...] | None = None, levels: tuple[str, ...] = ()
) -> tuple[FullNerts, int, Stats]:
    """Play ``state`` to the end with bots: real time on a virtual clock (each bot one pending
    decision time drawn from its level's range; engine due times by ``advance``), or turn by
    turn.  Checks liveness on every state."""
    seats = state.seats
    bots = bots or tuple(NertsBot() for _s in range(seats))
    levels = levels or ("heuristic",) * seats
    delays = random.Random(f"delays {seed}")
    rngs = [random.Random(f"bot {seed} {s}") for s in range(seats)]
    stats = Stats()
    pending: list[int | None] = [None] * seats
    realtime = G.realtime(state)
    seen_results = 0
    while state.phase != OVER:
        if len(state.series.results) > seen_results:
            stats.endings.update(r.ending for r in state.series.results[seen_results:])
            seen_results = len(state.series.results)
        if not realtime:
            seat = state.turn
            legal = G.legal_moves(state, seat)
            assert legal, "liveness: the player on turn has no action"
            move = bots[seat].choose(G, G.observe(state, seat), legal, rngs[seat])
            state = G.apply(state, move)
            stats.steps += 1
            continue
        anyone = False
        for s in range(seats):
            if G.legal_moves(state, s):
                anyone = True
                if pending[s] is None:
                    low, high = G.reaction_ms(levels[s]) or (0, 0)
                    pending[s] = state.clock + delays.randint(low, high)
        due = G.next_due(state)
        assert anyone or due is not None, "liveness: nobody can act and nothing is due"
        times = [t for t in pending if t is not None]
        soonest = min(times) if times else None
        if due is not None and (soonest is None or due <= soonest):
            state = G.advance(state, due)
            continue
        assert soonest is not None
        seat = pending.index(soonest)
        pending[seat] = None
        now = G.advance(state, soonest)
        legal = G.legal_moves(now, seat)
        if not legal:
            state = now
            continue
        move = bots[seat].choose(G, G.observe(now, seat), legal, rngs[seat])
        try:
            state = G.apply_at(state, move, soonest)
        except IllegalMoveError:
            stats.refused += 1
            state = now
        stats.steps += 1
    stats.endings.update(r.ending for r in state.series.results[seen_results:])
    return state, stats.steps, stats


CLOCKS: list[int] = []  # each real-time game's length on the virtual clock (ms), for the report


def run_games(seats: int, mode: str, games: int) -> tuple[Counter[str], list[int], float]:
    """``games`` seeded all-bot games: how each deal ended, the steps per game, µs per step."""
    endings: Counter[str] = Counter()
    lengths = []
    CLOCKS.clear()
    spent = 0.0
    for seed in range(games):
        state = G.new_game(seats=seats, options=NertsOptions(mode=mode), seed=seed)
        start = time.perf_counter()
        final, steps, stats = drive(state, seed)
        spent += time.perf_counter() - start
        outcome = G.outcome(final)
        assert outcome is not None and G.to_move(final) == frozenset()
        endings.update(stats.endings)
        lengths.append(steps)
        CLOCKS.append(final.clock)
    return endings, lengths, spent / max(1, sum(lengths)) * 1e6


GAMES = int(os.environ.get("NERTS_GAMES", "3"))


@pytest.mark.parametrize("mode", ["realtime", "turns"])
@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_driver_all_bot_games_end_by_the_rules(seats: int, mode: str) -> None:
    endings, _lengths, _us = run_games(seats, mode, GAMES)
    assert sum(endings.values()) == GAMES
    assert set(endings) <= {"out", "deadlock", "safety:step-limit"}
    assert endings["safety:step-limit"] * 100 <= GAMES  # a safety stop deciding > 1 % is a defect


def test_driver_same_seed_same_game() -> None:
    one = drive(G.new_game(seats=4, seed=11), 11)
    two = drive(G.new_game(seats=4, seed=11), 11)
    assert one[0] == two[0] and one[1] == two[1]


def test_driver_random_and_heuristic_bots_mixed_end_by_the_rules() -> None:
    state = G.new_game(seats=3, seed=2)
    final, _steps, stats = drive(
        state, 2, (RandomBot(), NertsBot(), RandomBot()), ("random", "heuristic", "search")
    )
    outcome = G.outcome(final)
    assert outcome is not None and outcome.ending in ("out", "deadlock")
    assert stats.refused == 0  # decisions are taken on the state of their own time


def test_bot_plays_its_13_pile_first() -> None:
    state = pos("F1: P2 A♥ 2♥\nP1.nerts: 9♣ 3♥\nP1.waste: 4♠\nP1.row1: 5♥", mode="turns")
    legal = G.legal_moves(state, 0)
    move = NertsBot().choose(G, G.observe(state, 0), legal, random.Random(0))
    assert move == play(0, "3♥", "nerts.0", "found.0")


def test_bot_says_stuck_with_nothing_to_flip() -> None:
    state = pos("P1.nerts: 2♦ K♣\nP1.row1: 5♣\nP1.row2: 5♦\nP1.row3: Q♥ J♠\nP1.row4: Q♦")
    state = with_piles(state, stock_0=(), waste_0=())
    legal = G.legal_moves(state, 0)
    assert legal == (play(0, "J♠", "row.0.2", "row.0.3"), Stuck(0))  # a pointless move
    assert NertsBot().choose(G, G.observe(state, 0), legal, random.Random(0)) == Stuck(0)


def test_nobody_field_is_minus_one() -> None:
    assert G.new_game(seats=2).out is None


if __name__ == "__main__":  # the long runs of the report
    count = int(os.environ.get("NERTS_GAMES", "200"))
    for mode_ in ("realtime", "turns"):
        for seats_ in range(2, 7):
            ends, lens, us = run_games(seats_, mode_, count)
            lens.sort()
            CLOCKS.sort()
            clock = f"; clock median {CLOCKS[len(CLOCKS) // 2]} ms" if mode_ == "realtime" else ""
            print(
                f"{mode_:8} {seats_}p: {dict(ends)} steps min {lens[0]} median "
                f"{lens[len(lens) // 2]} p95 {lens[int(len(lens) * 0.95)]} max {lens[-1]}; "
                f"{us:.0f} µs per driver step{clock}"
            )


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_wanted_follows_the_foundations_through_whole_games(seats: int) -> None:
    """The state keeps, for speed, which card each foundation takes next: after every step of
    random games (deals, plays to the centre, automatic Aces, new deals) it is what the
    foundations themselves say."""
    from cardsuite.games.nerts.engine import _wanted

    rng = random.Random(seats)
    for seed in range(3):
        state = G.new_game(seats=seats, seed=seed)
        while not state.over:
            state = G.advance(state, state.clock + 250)
            assert state.wanted == _wanted(state.table, seats)
            movers = [s for s in range(seats) if G.legal_moves(state, s)]
            if not movers:
                continue
            seat = rng.choice(movers)
            legal = G.legal_moves(state, seat)
            state = G.apply(state, rng.choice(legal))
            assert state.wanted == _wanted(state.table, seats)
