"""Batches of positions solved on a Ray cluster (``pip install ray``), answered in input order.

>>> from npuzzle import cluster                                     # doctest: +SKIP
>>> for index, answer in cluster.solve(["8 6 7/2 5 4/3 0 1", "1 2 0/3 4 5/6 7 8"]):  # doctest: +SKIP
...     print(index, answer)
0 Solution(length=31, optimal=True, algorithm='table', moves='DDLURRULLDRR…')
1 Solution(length=12, optimal=True, algorithm='table', moves='…')

Each task solves a few positions in a Ray worker process; a worker keeps what it prepared (the
3x3 table, pattern databases from its node's cache folder, built there once when missing by the
library's policy, or refused with the command to build them) for every later task. A worker or
node that dies has its tasks run again elsewhere (Ray retries them), and each answer is taken
once, so the answers are complete and without duplicates. Without ``address`` a cluster of this
machine is started, on 127.0.0.1 only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import closing
from typing import Any

from .. import Board, Options, Solution, _native, _options
from .rounds import Round
from .session import _ray, connect
from .split import search

__all__ = ["connect", "search", "solve"]

#: How many tasks each worker has queued, so that the slow ones even out.
TASKS_PER_WORKER = 4

#: Tasks under way per worker at a time: enough that a worker never waits for the driver to
#: start its next task when positions take a millisecond, few enough that Ray's queue stays
#: short however long the input.
UNDER_WAY_PER_WORKER = 32

#: The most positions one task takes (a task's answers come back together).
MAX_CHUNK = 64

def _solve_chunk(
    tasks: Round, first: int, texts: list[str], options: Options
) -> list[tuple[int, Any]] | None:
    """Runs in a worker: each text's answer as the CLI's JSON line, or its exception (which
    pickles with every attribute: a ``LimitReached`` keeps its ``limit`` and ``stats``); None
    when the driver stopped the batch."""
    return tasks.run(lambda look: _answers(first, texts, options, look))


def _answers(
    first: int, texts: list[str], options: Options, look: Callable[[], None]
) -> list[tuple[int, Any]]:
    answers: list[tuple[int, Any]] = []
    solved = _native.solve_many(texts, options, threads=1, raise_errors=False, watch=look)
    for offset, answer in enumerate(solved):
        if isinstance(answer, Solution):
            answers.append((first + offset, answer.to_json()))
        else:
            answers.append((first + offset, answer))
    return answers


def _answer(result: Any) -> Solution | Exception:
    if isinstance(result, str):
        return Solution._restore(result)
    if isinstance(result, Exception):
        return result
    raise TypeError(f"internal error: a task answered {type(result).__name__}")


def solve(
    positions: Sequence[Any],
    options: Options | None = None,
    *,
    address: str | None = None,
    chunk: int | None = None,
    **kwargs: Any,
) -> Iterator[tuple[int, Solution | Exception]]:
    """Solves ``positions`` (boards, text or rows) on the cluster; yields ``(index, answer)`` in
    input order as the answers come, an answer being a :class:`~npuzzle.Solution` or the
    exception the position raised (as :func:`npuzzle.solve_many` with ``errors="return"``).

    Options are those of :class:`npuzzle.Options`, as an object or keywords. Leaving the loop
    early (``break``, Ctrl-C, an exception) stops what is still running.
    """
    ray = _ray()
    connect(address)
    options = _options(options, kwargs)
    texts = [p if isinstance(p, str) else str(Board(p)) for p in positions]
    workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
    size = chunk or max(1, min(MAX_CHUNK, len(texts) // (workers * TASKS_PER_WORKER) or 1))
    # Worker processes die and come back; Ray runs their tasks again (they are pure).
    remote = ray.remote(num_cpus=1, max_retries=5)(_solve_chunk)
    tasks = Round.begin()
    work = ((first, first) for first in range(0, len(texts), size))
    replies = tasks.replies(
        lambda first: remote.remote(tasks, first, texts[first : first + size], options),
        work,
        workers * UNDER_WAY_PER_WORKER,
    )
    ready: dict[int, Solution | Exception] = {}
    next_index = 0
    with closing(replies):
        for _, reply in replies:
            for index, result in reply:
                ready.setdefault(index, _answer(result))
            while next_index in ready:
                yield next_index, ready.pop(next_index)
                next_index += 1


