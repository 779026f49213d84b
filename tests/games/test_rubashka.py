"""Рубашка (Straccia camicia / Beggar-my-neighbour): the scenarios of the spec (§11), the other
rules of §5–§8, the given deals and their refusals, the draw by repetition, and long published
deals played through ``apply``."""

from __future__ import annotations

import time
from typing import Any

import pytest

from cardsuite.core.cards import FACE_DOWN, JACK, KING, QUEEN, Card, deck_order, parse_cards
from cardsuite.core.errors import GAME_OVER, NOT_YOUR_TURN, IllegalMoveError, OptionsError
from cardsuite.core.options import describe_options, options_from_strings
from cardsuite.games import get_game
from cardsuite.games.rubashka.engine import RUBASHKA
from cardsuite.games.rubashka.model import (
    BEGGAR,
    LAST_CARD,
    OUT_OF_CARDS,
    PILE,
    REPETITION,
    TRICK_LIMIT_REACHED,
    Flip,
    FullRubashka,
    Repetition,
    RubashkaOptions,
    RubashkaOutcome,
    RubashkaState,
    packet,
)

GAME = RUBASHKA
BEGGAR_52 = RubashkaOptions(pack=BEGGAR)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def top_first(state: FullRubashka, seat: int) -> tuple[Card, ...]:
    """A packet as the spec lists it: the next card to turn first."""
    return state.table.cards(packet(seat))[::-1]


def flip(state: FullRubashka, times: int = 1) -> FullRubashka:
    for _ in range(times):
        state = GAME.apply(state, Flip(state.to_play))
    return state


def play_out(state: FullRubashka) -> FullRubashka:
    while state.to_play is not None:
        state = GAME.apply(state, Flip(state.to_play))
    return state


def given(deal: str, pack: str = BEGGAR, seed: int = 0) -> FullRubashka:
    return GAME.new_game(seats=2, options=RubashkaOptions(pack=pack, deal=deal), seed=seed)


def outcome(state: FullRubashka) -> RubashkaOutcome:
    result = GAME.outcome(state)
    assert isinstance(result, RubashkaOutcome)
    return result


# --- §11 scenarios ---------------------------------------------------------------------------


def test_rubashka_s01_deal_sizes() -> None:
    for seed in range(5):
        state = GAME.new_game(seats=2, seed=seed)
        packets = [state.table.cards(packet(s)) for s in (0, 1)]
        assert [len(p) for p in packets] == [20, 20]
        everything = packets[0] + packets[1]
        assert len(set(everything)) == 40
        assert not any(c.rank in (JACK, QUEEN, KING) for c in everything)
        assert state.table.cards(PILE) == ()
        assert state.to_play == state.dealer and state.leader == state.dealer
        assert (state.cards_played, state.tricks_played, state.debt) == (0, 0, 0)
    dealers = {GAME.new_game(seats=2, seed=seed).dealer for seed in range(20)}
    assert dealers == {0, 1}, "the first dealer is drawn at random"


def test_rubashka_s02_plain_alternation_and_loss() -> None:
    state = GAME.position("P1: 5♣ 9♦\nP2: 7♥ 8♠")
    state = flip(state, 4)  # D 5♣, N 7♥, D 9♦, N 8♠
    assert state.to_play is None, "D must turn with an empty packet: lost at once"
    assert state.how == OUT_OF_CARDS and state.winner == 1
    assert top_first(state, 1) == cards("5♣ 7♥ 9♦ 8♠")
    assert (state.cards_played, state.tricks_played) == (4, 1)
    assert outcome(state).places == (2, 1)


def test_rubashka_s03_ace_capture() -> None:
    state = GAME.position("P1: A♠ 4♦ 9♣\nP2: 6♣ 8♥")
    state = flip(state)
    assert (state.to_play, state.debt, state.attacker) == (1, 1, 0)
    state = flip(state)  # N pays 6♣: debt 0
    assert top_first(state, 0) == cards("4♦ 9♣ A♠ 6♣")
    assert state.table.cards(PILE) == ()
    assert (state.to_play, state.leader, state.tricks_played) == (0, 0, 1)


def test_rubashka_s04_three_paid_in_full() -> None:
    state = GAME.position("P1: 3♥ 9♣\nP2: 4♠ 5♠ 6♠ 7♣")
    state = flip(state)
    assert state.debt == 3
    state = flip(state, 2)
    assert (state.to_play, state.debt) == (1, 1), "the paying player turns again"
    state = flip(state)
    assert top_first(state, 0) == cards("9♣ 3♥ 4♠ 5♠ 6♠")
    assert state.to_play == 0 and state.leader == 0


def test_rubashka_s05_counter_attack() -> None:
    state = GAME.position("P1: 3♣ 8♦ 9♦ 10♣\nP2: 4♥ 2♠ 7♣")
    state = flip(state, 2)  # 3♣, 4♥
    assert (state.to_play, state.debt) == (1, 2)
    state = flip(state)  # 2♠: the debt reverses
    assert (state.to_play, state.debt, state.attacker) == (0, 2, 1)
    state = flip(state, 2)  # 8♦, 9♦
    assert top_first(state, 1) == cards("7♣ 3♣ 4♥ 2♠ 8♦ 9♦")
    assert (state.to_play, state.leader) == (1, 1)


def test_rubashka_s06_chain_of_counters() -> None:
    state = GAME.position("P1: A♦ 2♣ 9♣\nP2: 3♥ 5♣ 6♣ 7♣")
    state = flip(state)
    assert (state.to_play, state.debt) == (1, 1)
    state = flip(state)  # 3♥
    assert (state.to_play, state.debt) == (0, 3)
    state = flip(state)  # 2♣
    assert (state.to_play, state.debt) == (1, 2)
    state = flip(state, 2)  # 5♣, 6♣
    assert top_first(state, 0) == cards("9♣ A♦ 3♥ 2♣ 5♣ 6♣")
    assert state.to_play == 0


def test_rubashka_s07_loss_while_paying() -> None:
    state = GAME.position("P1: 2♦ 9♣\nP2: 7♣")
    state = flip(state, 2)  # 2♦, 7♣ (N owes 1 more, with no card)
    assert state.to_play is None and state.how == OUT_OF_CARDS and state.winner == 0
    assert top_first(state, 0) == cards("9♣ 2♦ 7♣")


def test_rubashka_s08_last_card_attack_survives() -> None:
    state = GAME.position("P1: 5♦ 6♥ 9♣\nP2: A♣\nturn: P2")
    state = flip(state)  # N's last card, an attack: he has not lost
    assert state.table.count(packet(1)) == 0
    assert (state.to_play, state.debt) == (0, 1)
    state = flip(state)  # D pays 5♦
    assert top_first(state, 1) == cards("A♣ 5♦")
    assert (state.to_play, state.leader) == (1, 1)


def test_rubashka_s09_key_definition() -> None:
    one = GAME.position("P1: A♠ 5♣\nP2: 7♥")
    two = GAME.position("P1: A♥ 9♣\nP2: 10♦")
    three = GAME.position("P1: A♠ 5♣\nP2: 7♥\nturn: P2")
    assert one.memory.keys[0] == two.memory.keys[0], "(1,0 / 0), D leads, both"
    assert one.memory.keys[0] != three.memory.keys[0], "the leader is part of the key"


def test_rubashka_s12_last_card_captured_ends_the_game() -> None:
    for deal in ("K♠ 5♣/4♦ 6♦ 7♦", "K-/---"):
        state = given(deal)
        d = state.dealer
        state = flip(state, 4)
        assert state.to_play is None and state.how == LAST_CARD and state.winner == d
        assert (state.cards_played, state.tricks_played) == (4, 1)
    by_cards = play_out(given("K♠ 5♣/4♦ 6♦ 7♦"))
    assert top_first(by_cards, by_cards.dealer) == cards("5♣ K♠ 4♦ 6♦ 7♦")
    classes = given("K-/---")
    assert top_first(classes, classes.dealer) == cards("K♠ 2♠")
    assert top_first(classes, 1 - classes.dealer) == cards("2♥ 2♦ 2♣")


def test_rubashka_s13_out_of_cards_on_a_free_turn() -> None:
    state = play_out(given("9♣/8♥"))
    assert state.how == OUT_OF_CARDS and state.winner == 1 - state.dealer
    assert top_first(state, state.winner) == cards("9♣ 8♥")
    assert (state.cards_played, state.tricks_played) == (2, 1)


def test_rubashka_s14_ace_demands_four_a_jack_counters() -> None:
    state = given("A♥ 2♣ 3♣/4♠ 5♠ 6♠ J♦ 7♠")
    d, n = state.dealer, 1 - state.dealer
    state = flip(state)
    assert (state.to_play, state.debt) == (n, 4)
    state = flip(state, 3)
    assert (state.to_play, state.debt) == (n, 1)
    state = flip(state)  # J♦
    assert (state.to_play, state.debt) == (d, 1), "2 and 3 are normal cards in beggar-52"
    state = flip(state)  # 2♣
    assert top_first(state, n) == cards("7♠ A♥ 4♠ 5♠ 6♠ J♦ 2♣")
    assert state.to_play == n
    state = play_out(state)
    assert state.how == OUT_OF_CARDS and state.winner == n
    assert top_first(state, n)[-3:] == cards("7♠ 3♣ A♥")
    assert (state.cards_played, state.tricks_played) == (9, 2)


def test_rubashka_s15_all_four_ranks_in_one_chain() -> None:
    state = given("J♣ 2♦ Q♣ 3♦ 4♦/K♥ 5♥ A♥ 6♥ 7♥ 8♥ 9♥")
    n = 1 - state.dealer
    state = play_out(state)
    assert state.how == OUT_OF_CARDS and state.winner == n
    assert top_first(state, n)[-8:] == cards("J♣ K♥ 2♦ Q♣ 5♥ A♥ 3♦ 4♦")
    assert (state.cards_played, state.tricks_played) == (8, 1)


def test_rubashka_s16_last_card_attack_then_last_card_captured() -> None:
    state = given("J♣/5♦ 6♥")
    d = state.dealer
    state = flip(state)
    assert state.table.count(packet(d)) == 0 and state.to_play == 1 - d
    state = flip(state)
    assert top_first(state, d) == cards("J♣ 5♦") and state.to_play == d
    state = play_out(state)
    assert state.how == LAST_CARD and state.winner == d
    assert top_first(state, d) == cards("5♦ J♣ 6♥")
    assert (state.cards_played, state.tricks_played) == (4, 2)


def test_rubashka_s17_class_key() -> None:
    one = GAME.position("P1: Q♠ 7♣\nP2: A♦", options=BEGGAR_52)
    two = GAME.position("P1: Q♥ 2♣\nP2: A♣", options=BEGGAR_52)
    assert one.memory.keys[0] == two.memory.keys[0], "(2,0 / 4): 2♣ is a normal card here"
    camicia = GAME.position("P1: 2♠ 7♣\nP2: A♦")
    other = GAME.position("P1: 2♥ 5♣\nP2: A♣")
    assert camicia.memory.keys[0] == other.memory.keys[0], "(2,0 / 1) with the 40-card pack"
    jack = GAME.position("P1: Q♠ J♣\nP2: A♦", options=BEGGAR_52)
    assert jack.memory.keys[0] != one.memory.keys[0], "a jack is not a normal card in beggar-52"


# --- hand-worked beggar-52 deals ---------------------------------------------------------------


def test_rubashka_hand_worked_counter_then_loss_on_a_queen() -> None:
    """``Q--/-J-``: D = [Q♠ 2♠ 2♥], N = [2♦ J♠ 2♣].

    Trick 1: D Q♠ (N owes 2); N 2♦ (owes 1), N J♠ (D owes 1); D 2♠: N takes Q♠ 2♦ J♠ 2♠
    (4 cards, trick 1); N = [2♣ Q♠ 2♦ J♠ 2♠].  Trick 2: N 2♣, D 2♥ (his last card), N Q♠: D
    owes 2 and has nothing: N wins, taking 2♣ 2♥ Q♠ (3 cards, trick 2).
    7 cards played, 2 tricks.
    """
    state = play_out(given("Q--/-J-"))
    assert state.how == OUT_OF_CARDS and state.winner == 1 - state.dealer
    assert (state.cards_played, state.tricks_played) == (7, 2)
    assert top_first(state, state.winner) == cards("2♦ J♠ 2♠ 2♣ 2♥ Q♠")


def test_rubashka_hand_worked_king_turns_a_jack_round() -> None:
    """``--K/-J--``: D = [2♠ 2♥ K♠], N = [2♦ J♠ 2♣ 3♠].

    D 2♠, N 2♦, D 2♥, N J♠ (D owes 1), D K♠ (N owes 3), N 2♣ (2 more), N 3♠ (1 more), and N
    has no card: D wins with the pile of 7.  7 cards played, 1 trick (the final award).
    """
    state = play_out(given("--K/-J--"))
    assert state.how == OUT_OF_CARDS and state.winner == state.dealer
    assert (state.cards_played, state.tricks_played) == (7, 1)
    assert top_first(state, state.dealer) == cards("2♠ 2♦ 2♥ J♠ K♠ 2♣ 3♠")


def test_rubashka_hand_worked_ace_queen_king_capture_takes_everything() -> None:
    """``A-K-/Q---``: D = [A♠ 2♠ K♠ 2♥], N = [Q♠ 2♦ 2♣ 3♠].

    D A♠ (N owes 4); N Q♠ (D owes 2); D 2♠ (1 more), D K♠ (N owes 3); N 2♦, 2♣, 3♠: paid, D
    takes 7 cards and N has none: D wins at once, holding 2♥ then the pile.
    7 cards played, 1 trick.
    """
    state = play_out(given("A-K-/Q---"))
    assert state.how == LAST_CARD and state.winner == state.dealer
    assert (state.cards_played, state.tricks_played) == (7, 1)
    assert top_first(state, state.dealer) == cards("2♥ A♠ Q♠ 2♠ K♠ 2♦ 2♣ 3♠")


# --- long published deals and cycles -----------------------------------------------------------

NESSLER_2022 = "---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---"
MANN_WU_2007 = "K-KK----K-A-----JAA--Q--J-/---Q---Q-J-----J------AQ--"
CASELLA_2024 = "---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA"
# Pelagalletto (camicia-40) cycle found by Riccardo Zanotto (2017), classes 0-3 as - A 2 3.
ZANOTTO_2017 = "--3-2-2-3-3A-----3A-/--A--2----2-------A-"


@pytest.mark.parametrize(
    ("deal", "cards_played", "tricks_played"),
    [(NESSLER_2022, 8344, 1164), (MANN_WU_2007, 7157, 1007)],
)
def test_rubashka_long_published_deals_through_apply(
    deal: str, cards_played: int, tricks_played: int
) -> None:
    # The record games of Beggar-my-neighbour as published (Reed Nessler 2022: 8,344 cards and
    # 1,164 tricks; Richard Mann and Nicolas Wu 2007: 7,157 and 1,007), every flip through
    # apply, repetition keys recorded at each of the thousand tricks: well under a second.
    state = given(deal)
    started = time.perf_counter()
    state = play_out(state)
    elapsed = time.perf_counter() - started
    assert state.how == LAST_CARD
    assert (state.cards_played, state.tricks_played) == (cards_played, tricks_played)
    assert elapsed < 1.0, f"{elapsed:.2f} s"


Start = tuple[int, list[int], list[int]]


def classes_only(deal: str, demands: dict[str, int]) -> tuple[list[Start], list[int]]:
    """An independent reading of the rules on class strings: the (leader, packet 1, packet 2)
    of every trick start, packets top first, and the cards turned before it, until the 200th
    trick (for checking cycles)."""
    first, second = ([demands.get(ch, 0) for ch in part] for part in deal.split("/"))
    packets, leader = [first, second], 0
    starts: list[Start] = []
    turned: list[int] = []
    played = 0
    for _trick in range(200):
        starts.append((leader, list(packets[0]), list(packets[1])))
        turned.append(played)
        pile: list[int] = []
        turn, debt, attacker = leader, 0, -1
        while True:
            if not packets[turn]:
                return starts, turned
            card = packets[turn].pop(0)
            played += 1
            pile.append(card)
            if card:
                debt, attacker, turn = card, turn, 1 - turn
            elif debt:
                debt -= 1
                if not debt:
                    packets[attacker].extend(pile)
                    leader = attacker
                    break
            else:
                turn = 1 - turn
    return starts, turned


@pytest.mark.parametrize(
    ("deal", "pack", "demands"),
    [
        (CASELLA_2024, BEGGAR, {"J": 1, "Q": 2, "K": 3, "A": 4}),
        (ZANOTTO_2017, "camicia-40", {"A": 1, "2": 2, "3": 3}),
    ],
)
def test_rubashka_a_cycling_deal_is_a_draw_naming_its_cycle(
    deal: str, pack: str, demands: dict[str, int]
) -> None:
    # Brayden Casella's non-terminating Beggar-my-neighbour game (2024) and a Pelagalletto
    # cycle: each is declared a draw when a trick starts as an earlier one did.
    state = play_out(given(deal, pack))
    assert state.how == REPETITION and state.winner is None
    result = outcome(state)
    assert result.places == (1, 1) and result.is_draw and result.ending == REPETITION
    start, tricks, played = state.cycle  # type: ignore[misc]
    assert (result.cycle_start_trick, result.cycle_tricks, result.cycle_cards) == (
        start,
        tricks,
        played,
    )
    assert state.tricks_played == start + tricks
    (event,) = [e for e in state.events if isinstance(e, Repetition)]
    assert (event.start_trick, event.tricks, event.cards) == (start, tricks, played)
    assert f"{tricks} tricks and {played} cards" in event.text()
    # The cycle, checked by an independent reading of the rules: the trick starts at `start`
    # and `start + tricks` are the same, and no earlier pair of trick starts repeats.
    starts, turned = classes_only(deal, demands)
    assert starts[start] == starts[start + tricks]
    assert len({repr(s) for s in starts[: start + tricks]}) == start + tricks
    assert played == turned[start + tricks] - turned[start]
    assert state.cards_played == turned[start + tricks]


def test_rubashka_known_cycle_lengths() -> None:
    # Casella et al. 2024: the game falls into a cycle at trick 5 (after 4 tricks, 34 cards),
    # 62 tricks and 440 cards long.  Zanotto's deal is itself on its cycle (84 tricks, 546
    # cards; the published listing counts half of it, up to the players swapping places).
    assert play_out(given(CASELLA_2024)).cycle == (4, 62, 440)
    assert play_out(given(ZANOTTO_2017, "camicia-40")).cycle == (0, 84, 546)


def test_rubashka_backstop_after_ten_thousand_tricks() -> None:
    state = GAME.position("P1: A♠ 5♣ 9♦\nP2: 6♣ 7♦\ntricks: 9999")
    state = flip(state, 2)  # the 10,000th trick is taken; the next cannot start
    assert state.to_play is None and state.how == TRICK_LIMIT_REACHED
    result = outcome(state)
    assert result.is_draw and result.by_safety_stop and result.tricks_played == 10_000


# --- given deals: options and refusals ---------------------------------------------------------


@pytest.mark.parametrize(
    ("pack", "deal", "needle"),
    [
        (BEGGAR, "K-/", "packet 2 is empty"),
        (BEGGAR, "/---", "packet 1 is empty"),
        (BEGGAR, "K---", "two packets separated by one /"),
        (BEGGAR, "K-/--/-", "two packets separated by one /"),
        (BEGGAR, "AAA/AA", "packet 2 asks for a 5th ace"),
        (BEGGAR, "KK/KKK", "packet 2 asks for a 5th king"),
        (BEGGAR, "-" * 30 + "/" + "-" * 7, "packet 2 asks for a 37th normal card"),
        ("camicia-40", "-" * 29 + "/-", "packet 1 asks for a 29th normal card"),
        ("camicia-40", "J-/--", "J is not a class letter of camicia-40"),
        (BEGGAR, "2-/--", "2 is not a class letter of beggar-52"),
        ("camicia-40", "J♠ 5♣/4♦", "J♠ is not in the camicia-40 pack"),
        (BEGGAR, "K♠ 5♣/5♣ 6♦", "5♣ appears twice"),
        (BEGGAR, "K♠ 5♣/---", "mix notations"),
        (BEGGAR, "K♠ 5X/4♦", "packet 1"),
    ],
)
def test_rubashka_bad_deals_are_refused_naming_the_problem(
    pack: str, deal: str, needle: str
) -> None:
    with pytest.raises(OptionsError, match=needle):
        RubashkaOptions(pack=pack, deal=deal)


def test_rubashka_deal_notations_agree() -> None:
    # ASCII suits and T for ten read as the symbols do; class notation takes the cards in
    # the spec's fixed order (attack ranks ♠ ♥ ♦ ♣; normal cards 2♠ 2♥ … for beggar-52,
    # 4♠ 4♥ … for camicia-40).
    ascii_deal = given("KS 5C/4D 6D TH")
    symbols = given("K♠ 5♣/4♦ 6♦ 10♥")
    assert ascii_deal.table == symbols.table
    camicia = given("A23-/-a", "camicia-40")
    d = camicia.dealer
    assert top_first(camicia, d) == cards("A♠ 2♠ 3♠ 4♠")
    assert top_first(camicia, 1 - d) == cards("4♥ A♥")
    assert GAME.deck(camicia) == tuple(sorted(cards("A♠ A♥ 2♠ 3♠ 4♠ 4♥"), key=deck_order))


def test_rubashka_given_deal_from_the_command_line_spelling() -> None:
    options = options_from_strings(RubashkaOptions, {"pack": "beggar-52", "deal": "K-/---"})
    assert options == RubashkaOptions(pack=BEGGAR, deal="K-/---")
    offered = [info.name for info in describe_options(RubashkaOptions)]
    assert offered == ["pack"], "the lobby does not offer the given deal"


def test_rubashka_beggar_pack_deals_26_each() -> None:
    state = GAME.new_game(seats=2, options=BEGGAR_52, seed=3)
    assert [state.table.count(packet(s)) for s in (0, 1)] == [26, 26]
    assert len(GAME.deck(state)) == 52


def test_rubashka_only_two_players() -> None:
    with pytest.raises(OptionsError, match="for 2 players"):
        GAME.new_game(seats=3)


# --- turns, refusals, counters, hiding, view -----------------------------------------------------


def test_rubashka_only_the_player_to_turn_may_flip() -> None:
    state = GAME.position("P1: 5♣ 9♦\nP2: 7♥ 8♠")
    assert GAME.legal_moves(state, 0) == (Flip(0),) and GAME.legal_moves(state, 1) == ()
    with pytest.raises(IllegalMoveError) as wrong:
        GAME.apply(state, Flip(1))
    assert wrong.value.code == NOT_YOUR_TURN
    over = play_out(state)
    with pytest.raises(IllegalMoveError) as late:
        GAME.apply(over, Flip(1))
    assert late.value.code == GAME_OVER
    assert GAME.move_from_text(state, "flip") == Flip(0)


def test_rubashka_counters_on_the_status_line() -> None:
    state = flip(given("Q--/-J-"), 5)
    view = GAME.present(GAME.observe(state, 0))
    assert (state.cards_played, state.tricks_played) == (5, 1)
    assert "5 cards played · 1 trick" in view.status
    paying = flip(given("Q--/-J-"))
    text = GAME.present(GAME.observe(paying, None)).named(["Anna", "Boris"]).status
    payer, owed = ("Boris", "Anna") if paying.dealer == 0 else ("Anna", "Boris")
    assert f"{payer} pays {owed}: 2 more cards" in text and "1 card played · 0 tricks" in text
    over = play_out(given("Q--/-J-"))
    assert "7 cards played · 2 tricks" in GAME.present(GAME.observe(over, 1)).status


def test_rubashka_packets_are_hidden_and_the_keys_stay_with_the_engine() -> None:
    state = flip(GAME.new_game(seats=2, seed=4), 3)
    for viewer in (0, 1, None):
        seen = GAME.observe(state, viewer).state
        assert all(face is FACE_DOWN for s in (0, 1) for face in seen.table.faces(packet(s)))
        assert seen.memory.keys == () and not seen.memory.seen
    assert state.memory.keys, "the engine itself keeps them"


def test_rubashka_every_card_is_face_up_at_the_end() -> None:
    state = play_out(GAME.new_game(seats=2, seed=5))
    seen = GAME.observe(state, 0).state
    assert FACE_DOWN not in seen.table.all_faces()
    assert sorted(seen.table.all_visible(), key=deck_order) == sorted(
        GAME.deck(state), key=deck_order
    )


def test_rubashka_seeded_games_end_by_the_rules() -> None:
    endings: dict[str, int] = {}
    for seed in range(40):
        for options in (RubashkaOptions(), BEGGAR_52):
            state = play_out(GAME.new_game(seats=2, options=options, seed=seed))
            result = outcome(state)
            endings[result.ending] = endings.get(result.ending, 0) + 1
            if result.ending != REPETITION:
                held = sorted(state.table.count(packet(s)) for s in (0, 1))
                assert held == [0, len(GAME.deck(state))], "the winner holds every card"
                assert result.scores is None, "win, loss or draw: no points"
            assert result.cards_played == state.cards_played > 0
    assert set(endings) <= {OUT_OF_CARDS, LAST_CARD, REPETITION}
    assert endings.get(OUT_OF_CARDS) and endings.get(LAST_CARD)


def test_rubashka_is_watched_by_default_and_registered() -> None:
    engine: Any = get_game("Straccia camicia")
    assert engine is GAME and engine.watch_by_default is True
    assert get_game("beggar-my-neighbour") is GAME


def test_a_flip_builds_the_next_state_in_the_field_order() -> None:
    """A flip builds its state positionally (the hot path, engine.perform): the fields stay in
    the order it lists them, and a flip keeps what it does not change."""
    assert RubashkaState._fields == (
        "table", "seed", "events", "options", "seats", "dealer", "to_play", "debt",
        "attacker", "leader", "cards_played", "tricks_played", "in_play", "how", "winner",
        "cycle", "memory",
    )  # fmt: skip
    s = GAME.new_game(seats=2, seed=5)
    after = flip(s)
    assert (after.seed, after.options, after.dealer, after.cards_played) == (
        s.seed, s.options, s.dealer, s.cards_played + 1,
    )  # fmt: skip
    assert after.how == "" and after.winner is None and after.to_play == 1 - (s.to_play or 0)
