"""The message catalogues' upkeep: the template made from the source, the translations kept in step.

    python tools/catalogue.py extract   # writes cardsuite/locale/cardsuite.pot
    python tools/catalogue.py update    # adds new messages to every language's .po, drops gone ones
    python tools/catalogue.py check     # lists what a language lacks (exit 1 if anything)

A message is every string literal passed to ``_``, ``N_``, ``say`` (one text), ``C_`` (a context and a
text), ``ngettext``, ``N_n`` or ``say_n`` (a singular and a plural), the ``title`` and ``summary`` of each game's ``GameInfo``
declaration, which the lobby and the CLI translate where they show them, and the text
``choices`` of each game's options, which the lobby lists in words (with the context
"option value"; the command line takes them as they are).  The template lists
them in the order the source first uses them, each with the places it comes from, so a diff
of the template reads like a diff of the code.  No tool outside Python is needed: the same
``.po`` reader as the program's (:mod:`cardsuite.core.catalogue`) reads the translations back.
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardsuite.core.catalogue import Entry, read_po  # noqa: E402

SOURCE = ROOT / "cardsuite"
LOCALE = SOURCE / "locale"
TEMPLATE = LOCALE / "cardsuite.pot"
DOMAIN = "cardsuite"
# The languages translated, with their plural rule (Russian and Ukrainian have three forms:
# 1, 21 …; 2–4, 22–24 …; 0, 5–20, 25 … and the rest).
SLAVIC_PLURALS = (
    "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : "
    "n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
)
LANGUAGES = {"ru": ("Russian", SLAVIC_PLURALS), "uk": ("Ukrainian", SLAVIC_PLURALS)}
ONE_TEXT = {"_", "N_", "say"}
TWO_TEXTS = {"ngettext", "N_n", "say_n"}
DECLARED = {"title", "summary"}  # GameInfo's words
OPTION_VALUE = "option value"  # the context of an option's choices (cardsuite.core.options)
PLACEHOLDER = re.compile(r"(?<!\{)\{(\w*)[^{}]*\}")


Key = tuple[str | None, str, str | None]  # a message's context, text and plural


@dataclass
class Message:
    msgid: str
    plural: str | None
    context: str | None = None
    places: list[str] = field(default_factory=list)

    @property
    def key(self) -> Key:
        return (self.context, self.msgid, self.plural)


def key_of(entry: Entry) -> Key:
    return (entry.msgctxt, entry.msgid, entry.msgid_plural)


def _text(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def messages(root: Path = SOURCE) -> list[Message]:
    """Every message of the source under ``root``, in the order it is first used."""
    found: dict[Key, Message] = {}

    def add(msgid: str | None, plural: str | None, place: str, context: str | None = None) -> None:
        if not msgid:
            return
        message = found.setdefault((context, msgid, plural), Message(msgid, plural, context))
        message.places.append(place)

    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        relative = path.relative_to(root.parent).as_posix()
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else None
            place = f"{relative}:{node.lineno}"
            if name in ONE_TEXT and len(node.args) == 1:
                add(_text(node.args[0]), None, place)
            elif name == "C_" and len(node.args) == 2:
                add(_text(node.args[1]), None, place, _text(node.args[0]))
            elif name in TWO_TEXTS and len(node.args) >= 2:
                singular, plural = _text(node.args[0]), _text(node.args[1])
                if singular and plural:
                    add(singular, plural, place)
            elif name == "GameInfo":
                for keyword in node.keywords:
                    if keyword.arg in DECLARED:
                        words = keyword.value
                        add(_text(words), None, place)
    if root == SOURCE:
        for choice, place in option_values():
            add(choice, None, place, OPTION_VALUE)
    ordered = sorted(found.values(), key=lambda m: _order(m.places[0]))
    return ordered


def option_values() -> list[tuple[str, str]]:
    """The text choices of every game's options (as the lobby lists them), each with the
    place of the game's options class."""
    from cardsuite.core.options import describe_options
    from cardsuite.games import declared_games

    out = []
    for info in declared_games():
        options = info.load().Options
        module = sys.modules[options.__module__]
        place = f"{Path(module.__file__ or '').relative_to(ROOT).as_posix()}:1"
        for described in describe_options(options):
            for choice in described.choices or ():
                if isinstance(choice, str):
                    out.append((choice, place))
    return out


def _order(place: str) -> tuple[str, int]:
    path, _, line = place.rpartition(":")
    return (path, int(line))


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    if "\n" not in escaped:
        return f'"{escaped}"'
    lines = escaped.split("\n")
    parts = [line + "\\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    return '""\n' + "\n".join(f'"{part}"' for part in parts)


def _flags(msgid: str, fuzzy: bool = False) -> str:
    flags = (["fuzzy"] if fuzzy else []) + (["python-brace-format"] if "{" in msgid else [])
    return f"#, {', '.join(flags)}\n" if flags else ""


def template_text(found: list[Message]) -> str:
    """The ``.pot`` file of ``found``."""
    out = [
        "# The messages of cardsuite, made by tools/catalogue.py extract: do not edit.\n",
        'msgid ""\n',
        'msgstr ""\n',
        '"Project-Id-Version: cardsuite\\n"\n',
        '"MIME-Version: 1.0\\n"\n',
        '"Content-Type: text/plain; charset=UTF-8\\n"\n',
        '"Content-Transfer-Encoding: 8bit\\n"\n',
    ]
    for message in found:
        out.append("\n")
        out.extend(f"#: {place}\n" for place in message.places[:3])
        out.append(_flags(message.msgid))
        if message.context is not None:
            out.append(f"msgctxt {_quote(message.context)}\n")
        out.append(f"msgid {_quote(message.msgid)}\n")
        if message.plural is None:
            out.append('msgstr ""\n')
        else:
            out.append(f"msgid_plural {_quote(message.plural)}\n")
            out.append('msgstr[0] ""\n')
            out.append('msgstr[1] ""\n')
    return "".join(out)


def language_text(lang: str, found: list[Message], known: dict[Key, Entry]) -> str:
    """The ``.po`` file of ``lang``: every message of ``found``, with the translations
    ``known`` has for it (its other entries, no longer in the source, are dropped)."""
    name, plurals = LANGUAGES[lang]
    forms = int(plurals.split("nplurals=")[1].split(";")[0])
    out = [
        f"# {name} messages of cardsuite. Translate msgstr; tools/catalogue.py update keeps the\n",
        "# list in step with the source (docs/i18n.md).\n",
        'msgid ""\n',
        'msgstr ""\n',
        '"Project-Id-Version: cardsuite\\n"\n',
        f'"Language: {lang}\\n"\n',
        '"MIME-Version: 1.0\\n"\n',
        '"Content-Type: text/plain; charset=UTF-8\\n"\n',
        '"Content-Transfer-Encoding: 8bit\\n"\n',
        f'"Plural-Forms: {plurals}\\n"\n',
    ]
    for message in found:
        entry = known.get(message.key)
        out.append("\n")
        out.extend(f"#: {place}\n" for place in message.places[:3])
        out.append(_flags(message.msgid, entry is not None and entry.fuzzy))
        if message.context is not None:
            out.append(f"msgctxt {_quote(message.context)}\n")
        out.append(f"msgid {_quote(message.msgid)}\n")
        strings = entry.msgstr if entry is not None else []
        if message.plural is None:
            out.append(f"msgstr {_quote(strings[0] if strings else '')}\n")
        else:
            out.append(f"msgid_plural {_quote(message.plural)}\n")
            for index in range(forms):
                text = strings[index] if index < len(strings) else ""
                out.append(f"msgstr[{index}] {_quote(text)}\n")
    return "".join(out)


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def problems(lang: str, found: list[Message] | None = None) -> list[str]:
    """What the ``lang`` catalogue lacks or gets wrong, one line each."""
    found = messages() if found is None else found
    path = po_path(lang)
    if not path.exists():
        return [f"{path}: missing"]
    entries = {key_of(e): e for e in read_po(path) if e.msgid}
    out = []
    for message in found:
        entry = entries.get(message.key)
        shown = message.msgid[:60]
        if entry is None:
            out.append(f"{lang}: not in the catalogue: {shown!r}")
            continue
        if entry.fuzzy:
            out.append(f"{lang}: fuzzy: {shown!r}")
        if not entry.translated:
            out.append(f"{lang}: not translated: {shown!r}")
            continue
        wanted = placeholders(message.msgid)
        if message.plural is not None:
            wanted |= placeholders(message.plural)
            if len(entry.msgstr) != 3:
                out.append(f"{lang}: {len(entry.msgstr)} plural forms, not 3: {shown!r}")
        for text in entry.msgstr:
            if placeholders(text) != wanted:
                out.append(
                    f"{lang}: placeholders {sorted(placeholders(text))} instead of "
                    f"{sorted(wanted)}: {shown!r}"
                )
    return out


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    found = messages()
    if command == "extract":
        TEMPLATE.write_text(template_text(found), encoding="utf-8")
        print(f"{TEMPLATE.relative_to(ROOT)}: {len(found)} messages")
        return 0
    if command == "update":
        for lang in LANGUAGES:
            path = po_path(lang)
            known = {}
            if path.exists():
                known = {key_of(e): e for e in read_po(path) if e.msgid}
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(language_text(lang, found, known), encoding="utf-8")
            left = sum(1 for m in found if m.key not in known or not known[m.key].translated)
            print(f"{path.relative_to(ROOT)}: {len(found)} messages, {left} to translate")
        return 0
    if command == "check":
        lines = [line for lang in LANGUAGES for line in problems(lang, found)]
        print("\n".join(lines) if lines else "every message is translated")
        return 1 if lines else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
