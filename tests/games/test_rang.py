"""Rang: the acceptance scenarios of rules/rang.md §11, then the other rules of §5-§9."""

from __future__ import annotations

import pickle

import pytest

from cardsuite.core.cards import (
    ACE,
    FACE_DOWN,
    JOKER,
    KING,
    Card,
    FaceDown,
    cards_text,
    parse_card,
    parse_cards,
    standard_deck,
)
from cardsuite.core.errors import NOT_YOUR_TURN, IllegalMoveError, NotationError, OptionsError
from cardsuite.core.series import NextDeal
from cardsuite.core.table import Shown
from cardsuite.core.text import fill
from cardsuite.games.rang.engine import ILLEGAL_ACTION, ILLEGAL_CARD, RANG, AnyRangMove
from cardsuite.games.rang.model import (
    DISCARD,
    DRAWN,
    NORMAL,
    STOCK,
    TURN_LIMIT,
    CameBack,
    DealStalled,
    DealStopped,
    Dealt,
    Draw,
    Drew,
    Finished,
    FullRang,
    JokerBuried,
    Keep,
    Kept,
    LastHolderLoses,
    Play,
    Played,
    PlayedAce,
    PlayedJoker,
    PlayJoker,
    RangOptions,
    Reshuffled,
    WentOut,
    hand,
)

# The words every refusal of a code starts with (rang.md §6.2 names the codes).
PREFIX = {
    ILLEGAL_CARD: "Illegal card:",
    ILLEGAL_ACTION: "Illegal action:",
    NOT_YOUR_TURN: "it is not",
}


def c(text: str) -> Card:
    return parse_card(text)


def legal(state: FullRang) -> set[AnyRangMove]:
    return set(RANG.legal_moves(state, state.turn))


def held(state: FullRang, seat: int) -> tuple[Card, ...]:
    return state.table.cards(hand(seat))


def kinds(state: FullRang) -> list[str]:
    return [type(e).__name__ for e in state.events]


def refused(state: FullRang, move: AnyRangMove, code: str) -> str:
    """Assert the move is refused with ``code`` (and its words), the same by ``why_illegal``
    and ``apply``, and that it changes nothing; return the refusal's text."""
    before = pickle.dumps(state)
    refusal = RANG.why_illegal(state, move)
    assert refusal is not None and refusal.code == code, refusal
    assert refusal.text.startswith(PREFIX[code]), refusal.text
    with pytest.raises(IllegalMoveError) as error:
        RANG.apply(state, move)
    assert error.value.code == code and error.value.reason == refusal.text
    assert pickle.dumps(state) == before
    return refusal.text


# --- §11 acceptance scenarios ----------------------------------------------------------------


def test_rang_s01_normal_play_forced() -> None:
    s = RANG.position("""
        P1: 6♠ 9♥ J♦
        P2: 2♣ 2♦
        P3: 3♣ 3♦
        discard: 7♣
    """)
    assert legal(s) == {Play(0, c("6♠"))}
    refused(s, Play(0, c("9♥")), ILLEGAL_CARD)
    refused(s, Draw(0), ILLEGAL_ACTION)
    after = RANG.apply(s, Play(0, c("6♠")))
    assert after.rank == 6
    assert after.turn == 1


def test_rang_s02_wraparound() -> None:
    s = RANG.position("""
        P1: A♣ 5♦
        P2: 2♥ K♠ 7♦
        P3: 3♣ 3♦
        discard: K♣
    """)
    assert legal(s) == {Play(0, c("A♣"))}
    after = RANG.apply(s, Play(0, c("A♣")))
    assert after.rank == ACE
    assert after.events == (Played(0, c("A♣")),), "a normal play, not an exception"
    assert legal(after) == {Play(1, c("2♥")), Play(1, c("K♠"))}


def test_rang_s03_exceptional_ace() -> None:
    s = RANG.position("""
        P1: A♥ 9♣
        P2: 2♣ 2♦
        P3: 3♣ 3♦
        discard: 5♣
    """)
    assert legal(s) == {Play(0, c("A♥")), Draw(0)}
    refused(s, Play(0, c("9♣")), ILLEGAL_CARD)
    after = RANG.apply(s, Play(0, c("A♥")))
    assert after.rank == ACE
    assert after.events == (PlayedAce(0, c("A♥")),)


def test_rang_s04_joker_not_allowed_with_a_normal_card() -> None:
    s = RANG.position("""
        P1: 4♠ JOKER
        P2: 2♣ 2♦
        P3: 3♣ 3♦
        discard: 5♣
    """)
    assert legal(s) == {Play(0, c("4♠"))}
    refused(s, PlayJoker(0, 7, None), ILLEGAL_CARD)


def test_rang_s05_joker_with_follow_up() -> None:
    s = RANG.position("""
        P1: JOKER 9♠ Q♥
        P2: 2♣ 2♦
        P3: 3♣ 3♦
        discard: 5♣
    """)
    after = RANG.apply(s, PlayJoker(0, 10, c("9♠")))
    assert after.rank == 9
    assert held(after, 0) == (c("Q♥"),)
    assert after.turn == 1
    assert after.table.cards(DISCARD)[-2:] == (JOKER, c("9♠"))
    assert after.events == (PlayedJoker(0, 10, c("9♠")),)
    refused(s, PlayJoker(0, 10, c("Q♥")), ILLEGAL_CARD)


def test_rang_s06_joker_without_follow_up() -> None:
    s = RANG.position("""
        P1: JOKER 9♠ Q♥
        P2: 2♦ 4♣ 8♠
        P3: 3♣ 3♦
        discard: 5♣
    """)
    after = RANG.apply(s, PlayJoker(0, 3, None))
    assert after.rank == 3
    assert after.table.cards(DISCARD)[-1] is JOKER
    assert legal(after) == {Play(1, c("2♦")), Play(1, c("4♣"))}


def test_rang_s07_drawing() -> None:
    s = RANG.position("""
        P1: 9♣ 9♦
        P2: 2♣ 2♦
        P3: K♣ K♦
        discard: 5♣
        stock: 6♥
    """)
    drew = RANG.apply(s, Draw(0))
    assert drew.turn == 0 and drew.phase == DRAWN
    assert legal(drew) == {Play(0, c("6♥")), Keep(0)}
    refused(drew, Play(0, c("9♣")), ILLEGAL_ACTION)
    assert RANG.apply(drew, Play(0, c("6♥"))).rank == 6
    kept = RANG.apply(drew, Keep(0))
    assert len(held(kept, 0)) == 3 and kept.turn == 1 and kept.rank == 5

    # A drawn card that cannot be played stays in hand.  The turn does not end at once: the
    # drawer ends it with Keep, his only move, so that from outside a draw always looks the
    # same (§9; see test_rang_whether_a_kept_card_could_be_played_is_private).
    s = RANG.position("""
        P1: 9♣ 9♦
        P2: 2♣ 2♦
        P3: K♣ K♦
        discard: 5♣
        stock: Q♣
    """)
    drew = RANG.apply(s, Draw(0))
    assert c("Q♣") in held(drew, 0)
    assert drew.turn == 0 and drew.phase == DRAWN
    assert legal(drew) == {Keep(0)}
    refused(drew, Play(0, c("Q♣")), ILLEGAL_CARD)
    refused(drew, Play(0, c("9♣")), ILLEGAL_ACTION)
    kept = RANG.apply(drew, Keep(0))
    assert kept.turn == 1 and kept.phase == NORMAL and kept.rank == 5
    assert held(kept, 0) == parse_cards("9♣ 9♦ Q♣")


def test_rang_s08_return() -> None:
    s = RANG.position("""
        P1: 8♥
        P2: 7♣ K♦
        P3: 2♣ 2♦
        P4: 3♣ 3♦
        discard: 9♣
    """)
    s = RANG.apply(s, Play(0, c("8♥")))
    assert s.pending == 0 and s.turn == 1
    assert kinds(s) == ["Played", "WentOut"]
    s = RANG.apply(s, Play(1, c("7♣")))
    assert s.pending is None
    assert len(held(s, 0)) == 2 and not s.out[0]
    assert s.turn == 2
    assert kinds(s) == ["Played", "CameBack"]


def test_rang_s09_no_return_after_a_draw() -> None:
    s = RANG.position("""
        P1: 8♥
        P2: 3♦ 4♦
        P3: 2♣ 2♦
        P4: 3♣ 3♠
        discard: 9♣
        stock: 9♥
    """)
    s = RANG.apply(s, Play(0, c("8♥")))
    s = RANG.apply(s, Draw(1))
    assert s.out[0] and s.pending is None
    assert s.events == (Finished(0), Drew(1, c("9♥")))
    s = RANG.apply(s, Play(1, c("9♥")))
    assert s.out[0] and held(s, 0) == ()
    assert s.rank == 9 and s.turn == 2


def test_rang_s10_return_by_exception() -> None:
    s = RANG.position("""
        P1: 8♥
        P2: A♦ 3♠
        P3: 2♣ 2♦
        P4: 3♣ 3♦
        discard: 9♣
    """)
    s = RANG.apply(s, Play(0, c("8♥")))
    assert s.rank == 8
    s = RANG.apply(s, Play(1, c("A♦")))
    assert len(held(s, 0)) == 2 and s.pending is None and not s.out[0]


def test_rang_s11_empty_stock() -> None:
    pile = parse_cards("2♣ 2♦ 2♥ 2♠ 8♣ 8♦ 8♥ 8♠ 9♣ 4♠")
    rest = list(standard_deck(jokers=2))
    for card in (c("6♠"), *pile):
        rest.remove(card)
    # Every other card is in P2's hand, so the stock is empty.
    s = RANG.position(f"""
        P1: 6♠
        P2: {cards_text(rest)}
        discard: {cards_text(pile)}
    """)
    assert s.table.cards(STOCK) == () and len(s.table.cards(DISCARD)) == 10
    after = RANG.apply(s, Draw(0))
    assert len(after.table.cards(STOCK)) == 8
    assert after.table.cards(DISCARD) == (c("4♠"),)
    assert len(held(after, 0)) == 2
    assert Reshuffled(9) in after.events
    assert kinds(after) == ["Reshuffled", "Drew"]


# --- the other rules --------------------------------------------------------------------------


def test_rang_deal_five_cards_each_and_a_starting_card() -> None:
    for players in (2, 4, 5, 10):
        s = RANG.new_game(seats=players, seed=3)
        decks = 1 if players <= 4 else 2
        assert all(len(held(s, p)) == 5 for p in range(players))
        assert len(s.table.cards(DISCARD)) == 1
        assert len(s.table.all_cards()) == 54 * decks
        assert s.turn == (s.dealer + 1) % players
        assert s.events[0] == Dealt(s.dealer, 1)


def test_rang_starting_joker_goes_under_the_stock() -> None:
    seed = next(
        seed
        for seed in range(2000)
        if any(isinstance(e, JokerBuried) for e in RANG.new_game(seats=2, seed=seed).events)
    )
    s = RANG.new_game(seats=2, seed=seed)
    assert s.table.cards(DISCARD)[-1] is not JOKER
    assert s.table.cards(STOCK)[0] is JOKER
    assert s.rank == s.table.cards(DISCARD)[-1].rank
    # Everyone saw the joker go under the stock.
    assert Shown(STOCK, JOKER) in s.table.known
    for viewer in (0, 1, None):
        assert RANG.observe(s, viewer).state.table.faces(STOCK)[0] is JOKER


def test_rang_player_counts_and_deck_option() -> None:
    with pytest.raises(OptionsError, match="2 to 10 players, not 11"):
        RANG.new_game(seats=11)
    with pytest.raises(OptionsError, match="2 to 10 players, not 1"):
        RANG.new_game(seats=1)
    with pytest.raises(OptionsError, match="decks"):
        RangOptions(decks=3)
    with pytest.raises(OptionsError, match="decks=1"):
        RANG.new_game(seats=6, options=RangOptions(decks=1))
    with pytest.raises(OptionsError, match="decks=2"):
        RANG.new_game(seats=3, options=RangOptions(decks=2))
    assert len(RANG.new_game(seats=6, options=RangOptions(decks=2)).table.all_cards()) == 108


def test_rang_chain_of_returns() -> None:
    # A (seat 0) is pending; B plays his own last card: A comes back first, then B is pending.
    s = RANG.position("""
        P1: -
        P2: 7♣
        P3: K♣ K♦
        discard: 8♣
        turn: P2
        pending: P1
    """)
    s = RANG.apply(s, Play(1, c("7♣")))
    assert len(held(s, 0)) == 2
    assert s.pending == 1
    assert s.turn == 2
    assert kinds(s) == ["Played", "CameBack", "WentOut"]
    assert s.events[1] == CameBack(0, held(s, 0)) and s.events[2] == WentOut(1)


def test_rang_two_players_draw_loses_at_once() -> None:
    s = RANG.position("""
        P1: 8♥
        P2: 3♦ 4♦
        discard: 9♣
    """)
    s = RANG.apply(s, Play(0, c("8♥")))
    assert s.pending == 0
    stock = s.table.cards(STOCK)
    s = RANG.apply(s, Draw(1))
    assert RANG.to_move(s) == frozenset()
    assert s.table.cards(STOCK) == stock, "the deal ends before any card is taken"
    assert s.events == (Finished(0), LastHolderLoses(1))
    outcome = RANG.outcome(s)
    assert outcome is not None and outcome.places == (1, 2)
    assert fill(outcome.reason, ["Anna", "Boris"]) == (
        "Boris is the last player holding cards and loses the deal"
    )


def test_rang_two_players_answer_brings_back() -> None:
    s = RANG.position("""
        P1: 8♥
        P2: 7♦ 4♦
        discard: 9♣
    """)
    s = RANG.apply(s, Play(0, c("8♥")))
    s = RANG.apply(s, Play(1, c("7♦")))
    assert RANG.outcome(s) is None
    assert len(held(s, 0)) == 2 and s.turn == 0


def test_rang_last_card_after_drawn_joker_goes_out() -> None:
    s = RANG.position("""
        P1: 9♣
        P2: 2♣ 2♦
        P3: 3♣ 3♦
        discard: 5♣
        stock: JOKER
    """)
    s = RANG.apply(s, Draw(0))
    assert s.phase == DRAWN
    s = RANG.apply(s, PlayJoker(0, 10, c("9♣")))
    assert held(s, 0) == () and s.pending == 0 and s.rank == 9


def test_rang_forced_drawn_play() -> None:
    options = RangOptions(forced_drawn_play=True)
    text = """
        P1: 9♣ 9♦
        P2: 2♣
        P3: 3♣
        discard: 5♣
        stock: {card}
    """
    s = RANG.position(text.format(card="6♥"), options=options)
    drew = RANG.apply(s, Draw(0))
    assert legal(drew) == {Play(0, c("6♥"))}
    refused(drew, Keep(0), ILLEGAL_ACTION)
    s = RANG.position(text.format(card="A♥"), options=options)
    drew = RANG.apply(s, Draw(0))
    assert Keep(0) in legal(drew), "an exceptional Ace is never forced"


def test_rang_same_rank_allowed() -> None:
    options = RangOptions(same_rank_allowed=True)
    s = RANG.position("P1: 7♥ Q♣\nP2: 2♣\nP3: 3♣\ndiscard: 7♣", options=options)
    assert legal(s) == {Play(0, c("7♥"))}
    text = "P1: JOKER 10♠ Q♣\nP2: 2♣\nP3: 3♣\ndiscard: 5♣"
    s = RANG.position(text, options=options)
    assert RANG.why_illegal(s, PlayJoker(0, 10, c("10♠"))) is None
    plain = RANG.position(text)
    refused(plain, PlayJoker(0, 10, c("10♠")), ILLEGAL_CARD)


def test_rang_wild_ace_names_a_rank() -> None:
    options = RangOptions(wild_ace=True)
    s = RANG.position("P1: A♥ 9♣\nP2: 2♣\nP3: 3♣\ndiscard: 5♣", options=options)
    refused(s, Play(0, c("A♥")), ILLEGAL_CARD)
    after = RANG.apply(s, Play(0, c("A♥"), name=8))
    assert after.rank == 8
    assert after.events == (PlayedAce(0, c("A♥"), 8),)
    assert {m for m in legal(s) if isinstance(m, Play)} == {
        Play(0, c("A♥"), name=r) for r in range(ACE, KING + 1)
    }
    # An Ace that is a normal card (T = 2) still sets T = A and names nothing.
    s = RANG.position("P1: A♥ 9♣\nP2: 2♣\nP3: 3♣\ndiscard: 2♦", options=options)
    assert legal(s) == {Play(0, c("A♥"))}
    assert RANG.apply(s, Play(0, c("A♥"))).rank == ACE
    refused(s, Play(0, c("A♥"), name=8), ILLEGAL_CARD)


def test_rang_ace_names_nothing_without_the_option() -> None:
    s = RANG.position("P1: A♥ 9♣\nP2: 2♣\nP3: 3♣\ndiscard: 5♣")
    refused(s, Play(0, c("A♥"), name=8), ILLEGAL_CARD)


def test_rang_second_joker_cannot_follow() -> None:
    s = RANG.position("P1: JOKER JOKER 9♣\nP2: 2♣\nP3: 3♣\ndiscard: 5♣")
    refused(s, PlayJoker(0, 3, JOKER), ILLEGAL_CARD)


def test_rang_keep_without_a_draw_is_refused() -> None:
    s = RANG.position("P1: 9♣ 9♦\nP2: 2♣\nP3: 3♣\ndiscard: 5♣")
    refused(s, Keep(0), ILLEGAL_ACTION)
    drew = RANG.apply(s, Draw(0))
    refused(drew, Draw(0), ILLEGAL_ACTION)


def test_rang_wrong_seat_is_refused() -> None:
    s = RANG.position("P1: 6♠\nP2: 8♠\nP3: 3♣\ndiscard: 7♣")
    reason = refused(s, Play(1, c("8♠")), NOT_YOUR_TURN)
    assert fill(reason, ["Anna", "Boris", "Vera"]) == "it is not Boris's turn"


def test_rang_stalemate_stop_loser_holds_most_cards() -> None:
    # With every card in play this cannot happen (someone always holds a neighbour of T), so
    # the safety stop is tested on a table with the other cards taken away: nothing to draw,
    # nobody able to play, and after one empty draw each the deal stops.
    s = RANG.position("""
        P1: 9♣ 9♦
        P2: Q♣ Q♦ Q♥
        P3: J♣ J♦ J♥
        discard: 5♣
    """)
    s = s._replace(table=s.table.replaced({STOCK: ()}))
    for seat in (0, 1, 2):
        assert legal(s) == {Draw(seat)}
        s = RANG.apply(s, Draw(seat))
    outcome = RANG.outcome(s)
    assert outcome is not None
    # Seats 1 and 2 both hold 3 cards; the dealer is seat 2, so turn order from the dealer's
    # left is 0, 1, 2 and seat 2 is the later one.
    assert s.events[-1] == DealStalled(2)
    (result,) = s.series.results
    assert result.scores == (0, 0, 1) and result.note == DealStalled(2).text()
    assert outcome.places == (1, 1, 3)


def test_rang_turn_limit_stops_the_deal() -> None:
    assert TURN_LIMIT == 10_000
    s = RANG.position("P1: 6♠ 2♣\nP2: 8♠ 2♦ 2♥\nP3: 3♣\ndiscard: 7♣")
    s = s._replace(turns=TURN_LIMIT - 1)
    s = RANG.apply(s, Play(0, c("6♠")))
    assert s.events[-1] == DealStopped(1)
    (result,) = s.series.results
    assert result.scores == (0, 1, 0)
    assert RANG.to_move(s) == frozenset()


def test_rang_match_of_several_deals() -> None:
    options = RangOptions(match_deals=3)
    s = RANG.new_game(seats=3, options=options, seed=5)
    dealers = [s.dealer]
    pauses = 0
    while RANG.to_move(s):
        (seat,) = RANG.to_move(s)
        if s.series.between:
            # Between deals the next dealer (one to the left) deals on, and nobody else acts.
            pauses += 1
            assert seat == (s.dealer + 1) % 3
            assert RANG.legal_moves(s, seat) == (NextDeal(seat),)
            assert RANG.outcome(s) is None
            assert RANG.present(RANG.observe(s, seat)).summary is not None
        before = s.series.number
        s = RANG.apply(s, RANG.legal_moves(s, seat)[0])
        if s.series.number != before:
            dealers.append(s.dealer)
            assert s.events[0] == Dealt(s.dealer, s.series.number + 1)
    assert pauses == 2
    assert len(s.series.results) == 3
    assert dealers == [(dealers[0] + i) % 3 for i in range(3)]
    assert [r.dealer for r in s.series.results] == dealers
    outcome = RANG.outcome(s)
    assert outcome is not None
    losses = RANG.losses(s)
    assert sum(losses) == 3
    assert outcome.winners == tuple(p for p in range(3) if losses[p] == min(losses))


def test_rang_between_deals_only_the_next_dealer_deals() -> None:
    s = RANG.position("P1: 8♥\nP2: 3♦ 4♦\ndiscard: 9♣", options=RangOptions(match_deals=2), seed=4)
    assert s.dealer == 1
    refused(s, NextDeal(0), ILLEGAL_ACTION)  # the deal is not over
    s = RANG.apply(s, Play(0, c("8♥")))
    s = RANG.apply(s, Draw(1))
    assert s.series.between and RANG.losses(s) == (0, 1)
    assert RANG.to_move(s) == frozenset({0}) and RANG.outcome(s) is None
    assert RANG.legal_moves(s, 0) == (NextDeal(0),) and RANG.legal_moves(s, 1) == ()
    refused(s, NextDeal(1), NOT_YOUR_TURN)
    refused(s, Play(1, c("3♦")), ILLEGAL_ACTION)
    view = RANG.present(RANG.observe(s, 1)).named(["Anna", "Boris"])
    assert view.status == "Deal over: Anna deals the next hand"
    assert view.summary is not None and view.summary.title == "Deal 1 of 2 is over"
    assert view.summary.rows == (("Anna", "0", "0"), ("Boris", "1", "1"))
    s = RANG.apply(s, NextDeal(0))
    assert not s.series.between and s.series.number == 1 and s.dealer == 0
    assert s.turn == 1 and s.events[0] == Dealt(0, 2)
    assert all(len(held(s, p)) == 5 for p in (0, 1))
    assert len(s.table.all_cards()) == 54


def test_rang_drawn_card_is_private() -> None:
    s = RANG.position("P1: 9♣ 9♦\nP2: 2♣ 2♦\nP3: K♣ K♦\ndiscard: 5♣\nstock: 6♥")
    drew = RANG.apply(s, Draw(0))
    mine = RANG.observe(drew, 0).state.events
    theirs = RANG.observe(drew, 1).state.events
    assert mine[-1] == Drew(0, c("6♥"))
    assert isinstance(theirs[-1], Drew) and isinstance(theirs[-1].card, FaceDown)
    assert "6♥" not in theirs[-1].text()
    assert theirs[-1].text() == "{s0} draws a card"
    assert mine[-1].text() == "{s0} draws 6♥"
    kept = RANG.apply(drew, Keep(0))
    assert kept.events == (Kept(0, c("6♥")),)
    assert RANG.observe(kept, 1).state.events == (Kept(0, FACE_DOWN),)


def test_rang_whether_a_kept_card_could_be_played_is_private() -> None:
    # §9: to the others, "drew and kept it" looks the same whether the drawn card could have
    # been played (6♥ on 5) or not (Q♣): the same observations step by step.
    text = "P1: 9♣ 9♦\nP2: 2♣ 2♦\nP3: K♣ K♦\ndiscard: 5♣\nstock: {card}"
    playable = RANG.position(text.format(card="6♥"))
    unplayable = RANG.position(text.format(card="Q♣"))
    for move in (Draw(0), Keep(0)):
        playable = RANG.apply(playable, move)
        unplayable = RANG.apply(unplayable, move)
        for viewer in (1, 2, None):
            assert RANG.observe(playable, viewer) == RANG.observe(unplayable, viewer)
        assert RANG.observe(playable, 0) != RANG.observe(unplayable, 0)


def test_rang_notation_round_trip() -> None:
    s = RANG.position("P1: JOKER 9♠ Q♥\nP2: 2♣\nP3: 3♣\ndiscard: 5♣")
    for move in RANG.legal_moves(s, 0):
        assert RANG.move_from_text(s, RANG.move_to_text(move)) == move
    assert RANG.move_from_text(s, "joker naming 10, then 9S") == PlayJoker(0, 10, c("9♠"))


def test_rang_position_from_text() -> None:
    s = RANG.position("""
        P1: -
        P2: 7♣ K♦        # a comment
        P3: 2♣
        P4: 3♣
        discard: 9♣ 8♣
        stock: 4♥ 5♠
        turn: P2
        rank: 7
        pending: P1
        out: P3
        dealer: P4
    """)
    assert s.seats == 4 and s.turn == 1 and s.rank == 7 and s.pending == 0
    assert s.out == (False, False, True, False) and s.dealer == 3
    assert held(s, 1) == parse_cards("7♣ K♦")
    assert s.table.cards(STOCK)[-2:] == parse_cards("4♥ 5♠"), "the top card last"
    assert s.table.cards(DISCARD) == parse_cards("9♣ 8♣")
    assert len(s.table.all_cards()) == 54
    rest = RANG.position("P1: 6♠\nP2: 2♣\ndiscard: 7♣\nrest: discard")
    assert rest.table.cards(STOCK) == () and len(rest.table.cards(DISCARD)) == 52
    assert rest.table.cards(DISCARD)[-1] == c("7♣") and rest.rank == 7
    with pytest.raises(ValueError, match="one card too many"):
        RANG.position("P1: JOKER JOKER JOKER\nP2: 2♣\ndiscard: 7♣")
    with pytest.raises(NotationError):
        RANG.position("P1: 6♠\nP2: 2♣\ndiscard: 7♣\nturn: P3")
    with pytest.raises(NotationError, match="rank: 7"):
        RANG.position("P1: 6♠\nP2: 2♣\ndiscard: 7♣ JOKER")
    joker = RANG.position("P1: 6♠\nP2: 2♣\ndiscard: 7♣ JOKER\nrank: 5")
    assert joker.rank == 5 and legal(joker) == {Play(0, c("6♠"))}
    with pytest.raises(NotationError, match="trun"):
        RANG.position("P1: 6♠\nP2: 2♣\ndiscard: 7♣\ntrun: P2")


# --- the table in words (issue 8: what players could not read) ----------------------------


def test_the_discard_pile_says_which_ranks_may_be_played() -> None:
    # Before: "T = 7", never explained (and "Т" is the Ace with Cyrillic indices).
    s = RANG.position("P1: 6♠ 9♥\nP2: 2♣ 2♦\ndiscard: 7♣")
    note = RANG.present(RANG.observe(s, 0)).pile("discard").note
    assert note == "play 6 or 8"
    wrap = RANG.position("P1: 6♠ 9♥\nP2: 2♣ 2♦\ndiscard: K♣")
    assert RANG.present(RANG.observe(wrap, 0)).pile("discard").note == "play Q or A"
    same = RANG.position(
        "P1: 6♠ 9♥\nP2: 2♣ 2♦\ndiscard: 7♣", options=RangOptions(same_rank_allowed=True)
    )
    assert RANG.present(RANG.observe(same, 0)).pile("discard").note == "play 6, 7 or 8"


def test_going_out_is_told_without_a_gendered_pronoun() -> None:
    # Before: "Vera has played his last card".
    s = RANG.position("P1: 6♠\nP2: 2♣ 2♦\nP3: 3♣ 3♦\ndiscard: 7♣")
    after = RANG.apply(s, Play(0, c("6♠")))
    text = " ".join(fill(e.text(), ("Vera", "Boris", "Anna")) for e in after.events)
    assert "Vera has played the last card" in text
    assert " his " not in text and " her " not in text


def test_a_move_builds_the_next_state_in_the_field_order() -> None:
    """The next state of a deal is built positionally (the hot path, engine._state): the
    fields stay in the order it lists them, and a move keeps what it does not change."""
    from cardsuite.games.rang.engine import RANG
    from cardsuite.games.rang.model import RangState

    assert RangState._fields == (
        "table", "seed", "events", "options", "seats", "series", "turn", "rank", "phase",
        "pending", "out", "turns", "empty_draws", "reshuffles",
    )  # fmt: skip
    s = RANG.new_game(seats=3, seed=4)
    assert s.turn is not None
    after = RANG.apply(s, RANG.legal_moves(s, s.turn)[-1])
    assert (after.seed, after.options, after.seats, after.series) == (
        s.seed, s.options, 3, s.series,
    )  # fmt: skip
    assert after.turns in (0, 1) and after.pending is None
