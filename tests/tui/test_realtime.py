"""A game played in real time at the table (tests/race.py's tiny game): the clock drives the
bots, the countdown shows, pause stops everything, a beaten move says "Too late!".

The table's clock reads a source these tests move by hand: no sleeps, only conditions.
"""

from __future__ import annotations

import pytest

from cardsuite.core.table import Seat
from cardsuite.match import Match, SeatInfo
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.pause import PauseScreen
from cardsuite.tui.screens.table import TableScreen
from tests.race import TURN_UP_DELAY, Play, Race, RaceBot

from .helpers import TEST_SETTINGS, press, screen_text, settle, until

GAME = Race()
SIZE = (100, 30)


class FakeTime:
    """A monotonic source in seconds that moves only when told."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def at(self, ms: int) -> None:
        """Set the table's clock (which started at 0 with this source at 100 s) to ``ms``."""
        self.now = 100.0 + ms / 1000


@pytest.fixture(autouse=True)
def race_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("cardsuite.match.make_bot", lambda bot_id, game: RaceBot())


def race(seed: int) -> Match:
    return Match(GAME, [SeatInfo("Anna"), SeatInfo("Boris", "heuristic")], seed=seed)


def plays(match: Match, seat: Seat) -> list[Play]:
    return [m for m in GAME.legal_moves(match.state, seat) if isinstance(m, Play)]


def app_for(match: Match, clock: FakeTime) -> CardsuiteApp:
    return CardsuiteApp(match=match, settings=TEST_SETTINGS, seed=1, clock_source=clock)


async def test_the_clock_drives_the_bot_and_pause_stops_it() -> None:
    for seed in range(100):
        match = race(seed)
        match.advance_to(0)
        if 1 in match.decisions:
            break
    match = race(seed)  # a fresh one for the table (the same deal)
    clock = FakeTime()
    app = app_for(match, clock)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.clock is not None
        assert await until(pilot, lambda: 1 in match.decisions)
        due = match.decisions[1]
        clock.at(due - 1)
        await settle(pilot)
        assert not any(m.seat == 1 for m in match.moves)  # not a moment before its time
        await press(pilot, "p")  # pause: the clock stands still for everyone
        assert await until(pilot, lambda: isinstance(app.screen, PauseScreen))
        clock.at(due + 60_000)
        await settle(pilot)
        assert not any(m.seat == 1 for m in match.moves)
        assert table.clock.now() == due - 1
        await press(pilot, "p")  # go on: from the same reading
        assert await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert table.clock.now() == due - 1
        clock.now += 0.001
        assert await until(pilot, lambda: any(m.seat == 1 for m in match.moves))
        (time,) = [t for m, t in zip(match.moves, match.times, strict=True) if m.seat == 1][:1]
        assert time == due


async def test_a_move_beaten_to_the_centre_is_too_late() -> None:
    for seed in range(500):
        match = race(seed)
        match.advance_to(0)
        mine, theirs = plays(match, 0), plays(match, 1)
        alike = len(mine) == len(theirs) == 1 and mine[0].card.rank == theirs[0].card.rank
        if alike and 1 in match.decisions:
            break
    else:
        pytest.fail("no race found")
    due = match.decisions[1]
    match = race(seed)
    clock = FakeTime()
    app = app_for(match, clock)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert mine[0] in table._legal  # offered on the table as it was shown
        clock.at(due)  # the bot's card lands at its time; the key arrives with it
        table.play(mine[0])
        await settle(pilot)
        assert [m.seat for m in match.moves] == [1]
        assert "Too late!" in table.message and "is not next to" in table.message
        assert "Too late!" in screen_text(app)


async def test_the_countdown_to_the_next_turn_up_is_shown_and_falls_due() -> None:
    for seed in range(300):
        match = race(seed)
        if GAME.next_due(match.state) is not None:
            break
    else:
        pytest.fail("no deal where nobody can play")
    clock = FakeTime()
    app = app_for(match, clock)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Turn-up! 1" in screen_text(app)
        centre = match.state.table.top("centre")
        clock.at(TURN_UP_DELAY)
        assert await until(pilot, lambda: match.state.table.top("centre") != centre)
        assert "is turned up" in screen_text(app)


async def test_two_people_at_one_keyboard_each_play_with_their_own_keys() -> None:
    for seed in range(300):
        match = Match(GAME, [SeatInfo("Anna"), SeatInfo("Boris")], seed=seed)
        hands = [match.state.table.cards(f"hand.{s}") for s in (0, 1)]
        if plays(match, 0) and plays(match, 1) and hands[0][0] in [m.card for m in plays(match, 0)]:
            break
    clock = FakeTime()
    app = app_for(match, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "Anna: A card 1 · S card 2" in text and "Boris: H card 1 · J card 2" in text
        first = match.state.table.cards("hand.0")[0]
        clock.at(10)
        await press(pilot, "a")  # Anna's first card, played at once
        assert match.moves[-1] == Play(0, first) and match.times[-1] == 10
        boris = plays(match, 1)
        if boris:
            index = match.state.table.cards("hand.1").index(boris[0].card)
            clock.at(20)
            await press(pilot, "hjkl"[index])
            assert match.moves[-1] == boris[0] and match.times[-1] == 20


async def test_both_players_keys_are_shown_whole_beside_a_narrow_table() -> None:
    # Issue 19, item 16: at 80×24 the second player's legend was cut off the narrow log.
    from cardsuite.games import get_game

    match = Match(get_game("spit"), [SeatInfo("Anna"), SeatInfo("Boris")], seed=21)
    app = app_for(match, FakeTime())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        for legend in (
            "Anna: Q W E s1-3→C1",
            "A S D s1-3→C2 · X spit",
            "Boris: U I O s1-3→C1",
            "J K L s1-3→C2 · M spit",
        ):
            assert legend in text, legend


async def test_spit_for_two_people_at_one_keyboard() -> None:
    from cardsuite.games import get_game

    spit = get_game("spit")
    match = Match(spit, [SeatInfo("Anna"), SeatInfo("Boris")], seed=3)
    clock = FakeTime()
    app = app_for(match, clock)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "Anna: Q W E s1-3→C1" in text and "A S D s1-3→C2" in text
        assert "Boris: U I O s1-3→C1" in text and "J K L s1-3→C2" in text
        keys = {"play s1 c1": "q", "play s2 c1": "w", "play s3 c1": "e"}
        keys |= {"play s1 c2": "a", "play s2 c2": "s", "play s3 c2": "d"}
        clock.at(spit.next_due(match.state) or 0)  # the opening spit
        await until(pilot, lambda: match.state.table.count("centre.0") > 0)
        for seat, block in ((0, keys), (1, None)):
            legal = [m for m in spit.legal_moves(match.state, seat) if m.notation() in keys]
            if seat == 1 or not legal:
                continue
            move = legal[0]
            before = len(match.moves)
            await press(pilot, block[move.notation()] if block else "")
            assert match.moves[before:] == [move]
        await press(pilot, "x")  # Anna asks for a spit with her own key
        assert match.moves[-1].notation() == "spit" and match.moves[-1].seat == 0
        await press(pilot, "m")  # and Boris with his
        assert match.moves[-1].notation() == "spit" and match.moves[-1].seat == 1
