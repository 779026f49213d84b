"""Running the ``cardsuite`` command in the test's process, as the CLI tests do."""

from __future__ import annotations

import pytest

from cardsuite.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """The command's exit status, stdout and stderr."""
    with pytest.raises(SystemExit) as done:
        main(list(args))
    out, err = capsys.readouterr()
    return int(done.value.code or 0), out, err


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """A command that must fail: status 2, nothing on stdout, one line on stderr (returned)."""
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and "Traceback" not in err, (code, out, err)
    (line,) = err.strip().splitlines()
    return line
