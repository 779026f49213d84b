"""The table follows the runner as a player expects: a key pressed before the decision was on
the table is not carried over to it, a hint puts the cursor on its card, ``t`` shows the score
sheet, forced moves wait in the games where they come in runs, and a pick survives the
others' moves on a clock."""

from __future__ import annotations

from cardsuite.games import get_game
from cardsuite.match import Match, SeatInfo
from cardsuite.runner import HumanTurn, Runner
from cardsuite.store import Settings
from cardsuite.tui.screens.scores import ScoreSheetScreen
from cardsuite.tui.screens.table import TableScreen, _auto_play
from cardsuite.tui.selection import Picked, Selector, gesture_matches_slot, table_slots
from tests.runner.driver import HandTime

from .helpers import key_event, make_app, press, screen_text, settle, shows, until

SIZE = (120, 40)


def grabuge(seed: int = 3) -> Match:
    game = get_game("grabuge")
    return Match(game, [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=seed)


def table(app: object) -> TableScreen:
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, TableScreen), screen
    return screen


async def test_a_key_pressed_before_the_decision_was_shown_is_dropped() -> None:
    app = make_app(grabuge())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(app)
        assert isinstance(screen.step, HumanTurn) and screen._legal
        sel = screen.selector
        assert sel is not None and sel.source is None
        before = len(screen.match.moves)
        stale = key_event(app, "enter")
        stale.time = 0.0  # pressed while the last move was being told
        app.post_message(stale)
        await settle(pilot)
        assert sel.source is None and len(screen.match.moves) == before, "nothing picked"
        await press(pilot, "enter")  # the same key now acts
        await settle(pilot)
        assert sel.source is not None or len(screen.match.moves) > before


async def test_a_hint_puts_the_cursor_on_the_card_it_plays() -> None:
    app = make_app(grabuge(5))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(app)
        await press(pilot, "h")
        assert await until(pilot, lambda: screen.runner.hint is not None)
        await settle(pilot)
        hint = screen.runner.hint
        assert hint is not None and "Hint:" in screen_text(app)
        g = hint.gesture()
        sel, view = screen.selector, screen._view
        assert g is not None and sel is not None and view is not None
        assert sel.current is not None and gesture_matches_slot(g, view, sel.current)


async def test_t_shows_the_score_sheet_and_esc_goes_back_to_the_table() -> None:
    game = get_game("seven-up")
    match = Match(game, [SeatInfo("Anna"), SeatInfo("Boris", "heuristic")], seed=9)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "t")
        assert await until(pilot, lambda: isinstance(app.screen, ScoreSheetScreen))
        assert await shows(pilot, "Score sheet")
        await press(pilot, "escape")
        assert await until(pilot, lambda: isinstance(app.screen, TableScreen))


def test_forced_moves_wait_in_rang_and_laugh_and_lie_down_unless_asked_everywhere() -> None:
    seats = [SeatInfo("Anna"), SeatInfo("Boris", "random"), SeatInfo("Vera", "random")]
    rang = Match(get_game("rang"), seats, seed=1).game
    laugh = Match(get_game("laugh-and-lie-down"), seats, seed=1).game
    grabuge_game = grabuge().game
    default = Settings()
    assert not _auto_play(default, rang) and not _auto_play(default, laugh)
    assert _auto_play(default, grabuge_game), "elsewhere a forced move is played, at the pace"
    everywhere = default.replace(auto_play_everywhere=True)
    assert _auto_play(everywhere, rang) and _auto_play(everywhere, laugh)
    off = default.replace(auto_play=False, auto_play_everywhere=True)
    assert not _auto_play(off, rang) and not _auto_play(off, grabuge_game)


def test_on_a_clock_a_pick_survives_the_others_moves() -> None:
    """Nerts: the person picks a card; bots play elsewhere; the pick is still his."""
    game = get_game("nerts")
    match = Match(game, [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=12)
    time = HandTime()
    runner = Runner(match, threads=False, now=time, clock_source=time, count_in=0)
    runner.start()
    while not runner.legal:  # "Go!"
        time.t += 0.1
        runner.poll()
    view = runner.view()
    sel = Selector(view, runner.legal)
    for slot in table_slots(view):
        if sel.is_source(slot) and isinstance(sel.pick(slot), Picked):
            break
        sel.cancel()
    picked = sel.source
    assert picked is not None
    face = view.pile(picked.pile).faces[picked.index] if picked.index is not None else None
    for step in range(1, 400):
        time.t = step * 0.1
        runner.poll()
        moved = runner.last_piles
        if match.moves and picked.pile not in moved:
            break
    assert match.moves and match.moves[-1].seat == 1, "a bot has moved"
    sel.update(runner.view(), runner.legal)
    assert sel.source == picked, f"the pick of {face} survived Boris's move"


async def test_enter_plays_the_one_move_there_is_wherever_the_cursor_is() -> None:
    """Rang: the drawn card cannot be played; keeping it is the one move, in the action bar:
    Enter plays it though the cursor is on the stock (forced moves wait in Rang)."""
    from cardsuite.games.rang.engine import RANG
    from cardsuite.games.rang.model import Draw, Keep

    match = Match(RANG, [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=4)
    match.states[0] = RANG.position("P1: 9♣ 9♦\nP2: 2♣ 2♦\ndiscard: 5♣\nstock: Q♣ K♦")
    app = make_app(match, auto_play=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert match.moves == [], "in Rang the forced draw waits for Enter"
        await press(pilot, "enter")
        await settle(pilot)
        assert match.moves == [Draw(0)]
        assert await shows(pilot, "press Enter or 1 to play it")
        await press(pilot, "enter")
        await settle(pilot)
        assert match.moves[:2] == [Draw(0), Keep(0)]


def test_the_tui_calls_no_rule_of_a_game_the_runner_does() -> None:
    """No module under cardsuite/tui calls apply, legal_moves, why_illegal, advance,
    advance_to or apply_at: the runner owns the match, the screens draw it."""
    import ast
    from pathlib import Path

    import cardsuite.tui

    forbidden = {"apply", "legal_moves", "why_illegal", "advance", "advance_to", "apply_at"}
    calls = []
    for path in Path(cardsuite.tui.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            func = node.func if isinstance(node, ast.Call) else None
            if isinstance(func, ast.Attribute) and func.attr in forbidden:
                calls.append(f"{path.name}:{node.lineno} {func.attr}")
    assert calls == []


async def test_enter_opens_the_one_action_when_nothing_on_the_table_may_be_picked() -> None:
    """Seven Leaves: the loser cuts the pack, a choice of a card number (one action, no card
    to pick): Enter opens it, as the action's number would."""
    from cardsuite.games.seven_leaves.model import CutPack
    from cardsuite.tui.screens.chooser import ChooserScreen

    game = get_game("seven-leaves")
    seats = [SeatInfo("Anna"), SeatInfo("Boris", "heuristic"), SeatInfo("Vera", "heuristic")]
    for seed in range(1, 40):
        match = Match(game, seats, seed=seed)
        while not match.is_over() and not (
            0 in match.to_move() and isinstance(match.legal_moves(0)[0], CutPack)
        ):
            if not match.play_bots(limit=1):
                match.apply(match.legal_moves(0)[0])
        if not match.is_over():
            break
    else:
        raise AssertionError("Anna never had to cut")
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(app)
        assert len(screen._entries) == 1
        await press(pilot, "enter")
        assert await until(pilot, lambda: isinstance(app.screen, ChooserScreen))


def test_the_runner_says_the_legal_moves_in_notation_and_takes_a_relayed_time() -> None:
    from tests.runner.driver import runner_for

    match = grabuge()
    runner, time = runner_for(match)
    for _ in range(100):
        if runner.legal:
            break
        time.t += 1
        runner.poll()
    notations = runner.legal_notations()
    assert notations and len(notations) == len(runner.legal)
    assert [runner.move_from_text(n, 0) for n in notations] == list(runner.legal)
    spit = Match(get_game("spit"), [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=3)
    race, clock = runner_for(spit)
    while not race.legal:
        clock.t += 0.1
        race.poll()
    clock.t += 2.0
    move = race.legal[0]
    assert race.submit(move, at=spit.time + 10)
    assert spit.moves[-1] == move and spit.times[-1] <= int(clock.t * 1000)
