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
import time
from collections.abc import Callable
from contextlib import closing
from typing import Any

from .. import Board, Limit, LimitReached, Options, ParseError, Solution, _native, _options
from .rounds import Round
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

#: No f-value past the threshold (yet).
_NONE = 2**32 - 1


def _subtree(
    tasks: Round, text: str, options: Options, path: str, bound: int
) -> tuple[Any, ...] | None:
    """Runs in a worker: one subtree searched with the threshold (None when the driver stopped
    the iteration's round of tasks)."""
    return tasks.run(lambda look: _native.subtree(text, options, path, bound, look))


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
    cuts = workers * subtrees_per_worker if journal is None else JOURNAL_SUBTREES
    run = _Search(text, searched, journal, cuts, workers * UNDER_WAY_PER_WORKER, progress)
    if local_nodes > 0:
        solution = run.alone(local_nodes)
        if solution is not None:
            return solution
    remote = ray.remote(num_cpus=1, max_retries=5)(_subtree)
    try:
        found = run.keeper.solution()
        while found is None:
            found = run.iteration(remote)
    except BaseException:
        # A stop of any kind: the journal keeps what was finished (the answer writes it too).
        run.keeper.flush()
        raise
    return run.solution(found)


class _Search:
    """One split search under way: what it searches, with what, what it has cost so far (this
    run's nodes, which the limits count, and the earlier runs' from the journal) and its journal."""

    def __init__(
        self,
        text: str,
        options: Options,
        journal: str | os.PathLike[str] | None,
        cuts: int,
        window: int,
        progress: Callable[[int, int, int], None] | None,
    ) -> None:
        self.text = text
        self.options = options
        # The driver's own work (the first search, the cuts) on all its cores, with one solver
        # prepared for it all.
        self.driver = _options(options, {"parallel": True})
        self.journal = journal
        #: Subtrees (at least) in each iteration's cut.
        self.cuts = cuts
        self.clock = time.monotonic()
        self.bound = _native.first_bound(text, self.driver)
        self.expanded = self.generated = 0
        self.keeper = self._open()
        # Whether the answer rests partly on a journal an earlier run kept (the driver's own
        # search below writes the journal again, and that is this run's work).
        self.rests = self.keeper.rests_on_journal
        self.prior = self.keeper.prior
        #: Subtrees under way at a time.
        self.window = window
        self.progress = progress

    def _open(self) -> _native.Journal:
        """The search's journal: its file's, or one kept in memory only (for the subtrees'
        order and the counts) when there is no file."""
        keeper = _native.Journal(self.journal, self.text, self.driver, self.cuts)
        if self.journal is not None:
            self.bound = keeper.bound
        return keeper

    def alone(self, local_nodes: int) -> Solution | None:
        """The driver's own search of at most ``local_nodes`` nodes (keeping the journal): its
        solution, or None once its nodes and the threshold it reached are counted."""
        limit = min(local_nodes, self.options.max_nodes or local_nodes)
        try:
            alone = _options(self.driver, {"max_nodes": limit})
            return _native.solve(self.text, alone, self.journal)
        except LimitReached as stopped:
            if self.options.max_nodes is not None and self.options.max_nodes <= local_nodes:
                raise
            self.bound = max(self.bound, int(stopped.stats["proved_bound"]))
            self.expanded = int(stopped.stats["expanded"]) - self.prior[0]
            self.generated = int(stopped.stats["generated"]) - self.prior[1]
            # Where the driver's search left the journal.
            self.keeper = self._open()
            return None

    def iteration(self, remote: Any) -> str | None:
        """The iteration at the threshold, cut into subtrees searched by the workers: the goal's
        path, or None with the threshold raised to the next."""
        found, paths, above, expanded, generated = _native.split(
            self.text, self.driver, self.bound, self.keeper.aim
        )
        self._count(expanded, generated)
        if found is not None:
            self.keeper.ended_above_the_cut(self.bound)
            return found
        stale = self.keeper.stale_aim
        if stale is not None:
            # A journal of an earlier build, cut coarser: carried over to this cut. (A finer
            # cut, `npuzzle solve`'s, is kept for the iteration under way.)
            old = _native.split(self.text, self.driver, self.bound, stale)[1]
            self.keeper.recut(self.bound, old, paths)
        done, above = self.keeper.iteration(self.bound, paths, above, expanded, generated)
        self._check()
        # First the subtrees whose search came nearest the goal in the iteration before.
        left = [index for index in self.keeper.order() if not done[index]]
        found, least = self._subtrees(remote, paths, left)
        if found is not None:
            return found
        self._check()
        least = min(least, above if above is not None else _NONE)
        if least == _NONE:
            raise ValueError("internal error: IDA* exhausted a solvable space")
        self.bound = _native.Journal.next_threshold(self.bound, least)
        self.keeper.flush()
        return None

    def _subtrees(self, remote: Any, paths: list[str], left: list[int]) -> tuple[str | None, int]:
        """Searches the subtrees ``left`` (by their place in ``paths``), in that order, on the
        workers until one reaches the goal: its path (or None), and the least f-value past the
        threshold among those finished."""
        tasks = Round.begin()
        # The node limit each subtree under way may still spend, by subtree.
        shares: dict[int, int | None] = {}

        def submit(index: int) -> Any:
            # Each subtree gets its share of what is left of the limits as it starts.
            seconds = time.monotonic() - self.clock
            slots = min(self.window, len(paths) - finished) - len(shares)
            spent = self.expanded + sum(share or 0 for share in shares.values())
            task = _task_options(self.options, spent, seconds, slots)
            shares[index] = task.max_nodes
            return remote.remote(tasks, self.text, task, paths[index], self.bound)

        least, found = _NONE, None
        finished = len(paths) - len(left)
        self._tell(finished, len(paths))
        replies = tasks.replies(submit, ((i, i) for i in left), self.window)
        with closing(replies):
            try:
                for index, (found, next_bound, expanded, generated, nearest) in replies:
                    del shares[index]
                    self._count(expanded, generated)
                    if next_bound is not None:
                        least = min(least, next_bound)
                    if found is not None:
                        break
                    self.keeper.finished(index, next_bound, expanded, generated, nearest)
                    finished += 1
                    self._tell(finished, len(paths))
            except LimitReached as stopped:
                # A subtree used up its share of the whole search's limit.
                seconds = time.monotonic() - self.clock
                what = _which_limit(self.options, self.options.max_nodes or 0, seconds)
                raise self._limited(what or stopped.limit) from None
        return found, least

    def _tell(self, finished: int, subtrees: int) -> None:
        if self.progress is not None:
            self.progress(self.bound, finished, subtrees)

    def _count(self, expanded: int, generated: int) -> None:
        self.expanded += expanded
        self.generated += generated

    def _totals(self) -> tuple[int, int, float]:
        """The nodes and seconds of the whole search, earlier runs included."""
        seconds = self.prior[2] + time.monotonic() - self.clock
        return self.prior[0] + self.expanded, self.prior[1] + self.generated, seconds

    def _check(self) -> None:
        """Raises ``LimitReached`` when a limit of this run has run out."""
        what = _which_limit(self.options, self.expanded, time.monotonic() - self.clock)
        if what:
            raise self._limited(what)

    def _limited(self, what: Limit) -> LimitReached:
        """The library's ``LimitReached`` for the whole search (its words, ``limit`` and
        ``stats``)."""
        return _native.limit_reached(what, *self._totals(), self.bound)

    def solution(self, path: str) -> Solution:
        """The goal's path as the solution, the journal told of it."""
        expanded, generated, seconds = self._totals()
        self.keeper.found(path, expanded, generated)
        return _native.split_solution(
            self.text, self.driver, path, expanded, generated, seconds, journal=self.rests
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
    """The options of one of ``tasks`` subtrees about to start: its share of what is left of the
    whole search's node limit once ``expanded`` (spent, or promised to the subtrees under way)
    is taken off, so that all of them together stay within it (a ceiling is a ceiling), and what
    is left of its time limit."""
    left = None if options.max_nodes is None else options.max_nodes - expanded
    max_nodes = None if left is None else max(1, left // max(1, tasks))
    timeout = None if options.timeout is None else max(0.001, options.timeout - seconds)
    return _options(options, {"max_nodes": max_nodes, "timeout": timeout})
