"""One long optimal search shared out across a Ray cluster: IDA* by subtrees.

For each threshold, the driver cuts the iteration a few moves deep into subtrees (several per
worker, so that they even out), every worker searches its subtrees with the threshold, the first
goal found stops the others (it is optimal: every solution within a threshold has exactly that
length, and the thresholds rise by the least f-value that passed the last), and the next
threshold is the least value past this one among all of them. Workers keep their prepared solver
(pattern databases from their node's cache) between tasks.
"""

from __future__ import annotations

import time
from typing import Any

from .. import Board, Limit, LimitReached, Options, ParseError, Solution, _native, _options
from .session import _ray, cancel, connect

__all__ = ["search"]

#: Subtrees per worker in an iteration.
SUBTREES_PER_WORKER = 8

#: Nodes the driver searches alone first (on its own cores, tenths of a second at most): a
#: search this small is over before a round of tasks could even come back, so it is never
#: shared out. A larger one goes on from the threshold this one proved.
LOCAL_NODES = 1_000_000


def _subtree(text: str, options: Options, path: str, bound: int) -> tuple[Any, ...]:
    """Runs in a worker: one subtree searched with the threshold."""
    return _native.subtree(text, options, path, bound)


def _limited(
    what: Limit, expanded: int, generated: int, seconds: float, bound: int
) -> LimitReached:
    """The library's ``LimitReached`` for the whole search (its words, ``limit`` and ``stats``)."""
    return _native.limit_reached(what, expanded, generated, seconds, bound)


def search(
    position: Any,
    options: Options | None = None,
    *,
    address: str | None = None,
    subtrees_per_worker: int = SUBTREES_PER_WORKER,
    local_nodes: int = LOCAL_NODES,
    **kwargs: Any,
) -> Solution:
    """Solves ``position`` optimally by IDA* split across the cluster's workers, answering as
    :func:`npuzzle.solve` does (the nodes are those of every worker added up). A search of at
    most ``local_nodes`` nodes is done by the driver alone (sharing it out would cost more than
    it takes; 0 shares out every search). ``max_nodes``
    and ``timeout`` hold for the whole search; Ctrl-C stops it. The options' heuristic is used
    (``heuristic="pdb"`` for pattern databases: 7-8 on 4x4, 6-6-6-6 on 5x5, or a partition with
    ``cache_dir`` holding it)."""
    asked = _options(options, kwargs)
    refuse_unsplit(asked.algorithm)
    subtrees_per_worker = _native.Range.Subtrees.check("subtrees_per_worker", subtrees_per_worker)
    local_nodes = _native.Range.LocalNodes.check("local_nodes", local_nodes)
    ray = _ray()
    connect(address)
    options = _options(asked, {"algorithm": "idastar", "parallel": False})
    # The driver's own work (the first search, the cuts) on all its cores, with one solver
    # prepared for it all.
    driver = _options(options, {"parallel": True})
    text = str(Board(position) if not isinstance(position, Board) else position)
    clock = time.monotonic()
    bound = _native.first_bound(text, driver)
    expanded = generated = 0
    if local_nodes > 0:
        limit = min(local_nodes, options.max_nodes or local_nodes)
        try:
            return _native.solve(text, _options(driver, {"max_nodes": limit}))
        except LimitReached as stopped:
            if options.max_nodes is not None and options.max_nodes <= local_nodes:
                raise
            bound = max(bound, int(stopped.stats["proved_bound"]))
            expanded = int(stopped.stats["expanded"])
            generated = int(stopped.stats["generated"])
    workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
    remote = ray.remote(num_cpus=1, max_retries=5)(_subtree)
    while True:
        cuts = workers * subtrees_per_worker
        found, paths, above, cut = _native.split(text, driver, bound, cuts)
        expanded += cut
        if found is not None:
            break
        least: float = above if above is not None else float("inf")
        seconds = time.monotonic() - clock
        what = _which_limit(options, expanded, seconds)
        if what:
            raise _limited(what, expanded, generated, seconds, bound)
        task_options = _task_options(options, expanded, seconds, len(paths))
        pending = [remote.remote(text, task_options, path, bound) for path in paths]
        try:
            while pending and found is None:
                done, pending = ray.wait(pending, num_returns=1)
                try:
                    hit, next_bound, nodes, made = ray.get(done[0])
                except LimitReached as stopped:
                    # A subtree used up its share of the whole search's limit.
                    seconds = time.monotonic() - clock
                    what = _which_limit(options, options.max_nodes or 0, seconds) or stopped.limit
                    raise _limited(what, expanded, generated, seconds, bound) from None
                expanded += nodes
                generated += made
                found = hit
                if next_bound is not None:
                    least = min(least, next_bound)
        finally:
            cancel(pending)
        if found is not None:
            break
        seconds = time.monotonic() - clock
        what = _which_limit(options, expanded, seconds)
        if what:
            raise _limited(what, expanded, generated, seconds, bound)
        if least == float("inf"):
            raise ValueError("internal error: IDA* exhausted a solvable space")
        bound = int(least)
    return _native.split_solution(
        text, driver, found, expanded, generated, time.monotonic() - clock
    )


def refuse_unsplit(algorithm: str) -> None:
    """Raises :class:`~npuzzle.ParseError` for a method the split search does not run (it is
    IDA*; ``"auto"`` is taken as IDA*), rather than running IDA* in its place without a word."""
    if algorithm not in ("idastar", "auto"):
        raise ParseError(
            f"the split search is IDA* shared out by subtrees: algorithm={algorithm!r} is not "
            "split (npuzzle.cluster.solve runs any method)"
        )


def _which_limit(options: Options, expanded: int, seconds: float) -> Limit | None:
    """The limit of the whole search that has run out, if any."""
    if options.max_nodes is not None and expanded >= options.max_nodes:
        return Limit("nodes", options.max_nodes)
    if options.timeout is not None and seconds >= options.timeout:
        return Limit("time", options.timeout)
    return None


def _task_options(options: Options, expanded: int, seconds: float, tasks: int) -> Options:
    """The options of one of ``tasks`` subtrees: its share of what is left of the whole search's
    node limit (so that all of them together stay within it: a ceiling is a ceiling), and what
    is left of its time limit."""
    left = None if options.max_nodes is None else options.max_nodes - expanded
    max_nodes = None if left is None else max(1, left // max(1, tasks))
    timeout = None if options.timeout is None else max(0.001, options.timeout - seconds)
    return _options(options, {"max_nodes": max_nodes, "timeout": timeout})
