"""Every registered game words its moves for a viewer without naming a card hidden from him.

A replay shows each move as its viewer may know it (``Game.move_seen_by``).  For a few
seeded bot games of every game, with each yes/no option turned the other way in turn (Seven
Up's begging, Grabush's table-talk penalty …), the spectator's wording of every move names
no card that lay out of his sight around it: in a place hidden from him (by the piles'
declared visibility) in the state before the move and in the state after, and shown by none
of the move's events.  A player's own move is worded by its label, and a hidden wording
names no card at all.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from cardsuite.core.cards import Card
from cardsuite.core.errors import OptionsError
from cardsuite.core.options import describe_options
from cardsuite.core.protocol import AnyGame
from cardsuite.core.table import Table, hidden_positions
from cardsuite.games import GAMES
from cardsuite.match import Match, SeatInfo
from tests.contract.checks import card_texts

SEEDS = (0, 1)
MOVE_BUDGET = 3_000  # moves checked per game, at most
PLY_LIMIT = 600  # moves played per game, at most


def variants(game: AnyGame) -> list[Any]:
    """The default options, then each yes/no option turned the other way (where allowed)."""
    default = game.Options()
    out = [default]
    for info in describe_options(game.Options):
        if info.kind != "bool":
            continue
        try:
            out.append(dataclasses.replace(default, **{info.name: not info.default}))
        except OptionsError:
            continue
    return out


def out_of_sight(table: Table, viewer: int | None) -> set[str]:
    """The cards of ``table`` hidden from ``viewer`` of which he sees no card alike (two
    packs: a card of either back), as text."""
    hidden_at = set(hidden_positions(table, viewer))
    hidden: set[str] = set()
    seen: set[str] = set()
    for p, pile in enumerate(table.piles):
        for c, card in enumerate(pile):
            (hidden if (p, c) in hidden_at else seen).add(card.text())
    return hidden - seen


def never_seen(before: Any, after: Any, viewer: int | None) -> set[str]:
    """The cards out of ``viewer``'s sight before the move and after it, and not shown by
    its events (as he gets them), as text."""
    shown = {
        face.text()
        for event in after.events
        for face in event.seen_by(viewer).card_faces()
        if isinstance(face, Card)
    }
    return (out_of_sight(before.table, viewer) & out_of_sight(after.table, viewer)) - shown


def check_game(game: AnyGame, options: Any, seats: int, seed: int) -> tuple[int, int]:
    """Play one seeded bot game and check every move's wording; (moves checked, moves
    naming a card the spectator never saw)."""
    match = Match(
        game, [SeatInfo(f"P{s}", "random") for s in range(seats)], options=options, seed=seed
    )
    match.play_bots(PLY_LIMIT)
    secret_moves = 0
    for number, move in enumerate(match.moves, start=1):
        before, after = match.states[number - 1], match.states[number]
        hidden_wording = move.hidden_label()
        assert not card_texts(hidden_wording), f"{game.id}: {hidden_wording!r} names a card"
        assert match.move_seen_by(number, move.seat) == match.fill(move.label()), (
            f"{game.id}: seat {move.seat} is not shown its own move {move.label()!r}"
        )
        secret = never_seen(before, after, None)
        named = {card.text() for card in move.named_cards()} & secret
        if named:
            secret_moves += 1
        wording = match.move_seen_by(number, None)
        leaked = card_texts(wording) & secret
        assert not leaked, (
            f"{game.id} (seed {seed}, {seats} players, {options}): move {number} "
            f"{game.move_to_text(move)!r} is shown to a spectator as {wording!r}, naming {leaked}"
        )
        if not move.named_cards():
            assert wording == match.fill(move.label()), f"{game.id}: {wording!r}"
    return len(match.moves), secret_moves


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_spectator_is_never_told_a_hidden_card_by_a_move(game_id: str) -> None:
    game = GAMES[game_id]
    checked = 0
    counts = sorted({min(game.seat_counts), max(min(game.seat_counts) + 2, 4)})
    for options in variants(game):
        for seats in counts:
            if seats not in game.seat_counts:
                continue
            for seed in SEEDS:
                if checked >= MOVE_BUDGET:
                    break
                try:
                    game.new_game(seats=seats, options=options, seed=seed)
                except OptionsError:
                    continue
                moves, _secret = check_game(game, options, seats, seed)
                checked += moves
    assert checked > 0


@pytest.mark.parametrize(
    ("game_id", "option"), [("seven-up", "begging"), ("grabush", "table_talk_penalty")]
)
def test_the_games_whose_moves_hide_cards_are_met(game_id: str, option: str) -> None:
    """Not vacuous: with their option on, bots make the moves that name a card the spectator
    never sees (a beggar's discard, a penalty card), and those moves pass the check."""
    game = GAMES[game_id]
    options = dataclasses.replace(game.Options(), **{option: True})
    seats = 4 if 4 in game.seat_counts else min(game.seat_counts)
    secret = sum(check_game(game, options, seats, seed)[1] for seed in range(4))
    assert secret > 0
