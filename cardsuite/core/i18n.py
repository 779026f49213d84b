"""The translation hook: every player-facing string goes through :func:`_` or :func:`ngettext`.

Strings are written in English and wrapped where they are shown, so a Russian or Ukrainian
interface later is a message catalogue (``cardsuite/locale/<lang>/LC_MESSAGES/cardsuite.mo``),
not a rewrite.  Messages with values use named fields filled after translation, so a
translator can move them: ``_("{who} plays {card}").format(who=..., card=...)``.

Text fixed at import time (option labels, move names in tables) is marked with :func:`N_`,
which translates nothing, and passed through :func:`_` where it is displayed (a pair of
singular and plural forms with :func:`N_n`, passed through :func:`ngettext`).
"""

from __future__ import annotations

import gettext
from pathlib import Path

DOMAIN = "cardsuite"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

_catalogue: gettext.NullTranslations = gettext.translation(
    DOMAIN, localedir=LOCALE_DIR, fallback=True
)


def _(message: str) -> str:
    """``message`` in the interface's language (English when there is no catalogue)."""
    return _catalogue.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the interface's language."""
    return _catalogue.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now."""
    return message


def N_n(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular and plural pair for the catalogue without translating it now (for
    :func:`ngettext` where it is displayed; ``xgettext --keyword=N_n:1,2``)."""
    return (singular, plural)


def use(catalogue: gettext.NullTranslations | None) -> gettext.NullTranslations:
    """Switch the catalogue (None: back to the installed one); returns the previous one.

    Tests install a pseudo-translation here to check that text really passes through ``_``.
    """
    global _catalogue
    previous = _catalogue
    _catalogue = (
        catalogue
        if catalogue is not None
        else gettext.translation(DOMAIN, localedir=LOCALE_DIR, fallback=True)
    )
    return previous
