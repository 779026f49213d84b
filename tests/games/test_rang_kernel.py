"""Rang's kernel (games/rang/kernel.py) on positions of the rules: it lists exactly the moves the
rules allow and plays them as the engine does (rang.md §6, §7)."""

from __future__ import annotations

from cardsuite.core.cards import RANKS, parse_card
from cardsuite.games.rang.engine import RANG
from cardsuite.games.rang.kernel import KERNEL
from cardsuite.games.rang.model import Draw, FullRang, Keep, Play, PlayJoker, RangOptions
from tests.contract.checks import check_kernel_state, check_kernel_step


def moves(state: FullRang, seat: int = 0) -> set[object]:
    kernel = KERNEL.load(state)
    return {KERNEL.move(kernel, a) for a in KERNEL.legal(kernel, seat)}


def test_stuck_with_an_ace_the_kernel_offers_the_ace_and_the_draw() -> None:
    s = RANG.position("""
        P1: A♥ 9♣
        P2: 2♣ 2♦
        P3: 3♣ 3♦
        discard: 5♣
    """)
    assert moves(s) == {Play(0, parse_card("A♥")), Draw(0)}
    assert moves(s, 1) == set(), "nobody else may act"


def test_a_wild_ace_names_every_rank() -> None:
    s = RANG.position(
        """
        P1: A♥ 9♣
        P2: 2♣ 2♦
        P3: 3♣ 3♦
        discard: 5♣
    """,
        options=RangOptions(wild_ace=True),
    )
    ace = parse_card("A♥")
    assert moves(s) == {Play(0, ace, r) for r in RANKS} | {Draw(0)}


def test_a_joker_names_any_rank_with_or_without_a_card_next_to_it() -> None:
    s = RANG.position("""
        P1: JOKER 9♠ Q♥
        P2: 2♣ 2♦
        P3: 3♣ 3♦
        discard: 5♣
    """)
    nine, queen = parse_card("9♠"), parse_card("Q♥")
    jokers = {PlayJoker(0, r, None) for r in RANKS}
    jokers |= {PlayJoker(0, r, nine) for r in (8, 10)} | {PlayJoker(0, r, queen) for r in (11, 13)}
    assert moves(s) == jokers | {Draw(0)}
    check_kernel_state(RANG, KERNEL, s)
    loaded = KERNEL.load(s)
    check_kernel_step(
        RANG, KERNEL, loaded, PlayJoker(0, 10, nine), RANG.apply(s, PlayJoker(0, 10, nine))
    )


def test_after_a_draw_only_the_drawn_card_or_keeping_it() -> None:
    s = RANG.position("""
        P1: 9♣
        P2: 2♣ 2♦
        P3: 3♣ 3♦
        discard: 5♣
        stock: 6♦
    """)
    drew = RANG.apply(s, Draw(0))
    assert moves(drew) == {Play(0, parse_card("6♦")), Keep(0)}
    forced = RANG.position(
        """
        P1: 9♣
        P2: 2♣ 2♦
        P3: 3♣ 3♦
        discard: 5♣
        stock: 6♦
    """,
        options=RangOptions(forced_drawn_play=True),
    )
    assert moves(RANG.apply(forced, Draw(0))) == {Play(0, parse_card("6♦"))}


def test_a_pending_player_comes_back_with_two_cards_in_the_kernel_too() -> None:
    s = RANG.position("""
        P1: 6♠
        P2: 7♣ 2♦
        P3: 3♣ 3♦
        discard: 5♣
        stock: 10♦ J♦ Q♦
    """)
    went_out = RANG.apply(s, Play(0, parse_card("6♠")))
    assert went_out.pending == 0
    answer = Play(1, parse_card("7♣"))
    back = RANG.apply(went_out, answer)
    loaded = KERNEL.load(went_out)
    action = next(a for a in KERNEL.legal(loaded, 1) if KERNEL.move(loaded, a) == answer)
    played = KERNEL.play(KERNEL.copy(loaded), action)
    assert played.hands[0] == [parse_card("Q♦").index, parse_card("J♦").index]
    assert KERNEL.key(played) == KERNEL.key(KERNEL.load(back))
    assert played.pending == -1 and played.turn == 2
