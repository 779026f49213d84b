"""The registry of games.

``GAMES`` maps each game's id to its engine, in the order the lobby lists them;
``get_game`` finds a game by id or by any alias (the original name included), ignoring case.
To add a game, write its module and add its entry to ``_ENGINES`` below: the contract suite,
the CLI and the lobby pick it up from here.

An entry names where the engine lives and repeats the few words the lobby lists before any
engine is loaded (``GAME_INFO``): importing every engine costs more than the whole rest of the
lobby's first frame.  Engines are imported when first asked for (``GAMES``, ``get_game``,
``GameInfo.load``), and each is checked against its entry then, so the two cannot drift apart.
"""

from __future__ import annotations

import importlib
import unicodedata
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardsuite.core.protocol import AnyGame

    GAMES: dict[str, AnyGame]


class GameInfo:
    """A registered game as the lobby lists it (and the statistics count it), known without
    loading its engine.

    The fields are the engine's own attributes of the same names (checked by :meth:`load`).
    """

    __slots__ = (
        "_engine",
        "_where",
        "aliases",
        "forced_moves_wait",
        "id",
        "last_place_loses",
        "original_name",
        "seat_counts",
        "summary",
        "title",
    )

    def __init__(
        self,
        where: str,
        *,
        id: str,
        title: str,
        original_name: str,
        aliases: tuple[str, ...] = (),
        seat_counts: tuple[int, ...],
        summary: str,
        last_place_loses: bool = False,
        forced_moves_wait: bool = False,
    ) -> None:
        self._where = where  # "package:ENGINE"
        self._engine: AnyGame | None = None
        self.id = id
        self.title = title
        self.original_name = original_name
        self.aliases = aliases
        self.seat_counts = seat_counts
        self.summary = summary
        self.last_place_loses = last_place_loses  # the statistics' wins and losses
        self.forced_moves_wait = forced_moves_wait  # a person's forced moves wait for him

    def __repr__(self) -> str:
        return f"GameInfo({self.id!r})"

    @property
    def loaded(self) -> bool:
        """Whether the engine has been imported already."""
        return self._engine is not None

    def load(self) -> AnyGame:
        """The game's engine (imported on the first call)."""
        engine = self._engine
        if engine is None:
            module, _, name = self._where.partition(":")
            engine = getattr(importlib.import_module(module), name)
            for field in (
                "id",
                "title",
                "original_name",
                "aliases",
                "seat_counts",
                "summary",
                "last_place_loses",
                "forced_moves_wait",
            ):
                if getattr(engine, field) != getattr(self, field):
                    raise RuntimeError(
                        f"cardsuite.games: the entry for {self._where} says {field}="
                        f"{getattr(self, field)!r}, the engine {getattr(engine, field)!r}"
                    )
            self._engine = engine
        return engine


_ENGINES: tuple[GameInfo, ...] = (
    GameInfo(
        "cardsuite.games.grabuge:GRABUGE",
        id="grabuge",
        title="Grabuge",
        original_name="Grabuge",
        aliases=("grabouge",),
        seat_counts=(2,),
        summary="Race to build packets Ace to King from your stock, grabuge and four reserve columns.",
    ),
    GameInfo(
        "cardsuite.games.nerts:NERTS",
        id="nerts",
        title="Nerts",
        original_name="Нертс (Пошли!)",
        aliases=("nertz", "pounce", "racing demon", "racing-demon", "нертс"),
        seat_counts=(2, 3, 4, 5, 6),
        summary=(
            "A race of patience: everyone plays his own deck at once onto shared foundations; "
            "the first to empty his 13-pile ends the deal."
        ),
    ),
    GameInfo(
        "cardsuite.games.rang:RANG",
        id="rang",
        title="Rang",
        original_name="Ранг",
        aliases=("rank", "ранґ"),
        seat_counts=tuple(range(2, 11)),
        summary="Play one rank up or down, Aces and jokers when stuck; don't be the last with cards.",
        last_place_loses=True,
        forced_moves_wait=True,
    ),
    GameInfo(
        "cardsuite.games.ryba:RYBA",
        id="ryba",
        title="Go Fish",
        original_name="Рыба",
        aliases=("go-fish", "go fish", "fish", "ryba"),
        seat_counts=(2, 3, 4, 5, 6),
        summary="Ask for ranks, lay down books of four, and be the first with an empty hand.",
    ),
    GameInfo(
        "cardsuite.games.seven_up:SEVEN_UP",
        id="seven-up",
        title="Seven Up",
        original_name="Семь вверх",
        aliases=(
            "all-fours",
            "all fours",
            "seven-up",
            "sevenup",
            "high-low-jack",
            "old sledge",
            "олл-форз",
        ),
        seat_counts=(2, 3, 4),
        summary=(
            "All Fours with seven chips: tricks, High, Low, Jack and Game each put a chip in the "
            "pot; the first to shed all seven wins."
        ),
    ),
    GameInfo(
        "cardsuite.games.spit:SPIT",
        id="spit",
        title="Spit",
        original_name="Спит",
        aliases=("speed", "slam", "спит"),
        seat_counts=(2,),
        summary=(
            "A two-player race in real time: both play at once onto two centre piles, one rank "
            "up or down; the first to empty his row wins."
        ),
    ),
    GameInfo(
        "cardsuite.games.snip_snap_snorem:SNIP_SNAP_SNOREM",
        id="snip-snap-snorem",
        title="Snip Snap Snorem",
        original_name="Снип-снап-снуре",
        aliases=(
            "snip snap snorem",
            "snip-snap-snorum",
            "snip snap snorum",
            "snip-snap-snure",
            "earl of coventry",
            "снип-снап-снуре",
        ),
        seat_counts=(3, 4, 5, 6),
        summary=(
            "Match the round's rank in turn, calling Snip! Snap! Snorem!; "
            "the first with an empty hand wins."
        ),
    ),
    GameInfo(
        "cardsuite.games.russian_bank:RUSSIAN_BANK",
        id="russian-bank",
        title="Russian Bank",
        original_name="Русский банк",
        aliases=("crapette", "russian bank", "русский банк", "крапетт"),
        seat_counts=(2,),
        summary=(
            "Two-player competitive patience: empty your reserve, hand and waste onto shared "
            "foundations and houses, and load your cards onto your opponent's piles."
        ),
    ),
    GameInfo(
        "cardsuite.games.rubashka:RUBASHKA",
        id="rubashka",
        title="Rubashka",
        original_name="Рубашка",
        aliases=(
            "straccia camicia",
            "straccia-camicia",
            "camicia",
            "cavacamicia",
            "beggar-my-neighbour",
            "beggar my neighbour",
            "strip jack naked",
        ),
        seat_counts=(2,),
        summary=(
            "Turn cards onto a pile in turn; an Ace, 2 or 3 makes your opponent pay 1, 2 or 3 "
            "cards, and whoever is paid takes the pile. No decisions, all luck."
        ),
    ),
    GameInfo(
        "cardsuite.games.cassino:CASSINO",
        id="cassino-clubs",
        title="Cassino",
        original_name="Казино (трефовое)",
        aliases=("cassino", "casino", "казино", "кассино"),
        seat_counts=(2, 3, 4, 5, 6),
        summary="Capture table cards by rank or by sums; most cards, most clubs, 2♣ and 10♦ score.",
    ),
    GameInfo(
        "cardsuite.games.seven_leaves:SEVEN_LEAVES",
        id="seven-leaves",
        title="Seven Leaves (Noses)",
        original_name="Семь листов «Носы»",
        aliases=(
            "seven-leaves",
            "seven leaves",
            "seven leaves (noses)",
            "noses",
            "nosy",
            "семь листов",
            "семь листов (носы)",
            "носы",
        ),
        seat_counts=(2, 3, 4, 5),
        summary=(
            "Take seven tricks over the deals, following suit or trumping; the last player "
            "left without them loses and cuts the pack for his noses."
        ),
        last_place_loses=True,
    ),
    GameInfo(
        "cardsuite.games.laugh_and_lie_down:LAUGH",
        id="laugh-and-lie-down",
        title="Laugh and Lie Down",
        original_name="Смех до упада",
        aliases=("laugh and lay down", "laugh-and-lay-down", "смех до упада", "laugh"),
        seat_counts=(3, 4, 5, 6),
        summary=(
            "Pair your cards with the cards on the table, several captures a turn; the first "
            "who cannot match lies down and is laughed at."
        ),
        forced_moves_wait=True,
    ),
    GameInfo(
        "cardsuite.games.grabush:GRABUSH",
        id="grabush",
        title="Grabush",
        original_name="Грабуш",
        aliases=("грабуш",),
        seat_counts=(2, 4, 6, 8),
        summary=(
            "Partners race to empty their team pile onto shared stacks built Ace to King, "
            "playing from hand, team pile and their discard piles."
        ),
    ),
)

GAME_INFO: dict[str, GameInfo] = {info.id: info for info in _ENGINES}


def _key(name: str) -> str:
    return unicodedata.normalize("NFC", name).strip().casefold()


_BY_NAME: dict[str, GameInfo] = {}
for _info in _ENGINES:
    for _name in (_info.id, _info.title, _info.original_name, *_info.aliases):
        _BY_NAME[_key(_name)] = _info


def find_game(name: str) -> GameInfo | None:
    """The entry of the game called ``name`` (id, title or alias, any case), if any."""
    return _BY_NAME.get(_key(name))


def get_game(name: str) -> AnyGame:
    """The game called ``name`` (id, title or alias, any case); UnknownGameError otherwise."""
    info = find_game(name)
    if info is None:
        from cardsuite.core.errors import UnknownGameError

        known = ", ".join(GAME_INFO)
        raise UnknownGameError(f"unknown game {name!r} (games: {known})")
    return info.load()


def __getattr__(name: str) -> Any:
    """``GAMES``, made (every engine imported) when first asked for."""
    if name == "GAMES":
        games = {info.id: info.load() for info in _ENGINES}
        globals()["GAMES"] = games
        return games
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GAMES", "GAME_INFO", "GameInfo", "find_game", "get_game"]
