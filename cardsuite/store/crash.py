"""An unexpected crash: the traceback to a file, one line to the user, exit status 1.

Every failure cardsuite expects (bad input, a damaged file) is a sentence and exit status 2.
Anything else is a bug: :func:`report_crash` writes the full traceback to
``<data dir>/crash-<time>.log`` (``$CARDSUITE_HOME`` when set; the system's temporary folder if
the data folder cannot be written), prints one line naming that file, and exits with status 1.
The terminal app hands the exception Textual caught to it once the terminal is restored
(:func:`cardsuite.tui.run`), the command line any exception its commands let escape.

The test hook: with ``CARDSUITE_TEST_CRASH=1`` in the environment the app raises as its first
screen mounts (:func:`crash_if_asked`), so a test can check all of this from the outside.
Nothing else reads the variable.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import NoReturn

from cardsuite.store.paths import data_dir

EXIT_CRASH = 1
TEST_CRASH_VARIABLE = "CARDSUITE_TEST_CRASH"


class TestCrash(RuntimeError):
    """The crash asked for by ``CARDSUITE_TEST_CRASH=1``."""


def crash_if_asked() -> None:
    """Raise :class:`TestCrash` when the environment asks for a crash (tests only)."""
    if os.environ.get(TEST_CRASH_VARIABLE) == "1":
        raise TestCrash(f"a crash on purpose ({TEST_CRASH_VARIABLE}=1)")


def write_crash_log(error: BaseException) -> Path | None:
    """Write the traceback of ``error`` to a new crash file; its path, or None if no folder
    would take it."""
    import tempfile
    import traceback

    stamp = time.strftime("%Y%m%d-%H%M%S")
    text = (
        f"cardsuite crashed at {time.strftime('%Y-%m-%d %H:%M:%S %z')}\n"
        f"command: {sys.argv!r}\n"
        f"python: {sys.version.split()[0]} on {sys.platform}\n\n"
        + "".join(traceback.format_exception(error))
    )
    for folder in (data_dir(), Path(tempfile.gettempdir())):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            for n in range(1, 1000):
                path = folder / (f"crash-{stamp}.log" if n == 1 else f"crash-{stamp}-{n}.log")
                try:
                    with path.open("x", encoding="utf-8", errors="backslashreplace") as handle:
                        handle.write(text)
                    return path
                except FileExistsError:
                    continue
        except OSError:
            continue
    return None


def report_crash(error: BaseException) -> NoReturn:
    """Write the crash file, say so in one line on stderr, and exit with status 1."""
    from cardsuite.core.text import plain

    path = write_crash_log(error)
    what = plain(f"{type(error).__name__}: {error}")
    what = what if len(what) <= 300 else what[:299] + "…"
    if path is not None:
        print(f"cardsuite crashed: {what}; the details are in {path}", file=sys.stderr)
    else:  # nowhere to write: the details go to the terminal instead
        import traceback

        traceback.print_exception(error, file=sys.stderr)
        print(f"cardsuite crashed: {what}; no crash file could be written", file=sys.stderr)
    sys.stderr.flush()
    raise SystemExit(EXIT_CRASH)
