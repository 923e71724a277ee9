"""npuzzle from Python against `slidingpuzzle` 0.1.5 and against the npuzzle CLI, on the same
positions with the same algorithm and heuristic (A* with Manhattan distance), in one run.

Run by ./run (which makes the benchmark's own environment); prints a Markdown table.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import slidingpuzzle as sp

import npuzzle

ROOT = Path(__file__).resolve().parents[3]


def cli_seconds(cli: Path, lines: list[str], runs: int = 5) -> float:
    """The CLI's whole-process time for the batch (best of `runs`)."""
    text = "\n".join(lines) + "\n"
    best = float("inf")
    for _ in range(runs):
        clock = time.perf_counter()
        subprocess.run(
            [str(cli), "solve", "--algorithm", "astar", "--heuristic", "manhattan", "--jobs", "1"],
            input=text, capture_output=True, text=True, check=True,
        )
        best = min(best, time.perf_counter() - clock)
    return best


def python_seconds(positions: np.ndarray, runs: int = 5) -> tuple[float, list[int]]:
    """npuzzle's time from Python for the batch on one thread (best of `runs`), and lengths."""
    options = npuzzle.Options(algorithm="astar", heuristic="manhattan")
    best, lengths = float("inf"), []
    for _ in range(runs):
        clock = time.perf_counter()
        solutions = npuzzle.solve_many(positions, options, threads=1)
        best = min(best, time.perf_counter() - clock)
        lengths = [s.length for s in solutions]
    return best, lengths


def slidingpuzzle_seconds(positions: np.ndarray, side: int) -> tuple[float, list[int]]:
    """slidingpuzzle's time for the batch (once: it is slow), and lengths."""
    lengths = []
    clock = time.perf_counter()
    for row in positions:
        board = sp.from_rows(*row.reshape(side, side).tolist())
        lengths.append(len(sp.search(board, "a*", heuristic=sp.manhattan_distance).solution))
    return time.perf_counter() - clock, lengths


def main() -> None:
    cli = ROOT / "target" / "release" / "npuzzle"
    workloads = [
        ("100 random 8-puzzles", npuzzle.generate("3x3", count=100, seed=77), 3,
         "npuzzle generate --size 3 --count 100 --seed 77"),
        ("5 15-puzzles, 40 random moves deep", npuzzle.generate("4x4", count=5, seed=77, walk=40),
         4, "npuzzle generate --size 4 --walk 40 --count 5 --seed 77"),
    ]
    print("| workload | slidingpuzzle 0.1.5 | npuzzle from Python | npuzzle CLI (whole process) "
          "| Python vs slidingpuzzle | Python / CLI |")
    print("|---|---|---|---|---|---|")
    for name, positions, side, command in workloads:
        lines = [str(npuzzle.Board(row.tolist())) for row in positions]
        mine, lengths = python_seconds(positions)
        theirs, their_lengths = slidingpuzzle_seconds(positions, side)
        assert lengths == their_lengths, "both are optimal: the lengths must agree"
        whole = cli_seconds(cli, lines)
        print(f"| {name} (`{command}`) | {theirs:.2f} s | {mine * 1000:.1f} ms | "
              f"{whole * 1000:.1f} ms | {theirs / mine:.0f}× faster | {mine / whole:.2f} |",
              flush=True)
    print(f"\nPython {sys.version.split()[0]}, numpy {np.__version__}, npuzzle {npuzzle.__version__}")


if __name__ == "__main__":
    main()
