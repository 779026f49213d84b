"""The contract's checks for games on a clock, proven on tests/race.py's tiny game (Spit and
Nerts get them through the registry): liveness counts a pending timed event, actions arrive at
random times, advancing twice equals advancing once, stale times are refused, and the record
with its times rebuilds the game."""

from __future__ import annotations

import pytest

import cardsuite.games
from tests.contract.checks import BehaviourTally, play_checked
from tests.race import Race, RaceBot, RaceOptions

GAME = Race()


@pytest.fixture(autouse=True)
def race_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    real = cardsuite.games.get_game
    monkeypatch.setattr(
        "cardsuite.games.get_game", lambda name: GAME if name == "race" else real(name)
    )
    monkeypatch.setattr("cardsuite.match.make_bot", lambda bot_id, game: RaceBot())


@pytest.mark.parametrize("turns", [False, True], ids=["clock", "turns"])
def test_race_keeps_the_contract(turns: bool) -> None:
    tally = BehaviourTally()
    for seed in range(40):  # every check of play_checked holds at every step of each game
        play_checked(GAME, 2, RaceOptions(turns=turns), seed, seed + 1, tally=tally)
    assert tally.tried > 0 and tally.nothing_hidden == tally.tried  # all Race's cards are open


class Lazy(Race):
    """A game on a clock that forgets to set a timed event when nobody can play."""

    def _bookkeeping(self, state):  # type: ignore[no-untyped-def]
        return state._replace(turn_up_due=None)


class Twice(Race):
    """Advancing in two steps is not advancing once: each advance turns up one card only,
    stamped with the time asked for."""

    def advance(self, state, now):  # type: ignore[no-untyped-def]
        if state.turn_up_due is not None and state.turn_up_due <= now:
            return super().advance(state, state.turn_up_due)._replace(clock=now)
        return state._replace(clock=max(now, state.clock))


@pytest.mark.parametrize(
    ("broken", "needle"),
    [(Lazy(), "nothing is due"), (Twice(), "advancing twice differs")],
    ids=["no-timed-event", "advance-in-two-steps"],
)
def test_the_checks_catch_a_broken_clock(broken: Race, needle: str) -> None:
    failures = []
    for seed in range(60):
        try:
            play_checked(broken, 2, RaceOptions(), seed, seed + 1, replay=False)
        except AssertionError as error:
            failures.append(str(error))
    assert any(needle in text for text in failures), failures[:3]
