"""npuzzle: sliding-tile puzzles of any size, solved optimally or near-optimally.

The solving pipeline of the npuzzle Rust library (the same answers as the ``npuzzle`` command
line), and batches over numpy arrays for learning.

>>> import npuzzle
>>> board = npuzzle.Board("8 6 7/2 5 4/3 0 1")
>>> sol = npuzzle.solve(board)
>>> sol.length, sol.optimal, sol.algorithm
(31, True, 'table')
>>> positions = npuzzle.generate("3x3", count=4, seed=1)
>>> positions.shape, positions.dtype.name
((4, 9), 'uint8')
>>> npuzzle.is_solvable(positions).all()
np.True_

Positions in batches are rows of tile numbers (the blank 0), one position a row: an array of
shape ``(n, cells)``, or ``(n, rows, columns)``. Any integer dtype and memory order is taken;
``uint8`` rows in C order are used without a copy.
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from . import _native, pdb
from ._native import (
    ActionError,
    Board,
    DatabaseError,
    FileError,
    Limit,
    LimitReached,
    Options,
    ParseError,
    PatternDatabases,
    Solution,
    UnsolvableError,
)
from .deepcubea import DeepCubeASet, read_deepcubea

__version__: str = _native.__version__

__all__ = [
    "MAX_DATA_FILE",
    "MOVES",
    "ActionError",
    "Board",
    "DatabaseError",
    "DeepCubeASet",
    "FileError",
    "Instance",
    "Labels",
    "Limit",
    "LimitReached",
    "Options",
    "ParseError",
    "PatternDatabases",
    "Solution",
    "UnsolvableError",
    "analyse",
    "apply_moves",
    "children",
    "estimate",
    "generate",
    "heuristic",
    "is_solvable",
    "is_solved",
    "label",
    "optimal_moves",
    "pdb",
    "random_walks",
    "read_deepcubea",
    "read_instances",
    "read_json_lines",
    "solve",
    "solve_many",
]

MOVES: tuple[str, str, str, str] = ("U", "D", "L", "R")
"""The moves in batches, by code: 0 ``U`` (the tile below the blank moves up), 1 ``D``, 2 ``L``,
3 ``R`` (tile notation)."""

def _size(size: str | int) -> tuple[int, int]:
    """``(width, height)`` of a size given as ``"4x4"``, ``"5x3"``, ``"4"`` or ``4``, checked as
    the CLI checks ``--size``."""
    if isinstance(size, (int, np.integer)) and not isinstance(size, bool):
        size = str(int(size))
    if not isinstance(size, str):
        raise ParseError(f"size {size!r}: give columns x rows, such as '4x4' or '5x3'")
    return _native.size_of(size.strip())


def _options(options: Options | None, overrides: dict[str, Any]) -> Options:
    """``options`` with the keyword arguments of a call laid over them."""
    if not overrides:
        return options if options is not None else Options()
    fields = {}
    if options is not None:
        fields = {
            name: getattr(options, name) for name, *_ in _native.settings_fields()
        }
    fields.update(overrides)
    try:
        return Options(**fields)
    except TypeError as error:
        raise TypeError(f"{error} (the options are those of npuzzle.Options)") from None


def _rows(positions: Any, size: str | int | None) -> tuple[np.ndarray, int, int]:
    """Positions as C-ordered ``uint8`` rows, and the board's width and height."""
    array = np.asarray(positions)
    if array.dtype.kind not in "iu":
        raise ParseError(f"positions must be integers, not {array.dtype}")
    if array.ndim == 3:
        height, width = array.shape[1:]
        if size is not None and _size(size) != (width, height):
            raise ParseError(f"size {size!r} does not match rows of {width}x{height} boards")
        array = array.reshape(array.shape[0], width * height)
    elif array.ndim == 2:
        cells = array.shape[1]
        if size is None:
            side = int(round(cells**0.5))
            if side * side != cells:
                raise ParseError(f"rows of {cells} cells are no square board: give size=")
            width = height = side
        else:
            width, height = _size(size)
            if width * height != cells:
                raise ParseError(
                    f"a {width}x{height} board has {width * height} cells, the rows have {cells}"
                )
    else:
        raise ParseError(f"positions are rows of cells (2-D or 3-D), not {array.ndim}-D")
    if width * height > 256:
        raise ParseError(f"batches take boards of at most 256 cells, not {width}x{height}")
    # Bytes are checked row by row in the library; wider integers first here, so that none
    # wraps around on the way to bytes.
    if array.dtype != np.uint8 and array.size:
        if array.min() < 0 or array.max() >= width * height:
            raise ParseError(f"tiles of a {width}x{height} board are 0 to {width * height - 1}")
    return np.ascontiguousarray(array, dtype=np.uint8), width, height


def solve(
    position: Any,
    options: Options | None = None,
    *,
    journal: str | os.PathLike[str] | None = None,
    fresh: bool = False,
    progress: Callable[[int, int, int, int], object] | None = None,
    **kwargs: Any,
) -> Solution:
    """Solves one position: a :class:`Board`, text in any format the CLI reads, or rows.

    Keyword arguments are those of :class:`Options` (``algorithm``, ``heuristic``, ``goal``,
    ``time_budget``, ``timeout``, ``max_nodes``, ``max_memory``, ``weight``, ``parallel``,
    ``cache_dir``, ``partition``, ``model``). The GIL is released while it solves; Ctrl-C stops it.

    ``journal``: a file where IDA* (``algorithm="idastar"``) keeps its progress, as the CLI's
    ``--resume``: a search stopped by a limit, Ctrl-C or a crash and called again with the same
    file goes on from its last threshold and finished subtrees; a finished one answers at once.
    The journal is checked, not trusted: one damaged, edited, of another search or of an
    earlier format raises :class:`FileError` naming the file and what is wrong; ``fresh=True``
    sets it aside (renamed ``NAME.refused-SECONDS``) and begins the search anew. An answer whose
    proof rests partly on a journal says so: ``solution.proof == "journal"`` (``"search"``
    otherwise); solve again without the journal to prove it from nothing.

    ``progress``: called (in the calling thread, about twenty times a second at most, when
    something changed) with ``(threshold, finished, subtrees, expanded)`` while IDA* on every core
    (``parallel=True``, or with a journal) searches: the iteration's threshold, how many of its
    subtrees are finished (a journal's included), and the nodes of those finished. An exception
    it raises stops the search and is raised.

    >>> npuzzle.solve("1 2 3/4 5 6/7 0 8").moves
    'L'
    >>> npuzzle.solve("2 1 3/4 5 6/7 8 0")
    Traceback (most recent call last):
    ...
    npuzzle.UnsolvableError: unsolvable: ...
    """
    if fresh and journal is not None:
        _native.set_aside_journal(journal)
    return _native.solve(position, _options(options, kwargs), journal, progress)


def analyse(
    position: Any, moves: str, options: Options | None = None, **kwargs: Any
) -> dict[str, Any]:
    """Every move of a game analysed, as ``npuzzle analyse --json`` writes it: for each move the
    distance before and after (``{"kind": "exact", "moves": d}``, or ``{"kind": "bounds",
    "lower": …, "upper": …}`` where the solver cannot prove it), its ``verdict`` (``"optimal"``,
    ``"mistake"``, ``"unknown"``) and, at a mistake, every optimal move from there; then the
    totals (mistakes, moves lost, "your + optimal" from the first mistake). Keyword arguments
    are those of :class:`Options`. The GIL is released; Ctrl-C stops it.

    >>> a = npuzzle.analyse("1 2 3/4 5 6/0 7 8", "D U L L")
    >>> [s["verdict"] for s in a["steps"]], a["steps"][0]["optimal_moves"]
    (['mistake', 'optimal', 'optimal', 'optimal'], 'L')
    """
    return json.loads(_native.analyse(position, moves, _options(options, kwargs)))


class Labels(NamedTuple):
    """Labels of a batch of positions (:func:`label`), one entry a position.

    ``distance``: the exact distance (``int32``, −1 where not proved); ``lower`` and ``upper``:
    the bounds known (equal to it where proved; −1 where a limit stopped the search before any
    solution); ``optimal``: which tile moves ``U D L R`` keep the optimum, ``(n, 4)`` booleans;
    ``known``: whether ``optimal`` is known (the distance proved and every neighbour tried);
    ``expanded``: the nodes each label took (``uint64``)."""

    distance: np.ndarray
    lower: np.ndarray
    upper: np.ndarray
    optimal: np.ndarray
    known: np.ndarray
    expanded: np.ndarray


def label(
    positions: Any, options: Options | None = None, *, size: str | int | None = None, **kwargs: Any
) -> Labels:
    """Optimal labels for learning, on every core: each position's exact distance and every
    optimal move from it (the labels of a learned heuristic and of an imitation policy), numpy in
    and out. Keyword arguments are those of :class:`Options`; ``timeout`` and ``max_nodes`` apply
    to each position, and a position they stop is left unproved (``distance`` −1, ``known``
    False) while the rest are labelled. The GIL is released; Ctrl-C stops the batch
    (``KeyboardInterrupt``). On 4×4, build the 7-8 databases first (``npuzzle pdb build
    --partition 78``, or ``npuzzle.pdb.build("4x4", "78")``): they label several times faster.
    For batches of many thousands, the zero-aware ``partition="z:78"`` (5 minutes to build,
    2.3 GB) expands 0.55× the nodes and labels about 8 % faster.

    >>> labels = npuzzle.label([[1, 2, 3, 4, 0, 6, 7, 5, 8], [1, 2, 3, 4, 5, 6, 7, 8, 0]])
    >>> labels.distance.tolist(), labels.optimal.tolist()
    ([2, 0], [[True, False, False, False], [False, False, False, False]])
    >>> labels.known.tolist()
    [True, True]
    """
    rows, width, height = _rows(positions, size)
    return Labels(*_native.label(rows, width, height, _options(options, kwargs)))


def optimal_moves(
    positions: Any, options: Options | None = None, *, size: str | int | None = None, **kwargs: Any
) -> tuple[np.ndarray, np.ndarray]:
    """For each position, its optimal distance (``int32``, −1 where not proved) and which tile
    moves ``U D L R`` (``U``: the tile below the blank slides up) keep the optimum, an ``(n, 4)``
    boolean array: the first two of :func:`label`'s arrays.

    >>> d, m = npuzzle.optimal_moves([[1, 2, 3, 4, 0, 6, 7, 5, 8]])
    >>> d.tolist(), m.tolist()
    ([2], [[True, False, False, False]])
    """
    labels = label(positions, options, size=size, **kwargs)
    return labels.distance, labels.optimal


def solve_many(
    positions: Any,
    options: Options | None = None,
    *,
    size: str | int | None = None,
    threads: int | None = None,
    errors: str = "raise",
    **kwargs: Any,
) -> list[Solution | Exception]:
    """Solves every position (an array of rows, or an iterable of boards or text) on ``threads``
    threads (all cores when None); the answers in input order.

    With ``errors="raise"`` the first failure is raised; with ``"return"`` each failure takes its
    place in the list as its exception.

    >>> sols = npuzzle.solve_many(npuzzle.generate("3x3", count=3, seed=2), threads=2)
    >>> [s.optimal for s in sols]
    [True, True, True]
    """
    if errors not in ("raise", "return"):
        raise ValueError(f"errors={errors!r}: 'raise' or 'return'")
    native_size = None
    if isinstance(positions, np.ndarray) or (
        not isinstance(positions, (str, Board)) and _looks_numeric(positions)
    ):
        rows, width, height = _rows(positions, size)
        positions = list(rows.astype(np.int64))
        native_size = f"{width}x{height}"
    elif isinstance(positions, (str, Board)):
        raise ParseError("solve_many takes many positions: give a list, or use solve()")
    return _native.solve_many(
        positions,
        _options(options, kwargs),
        size=native_size,
        threads=threads,
        raise_errors=errors == "raise",
    )


def _looks_numeric(positions: Any) -> bool:
    """Whether ``positions`` is a sequence of rows of numbers (rather than boards or text)."""
    try:
        first = next(iter(positions))
    except (TypeError, StopIteration):
        return False
    return not isinstance(first, (str, Board)) and np.asarray(first).dtype.kind in "iu"


def generate(
    size: str | int = "4x4",
    count: int = 1,
    seed: int | None = None,
    *,
    walk: int | None = None,
    distance: int | None = None,
    goal: str = "blank-last",
) -> np.ndarray:
    """``count`` positions as ``(count, cells)`` rows, as ``npuzzle generate --seed`` draws them:
    uniformly random solvable ones (never the goal); with ``walk``, the ends of random walks of
    that many moves that never undo a move; with ``distance``, positions exactly that many moves
    from the goal (boards of at most 12 cells). The dtype is the smallest that holds the tiles.

    >>> npuzzle.generate("2x2", count=2, seed=7).tolist()
    [[2, 0, 1, 3], [2, 3, 0, 1]]
    """
    width, height = _size(size)
    seed = secrets.randbits(63) if seed is None else seed
    return _native.generate(width, height, count, seed, walk=walk, distance=distance, goal=goal)


def heuristic(
    positions: Any,
    name: str = "manhattan",
    *,
    size: str | int | None = None,
    goal: str = "blank-last",
    cache_dir: str | os.PathLike[str] | None = None,
) -> np.ndarray:
    """The heuristic's lower bound for each position: ``"misplaced"``, ``"manhattan"``, ``"linear-conflict"``,
    ``"walking-distance"``, or pattern databases (``"pdb"`` for the policy's choice, or a
    partition: ``"663"``, ``"78"``, ``"6666"``, opened from the CLI's cache folder, built when
    missing). A ``uint8`` array (``uint16`` past 255).

    >>> npuzzle.heuristic([[1, 2, 3, 4, 5, 6, 7, 0, 8]], "manhattan").tolist()
    [1]
    """
    rows, width, height = _rows(positions, size)
    folder = None if cache_dir is None else os.fspath(cache_dir)
    return _native.heuristic_values(rows, width, height, name, goal=goal, cache_dir=folder)


def estimate(
    positions: Any,
    *,
    size: str | int | None = None,
    goal: str = "blank-last",
    model: str | os.PathLike[str] | None = None,
) -> np.ndarray:
    """The learned estimate of each position's distance to the goal, in moves (``float32``):
    linear conflict plus what a trained network expects beyond it, never below linear conflict,
    0 at the goal. It is what ranks the anytime solver's beams with ``ranking="learned"``: an
    estimate, not a lower bound. ``model`` is a file made by ``npuzzle-train``; without it, the
    model shipped for the board (3x3, 5x5, 6x6, 7x7 toward the blank-last goal; 4x4 toward
    ``"blank-first"``).

    >>> goal = np.arange(1, 26, dtype=np.uint8) % 25
    >>> npuzzle.estimate([goal]).tolist()
    [0.0]
    """
    rows, width, height = _rows(positions, size)
    path = None if model is None else os.fspath(model)
    return _native.learned_estimates(rows, width, height, goal=goal, model=path)


def is_solvable(
    positions: Any, *, size: str | int | None = None, goal: str = "blank-last"
) -> np.ndarray:
    """Whether each position can reach ``goal``: a ``bool`` array.

    >>> npuzzle.is_solvable([[2, 1, 3, 4, 5, 6, 7, 8, 0]]).tolist()
    [False]
    """
    rows, width, height = _rows(positions, size)
    return _native.solvable(rows, width, height, goal=goal)


def is_solved(
    positions: Any, *, size: str | int | None = None, goal: str = "blank-last"
) -> np.ndarray:
    """Whether each position is ``goal``: a ``bool`` array."""
    rows, width, height = _rows(positions, size)
    return _native.solved(rows, width, height, goal=goal)


def children(
    positions: Any, *, size: str | int | None = None, previous: Any = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every position's four children, in the order of :data:`MOVES`: ``(children, legal,
    undoes)`` shaped ``(n, 4, cells)``, ``(n, 4)`` and ``(n, 4)``. A move that leaves the board
    gives the position itself with ``legal`` False; ``undoes`` marks the move that undoes
    ``previous`` (a move code per position, -1 for none).

    >>> kids, legal, undoes = npuzzle.children([[1, 2, 3, 4, 5, 6, 7, 8, 0]], previous=[3])
    >>> legal.tolist(), undoes.tolist()
    ([[False, True, False, True]], [[False, False, False, False]])
    """
    rows, width, height = _rows(positions, size)
    codes = None
    if previous is not None:
        codes = _codes(previous, "previous")
    return _native.children(rows, width, height, previous=codes)


def _codes(moves: Any, name: str) -> np.ndarray:
    """Move codes (-1 to 3) as a C-ordered ``int8`` array."""
    array = np.asarray(moves)
    if array.dtype.kind not in "iu" or array.ndim != 1:
        raise ParseError(f"{name} must be a 1-D array of move codes (0 to 3, or -1)")
    if array.size and (array.min() < -1 or array.max() > 3):
        raise ParseError(f"{name}: a move code is 0 to 3 (U D L R), or -1")
    return np.ascontiguousarray(array, dtype=np.int8)


def apply_moves(positions: Any, moves: Any, *, size: str | int | None = None) -> np.ndarray:
    """Each position after its move (a code of :data:`MOVES` per position, -1 for none); a move
    that leaves the board raises, naming the row.

    >>> npuzzle.apply_moves([[1, 2, 3, 4, 5, 6, 7, 0, 8]], [2]).tolist()
    [[1, 2, 3, 4, 5, 6, 7, 8, 0]]
    """
    rows, width, height = _rows(positions, size)
    codes = _codes(moves, "moves")
    return _native.apply_moves(rows, width, height, codes)


def random_walks(
    size: str | int, lengths: Any, seed: int | None = None, *, goal: str = "blank-last"
) -> np.ndarray:
    """Random walks from ``goal``, one per entry of ``lengths`` (that many moves, never undoing
    the last: DeepCubeA's scramble), as ``uint8`` rows. ``lengths`` is a number of walks' lengths
    or an int (one walk).

    >>> walks = npuzzle.random_walks("4x4", np.arange(5), seed=3)
    >>> npuzzle.heuristic(walks).tolist()[:2]
    [0, 1]
    """
    width, height = _size(size)
    array = np.atleast_1d(np.asarray(lengths))
    if array.dtype.kind not in "iu" or array.ndim != 1 or (array.size and array.min() < 0):
        raise ParseError("lengths must be whole numbers of moves, at least 0")
    seed = secrets.randbits(63) if seed is None else seed
    # Never narrowed here: the library checks each length against the CLI's --walk range.
    lengths64 = np.ascontiguousarray(array, dtype=np.uint64)
    return _native.random_walks(width, height, lengths64, seed, goal=goal)


class Instance(NamedTuple):
    """One position of a benchmark file: its proved optimal length and a reference solver's
    length where the file gives them, its line, and the file's goal."""

    board: Board
    optimal: int | None
    reference: int | None
    line: int
    goal: str


def read_instances(path: str | os.PathLike[str]) -> list[Instance]:
    """The positions of an instance file (``data/instances/*.txt``: one position a line, an
    optional optimal length after it, ``#`` comments).

    >>> korf = npuzzle.read_instances("data/instances/korf100.txt")  # doctest: +SKIP
    >>> korf[0].optimal, korf[0].goal  # doctest: +SKIP
    (57, 'blank-first')
    """
    return [Instance(*fields) for fields in _native.read_instances(os.fspath(path))]


def read_json_lines(path: str | os.PathLike[str], goal: str | None = None) -> list[Solution]:
    """The solutions of a file of the CLI's ``solve --json`` lines (blank lines skipped), read
    with the package's cap (:data:`MAX_DATA_FILE` bytes). Each is checked as
    :meth:`Solution.from_json` checks it: its moves replayed from its position to ``goal`` (one
    of the named goals when None)."""
    where = os.fspath(path)
    text = _text(path)
    solutions = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            solutions.append(Solution.from_json(line, goal))
        except ParseError as error:
            raise ParseError(f"{where}:{number}: {error}") from None
    return solutions


MAX_DATA_FILE: int = _native.MAX_DATA_FILE
"""The most bytes read from a data file named to the package (instance files, answer files,
DeepCubeA's test sets, the cluster's input and journal): the CLI's cap."""


def _text(path: str | os.PathLike[str]) -> str:
    """The text of a file the user named, read with the one capped reader (a FIFO or a terminal
    is waited on with Ctrl-C honoured); :class:`FileError` or :class:`ParseError` naming it."""
    return _native.read_text(os.fspath(path))
