"""Real file systems that refuse writes, for the store's fault tests.

* :func:`small_disk` mounts a tmpfs of a few hundred kilobytes at a folder (root only; the
  tests that need it are skipped elsewhere), and :func:`fill` writes until it is full.
* :func:`read_only` makes a folder read-only for real: a read-only bind mount when run as
  root (root writes through permission bits), else the folder's write bits removed.

Each undoes itself when the test ends, whatever happened in it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest


def _mount(*args: str) -> bool:
    if os.geteuid() != 0 or shutil.which("mount") is None:
        return False
    done = subprocess.run(["mount", *args], capture_output=True, timeout=30)
    return done.returncode == 0


def _umount(where: Path) -> None:
    subprocess.run(["umount", "-l", str(where)], capture_output=True, timeout=30)


@contextlib.contextmanager
def small_disk(where: Path, size_kb: int = 512) -> Iterator[Path]:
    """A real file system of ``size_kb`` KiB mounted at ``where`` (made if missing)."""
    where.mkdir(parents=True, exist_ok=True)
    if not _mount("-t", "tmpfs", "-o", f"size={size_kb}k", "tmpfs", str(where)):
        pytest.skip("a small file system can be mounted only by root on this machine")
    try:
        yield where
    finally:
        _umount(where)


def fill(disk: Path) -> Path:
    """Write a file on ``disk`` until no block is left; the file (delete it to free space)."""
    filler = disk / "filler"
    block = b"\0" * 4096
    with open(filler, "wb", buffering=0) as handle:
        while True:
            try:
                handle.write(block)
            except OSError as exc:
                assert exc.errno == errno.ENOSPC, exc
                break
    assert os.statvfs(disk).f_bavail == 0
    return filler


@contextlib.contextmanager
def read_only(folder: Path) -> Iterator[Path]:
    """``folder`` read-only for this process until the block ends."""
    if _mount("--bind", str(folder), str(folder)):
        try:
            if not _mount("-o", "remount,bind,ro", str(folder)):
                pytest.skip("a read-only bind mount is refused on this machine")
            yield folder
        finally:
            _umount(folder)
        return
    if os.geteuid() == 0:
        pytest.skip("root writes through permission bits and cannot mount here")
    mode = folder.stat().st_mode
    folder.chmod(0o555)
    try:
        yield folder
    finally:
        folder.chmod(mode)


def files(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file under ``folder``: its size and modification time (what 'unchanged' means)."""
    return {
        str(path.relative_to(folder)): (path.stat().st_size, path.stat().st_mtime_ns)
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }
