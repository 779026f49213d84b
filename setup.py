"""The one build step pyproject.toml cannot declare: the message catalogues compiled for gettext.

Each translation's ``.po`` source (``cardsuite/locale/<lang>/LC_MESSAGES/cardsuite.po``) is
compiled to the ``.mo`` file gettext reads, beside it in the built package, by the same code
the program uses when it runs from a checkout (``cardsuite/core/catalogue.py``).  Everything
else about the build is in pyproject.toml.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


def _catalogue() -> Any:
    """cardsuite.core.catalogue, loaded by itself (it needs only the standard library)."""
    name = "_cardsuite_build_catalogue"
    spec = importlib.util.spec_from_file_location(name, HERE / "cardsuite/core/catalogue.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


class BuildWithCatalogues(build_py):
    """build_py, then every ``.po`` compiled to its ``.mo`` in the build."""

    def run(self) -> None:
        super().run()
        catalogue = _catalogue()
        for source in sorted((HERE / "cardsuite" / "locale").glob("*/LC_MESSAGES/*.po")):
            target = Path(self.build_lib) / source.relative_to(HERE).with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(catalogue.compile_po(catalogue.read_po(source)))


setup(cmdclass={"build_py": BuildWithCatalogues})
