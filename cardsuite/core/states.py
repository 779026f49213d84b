"""A game's state as play begins (:func:`fresh`) and as a move changes it (:class:`Working`).

Every game's state is a ``NamedTuple`` whose first fields are the same in every game (``table``,
``seed``, ``events``, ``options``, ``seats``) and whose other fields are the game's own.  At the
start of a deal most of the game's own fields hold nothing yet: nobody has asked, passed or won,
no count has begun.  :func:`fresh` makes such a state from the state type's own declaration, so
that an engine names only what starts at a value of its own: the fields whose start the rules
decide (the dealer, the first player, a score carried over).  Every other field starts at the
*zero* of its declared type: None where it may be None, False for a flag, 0 for a number, an
empty string, an empty tuple (of any length) or set.  A field whose type has no zero (an enum,
a ``Series``, a pair of numbers) must be named: it holds None until it is.

:class:`Working` is the other end: an engine that changes a state through several helper
methods holds it as a mutable working copy while it works, and freezes the next state from it
in the state's own order of fields, written once (generated) rather than once per game.
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from cardsuite.core.events import Event
from cardsuite.core.table import Table

S = TypeVar("S")

# The fields every state begins with, in this order (docs/architecture.md).
COMMON_FIELDS = ("table", "seed", "events", "options", "seats")

_STARTS: dict[Callable[..., Any], tuple[Any, ...]] = {}


def _zero(hint: Any) -> Any:
    """The zero of a field's declared type: None for an optional value, and also where the type
    has no zero (the engine then names the field)."""
    kind = typing.get_origin(hint) or hint
    if kind is bool:
        return False
    if kind is int:
        return 0
    if kind is str:
        return ""
    if kind is tuple:  # of any length (one of a fixed length has no zero)
        args = typing.get_args(hint)
        return () if not args or args[-1] is Ellipsis else None
    if kind is frozenset:
        return frozenset()
    return None


def starts(kind: Callable[..., Any]) -> tuple[Any, ...]:
    """What each game field of state type ``kind`` holds in a :func:`fresh` state, in the order
    of its fields: its zero, or None where its type has none (made once a type)."""
    found = _STARTS.get(kind)
    if found is None:
        fields: tuple[str, ...] = getattr(kind, "_fields", ())
        if fields[: len(COMMON_FIELDS)] != COMMON_FIELDS:
            raise TypeError(f"{kind!r} is not a state: its fields begin {fields[:5]}")
        hints = typing.get_type_hints(kind)
        found = _STARTS[kind] = tuple(_zero(hints[name]) for name in fields[len(COMMON_FIELDS) :])
    return found


def fresh(kind: Callable[..., S], table: Table, seed: int | None, options: Any, seats: int) -> S:
    """A state of type ``kind`` as play begins: on ``table``, with ``seed``, ``options`` and
    ``seats``, no events, and every game field at its zero (see the module docstring).  The
    engine names the fields that start otherwise with the state's ``_replace``, which the type
    checker checks: ``fresh(RangState, table, seed, opts, seats)._replace(series=series)``."""
    return kind(table, seed, (), options, seats, *starts(kind))


class Working(Generic[S]):
    """A mutable working copy of a state of type ``S``, for an engine whose move changes
    several fields through helper methods: it holds each field of the state but the table and
    the events as an attribute of the same name, and :meth:`frozen` builds the next state from
    them.

    A subclass names the state type, ``class _Work(Working[FullNerts], state=NertsState)``,
    and sets the attributes in its ``__init__`` (from the state: the type checker learns their
    types there); its ``freeze`` calls ``frozen`` with the table and the events as the next
    state holds them.  ``frozen`` is generated for the state type: the state's constructor
    called with every field in its place, which costs less than naming them.  A field the
    working copy holds as a list is named in ``lists`` and frozen back into a tuple.
    """

    __slots__ = ()

    def __init_subclass__(
        cls, *, state: type | None = None, lists: tuple[str, ...] = (), **kwargs: Any
    ) -> None:
        super().__init_subclass__(**kwargs)
        if state is None:
            return
        fields: tuple[str, ...] = getattr(state, "_fields", ())
        if fields[: len(COMMON_FIELDS)] != COMMON_FIELDS:
            raise TypeError(f"{state!r} is not a state: its fields begin {fields[:5]}")
        unknown = [name for name in lists if name not in fields]
        if unknown:
            raise TypeError(f"{cls.__name__}: {state.__name__} has no field {unknown[0]!r}")
        args = [
            name
            if name in ("table", "events")
            else f"tuple(self.{name})"
            if name in lists
            else f"self.{name}"
            for name in fields
        ]
        env: dict[str, Any] = {"_state": state}
        exec(f"def frozen(self, table, events):\n    return _state({', '.join(args)})\n", env)
        frozen = env["frozen"]
        frozen.__qualname__ = f"{cls.__qualname__}.frozen"
        setattr(cls, "frozen", frozen)  # noqa: B010 (made for this class, once)

    if TYPE_CHECKING:

        def frozen(self, table: Table, events: tuple[Event, ...]) -> S:
            """The next state: ``table`` and ``events``, and every other field as this working
            copy holds it."""
