"""``python -m npuzzle.cluster solve INPUT``: ``npuzzle solve`` for a file of positions, on a Ray
cluster; ``python -m npuzzle.cluster search POSITION``: one optimal IDA* search split across it.

For ``solve``: The same options, the same output (text, or ``--json`` lines) in input order, errors
on standard error naming their line, the same exit statuses; a progress bar on standard error.
Standard output carries answers only: whatever else the process writes there (Ray's own lines)
goes to standard error. The numbers take the CLI's ranges; bad input is a one-line error with exit
status 2, never a traceback.

``--resume OUTPUT`` answers only the positions whose lines are missing from ``OUTPUT`` (the JSON
lines of an interrupted run), so ``>> OUTPUT`` completes it; a last line cut short by the
interruption is removed from ``OUTPUT`` first, so the next answer starts a line of its own. For
``search``, ``--resume FILE`` keeps the search's journal (the one ``npuzzle solve --resume``
keeps) and goes on from it.

Ctrl-C, SIGTERM and SIGHUP stop it with what was answered kept, a line saying how many are
missing, and the exit status 130, 143 or 129, whatever Ray installs.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
import time
from collections import Counter
from typing import Any, Iterator, TextIO

from .. import (
    Board,
    DatabaseError,
    FileError,
    LimitReached,
    Options,
    ParseError,
    Solution,
    UnsolvableError,
    _native,
)
from . import connect, search, solve
from .split import refuse_unsplit

#: Exit statuses, as the CLI's.
SUCCESS, NO, BAD_INPUT = 0, 1, 2

#: The signals that stop a run, and their names in the closing line.
SIGNALS = {signal.SIGINT: "Ctrl-C", signal.SIGTERM: "SIGTERM", signal.SIGHUP: "SIGHUP"}


class Stopped(KeyboardInterrupt):
    """A signal that stops the run: Ctrl-C, SIGTERM or SIGHUP."""

    def __init__(self, number: int) -> None:
        super().__init__(SIGNALS.get(signal.Signals(number), "a signal"))
        self.number = number


#: The last stopping signal received since the handlers were installed (None: none yet).
_received: int | None = None
#: Whether an answer is being written and counted (see :func:`_held`).
_holding = False
#: A stopping signal that came while holding, raised when the hold ends.
_pending: int | None = None


def _note(number: int, frame: Any) -> None:
    global _received
    _received = number


def _stop(number: int, frame: Any) -> None:
    global _pending
    _note(number, frame)
    if _holding:
        _pending = number
        return
    raise Stopped(number)


def _catch_signals() -> None:
    """Every stopping signal raises :class:`Stopped` (installed after Ray's own handlers)."""
    global _received, _pending
    _received = _pending = None
    for number in SIGNALS:
        signal.signal(number, _stop)


def _settle_signals() -> None:
    """Once everything is answered and written, a stopping signal is noted, not raised: one that
    came during Ray's shutdown printed a traceback from the exit handlers over a finished run
    (whose status stays the run's own)."""
    for number in SIGNALS:
        signal.signal(number, _note)


@contextlib.contextmanager
def _held() -> Iterator[None]:
    """A stopping signal waits until the block ends, so that an answer is written and counted
    together: one that comes in between stops the run after the count, not before it. (Python
    runs signal handlers in the main thread whichever thread the signal reached, so a flag the
    handler reads holds where masking the main thread's signals would not.)"""
    global _holding, _pending
    _holding = True
    try:
        yield
    finally:
        _holding = False
        if _pending is not None:
            number, _pending = _pending, None
            raise Stopped(number)


def _stopped_by(caught: KeyboardInterrupt) -> Stopped:
    """The signal that stopped the run. A :class:`Stopped` raised while Ray waits comes out of
    the wait as a plain ``KeyboardInterrupt``, so the signal is also kept where it is received;
    Ctrl-C when none was."""
    if isinstance(caught, Stopped):
        return caught
    return Stopped(_received if _received is not None else signal.SIGINT)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m npuzzle.cluster",
        description="npuzzle solve on a Ray cluster: positions from a file, answers in order.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("solve", help="solve every position of a file")
    run.add_argument("input", help="a file of positions (one a line, as npuzzle solve reads), or -")
    run.add_argument("--resume", metavar="OUTPUT",
                     help="answer only the positions missing from OUTPUT (JSON lines)")
    run.add_argument("--chunk", type=int, metavar="N", help="positions per task")
    one = commands.add_parser("search", help="one optimal search, split across the cluster")
    one.add_argument("position", help="the position, in any format npuzzle reads")
    one.add_argument("--subtrees-per-worker", type=int, default=8, metavar="N")
    one.add_argument("--local-nodes", type=int, default=1_000_000, metavar="N",
                     help="nodes the driver searches alone before sharing out (0: none)")
    one.add_argument("--resume", metavar="FILE",
                     help="keep the search's journal in FILE and go on from it (as npuzzle "
                     "solve --resume: either resumes the other's)")
    for command in (run, one):
        command.add_argument("--address", help="the Ray cluster to join (default: start one here)")
        command.add_argument("--json", action="store_true", help="one JSON object a line")
        _add_settings(command)
    return parser


#: The Python type of a setting's value, by its kind in the library's description.
_TYPES: dict[str, type] = {"real": float, "whole": int}


def _add_settings(command: argparse.ArgumentParser) -> None:
    """The flags of every setting, from the library's one description of them (the flags and
    words of ``npuzzle solve``); a flag not given leaves the library's default."""
    for name, flag, value, help_text, kind in _native.settings_fields():
        flags = [f"--{flag}", "-a"] if flag == "algorithm" else [f"--{flag}"]
        if kind == "switch":
            command.add_argument(*flags, dest=name, action="store_true", default=None,
                                 help=help_text)
        else:
            command.add_argument(*flags, dest=name, metavar=value, help=help_text,
                                 type=_TYPES.get(kind, str))


def _say(message: str) -> None:
    """One line on standard error, control characters shown escaped."""
    print(f"npuzzle: {_native.shown(message)}", file=sys.stderr, flush=True)


def _answered(path: str) -> Counter[str]:
    """The positions ``path`` already answers (its JSON lines). A last line cut short (no line
    end) is removed from the file, so that answers appended after it start a line of their own;
    a whole answer missing only its line end gets one."""
    if not os.path.lexists(path):
        return Counter()
    data = _native.read_file(path)
    _repair(path, data)
    seen: Counter[str] = Counter()
    for raw in data.split(b"\n"):
        try:
            seen[str(Board(json.loads(raw.decode("utf-8"))["position"]))] += 1
        except (ValueError, KeyError, TypeError, UnicodeDecodeError):
            continue
    return seen


def _repair(path: str, data: bytes) -> None:
    """Ends ``path``'s last line: a whole answer gets its line end, a cut one is removed."""
    end = data.rfind(b"\n") + 1
    tail = data[end:]
    if not tail:
        return
    try:
        json.loads(tail.decode("utf-8"))["position"]
        whole = True
    except (ValueError, KeyError, TypeError, UnicodeDecodeError):
        whole = False
    if whole:
        with open(path, "ab") as file:
            file.write(b"\n")
    else:
        os.truncate(path, end)
        _say(f"{path}: its last line was cut short; removed (that position is answered again)")


def _text_lines(data: bytes, where: str) -> tuple[str, set[int]]:
    """The input as text, a line that is not UTF-8 left empty and its number returned (reported
    by the caller, as ``npuzzle solve`` reports it, and the rest answered)."""
    lines, bad = [], set()
    for number, raw in enumerate(data.split(b"\n"), 1):
        try:
            lines.append(raw.decode("utf-8"))
        except UnicodeDecodeError as error:
            _say(f"{where} line {number}: byte {error.start + 1} is not UTF-8 text")
            lines.append("")
            bad.add(number)
    return "\n".join(lines).removeprefix("\ufeff"), bad


class _Line:
    """One line on standard error (a terminal only), redrawn at most ten times a second."""

    def __init__(self, stream: TextIO) -> None:
        self.stream, self.drawn, self.start = stream, 0.0, time.monotonic()
        self.shown = stream.isatty()

    def due(self, last: bool) -> bool:
        """Whether to redraw now (the last state is always drawn)."""
        now = time.monotonic()
        if self.shown and (now - self.drawn > 0.1 or last):
            self.drawn = now
            return True
        return False

    def write(self, text: str) -> None:
        self.stream.write(text)
        self.stream.flush()


class _Progress(_Line):
    """A batch's progress bar."""

    def __init__(self, total: int, stream: TextIO) -> None:
        super().__init__(stream)
        self.total, self.done = total, 0

    def step(self) -> None:
        self.done += 1
        if self.due(self.done == self.total):
            width = 30
            filled = width * self.done // max(1, self.total)
            rate = self.done / max(1e-9, time.monotonic() - self.start)
            self.write(f"\r[{'#' * filled}{'.' * (width - filled)}] "
                       f"{self.done}/{self.total} ({rate:.1f}/s)")

    def close(self) -> None:
        if self.shown and self.total:
            self.write("\n")


class _Searching(_Line):
    """One search's progress, cleared when the search ends."""

    def show(self, threshold: int, finished: int, subtrees: int) -> None:
        if self.due(finished == subtrees):
            seconds = time.monotonic() - self.start
            self.write(f"\rthreshold {threshold}: {finished} of {subtrees} subtrees searched "
                       f"({seconds:.0f} s)\x1b[K")

    def close(self) -> None:
        if self.drawn:
            self.write("\r\x1b[K")


def _status(error: Exception) -> int:
    return NO if isinstance(error, (UnsolvableError, LimitReached)) else BAD_INPUT


def _options_of(args: argparse.Namespace) -> Options:
    """The options the flags give; those not given keep the library's defaults."""
    given = {name: getattr(args, name) for name, *_ in _native.settings_fields()}
    return Options(**{name: value for name, value in given.items() if value is not None})


def _search(args: argparse.Namespace, out: TextIO) -> int:
    subtrees = _native.Range.Subtrees.check("--subtrees-per-worker", args.subtrees_per_worker)
    local = _native.Range.LocalNodes.check("--local-nodes", args.local_nodes)
    options = _options_of(args)
    refuse_unsplit(options.algorithm)
    connect(args.address)
    _catch_signals()
    line = _Searching(sys.stderr)
    try:
        answer = search(args.position, options, address=args.address,
                        subtrees_per_worker=subtrees, local_nodes=local, journal=args.resume,
                        progress=line.show)
    except KeyboardInterrupt as caught:
        stop = _stopped_by(caught)
        _say(f"interrupted by {stop}: the search stopped unfinished{_kept(args.resume)}")
        return 128 + stop.number
    except (UnsolvableError, LimitReached) as error:
        _say(f"error: {error}{_kept(args.resume) if isinstance(error, LimitReached) else ''}")
        return _status(error)
    finally:
        line.close()
    try:
        with _held():
            out.write(answer.to_json() + "\n" if args.json else answer.to_text())
            out.flush()
    except KeyboardInterrupt as caught:
        stop = _stopped_by(caught)
        _say(f"interrupted by {stop}: the answer above is complete")
        return 128 + stop.number
    return SUCCESS


def _kept(journal: str | None) -> str:
    """What a stopped search kept, said after its stop."""
    return "" if journal is None else f"; {journal} keeps what it finished (--resume goes on)"


def _positions(args: argparse.Namespace) -> tuple[list[tuple[int, Board]], int]:
    """The positions of the input not answered in ``--resume``'s file, with their lines, and the
    status so far (2 when a line could not be read; each is reported)."""
    where = "stdin" if args.input == "-" else args.input
    data = _native.read_file("/dev/stdin" if args.input == "-" else args.input)
    text, bad = _text_lines(data, where)
    already = _answered(args.resume) if args.resume else Counter()
    worst = BAD_INPUT if bad else SUCCESS
    boards: list[tuple[int, Board]] = []
    for line, position in _native.split_positions(text):
        if line in bad:
            continue
        try:
            board = Board(position)
        except ParseError as error:
            _say(f"{where} line {line}: {error}")
            worst = max(worst, BAD_INPUT)
            continue
        if already[str(board)] > 0:
            already[str(board)] -= 1
            continue
        boards.append((line, board))
    return boards, worst


def _solve(args: argparse.Namespace, out: TextIO) -> int:
    chunk = None if args.chunk is None else _native.Range.Chunk.check("--chunk", args.chunk)
    options = _options_of(args)
    where = "stdin" if args.input == "-" else args.input
    boards, worst = _positions(args)
    connect(args.address)
    _catch_signals()
    progress = _Progress(len(boards), sys.stderr)
    answered = 0
    try:
        for index, answer in solve([b for _, b in boards], options, address=args.address,
                                   chunk=chunk):
            with _held():
                if isinstance(answer, Solution):
                    out.write(answer.to_json() + "\n" if args.json
                              else answer.to_text(batch=True))
                else:
                    _say(f"{where} line {boards[index][0]}: {answer}")
                    worst = max(worst, _status(answer))
                out.flush()
                answered += 1
            progress.step()
    except KeyboardInterrupt as caught:
        stop = _stopped_by(caught)
        progress.close()
        _say(f"interrupted by {stop}: {answered} positions answered above, "
             f"{len(boards) - answered} missing (--resume OUTPUT answers them)")
        return 128 + stop.number
    progress.close()
    return worst


def _answers_only() -> TextIO:
    """Standard output for the answers alone: the process's standard output is pointed at
    standard error, so that what else writes there (Ray's lines about workers) stays out of the
    answers file."""
    sys.stdout.flush()
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    return answers


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    args = _parser().parse_args(argv)
    answers = out if out is not None else _answers_only()
    try:
        if args.command == "search":
            return _search(args, answers)
        return _solve(args, answers)
    except (ParseError, FileError, DatabaseError) as error:
        _say(f"error: {error}")
        return BAD_INPUT
    except KeyboardInterrupt as caught:
        # A signal before the work began: nothing was answered.
        _say("interrupted: nothing was answered")
        return 128 + _stopped_by(caught).number
    finally:
        if out is None:
            _settle_signals()
            answers.flush()


if __name__ == "__main__":
    sys.exit(main())
