"""One registry: what a game must provide to be registered, checked for every registered game.

A game is a package under ``cardsuite/games/`` declaring ``GAME = GameInfo(...)``; adding one
touches its own package, its rules text, its tests and the README's row, nothing else.
"""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardsuite.bots import bot_ids, hard_bot, normal_bot
from cardsuite.bots.base import Bot
from cardsuite.bots.search import SearchBot
from cardsuite.games import GAME_INFO, GAMES, declared_games, find_game, get_game
from cardsuite.games.registry import ENGINE_FIELDS, NO_BOTS, GameBots, GameInfo, resolve

ROOT = Path(__file__).resolve().parent.parent
GAMES_DIR = ROOT / "cardsuite" / "games"
INFOS = list(GAME_INFO.values())
BY_ID = pytest.mark.parametrize("info", INFOS, ids=[info.id for info in INFOS])


def package_dir(info: GameInfo) -> Path:
    return GAMES_DIR / info.package.rsplit(".", 1)[1]


def players_text(counts: tuple[int, ...]) -> str:
    """The README's way of writing seat counts: "2", "2–6", "2, 4, 6, 8"."""
    if len(counts) > 1 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]}"
    return ", ".join(map(str, counts))


def run_python(code: str) -> str:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout.strip()


# --- the registry finds the games ---------------------------------------------------------------


def test_every_game_package_is_registered_and_nothing_else() -> None:
    packages = {p.name for p in GAMES_DIR.iterdir() if (p / "__init__.py").exists()}
    assert {info.package for info in INFOS} == {f"cardsuite.games.{name}" for name in packages}
    assert list(GAME_INFO) == list(GAMES) == [info.id for info in declared_games()]


def test_a_game_package_dropped_into_a_games_directory_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A directory of games like cardsuite/games: the registry's discovery finds a package by
    # its declaration alone, with no list anywhere to add it to.
    games = tmp_path / "dropped_games"
    (games / "new_game").mkdir(parents=True)
    (games / "not_a_game").mkdir()
    (games / "__init__.py").write_text("", encoding="utf-8")
    (games / "not_a_game" / "__init__.py").write_text("X = 1\n", encoding="utf-8")
    (games / "new_game" / "__init__.py").write_text(
        "from cardsuite.games.registry import GameInfo\n"
        "GAME = GameInfo(__name__, number=1, id='new-game', title='New Game',\n"
        "    original_name='Новая игра', seat_counts=(2,), summary='A game.',\n"
        "    engine='NEW_GAME', options='dropped_games.new_game.model:NewOptions')\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        found = declared_games("dropped_games")
        assert [info.id for info in found] == ["new-game"]
        assert found[0].package == "dropped_games.new_game"
    finally:
        for name in [m for m in sys.modules if m.startswith("dropped_games")]:
            del sys.modules[name]


def test_the_games_are_listed_in_the_order_they_joined() -> None:
    numbers = [info.number for info in INFOS]
    assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers)


def test_every_name_finds_one_game_only() -> None:
    owners: dict[str, str] = {}
    for info in INFOS:
        for name in {info.id, info.title, info.original_name, *info.aliases}:
            key = name.casefold()
            assert owners.setdefault(key, info.id) == info.id, f"{name!r}: two games"
            found = find_game(name.upper())
            assert found is not None and found.id == info.id


# --- what each registered game provides ---------------------------------------------------------


@BY_ID
def test_the_declaration_names_the_game(info: GameInfo) -> None:
    assert re.fullmatch(r"[a-z]+(-[a-z]+)*", info.id)
    assert info.title and info.original_name and info.summary
    assert "\n" not in info.summary and len(info.summary) <= 200
    assert info.seat_counts == tuple(sorted(set(info.seat_counts))) and info.seat_counts[0] >= 1
    assert isinstance(info.aliases, tuple)


@BY_ID
def test_the_package_has_model_engine_and_presenter(info: GameInfo) -> None:
    for module in ("model", "engine", "present"):
        assert (package_dir(info) / f"{module}.py").is_file(), module


@BY_ID
def test_the_engine_takes_its_metadata_from_the_declaration(info: GameInfo) -> None:
    engine = info.load()
    assert engine is get_game(info.id) is info.load()
    for field in ENGINE_FIELDS:
        assert getattr(engine, field) == getattr(info, field), field
    assert engine.Options is resolve(info.options)
    engine.Options()  # every option has its default


@BY_ID
def test_the_engine_is_the_engine_modules_own(info: GameInfo) -> None:
    # engine.py makes the engine under its declared name, or else the registry makes it once
    # from the class engine.py decorates.
    module = importlib.import_module(f"{info.package}.engine")
    engine = info.load()
    assert type(engine).__module__ == module.__name__
    assert getattr(module, info.engine, engine) is engine


@BY_ID
def test_the_package_holds_its_declaration_and_nothing_else(info: GameInfo) -> None:
    # The game's names are imported from its model.py and engine.py; the package re-exports none.
    package = importlib.import_module(info.package)
    held = {name for name in vars(package) if not name.startswith("__")}
    assert held - {"model", "engine", "kernel", "present"} <= {
        "GAME",
        "GameBots",
        "GameInfo",
        "annotations",
    }
    info.load()
    with pytest.raises(AttributeError):  # not even the engine, once it is loaded
        getattr(package, info.engine)


@BY_ID
def test_importing_the_declaration_loads_no_engine(info: GameInfo) -> None:
    code = (
        f"import sys, {info.package}\n"
        "print(sorted(m for m in sys.modules if m.startswith('cardsuite.')"
        " and not m.startswith(('cardsuite.games', 'cardsuite.locale')) and m != 'cardsuite'))\n"
        f"print(sorted(m for m in sys.modules if m.startswith('{info.package}.')))\n"
    )
    assert run_python(code) == "[]\n[]"


@BY_ID
def test_the_rules_for_players_are_written(info: GameInfo) -> None:
    path = GAMES_DIR / info.rules_file
    assert path.is_file()
    assert info.load().rules() == path.read_text(encoding="utf-8")


@BY_ID
def test_the_declared_bots_are_bots(info: GameInfo) -> None:
    game = info.load()
    for path in (info.bots.heuristic, info.bots.playout):
        if path is not None:
            assert callable(resolve(path)().choose), path
    bot: Bot = normal_bot(game)
    assert callable(bot.choose)
    if info.decisions and info.bots.hard_plies > 0:  # search, guided by the game's own bot
        hard = hard_bot(game)
        assert isinstance(hard, SearchBot)
        assert bot_ids(game) == ("easy", "normal", "hard")
        if info.bots.heuristic is not None:
            assert type(hard.guide) is type(bot)
    elif info.decisions:  # no budget for search: hard plays as the game's own bot
        assert type(hard_bot(game)) is type(bot)
        assert bot_ids(game) == ("easy", "normal", "hard")
    else:  # nothing to decide: one level, and no search
        assert bot_ids(game) == ("normal",)


@BY_ID
def test_the_game_has_its_own_tests(info: GameInfo) -> None:
    name = package_dir(info).name
    assert (ROOT / "tests" / "games" / f"test_{name}.py").is_file()


@BY_ID
def test_the_readme_has_the_games_row(info: GameInfo) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = [line for line in readme.splitlines() if line.startswith(f"| `{info.id}` |")]
    assert len(rows) == 1, "one row per game in the README's table"
    cells = [cell.strip() for cell in rows[0].strip("|").split("|")]
    assert cells[1].startswith(info.title.split(" (")[0])
    assert cells[2] == info.original_name
    assert cells[3] == players_text(info.seat_counts)


# --- importing the bots loads no engine -------------------------------------------------------


def test_importing_the_bots_loads_no_engine() -> None:
    code = (
        "import sys, cardsuite.bots\n"
        "print(sorted(m for m in sys.modules if m.startswith('cardsuite.games.')"
        " and m.count('.') > 2))\n"
    )
    assert run_python(code) == "[]"


# --- a declaration names its pieces where the convention puts them ----------------------------


def example(**pieces: Any) -> GameInfo:
    """The declaration of a game "example" in cardsuite/games/example, with ``pieces``."""
    return GameInfo(
        "cardsuite.games.example",
        number=99,
        id="example",
        title="Example",
        original_name="Пример",
        summary="A game.",
        seat_counts=(2,),
        engine="EXAMPLE",
        **pieces,
    )


def test_pieces_in_their_conventional_place_are_named_by_attribute_alone() -> None:
    info = example(
        options="ExampleOptions",
        kernel="KERNEL",
        bots=GameBots(heuristic="ExampleBot", hard_plies=0),
    )
    assert info.options == "cardsuite.games.example.model:ExampleOptions"
    assert info.kernel == "cardsuite.games.example.kernel:KERNEL"
    assert info.bots == GameBots(
        heuristic="cardsuite.bots.example:ExampleBot",
        playout="cardsuite.bots.example:ExampleBot",  # no quicker policy named: the heuristic
        hard_plies=0,
    )


def test_a_piece_elsewhere_is_named_by_its_path() -> None:
    info = example(
        options="other.place:Options",
        bots=GameBots(heuristic="other.bots:Bot", playout="Quick"),
    )
    assert info.options == "other.place:Options"
    assert info.kernel is None
    assert info.bots.heuristic == "other.bots:Bot"
    assert info.bots.playout == "cardsuite.bots.example:Quick"
    assert NO_BOTS.located("anywhere") == NO_BOTS
