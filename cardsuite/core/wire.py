"""What a match sends over the network, as JSON data: events, moves and messages.

A match server speaks to players of several languages and must send each only what his seat
may see, as data his client turns into words in its own language.  This module writes the
three kinds of value that cross that boundary, and reads them back:

* **events** as ``{"event": <class name>, <field>: <value>, …}``, already as the seat may know
  them (:meth:`Event.seen_by` first): cards as their notation (``"10♥"``), a card out of
  sight as ``null`` (a card of a second deck with its back, ``"6♥#1"``), tuples as lists,
  events inside events as events.  An event goes by its class name (``core.`` before those
  core declares), looked up among the game's and core's events (:func:`event_kinds`);
* **moves** as their notation (``"play 6♠"``), which the game reads back
  (``move_from_text``);
* **messages** (refusals, outcomes' reasons) as :meth:`Message.to_data`, said again by
  :func:`~cardsuite.core.text.message_from_data` in the reader's language.

``PROTOCOL`` numbers the form; a reader refuses data of another number.  ``docs/protocol.md``
describes the frames that carry these values.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import importlib
import sys
from collections.abc import Callable
from typing import Any, cast

from cardsuite.core.cards import FACE_DOWN, Card, FaceDown, parse_card
from cardsuite.core.errors import CardsuiteError, NotationError
from cardsuite.core.events import Event, private_fields
from cardsuite.core.moves import Move
from cardsuite.core.outcome import Better, Measure, Outcome
from cardsuite.core.table import Layout, PileSpec, Visibility
from cardsuite.core.text import Message, message_from_data

_FACE_DOWN_TEXT = "?"  # a card out of sight, in events and observations alike

# 2: a card out of sight is "?" in events too (it was null there); 3: on a clock, what falls
# due by itself is a step (sent again with ``told`` and ``clock``), no ``timed`` frame.
PROTOCOL = 3


class WireError(CardsuiteError):
    """Data that does not read as an event of the game: what is wrong, in one line."""


def event_kind(cls: type[Event]) -> str:
    """The name an event goes by: its class's, "core." before those core declares (a game's
    own ``Dealt`` and core's are two events)."""
    core = cls.__module__.startswith("cardsuite.core.")
    return f"core.{cls.__name__}" if core else cls.__name__


def event_data(event: Event) -> dict[str, Any]:
    """``event`` as JSON data (give it as its reader may know it: ``event.seen_by(seat)``)."""
    data: dict[str, Any] = {"event": event_kind(type(event))}
    for field in dataclasses.fields(event):
        data[field.name] = _value_data(getattr(event, field.name))
    return data


def _value_data(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | str):
        return value
    if value is FACE_DOWN:
        return _FACE_DOWN_TEXT
    if isinstance(value, Card):  # the back only where it matters: "6♥#3", deck 3's
        return f"{value}#{value.back}" if value.back else str(value)
    if isinstance(value, Event):
        return event_data(value)
    if isinstance(value, tuple | list):
        return [_value_data(item) for item in value]
    raise TypeError(f"{type(value).__name__} does not go over the wire")


def event_kinds(module: str) -> dict[str, type[Event]]:
    """The events a game may send, by class name: those of its package (``module`` is any
    module of it, e.g. its engine's), then those core declares for every game."""
    package = _package(module)
    kinds: dict[str, type[Event]] = {}
    for cls in _subclasses(Event):
        home = cls.__module__
        if home.startswith(package + ".") or home.startswith("cardsuite.core."):
            kind = event_kind(cls)
            if kinds.setdefault(kind, cls) is not cls:
                raise TypeError(f"two events go by {kind!r}: give one another name")
    return kinds


def _package(module: str) -> str:
    """The game's package of one of its modules ("cardsuite.games.rang.engine")."""
    return module.rpartition(".")[0] if module.count(".") > 2 else module


def _subclasses(cls: type[Event]) -> list[type[Event]]:
    """Every event class declared, once: a slotted dataclass replaces the class it was made
    from, which may linger among the subclasses until it is collected."""
    out = []
    for sub in cls.__subclasses__():
        module = sys.modules.get(sub.__module__)
        if getattr(module, sub.__qualname__, None) is sub:
            out.append(sub)
        out.extend(_subclasses(sub))
    return out


def event_from_data(data: Any, kinds: dict[str, type[Event]]) -> Event:
    """The event ``data`` writes (:func:`event_data`); WireError for anything else."""
    if not isinstance(data, dict) or not isinstance(data.get("event"), str):
        raise WireError("an event is an object with its kind in 'event'")
    cls = kinds.get(data["event"])
    if cls is None:
        raise WireError(f"no event {data['event']!r} in this game")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    extra = set(data) - set(fields) - {"event"}
    if extra:
        raise WireError(f"{data['event']}: unknown fields {sorted(extra)}")
    hidden = private_fields(cls)  # where a card may be out of sight
    values = {}
    for name, field in fields.items():
        if name not in data:
            raise WireError(f"{data['event']}: no {name!r}")
        annotation = _annotation(field)
        face_down = name in hidden or "CardFace" in annotation
        values[name] = _value_from_data(data[name], annotation, face_down, kinds)
    return cls(**values)


def _annotation(field: dataclasses.Field[Any]) -> str:
    """The field's declared type, as written (the modules postpone annotations)."""
    return field.type if isinstance(field.type, str) else getattr(field.type, "__name__", "")


def _value_from_data(
    value: Any, annotation: str, face_down: bool, kinds: dict[str, type[Event]]
) -> Any:
    """``value`` read as the field's type says (``face_down``: the field may hold a card out
    of sight, written "?")."""
    if isinstance(value, dict):
        return event_from_data(value, kinds)
    if isinstance(value, list):
        item = annotation[annotation.find("[") + 1 : annotation.rfind("]")].split(",")[0]
        return tuple(_value_from_data(v, item.strip(), face_down, kinds) for v in value)
    if value == _FACE_DOWN_TEXT and face_down:
        return FACE_DOWN
    if isinstance(value, str) and ("Card" in annotation):
        return _card(value)
    return value


# --- observations: what a seat sees of a state ------------------------------------------------
#
# A client (a bot over the network, or the table of a remote player) needs its seat's
# observation: the game's own state type, with a SeenTable.  It is written value by value, as
# the value is, not as the annotations say (they are postponed strings):
#
#   None, bool, int      as themselves
#   a card               its notation, "7♠" ("6♥#1" with its back); a card out of sight "?"
#   a str                {"str": text} (a bare string is always a card)
#   a tuple              a list; a frozenset {"set": [...]}
#   an enum member       {"enum": "<home>:<Class>", "name": its name}
#   a NamedTuple, a dataclass
#                        {"type": "<home>:<Class>", "fields": {name: value, ...}}
#   a Layout             {"layout": [[pile id, owner, visibility], ...]}
#
# <home> is the class's module without "cardsuite." ("core.table", "games.rang.model").  The
# reader makes only what it is allowed to: classes of core and of the game's own package, and
# of those only NamedTuples, dataclasses and enums; anything else is a WireError.


def observation_data(obs: Any) -> Any:
    """A seat's observation (``game.observe(state, seat)``) as JSON data."""
    return _thing_data(obs)


def move_data(move: Move) -> Any:
    """A move as JSON data, the same way (a client's bot needs the move itself, which its
    notation may not name without the cards the client cannot see)."""
    return _thing_data(move)


def outcome_data(outcome: Outcome) -> dict[str, Any]:
    """The end of a match: places, scores, the reason as a message, the ending's tag, and
    what the scores count (its words as catalogue ids, said by the reader)."""
    reason, measure = outcome.reason, outcome.measure
    return {
        "places": list(outcome.places),
        "scores": None if outcome.scores is None else list(outcome.scores),
        "reason": reason.to_data() if isinstance(reason, Message) else str(reason),
        "ending": outcome.ending,
        "measure": None
        if measure is None
        else {
            "name": measure.name,
            "forms": list(measure.forms),
            "better": measure.better.value,
            "note": measure.note,
        },
    }


def outcome_from_data(data: Any) -> Outcome:
    """The outcome :func:`outcome_data` writes (its reason said in the reader's language)."""
    try:
        places = tuple(int(p) for p in data["places"])
        scores = None if data["scores"] is None else tuple(int(s) for s in data["scores"])
        reason = message_from_data(data["reason"])
        given = data.get("measure")
        measure = None
        if given is not None:
            singular, plural = (str(form) for form in given["forms"])
            better = Better(given["better"])
            measure = Measure(str(given["name"]), (singular, plural), better, str(given["note"]))
        return Outcome(places, reason, scores, str(data["ending"]), measure)
    except (KeyError, TypeError, ValueError) as error:
        raise WireError(f"an outcome does not read: {error}") from None


def _thing_data(value: Any) -> Any:
    """``value`` as data: by the writer of its type, made once per type (frames are written
    after every move for every seat, so the choice is not made again for each value)."""
    kind = type(value)
    writer = _WRITERS.get(kind)
    if writer is None:
        writer = _WRITERS[kind] = _writer_for(kind)
    return writer(value)


_WRITERS: dict[type, Callable[[Any], Any]] = {}
_CARD_TEXT: dict[int, str] = {}  # a card's notation by its index, made once per card
_FROZEN: dict[Any, Any] = {}  # the data of frozen values met before (moves, options, series)
_FROZEN_MOST = 50_000  # entries kept before the memo starts again


def _same(value: Any) -> Any:
    return value


def _card_data(card: Card) -> str:
    text = _CARD_TEXT.get(card.index)
    if text is None:
        text = _CARD_TEXT[card.index] = f"{card}#{card.back}" if card.back else str(card)
    return text


def _list_data(items: tuple[Any, ...]) -> list[Any]:
    # Most items of an observation are cards in tuples (hands, piles, another's hand face
    # down): they are written here without going through the writers.
    data: list[Any] = []
    add = data.append
    for item in items:
        kind = type(item)
        if kind is FaceDown:
            add(_FACE_DOWN_TEXT)
        elif kind is Card:
            text = _CARD_TEXT.get(item.index)
            add(_card_data(item) if text is None else text)
        elif kind is int or kind is bool or item is None:
            add(item)
        elif kind is tuple:
            add(_list_data(item))
        else:
            add(_thing_data(item))
    return data


def _writer_for(kind: type) -> Callable[[Any], Any]:
    """How a value of ``kind`` is written (TypeError for a type the wire does not carry)."""
    if issubclass(kind, enum.Enum):  # before int: a phase may be an IntEnum
        home = _home(kind)
        return lambda value: {"enum": home, "name": value.name}
    if kind is type(None) or kind is bool or kind is int:
        return _same
    if issubclass(kind, Card):
        return _card_data
    if kind is FaceDown:
        return lambda _value: _FACE_DOWN_TEXT
    if issubclass(kind, str):
        return lambda value: {"str": str(value)}
    if issubclass(kind, tuple) and hasattr(kind, "_fields"):
        home, names = _home(kind), kind._fields
        return lambda value: {
            "type": home,
            "fields": {n: _thing_data(v) for n, v in zip(names, value, strict=True)},
        }
    if issubclass(kind, tuple):
        return _list_data
    if issubclass(kind, frozenset):
        return lambda value: {"set": sorted((_thing_data(item) for item in value), key=repr)}
    if issubclass(kind, Layout):
        return _layout_data
    if dataclasses.is_dataclass(kind):
        home = _home(kind)
        fields = tuple(f.name for f in dataclasses.fields(kind) if f.init)

        def write(value: Any) -> Any:
            return {"type": home, "fields": {n: _thing_data(getattr(value, n)) for n in fields}}

        params = getattr(kind, "__dataclass_params__", None)
        compared = all(f.compare for f in dataclasses.fields(kind))
        if params is None or not params.frozen or not params.eq or not compared:
            return write  # equal values may differ (a field left out of the comparison)

        def remembered(value: Any) -> Any:  # a frozen value's data is the same every time
            try:
                data = _FROZEN.get(value)
            except TypeError:  # a field that does not hash
                return write(value)
            if data is None:
                if len(_FROZEN) >= _FROZEN_MOST:
                    _FROZEN.clear()
                data = _FROZEN[value] = write(value)
            return data

        return remembered
    raise TypeError(f"{kind.__name__} does not go over the wire")


@functools.lru_cache(maxsize=256)  # a game has few layouts, and each is in every frame
def _layout_data(layout: Layout) -> dict[str, Any]:
    return {"layout": [[s.id, s.owner, s.visibility.value] for s in layout.specs]}


def _home(cls: type) -> str:
    module = cls.__module__
    if not module.startswith("cardsuite."):
        raise TypeError(f"{cls.__name__} is not the suite's: it does not go over the wire")
    return f"{module.removeprefix('cardsuite.')}:{cls.__qualname__}"


def move_from_data(data: Any, game_module: str) -> Move:
    """The move :func:`move_data` writes, for the game whose engine lives in ``game_module``."""
    move = observation_from_data(data, game_module)
    if not isinstance(move, Move):
        raise WireError("that is not a move")
    return move


def observation_from_data(data: Any, game_module: str) -> Any:
    """The observation ``data`` writes (:func:`observation_data`), for the game whose engine
    lives in ``game_module`` (``type(game).__module__``); WireError for anything else.  It
    makes only values of the suite's own types, of core and of that game's package."""
    package = _package(game_module)
    reader = _ThingReader(package.removeprefix("cardsuite."))
    return reader.read(data, 0)


_MAX_DEPTH = 24  # a state nests a few levels deep; anything deeper is not a state


class _ThingReader:
    def __init__(self, package: str) -> None:
        self.homes = ("core.", package + ".")
        self.classes: dict[str, type] = {}

    def read(self, data: Any, depth: int) -> Any:
        if depth > _MAX_DEPTH:
            raise WireError("an observation nests too deep")
        if data is None or isinstance(data, bool | int):
            return data
        if isinstance(data, str):
            return FACE_DOWN if data == _FACE_DOWN_TEXT else _card(data)
        if isinstance(data, list):
            return tuple(self.read(item, depth + 1) for item in data)
        if not isinstance(data, dict) or len(data) not in (1, 2):
            raise WireError(f"{type(data).__name__} is not a value of an observation")
        if "str" in data and isinstance(data["str"], str) and len(data) == 1:
            return data["str"]
        if "set" in data and isinstance(data["set"], list) and len(data) == 1:
            return frozenset(self.read(item, depth + 1) for item in data["set"])
        if "layout" in data and isinstance(data["layout"], list) and len(data) == 1:
            return _layout(data["layout"])
        if "enum" in data and "name" in data:
            cls = self.cls(data["enum"])
            member = getattr(cls, "__members__", {}).get(data["name"])
            if member is None:
                raise WireError(f"{data['enum']} has no member {data['name']!r}")
            return member
        if "type" in data and isinstance(data.get("fields"), dict):
            cls = self.cls(data["type"])
            names = _init_fields(cls)
            given = data["fields"]
            if set(given) != set(names):
                raise WireError(f"{data['type']}: the fields are {sorted(names)}")
            values = {name: self.read(given[name], depth + 1) for name in names}
            try:
                return cls(**values)
            except (TypeError, ValueError) as error:
                raise WireError(f"{data['type']}: {error}") from None
        raise WireError(f"an object with keys {sorted(data)} is not a value of an observation")

    def cls(self, home: Any) -> type:
        if not isinstance(home, str):
            raise WireError("a type is named by text")
        known = self.classes.get(home)
        if known is not None:
            return known
        module, _, qualname = home.partition(":")
        if not module.startswith(self.homes) or not qualname.isidentifier():
            raise WireError(f"{home!r} is not a type this game sends")
        try:
            found = getattr(importlib.import_module("cardsuite." + module), qualname)
        except (ImportError, AttributeError):
            raise WireError(f"no type {home!r}") from None
        if not isinstance(found, type) or not (
            issubclass(found, enum.Enum)
            or (issubclass(found, tuple) and hasattr(found, "_fields"))
            or dataclasses.is_dataclass(found)
        ):
            raise WireError(f"{home!r} is not a value type")
        self.classes[home] = found
        return found


def _layout(specs: list[Any]) -> Layout:
    """A layout from its piles, each ``[id, owner, visibility]``."""
    piles = []
    for spec in specs:
        if not (isinstance(spec, list) and len(spec) == 3 and isinstance(spec[0], str)):
            raise WireError("a layout lists piles as [id, owner, visibility]")
        pile, owner, seen = spec
        if not (owner is None or (isinstance(owner, int) and not isinstance(owner, bool))):
            raise WireError(f"pile {pile!r}: its owner is a seat or null")
        try:
            piles.append(PileSpec(pile, owner, Visibility(seen)))
        except ValueError:
            raise WireError(f"pile {pile!r}: no visibility {seen!r}") from None
    try:
        return Layout(piles)
    except ValueError as error:
        raise WireError(f"a layout: {error}") from None


def _init_fields(cls: type) -> tuple[str, ...]:
    if issubclass(cls, tuple):
        return cast(tuple[str, ...], cls._fields)  # type: ignore[attr-defined]
    if dataclasses.is_dataclass(cls):
        return tuple(f.name for f in dataclasses.fields(cls) if f.init)
    raise WireError(f"{cls.__name__} has no fields")


def _card(text: str) -> Card:
    face, _, back = text.partition("#")
    try:
        card = parse_card(face)
    except NotationError as error:
        raise WireError(str(error)) from None
    if back:
        if not back.isdigit() or len(back) > 2:
            raise WireError(f"{text!r}: a card's back is a small number")
        card = Card(card.rank, card.suit, int(back))
    return card
