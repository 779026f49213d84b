"""Matches several test files set up the same way."""

from __future__ import annotations

from cardsuite.games import get_game
from cardsuite.match import Match, SeatInfo
from cardsuite.store.db import Store


def begging_seven_up(seed: int = 1) -> Match:
    """Seven Up with begging between two random bots (seed 1: Anna begs, Boris runs the
    cards, both discard face down)."""
    game = get_game("seven-up")
    seats = [SeatInfo("Anna", "random"), SeatInfo("Boris", "random")]
    return Match(game, seats, options=game.Options(begging=True), seed=seed)


def store_a_person_and_a_bot_named_boris() -> None:
    """Two finished Rang matches: Boris a person in the first, a heuristic bot in the second."""
    rang = get_game("rang")
    person = Match(rang, [SeatInfo("Boris"), SeatInfo("Anna", "heuristic")], seed=1)
    bot = Match(rang, [SeatInfo("Vera"), SeatInfo("Boris", "heuristic")], seed=2)
    with Store() as store:
        for match in (person, bot):
            match_id = store.add(match.record())
            match.attach(store.journal(match_id), match_id)
            while not match.is_over():
                if not match.play_bots():
                    seat = min(match.to_move())
                    match.apply(match.legal_moves(seat)[0])
            match.detach()


def seven_up_between_deals(seed: int = 9, deals: int = 2) -> Match:
    """Seven Up, four heuristic bots each for himself, stopped between deals once ``deals``
    deals are over (seed 9: the match takes three deals, so it is mid-way)."""
    game = get_game("seven-up")
    names = ("Anna", "Boris", "Vera", "Gleb")
    match = Match(game, [SeatInfo(name, "heuristic") for name in names], seed=seed)
    while not match.is_over():
        series = match.state.series
        if series.between and len(series.results) == deals:
            return match
        match.play_bots(limit=1)
    raise AssertionError(f"the match ended before {deals} deals were over")
