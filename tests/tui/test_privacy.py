"""Hot-seat privacy: no screen ever shows a card hidden from the seat it is shown to."""

from __future__ import annotations

import random

import pytest

from cardsuite.core.cards import Card
from cardsuite.core.table import Visibility
from cardsuite.games import GAMES, get_game
from cardsuite.games.rang.engine import RANG
from cardsuite.games.rang.model import Draw, Keep
from cardsuite.match import Match, SeatInfo
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.table import TableScreen
from tests.soak import ci_or_soak

from . import helpers
from .helpers import make_app, play_to_the_end, screen_text


def _table(app: CardsuiteApp) -> TableScreen:
    return next(s for s in app.screen_stack if isinstance(s, TableScreen))


class LeakWatch:
    """Checks every screen: cards other seats hold must not be drawn for this viewer."""

    def __init__(self) -> None:
        self.screens = 0
        self.curtains = 0
        self.viewers: set[int | None] = set()

    def __call__(self, app: CardsuiteApp) -> None:
        table = _table(app)
        match = table.match
        screen = app.screen
        if screen is table and table.curtain_up:
            viewer = None
            self.curtains += 1
        else:
            scene_view = table.table.scene.view
            viewer = scene_view.viewer if scene_view is not None else None
            if scene_view is not None:
                assert viewer == table.runner.viewer
        self.viewers.add(viewer)
        self.screens += 1
        text = screen_text(app)
        state = match.state
        visible: set[Card] = set()
        if viewer is not None:
            for pile in match.view(viewer).piles():
                visible.update(c for c in pile.faces if isinstance(c, Card))
        public_log = "\n".join(match.log(viewer))
        for spec, pile in zip(state.table.layout.specs, state.table.piles, strict=True):
            if spec.visibility is not Visibility.OWNER or spec.owner == viewer:
                continue
            for card in pile:
                if not isinstance(card, Card) or card.is_joker or card in visible:
                    continue
                if card.text() in public_log:
                    continue  # shown in public before (played, then reshuffled and drawn)
                assert card.text() not in text, (
                    f"{card} of seat {spec.owner} is visible to {viewer!r}:\n{text}"
                )


def _hides_hands(game_id: str) -> bool:
    game = GAMES[game_id]
    state = game.new_game(seats=min(game.seat_counts), seed=1)
    return any(spec.visibility is Visibility.OWNER for spec in state.table.layout.specs)


# decisions played by keys per game: many hand-offs (a soak: most games to their end)
HAND_OFFS = ci_or_soak(20, 400)
HOT_SEAT_GAMES = [game_id for game_id in sorted(GAMES) if _hides_hands(game_id)]


@pytest.mark.parametrize("game_id", HOT_SEAT_GAMES)
async def test_two_humans_and_a_bot_never_see_each_others_hands(game_id: str) -> None:
    game = GAMES[game_id]
    count = 3 if 3 in game.seat_counts else min(game.seat_counts)
    seats = [SeatInfo("Anna"), SeatInfo("Boris")]
    seats += [SeatInfo(f"Bot {i}", "random") for i in range(count - 2)]
    match = Match(game, seats, seed=18)
    app = make_app(match)
    watch = LeakWatch()
    helpers.WATCHERS.append(watch)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            # Long enough for many hand-offs (a game of Rang can take hundreds of moves).
            await play_to_the_end(
                pilot, random.Random(3), on_screen=watch, max_turns=HAND_OFFS, stop_early=True
            )
    finally:
        helpers.WATCHERS.remove(watch)
    assert watch.curtains >= 2
    assert {0, 1} <= watch.viewers
    assert watch.screens >= 15  # every decision a screen checked


async def test_the_curtain_shows_only_public_events() -> None:
    # Anna can only draw (Q♣, which she cannot play) and keep it: two events private to her.
    # The curtain that hands the keyboard to Boris tells them as everyone knows them.
    match = Match(get_game("rang"), [SeatInfo("Anna"), SeatInfo("Boris")], seed=4)
    match.states[0] = RANG.position("P1: 9♣ 9♦\nP2: 2♣ 2♦\ndiscard: 5♣\nstock: Q♣")
    app = make_app(match)  # in hot-seat a forced move waits for its player: Enter plays it
    async with app.run_test(size=(80, 24)) as pilot:
        await helpers.settle(pilot)
        assert _table(app).curtain_up
        assert await helpers.shows(pilot, "Pass the keyboard to Anna")
        await helpers.press(pilot, "enter")  # the curtain lifts: Anna sees her hand
        await helpers.settle(pilot)
        assert match.moves == [] and await helpers.shows(pilot, "One move only")
        assert "9♣" in screen_text(app), "Anna sees her own hand before her forced move"
        await helpers.press(pilot, "enter")  # draw: the cursor is on the stock
        await helpers.settle(pilot)
        assert match.moves == [Draw(0)] and not _table(app).curtain_up
        assert await helpers.shows(pilot, "press Enter or 1 to play it")
        await helpers.press(pilot, "1")  # keep, the action bar's only entry
        await helpers.settle(pilot)
        assert match.moves == [Draw(0), Keep(0)] and match.to_move() == {1}
        assert _table(app).curtain_up
        assert await helpers.shows(pilot, "Pass the keyboard to Boris")
        text = screen_text(app)
        assert "Q♣" not in text, "the curtain names the card Anna drew"
        assert "Anna draws a card and keeps it" in text
        for s in range(2):
            for card in match.state.table.cards(f"hand.{s}"):
                assert card.text() not in text
        # the table underneath holds no view while the curtain is up
        assert _table(app).table.scene.view is None
