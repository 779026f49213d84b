"""The whole suite speaks English, whatever the machine's locale: tests read English text.

The language is fixed before any test imports the program (the interface takes its language
from the environment when it is first imported), and the environment of the commands the tests
start in subprocesses asks for English too.  Tests of another language choose it themselves
and give English back (tests/test_languages.py).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

os.environ["LANGUAGE"] = "en"

from cardsuite.core import i18n

i18n.set_language("en")


@pytest.fixture(autouse=True)
def english_again() -> Iterator[None]:
    """A test that switched the language leaves the next one in English."""
    yield
    if i18n.language() != "en" or i18n.chosen_for_this_run():
        i18n.set_language("en")
