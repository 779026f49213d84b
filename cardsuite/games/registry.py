"""What a game declares about itself: :class:`GameInfo`, written once in its package.

Each game package ``cardsuite/games/<package>/__init__.py`` holds one ``GAME = GameInfo(...)``:
its id, names, seat counts, summary, where its engine and options live, its flags and its bots
(as ``"module:attr"`` paths, imported when first asked for).  Importing the package loads only
that declaration, and the package holds nothing else: the game's names are imported from its
``model`` and ``engine`` modules.  The engine's class takes its metadata from the declaration
(:meth:`GameInfo.describes`).  ``cardsuite.games`` finds the packages and lists their
declarations.

Every declaration is written in one form, its fields in the order of :class:`GameInfo`'s
arguments: ``__name__``; the game as the lobby lists it (``number``, ``id``, ``title``,
``original_name``, ``summary``); the other names a player may call it by (``aliases``) and
its ``seat_counts``; where its pieces live (``engine``, ``options``, ``kernel``, ``bots``);
last the flags that differ from their defaults, each with a comment saying why.  A piece
that lives where the convention puts it is named by its attribute alone, and the registry
makes the path: the engine in the package's ``engine.py`` (``engine="RANG"``), the options
class in its ``model.py`` (``options="RangOptions"``), the kernel in its ``kernel.py``
(``kernel="KERNEL"``) and the game's own bots in ``cardsuite/bots/<package>.py``
(``GameBots(heuristic="RangBot")``).  A full ``"module:attr"`` path names a piece that lives
elsewhere.

This module imports nothing of the suite, so a declaration costs next to nothing to load.
"""

from __future__ import annotations

import importlib
import threading
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar, cast

if TYPE_CHECKING:
    from cardsuite.core.kernel import Kernel
    from cardsuite.core.protocol import AnyGame

EngineClass = TypeVar("EngineClass", bound=type)

# The engine's class attributes that come from its declaration.
ENGINE_FIELDS = (
    "id",
    "title",
    "original_name",
    "aliases",
    "seat_counts",
    "summary",
    "watch_by_default",
    "last_place_loses",
    "forced_moves_wait",
)


def resolve(path: str) -> Any:
    """The object a ``"module:attr"`` path names (the module imported if need be)."""
    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)


def located(name: str, module: str) -> str:
    """The ``"module:attr"`` path of ``name``: ``module``'s attribute ``name`` when it is a
    bare name (the conventional place), else ``name`` itself (a path already)."""
    return name if ":" in name else f"{module}:{name}"


class GameBots(NamedTuple):
    """A game's own bots, as ``"module:attr"`` paths of factories taking no argument.

    A game without them still has every level: ``heuristic`` falls back on the generic search
    bot and ``search`` plays out at random (see :mod:`cardsuite.bots`)."""

    heuristic: str | None = None  # the game's rules-of-thumb bot: the normal level
    # The policy for a search that plays out by a policy (``SearchBot(policy=...)``): a
    # quicker bot where the game has one, else ``heuristic``.  The hard level plays out at
    # random in the kernel, so only experiments use it today.
    playout: str | None = None
    # The hard level's budget: kernel plies per decision, set so that its 95th percentile
    # stays under 250 ms on a 2-core machine (benchmarks/search_speed.py --level hard); 0
    # where random playouts are too long to inform a decision: hard then plays as normal.
    hard_plies: int = 12_000

    def located(self, module: str) -> GameBots:
        """These bots with each bare name made a path into ``module`` (see :func:`located`),
        and ``playout`` the ``heuristic`` bot where none is named."""
        heuristic = None if self.heuristic is None else located(self.heuristic, module)
        playout = heuristic if self.playout is None else located(self.playout, module)
        return self._replace(heuristic=heuristic, playout=playout)


NO_BOTS = GameBots()

_LOADING = threading.Lock()  # held while an engine is first imported or made


class GameInfo:
    """A registered game, as its package declares it: known without loading its engine.

    ``engine`` is the name of the game's engine in its ``engine.py`` (``"RANG"``): that module
    makes it, or else the registry makes it once from the class ``describes`` was given (and
    gives it that name there).  ``options`` names its options class (in its ``model.py``, or
    by a ``"module:attr"`` path), ``kernel`` its compact fast form for playouts, if it has one
    (in its ``kernel.py``, or by a path; :mod:`cardsuite.core.kernel`), and ``bots`` its own
    bots (in ``cardsuite/bots/<package>.py``, or by paths); the declaration's attributes hold
    the paths.  The flags say how the suite treats the game:

    * ``watch_by_default`` — people mostly watch it (Rubashka: nobody decides anything): the
      lobby proposes every seat a bot, and a person in a seat makes his only move with a key;
    * ``last_place_loses`` — the game names its loser rather than its winner (Rang, Seven
      Leaves): only the last place loses, the places between are neither won nor lost;
    * ``forced_moves_wait`` — its forced moves come in runs that would play whole turns for a
      person (Rang, Laugh and Lie Down): they wait for him unless he asks otherwise;
    * ``every_card_seen`` — some seat sees every card all the time (the whole pack dealt into
      the hands, the rest face up): no card is hidden from everyone.

    ``decisions`` is False for a game where nobody ever has a choice (Rubashka): its bots
    have one level, which says so.

    ``number`` orders the lobby's list (the order the games joined the suite).
    """

    __slots__ = (
        "_engine",
        "_engine_class",
        "aliases",
        "bots",
        "decisions",
        "engine",
        "every_card_seen",
        "forced_moves_wait",
        "id",
        "kernel",
        "last_place_loses",
        "number",
        "options",
        "original_name",
        "package",
        "seat_counts",
        "summary",
        "title",
        "watch_by_default",
    )

    def __init__(
        self,
        package: str,
        *,
        number: int,
        id: str,
        title: str,
        original_name: str,
        summary: str,
        aliases: tuple[str, ...] = (),
        seat_counts: tuple[int, ...],
        engine: str,
        options: str,
        kernel: str | None = None,
        bots: GameBots = NO_BOTS,
        watch_by_default: bool = False,
        last_place_loses: bool = False,
        forced_moves_wait: bool = False,
        every_card_seen: bool = False,
        decisions: bool = True,
    ) -> None:
        self.package = package  # "cardsuite.games.cassino"
        self.number = number
        self.id = id
        self.title = title
        self.original_name = original_name
        self.summary = summary
        self.aliases = aliases
        self.seat_counts = seat_counts
        self.engine = engine
        self.options = located(options, f"{package}.model")
        self.kernel = None if kernel is None else located(kernel, f"{package}.kernel")
        self.bots = bots.located(f"cardsuite.bots.{package.rpartition('.')[2]}")
        self.watch_by_default = watch_by_default
        self.last_place_loses = last_place_loses
        self.forced_moves_wait = forced_moves_wait
        self.every_card_seen = every_card_seen
        self.decisions = decisions
        self._engine: AnyGame | None = None
        self._engine_class: type | None = None  # the class ``describes`` was given

    def __repr__(self) -> str:
        return f"GameInfo({self.id!r})"

    @property
    def rules_file(self) -> str:
        """The rules for players, under ``cardsuite/games/`` (what ``RulesBase.rules`` reads)."""
        return f"rules/{self.id}.md"

    @property
    def loaded(self) -> bool:
        """Whether the engine has been imported already."""
        return self._engine is not None

    def load(self) -> AnyGame:
        """The game's engine (imported on the first call)."""
        engine = self._engine
        if engine is None:
            with _LOADING:  # two threads asking at once get the same engine
                engine = self._engine
                if engine is None:
                    engine = self._engine = self._import_engine()
        return engine

    def _import_engine(self) -> AnyGame:
        module = importlib.import_module(f"{self.package}.engine")
        engine: Any = getattr(module, self.engine, None)
        if engine is None and self._engine_class is not None:
            engine = self._engine_class()
        if getattr(type(engine), "id", None) != self.id:
            raise RuntimeError(
                f"{module.__name__}.{self.engine} is not the engine {self.id!r} declares "
                f"(is its class decorated with @GAME.describes?)"
            )
        return cast("AnyGame", engine)

    def load_kernel(self) -> Kernel[Any, Any] | None:
        """The game's kernel (imported on the first call), or None: it has none."""
        return None if self.kernel is None else resolve(self.kernel)

    def describes(self, engine_class: EngineClass) -> EngineClass:
        """Give an engine class its metadata and ``Options`` from this declaration (a class
        decorator: ``@GAME.describes``), so that they are written once."""
        for field in ENGINE_FIELDS:
            setattr(engine_class, field, getattr(self, field))
        setattr(engine_class, "Options", resolve(self.options))  # noqa: B010 (not on type)
        self._engine_class = engine_class
        return engine_class
