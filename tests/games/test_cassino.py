"""Cassino (clubs, no building): the acceptance scenarios of rules/cassino-clubs.md §11, then
the other rules of §5-§8 and every option."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardsuite.core.cards import Card, Suit, parse_card, parse_cards
from cardsuite.core.errors import IllegalMoveError, OptionsError
from cardsuite.core.series import NextDeal
from cardsuite.core.text import default_names, fill
from cardsuite.games.cassino import GAME
from cardsuite.games.cassino.engine import (
    COURT_PAIRS_ONLY,
    COURT_TAKES_ALL,
    INVALID_CAPTURE,
    MUST_CAPTURE,
    NOT_ON_TABLE,
)
from cardsuite.games.cassino.model import (
    OUT,
    STOCK,
    TABLE,
    Capture,
    Captured,
    CassinoOptions,
    FullCassino,
    MostCards,
    Redealt,
    TookRest,
    Trail,
    hand,
    totals,
    won,
)

CASSINO = GAME.load()

G = CASSINO


def c(text: str) -> Card:
    return parse_card(text)


def cs(text: str) -> frozenset[Card]:
    return frozenset(parse_cards(text))


def pos(text: str, **options: Any) -> FullCassino:
    return G.position(text, options=CassinoOptions(**options))


def capture(seat: int, card: str, taken: str) -> Capture:
    return Capture(seat, c(card), cs(taken))


def sets_for(state: FullCassino, card: str) -> set[frozenset[Card]]:
    """The sets of table cards ``card`` may legally take now."""
    return {
        m.taken
        for m in G.legal_moves(state, state.turn)
        if isinstance(m, Capture) and m.card is c(card)
    }


def refusal(state: FullCassino, move: Any) -> str | None:
    why = G.why_illegal(state, move)
    return None if why is None else why.code


def play_out(state: FullCassino, seed: int = 0) -> FullCassino:
    rng = random.Random(seed)
    while G.to_move(state):
        seat = min(G.to_move(state))
        state = G.apply(state, rng.choice(G.legal_moves(state, seat)))
    return state


# --- §11 scenarios ---------------------------------------------------------------------------


def test_cassino_s01_sum_capture() -> None:
    s = pos("P1: 10♥ 3♠\nP2: 4♦\ntable: 7♠ 2♥ A♦ K♣")
    after = G.apply(s, capture(0, "10♥", "7♠ 2♥ A♦"))
    assert after.table.cards(TABLE) == (c("K♣"),)
    assert set(after.table.cards(won(0))) == {c("10♥"), c("7♠"), c("2♥"), c("A♦")}


def test_cassino_s02_king_pairs_only() -> None:
    s = pos("P1: K♥ Q♠\nP2: 4♦\ntable: K♣ Q♦")
    assert sets_for(s, "K♥") == {cs("K♣")}
    assert refusal(s, capture(0, "Q♠", "K♣")) == COURT_PAIRS_ONLY
    after = G.apply(s, capture(0, "K♥", "K♣"))
    assert after.table.cards(TABLE) == (c("Q♦"),)


def test_cassino_s03_court_has_no_number_value() -> None:
    s = pos("P1: Q♥ 3♠\nP2: 4♦\ntable: 10♣ 2♦")
    assert refusal(s, capture(0, "Q♥", "10♣ 2♦")) == COURT_PAIRS_ONLY
    assert sets_for(s, "Q♥") == set()


def test_cassino_s04_must_capture() -> None:
    text = "P1: 8♠ J♥\nP2: 4♦\ntable: 5♦ 3♣ Q♣"
    s = pos(text)
    assert refusal(s, Trail(0, c("J♥"))) == MUST_CAPTURE
    with pytest.raises(IllegalMoveError) as error:
        G.apply(s, Trail(0, c("J♥")))
    assert error.value.code == MUST_CAPTURE
    free = pos(text, free_trail=True)
    assert refusal(free, Trail(0, c("J♥"))) is None
    assert G.apply(free, Trail(0, c("J♥"))).table.cards(TABLE)[-1] is c("J♥")


def test_cassino_s05_two_groups_in_one_capture() -> None:
    s = pos("P1: 10♦ 2♠\nP2: 4♦\ntable: 6♣ 4♥ 10♠ 3♦")
    assert sets_for(s, "10♦") == {cs("10♠"), cs("6♣ 4♥"), cs("10♠ 6♣ 4♥")}
    after = G.apply(s, capture(0, "10♦", "10♠ 6♣ 4♥"))
    assert after.table.cards(TABLE) == (c("3♦"),)
    assert c("10♦") in after.table.cards(won(0))


def test_cassino_s06_trail_when_no_capture() -> None:
    s = pos("P1: 2♣ 5♦\nP2: 4♦\ntable: K♠ 9♥")
    legal = G.legal_moves(s, 0)
    assert set(legal) == {Trail(0, c("2♣")), Trail(0, c("5♦"))}
    after = G.apply(s, Trail(0, c("5♦")))
    assert after.table.cards(TABLE) == parse_cards("K♠ 9♥ 5♦")
    assert after.turn == 1


def test_cassino_s07_ace_only_pairs() -> None:
    s = pos("P1: A♥ 3♠\nP2: 4♦\ntable: A♣ 3♥")
    assert sets_for(s, "A♥") == {cs("A♣")}


def test_cassino_s08_king_takes_one_of_two() -> None:
    s = pos("P1: K♣ 3♠\nP2: 4♦\ntable: K♦ K♠")
    assert sets_for(s, "K♣") == {cs("K♦"), cs("K♠")}
    assert refusal(s, capture(0, "K♣", "K♦ K♠")) == COURT_PAIRS_ONLY
    after = G.apply(s, capture(0, "K♣", "K♠"))
    assert after.table.cards(TABLE) == (c("K♦"),)


def test_cassino_s09_last_capturer_takes_the_rest() -> None:
    s = pos("P1: 7♠\nP2: -\ntable: 4♣ 9♦\nstock: -\nlast: P2")
    after = G.apply(s, Trail(0, c("7♠")))
    assert after.table.cards(TABLE) == ()
    assert set(parse_cards("4♣ 9♦ 7♠")) <= set(after.table.cards(won(1)))
    assert any(isinstance(e, TookRest) and e.seat == 1 for e in after.events)
    assert G.outcome(after) is not None


def _cards(cards: list[Card]) -> str:
    return " ".join(map(str, cards))


def test_cassino_s10_scoring_two_players() -> None:
    deck = G.deck(G.new_game(seats=2))
    clubs = [k for k in deck if k.suit is Suit.CLUBS]
    others = [k for k in deck if k.suit is not Suit.CLUBS and k not in (c("10♦"), c("3♥"))]
    p1 = [k for k in clubs if 2 <= k.rank <= 8] + others[:20]  # 27: 7 clubs with 2♣
    p2 = [k for k in clubs if not 2 <= k.rank <= 8] + [c("10♦")] + others[20:]  # 24: 6 clubs
    s = pos(
        f"P1: 3♥\nP2: -\ntable: -\nstock: -\nlast: P1\nwon.P1: {_cards(p1)}\nwon.P2: {_cards(p2)}"
    )
    after = G.apply(s, Trail(0, c("3♥")))  # the last card; P1 takes the rest (3♥)
    assert len(after.table.cards(won(0))) == 28 and len(after.table.cards(won(1))) == 24
    assert after.series.results[-1].scores == (4, 1)
    outcome = G.outcome(after)
    assert outcome is not None and outcome.places == (1, 2)


def test_cassino_s11_partnership_tie_for_cards() -> None:
    deck = G.deck(G.new_game(seats=4))
    side_a = [k for k in deck if k.suit in (Suit.HEARTS, Suit.SPADES) and k is not c("3♥")]
    side_b = [k for k in deck if k.suit in (Suit.DIAMONDS, Suit.CLUBS)]
    s = pos(
        "P1: 3♥\nP2: -\nP3: -\nP4: -\ntable: -\nstock: -\nlast: P3\n"
        f"won.0: {_cards(side_a)}\nwon.1: {_cards(side_b)}",
        partnerships=True,
    )
    after = G.apply(s, Trail(0, c("3♥")))  # P3's side made the last capture: 26 against 26
    assert len(after.table.cards(won(0))) == 26 == len(after.table.cards(won(1)))
    tie = [e for e in after.events if isinstance(e, MostCards)]
    assert tie and tie[0].points == 1 and tie[0].seats == (0, 1, 2, 3)
    # side A: 1 for the tie; side B: 1 for the tie, most clubs, 2♣ and 10♦
    assert after.series.results[-1].scores == (1, 4, 1, 4)
    outcome = G.outcome(after)
    assert outcome is not None and outcome.places == (2, 1, 2, 1)  # two sides: 2nd, not 3rd


# --- §5 the deal ----------------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "redeals"), [(2, 5), (3, 3), (4, 2), (5, 2), (6, 1)])
def test_cassino_deal_sizes_and_redeals(seats: int, redeals: int) -> None:
    s = G.new_game(seats=seats, seed=3)
    assert all(len(s.table.cards(hand(p))) == 4 for p in range(seats))
    assert len(s.table.cards(TABLE)) == 4
    assert s.turn == (s.dealer + 1) % seats
    seen = 0
    rng = random.Random(1)
    sizes: list[list[int]] = []
    while G.to_move(s):
        s = G.apply(s, rng.choice(G.legal_moves(s, s.turn)))
        if any(isinstance(e, Redealt) for e in s.events):
            seen += 1
            sizes.append(
                [len(s.table.cards(hand((s.dealer + 1 + i) % seats))) for i in range(seats)]
            )
    assert seen == redeals
    if seats == 5:
        assert sizes == [[4] * 5, [2, 2, 2, 1, 1]]
    else:
        assert all(size == [4] * seats for size in sizes)


def test_cassino_redeal_gives_nothing_to_the_table() -> None:
    s = pos("P1: 7♠\nP2: -\ntable: K♦")
    before = s.table.count(STOCK)
    after = G.apply(s, Trail(0, c("7♠")))
    assert after.table.cards(TABLE) == parse_cards("K♦ 7♠")
    assert after.table.count(STOCK) == before - 8
    assert after.turn == 0  # the player left of the dealer (P2 deals)


def test_cassino_five_players_skip_empty_hands() -> None:
    s = pos("P1: 7♠\nP2: 8♠\nP3: -\nP4: -\nP5: 9♠\ntable: K♦")
    after = G.apply(s, Trail(0, c("7♠")))
    assert after.turn == 1
    after = G.apply(after, Trail(1, c("8♠")))
    assert after.turn == 4  # P3 and P4 hold nothing


def test_cassino_dealer_rotates_between_hands() -> None:
    s = G.new_game(seats=3, options=CassinoOptions(hands=2), seed=5)
    first = s.dealer
    rng = random.Random(0)
    while s.turn is not None:
        s = G.apply(s, rng.choice(G.legal_moves(s, s.turn)))
    assert s.series.between and G.to_move(s) == {(first + 1) % 3}
    assert G.why_illegal(s, Trail(0, c("2♠"))) is not None
    s = G.apply(s, NextDeal((first + 1) % 3))
    assert s.dealer == (first + 1) % 3 and s.turn == (first + 2) % 3


# --- §6 captures ----------------------------------------------------------------------------


def test_cassino_number_card_takes_two_pairs() -> None:
    s = pos("P1: 5♠ 3♠\nP2: 4♦\ntable: 5♦ 5♣ 2♥ 3♦")
    assert cs("5♦ 5♣") in sets_for(s, "5♠")
    assert cs("5♦ 5♣ 2♥ 3♦") in sets_for(s, "5♠")
    assert cs("2♥ 3♦") in sets_for(s, "5♠")


def test_cassino_one_set_split_two_ways_is_one_move() -> None:
    s = pos("P1: 5♠ 3♠\nP2: 4♦\ntable: 2♥ 3♦ 2♣ 3♣")
    moves = [m for m in G.legal_moves(s, 0) if isinstance(m, Capture) and m.card is c("5♠")]
    assert len(moves) == len({m.taken for m in moves})
    assert cs("2♥ 3♦ 2♣ 3♣") in {m.taken for m in moves}


def test_cassino_refusal_codes() -> None:
    s = pos("P1: 9♠ K♥\nP2: 4♦\ntable: 5♦ 3♣ K♣ 7♥")
    assert refusal(s, capture(0, "9♠", "5♦ 3♣")) == INVALID_CAPTURE  # 8, not 9
    assert refusal(s, capture(0, "9♠", "K♣")) == INVALID_CAPTURE
    assert refusal(s, capture(0, "9♠", "2♠ 7♥")) == NOT_ON_TABLE
    assert refusal(s, Capture(0, c("9♠"), frozenset())) == INVALID_CAPTURE
    assert refusal(s, capture(0, "8♠", "5♦ 3♣")) == "CardNotHeld"
    assert refusal(s, capture(1, "4♦", "K♣")) == "NotYourTurn"
    assert refusal(s, NextDeal(0)) == "NotNow"
    text = G.why_illegal(s, capture(0, "9♠", "5♦ 3♣"))
    assert text is not None and "9" in text.text


def test_cassino_capture_moves_cards_to_the_side_pile() -> None:
    s = pos("P1: 9♠\nP2: 4♦\nP3: 2♦\nP4: 3♦\ntable: 5♦ 4♣", partnerships=True)
    after = G.apply(s, capture(0, "9♠", "5♦ 4♣"))
    assert set(after.table.cards(won(0))) == {c("9♠"), c("5♦"), c("4♣")}
    assert after.last == 0 and isinstance(after.events[0], Captured)


def test_cassino_last_capture_across_redeals() -> None:
    s = pos("P1: 9♠\nP2: 2♦\ntable: 5♦ 4♣ K♥")
    after = G.apply(s, capture(0, "9♠", "5♦ 4♣"))
    after = G.apply(after, Trail(1, c("2♦")))  # a re-deal follows
    assert after.last == 0 and after.table.count(hand(0)) == 4
    final = play_out(after)
    assert final.table.cards(TABLE) == ()


def test_cassino_nobody_captured_sets_the_table_aside() -> None:
    s = pos("P1: 7♠\nP2: -\ntable: 4♣ 9♦\nstock: -")
    after = G.apply(s, Trail(0, c("7♠")))
    assert set(after.table.cards(OUT)) >= {c("4♣"), c("9♦"), c("7♠")}
    assert G.outcome(after) is not None


# --- §7 scoring -----------------------------------------------------------------------------


def test_cassino_tied_clubs_score_nothing_and_three_way_card_tie() -> None:
    s = pos(
        "P1: 3♥\nP2: -\nP3: -\ntable: -\nstock: -\nlast: P1\n"
        "won.P1: A♣ 2♠\nwon.P2: 3♣ 2♥ 4♥\nwon.P3: 5♣ 6♥ 7♥"
    )
    after = G.apply(s, Trail(0, c("3♥")))
    # 3 cards each: 1 point each for cards; one club each: nobody scores clubs
    assert after.series.results[-1].scores == (1, 1, 1)


def test_cassino_match_of_several_hands_adds_up() -> None:
    s = G.new_game(seats=2, options=CassinoOptions(hands=3), seed=11)
    s = play_out(s, 2)
    assert len(s.series.results) == 3
    outcome = G.outcome(s)
    assert outcome is not None and outcome.scores == totals(s)
    assert sum(outcome.scores) == sum(sum(r.scores) for r in s.series.results)
    assert sum(outcome.scores) <= 3 * 5


# --- §8 options -----------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_cassino_partnerships_need_four_or_six(seats: int) -> None:
    with pytest.raises(OptionsError):
        G.new_game(seats=seats, options=CassinoOptions(partnerships=True))


def test_cassino_six_partnerships_sit_opposite() -> None:
    s = G.new_game(seats=6, options=CassinoOptions(partnerships=True))
    assert G.sides(s) == (frozenset({0, 3}), frozenset({1, 4}), frozenset({2, 5}))
    final = play_out(s)
    outcome = G.outcome(final)
    assert outcome is not None
    for side in G.sides(final):
        assert len({outcome.places[p] for p in side}) == 1


def test_cassino_court_captures_all() -> None:
    s = pos("P1: K♣ 3♠\nP2: 4♦\ntable: K♦ K♠ 5♥", court_captures_all=True)
    assert sets_for(s, "K♣") == {cs("K♦ K♠")}
    assert refusal(s, capture(0, "K♣", "K♦")) == COURT_TAKES_ALL
    assert refusal(s, capture(0, "K♣", "K♦ K♠ 5♥")) == COURT_PAIRS_ONLY


def test_cassino_free_trail_offers_every_card() -> None:
    s = pos("P1: 8♠ J♥\nP2: 4♦\ntable: 5♦ 3♣", free_trail=True)
    legal = G.legal_moves(s, 0)
    assert Trail(0, c("8♠")) in legal and Trail(0, c("J♥")) in legal
    assert capture(0, "8♠", "5♦ 3♣") in legal


def test_cassino_capture_stats_on_and_off() -> None:
    text = "P1: 3♥\nP2: 4♦\ntable: 9♠\nwon.P1: 2♣ 5♣ 6♥\nwon.P2: 10♦"
    on = G.present(G.observe(pos(text), 0))
    off = G.present(G.observe(pos(text, show_capture_stats=False), 0))
    note_on = on.pile(won(0)).note
    assert "3 cards" in note_on and "2 clubs" in note_on and "2♣" in note_on
    assert off.pile(won(0)).note == "3 cards"
    assert "10♦" in on.pile(won(1)).note and "10♦" not in off.pile(won(1)).note


def test_cassino_hands_option_bounds() -> None:
    with pytest.raises(OptionsError):
        CassinoOptions(hands=13)
    with pytest.raises(OptionsError):
        CassinoOptions(hands=0)


# --- notation, view, outcome text -----------------------------------------------------------


def test_cassino_capture_notation_any_order() -> None:
    s = pos("P1: 10♦ 2♠\nP2: 4♦\ntable: 6♣ 4♥ 10♠ 3♦")
    move = capture(0, "10♦", "10♠ 6♣ 4♥")
    assert move.notation() == "10♦ takes 10♠ 6♣ 4♥"
    assert G.move_from_text(s, "10d takes 4h 10s 6c") == move
    assert G.move_from_text(s, G.move_to_text(move)) == move


def test_cassino_view_sums_up_between_hands_and_outcome() -> None:
    s = play_out(G.new_game(seats=2, options=CassinoOptions(hands=2), seed=4))
    outcome = G.outcome(s)
    assert outcome is not None
    reason = fill(outcome.reason, default_names(2))
    assert "cards" in reason and "clubs" in reason and "points" in reason
    mid = G.new_game(seats=2, options=CassinoOptions(hands=2), seed=4)
    rng = random.Random(0)
    while mid.turn is not None:
        mid = G.apply(mid, rng.choice(G.legal_moves(mid, mid.turn)))
    view = G.present(G.observe(mid, 0))
    assert view.summary is not None and len(view.summary.rows) == 2
    assert any("Points:" in line for line in view.info)
