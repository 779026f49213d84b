"""What players ran into at the table (issue 8), checked in the running app: picking a
Grabuge card by keys, the legal moves beside the hand, the too-small notice, the chooser over
the hand at 80×24, bot tags in narrow seat boxes, and face-down hands that keep one look."""

from __future__ import annotations

import re
from typing import Any

from textual.pilot import Pilot

from cardsuite.games import get_game
from cardsuite.games.rang.model import PlayJoker
from cardsuite.match import Match, SeatInfo
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.chooser import ChooserScreen
from cardsuite.tui.screens.table import TableScreen
from cardsuite.tui.selection import Slot
from cardsuite.tui.widgets.option_grid import OptionGrid

from .helpers import make_app, press, screen_text, settle

# Anna's turned Q♥ fits no packet and the reserve is full: which column takes it?  Each
# column has buried cards under its exposed one.
GRABUGE_CHOICE = """
packets: 5 7
P1 col1: 9♠ 3♦ 2♥
P1 col2: J♠ 10♦ 4♥
P1 col3: 3♠ J♣
P1 col4: K♠ Q♦ 4♣
P1 stock: Q♥ 10♣ 2♣ 7♠ 5♦ 9♦
P2 stock: K♦ K♣ 5♠ 3♥
P2 col1: 10♥ 4♠
"""
COLUMN_TOPS = {Slot("reserve.0.1", 2), Slot("reserve.0.2", 2), Slot("reserve.0.3", 1),
               Slot("reserve.0.4", 2)}  # fmt: skip

# Anna holds a joker (and nothing else to play on K): naming a rank asks one of 13.
RANG_JOKER = "P1: JOKER 9♣ 4♦ 6♥\nP2: 2♠ 3♠\nP3: 4♠ 5♠\ndiscard: K♦"
# Six cards one rank from 7.
RANG_SIX = "P1: 6♠ 6♦ 6♥ 6♣ 8♠ 8♦ 2♣\nP2: 2♠ 3♠ 4♦\nP3: 4♠ 5♠ 9♥\ndiscard: 7♦"


def grabuge_match() -> Match:
    game = get_game("grabuge")
    match = Match(game, [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=1)
    match.states[0] = game.position(GRABUGE_CHOICE)
    return match


def rang_match(position: str, players: int = 3) -> Match:
    game = get_game("rang")
    names = ("Anna", "Boris", "Vera", "Gleb", "Dasha")
    seats = [SeatInfo(names[i], None if i == 0 else "random") for i in range(players)]
    match = Match(game, seats, seed=1)
    if position:
        match.states[0] = game.position(position)
    return match


def table_screen(app: CardsuiteApp) -> TableScreen:
    screen = app.screen
    assert isinstance(screen, TableScreen), screen
    return screen


def table_screen_below(app: CardsuiteApp) -> TableScreen:
    screen = app.screen_stack[-2]
    assert isinstance(screen, TableScreen), screen
    return screen


async def pick_the_turned_queen(pilot: Pilot[Any]) -> TableScreen:
    await settle(pilot)
    screen = table_screen(pilot.app)  # type: ignore[arg-type]
    sel = screen.selector
    assert sel is not None and sel.current == Slot("turned.0")
    await press(pilot, "enter")
    await settle(pilot)
    assert sel.source == Slot("turned.0")
    return screen


# --- 1. Grabuge by keyboard ---------------------------------------------------------------------


async def test_after_a_pick_tab_stops_once_on_each_target_column_top() -> None:
    app = make_app(grabuge_match())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await pick_the_turned_queen(pilot)
        sel = screen.selector
        assert sel is not None
        stops = []
        for _ in range(8):
            await press(pilot, "tab")
            stops.append(sel.current)
        assert set(stops) == COLUMN_TOPS, stops
        assert stops[:4] == stops[4:]  # one stop per target column, round and round
        for _ in range(4):
            await press(pilot, "shift+tab")
            assert sel.current in COLUMN_TOPS


async def test_after_a_pick_the_arrows_stay_on_the_targets_and_the_source() -> None:
    for size in ((120, 40), (80, 24)):
        app = make_app(grabuge_match())
        async with app.run_test(size=size) as pilot:
            screen = await pick_the_turned_queen(pilot)
            sel = screen.selector
            assert sel is not None
            allowed = COLUMN_TOPS | {Slot("turned.0")}
            seen = set()
            keys = ("right",) * 4 + ("down", "up") * 2 + ("left",) * 5 + ("up", "down") * 2
            for key in keys + ("right", "down", "right", "up", "left", "down"):
                await press(pilot, key)
                assert sel.current in allowed, (size, key, sel.current)
                seen.add(sel.current)
            assert seen == allowed, (size, seen)  # every target is reachable
            # the picked card is among the stops: picking it again puts it down
            for _ in range(12):
                if sel.current == Slot("turned.0"):
                    break
                await press(pilot, "left")
            assert sel.current == Slot("turned.0")
            await press(pilot, "enter")
            assert sel.source is None


async def test_the_picked_card_and_the_cursor_differ_in_shape_without_colour() -> None:
    app = make_app(grabuge_match(), no_colour=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pick_the_turned_queen(pilot)
        rows = screen_text(app).splitlines()
        picked = [r for r in rows if "╏Q♥" in r]
        assert picked, "the picked Q♥ has a dashed heavy frame"
        assert any("┏╍╍╍╍╍┓" in r for r in rows)
        assert any("┃2♥" in r for r in rows), "the cursor (on column 1's top) is heavy and solid"
        assert any("╔═════╗" in r for r in rows), "the other targets have a double frame"
    app = make_app(grabuge_match(), no_colour=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pick_the_turned_queen(pilot)
        text = screen_text(app)
        assert "«Q♥»" in text and "⟦2♥⟧" in text and "{4♥}" in text, text


# --- 2. every legal move beside the hand ----------------------------------------------------------


def legal_area(text: str) -> str:
    """What the "Legal now" list shows: the viewer's box right of the heading."""
    rows = text.splitlines()
    top = next(i for i, row in enumerate(rows) if "Legal now:" in row)
    x = rows[top].index("Legal now:")
    out = []
    for row in rows[top:]:
        if row.startswith("╰"):
            break
        out.append(row[x:].rstrip(" │"))
    return "\n".join(out)


async def test_six_legal_plays_are_all_listed_at_80x24() -> None:
    match = rang_match(RANG_SIX)
    assert len(match.legal_moves(0)) == 6
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        listed = legal_area(screen_text(app))
        assert "more" not in listed, listed
        for card in ("6♠", "6♦", "6♥", "6♣", "8♠", "8♦"):
            assert card in listed, (card, listed)


# --- 3. the too-small notice --------------------------------------------------------------------


async def test_the_too_small_notice_fits_and_shows_both_sizes() -> None:
    for width, height in ((40, 12), (20, 6), (79, 24)):
        app = make_app(rang_match(RANG_SIX))
        async with app.run_test(size=(width, height)) as pilot:
            await settle(pilot)
            lines = table_screen(app).table.text_lines()
            text = "\n".join(lines)
            assert "80×24" in text, (width, height, text)
            assert f"{width}×{height}" in text, (width, height, text)
            assert "…" not in text, text  # nothing cut off: wrapped
            assert all(len(line) <= width for line in lines)


# --- 4. the chooser keeps the hand in sight -----------------------------------------------------


async def test_the_rank_chooser_leaves_the_hand_visible_at_80x24() -> None:
    match = rang_match(RANG_JOKER)
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        rows = screen_text(app).splitlines()
        top = next(i for i, row in enumerate(rows) if "Anna · you" in row)
        bottom = next(i for i in range(top, len(rows)) if rows[i].startswith("╰")) + 1
        hand_rows = (top, bottom)  # Anna's seat box
        before = rows[top:bottom]
        for _ in range(2):  # pick the joker (and put it on the discard, without quick play)
            if isinstance(app.screen, ChooserScreen):
                break
            await press(pilot, "enter")
            await settle(pilot)
        chooser = app.screen
        assert isinstance(chooser, ChooserScreen)
        assert len(chooser.choice.options) == 13
        text = screen_text(app)
        rows = text.splitlines()
        # the hand's box is drawn as it was, untouched by the chooser
        assert rows[hand_rows[0] : hand_rows[1]] == before
        hand = "\n".join(rows[hand_rows[0] : hand_rows[1]])
        for card in ("4♦", "6♥", "9♣", "JOKER"):
            assert card in hand, (card, hand)
        box = chooser.query_one("#chooser-box")
        assert box.region.bottom <= hand_rows[0]
        assert table_screen_below(app).table.viewer_rows() == hand_rows
        # several options per row, every one on the screen
        grid = chooser.query_one(OptionGrid)
        assert grid.columns >= 2
        for label in ("name A", "name 7", "name 10", "name K"):
            assert label in text, label
        # ↓ walks the options in order (down the first column, then the next)
        await press(pilot, *["down"] * 10, "enter")
        await settle(pilot)
        assert not isinstance(app.screen, ChooserScreen) or app.screen is not chooser
    named = [m for m in match.moves if isinstance(m, PlayJoker)]
    assert named and named[0].rank == 11  # the eleventh option: J


# --- 5. a bot that deals keeps its tag ----------------------------------------------------------


async def test_every_bot_keeps_its_tag_in_narrow_seat_boxes() -> None:
    match = rang_match("", players=5)  # four boxes of 24 cells around the table
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert match.state.series.dealer != 0, "a bot deals"
        titles = re.findall(r"╭[^╮]*╮", screen_text(app))
        for name in match.names[1:]:
            title = next((t for t in titles if f" {name} " in t), None)
            assert title is not None, (name, titles)
            assert f"{name} · bot" in title, title
        dealer = match.names[match.state.series.dealer]
        assert any(dealer in t and "hand" in t for t in titles), titles


# --- 6. face-down hands keep one look -----------------------------------------------------------


async def test_opponents_hands_look_the_same_at_eight_and_nine_cards() -> None:
    eight = "P1: 6♠ 6♦\nP2: 2♣ 3♣ 4♣ 5♣ 9♣ 10♣ J♣ Q♣\nP3: 2♥ 3♥ 4♥ 5♥ 7♥ 9♥ 10♥ J♥ Q♥\ndiscard: 7♦"
    app = make_app(rang_match(eight))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "[▒▒×8]" in text and "[▒▒×9]" in text, text
        assert not re.search(r"▒{3,}", text), "no bare run of backs"
