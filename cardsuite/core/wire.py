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
import sys
from typing import Any

from cardsuite.core.cards import FACE_DOWN, Card, parse_card
from cardsuite.core.errors import CardsuiteError, NotationError
from cardsuite.core.events import Event, private_fields

PROTOCOL = 1


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
        return None
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
    package = module.rpartition(".")[0] if module.count(".") > 2 else module
    kinds: dict[str, type[Event]] = {}
    for cls in _subclasses(Event):
        home = cls.__module__
        if home.startswith(package + ".") or home.startswith("cardsuite.core."):
            kind = event_kind(cls)
            if kinds.setdefault(kind, cls) is not cls:
                raise TypeError(f"two events go by {kind!r}: give one another name")
    return kinds


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
    hidden = private_fields(cls)  # where null is a card out of sight
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
    """``value`` read as the field's type says (``face_down``: null is a card out of sight)."""
    if isinstance(value, dict):
        return event_from_data(value, kinds)
    if isinstance(value, list):
        item = annotation[annotation.find("[") + 1 : annotation.rfind("]")].split(",")[0]
        return tuple(_value_from_data(v, item.strip(), face_down, kinds) for v in value)
    if value is None:
        return FACE_DOWN if face_down else None
    if isinstance(value, str) and ("Card" in annotation):
        text, _, back = value.partition("#")
        try:
            card = parse_card(text)
        except NotationError as error:
            raise WireError(str(error)) from None
        if back:
            if not back.isdigit() or len(back) > 2:
                raise WireError(f"{value!r}: a card's back is a small number")
            card = Card(card.rank, card.suit, int(back))
        return card
    return value
