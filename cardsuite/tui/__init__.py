"""The terminal interface: a Textual app that draws any game from its TableView.

Nothing in this package names a game, a move class or a rule.  ``run`` opens the lobby (or a
table straight away); ``serve`` offers the same app in a browser through textual-serve.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardsuite.match import Match, MatchSetup


def run(setup: MatchSetup | None = None, *, match: Match | None = None) -> None:
    """Open the lobby (no arguments), a new table for ``setup``, or an existing ``match``."""
    from cardsuite.tui.app import CardsuiteApp

    CardsuiteApp(setup, match=match).run()


def serve(host: str = "localhost", port: int = 8000) -> None:
    """Serve the app in a browser at http://host:port with textual-serve (Ctrl+C stops it)."""
    import shlex

    from textual_serve.server import Server

    command = f"{shlex.quote(sys.executable)} -m cardsuite"
    Server(command, host=host, port=port, title="cardsuite").serve()


__all__ = ["run", "serve"]
