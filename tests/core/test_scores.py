"""Scores that explain themselves (issue 19): places of sides, the measure a score counts in,
and the score sheet of a match of deals."""

from __future__ import annotations

from cardsuite.core.outcome import POINTS, Better, Measure, Outcome
from cardsuite.core.series import DealResult, Series, score_sheet
from cardsuite.core.view import ScoreSheet, SheetRow, TableView

TEAMS = (frozenset({0, 2}), frozenset({1, 3}))
CHIPS_LEFT = Measure("chips left", ("{n} chip left", "{n} chips left"), Better.FEWER)


def test_two_sides_are_placed_first_and_second() -> None:
    """Partners are one side: the losing team of two is 2nd, not 3rd."""
    won_by_b = Outcome.from_scores([17, 0, 17, 0], "r", higher_wins=False, sides=TEAMS)
    assert won_by_b.places == (2, 1, 2, 1)
    assert Outcome.from_scores([5, 9, 5, 9], "r", sides=TEAMS).places == (2, 1, 2, 1)
    three_sides = (frozenset({0, 3}), frozenset({1, 4}), frozenset({2, 5}))
    outcome = Outcome.from_scores([4, 8, 8, 4, 8, 8], "r", sides=three_sides)
    assert outcome.places == (3, 1, 1, 3, 1, 1)  # two sides share the first place: the third is 3rd
    assert Outcome.from_scores([2, 2, 2, 2], "r", sides=TEAMS).is_draw
    # seats playing alone keep the standard competition ranking
    assert Outcome.from_scores([3, 5, 5, 1], "r").places == (3, 1, 1, 4)


def test_a_score_says_what_it_counts() -> None:
    outcome = Outcome.from_scores([0, 3], "r", higher_wins=False, measure=CHIPS_LEFT)
    assert outcome.measure is CHIPS_LEFT
    assert (outcome.amount(0), outcome.amount(1)) == ("0 chips left", "3 chips left")
    assert CHIPS_LEFT.amount(1) == "1 chip left"
    assert CHIPS_LEFT.hint() == "Chips left: fewer is better."
    assert POINTS.amount(12) == "12 points" and POINTS.hint() == ""  # more is better: no hint
    noted = Measure("tricks", ("{n} trick", "{n} tricks"), Better.NEITHER, note="Places by x.")
    assert noted.hint() == "Places by x."
    assert Outcome.win_for(frozenset({0}), 2, "r").amount(0) == ""  # no scores, no words


def _series(*deals: tuple[int, ...], number: int, between: bool, length: int = 5) -> Series:
    results = tuple(DealResult(0, scores, "") for scores in deals)
    return Series(length, number, 0, results, between)


def test_the_score_sheet_adds_up_each_deal() -> None:
    series = _series((1, 0, 0), (0, 0, 1), number=2, between=False)
    sheet = score_sheet(
        series,
        [("{s0}", 0), ("{s1}", 1), ("{s2}", 2)],
        title="Rang",
        scored="lost",
        total="in all",
        better="Deals lost: fewer is better.",
    )
    assert sheet.rows == (
        SheetRow("Deal 1", ("1", "0", "0"), ("1", "0", "0")),
        SheetRow("Deal 2", ("0", "0", "1"), ("1", "0", "1")),
    )
    assert sheet.lines == ("Deal 3 of 5 in play",)
    named = TableView("t", 0, (), (), "", scores=sheet).named(["Anna", "Boris", "Vera"])
    assert named.scores is not None and named.scores.columns == ("Anna", "Boris", "Vera")
    assert "Deals lost: fewer is better." in set(named.strings())


def test_the_score_sheet_counts_down_and_with_signs() -> None:
    between = _series((3, 1), (2, 4), number=1, between=True, length=0)
    down = score_sheet(
        between, [("a", 0), ("b", 1)], title="", scored="", total="", start=[7, 7], down=True
    )
    assert [row.totals for row in down.rows] == [("4", "6"), ("2", "2")]
    assert down.lines == ("Deal 3 is next",)
    over = Series(0, 0, 0, (DealResult(0, (-3, 5), ""),), False)
    signed = score_sheet(over, [("a", 0), ("b", 1)], title="", scored="", total="", signed=True)
    assert signed.rows == (SheetRow("Deal 1", ("-3", "+5"), ("-3", "+5")),)
    assert signed.lines == ("The match is over",)


def test_a_sheet_before_the_first_deal_ends_has_no_rows() -> None:
    sheet = score_sheet(
        Series.start(seed=1, seats=2, deals=3), [("a", 0)], title="", scored="", total=""
    )
    assert sheet == ScoreSheet("", ("a",), "", "", (), "", ("Deal 1 of 3 in play",))
