"""Snip Snap Snorem's kernel (games/snip_snap_snorem/kernel.py) on the lines of the rules'
scenarios (snip-snap-snorem.md §11): the same moves listed and the same game played."""

from __future__ import annotations

from cardsuite.core.cards import parse_cards
from cardsuite.games.snip_snap_snorem.engine import SNIP_SNAP_SNOREM as G
from cardsuite.games.snip_snap_snorem.kernel import KERNEL, PASS
from cardsuite.games.snip_snap_snorem.model import Pass, Play, SnipOptions
from tests.contract.checks import check_kernel_line

MULTI = SnipOptions(multi_play=True, auto_pass=False)
MANUAL = SnipOptions(auto_pass=False)
SCENARIO = "P1: 7♣ 7♥ K♠\nP2: 7♦ 7♠ 2♣\nP3: 5♥ 9♦\ndealer: P3"
LONE = "P1: 9♣ 9♦ 9♥ 9♠ 2♣\nP2: 3♦ 4♦\nP3: 5♦ 6♦"


def play(seat: int, text: str) -> Play:
    return Play(seat, parse_cards(text))


def test_s06_two_at_once_and_the_last_card_wins_in_the_kernel() -> None:
    s = G.position(SCENARIO, options=MULTI)
    end = check_kernel_line(
        G, s, play(0, "7♣"), play(1, "7♦ 7♠"), Pass(2), play(0, "7♥"), play(0, "K♠")
    )
    assert KERNEL.outcome(end) is not None and end.winner == 0


def test_s07_a_match_offers_every_set_of_the_rank() -> None:
    s = G.apply(G.position(SCENARIO, options=MULTI), play(0, "7♣"))
    k = KERNEL.load(s)
    assert {KERNEL.move(k, a) for a in KERNEL.legal(k, 1)} == {
        play(1, "7♦"),
        play(1, "7♠"),
        play(1, "7♦ 7♠"),
    }


def test_s08_the_lone_holder_laps_the_table_by_hand_and_automatically() -> None:
    by_hand = check_kernel_line(
        G,
        G.position(LONE, options=MANUAL),
        play(0, "9♣"), Pass(1), Pass(2), play(0, "9♦"),
        Pass(1), Pass(2), play(0, "9♥"), Pass(1), Pass(2), play(0, "9♠"),
    )  # fmt: skip
    auto = check_kernel_line(
        G, G.position(LONE), play(0, "9♣"), play(0, "9♦"), play(0, "9♥"), play(0, "9♠")
    )
    for k in (by_hand, auto):
        assert k.turn == 0 and k.rank == 0 and not k.round
        assert sorted(k.done[-4:]) == sorted(c.index for c in parse_cards("9♣ 9♦ 9♥ 9♠"))


def test_a_player_without_the_rank_may_only_pass() -> None:
    s = G.apply(G.position(LONE, options=MANUAL), play(0, "9♣"))
    k = KERNEL.load(s)
    assert KERNEL.legal(k, 1) == [PASS] and KERNEL.legal(k, 0) == []
