"""Write the README's screenshots: the lobby, a mid-game table of every registered game, the
hot-seat curtain, an outcome screen, the saved matches and a replay, as SVG files at 120×40.

    python screenshots/make.py            # writes screenshots/*.svg next to this script
    python screenshots/make.py --out DIR  # somewhere else

Everything is seeded (deals, bots, the moves played before the picture, the lobby's proposed
seed) and the random ids Rich puts in an SVG are replaced by fixed ones, so running the script
again on the same code gives the same files.  Settings and saved matches go to a temporary
``CARDSUITE_HOME``, never to yours.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from cardsuite.bots import bot_ids
from cardsuite.core.cards import Card
from cardsuite.core.i18n import DEFAULT_LANGUAGE, set_language
from cardsuite.core.protocol import AnyGame
from cardsuite.games import GAMES, get_game
from cardsuite.match import Match, SeatInfo
from cardsuite.runner import HumanTurn
from cardsuite.store import Settings
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.table import TableScreen

SIZE = (120, 40)
NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zhenya", "Zoya", "Igor", "Kira")
SETTINGS = Settings(bot_delay=0.0)
MID_GAME_PLIES = 30  # moves played before a game's picture is taken
SEEDS = range(1, 9)  # the deal whose table shows the most cards makes the picture


def seats(game: AnyGame, humans: int = 1) -> list[SeatInfo]:
    """Up to four players (a fuller table), the first ``humans`` human, the others bots."""
    count = max(n for n in game.seat_counts if n <= 4) if min(game.seat_counts) <= 4 else 0
    count = count or min(game.seat_counts)
    bot = bot_ids(game)[0]
    return [SeatInfo(NAMES[i], None if i < humans else bot) for i in range(count)]


def play(match: Match, rng: random.Random, until: Callable[[Match], bool]) -> None:
    """Bots play themselves; human seats play a seeded random legal move; stop at ``until``."""
    for _ in range(100_000):
        if match.is_over() or until(match):
            return
        if match.play_bots(1):
            continue
        movers = [s for s in match.to_move() if match.legal_moves(s)]
        if not movers:  # on a clock, nobody able to act: on to what falls due next
            due = match.next_time()
            if due is None:
                return
            match.advance_to(due)
            continue
        seat = min(movers)
        legal = match.legal_moves(seat)
        match.apply(legal[rng.randrange(len(legal))])


def mid_game(game: AnyGame, seed: int) -> Match:
    """A match some way in, at a decision of the human in seat 1 with a real choice."""
    match = Match(game, seats(game), seed=seed)

    def ready(m: Match) -> bool:
        if len(m.moves) < MID_GAME_PLIES or 0 not in m.to_move():
            return False
        if m.realtime:  # everyone plays at once: any moment the person can act will do
            return len(m.legal_moves(0)) >= 2
        choices = 1 if game.watch_by_default else 2  # (Rubashka: one move, always)
        return len(m.legal_moves(0)) >= choices and m.bot_to_move() is None

    play(match, random.Random(seed), ready)
    return match


def cards_shown(match: Match) -> int:
    return sum(isinstance(face, Card) for pile in match.view(0).piles() for face in pile.faces)


def richest_mid_game(game: AnyGame) -> Match:
    """Of a few seeded deals, the mid-game table that shows the most cards."""
    games = [mid_game(game, seed) for seed in SEEDS]
    playing = [m for m in games if not m.is_over()] or games
    return max(playing, key=cards_shown)


async def settle(pilot: Pilot[Any]) -> None:
    """Wait until no bot, forced move or worker is pending."""
    app = pilot.app
    for _ in range(2000):
        await pilot.pause()
        if any(not w.is_finished for w in app.workers._workers):
            continue
        screen = app.screen
        if isinstance(screen, TableScreen) and screen.busy:
            continue
        return
    raise RuntimeError("the app did not settle")


async def pick_a_card(pilot: Pilot[Any]) -> None:
    """Pick the first playable card that has targets, so its legal targets light up."""
    screen = pilot.app.screen
    if not isinstance(screen, TableScreen) or not isinstance(screen.step, HumanTurn):
        return
    sel = screen.selector
    if sel is None:
        return
    for _ in range(len(sel.slots)):
        current = sel.current
        if current is not None and sel.is_source(current):
            sel.source = current
            targets = sel.targets()
            sel.source = None
            if targets:
                await pilot.press("enter")
                await settle(pilot)
                return
        await pilot.press("tab")
        await settle(pilot)


def fixed_ids(svg: str) -> str:
    """Rich names the SVG's classes ``terminal-<random number>-…``: make the number fixed."""
    return re.sub(r"\bterminal-\d+-", "terminal-cardsuite-", svg)


async def shoot(
    app: CardsuiteApp,
    path: Path,
    before: Callable[[Pilot[Any]], Awaitable[None]] | None = None,
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        if before is not None:
            await before(pilot)
        await pilot.pause()
        app.save_screenshot(path.name, str(path.parent))
    path.write_text(fixed_ids(path.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote {path}")


async def make(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    await shoot(CardsuiteApp(settings=SETTINGS, seed=1), out / "lobby.svg")
    for game in GAMES.values():
        match = richest_mid_game(game)
        await shoot(
            # (a clock standing still: a table in real time is drawn as the match left it)
            CardsuiteApp(match=match, settings=SETTINGS, seed=1, clock_source=lambda: 0.0),
            out / f"{game.id}.svg",
            pick_a_card,
        )
    # a table in Russian, as a player who chose the language in the settings sees it
    russian = SETTINGS.replace(language="ru")
    rang_match = richest_mid_game(get_game("rang"))
    await shoot(
        CardsuiteApp(match=rang_match, settings=russian, seed=1), out / "rang-ru.svg", pick_a_card
    )
    set_language(DEFAULT_LANGUAGE)
    # two people at one keyboard (and a bot): the curtain before Boris sees his hand
    rang = get_game("rang")
    hot = Match(rang, [SeatInfo("Anna"), SeatInfo("Boris"), SeatInfo("Vera", "random")], seed=5)
    play(hot, random.Random(5), lambda m: len(m.moves) >= 6 and 1 in m.to_move())
    await shoot(CardsuiteApp(match=hot, settings=SETTINGS, seed=1), out / "curtain.svg")
    over = Match(rang, seats(rang), seed=4)
    play(over, random.Random(4), lambda m: False)
    await shoot(CardsuiteApp(match=over, settings=SETTINGS, seed=1), out / "outcome.svg")
    # the saved matches (a few finished, one in play), then the replay of a finished one
    store_matches()

    async def open_matches(pilot: Pilot[Any]) -> None:
        await pilot.press("m")
        await settle(pilot)

    async def open_replay(pilot: Pilot[Any]) -> None:
        await open_matches(pilot)
        await pilot.press("down", "enter")  # the first finished match (after the one in play)
        await settle(pilot)
        for _ in range(12):
            await pilot.press("right")
        await settle(pilot)

    await shoot(CardsuiteApp(settings=SETTINGS, seed=1), out / "matches.svg", open_matches)
    await shoot(CardsuiteApp(settings=SETTINGS, seed=1), out / "replay.svg", open_replay)


def store_matches() -> None:
    """Seeded matches in the (temporary) database: finished ones of each game, then one left
    in play."""
    from cardsuite.store.db import Store, db_path

    db_path().unlink(missing_ok=True)  # not the matches the pictures above have played
    with Store() as store:
        for i, game in enumerate(GAMES.values()):
            match = Match(game, seats(game, humans=0), seed=10 + i)
            match_id = store.add(match.record(), origin="simulate")
            match.attach(store.journal(match_id), match_id)
            match.play_bots()
        grabuge = get_game("grabuge")
        left = Match(grabuge, seats(grabuge), seed=7)
        match_id = store.add(left.record())
        left.attach(store.journal(match_id), match_id)
        play(left, random.Random(7), lambda m: len(m.moves) >= 20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        os.environ["CARDSUITE_HOME"] = home
        os.environ.pop("NO_COLOR", None)
        asyncio.run(make(args.out))


if __name__ == "__main__":
    main()
