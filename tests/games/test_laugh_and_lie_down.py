"""Laugh and Lie Down: the spec's §11 scenarios and the other rules of §5–§8, every option."""

from __future__ import annotations

import pytest

from cardsuite.core.cards import deck_order, parse_cards
from cardsuite.core.errors import IllegalMoveError
from cardsuite.core.series import NextDeal
from cardsuite.core.table import Shown
from cardsuite.games.laugh_and_lie_down import GAME
from cardsuite.games.laugh_and_lie_down.engine import (
    CARD_NOT_HELD,
    MIXED_RANKS,
    MUST_CAPTURE,
    NEED_HAND_AND_TABLE,
    NOT_NOW,
    NOT_ON_TABLE,
    net_chips,
)
from cardsuite.games.laugh_and_lie_down.model import (
    CHIP_BALANCE,
    HAND_SIZES,
    LAUGHS,
    TABLE,
    TABLE_SIZES,
    AddPair,
    Capture,
    EndTurn,
    FullLaugh,
    KeepPair,
    LaidAside,
    LaughOptions,
    LayDown,
    Paid,
    PairAdded,
    PairOffered,
    Shortfall,
    Skipped,
    TableFour,
    Took,
    captured,
    hand,
)

LAUGH = GAME.load()

game = LAUGH


def cards(text: str) -> tuple:  # type: ignore[type-arg]
    return parse_cards(text)


def cap(seat: int, mine: str, theirs: str) -> Capture:
    """A capture as the engine names it: cards in deck order (rank, then ♣ ♦ ♥ ♠)."""
    return Capture(
        seat,
        tuple(sorted(cards(mine), key=deck_order)),
        tuple(sorted(cards(theirs), key=deck_order)),
    )


def pos(text: str, **options: object) -> FullLaugh:
    return game.position(text, options=LaughOptions(**options))  # type: ignore[arg-type]


def code(state: FullLaugh, move: object) -> str | None:
    refusal = game.why_illegal(state, move)  # type: ignore[arg-type]
    return None if refusal is None else refusal.code


# --- §11 scenarios -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_laugh_and_lie_down_s01_deal_sizes(players: int) -> None:
    state = game.new_game(seats=players, seed=players)
    laid = {s: 0 for s in range(players)}
    four = 0
    for event in state.events:
        if isinstance(event, LaidAside):
            laid[event.seat] += len(event.cards)
        if isinstance(event, TableFour):
            four += 4
    assert {HAND_SIZES[p] for p in (3, 4, 5, 6)} == {13, 10, 8, 7}
    for s in range(players):
        assert state.table.count(hand(s)) + laid[s] == HAND_SIZES[players]
    assert state.table.count(TABLE) + four == TABLE_SIZES[players]
    assert HAND_SIZES[players] * players + TABLE_SIZES[players] == 52


def test_laugh_and_lie_down_s02_preliminaries_triple_four_pair() -> None:
    state = pos(
        """
        P1: 9♠ 9♥ 9♦ K♥
        P2: 7♠ 7♥ 7♦ 7♣ K♦
        P3: Q♣ Q♦ K♣
        table: K♠ Q♠
        deal: yes
        """
    )
    assert state.table.cards(hand(0)) == cards("9♦ K♥")  # the last in ♠ ♥ ♦ ♣ stays
    assert set(state.table.cards(captured(0))) == set(cards("9♠ 9♥"))
    assert set(state.table.cards(captured(1))) == set(cards("7♠ 7♥ 7♦ 7♣"))
    assert state.table.cards(hand(1)) == cards("K♦")
    assert set(state.table.cards(hand(2))) == set(cards("Q♣ Q♦ K♣"))
    assert state.turn == 0


def test_laugh_and_lie_down_s03_table_four_goes_to_dealer() -> None:
    state = pos(
        """
        P1: K♥
        P2: K♦
        P3: Q♦
        table: J♠ J♥ J♦ J♣ K♠ Q♠
        deal: yes
        """
    )
    assert set(state.table.cards(captured(2))) == set(cards("J♠ J♥ J♦ J♣"))  # P3 deals
    assert set(state.table.cards(TABLE)) == set(cards("K♠ Q♠"))
    assert any(isinstance(e, TableFour) for e in state.events)


def test_laugh_and_lie_down_s04_several_captures_a_turn() -> None:
    state = pos("P1: K♥ 7♠ 2♦\nP2: 3♣\nP3: 4♣\ntable: K♠ 7♦ 7♣ 3♦ 4♦")
    legal = set(game.legal_moves(state, 0))
    assert legal == {
        cap(0, "K♥", "K♠"),
        cap(0, "7♠", "7♦"),
        cap(0, "7♠", "7♣"),
        cap(0, "7♠", "7♦ 7♣"),
    }
    after = game.apply(state, cap(0, "K♥", "K♠"))
    assert after.turn == 0 and after.captured
    assert EndTurn(0) in game.legal_moves(after, 0)  # he may stop after the first capture
    again = game.apply(after, cap(0, "7♠", "7♦ 7♣"))
    assert set(again.table.cards(captured(0))) == set(cards("K♥ K♠ 7♠ 7♦ 7♣"))


def test_laugh_and_lie_down_s05_must_capture() -> None:
    state = pos("P1: K♥ 2♦\nP2: 3♣\nP3: 4♣\ntable: K♠ 3♦ 4♦")
    assert code(state, EndTurn(0)) == MUST_CAPTURE
    with pytest.raises(IllegalMoveError) as error:
        game.apply(state, EndTurn(0))
    assert error.value.code == MUST_CAPTURE


def test_laugh_and_lie_down_s06_pair_added_automatically() -> None:
    state = pos("P1: Q♥ 5♠\nP2: 5♦\nP3: Q♣ Q♦ 8♠\ntable: Q♠ 5♥ 8♦")
    after = game.apply(state, cap(0, "Q♥", "Q♠"))
    assert after.table.cards(hand(2)) == cards("8♠")
    assert set(after.table.cards(captured(2))) == set(cards("Q♣ Q♦"))
    assert any(isinstance(e, PairAdded) and e.seat == 2 for e in after.events)
    assert after.turn == 0  # then P1 continues his turn


def test_laugh_and_lie_down_s07_a_triple_triggers_nothing() -> None:
    state = pos("P1: 5♥ 9♠\nP2: 9♦\nP3: 5♣ 9♣\ntable: 5♠ 5♦ 9♥")
    after = game.apply(state, cap(0, "5♥", "5♠ 5♦"))
    assert set(after.table.cards(hand(2))) == set(cards("5♣ 9♣"))
    assert not any(isinstance(e, PairAdded | PairOffered) for e in after.events)


def test_laugh_and_lie_down_s08_lies_down_and_loses() -> None:
    state = pos("P1: K♥ 6♣\nP2: 3♦ 8♣\nP3: 6♦\ntable: K♠ 6♠\ncaptured: yes")
    after = game.apply(state, EndTurn(0))
    assert after.table.cards(hand(1)) == ()
    assert set(cards("3♦ 8♣")) <= set(after.table.cards(TABLE))
    assert after.loser == 1 and after.laughs == (0, 1, 0)
    assert any(isinstance(e, LayDown) and e.seat == 1 and e.first for e in after.events)
    assert after.turn is None and after.series.results[-1].ending == "lay-down"


def test_laugh_and_lie_down_s09_empty_hand_is_skipped() -> None:
    state = pos("P1: K♥ 6♣\nP2: 6♦\nP3: 7♦\nP4:\ntable: K♠ 6♠ 7♠\ncaptured: yes\nturn: P3")
    assert state.turn == 2
    after = game.apply(state, cap(2, "7♦", "7♠"))  # P3's hand empties: his turn ends
    assert after.turn == 0  # P4 (empty) is passed by
    assert any(isinstance(e, Skipped) and e.passed == (3,) for e in after.events)


# --- other rules ---------------------------------------------------------------------------


def test_turn_ends_by_itself_when_nothing_matches() -> None:
    state = pos("P1: K♥ 2♦\nP2: 2♣ 3♣\nP3: 3♦\ntable: K♠ 2♥ 3♥")
    after = game.apply(state, cap(0, "K♥", "K♠"))
    assert after.turn == 0  # 2♦ still matches 2♥
    after = game.apply(after, cap(0, "2♦", "2♥"))
    assert after.turn == 1 and not after.captured  # his hand is empty: the turn passes


def test_refusals() -> None:
    state = pos("P1: K♥ 7♠\nP2: 7♦ 3♣\nP3: 3♦\ntable: K♠ 7♣ 3♥ 2♠")
    assert code(state, cap(1, "7♦", "7♣")) == "NotYourTurn"
    assert code(state, cap(0, "K♦", "K♠")) == CARD_NOT_HELD
    assert code(state, cap(0, "K♥", "K♣")) == NOT_ON_TABLE
    assert code(state, cap(0, "K♥", "7♣")) == MIXED_RANKS
    assert code(state, Capture(0, cards("K♥"), ())) == NEED_HAND_AND_TABLE
    assert code(state, AddPair(0)) == NOT_NOW
    assert code(state, NextDeal(0)) == NOT_NOW
    assert code(state, cap(0, "K♥", "K♠")) is None


def test_pair_prompt_when_not_automatic() -> None:
    text = "P1: Q♥ 5♠\nP2: 5♦\nP3: Q♣ Q♦ 8♠\ntable: Q♠ 5♥ 8♦"
    state = pos(text, auto_add_pair=False)
    asked = game.apply(state, cap(0, "Q♥", "Q♠"))
    assert game.to_move(asked) == frozenset({2})
    assert game.legal_moves(asked, 2) == (AddPair(2), KeepPair(2))
    assert code(asked, cap(0, "5♠", "5♥")) == NOT_NOW  # the capturer waits for the answer
    assert any(isinstance(e, PairOffered) for e in asked.events)
    # Everyone now knows P3 holds the pair.
    assert {f.card for f in asked.table.known if isinstance(f, Shown)} == set(cards("Q♣ Q♦"))
    added = game.apply(asked, AddPair(2))
    assert set(added.table.cards(captured(2))) == set(cards("Q♣ Q♦"))
    assert added.turn == 0 and added.asked is None and not added.table.known
    kept = game.apply(asked, KeepPair(2))
    assert set(kept.table.cards(hand(2))) == set(cards("Q♣ Q♦ 8♠")) and kept.turn == 0


def test_net_chips_round_toward_zero() -> None:
    assert net_chips(14, 13) == 0 and net_chips(12, 13) == 0
    assert net_chips(16, 13) == 1 and net_chips(10, 13) == -1 and net_chips(8, 8) == 0


def test_stakes_payers_first_then_takers_and_the_loser_covers() -> None:
    # 3 players, 13 dealt: P1 has 17 cards (+2), P3 has 11 (-1); pot 0; P2 lies down.
    state = pos(
        """
        P1: K♥ 6♣
        P2: 3♦ 8♣
        P1.captured: A♠ A♥ A♦ A♣ 2♠ 2♥ 2♦ 2♣ 4♠ 4♥ 4♦ 4♣ 5♠ 5♥ 5♦ 5♣ 9♠
        P3.captured: 10♠ 10♥ 10♦ 10♣ J♠ J♥ J♦ J♣ Q♠ Q♥ Q♦
        table: K♠ 6♠
        captured: yes
        pot: 0
        """
    )
    after = game.apply(state, EndTurn(0))
    assert after.loser == 1
    paid = [e for e in after.events if isinstance(e, Paid)]
    took = [e for e in after.events if isinstance(e, Took)]
    short = [e for e in after.events if isinstance(e, Shortfall)]
    assert [(e.seat, e.n) for e in paid] == [(2, 1)]
    assert [(e.seat, e.n) for e in took] == [(0, 1)]
    assert [(e.seat, e.to, e.n) for e in short] == [(1, 0, 1)]
    assert after.chips == (2, -1, -1) and after.pot == 0
    assert after.series.results[-1].scores == (1, -2, -2)  # the ante counts in the deal


def test_no_loser_taker_gets_what_the_pot_holds() -> None:
    state = pos(
        """
        P1: K♥
        P2:
        P3:
        P1.captured: A♠ A♥ A♦ A♣ 2♠ 2♥ 2♦ 2♣ 4♠ 4♥ 4♦ 4♣ 5♠ 5♥ 5♦ 5♣ 9♠
        P2.captured: 10♠ 10♥ 10♦ 10♣ J♠ J♥ J♦ J♣ Q♠ Q♥ Q♦ Q♣ 3♠
        P3.captured: 6♠ 6♥ 6♦ 6♣ 7♠ 7♥ 7♦ 7♣ 8♠ 8♥ 8♦ 8♣ 3♥
        table: K♠
        pot: 1
        """
    )
    after = game.apply(state, cap(0, "K♥", "K♠"))
    assert after.series.results[-1].ending == "hands-empty" and after.loser is None
    assert after.chips == (1, 0, 0) and after.pot == 0  # +3 due (19 cards), only 1 in the pot


def test_stakes_off_counts_laughs_only() -> None:
    state = pos("P1: K♥ 6♣\nP2: 3♦ 8♣\nP3: 6♦\ntable: K♠ 6♠\ncaptured: yes", stakes=False)
    after = game.apply(state, EndTurn(0))
    assert after.chips == (0, 0, 0) and after.laughs == (0, 1, 0)
    assert after.series.results[-1].scores == (0, 1, 0)


def test_classic_continue_plays_on_after_a_lie_down() -> None:
    state = pos(
        "P1: K♥ 6♣\nP2: 3♦ 8♣\nP3: 6♦ 3♣\nP4: 9♥ 8♦\ntable: K♠ 6♠ 9♠\ncaptured: yes",
        classic_continue=True,
    )
    after = game.apply(state, EndTurn(0))
    assert after.loser == 1 and after.turn == 2  # P2 lay down, P3 plays on
    assert set(cards("3♦ 8♣")) <= set(after.table.cards(TABLE))
    assert cap(2, "3♣", "3♦") in game.legal_moves(after, 2)  # his cards may be matched


def test_classic_continue_last_holder_goes_to_dealer() -> None:
    state = pos("P1: K♥\nP2: 6♦ 2♣\nP3:\ntable: K♠ 6♠ 3♦", classic_continue=True)
    after = game.apply(state, cap(0, "K♥", "K♠"))  # now only P2 holds cards
    assert after.series.results[-1].ending == "last-holder"
    assert set(cards("6♦ 2♣ 6♠ 3♦")) <= set(after.table.cards(captured(2)))  # P3 deals
    assert after.table.cards(TABLE) == () and after.loser is None


def test_lay_aside_pairs_option() -> None:
    state = pos("P1: Q♣ Q♦ K♥\nP2: K♦\nP3: 5♣\ntable: K♠ 5♠\ndeal: yes", lay_aside_pairs=True)
    assert state.table.cards(hand(0)) == cards("K♥")
    assert set(state.table.cards(captured(0))) == set(cards("Q♣ Q♦"))


def test_match_of_deals_and_next_dealer() -> None:
    state = game.new_game(seats=3, seed=4)
    assert state.series.deals == 3  # default: one deal per player
    short = game.new_game(seats=4, options=LaughOptions(deals=2), seed=4)
    assert short.series.deals == 2
    dealers = [state.dealer]
    while game.to_move(state):
        seat = min(game.to_move(state))
        moves = game.legal_moves(state, seat)
        if moves == (NextDeal(seat),):
            assert seat == (state.dealer + 1) % 3
            dealers.append(seat)
        state = game.apply(state, moves[0])
    assert len(state.series.results) == 3 and dealers == [(dealers[0] + i) % 3 for i in range(3)]
    outcome = game.outcome(state)
    assert outcome is not None and outcome.scores == state.chips
    best = max(state.chips)
    assert all((outcome.places[s] == 1) == (state.chips[s] == best) for s in range(3)) or any(
        state.laughs[s] != state.laughs[t]
        for s in range(3)
        for t in range(3)
        if state.chips[s] == state.chips[t] == best
    )


def test_the_outcome_counts_chips_or_laughs_in_words() -> None:
    """With stakes the scores are the chip balance; without, the laughs (not their negative),
    fewer being better, and the score sheet counts who was laughed at deal by deal."""
    for stakes in (True, False):
        state = game.new_game(seats=3, options=LaughOptions(stakes=stakes), seed=4)
        while game.to_move(state):
            state = game.apply(state, game.legal_moves(state, min(game.to_move(state)))[0])
        outcome = game.outcome(state)
        assert outcome is not None
        if stakes:
            assert outcome.measure is CHIP_BALANCE and outcome.scores == state.chips
            assert outcome.amount(0) == CHIP_BALANCE.amount(state.chips[0])
            assert CHIP_BALANCE.amount(-3) == "-3 chips" and CHIP_BALANCE.amount(1) == "+1 chip"
            continue
        assert outcome.measure is LAUGHS and outcome.scores == state.laughs
        assert all(n >= 0 for n in outcome.scores) and sum(outcome.scores) == 3
        assert outcome.measure.hint() == "Times laughed at: fewer is better."
        sheet = game.present(game.observe(state, 0)).scores
        assert sheet is not None and len(sheet.rows) == 3
        assert sheet.rows[-1].totals == tuple(str(n) for n in state.laughs)


def test_ranking_ties_broken_by_fewer_laughs() -> None:
    state = pos("P1: K♥\nP2: 5♦\nP3: 6♦\ntable: K♠ 5♠ 6♠\nchips: 2 2 -1\nlaughs: 1 0 2")
    assert game.standing(state) == (2, 1, 3)
    off = pos("P1: K♥\nP2: 5♦\nP3: 6♦\ntable: K♠\nlaughs: 1 1 0", stakes=False)
    assert game.standing(off) == (2, 2, 1)


def test_notation_round_trip_and_labels() -> None:
    state = pos("P1: K♥ 7♠\nP2: 3♣\nP3: 4♣\ntable: K♠ 7♦ 7♣ 3♦ 4♦")
    for move in game.legal_moves(state, 0):
        assert game.move_from_text(state, game.move_to_text(move), 0) == move
    assert game.move_to_text(cap(0, "7♠", "7♦ 7♣")) == "capture 7♠ + 7♣ 7♦"
