"""npuzzle.env's figures (issue 40), in one run: the native vector env stepping 4,096
4x4 boards by random legal actions, SPGym (`sliding-puzzles`) through `gymnasium.make_vec`
(sync, 64 envs) in its own virtual environment, side by side, and dealing 10,000 4x4 boards at
an exact optimal distance (with a re-solved sample). Prints a Markdown table.

    crates/npuzzle-py/benches/run        (or: python crates/npuzzle-py/benches/env.py --cache-dir DIR)

It needs Gymnasium (benches/run installs it). The native step runs on one thread; dealing
boards uses both cores. SPGym is installed, pinned, in target/peers/spgym the first time.
Jumanji and EnvPool are measured beside these by benches/peers.py.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

import npuzzle
import peers
from npuzzle.env import SlidingPuzzleVectorEnv

ROOT = Path(__file__).resolve().parents[3]
def native(count: int, steps: int) -> dict[str, float]:
    """Steps a second of the native vector env: with random legal actions drawn from the masks
    in numpy each step (what a random agent does), and with the actions drawn beforehand (the
    step alone, off-board actions no-ops)."""
    envs = SlidingPuzzleVectorEnv(count, "4x4", reward="manhattan", max_episode_steps=200)
    _, infos = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    masks = infos["action_mask"]
    clock = time.perf_counter()
    for _ in range(steps):
        actions = np.argmax(rng.random((count, 4)) * masks, axis=1)
        _, _, _, _, infos = envs.step(actions)
        masks = infos["action_mask"]
    legal = count * steps / (time.perf_counter() - clock)
    drawn = rng.integers(0, 4, size=(steps, count))
    clock = time.perf_counter()
    for k in range(steps):
        envs.step(drawn[k])
    alone = count * steps / (time.perf_counter() - clock)
    return {"legal": legal, "alone": alone}


def spgym(count: int, steps: int) -> float:
    """SPGym's steps a second through Gymnasium's sync vector env on one core, in its own
    environment (the program and the environment of benches/peers.py)."""
    name = "SPGym 0.9.3 (make_vec, sync)"
    packages, program = peers.PROGRAMS[name]
    figure = peers.measure(peers.python_of(name, packages), program, "4x4", count, steps, 1)
    if isinstance(figure, str):
        raise RuntimeError(f"SPGym: {figure}")
    return figure


def deal(count: int, distance: int, sample: int, cache_dir: str | None) -> dict[str, object]:
    """Dealing `count` 4x4 boards `distance` moves from the goal: the time (databases already
    built), and the optimal lengths of a re-solved sample."""
    envs = SlidingPuzzleVectorEnv(count, "4x4", cache_dir=cache_dir)
    envs.reset(seed=1, options={"distance": 2})  # opens (or builds) the databases first
    clock = time.perf_counter()
    boards, infos = envs.reset(seed=2, options={"distance": distance})
    seconds = time.perf_counter() - clock
    options = npuzzle.Options(algorithm="idastar", heuristic="pdb", cache_dir=cache_dir)
    lengths = Counter(npuzzle.solve(npuzzle.Board(b.tolist()), options).length for b in boards[:sample])
    return {"seconds": seconds, "reported": Counter(infos["distance"].tolist()), "resolved": lengths}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache-dir", default=None)
    parser.add_argument("--steps", type=int, default=500)
    args = parser.parse_args()
    ours = native(4096, args.steps)
    theirs = spgym(64, 200)
    dealt = deal(10_000, 30, 200, args.cache_dir)
    print("| what | figure |")
    print("|---|---|")
    print(f"| native vector env, 4x4, 4,096 boards, random legal actions (drawn from the masks in numpy) | **{ours['legal'] / 1e6:.1f} million steps a second** |")
    print(f"| the same, actions drawn beforehand (the step alone) | {ours['alone'] / 1e6:.1f} million steps a second |")
    print(f"| SPGym 0.9.3, `gymnasium.make_vec(..., num_envs=64, vectorization_mode='sync')`, 4x4 | {theirs / 1e3:.1f} thousand steps a second |")
    print(f"| npuzzle against SPGym | **{ours['legal'] / theirs:.0f}x** |")
    print(f"| dealing 10,000 4x4 boards 30 moves from the goal | {dealt['seconds']:.2f} s; distances reported {dict(dealt['reported'])}; a sample of 200 re-solved optimally: {dict(dealt['resolved'])} |")


if __name__ == "__main__":
    main()
