"""``python -m cardsuite`` and the ``cardsuite`` command.

With no arguments the lobby opens straight away, without loading the command-line machinery
(typer), which would only delay the first frame; anything else goes to :mod:`cardsuite.cli`.
"""

from __future__ import annotations

import sys


def main() -> None:
    if len(sys.argv) <= 1:
        from cardsuite.tui import run

        run()
        return
    from cardsuite.cli import main as cli_main

    cli_main()


if __name__ == "__main__":
    main()
