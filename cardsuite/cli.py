"""The ``cardsuite`` command.

``cardsuite`` alone opens the lobby; the subcommands start a table directly, list the games,
print rules, run headless bot matches, replay a saved match and serve the app to a browser.
Every bad input ends with exit status 2 and one line on stderr naming the problem.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from cardsuite.bots import bot_ids
from cardsuite.core.errors import CardsuiteError, OptionsError
from cardsuite.core.i18n import N_, _, ngettext
from cardsuite.core.options import options_from_strings
from cardsuite.core.protocol import AnyGame
from cardsuite.core.rng import derive_seed
from cardsuite.core.text import default_names, fill
from cardsuite.games import GAMES, get_game
from cardsuite.match import Match, MatchSetup, SeatInfo

# Typer fixes the help texts when this module is imported, so they are marked with N_ here and
# translated on the command tree built for each call (see _command).
app = typer.Typer(
    name="cardsuite",
    help=N_("Traditional card games in the terminal: hot-seat with friends or against fair bots."),
    add_completion=False,
    no_args_is_help=False,
    invoke_without_command=True,
    pretty_exceptions_enable=False,
)

EXIT_BAD_INPUT = 2
SIMULATION_PLY_LIMIT = 200_000

GameArg = Annotated[str, typer.Argument(help=N_("Game id or name, e.g. rang, grabuge, Ранг."))]
OptsOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--opt", help=N_("Game option as key=value; repeat for several."), show_default=False
    ),
]


def _options(game: AnyGame, pairs: Sequence[str] | None) -> Any:
    values: dict[str, str] = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionsError(_("--opt expects key=value, got {pair!r}").format(pair=pair))
        values[key.strip()] = value
    return options_from_strings(game.Options, values)


def _players(game: AnyGame, players: int | None, given: int = 0) -> int:
    count = players or given or min(game.seat_counts)
    game.check_seats(count)
    return count


def _split(text: str | None) -> list[str]:
    return [part.strip() for part in text.split(",")] if text else []


@app.callback()
def _lobby(ctx: typer.Context) -> None:
    """With no command, open the lobby."""
    if ctx.invoked_subcommand is None:
        from cardsuite import tui

        tui.run()


@app.command(
    "list",
    help=N_("List the games: id, title, original name, player counts and a one-line summary."),
)
def list_games(
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON."))] = False,
) -> None:
    """The games as a table, or as JSON (ids, names and summaries as the engines give them)."""
    rows = [
        {
            "id": game.id,
            "title": game.title,
            "original_name": game.original_name,
            "players": list(game.seat_counts),
            "summary": game.summary,
        }
        for game in GAMES.values()
    ]
    if as_json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(box=None, header_style="bold")
    for column in (N_("id"), N_("game"), N_("original"), N_("players"), N_("summary")):
        table.add_column(_(column))
    for game in GAMES.values():
        counts = game.seat_counts
        table.add_row(
            game.id,
            _(game.title),
            game.original_name,
            f"{min(counts)}–{max(counts)}" if len(counts) > 1 else str(counts[0]),
            _(game.summary),
        )
    Console().print(table)


@app.command(help=N_("Show a game's rules."))
def rules(
    game: GameArg,
    plain: Annotated[bool, typer.Option("--plain", help=N_("Print the Markdown source."))] = False,
) -> None:
    """The rulebook, then the options explained (as the app's rules screen shows them)."""
    from cardsuite.tui.rules_text import rules_markdown

    text = rules_markdown(get_game(game))
    if plain:
        print(text)
        return
    from rich.console import Console
    from rich.markdown import Markdown

    Console().print(Markdown(text))


@app.command(help=N_("Play bot-only games headless and report the results."))
def simulate(
    game: GameArg,
    players: Annotated[int | None, typer.Option(help=N_("Number of players."))] = None,
    games: Annotated[int, typer.Option("--games", min=1, help=N_("Games to play."))] = 100,
    seed: Annotated[int, typer.Option(help=N_("Seed of the first game; the rest follow."))] = 0,
    bots: Annotated[
        str | None,
        typer.Option(help=N_("Bot per seat, comma-separated (one name for all seats).")),
    ] = None,
    opt: OptsOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print one JSON object."))] = False,
) -> None:
    """Play bot-only games headless and report the results."""
    engine = get_game(game)
    names = _split(bots) or ["random"]
    count = _players(engine, players, len(names) if len(names) > 1 else 0)
    if len(names) == 1:
        names *= count
    if len(names) != count:
        raise OptionsError(
            ngettext(
                "--bots names {n} bot for {count} players",
                "--bots names {n} bots for {count} players",
                len(names),
            ).format(n=len(names), count=count)
        )
    known = bot_ids(engine)
    for name in names:
        if name not in known:
            raise OptionsError(
                _("unknown bot {name!r} for {game} (bots: {bots})").format(
                    name=name, game=_(engine.title), bots=", ".join(known)
                )
            )
    options = _options(engine, opt)
    engine.new_game(seats=count, options=options, seed=seed)  # checks the combination
    seats = tuple(SeatInfo(n, b) for n, b in zip(default_names(count), names, strict=True))

    wins, losses = [0] * count, [0] * count
    draws = finished = plies = 0
    started = time.perf_counter()
    for k in range(games):
        match = Match(engine, seats, options=options, seed=derive_seed(seed, "simulate", k))
        plies += match.play_bots(SIMULATION_PLY_LIMIT)
        outcome = match.outcome()
        if outcome is None:
            continue
        finished += 1
        if outcome.is_draw:
            draws += 1
            continue
        worst = max(outcome.places)
        for s, place in enumerate(outcome.places):
            wins[s] += place == 1
            losses[s] += place == worst
    elapsed = max(time.perf_counter() - started, 1e-9)
    result = {
        "game": engine.id,
        "players": count,
        "bots": names,
        "seed": seed,
        "games": games,
        "finished": finished,
        "wins": wins,
        "losses": losses,
        "draws": draws,
        "mean_plies": round(plies / games, 2),
        "games_per_second": round(games / elapsed, 2),
    }
    if as_json:
        print(json.dumps(result, ensure_ascii=False))
        return
    print(
        ngettext(
            "{game}: {n} game, {count} players, bots {bots}, seed {seed}",
            "{game}: {n} games, {count} players, bots {bots}, seed {seed}",
            games,
        ).format(game=_(engine.title), n=games, count=count, bots=", ".join(names), seed=seed)
    )
    print(
        _("finished {finished} of {n}; draws {draws}; mean plies {plies}").format(
            finished=finished, n=games, draws=draws, plies=result["mean_plies"]
        )
    )
    for s in range(count):
        line = _("seat {n} ({bot}): {wins} wins, {losses} last places").format(
            n=s + 1, bot=names[s], wins=wins[s], losses=losses[s]
        )
        print(f"  {line}")
    print(_("{rate} games per second").format(rate=result["games_per_second"]))


@app.command(help=N_("Print a saved match move by move, as a spectator sees it."))
def replay(
    file: Annotated[Path, typer.Argument(help=N_("A saved match (JSON)."), show_default=False)],
    text: Annotated[bool, typer.Option("--text", help=N_("Print the log move by move."))] = True,
) -> None:
    """Print a saved match move by move, as a spectator sees it."""
    match = Match.load(file)
    names = match.names
    game = match.game
    print(
        _("{game} · seed {seed} · {players}").format(
            game=_(game.title), seed=match.seed, players=", ".join(names)
        )
    )
    for state in match.states[:1]:
        for event in state.events:
            print(f"     {fill(event.seen_by(None).text(), names)}")
    for i, (move, state) in enumerate(match.history(), start=1):
        print(f"{i:4}. {names[move.seat]}: {fill(move.label(), names)}")
        for event in state.events:
            print(f"      {fill(event.seen_by(None).text(), names)}")
    outcome = match.outcome()
    if outcome is None:
        print(_("(the match is not finished)"))
    else:
        print(_("Result: {reason}").format(reason=fill(outcome.reason, names)))
        for s, place in sorted(enumerate(outcome.places), key=lambda p: p[1]):
            score = f" ({outcome.scores[s]})" if outcome.scores is not None else ""
            print(f"  {place}. {names[s]}{score}")


@app.command(help=N_("Open a table directly."))
def play(
    game: GameArg,
    players: Annotated[int | None, typer.Option(help=N_("Number of players."))] = None,
    seats: Annotated[
        str | None,
        typer.Option(help=N_("human or a bot id per seat, e.g. human,random,heuristic.")),
    ] = None,
    names: Annotated[str | None, typer.Option(help=N_("Player names, comma-separated."))] = None,
    seed: Annotated[int | None, typer.Option(help=N_("Seed (random when omitted)."))] = None,
    opt: OptsOpt = None,
) -> None:
    """Open a table directly."""
    engine = get_game(game)
    kinds = _split(seats)
    given = _split(names)
    count = _players(engine, players, len(kinds) or len(given))
    if not kinds:
        kinds = ["human"] + [bot_ids(engine)[-1]] * (count - 1)
    if len(kinds) != count:
        raise OptionsError(
            ngettext(
                "--seats gives {n} seat for {count} players",
                "--seats gives {n} seats for {count} players",
                len(kinds),
            ).format(n=len(kinds), count=count)
        )
    known = bot_ids(engine)
    for kind in kinds:
        if kind != "human" and kind not in known:
            raise OptionsError(
                _("seat kind {kind!r} is neither human nor a bot ({bots})").format(
                    kind=kind, bots=", ".join(known)
                )
            )
    if len(given) > count:
        raise OptionsError(
            ngettext(
                "--names gives {n} name for {count} players",
                "--names gives {n} names for {count} players",
                len(given),
            ).format(n=len(given), count=count)
        )
    defaults = default_names(count)
    seat_names = [given[i] if i < len(given) and given[i] else defaults[i] for i in range(count)]
    options = _options(engine, opt)
    chosen_seed = seed if seed is not None else random.SystemRandom().randrange(10**6)
    engine.new_game(seats=count, options=options, seed=chosen_seed)  # checks the combination
    setup = MatchSetup(
        game=engine,
        seats=tuple(
            SeatInfo(n, None if k == "human" else k) for n, k in zip(seat_names, kinds, strict=True)
        ),
        options=options,
        seed=chosen_seed,
    )
    from cardsuite import tui

    tui.run(setup)


@app.command(help=N_("Serve the app to a web browser on this machine (textual-serve)."))
def serve(
    host: Annotated[str, typer.Option(help=N_("Address to listen on."))] = "localhost",
    port: Annotated[int, typer.Option(help=N_("Port to listen on."))] = 8000,
) -> None:
    """Serve the app to a web browser on this machine (textual-serve)."""
    from cardsuite import tui

    tui.serve(host=host, port=port)


def _usage_error(error: Exception) -> bool:
    """A command-line usage error (bad or missing option, bad value) from typer or click."""
    return callable(getattr(error, "format_message", None)) and getattr(error, "exit_code", 0) == 2


def _translate_help(command: Any) -> None:
    """Translate the help texts of ``command`` and of its subcommands and parameters, in place."""
    for attribute in ("help", "short_help"):
        text = getattr(command, attribute, None)
        if text:
            setattr(command, attribute, _(text))
    for param in getattr(command, "params", ()):
        text = getattr(param, "help", None)
        if text:
            param.help = _(text)
    for sub in getattr(command, "commands", {}).values():
        _translate_help(sub)


def _command() -> Any:
    """The command tree, built now from ``app`` with its help texts in the current language.

    Typer reads the ``help=`` texts (N_-marked) when this module is imported and builds a new
    click command tree for every call; translating that tree makes ``--help`` follow the
    catalogue in use when the command runs.
    """
    command = typer.main.get_command(app)
    _translate_help(command)
    return command


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point: run the command, turning every bad input into one line and exit status 2."""
    try:
        command = _command()
        code = command.main(args=list(argv) if argv is not None else None, standalone_mode=False)
    except CardsuiteError as error:
        print(f"cardsuite: {error}", file=sys.stderr)
        sys.exit(EXIT_BAD_INPUT)
    except typer.Abort:
        print(f"cardsuite: {_('aborted')}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as error:
        if not _usage_error(error):
            raise
        message = " ".join(error.format_message().split())  # type: ignore[attr-defined]
        print(f"cardsuite: {message}", file=sys.stderr)
        sys.exit(EXIT_BAD_INPUT)
    sys.exit(code if isinstance(code, int) else 0)
