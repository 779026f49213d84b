"""The strength table: every level against the ones below it, in every game with decisions.

For each game (two players, three where two is not allowed) three pairings are played through
the arena (:mod:`cardsuite.arena`: seats rotated every match, every match seeded): normal
against easy, hard against easy and hard against normal.  At three players the first bot
plays alone against two of the other (chance: one win in three).  Each result is kept in
``benchmarks/bot_strength.json`` as it comes in, and ``benchmarks/bot_strength.md`` is written
anew from all the results kept, so the table can be filled a game at a time:

    PYTHONPATH=. python benchmarks/bot_strength.py [--game ID ...] [--pairing normal,easy ...]
        [--games 400] [--seed 1] [--workers 2]
    PYTHONPATH=. python benchmarks/bot_strength.py --table   # only write the table again

The goals (issue 21), for every skill game (all but Snip Snap Snorem and Rubashka): normal wins
75 % against easy, hard 90 % against easy and 60 % against normal, each with its 95 % interval
entirely above the line.  A row says ``met`` only then; a missed goal is explained in
:data:`NOTES`.  Everything but the decision times is the same for the same arguments.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path
from typing import Any

from cardsuite.arena import ArenaSpec, run_arena
from cardsuite.bots import has_decisions
from cardsuite.core.protocol import AnyGame
from cardsuite.games import GAMES

HERE = Path(__file__).parent
RESULTS = HERE / "bot_strength.json"
TABLE = HERE / "bot_strength.md"
SPEED = HERE / "search_speed.json"  # benchmarks/search_speed.py --level hard --json …

PAIRINGS: tuple[tuple[str, ...], ...] = (("normal", "easy"), ("hard", "easy"), ("hard", "normal"))
GOALS: dict[tuple[str, ...], float] = {
    ("normal", "easy"): 0.75,
    ("hard", "easy"): 0.90,
    ("hard", "normal"): 0.60,
}
LUCK_GAMES = {"snip-snap-snorem"}  # no skill goal: the cards decide (Rubashka has no choices)

# Why a goal is missed, and what was tried (game id -> text); written into the table.
NOTES: dict[str, str] = {
    "ryba": (
        "Normal misses 75 % at two players (seed ending: an empty hand wins). Tried: a duel rule "
        "(book where likely, else a sure «Рыба», take cards only when forced), weight grids "
        "over 2,000 games (flat at 0.69–0.71). Bots allowed to see the opponent's hand (an "
        "experiment, not shipped) reach only 0.75 one move ahead, so no rule of thumb can: "
        "most losses are the opponent emptying his hand by a book. Hard (15,000 plies, about "
        "500 playouts a decision) wins 68 % against easy, where normal wins 69 %, and 52.8 % "
        "against normal: within noise of it. The Done-when run (hard vs easy, 200 games, "
        "seed 1) gives 135 wins, 67.5 % [60.7 %, 73.6 %], the same twice."
    ),
    "cassino-clubs": (
        "Normal misses 75 % at two players (0.73). Tried: weighing every move against the next "
        "player's best reply from the unseen cards (no gifts of the 10♦, 2♣ or sums), card and "
        "club majorities settled early, a memory of the ranks a trailing player lacks, the last "
        "deal searched exactly; weight changes moved it by ±1 %. The same rules seeing the "
        "opponent's hand reach 0.795 and with search 0.84: the gap is information, which is "
        "the hard level's to close (search over sampled hands). Hard's playouts play by a "
        "quick rule in the kernel (the capture worth most to the pile, else the trail worth "
        "least): 50.3 % against normal over 400 matches, 47.0 % with random playouts; with "
        "about 185 playouts a decision (5,000 plies) it is level with normal."
    ),
    "seven-up": (
        "Normal misses 75 % at two players (0.66). Tried: imagined opponent hands from the "
        "unseen cards (respecting shown voids), no 10 or Jack offered to a likely trump, low "
        "trumps kept for ruffing, the lead chosen by playing the deal out in mind. A cheating "
        "reference that sees every hand and plays each deal perfectly against a random "
        "opponent wins only 0.80 (benchmarks/trick_ceiling.py): 54 % of games end within the "
        "first deal, and High and Low go to whoever is dealt them. Hard is level with normal "
        "(50.0 %): a quick rule for its playouts (lead high, take cheaply, throw what counts "
        "least) gave 47 % against 47 % at random over 200 matches, and was not kept."
    ),
    "seven-leaves": (
        "Normal misses 75 % at two players (0.69). Tried: leads valued by the chance to take "
        "the trick, trumps drawn, voids made, the lead chosen by playing the deal out in mind. "
        "The cheating reference of benchmarks/trick_ceiling.py wins 0.805: the cards decide "
        "the rest. Hard wins 55.8 % against normal [50.8 %, 60.5 %], the one trick game where "
        "search gains on the rules of thumb; the same quick rule as Seven Up's for its "
        "playouts gave 56 % against 55.5 % and was not kept."
    ),
    "grabuge": (
        "Normal misses 75 % (0.74, with 30 draws of 400: equal packet totals, §7.2, no safety "
        "stop). Tried: no burying a lower card beside a free column, racing for the two-packet "
        "bonus (the game is decided by it: its holder wins 60 of 62), playing the last cards "
        "out, more samples and deeper look-ahead (no gain). Next: steer the bonus race. Hard "
        "wins 74.8 % against easy, as normal does, and 52.0 % against normal: its playouts are "
        "random, and the bonus race "
        "is lost or won over many turns that random play does not model."
    ),
    "laugh-and-lie-down": (
        "Three players: the first bot plays alone against two of the other (chance 1/3). "
        "Normal followed the spec's advice (survival first: keep the last live card), which "
        "loses chips; it now takes every card it can, the largest capture first (56 % → 81 % "
        "against two random players). The kernel's quick rule for hard's playouts plays the "
        "same way. Hard alone against two normal bots wins 44.6 % [39.8 %, 49.5 %] where "
        "chance is a third: stronger than normal, short of 60 % against two of them (its "
        "budget was cut from 10,000 to 8,000 plies to keep its p95 under 250 ms)."
    ),
    "hard": (
        "Hard is the normal bot's choice, overruled only where playouts in the kernel (at "
        "random, or by the kernel's quick rule) over at least 16 imagined worlds show another "
        "move clearly better. A world and a playout are charged as plies of the budget, so "
        "that decisions near a deal's end, where playouts are short, stay as quick as the "
        "others (the section above). Over 400 matches it beats normal in the races by its "
        "faster reactions (Spit 79.8 %, Nerts 75.8 %) and gains on it in Seven Leaves (55.8 %) "
        "and Laugh and Lie Down (44.6 % alone against two, chance 33 %); elsewhere it is level "
        "with normal (Seven Up 50.0 %, Cassino 51.0 %, Ryba 52.8 %), because playouts that "
        "model the opponents as random players tell good moves from bad only where the "
        "difference is large. Where playouts run too long to tell moves apart (Rang, Russian "
        "Bank) hard is the normal bot and hard vs normal is a mirror (46.0 %, 47.0 %). "
        "Grabush's hard rows are 60 matches from before the worlds were charged, not yet run "
        "again. Left to try: policy playouts by the normal bot in the kernel (today only the "
        "engine can run a policy, at a few playouts a decision), an evaluation at the deal's "
        "end instead of playing to the game's, and information-set MCTS for the games whose "
        "hidden cards matter most (Cassino, Ryba)."
    ),
}


def seats_for(game: AnyGame) -> int:
    return 2 if 2 in game.seat_counts else min(game.seat_counts)


def measure(
    game_id: str, pairing: tuple[str, ...], games: int, seed: int, workers: int
) -> dict[str, Any]:
    """One pairing of one game, through the arena; the row kept in the results."""
    game = GAMES[game_id]
    seats = seats_for(game)
    hero_id, other_id = pairing
    spec = ArenaSpec(game_id, seats, (hero_id,) + (other_id,) * (seats - 1), games, seed)
    started = time.perf_counter()
    report = run_arena(spec, workers=workers)
    hero, other = report.bots[0], report.bots[-1]  # at three seats, one of the two others
    return {
        "game": game_id,
        "players": spec.seats,
        "pairing": list(pairing),
        "games": report.games,
        "seed": seed,
        "draws": report.draws,
        "unfinished": report.unfinished,
        "win_rate": round(hero.win_rate, 4),
        "ci95": [round(hero.ci95[0], 4), round(hero.ci95[1], 4)],
        "ms": {
            name: [round(bot.mean_decision_ms, 2), round(bot.p95_decision_ms, 2)]
            for name, bot in zip(pairing, (hero, other), strict=True)
        },
        "seconds": round(time.perf_counter() - started, 1),
        "machine": platform.machine(),
    }


def load_results() -> dict[str, dict[str, Any]]:
    if not RESULTS.is_file():
        return {}
    rows: list[dict[str, Any]] = json.loads(RESULTS.read_text(encoding="utf-8"))
    return {key(row["game"], tuple(row["pairing"])): row for row in rows}


def key(game_id: str, pairing: tuple[str, ...]) -> str:
    return f"{game_id} {','.join(pairing)}"


def save_results(results: dict[str, dict[str, Any]]) -> None:
    rows = sorted(
        results.values(), key=lambda r: (order(r["game"]), PAIRINGS.index(tuple(r["pairing"])))
    )
    RESULTS.write_text(json.dumps(rows, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def order(game_id: str) -> int:
    return list(GAMES).index(game_id)


def verdict(row: dict[str, Any]) -> str:
    pairing = tuple(row["pairing"])
    if row["game"] in LUCK_GAMES:
        return "no goal (luck)"
    goal = GOALS[pairing]
    low = row["ci95"][0]
    if low > goal:
        return "met"
    return "**missed**" if row["win_rate"] <= goal else "**not shown** (interval reaches the line)"


def table(results: dict[str, dict[str, Any]]) -> str:
    lines = [
        "# Bot strength",
        "",
        "Made by `benchmarks/bot_strength.py` (do not edit by hand): seat-rotated, seeded arena",
        "matches (`cardsuite arena`), two players (three where two is not allowed: the first",
        "bot then plays against two of the other). The win rate is the first bot's; draws",
        "count as not won; chance is one win in as many players; the interval is Wilson's at",
        "95 %.",
        "Goals (issue 21): normal ≥ 75 % against easy, hard ≥ 90 % against easy and ≥ 60 %",
        "against normal, the interval entirely above the line. Decision times (mean / p95, ms)",
        "are wall clock on the machine of the run, with other work on it: a rough scale.",
        "",
        "| game | players | pairing | games | win rate | chance | 95 % interval | draws | goal | ms first bot | ms second bot |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for game_id in GAMES:
        for pairing in PAIRINGS:
            row = results.get(key(game_id, pairing))
            if row is None:
                continue
            (first, second) = (row["ms"][name] for name in pairing)
            lines.append(
                f"| {game_id} | {row['players']} | {pairing[0]} vs {pairing[1]} | {row['games']} "
                f"| {row['win_rate']:.1%} | {1 / row['players']:.0%} "
                f"| {row['ci95'][0]:.1%} – {row['ci95'][1]:.1%} "
                f"| {row['draws']} | {GOALS[pairing]:.0%}: {verdict(row)} "
                f"| {first[0]:.1f} / {first[1]:.1f} | {second[0]:.1f} / {second[1]:.1f} |"
            )
    missing = [
        key(g, p)
        for g, game in GAMES.items()
        if has_decisions(game)
        for p in PAIRINGS
        if key(g, p) not in results
    ]
    if missing:
        lines += ["", "Not measured yet: " + "; ".join(missing) + "."]
    lines += speed_section()
    if NOTES:
        lines += ["", "## Notes", ""]
        lines += [f"- **{game_id}**: {text}" for game_id, text in NOTES.items()]
    return "\n".join(lines) + "\n"


def speed_section() -> list[str]:
    """What the hard level spends on a decision in each game, as measured on a quiet machine
    by ``benchmarks/search_speed.py --level hard --json`` (nothing if it was not run)."""
    if not SPEED.exists():
        return []
    speed = json.loads(SPEED.read_text(encoding="utf-8"))
    lines = [
        "",
        "## The hard level's search per decision",
        "",
        f"Measured by `benchmarks/search_speed.py --level hard` on {speed['date']}, the",
        f"machine otherwise quiet: {speed['decisions']} decisions a game taken from seeded",
        "random games, the budget in plies (a world imagined and a playout begun are charged",
        "as plies too), the playouts run, and the decision time. The goal: p95 ≤ 250 ms.",
        "",
        "| game | budget (plies) | playouts per decision | median ms | p95 ms |",
        "|---|---|---|---|---|",
    ]
    for game_id, row in speed["games"].items():
        if not row["plies"]:
            lines.append(f"| {game_id} | 0 | no search: hard plays as normal | | |")
            continue
        lines.append(
            f"| {game_id} | {row['plies']:,} | {row['playouts']:.0f} "
            f"| {row['median_ms']:.0f} | {row['p95_ms']:.0f} |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="repeatable")
    parser.add_argument(
        "--pairing",
        action="append",
        choices=[",".join(p) for p in PAIRINGS],
        help="repeatable; all three when omitted",
    )
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--table", action="store_true", help="only write the table again")
    args = parser.parse_args()
    results = load_results()
    if not args.table:
        pairings = [tuple(p.split(",")) for p in args.pairing] if args.pairing else list(PAIRINGS)
        for game_id in args.game or [g for g, game in GAMES.items() if has_decisions(game)]:
            for pairing in pairings:
                row = measure(game_id, pairing, args.games, args.seed, args.workers)
                results[key(game_id, pairing)] = row
                save_results(results)
                TABLE.write_text(table(results), encoding="utf-8")
                print(
                    f"{game_id:<19} {pairing[0]} vs {pairing[1]}: {row['win_rate']:.1%} "
                    f"[{row['ci95'][0]:.1%}, {row['ci95'][1]:.1%}] in {row['seconds']} s — "
                    f"{verdict(row)}",
                    flush=True,
                )
    TABLE.write_text(table(results), encoding="utf-8")


if __name__ == "__main__":
    main()
