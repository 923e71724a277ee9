"""Batches from Python, one core: heuristic values per second on 5x5 boards, children and random
walks against the same loops timed from Rust (`cargo run --release -p npuzzle-core --example
rows_speed`) in the same run, and the overhead of one `solve` call. Prints a Markdown table.
"""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path

import numpy as np

import npuzzle

ROOT = Path(__file__).resolve().parents[3]
COUNT = 100_000


def best(work, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        clock = time.perf_counter()
        work()
        times.append(time.perf_counter() - clock)
    return min(times)


def main() -> None:
    rows = npuzzle.random_walks("5x5", np.full(1_000_000, 100), seed=1)
    print("| batch (5x5, one core) | figure |")
    print("|---|---|")
    for name in ("manhattan", "linear-conflict"):
        seconds = best(lambda: npuzzle.heuristic(rows, name))
        print(f"| `heuristic(rows, {name!r})`, 1,000,000 rows | "
              f"{len(rows) / seconds / 1e6:.1f} million per second |", flush=True)

    rust = json.loads(subprocess.run(
        ["cargo", "run", "--quiet", "--release", "-p", "npuzzle-core", "--example",
         "rows_speed", "--", str(COUNT)],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout)
    positions = npuzzle.random_walks("5x5", np.full(COUNT, 100), seed=1)
    lengths = np.arange(COUNT) % 100
    children = best(lambda: npuzzle.children(positions))
    walks = best(lambda: npuzzle.random_walks("5x5", lengths, seed=2))
    for what, python, native in (
        (f"`children` of {COUNT:,} rows", children, rust["children_seconds"]),
        (f"`random_walks` of {COUNT:,} walks, 0 to 99 moves", walks, rust["walks_seconds"]),
    ):
        print(f"| {what} | {python * 1000:.1f} ms from Python, {native * 1000:.1f} ms the same "
              f"loop in Rust: {python / native:.2f}× |", flush=True)

    solved = npuzzle.Board("1 2 3/4 5 6/7 8 0")
    npuzzle.solve(solved)
    calls = 20_000
    seconds = best(lambda: [npuzzle.solve(solved) for _ in range(calls)], runs=3)
    print(f"| `solve` of a solved 3x3 board (the table prepared) | "
          f"{seconds / calls * 1e6:.1f} µs a call |")
    text = best(lambda: [npuzzle.solve("1 2 3/4 5 6/7 8 0") for _ in range(calls)], runs=3)
    print(f"| the same, from text | {text / calls * 1e6:.1f} µs a call |")


if __name__ == "__main__":
    main()
