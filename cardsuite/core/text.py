"""Engine text that names seats, and user-given text made safe to show.

Engines do not know the players' names, so every sentence they produce (event texts, reasons
for illegal moves, outcome reasons, status lines) refers to a seat as ``{s0}``, ``{s1}`` … and
the Match fills in the names with :func:`fill`.

Names come from people and files (the lobby, ``--names``, a save), so they are shown through
:func:`plain` (control characters and bidi overrides written as escapes, never sent to the
terminal) and :func:`shown_name` (that, trimmed and cut to :data:`NAME_SHOWN` characters).
Interfaces that read markup (Rich, Textual) must also never read a name as markup: they pass
it with markup off or escaped.
"""

from __future__ import annotations

import dataclasses
import json
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, cast

from cardsuite.core.i18n import N_, _, language, ngettext, speaking

_TOKEN = re.compile(r"\{s(\d+)\}")


def seat(index: int) -> str:
    """The placeholder for a seat's name in engine text."""
    return f"{{s{index}}}"


# The names the lobby offers for the seats, in order, and the command line uses when it is
# given none.  Names are the players' own, so they are not translated.
DEFAULT_NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zhenya", "Zoya", "Igor", "Kira")
# ... and the same names as a Russian or Ukrainian table writes them.
_NAMES_BY_LANGUAGE = {
    "ru": ("Анна", "Борис", "Вера", "Глеб", "Даша", "Егор", "Женя", "Зоя", "Игорь", "Кира"),
    "uk": ("Ганна", "Борис", "Віра", "Гліб", "Дарина", "Єгор", "Женя", "Зоя", "Ігор", "Кіра"),
}


def lobby_names() -> tuple[str, ...]:
    """The names the lobby and the command line give the seats, in the interface's language."""
    return _NAMES_BY_LANGUAGE.get(language(), DEFAULT_NAMES)


# A name is shown in at most this many characters (its escapes counted as written), the last
# one "…" when it is cut: the seat boxes, the log, the outcome, ``replay --text`` all show that.
NAME_SHOWN = 24
# A name as given (in a record, on the command line) has at most this many characters.
NAME_MAX = 64

# Characters that change how the text around them is laid out: the bidi embeddings, overrides
# and isolates (U+202A–U+202E, U+2066–U+2069) and the bidi marks (ALM, LRM, RLM).
_BIDI = frozenset([0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)])
# Categories never shown as they are: controls (C0, DEL, C1), lone surrogates (which cannot
# even be written as UTF-8), and the line and paragraph separators.
_ESCAPED_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})


def _pieces(text: str) -> Iterator[str]:
    """``text`` one shown piece at a time: a character, or the escape that stands for it."""
    for ch in text:
        code = ord(ch)
        if code in _BIDI or unicodedata.category(ch) in _ESCAPED_CATEGORIES:
            yield f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
        else:
            yield ch


def plain(text: str) -> str:
    """``text`` safe to show on a terminal: every control character (C0, C1, DEL, ESC), lone
    surrogate, line separator and bidi control written as an escape (``\\x1b``, ``\\u202e``),
    so none of them reaches the terminal to act there.  Markup is not touched: an interface
    that reads markup must be told not to (see the module's docstring)."""
    if text.isprintable():  # the usual case; every character escaped is "not printable"
        return text
    return "".join(_pieces(text))


def shown_name(name: str) -> str:
    """A player's name as shown: :func:`plain`, trimmed, cut to :data:`NAME_SHOWN` characters
    (never inside an escape; "…" marks the cut).  "" when nothing but spaces and control
    characters was given: the seat then takes its default name (:func:`player_names`)."""
    if not any(ch.isprintable() and not ch.isspace() for ch in name):
        return ""
    pieces = list(_pieces(name.strip()))
    if sum(map(len, pieces)) <= NAME_SHOWN:
        return "".join(pieces)
    out, used = [], 0
    for piece in pieces:
        if used + len(piece) > NAME_SHOWN - 1:
            break
        out.append(piece)
        used += len(piece)
    return "".join(out) + "…"


def valid_unicode(text: str) -> bool:
    """Whether ``text`` is Unicode text that can be written (as UTF-8): no lone surrogate, such
    as Python makes of a byte that is not UTF-8 in a command line (``'A\\udcffB'``) or as JSON
    reads from ``"\\ud800"``.  The database, the terminal and the files refuse those."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def quoted(text: str, limit: int = 40) -> str:
    """``text`` for a message: quoted, cut to about ``limit`` characters ("…" marks the cut) and
    safe to print (:func:`plain`)."""
    shown = repr(text if len(text) <= limit else text[: limit - 1] + "…")
    return plain(shown)


_WHOLE = re.compile(r"[+-]?[0-9]+")  # ASCII digits only: str.isdigit() takes "²" and "①"


def whole_in(text: str, low: int, high: int) -> int | None:
    """The whole number ``text`` writes in ASCII digits (a sign allowed, spaces around it
    ignored) if it is from ``low`` to ``high``; None for anything else.  Never calls int() on
    a text too long for it (Python refuses numbers of more than 4,300 digits)."""
    text = text.strip()
    if not _WHOLE.fullmatch(text):
        return None
    digits = text.lstrip("+-").lstrip("0") or "0"  # int() counts leading zeros as digits
    if len(digits) > max(len(str(abs(low))), len(str(abs(high)))):
        return None
    number = -int(digits) if text.startswith("-") else int(digits)
    return number if low <= number <= high else None


# What :func:`json_text` writes as an escape although JSON lets it stand: DEL and the C1
# controls (U+009B is CSI, as ESC [ ), lone surrogates, the line and paragraph separators and
# the bidi controls of _BIDI.  JSON itself escapes the C0 controls.  The same set as _pieces
# escapes (tests/core/test_text.py checks every code point).
_JSON_ESCAPED = re.compile(
    "[\\x7f-\\x9f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069\\ud800-\\udfff]"
)


def json_text(value: Any, **options: Any) -> str:
    """``value`` as JSON for a terminal or a pipe: non-ASCII letters kept as they are (names
    stay readable), but every character that could act on a terminal or reorder the text
    around it written as a ``\\uXXXX`` escape, so the JSON decodes back to the same text.
    ``options`` go to :func:`json.dumps` (``indent`` …)."""
    text = json.dumps(value, ensure_ascii=False, **options)
    return _JSON_ESCAPED.sub(lambda found: f"\\u{ord(found.group()):04x}", text)


def default_name(index: int) -> str:
    """The neutral name of a seat: "Player 1" … (for seats past a list of names)."""
    return _("Player {n}").format(n=index + 1)


def default_names(count: int) -> tuple[str, ...]:
    """Neutral names for ``count`` seats, "Player 1" … (the lobby's are :func:`player_names`)."""
    return tuple(default_name(i) for i in range(count))


def player_names(count: int, given: Sequence[str] = ()) -> tuple[str, ...]:
    """Names for ``count`` seats: those ``given``, and the lobby's for the seats given none.

    Seat i is ``lobby_names()[i]``, as in the lobby, unless another seat is given that name (case
    aside); then it takes the first default name no seat has, so the names stay different.  When
    the list runs out, "Player N".
    """
    names = [given[i] if i < len(given) else "" for i in range(count)]
    taken = {name.casefold() for name in names if name}
    defaults = lobby_names()
    for i in range(min(count, len(defaults))):
        if not names[i] and defaults[i].casefold() not in taken:
            names[i] = defaults[i]
            taken.add(names[i].casefold())
    spare = iter([name for name in defaults if name.casefold() not in taken])
    return tuple(name or next(spare, None) or default_name(i) for i, name in enumerate(names))


def fill(text: str, names: Sequence[str]) -> str:
    """Replace the seat placeholders of ``text`` by names (or "Player N" past the list)."""

    def name(match: re.Match[str]) -> str:
        i = int(match.group(1))
        return names[i] if i < len(names) else default_name(i)

    return _TOKEN.sub(name, text)


def has_placeholders(text: str) -> bool:
    """Whether ``text`` still holds a ``{…}`` field other than a seat placeholder."""
    return "{" in _TOKEN.sub("", text) or "}" in _TOKEN.sub("", text)


def join_words(items: Iterable[str], conjunction: str | None = None) -> str:
    """ "a", "a and b", "a, b and c" ("and" translated, or the ``conjunction`` given)."""
    return Listed(items, ", ", say("and") if conjunction is None else conjunction)


def seats_text(seats: Iterable[int]) -> str:
    """Seat placeholders joined into words: "{s0}, {s1} and {s3}"."""
    return join_words(seat(s) for s in seats)


def card_count(n: int) -> str:
    """ "1 card", "5 cards": how many cards a pile or a hand holds (translated)."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def trick_count(n: int) -> str:
    """ "1 trick", "5 tricks" (translated)."""
    return ngettext("{n} trick", "{n} tricks", n).format(n=n)


def game_over_text(winner: int | None) -> str:
    """The status line of a finished two-sided game: who won it, or that it is a draw."""
    if winner is None:
        return _("The game is over: a draw")
    return _("The game is over: {who} wins").format(who=seat(winner))


_RANKS_PLURAL = {
    1: N_("Aces"), 2: N_("2s"), 3: N_("3s"), 4: N_("4s"), 5: N_("5s"), 6: N_("6s"),
    7: N_("7s"), 8: N_("8s"), 9: N_("9s"), 10: N_("10s"), 11: N_("Jacks"), 12: N_("Queens"),
    13: N_("Kings"),
}  # fmt: skip


def number_text(n: int) -> str:
    """A large number as the interface's language groups its digits: "10,000" in English,
    "10 000" (no-break spaces) in Russian and Ukrainian."""
    text = f"{n:,}"
    return text if language() == "en" else text.replace(",", "\u00a0")


def ordinal(n: int) -> str:
    """``n`` as an ordinal: "1st", "2nd", "11th", "21st" (each form a message of its own, so a
    language can write its ordinals its own way)."""
    if 10 <= n % 100 <= 20:
        form = N_("{n}th")
    else:
        form = {1: N_("{n}st"), 2: N_("{n}nd"), 3: N_("{n}rd")}.get(n % 10, N_("{n}th"))
    return _(form).format(n=n)


def game_name(title: str, original: str) -> str:
    """A game's title (as the interface's language gives it) with its name at its own table:
    "Rang (Ранг)"; the name alone where the title is all or the start of it (in Russian,
    "Нертс (Пошли!)" rather than "Нертс (Нертс (Пошли!))")."""
    if original == title:
        return title
    if original.startswith(title):
        return original
    return f"{title} ({original})"


def ranks_word(rank: int) -> str:
    """A rank in the plural, for sentences: "7s", "Queens", "Aces"."""
    return _(_RANKS_PLURAL[rank])


# --- messages -------------------------------------------------------------------------------
# Engine text crosses the engine's boundary (a refusal, an outcome's reason, a table's words,
# an event) as a Message: it reads as the sentence in the language spoken when it was made,
# and keeps its message id and arguments, so that it can be said again in another language
# (a match server speaking to players of several languages) or written down without one.


class Message(str):
    """A sentence made from a catalogue message (``template``, with ``plural`` and ``n`` for
    a plural one) and its arguments: a str in the language it was made in."""

    template: str
    plural: str | None
    n: int | None
    args: dict[str, Any]

    def __new__(
        cls,
        text: str,
        template: str = "",
        args: dict[str, Any] | None = None,
        plural: str | None = None,
        n: int | None = None,
    ) -> Message:
        made = super().__new__(cls, text)
        made.template = template or text
        made.plural = plural
        made.n = n
        made.args = args or {}
        return made

    def __reduce__(self) -> Any:  # (arena workers send outcomes to the parent process)
        return (Message, (str(self), self.template, self.args, self.plural, self.n))

    def said_in(self, code: str) -> str:
        """The same message in the language ``code`` (its arguments too, where they are
        messages themselves)."""
        with speaking(code):
            return str(self._again())

    def _again(self) -> str:
        args = {k: v._again() if isinstance(v, Message) else v for k, v in self.args.items()}
        if self.plural is not None and self.n is not None:
            return say_n(self.template, self.plural, self.n, **args)
        return say(self.template, **args)

    def to_data(self) -> dict[str, Any]:
        """The message as JSON data: its id, plural and arguments (messages as data too,
        other values as text)."""
        data: dict[str, Any] = {"id": self.template}
        if self.plural is not None:
            data["plural"], data["n"] = self.plural, self.n
        if self.args:
            data["args"] = {
                k: v.to_data()
                if isinstance(v, Message)
                else v
                if isinstance(v, int | str) and not isinstance(v, bool)
                else str(v)
                for k, v in self.args.items()
            }
        return data


class Listed(Message):
    """Texts in a row: "12 cards, 4 clubs, 2♣" (joined by ``separator``), or "a, b and c"
    (``conjunction``, a message, before the last).  Said again, each part that is a message
    is said again, and the conjunction."""

    parts: tuple[str, ...]
    separator: str
    conjunction: str | None

    def __new__(
        cls, parts: Iterable[str], separator: str = ", ", conjunction: str | None = None
    ) -> Listed:
        items = tuple(parts)
        made = cast(
            "Listed", super().__new__(cls, _listed(items, separator, conjunction), separator)
        )
        made.parts, made.separator, made.conjunction = items, separator, conjunction
        return made

    def __reduce__(self) -> Any:
        return (Listed, (self.parts, self.separator, self.conjunction))

    def _again(self) -> str:
        parts = (p._again() if isinstance(p, Message) else p for p in self.parts)
        conjunction = self.conjunction
        if isinstance(conjunction, Message):
            conjunction = conjunction._again()
        return Listed(parts, self.separator, conjunction)

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "list": [p.to_data() if isinstance(p, Message) else str(p) for p in self.parts],
            "separator": self.separator,
        }
        if self.conjunction is not None:
            data["conjunction"] = (
                self.conjunction.to_data()
                if isinstance(self.conjunction, Message)
                else str(self.conjunction)
            )
        return data


def message_from_data(data: Any) -> str:
    """A message written as data (:meth:`Message.to_data`) said in the interface's language;
    text that is no message data is returned as it is."""
    if isinstance(data, str):
        return data
    if not isinstance(data, dict):
        return str(data)
    if "list" in data:
        conjunction = data.get("conjunction")
        return Listed(
            [message_from_data(part) for part in data["list"]],
            str(data.get("separator", ", ")),
            None if conjunction is None else message_from_data(conjunction),
        )
    args = {
        str(k): message_from_data(v) if isinstance(v, dict) else v
        for k, v in data.get("args", {}).items()
    }
    template = str(data.get("id", ""))
    if "plural" in data and isinstance(data.get("n"), int):
        return say_n(template, str(data["plural"]), data["n"], **args)
    return say(template, **args)


def _listed(parts: Sequence[str], separator: str, conjunction: str | None) -> str:
    if conjunction is None or len(parts) <= 1:
        return separator.join(parts)
    return f"{separator.join(parts[:-1])} {conjunction} {parts[-1]}"


def say(template: str, /, **args: Any) -> str:
    """``template`` translated and filled with ``args``, as a :class:`Message` (typed as the
    str it reads as, which is all most of its readers need)."""
    text = _(template)
    return Message(text.format(**args) if args else text, template, args)


def say_n(singular: str, plural: str, n: int, /, **args: Any) -> str:
    """The singular or plural form for ``n`` translated and filled, as a :class:`Message`."""
    return Message(ngettext(singular, plural, n).format(**args), singular, args, plural, n)


# --- declared texts -------------------------------------------------------------------------
# An event or a move may declare its words as a template (``says``) whose placeholders are its
# own fields: ``says = N_("{seat} plays {card}")``.  The template is the message id a
# catalogue translates, the fields are its typed arguments, and :func:`said` renders them at
# the edge, each as its declaration says: a field declared with :func:`words` through the
# function it names (``rank: int = words(ranks_word)`` is written "Queens"), a field declared
# ``Seat`` (or ``Seat | None``, when it is a seat) as the seat's name placeholder,
# ``tuple[Seat, ...]`` as those names in a row
# ("{s0}, {s1} and {s3}"), and every other value as it is (a card as its index and suit, a
# number as digits).  A template with a plural (:func:`said_n`) takes its form from a field:
# its number, or for a tuple its length, which it may write as ``{n}``.

_WORDS = "cardsuite.words"


def words(way: Callable[[Any], object], default: Any = dataclasses.MISSING, **metadata: Any) -> Any:
    """Declare a dataclass field that a template writes as ``way(value)``: ``cards:
    tuple[Card, ...] = words(cards_words)``.  Like a plain field it has no ``default`` unless
    one is given; ``metadata`` is kept beside the way (for other declarations of the field)."""
    return dataclasses.field(default=default, metadata={_WORDS: way, **metadata})


def said(template: str, value: Any) -> Message:
    """``template`` translated, each placeholder filled from the field of ``value`` it names."""
    fields = _Fields(value)
    text = _(template).format_map(fields)
    return Message(text, template, dict(fields))


def said_n(forms: tuple[str, str], value: Any, count: str) -> Message:
    """The singular or plural of ``forms`` that the field ``count`` of ``value`` calls for (its
    number, or its length), translated and filled as :func:`said` fills a template, and the
    number as ``{n}``."""
    number = getattr(value, count)
    n = len(number) if isinstance(number, tuple) else number
    singular, plural = forms
    fields = _Fields(value, n)
    for form in forms:  # the message's arguments are those of both forms, as said again
        form.format_map(fields)
    text = ngettext(singular, plural, n).format_map(fields)
    return Message(text, singular, dict(fields), plural, n)


class _Fields(dict[str, Any]):
    """The fields of one event or move, read as a template names them."""

    __slots__ = ("_n", "_value")

    def __init__(self, value: Any, n: int | None = None) -> None:
        super().__init__()
        self._value = value
        self._n = n  # what ``{n}`` names where the value has no field of that name

    def __missing__(self, name: str) -> Any:
        if name == "n" and self._n is not None and not hasattr(self._value, name):
            self[name] = self._n
            return self._n
        found = getattr(self._value, name)
        way = _ways(type(self._value)).get(name)
        shown = found if way is None else way(found)
        self[name] = shown  # kept: the message's arguments are the fields it names
        return shown


# How a field is written by the type it is declared with (its modules postpone annotations,
# so a field's type is the text it was declared with).
_BY_TYPE: dict[str, Callable[[Any], object]] = {
    "Seat": seat,
    "Seat | None": lambda value: "" if value is None else seat(value),
    "tuple[Seat, ...]": seats_text,
}
_WAYS: dict[type, dict[str, Callable[[Any], object]]] = {}


def _ways(cls: type) -> dict[str, Callable[[Any], object]]:
    """How a template writes each field of the dataclass ``cls`` that is not written as it is."""
    ways = _WAYS.get(cls)
    if ways is None:
        ways = {}
        for f in dataclasses.fields(cls):
            way = f.metadata.get(_WORDS) or _BY_TYPE.get(str(f.type))
            if way is not None:
                ways[f.name] = way
        _WAYS[cls] = ways
    return ways
