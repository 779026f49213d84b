"""The contract every registered game keeps (DESIGN.md §7).

Hypothesis picks a player count, options and seeds; a seeded random player plays the game to
the end, and every state on the way is checked.  Cheap checks run on every state; the costly
ones (hiding, notation, presentation, candidate agreement) on a sample of states, always
including the first few and the last.  A new game is covered as soon as it is registered.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from cardsuite.core.cards import FACE_DOWN, Card
from cardsuite.core.errors import IllegalMoveError, OptionsError
from cardsuite.core.options import describe_options, options_to_dict
from cardsuite.core.protocol import Game
from cardsuite.core.record import MatchRecord, SeatRecord
from cardsuite.core.table import redact, resample_hidden
from cardsuite.core.text import default_names, fill
from cardsuite.games import GAMES
from cardsuite.match import Match

GAME_IDS = sorted(GAMES)
MAX_PLIES = 60_000  # far above any game's own safety stop
EXAMPLES = 200  # random games per game per run
SAMPLE_RATE = 0.02  # share of states that get the costly checks
ALWAYS_CHECKED = 8  # the first states of every game are always fully checked


def option_values(info: Any) -> st.SearchStrategy[Any]:
    """Values worth trying for one option: all choices, or the default and the low end."""
    if info.kind == "bool":
        return st.booleans()
    if info.kind == "choice":
        return st.sampled_from(info.choices)
    low = info.minimum if info.minimum is not None else 0
    high = low + 2 if info.maximum is None else min(info.maximum, low + 2)
    return st.one_of(st.just(info.default), st.integers(low, high))


@st.composite
def setups(draw: st.DrawFn, game: Game[Any, Any]) -> tuple[int, Any, int, int]:
    seats = draw(st.sampled_from(game.seat_counts))
    values = {info.name: draw(option_values(info)) for info in describe_options(game.Options)}
    try:
        options = game.Options(**values)
        game.new_game(seats=seats, options=options, seed=0)
    except OptionsError:
        assume(False)
    seed = draw(st.integers(0, 2**32))
    player = draw(st.integers(0, 2**32))
    return seats, options, seed, player


def visible_cards(obs_table: Any) -> Counter[Card]:
    return Counter(c for c in obs_table.all_cards() if isinstance(c, Card))


def check_costly(game: Game[Any, Any], state: Any, rng: random.Random) -> None:
    seats = game.seats_of(state)
    names = default_names(seats)
    # Legal moves are exactly the candidates that why_illegal accepts; the others are refused
    # by apply with the same reason, and the state is untouched.
    to_move = sorted(game.to_move(state))
    others = [s for s in range(seats) if s not in to_move]
    for seat in to_move + rng.sample(others, min(1, len(others))):
        legal = game.legal_moves(state, seat)
        accepted = [m for m in game.candidates(state, seat) if game.why_illegal(state, m) is None]
        assert set(legal) == set(accepted), f"legal_moves disagrees with why_illegal at seat {seat}"
        refused = [m for m in game.candidates(state, seat) if m not in legal]
        for move in rng.sample(refused, min(3, len(refused))):
            reason = game.why_illegal(state, move)
            assert isinstance(reason, str) and reason.strip()
            with pytest.raises(IllegalMoveError) as error:
                game.apply(state, move)
            assert error.value.reason == reason
        # Notation round trip, and labels tell the moves apart.
        labels = [m.label() for m in legal]
        assert len(set(labels)) == len(labels), f"duplicate labels {labels}"
        for move in legal:
            assert game.move_from_text(state, game.move_to_text(move), seat) == move

    # Hiding: each viewer's observation is blind to how its hidden cards are arranged, and its
    # table view shows no card it may not see.
    viewers: list[int | None] = [*to_move, *rng.sample(others, min(1, len(others))), None]
    for viewer in viewers:
        obs = game.observe(state, viewer)
        shuffled = state._replace(table=resample_hidden(state.table, viewer, rng))
        assert game.observe(shuffled, viewer) == obs, f"observation of {viewer} leaks hidden cards"
        assert obs.state.seed is None
        view = game.present(obs, names)
        shown = Counter(f for p in view.piles() for f in p.faces if isinstance(f, Card))
        allowed = visible_cards(redact(state.table, viewer))
        assert not shown - allowed, f"{viewer}'s table view shows hidden cards {shown - allowed}"
        if viewer is not None:
            assert view.seats[0].seat == viewer and view.seats[0].is_viewer
        assert sorted(s.seat for s in view.seats) == list(range(seats))
        ids = [p.id for p in view.piles()]
        assert len(ids) == len(set(ids))
        for event in state.events:
            seen = event.seen_by(viewer)
            if event.private_to not in (None, viewer):
                assert all(c is FACE_DOWN for c in seen.cards)
            assert fill(game.describe(seen), names)
        # A determinization is a state this viewer cannot tell from the real one.
        guess = game.determinize(obs, rng)
        assert Counter(guess.table.all_cards()) == Counter(game.deck(state))
        assert game.observe(guess, viewer).state.table == obs.state.table


def play_checked(game: Game[Any, Any], seats: int, options: Any, seed: int, player: int) -> None:
    rng = random.Random(player)
    state = game.new_game(seats=seats, options=options, seed=seed)
    assert state == game.new_game(seats=seats, options=options, seed=seed), "deal not deterministic"
    deck = Counter(game.deck(state))
    moves: list[tuple[int, str]] = []
    for ply in range(MAX_PLIES):
        # (dict equality: Counter's own __eq__ is slow Python)
        assert dict.__eq__(Counter(state.table.all_cards()), deck), f"cards lost at ply {ply}"
        to_move = game.to_move(state)
        outcome = game.outcome(state)
        if not to_move:
            break
        assert outcome is None, "an outcome before the end"
        for seat in range(seats):
            if seat not in to_move:
                assert game.legal_moves(state, seat) == (), f"seat {seat} may move out of turn"
        movers = [s for s in sorted(to_move) if game.legal_moves(state, s)]
        assert movers, f"no legal move for {sorted(to_move)} at ply {ply} (liveness)"
        seat = rng.choice(movers)
        legal = game.legal_moves(state, seat)
        assert len(set(legal)) == len(legal), "duplicate legal moves"
        assert all(m.seat == seat for m in legal)
        assert all(game.why_illegal(state, m) is None for m in legal)
        move = rng.choice(legal)
        if ply < ALWAYS_CHECKED or rng.random() < SAMPLE_RATE:
            check_costly(game, state, rng)
            frozen = pickle.dumps(state)
            nxt = game.apply(state, move)
            assert pickle.dumps(state) == frozen, "apply changed its input"
            assert game.apply(state, move) == nxt, "apply is not deterministic"
        else:
            nxt = game.apply(state, move)
        moves.append((seat, game.move_to_text(move)))
        state = nxt
    else:
        pytest.fail(f"no end after {MAX_PLIES} plies")

    # The end: an outcome whose places partition the seats (standard competition ranking).
    check_costly(game, state, rng)
    outcome = game.outcome(state)
    assert outcome is not None
    places = outcome.places
    assert len(places) == seats
    for s in range(seats):
        assert places[s] == 1 + sum(p < places[s] for p in places), f"places {places}"
    assert fill(outcome.reason, default_names(seats))

    # The record of the game rebuilds it exactly, through JSON.
    record = MatchRecord(
        game=game.id,
        seed=seed,
        seats=tuple(SeatRecord(n) for n in default_names(seats)),
        options=options_to_dict(game.options_of(state)),
        moves=tuple(moves),
    )
    replayed = Match.from_record(MatchRecord.from_json(record.to_json()))
    assert replayed.state == state, "replaying the record gives another game"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_contract(game_id: str) -> None:
    game = GAMES[game_id]

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
        database=None,
    )
    @given(setups(game))
    def run(setup: tuple[int, Any, int, int]) -> None:
        play_checked(game, *setup)

    run()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_registry_metadata(game_id: str) -> None:
    from cardsuite.games import get_game

    game = GAMES[game_id]
    assert get_game(game.id) is game
    assert get_game(game.original_name) is game
    for alias in game.aliases:
        assert get_game(alias.upper()) is game
    assert game.seat_counts and min(game.seat_counts) >= 1
    assert game.summary and "\n" not in game.summary
    assert game.rules().lstrip().startswith("#"), "rules are Markdown with a title"
    fresh = game.new_game(seats=min(game.seat_counts), options=game.Options(), seed=0)
    assert game.to_move(fresh), "a game with default options starts with someone to move"
