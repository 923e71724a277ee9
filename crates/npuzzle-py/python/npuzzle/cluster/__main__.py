"""``python -m npuzzle.cluster solve INPUT``: ``npuzzle solve`` for a file of positions, on a Ray
cluster; ``python -m npuzzle.cluster search POSITION``: one optimal IDA* search split across it.

For ``solve``: The same options, the same output (text, or ``--json`` lines) in input order, errors
on standard error naming their line, the same exit statuses; a progress bar on standard error.

``--resume OUTPUT`` answers only the positions whose lines are missing from ``OUTPUT`` (the JSON
lines of an interrupted run), so ``>> OUTPUT`` completes it.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from collections import Counter
from typing import Any, TextIO

from .. import Board, LimitReached, ParseError, Solution, UnsolvableError, _native
from . import search, solve

#: Exit statuses, as the CLI's.
SUCCESS, NO, BAD_INPUT = 0, 1, 2


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
    for command in (run, one):
        command.add_argument("--address", help="the Ray cluster to join (default: start one here)")
        command.add_argument("--json", action="store_true", help="one JSON object a line")
        command.add_argument("--algorithm", "-a", default="idastar" if command is one else "auto")
        command.add_argument("--heuristic")
        command.add_argument("--goal", default="blank-last")
        command.add_argument("--time-budget", type=float, default=10.0, metavar="SECONDS")
        command.add_argument("--timeout", type=float, metavar="SECONDS")
        command.add_argument("--max-nodes", type=int, metavar="N")
        command.add_argument("--max-memory", type=int, default=4096, metavar="MIB")
        command.add_argument("--weight", type=float, default=2.0)
        command.add_argument("--cache-dir", metavar="DIR",
                             help="the pattern databases' folder on each node")
        command.add_argument("--partition", help="the pattern databases (663, 78, 6666, …)")
    return parser


def _answered(path: str) -> Counter[str]:
    """The positions ``path`` already answers (its JSON lines; a cut-off last line is not one)."""
    seen: Counter[str] = Counter()
    try:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                try:
                    seen[str(Board(json.loads(line)["position"]))] += 1
                except (ValueError, KeyError, TypeError):
                    continue
    except FileNotFoundError:
        pass
    return seen


class _Progress:
    """A progress bar on standard error, redrawn at most ten times a second."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total, self.done, self.stream, self.drawn = total, 0, stream, 0.0
        self.start = time.monotonic()
        self.shown = stream.isatty()

    def step(self) -> None:
        self.done += 1
        now = time.monotonic()
        if self.shown and (now - self.drawn > 0.1 or self.done == self.total):
            self.drawn = now
            width = 30
            filled = width * self.done // max(1, self.total)
            rate = self.done / max(1e-9, now - self.start)
            self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] "
                              f"{self.done}/{self.total} ({rate:.1f}/s)")
            self.stream.flush()

    def close(self) -> None:
        if self.shown and self.total:
            self.stream.write("\n")
            self.stream.flush()


def _status(error: Exception) -> int:
    return NO if isinstance(error, (UnsolvableError, LimitReached)) else BAD_INPUT


def _options_of(args: argparse.Namespace) -> dict[str, Any]:
    return dict(
        algorithm=args.algorithm, heuristic=args.heuristic, goal=args.goal,
        time_budget=args.time_budget, timeout=args.timeout, max_nodes=args.max_nodes,
        max_memory=args.max_memory, weight=args.weight, cache_dir=args.cache_dir,
        partition=args.partition,
    )


def _search(args: argparse.Namespace, out: TextIO) -> int:
    try:
        answer = search(args.position, address=args.address,
                        subtrees_per_worker=args.subtrees_per_worker,
                        local_nodes=args.local_nodes, **_options_of(args))
    except KeyboardInterrupt:
        print("npuzzle: interrupted: the search stopped unfinished", file=sys.stderr)
        return 130
    except (ValueError, LimitReached) as error:
        print(f"npuzzle: error: {error}", file=sys.stderr)
        return _status(error)
    out.write(answer.to_json() + "\n" if args.json else answer.to_text())
    return SUCCESS


def main(argv: list[str] | None = None, out: TextIO = sys.stdout) -> int:
    args = _parser().parse_args(argv)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    if args.command == "search":
        return _search(args, out)
    text = sys.stdin.read() if args.input == "-" else open(args.input, encoding="utf-8").read()
    where = "stdin" if args.input == "-" else args.input
    already = _answered(args.resume) if args.resume else Counter()
    worst = SUCCESS
    boards: list[tuple[int, Board]] = []
    for line, position in _native.split_positions(text):
        try:
            board = Board(position)
        except ParseError as error:
            print(f"npuzzle: {where} line {line}: {error}", file=sys.stderr)
            worst = max(worst, BAD_INPUT)
            continue
        if already[str(board)] > 0:
            already[str(board)] -= 1
            continue
        boards.append((line, board))
    options = _options_of(args)
    progress = _Progress(len(boards), sys.stderr)
    answered = 0
    # Ctrl-C (or SIGTERM) stops the batch; the answers so far are kept.
    try:
        for index, answer in solve([b for _, b in boards], address=args.address,
                                   chunk=args.chunk, **options):
            if isinstance(answer, Solution):
                out.write(answer.to_json() + "\n" if args.json else answer.to_text(batch=True))
            else:
                print(f"npuzzle: {where} line {boards[index][0]}: {answer}", file=sys.stderr)
                worst = max(worst, _status(answer))
            out.flush()
            answered += 1
            progress.step()
    except KeyboardInterrupt:
        progress.close()
        print(f"npuzzle: interrupted: {answered} positions answered above, "
              f"{len(boards) - answered} missing (--resume OUTPUT answers them)", file=sys.stderr)
        return 130
    progress.close()
    return worst


if __name__ == "__main__":
    sys.exit(main())
