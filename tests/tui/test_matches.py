"""Saved matches in the app: the list, continuing and replaying, deleting, statistics, the
replay of a match just finished."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from cardsuite.games import get_game
from cardsuite.games.seven_up.model import Discard
from cardsuite.match import Match, SeatInfo
from cardsuite.store.db import Store
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.lobby import LobbyScreen
from cardsuite.tui.screens.matches import MatchesScreen, StatsScreen, column_widths, cut
from cardsuite.tui.screens.outcome import OutcomeScreen
from cardsuite.tui.screens.replay import OPEN, ReplayScreen, status_line
from cardsuite.tui.screens.table import TableScreen
from tests.matches import begging_seven_up, store_a_person_and_a_bot_named_boris

from .helpers import (
    TEST_SETTINGS,
    choose_game,
    finished_match,
    make_app,
    press,
    screen_text,
    settle,
    shows,
    until,
)
from .stored import frozen_clock, store_matches_at_fixed_times

__all__ = ["frozen_clock"]  # a fixture

SIZE = (120, 40)


def stored_matches() -> tuple[int, int, Match]:
    """A finished Go Fish match, then an unfinished Grabuge one (played last)."""
    done = Match(get_game("ryba"), [SeatInfo("Anna", "random"), SeatInfo("Boris", "random")])
    unfinished = Match(get_game("grabuge"), [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=9)
    with Store() as store:
        done_id = store.add(done.record())
        done.attach(store.journal(done_id), done_id)  # stored move by move, as at a table
        done.play_bots()
        open_id = store.add(unfinished.record())
        unfinished.attach(store.journal(open_id), open_id)
        unfinished.play_bots()
    assert done.is_over() and not unfinished.is_over()
    return open_id, done_id, done


async def open_matches(pilot: Pilot[Any], app: CardsuiteApp) -> MatchesScreen:
    """Press m in the lobby; the saved matches once they are listed."""
    await press(pilot, "m")
    assert await until(
        pilot, lambda: isinstance(app.screen, MatchesScreen) and bool(app.screen.shown)
    )
    await settle(pilot)
    screen = app.screen
    assert isinstance(screen, MatchesScreen)
    return screen


async def test_the_list_continues_a_match_in_play_and_replays_a_finished_one(
    cardsuite_home: Path,
) -> None:
    open_id, done_id, done = stored_matches()
    app = CardsuiteApp(settings=TEST_SETTINGS, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_matches(pilot, app)
        text = screen_text(app)
        assert "Grabuge" in text and "Go Fish" in text and "in play" in text
        matches = app.screen
        assert isinstance(matches, MatchesScreen)
        assert [m.id for m in matches.shown] == [open_id, done_id]  # in play first
        await press(pilot, "down", "enter")  # the finished one: a replay
        assert await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert replay.viewer == OPEN and replay.index == 0
        await press(pilot, "right", "right")
        assert replay.index == 2
        assert "Move 2 of" in screen_text(app)
        await press(pilot, "end")
        assert replay.index == len(done.moves)
        assert "The game is over" in screen_text(app)
        await press(pilot, "v")  # Anna's view
        assert replay.viewer == 0 and "Anna's view" in screen_text(app)
        await press(pilot, "escape")
        assert await until(pilot, lambda: isinstance(app.screen, MatchesScreen))
        await settle(pilot)
        await press(pilot, "up", "enter")  # the match in play: its table
        assert await until(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.match.journal_id == open_id


async def test_delete_asks_for_a_second_press(cardsuite_home: Path) -> None:
    open_id, done_id, _done = stored_matches()
    app = CardsuiteApp(settings=TEST_SETTINGS, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_matches(pilot, app)
        await press(pilot, "d")
        assert f"Press d again to delete match {open_id}" in screen_text(app)
        store = app.store
        assert store is not None and len(store.matches()) == 2
        await press(pilot, "d")
        assert [m.id for m in store.matches()] == [done_id]
        assert f"Match {open_id} deleted" in screen_text(app)
        await press(pilot, "escape")
        assert await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await settle(pilot)
        # nothing left in play: the line goes once the lobby has looked again
        assert await until(pilot, lambda: "Continue saved match" not in screen_text(app))


async def test_exporting_a_match_in_play_asks_for_a_second_press(
    cardsuite_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_id, _done_id, _done = stored_matches()
    monkeypatch.chdir(tmp_path)
    app = CardsuiteApp(settings=TEST_SETTINGS, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_matches(pilot, app)  # the match in play is listed first
        await press(pilot, "x")
        assert "would show every hand" in screen_text(app)
        assert list(tmp_path.glob("*.json")) == []
        await press(pilot, "x")
        (written,) = tmp_path.glob("*.json")
        assert written.name == f"cardsuite-grabuge-{open_id}.json"
        assert f"Match {open_id} written to" in screen_text(app)


async def test_statistics_per_player_and_per_game(cardsuite_home: Path) -> None:
    _open_id, _done_id, done = stored_matches()
    outcome = done.outcome()
    assert outcome is not None
    app = CardsuiteApp(settings=TEST_SETTINGS, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_matches(pilot, app)
        await press(pilot, "t")
        assert await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        await settle(pilot)
        # only bots played the finished match: nobody is counted until b
        assert "No finished matches with a person yet" in screen_text(app)
        await press(pilot, "b")
        assert await until(
            pilot, lambda: isinstance(app.screen, StatsScreen) and bool(app.screen.shown_rows)
        )
        winner = done.names[outcome.places.index(1)]

        def winner_row() -> str | None:
            """The winner's row as the screen shows it, once drawn with its bot level (the
            table is filled before its columns are laid out and drawn)."""
            lines = screen_text(app).splitlines()
            return next((line for line in lines if f"{winner} (bot · easy)" in line), None)

        assert await until(pilot, lambda: winner_row() is not None)
        text = screen_text(app)
        assert "all games" in text and "bots among themselves too" in text
        row = winner_row()
        assert row is not None and row.strip().startswith(winner)
        assert row.split()[4:7] == ["1", "1", "0"]  # 1 game, 1 win, 0 draws
        await press(pilot, "g")
        assert await shows(pilot, "Go Fish")


async def test_statistics_keep_a_person_and_a_bot_of_the_same_name_apart(
    cardsuite_home: Path,
) -> None:
    store_a_person_and_a_bot_named_boris()
    app = CardsuiteApp(settings=TEST_SETTINGS, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_matches(pilot, app)
        await press(pilot, "t")
        assert await until(
            pilot, lambda: isinstance(app.screen, StatsScreen) and bool(app.screen.shown_rows)
        )
        rows = [line.split()[:4] for line in screen_text(app).splitlines()]
        assert ["Boris", "1"] in [row[:2] for row in rows]  # the person
        assert ["Boris", "(bot", "·", "normal)"] in rows  # the bot, a row of its own
        assert ["Anna", "(bot", "·", "normal)"] in rows
        screen = app.screen
        assert isinstance(screen, StatsScreen) and screen.shown_rows == 4


async def test_the_outcome_screen_offers_the_replay_and_the_deal_code() -> None:
    match = finished_match(get_game("seven-up"), seed=2)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert await until(pilot, lambda: isinstance(app.screen, OutcomeScreen))
        assert match.deal_code() in screen_text(app)
        await press(pilot, "p")
        assert await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await press(pilot, "escape")
        assert await until(pilot, lambda: isinstance(app.screen, OutcomeScreen))


async def test_starting_a_new_match_never_touches_another(cardsuite_home: Path) -> None:
    open_id, done_id, _done = stored_matches()
    app = CardsuiteApp(settings=TEST_SETTINGS, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await choose_game(pilot, "seven-up")
        await press(pilot, "ctrl+s")
        assert await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        new_id = table.match.journal_id
        await press(pilot, "l")
        assert await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        store = app.store
        assert store is not None
        ids = {m.id for m in store.matches()}
        assert ids == {open_id, done_id, new_id}
        assert store.get(open_id).moves > 0 and store.get(done_id).is_finished


def begged_match() -> tuple[Match, int, Discard]:
    """A finished Seven Up match with begging (seed 1): Anna begs, Boris runs the cards and
    Anna's first discard is move 3; returns the match, that move's number and the move."""
    match = begging_seven_up()
    match.play_bots()
    assert match.is_over()
    number, move = next(
        (n, m) for n, m in enumerate(match.moves, start=1) if isinstance(m, Discard)
    )
    assert (number, move.seat) == (3, 0)
    return match, number, move


def test_the_replay_status_line_words_a_discard_as_its_viewer_may_know_it() -> None:
    match, number, move = begged_match()
    card = move.card.text()
    assert status_line(match, number, OPEN).endswith(f"Anna — discard {card}")
    assert status_line(match, number, 0).endswith(f"Anna — discard {card}")  # her own
    for viewer in (1, None):  # Boris, a spectator
        line = status_line(match, number, viewer)
        assert line.endswith("Anna — discard a card") and card not in line


async def test_the_replay_screen_shows_a_discard_only_to_the_discarder() -> None:
    match, number, move = begged_match()
    card = move.card.text()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert await until(pilot, lambda: isinstance(app.screen, OutcomeScreen))
        await press(pilot, "p")
        assert await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.viewer == OPEN
        await press(pilot, *["right"] * number)
        assert f"discard {card}" in screen_text(app)
        await press(pilot, "v")  # Anna's view: her own discard
        assert replay.viewer == 0 and f"discard {card}" in screen_text(app)
        for viewer in (1, None):  # Boris's view, then a spectator's
            await press(pilot, "v")
            assert replay.viewer == viewer
            text = screen_text(app)
            assert "Anna — discard a card" in text and card not in text


# --- the list's columns at 80×24 and 120×40 (issue 19, item 8) --------------------------------


def test_the_players_give_way_first() -> None:
    headings = ("No.", "Game", "Players", "Moves", "Played", "Result")
    row = ("12", "Laugh and Lie Down", "Anna, Boris (bot), Vera (bot)", "9", "5 min ago", "in play")
    padding = 2 * len(headings)
    natural = column_widths(headings, [row], 1000)
    assert natural == [3, 18, 29, 5, 9, 7]
    assert column_widths(headings, [row], sum(natural) + padding) == natural
    narrow = column_widths(headings, [row], sum(natural) + padding - 15)
    assert narrow == [3, 18, 14, 5, 9, 7]  # only the players
    # the players down to 10, then the game down to 8, then the players again
    assert column_widths(headings, [row], 50) == [3, 8, 6, 5, 9, 7]
    assert cut("Anna, Boris (bot)", 8) == "Anna, B…" and cut("Anna", 8) == "Anna"
    assert cut("Аннушка", 4) == "Анн…" and cut("漢字漢字", 5) == "漢字…"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_every_column_shows_and_the_players_give_way(
    cardsuite_home: Path, frozen_clock: None, size: tuple[int, int]
) -> None:
    """All six columns show; every cell but the players' shows whole; the players' shows whole
    or cut with "…" (at 120×40, cut only for five long names)."""
    store_matches_at_fixed_times()
    app = CardsuiteApp(settings=TEST_SETTINGS, seed=1)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = await open_matches(pilot, app)
        lines = screen_text(app).splitlines()
        header = next(line for line in lines if "No." in line and "Game" in line)
        for heading in ("Players", "Moves", "Played", "Result"):
            assert f" {heading} " in f"{header} ", (heading, header)
        rows = lines[lines.index(header) + 1 :][: len(screen.shown)]
        for row, cells in zip(rows, screen._cells, strict=True):
            number, game, players, moves, played, result = cells
            assert row.split()[0] == number
            for whole in (game, moves, played, result):
                assert f" {whole} " in row, (whole, row)
            shown = players if players in row else players[:4]
            assert shown in row and (players in row or "…" in row), row
            if size == (120, 40) and "Alexandrina" not in players:
                assert players in row
        assert "in play · practice" in screen_text(app)  # nothing cut in the result


async def test_the_columns_follow_a_resized_terminal(
    cardsuite_home: Path, frozen_clock: None
) -> None:
    store_matches_at_fixed_times()
    app = CardsuiteApp(settings=TEST_SETTINGS, seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await open_matches(pilot, app)
        await pilot.resize_terminal(80, 24)
        assert await until(pilot, lambda: "Anna, Bor…" in screen_text(app))
        header = next(line for line in screen_text(app).splitlines() if "No." in line)
        assert "Moves" in header and "Played" in header and "Result" in header
