"""DeepCubeA's test sets (``data/puzzleN/test/data_0.pkl``), read without running code from the file.

A pickle can name any function to call while it is read; this reader calls none of numpy's.
The names such a file holds (numpy's array and dtype rebuilders, DeepCubeA's puzzle state) are
answered by stand-ins that keep only plain data: a dtype only from a fixed list of plain integer
types, its state checked (no fields, no subarray, no object flags); an array only from bytes of
exactly its shape's size. Anything else is refused with :class:`npuzzle.ParseError` naming the
file. The file is read with the package's cap, the states and moves are counted before anything
is built from them, every state is checked as a position, and every solution is replayed.
"""

from __future__ import annotations

import io
import math
import os
import pickle
from typing import Any, NamedTuple

import numpy as np

__all__ = ["DeepCubeASet", "read_deepcubea"]

#: DeepCubeA's actions, by number, in tile notation: action 0 swaps the blank with the tile
#: below it (that tile moves up), 1 with the tile above, 2 with the tile on its right, 3 on its
#: left. Every solution read is replayed with this, so a wrong reading cannot pass.
ACTIONS = ("U", "D", "L", "R")

#: The most states a test set may hold (DeepCubeA's have 500).
MAX_STATES = 1_000_000

#: The most moves all of a set's solutions may hold together (DeepCubeA's: about 50,000).
MAX_MOVES = 10_000_000

#: The only dtypes an array or a number of the file may have.
_INTEGERS = frozenset({"i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8"})


class _Refused(Exception):
    """What the file holds that this reader does not build."""


class _Dtype:
    """A plain integer dtype named in the file; its pickled state is checked, not applied."""

    def __init__(self, name: Any = None, align: Any = False, copy: Any = True) -> None:
        if not isinstance(name, str) or name.lstrip("<>|=") not in _INTEGERS:
            raise _Refused(f"the dtype {name!r} is not a plain integer type")
        self.name, self.order = name.lstrip("<>|="), "="

    def __setstate__(self, state: Any) -> None:
        plain = (
            isinstance(state, tuple)
            and len(state) == 8
            and state[1] in ("<", ">", "|", "=")
            and state[2:5] == (None, None, None)
            and state[7] == 0
        )
        if not plain:
            raise _Refused("a dtype with fields, a subarray or flags of objects")
        self.order = state[1]

    def numpy(self) -> np.dtype[Any]:
        return np.dtype(self.order + self.name)


class _NdarrayName:
    """numpy.ndarray as the file names it: only an argument of the array rebuilder, never made."""

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        raise _Refused("an array made from a shape alone")


class _Array:
    """An array rebuilt from its bytes, which must be exactly its shape's."""

    value: np.ndarray | None = None

    def __setstate__(self, state: Any) -> None:
        if not (isinstance(state, tuple) and len(state) == 5):
            raise _Refused("an array of an unknown form")
        _, shape, dtype, fortran, data = state
        if not isinstance(dtype, _Dtype) or not isinstance(data, bytes):
            raise _Refused("an array that is not plain integers")
        if not (isinstance(shape, tuple) and all(type(n) is int and n >= 0 for n in shape)):
            raise _Refused("an array with a shape that is not whole numbers")
        kind = dtype.numpy()
        if math.prod(shape) * kind.itemsize != len(data):
            raise _Refused(f"an array of shape {shape} with {len(data)} bytes")
        self.value = np.frombuffer(data, kind).reshape(shape, order="F" if fortran else "C")


def _reconstruct(kind: Any, shape: Any = None, typecode: Any = None) -> _Array:
    if kind is not _NdarrayName:
        raise _Refused("an array of a class other than numpy.ndarray")
    return _Array()


def _scalar(dtype: Any, data: Any = None) -> int:
    if not isinstance(dtype, _Dtype) or not isinstance(data, bytes):
        raise _Refused("a number that is not a plain integer")
    kind = dtype.numpy()
    if len(data) != kind.itemsize:
        raise _Refused(f"a {kind} number of {len(data)} bytes")
    return int(np.frombuffer(data, kind)[0])


class _State:
    """A DeepCubeA puzzle state, as data only (its ``tiles``)."""

    tiles: Any = None

    def __setstate__(self, state: Any) -> None:
        if isinstance(state, dict):
            self.tiles = state.get("tiles")


_NAMES: dict[tuple[str, str], Any] = {
    **{(module, "_reconstruct"): _reconstruct for module in ("numpy.core.multiarray",
                                                             "numpy._core.multiarray")},
    **{(module, "scalar"): _scalar for module in ("numpy.core.multiarray",
                                                  "numpy._core.multiarray")},
    ("numpy", "ndarray"): _NdarrayName,
    ("numpy", "dtype"): _Dtype,
}


class _Reader(pickle.Unpickler):
    """An unpickler that answers the names above with their stand-ins, and refuses any other."""

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) in _NAMES:
            return _NAMES[(module, name)]
        if module.endswith("n_puzzle") and name.endswith("State"):
            return _State
        raise _Refused(f"{module}.{name} is not allowed in a DeepCubeA test set")


class DeepCubeASet(NamedTuple):
    """A DeepCubeA test set: ``states`` as ``(n, cells)`` ``uint8`` rows toward the blank-last
    goal, DeepCubeA's ``solutions`` in tile notation (each replayed to the goal), and their
    ``lengths``."""

    size: str
    states: np.ndarray
    solutions: list[str]
    lengths: np.ndarray


def read_deepcubea(path: str | os.PathLike[str]) -> DeepCubeASet:
    """Reads a DeepCubeA test-set pickle (a dict with ``states`` and ``solutions``); anything
    else, or anything wrong in it, is a :class:`npuzzle.ParseError` naming the file."""
    from . import ParseError, _native

    where = os.fspath(path)
    data = _native.read_file(where)
    try:
        loaded = _Reader(io.BytesIO(data)).load()
        return _test_set(loaded)
    except (_Refused, ParseError) as error:
        raise ParseError(f"{where}: {error}") from None
    except (pickle.UnpicklingError, EOFError, ValueError, TypeError, IndexError, KeyError,
            AttributeError, OverflowError, MemoryError, RecursionError) as error:
        raise ParseError(f"{where}: not a DeepCubeA test set ({type(error).__name__}: "
                         f"{error})") from None


def _test_set(data: Any) -> DeepCubeASet:
    """The checked test set of what the pickle held."""
    from . import Board

    if not isinstance(data, dict) or not isinstance(data.get("states"), list):
        raise _Refused("not a DeepCubeA test set (a dict with a list of 'states')")
    states = _rows(data["states"])
    cells = states.shape[1]
    side = math.isqrt(cells)
    solutions: list[str] = []
    raw = data.get("solutions", [])
    if not isinstance(raw, list) or len(raw) > len(states):
        raise _Refused("'solutions' is not a list of one solution per state")
    if sum(len(s) if isinstance(s, list) else 0 for s in raw) > MAX_MOVES:
        raise _Refused(f"the solutions hold more than {MAX_MOVES} moves")
    goal = Board(list(range(1, cells)) + [0], size=f"{side}x{side}")
    for at, actions in enumerate(raw):
        if not isinstance(actions, list) or not all(type(a) is int and 0 <= a <= 3
                                                    for a in actions):
            raise _Refused(f"solution {at} holds an action other than 0 to 3")
        moves = "".join(ACTIONS[a] for a in actions)
        board = Board(states[at].tolist(), size=f"{side}x{side}")
        if board.apply(moves) != goal:
            raise _Refused(f"solution {at} does not reach the goal")
        solutions.append(moves)
    lengths = np.array([len(s) for s in solutions], dtype=np.uint16)
    return DeepCubeASet(f"{side}x{side}", states, solutions, lengths)


def _rows(states: list[Any]) -> np.ndarray:
    """The states as checked ``uint8`` rows: square boards of at most 256 cells, each tile once,
    each solvable toward the blank-last goal."""
    from . import is_solvable

    if not states or len(states) > MAX_STATES:
        raise _Refused(f"a test set holds 1 to {MAX_STATES} states, not {len(states)}")
    first = _tiles(states[0], 0)
    cells = len(first)
    side = math.isqrt(cells)
    if side < 2 or side * side != cells or cells > 256:
        raise _Refused(f"states of {cells} cells are no square board of at most 256 cells")
    rows = np.empty((len(states), cells), dtype=np.uint8)
    order = np.arange(cells)
    for at, state in enumerate(states):
        tiles = first if at == 0 else _tiles(state, at)
        if len(tiles) != cells:
            raise _Refused("the states are not all of one size")
        if not np.array_equal(np.sort(tiles), order):
            raise _Refused(f"state {at} does not hold each tile 0 to {cells - 1} once")
        rows[at] = tiles
    unsolvable = np.flatnonzero(~is_solvable(rows))
    if unsolvable.size:
        raise _Refused(f"state {unsolvable[0]} cannot reach the goal")
    return rows


def _tiles(state: Any, at: int) -> np.ndarray:
    """A state's tiles as a flat ``int64`` array: from an array the file held, or a list of
    whole numbers (never a float, a bool or anything else)."""
    tiles = getattr(state, "tiles", state)
    found: np.ndarray | list[int]
    if isinstance(tiles, _Array) and tiles.value is not None:
        found = tiles.value.ravel()
    elif isinstance(tiles, list) and all(type(t) is int for t in tiles):
        found = tiles
    else:
        raise _Refused(f"state {at} has no tiles of whole numbers")
    if len(found) > 256:
        raise _Refused(f"state {at}: {len(found)} cells are no square board of at most 256 cells")
    return np.array(found, dtype=np.int64)
