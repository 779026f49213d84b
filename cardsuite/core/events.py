"""Events: what a move or an automatic step did, as small frozen values that know their text.

Each game declares its events as classes derived from :class:`Event` (which makes each a
frozen slotted dataclass), one class per kind of thing that can happen ("Played", "Drew",
"TrickWon"), each with the fields it needs and its words: a template of its fields
(:attr:`Event.says`, or a plural pair :attr:`Event.says_n` with the field that
:attr:`Event.counts`), each field written as it is declared (:func:`cardsuite.core.text.said`:
a seat as its name's placeholder, a field declared with :func:`cardsuite.core.text.words`
through its way), or, where the words depend on the values, a :meth:`Event.text` of its own
(often a choice of templates, each filled by ``said``).  Nothing is packed into strings and
parsed back, and there is no chain of ``if kind == ...``: an event that cannot say itself
fails the contract suite.

Events may carry cards that only some seats may see (the card a player drew).  Such fields are
declared with :func:`private`; :meth:`Event.seen_by` gives every other viewer the event with
those cards face down.  By default the seat in the ``seat`` field may see them; an event shown
to more seats (a card handed from one player to another) overrides :meth:`Event.may_see`.

Text is engine text: seats are written with :func:`cardsuite.core.text.seat` placeholders and
the interface fills in the players' names.

The log may tell a run of one seat's events as one line ("draws a card and keeps it"): an
event says what it and the next event of its seat make together (:meth:`Event.fold`), and
:func:`folded` applies that to a whole story, after hiding, so a line is always worded as its
viewer may know it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator
from typing import Any, ClassVar, cast, dataclass_transform

from cardsuite.core.cards import FACE_DOWN, Card, CardFace
from cardsuite.core.i18n import N_
from cardsuite.core.table import PileId, Seat
from cardsuite.core.text import said, said_n, words

_PRIVATE = "cardsuite.private"


def private(way: Callable[[Any], object] | None = None) -> Any:
    """Declare an event field whose cards only :meth:`Event.may_see` seats may see.

    The field holds a card (face down to the others) or a tuple of cards (each face down);
    give it the last places in the class, as it has no default.  ``way`` writes it in the
    event's template, as :func:`cardsuite.core.text.words` declares.
    """
    if way is None:
        return dataclasses.field(metadata={_PRIVATE: True})
    return words(way, **{_PRIVATE: True})


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, private, words))
class _EventClass(type):
    """The metaclass of events: it makes every class derived from :class:`Event` a frozen
    slotted dataclass with a fast constructor, so a class declares an event by its fields and
    words alone.

    A frozen dataclass's generated ``__init__`` goes through ``object.__setattr__`` for each
    field, which costs three times a plain assignment; an event's stores each field through
    its slot directly.  The instances are as frozen as any frozen dataclass afterwards.
    """

    def __new__(
        cls, name: str, bases: tuple[type, ...], namespace: dict[str, Any], **kwargs: Any
    ) -> _EventClass:
        made = super().__new__(cls, name, bases, namespace, **kwargs)
        if "__slots__" in namespace:  # the slotted class that dataclass makes of it
            return made
        return _as_event(made)


def _as_event(cls: _EventClass) -> _EventClass:
    """``cls`` as a frozen slotted dataclass whose ``__init__`` sets each slot directly."""
    made: Any = dataclasses.dataclass(frozen=True, slots=True)(cls)
    env: dict[str, Any] = {}
    params: list[str] = []
    body: list[str] = []
    for f in dataclasses.fields(made):
        if f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{made.__name__}.{f.name}: events take no default factories")
        if f.default is not dataclasses.MISSING:
            env[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        else:
            params.append(f.name)
        env[f"_set_{f.name}"] = getattr(made, f.name).__set__  # the slot's own setter
        body.append(f"_set_{f.name}(self, {f.name})")
    source = f"def __init__(self, {', '.join(params)}):\n    " + "\n    ".join(body or ["pass"])
    exec(source, env)
    init = env["__init__"]
    init.__qualname__ = f"{made.__qualname__}.__init__"
    made.__init__ = init
    return cast("_EventClass", made)


class Event(metaclass=_EventClass):
    """The base of every game's events: a class derived from it is an event, a frozen slotted
    dataclass of the fields it declares (see :class:`_EventClass`)."""

    _private_fields: ClassVar[dict[type, tuple[str, ...]]] = {}
    says: ClassVar[str] = ""
    """The event's words as a template of its fields (``N_("{seat} plays {card}")``), for
    the events whose text is that alone; the others write :meth:`text`."""
    says_n: ClassVar[tuple[str, str]] = ("", "")
    """... or as a singular and a plural template (``N_n(...)``), the form the field named by
    :attr:`counts` calls for (its number, or its length for a tuple)."""
    counts: ClassVar[str] = ""

    def text(self) -> str:
        """The event in words (engine text, translated, with seat placeholders)."""
        if self.counts:
            return said_n(self.says_n, self, self.counts)
        if not self.says:
            raise NotImplementedError(f"{type(self).__name__} has no text")
        return said(self.says, self)

    @property
    def actor(self) -> Seat | None:
        """The seat the event is about, if any (its ``seat`` field by convention)."""
        value = getattr(self, "seat", None)
        return value if isinstance(value, int) else None

    def moved(self) -> tuple[PileId, ...]:
        """Piles whose cards this event changed, for the table to mark (none by default)."""
        return ()

    # --- hiding ----------------------------------------------------------------------------
    def may_see(self, viewer: Seat | None) -> bool:
        """Whether ``viewer`` may see this event's private cards."""
        return viewer is not None and viewer == self.actor

    def seen_by(self, viewer: Seat | None) -> Event:
        """This event as ``viewer`` may know it: private cards face down unless he may see them."""
        names = _private_names(type(self))
        if not names or self.may_see(viewer):
            return self
        values = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        for name in names:
            values[name] = _face_down(values[name])
        return type(self)(**values)

    # --- the log ---------------------------------------------------------------------------
    def fold(self, later: Event) -> Event | None:
        """This event and ``later``, the next one told, by the same seat, as one line of the
        log: an event whose text says both; None keeps them two lines (the default).

        Both are as one viewer knows them (:meth:`seen_by` comes first), so the line words
        them as he may know them.  What it returns may fold again with the event after
        ``later``: a run folds from its first event on.
        """
        return None

    # --- for checks ------------------------------------------------------------------------
    def card_faces(self) -> Iterator[CardFace]:
        """Every card or card back named by any field of the event."""
        for f in dataclasses.fields(self):
            yield from _faces_in(getattr(self, f.name))


def folded(events: Iterable[Event]) -> list[Event]:
    """``events`` (oldest first, as one viewer knows them) with each run of one seat's events
    that folds (:meth:`Event.fold`) told as one event.

    Folding goes from the oldest event on, so a story cut short at its start may begin with the
    tail of a run (a "keeps the drawn card" whose draw was cut off); the log cuts that line.
    """
    out: list[Event] = []
    for event in events:
        if out:
            actor = event.actor
            if actor is not None and out[-1].actor == actor:
                joined = out[-1].fold(event)
                if joined is not None:
                    out[-1] = joined
                    continue
        out.append(event)
    return out


# --- events, and kinds of event, that several games share ---------------------------------


class SeatEvent(Event):
    """An event of one seat and nothing more (its words name him as ``{seat}``): a game
    declares such an event by its words alone."""

    seat: Seat


class TurnBegins(SeatEvent):
    """``seat``'s turn begins (in games whose turns last several moves)."""

    says = N_("{seat}'s turn")


class Passed(SeatEvent):
    """``seat`` passes: he makes no play this turn."""

    says = N_("{seat} passes")


class TrumpTurnedUp(Event):
    """``seat`` (the dealer) turns ``card`` up, and its suit is trumps.  Each game says it in
    its own words, ``{trumps}`` writing the suit's symbol."""

    seat: Seat
    card: Card

    @property
    def trumps(self) -> str:
        """The trump suit's symbol."""
        assert self.card.suit is not None, "a trump card has a suit"
        return self.card.suit.symbol


def private_fields(cls: type) -> tuple[str, ...]:
    """The fields of the event class ``cls`` declared :func:`private`."""
    return _private_names(cls)


def _private_names(cls: type) -> tuple[str, ...]:
    names = Event._private_fields.get(cls)
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(cls) if f.metadata.get(_PRIVATE))
        Event._private_fields[cls] = names
    return names


def _face_down(value: Any) -> Any:
    if isinstance(value, tuple):
        return (FACE_DOWN,) * len(value)
    if value is None:
        return None
    return FACE_DOWN


def _faces_in(value: Any) -> Iterator[CardFace]:
    if isinstance(value, Card) or value is FACE_DOWN:
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from _faces_in(item)
