"""Snip Snap Snorem: the acceptance scenarios of rules/snip-snap-snorem.md §11, then the other
rules of §5-§8 and both options."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardsuite.core.cards import FACE_DOWN, Card, parse_card, parse_cards, standard_deck
from cardsuite.core.errors import GAME_OVER, NOT_YOUR_TURN, IllegalMoveError, OptionsError
from cardsuite.core.text import fill
from cardsuite.games import get_game
from cardsuite.games.snip_snap_snorem.engine import (
    MIXED_RANKS,
    MUST_LEAD,
    MUST_MATCH,
    NOT_IN_HAND,
    ONE_CARD_ONLY,
    SNIP_SNAP_SNOREM,
    WRONG_RANK,
)
from cardsuite.games.snip_snap_snorem.model import (
    DONE,
    EMPTY_HAND,
    ROUND,
    Dealt,
    EmptyHandWins,
    FullSnip,
    Pass,
    Passed,
    Play,
    Played,
    RoundDone,
    SnipOptions,
    SnipState,
    hand,
)

G = SNIP_SNAP_SNOREM
MANUAL = SnipOptions(auto_pass=False)
MULTI = SnipOptions(multi_play=True, auto_pass=False)
MULTI_AUTO = SnipOptions(multi_play=True)
NAMES = ("A", "B", "C", "D", "E", "F")

SCENARIO = """
P1: 7♣ 7♥ K♠
P2: 7♦ 7♠ 2♣
P3: 5♥ 9♦
"""
LONE = """
P1: 9♣ 9♦ 9♥ 9♠ 4♣ 4♦
P2: 5♣ 6♣
P3: 5♦ 6♦
"""


def c(text: str) -> Card:
    return parse_card(text)


def play(seat: int, text: str) -> Play:
    return Play(seat, parse_cards(text))


def held(state: FullSnip, seat: int) -> tuple[Card, ...]:
    return state.table.cards(hand(seat))


def texts(state: FullSnip) -> list[str]:
    return [fill(e.text(), NAMES) for e in state.events]


def refused(state: FullSnip, move: Play | Pass, code: str) -> None:
    """The move is refused with ``code``, and apply raises the same refusal."""
    refusal = G.why_illegal(state, move)
    assert refusal is not None and refusal.code == code, refusal
    with pytest.raises(IllegalMoveError) as error:
        G.apply(state, move)
    assert error.value.code == code and error.value.reason == refusal.text


def run(state: FullSnip, *moves: Play | Pass) -> FullSnip:
    for move in moves:
        state = G.apply(state, move)
    return state


# --- §11 acceptance scenarios ----------------------------------------------------------------


def test_snip_snap_snorem_s01_deal_sizes() -> None:
    sizes = {3: [18, 17, 17], 4: [13] * 4, 5: [11, 11, 10, 10, 10], 6: [9, 9, 9, 9, 8, 8]}
    for players, expected in sizes.items():
        for seed in range(4):
            s = G.new_game(seats=players, seed=seed)
            # the spec's seat 1 is the dealer's left: counts from there
            got = [s.table.count(hand((s.dealer + 1 + i) % players)) for i in range(players)]
            assert got == expected
            assert s.table.count(ROUND) == 0 and s.table.count(DONE) == 0
            assert Counter(c for p in s.table.piles for c in p) == Counter(standard_deck())
            assert s.turn == (s.dealer + 1) % players and s.rank == 0


def test_snip_snap_snorem_s02_basic_round() -> None:
    s = G.position(SCENARIO, options=MANUAL)
    s = G.apply(s, play(0, "7♣"))
    assert s.rank == 7 and s.turn == 1
    s = G.apply(s, play(1, "7♦"))
    assert "Snip!" in texts(s)[0]
    assert s.turn == 2 and G.legal_moves(s, 2) == (Pass(2),)
    s = G.apply(s, Pass(2))
    s = G.apply(s, play(0, "7♥"))
    assert texts(s) == ["A plays 7♥: Snap!"]
    s = G.apply(s, play(1, "7♠"))
    assert texts(s) == ["B plays 7♠: Snorem!", "The four 7s are set aside; B leads next"]
    assert s.table.count(ROUND) == 0 and s.table.cards(DONE)[-4:] == parse_cards("7♣ 7♦ 7♥ 7♠")
    assert s.turn == 1 and s.rank == 0 and s.leader == 1


def test_snip_snap_snorem_s02_basic_round_with_auto_pass() -> None:
    s = G.position(SCENARIO)  # auto_pass is on by default
    s = run(s, play(0, "7♣"), play(1, "7♦"))
    # C has no 7: the engine passes for him, and the turn comes back to A
    assert [e for e in s.events if isinstance(e, Passed)] == [Passed(2, 7, True)]
    assert s.turn == 0 and s.passed == (2,)
    s = run(s, play(0, "7♥"), play(1, "7♠"))
    assert s.turn == 1 and s.rank == 0


def test_snip_snap_snorem_s03_leading_last_card_wins() -> None:
    s = G.position(SCENARIO, options=MANUAL)
    s = run(s, play(0, "7♣"), play(1, "7♦"), Pass(2), play(0, "7♥"), play(1, "7♠"))
    s = G.apply(s, play(1, "2♣"))
    assert held(s, 1) == ()
    assert G.to_move(s) == frozenset()
    outcome = G.outcome(s)
    assert outcome is not None and outcome.winners == (1,) and outcome.places == (2, 1, 2)
    assert outcome.ending == EMPTY_HAND
    assert fill(outcome.reason, NAMES) == "B has no cards left and wins; still in hand: A 1, C 2"
    refused(s, play(0, "K♠"), GAME_OVER)


def test_snip_snap_snorem_s04_compulsory_play() -> None:
    s = G.apply(G.position(SCENARIO, options=MANUAL), play(0, "7♣"))
    refused(s, Pass(1), MUST_MATCH)
    refused(s, play(1, "2♣"), WRONG_RANK)
    assert G.legal_moves(s, 1) == (play(1, "7♦"), play(1, "7♠"))


def test_snip_snap_snorem_s05_one_card_per_turn() -> None:
    s = G.apply(G.position(SCENARIO, options=MANUAL), play(0, "7♣"))
    refused(s, play(1, "7♦ 7♠"), ONE_CARD_ONLY)
    refused(G.position(SCENARIO, options=MANUAL), play(0, "7♣ 7♥"), ONE_CARD_ONLY)


def test_snip_snap_snorem_s06_multi_play_two_at_once() -> None:
    s = G.position(SCENARIO, options=MULTI)
    s = run(s, play(0, "7♣"), play(1, "7♦ 7♠"))
    assert texts(s) == ["B plays 7♦ 7♠: Snip! Snap!"]
    s = run(s, Pass(2), play(0, "7♥"))
    assert texts(s) == ["A plays 7♥: Snorem!", "The four 7s are set aside; A leads next"]
    assert s.turn == 0
    s = G.apply(s, play(0, "K♠"))
    assert G.outcome(s) is not None and G.outcome(s).winners == (0,)  # type: ignore[union-attr]


def test_snip_snap_snorem_s07_multi_play_one_of_two() -> None:
    s = G.position(SCENARIO, options=MULTI)
    s = G.apply(s, play(0, "7♣"))
    assert set(G.legal_moves(s, 1)) == {play(1, "7♦"), play(1, "7♠"), play(1, "7♦ 7♠")}
    s = run(s, play(1, "7♦"), Pass(2), play(0, "7♥"))
    assert texts(s) == ["A plays 7♥: Snap!"]
    s = G.apply(s, play(1, "7♠"))
    assert "Snorem!" in texts(s)[0] and s.turn == 1 and s.rank == 0


def test_snip_snap_snorem_s08_lone_holder_laps_the_table() -> None:
    s = G.position(LONE, options=MANUAL)
    s = run(s, play(0, "9♣"), Pass(1), Pass(2), play(0, "9♦"))
    assert texts(s) == ["A plays 9♦: Snip!"]
    s = run(s, Pass(1), Pass(2), play(0, "9♥"), Pass(1), Pass(2), play(0, "9♠"))
    assert texts(s)[0] == "A plays 9♠: Snorem!"
    assert s.turn == 0 and s.rank == 0 and s.leader == 0
    # with automatic passing, the same round is A's four plays in a row
    a = G.position(LONE)
    a = run(a, play(0, "9♣"))
    assert texts(a) == ["A leads 9♣", "B has no 9s and passes", "C has no 9s and passes"]
    a = run(a, play(0, "9♦"), play(0, "9♥"), play(0, "9♠"))
    assert a.turn == 0 and a.rank == 0 and a.table.cards(DONE)[-4:] == s.table.cards(DONE)[-4:]


def test_snip_snap_snorem_s09_multi_play_lead_all_four() -> None:
    s = G.position(LONE, options=MULTI)
    s = G.apply(s, play(0, "9♣ 9♦ 9♥ 9♠"))
    assert texts(s) == [
        "A leads 9♣ 9♦ 9♥ 9♠: Snip! Snap! Snorem!",
        "The four 9s are set aside; A leads next",
    ]
    assert s.turn == 0 and s.rank == 0 and s.table.count(ROUND) == 0


# --- the other rules -----------------------------------------------------------------------


def test_leader_may_not_pass_and_may_lead_any_card() -> None:
    s = G.position(SCENARIO, options=MANUAL)
    refused(s, Pass(0), MUST_LEAD)
    assert G.legal_moves(s, 0) == (play(0, "7♣"), play(0, "7♥"), play(0, "K♠"))


def test_only_the_player_on_turn_acts() -> None:
    s = G.position(SCENARIO, options=MANUAL)
    refused(s, play(1, "7♦"), NOT_YOUR_TURN)
    assert G.legal_moves(s, 1) == ()


def test_cards_not_in_hand_are_refused() -> None:
    s = G.position(SCENARIO, options=MULTI)
    refused(s, play(0, "7♦"), NOT_IN_HAND)
    refused(s, play(0, "7♣ 7♣"), NOT_IN_HAND)  # one card named twice


def test_mixed_ranks_lead_is_refused_with_multi_play() -> None:
    s = G.position(SCENARIO, options=MULTI)
    refused(s, play(0, "7♣ K♠"), MIXED_RANKS)
    s = G.apply(s, play(0, "7♣"))
    refused(s, play(1, "7♦ 2♣"), WRONG_RANK)


def test_the_leader_plays_again_on_a_later_lap() -> None:
    s = G.position(SCENARIO, options=MANUAL)
    s = run(s, play(0, "7♣"), play(1, "7♦"), Pass(2))
    assert s.turn == 0 and G.legal_moves(s, 0) == (play(0, "7♥"),)


def test_going_out_in_the_middle_of_a_round_ends_the_game() -> None:
    text = """
    P1: 8♣ 3♣ 3♦
    P2: 8♦
    P3: 8♥ 8♠ 5♦
    """
    s = G.position(text)
    s = G.apply(s, play(0, "8♣"))
    assert texts(s) == ["A leads 8♣"]
    s = G.apply(s, play(1, "8♦"))
    assert texts(s) == ["B plays 8♦: Snip!", "B has no cards left and wins"]
    assert isinstance(s.events[-1], EmptyHandWins) and s.turn is None and s.winner == 1
    assert s.table.cards(ROUND) == parse_cards("8♣ 8♦")


def test_going_out_with_the_fourth_card_wins_and_nobody_leads() -> None:
    text = """
    P1: 8♣ 8♦ 8♥ 3♦
    P2: 8♠
    P3: 5♦ 6♦
    """
    s = G.position(text, options=MULTI_AUTO)
    s = G.apply(s, play(0, "8♣ 8♦ 8♥"))
    s = G.apply(s, play(1, "8♠"))
    assert texts(s) == ["B plays 8♠: Snorem!", "B has no cards left and wins"]
    assert s.winner == 1 and s.table.cards(DONE)[-4:] == parse_cards("8♣ 8♦ 8♥ 8♠")


def test_auto_pass_never_leaves_the_turn_with_a_player_without_the_rank() -> None:
    for seed in range(30):
        s = G.new_game(seats=5, seed=seed)
        while G.to_move(s):
            if s.rank:
                assert any(card.rank == s.rank for card in held(s, s.turn))
                assert Pass(s.turn) not in G.legal_moves(s, s.turn)
            s = G.apply(s, G.legal_moves(s, s.turn)[-1])


def test_auto_pass_gives_the_same_game_as_passing_by_hand() -> None:
    for seed in range(20):
        auto = G.new_game(seats=4, seed=seed)
        manual = G.new_game(seats=4, seed=seed, options=MANUAL)
        while G.to_move(auto):
            move = G.legal_moves(auto, auto.turn)[0]
            while manual.turn != auto.turn or manual.rank != auto.rank:
                manual = G.apply(manual, Pass(manual.turn))
            if manual.rank:
                assert G.legal_moves(manual, manual.turn)[0] == move
            auto, manual = G.apply(auto, move), G.apply(manual, move)
        assert G.outcome(auto) == G.outcome(manual)


def test_position_with_auto_pass_passes_at_once() -> None:
    s = G.position("P1: 7♥ K♠\nP2: 7♠ 2♣\nP3: 5♥ 9♦\nround: 7♣ 7♦\nturn: P3")
    assert s.turn == 0 and s.passed == (2,) and s.rank == 7
    assert [e.text() for e in s.events] == ["{s2} has no 7s and passes"]


def test_multi_play_matches_offer_every_subset() -> None:
    s = G.position("P1: 2♣ 5♦\nP2: 9♣ 9♥ 9♠ 3♦\nP3: 4♦\nround: 9♦\nturn: P2", options=MULTI)
    legal = G.legal_moves(s, 1)
    assert len(legal) == 7  # 3 singles, 3 pairs, all three
    assert legal[-1] == play(1, "9♣ 9♥ 9♠")
    after = G.apply(s, legal[-1])
    assert fill(after.events[0].text(), NAMES) == "B plays 9♣ 9♥ 9♠: Snip! Snap! Snorem!"
    assert isinstance(after.events[1], RoundDone) and after.turn == 1


def test_the_last_call_is_shown_in_status_and_info() -> None:
    s = G.position(SCENARIO, options=MANUAL)
    s = run(s, play(0, "7♣"), play(1, "7♦"))
    view = G.present(G.observe(s, 2)).named(NAMES)
    assert view.status.startswith("Snip! (B)")
    assert "Last call: Snip! (B)" in view.info
    assert view.pile(ROUND).note == "Snip! (B)" and view.pile(ROUND).count == 2
    s = run(s, Pass(2), play(0, "7♥"), play(1, "7♠"))
    view = G.present(G.observe(s, 0)).named(NAMES)
    assert view.status.startswith("Snorem! (B)") and "B to lead" in view.status


def test_hands_are_hidden_and_counts_public() -> None:
    s = G.new_game(seats=4, seed=3)
    obs = G.observe(s, 0).state
    assert all(isinstance(card, Card) for card in obs.table.faces(hand(0)))
    for other in (1, 2, 3):
        assert set(obs.table.faces(hand(other))) == {FACE_DOWN}
        assert obs.table.count(hand(other)) == 13


def test_dealer_draw_follows_the_seed() -> None:
    dealers = {G.new_game(seats=4, seed=seed).dealer for seed in range(20)}
    assert len(dealers) > 1
    assert G.new_game(seats=4, seed=7) == G.new_game(seats=4, seed=7)
    assert isinstance(G.new_game(seats=4, seed=7).events[0], Dealt)


def test_player_counts_and_options_are_checked() -> None:
    for bad in (2, 7):
        with pytest.raises(OptionsError):
            G.new_game(seats=bad)
    with pytest.raises(OptionsError):
        SnipOptions(multi_play="yes")  # type: ignore[arg-type]
    assert SnipOptions() == SnipOptions(multi_play=False, auto_pass=True)


def test_notation_round_trips_and_names() -> None:
    s = G.position(SCENARIO, options=MULTI)
    s = G.apply(s, play(0, "7♣"))
    for move in G.legal_moves(s, 1):
        assert G.move_from_text(s, G.move_to_text(move), 1) == move
    assert G.move_from_text(s, "play 7d 7s", 1) == play(1, "7♦ 7♠")
    assert get_game("Snip-Snap-Snorum") is G and get_game("Снип-снап-снуре") is G


def test_events_of_a_whole_game_say_the_calls_in_order() -> None:
    s = G.new_game(seats=3, seed=11)
    calls: list[str] = []
    while G.to_move(s):
        s = G.apply(s, G.legal_moves(s, s.turn)[0])
        for e in s.events:
            if isinstance(e, Played) and e.first > 1:
                calls.append(e.calls)
    words = " ".join(calls).split()
    # every round's calls come Snip, Snap, Snorem in that order
    order = {"Snip!": 2, "Snap!": 3, "Snorem!": 4}
    expected = 2
    for word in words:
        assert order[word] == expected
        expected = 2 if expected == 4 else expected + 1


# --- the heuristic bot (§12) -----------------------------------------------------------------


def bot_move(state: FullSnip) -> Play | Pass:
    from cardsuite.bots.snip_snap_snorem import SnipSnapSnoremBot

    seat = state.turn
    legal = G.legal_moves(state, seat)
    move = SnipSnapSnoremBot().choose(G, G.observe(state, seat), legal, random.Random(0))
    assert move in legal
    return move  # type: ignore[return-value]


def test_bot_leads_the_rank_it_holds_all_of() -> None:
    s = G.position(LONE, options=MANUAL)
    assert bot_move(s) == play(0, "9♣")
    assert bot_move(G.position(LONE, options=MULTI)) == play(0, "9♣ 9♦ 9♥ 9♠")


def test_bot_leads_its_last_cards_to_win() -> None:
    s = G.position("P1: Q♣ Q♦\nP2: 5♣ 6♣ 7♣\nP3: 5♦ 6♦ 7♦", options=MULTI)
    assert bot_move(s) == play(0, "Q♣ Q♦")


def test_bot_keeps_one_back_to_play_the_fourth_card() -> None:
    # multi_play: B holds two of the three 7s left; he plays one, C plays his, B the fourth
    s = G.position("P1: 7♣ 2♣\nP2: 7♦ 7♠ 3♣\nP3: 7♥ 4♣", options=MULTI_AUTO)
    s = G.apply(s, play(0, "7♣"))
    assert bot_move(s) == play(1, "7♦")
    s = run(s, play(1, "7♦"), play(2, "7♥"))
    assert bot_move(s) == play(1, "7♠")
    s = G.apply(s, play(1, "7♠"))
    assert s.turn == 1 and s.rank == 0


def test_bot_leads_the_rank_it_holds_most_of() -> None:
    # base game: three Kings win the lead back, a single 5 would hand it on
    s = G.position("P1: 5♣ K♣ K♦ K♥\nP2: 5♦ 5♥ 2♣ 3♣\nP3: 5♠ K♠ 4♣", options=MANUAL)
    assert bot_move(s) == play(0, "K♣")


def test_a_move_builds_the_next_state_in_the_field_order() -> None:
    """A move builds its state positionally (the hot path, engine.perform): the fields stay in
    the order it lists them, and a move keeps what it does not change."""
    assert SnipState._fields == (
        "table", "seed", "events", "options", "seats", "dealer", "turn", "rank", "leader",
        "passed", "caller", "calls", "winner",
    )  # fmt: skip
    s = G.new_game(seats=4, seed=3)
    assert s.turn is not None
    after = G.apply(s, G.legal_moves(s, s.turn)[0])
    assert (after.seed, after.options, after.seats, after.dealer) == (
        s.seed, s.options, s.seats, s.dealer,
    )  # fmt: skip
    played = after.events[0]
    assert isinstance(played, Played) and after.winner is None
    assert after.rank == played.cards[0].rank and after.leader == s.turn
