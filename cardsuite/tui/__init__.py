"""The terminal interface: a Textual app that draws any game from its TableView.

Nothing in this package names a game, a move class or a rule.  ``run`` opens the lobby (or a
table straight away); ``serve`` offers the same app in a browser through textual-serve.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardsuite.match import Match, MatchSetup
    from cardsuite.store.db import Store
    from cardsuite.tui.app import Remote


def run(
    setup: MatchSetup | None = None,
    *,
    match: Match | None = None,
    store: Store | None = None,
    server: Remote | None = None,
) -> None:
    """Open the lobby (no arguments), a new table for ``setup``, an existing ``match``
    (with the ``store`` that writes it, when it was opened already), or a seat at a match
    server (``server``).

    An unexpected exception (one Textual caught inside the app, or one raised around it) ends
    the process with status 1 and one line naming the crash file
    (:func:`cardsuite.store.crash.report_crash`), after the terminal is restored.
    """
    from cardsuite.store.crash import report_crash

    try:
        from cardsuite.tui.app import CardsuiteApp

        app = CardsuiteApp(setup, match=match, store=store, server=server)
        app.run()
    except Exception as error:
        report_crash(error)
    if app.crash is not None:
        report_crash(app.crash)
    if app.return_code:  # Textual ended the app as failed without an exception of ours
        raise SystemExit(app.return_code)


def serve(host: str = "localhost", port: int = 8000) -> None:
    """Serve the app in a browser at http://host:port with textual-serve (Ctrl+C stops it)."""
    import shlex

    from textual_serve.server import Server

    command = f"{shlex.quote(sys.executable)} -m cardsuite"
    Server(command, host=host, port=port, title="cardsuite", templates_path=WEB_PAGES).serve()


# The page a browser gets (our own: it needs nothing from the internet; see its comment).
WEB_PAGES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "web")


__all__ = ["run", "serve"]
