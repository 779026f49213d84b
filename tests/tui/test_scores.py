"""The score sheet screen (issue 19): drawn from a ScoreSheet alone, within 80 columns with
four players, closed by Esc, t or q; and the outcome's scores in each game's own terms."""

from __future__ import annotations

from typing import Any

import pytest
from rich.cells import cell_len

from cardsuite.core.view import ScoreSheet, SheetRow
from cardsuite.games import get_game
from cardsuite.match import Match, SeatInfo
from cardsuite.tui.screens.outcome import OutcomeScreen, measure_hint, placing_lines
from cardsuite.tui.screens.scores import ScoreSheetScreen, sheet_lines
from tests.matches import seven_up_between_deals

from .helpers import (
    finished_match,
    generic_match,
    make_app,
    press,
    screen_text,
    settle,
    shows,
    until,
)

LONG = ScoreSheet(
    title="Rang",
    columns=("Aleksandra", "Bartholomew", "Veronika", "Gleb the Third of Kyiv"),
    scored="lost this deal",
    total="deals lost in all",
    rows=tuple(
        SheetRow(f"Deal {n}", ("1", "0", "0", "0"), (str(n), "0", "0", "0")) for n in range(1, 11)
    ),
)


def test_a_sheet_of_four_players_fits_80_columns() -> None:
    sheet = seven_up_between_deals().view(0).scores
    assert sheet is not None and len(sheet.columns) == 4 and len(sheet.rows) == 2
    for width in (76, 60):
        lines = sheet_lines(sheet, width)
        assert all(cell_len(line) <= width for line in lines), lines
        assert "Anna" in lines[0] and "Gleb" in lines[0]
        # "points" and "chips left" do not fit above four columns: a sentence says them
        assert lines[-1] == "In each column: points, then chips left."
    rows = sheet_lines(sheet, 76)[1:3]
    deal_1 = sheet.rows[0]
    assert rows[0].replace("│", "").split() == ["Deal", "1"] + [
        v for pair in zip(deal_1.scores, deal_1.totals, strict=True) for v in pair
    ]


def test_long_names_and_headings_are_cut_to_fit() -> None:
    lines = sheet_lines(LONG, 76)
    assert all(cell_len(line) <= 76 for line in lines), lines
    assert "…" in lines[0]  # the longest name is cut
    assert lines[-1] == "In each column: lost this deal, then deals lost in all."
    wide = sheet_lines(LONG, 200)  # room for everything: the two numbers are headed
    assert "Gleb the Third of Kyiv" in wide[0] and "deals lost in all" in wide[1]
    assert not any(line.startswith("In each column") for line in wide)


@pytest.mark.parametrize("key", ["escape", "t", "q"])
async def test_the_sheet_closes_with_esc_t_or_q(key: str) -> None:
    sheet = seven_up_between_deals().view(0).scores
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(ScoreSheetScreen(sheet))
        assert await shows(pilot, "Score sheet — Seven Up")
        text = screen_text(app)
        assert "Chips left: fewer is better." in text and "Deal 3 is next" in text
        await press(pilot, key)
        assert await until(pilot, lambda: not isinstance(app.screen, ScoreSheetScreen))


async def test_a_match_of_one_deal_says_it_has_no_sheet() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(ScoreSheetScreen(None))
        assert await shows(pilot, "there is no score sheet")
        empty: Any = ScoreSheet("Rang", ("Anna", "Boris"), "lost", "in all")
        await press(pilot, "escape")
        app.push_screen(ScoreSheetScreen(empty))
        assert await shows(pilot, "No deal has finished yet.")


# --- the outcome: each score in the game's own terms ----------------------------------------


def _finished(game_id: str, players: int, seed: int = 1, **options: Any) -> Match:
    game = get_game(game_id)
    names = ("Anna", "Boris", "Vera", "Gleb")[:players]
    seats = [SeatInfo(name, "heuristic") for name in names]
    match = Match(game, seats, options=game.Options(**options), seed=seed)
    match.play_bots()
    assert match.is_over()
    return match


def test_the_outcome_says_chips_left_and_that_fewer_is_better() -> None:
    match = seven_up_between_deals()
    match.play_bots()
    lines = [line for _place, line in placing_lines(match)]
    assert lines[0].startswith("★ 1st") and lines[0].endswith(" 0 chips left"), lines
    assert not any("score" in line for line in lines)
    assert measure_hint(match) == "Chips left: fewer is better."


def test_the_outcome_of_seven_leaves_says_what_the_numbers_are() -> None:
    # issue 19: "★ 1st Boris score 7 / ☆ 2nd Anna score 9" did not say what 7 and 9 were
    match = _finished("seven-leaves", 2)
    outcome = match.outcome()
    assert outcome is not None and outcome.scores is not None
    lines = [line for _place, line in placing_lines(match)]
    for line in lines:
        assert line.endswith(" tricks") or line.endswith(" trick"), line
    assert measure_hint(match) == ("Tricks taken; whoever went safe sooner places higher.")


def test_the_outcome_names_the_level_each_bot_played_at() -> None:
    game = get_game("seven-up")
    seats = [SeatInfo("Anna", "easy"), SeatInfo("Boris", "hard"), SeatInfo("Vera", "heuristic")]
    match = Match(game, seats, seed=4)
    match.play_bots()
    assert match.is_over()
    lines = {line.split()[2]: line for _place, line in placing_lines(match)}
    assert "(bot · easy)" in lines["Anna"] and "(bot · hard)" in lines["Boris"]
    assert "(bot · normal)" in lines["Vera"]  # a save's former name, told by today's
    rubashka = Match(get_game("rubashka"), [SeatInfo("Anna", "normal"), SeatInfo("Boris")])
    rubashka.play_bots()
    while not rubashka.is_over():  # the person's every move is forced
        rubashka.apply(rubashka.legal_moves(1)[0])
        rubashka.play_bots()
    kinds = [line for _place, line in placing_lines(rubashka)]
    assert any("(bot)" in line for line in kinds) and not any("·" in line for line in kinds)


def test_the_outcome_of_grabush_places_two_teams_first_and_second() -> None:
    # issue 19: the losing team showed as "3rd" with the higher "score"
    match = _finished("grabush", 4)
    placed = placing_lines(match)
    assert sorted({place for place, _line in placed}) == [1, 2]
    assert [line[:5] for _place, line in placed] == ["★ 1st"] * 2 + ["☆ 2nd"] * 2
    assert all("cards left" in line for _place, line in placed)
    assert measure_hint(match) == "Cards left in the team pile: fewer is better."


# --- Seven Up's order on the table ------------------------------------------------------------


async def test_seven_up_shows_its_ten_high_order_at_80x24() -> None:
    # issue 19: the 10 ranks above the Ace (seven-up.md §4), and an 80×24 table must say so
    app = make_app(generic_match(get_game("seven-up"), seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "Ranks, high to low: 10 A" in text and "K Q J 9 8 7 6 5 4 3 2" in text


async def test_the_outcome_opens_the_score_sheet_with_s() -> None:
    match = seven_up_between_deals()
    match.play_bots()
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, OutcomeScreen)
        assert "s scores" in screen_text(app)
        await press(pilot, "s")
        assert await shows(pilot, "Score sheet — Seven Up")
        assert "Deal 3" in screen_text(app) and "The match is over" in screen_text(app)
        await press(pilot, "escape")
        assert await until(pilot, lambda: isinstance(app.screen, OutcomeScreen))


async def test_an_outcome_of_one_deal_offers_no_score_sheet() -> None:
    app = make_app(finished_match(get_game("spit")))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, OutcomeScreen) and screen.sheet is None
        assert "s scores" not in screen_text(app)
        assert screen.check_action("scores", ()) is False
        await press(pilot, "s")
        await settle(pilot)
        assert app.screen is screen
