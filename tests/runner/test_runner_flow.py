"""How the runner paces a match for the people at the table: forced moves told at the
table's pace, summaries that wait, a clock held behind other screens and counted in when
play goes on, bots answering from worker threads."""

from __future__ import annotations

import threading

from cardsuite.games import get_game
from cardsuite.match import Match, SeatInfo
from cardsuite.runner import BotTurn, HumanTurn, Runner, Summary
from tests.runner.driver import HandTime, runner_for, wait

PACE = 0.5


def until_forced(runner: Runner, time: HandTime) -> HumanTurn:
    """Play the person's decisions (the first legal move) until his only move is pending."""
    for _ in range(5000):
        step = runner.step
        if isinstance(step, HumanTurn) and step.forced:
            return step
        if isinstance(step, Summary):
            runner.acknowledge()
        elif isinstance(step, HumanTurn) and runner.legal:
            runner.submit(runner.legal[0])
        else:
            assert wait(runner, time)
    raise AssertionError("no forced move came")


def test_a_forced_move_is_shown_at_the_tables_pace_and_named() -> None:
    match = Match(get_game("rang"), [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=4)
    runner, time = runner_for(match, pace=PACE)
    until_forced(runner, time)
    (move,) = runner.legal
    assert "Your only move" in runner.message and match.fill(move.label()) in runner.message
    played = len(match.moves)
    time.t += PACE / 2
    runner.poll()
    assert len(match.moves) == played, "not before the table's pace has passed"
    time.t += PACE / 2
    runner.poll()
    assert match.moves[played] == move, "then played for him"


def test_without_auto_play_a_forced_move_waits_for_the_person() -> None:
    match = Match(get_game("rang"), [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=4)
    runner, time = runner_for(match, pace=PACE, auto_play=False)
    for _ in range(5000):
        if isinstance(runner.step, HumanTurn) and len(runner.legal) == 1:
            break
        if isinstance(runner.step, HumanTurn):
            runner.submit(runner.legal[0])
        else:
            assert wait(runner, time)
    played = len(match.moves)
    assert runner.only_move == runner.legal[0] and runner.wakeup() is None, "nothing due"
    time.t += 60
    runner.poll()
    assert len(match.moves) == played, "a whole minute later it still waits for him"


def test_between_deals_the_summary_waits_until_it_is_read() -> None:
    match = Match(get_game("seven-up"), [SeatInfo("Anna"), SeatInfo("Boris", "heuristic")], seed=9)
    runner, time = runner_for(match, pace=PACE)
    for _ in range(20_000):
        if isinstance(runner.step, Summary):
            break
        if isinstance(runner.step, HumanTurn) and runner.legal and not runner.step.forced:
            runner.submit(runner.legal[0])
        else:
            assert wait(runner, time), runner.step
    assert runner.summary_waits() and "Press Enter" in runner.message
    played = len(match.moves)
    time.t += 60
    runner.poll()
    assert len(match.moves) == played, "nobody deals on while the scores are read"
    assert runner.acknowledge()
    assert isinstance(runner.step, BotTurn | HumanTurn) and not runner.summary_waits()


def spit_at(ms: int) -> Match:
    """Spit between a person and a bot, the bot having played alone for ``ms``."""
    match = Match(get_game("spit"), [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=3)
    match.advance_to(ms)
    assert match.time > 0
    return match


def test_a_resumed_game_on_a_clock_is_counted_in() -> None:
    match = spit_at(4000)
    time = HandTime()
    runner = Runner(match, threads=False, now=time, clock_source=time, count_in=3.0)
    runner.start()
    assert runner.clock is not None and runner.counting_in and runner.clock.paused
    assert runner.countdown() == "Go on in 3"
    start = runner.clock.now()
    assert runner.legal, "the person sees what he may do"
    assert not runner.submit(runner.legal[0]) and "Wait" in runner.message
    time.t = 2.0
    runner.poll()
    assert runner.countdown() == "Go on in 1" and runner.clock.now() == start
    time.t = 3.0
    runner.poll()
    assert not runner.counting_in and not runner.clock.paused
    time.t = 4.0
    assert runner.clock.now() == start + 1000, "the race goes on from where it stood"


def test_the_clock_stands_still_behind_another_screen() -> None:
    match = spit_at(4000)
    time = HandTime()
    runner = Runner(match, threads=False, now=time, clock_source=time, count_in=1.0)
    runner.start()
    time.t = 1.0
    runner.poll()
    assert runner.clock is not None and not runner.counting_in
    runner.hold("hidden")
    steps = (len(match.moves), len(match.timed))
    at = runner.clock.now()
    for t in range(2, 30):
        time.t = float(t)
        runner.poll()
    assert (len(match.moves), len(match.timed)) == steps, "nothing happened behind it"
    assert runner.clock.now() == at
    runner.release("hidden")
    assert runner.counting_in, "back at the table: counted in again"


def test_bots_choose_in_a_worker_thread_and_the_owner_plays_their_move() -> None:
    game = get_game("grabuge")
    (first,) = Match(game, [SeatInfo("Anna"), SeatInfo("Boris")], seed=2).to_move()
    seats = [SeatInfo("Anna"), SeatInfo("Boris")]
    seats[first] = SeatInfo("Boris", "random")
    match = Match(game, seats, seed=2)
    woken = threading.Event()
    threads: list[str] = []

    def notify() -> None:
        threads.append(threading.current_thread().name)
        woken.set()

    runner = Runner(match, pace=0.0, notify=notify)
    runner.start()
    assert isinstance(runner.step, BotTurn) and runner.thinking == first
    assert woken.wait(10), "the worker answered"
    assert threads and threads[0] != threading.main_thread().name
    assert not match.moves, "the match is changed only by its owner"
    runner.poll()
    assert match.moves and match.moves[0].seat == first


def test_a_refused_key_in_hot_seat_says_the_rule_not_the_notation() -> None:
    match = Match(get_game("spit"), [SeatInfo("Anna"), SeatInfo("Boris")], seed=21)
    runner, time = runner_for(match)
    time.t = 0.1
    runner.poll()
    keys = {k.notation: k for k in runner.view().key_moves if k.seat == 0}
    key = keys["play s1 c1"]
    assert not runner.submit_key(0, key.notation, key.label), "before the spit, nothing fits"
    assert runner.message.startswith("Anna: s1→C1 — C1 is empty"), runner.message
    assert "'play s1 c1'" not in runner.message and "legal move now" not in runner.message


def test_held_behind_another_screen_nothing_is_on_its_way() -> None:
    """A forced move pending when a screen covers the table waits (the table is not 'busy'
    meanwhile: nothing moves until it is back), then is played at its time."""
    match = Match(get_game("rang"), [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=4)
    runner, time = runner_for(match, pace=PACE)
    until_forced(runner, time)
    played = len(match.moves)
    assert runner.busy
    runner.hold("hidden")
    assert not runner.busy and runner.wakeup() is None
    time.t += 10
    runner.poll()
    assert len(match.moves) == played
    runner.release("hidden")
    assert runner.busy and runner.wakeup() is not None
    runner.poll()
    assert len(match.moves) == played + 1
