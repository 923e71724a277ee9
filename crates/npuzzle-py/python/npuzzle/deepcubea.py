"""DeepCubeA's test sets (``data/puzzleN/test/data_0.pkl``), read without running code from the file.

A pickle can name any function to call while it is read; this reader allows only what those
files hold (numpy arrays and DeepCubeA's puzzle states, rebuilt as plain data) and refuses
anything else with :class:`pickle.UnpicklingError`.
"""

from __future__ import annotations

import io
import os
import pickle
from typing import Any, NamedTuple

import numpy as np

__all__ = ["DeepCubeASet", "read_deepcubea"]

#: DeepCubeA's actions, by number, in tile notation: action 0 swaps the blank with the tile
#: below it (that tile moves up), 1 with the tile above, 2 with the tile on its right, 3 on its
#: left. Every solution read is replayed with this, so a wrong reading cannot pass.
ACTIONS = ("U", "D", "L", "R")

_ARRAYS = {
    ("numpy.core.multiarray", "_reconstruct"),
    ("numpy._core.multiarray", "_reconstruct"),
    ("numpy.core.multiarray", "scalar"),
    ("numpy._core.multiarray", "scalar"),
    ("numpy", "ndarray"),
    ("numpy", "dtype"),
}


class _State:
    """A DeepCubeA puzzle state, as data only (its ``tiles``)."""

    tiles: Any = None

    def __setstate__(self, state: Any) -> None:
        if isinstance(state, dict):
            self.tiles = state.get("tiles")


class _Reader(pickle.Unpickler):
    """An unpickler that rebuilds numpy arrays and puzzle states, and nothing else."""

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) in _ARRAYS:
            return super().find_class(module, name)
        if module.endswith("n_puzzle") and name.endswith("State"):
            return _State
        raise pickle.UnpicklingError(f"{module}.{name} is not allowed in a DeepCubeA test set")


class DeepCubeASet(NamedTuple):
    """A DeepCubeA test set: ``states`` as ``(n, cells)`` ``uint8`` rows toward the blank-last
    goal, DeepCubeA's ``solutions`` in tile notation (each replayed to the goal), and their
    ``lengths``."""

    size: str
    states: np.ndarray
    solutions: list[str]
    lengths: np.ndarray


def read_deepcubea(path: str | os.PathLike[str]) -> DeepCubeASet:
    """Reads a DeepCubeA test-set pickle (a dict with ``states`` and ``solutions``)."""
    from . import Board, ParseError

    with open(path, "rb") as file:
        data = _Reader(io.BytesIO(file.read())).load()
    where = os.fspath(path)
    if not isinstance(data, dict) or "states" not in data:
        raise ParseError(f"{where}: not a DeepCubeA test set (a dict with 'states')")
    rows = []
    for at, state in enumerate(data["states"]):
        tiles = getattr(state, "tiles", state)
        try:
            rows.append(np.asarray(tiles, dtype=np.int64).ravel())
        except (TypeError, ValueError):
            raise ParseError(f"{where}: state {at} has no tiles") from None
    if not rows or len({len(row) for row in rows}) != 1:
        raise ParseError(f"{where}: the states are not all of one size")
    cells = len(rows[0])
    side = int(round(cells**0.5))
    if side * side != cells:
        raise ParseError(f"{where}: states of {cells} cells are no square board")
    states = np.stack(rows)
    if states.min() < 0 or states.max() >= cells:
        raise ParseError(f"{where}: tiles must be 0 to {cells - 1}")
    goal = Board(list(range(1, cells)) + [0], size=f"{side}x{side}")
    solutions: list[str] = []
    for at, actions in enumerate(data.get("solutions", [])):
        try:
            moves = "".join(ACTIONS[int(a)] for a in actions)
        except (TypeError, ValueError, IndexError):
            raise ParseError(f"{where}: solution {at} holds an action other than 0 to 3") from None
        board = Board(states[at].tolist(), size=f"{side}x{side}")
        if board.apply(moves) != goal:
            raise ParseError(f"{where}: solution {at} does not reach the goal")
        solutions.append(moves)
    lengths = np.array([len(s) for s in solutions], dtype=np.uint16)
    return DeepCubeASet(f"{side}x{side}", states.astype(np.uint8), solutions, lengths)
