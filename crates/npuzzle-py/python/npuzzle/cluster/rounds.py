"""Rounds of tasks the driver can stop early, without ``ray.cancel``.

Ray 2.60's ``ray.cancel`` races with the reply of a task that is ending at that moment, and the
race aborts the driver ("Tried to complete task that was not pending"): the split search's tasks
end together when a time limit runs out, and so do a batch's. Nothing here cancels a task.
Instead each round of tasks (a batch, one iteration of a split search) is a :class:`Round`,
which keeps a bounded number of tasks a worker under way (:meth:`Round.replies`) and, when the
driver leaves it early, tells a small actor of the driver's (the switchboard: one per driver, no
CPU). A task that has run a twentieth of a second asks the switchboard every tenth whether its
round was stopped, and ends with :class:`Stopped` when it was.
"""

from __future__ import annotations

import itertools
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .session import _ray

__all__ = ["Round", "Stopped", "answered"]

#: Seconds between a task's questions to the switchboard while it searches.
ASK_EVERY = 0.1

#: The stopped rounds the switchboard remembers, the oldest forgotten first (a task of a round
#: forgotten would run to its end, as if not stopped).
REMEMBERED = 4096

#: The stopped rounds a worker process remembers having heard of.
HEARD = 64

#: Those rounds, in the worker process, the oldest first.
_HEARD: OrderedDict[str, None] = OrderedDict()

#: The switchboard's actor name (within the driver's namespace, which its tasks share).
NAME = "npuzzle-switchboard"

#: The driver's own handle on its switchboard, with the Ray session and job it was made in. It
#: is the one handle that keeps the actor alive (a handle found by name does not: dropping this
#: one for such a handle ended the switchboard, and with it every later stop), so it is kept for
#: the driver's whole job. (A job's id alone is no key: the first job of every new cluster is
#: numbered alike.)
_owned: tuple[tuple[str, Any], Any] | None = None

#: This process's handle for questions: the driver's own, or a worker's found by name at its
#: first question (a round carries only its key: a handle would cost milliseconds a task).
_switchboard: Any = None

T = TypeVar("T")
K = TypeVar("K")
W = TypeVar("W")


class Stopped(Exception):
    """Raised in a task whose round the driver stopped: its answer is no longer wanted."""


class _Switchboard:
    """The actor: the rounds the driver stopped (the latest :data:`REMEMBERED`)."""

    def __init__(self) -> None:
        self._stopped: OrderedDict[str, None] = OrderedDict()

    def stop(self, key: str) -> None:
        _remember(self._stopped, key, REMEMBERED)

    def stopped(self, key: str) -> bool:
        return key in self._stopped


@dataclass(frozen=True)
class Round:
    """One round of tasks the driver may stop; each task of the round carries it (it pickles).

    >>> from npuzzle.cluster.rounds import Round                    # doctest: +SKIP
    >>> tasks = Round.begin()                                       # doctest: +SKIP
    >>> for part, reply in tasks.replies(submit, enumerate(parts), 4):  # doctest: +SKIP
    ...     if good(reply):
    ...         break       # the tasks still under way end within a tenth of a second

    where ``submit(part)`` starts a Ray task that runs ``tasks.run(...)`` in the worker.
    """

    key: str = field(default_factory=lambda: uuid.uuid4().hex)

    @classmethod
    def begin(cls) -> Round:
        """A new round, on the switchboard of this driver (started when it is not yet)."""
        global _owned, _switchboard
        context = _ray().get_runtime_context()
        job = (context.get_session_name(), context.get_job_id())
        if _owned is None or _owned[0] != job:
            actor = _ray().remote(num_cpus=0, max_restarts=-1)(_Switchboard)
            _owned = (job, actor.options(name=NAME, get_if_exists=True).remote())
        _switchboard = _owned[1]
        return cls()

    def stop(self) -> None:
        """Tells the round's tasks to end; returns at once."""
        _board().stop.remote(self.key)

    def replies(
        self, submit: Callable[[W], Any], work: Iterable[tuple[K, W]], window: int
    ) -> Generator[tuple[K, Any], None, None]:
        """Starts a task for each ``(key, work)`` with ``submit`` (which returns its Ray object),
        at most ``window`` under way at a time, and yields ``(key, reply)`` as they end (what a
        task raised is raised here). Leaving the loop early stops the tasks still under way."""
        ray = _ray()
        todo = iter(work)
        pending: dict[Any, K] = {}
        try:
            while True:
                for key, item in itertools.islice(todo, max(0, window - len(pending))):
                    pending[submit(item)] = key
                if not pending:
                    return
                # One task's end waited for, then every other that has ended taken with it.
                [first], rest = ray.wait(list(pending), num_returns=1)
                ended, _ = ray.wait(rest, num_returns=len(rest), timeout=0) if rest else ([], [])
                for ref in [first, *ended]:
                    yield pending.pop(ref), answered(ray.get(ref))
        finally:
            if pending:
                self.stop()

    def run(self, work: Callable[[Callable[[], None]], T]) -> T | None:
        """In a task: ``work(look)``, where ``look`` raises :class:`Stopped` once the round is
        stopped (``work`` calls it every twentieth of a second as it goes); None when it was.
        A worker process that has heard its round was stopped ends the round's later tasks at
        once."""
        if self.key in _HEARD:
            return None
        try:
            return work(_Asking(self))
        except Stopped:
            _remember(_HEARD, self.key, HEARD)
            return None


def answered(reply: T | None) -> T:
    """A task's answer read while its round runs (a stopped task's None never is one)."""
    if reply is None:
        raise RuntimeError("internal error: a task of a running round answered as stopped")
    return reply


def _remember(keys: OrderedDict[str, None], key: str, most: int) -> None:
    """Adds ``key`` to ``keys``, forgetting the oldest beyond ``most``."""
    keys[key] = None
    while len(keys) > most:
        keys.popitem(last=False)


def _board() -> Any:
    """The switchboard, looked up by name the first time a worker asks it (and again after a
    question failed: the handle may be of a switchboard that is gone)."""
    global _switchboard
    if _switchboard is None:
        _switchboard = _ray().get_actor(NAME)
    return _switchboard


def _forget_board() -> None:
    """Drops this process's handle for questions, to look the switchboard up again."""
    global _switchboard
    _switchboard = None


class _Asking:
    """A task's questions to the switchboard: at most one under way, one every ``ASK_EVERY``."""

    def __init__(self, round: Round) -> None:
        self.round = round
        self.asked_at = -ASK_EVERY
        self.question: Any = None

    def __call__(self) -> None:
        """Raises :class:`Stopped` once an answer says the round is stopped; asks again when the
        last answer is ``ASK_EVERY`` seconds old."""
        if self.question is not None and self._answered():
            raise Stopped
        if self.question is None and time.monotonic() - self.asked_at >= ASK_EVERY:
            self.asked_at = time.monotonic()
            try:
                self.question = _board().stopped.remote(self.round.key)
            except (ValueError, _ray().exceptions.RayError):
                # No switchboard to be found (yet): the task goes on and asks again later.
                self.question = None

    def _answered(self) -> bool:
        """Whether the question under way was answered "stopped" (an answer clears it; a
        switchboard lost and restarting answers "not stopped": the task goes on)."""
        ray = _ray()
        ready, _ = ray.wait([self.question], timeout=0)
        if not ready:
            return False
        question, self.question = self.question, None
        try:
            return bool(ray.get(question))
        except ray.exceptions.RayError:
            _forget_board()
            return False
