"""The sliding-puzzle environments researchers use, side by side in one run (issue 68): steps a
second by random legal actions on 4x4 and 5x5, one core and two, for

- npuzzle's native vector env (``SlidingPuzzleVectorEnv``) and its Jumanji preset
  (``npuzzle/Jumanji-v0``, numpy), in the environment this script runs in;
- SPGym (``sliding-puzzles``) through ``gymnasium.make_vec`` (sync);
- Jumanji's ``SlidingTilePuzzle`` on JAX's CPU backend, as its users run it: ``jit`` of a
  ``lax.scan`` over ``vmap``-ed steps, with its auto-reset wrapper and without;
- EnvPool's native port (``SlidingTilePuzzle-v0``), its own threads batching.

Each peer is installed, pinned, in a virtual environment of its own under target/peers/ the first
time; a peer that cannot be installed (or has no such board) is skipped with a message and the
rest still run. "One core" pins the measuring process to core 0 (taskset); "two" lets it use
both. Prints a Markdown table.

    python crates/npuzzle-py/benches/peers.py [--quick]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PEERS = ROOT / "target" / "peers"

#: What every measuring program starts with: its arguments (``size envs steps``), the board's
#: side, ``report(clock)``, which prints the steps a second since ``clock``, and
#: ``play(step, mask)``, which steps ``steps`` times by random legal actions (``step`` takes the
#: actions and returns the next masks) and reports.
PRELUDE = """
import json, sys, time
import numpy as np
size, n, steps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
side = int(size.split("x")[0])
def report(clock):
    print(json.dumps({"steps_per_second": n * steps / (time.perf_counter() - clock)}))
def play(step, mask):
    rng = np.random.default_rng(0)
    clock = time.perf_counter()
    for _ in range(steps):
        mask = step(np.argmax(rng.random((n, 4)) * mask, axis=1))
    report(clock)
"""

#: Jumanji's program: ``WRAP`` is replaced by its auto-reset wrapper, or by nothing (the step
#: alone: under ``vmap`` the wrapper computes a whole reset, its 200-move walk, at every step).
JUMANJI = """
        import jax, jax.numpy as jnp
        from jumanji.environments.logic.sliding_tile_puzzle import SlidingTilePuzzle
        from jumanji.environments.logic.sliding_tile_puzzle.generator import RandomWalkGenerator
        from jumanji.wrappers import AutoResetWrapper
        env = WRAP(SlidingTilePuzzle(generator=RandomWalkGenerator(side, 200)))
        states, timesteps = jax.vmap(env.reset)(jax.random.split(jax.random.PRNGKey(0), n))

        def one(carry, key):
            states, timesteps = carry
            legal = jnp.where(timesteps.observation.action_mask, 0.0, -jnp.inf)
            actions = jax.random.categorical(key, legal)
            return jax.vmap(env.step)(states, actions), None

        @jax.jit
        def run(states, timesteps, key):
            carry, _ = jax.lax.scan(one, (states, timesteps), jax.random.split(key, steps))
            return carry

        jax.block_until_ready(run(states, timesteps, jax.random.PRNGKey(1)))
        clock = time.perf_counter()
        jax.block_until_ready(run(states, timesteps, jax.random.PRNGKey(2)))
        report(clock)
    """

#: Jumanji's packages.
JAX = ["jumanji==1.1.2", "jax[cpu]"]

#: Each peer: its pinned packages (None: this script's own environment) and the program that
#: measures it, given ``size envs steps threads`` and printing ``{"steps_per_second": x}``.
PROGRAMS: dict[str, tuple[list[str] | None, str]] = {
    "npuzzle (native vector env)": (None, """
        from npuzzle.env import SlidingPuzzleVectorEnv
        envs = SlidingPuzzleVectorEnv(n, size, max_episode_steps=500)
        _, infos = envs.reset(seed=0)
        play(lambda actions: envs.step(actions)[4]["action_mask"], infos["action_mask"])
    """),
    "npuzzle/Jumanji-v0 (numpy)": (None, """
        import gymnasium
        import npuzzle.env
        envs = gymnasium.make_vec("npuzzle/Jumanji-v0", num_envs=n, grid_size=side)
        obs, _ = envs.reset(seed=0)
        play(lambda actions: envs.step(actions)[0]["action_mask"], obs["action_mask"])
    """),
    "SPGym 0.9.3 (make_vec, sync)": (["sliding-puzzles==0.9.3"], """
        import gymnasium
        import sliding_puzzles
        envs = gymnasium.make_vec("SlidingPuzzles-v0", num_envs=n, vectorization_mode="sync",
                                  w=side, h=side, shuffle_mode="fast", max_steps=500)
        envs.reset(seed=0)
        rng = np.random.default_rng(0)
        actions = rng.integers(0, 4, size=(steps, n))
        clock = time.perf_counter()
        for k in range(steps):
            envs.step(actions[k])
        report(clock)
    """),
    "Jumanji 1.1.2 (JAX CPU, jit(scan(vmap)), AutoResetWrapper)": (JAX, JUMANJI.replace(
        "WRAP", "AutoResetWrapper")),
    "Jumanji 1.1.2 (JAX CPU, jit(scan(vmap)), no autoreset)": (JAX, JUMANJI.replace(
        "WRAP", "")),
    "EnvPool 1.2.5 (SlidingTilePuzzle-v0)": (["envpool==1.2.5"], """
        import os
        import envpool
        if "SlidingTilePuzzle-v0" not in envpool.list_all_envs():
            raise SystemExit("this EnvPool has no SlidingTilePuzzle-v0")
        if size != "5x5":
            raise SystemExit("EnvPool's port is 5x5 only")
        threads = len(os.sched_getaffinity(0))
        envs = envpool.make_gymnasium("SlidingTilePuzzle-v0", num_envs=n, batch_size=n,
                                      num_threads=threads, seed=0)
        obs, _ = envs.reset()
        play(lambda actions: envs.step(actions)[0]["action_mask"], obs["action_mask"])
    """),
}


def python_of(name: str, packages: list[str] | None) -> Path | str:
    """The Python a peer runs in: this one, or its own virtual environment (made and filled the
    first time); raises ``RuntimeError`` saying why when it cannot be installed."""
    if packages is None:
        return sys.executable
    folder = PEERS / name.split()[0].lower().strip("/")
    python = folder / "bin" / "python"
    marker = folder / "installed.json"
    try:
        if json.loads(marker.read_text()) == packages:
            return python
    except (OSError, ValueError):
        pass  # missing, damaged or of other packages: installed again

    subprocess.run([sys.executable, "-m", "venv", str(folder)], check=True)
    done = subprocess.run([str(python), "-m", "pip", "install", "-q", *packages],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"pip install {' '.join(packages)} failed: "
                           f"{done.stderr.strip().splitlines()[-1:]}")
    marker.write_text(json.dumps(packages))
    return python


def measure(python: Path | str, program: str, size: str, envs: int, steps: int,
            cores: int) -> float | str:
    """Steps a second, or why there is no figure."""
    pin = ["taskset", "-c", "0"] if cores == 1 else []
    done = subprocess.run(
        [*pin, str(python), "-c", PRELUDE + textwrap.dedent(program), size, str(envs), str(steps)],
        capture_output=True, text=True, timeout=1800,
    )
    if done.returncode != 0:
        lines = (done.stderr or done.stdout).strip().splitlines()
        return f"skipped: {lines[-1] if lines else 'it failed'}"
    return float(json.loads(done.stdout.strip().splitlines()[-1])["steps_per_second"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer steps (a check, not figures)")
    parser.add_argument("--envs", type=int, default=1024, help="boards stepped together")
    parser.add_argument("--only", default="", help="only the environments whose name has this")
    args = parser.parse_args()
    steps = 20 if args.quick else 500
    print("| environment | board | envs | 1 core (M steps/s) | 2 cores (M steps/s) |")
    print("|---|---|---|---|---|")
    for name, (packages, program) in PROGRAMS.items():
        if args.only not in name:
            continue
        try:
            python = python_of(name, packages)
        except (RuntimeError, subprocess.CalledProcessError) as why:
            print(f"| {name} | | | {why} | |", flush=True)
            continue
        for size in ("4x4", "5x5"):
            figures = [measure(python, program, size, args.envs, steps, c) for c in (1, 2)]
            shown = [f"{f / 1e6:.3f}" if isinstance(f, float) else f for f in figures]
            print(f"| {name} | {size} | {args.envs} | {shown[0]} | {shown[1]} |", flush=True)


if __name__ == "__main__":
    main()
