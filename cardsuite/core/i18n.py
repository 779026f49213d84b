"""The translation hook: every player-facing string goes through :func:`_` or :func:`ngettext`.

Strings are written in English and wrapped where they are shown; the Russian and Ukrainian
interfaces are message catalogues (``cardsuite/locale/<lang>/LC_MESSAGES/cardsuite.po``, read by
:mod:`cardsuite.core.catalogue`; ``tools/catalogue.py`` keeps them in step with the source).
The language comes from the environment (:func:`environment_language`) unless a command's
``--lang`` or the app's setting chooses it (:func:`set_language`).

Messages with values use named fields filled after translation, so a translator can move
them: ``_("{who} plays {card}").format(who=..., card=...)``.

Text fixed at import time (option labels, move names in tables) is marked with :func:`N_`,
which translates nothing, and passed through :func:`_` where it is displayed (a pair of
singular and plural forms with :func:`N_n`, passed through :func:`ngettext`).
"""

from __future__ import annotations

import functools
import gettext
import io
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

DOMAIN = "cardsuite"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

# The interface's languages, each named in itself (for the settings and ``--lang``'s help).
LANGUAGES: dict[str, str] = {"en": "English", "ru": "Русский", "uk": "Українська"}
DEFAULT_LANGUAGE = "en"


def language_of(locale_name: str) -> str | None:
    """The interface language a locale name asks for (``ru_RU.UTF-8`` → ``ru``), or None when
    it names none of ours.  ``C`` and ``POSIX`` ask for English."""
    code = locale_name.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    if code in ("c", "posix"):
        return DEFAULT_LANGUAGE
    return code if code in LANGUAGES else None


def environment_language(env: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it: the first of ``LANGUAGE``'s
    list that we have, else ``LC_ALL``, ``LC_MESSAGES`` or ``LANG`` (the first one set);
    English when none of them names a language of ours."""
    env = os.environ if env is None else env
    for name in env.get("LANGUAGE", "").split(":"):
        found = language_of(name) if name else None
        if found is not None:
            return found
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable)
        if value:
            return language_of(value) or DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


@functools.cache
def catalogue_for(language: str) -> gettext.NullTranslations:
    """The messages of ``language``: its compiled ``.mo`` where the build made one, else its
    ``.po`` compiled now (a checkout run from source); English has none."""
    if language == DEFAULT_LANGUAGE or language not in LANGUAGES:
        return gettext.NullTranslations()
    folder = LOCALE_DIR / language / "LC_MESSAGES"
    compiled = folder / f"{DOMAIN}.mo"
    if compiled.exists():
        with compiled.open("rb") as file:
            return gettext.GNUTranslations(file)
    source = folder / f"{DOMAIN}.po"
    if not source.exists():
        return gettext.NullTranslations()
    from cardsuite.core.catalogue import compile_po, read_po

    return gettext.GNUTranslations(io.BytesIO(compile_po(read_po(source))))


_language = environment_language()
_chosen = False
_catalogue: gettext.NullTranslations = catalogue_for(_language)


CONTEXT = "\x04"  # gettext's separator of a message's context from its text


def _(message: str) -> str:
    """``message`` in the interface's language (English when there is no catalogue); a
    message marked with a context (:func:`C_`) is looked up with it."""
    text = _catalogue.gettext(message)
    if CONTEXT in message:  # untranslated, the catalogue gives it back with its context
        return text.replace(message.partition(CONTEXT)[0] + CONTEXT, "")
    return text


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the interface's language."""
    return _catalogue.ngettext(singular, plural, n)


def C_(context: str, message: str) -> str:
    """Mark ``message`` for the catalogue with a ``context`` that tells it apart from the same
    English words meaning something else ("draw": a move at Rang, a result at Rubashka), so
    each gets its own translation; :func:`_` shows it.  The English shown is ``message``."""
    return f"{context}{CONTEXT}{message}"


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now."""
    return message


def N_n(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular and plural pair for the catalogue without translating it now (for
    :func:`ngettext` where it is displayed; ``xgettext --keyword=N_n:1,2``)."""
    return (singular, plural)


def language() -> str:
    """The interface's language now (``en``, ``ru`` or ``uk``)."""
    return _language


def set_language(code: str, *, chosen: bool = False) -> None:
    """Speak ``code`` from now on (one of :data:`LANGUAGES`; ValueError for another).  Text
    already made stays as it was: screens redraw to take the new language.  ``chosen``: the
    player chose it for this run (``--lang``), so the app's saved setting does not override it
    (:func:`chosen_for_this_run`)."""
    global _language, _catalogue, _chosen
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r} ({', '.join(LANGUAGES)})")
    _language, _catalogue = code, catalogue_for(code)
    _chosen = chosen


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Speak ``code`` for the text made inside the block, then the language spoken before."""
    global _language, _catalogue
    before = (_language, _catalogue)
    _language, _catalogue = code, catalogue_for(code)
    try:
        yield
    finally:
        _language, _catalogue = before


def chosen_for_this_run() -> bool:
    """Whether ``--lang`` chose the language of this run."""
    return _chosen


def use(catalogue: gettext.NullTranslations | None) -> gettext.NullTranslations:
    """Switch the catalogue (None: back to the current language's); returns the previous one.

    Tests install a pseudo-translation here to check that text really passes through ``_``.
    """
    global _catalogue
    previous = _catalogue
    _catalogue = catalogue if catalogue is not None else catalogue_for(_language)
    return previous
