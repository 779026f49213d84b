"""Rang: the acceptance scenarios of rules/rang.md §11, then the other rules of §5-§8."""

from __future__ import annotations

import pytest

from cardsuite.core.cards import ACE, JOKER, KING, Card, FaceDown, parse_card
from cardsuite.core.errors import IllegalMoveError, OptionsError
from cardsuite.core.text import fill
from cardsuite.games.rang import (
    DRAWN,
    NOBODY,
    NORMAL,
    RANG,
    Draw,
    Keep,
    Play,
    PlayJoker,
    RangOptions,
    RangState,
)


def c(text: str) -> Card:
    return parse_card(text)


def legal(state: RangState) -> set[object]:
    return set(RANG.legal_moves(state, state.turn))


def hand(state: RangState, seat: int) -> tuple[object, ...]:
    return state.table.piles[2 + seat]


def refused(state: RangState, move: object, kind: str) -> str:
    """Assert the move is refused with a reason of the given kind and changes nothing."""
    reason = RANG.why_illegal(state, move)  # type: ignore[arg-type]
    assert reason is not None and reason.startswith(kind), reason
    with pytest.raises(IllegalMoveError) as error:
        RANG.apply(state, move)  # type: ignore[arg-type]
    assert error.value.reason == reason
    return reason


# --- §11 acceptance scenarios ----------------------------------------------------------------


def test_rang_s01_normal_play_forced() -> None:
    s = RANG.position(hands=["6♠ 9♥ J♦", "2♣ 2♦", "3♣ 3♦"], discard="7♣")
    assert legal(s) == {Play(0, c("6♠"))}
    refused(s, Play(0, c("9♥")), "Illegal card")
    refused(s, Draw(0), "Illegal action")
    after = RANG.apply(s, Play(0, c("6♠")))
    assert after.rank == 6
    assert after.turn == 1


def test_rang_s02_wraparound() -> None:
    s = RANG.position(hands=["A♣ 5♦", "2♥ K♠ 7♦", "3♣ 3♦"], discard="K♣")
    assert legal(s) == {Play(0, c("A♣"))}
    after = RANG.apply(s, Play(0, c("A♣")))
    assert after.rank == ACE
    assert legal(after) == {Play(1, c("2♥")), Play(1, c("K♠"))}


def test_rang_s03_exceptional_ace() -> None:
    s = RANG.position(hands=["A♥ 9♣", "2♣ 2♦", "3♣ 3♦"], discard="5♣")
    assert legal(s) == {Play(0, c("A♥")), Draw(0)}
    refused(s, Play(0, c("9♣")), "Illegal card")
    assert RANG.apply(s, Play(0, c("A♥"))).rank == ACE


def test_rang_s04_joker_not_allowed_with_a_normal_card() -> None:
    s = RANG.position(hands=["4♠ JOKER", "2♣ 2♦", "3♣ 3♦"], discard="5♣")
    assert legal(s) == {Play(0, c("4♠"))}
    refused(s, PlayJoker(0, 7, None), "Illegal card")


def test_rang_s05_joker_with_follow_up() -> None:
    s = RANG.position(hands=["JOKER 9♠ Q♥", "2♣ 2♦", "3♣ 3♦"], discard="5♣")
    after = RANG.apply(s, PlayJoker(0, 10, c("9♠")))
    assert after.rank == 9
    assert hand(after, 0) == (c("Q♥"),)
    assert after.turn == 1
    refused(s, PlayJoker(0, 10, c("Q♥")), "Illegal card")


def test_rang_s06_joker_without_follow_up() -> None:
    s = RANG.position(hands=["JOKER 9♠ Q♥", "2♦ 4♣ 8♠", "3♣ 3♦"], discard="5♣")
    after = RANG.apply(s, PlayJoker(0, 3, None))
    assert after.rank == 3
    assert after.table.cards("discard")[-1] is JOKER
    assert legal(after) == {Play(1, c("2♦")), Play(1, c("4♣"))}


def test_rang_s07_drawing() -> None:
    s = RANG.position(hands=["9♣ 9♦", "2♣ 2♦", "K♣ K♦"], discard="5♣", stock="6♥")
    drew = RANG.apply(s, Draw(0))
    assert drew.turn == 0 and drew.phase == DRAWN
    assert legal(drew) == {Play(0, c("6♥")), Keep(0)}
    refused(drew, Play(0, c("9♣")), "Illegal action")
    assert RANG.apply(drew, Play(0, c("6♥"))).rank == 6
    kept = RANG.apply(drew, Keep(0))
    assert len(hand(kept, 0)) == 3 and kept.turn == 1 and kept.rank == 5

    s = RANG.position(hands=["9♣ 9♦", "2♣ 2♦", "K♣ K♦"], discard="5♣", stock="Q♣")
    drew = RANG.apply(s, Draw(0))
    assert drew.turn == 1 and drew.phase == NORMAL
    assert c("Q♣") in hand(drew, 0)


def test_rang_s08_return() -> None:
    s = RANG.position(hands=["8♥", "7♣ K♦", "2♣ 2♦", "3♣ 3♦"], discard="9♣")
    s = RANG.apply(s, Play(0, c("8♥")))
    assert s.pending == 0 and s.turn == 1
    s = RANG.apply(s, Play(1, c("7♣")))
    assert s.pending == NOBODY
    assert len(hand(s, 0)) == 2 and not s.out[0]
    assert s.turn == 2


def test_rang_s09_no_return_after_a_draw() -> None:
    s = RANG.position(hands=["8♥", "3♦ 4♦", "2♣ 2♦", "3♣ 3♠"], discard="9♣", stock="9♥")
    s = RANG.apply(s, Play(0, c("8♥")))
    s = RANG.apply(s, Draw(1))
    assert s.out[0] and s.pending == NOBODY
    s = RANG.apply(s, Play(1, c("9♥")))
    assert s.out[0] and hand(s, 0) == ()
    assert s.rank == 9 and s.turn == 2


def test_rang_s10_return_by_exception() -> None:
    s = RANG.position(hands=["8♥", "A♦ 3♠", "2♣ 2♦", "3♣ 3♦"], discard="9♣")
    s = RANG.apply(s, Play(0, c("8♥")))
    assert s.rank == 8
    s = RANG.apply(s, Play(1, c("A♦")))
    assert len(hand(s, 0)) == 2 and s.pending == NOBODY and not s.out[0]


def test_rang_s11_empty_stock() -> None:
    pile = "2♣ 2♦ 2♥ 2♠ 8♣ 8♦ 8♥ 8♠ 9♣ 4♠"
    s = RANG.position(hands=["6♠", ""], discard=pile, rest="hand.1")
    assert s.table.cards("stock") == () and len(s.table.cards("discard")) == 10
    after = RANG.apply(s, Draw(0))
    assert len(after.table.cards("stock")) == 8
    assert after.table.cards("discard") == (c("4♠"),)
    assert len(hand(after, 0)) == 2
    assert any(e.kind == "reshuffle" and e.value == 9 for e in after.events)


# --- the other rules --------------------------------------------------------------------------


def test_rang_deal_five_cards_each_and_a_starting_card() -> None:
    for players in (2, 4, 5, 10):
        s = RANG.new_game(seats=players, seed=3)
        decks = 1 if players <= 4 else 2
        assert all(len(hand(s, p)) == 5 for p in range(players))
        assert len(s.table.cards("discard")) == 1
        assert len(s.table.all_cards()) == 54 * decks
        assert s.turn == (s.dealer + 1) % players


def test_rang_starting_joker_goes_under_the_stock() -> None:
    seed = next(
        seed
        for seed in range(2000)
        if any(e.kind == "bury_joker" for e in RANG.new_game(seats=2, seed=seed).events)
    )
    s = RANG.new_game(seats=2, seed=seed)
    assert s.table.cards("discard")[-1] is not JOKER
    assert s.table.cards("stock")[0] is JOKER
    assert s.rank == s.table.cards("discard")[-1].rank


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
    s = RANG.position(hands=["", "7♣", "K♣ K♦"], discard="8♣", turn=1, pending=0)
    s = RANG.apply(s, Play(1, c("7♣")))
    assert len(hand(s, 0)) == 2
    assert s.pending == 1
    assert s.turn == 2


def test_rang_two_players_draw_loses_at_once() -> None:
    s = RANG.position(hands=["8♥", "3♦ 4♦"], discard="9♣")
    s = RANG.apply(s, Play(0, c("8♥")))
    assert s.pending == 0
    s = RANG.apply(s, Draw(1))
    assert RANG.to_move(s) == frozenset()
    outcome = RANG.outcome(s)
    assert outcome is not None and outcome.places == (1, 2)
    assert fill(outcome.reason, ["Anna", "Boris"]) == "Boris is the last player holding cards"


def test_rang_two_players_answer_brings_back() -> None:
    s = RANG.position(hands=["8♥", "7♦ 4♦"], discard="9♣")
    s = RANG.apply(s, Play(0, c("8♥")))
    s = RANG.apply(s, Play(1, c("7♦")))
    assert RANG.outcome(s) is None
    assert len(hand(s, 0)) == 2 and s.turn == 0


def test_rang_last_card_after_drawn_joker_goes_out() -> None:
    s = RANG.position(hands=["9♣", "2♣ 2♦", "3♣ 3♦"], discard="5♣", stock="JOKER")
    s = RANG.apply(s, Draw(0))
    assert s.phase == DRAWN
    s = RANG.apply(s, PlayJoker(0, 10, c("9♣")))
    assert hand(s, 0) == () and s.pending == 0 and s.rank == 9


def test_rang_forced_drawn_play() -> None:
    options = RangOptions(forced_drawn_play=True)
    s = RANG.position(hands=["9♣ 9♦", "2♣", "3♣"], discard="5♣", stock="6♥", options=options)
    drew = RANG.apply(s, Draw(0))
    assert legal(drew) == {Play(0, c("6♥"))}
    refused(drew, Keep(0), "Illegal action")
    s = RANG.position(hands=["9♣ 9♦", "2♣", "3♣"], discard="5♣", stock="A♥", options=options)
    drew = RANG.apply(s, Draw(0))
    assert Keep(0) in legal(drew), "an exceptional Ace is never forced"


def test_rang_same_rank_allowed() -> None:
    options = RangOptions(same_rank_allowed=True)
    s = RANG.position(hands=["7♥ Q♣", "2♣", "3♣"], discard="7♣", options=options)
    assert legal(s) == {Play(0, c("7♥"))}
    s = RANG.position(hands=["JOKER 10♠ Q♣", "2♣", "3♣"], discard="5♣", options=options)
    assert RANG.why_illegal(s, PlayJoker(0, 10, c("10♠"))) is None
    plain = RANG.position(hands=["JOKER 10♠ Q♣", "2♣", "3♣"], discard="5♣")
    refused(plain, PlayJoker(0, 10, c("10♠")), "Illegal card")


def test_rang_wild_ace_names_a_rank() -> None:
    options = RangOptions(wild_ace=True)
    s = RANG.position(hands=["A♥ 9♣", "2♣", "3♣"], discard="5♣", options=options)
    refused(s, Play(0, c("A♥")), "Illegal card")
    after = RANG.apply(s, Play(0, c("A♥"), name=8))
    assert after.rank == 8
    assert {m for m in legal(s) if isinstance(m, Play)} == {
        Play(0, c("A♥"), name=r) for r in range(ACE, KING + 1)
    }
    # An Ace that is a normal card (T = 2) still sets T = A and names nothing.
    s = RANG.position(hands=["A♥ 9♣", "2♣", "3♣"], discard="2♦", options=options)
    assert legal(s) == {Play(0, c("A♥"))}
    assert RANG.apply(s, Play(0, c("A♥"))).rank == ACE


def test_rang_ace_names_nothing_without_the_option() -> None:
    s = RANG.position(hands=["A♥ 9♣", "2♣", "3♣"], discard="5♣")
    refused(s, Play(0, c("A♥"), name=8), "Illegal card")


def test_rang_second_joker_cannot_follow() -> None:
    s = RANG.position(hands=["JOKER JOKER 9♣", "2♣", "3♣"], discard="5♣")
    refused(s, PlayJoker(0, 3, JOKER), "Illegal card")


def test_rang_wrong_seat_is_refused() -> None:
    s = RANG.position(hands=["6♠", "8♠", "3♣"], discard="7♣")
    reason = refused(s, Play(1, c("8♠")), "it is not")
    assert fill(reason, ["Anna", "Boris", "Vera"]) == "it is not Boris's turn"


def test_rang_stalemate_stop_loser_holds_most_cards() -> None:
    # With every card in play this cannot happen (someone always holds a neighbour of T), so
    # the safety stop is tested on a table with the other cards taken away: nothing to draw,
    # nobody able to play, and after one empty draw each the deal stops.
    s = RANG.position(hands=["9♣ 9♦", "Q♣ Q♦ Q♥", "J♣ J♦ J♥"], discard="5♣")
    s = s._replace(table=s.table.replaced({"stock": ()}))
    for seat in (0, 1, 2):
        assert legal(s) == {Draw(seat)}
        s = RANG.apply(s, Draw(seat))
    outcome = RANG.outcome(s)
    assert outcome is not None
    # Seats 1 and 2 both hold 3 cards; the dealer is seat 2, so turn order from the dealer's
    # left is 0, 1, 2 and seat 2 is the later one.
    assert s.results == ((2, "stalemate"),)
    assert outcome.places == (1, 1, 3)


def test_rang_turn_limit_stops_the_deal() -> None:
    s = RANG.position(hands=["6♠ 2♣", "8♠ 2♦ 2♥", "3♣"], discard="7♣")._replace(turns=999)
    s = RANG.apply(s, Play(0, c("6♠")))
    assert s.results == ((1, "limit"),)
    assert RANG.to_move(s) == frozenset()


def test_rang_match_of_several_deals() -> None:
    options = RangOptions(match_deals=3)
    s = RANG.new_game(seats=3, options=options, seed=5)
    dealers = [s.dealer]
    while RANG.to_move(s):
        (seat,) = RANG.to_move(s)
        before = s.deal
        s = RANG.apply(s, RANG.legal_moves(s, seat)[0])
        if s.deal != before:
            dealers.append(s.dealer)
    assert len(s.results) == 3
    assert dealers == [(dealers[0] + i) % 3 for i in range(3)]
    outcome = RANG.outcome(s)
    assert outcome is not None
    losses = RANG.losses(s)
    assert sum(losses) == 3
    assert outcome.winners == tuple(p for p in range(3) if losses[p] == min(losses))


def test_rang_drawn_card_is_private() -> None:
    s = RANG.position(hands=["9♣ 9♦", "2♣ 2♦", "K♣ K♦"], discard="5♣", stock="6♥")
    drew = RANG.apply(s, Draw(0))
    mine = RANG.observe(drew, 0).state.events
    theirs = RANG.observe(drew, 1).state.events
    assert mine[-1].cards == (c("6♥"),)
    assert isinstance(theirs[-1].cards[0], FaceDown)
    assert "6♥" not in RANG.describe(theirs[-1])
    assert RANG.describe(mine[-1]) == "{s0} draws 6♥"


def test_rang_notation_round_trip() -> None:
    s = RANG.position(hands=["JOKER 9♠ Q♥", "2♣", "3♣"], discard="5♣")
    for move in RANG.legal_moves(s, 0):
        assert RANG.move_from_text(s, RANG.move_to_text(move)) == move
    assert RANG.move_from_text(s, "joker naming 10, then 9S") == PlayJoker(0, 10, c("9♠"))
