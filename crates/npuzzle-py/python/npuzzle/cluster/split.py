"""One long optimal search shared out across a Ray cluster: IDA* by subtrees.

For each threshold, the driver cuts the iteration a few moves deep into subtrees (several per
worker, so that they even out), every worker searches its subtrees with the threshold, the first
goal found stops the others (it is optimal: every solution within a threshold has exactly that
length, and the thresholds rise by the least f-value that passed the last), and the next
threshold is the least value past this one among all of them. The subtrees are handed out first
to last by how near the goal their search came in the iteration before (the least heuristic value
it reached), as ``npuzzle solve --split`` orders its cores' work. Workers keep their prepared
solver (pattern databases from their node's cache) between tasks.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from .. import Board, Options, ParseError, Solution, _native, _options
from .rounds import Round, answered
from .session import _ray, connect

__all__ = ["search"]

#: Subtrees per worker in an iteration.
SUBTREES_PER_WORKER = 8

#: Subtrees under way per worker: as many as an iteration gives each without a journal (all
#: of them at once, as before there was a window), few beside a journal's 512.
UNDER_WAY_PER_WORKER = SUBTREES_PER_WORKER

#: Nodes the driver searches alone first (on its own cores, tenths of a second at most): a
#: search this small is over before a round of tasks could even come back, so it is never
#: shared out. A larger one goes on from the threshold this one proved.
LOCAL_NODES = 1_000_000

#: The subtrees (at least) each iteration is cut into when the search keeps a journal, on any
#: cluster: fewer than ``npuzzle solve --resume``'s 4,096, as each subtree is a task, which costs
#: milliseconds. A journal moves between the two all the same, carried over from one cut to the
#: other (the subtrees finished kept).
JOURNAL_SUBTREES = 512


def _subtree(
    tasks: Round, text: str, options: Options, task: _native.SplitTask
) -> _native.SplitReport | None:
    """Runs in a worker: one subtree searched with its share of the limits (None when the
    driver stopped the round of tasks)."""
    return tasks.run(lambda look: task.search(text, options, look))


def search(
    position: Any,
    options: Options | None = None,
    *,
    address: str | None = None,
    subtrees_per_worker: int = SUBTREES_PER_WORKER,
    local_nodes: int = LOCAL_NODES,
    journal: str | os.PathLike[str] | None = None,
    progress: Callable[[int, int, int], None] | None = None,
    **kwargs: Any,
) -> Solution:
    """Solves ``position`` optimally by IDA* split across the cluster's workers, answering as
    :func:`npuzzle.solve` does (the nodes are those of every worker added up). A search of at
    most ``local_nodes`` nodes is done by the driver alone (sharing it out would cost more than
    it takes; 0 shares out every search). ``max_nodes``
    and ``timeout`` hold for the whole search; Ctrl-C stops it. The options' heuristic is used
    (``heuristic="pdb"`` for pattern databases: 7-8 on 4x4, 6-6-6-6 on 5x5, or a partition with
    ``cache_dir`` holding it).

    ``journal``: a file where the search keeps what it has finished (the file ``npuzzle solve
    --resume`` and :func:`npuzzle.solve` keep: each resumes the others'). Run again with the same
    file after a stop (Ctrl-C, a limit, a crash of the driver), the search goes on from its
    iteration and the subtrees it finished, losing only those under way; a finished search
    answers at once. Every iteration is then cut into the same ``JOURNAL_SUBTREES`` subtrees
    (512) on any cluster, so ``subtrees_per_worker`` is not used. A journal of another search
    raises :class:`~npuzzle.FileError`.

    ``progress``: called with ``(threshold, finished, subtrees)`` as each iteration begins and
    as each of its subtrees is finished (the subtrees a journal kept count as finished)."""
    asked = _options(options, kwargs)
    refuse_unsplit(asked.algorithm)
    subtrees_per_worker = _native.Range.Subtrees.check("subtrees_per_worker", subtrees_per_worker)
    local_nodes = _native.Range.LocalNodes.check("local_nodes", local_nodes)
    ray = _ray()
    connect(address)
    text = str(Board(position) if not isinstance(position, Board) else position)
    workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
    searched = _options(asked, {"algorithm": "idastar", "parallel": False})
    aim = workers * subtrees_per_worker if journal is None else JOURNAL_SUBTREES
    driver = _native.SplitDriver(text, searched, journal, aim, workers * UNDER_WAY_PER_WORKER)
    try:
        if local_nodes > 0:
            driver.alone(local_nodes)
        _carry(driver, ray.remote(num_cpus=1, max_retries=5)(_subtree), text, searched, progress)
    except BaseException:
        # A stop of the transport's own (Ctrl-C, a callback's exception): the journal keeps
        # what was finished.
        driver.flush()
        raise
    return driver.outcome()


def _carry(
    driver: _native.SplitDriver,
    remote: Any,
    text: str,
    options: Options,
    progress: Callable[[int, int, int], None] | None,
) -> None:
    """The transport: submits each task the driver hands out to a worker, waits when it says
    so, reports every answer back, and stops the tasks under way when it says the search is
    over. Nothing is decided here."""
    ray = _ray()
    # Begun with the first task (a search the driver finished alone needs no round).
    tasks: Round | None = None
    pending: dict[Any, int] = {}
    told = None
    try:
        while (step := driver.poll()) != _native.SplitStep.Done:
            now = driver.progress
            if progress is not None and now[2] > 0 and now != told:
                told = now
                progress(*now)
            if isinstance(step, _native.SplitTask):
                tasks = tasks or Round.begin()
                pending[remote.remote(tasks, text, options, step)] = step.index
                continue
            if step != _native.SplitStep.Wait or not pending:
                raise RuntimeError(f"internal error: the split search's driver said {step}")
            # One task's end waited for, then every other that has ended taken with it.
            [first], rest = ray.wait(list(pending), num_returns=1)
            ended, _ = ray.wait(rest, num_returns=len(rest), timeout=0) if rest else ([], [])
            for ref in [first, *ended]:
                driver.report(pending.pop(ref), answered(ray.get(ref)))
    finally:
        if pending and tasks is not None:
            tasks.stop()


def refuse_unsplit(algorithm: str) -> None:
    """Raises :class:`~npuzzle.ParseError` for a method the split search does not run (it is
    IDA*; ``"auto"`` is taken as IDA*), rather than running IDA* in its place without a word."""
    if algorithm not in ("idastar", "auto"):
        raise ParseError(
            f"the split search is IDA* shared out by subtrees: algorithm={algorithm!r} is not "
            "split (npuzzle.cluster.solve runs any method)"
        )
