"""The ``cardsuite`` command.

``cardsuite`` alone opens the lobby; the subcommands start a table directly, list the games,
print rules, run headless bot matches, replay a saved match and serve the app to a browser.
Every bad input ends with exit status 2 and one line on stderr naming the problem.
"""

from __future__ import annotations

import errno
import os
import random
import re
import socket
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup

from cardsuite.bots import bot_ids, level_word, plays_at
from cardsuite.core import i18n
from cardsuite.core.errors import CardsuiteError, OptionsError
from cardsuite.core.i18n import N_, _, ngettext
from cardsuite.core.levels import EASY, LEVELS, NORMAL, level_id
from cardsuite.core.options import options_from_strings
from cardsuite.core.outcome import LOSS, WIN
from cardsuite.core.protocol import AnyGame
from cardsuite.core.record import MAX_MATCH_ID, MAX_SEED
from cardsuite.core.rng import derive_seed
from cardsuite.core.text import (
    NAME_MAX,
    fill,
    game_name,
    json_text,
    plain,
    player_names,
    quoted,
    shown_name,
    valid_unicode,
    whole_in,
)
from cardsuite.games import GAMES, get_game
from cardsuite.match import Match, MatchSetup, SeatInfo

if TYPE_CHECKING:
    from cardsuite.core.record import SeatRecord
    from cardsuite.store.db import Store

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

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        formatter.write_usage(ctx.command_path, " ".join(self.collect_usage_pieces(ctx)), _(USAGE))


class _Command(TyperCommand):
    """A ``cardsuite`` command, whose --help option reads like the other flags."""

    def get_help_option(self, ctx: Any) -> Any:
        return _flag_help_option(super().get_help_option(ctx))

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        formatter.write_usage(ctx.command_path, " ".join(self.collect_usage_pieces(ctx)), _(USAGE))


# Typer's and click's own words in the help and the errors, in the interface's language: the
# help's panel titles and marks (module constants of typer.rich_utils, set for each call), the
# usage line, and the usage errors, which click writes as English f-strings (_usage_message
# says them again from the error's fields).
USAGE = N_("Usage: ")
TYPER_WORDS = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "ERRORS_PANEL_TITLE": N_("Error"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "DEFAULT_STRING": N_("[default: {}]"),
    "ABORTED_TEXT": N_("Aborted."),
}
TYPER_CORE_WORDS = (N_("No such command {name!r}."),)  # typer.core's own, said through our _


def _usage_message(error: Exception) -> str:
    """A usage error of the command line in the interface's language (its English as click
    wrote it where it is none of those known)."""
    try:
        return _usage_words(error)
    except Exception:  # another version of click's fields: its own English words, then
        return error.format_message()  # type: ignore[attr-defined,no-any-return]


def _usage_words(error: Exception) -> str:
    kind = type(error).__name__
    if kind == "NoSuchOption":
        return _("No such option: {option}").format(option=getattr(error, "option_name", ""))
    if kind == "MissingParameter":
        param = getattr(error, "param", None)
        hint = getattr(error, "param_hint", None) or (param.get_error_hint() if param else "")
        what = getattr(error, "param_type", None) or getattr(param, "param_type_name", "")
        if what == "argument":
            return _("Missing argument {name}.").format(name=hint)
        if what == "option":
            return _("Missing option {name}.").format(name=hint)
    message: str = error.format_message()  # type: ignore[attr-defined]
    extra = re.fullmatch(r"Got unexpected extra argument(?:\(s\)|s)? \((.*)\)", message, re.S)
    if extra is not None:
        return _("Unexpected extra argument: {arguments}").format(arguments=extra.group(1))
    return message


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
MAX_GAMES = 1_000_000  # games one simulate plays
# --players is read up to this (either way); within it, the game refuses a count it does not
# take (0, -2, 11 …) and names the counts it does
MAX_PLAYERS_TEXT = 10**18


def _whole(
    name: str,
    low: int,
    high: int,
    template: str = N_("{name} must be a whole number from {low} to {high}, not {value}"),
) -> Callable[[Any], int]:
    """A parser for a whole-number option or argument from ``low`` to ``high``: ASCII digits
    only ("²", "①" and "١" are refused, though Python's int() or str.isdigit() take some of
    them), a number of any length refused without reading it; the one line names the
    option (``name``), the bounds and the value given."""

    def parse(value: Any) -> int:
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            return value  # a default
        number = whole_in(value, low, high) if isinstance(value, str) else None
        if number is None:
            text = str(value) if isinstance(value, str) else repr(value)
            shown = text if whole_in(text, -(10**20), 10**20) is not None else quoted(text)
            raise OptionsError(_(template).format(name=name, low=low, high=high, value=shown))
        return number

    return parse


_seed = _whole("--seed", 0, MAX_SEED)
_port = _whole("--port", 1, 65535)
_match_id = _whole(
    "ID", 1, MAX_MATCH_ID, N_("match ids are whole numbers from {low} to {high}, not {value}")
)
_players_count = _whole(
    "--players",
    -MAX_PLAYERS_TEXT,
    MAX_PLAYERS_TEXT,
    N_("{name} must be a whole number of players, not {value}"),
)

GameArg = Annotated[
    str,
    typer.Argument(
        metavar=N_("GAME"),
        help=N_("Game id or name, e.g. rang, grabuge, Ранг."),
        show_default=False,
    ),
]
PlayersOpt = Annotated[
    int | None,
    typer.Option(
        metavar=N_("N"), help=N_("Number of players."), show_default=False, parser=_players_count
    ),
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

SeatsOpt = Annotated[
    str | None,
    typer.Option(
        metavar=N_("SEATS"),
        help=N_("human or a bot level per seat (easy, normal, hard), e.g. human,normal,hard."),
        show_default=False,
    ),
]
NamesOpt = Annotated[
    str | None,
    typer.Option(
        metavar=N_("NAMES"),
        help=N_("Player names, comma-separated; seats without one get Anna, Boris, Vera …"),
        show_default=False,
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help=N_("Print one JSON object."))]
GamesOpt = Annotated[
    int,
    typer.Option(
        "--games",
        metavar=N_("N"),
        help=N_("Games to play, 1 or more."),
        parser=_whole("--games", 1, MAX_GAMES),
    ),
]
IdArg = Annotated[
    int, typer.Argument(metavar=N_("ID"), help=N_("The match's number."), parser=_match_id)
]


def _options(game: AnyGame, pairs: Sequence[str] | None) -> Any:
    values: dict[str, str] = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionsError(_("--opt expects key=value, got {pair!r}").format(pair=pair))
        if not valid_unicode(pair):
            raise OptionsError(
                _("--opt {pair} is not valid Unicode text").format(pair=quoted(pair))
            )
        values[key.strip()] = value
    return options_from_strings(game.Options, values)


def _players(game: AnyGame, players: int | None, given: int = 0) -> int:
    """The number of players: ``--players`` if given (0 and negatives are refused by the game,
    which names its counts), else ``given`` (seats or names listed), else the game's least."""
    count = players if players is not None else given or min(game.seat_counts)
    game.check_seats(count)
    return count


def _print_json(value: Any, **options: Any) -> None:
    """Print ``value`` as the one JSON object of a ``--json`` output: controls (C1 too),
    bidi controls and lone surrogates in names escaped, so none acts on the terminal and the
    JSON still decodes to the same names (:func:`~cardsuite.core.text.json_text`)."""
    print(json_text(value, **options))


def _split(text: str | None) -> list[str]:
    return [part.strip() for part in text.split(",")] if text else []


@app.callback()
def _lobby(
    ctx: typer.Context,
    lang: str = typer.Option(
        "",
        "--lang",
        metavar=N_("LANG"),
        help=N_(
            "Language of the interface: en, ru or uk; given to any command "
            "(default: the app's setting, else LC_ALL or LANG)."
        ),
    ),
) -> None:
    """With no command, open the lobby."""
    # --lang is taken out of the command line before it is parsed (take_language), so that it
    # can follow any command; it stands here to be listed in the help.
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
        _print_json(rows, indent=1)
        return
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, header_style="bold")
    table.add_column(_("id"), no_wrap=True)
    table.add_column(_("game"), no_wrap=True)  # the title, and its original name beneath
    table.add_column(_("players"), no_wrap=True)
    table.add_column(_("summary"), min_width=24)
    for game in GAMES.values():
        counts = game.seat_counts
        if len(counts) == 1:
            players = str(counts[0])
        elif counts == tuple(range(counts[0], counts[-1] + 1)):
            players = f"{counts[0]}–{counts[-1]}"
        else:  # Grabush: 2, 4, 6 or 8
            players = ", ".join(map(str, counts))
        # the title, and below it the name at the game's own table unless it says it all
        named = game_name(_(game.title), game.original_name)
        title = Text(named if named == game.original_name else _(game.title))
        if named not in (game.original_name, _(game.title)):
            title.append("\n" + game.original_name, style="dim")
        table.add_row(game.id, title, players, _(game.summary))
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
    games: GamesOpt = 100,
    seed: Annotated[
        int,
        typer.Option(
            metavar=N_("SEED"), help=N_("Seed of the first game; the rest follow."), parser=_seed
        ),
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
    as_json: JsonOpt = False,
    record: Annotated[
        bool,
        typer.Option(
            "--record",
            help=N_("Store every match in the database (history, statistics, replays)."),
        ),
    ] = False,
    log: Annotated[
        bool,
        typer.Option("--log", help=N_("Print every move as it is played (stored first).")),
    ] = False,
) -> None:
    """Play bot-only games headless and report the results."""
    engine = get_game(game)
    names = [level_id(name) for name in _split(bots)] or [EASY]
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
        if not plays_at(engine, name):
            raise OptionsError(
                _("unknown bot {name!r} for {game} (bots: {bots})").format(
                    name=name, game=_(engine.title), bots=", ".join(known)
                )
            )
    options = _options(engine, opt)
    engine.new_game(seats=count, options=options, seed=seed)  # checks the combination
    seats = tuple(SeatInfo(n, b) for n, b in zip(player_names(count), names, strict=True))

    store = _store(writing=True) if record else None
    wins, losses = [0] * count, [0] * count
    draws = finished = plies = 0
    started = time.perf_counter()
    for k in range(games):
        match = Match(engine, seats, options=options, seed=derive_seed(seed, "simulate", k))
        if store is not None:
            match_id = store.add(match.record(), origin="simulate")
            match.attach(store.journal(match_id), match_id)
        plies += _play_bots(match, k, log)
        match.detach()
        if match.save_error is not None:
            raise CardsuiteError(match.save_error)  # it names the file already
        outcome = match.outcome()
        if outcome is None:
            continue
        finished += 1
        if outcome.is_draw:
            draws += 1
            continue
        for s in range(count):  # as the statistics count them (Store.stats)
            said = outcome.verdict(s, last_place_loses=engine.last_place_loses)
            wins[s] += said == WIN
            losses[s] += said == LOSS
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
        _print_json(result)
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
        line = _("seat {n} ({bot}): {wins} wins, {losses} losses").format(
            n=s + 1, bot=names[s], wins=wins[s], losses=losses[s]
        )
        print(f"  {line}")
    print(_("{rate} games per second").format(rate=result["games_per_second"]))


MAX_WORKERS = 256  # processes one arena run may start


@app.command(
    help=N_(
        "Measure bots against one another: seeded matches with the seats turned every match. "
        "The bots listed take the seats in turn (hard,normal at four seats: hard, normal, "
        "hard, normal), and the seating moves on by one seat each match, so every bot sits "
        "in every seat equally often. A match where every seat shares the first place is a "
        "draw; otherwise the bots holding a first place share one win (half a win each for "
        "two). Prints each bot's wins, win rate with its 95% (Wilson) interval, the draws and "
        "the mean and 95th-percentile time of its decisions; all but the times are the same "
        "for the same arguments, whatever the number of workers."
    ),
    cls=_Command,
)
def arena(
    game: GameArg,
    players: PlayersOpt = None,
    bots: Annotated[
        str,
        typer.Option(
            metavar=N_("BOTS"),
            help=N_(
                "Bots to measure, comma-separated: easy, normal, hard; a level named "
                "twice is reported as normal#1, normal#2."
            ),
        ),
    ] = "hard,normal",
    games: GamesOpt = 100,
    seed: Annotated[
        int,
        typer.Option(
            metavar=N_("SEED"),
            help=N_("Seed of the run; each match is dealt from it and its number."),
            parser=_seed,
        ),
    ] = 0,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            metavar=N_("W"),
            help=N_("Processes playing matches at once."),
            parser=_whole("--workers", 1, MAX_WORKERS),
        ),
    ] = 1,
    as_json: JsonOpt = False,
    progress: Annotated[
        bool, typer.Option("--progress", help=N_("Print a dot on stderr per finished match."))
    ] = False,
) -> None:
    """Seat-rotated bot matches and each bot's results (see :mod:`cardsuite.arena`)."""
    from cardsuite.arena import ArenaSpec, report_lines, resolve_bots, run_arena

    engine = get_game(game)
    ids = resolve_bots(_split(bots))
    count = _players(engine, players)
    if len(ids) > count:
        raise OptionsError(
            ngettext(
                "--bots names {n} bots for {count} seat",
                "--bots names {n} bots for {count} seats",
                count,
            ).format(n=len(ids), count=count)
        )
    engine.new_game(seats=count, seed=seed)  # checks the seat count with the default options
    spec = ArenaSpec(engine.id, count, ids, games, seed)

    def dot() -> None:
        print(".", end="", file=sys.stderr, flush=True)

    report = run_arena(spec, workers, dot if progress else None)
    if progress:
        print(file=sys.stderr)
    if as_json:
        _print_json(report.to_json())
        return
    for line in report_lines(report, _(engine.title)):
        print(line)


def _play_bots(match: Match, index: int, log: bool) -> int:
    """Bots play the match to its end (or the safety limit); with ``log``, each move is
    printed once it is stored."""
    if not log:
        return match.play_bots(SIMULATION_PLY_LIMIT)
    names = match.names
    where = _(" (match {id})").format(id=match.journal_id) if match.journal_id else ""
    print(_("Game {n}{where}: {code}").format(n=index + 1, where=where, code=match.deal_code()))
    made = 0
    while made < SIMULATION_PLY_LIMIT:
        # One move at a time, the way play_bots makes it: in turn, or on the virtual clock of
        # a real-time game (where a seat may have nothing to play until something falls due).
        before = len(match.moves)
        if match.play_bots(1) == 0:
            break
        for number in range(before, len(match.moves)):
            move = match.moves[number]
            print(f"{number + 1:6}. {names[move.seat]}: {fill(move.label(), names)}", flush=True)
        made += len(match.moves) - before
    return made


_OPENED: list[Store] = []  # the databases this command opened, closed as it ends (main)


def _store(*, writing: bool = False) -> Store:
    """The database of matches; what it had to say at opening goes to stderr.  ``writing``:
    the command only makes sense if it can save (StoreError, one line, when it cannot)."""
    from cardsuite.store.db import Store, StoreError

    store = Store()
    _OPENED.append(store)
    if store.notice:
        print(f"cardsuite: {plain(store.notice)}", file=sys.stderr)
    if writing and not store.writable:
        raise StoreError(store.path, f"nothing can be saved: {store.unwritable}")
    return store


def _tell_problems(store: Store) -> None:
    """Stored matches left out of a listing because a row of theirs does not read."""
    for problem in store.problems:
        print(f"cardsuite: {plain(problem)}", file=sys.stderr)


def _stored_match(store: Store, match_id: int) -> Match:
    source = _("{file}, match {id}").format(file=store.path, id=match_id)
    return Match.from_record(store.record(match_id), source)


def _when(timestamp: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(timestamp))


def _seats_line(seats: Sequence[SeatRecord]) -> str:
    names = player_names(len(seats), [shown_name(s.name) for s in seats])
    return ", ".join(
        _("{name} (bot)").format(name=name) if s.kind == "bot" else name
        for s, name in zip(seats, names, strict=True)
    )


@app.command(
    help=N_("Continue a saved match at its table (the last one played by default)."), cls=_Command
)
def resume(
    match_id: Annotated[
        int | None,
        typer.Argument(
            metavar=N_("ID"),
            help=N_("The match's number (see cardsuite matches)."),
            show_default=False,
            parser=_match_id,
        ),
    ] = None,
) -> None:
    """Continue a saved match at its table (the last one played by default)."""
    store = _store()
    if match_id is None:
        unfinished = store.matches(finished=False, limit=1)
        if not unfinished:
            raise OptionsError(_("there is no unfinished match to resume"))
        match_id = unfinished[0].id
    stored = store.get(match_id)
    if stored.is_finished:
        raise OptionsError(
            _("match {id} is finished; watch it again with: cardsuite replay {id}").format(
                id=match_id
            )
        )
    # This window becomes the match's one writer before its moves are read (MatchBusyError,
    # one line, when another window plays it); a store that cannot save plays it unsaved.
    journal = store.journal(match_id) if store.writable else None
    match = _stored_match(store, match_id)
    if journal is not None:
        match.attach(journal, match_id)
    else:
        match.save_error = store.unwritable
    from cardsuite import tui

    tui.run(match=match, store=store)


@app.command(help=N_("List the saved matches (unfinished ones, or all with --all)."), cls=_Command)
def matches(
    show_all: Annotated[bool, typer.Option("--all", help=N_("Finished matches too."))] = False,
    as_json: JsonOpt = False,
) -> None:
    """List the saved matches (unfinished ones, or all with --all)."""
    store = _store()
    found = store.matches(finished=None if show_all else False)
    _tell_problems(store)
    if as_json:
        _print_json(
            [
                {
                    "id": m.id,
                    "game": m.game,
                    "seats": [{"name": s.name, "kind": s.kind, "bot": s.bot} for s in m.seats],
                    "moves": m.moves,
                    "origin": m.origin,
                    "started": m.started,
                    "updated": m.updated,
                    "finished": m.finished,
                    "practice": m.practice,
                    "places": None if m.result is None else list(m.result.places),
                }
                for m in found
            ]
        )
        return
    if not found:
        print(_("No saved matches.") if show_all else _("No unfinished matches."))
        return
    for m in found:
        title = _(GAMES[m.game].title) if m.game in GAMES else plain(m.game)
        state = (
            ngettext("{n} move", "{n} moves", m.moves).format(n=m.moves)
            if m.result is None
            else _("finished")
        )
        print(f"{m.id:5}  {_when(m.updated)}  {title} · {_seats_line(m.seats)} · {state}")


@app.command(help=N_("Forget a saved match."), cls=_Command)
def delete(
    match_id: IdArg,
) -> None:
    """Forget a saved match."""
    if not _store(writing=True).delete(match_id):
        raise OptionsError(_("there is no match {id}").format(id=match_id))
    print(_("Match {id} deleted.").format(id=match_id))


@app.command(help=N_("Wins, draws, losses and places per person (and per bot)."), cls=_Command)
def stats(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar=N_("GAME"), help=N_("One game only (all by default)."), show_default=False
        ),
    ] = None,
    bots: Annotated[
        bool,
        typer.Option(
            "--bots",
            help=N_("Count the matches bots played among themselves too (simulate --record)."),
        ),
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Wins, draws, losses and places per person (and per bot)."""
    from cardsuite.store.db import counted

    game_id = get_game(game).id if game is not None else None
    store = _store()
    figures = store.stats(game_id, bots=bots)
    _tell_problems(store)
    finished = store.matches(finished=True, game=game_id)
    games = sum(counted(m, bots=bots) for m in finished)
    left_out = len(finished) - games  # bots among themselves, without --bots
    if as_json:
        _print_json(
            {
                "game": game_id,
                "bots": bots,
                "games": games,
                "players": [f.to_json() for f in figures],
            }
        )
        return
    note = ngettext(
        "({n} match played by bots alone is not counted: cardsuite stats --bots)",
        "({n} matches played by bots alone are not counted: cardsuite stats --bots)",
        left_out,
    ).format(n=left_out)
    if not figures:
        print(
            _("No finished matches yet.")
            if not left_out
            else _("No finished matches with a person yet.")
        )
        if left_out:
            print(note)
        return
    shown = [
        _("{name} (bot · {bot})").format(
            name=shown_name(f.name) or "?", bot=level_word(plain(f.bot or ""))
        )
        if f.is_bot
        else shown_name(f.name) or "?"
        for f in figures
    ]
    width = max(len(name) for name in shown)
    head = _("{name}  games  wins  draws  losses  avg score  longest  practice  places").format(
        name=_("player").ljust(width)
    )
    print(head)
    for f, name in zip(figures, shown, strict=True):
        average = "—" if f.average_score is None else f"{f.average_score:g}"
        places = " ".join(f"{place}:{count}" for place, count in f.places.items())
        print(
            f"{name.ljust(width)}  {f.games:5}  {f.wins:4}  {f.draws:5}  {f.losses:6}"
            f"  {average:>9}  {f.longest:7}  {f.practice:8}  {places}".rstrip()
        )
    if left_out:
        print(note)


@app.command(name="export", help=N_("Write a saved match to a JSON file."), cls=_Command)
def export_match(
    match_id: IdArg,
    file: Annotated[Path, typer.Argument(metavar=N_("FILE"), help=N_("The file to write."))],
    reveal: Annotated[
        bool,
        typer.Option(
            "--reveal",
            help=N_("Export a match still in play too (its file shows every hand)."),
        ),
    ] = False,
) -> None:
    """Write a saved match to a JSON file."""
    from cardsuite.core.record import check_destination, export_record

    check_destination(file)  # before the database is opened: a bad destination changes nothing
    store = _store()
    # A record holds the seed, which deals every card: a match in play is exported only when
    # asked, with a warning.
    in_play = not store.get(match_id).is_finished
    if in_play and not reveal:
        raise OptionsError(
            _(
                "match {id} is still in play and its file would show every hand; "
                "add --reveal to export it anyway"
            ).format(id=match_id)
        )
    export_record(store.record(match_id), file)
    if in_play:
        print(
            "cardsuite: "
            + _("warning: {file} shows every hand of a match still in play").format(
                file=plain(str(file))
            ),
            file=sys.stderr,
        )
    print(_("Match {id} written to {file}.").format(id=match_id, file=plain(str(file))))


@app.command(
    name="import", help=N_("Add a match from a JSON file to the saved matches."), cls=_Command
)
def import_match(
    file: Annotated[Path, typer.Argument(metavar=N_("FILE"), help=N_("A match file (JSON)."))],
) -> None:
    """Add a match from a JSON file to the saved matches."""
    from cardsuite.core.record import load_record
    from cardsuite.store.db import LONGER, SAME, AlreadyStoredError, Result

    record = load_record(file)
    match = Match.from_record(record, file)  # every move must replay
    outcome = match.outcome()
    result = None if outcome is None else Result.of(outcome, match.game.sides(match.state))
    # A match the database has already is refused, and nothing is written: the same one, or
    # a longer or shorter version of it (the file goes on from an unfinished stored match, or
    # a stored match goes on from the file); deleting the stored match lets the file in.
    try:
        match_id = _store(writing=True).add(
            match.record(), origin="import", result=result, unless_stored=True
        )
    except AlreadyStoredError as already:
        found = already.found
        if found.relation == SAME:
            message = _("{file} is already stored as match {id}")
        elif found.relation == LONGER:
            message = _(
                "{file} is already stored as match {id}, which stops at move {stored} where "
                "the file goes on to move {moves}; delete match {id} first to import the file"
            )
        else:
            message = _(
                "{file} is already stored as match {id}, which goes on from it (to move "
                "{stored}; the file stops at move {moves})"
            )
        raise OptionsError(
            message.format(
                file=plain(str(file)),
                id=found.match_id,
                stored=found.stored_moves,
                moves=found.record_moves,
            )
        ) from None
    print(_("Imported as match {id}.").format(id=match_id))


@app.command(help=N_("Play the deal of a deal code (the seats as with play)."), cls=_Command)
def deal(
    code: Annotated[
        str, typer.Argument(metavar=N_("CODE"), help=N_("A deal code, e.g. rang-3-k2f9."))
    ],
    seats: SeatsOpt = None,
    names: NamesOpt = None,
) -> None:
    """Play the deal of a deal code."""
    from cardsuite.core.dealcode import parse_deal_code

    parsed = parse_deal_code(code)
    engine = get_game(parsed.game)
    options = options_from_strings(engine.Options, parsed.options)
    _open_table(engine, parsed.players, seats, names, parsed.seed, options)


def _viewer_seat(match: Match, wanted: str) -> int:
    """The seat ``--as`` names: its number (1 for the first) or its player's name."""
    count = len(match.seats)
    text = wanted.strip()
    if text.isdigit():
        number = int(text)
        if 1 <= number <= count:
            return number - 1
        raise OptionsError(
            _("--as {n}: the match has seats 1 to {count}").format(n=number, count=count)
        )
    folded = text.casefold()
    found = {
        s
        for s, names in enumerate(zip(match.names, match.given_names, strict=True))
        if folded in (names[0].casefold(), names[1].strip().casefold())
    }
    if len(found) == 1:
        return found.pop()
    choices = ", ".join(f"{s + 1} ({name})" for s, name in enumerate(match.names))
    if found:
        message = _("--as {name!r}: several seats have that name; give a number: {seats}")
    else:
        message = _("--as {name!r}: no seat of the match has that name; the seats: {seats}")
    raise OptionsError(message.format(name=plain(text), seats=choices))


@app.command(
    help=N_("Print a saved match move by move, as a spectator sees it (or a seat, or all)."),
    cls=_Command,
)
def replay(
    source: Annotated[
        str,
        typer.Argument(
            metavar=N_("ID|FILE"),
            help=N_("A saved match's number (see cardsuite matches), or a match file (JSON)."),
            show_default=False,
        ),
    ],
    text: Annotated[
        bool,
        typer.Option(
            "--text/--json",
            help=N_("Print the log move by move (--text), or one JSON object (--json)."),
        ),
    ] = True,
    seat: Annotated[
        str | None,
        typer.Option(
            "--as",
            metavar=N_("SEAT"),
            help=N_("Show what this seat saw: its number (1 for the first) or its player's name."),
            show_default=False,
        ),
    ] = None,
    reveal: Annotated[
        bool,
        typer.Option(
            "--reveal",
            help=N_("Show every card and the seed (for a match in play: every hand)."),
        ),
    ] = False,
) -> None:
    """Print a saved match move by move, as a spectator sees it (or a seat, or all)."""
    if seat is not None and reveal:
        raise OptionsError(_("--as and --reveal cannot be given together"))
    # os.path.exists, not Path.exists: False, not OSError, for a name too long to be a file
    if source.isascii() and source.isdigit() and not os.path.exists(source):
        match = _stored_match(_store(), _match_id(source))  # bounded: 1 … 2**63-1
    else:
        match = Match.load(source)
    game = match.game
    viewer = None if seat is None else _viewer_seat(match, seat)
    finished = match.is_over()
    if reveal and not finished:
        print(
            "cardsuite: " + _("warning: this replay shows every hand of a match still in play"),
            file=sys.stderr,
        )
    elif viewer is not None and not finished:
        print(
            "cardsuite: "
            + _("warning: this replay shows {name}'s cards of a match still in play").format(
                name=match.names[viewer]
            ),
            file=sys.stderr,
        )
    # The seed deals every card: shown once nothing is hidden any more, or when asked.
    seed = match.seed if finished or reveal else None
    # The text shows the names made safe (control characters escaped, cut); the JSON keeps them
    # as saved (JSON escapes what needs it).  A seat saved without a name: the lobby's name.
    names = match.given_names if not text else match.names

    def seen(happened: Sequence[Any]) -> list[str]:
        return [
            fill((event if reveal else event.seen_by(viewer)).text(), names) for event in happened
        ]

    def events(state: Any) -> list[str]:
        return seen(state.events)

    def hidden(number: int) -> bool:
        return not reveal and match.move_hides(number, viewer)

    def wording(number: int, move: Any) -> str:
        return fill(move.hidden_label() if hidden(number) else move.label(), names)

    # On a clock, what fell due between the moves (the spits, the turn-ups), after each move
    # (0: after the deal, before the first move), with its time: ms since the deal.
    timed: dict[int, list[tuple[int, list[str]]]] = {}
    for after, at, happened in match.timed_steps():
        timed.setdefault(after, []).append((at, seen(happened)))
    times = match.times if match.realtime else []

    def timed_data(after: int) -> list[dict[str, Any]]:
        return [{"at": at, "events": said} for at, said in timed.get(after, [])]

    outcome = match.outcome()
    if not text:
        result = {
            "game": game.id,
            "seed": seed,
            "viewer": viewer,
            "reveal": reveal,
            "players": list(names),
            "events": events(match.states[0]),
            "timed": timed_data(0),
            "moves": [
                {
                    "seat": move.seat,
                    "player": names[move.seat],
                    # no notation names a card the viewer may not see
                    "move": None if hidden(number) else game.move_to_text(move),
                    "text": wording(number, move),
                    "at": times[number - 1] if times else None,
                    "events": events(state),
                    "timed": timed_data(number),
                }
                for number, (move, state) in enumerate(match.history(), start=1)
            ],
            "result": None
            if outcome is None
            else {
                "reason": fill(outcome.reason, names),
                "places": list(outcome.places),
                "scores": None if outcome.scores is None else list(outcome.scores),
            },
        }
        _print_json(result)
        return
    players = ", ".join(names)
    if seed is None:
        print(_("{game} · {players}").format(game=_(game.title), players=players))
    else:
        print(
            _("{game} · seed {seed} · {players}").format(
                game=_(game.title), seed=seed, players=players
            )
        )
    if reveal:
        print(_("(every card face up)"))
    elif viewer is None:
        print(_("(as a spectator sees it)"))
    else:
        print(_("(as {name} saw it)").format(name=names[viewer]))

    def print_timed(after: int, indent: str) -> None:
        for at, said in timed.get(after, []):
            mark = _("[{seconds} s]").format(seconds=f"{at / 1000:.1f}")
            for line in said:
                print(f"{indent}{mark} {line}")

    for line in events(match.states[0]):
        print(f"     {line}")
    print_timed(0, "     ")
    for number, (move, state) in enumerate(match.history(), start=1):
        print(f"{number:4}. {names[move.seat]}: {wording(number, move)}")
        for line in events(state):
            print(f"      {line}")
        print_timed(number, "      ")
    if outcome is None:
        print(_("(the match is not finished)"))
    else:
        print(_("Result: {reason}").format(reason=fill(outcome.reason, names)))
        for s, place in sorted(enumerate(outcome.places), key=lambda p: p[1]):
            score = f" ({outcome.amount(s)})" if outcome.scores is not None else ""
            print(f"  {place}. {names[s]}{score}")


@app.command(help=N_("Open a table directly."), cls=_Command)
def play(
    game: GameArg,
    players: PlayersOpt = None,
    seats: SeatsOpt = None,
    names: NamesOpt = None,
    seed: Annotated[
        int | None,
        typer.Option(
            metavar=N_("SEED"),
            help=N_("Seed (random when omitted)."),
            show_default=False,
            parser=_seed,
        ),
    ] = None,
    opt: OptsOpt = None,
) -> None:
    """Open a table directly."""
    engine = get_game(game)
    options = _options(engine, opt)
    chosen_seed = seed if seed is not None else random.SystemRandom().randrange(10**6)
    _open_table(engine, players, seats, names, chosen_seed, options)


def _open_table(
    engine: AnyGame,
    players: int | None,
    seats: str | None,
    names: str | None,
    chosen_seed: int,
    options: Any,
) -> None:
    """Check the seats and names given, then open the table."""
    kinds = [kind if kind == "human" else level_id(kind) for kind in _split(seats)]
    given = _split(names)
    for i, name in enumerate(given):
        if not valid_unicode(name):  # a byte that is not UTF-8 in the command line
            raise OptionsError(
                _("--names gives seat {n} a name that is not valid Unicode text ({name})").format(
                    n=i + 1, name=quoted(name)
                )
            )
    count = _players(engine, players, len(kinds) or len(given))
    if not kinds:
        kinds = ["human"] + [NORMAL] * (count - 1)
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
        if kind != "human" and not plays_at(engine, kind):
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
                _("--names gives {name} twice; each seat needs a different name").format(
                    name=quoted(name)
                )
            )
        seen.add(name.casefold())
    seat_names = player_names(count, given)
    engine.new_game(seats=count, options=options, seed=chosen_seed)  # checks the combination
    setup = MatchSetup(
        game=engine,
        seats=tuple(
            SeatInfo(n, None if k == "human" else k) for n, k in zip(seat_names, kinds, strict=True)
        ),
        options=options,
        seed=chosen_seed,
    )
    _played_with, note = setup.seated()
    if note is not None:
        typer.echo(note, err=True)
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
        int,
        typer.Option(
            metavar=N_("PORT"),
            help=N_("Port to listen on, 1 to 65535."),
            parser=_whole(
                "--port",
                PORTS.start,
                PORTS.stop - 1,
                N_("{name} must be from {low} to {high}, not {value}"),
            ),
        ),
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
    if getattr(command, "options_metavar", None) == "[OPTIONS]":
        command.options_metavar = _("[OPTIONS]")
    if getattr(command, "subcommand_metavar", None) == "COMMAND [ARGS]...":
        command.subcommand_metavar = _("COMMAND [ARGS]...")
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
    import typer.core
    import typer.rich_utils

    for name, words in TYPER_WORDS.items():
        setattr(typer.rich_utils, name, _(words))
    typer.core._ = _  # type: ignore[attr-defined]  # it says TYPER_CORE_WORDS through it
    command = typer.main.get_command(app)
    _translate_help(command)
    return command


@app.command(
    help=N_("Serve tables over the network: one terminal per player (cardsuite join)."),
    cls=_Command,
)
def host(
    bind: Annotated[
        str,
        typer.Option(
            metavar=N_("ADDRESS"),
            help=N_("Address to listen on (loopback unless told otherwise)."),
        ),
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option(metavar=N_("PORT"), help=N_("Port to listen on."), parser=_port)
    ] = 7777,
    game: Annotated[
        str | None,
        typer.Option(
            metavar=N_("GAME"),
            help=N_("Open a table of this game at once and print its invites."),
            show_default=False,
        ),
    ] = None,
    players: PlayersOpt = None,
    seats: SeatsOpt = None,
    opt: OptsOpt = None,
    pace: Annotated[
        float,
        typer.Option(
            metavar=N_("SECONDS"), help=N_("Seconds a bot's move waits, so people can follow.")
        ),
    ] = 0.6,
    once: Annotated[
        bool, typer.Option("--once", help=N_("Stop when the table opened with --game ends."))
    ] = False,
    grace: Annotated[
        float,
        typer.Option(
            metavar=N_("SECONDS"),
            help=N_("Seconds a dropped player's seat waits for him."),
        ),
    ] = 60.0,
    stand_in: Annotated[
        str,
        typer.Option(
            metavar=N_("LEVEL"),
            help=N_("The bot level that plays a seat after that, or 'none': the table waits."),
        ),
    ] = NORMAL,
    certfile: Annotated[
        str | None,
        typer.Option(
            metavar=N_("FILE"),
            help=N_("Serve over TLS (wss://) with this certificate (and --keyfile)."),
            show_default=False,
        ),
    ] = None,
    keyfile: Annotated[
        str | None,
        typer.Option(metavar=N_("FILE"), help=N_("The certificate's key."), show_default=False),
    ] = None,
) -> None:
    """Serve tables over the network."""
    from cardsuite.net.commands import serve, tls_server

    if (certfile is None) != (keyfile is None):
        raise OptionsError(_("--certfile and --keyfile go together"))
    tls = tls_server(certfile, keyfile) if certfile and keyfile else None

    table = None
    if game is not None:
        engine = get_game(game)
        kinds = _network_seats(engine, players, seats)
        _options(engine, opt)  # checked here, in words, before anything is served
        table = (engine.id, kinds, _option_pairs(opt))
    elif once:
        raise OptionsError(_("--once goes with --game"))
    if not 0 <= pace <= 10:
        raise OptionsError(_("--pace is from 0 to 10 seconds"))
    if not 0 <= grace <= 24 * 3600:
        raise OptionsError(_("--grace is from 0 seconds to a day"))
    level = None if stand_in.strip().lower() == "none" else level_id(stand_in)
    if level is not None and level not in LEVELS:
        raise OptionsError(
            _("unknown bot level {name!r} (levels: {levels})").format(
                name=stand_in, levels=", ".join(LEVELS)
            )
        )
    serve(
        bind,
        port,
        store=_store(writing=True),
        pace=pace,
        table=table,
        once=once,
        tls=tls,
        grace=grace,
        stand_in=level,
    )


@app.command(
    help=N_(
        "Take a seat at a table served by cardsuite host, at the table screen (or headless, "
        "played by a bot, with --bot)."
    ),
    cls=_Command,
)
def join(
    address: Annotated[
        str,
        typer.Argument(
            metavar=N_("HOST[:PORT]"),
            help=N_("The server, e.g. 127.0.0.1:7777 (wss://host:port over TLS)."),
        ),
    ],
    invite: Annotated[
        str | None,
        typer.Argument(
            metavar=N_("INVITE"), help=N_("The invite of your seat."), show_default=False
        ),
    ] = None,
    bot: Annotated[
        str | None,
        typer.Option(
            metavar=N_("LEVEL"),
            help=N_("A bot of this level plays the seat, headless (easy, normal, hard)."),
            show_default=False,
        ),
    ] = None,
    name: Annotated[str, typer.Option(metavar=N_("NAME"), help=N_("Your name at the table."))] = "",
    open_game: Annotated[
        str | None,
        typer.Option(
            "--open",
            metavar=N_("GAME"),
            help=N_("Open a new table of this game and take its first human seat."),
            show_default=False,
        ),
    ] = None,
    players: PlayersOpt = None,
    seats: SeatsOpt = None,
    opt: OptsOpt = None,
    watch: Annotated[
        str | None,
        typer.Option(
            metavar=N_("TABLE"),
            help=N_("Watch this table (public cards only)."),
            show_default=False,
        ),
    ] = None,
    seed: Annotated[
        int, typer.Option(metavar=N_("SEED"), help=N_("Seed of the bot's choices."), parser=_seed)
    ] = 0,
    cafile: Annotated[
        str | None,
        typer.Option(
            metavar=N_("FILE"),
            help=N_(
                "Trust the server's certificate by this file (wss://, a certificate of your own)."
            ),
            show_default=False,
        ),
    ] = None,
) -> None:
    """Take a seat at a table over the network."""
    from cardsuite.net.client import join_frame, open_frame, watch_frame
    from cardsuite.net.commands import join as join_table
    from cardsuite.net.commands import tls_client
    from cardsuite.net.server import parse_address

    secure = address.startswith("wss://")
    where = parse_address(address.removeprefix("wss://").removeprefix("ws://"))
    tls = tls_client(cafile) if secure or cafile else None
    given = [x for x in (invite, open_game, watch) if x is not None]
    if len(given) != 1:
        raise OptionsError(_("give one of: an invite, --open GAME or --watch TABLE"))
    if invite is not None and not re.fullmatch(r"[0-9a-f]{32}", invite):
        raise OptionsError(
            _("{invite!r} is no invite: an invite is 32 hexadecimal digits").format(
                invite=invite[:40]
            )
        )
    level = None
    if bot is not None and watch is None:
        level = level_id(bot)
        if level not in LEVELS:
            raise OptionsError(
                _("unknown bot level {name!r} (levels: {levels})").format(
                    name=bot, levels=", ".join(LEVELS)
                )
            )
    if open_game is not None:
        engine = get_game(open_game)
        kinds = _network_seats(engine, players, seats)
        _options(engine, opt)
        first = open_frame(engine.id, kinds, _option_pairs(opt), name)
    elif watch is not None:
        first = watch_frame(watch)
    else:
        assert invite is not None
        first = join_frame(invite, name)
    if bot is None:  # a person plays (or watches) at the table screen
        from cardsuite.net.commands import url_of
        from cardsuite.tui import run
        from cardsuite.tui.app import Remote

        run(server=Remote(url_of(where, tls is not None), first, tls))
        return
    join_table(where, first, level=level, seed=seed, timeout=24 * 3600.0, tls=tls)


def _network_seats(engine: AnyGame, players: int | None, seats: str | None) -> list[str]:
    """The seats of a table over the network: those given, else a person and bots."""
    kinds = [kind if kind == "human" else level_id(kind) for kind in _split(seats)]
    count = _players(engine, players, len(kinds))
    if not kinds:
        kinds = ["human"] + [NORMAL] * (count - 1)
    if len(kinds) != count:
        raise OptionsError(_("--seats must list one seat per player ({count})").format(count=count))
    return kinds


def _option_pairs(pairs: Sequence[str] | None) -> dict[str, str]:
    return {k.strip(): v for k, _sep, v in (p.partition("=") for p in pairs or ())}


def take_language(args: Sequence[str]) -> list[str]:
    """``args`` without their ``--lang`` option, wherever it stands (``--lang ru``,
    ``--lang=uk``); the language it names is spoken from now on.  CardsuiteError for a
    language we do not have.  Arguments after ``--`` are left as they are."""
    out: list[str] = []
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        if arg == "--":
            out += [arg, *rest]
            break
        if arg != "--lang" and not arg.startswith("--lang="):
            out.append(arg)
            continue
        if arg == "--lang" and not rest:
            raise CardsuiteError(_("--lang needs a language: {languages}").format(languages=_LANGS))
        value = rest.pop(0) if arg == "--lang" else arg.partition("=")[2]
        code = i18n.language_of(value.strip())
        if code is None or not value.strip():
            raise CardsuiteError(
                _("unknown language {value} (languages: {languages})").format(
                    value=quoted(value), languages=_LANGS
                )
            )
        i18n.set_language(code, chosen=True)
    return out


_LANGS = ", ".join(i18n.LANGUAGES)


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point: run the command, turning every bad input into one line and exit status 2."""
    try:
        args = take_language(sys.argv[1:] if argv is None else argv)
        command = _command()
        code = command.main(args=args, standalone_mode=False)
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
        message = " ".join(_usage_message(error).split())
        print(f"cardsuite: {plain(message)}", file=sys.stderr)
        sys.exit(EXIT_BAD_INPUT)
    finally:
        _close_stores()
    sys.exit(code if isinstance(code, int) else 0)


def _close_stores() -> None:
    """Close the databases the command opened, whatever became of it: SQLite then folds its
    write-ahead log into the database and removes its side files, now rather than whenever
    the store is collected."""
    while _OPENED:
        _OPENED.pop().close()
