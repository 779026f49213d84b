"""Russian Bank: the §11 scenarios of shared/rules/russian-bank.md, and the other rules of
§5–§8 with every option."""

from __future__ import annotations

import random

import pytest

from cardsuite.bots.russian_bank import RussianBankBot
from cardsuite.core.cards import Card, parse_card
from cardsuite.core.errors import IllegalMoveError, OptionsError
from cardsuite.games.russian_bank import GAME
from cardsuite.games.russian_bank.engine import (
    FOUNDATION_MISMATCH,
    FOUNDATION_MOVE_REQUIRED,
    HOUSE_MISMATCH,
    LOAD_MISMATCH,
    NOT_A_TARGET,
    NOT_AVAILABLE,
    POINTLESS_MOVE,
)
from cardsuite.games.russian_bank.model import (
    BLOCK,
    NO_PROGRESS,
    NO_PROGRESS_TURNS,
    OVER,
    STOP,
    TURN_MOVE_CAP,
    WIN,
    Discard,
    Discarded,
    EndTurn,
    FullRussianBank,
    Play,
    RussianBankOptions,
    StopCalled,
    StopPlace,
    foundation,
    hand,
    hand_card,
    house,
    reserve,
    waste,
)

RUSSIAN_BANK = GAME.load()

G = RUSSIAN_BANK
STOP_AUTO = RussianBankOptions(compulsory_foundation=True)
STOP_BLOCK = RussianBankOptions(compulsory_foundation=True, stop_mode=BLOCK)


def c(text: str, back: int = 0) -> Card:
    plain = parse_card(text)
    return Card(plain.rank, plain.suit, back)


def pos(text: str, options: RussianBankOptions | None = None) -> FullRussianBank:
    return G.position(text, options=options, seed=3)


def refused(state: FullRussianBank, move: object) -> str:
    refusal = G.why_illegal(state, move)  # type: ignore[arg-type]
    assert refusal is not None, f"{move} was accepted"
    with pytest.raises(IllegalMoveError):
        G.apply(state, move)  # type: ignore[arg-type]
    return refusal.code


def play(
    state: FullRussianBank, seat: int, card: Card, source: str, target: str
) -> FullRussianBank:
    return G.apply(state, Play(seat, card, source, target))


# --- §11 scenarios ------------------------------------------------------------------------------


def test_russian_bank_s01_first_player_ace_high() -> None:
    state = pos("P1.reserve: 9♣\nP2.reserve: A♦")
    assert G.first_player(state.table, 0)[0] == 1
    state = pos("P1.reserve: K♠\nP2.reserve: Q♥")
    assert G.first_player(state.table, 0)[0] == 0


def test_russian_bank_s02_tie_compares_houses() -> None:
    state = pos("P1.reserve: 7♣\nP2.reserve: 7♥\nH1: 4♠\nH5: P2 J♦")
    assert G.first_player(state.table, 0)[0] == 1


def test_russian_bank_s03_foundation_needs_an_ace() -> None:
    state = pos("P1.reserve: 5♣ A♥\nP1.card: 2♥")
    assert refused(state, Play(0, c("2♥"), hand_card(0), foundation(1))) == FOUNDATION_MISMATCH
    after = play(state, 0, c("A♥"), reserve(0), foundation(1))
    assert after.table.cards(foundation(1)) == (c("A♥"),)
    assert after.table.top(reserve(0)) is c("5♣")
    assert any("5♣" in e.text() for e in after.events)  # the next reserve card is turned up


def test_russian_bank_s04_foundation_same_suit_up() -> None:
    text = "F3: A♥ 2♥ 3♥ 4♥\nP1.reserve: K♣\nP1.card: K♠\n"
    state = pos(text + "H2: P2 5♥")
    after = play(state, 0, c("5♥", 1), house(2), foundation(3))
    assert after.table.top(foundation(3)) is c("5♥", 1)
    state = pos(text + "H2: 5♦")
    assert refused(state, Play(0, c("5♦"), house(2), foundation(3))) == FOUNDATION_MISMATCH


def test_russian_bank_s05_houses_down_in_alternating_colours() -> None:
    text = "P1.reserve: K♣\nH4: P2 10♥\nP1.hand: 2♣ 3♣\n"
    state = pos(text + "P1.card: 9♠")
    after = play(state, 0, c("9♠"), hand_card(0), house(4))
    assert after.table.top(house(4)) is c("9♠")
    assert after.table.cards(hand_card(0)) == (c("3♣"),)  # the next hand card turns up
    state = pos(text + "P1.card: 9♦")
    assert refused(state, Play(0, c("9♦"), hand_card(0), house(4))) == HOUSE_MISMATCH
    state = pos(text + "P1.card: 8♠")
    assert refused(state, Play(0, c("8♠"), hand_card(0), house(4))) == HOUSE_MISMATCH


def test_russian_bank_s06_empty_house_and_pointless_move() -> None:
    state = pos("P1.reserve: 2♦ K♣\nH6: -\nH7: P2 Q♦\nH1: 9♥ 7♦ 5♣")
    after = play(state, 0, c("K♣"), reserve(0), house(6))
    assert after.table.cards(house(6)) == (c("K♣"),)
    assert refused(state, Play(0, c("Q♦", 1), house(7), house(6))) == POINTLESS_MOVE
    after = play(state, 0, c("5♣"), house(1), house(6))
    assert after.table.cards(house(6)) == (c("5♣"),)


def test_russian_bank_s07_own_waste_is_not_available() -> None:
    state = pos("P1.waste: 8♠\nH2: P2 9♥\nP1.card: 2♣")
    assert refused(state, Play(0, c("8♠"), waste(0), house(2))) == NOT_AVAILABLE


def test_russian_bank_s08_loading_same_suit_one_rank_away() -> None:
    text = "P2.reserve: 5♦\nP1.hand: 2♣ 3♣\nH3: 5♦\n"
    state = pos(text + "P1.card: 6♦")
    after = play(state, 0, c("6♦"), hand_card(0), reserve(1))
    assert after.table.top(reserve(1)) is c("6♦")
    after = play(after, 0, c("5♦"), house(3), reserve(1))  # the direction may change
    assert after.table.top(reserve(1)) is c("5♦")
    state = pos(text + "P1.card: 6♥")
    assert refused(state, Play(0, c("6♥"), hand_card(0), reserve(1))) == LOAD_MISMATCH
    state = pos(text + "P1.card: 6♥", RussianBankOptions(loading=False))
    assert refused(state, Play(0, c("6♥"), hand_card(0), reserve(1))) == NOT_A_TARGET
    state = pos(text + "P1.card: 6♦", RussianBankOptions(loading=False))
    assert refused(state, Play(0, c("6♦"), hand_card(0), reserve(1))) == NOT_A_TARGET


def test_russian_bank_s09_empty_waste_cannot_be_loaded() -> None:
    state = pos("P2.waste: -\nP1.card: 6♦")
    assert refused(state, Play(0, c("6♦"), hand_card(0), waste(1))) == NOT_A_TARGET


def test_russian_bank_s10_discard_a_playable_hand_card() -> None:
    state = pos("P1.card: J♣\nH5: P2 Q♦\nP2.hand: 3♦ 8♥")
    assert Play(0, c("J♣"), hand_card(0), house(5)) in G.legal_moves(state, 0)
    after = G.apply(state, Discard(0))
    assert after.table.top(waste(0)) is c("J♣")
    assert G.to_move(after) == {1}
    assert after.table.cards(hand_card(1)) == (c("8♥", 1),)


def test_russian_bank_s11_waste_turned_over_as_the_new_hand() -> None:
    state = pos("turn: P2\nP2.card: 4♦\nP1.hand: -\nP1.waste: 3♠ 9♦ Q♣")
    after = G.apply(state, Discard(1))
    assert after.table.cards(hand_card(0)) == (c("3♠"),)
    assert after.table.cards(hand(0)) == (c("Q♣"), c("9♦"))  # 9♦ next, Q♣ last
    assert after.table.cards(waste(0)) == ()


def test_russian_bank_s12_win_at_once() -> None:
    state = pos("P1.hand: -\nP1.waste: -\nP1.card: -\nP1.reserve: 7♣\nF1: A♣ 2♣ 3♣ 4♣ 5♣ 6♣")
    after = play(state, 0, c("7♣"), reserve(0), foundation(1))
    assert after.phase == OVER and G.to_move(after) == frozenset()
    outcome = G.outcome(after)
    assert outcome is not None and outcome.winners == (0,) and outcome.ending == WIN


def test_russian_bank_s13_stop_auto() -> None:
    text = "P1.reserve: K♦\nH3: P2 A♠\nP1.card: 9♠\nH4: P2 10♥\nP1.waste: -\nP2.hand: 2♦ 3♦"
    state = pos(text, STOP_AUTO)
    move = Play(0, c("9♠"), hand_card(0), house(4))
    assert move in G.legal_moves(state, 0)  # a violation is an accepted action
    stopped = G.apply(state, move)
    assert stopped.table.top(house(4)) is c("10♥", 1)  # not performed
    assert stopped.phase == STOP and G.to_move(stopped) == {1}
    called = [e for e in stopped.events if isinstance(e, StopCalled)]
    assert called and "A♠" in called[0].text()
    view = G.present(G.observe(stopped, 0))
    assert any("Stop" in line and "A♠" in line for line in view.info)
    assert "Stop" in view.status
    legal = G.legal_moves(stopped, 1)
    assert legal and all(isinstance(m, StopPlace) for m in legal)
    after = G.apply(stopped, StopPlace(1, c("A♠", 1), house(3), foundation(5)))
    assert after.table.cards(foundation(5)) == (c("A♠", 1),)
    assert after.table.top(waste(0)) is c("9♠")
    assert after.phase != STOP and G.to_move(after) == {1}
    assert after.table.cards(hand_card(1)) == (c("3♦", 1),)
    view = G.present(G.observe(after, 1))
    assert any("A♠" in line for line in view.info)  # the note stays for the caller's turn


# --- other rules ---------------------------------------------------------------------------------


def test_russian_bank_deal_sizes_and_first_player() -> None:
    state = G.new_game(seats=2, seed=5)
    for s in (0, 1):
        assert state.table.count(reserve(s)) == 13
        assert state.table.count(waste(s)) == 0
    assert sum(state.table.count(house(k)) for k in range(1, 9)) == 8
    first = state.turn
    assert state.table.count(hand_card(first)) == 1 and state.table.count(hand(first)) == 34
    assert state.table.count(hand_card(1 - first)) == 0 and state.table.count(hand(1 - first)) == 35
    assert G.first_player(state.table, 5)[0] == first
    with pytest.raises(OptionsError):
        G.new_game(seats=3)


def test_russian_bank_reserve_and_hand_card_hidden_below_the_top() -> None:
    state = G.new_game(seats=2, seed=2)
    seen = G.observe(state, 0).state.table
    assert all(not isinstance(f, Card) for f in seen.faces(reserve(0))[:-1])
    assert isinstance(seen.faces(reserve(1))[-1], Card)
    assert all(not isinstance(f, Card) for f in seen.faces(hand(0)))


def test_russian_bank_end_turn_only_without_a_hand_card() -> None:
    state = pos("P1.card: 5♣")
    assert refused(state, EndTurn(0)) == NOT_AVAILABLE
    state = pos("P1.card: -\nP1.hand: -\nP1.waste: -\nP1.reserve: K♠")
    assert refused(state, Discard(0)) == NOT_AVAILABLE
    after = G.apply(state, EndTurn(0))
    assert G.to_move(after) == {1}


def test_russian_bank_not_your_turn_and_opponent_cards() -> None:
    state = pos("P1.card: 5♣\nP2.reserve: 9♦")
    assert refused(state, Play(1, c("9♦", 1), reserve(1), house(1))) == "NotYourTurn"
    assert refused(state, Play(0, c("9♦", 1), reserve(1), house(1))) == NOT_AVAILABLE
    assert refused(state, Play(0, c("5♣"), hand_card(0), waste(0))) == NOT_A_TARGET


def test_russian_bank_hand_card_played_turns_the_waste_over() -> None:
    state = pos("P1.hand: -\nP1.waste: 2♣ 3♣\nP1.card: 9♠\nH4: P2 10♥")
    after = play(state, 0, c("9♠"), hand_card(0), house(4))
    assert after.table.cards(hand_card(0)) == (c("2♣"),)
    assert after.table.cards(hand(0)) == (c("3♣"),)
    assert after.table.cards(waste(0)) == ()
    assert G.to_move(after) == {0}  # the turn goes on


def test_russian_bank_loaded_card_is_played_off_by_the_owner() -> None:
    state = pos("P2.reserve: 5♦\nP1.card: 6♦\nP1.hand: 2♣ 3♣\nH1: P2 7♠")
    after = play(state, 0, c("6♦"), hand_card(0), reserve(1))
    after = G.apply(after, Discard(0))
    assert Play(1, c("6♦"), reserve(1), house(1)) in G.legal_moves(after, 1)


def test_russian_bank_block_mode_refuses_the_violation() -> None:
    text = "P1.reserve: K♦\nH3: P2 A♠\nP1.card: 9♠\nH4: P2 10♥"
    state = pos(text, STOP_BLOCK)
    assert refused(state, Play(0, c("9♠"), hand_card(0), house(4))) == FOUNDATION_MOVE_REQUIRED
    assert refused(state, Discard(0)) == FOUNDATION_MOVE_REQUIRED
    # an illegal move keeps its own error, whatever the option
    assert refused(state, Play(0, c("9♠"), hand_card(0), house(3))) == HOUSE_MISMATCH
    legal = G.legal_moves(state, 0)
    assert legal and all(m.target.startswith("found.") for m in legal)  # type: ignore[union-attr]
    after = G.apply(state, legal[0])
    assert Play(0, c("9♠"), hand_card(0), house(4)) in G.legal_moves(after, 0)


def test_russian_bank_without_the_option_foundation_plays_are_free() -> None:
    text = "P1.reserve: K♦\nH3: P2 A♠\nP1.card: 9♠\nH4: P2 10♥"
    after = G.apply(pos(text), Play(0, c("9♠"), hand_card(0), house(4)))
    assert after.phase != STOP and after.table.top(house(4)) is c("9♠")


def test_russian_bank_stop_caller_may_take_the_violators_last_card() -> None:
    text = "P1.reserve: A♦\nP1.hand: -\nP1.waste: -\nP1.card: -\nH4: P2 10♥"
    state = pos(text, STOP_AUTO)
    stopped = G.apply(state, EndTurn(0))
    assert stopped.phase == STOP
    after = G.apply(stopped, StopPlace(1, c("A♦"), reserve(0), foundation(2)))
    outcome = G.outcome(after)
    assert outcome is not None and outcome.winners == (0,)


def test_russian_bank_stop_of_the_reserve_top_turns_the_next_one() -> None:
    text = "P1.reserve: 4♣ A♦\nP1.card: 9♠\nH4: P2 10♥"
    stopped = G.apply(pos(text, STOP_AUTO), Discard(0))
    after = G.apply(stopped, StopPlace(1, c("A♦"), reserve(0), foundation(1)))
    assert after.table.top(reserve(0)) is c("4♣")
    assert after.table.top(waste(0)) is c("9♠")


def test_russian_bank_stop_of_the_hand_card_turns_no_new_one() -> None:
    text = "P1.reserve: K♦\nP1.card: A♥\nP1.hand: 2♣ 3♣"
    stopped = G.apply(pos(text, STOP_AUTO), Discard(0))
    assert refused(stopped, Play(1, c("A♥"), hand_card(0), foundation(1))) == NOT_AVAILABLE
    after = G.apply(stopped, StopPlace(1, c("A♥"), hand_card(0), foundation(1)))
    assert after.table.cards(hand(0)) == (c("2♣"), c("3♣"))
    assert after.table.cards(hand_card(0)) == ()
    assert after.table.cards(waste(0)) == ()


def test_russian_bank_no_progress_draw() -> None:
    state = pos("P1.card: -\nP1.hand: -\nP1.waste: -\nP2.hand: -\nP2.waste: -")
    for n in range(NO_PROGRESS_TURNS):
        assert state.phase != OVER, n
        state = G.apply(state, EndTurn(state.turn))
    outcome = G.outcome(state)
    assert outcome is not None and outcome.is_draw and outcome.ending == NO_PROGRESS
    assert not outcome.by_safety_stop


def test_russian_bank_turn_move_cap_discards() -> None:
    state = pos("P1.card: 2♣\nH1: 10♥ 9♠\nH2: P2 10♦")
    for n in range(TURN_MOVE_CAP):
        assert G.to_move(state) == {0}, n
        src, tgt = (house(1), house(2)) if n % 2 == 0 else (house(2), house(1))
        state = play(state, 0, c("9♠"), src, tgt)
    assert any(isinstance(e, Discarded) and e.capped for e in state.events)
    assert G.to_move(state) == {1} and state.table.top(waste(0)) is c("2♣")


def test_russian_bank_score_margin() -> None:
    text = (
        "P1.hand: -\nP1.waste: -\nP1.card: -\nP1.reserve: 7♣\nF1: A♣ 2♣ 3♣ 4♣ 5♣ 6♣\n"
        "P2.reserve: 2♦ 3♦ 4♦\nP2.hand: 5♦ 6♦\nP2.waste: 7♦"
    )
    after = play(
        pos(text, RussianBankOptions(score_margin=True)), 0, c("7♣"), reserve(0), foundation(1)
    )
    outcome = G.outcome(after)
    assert outcome is not None and outcome.scores == (30 + 2 * 3 + 3, 0)
    plain = G.outcome(play(pos(text), 0, c("7♣"), reserve(0), foundation(1)))
    assert plain is not None and plain.scores is None


def test_russian_bank_options_checked() -> None:
    with pytest.raises(OptionsError):
        RussianBankOptions(stop_mode="sometimes")


def test_russian_bank_notation_round_trip() -> None:
    state = pos("P2.reserve: 5♦\nP1.card: 6♦\nH3: 5♦")
    for move in G.legal_moves(state, 0):
        assert G.move_from_text(state, G.move_to_text(move), 0) == move


# --- the bot ----------------------------------------------------------------------------------


def _bot_game(options: RussianBankOptions, seed: int) -> list[object]:
    bots = [RussianBankBot(), RussianBankBot()]
    rng = random.Random(seed)
    state = G.new_game(seats=2, options=options, seed=seed)
    events: list[object] = []
    while G.to_move(state):
        seat = state.turn
        legal = G.legal_moves(state, seat)
        move = bots[seat].choose(G, G.observe(state, seat), legal, rng)
        if any(isinstance(m, Play) and m.target.startswith("found.") for m in legal):
            assert isinstance(move, Play | StopPlace) and move.target.startswith("found.")
        state = G.apply(state, move)
        events.extend(state.events)
    assert G.outcome(state) is not None
    return events


def test_russian_bank_bot_never_misses_a_compulsory_foundation_play() -> None:
    for seed in range(4):
        events = _bot_game(STOP_AUTO, seed)
        assert not any(isinstance(e, StopCalled) for e in events)


def test_russian_bank_bot_calls_stop_with_a_house_card() -> None:
    # The human (P1) misses A♠ on H3 (and his own reserve A♦): the bot places the house card.
    text = "P1.reserve: A♦\nH3: P2 A♠\nP1.card: 9♠\nH4: P2 10♥"
    stopped = G.apply(pos(text, STOP_AUTO), Play(0, c("9♠"), hand_card(0), house(4)))
    legal = G.legal_moves(stopped, 1)
    move = RussianBankBot().choose(G, G.observe(stopped, 1), legal, random.Random(0))
    assert isinstance(move, StopPlace) and move.card is c("A♠", 1) and move.source == house(3)


def test_russian_bank_bots_finish_by_the_rules() -> None:
    for seed in range(3):
        events = _bot_game(RussianBankOptions(), seed)
        assert any(type(e).__name__ in ("Won", "Drawn") for e in events)
