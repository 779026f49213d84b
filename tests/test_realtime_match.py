"""The Match on a clock (tests/race.py's tiny real-time game): bots' decision times, arrival
order, timed events with nobody acting, stale times, records and the database."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

import cardsuite.games
from cardsuite.core.errors import STALE_TIME, IllegalMoveError
from cardsuite.games import get_game
from cardsuite.match import Match, SeatInfo
from cardsuite.store.db import Store
from tests.race import REACTION, TURN_UP_DELAY, Play, Race, RaceBot, RaceOptions

GAME = Race()


@pytest.fixture(autouse=True)
def race_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """The match makes its bots by id: Race's are its own (it is not in the registry)."""
    monkeypatch.setattr("cardsuite.match.make_bot", lambda bot_id, game: RaceBot())
    monkeypatch.setattr("cardsuite.match.bot_ids", lambda game: ("random", "heuristic"))
    real = cardsuite.games.get_game
    monkeypatch.setattr(
        "cardsuite.games.get_game", lambda name: GAME if name == "race" else real(name)
    )


def bots_match(seed: int, levels: tuple[str, str] = ("random", "heuristic")) -> Match:
    return Match(GAME, [SeatInfo("Anna", levels[0]), SeatInfo("Boris", levels[1])], seed=seed)


def human_match(seed: int, level: str = "random") -> Match:
    return Match(GAME, [SeatInfo("Anna"), SeatInfo("Boris", level)], seed=seed)


def plays(match: Match, seat: int) -> list[Play]:
    return [m for m in GAME.legal_moves(match.state, seat) if isinstance(m, Play)]


def test_each_bot_decides_within_its_levels_range() -> None:
    delays: dict[str, list[int]] = {"easy": [], "normal": []}
    for seed in range(30):
        match = bots_match(seed)
        match.advance_to(0)
        for seat, due in match.decisions.items():
            delays[match.seats[seat].bot or ""].append(due)
        while not match.is_over():
            before = dict(match.decisions)
            upcoming = match.next_time()
            assert upcoming is not None
            match.advance_to(upcoming)  # one step (or several at that very time)
            assert match.time == upcoming
            for seat, due in match.decisions.items():
                if before.get(seat) != due:  # set after the step, from its time
                    delays[match.seats[seat].bot or ""].append(due - match.time)
    for level, seen in delays.items():
        low, high = REACTION[level]
        assert len(seen) > 50 and low <= min(seen) and max(seen) <= high, level
        assert max(seen) - min(seen) > (high - low) / 2  # drawn over the range


def test_a_fast_human_does_not_starve_the_bot() -> None:
    for seed in range(300):  # a deal where the human can play several cards in a row
        match = human_match(seed, level="heuristic")
        match.advance_to(0)
        if 1 not in match.decisions:
            continue
        due = match.decisions[1]
        now = acted = 0
        while now < due - 10 and plays(match, 0):
            now += 10  # the human plays every 10 ms while he can
            match.submit(plays(match, 0)[0], now)
            acted += 1
            if not match.is_over():
                assert match.decisions.get(1) == due  # the bot's time never moves
        if acted >= 3 and not match.is_over():
            break
    else:
        pytest.fail("no deal with a run of plays")
    match.advance_to(due)
    bot_times = [t for m, t in zip(match.moves, match.times, strict=True) if m.seat == 1]
    if bot_times:  # it acted at its very time, from its view then (if it had a play left)
        assert bot_times[0] == due


def test_a_race_for_the_centre_is_decided_by_arrival() -> None:
    """The bot and the human both want to play the same step onto the centre: the card that
    arrives first is played; the other no longer fits and is refused, nothing moves."""
    for seed in range(500):
        match = human_match(seed, level="heuristic")
        match.advance_to(0)
        mine, theirs = plays(match, 0), plays(match, 1)
        alike = len(mine) == len(theirs) == 1 and mine[0].card.rank == theirs[0].card.rank
        if alike and 1 in match.decisions:
            break
    else:
        pytest.fail("no race found")
    due = match.decisions[1]
    # the bot's card lands first (at its decision time); the human's comes 1 ms later
    match.advance_to(due)
    assert [m.seat for m in match.moves] == [1]
    centre = match.state.table.top("centre")
    with pytest.raises(IllegalMoveError) as late:
        match.submit(mine[0], due + 1)
    assert late.value.code == "NotAdjacent"
    assert match.state.table.top("centre") == centre and len(match.moves) == 1
    # the other way round: the human's card lands first, the bot re-plans from its view
    again = human_match(seed, level="heuristic")
    again.advance_to(0)
    again.submit(mine[0], due - 1)
    again.advance_to(due)
    assert again.moves[0] == mine[0]
    assert theirs[0] not in again.moves  # its card no longer fitted when it looked


def test_a_timed_event_falls_due_with_nobody_acting() -> None:
    for seed in range(300):
        match = human_match(seed)
        if GAME.next_due(match.state) is not None:
            break
    else:
        pytest.fail("no deal where nobody can play")
    assert match.state.turn_up_due == TURN_UP_DELAY
    centre = match.state.table.top("centre")
    match.advance_to(TURN_UP_DELAY - 1)
    assert match.state.table.top("centre") == centre and match.moves == []
    match.advance_to(TURN_UP_DELAY)
    assert match.state.table.top("centre") != centre
    assert any("is turned up" in line for line in match.log(None))


def test_advancing_in_two_steps_is_advancing_once() -> None:
    rng = random.Random(5)
    for seed in range(60):
        state = GAME.new_game(seats=2, seed=seed)
        while GAME.next_due(state) is None and GAME.to_move(state):
            seat = rng.choice(sorted(GAME.to_move(state)))
            plays = GAME.legal_moves(state, seat)
            if not plays:
                break
            state = GAME.apply_at(state, rng.choice(plays), state.clock + rng.randrange(500))
        due = GAME.next_due(state)
        if due is None:
            continue
        later = due + rng.randrange(5000)
        middle = rng.randrange(state.clock, later + 1)
        twice = GAME.advance(GAME.advance(state, middle), later)
        assert twice._replace(events=()) == GAME.advance(state, later)._replace(events=())


def test_a_stale_time_is_refused_and_changes_nothing() -> None:
    match = human_match(seed=1)
    match.advance_to(3000)
    plays = [m for m in GAME.legal_moves(match.state, 0) if isinstance(m, Play)]
    if not plays:
        pytest.skip("nothing to play in this deal")
    before = (list(match.moves), match.state)
    stamped = match.time
    with pytest.raises(IllegalMoveError) as error:
        match.submit(plays[0], stamped - 1)
    assert error.value.code == STALE_TIME
    assert (list(match.moves), match.state) == before


def test_simulated_games_end_and_repeat_on_the_virtual_clock() -> None:
    ends = []
    for seed in range(100):
        match = bots_match(seed)
        match.play_bots()
        assert match.is_over()
        again = bots_match(seed)
        again.play_bots()
        assert again.record() == match.record()
        ends.append(match.time)
    assert len(set(ends)) > 10  # not one canned game


def test_a_record_on_a_clock_replays_exactly_timed_steps_included(tmp_path: Path) -> None:
    for seed in range(20):
        match = bots_match(seed)
        match.play_bots()
        record = match.record()
        assert len(record.times) == len(record.moves) and record.ended == match.time
        again = Match.from_record(record)
        assert again.state == match.state
        assert again.log(None) == match.log(None)


def test_a_match_on_a_clock_is_stored_with_its_times(tmp_path: Path) -> None:
    with Store(tmp_path / "db.sqlite") as store:
        match = bots_match(seed=8)
        match_id = store.add(match.record(), origin="simulate")
        match.attach(store.journal(match_id), match_id)
        match.play_bots()
        record = store.record(match_id)
        assert record.times == tuple(match.times) and record.ended is not None
        assert Match.from_record(record).state == match.state
        assert store.get(match_id).is_finished


def test_turn_mode_runs_without_a_clock() -> None:
    options = RaceOptions(turns=True)
    match = Match(GAME, [SeatInfo("A", "random"), SeatInfo("B", "random")], options=options)
    assert not match.realtime
    match.play_bots()
    assert match.is_over() and match.times == [] and match.record().times == ()


def test_nerts_in_real_time_seats_one_human_at_most_and_plays_turn_by_turn_with_more() -> None:
    """Nerts §6.4: several people cannot share one keyboard in the race; with two or more
    humans the match is played turn by turn, and the lobby is told why."""
    from cardsuite.match import MatchSetup

    nerts = get_game("nerts")
    one = MatchSetup(
        nerts, (SeatInfo("Anna"), SeatInfo("Boris", "random"), SeatInfo("Vera", "random"))
    )
    match = one.start()
    assert match.options.mode == "realtime" and one.seated()[1] is None
    two = MatchSetup(nerts, (SeatInfo("Anna"), SeatInfo("Boris"), SeatInfo("Vera", "random")))
    options, note = two.seated()
    assert options.mode == "turns"
    assert note is not None and "2 people" in note and "turn by turn" in note
    assert two.start().options.mode == "turns"
    assert not nerts.realtime(two.start().state)


def test_spit_keeps_two_humans_in_real_time_at_one_keyboard() -> None:
    from cardsuite.match import MatchSetup

    setup = MatchSetup(get_game("spit"), (SeatInfo("Anna"), SeatInfo("Boris")))
    assert setup.seated()[1] is None
    assert get_game("spit").realtime(setup.start().state)


def test_a_spit_record_replays_through_the_states_the_table_showed() -> None:
    """Several spits may fall due between two actions; the table performs them one due time
    after another, and so does the replay (the same events in each step, the same state)."""
    spit = get_game("spit")
    several = 0
    for seed in range(12):
        seats = [SeatInfo("Anna", "random"), SeatInfo("Boris", "random")]
        match = Match(spit, seats, seed=seed)
        now = 0
        while not match.is_over() and now < 600_000:
            now += 250  # the table's heartbeat, a quarter second
            match.advance_to(now)
        steps = [at for at, _events in match.timed]
        several += any(a == b for a, b in itertools.pairwise(steps))
        again = Match.from_record(match.record())
        assert again.timed == match.timed
        assert again.state == match.state
    assert several > 0  # some match had two spits with no action between them
