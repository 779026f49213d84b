"""The refusals of a match of deals around the pause between deals (core.series)."""

from __future__ import annotations

from cardsuite.core.errors import GAME_OVER, NOT_NOW, NOT_YOUR_TURN, Refusal
from cardsuite.core.series import DealResult, Series, deal_over_refusal, next_deal_refusal

IN_PLAY = Series(deals=3, number=0, dealer=0)
BETWEEN = IN_PLAY.ended(DealResult(0, (1, 0), "note"))
OVER = IN_PLAY.ended(DealResult(0, (1, 0), "note"), match_over=True)
CUSTOM = Refusal("Custom", "custom")


def test_only_the_next_dealer_deals_between_deals() -> None:
    assert BETWEEN.between
    assert next_deal_refusal(BETWEEN, 1, 1) is None
    refused = next_deal_refusal(BETWEEN, 0, 1)
    assert refused is not None and refused.code == NOT_YOUR_TURN
    assert refused.text == "it is not {s0}'s turn"
    assert next_deal_refusal(BETWEEN, 0, 1, not_dealer=CUSTOM) is CUSTOM
    assert next_deal_refusal(BETWEEN, 1, 1, not_dealer=CUSTOM, game_over=True) is None


def test_no_next_deal_during_a_deal_or_after_the_game() -> None:
    refused = next_deal_refusal(IN_PLAY, 1, 1)
    assert refused == Refusal(NOT_NOW, "the deal is not over yet")
    assert next_deal_refusal(IN_PLAY, 1, 1, not_over=CUSTOM) is CUSTOM
    assert next_deal_refusal(OVER, 1, 1, game_over=True) == Refusal(GAME_OVER, "the game is over")
    after = next_deal_refusal(OVER, 1, 1, game_over=True, not_over=CUSTOM)
    assert after is not None and after.code == GAME_OVER


def test_other_moves_once_the_deal_is_over() -> None:
    assert deal_over_refusal(BETWEEN, 2) == Refusal(
        NOT_NOW, "the deal is over: {s2} deals the next hand"
    )
    assert deal_over_refusal(BETWEEN, 2, between=CUSTOM, over=Refusal("X", "x")) is CUSTOM
    assert deal_over_refusal(OVER, 2) == Refusal(GAME_OVER, "the game is over")
    assert deal_over_refusal(OVER, 2, between=CUSTOM, over=CUSTOM) is CUSTOM
