"""Random keys and clicks: the app never raises, and every move it applies is legal.

Each game gets 90 seeded random keys in CI (a race on a clock 250; ``CARDSUITE_SOAK=1``: 5,000, for a long run
outside CI, printing the seed it drew) (arrows, Tab, Enter, Space, Esc, digits, u, h, r, ?,
e, s) with occasional clicks at random places, at a table of one human against the weakest
bots; the lobby gets 50 more (which usually start a game on the way), and every game's
outcome screen 25 (in CI, the games of the sample of tests/soak.py).  After every
key the app must still be running without an error; at the end every match it played is
checked move by move against the engine and replayed from its record to the same state.
When a game ends the driver looks at the outcome screen for a few keys, then presses ``o``
and ``n`` for a rematch, so the keys keep reaching live tables.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from textual.pilot import Pilot

from cardsuite.core.protocol import AnyGame
from cardsuite.games import GAMES
from cardsuite.match import Match
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.lobby import LobbyScreen
from cardsuite.tui.screens.outcome import OutcomeScreen
from cardsuite.tui.screens.table import TableScreen
from tests.soak import SOAK, ci_or_soak, swept

from .helpers import (
    TEST_SETTINGS,
    click_at,
    finished_match,
    generic_match,
    make_app,
    press_quickly,
    settle,
)

# (key, weight): moving and picking most of the time, the other keys now and then (the
# screens behind r, ?, e and s take tens of milliseconds to open)
KEY_WEIGHTS: tuple[tuple[str, float], ...] = (
    ("left", 8),
    ("right", 8),
    ("up", 6),
    ("down", 6),
    ("tab", 10),
    ("shift+tab", 2),
    ("enter", 12),
    ("space", 6),
    ("escape", 4),
    *((str(n), 1.0) for n in range(10)),
    ("u", 0.3),  # undo is always there against bots: rarer, so the games move on
    ("h", 2),
    ("r", 0.2),
    ("question_mark", 0.4),
    ("e", 0.4),
    ("s", 0.4),
)
KEYS = [key for key, _ in KEY_WEIGHTS]
KEYS_PER_GAME = ci_or_soak(90, 5000)
# on a clock the bots play as time passes, not as keys come: a race gets more keys to be a race
KEYS_PER_RACE = ci_or_soak(250, 5000)
LOBBY_KEYS = ci_or_soak(50, 1000)
KEYS_AT_THE_OUTCOME = ci_or_soak(25, 200)  # per game, at its outcome screen and final table
WEIGHTS = [weight for _, weight in KEY_WEIGHTS]
CLICK_RATE = 0.03
KEYS_AFTER_THE_END = 6  # keys pressed at the outcome screen (or the final table) before a rematch
SIZE = (100, 32)


class Fuzzer:
    """Presses random keys and keeps every match it meets for the final checks."""

    def __init__(self, pilot: Pilot[Any], seed: int) -> None:
        self.pilot = pilot
        assert isinstance(pilot.app, CardsuiteApp)
        self.app: CardsuiteApp = pilot.app
        self.rng = random.Random(seed)
        self.matches: list[Match] = []
        self.recent: list[str] = []
        self.outcomes = 0
        self._after_end = 0

    def _note_match(self) -> Match | None:
        table = next((s for s in self.app.screen_stack if isinstance(s, TableScreen)), None)
        if table is None:
            return None
        if not any(m is table.match for m in self.matches):
            self.matches.append(table.match)
        return table.match

    async def step(self) -> None:
        app, rng = self.app, self.rng
        if rng.random() < CLICK_RATE:
            # anywhere but the Footer's row, whose "q Quit" would end the run for good
            x, y = rng.randrange(app.size.width), rng.randrange(app.size.height - 1)
            self.recent.append(f"click({x},{y})")
            await click_at(self.pilot, x, y)
            await settle(self.pilot, last_round=False)
        else:
            key = rng.choices(KEYS, WEIGHTS)[0]
            self.recent.append(key)
            await press_quickly(self.pilot, key)
        await self.after_key()

    async def after_key(self) -> None:
        self.recent = self.recent[-30:]
        assert app_alive(self.app), f"the app stopped after {self.recent}"
        if self.app.settings.bot_delay:
            # the settings screen may slow the bots down: keep the fuzz fast
            self.app.settings = self.app.settings.replace(bot_delay=0.0)
        match = self._note_match()
        if isinstance(self.app.screen, OutcomeScreen):
            self.outcomes += 1
        if match is not None and match.is_over():
            self._after_end += 1
            if self._after_end > KEYS_AFTER_THE_END:
                await self.rematch()
        else:
            self._after_end = 0

    async def rematch(self) -> None:
        """Close whatever is open, then ``o`` (the outcome) and ``n`` (a rematch)."""
        for _ in range(5):
            if isinstance(self.app.screen, TableScreen | OutcomeScreen):
                break
            await press_quickly(self.pilot, "escape")
        if isinstance(self.app.screen, TableScreen):
            await press_quickly(self.pilot, "o")
        if isinstance(self.app.screen, OutcomeScreen):
            await press_quickly(self.pilot, "n")
        self._after_end = 0

    async def run(self, keys: int) -> None:
        for _ in range(keys):
            await self.step()


def app_alive(app: CardsuiteApp) -> bool:
    return app._exception is None and app.is_running and app.return_code is None


def check_match(match: Match) -> None:
    """Every move was legal where it was played, and the record replays to the same state."""
    game = match.game
    assert len(match.states) == len(match.moves) + 1
    for i, move in enumerate(match.moves):
        state = match.states[i]
        if match.realtime:  # on a clock: what fell due before the move came first
            state = game.advance(state, match.times[i])
        assert game.why_illegal(state, move) is None, f"move {i + 1} {move.label()} was illegal"
        assert move in game.legal_moves(state, move.seat)
        assert game.apply(state, move) == match.states[i + 1]
    replayed = Match.from_record(match.record())
    assert replayed.moves == match.moves
    assert replayed.state == match.state


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
async def test_random_keys_at_the_table(game: AnyGame) -> None:
    first = generic_match(game, seed=11)
    app = make_app(first)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        seed = random.randrange(2**32) if SOAK else sum(map(ord, game.id))
        if SOAK:
            print(f"fuzzing {game.id} with seed {seed}")
        fuzzer = Fuzzer(pilot, seed=seed)
        await fuzzer.run(KEYS_PER_RACE if first.realtime else KEYS_PER_GAME)
        assert app_alive(app)
        moves = sum(len(m.moves) for m in fuzzer.matches)
        store = app.store
        assert store is not None
        for match in fuzzer.matches:  # every match is in the database, move for move
            assert match.journal_id is not None
            assert store.record(match.journal_id).moves == match.record().moves
    # a handful at least: on a clock (Spit) how many fall to the keys depends on the pace
    assert fuzzer.matches and moves >= 5, "the keys should have played moves"
    for match in fuzzer.matches:
        check_match(match)


async def test_random_keys_at_the_lobby_and_the_outcome() -> None:
    app = CardsuiteApp(settings=TEST_SETTINGS, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)
        fuzzer = Fuzzer(pilot, seed=5)
        await fuzzer.run(LOBBY_KEYS)
        assert app_alive(app)
    for match in fuzzer.matches:
        check_match(match)
    # then a finished match: keys at the outcome screen, then at the final table
    for game_id in swept(GAMES):
        match = finished_match(GAMES[game_id], seed=2)
        app = make_app(match)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, OutcomeScreen)
            fuzzer = Fuzzer(pilot, seed=6)
            # stay at the end for most of the keys, then the rematch
            fuzzer._after_end = KEYS_AFTER_THE_END - KEYS_AT_THE_OUTCOME + 10
            await fuzzer.run(KEYS_AT_THE_OUTCOME)
            assert app_alive(app)
            assert fuzzer.outcomes > 0
        for played in fuzzer.matches:
            check_match(played)
