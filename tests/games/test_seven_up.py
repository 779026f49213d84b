"""Seven Up: the acceptance scenarios of rules/seven-up.md §11, then the other rules of §5-§8."""

from __future__ import annotations

from typing import Any

import pytest

from cardsuite.core.cards import Card, parse_card
from cardsuite.core.errors import IllegalMoveError, OptionsError
from cardsuite.core.rng import shuffled
from cardsuite.core.series import NextDeal
from cardsuite.core.text import fill
from cardsuite.games.seven_up import GAME as DECLARATION
from cardsuite.games.seven_up.engine import CANNOT_GIVE, MUST_FOLLOW
from cardsuite.games.seven_up.model import (
    CHIPS_LEFT,
    DISCARD,
    DONE,
    GAME,
    GIVE,
    HIGH,
    JACK_POINT,
    LOW,
    PLAY,
    STAND,
    STOCK,
    TRICK,
    TRICK_POINT,
    TURNUP,
    TURNUP_JACK,
    VOID,
    Beg,
    Discard,
    FullSevenUp,
    Give,
    PlayCard,
    Redeal,
    Run,
    Scored,
    SevenUpOptions,
    Stand,
    discard,
    hand,
    won,
)

SEVEN_UP = DECLARATION.load()

G = SEVEN_UP


def c(text: str) -> Card:
    return parse_card(text)


def pos(text: str, **options: Any) -> FullSevenUp:
    return G.position(text, options=SevenUpOptions(**options))


def legal_cards(state: FullSevenUp) -> set[Card]:
    return {m.card for m in G.legal_moves(state, state.turn) if isinstance(m, PlayCard)}


def play(state: FullSevenUp, *cards: str) -> FullSevenUp:
    """The player to move plays each card in turn; returns the state after the last."""
    for text in cards:
        state = G.apply(state, PlayCard(state.turn, c(text)))
    return state


def play_log(state: FullSevenUp, *cards: str) -> tuple[FullSevenUp, list[Any]]:
    """Like :func:`play`, also collecting every event on the way."""
    events: list[Any] = []
    for text in cards:
        state = G.apply(state, PlayCard(state.turn, c(text)))
        events.extend(state.events)
    return state, events


def scores(events: list[Any], why: str) -> list[Scored]:
    return [e for e in events if isinstance(e, Scored) and e.why == why]


def refused(state: FullSevenUp, move: Any, code: str) -> str:
    refusal = G.why_illegal(state, move)
    assert refusal is not None and refusal.code == code, refusal
    with pytest.raises(IllegalMoveError) as error:
        G.apply(state, move)
    assert error.value.code == code
    return refusal.text


def first_legal_to_end_of_deal(state: FullSevenUp) -> tuple[FullSevenUp, list[Any]]:
    events: list[Any] = []
    while state.phase != DONE:
        state = G.apply(state, G.legal_moves(state, state.turn)[0])
        events.extend(state.events)
    return state, events


# --- §11 acceptance scenarios ----------------------------------------------------------------

THREE = """
P1: 5♠ 2♦ 3♦
P2: 9♠ 3♥ K♣
D: 4♦ 5♦ 6♦
turnup: 7♥
leader: P1
"""


def test_seven_up_s01_follow_suit_or_trump() -> None:
    s = play(pos(THREE), "5♠")
    assert s.turn == 1
    assert legal_cards(s) == {c("9♠"), c("3♥")}
    text = refused(s, PlayCard(1, c("K♣")), MUST_FOLLOW)
    assert "follow suit or play a trump" in text


def test_seven_up_s02_void_may_play_anything() -> None:
    s = pos("P1: 5♠ 7♦ 3♦\nP2: 3♥ K♣ 2♦\nD: 4♦ 5♦ 6♦\nturnup: 7♥\nleader: P1")
    s = play(s, "5♠")
    assert legal_cards(s) == {c("3♥"), c("K♣"), c("2♦")}


def test_seven_up_s03_trump_led_must_trump() -> None:
    s = pos("P1: 4♥ 2♣\nP2: 2♥ A♠\nD: 5♦ 6♦\nturnup: 7♥\nleader: P1")
    s = play(s, "4♥")
    assert legal_cards(s) == {c("2♥")}
    text = refused(s, PlayCard(1, c("A♠")), MUST_FOLLOW)
    assert "must play a trump" in text


def test_seven_up_s04_ten_above_ace() -> None:
    text = "P1: A♦\nD: 10♦\nturnup: 7♣\nleader: P1"
    s = play(pos(text), "A♦", "10♦")
    assert s.taker == 1  # D, with the 10
    s = play(pos(text, classic_rank=True), "A♦", "10♦")
    assert s.taker == 0  # P1, with the Ace


def test_seven_up_s05_any_trump_beats_the_suit_led() -> None:
    s = pos("P1: 10♦\nP2: 2♣\nD: A♦\nturnup: 7♣\nleader: P1")
    s = play(s, "10♦", "2♣", "A♦")
    assert s.taker == 1  # P2's 2♣


def test_seven_up_s06_turned_jack_scores_for_the_dealer_at_once() -> None:
    seed = next(
        seed
        for seed in range(500)
        if G.new_game(seats=2, seed=seed).table.cards(TURNUP)[-1].rank == 11
    )
    s = G.new_game(seats=2, seed=seed)
    dealer = s.dealer
    assert s.chips[dealer] == 6 and s.chips[1 - dealer] == 7 and s.pot == 1
    assert scores(list(s.events), TURNUP_JACK)[0].seat == dealer
    jack = s.table.cards(TURNUP)[-1]
    assert all(jack not in s.table.cards(hand(p)) for p in range(2))
    # The turned Jack is in nobody's hand: nobody scores Jack at the end of the deal.
    s = G.new_game(seats=2, seed=seed, options=SevenUpOptions(trick_points=False))
    end, events = first_legal_to_end_of_deal(s)
    assert end.series.between
    assert not scores(events, JACK_POINT)


def test_seven_up_s07_high_and_low_go_to_the_players_dealt_them() -> None:
    s = pos(
        "P1: 10♥ 3♥ A♠ K♠ A♦ A♣\nD: Q♥ 2♥ 2♠ 3♠ 2♦ 2♣\nturnup: 7♥",
        trick_points=False,
    )
    s, events = play_log(s, "Q♥", "10♥", "3♥", "2♥", "A♠", "2♠", "K♠", "3♠", "A♦", "2♦", "A♣", "2♣")
    assert [e.seat for e in events if type(e).__name__ == "TrickTaken"] == [0] * 6
    (high,) = scores(events, HIGH)
    (low,) = scores(events, LOW)
    assert (high.seat, high.card) == (0, c("10♥"))
    assert (low.seat, low.card) == (1, c("2♥"))  # dealt to D, though P1 captured it


def test_seven_up_s08_one_trump_in_play_scores_high_and_low() -> None:
    s = pos(
        "P1: A♠ K♠ Q♠ 9♠ 8♠ 6♠\nD: 7♥ 2♣ 3♣ 4♣ 5♣ 6♣\nturnup: 8♥",
        trick_points=False,
    )
    end, events = first_legal_to_end_of_deal(s)
    high, low = scores(events, HIGH)[0], scores(events, LOW)[0]
    assert high.seat == low.seat == 1 and high.card == low.card == c("7♥")
    assert end.deal_points[1] >= 2


GAME_TIE = "P1: J♥ A♦ K♣ J♠ 2♠ 3♠\nD: 10♠ 2♦ 2♣ 10♣ A♠ K♦\nturnup: 5♥"
GAME_TIE_PLAY = ("10♠", "J♥", "A♦", "2♦", "K♣", "2♣", "2♠", "A♠", "10♣", "3♠", "K♦", "J♠")


def test_seven_up_s09_tied_game_scores_nothing() -> None:
    s, events = play_log(pos(GAME_TIE, trick_points=False), *GAME_TIE_PLAY)
    assert not scores(events, GAME)
    tied = [e for e in events if type(e).__name__ == "GameTied"]
    assert len(tied) == 1 and tied[0].points == 18
    assert s.series.between


def test_seven_up_s10_last_chip_ends_the_game_at_once() -> None:
    s = pos("P1: 10♠ 2♦ 3♦ 4♦ 5♦ 6♦\nD: 2♠ 7♦ 8♦ 9♦ J♦ Q♦\nturnup: 7♥\nchips: 1 7")
    s = play(s, "2♠", "10♠")
    assert s.chips == (0, 7) and s.pot == 7  # all of P1's chips are in the pot
    assert G.to_move(s) == frozenset()
    outcome = G.outcome(s)
    assert outcome is not None and outcome.places == (1, 2)
    assert "last chip" in fill(outcome.reason, ["Anna", "Boris"])
    assert len(s.table.cards(hand(0))) == 5  # the other five tricks are not played


def test_seven_up_s11_high_and_low_come_before_jack_and_game() -> None:
    s = pos(
        "P1: 10♥ 2♥ 3♠ 4♠ 5♠ 6♠\nD: J♥ A♠ A♦ K♣ 10♣ 10♦\nturnup: 7♥\nchips: 2 1",
        trick_points=False,
    )
    s, events = play_log(
        s, "A♦", "3♠", "J♥", "2♥", "10♣", "4♠", "K♣", "5♠", "10♦", "6♠", "A♠", "10♥"
    )
    assert [e.why for e in events if isinstance(e, Scored)] == [HIGH, LOW]
    assert s.chips == (0, 1)
    outcome = G.outcome(s)
    assert outcome is not None and outcome.winners == (0,)


def test_seven_up_s12_tricks_alone_score_nothing_without_trick_points() -> None:
    s = pos(
        "P1: 9♠ 8♠ 9♦ 8♦ 9♣ 8♣\nD: 2♠ 3♠ 2♦ 3♦ 2♣ 3♣\nturnup: 5♥",
        trick_points=False,
    )
    s, events = play_log(s, "2♠", "9♠", "8♠", "3♠", "9♦", "2♦", "8♦", "3♦", "9♣", "2♣", "8♣", "3♣")
    assert [e.seat for e in events if type(e).__name__ == "TrickTaken"] == [0] * 6
    assert s.chips == (7, 7) and s.series.between
    assert not [e for e in events if isinstance(e, Scored)]


# --- the deal -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seven_up_deal_six_each_three_at_a_time_from_the_dealers_left(players: int) -> None:
    s = G.new_game(seats=players, seed=11)
    dealer = s.dealer
    pack = shuffled(G.deck(s), 11, "deal", 0, 0)
    order = [(dealer + i) % players for i in range(1, players + 1)]
    for k, p in enumerate(order):
        first = [pack[-1 - 3 * k - j] for j in range(3)]
        second = [pack[-1 - 3 * (players + k) - j] for j in range(3)]
        assert s.table.cards(hand(p)) == tuple(first + second)
    turnup = s.table.cards(TURNUP)
    assert turnup == (pack[-1 - 6 * players],)
    assert s.trumps is turnup[0].suit
    assert len(s.table.cards(STOCK)) == 52 - 6 * players - 1
    assert s.phase == PLAY and s.turn == dealer  # the dealer leads (seed)
    assert s.chips == (7,) * players and s.pot == 0


def test_seven_up_first_lead_option() -> None:
    s = G.new_game(seats=3, seed=4, options=SevenUpOptions(first_lead="eldest"))
    assert s.turn == (s.dealer + 1) % 3


def test_seven_up_first_dealer_is_drawn_and_the_deal_passes_left() -> None:
    dealers = {G.new_game(seats=4, seed=seed).dealer for seed in range(30)}
    assert dealers == {0, 1, 2, 3}
    s = pos(GAME_TIE, trick_points=False)
    s = play(s, *GAME_TIE_PLAY)
    assert s.series.between and G.to_move(s) == frozenset({0})
    assert G.legal_moves(s, 1) == () and G.legal_moves(s, 0) == (NextDeal(0),)
    refused(s, PlayCard(0, c("2♠")), "NotNow")
    nxt = G.apply(s, NextDeal(0))
    jack = nxt.table.cards(TURNUP)[-1].rank == 11
    assert nxt.dealer == 0 and nxt.turn == 0 and nxt.chips == (s.chips[0] - jack, s.chips[1])
    assert all(len(nxt.table.cards(hand(p))) == 6 for p in range(2))
    assert nxt.deal_points == (int(jack), 0) and nxt.plays == ()


def test_seven_up_not_your_turn() -> None:
    s = pos(THREE)
    refused(s, PlayCard(1, c("9♠")), "NotYourTurn")
    refused(s, PlayCard(0, c("K♣")), "CardNotHeld")


# --- tricks ---------------------------------------------------------------------------------


def test_seven_up_winner_leads_and_the_last_trick_stays_until_then() -> None:
    s = pos("P1: 5♠ 2♦\nP2: 9♠ 3♦\nD: 2♠ 4♦\nturnup: 7♥\nleader: P1")
    s = play(s, "5♠", "9♠", "2♠")
    assert s.taker == 1 and s.turn == 1
    assert s.table.cards(TRICK) == (c("5♠"), c("9♠"), c("2♠"))
    view = G.present(G.observe(s, 0))
    assert view.trick is not None and view.trick.winner == 1
    assert legal_cards(s) == {c("3♦")}
    s = play(s, "3♦")
    assert s.table.cards(TRICK) == (c("3♦"),)
    assert set(s.table.cards(won(1))) == {c("5♠"), c("9♠"), c("2♠")}
    assert s.leader == 1 and s.taker is None


def test_seven_up_trick_point_for_each_trick() -> None:
    s = pos("P1: 5♠ 2♦\nD: 9♠ 4♦\nturnup: 7♥\nleader: P1")
    s = play(s, "5♠", "9♠")
    assert s.chips == (7, 6) and s.pot == 1
    assert [e.why for e in s.events if isinstance(e, Scored)] == [TRICK_POINT]
    s = pos("P1: 5♠ 2♦\nD: 9♠ 4♦\nturnup: 7♥\nleader: P1", trick_points=False)
    assert play(s, "5♠", "9♠").chips == (7, 7)


def test_seven_up_jack_goes_to_the_winner_of_its_trick() -> None:
    s = pos("P1: J♥ 2♠\nD: Q♥ 3♠\nturnup: 7♥\nleader: P1", trick_points=False)
    s, events = play_log(s, "J♥", "Q♥", "3♠", "2♠")
    (jack,) = scores(events, JACK_POINT)
    assert jack.seat == 1 and jack.card == c("J♥")  # D captured P1's Jack


def test_seven_up_game_counts_only_cards_in_tricks_won() -> None:
    # P1 wins 10♠ + 9♠ (10), D wins A♣ + 2♣ (4): Game to P1.
    s = pos("P1: 10♠ 2♣\nD: 9♠ A♣\nturnup: 7♥\nleader: P1", trick_points=False)
    s, events = play_log(s, "10♠", "9♠", "2♣", "A♣")
    (game,) = scores(events, GAME)
    assert game.seat == 0 and game.points == 10


def test_seven_up_game_tie_eldest_option() -> None:
    _, events = play_log(pos(GAME_TIE, trick_points=False, game_tie="eldest"), *GAME_TIE_PLAY)
    (game,) = scores(events, GAME)
    assert game.seat == 0 and game.points == 18  # the party without the dealer


def test_seven_up_game_tie_eldest_with_three_players_scores_nothing() -> None:
    s = pos(
        "P1: 2♠\nP2: 10♠\nD: 3♦\nturnup: 7♥\nleader: P1\nwon.P1: 10♣ 3♠ 4♠",
        trick_points=False,
        game_tie="eldest",
    )
    s, events = play_log(s, "2♠", "10♠", "3♦")  # P2 takes 10♠: 10 against P1's 10♣
    assert not scores(events, GAME)
    assert [e.points for e in events if type(e).__name__ == "GameTied"] == [10]


def test_seven_up_no_trump_in_play_scores_no_high_low_or_jack() -> None:
    s = pos("P1: 2♠\nD: 3♠\nturnup: J♥\nleader: P1", trick_points=False)
    s, events = play_log(s, "2♠", "3♠")
    assert not scores(events, HIGH) and not scores(events, LOW) and not scores(events, JACK_POINT)
    assert any(type(e).__name__ == "NoTrumpsInPlay" for e in events)


# --- chips, the end and the outcome -----------------------------------------------------------


def test_seven_up_outcome_ranks_the_others_by_chips_left() -> None:
    s = pos("P1: 10♠\nP2: 2♠\nP3: 3♠\nD: 4♠\nturnup: 7♥\nleader: P1\nchips: 1 4 4 2")
    s = play(s, "10♠", "2♠", "3♠", "4♠")
    outcome = G.outcome(s)
    assert outcome is not None
    assert outcome.places == (1, 3, 3, 2)
    assert outcome.scores == (0, 4, 4, 2)


def test_seven_up_view_shows_chips_pot_tricks_and_whose_turn() -> None:
    s = play(pos(THREE + "chips: 5 6 7"), "5♠")
    view = G.present(G.observe(s, 1)).named(["Anna", "Boris", "Vera"])
    assert view.status == "Boris to follow ♠ or trump (♥)"
    assert view.seats[0].seat == 1 and view.seats[0].score == "6 chips left"
    assert "Trumps: ♥ (turn-up 7♥)" in view.info
    assert "Chips left: Anna 5 · Boris 6 · Vera 7" in view.info
    assert "Pot: 3" in view.info and "Dealer: Vera" in view.info
    assert view.trick is not None and view.trick.led is not None
    lead = G.present(G.observe(pos(THREE), 0)).named(["Anna", "Boris", "Vera"])
    assert lead.status == "Anna to lead"


def test_seven_up_between_deals_the_view_sums_up_the_deal() -> None:
    s = play(pos(GAME_TIE, trick_points=False), *GAME_TIE_PLAY)
    view = G.present(G.observe(s, 1)).named(["Anna", "Boris"])
    assert view.summary is not None
    assert view.summary.rows == (("Anna", "3", "4"), ("Boris", "0", "7"))
    assert "Deal over" in view.status


def test_seven_up_s04_the_table_shows_ten_above_ace() -> None:
    # The seed's order puts the 10 above the Ace (§4, scenario 4): the table says so.
    line = "Ranks, high to low: 10 A K Q J 9 8 7 6 5 4 3 2"
    view = G.present(G.observe(pos(THREE), 0))
    assert line in view.info
    assert view.info.index(line) == 1  # just under the trumps, where an 80×24 panel shows it
    classic = G.present(G.observe(pos(THREE, classic_rank=True), 0))
    assert not any(text.startswith("Ranks, high to low") for text in classic.info)


def test_seven_up_outcome_counts_chips_left_and_fewer_is_better() -> None:
    s = pos("P1: 10♠\nP2: 2♠\nP3: 3♠\nD: 4♠\nturnup: 7♥\nleader: P1\nchips: 1 4 4 2")
    outcome = G.outcome(play(s, "10♠", "2♠", "3♠", "4♠"))
    assert outcome is not None and outcome.measure is CHIPS_LEFT
    assert [outcome.amount(seat) for seat in range(4)] == [
        "0 chips left", "4 chips left", "4 chips left", "2 chips left"
    ]  # fmt: skip
    assert outcome.measure.hint() == "Chips left: fewer is better."


def test_seven_up_score_sheet_counts_each_deals_points_and_the_chips_left() -> None:
    s = play(pos(GAME_TIE, trick_points=False), *GAME_TIE_PLAY)
    sheet = G.present(G.observe(s, 1)).named(["Anna", "Boris"]).scores
    assert sheet is not None
    assert sheet.columns == ("Anna", "Boris")
    assert (sheet.scored, sheet.total) == ("points", "chips left")
    assert [(r.label, r.scores, r.totals) for r in sheet.rows] == [
        ("Deal 1", ("3", "0"), ("4", "7"))
    ]
    assert sheet.better == "Chips left: fewer is better."
    assert sheet.lines == ("Deal 2 is next",)
    (dealer,) = G.to_move(s)
    s = G.apply(s, NextDeal(dealer))
    sheet = G.present(G.observe(s, 1)).scores
    assert sheet is not None and len(sheet.rows) == 1 and sheet.lines == ("Deal 2 in play",)


# --- partnerships -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_seven_up_partnerships_need_four_players(players: int) -> None:
    with pytest.raises(OptionsError, match="partnerships need 4 players"):
        G.new_game(seats=players, options=SevenUpOptions(partnerships=True))


def test_seven_up_partners_share_chips_tricks_and_place() -> None:
    s = G.new_game(seats=4, seed=2, options=SevenUpOptions(partnerships=True))
    assert s.chips == (7, 7) and G.sides(s) == (frozenset({0, 2}), frozenset({1, 3}))
    s = pos(
        "P1: 2♠ 9♦\nP2: 3♠ 2♦\nP3: 10♠ 3♦\nD: 4♠ 4♦\nturnup: 7♥\nleader: P1\nchips: 3 1",
        partnerships=True,
    )
    s = play(s, "2♠", "3♠", "10♠", "4♠")  # P3 (seat 2) wins for side 0
    assert s.chips == (2, 1) and s.taker == 2
    s = play(s, "3♦")  # P3 leads: the last trick goes to the side's pile
    assert len(s.table.cards(won(0))) == 4
    s = play(s, "4♦", "9♦", "2♦")  # P1's 9♦ wins the last trick: side 0 is out
    assert s.chips == (0, 1)
    outcome = G.outcome(s)
    assert outcome is not None and outcome.places == (1, 2, 1, 2)  # two sides: 1st and 2nd
    s = pos(
        "P1: 2♠\nP2: 10♠\nP3: 3♠\nD: 4♠\nturnup: 7♥\nleader: P1\nchips: 3 1",
        partnerships=True,
    )
    s = play(s, "2♠", "10♠", "3♠", "4♠")
    outcome = G.outcome(s)
    assert outcome is not None and outcome.places == (2, 1, 2, 1)


def test_seven_up_partners_count_game_together() -> None:
    s = pos(
        "P1: 10♠\nP2: A♠\nP3: 2♠\nD: K♠\nturnup: 7♥\nleader: P1\nwon.P3: 10♣ 2♣ 3♣ 4♣\n"
        "won.P2: 10♦ 2♦ 3♦ 4♦",
        partnerships=True,
        trick_points=False,
    )
    s, events = play_log(s, "10♠", "A♠", "2♠", "K♠")  # side 0: 10♣ + 10♠ A♠ 2♠ K♠ = 27
    (game,) = scores(events, GAME)
    assert game.seat == 0 and game.partner == 2 and game.points == 27
    assert s.chips == (6, 7)


# --- begging -------------------------------------------------------------------------------

BEG = "P1: 2♠ 3♠ 4♠ 5♠ 6♠ 7♠\nD: 2♦ 3♦ 4♦ 5♦ 6♦ 7♦\nturnup: 7♥\n"


def test_seven_up_begging_stand() -> None:
    s = G.new_game(seats=3, seed=1, options=SevenUpOptions(begging=True))
    assert s.phase == STAND and s.turn == (s.dealer + 1) % 3
    assert G.legal_moves(s, s.turn) == (Stand(s.turn), Beg(s.turn))
    refused(s, PlayCard(s.turn, s.table.cards(hand(s.turn))[0]), "NotNow")
    stood = G.apply(s, Stand(s.turn))
    assert stood.phase == PLAY and stood.turn == s.dealer


def test_seven_up_begging_give_one() -> None:
    s = pos(BEG + "phase: stand", begging=True)
    s = G.apply(s, Beg(0))
    assert s.phase == GIVE and s.turn == 1
    s = G.apply(s, Give(1))
    assert s.phase == PLAY and s.turn == 1 and s.chips == (6, 7)
    assert s.trumps.symbol == "♥"  # type: ignore[union-attr]


def test_seven_up_begging_cannot_give_the_last_point() -> None:
    s = pos(BEG + "phase: give\nchips: 1 7", begging=True)
    assert G.legal_moves(s, 1) == (Run(1),)
    text = refused(s, Give(1), CANNOT_GIVE)
    assert "must run" in text


def test_seven_up_begging_run_new_suit_then_discards() -> None:
    # The stock's top (last) cards: P1's three, D's three, then the turn-up.
    s = pos(BEG + "phase: give\nstock: 10♣ K♣ Q♣ J♣ A♦ 9♦ 8♦", begging=True)
    s = G.apply(s, Run(1))
    assert s.trumps is c("10♣").suit and s.table.cards(TURNUP) == (c("7♥"), c("10♣"))
    assert s.table.cards(hand(0))[-3:] == (c("8♦"), c("9♦"), c("A♦"))
    assert s.table.cards(hand(1))[-3:] == (c("J♣"), c("Q♣"), c("K♣"))
    assert s.phase == DISCARD and s.turn == 0
    assert G.legal_moves(s, 0) == tuple(Discard(0, card) for card in s.table.cards(hand(0)))
    for card in ("2♠", "3♠", "4♠"):
        s = G.apply(s, Discard(0, c(card)))
    assert s.turn == 1 and len(s.table.cards(hand(0))) == 6
    for card in ("2♦", "3♦", "4♦"):
        s = G.apply(s, Discard(1, c(card)))
    assert s.phase == PLAY and s.turn == 1  # the dealer leads
    assert s.table.cards(discard(1)) == (c("2♦"), c("3♦"), c("4♦"))
    # Discards are hidden from the others, and seen by their owner.
    assert G.observe(s, 0).state.table.visible(discard(1)) == ()
    assert G.observe(s, 1).state.table.visible(discard(1)) == (c("2♦"), c("3♦"), c("4♦"))
    # Only one beg per deal: play goes on.
    assert all(isinstance(m, PlayCard) for m in G.legal_moves(s, 1))


def test_seven_up_begging_run_new_jack_scores_for_the_dealer() -> None:
    s = pos(BEG + "phase: give\nstock: J♣ K♣ Q♣ 10♣ A♦ 9♦ 8♦", begging=True)
    s = G.apply(s, Run(1))
    assert s.chips == (7, 6) and scores(list(s.events), TURNUP_JACK)[0].seat == 1


def test_seven_up_begging_run_same_suit_is_set_aside_and_repeated() -> None:
    s = pos(BEG + "phase: give\nstock: 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ J♥ K♣ Q♣ J♣ A♦ 9♦ 8♦", begging=True)
    s = G.apply(s, Run(1))
    # J♥ is of the old suit: set aside (no point even for a Jack); the next run turns 2♣.
    assert s.table.cards(TURNUP) == (c("7♥"), c("J♥"), c("2♣"))
    assert s.trumps is c("2♣").suit and s.chips == (7, 7)
    assert len(s.table.cards(hand(0))) == 12 and s.phase == DISCARD


def test_seven_up_begging_void_deal_when_the_pack_runs_short() -> None:
    # 30 cards are out of the way, so the stock holds 9: one run of 7 and no second one.
    out_of_the_way = (
        "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ 4♣ 3♣ 2♣ "
        "A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ A♥ K♥ Q♥"
    )
    s = pos(
        BEG + f"phase: give\nwon.P1: {out_of_the_way}\nstock: 2♥ 3♥ 4♥ 5♥ 6♥ 8♥ 9♥ 10♥ J♥",
        begging=True,
    )
    assert len(s.table.cards(STOCK)) == 9
    s = G.apply(s, Run(1))
    assert s.phase == VOID and s.turn == 1
    assert s.table.cards(TURNUP) == (c("7♥"), c("4♥"))  # set aside; then the pack is short
    assert G.legal_moves(s, 1) == (Redeal(1),)
    again = G.apply(s, Redeal(1))
    assert again.dealer == 1 and again.phase == STAND and again.voids == 1
    assert all(len(again.table.cards(hand(p))) == 6 for p in range(2))
    assert again.table.cards(won(0)) == ()


def test_seven_up_discarded_trumps_are_not_in_play() -> None:
    s = pos(BEG + "phase: give\nstock: 5♣ K♣ Q♣ J♣ 9♠ 8♠ 10♣", begging=True, trick_points=False)
    s = G.apply(s, Run(1))
    assert s.trumps is c("5♣").suit
    assert s.table.cards(hand(0))[-3:] == (c("10♣"), c("8♠"), c("9♠"))
    for p, cards in ((0, ("10♣", "2♠", "3♠")), (1, ("2♦", "3♦", "4♦"))):
        for card in cards:
            s = G.apply(s, Discard(p, c(card)))
    _, events = first_legal_to_end_of_deal(s)
    (high,) = scores(events, HIGH)
    (low,) = scores(events, LOW)
    assert (high.seat, high.card) == (1, c("K♣"))  # not P1's discarded 10♣
    assert (low.seat, low.card) == (1, c("J♣"))


def test_seven_up_options_are_validated() -> None:
    with pytest.raises(OptionsError):
        SevenUpOptions(first_lead="left")
    with pytest.raises(OptionsError):
        SevenUpOptions(game_tie="dealer")
    with pytest.raises(OptionsError, match="for 2 to 4 players, not 5"):
        G.new_game(seats=5)
