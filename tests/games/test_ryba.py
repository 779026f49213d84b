"""Рыба (Go Fish): the acceptance scenarios of rules/ryba.md §11, then the other rules of §5-§8."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardsuite.core.cards import FACE_DOWN, Card, parse_card, parse_cards
from cardsuite.core.errors import IllegalMoveError, OptionsError
from cardsuite.core.series import Series
from cardsuite.core.table import HoldsRank, Shown
from cardsuite.core.text import fill
from cardsuite.games.ryba.engine import BAD_TARGET, RANK_NOT_HELD, RYBA
from cardsuite.games.ryba.model import (
    ALL_BOOKS_DOWN,
    ASK_LIMIT,
    ASK_LIMIT_REACHED,
    EMPTY_HAND,
    STOCK,
    TOGETHER,
    Ask,
    BookLaid,
    DrewForTurn,
    Fished,
    FishedNothing,
    FullRyba,
    GameEnded,
    HandedOver,
    OutOfCards,
    RybaOptions,
    Skipped,
    book_counts,
    books,
    hand,
)

CLASSIC = RybaOptions(classic_go_fish=True)
ALL = RybaOptions(ask_all=True)
NAMES = ("Anna", "Boris", "Clara", "Dmitri", "Eva", "Fyodor")


def c(text: str) -> Card:
    return parse_card(text)


def held(state: FullRyba, seat: int) -> Counter[Card]:
    return Counter(state.table.cards(hand(seat)))


def cards(text: str) -> Counter[Card]:
    return Counter(parse_cards(text))


def refused(state: FullRyba, move: Ask, code: str) -> None:
    """The move is refused with ``code``, and apply raises the same refusal."""
    refusal = RYBA.why_illegal(state, move)
    assert refusal is not None and refusal.code == code, refusal
    with pytest.raises(IllegalMoveError) as error:
        RYBA.apply(state, move)
    assert error.value.code == code and error.value.reason == refusal.text


def texts(state: FullRyba, viewer: int | None = None) -> list[str]:
    return [fill(e.seen_by(viewer).text(), NAMES) for e in state.events]


# --- §11 acceptance scenarios ----------------------------------------------------------------


def test_ryba_s01_deal_sizes() -> None:
    for players, each, stock in ((2, 7, 38), (3, 7, 31), (4, 5, 32), (5, 5, 27), (6, 5, 22)):
        for seed in range(5):
            s = RYBA.new_game(seats=players, seed=seed)
            assert s.table.count(STOCK) == stock
            for seat in range(players):
                # a book dealt whole is laid at once, so hand + books = the cards dealt
                assert s.table.count(hand(seat)) + s.table.count(books(seat)) == each
                assert s.table.count(hand(seat)) > 0


def test_ryba_s02_rank_not_held() -> None:
    s = RYBA.position("P1: 7♣ K♦\nP2: Q♠ 2♥\nP3: J♣")
    refused(s, Ask(0, 1, 9), RANK_NOT_HELD)
    assert RYBA.to_move(s) == {0}
    assert RYBA.legal_moves(s, 0) == (
        Ask(0, 1, 7), Ask(0, 1, 13), Ask(0, 2, 7), Ask(0, 2, 13),
    )  # fmt: skip


def test_ryba_s03_bad_target() -> None:
    s = RYBA.position("P1: 7♣ K♦\nP2: Q♠ 2♥\nP3: J♣")
    refused(s, Ask(0, 0, 7), BAD_TARGET)
    refused(s, Ask(0, 3, 7), BAD_TARGET)  # no fourth player
    refused(s, Ask(0, None, 7), BAD_TARGET)  # everyone, without the ask_all option
    refused(s, Ask(1, 0, 12), "NotYourTurn")


def test_ryba_s04_all_cards_of_the_rank_handed_over() -> None:
    s = RYBA.position("P1: 7♣ K♦\nP2: 7♦ 7♥ Q♠\nP3: J♣")
    after = RYBA.apply(s, Ask(0, 1, 7))
    assert held(after, 0) == cards("7♣ 7♦ 7♥ K♦")
    assert held(after, 1) == cards("Q♠")
    assert after.turn == 0
    given = [e for e in after.events if isinstance(e, HandedOver)]
    assert len(given) == 1 and Counter(given[0].cards) == cards("7♦ 7♥")


def test_ryba_s05_book_laid_and_ask_again() -> None:
    s = RYBA.position("P1: 7♣ 7♦ 7♥ 2♠\nP2: 7♠ Q♦\nP3: J♣")
    after = RYBA.apply(s, Ask(0, 1, 7))
    assert Counter(after.table.cards(books(0))) == cards("7♣ 7♦ 7♥ 7♠")
    assert held(after, 0) == cards("2♠") and held(after, 1) == cards("Q♦")
    assert after.turn == 0 and RYBA.outcome(after) is None
    assert any(isinstance(e, BookLaid) and e.rank == 7 for e in after.events)


def test_ryba_s06_fish_draw_and_the_turn_passes() -> None:
    s = RYBA.position("P1: 9♣ 4♦\nP2: K♠ 2♥\nP3: J♣\nstock: 9♥")
    after = RYBA.apply(s, Ask(0, 1, 9))
    assert held(after, 0) == cards("9♣ 9♥ 4♦")
    assert after.turn == 1  # not A again, though he drew the rank he asked for
    fished = [e for e in after.events if isinstance(e, Fished)]
    assert fished and fished[0].card is c("9♥") and not fished[0].shown


def test_ryba_s07_empty_stock_draws_nothing() -> None:
    s = RYBA.position("P1: 9♣ 4♦\nP2: K♠ 2♥\nP3: J♣\nrest: none")
    assert s.table.count(STOCK) == 0
    after = RYBA.apply(s, Ask(0, 1, 9))
    assert held(after, 0) == cards("9♣ 4♦")
    assert after.turn == 1
    assert any(isinstance(e, FishedNothing) for e in after.events)


def test_ryba_s08_stripped_target_wins() -> None:
    s = RYBA.position("P1: 5♣ 8♦\nP2: 5♥ 5♠\nP3: J♣")
    after = RYBA.apply(s, Ask(0, 1, 5))
    assert held(after, 0) == cards("5♣ 5♥ 5♠ 8♦")
    assert RYBA.to_move(after) == frozenset() and after.turn is None
    outcome = RYBA.outcome(after)
    assert outcome is not None and outcome.winners == (1,)
    assert outcome.places == (2, 1, 2)  # non-winners are not ranked
    assert after.how == EMPTY_HAND
    assert fill(outcome.reason, NAMES) == "Boris has no cards left and wins"


def test_ryba_s09_simultaneous_finish_more_books_wins() -> None:
    s = RYBA.position("P1: 5♣ 5♦ 5♥\nP2: 5♠\nbooks: P1=2 P2=4")
    assert s.dealer == 1  # B is the dealer, seat 2 in the spec's numbering
    after = RYBA.apply(s, Ask(0, 1, 5))
    assert book_counts(after) == (3, 4)
    assert after.finished == (0, 1) and after.how == TOGETHER
    outcome = RYBA.outcome(after)
    assert outcome is not None and outcome.winners == (1,)
    assert "Boris has the most books" in fill(outcome.reason, NAMES)


def test_ryba_s10_simultaneous_finish_equal_books() -> None:
    s = RYBA.position("P1: 5♣ 5♦ 5♥\nP2: 5♠\nbooks: P1=2 P2=3")
    outcome = RYBA.outcome(RYBA.apply(s, Ask(0, 1, 5)))
    assert outcome is not None and outcome.winners == (1,)  # 3 = 3: the later seat wins
    assert "sits later" in fill(outcome.reason, NAMES)
    s = RYBA.position("P1: 5♣ 5♦ 5♥\nP2: 5♠\nbooks: P1=4 P2=3")
    outcome = RYBA.outcome(RYBA.apply(s, Ask(0, 1, 5)))
    assert outcome is not None and outcome.winners == (0,)  # 5 > 3


def test_ryba_s11_finishing_by_a_draw() -> None:
    # B is not listed in the spec's scenario; he needs a card for the game to be running.
    s = RYBA.position("P1: 8♣ 8♦ 8♥\nP2: K♣\nP3: Q♥\nstock: 8♠")
    after = RYBA.apply(s, Ask(0, 2, 8))
    assert held(after, 0) == Counter()
    assert after.turn is None and after.winners == (0,)
    assert Counter(after.table.cards(books(0))) == cards("8♣ 8♦ 8♥ 8♠")


# --- the deal and the dealer ----------------------------------------------------------------


def test_ryba_first_dealer_from_the_seed_and_his_left_starts() -> None:
    dealers = set()
    for seed in range(40):
        s = RYBA.new_game(seats=4, seed=seed)
        assert s.dealer == Series.start(seed=seed, seats=4).dealer
        assert s.turn == (s.dealer + 1) % 4
        dealers.add(s.dealer)
    assert dealers == {0, 1, 2, 3}


def test_ryba_book_dealt_whole_is_laid_at_once() -> None:
    seed = next(
        seed for seed in range(5000) if any(RYBA.new_game(seats=2, seed=seed).table.cards(books(p)) for p in (0, 1))
    )  # fmt: skip
    s = RYBA.new_game(seats=2, seed=seed)
    laid = [e for e in s.events if isinstance(e, BookLaid)]
    assert laid
    for event in laid:
        assert Counter(s.table.cards(books(event.seat))) >= Counter(event.cards)
        assert all(card.rank != event.rank for card in s.table.cards(hand(event.seat)))


def test_ryba_player_counts_and_options() -> None:
    with pytest.raises(OptionsError, match="2 to 6 players, not 7"):
        RYBA.new_game(seats=7)
    with pytest.raises(OptionsError, match="2 to 6 players, not 1"):
        RYBA.new_game(seats=1)
    with pytest.raises(OptionsError, match="ask_all"):
        RybaOptions(ask_all="yes")  # type: ignore[arg-type]
    both = RybaOptions(ask_all=True, classic_go_fish=True)
    assert RYBA.new_game(seats=2, options=both).options == both


# --- asks, answers and what everyone knows ---------------------------------------------------


def test_ryba_cards_handed_over_are_seen_by_giver_and_asker_only() -> None:
    s = RYBA.position("P1: 7♣ K♦\nP2: 7♦ 7♥ Q♠\nP3: J♣")
    after = RYBA.apply(s, Ask(0, 1, 7))
    assert texts(after, 2) == [
        "Anna asks Boris for 7s",
        "Boris hands over 2 cards (7s) to Anna",
    ]
    for viewer in (0, 1):
        assert texts(after, viewer)[1] == "Boris hands over 7♦ 7♥ to Anna"
    seen = [e for e in RYBA.observe(after, 2).state.events if isinstance(e, HandedOver)]
    assert seen[0].cards == (FACE_DOWN, FACE_DOWN)


def test_ryba_fished_card_is_private_to_the_drawer() -> None:
    s = RYBA.position("P1: 9♣ 4♦\nP2: K♠ 2♥\nP3: J♣\nstock: 6♥")
    after = RYBA.apply(s, Ask(0, 1, 9))
    assert texts(after, 0)[1] == "Рыба! Boris has no 9s; Anna draws 6♥"
    assert texts(after, 1)[1] == "Рыба! Boris has no 9s; Anna draws a card"
    assert c("6♥") not in RYBA.observe(after, 1).state.table.all_faces()


def test_ryba_asker_is_known_to_hold_the_rank_until_he_loses_it() -> None:
    s = RYBA.position("P1: 9♣ 4♦\nP2: K♠ 2♥ 4♣\nP3: J♣ 9♦\nstock: 6♥ 3♠")
    s = RYBA.apply(s, Ask(0, 1, 9))  # Рыба: A keeps his 9
    assert HoldsRank(hand(0), 9) in s.table.known
    # Every determinization by C (who holds the other 9) gives A a 9.
    obs = RYBA.observe(s, 2)
    rng = random.Random(5)
    for _ in range(30):
        guess = RYBA.determinize(obs, rng)
        assert any(card.rank == 9 for card in guess.table.cards(hand(0)))
    s = RYBA.apply(s, Ask(1, 0, 4))  # B takes A's 4 and is known to hold 4s
    assert HoldsRank(hand(1), 4) in s.table.known
    s = RYBA.apply(s, Ask(1, 2, 13))  # Рыба for B; C's turn
    s = RYBA.apply(s, Ask(2, 0, 9))  # C takes A's 9: A no longer holds 9s
    assert HoldsRank(hand(0), 9) not in s.table.known
    assert HoldsRank(hand(2), 9) in s.table.known and HoldsRank(hand(1), 4) in s.table.known


def test_ryba_holds_rank_fact_dropped_when_the_book_is_laid() -> None:
    s = RYBA.position("P1: 7♣ 7♦ 2♠\nP2: 7♥ Q♦\nP3: 7♠ J♣")
    s = RYBA.apply(s, Ask(0, 1, 7))
    assert HoldsRank(hand(0), 7) in s.table.known
    s = RYBA.apply(s, Ask(0, 2, 7))
    assert s.table.count(books(0)) == 4
    assert not any(f.rank == 7 for f in s.table.known if isinstance(f, HoldsRank))


def test_ryba_fished_rank_keeps_no_turn_in_the_seed_rules() -> None:
    s = RYBA.position("P1: 9♣ 4♦\nP2: K♠ 2♥\nP3: J♣\nstock: 9♥")
    after = RYBA.apply(s, Ask(0, 1, 9))
    assert after.turn == 1
    assert not any(isinstance(f, Shown) for f in after.table.known)


def test_ryba_events_read_as_sentences() -> None:
    s = RYBA.position("P1: 7♣ 7♦ 7♥ 2♠\nP2: 7♠ Q♦\nP3: J♣")
    assert texts(RYBA.apply(s, Ask(0, 1, 7)), 2) == [
        "Anna asks Boris for 7s",
        "Boris hands over 1 card (7s) to Anna",
        "Anna lays down a book of 7s: 7♣ 7♦ 7♥ 7♠",
    ]
    s = RYBA.position("P1: Q♣ 4♦\nP2: K♠ 2♥\nP3: J♣\nrest: none")
    assert texts(RYBA.apply(s, Ask(0, 2, 12)), 1) == [
        "Anna asks Clara for Queens",
        "Рыба! Clara has no Queens; the stock is empty, so Anna draws nothing",
    ]


# --- the safety cap ----------------------------------------------------------------------------


def test_ryba_safety_cap_is_a_draw() -> None:
    s = RYBA.position(f"P1: 9♣ 4♦\nP2: K♠ 2♥\nP3: J♣\nasks: {ASK_LIMIT - 1}")
    after = RYBA.apply(s, Ask(0, 1, 9))
    assert after.turn is None and after.how == ASK_LIMIT_REACHED
    outcome = RYBA.outcome(after)
    assert outcome is not None and outcome.is_draw
    assert isinstance(after.events[-1], GameEnded)
    # A finishing 2,000th ask is decided by the rules, not by the cap.
    s = RYBA.position(f"P1: 5♣ 8♦\nP2: 5♥ 5♠\nP3: J♣\nasks: {ASK_LIMIT - 1}")
    assert RYBA.apply(s, Ask(0, 1, 5)).winners == (1,)


# --- ask everyone ----------------------------------------------------------------------------


def test_ryba_ask_all_collects_from_everyone() -> None:
    s = RYBA.position("P1: 7♣ K♦\nP2: 7♦ Q♠\nP3: 7♥ J♣\nP4: 2♣ 3♣", options=ALL)
    assert RYBA.legal_moves(s, 0) == (Ask(0, None, 7), Ask(0, None, 13))
    refused(s, Ask(0, 1, 7), BAD_TARGET)
    after = RYBA.apply(s, Ask(0, None, 7))
    assert held(after, 0) == cards("7♣ 7♦ 7♥ K♦")
    assert [e.seat for e in after.events if isinstance(e, HandedOver)] == [1, 2]
    assert after.turn == 0
    assert texts(after, 3)[0] == "Anna asks everyone for 7s"


def test_ryba_ask_all_fish_only_when_nobody_has_it() -> None:
    s = RYBA.position("P1: 7♣ K♦\nP2: 5♦ Q♠\nP3: 4♥ J♣\nstock: 2♦", options=ALL)
    after = RYBA.apply(s, Ask(0, None, 7))
    assert after.turn == 1 and held(after, 0) == cards("7♣ K♦ 2♦")
    assert texts(after, 1)[1] == "Рыба! Nobody has 7s; Anna draws a card"


def test_ryba_ask_all_several_finish_at_once() -> None:
    s = RYBA.position("P1: 7♣ K♦\nP2: 7♦\nP3: 7♥ 7♠\nbooks: P2=1 P3=1", options=ALL)
    after = RYBA.apply(s, Ask(0, None, 7))
    assert after.finished == (1, 2) and after.how == TOGETHER
    assert after.winners == (2,)  # equal books: P3 sits later from the dealer's left


# --- classic Go Fish ----------------------------------------------------------------------------


def test_ryba_classic_fished_rank_is_shown_and_keeps_the_turn() -> None:
    s = RYBA.position("P1: 9♣ 4♦\nP2: K♠ 9♠\nP3: J♣\nstock: 3♠ 9♥", options=CLASSIC)
    after = RYBA.apply(s, Ask(0, 2, 9))
    assert after.turn == 0
    assert Shown(hand(0), c("9♥")) in after.table.known
    assert c("9♥") in RYBA.observe(after, 1).state.table.faces(hand(0))
    assert "shows it" in texts(after, 1)[1] and "9♥" in texts(after, 1)[1]
    # The shown card stays known until it leaves the hand.
    kept = RYBA.apply(after, Ask(0, 2, 4))  # Рыба: 3♠, B's turn
    assert Shown(hand(0), c("9♥")) in kept.table.known
    gone = RYBA.apply(kept, Ask(1, 0, 9))
    assert not any(isinstance(f, Shown) for f in gone.table.known)


def test_ryba_classic_other_fished_card_stays_hidden() -> None:
    s = RYBA.position("P1: 9♣ 4♦\nP2: K♠ 2♥\nP3: J♣\nstock: 3♥", options=CLASSIC)
    after = RYBA.apply(s, Ask(0, 1, 9))
    assert after.turn == 1
    assert c("3♥") not in RYBA.observe(after, 2).state.table.all_faces()


def test_ryba_classic_empty_hand_does_not_end_the_game() -> None:
    s = RYBA.position("P1: 5♣ 8♦\nP2: 5♥ 5♠\nP3: J♣\nstock: 2♣ 3♣", options=CLASSIC)
    after = RYBA.apply(s, Ask(0, 1, 5))
    assert after.turn == 0 and RYBA.outcome(after) is None
    after = RYBA.apply(after, Ask(0, 2, 8))  # Рыба: A draws 3♣, and B's turn comes
    assert after.turn == 1
    drew = [e for e in after.events if isinstance(e, DrewForTurn)]
    assert drew and drew[0].seat == 1 and held(after, 1) == cards("2♣")
    assert RYBA.legal_moves(after, 1) == (Ask(1, 2, 2), Ask(1, 0, 2))


def test_ryba_classic_hand_emptied_by_a_book_ends_the_turn() -> None:
    s = RYBA.position("P1: 7♣ 7♦ 7♥\nP2: 7♠ Q♦\nP3: J♣", options=CLASSIC)
    after = RYBA.apply(s, Ask(0, 1, 7))
    assert held(after, 0) == Counter() and after.turn == 1
    assert any(isinstance(e, OutOfCards) and e.seat == 0 for e in after.events)


def test_ryba_classic_empty_hand_and_stock_is_skipped() -> None:
    s = RYBA.position("P1: 7♣ 7♦ 7♥\nP2: 7♠\nP3: J♣ Q♦\nrest: none", options=CLASSIC)
    after = RYBA.apply(s, Ask(0, 1, 7))  # A books and is out of cards, B was stripped
    assert after.turn == 2
    skipped = [e for e in after.events if isinstance(e, Skipped)]
    assert skipped and skipped[0].passed == (1,)


def test_ryba_classic_empty_handed_target_may_be_named() -> None:
    s = RYBA.position("P1: 9♣ 4♦\nP2: -\nP3: J♣\nrest: none", options=CLASSIC)
    assert Ask(0, 1, 9) in RYBA.legal_moves(s, 0)
    after = RYBA.apply(s, Ask(0, 1, 9))
    assert any(isinstance(e, FishedNothing) for e in after.events)
    assert after.turn == 2  # B is passed by: no cards, no stock


def test_ryba_classic_ends_when_all_books_are_down() -> None:
    s = RYBA.position(
        "P1: 5♣ 5♦ 5♥\nP2: 5♠\nP3: 9♣\nbooks: P1=4 P2=4 P3=3\nrest: none", options=CLASSIC
    )
    after = RYBA.apply(s, Ask(0, 1, 5))
    assert RYBA.outcome(after) is None  # 12 books: not yet
    s = RYBA.position("P1: 5♣ 5♦ 5♥\nP2: 5♠\nbooks: P1=5 P2=7\nrest: none", options=CLASSIC)
    after = RYBA.apply(s, Ask(0, 1, 5))
    assert after.how == ALL_BOOKS_DOWN
    outcome = RYBA.outcome(after)
    assert outcome is not None and outcome.winners == (1,) and outcome.scores == (6, 7)


def test_ryba_classic_shared_win() -> None:
    s = RYBA.position(
        "P1: 5♣ 5♦ 5♥\nP2: 5♠\nP3: -\nbooks: P1=4 P2=5 P3=3\nrest: none", options=CLASSIC
    )
    outcome = RYBA.outcome(RYBA.apply(s, Ask(0, 1, 5)))
    assert outcome is not None and outcome.places == (1, 1, 3)
    assert "share the win with 5 books each" in fill(outcome.reason, NAMES)


# --- moves and the table -------------------------------------------------------------------


def test_ryba_ask_picks_the_opponent_then_the_rank() -> None:
    move = Ask(0, 2, 12)
    assert move.gesture().source == hand(2) and move.gesture().card is None
    assert move.choice_path() == ("Queens",)
    assert fill(move.question(0), NAMES) == "Ask Clara for which rank?"
    assert fill(move.label(), NAMES) == "ask Clara for Queens"
    assert move.notation() == "ask P3 for Q"
    everyone = Ask(1, None, 7)
    assert everyone.gesture().source == hand(1)
    assert everyone.question(0) == "Ask everyone for which rank?"
    s = RYBA.position("P1: Q♣ 4♦\nP2: K♠ 2♥\nP3: J♣")
    assert RYBA.move_from_text(s, "ask p3 for q", 0) == move


def test_ryba_table_view() -> None:
    s = RYBA.position("P1: 7♣ K♦ 2♠ 7♦\nP2: 7♥ Q♠\nP3: J♣\nbooks: P2=3")
    view = RYBA.present(RYBA.observe(s, 1)).named(NAMES)
    assert [v.seat for v in view.seats] == [1, 2, 0]
    assert view.seats[0].score == "3 books" and view.seats[1].score == "0 books"
    assert "Anna to ask" in view.status
    assert "No ask yet" in view.info
    assert all(f is FACE_DOWN for f in view.pile(hand(0)).faces)
    after = RYBA.apply(s, Ask(0, 1, 7))
    view = RYBA.present(RYBA.observe(after, 0)).named(NAMES)
    assert view.pile(hand(0)).faces == tuple(parse_cards("2♠ 7♣ 7♦ 7♥ K♦"))  # by rank
    assert "Last ask: Anna asked Boris for 7s — got 1 card" in view.info
    assert any(line.startswith("Stock: ") for line in view.info)


def test_ryba_random_games_end_by_the_rules() -> None:
    for options in (RybaOptions(), CLASSIC, ALL):
        for players in (2, 3, 4, 5, 6):
            for seed in range(6):
                rng = random.Random(seed)
                s = RYBA.new_game(seats=players, options=options, seed=seed)
                while s.turn is not None:
                    legal = RYBA.legal_moves(s, s.turn)
                    s = RYBA.apply(s, legal[rng.randrange(len(legal))])
                assert Counter(s.table.all_cards()) == Counter(RYBA.deck(s))
                assert s.how != ASK_LIMIT_REACHED
                if options.classic_go_fish:
                    assert sum(book_counts(s)) == 13
                else:
                    assert all(not s.table.cards(hand(p)) for p in s.finished)
                    assert len(s.winners) == 1 and s.winners[0] in s.finished
