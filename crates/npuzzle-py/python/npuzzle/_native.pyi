# Stubs of the native module (Rust, PyO3); mypy's stubtest checks them against it in CI.
import builtins
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, final

import numpy as np
import numpy.typing as npt

__version__: str
__all__ = [
    "ActionError",
    "Board",
    "Boards",
    "DatabaseError",
    "FileError",
    "Journal",
    "Limit",
    "LimitReached",
    "MAX_BATCH_BYTES",
    "MAX_DATA_FILE",
    "Options",
    "ParseError",
    "PatternDatabases",
    "Range",
    "Solution",
    "UnsolvableError",
    "__version__",
    "apply_moves",
    "build",
    "children",
    "defaults",
    "folder",
    "generate",
    "heuristic_values",
    "learned_estimates",
    "limit_reached",
    "list",
    "open",
    "random_walks",
    "read_file",
    "read_text",
    "read_instances",
    "solve",
    "analyse",
    "optimal_moves",
    "solve_many",
    "set_aside_journal",
    "first_bound",
    "split",
    "subtree",
    "split_solution",
    "split_positions",
    "settings_fields",
    "shown",
    "size_of",
    "solvable",
    "solved",
]

class ParseError(ValueError): ...
class UnsolvableError(ValueError): ...

@final
class Limit:
    def __new__(cls, kind: str, value: int | float | None = None) -> Limit: ...
    @property
    def kind(self) -> str: ...
    @property
    def value(self) -> int | float | None: ...

class LimitReached(Exception):
    limit: Limit
    stats: dict[str, float]

class DatabaseError(Exception): ...
class FileError(OSError): ...
class ActionError(ValueError): ...

@final
class Boards:
    def __new__(
        cls,
        width: int,
        height: int,
        count: int,
        goal: str = "blank-last",
        moves: str = "blank",
        illegal: str = "noop",
        illegal_penalty: float = 0.0,
        reward: str = "sparse",
        solved_reward: float = 1.0,
        step_cost: float = 0.0,
        max_steps: int | None = None,
        autoreset: str = "next-step",
    ) -> Boards: ...
    @property
    def goal(self) -> bytes: ...
    def set_deal(
        self, kind: str, value: Any = None, cache_dir: str | None = None
    ) -> tuple[str, bool, str]: ...
    def reset(
        self,
        boards: npt.NDArray[np.uint8],
        masks: npt.NDArray[np.bool_],
        distances: npt.NDArray[np.int32],
        seed: int | None = None,
        mask: npt.NDArray[np.bool_] | None = None,
    ) -> None: ...
    def step(
        self,
        actions: npt.NDArray[np.int64],
        boards: npt.NDArray[np.uint8],
        rewards: npt.NDArray[np.float32],
        terminated: npt.NDArray[np.bool_],
        truncated: npt.NDArray[np.bool_],
        masks: npt.NDArray[np.bool_],
        distances: npt.NDArray[np.int32],
        finals: npt.NDArray[np.uint8] | None = None,
        final_flags: npt.NDArray[np.bool_] | None = None,
    ) -> None: ...

MAX_BATCH_BYTES: int
MAX_DATA_FILE: int

def read_file(path: str | os.PathLike[str], limit: int | None = None) -> bytes: ...
def read_text(path: str | os.PathLike[str]) -> str: ...
def shown(text: str) -> str: ...
def limit_reached(
    limit: Limit, expanded: int, generated: int, seconds: float, proved_bound: int
) -> LimitReached: ...
def size_of(text: str) -> tuple[int, int]: ...
def defaults() -> dict[str, Any]: ...
def settings_fields() -> builtins.list[tuple[str, str, str, str, str]]: ...
@final
class Range:
    Chunk: Range
    Subtrees: Range
    LocalNodes: Range
    Threads: Range
    EpisodeSteps: Range
    def check(self, name: str, value: object) -> int: ...

@final
class Board:
    def __new__(cls, position: Any, size: str | None = None) -> Board: ...
    @property
    def size(self) -> str: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def shape(self) -> tuple[int, int]: ...
    @property
    def blank(self) -> tuple[int, int]: ...
    def to_list(self) -> builtins.list[builtins.list[int]]: ...
    def to_numpy(self) -> npt.NDArray[np.unsignedinteger[Any]]: ...
    def is_solvable(self, goal: str = "blank-last") -> bool: ...
    def is_solved(self, goal: str = "blank-last") -> bool: ...
    def legal_moves(self) -> builtins.list[str]: ...
    def apply(self, moves: str) -> Board: ...
    def __reduce__(self) -> tuple[type[Board], tuple[str]]: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Options:
    def __new__(
        cls,
        algorithm: str = "auto",
        heuristic: str | None = None,
        ranking: str | None = None,
        goal: str = "blank-last",
        time_budget: float = 10.0,
        timeout: float | None = None,
        max_nodes: int | None = None,
        max_memory: int = 4096,
        weight: float = 2.0,
        parallel: bool = False,
        cache_dir: str | os.PathLike[str] | None = None,
        partition: str | None = None,
        model: str | os.PathLike[str] | None = None,
    ) -> Options: ...
    @property
    def algorithm(self) -> str: ...
    @property
    def heuristic(self) -> str | None: ...
    @property
    def ranking(self) -> str | None: ...
    @property
    def model(self) -> Path | None: ...
    @property
    def goal(self) -> str: ...
    @property
    def time_budget(self) -> float: ...
    @property
    def timeout(self) -> float | None: ...
    @property
    def max_nodes(self) -> int | None: ...
    @property
    def max_memory(self) -> int: ...
    @property
    def weight(self) -> float: ...
    @property
    def parallel(self) -> bool: ...
    @property
    def cache_dir(self) -> Path | None: ...
    @property
    def partition(self) -> str | None: ...
    def __reduce__(self) -> tuple[type[Options], tuple[Any, ...]]: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...

@final
class Solution:
    @staticmethod
    def from_json(line: str, goal: str | None = None) -> Solution: ...
    @staticmethod
    def _restore(line: str) -> Solution: ...
    @property
    def moves(self) -> str: ...
    @property
    def position(self) -> Board: ...
    @property
    def length(self) -> int: ...
    @property
    def mtm(self) -> int: ...
    @property
    def optimal(self) -> bool: ...
    @property
    def proof(self) -> str | None: ...
    @property
    def lower_bound(self) -> int: ...
    @property
    def gap(self) -> int: ...
    @property
    def bound(self) -> float | None: ...
    @property
    def algorithm(self) -> str: ...
    @property
    def heuristic(self) -> str | None: ...
    @property
    def ranking(self) -> str | None: ...
    @property
    def expanded(self) -> int: ...
    @property
    def generated(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def stopped(self) -> str | None: ...
    def to_json(self) -> str: ...
    def to_text(self, batch: bool = False) -> str: ...
    def __len__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[str]]: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...

@final
class PatternDatabases:
    @property
    def size(self) -> str: ...
    @property
    def partition(self) -> str: ...
    def values(self, positions: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]: ...

def solve(
    position: Any,
    options: Options | None = None,
    journal: str | os.PathLike[str] | None = None,
    progress: Callable[[int, int, int, int], object] | None = None,
) -> Solution: ...
def analyse(position: Any, moves: str, options: Options | None = None) -> str: ...
def optimal_moves(
    positions: np.ndarray, width: int, height: int, options: Options | None = None
) -> tuple[np.ndarray, np.ndarray]: ...
def solve_many(
    positions: Iterable[Any],
    options: Options | None = None,
    size: str | None = None,
    threads: int | None = None,
    raise_errors: bool = True,
    watch: Callable[[], object] | None = None,
) -> builtins.list[Solution | Exception]: ...
def heuristic_values(
    positions: npt.NDArray[np.uint8],
    width: int,
    height: int,
    name: str,
    goal: str = "blank-last",
    cache_dir: str | None = None,
) -> npt.NDArray[np.unsignedinteger[Any]]: ...
def learned_estimates(
    positions: npt.NDArray[np.uint8],
    width: int,
    height: int,
    goal: str = "blank-last",
    model: str | os.PathLike[str] | None = None,
) -> npt.NDArray[np.float32]: ...
def solvable(
    positions: npt.NDArray[np.uint8], width: int, height: int, goal: str = "blank-last"
) -> npt.NDArray[np.bool_]: ...
def solved(
    positions: npt.NDArray[np.uint8], width: int, height: int, goal: str = "blank-last"
) -> npt.NDArray[np.bool_]: ...
def children(
    positions: npt.NDArray[np.uint8],
    width: int,
    height: int,
    previous: npt.NDArray[np.int8] | None = None,
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.bool_], npt.NDArray[np.bool_]]: ...
def apply_moves(
    positions: npt.NDArray[np.uint8], width: int, height: int, moves: npt.NDArray[np.int8]
) -> npt.NDArray[np.uint8]: ...
def random_walks(
    width: int, height: int, lengths: npt.NDArray[np.uint64], seed: int, goal: str = "blank-last"
) -> npt.NDArray[np.uint8]: ...
def generate(
    width: int,
    height: int,
    count: int,
    seed: int,
    walk: int | None = None,
    distance: int | None = None,
    goal: str = "blank-last",
) -> npt.NDArray[np.unsignedinteger[Any]]: ...
def read_instances(
    path: str | os.PathLike[str],
) -> builtins.list[tuple[Board, int | None, int | None, int, str]]: ...

@final
class Journal:
    def __new__(
        cls, path: str | os.PathLike[str] | None, position: Any, options: Options, aim: int
    ) -> Journal: ...
    def solution(self) -> str | None: ...
    @property
    def bound(self) -> int: ...
    @property
    def prior(self) -> tuple[int, int, float]: ...
    def iteration(
        self,
        bound: int,
        paths: builtins.list[str],
        next_bound: int | None,
        expanded: int,
        generated: int,
    ) -> tuple[builtins.list[bool], int | None]: ...
    @property
    def aim(self) -> int: ...
    @property
    def stale_aim(self) -> int | None: ...
    def recut(self, bound: int, old: builtins.list[str], new: builtins.list[str]) -> None: ...
    def ended_above_the_cut(self, bound: int) -> None: ...
    def order(self) -> builtins.list[int]: ...
    def finished(
        self,
        index: int,
        next_bound: int | None,
        expanded: int,
        generated: int,
        nearest: int | None = None,
    ) -> None: ...
    def found(self, path: str, expanded: int, generated: int) -> None: ...
    def flush(self) -> None: ...
    @property
    def rests_on_journal(self) -> bool: ...
    @staticmethod
    def next_threshold(bound: int, least: int) -> int: ...

def set_aside_journal(path: str | os.PathLike[str]) -> str | None: ...
def first_bound(position: Any, options: Options) -> int: ...
def split(
    position: Any, options: Options, bound: int, subtrees: int
) -> tuple[str | None, builtins.list[str], int | None, int, int]: ...
def subtree(
    position: Any,
    options: Options,
    path: str,
    bound: int,
    watch: Callable[[], object] | None = None,
) -> tuple[str | None, int | None, int, int, int | None]: ...
def split_solution(
    position: Any,
    options: Options,
    path: str,
    expanded: int,
    generated: int,
    seconds: float,
    journal: bool = False,
) -> Solution: ...
def split_positions(text: str) -> builtins.list[tuple[int, str]]: ...
def open(
    size: str, partition: str | None = None, goal: str = "blank-last", cache_dir: str | None = None
) -> PatternDatabases: ...
def build(
    size: str, partition: str | None = None, goal: str = "blank-last", cache_dir: str | None = None
) -> builtins.list[Path]: ...
def list(cache_dir: str | None = None) -> builtins.list[dict[str, Any]]: ...
def folder(cache_dir: str | None = None) -> Path: ...

