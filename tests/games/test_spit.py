"""Spit: the acceptance scenarios of rules/spit.md §11, the other rules of §5-§8, the time
contract of §6.4, the bot of §12, and seeded all-bot games on a virtual clock."""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from cardsuite.bots.spit import SpitBot
from cardsuite.core.cards import (
    FACE_DOWN,
    Card,
    deck_order,
    parse_card,
    parse_cards,
    standard_deck,
)
from cardsuite.core.errors import GAME_OVER, STALE_TIME, IllegalMoveError, OptionsError
from cardsuite.core.text import default_names, fill, has_placeholders
from cardsuite.games.spit import GAME
from cardsuite.games.spit.engine import (
    ALREADY_REQUESTED,
    EMPTY_SLOT,
    NO_MANUAL_FILL,
    NO_REQUEST,
    NOT_ADJACENT,
    NOT_YOUR_MOVE,
    SLOT_NOT_EMPTY,
    SOURCE_TOO_SHORT,
    WRONG_MODE,
    deal_packet,
)
from cardsuite.games.spit.model import (
    CENTRE,
    OUT,
    STACK,
    STALL,
    STALL_SPITS,
    Fill,
    Filled,
    Flipped,
    FullSpit,
    Pass,
    Play,
    Played,
    Recycled,
    Spat,
    SpitCancel,
    SpitOptions,
    SpitRequest,
    slot,
)

SPIT = GAME.load()

G = SPIT


def c(text: str) -> Card:
    return parse_card(text)


def cs(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def pos(text: str, **options: Any) -> FullSpit:
    return G.position(text, options=SpitOptions(**options))


def refused(state: FullSpit, move: Any, code: str) -> None:
    refusal = G.why_illegal(state, move)
    assert refusal is not None and refusal.code == code, refusal
    with pytest.raises(IllegalMoveError) as err:
        G.apply(state, move)
    assert err.value.code == code


def top(state: FullSpit, pile: str) -> Card | None:
    return state.table.top(pile)


def plays(state: FullSpit, seat: int) -> list[Play]:
    return [m for m in G.legal_moves(state, seat) if isinstance(m, Play)]


# --- §11 acceptance scenarios ----------------------------------------------------------------


def test_spit_s01_layout() -> None:
    packet = standard_deck()[:26]  # c1 … c26
    s1, s2, s3, stack = deal_packet(packet, 3)
    cc = (None, *packet)  # 1-based
    assert s1 == (cc[1], cc[4], cc[7], cc[9])
    assert s2 == (cc[2], cc[5], cc[8])
    assert s3 == (cc[3], cc[6])
    assert len(stack) == 17 and stack[-1] is cc[10] and stack[0] is cc[26]
    # A real deal lays every packet out that way, then the opening spit turns c10 onto C1.
    state = G.new_game(seats=2, options=SpitOptions(), seed=7)
    _dealer, packets = G.packets(7)
    *row, p1_stack = deal_packet(packets[0], 3)
    assert tuple(state.table.cards(slot(0, k)) for k in range(3)) == tuple(row)
    # Only the top card of each slot is face up, to both players.
    seen = G.observe(state, 1).state.table
    assert seen.faces(slot(0, 0)) == (FACE_DOWN,) * 3 + (row[0][-1],)
    assert set(seen.faces(STACK[1])) == {FACE_DOWN}
    after = G.advance(state, state.spit_due)
    assert top(after, CENTRE[0]) is packets[0][9]
    assert after.table.count(STACK[0]) == 16 and after.table.count(STACK[1]) == 16
    assert p1_stack[-1] is packets[0][9]


def test_spit_s02_adjacent_ranks() -> None:
    state = pos("C1: 7♣\nC2: 2♦\nP1.S1: 8♦\nP1.S2: 6♠\nP1.S3: 7♥\nP2.S1: Q♠")
    assert G.why_illegal(state, Play(0, 0, 0)) is None  # 8♦ on 7♣
    assert G.why_illegal(state, Play(0, 1, 0)) is None  # 6♠ on 7♣
    refused(state, Play(0, 2, 0), NOT_ADJACENT)  # 7♥ on 7♣
    nine = pos("C1: 7♣\nC2: 2♦\nP1.S1: 9♥\nP2.S1: Q♠")
    refused(nine, Play(0, 0, 0), NOT_ADJACENT)
    after = G.apply(state, Play(0, 0, 0))
    assert top(after, CENTRE[0]) is c("8♦")
    # Direction may change freely: 7♥ now goes on the 8♦.
    assert G.why_illegal(after, Play(0, 2, 0)) is None


def test_spit_s03_wrap() -> None:
    text = "C1: 5♣\nC2: K♠\nP1.S1: A♦\nP2.S1: 8♠"
    assert G.why_illegal(pos(text), Play(0, 0, 1)) is None
    ace = pos("C1: 5♣\nC2: A♣\nP1.S1: 2♥\nP1.S2: K♦\nP2.S1: 8♠")
    assert G.why_illegal(ace, Play(0, 0, 1)) is None
    assert G.why_illegal(ace, Play(0, 1, 1)) is None
    refused(pos(text, wrap=False), Play(0, 0, 1), NOT_ADJACENT)
    low = pos("C1: 5♣\nC2: A♣\nP1.S1: 2♥\nP1.S2: K♦\nP2.S1: 8♠", wrap=False)
    assert G.why_illegal(low, Play(0, 0, 1)) is None  # the Ace stays next to the 2
    refused(low, Play(0, 1, 1), NOT_ADJACENT)


def test_spit_s04_either_centre_pile() -> None:
    state = pos("C1: 2♣\nC2: 9♠\nP1.S1: 4♣ 10♦\nP2.S1: 8♠\nP2.S2: 3♥")
    after = G.apply(state, Play(0, 0, 1))  # P1 onto P2's pile
    assert top(after, CENTRE[1]) is c("10♦")
    after = G.apply(after, Play(1, 1, 0))  # P2 onto P1's pile
    assert top(after, CENTRE[0]) is c("3♥")


def test_spit_s05_flip() -> None:
    state = pos("C1: 6♠\nC2: 2♦\nP1.S1: 9♣\nP1.S2: 4♣ 5♦\nP2.S1: Q♠")
    assert G.observe(state, 1).state.table.faces(slot(0, 1)) == (FACE_DOWN, c("5♦"))
    after = G.apply(state, Play(0, 1, 0))
    assert after.table.cards(slot(0, 1)) == (c("4♣"),)
    assert G.observe(after, 1).state.table.faces(slot(0, 1)) == (c("4♣"),)  # now face up
    assert Flipped(0, c("4♣"), 1) in after.events


def test_spit_s06_auto_fill() -> None:
    state = pos("C1: 5♣\nC2: K♠\nP1.S1: 2♦ 3♦ J♥\nP1.S2: 9♥\nP1.S3: Q♥\nP2.S1: 5♠")
    after = G.apply(state, Play(0, 2, 1))  # Q on K
    assert after.table.cards(slot(0, 2)) == (c("J♥"),)
    assert after.table.cards(slot(0, 0)) == cs("2♦ 3♦")
    assert G.observe(after, 1).state.table.faces(slot(0, 0)) == (FACE_DOWN, c("3♦"))
    assert Filled(0, c("J♥"), 0, 2) in after.events and Flipped(0, c("3♦"), 0) in after.events


def test_spit_s07_race_decided_by_arrival_order() -> None:
    state = pos("C1: 7♣\nC2: 2♦\nP1.S1: 2♠ 8♦\nP2.S1: 6♥\nP2.S2: J♠")
    assert state.spit_due is None  # both can play: no countdown
    first = G.apply_at(state, Play(0, 0, 0), 1000)  # the human's 8♦ lands first
    assert first.clock == 1000 and top(first, CENTRE[0]) is c("8♦")
    with pytest.raises(IllegalMoveError) as err:
        G.apply_at(first, Play(1, 0, 0), 1005)  # the bot's 6♥, 5 ms later
    assert err.value.code == NOT_ADJACENT
    assert first.table.cards(slot(1, 0)) == (c("6♥"),)  # still in the bot's slot


def test_spit_s08_countdown_falls_due_with_nobody_acting() -> None:
    text = "clock: 5000\nC1: 5♣\nC2: 9♦\nP1.S1: K♠\nP2.S1: 8♥ J♥\nP2.S3: Q♣"
    state = pos(text)
    assert not G.can_play(state, 0) and not G.can_play(state, 1)
    assert G.next_due(state) == 5800
    quiet = G.advance(state, 5799)
    assert quiet.table == state.table and quiet.clock == 5799
    spat = G.advance(state, 5800)
    p1, p2 = state.table.cards(STACK[0])[-1], state.table.cards(STACK[1])[-1]
    assert top(spat, CENTRE[0]) is p1 and top(spat, CENTRE[1]) is p2
    assert spat.table.count(STACK[0]) == state.table.count(STACK[0]) - 1
    assert spat.table.count(STACK[1]) == state.table.count(STACK[1]) - 1
    assert Spat(0, p1) in spat.events and Spat(1, p2) in spat.events
    # With manual_fill: P2 fills at 5200 (turning up 8♥, a play), plays it at 5300: no spit
    # at 5800; both stuck again, the next one falls due 800 ms after that play.
    manual = pos(text, manual_fill=True)
    filled = G.apply_at(manual, Fill(1, 0, 1), 5200)
    assert filled.spit_due is None  # P2 can play the 8♥ now: the countdown is cancelled
    played = G.apply_at(filled, Play(1, 0, 1), 5300)
    later = G.advance(played, 5800)
    assert later.table.cards(STACK[0]) == manual.table.cards(STACK[0])  # no spit
    assert played.spit_due == 6100


def test_spit_s09_one_request_is_not_enough() -> None:
    text = "clock: 2000\nC1: 5♣\nC2: 9♦\nP1.S1: K♠\nP2.S1: 4♥\n"
    state = pos(text)
    assert G.can_play(state, 1) and state.spit_due is None
    asked = G.apply_at(state, SpitRequest(0), 2100)
    assert asked.requests == (True, False) and asked.spit_due is None
    assert G.advance(asked, 10_000).table == asked.table  # no spit ever
    # If P2 is stuck instead, P1's request makes both ready: spit after spit_delay.
    stuck = pos("clock: 2000\nC1: 5♣\nC2: 9♦\nP1.S1: 6♠\nP2.S1: Q♥")
    assert G.can_play(stuck, 0) and not G.can_play(stuck, 1)
    asked = G.apply_at(stuck, SpitRequest(0), 2100)
    assert asked.spit_due == 2900
    assert any(isinstance(e, Spat) for e in G.advance(asked, 2900).events)


def test_spit_s10_both_request_while_plays_exist() -> None:
    state = pos("C1: 5♣\nC2: 9♦\nP1.S1: 6♠\nP2.S1: 10♥")
    one = G.apply_at(state, SpitRequest(0), 300)
    both = G.apply_at(one, SpitRequest(1), 450)
    assert both.spit_due == 1250
    spat = G.advance(both, 1250)
    assert spat.requests == (False, False)  # requests are cleared by the spit
    assert [type(e) for e in spat.events] == [Spat, Spat]


def test_spit_s11_recycle_own_centre_pile() -> None:
    state = pos("P2.stack: -\nC1: 2♣\nC2: 4♠ 9♥ J♣\nP1.S1: K♠\nP2.S1: 6♦")
    assert not G.can_play(state, 0) and not G.can_play(state, 1)
    spat = G.advance(state, state.spit_due)
    assert spat.table.cards(CENTRE[1]) == (c("4♠"),)
    assert spat.table.cards(STACK[1]) == cs("J♣ 9♥")  # bottom first: 9♥ is the new top
    assert Recycled(1, 3) in spat.events and Spat(1, c("4♠")) in spat.events


# --- other rules ---------------------------------------------------------------------------


def test_spit_classic_layout() -> None:
    packet = standard_deck()[:26]
    *row, stack = deal_packet(packet, 5)
    assert [len(r) for r in row] == [1, 2, 3, 4, 5]
    assert row[4] == tuple(packet[i - 1] for i in (5, 9, 12, 14, 15))
    assert [r[-1] for r in row] == [packet[i - 1] for i in (1, 6, 10, 13, 15)]  # face up
    assert len(stack) == 11 and stack[-1] is packet[15]  # c16 on top
    state = G.new_game(seats=2, options=SpitOptions(layout="classic"), seed=3)
    assert [state.table.count(slot(1, k)) for k in range(5)] == [1, 2, 3, 4, 5]
    assert len(G.legal_moves(state, 0)) == 1  # before the opening spit: only a request


def test_spit_empty_centre_pile_accepts_nothing() -> None:
    state = G.new_game(seats=2, options=SpitOptions(), seed=1)
    assert state.spit_due == 800 and state.spits == 0
    for k in range(3):
        refused(state, Play(0, k, 0), NOT_ADJACENT)


def test_spit_empty_slot_and_bad_numbers() -> None:
    state = pos("C1: 5♣\nC2: 9♦\nP1.S1: 6♠\nP2.S1: 10♥")
    refused(state, Play(0, 1, 0), EMPTY_SLOT)
    refused(state, Play(0, 3, 0), "NotAMove")


def test_spit_win_by_emptying_the_row() -> None:
    state = pos("C1: 5♣\nC2: 9♦\nP1.S1: 6♠\nP2.S1: 10♥ 2♠")
    won = G.apply_at(state, Play(0, 0, 0), 400)
    assert won.ending == OUT and won.winner == 0 and G.to_move(won) == frozenset()
    outcome = G.outcome(won)
    assert outcome is not None and outcome.places == (1, 2) and outcome.ending == OUT
    assert outcome.scores == (0, 2)
    assert not has_placeholders(fill(outcome.reason, default_names(2)))
    assert G.next_due(won) is None
    refused(won, Play(1, 0, 1), GAME_OVER)  # a later queued action
    assert G.legal_moves(won, 1) == ()


def test_spit_stall_rule() -> None:
    text = (
        "C1: 5♣\nC2: 9♦\nP1.S1: K♠\nP2.S1: 2♥ J♥\nP2.S2: Q♣\n"
        "P1.stack: K♦ K♥\nP2.stack: Q♦ Q♥\nspits: {n}"
    )
    state = pos(text.format(n=STALL_SPITS - 2))
    once = G.advance(state, state.spit_due)  # spit 49: the game goes on
    assert once.ending == "" and once.spits == STALL_SPITS - 1
    ended = G.advance(pos(text.format(n=STALL_SPITS - 1)), 800)  # spit 50 ends it at once
    assert ended.ending == STALL and ended.spits == STALL_SPITS
    assert G.to_move(ended) == frozenset() and G.next_due(ended) is None
    outcome = G.outcome(ended)
    assert outcome is not None and outcome.places == (1, 2) and outcome.ending == STALL
    assert outcome.scores == (1, 3)  # fewer cards left in the row wins
    draw = pos("C1: 5♣\nC2: 9♦\nP1.S1: K♠\nP2.S1: Q♣\nspits: 49\nP1.stack: K♦\nP2.stack: Q♦")
    ended = G.advance(draw, draw.spit_due or 0)
    outcome = G.outcome(ended)
    assert outcome is not None and outcome.places == (1, 1) and ended.winner is None


def test_spit_a_play_resets_the_stall_count_and_cancels_own_request() -> None:
    state = pos("C1: 5♣\nC2: 9♦\nP1.S1: 6♠ 4♠\nP2.S1: 10♥\nspits: 12\nrequests: P1")
    after = G.apply(state, Play(0, 0, 0))
    assert after.spits == 0 and after.requests == (False, False)


def test_spit_requests_and_cancels() -> None:
    state = pos("C1: 5♣\nC2: 9♦\nP1.S1: 6♠\nP2.S1: 10♥")
    assert SpitCancel(0) not in G.legal_moves(state, 0)
    refused(state, SpitCancel(0), NO_REQUEST)
    asked = G.apply(state, SpitRequest(0))
    refused(asked, SpitRequest(0), ALREADY_REQUESTED)
    assert SpitCancel(0) in G.legal_moves(asked, 0)
    assert G.apply(asked, SpitCancel(0)).requests == (False, False)


def test_spit_countdown_kept_by_a_step_that_moves_no_card() -> None:
    """A stuck player's request or cancel neither restarts nor stops a running countdown."""
    state = pos("C1: 5♣\nC2: 9♦\nP1.S1: K♠\nP2.S1: Q♣")
    assert state.spit_due == 800
    asked = G.apply_at(state, SpitRequest(0), 500)
    assert asked.spit_due == 800
    cancelled = G.apply_at(asked, SpitCancel(0), 600)
    assert cancelled.spit_due == 800  # stuck, so still ready


def test_spit_countdown_restarts_after_a_move_when_both_stay_ready() -> None:
    state = pos("C1: 5♣\nC2: 9♦\nP1.S1: 2♣ 6♠\nP2.S1: 10♥\nrequests: P1 P2\nspit_due: 900")
    after = G.apply_at(state, Play(0, 0, 0), 700)  # P1's request goes; 2♣ is turned up
    assert after.requests == (False, True)
    # 2♣ has no play on 6♠ or 9♦: P1 is stuck, so both are ready again, from now.
    assert after.spit_due == 1500


def test_spit_stale_time_and_spit_before_action() -> None:
    state = pos("clock: 3000\nC1: 5♣\nC2: 9♦\nP1.S1: K♠\nP2.S1: Q♣")
    with pytest.raises(IllegalMoveError) as err:
        G.apply_at(state, SpitRequest(0), 2999)
    assert err.value.code == STALE_TIME
    # An action stamped after the due time comes after the spit.
    after = G.apply_at(state, SpitRequest(0), 3900)
    assert after.spits == 2 and after.table.count(CENTRE[0]) == 2
    with pytest.raises(ValueError, match="clock"):
        G.advance(state, 10)


def test_spit_advance_in_two_steps_equals_once() -> None:
    rng = random.Random(5)
    checked = 0
    for seed in range(30):
        for state in sample_states(seed, manual_fill=seed % 3 == 0):
            if state.ending:
                continue
            a = state.clock + rng.randrange(0, 3000)
            b = a + rng.randrange(0, 3000)
            first = G.advance(state, a)
            twice, once = G.advance(first, b), G.advance(state, b)
            # the same state; the events of the two steps together are the one's
            assert twice._replace(events=()) == once._replace(events=())
            due_a, due_b = G.next_due(state), G.next_due(first)
            told = (first.events if due_a is not None and due_a <= a else ()) + (
                twice.events if due_b is not None and due_b <= b else ()
            )
            if due_a is not None and due_a <= b:
                assert once.events == told
            checked += 1
    assert checked > 300


def test_spit_turn_mode() -> None:
    state = G.new_game(seats=2, options=SpitOptions(mode="turns"), seed=4)
    assert state.spit_due is None and G.next_due(state) is None and not G.realtime(state)
    assert state.turn == 1 - state.dealer and state.spits == 1
    assert [type(e) for e in state.events[1:]] == [Spat, Spat]  # the opening spit
    text = "C1: 5♣\nC2: 9♦\nP1.S1: 3♠ 6♠\nP1.S2: 2♣\nP2.S1: 8♥ 10♥\nturn: P1\n"
    text += "P1.stack: 7♣\nP2.stack: K♣"
    state = pos(text, mode="turns")
    refused(state, Play(1, 0, 1), NOT_YOUR_MOVE)
    refused(state, SpitRequest(0), WRONG_MODE)
    assert Pass(0) in G.legal_moves(state, 0)  # allowed even with a play
    one = G.apply(state, Pass(0))
    assert one.turn == 1 and one.passes == 1
    two = G.apply(one, Pass(1))  # two passes: a spit at once
    assert any(isinstance(e, Spat) for e in two.events) and two.passes == 0
    assert two.turn == 1 and two.opener == 1  # P1 opened before; now P2 does
    played = G.apply(G.apply(two, Pass(1)), Play(0, 0, 0))
    assert played.passes == 0 and played.turn == 1  # a play ends the run of passes
    three = G.apply(G.apply(played, Pass(1)), Pass(0))
    assert three.turn == 0 and three.opener == 0  # the first move alternates


def test_spit_pass_in_real_time_is_wrong_mode() -> None:
    refused(pos("C1: 5♣\nC2: 9♦\nP1.S1: 6♠\nP2.S1: 10♥"), Pass(0), WRONG_MODE)


def test_spit_manual_fill() -> None:
    text = "C1: 5♣\nC2: 9♦\nP1.S1: 2♥ 3♥ 6♠\nP1.S3: K♣\nP2.S1: 10♥"
    auto = pos(text)
    refused(auto, Fill(0, 0, 1), NO_MANUAL_FILL)
    manual = pos(text, manual_fill=True)
    refused(manual, Fill(0, 0, 2), SLOT_NOT_EMPTY)
    refused(manual, Fill(0, 2, 1), SOURCE_TOO_SHORT)
    filled = G.apply(manual, Fill(0, 0, 1))
    assert filled.table.cards(slot(0, 1)) == (c("6♠"),)
    assert filled.table.cards(slot(0, 0)) == cs("2♥ 3♥")
    # An empty slot stays empty after a play: no automatic fill.
    played = G.apply(pos("C1: 5♣\nC2: 9♦\nP1.S1: 2♥ 3♥ 4♠\nP1.S2: 6♠\nP2.S1: 10♥",
                         manual_fill=True), Play(0, 1, 0))  # fmt: skip
    assert played.table.cards(slot(0, 1)) == ()
    # Turn mode: a fill does not end the move.
    turns = pos(text + "\nturn: P1", manual_fill=True, mode="turns")
    assert G.apply(turns, Fill(0, 0, 1)).turn == 0


def test_spit_options_and_seats() -> None:
    with pytest.raises(OptionsError, match="spit_delay"):
        SpitOptions(spit_delay=50)
    with pytest.raises(OptionsError, match="layout"):
        SpitOptions(layout="pyramid")
    with pytest.raises(OptionsError, match="2"):
        G.new_game(seats=3, options=SpitOptions(), seed=0)
    state = G.new_game(seats=2, options=SpitOptions(spit_delay=2500), seed=0)
    assert state.spit_due == 2500


def test_spit_reaction_ranges() -> None:
    assert G.reaction_ms("random") == (1400, 2400)
    assert G.reaction_ms("heuristic") == (800, 1400)
    assert G.reaction_ms("search") == (450, 800)
    with pytest.raises(OptionsError, match="level"):
        G.reaction_ms("godlike")


def test_spit_notation_round_trip_and_labels() -> None:
    for state in sample_states(11, manual_fill=True):
        for seat in G.to_move(state):
            legal = G.legal_moves(state, seat)
            assert len({m.label() for m in legal}) == len(legal)
            for m in legal:
                assert G.move_from_text(state, G.move_to_text(m), seat) == m
            accepted = [m for m in G.candidates(state, seat) if G.why_illegal(state, m) is None]
            assert list(legal) == accepted


def test_spit_present_shows_the_countdown_and_hides_face_down_cards() -> None:
    state = pos("clock: 5000\nC1: 5♣\nC2: 9♦\nP1.S1: 8♥ K♠\nP2.S1: 7♥ J♥\nrequests: P1")
    view = G.present(G.observe(state, 1))
    assert view.countdown == "Spit!" and G.next_due(state) == 5800
    assert not any("ms" in line.split() for line in view.info)  # times are the table's to show
    assert view.seats[0].seat == 1 and view.seats[0].is_viewer
    text = " ".join(view.strings())
    assert "8♥" not in text and "7♥" not in text  # face down
    assert view.pile(slot(0, 0)).faces == (FACE_DOWN, c("K♠"))
    assert view.pile(slot(1, 0)).faces == (FACE_DOWN, c("J♥"))
    running = G.present(G.observe(pos("C1: 5♣\nC2: 9♦\nP1.S1: 6♠\nP2.S1: 10♥"), 0))
    assert not any("due" in line for line in running.info)


def test_spit_event_texts() -> None:
    for state in sample_states(2):
        for event in state.events:
            words = fill(event.text(), default_names(2))
            assert words and not has_placeholders(words)


# --- the bot -----------------------------------------------------------------------------------


def test_spit_bot_prefers_exposing_a_card() -> None:
    state = pos("C1: 5♣\nC2: J♦\nP1.S1: 6♠\nP1.S2: 2♥ 3♥ 4♠\nP2.S1: K♥")
    move = SpitBot().choose(G, G.observe(state, 0), G.legal_moves(state, 0), random.Random(0))
    assert move == Play(0, 1, 0)  # 4♠ from the tall slot, not the lone 6♠


def test_spit_bot_takes_a_target_away() -> None:
    # 8♠ fits both 7♣ (C1) and 9♦ (C2); the opponent's 10♥ wants the 9♦: cover that one.
    state = pos("C1: 7♣\nC2: 9♦\nP1.S1: 8♠\nP2.S1: 10♥\nP2.S2: K♣")
    move = SpitBot().choose(G, G.observe(state, 0), G.legal_moves(state, 0), random.Random(0))
    assert move == Play(0, 0, 1)


def test_spit_bot_never_asks_for_a_spit_with_a_play() -> None:
    for state in sample_states(8):
        for seat in G.to_move(state):
            legal = G.legal_moves(state, seat)
            move = SpitBot().choose(G, G.observe(state, seat), legal, random.Random(1))
            assert move in legal
            if plays(state, seat):
                assert isinstance(move, Play)


# --- a virtual clock, and all-bot games ------------------------------------------------------

LEVELS = ("random", "heuristic", "search")


def make_bot(level: str) -> SpitBot:
    return SpitBot(random_share=0.3 if level == "random" else 0.0)


def has_action(state: FullSpit, seat: int) -> bool:
    """A bot is scheduled when it has a PLAY (or, with manual_fill, a FILL) to make."""
    return any(isinstance(m, Play | Fill) for m in G.legal_moves(state, seat))


@dataclass
class Run:
    state: FullSpit
    steps: int = 0
    plays: int = 0
    spits: int = 0
    refused: int = 0
    ending: str = ""
    states: list[FullSpit] = field(default_factory=list)


def drive(
    seed: int,
    levels: tuple[str, str] = ("heuristic", "heuristic"),
    *,
    keep: bool = False,
    max_steps: int = 20_000,
    **options: Any,
) -> Run:
    """Play one all-bot game on a virtual clock (real time) or in turns.

    Real time: each bot has at most one pending decision time, drawn from its level's range
    when it has none and has something to do; the earliest of those and the engine's
    ``next_due`` comes next (the engine first on a tie); at a bot's time it chooses from its
    own observation and the move is applied with ``apply_at``; a stuck bot submits nothing.
    """
    opts = SpitOptions(**options)
    state = G.new_game(seats=2, options=opts, seed=seed)
    delays = random.Random(f"delays {seed}")
    rngs = [random.Random(f"bot {seed} {s}") for s in (0, 1)]
    bots = [make_bot(level) for level in levels]
    run = Run(state)
    pending: list[int | None] = [None, None]
    while not state.ending and run.steps < max_steps:
        if keep:
            run.states.append(state)
        if not opts.realtime:
            seat = state.turn
            legal = G.legal_moves(state, seat)
            move = bots[seat].choose(G, G.observe(state, seat), legal, rngs[seat])
            state = G.apply(state, move)
        else:
            for s in (0, 1):
                if pending[s] is None and has_action(state, s):
                    lo, hi = G.reaction_ms(levels[s]) or (0, 0)
                    pending[s] = state.clock + delays.randint(lo, hi)
            due = G.next_due(state)
            times = [t for t in (due, *pending) if t is not None]
            assert times, "nothing pending: the game would wait for ever"
            now = min(times)
            if due == now:
                state = G.advance(state, now)
            else:
                seat = 0 if pending[0] == now else 1
                pending[seat] = None
                state = G.advance(state, now)
                if has_action(state, seat):
                    legal = G.legal_moves(state, seat)
                    move = bots[seat].choose(G, G.observe(state, seat), legal, rngs[seat])
                    try:
                        state = G.apply_at(state, move, now)
                    except IllegalMoveError:
                        run.refused += 1
        run.steps += 1
        run.plays += sum(isinstance(e, Played) for e in state.events)
        run.spits += sum(isinstance(e, Spat) for e in state.events) // 2
        # Liveness: nobody able to play means a spit is on its way.
        if opts.realtime and not state.ending and not G.can_play(state, 0):
            assert G.can_play(state, 1) or G.next_due(state) is not None
    run.state = state
    run.ending = state.ending or "safety:steps"
    return run


def sample_states(seed: int, **options: Any) -> list[FullSpit]:
    states = drive(seed, keep=True, **options).states
    return states + drive(seed, keep=True, mode="turns", **options).states


@pytest.mark.parametrize("mode", ["realtime", "turns"])
def test_spit_all_bot_games_end_by_the_rules(mode: str) -> None:
    endings: Counter[str] = Counter()
    lengths = []
    steps = 0
    started = time.perf_counter()
    for seed in range(200):
        levels = (LEVELS[seed % 3], LEVELS[(seed + 1) % 3])
        run = drive(seed, levels, mode=mode, manual_fill=seed % 4 == 3)
        endings[run.ending] += 1
        lengths.append(run.plays)
        steps += run.steps
        outcome = G.outcome(run.state)
        assert outcome is not None and outcome.ending == run.ending
        # Card conservation at the end of every game.
        assert sorted(run.state.table.all_cards(), key=deck_order) == sorted(
            standard_deck(), key=deck_order
        )
    elapsed = time.perf_counter() - started
    assert sum(n for e, n in endings.items() if e.startswith("safety")) <= 2, endings
    assert endings[OUT] >= 190, endings
    print(f"\n{mode}: {dict(endings)}; plays per game min {min(lengths)} "
          f"median {sorted(lengths)[100]} max {max(lengths)}; "
          f"{elapsed / steps * 1e6:.1f} us per driver step")  # fmt: skip


def test_spit_same_seed_same_game() -> None:
    for mode in ("realtime", "turns"):
        one = drive(17, ("random", "search"), mode=mode)
        two = drive(17, ("random", "search"), mode=mode)
        assert one.state == two.state and one.steps == two.steps


def test_a_move_builds_the_next_state_in_the_field_order() -> None:
    """A move builds its state positionally (the hot path, engine.perform): the fields stay
    in the order it lists them, and a move keeps what it does not change."""
    from cardsuite.games.spit import GAME
    from cardsuite.games.spit.model import SpitState

    SPIT = GAME.load()

    assert SpitState._fields == (
        "table", "seed", "events", "options", "seats", "clock", "spit_due", "requests",
        "turn", "passes", "opener", "dealer", "spits", "winner", "ending",
    )  # fmt: skip
    s = SPIT.new_game(seats=2, seed=6)
    after = SPIT.apply(s, SPIT.legal_moves(s, 0)[-1])  # a spit request, in real time
    assert (after.seed, after.options, after.clock, after.dealer) == (
        s.seed, s.options, s.clock, s.dealer,
    )  # fmt: skip
    assert after.requests == (True, False) and after.winner is None and after.ending == ""
