"""A game's compact fast form, for playouts: :class:`Kernel`.

The readable engine is the reference: it checks every move, tells events, hides what a seat may
not see and says why a move is refused.  A search bot needs none of that inside its playouts,
which apply tens of thousands of moves per decision; there a game may offer a *kernel*, the
same rules on a compact mutable working copy (lists and ints instead of a table of named
piles), in ``kernel.py`` beside its engine.

A kernel is loaded from a full state of the engine and then played on by *actions*, its own
cheap encoding of moves (often an int).  It promises to agree with the engine move for move:

* ``to_move`` is the engine's ``to_move``;
* for every seat, the actions of ``legal`` stand for the engine's legal moves, one each
  (``move`` gives the engine's move for an action);
* after ``play``, the kernel holds what ``load`` makes of the engine's state after that move:
  ``key(play(load(s), a)) == key(load(game.apply(s, move(a))))``; on a clock, the same for
  ``advance``;
* at the end, ``outcome`` is the engine's outcome.

The contract suite checks these on every state of its random games (``tests/contract``), for
every game that declares a kernel (``GameInfo(kernel="module:attr")``).  A kernel keeps no
events, no facts about who knows what, and no options a playout cannot meet; ``key`` is
everything else, as a value two kernels share exactly when they would play on alike.

Kernels mutate: ``play`` and ``advance`` change the kernel they are given and return it, so a
playout copies its root once (``copy``) and plays on in place.  A working copy that derives
from :class:`WorkingCopy` (slots holding numbers, strings, tuples, lists and lists of lists)
is copied and keyed slot by slot, so a kernel writes neither unless it wants something else.
A kernel whose ``load``, ``copy`` or ``key`` is written as a function of its module names it
in place of the method: ``load = staticmethod(load_state)``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, Generic, Protocol, TypeVar, cast

from cardsuite.core.cards import Card
from cardsuite.core.moves import Move
from cardsuite.core.outcome import Outcome

K = TypeVar("K")  # the kernel's working copy
A = TypeVar("A")  # an action: the kernel's encoding of a move

Seat = int

ALONE: tuple[tuple[Seat], ...] = tuple((s,) for s in range(16))  # one seat to move, made once
NOBODY: tuple[Seat, ...] = ()  # nobody to move
NO_SEAT = -1  # a working copy's int for "no seat" (no turn, nobody asked, no loser yet)


def card_mask(cards: Iterable[Card]) -> int:
    """Cards as one int with a bit set for each card's index: a set of cards in the compact
    form kernels (and engines' hot paths) test and combine with bit operations."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


class TurnsOfDeals(Protocol):
    """A working copy of a game of turns played over several deals: the seat to play
    (``turn``, -1 for none) and whether the match waits between deals (``between``)."""

    turn: int
    between: bool


TD = TypeVar("TD", bound=TurnsOfDeals)


class WorkingCopy:
    """A kernel's working copy: its ``__slots__`` (in the subclass and its bases) hold plain
    values, lists, or lists of lists, nothing shared that ``play`` changes in place."""

    __slots__ = ()

    @classmethod
    def _slot_names(cls) -> tuple[str, ...]:
        names = cls.__dict__.get("_all_slots")
        if names is None:
            found: list[str] = []
            for klass in reversed(cls.__mro__):
                found.extend(klass.__dict__.get("__slots__", ()))
            names = tuple(found)
            setattr(cls, "_all_slots", names)  # noqa: B010 (a class attribute, made once)
        return names

    def copy(self) -> Any:
        """An independent copy: every list copied, and every list held in a list."""
        new = object.__new__(type(self))
        for name in self._slot_names():
            value = getattr(self, name)
            if type(value) is list:
                value = [v[:] if type(v) is list else v for v in value]
            setattr(new, name, value)
        return new

    def key(self) -> tuple[Any, ...]:
        """Every slot, lists as tuples: equal exactly when the two copies hold the same."""
        return tuple(_frozen(getattr(self, name)) for name in self._slot_names())


def fields_loader(kind: type, *sources: type) -> Callable[..., None]:
    """A function ``load(copy, *values)`` that sets every slot of ``copy``, a working copy of
    class ``kind``, that is named after a field of a value (of the ``NamedTuple`` types
    ``sources``, in that order: a state, its ``Series``) to that field, as it is.

    A kernel makes it once, beside its working copy, and its ``load`` takes what it keeps as
    the engine does that way, then sets the slots it keeps in a form of its own (a list for a
    tuple, -1 for None, an int for an enum) and those the engine has no field for.  The
    function is generated: one unpacking of each value, no dearer than the assignments it
    stands for."""
    slots = {name for klass in kind.__mro__ for name in klass.__dict__.get("__slots__", ())}
    lines = []
    for i, source in enumerate(sources):
        fields: tuple[str, ...] = getattr(source, "_fields", ())
        if not fields:
            raise TypeError(f"{source!r} is not a NamedTuple")
        targets = ", ".join(f"copy.{name}" if name in slots else "_" for name in fields)
        lines.append(f"    {targets}, = value{i}\n")
    params = ", ".join(f"value{i}" for i in range(len(sources)))
    env: dict[str, Any] = {}
    exec(f"def load(copy, {params}):\n{''.join(lines)}", env)
    load: Callable[..., None] = env["load"]
    names = ", ".join(source.__name__ for source in sources)
    load.__qualname__ = f"fields_loader({kind.__name__}, {names})"
    return load


def _frozen(value: Any) -> Any:
    if type(value) is list:
        return tuple(_frozen(v) for v in value)
    return value


class Kernel(Generic[K, A]):
    """The compact form of one game's rules (see the module docstring).  A game supplies
    ``load``, ``copy``, ``key``, ``to_move``, ``legal``, ``play``, ``move`` and ``outcome``; a
    game on a clock ``clock``, ``next_due`` and ``advance`` too."""

    def load(self, state: Any, /) -> K:
        """A fresh working copy of the engine's full state ``state``."""
        raise NotImplementedError

    def copy(self, kernel: K, /) -> K:
        """An independent copy of ``kernel`` (playing on one leaves the other as it was)."""
        if isinstance(kernel, WorkingCopy):
            return cast(K, kernel.copy())
        raise NotImplementedError

    def key(self, kernel: K, /) -> Hashable:
        """Everything that decides how play goes on, as one comparable value."""
        if isinstance(kernel, WorkingCopy):
            return kernel.key()
        raise NotImplementedError

    def to_move(self, kernel: K) -> Sequence[Seat]:
        """The seats that may act, in seat order; empty once the match is over."""
        raise NotImplementedError

    def legal(self, kernel: K, seat: Seat) -> Sequence[A]:
        """The actions ``seat`` may take now (none when it is not to move)."""
        raise NotImplementedError

    def play(self, kernel: K, action: A) -> K:
        """Take one of the actions ``legal`` listed (not checked again); the kernel after."""
        raise NotImplementedError

    def move(self, kernel: K, action: A) -> Move:
        """The engine's move that ``action`` stands for in ``kernel``."""
        raise NotImplementedError

    def outcome(self, kernel: K) -> Outcome | None:
        """The engine's outcome of the match, once it is over; None before."""
        raise NotImplementedError

    # --- playouts by a rule of thumb -----------------------------------------------------
    def quick(self, kernel: K, seat: Seat, actions: Sequence[A], rng: random.Random) -> A:
        """The action a quick rule of thumb takes for ``seat`` among ``actions`` (two or
        more, all legal): what a search's playouts play when the kernel writes this method
        (:func:`plays_by_rule`).  It sees the whole working copy: a playout runs in a world
        the searching seat imagined, where every card is known to every seat.  The rule is
        for speed, not for cleverness: a few comparisons, no look-ahead.  Unwritten, a
        playout takes an action at random (this very draw)."""
        return actions[rng.randrange(len(actions))]

    # --- on a clock ----------------------------------------------------------------------
    def clock(self, kernel: K) -> int:
        """The time (ms since the deal) of the latest step; 0 without a clock."""
        return 0

    def next_due(self, kernel: K) -> int | None:
        """When the next timed event falls due, or None."""
        return None

    def advance(self, kernel: K, now: int) -> K:
        """Perform what has fallen due by ``now`` and set the clock to it."""
        return kernel


def plays_by_rule(kernel: Kernel[Any, Any]) -> bool:
    """Whether ``kernel`` writes its own :meth:`Kernel.quick` rule for playouts."""
    return type(kernel).quick is not Kernel.quick


class DealsKernel(Kernel[TD, A]):
    """A kernel of a game of turns over several deals: one seat acts at a time, and between
    deals the next dealer (:meth:`next_dealer`, the game's rule) deals on."""

    def next_dealer(self, kernel: TD) -> Seat:
        """Who deals the next hand, between deals."""
        raise NotImplementedError

    def to_move(self, kernel: TD) -> Sequence[Seat]:
        """The seat whose turn it is; between deals the next dealer; nobody once it is over."""
        turn = kernel.turn
        if turn >= 0:
            return ALONE[turn]
        if kernel.between:
            return ALONE[self.next_dealer(kernel)]
        return NOBODY
