"""Seven Leaves: the acceptance scenarios of rules/seven-leaves.md §11, then the other rules
of §5-§8 and every option."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardsuite.core.cards import FACE_DOWN, Card, parse_card
from cardsuite.core.errors import IllegalMoveError, OptionsError
from cardsuite.core.options import options_from_strings
from cardsuite.core.rng import shuffled
from cardsuite.core.series import NextDeal
from cardsuite.core.table import Shown
from cardsuite.core.text import default_names, fill
from cardsuite.games.seven_leaves import GAME
from cardsuite.games.seven_leaves.engine import BAD_CUT, CARD_NOT_HELD, MUST_FOLLOW, MUST_TRUMP
from cardsuite.games.seven_leaves.model import (
    CUT,
    CUT_PHASE,
    DECK,
    DONE,
    LAST_ACTIVE,
    LOWEST_TOTAL,
    PACK,
    PLAY,
    PLAY_OFF,
    PLAY_OFF_CALLED,
    TRICKS,
    CutPack,
    FullSevenLeaves,
    PlayCard,
    SevenLeavesOptions,
    flicks_of,
    hand,
)

SEVEN_LEAVES = GAME.load()

G = SEVEN_LEAVES


def c(text: str) -> Card:
    return parse_card(text)


def pos(text: str, **options: Any) -> FullSevenLeaves:
    return G.position(text, options=SevenLeavesOptions(**options))


def legal_cards(state: FullSevenLeaves) -> set[Card]:
    return {m.card for m in G.legal_moves(state, state.turn) if isinstance(m, PlayCard)}


def play(state: FullSevenLeaves, *cards: str) -> FullSevenLeaves:
    """The player to move plays each card in turn; returns the state after the last."""
    for text in cards:
        state = G.apply(state, PlayCard(state.turn, c(text)))
    return state


def next_deal(state: FullSevenLeaves) -> FullSevenLeaves:
    (seat,) = G.to_move(state)
    return G.apply(state, NextDeal(seat))


def finish(state: FullSevenLeaves, seed: int = 0) -> FullSevenLeaves:
    """Random legal moves to the end of the match."""
    rng = random.Random(seed)
    while G.to_move(state):
        (seat,) = G.to_move(state)
        state = G.apply(state, rng.choice(G.legal_moves(state, seat)))
    return state


def until(state: FullSevenLeaves, done: Any, seed: int = 0) -> FullSevenLeaves:
    """Random legal moves until ``done(state)``."""
    rng = random.Random(seed)
    while not done(state):
        (seat,) = G.to_move(state)
        state = G.apply(state, rng.choice(G.legal_moves(state, seat)))
    return state


def view_strings(state: FullSevenLeaves, viewer: int | None) -> list[str]:
    view = G.present(G.observe(state, viewer)).named(default_names(state.seats))
    return list(view.strings())


# --- §11 acceptance scenarios ------------------------------------------------------------------


def test_seven_leaves_s01_deal_sizes_and_turned_trump() -> None:
    state = G.new_game(seats=3, seed=4)
    dealer = state.dealer
    for s in range(3):
        assert state.table.count(hand(s)) == 7
    assert state.table.count(PACK) == 15
    turned = state.table.cards(hand(dealer))[-1]  # the last card dealt is the dealer's 7th
    assert state.turned is turned and state.trumps is turned.suit
    assert state.table.known == (Shown(hand(dealer), turned),)
    # The other seats see that card of the dealer's hand, and no other.
    for viewer in range(3):
        if viewer == dealer:
            continue
        faces = G.observe(state, viewer).state.table.faces(hand(dealer))
        assert [f for f in faces if f is not FACE_DOWN] == [turned]
        view = G.present(G.observe(state, viewer))
        assert [f for f in view.pile(hand(dealer)).faces if f is not FACE_DOWN] == [turned]
    # D can play ♠8 as a normal card: the fact goes with it.
    led = pos("P1: 9♦\nP2: 6♦\nD: 8♠ 7♥\nturned: 8♠\nleader: D\nturn: D\n")
    after = play(led, "8♠")
    assert after.table.cards("trick") == (c("8♠"),)
    assert after.table.known == ()
    assert G.observe(after, 0).state.table.faces(hand(2)) == (FACE_DOWN,)


def test_seven_leaves_s02_must_follow_suit() -> None:
    state = pos("P1: 7♣\nP2: 6♦ A♠\nD: 10♥\ntrumps: ♠\ntrick: 9♦\nleader: P1\n")
    assert state.turn == 1
    assert legal_cards(state) == {c("6♦")}
    refusal = G.why_illegal(state, PlayCard(1, c("A♠")))
    assert refusal is not None and refusal.code == MUST_FOLLOW


def test_seven_leaves_s03_must_trump_when_void() -> None:
    state = pos("P1: 7♣\nP2: 7♠ K♣\nD: 10♥\ntrumps: ♠\ntrick: 9♦\nleader: P1\n")
    assert legal_cards(state) == {c("7♠")}
    with pytest.raises(IllegalMoveError) as error:
        G.apply(state, PlayCard(1, c("K♣")))
    assert error.value.code == MUST_TRUMP


def test_seven_leaves_s04_void_without_trumps_plays_anything() -> None:
    state = pos("P1: 7♣\nP2: K♣ 6♥\nD: 10♥\ntrumps: ♠\ntrick: 9♦\nleader: P1\n")
    assert legal_cards(state) == {c("K♣"), c("6♥")}


def test_seven_leaves_s05_no_duty_to_beat() -> None:
    state = pos("P1: 7♣\nP2: 6♦ K♦\nD: 10♥\ntrumps: ♠\ntrick: 9♦\nleader: P1\n")
    assert legal_cards(state) == {c("6♦"), c("K♦")}


def test_seven_leaves_s06_trump_wins_and_leads_next() -> None:
    state = pos("P1: 7♣\nP2: 8♣\nD: 6♠ 10♥\ntrumps: ♠\ntrick: 9♦ K♦\nleader: P1\n")
    assert state.turn == 2
    after = play(state, "6♠")
    assert after.taker == 2 and after.turn == 2
    assert after.deal_tricks == (0, 0, 1)


def test_seven_leaves_s07_off_suit_ace_does_not_win() -> None:
    state = pos("P1: 7♣\nP2: 8♣\nD: 10♣ 9♥\ntrumps: ♥\ntrick: A♣ A♦\nleader: P1\n")
    after = play(state, "10♣")
    assert after.taker == 0


def test_seven_leaves_s08_safe_player_sits_out_next_deal() -> None:
    # A (P1) 5 after deal 1, has taken 1 so far in deal 2; B 2+3; C 0+2.
    state = pos(
        "P1: A♠\nP2: 6♦\nD: 7♦\ntrumps: ♠\ndeal: 2\ntricks: 6 5 2\ntaken: 1 3 2\n",
    )
    after = play(state, "A♠", "6♦", "7♦")
    assert after.tricks == (7, 5, 2)
    assert after.safe_at == (2, 0, 0)
    assert after.series.between and after.coming == (1, 2)
    dealt = next_deal(after)
    assert dealt.dealer == 1  # the next active player clockwise from the last dealer
    assert dealt.active == (1, 2)
    assert dealt.table.count(hand(0)) == 0
    assert dealt.table.count(hand(1)) == dealt.table.count(hand(2)) == 7
    assert dealt.table.count(PACK) == 22
    assert dealt.turn == 2  # the first active player left of the dealer leads
    assert G.legal_moves(dealt, 0) == ()
    refusal = G.why_illegal(dealt, PlayCard(0, c("6♠")))
    assert refusal is not None and refusal.code == "NotYourTurn"


def test_seven_leaves_s09_all_safe_lowest_total_loses() -> None:
    # A safe; B 6 (nothing yet this deal), C 4 + 6 = 10.
    state = pos(
        "P2: A♠\nD: 7♦\ntrumps: ♠\nactive: P2 D\ntricks: 7 6 10\ntaken: 0 0 6\n"
        "safe: 1 0 0\ndeal: 3\n",
    )
    assert state.turn == 1
    after = play(state, "A♠", "7♦")
    assert after.tricks == (7, 7, 10)
    assert after.loser == 1 and after.ending == LOWEST_TOTAL
    assert after.phase == CUT_PHASE and G.to_move(after) == {1}


def test_seven_leaves_s10_last_active_player_loses() -> None:
    state = pos(
        "P2: A♠\nD: 7♦\ntrumps: ♠\nactive: P2 D\ntricks: 7 7 6\ntaken: 0 3 3\n"
        "safe: 1 0 0\ndeal: 2\n",
    )
    after = play(state, "A♠", "7♦")
    assert after.tricks == (7, 8, 6)
    assert sum(after.deal_tricks) == 7
    assert after.safe_at == (1, 2, 0)
    assert after.loser == 2 and after.ending == LAST_ACTIVE


def test_seven_leaves_s11_tie_goes_to_a_play_off() -> None:
    state = pos(
        "P2: A♠\nD: 7♦\ntrumps: ♠\nactive: P2 D\ntricks: 7 7 8\ntaken: 0 3 3\n"
        "safe: 1 0 0\ndeal: 2\n",
    )
    after = play(state, "A♠", "7♦")
    assert after.tricks == (7, 8, 8)
    assert after.loser is None and after.series.between
    assert after.coming == (1, 2) and after.coming_playoff
    playoff = next_deal(after)
    assert playoff.playoff and playoff.active == (1, 2)
    assert playoff.dealer == 1 and playoff.turn == 2
    assert playoff.table.count(hand(0)) == 0 and playoff.table.count(hand(1)) == 7
    # The play-off decides: fewest tricks in it loses; totals are not used.
    last = pos(
        "P2: A♠\nD: 7♦\ntrumps: ♠\nactive: P2 D\ntricks: 7 8 8\ntaken: 0 3 3\n"
        "safe: 1 2 2\ndeal: 3\nplayoff: yes\n",
    )
    done = play(last, "A♠", "7♦")
    assert done.deal_tricks == (0, 4, 3)
    assert done.tricks == (7, 8, 8)  # play-off tricks are not added to the totals
    assert done.loser == 2 and done.ending == PLAY_OFF


def test_seven_leaves_s11_the_play_off_on_the_score_sheet() -> None:
    # Three players; Vera goes safe in deal 2, Anna and Boris both reach 7 in deal 3: a
    # play-off between them.  The sheet shows each deal's tricks and the totals, "–" for who
    # sat a deal out, and the play-off's tricks without adding them to the totals (§7.1).
    end = finish(G.new_game(seats=3, seed=11), seed=11)
    assert [r.ending for r in end.series.results][-2:] == [PLAY_OFF_CALLED, PLAY_OFF]
    sheet = G.present(G.observe(end, 0)).named(default_names(3)).scores
    assert sheet is not None
    assert sheet.columns == tuple(default_names(3))
    assert (sheet.scored, sheet.total) == ("tricks", "in all")
    assert [(r.label, r.scores, r.totals) for r in sheet.rows] == [
        ("Deal 1", ("0", "2", "5"), ("0", "2", "5")),
        ("Deal 2", ("4", "1", "2"), ("4", "3", "7")),
        ("Deal 3", ("3", "4", "–"), ("7", "7", "7")),
        ("Play-off", ("5", "2", "–"), ("7", "7", "7")),
    ]
    assert sheet.rows[-1].totals == tuple(str(t) for t in end.tricks)
    assert sheet.lines == ("The match is over", "Safe at 7 tricks; the last player left loses.")


def test_seven_leaves_score_sheet_shows_the_game_in_play_and_the_match() -> None:
    state = lost_by_p3(games=3)
    state = next_deal(G.apply(state, CutPack(2, 1)))  # game 2 begins: a sheet without rows
    sheet = G.present(G.observe(state, 0)).named(default_names(3)).scores
    assert sheet is not None and sheet.rows == ()
    assert sheet.lines[0] == "Game 2 of 3"
    assert "Games lost: Player 1 0 · Player 2 0 · Player 3 1" in sheet.lines
    state = until(state, lambda s: s.series.between, seed=4)
    sheet = G.present(G.observe(state, 0)).scores
    assert sheet is not None and len(sheet.rows) == 1
    assert sheet.rows[0].totals == tuple(str(t) for t in state.tricks)


# --- the deal (§5) -----------------------------------------------------------------------------


def test_deal_at_every_player_count() -> None:
    for seats, undealt in ((2, 22), (3, 15), (4, 8), (5, 1)):
        state = G.new_game(seats=seats, seed=seats)
        assert state.table.count(PACK) == undealt
        assert all(state.table.count(hand(s)) == 7 for s in range(seats))
        assert state.turn == (state.dealer + 1) % seats  # left of the dealer leads


def test_deal_is_one_at_a_time_from_the_dealers_left() -> None:
    state = G.new_game(seats=3, seed=11)
    stock = shuffled(DECK, 11, "deal", 0)
    dealer = state.dealer
    order = [(dealer + 1 + i) % 3 for i in range(3)]
    expected: dict[int, list[Card]] = {s: [] for s in range(3)}
    for _round in range(7):
        for s in order:
            expected[s].append(stock.pop())
    for s in range(3):
        assert list(state.table.cards(hand(s))) == expected[s]


def test_a_safe_dealer_is_skipped_when_the_deal_passes() -> None:
    # Dealer P3 (seat 2); P1 (seat 0) went safe: the deal passes to P2, not P1.
    state = pos("P1: A♠\nP2: 6♦\nD: 7♦\ntrumps: ♠\ntricks: 6 0 0\ntaken: 1 3 2\n")
    after = next_deal(play(state, "A♠", "6♦", "7♦"))
    assert after.dealer == 1


# --- play (§6) ---------------------------------------------------------------------------------


def test_trumps_led_must_be_followed_with_trumps() -> None:
    state = pos("P1: 7♣\nP2: 6♠ A♥\nD: 10♥\ntrumps: ♠\ntrick: 9♠\nleader: P1\n")
    assert legal_cards(state) == {c("6♠")}


def test_a_card_not_held_is_refused() -> None:
    state = pos("P1: 7♣\nP2: 6♠ A♥\nD: 10♥\ntrumps: ♠\n")
    refusal = G.why_illegal(state, PlayCard(0, c("A♣")))
    assert refusal is not None and refusal.code == CARD_NOT_HELD


def test_the_winner_leads_and_the_last_trick_stays_in_view() -> None:
    state = pos("P1: 9♦ 6♣\nP2: K♦ 7♣\nD: 6♦ 8♣\ntrumps: ♠\n")
    after = play(state, "9♦", "K♦", "6♦")
    assert after.taker == 1 and after.turn == 1
    assert after.table.cards("trick") == (c("9♦"), c("K♦"), c("6♦"))
    led = play(after, "7♣")
    assert led.table.cards("trick") == (c("7♣"),)
    assert led.table.count("won.1") == 3  # the old trick went face down to its winner


def test_nobody_goes_safe_in_the_middle_of_a_deal() -> None:
    state = pos("P1: A♠ 6♣\nP2: 6♦ 7♣\nD: 7♦ 8♣\ntrumps: ♠\ntricks: 6 0 0\n")
    after = play(state, "A♠", "6♦", "7♦")
    assert after.tricks[0] == 7 and after.safe_at == (0, 0, 0)
    assert after.phase == PLAY and after.turn == 0  # he keeps playing; later tricks count
    after = play(after, "6♣", "7♣", "8♣")
    assert after.tricks[0] == 7 and after.tricks[2] == 1
    assert after.safe_at == (1, 0, 0)


# --- end and penalty (§7) --------------------------------------------------------------------


def lost_by_p3(**options: Any) -> FullSevenLeaves:
    """A position after which P3 (the dealer) has lost."""
    state = pos(
        "P2: A♠\nD: 7♦\ntrumps: ♠\nactive: P2 D\ntricks: 7 7 6\ntaken: 0 3 3\nsafe: 1 0 0\n"
        "deal: 2\n",
        **options,
    )
    return play(state, "A♠", "7♦")


def test_the_loser_cuts_and_the_card_gives_the_penalty() -> None:
    state = lost_by_p3()
    assert G.legal_moves(state, 2) == tuple(CutPack(2, k) for k in range(1, 36))
    assert G.legal_moves(state, 1) == ()
    for bad in (0, 36):
        refusal = G.why_illegal(state, CutPack(2, bad))
        assert refusal is not None and refusal.code == BAD_CUT
    after = G.apply(state, CutPack(2, 12))
    pack = shuffled(DECK, state.seed or 0, "cut", 0)
    card = pack[-12]
    assert after.table.cards(CUT) == (card,)
    assert after.table.count(PACK) == 35
    assert after.noses == (0, 0, flicks_of(card))
    assert after.over and G.to_move(after) == frozenset()
    outcome = G.outcome(after)
    assert outcome is not None and outcome.places == (1, 2, 3)
    assert str(card) in outcome.reason


def test_penalty_values() -> None:
    for rank in (6, 7, 8, 9, 10):
        assert flicks_of(Card(rank, c("6♠").suit)) == rank
    for text in ("J♠", "Q♥", "K♦", "A♣"):
        assert flicks_of(c(text)) == 0


def test_penalty_off_ends_the_game_without_a_cut() -> None:
    state = lost_by_p3(penalty_display="off")
    assert state.over and state.phase == DONE and state.loser == 2
    assert state.penalties == () and state.noses == (0, 0, 0)
    outcome = G.outcome(state)
    assert outcome is not None and outcome.places == (1, 2, 3) and outcome.ending == LAST_ACTIVE
    assert "flick" not in outcome.reason and "pardon" not in outcome.reason


def test_flick_cards_changes_only_the_words() -> None:
    one = G.apply(lost_by_p3(), CutPack(2, 5))
    three = G.apply(lost_by_p3(flick_cards=3), CutPack(2, 5))
    assert one.noses == three.noses
    if one.noses[2]:
        assert "3 cards" in three.events[0].text() and "3 cards" not in one.events[0].text()


def test_the_penalty_is_never_on_the_table_during_play() -> None:
    state = G.new_game(seats=3, seed=2)
    while G.to_move(state) and state.phase != CUT_PHASE:
        for viewer in (None, 0, 1, 2):
            for text in view_strings(state, viewer):
                assert "flick" not in text and "pardon" not in text and "nose" not in text
            assert CUT not in [p.id for p in G.present(G.observe(state, viewer)).centre]
        (seat,) = G.to_move(state)
        state = G.apply(state, G.legal_moves(state, seat)[0])
    after = G.apply(state, CutPack(state.loser, 1))
    assert CUT in [p.id for p in G.present(G.observe(after, 0)).centre]


def test_placings_of_one_game_follow_the_deal_each_went_safe() -> None:
    state = pos(
        "P3: A♠\nD: 7♦\ntrumps: ♠\nplayers: 4\nactive: P3 D\ntricks: 8 7 7 3\n"
        "taken: 0 0 3 3\nsafe: 1 2 0 0\ndeal: 3\n"
    )
    after = G.apply(play(state, "A♠", "7♦"), CutPack(3, 1))
    outcome = G.outcome(after)
    assert outcome is not None and outcome.places == (1, 2, 3, 4)
    assert outcome.scores == (8, 7, 8, 3)
    # the scores are tricks, and they are not what places the players: the outcome says so
    assert outcome.measure is TRICKS and outcome.amount(1) == "7 tricks"
    assert outcome.measure.hint() == ("Tricks taken; whoever went safe sooner places higher.")


def test_a_match_of_several_games() -> None:
    state = lost_by_p3(games=2)
    after = G.apply(state, CutPack(2, 3))
    assert after.series.between and not after.over
    assert G.to_move(after) == {2}  # the loser deals the next game
    view = G.present(G.observe(after, 0))
    assert view.summary is not None and view.summary.columns[-2:] == ("lost", "noses")
    assert view.summary.rows[2][-2:] == ("1", str(after.noses[2]))  # the running table (§7.2)
    second = next_deal(after)
    assert second.game == 1 and second.dealer == 2 and second.active == (0, 1, 2)
    assert second.tricks == (0, 0, 0) and second.safe_at == (0, 0, 0)
    assert second.losses == (0, 0, 1)
    end = finish(second, seed=3)
    outcome = G.outcome(end)
    assert outcome is not None and sum(end.losses) == 2 and outcome.scores == end.losses
    assert outcome.measure is not None and outcome.measure.name == "games lost"
    assert outcome.measure.hint() == "Games lost: fewer is better, then fewer noses."
    keys = [end.losses[s] * 1000 + end.noses[s] for s in range(3)]
    for a in range(3):
        for b in range(3):
            if keys[a] < keys[b]:
                assert outcome.places[a] < outcome.places[b]
            if keys[a] == keys[b]:
                assert outcome.places[a] == outcome.places[b]


def _flicking_cut(state: FullSevenLeaves) -> int:
    """A cut point that gives the loser of the game in play some flicks (not a pardon)."""
    pack = shuffled(DECK, state.seed or 0, "cut", state.game)
    return next(k for k in range(1, 36) if flicks_of(pack[-k]))


def test_seven_leaves_s7_2_running_table_between_games() -> None:
    # §7.2: "the UI shows a running table: games lost and total noses per player".  After
    # game 2 the summary (and the scores and side panel) still count game 1's noses.
    state = lost_by_p3(games=3)
    state = G.apply(state, CutPack(2, _flicking_cut(state)))
    first = state.noses[2]
    assert first > 0 and state.losses == (0, 0, 1)
    state = until(next_deal(state), lambda s: s.phase == CUT_PHASE, seed=1)
    second = state.loser
    state = G.apply(state, CutPack(second, _flicking_cut(state)))
    assert state.series.between and state.game == 1
    assert state.noses[2] >= first and sum(state.noses) > first
    view = G.present(G.observe(state, 0)).named(default_names(3))
    assert view.summary is not None
    assert view.summary.columns[-2:] == ("lost", "noses")
    rows = {row[0]: row[-2:] for row in view.summary.rows}
    noses = " · ".join(f"{name} {state.noses[s]}" for s, name in enumerate(default_names(3)))
    assert f"Noses: {noses}" in view.info
    for s, name in enumerate(default_names(3)):
        assert rows[name] == (str(state.losses[s]), str(state.noses[s]))
        assert view.seat(s).score.endswith(f"lost {state.losses[s]}")
    assert not any("Games lost" in line for line in view.summary.lines)
    # Between the deals of a game the table runs on; with the penalty off, only losses count.
    during = until(next_deal(state), lambda s: s.series.between, seed=2)
    view = G.present(G.observe(during, 1)).named(default_names(3))
    assert view.summary is not None and view.summary.columns[-2:] == ("lost", "noses")
    assert {row[0]: row[-1] for row in view.summary.rows}["Player 3"] == str(state.noses[2])
    off = G.apply(lost_by_p3(games=3, penalty_display="off"), NextDeal(2))
    view = G.present(G.observe(off, 0)).named(default_names(3))
    assert view.seat(2).score.endswith("lost 1")
    assert all("nose" not in text.lower() for text in view.strings())


def test_target_tricks_option() -> None:
    state = pos("P1: A♠\nP2: 6♦\nD: 7♦\ntrumps: ♠\ntricks: 2 3 1\ntaken: 1 3 2\n", target_tricks=3)
    after = play(state, "A♠", "6♦", "7♦")
    assert after.safe_at == (1, 1, 0)
    assert after.loser == 2  # the only one left below three


def test_summary_after_each_deal_shows_tricks_and_safety() -> None:
    state = pos("P1: A♠\nP2: 6♦\nD: 7♦\ntrumps: ♠\ndeal: 2\ntricks: 6 5 2\ntaken: 1 3 2\n")
    after = play(state, "A♠", "6♦", "7♦")
    view = G.present(G.observe(after, 1)).named(default_names(3))
    assert view.summary is not None
    rows = {row[0]: row[1:] for row in view.summary.rows}
    assert rows["Player 1"] == ("2", "7", "safe")
    assert rows["Player 2"] == ("3", "5", "plays on")
    assert view.seat(0).status == "safe"
    assert view.seat(1).score.startswith("5/7")


def test_options_are_checked() -> None:
    for bad in ({"target_tricks": 0}, {"target_tricks": 21}, {"games": 0}, {"flick_cards": 2}):
        with pytest.raises(OptionsError):
            SevenLeavesOptions(**bad)
    with pytest.raises(OptionsError):
        options_from_strings(SevenLeavesOptions, {"penalty_display": "loud"})
    with pytest.raises(OptionsError):
        G.new_game(seats=6, seed=0)
    opts = options_from_strings(SevenLeavesOptions, {"flick_cards": "3", "games": "2"})
    assert opts.flick_cards == 3 and opts.games == 2


def test_whole_games_end_with_one_loser_at_every_player_count() -> None:
    for seats in (2, 3, 4, 5):
        end = finish(G.new_game(seats=seats, seed=seats), seed=seats)
        outcome = G.outcome(end)
        assert outcome is not None
        assert list(outcome.places).count(max(outcome.places)) == 1
        assert outcome.places[end.loser] == seats
        reason = fill(outcome.reason, default_names(seats))
        assert "loses" in reason
