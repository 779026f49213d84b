"""Driving a Runner without a screen: a hand-moved time, a scripted person, bots in-line."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cardsuite.bots import make_bot
from cardsuite.core.moves import Move
from cardsuite.match import Match
from cardsuite.runner import HumanTurn, Runner, Summary


class HandTime:
    """Seconds that pass only when a test says so."""

    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def runner_for(
    match: Match, *, pace: float = 0.0, auto_play: bool = True
) -> tuple[Runner, HandTime]:
    """A runner on hand-moved time (the match's clock too), bots choosing in-line."""
    time = HandTime()
    runner = Runner(
        match, pace=pace, auto_play=auto_play, threads=False, now=time, clock_source=time
    )
    runner.start()
    return runner, time


def wait(runner: Runner, time: HandTime) -> bool:
    """Let time run to the next thing due and do it; False when nothing is due."""
    due = runner.wakeup()
    if due is None:
        return False
    time.t = max(time.t, due)
    runner.poll()
    return True


Chooser = Callable[[Match, Sequence[Move]], Move]


def sensible(match: Match, legal: Sequence[Move], rng: random.Random) -> Move:
    """What the game's own heuristic bot would play for the seat to move (a person playing
    a race makes moves that lead somewhere)."""
    seat = legal[0].seat
    bot = make_bot("heuristic", match.game)
    return bot.choose(match.game, match.observe(seat), tuple(legal), rng)


def play_out(
    runner: Runner,
    time: HandTime,
    rng: random.Random,
    *,
    limit: int = 200_000,
    every: float = 0.7,
) -> list[str]:
    """Play the match to its end as the people at the table would, through the runner alone:
    lift curtains, read summaries, make each decision (a sensible move), let time pass for
    bots and the clock.  On a clock a person acts every ``every`` seconds.  Returns what the
    person was told (the runner's messages, in order, once each)."""
    told: list[str] = []
    last_act = -every
    for _ in range(limit):
        if runner.message and (not told or told[-1] != runner.message):
            told.append(runner.message)
        if runner.done:
            return told
        if runner.curtain is not None:
            runner.lift_curtain()
            continue
        if isinstance(runner.step, Summary) or (runner.clock and runner.summary_waits()):
            runner.acknowledge()
            continue
        step = runner.step
        legal = runner.legal
        acting = isinstance(step, HumanTurn) and legal and not step.forced
        due = runner.clock is None or time.t - last_act >= every
        if acting and due and not runner.counting_in:
            runner.submit(sensible(runner.match, legal, rng))
            last_act = time.t
            continue
        if not wait(runner, time):
            raise AssertionError(f"nothing falls due and nobody may act: {runner.step}")
    raise AssertionError(f"the match did not end within {limit} steps")
