from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def cardsuite_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every TUI test keeps its settings and saves in a fresh folder."""
    home = tmp_path / "home"
    monkeypatch.setenv("CARDSUITE_HOME", str(home))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return home
