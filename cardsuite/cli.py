"""The ``cardsuite`` command.

``cardsuite`` alone opens the lobby; the subcommands start a table directly, list the games,
print rules, run headless bot matches, replay a saved match and serve the app to a browser.
Every bad input ends with exit status 2 and one line on stderr naming the problem.
"""

from __future__ import annotations

import errno
import json
import os
import random
import socket
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup

from cardsuite.bots import bot_ids
from cardsuite.core.errors import CardsuiteError, OptionsError
from cardsuite.core.i18n import N_, _, ngettext
from cardsuite.core.options import options_from_strings
from cardsuite.core.protocol import AnyGame
from cardsuite.core.rng import derive_seed
from cardsuite.core.text import NAME_MAX, fill, plain, player_names
from cardsuite.games import GAMES, get_game
from cardsuite.match import Match, MatchSetup, SeatInfo

HELP_OPTION_HELP = N_("Show this message and exit.")


def _flag_help_option(option: Any) -> Any:
    """The --help option made like the other flags: no value placeholder, help translated."""
    if option is not None:
        option.metavar = ""
        option.help = _(HELP_OPTION_HELP)
    return option


class _Group(TyperGroup):
    """The ``cardsuite`` group, whose --help option reads like the other flags."""

    def get_help_option(self, ctx: Any) -> Any:
        return _flag_help_option(super().get_help_option(ctx))


class _Command(TyperCommand):
    """A ``cardsuite`` command, whose --help option reads like the other flags."""

    def get_help_option(self, ctx: Any) -> Any:
        return _flag_help_option(super().get_help_option(ctx))


class _Argument(TyperArgument):
    """A positional argument shown by its metavar alone: ``GAME``, not ``{GAME}`` ``<str>``."""

    def display_type_rich(self, ctx: Any) -> str | None:
        return None

    def get_usage_pieces(self, ctx: Any) -> list[str]:
        name = str(self.metavar)
        return [name if self.required else f"[{name}]"]


# Typer fixes the help texts when this module is imported, so they are marked with N_ here and
# translated on the command tree built for each call (see _command).  So are the metavars.
app = typer.Typer(
    name="cardsuite",
    help=N_("Traditional card games in the terminal: hot-seat with friends or against fair bots."),
    add_completion=False,
    no_args_is_help=False,
    invoke_without_command=True,
    pretty_exceptions_enable=False,
    cls=_Group,
)

EXIT_BAD_INPUT = 2
SIMULATION_PLY_LIMIT = 200_000
PORTS = range(1, 65536)

GameArg = Annotated[
    str,
    typer.Argument(
        metavar=N_("GAME"),
        help=N_("Game id or name, e.g. rang, grabuge, Ранг."),
        show_default=False,
    ),
]
PlayersOpt = Annotated[
    int | None, typer.Option(metavar=N_("N"), help=N_("Number of players."), show_default=False)
]
OptsOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--opt",
        metavar=N_("KEY=VALUE"),
        help=N_("Game option as key=value; repeat for several."),
        show_default=False,
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
    cls=_Command,
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


@app.command(help=N_("Show a game's rules."), cls=_Command)
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


@app.command(help=N_("Play bot-only games headless and report the results."), cls=_Command)
def simulate(
    game: GameArg,
    players: PlayersOpt = None,
    games: Annotated[
        int, typer.Option("--games", metavar=N_("N"), help=N_("Games to play, 1 or more."))
    ] = 100,
    seed: Annotated[
        int, typer.Option(metavar=N_("SEED"), help=N_("Seed of the first game; the rest follow."))
    ] = 0,
    bots: Annotated[
        str | None,
        typer.Option(
            metavar=N_("BOTS"),
            help=N_("Bot per seat, comma-separated (one name for all seats)."),
            show_default=False,
        ),
    ] = None,
    opt: OptsOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print one JSON object."))] = False,
) -> None:
    """Play bot-only games headless and report the results."""
    engine = get_game(game)
    if games < 1:
        raise OptionsError(_("--games must be 1 or more, not {n}").format(n=games))
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
    seats = tuple(SeatInfo(n, b) for n, b in zip(player_names(count), names, strict=True))

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


@app.command(help=N_("Print a saved match move by move, as a spectator sees it."), cls=_Command)
def replay(
    file: Annotated[
        Path,
        typer.Argument(metavar=N_("FILE"), help=N_("A saved match (JSON)."), show_default=False),
    ],
    text: Annotated[
        bool,
        typer.Option(
            "--text/--json",
            help=N_("Print the log move by move (--text), or one JSON object (--json)."),
        ),
    ] = True,
) -> None:
    """Print a saved match move by move, as a spectator sees it."""
    match = Match.load(file)
    game = match.game
    # The text shows the names made safe (control characters escaped, cut); the JSON keeps them
    # as saved (JSON escapes what needs it).  A seat saved without a name: the lobby's name.
    names = match.given_names if not text else match.names

    def events(state: Any) -> list[str]:
        return [fill(event.seen_by(None).text(), names) for event in state.events]

    outcome = match.outcome()
    if not text:
        result = {
            "game": game.id,
            "seed": match.seed,
            "players": list(names),
            "events": events(match.states[0]),
            "moves": [
                {
                    "seat": move.seat,
                    "player": names[move.seat],
                    "move": game.move_to_text(move),
                    "text": fill(move.label(), names),
                    "events": events(state),
                }
                for move, state in match.history()
            ],
            "result": None
            if outcome is None
            else {
                "reason": fill(outcome.reason, names),
                "places": list(outcome.places),
                "scores": None if outcome.scores is None else list(outcome.scores),
            },
        }
        print(json.dumps(result, ensure_ascii=False))
        return
    print(
        _("{game} · seed {seed} · {players}").format(
            game=_(game.title), seed=match.seed, players=", ".join(names)
        )
    )
    for line in events(match.states[0]):
        print(f"     {line}")
    for i, (move, state) in enumerate(match.history(), start=1):
        print(f"{i:4}. {names[move.seat]}: {fill(move.label(), names)}")
        for line in events(state):
            print(f"      {line}")
    if outcome is None:
        print(_("(the match is not finished)"))
    else:
        print(_("Result: {reason}").format(reason=fill(outcome.reason, names)))
        for s, place in sorted(enumerate(outcome.places), key=lambda p: p[1]):
            score = f" ({outcome.scores[s]})" if outcome.scores is not None else ""
            print(f"  {place}. {names[s]}{score}")


@app.command(help=N_("Open a table directly."), cls=_Command)
def play(
    game: GameArg,
    players: PlayersOpt = None,
    seats: Annotated[
        str | None,
        typer.Option(
            metavar=N_("SEATS"),
            help=N_("human or a bot id per seat, e.g. human,random,heuristic."),
            show_default=False,
        ),
    ] = None,
    names: Annotated[
        str | None,
        typer.Option(
            metavar=N_("NAMES"),
            help=N_("Player names, comma-separated; seats without one get Anna, Boris, Vera …"),
            show_default=False,
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            metavar=N_("SEED"), help=N_("Seed (random when omitted)."), show_default=False
        ),
    ] = None,
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
    seen: set[str] = set()
    for name in filter(None, given):
        if len(name) > NAME_MAX:
            raise OptionsError(
                _("--names gives a name of {n} characters; at most {limit} are allowed").format(
                    n=len(name), limit=NAME_MAX
                )
            )
        if name.casefold() in seen:
            raise OptionsError(
                _("--names gives {name!r} twice; each seat needs a different name").format(
                    name=plain(name)
                )
            )
        seen.add(name.casefold())
    seat_names = player_names(count, given)
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


@app.command(
    help=N_("Serve the app to a web browser on this machine (textual-serve)."), cls=_Command
)
def serve(
    host: Annotated[
        str, typer.Option(metavar=N_("HOST"), help=N_("Name or address to listen on."))
    ] = "localhost",
    port: Annotated[
        int, typer.Option(metavar=N_("PORT"), help=N_("Port to listen on, 1 to 65535."))
    ] = 8000,
) -> None:
    """Serve the app to a web browser on this machine (textual-serve)."""
    _check_listen(host, port)
    from cardsuite import tui

    try:
        tui.serve(host=host, port=port)
    except OSError as error:  # the port was taken between the check and the start
        if not _listen_error(error):
            raise
        raise OptionsError(_listen_problem(host, port, error)) from None


def _check_listen(host: str, port: int) -> None:
    """Refuse a port or a host the server could not listen on, before the server starts.

    The host is resolved and each of its addresses bound as the server will bind them (asyncio's
    ``create_server``: SO_REUSEADDR on POSIX, IPv6 sockets IPv6-only), then released.
    """
    if port not in PORTS:
        raise OptionsError(
            _("--port must be from {low} to {high}, not {port}").format(
                low=PORTS.start, high=PORTS.stop - 1, port=port
            )
        )
    if not host.strip():
        raise OptionsError(_("--host is empty; give a name or an address, such as localhost"))
    try:
        addresses = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as error:
        raise OptionsError(_listen_problem(host, port, error)) from None
    for family, kind, proto, _canonical, address in dict.fromkeys(addresses):
        try:
            probe = socket.socket(family, kind, proto)
        except OSError:  # a family this machine lacks: the server skips it too
            continue
        with probe:
            try:
                if os.name == "posix":
                    probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                if family == socket.AF_INET6 and hasattr(socket, "IPPROTO_IPV6"):
                    probe.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
                probe.bind(address)
            except OSError as error:
                where = host if address[0] == host else f"{host} ({address[0]})"
                raise OptionsError(_listen_problem(where, port, error)) from None


def _listen_error(error: OSError) -> bool:
    """Whether ``error`` says the server cannot listen where it was told to."""
    return isinstance(error, socket.gaierror) or error.errno in (
        errno.EADDRINUSE,
        errno.EADDRNOTAVAIL,
        errno.EACCES,
    )


def _listen_problem(host: str, port: int, error: Exception) -> str:
    """One line saying why the server cannot listen on ``host``, ``port``."""
    if isinstance(error, UnicodeError):
        return _("{host!r} is not a valid host name").format(host=host)
    if isinstance(error, socket.gaierror):
        return _("cannot resolve host {host!r} ({reason})").format(
            host=host, reason=error.strerror or error
        )
    if isinstance(error, OSError) and error.errno == errno.EADDRINUSE:
        return _("port {port} is already in use on {host}; choose another with --port").format(
            port=port, host=host
        )
    if isinstance(error, OSError) and error.errno == errno.EADDRNOTAVAIL:
        return _("cannot listen on {host}: not an address of this machine").format(host=host)
    reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    return _("cannot listen on {host} port {port} ({reason})").format(
        host=host, port=port, reason=reason
    )


def _usage_error(error: Exception) -> bool:
    """A command-line usage error (bad or missing option, bad value) from typer or click."""
    return callable(getattr(error, "format_message", None)) and getattr(error, "exit_code", 0) == 2


def _translate_help(command: Any) -> None:
    """Translate the help texts and metavars of ``command``, its subcommands and parameters.

    Flags get an empty metavar and positional arguments show theirs alone, so the help reads
    ``--json``, ``--players N`` and ``GAME`` rather than ``--json <bool>`` and ``GAME <str>``.
    """
    for attribute in ("help", "short_help"):
        text = getattr(command, attribute, None)
        if text:
            setattr(command, attribute, _(text))
    for param in getattr(command, "params", ()):
        text = getattr(param, "help", None)
        if text:
            param.help = _(text)
        if param.metavar:
            param.metavar = _(param.metavar)
        if getattr(param, "is_flag", False):
            param.metavar = ""
        elif isinstance(param, TyperArgument) and param.metavar:
            param.__class__ = _Argument
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
        # one line, whatever a path or a name in it holds
        print(f"cardsuite: {plain(str(error))}", file=sys.stderr)
        sys.exit(EXIT_BAD_INPUT)
    except typer.Abort:
        print(f"cardsuite: {_('aborted')}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as error:
        if not _usage_error(error):
            from cardsuite.store.crash import report_crash

            report_crash(error)  # a bug: exit status 1, the traceback in a crash file
        message = " ".join(error.format_message().split())  # type: ignore[attr-defined]
        print(f"cardsuite: {plain(message)}", file=sys.stderr)
        sys.exit(EXIT_BAD_INPUT)
    sys.exit(code if isinstance(code, int) else 0)
