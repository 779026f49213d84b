"""Game options: declared once as a frozen dataclass, read from text, shown in the lobby.

Each game declares ``Options`` as a frozen keyword-only dataclass on :class:`GameOptions`
whose fields are made with :func:`option`.  The metadata gives the lobby its labels and choices and lets the command line
read ``--opt key=value`` without any game-specific code.  Validation that involves several
fields or the player count stays in the game (its own ``__post_init__``, which calls
:func:`validate_fields` first, or ``new_game``), raising
:class:`OptionsError` with a sentence that names the bad value.

An option whose default is text and that has no choices is a *text* option (a given deal,
read by the game itself).  An option declared with ``offered=False`` is not offered to players:
the lobby, the rules text and the contract's random setups do not see it
(:func:`describe_options`), while the command line, saves and replays set it like any other.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from cardsuite.core.errors import OptionsError

OptionsT = TypeVar("OptionsT")

_TRUE = {"on", "true", "yes", "1"}
_FALSE = {"off", "false", "no", "0"}


def option(
    default: Any,
    *,
    label: str,
    help: str = "",
    choices: Sequence[Any] | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
    offered: bool = True,
) -> Any:
    """A dataclass field for an option, with what the lobby and the CLI need to know.

    ``offered=False``: an option for tests, replays and the command line only (not in the lobby).
    """
    meta = {
        "label": label,
        "help": help,
        "choices": tuple(choices) if choices is not None else None,
        "minimum": minimum,
        "maximum": maximum,
        "offered": offered,
    }
    return dataclasses.field(default=default, metadata=meta)


@dataclass(frozen=True, kw_only=True, slots=True)
class GameOptions:
    """Base of every game's options: made, they check each field against its declaration.

    A game declares its options as a subclass, itself a frozen keyword-only slotted dataclass
    whose fields are made with :func:`option`; its values are then checked against their
    kinds, choices and bounds (:func:`validate_fields`) whenever options are made, from the
    lobby, the command line or a save.
    """

    def __post_init__(self) -> None:
        validate_fields(self)


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """One option as the lobby shows it."""

    name: str
    label: str
    help: str
    default: Any
    choices: tuple[Any, ...] | None
    minimum: int | None
    maximum: int | None
    offered: bool = True

    @property
    def kind(self) -> str:
        """``bool``, ``choice``, ``text`` or ``int``."""
        if isinstance(self.default, bool):
            return "bool"
        if self.choices is not None:
            return "choice"
        if isinstance(self.default, str):
            return "text"
        return "int"


def describe_options(options_type: type, *, every: bool = False) -> tuple[OptionInfo, ...]:
    """The options offered to players (``every``: also those declared ``offered=False``)."""
    out = []
    for f in dataclasses.fields(options_type):
        meta = f.metadata
        if not every and not meta.get("offered", True):
            continue
        out.append(
            OptionInfo(
                name=f.name,
                label=meta.get("label", f.name),
                help=meta.get("help", ""),
                default=f.default,
                choices=meta.get("choices"),
                minimum=meta.get("minimum"),
                maximum=meta.get("maximum"),
                offered=meta.get("offered", True),
            )
        )
    return tuple(out)


def check_range(info: OptionInfo, value: Any) -> None:
    """Raise OptionsError when ``value`` is outside the option's choices or bounds."""
    if info.choices is not None and value not in info.choices:
        allowed = ", ".join(str(c) for c in info.choices)
        raise OptionsError(f"option {info.name} cannot be {value!r}: choose one of {allowed}")
    if isinstance(value, int) and not isinstance(value, bool):
        if info.minimum is not None and value < info.minimum:
            raise OptionsError(f"option {info.name} must be at least {info.minimum}, not {value}")
        if info.maximum is not None and value > info.maximum:
            raise OptionsError(f"option {info.name} must be at most {info.maximum}, not {value}")


def validate_fields(options: object) -> None:
    """Check every field against its declared choices and bounds (call from __post_init__)."""
    for info in describe_options(type(options), every=True):
        value = getattr(options, info.name)
        if info.kind == "bool" and not isinstance(value, bool):
            raise OptionsError(f"option {info.name} must be on or off, not {value!r}")
        if info.kind == "text" and not isinstance(value, str):
            raise OptionsError(f"option {info.name} must be text, not {value!r}")
        if info.kind == "int" and (not isinstance(value, int) or isinstance(value, bool)):
            raise OptionsError(f"option {info.name} must be a whole number, not {value!r}")
        check_range(info, value)


def _parse_value(info: OptionInfo, text: str) -> Any:
    token = text.strip()
    if info.kind == "bool":
        low = token.lower()
        if low in _TRUE:
            return True
        if low in _FALSE:
            return False
        raise OptionsError(f"option {info.name} must be on or off, not {token!r}")
    if info.kind == "choice":
        assert info.choices is not None
        for choice in info.choices:
            if str(choice).lower() == token.lower():
                return choice
        allowed = ", ".join(str(c) for c in info.choices)
        raise OptionsError(f"option {info.name} cannot be {token!r}: choose one of {allowed}")
    if info.kind == "text":
        return token
    try:
        return int(token)
    except ValueError:
        raise OptionsError(f"option {info.name} must be a whole number, not {token!r}") from None


def options_from_strings(options_type: type[OptionsT], values: Mapping[str, str]) -> OptionsT:
    """Build options from ``key=value`` text, as typed on the command line."""
    infos = {info.name: info for info in describe_options(options_type, every=True)}
    parsed: dict[str, Any] = {}
    for key, text in values.items():
        name = key.strip().replace("-", "_")
        if name not in infos:
            known = ", ".join(infos) or "none"
            raise OptionsError(f"unknown option {key!r} (this game has: {known})")
        parsed[name] = _parse_value(infos[name], text)
    return options_type(**parsed)


def options_to_dict(options: object) -> dict[str, Any]:
    """The options as JSON-ready values (for saves and replays)."""
    return {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}  # type: ignore[arg-type]


def options_from_dict(options_type: type[OptionsT], data: Mapping[str, Any]) -> OptionsT:
    """Options from a save file; unknown keys and bad values raise OptionsError."""
    infos = {info.name for info in describe_options(options_type, every=True)}
    unknown = set(data) - infos
    if unknown:
        raise OptionsError(f"unknown options {sorted(unknown)}")
    try:
        return options_type(**data)
    except TypeError as exc:
        raise OptionsError(str(exc)) from None
