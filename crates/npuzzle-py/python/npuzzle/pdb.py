"""Pattern databases from Python, in the same cache folder as the ``npuzzle`` command line.

Which databases a board gets is the library's one policy: 4x4 has 7-8 (2 minutes, 288 MB to
build) and 6-6-3 (seconds), 5x5 has the zero-aware 6-6-6-6 (``"z:6666"``: 4 minutes, 4.7 GB
while building, 1.3 GB) and the plain one (``"6666"``: 3 minutes, 255 MB; about 1.7 times slower
to search with). ``cache_dir`` defaults to the CLI's folder (``NPUZZLE_CACHE_DIR``, else the
user's cache folder).

>>> dbs = npuzzle.pdb.open("4x4", "663")  # built and saved on first use  # doctest: +SKIP
>>> dbs.values(npuzzle.generate("4x4", count=3, seed=1))  # doctest: +SKIP
array([38, 36, 40], dtype=uint8)
"""

from __future__ import annotations

import builtins
import os
from pathlib import Path
from typing import Any

from . import _native
from ._native import PatternDatabases

__all__ = ["PatternDatabases", "build", "folder", "list", "open"]


def _folder(cache_dir: str | os.PathLike[str] | None) -> str | None:
    return None if cache_dir is None else os.fspath(cache_dir)


def open(  # noqa: A001 (the store's own word, as in the CLI)
    size: str = "4x4",
    partition: str | None = None,
    *,
    goal: str = "blank-last",
    cache_dir: str | os.PathLike[str] | None = None,
) -> PatternDatabases:
    """The databases of ``partition`` for ``size`` (the policy's when None), checked and held in
    memory (mapped under a read lease up to 4x4, so that processes share them; read past it);
    built and saved first when missing, as ``npuzzle pdb build`` does."""
    return _native.open(size, partition, goal=goal, cache_dir=_folder(cache_dir))


def build(
    size: str = "4x4",
    partition: str | None = None,
    *,
    goal: str = "blank-last",
    cache_dir: str | os.PathLike[str] | None = None,
) -> builtins.list[Path]:
    """Builds the databases of ``partition`` for ``size`` (or checks them when built): the files
    of that size in the folder."""
    return _native.build(size, partition, goal=goal, cache_dir=_folder(cache_dir))


def list(  # noqa: A001 (as the CLI's `pdb list`)
    cache_dir: str | os.PathLike[str] | None = None,
) -> builtins.list[dict[str, Any]]:
    """Every database file in the folder: ``path``, ``size``, ``tiles``, ``entries``,
    ``zero_aware``, ``layout`` (``plain``, ``listed`` or ``dense``: how a zero-aware file keeps
    the blank's regions), or ``error`` for a file that cannot be read."""
    return _native.list(cache_dir=_folder(cache_dir))


def folder(cache_dir: str | os.PathLike[str] | None = None) -> Path:
    """The folder databases are kept in."""
    return _native.folder(cache_dir=_folder(cache_dir))
