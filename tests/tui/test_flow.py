"""Hot-seat steps, refused moves, undo availability, settings and saves at the table."""

from __future__ import annotations

import random
from pathlib import Path

from cardsuite.games import get_game
from cardsuite.match import Match, SeatInfo
from cardsuite.runner import BotTurn, Curtain, HumanTurn, Seating
from cardsuite.store import db_path, load_settings
from cardsuite.store.db import Store
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.lobby import LobbyScreen
from cardsuite.tui.screens.table import TableScreen

from .helpers import choose_game, make_app, press, screen_text, settle


def _play_until(match: Match, session: Seating, rng: random.Random, steps: int) -> list[object]:
    """Drive a session without the app; returns the steps seen (curtains lifted at once)."""
    seen: list[object] = []
    for _ in range(steps):
        step = session.next_step()
        seen.append(step)
        if isinstance(step, Curtain):
            session.reveal(step.seat)
            continue
        if isinstance(step, BotTurn):
            match.apply(match.choose_bot_move(step.seat))
        elif isinstance(step, HumanTurn):
            legal = match.legal_moves(step.seat)
            match.apply(legal[rng.randrange(len(legal))])
        else:
            break
    return seen


def test_one_human_never_gets_a_curtain() -> None:
    match = Match(
        get_game("rang"), [SeatInfo("A"), SeatInfo("B", "random"), SeatInfo("C", "random")], seed=2
    )
    session = Seating(match)
    steps = _play_until(match, session, random.Random(1), 200)
    assert not any(isinstance(s, Curtain) for s in steps)
    assert session.viewer == 0


def test_curtain_exactly_when_the_human_changes_and_cards_are_hidden() -> None:
    match = Match(get_game("rang"), [SeatInfo("A"), SeatInfo("B"), SeatInfo("C", "random")], seed=5)
    session = Seating(match)
    assert session.viewer is None  # nobody has looked yet
    previous_human = None
    rng = random.Random(3)
    for _ in range(150):
        step = session.next_step()
        if isinstance(step, Curtain):
            assert step.seat != session.viewer
            session.reveal(step.seat)
            previous_human = step.seat
            continue
        if isinstance(step, HumanTurn):
            assert step.seat == session.viewer == previous_human  # never without a curtain
            legal = match.legal_moves(step.seat)
            match.apply(legal[rng.randrange(len(legal))])
        elif isinstance(step, BotTurn):
            match.apply(match.choose_bot_move(step.seat))
        else:
            break


def test_no_curtain_when_nothing_is_hidden_the_view_follows_the_mover() -> None:
    match = Match(get_game("grabuge"), [SeatInfo("A"), SeatInfo("B")], seed=1)
    session = Seating(match)
    steps = _play_until(match, session, random.Random(2), 120)
    assert not any(isinstance(s, Curtain) for s in steps)
    humans = {s.seat for s in steps if isinstance(s, HumanTurn)}
    assert humans == {0, 1}


async def test_an_illegal_pick_shows_the_engine_reason_and_changes_nothing() -> None:
    game = get_game("rang")
    # seed 13: Anna has two cards she may play (with one, Enter plays it wherever the cursor is)
    match = Match(game, [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=13)
    app = make_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        sel = screen.selector
        assert sel is not None and len(screen.runner.legal) >= 2
        # put the cursor on a card of the hand that may not be played now
        bad = next(
            s
            for s in sel.slots
            if s.pile == f"hand.{screen.runner.viewer}" and not sel.is_source(s)
        )
        before = len(match.moves)
        # the cursor starts on a playable card and stops at the row's ends
        way = "left" if sel.slots.index(bad) < sel.slots.index(sel.current) else "right"
        for _ in range(len(sel.slots)):
            if sel.current == bad:
                break
            await press(pilot, way)
        assert sel.current == bad
        await press(pilot, "enter")
        await settle(pilot)
        assert len(match.moves) == before
        assert screen.message_kind == "error"
        assert "Illegal" in screen.message
        assert screen.message.split(":")[0] in screen_text(app)


async def test_undo_is_greyed_out_until_allowed_and_then_takes_back() -> None:
    game = get_game("grabuge")
    match = Match(game, [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=3)
    app = make_app(match)
    rng = random.Random(4)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert screen.check_action("undo", ()) is None  # nothing to undo yet
        await press(pilot, "u")
        assert "Nothing to undo" in screen.message
        for _ in range(60):
            if screen.runner.undo_allowed():
                break
            legal = match.legal_moves(0)
            before = len(match.moves)
            from .helpers import play_move_by_keys

            await play_move_by_keys(pilot, screen, legal[rng.randrange(len(legal))])
            await settle(pilot)
            assert len(match.moves) > before
        assert screen.runner.undo_allowed() and screen.check_action("undo", ()) is True
        before = len(match.moves)
        await press(pilot, "u")
        await settle(pilot)
        assert len(match.moves) < before
        assert screen.message.startswith("Undone")


def _undo_point_alone(match: Match, seat: int) -> int | None:
    """Where undo would take ``seat`` back to if the other seats were bots."""
    seats = [
        SeatInfo(info.name, None if s == seat else "random") for s, info in enumerate(match.seats)
    ]
    alone = Match(match.game, seats, options=match.options, seed=match.seed)
    alone.states[:] = match.states
    alone.moves[:] = match.moves
    return alone.undo_point(seat)


async def test_undo_is_refused_with_two_humans() -> None:
    # Play on to a decision whose player could take his last move back were he alone against
    # a bot (he moved last and no card has been shown since): only the second human forbids it.
    game = get_game("grabuge")
    match = Match(game, [SeatInfo("Anna"), SeatInfo("Boris")], seed=3)
    rng = random.Random(4)
    for _ in range(200):
        (seat,) = match.to_move()
        legal = match.legal_moves(seat)
        if len(legal) > 1 and _undo_point_alone(match, seat) is not None:
            break
        match.apply(legal[rng.randrange(len(legal))])
    else:
        raise AssertionError("no decision that a lone player could undo")
    before = list(match.moves)
    app = make_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert screen.runner.viewer == seat and match.moves == before
        assert screen.check_action("undo", ()) is None
        await press(pilot, "u")
        await settle(pilot)
        assert "alone against bots" in screen.message
        assert match.moves == before


async def test_lobby_starts_rang_against_two_bots_and_saves_after_each_move(
    cardsuite_home: Path,
) -> None:
    app = CardsuiteApp(settings=None, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)
        text = screen_text(app)
        assert "Grabuge" in text  # the first game of the list, on the screen at 80×24
        await choose_game(pilot, "rang")
        assert "Rang — seats and options" in screen_text(app)
        await press(pilot, "enter")  # Rang, default seats: you and two bots
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert [s.is_bot for s in screen.match.seats] == [False, True, True]
        assert screen.match.game.id == "rang"
        store = app.store
        assert store is not None and screen.match.journal_id is not None
        assert store.get(screen.match.journal_id).moves == len(screen.match.moves)
        await press(pilot, "l")
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)


async def test_a_damaged_database_is_moved_aside_and_the_app_goes_on(
    cardsuite_home: Path,
) -> None:
    path = db_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"this is no database" * 100)
    app = CardsuiteApp(seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        store = app.store
        assert store is not None and store.notice is not None
        assert str(path) in store.notice and "moved to" in store.notice
        (aside,) = cardsuite_home.glob("cardsuite.db.damaged-*")
        assert aside.read_bytes() == b"this is no database" * 100  # kept, never overwritten
        await press(pilot, "ctrl+s")  # and a new match is saved in a new database
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen) and screen.match.journal_id is not None


async def test_an_old_autosave_is_imported_once_and_continued(cardsuite_home: Path) -> None:
    match = Match(get_game("grabuge"), [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=9)
    match.play_bots()
    old = cardsuite_home / "autosave.json"
    match.save(old)
    app = CardsuiteApp(seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert "Continue saved match" in screen_text(app)
        await press(pilot, "c")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert screen.match.moves == match.moves
    assert not old.exists() and (cardsuite_home / "autosave.json.imported").exists()
    with Store() as store:  # imported once: a second opening finds nothing more to import
        assert len(store.matches()) == 1


async def test_continue_the_saved_match(cardsuite_home: Path) -> None:
    match = Match(get_game("grabuge"), [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=9)
    match.play_bots()
    with Store() as store:
        match_id = store.add(match.record())
    app = CardsuiteApp(seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert "Continue saved match" in screen_text(app)
        await press(pilot, "c")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert screen.match.moves == match.moves
        assert screen.match.journal_id == match_id  # the same match goes on, not a copy


async def test_settings_change_the_cards_and_are_saved(cardsuite_home: Path) -> None:
    match = Match(get_game("rang"), [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=3)
    app = CardsuiteApp(match=match, seed=1)
    app.settings = app.settings.replace(bot_delay=0.0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.apply_settings(app.settings.replace(ascii_suits=True, indices="cyrillic"))
        await settle(pilot)
        text = screen_text(app)
        assert not any(s in text for s in "♠♥♦♣")
        assert load_settings()[0].ascii_suits


async def test_too_small_terminal_says_so() -> None:
    match = Match(get_game("rang"), [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=3)
    app = make_app(match)
    async with app.run_test(size=(70, 20)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "Terminal too small" in text and "80×24" in text
