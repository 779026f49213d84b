"""What goes over the network: every event of every game, as each seat may know it, written
as JSON data and read back the same; moves as their notation; bad data refused in words."""

from __future__ import annotations

import dataclasses
import json
import random
import re

import pytest

from cardsuite.core.cards import FACE_DOWN, parse_card
from cardsuite.core.wire import (
    WireError,
    event_data,
    event_from_data,
    event_kinds,
    move_data,
    move_from_data,
    observation_data,
    observation_from_data,
)
from cardsuite.games import declared_games
from cardsuite.games.rang.model import CameBack, Kept
from cardsuite.match import Match, SeatInfo

GAME_IDS = [info.id for info in declared_games()]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_event_goes_over_the_wire_and_back_as_each_seat_knows_it(game_id: str) -> None:
    info = next(i for i in declared_games() if i.id == game_id)
    game = info.load()
    kinds = event_kinds(type(game).__module__)
    seats = max(n for n in game.seat_counts if n <= 4)
    match = Match(game, [SeatInfo(f"P{i}", "easy") for i in range(seats)], seed=5)
    match.play_bots(400)
    sent = 0
    hidden = 0
    for state in match.states:
        for event in state.events:
            for viewer in (*range(seats), None):
                seen = event.seen_by(viewer)
                data = json.loads(json.dumps(event_data(seen), ensure_ascii=False))
                back = event_from_data(data, kinds)
                assert back == seen, (data, back, seen)
                assert back.text() == seen.text()
                hidden += FACE_DOWN in tuple(seen.card_faces())
                sent += 1
    assert sent > 0
    if info.every_card_seen:
        assert hidden == 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_legal_move_goes_over_the_wire_as_its_notation(game_id: str) -> None:
    info = next(i for i in declared_games() if i.id == game_id)
    game = info.load()
    state = game.new_game(seats=min(game.seat_counts), seed=2)
    rng = random.Random(2)
    for _ply in range(60):
        movers = sorted(game.to_move(state))
        if not movers or game.outcome(state) is not None:
            break
        legal = game.legal_moves(state, movers[0])
        if not legal:
            break
        for move in legal:
            assert game.move_from_text(state, game.move_to_text(move), move.seat) == move
        state = game.apply(state, legal[rng.randrange(len(legal))])


def test_data_that_is_no_event_of_the_game_is_refused_in_words() -> None:
    kinds = event_kinds("cardsuite.games.rang.engine")
    cases = [
        ([], "an event is an object"),
        ({"event": "Castled", "seat": 0}, "no event 'Castled' in this game"),
        ({"event": "Played", "seat": 0}, "Played: no 'card'"),
        ({"event": "Played", "seat": 0, "card": "7♠", "x": 1}, "unknown fields ['x']"),
        ({"event": "Played", "seat": 0, "card": "17♠"}, "is not a card"),
    ]
    for data, words in cases:
        with pytest.raises(WireError, match=re.escape(words)):
            event_from_data(data, kinds)
    # the events of one game are not another's: Rang's own, then core's
    assert kinds["Played"].__module__ == "cardsuite.games.rang.model"
    assert "core.TurnBegins" in kinds and "TurnBegins" not in kinds


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_observation_goes_over_the_wire_and_back_in_the_games_own_types(
    game_id: str,
) -> None:
    info = next(i for i in declared_games() if i.id == game_id)
    game = info.load()
    module = type(game).__module__
    seats = max(n for n in game.seat_counts if n <= 4)
    match = Match(game, [SeatInfo(f"P{i}", "easy") for i in range(seats)], seed=9)
    match.play_bots(300)
    for state in match.states[::5]:
        for viewer in (*range(seats), None):
            seen = game.observe(state, viewer)
            data = json.loads(json.dumps(observation_data(seen), ensure_ascii=False))
            back = observation_from_data(data, module)
            assert back == seen and type(back.state) is type(seen.state)
            assert game.present(back) == game.present(seen)
            for move in game.legal_moves(state, viewer) if viewer in game.to_move(state) else ():
                assert move_from_data(json.loads(json.dumps(move_data(move))), module) == move


DEEP: object = 1
for _ in range(30):
    DEEP = [DEEP]


@pytest.mark.parametrize(
    "data",
    [
        {"type": "games.grabuge.model:GrabugeState", "fields": {}},  # another game's type
        {"type": "core.wire:observation_data", "fields": {}},  # not a value type
        {"type": "os:system", "fields": {}},  # outside the suite
        {"type": "core.cards:Card", "fields": {"rank": 1}},  # fields missing
        {"enum": "core.table:Visibility", "name": "EVERYONE"},
        {"layout": [["hand.0", "me", "owner"]]},
        {"layout": [["hand.0", 0, "sometimes"]]},
        "Z♠",
        {"what": 1},
        DEEP,  # nests too deep
    ],
)
def test_an_observation_that_does_not_read_is_refused_in_one_line(data: object) -> None:
    with pytest.raises(WireError) as refused:
        observation_from_data(data, "cardsuite.games.rang.engine")
    assert "\n" not in str(refused.value) and str(refused.value)


def test_moves_equal_but_for_a_field_left_out_of_comparison_are_written_apart() -> None:
    # Grabuge's moves leave the card and target out of equality: the wire must not mix
    # up two of them because the first was written before.
    from cardsuite.games.grabuge.model import PlaceInReserve

    fields = {f.name for f in dataclasses.fields(PlaceInReserve) if not f.compare}
    assert fields, "the case this test is for"
    one = PlaceInReserve(seat=0, column=1, card=parse_card("A♠"), target="reserve.0.1")
    two = PlaceInReserve(seat=0, column=1, card=parse_card("9♥"), target="reserve.0.2")
    assert one == two
    assert move_data(one) != move_data(two)
    module = "cardsuite.games.grabuge.engine"
    assert move_from_data(move_data(two), module).card == two.card


def test_a_card_out_of_sight_is_written_alike_in_events_and_observations() -> None:
    """An event's card hidden from its reader goes over the wire as "?", as it does in an
    observation, and reads back face down; the seat who may see it reads the card."""
    kinds = event_kinds("cardsuite.games.rang.engine")
    kept = Kept(1, parse_card("7♠"))
    assert event_data(kept.seen_by(0)) == {"event": "Kept", "seat": 1, "card": "?"}
    assert event_from_data(event_data(kept.seen_by(0)), kinds) == Kept(1, FACE_DOWN)
    assert event_from_data(event_data(kept.seen_by(1)), kinds) == kept
    came = CameBack(0, (parse_card("A♥"), parse_card("K♥")))
    assert event_data(came.seen_by(1))["cards"] == ["?", "?"]
    assert observation_data((FACE_DOWN,)) == ["?"]
