"""The arena: bots measured against one another over many seeded matches.

An arena run names a game, a number of seats and a list of bots (*entries*).  The entries take
the seats in turn (with two entries and four seats they alternate: A, B, A, B), and the seating
turns by one seat every match, so over a multiple of the seat count every entry has sat in every
seat equally often and no bot keeps the advantage of playing first.  Match ``k`` is dealt from
``derive_seed(seed, "arena", k)`` and its bots draw from the generators the Match seeds from
that, as ``cardsuite simulate`` does: the same arguments give the same matches, whatever the
number of worker processes.

Who won, by the rule of :func:`cardsuite.core.outcome.verdict`: a match where every seat
shares the first place is a draw and a win for nobody; otherwise the first place goes to the
entries holding a seat placed first, and when it is shared between ``m`` entries each gets
``1/m`` of a win (a shared first place between two bots is half a win each).  A bot's win rate
is its wins over all games played, with a Wilson score interval at 95 %.  A match
the safety stop (:data:`PLY_LIMIT` moves) ends is played and won by nobody; the text report
says how many there were.

Every ``choose`` call of each bot is timed (wall clock, in milliseconds); the times are the one
part of a report that differs from run to run.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any

from cardsuite.bots import Bot, bot_label
from cardsuite.core.errors import OptionsError
from cardsuite.core.i18n import _, ngettext
from cardsuite.core.levels import LEVELS, level_id
from cardsuite.core.moves import Move
from cardsuite.core.protocol import AnyGame, Observation
from cardsuite.core.rng import derive_seed
from cardsuite.games import get_game
from cardsuite.match import Match, SeatInfo

Z95 = 1.959963984540054  # the standard normal quantile at 97.5 %: a two-sided 95 % interval
PLY_LIMIT = 200_000  # a safety stop far beyond any game's own end (simulate's limit)

# --- statistics ---------------------------------------------------------------------------------


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: ``successes`` of ``trials`` (a half
    success, a shared first place, is allowed), at the confidence ``z`` stands for (95 % by
    default).  Unlike the plain ``p ± z·√(p(1-p)/n)`` it stays within 0 and 1 and does not
    shrink to a point at 0 or ``trials`` successes.  ``(0.0, 1.0)`` for no trials."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2n = z * z / trials
    centre = (p + z2n / 2) / (1 + z2n)
    half = z / (1 + z2n) * math.sqrt(p * (1 - p) / trials + z2n / (4 * trials))
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile: the least value that at least ``share`` (0 < share ≤ 1)
    of ``values`` do not exceed; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[rank - 1]


def p95(values: Sequence[float]) -> float:
    """The 95th percentile of ``values`` (nearest rank, see :func:`percentile`)."""
    return percentile(values, 0.95)


def mean(values: Sequence[float]) -> float:
    """The arithmetic mean; 0.0 for no values."""
    return math.fsum(values) / len(values) if values else 0.0


# --- seating and credit -------------------------------------------------------------------------


def resolve_bots(names: Sequence[str]) -> tuple[str, ...]:
    """The level of each bot name (a former name too: ``search`` → ``hard``); OptionsError
    for an empty list or a name that is no level."""
    if not names or any(not name for name in names):
        raise OptionsError(_("--bots needs at least one bot name, e.g. hard,normal"))
    ids = []
    for name in names:
        bot_id = level_id(name.lower())
        if bot_id not in LEVELS:
            raise OptionsError(
                _("unknown bot {name!r} (bots: {levels})").format(
                    name=name, levels=", ".join(LEVELS)
                )
            )
        ids.append(bot_id)
    return tuple(ids)


def entry_names(bot_ids: Sequence[str]) -> tuple[str, ...]:
    """How each entry is reported: its level's label, numbered when a level is entered more
    than once (``normal#1``, ``normal#2``)."""
    labels = [bot_label(bot_id) for bot_id in bot_ids]
    seen: dict[str, int] = {}
    names = []
    for label in labels:
        seen[label] = seen.get(label, 0) + 1
        names.append(f"{label}#{seen[label]}" if labels.count(label) > 1 else label)
    return tuple(names)


def seating(entries: int, seats: int, match: int) -> tuple[int, ...]:
    """The entry in each seat at match number ``match``: the entries take the seats in turn
    (0, 1, 0, 1 … for two), and the whole seating turns by one seat per match."""
    if not 1 <= entries <= seats:
        raise ValueError(f"{entries} entries for {seats} seats")
    return tuple((seat + match) % seats % entries for seat in range(seats))


def credit(places: Sequence[int], seated: Sequence[int], entries: int) -> tuple[float, ...] | None:
    """Each entry's share of a match's win from the seats' places (1 the best) and the entry
    in each seat: None for a draw (every seat first); otherwise the entries holding a first
    place share one win equally."""
    if all(place == 1 for place in places):
        return None
    first = {entry for entry, place in zip(seated, places, strict=True) if place == 1}
    return tuple(1 / len(first) if entry in first else 0.0 for entry in range(entries))


# --- playing ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ArenaSpec:
    """What an arena run plays: the game's id, the seats, each entry's bot id, the matches and
    the seed.  Plain values only, so that it travels to worker processes."""

    game: str
    seats: int
    bots: tuple[str, ...]
    games: int
    seed: int


@dataclass(frozen=True, slots=True)
class MatchResult:
    """One arena match: the entry in each seat, each entry's share of the win (None: a draw
    or no end), whether the game reached its end, and each entry's decision times (ms)."""

    seated: tuple[int, ...]
    shares: tuple[float, ...] | None
    finished: bool
    times: tuple[tuple[float, ...], ...]


class _Timed:
    """A bot whose every ``choose`` call is timed into ``times`` (milliseconds)."""

    def __init__(self, bot: Bot, times: list[float]) -> None:
        self.bot = bot
        self.id = bot.id
        self.times = times

    def choose(
        self,
        game: AnyGame,
        obs: Observation[Any],
        legal: tuple[Move, ...],
        rng: random.Random,
    ) -> Move:
        started = time.perf_counter()
        move = self.bot.choose(game, obs, legal, rng)
        self.times.append((time.perf_counter() - started) * 1000)
        return move


def match_seed(seed: int, match: int) -> int:
    """The seed of match number ``match`` of a run seeded with ``seed``."""
    return derive_seed(seed, "arena", match)


def play_match(spec: ArenaSpec, match: int, engine: AnyGame | None = None) -> MatchResult:
    """Play match number ``match`` of ``spec`` to its end (bounded by :data:`PLY_LIMIT`)."""
    game = engine if engine is not None else get_game(spec.game)
    entries = len(spec.bots)
    seated = seating(entries, spec.seats, match)
    names = entry_names(spec.bots)
    seats = [SeatInfo(names[entry], spec.bots[entry]) for entry in seated]
    played = Match(game, seats, seed=match_seed(spec.seed, match))
    times: list[list[float]] = [[] for _ in range(entries)]
    played.wrap_bots(lambda seat, bot: _Timed(bot, times[seated[seat]]))
    played.play_bots(PLY_LIMIT)
    outcome = played.outcome()
    shares = None if outcome is None else credit(outcome.places, seated, entries)
    return MatchResult(seated, shares, outcome is not None, tuple(map(tuple, times)))


def play_matches(spec: ArenaSpec, workers: int = 1) -> Iterator[MatchResult]:
    """Every match of ``spec`` in match order, played in ``workers`` processes (in this one
    for 1); the order, and so the result, does not depend on ``workers``."""
    if workers <= 1 or spec.games == 1:
        engine = get_game(spec.game)
        for match in range(spec.games):
            yield play_match(spec, match, engine)
        return
    with ProcessPoolExecutor(max_workers=min(workers, spec.games)) as pool:
        yield from pool.map(partial(play_match, spec), range(spec.games))


# --- the report ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BotReport:
    """One entry's results: wins (half-wins included), win rate and its 95 % interval, and
    its decision times."""

    name: str
    wins: float
    win_rate: float
    ci95: tuple[float, float]
    decisions: int
    mean_decision_ms: float
    p95_decision_ms: float


@dataclass(frozen=True, slots=True)
class ArenaReport:
    """The result of an arena run."""

    game: str
    seats: int
    seed: int
    games: int
    draws: int
    unfinished: int
    bots: tuple[BotReport, ...]

    def to_json(self) -> dict[str, Any]:
        """The one object ``--json`` prints."""
        return {
            "games": self.games,
            "draws": self.draws,
            "bots": {
                bot.name: {
                    "wins": _number(bot.wins),
                    "win_rate": round(bot.win_rate, 4),
                    "ci95": [round(bot.ci95[0], 4), round(bot.ci95[1], 4)],
                    "mean_decision_ms": round(bot.mean_decision_ms, 3),
                    "p95_decision_ms": round(bot.p95_decision_ms, 3),
                }
                for bot in self.bots
            },
        }


def _number(value: float) -> int | float:
    """A whole number as an int, else rounded to hundredths (a third of a win)."""
    return int(value) if float(value).is_integer() else round(value, 2)


def summarize(spec: ArenaSpec, results: Iterable[MatchResult]) -> ArenaReport:
    """The report of ``spec`` from its matches' results."""
    entries = len(spec.bots)
    wins = [0.0] * entries
    times: list[list[float]] = [[] for _ in range(entries)]
    games = draws = unfinished = 0
    for result in results:
        games += 1
        for entry, taken in enumerate(result.times):
            times[entry].extend(taken)
        if not result.finished:
            unfinished += 1
        elif result.shares is None:
            draws += 1
        else:
            for entry, share in enumerate(result.shares):
                wins[entry] += share
    bots = tuple(
        BotReport(
            name=name,
            wins=wins[entry],
            win_rate=wins[entry] / games if games else 0.0,
            ci95=wilson_interval(wins[entry], games),
            decisions=len(times[entry]),
            mean_decision_ms=mean(times[entry]),
            p95_decision_ms=p95(times[entry]),
        )
        for entry, name in enumerate(entry_names(spec.bots))
    )
    return ArenaReport(spec.game, spec.seats, spec.seed, games, draws, unfinished, bots)


def run_arena(
    spec: ArenaSpec, workers: int = 1, on_match: Callable[[], None] | None = None
) -> ArenaReport:
    """Play every match of ``spec`` and report; ``on_match`` is called as each result comes
    in (in match order)."""

    def gathered() -> Iterator[MatchResult]:
        for result in play_matches(spec, workers):
            if on_match is not None:
                on_match()
            yield result

    return summarize(spec, gathered())


def report_lines(report: ArenaReport, title: str) -> list[str]:
    """The report as text: one line of what was played, then an aligned table, a row per bot."""
    head = [_("bot"), _("wins"), _("win rate"), _("95% interval"), _("draws"), _("mean ms")]
    head.append(_("p95 ms"))
    rows = [head]
    for bot in report.bots:
        rows.append(
            [
                bot.name,
                f"{bot.wins:g}",
                f"{bot.win_rate:.1%}",
                f"{bot.ci95[0]:.1%}–{bot.ci95[1]:.1%}",
                str(report.draws),
                f"{bot.mean_decision_ms:.3f}",
                f"{bot.p95_decision_ms:.3f}",
            ]
        )
    widths = [max(len(row[col]) for row in rows) for col in range(len(head))]
    seated = seating(len(report.bots), report.seats, 0)
    seats = ", ".join(report.bots[entry].name for entry in seated)
    line = ngettext(
        "{game}: {n} game, seed {seed}, seats {seats} (turned by one every match)",
        "{game}: {n} games, seed {seed}, seats {seats} (turned by one every match)",
        report.games,
    ).format(game=title, n=report.games, seed=report.seed, seats=seats)
    if report.unfinished:
        line += _("; {n} stopped unfinished").format(n=report.unfinished)
    lines = [line]
    for row in rows:
        cells = [row[0].ljust(widths[0])]
        cells += [cell.rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True)]
        lines.append("  ".join(cells).rstrip())
    return lines
