"""The frames of the match protocol: JSON objects, one per WebSocket text message.

Every frame has a ``type``.  A client speaks first, with one of

* ``{"type": "open", "protocol": 2, "game": "rang", "players": 2, "seats": ["human",
  "normal"], "options": {"key": "value"}, "name": "Anna"}``: open a table and sit at its first
  human seat (``seats`` gives each seat as ``human`` or a bot level);
* ``{"type": "join", "protocol": 2, "invite": "<token>", "name": "Boris"}``: take the seat an
  invite is for (again after a dropped connection: the same invite);
* ``{"type": "watch", "protocol": 2, "table": "<id>"}``: watch a table (public cards only);

any of them with ``"explain": true`` where the client explains a refused gesture (a person's
table): its steps then carry the refusals of its seat's other moves (``refused``).

then, seated, ``{"type": "act", "ply": 12, "move": "play 7♠"}`` (a move in the game's
notation, for the table as it stood after ``ply`` moves), ``{"type": "go"}`` (the scores
between deals have been read), ``{"type": "undo"}`` (take back your last decision, where the
table allows it: a person playing alone against bots) and ``{"type": "chat", "text": "…"}``.

The server answers with ``opened`` (the table's id and the invites of its other human seats),
``welcome`` (the game, its options, the seats and which one is yours), ``waiting`` (who has
joined, until every seat is taken), ``step`` (after each move: your seat's observation, and
your legal moves when you may act), ``timed`` (events that fell due on a clock), ``chat``,
``over`` (the outcome), and ``error`` (a code and a sentence; nothing changed).
"""

from __future__ import annotations

import json
from typing import Any

import orjson

from cardsuite.core.errors import CardsuiteError
from cardsuite.core.text import Message, plain
from cardsuite.core.wire import PROTOCOL

MAX_FRAME = 16 * 1024  # bytes of a client's frame; a longer one is refused
MAX_CHAT = 200  # characters of a chat line
MAX_NAME = 24  # characters of a player's name

CLIENT_TYPES = ("open", "join", "watch", "act", "go", "undo", "chat")


class FrameError(CardsuiteError):
    """A frame that cannot be taken: ``code`` names why, the text says it in words; ``said``
    is the text as message data (the engine's refusal, or the server's own words to a
    person), for a client to say in its own language."""

    def __init__(self, code: str, text: str, said: Any = None, rule: str = "") -> None:
        super().__init__(text)
        self.code = code
        self.said = text.to_data() if said is None and isinstance(text, Message) else said
        self.rule = rule


def encode(frame: dict[str, Any]) -> str:
    """A frame as the text of one message.  orjson writes the same compact JSON as the
    standard library, about fifteen times as fast: the server writes a frame per connection
    per move, and at 500 tables that was a seventh of its time."""
    try:
        return orjson.dumps(frame).decode()
    except TypeError:  # a value orjson does not write (an int past 64 bits): the slow way
        return json.dumps(frame, ensure_ascii=False, separators=(",", ":"))


def error(code: str, text: str, said: Any = None, rule: str = "") -> dict[str, Any]:
    """An error frame: the code, the text in the server's language, and where the text is a
    message, the message as data (``said``) and the rule it names (``IllegalCard``)."""
    frame: dict[str, Any] = {"type": "error", "code": code, "message": text}
    if said is None and isinstance(text, Message):
        said = text.to_data()
    if said is not None:
        frame["said"] = said
    if rule:
        frame["rule"] = rule
    return frame


def read_client_frame(text: str) -> dict[str, Any]:
    """A client's frame, checked for its shape (FrameError names what is wrong)."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FRAME:
        raise FrameError("too-big", f"a frame holds at most {MAX_FRAME} bytes")
    try:
        frame = json.loads(text)
    except ValueError:
        raise FrameError("not-json", "a frame is one JSON object") from None
    if not isinstance(frame, dict) or frame.get("type") not in CLIENT_TYPES:
        raise FrameError("bad-type", f"a frame's type is one of {', '.join(CLIENT_TYPES)}")
    kind = frame["type"]
    if kind in ("open", "join", "watch") and frame.get("protocol") != PROTOCOL:
        raise FrameError("protocol", f"this server speaks protocol {PROTOCOL}")
    for key, value in frame.items():
        if key in ("options",):
            continue
        if not (value is None or isinstance(value, bool | int | str | list)):
            raise FrameError("bad-field", f"{key!r} is not a plain value")
    return frame


def text_field(frame: dict[str, Any], key: str, *, limit: int, default: str = "") -> str:
    """A text field, made plain (no control characters reach a terminal) and cut."""
    value = frame.get(key, default)
    if not isinstance(value, str):
        raise FrameError("bad-field", f"{key!r} is text")
    return plain(value).strip()[:limit]


def int_field(frame: dict[str, Any], key: str) -> int:
    value = frame.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise FrameError("bad-field", f"{key!r} is a whole number")
    return value
