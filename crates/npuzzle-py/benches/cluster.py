"""The cluster path on this machine, one run: batches with one and with two Ray worker processes
(DeepCubeA's first 20 35-puzzles at 5 s each; 10,000 random 8-puzzles against `npuzzle solve`),
and the split IDA* on a two-node Ray cluster on 127.0.0.1 (a head and one more node, one CPU
each: the test cluster) against `npuzzle solve --split` searching the same position on both
cores. Prints Markdown tables.

    python crates/npuzzle-py/benches/cluster.py --cache-dir DIR

DIR holds the 7-8 and the zero-aware 6-6-6-6 databases for the blank-first goal (`npuzzle pdb
build --size 4 --goal blank-first --partition 78 --cache-dir DIR`, and `--size 5 --partition
z:6666`). Run it in the environment ./run-tests makes (it has Ray).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import time
from pathlib import Path

os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
# Without it, a driver joining a cluster made by `ray.cluster_utils` looks for it at the
# machine's own address instead of 127.0.0.1, and waits for ever (as in the tests).
os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"

import ray  # noqa: E402
from ray.cluster_utils import Cluster  # noqa: E402

import npuzzle  # noqa: E402
from npuzzle import cluster  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]
INSTANCES = ROOT / "data" / "instances"
CLI = ROOT / "target" / "release" / "npuzzle"


def start(workers: int) -> None:
    ray.init(num_cpus=workers, _node_ip_address="127.0.0.1", include_dashboard=False,
             log_to_driver=False, configure_logging=False)


def two_nodes() -> Cluster:
    """A head and one more node on 127.0.0.1, one CPU each, the driver connected to them."""
    nodes = Cluster(initialize_head=True, head_node_args={
        "num_cpus": 1, "node_ip_address": "127.0.0.1", "include_dashboard": False})
    nodes.add_node(num_cpus=1, node_ip_address="127.0.0.1")
    nodes.wait_for_nodes(timeout=120)
    ray.init(address=nodes.address, log_to_driver=False, configure_logging=False)
    assert len(ray.nodes()) == 2
    return nodes


def timed(work) -> tuple[float, object]:
    clock = time.perf_counter()
    result = work()
    return time.perf_counter() - clock, result


def batches() -> None:
    dca = [str(i.board) for i in npuzzle.read_instances(INSTANCES / "deepcubea35.txt")[:20]]
    small = [str(npuzzle.Board(r.tolist())) for r in npuzzle.generate("3x3", 10_000, seed=3)]
    rows = []
    for workers in (1, 2):
        start(workers)
        # Workers started and the 3x3 table built on each before the clock runs.
        list(cluster.solve(small[: 8 * workers], chunk=1))
        seconds_dca, answers = timed(lambda: list(cluster.solve(dca, time_budget=5.0, chunk=1)))
        mean = sum(a.length for _, a in answers) / len(answers)
        seconds_small, _ = timed(lambda: list(cluster.solve(small)))
        ray.shutdown()
        cli_small, _ = timed(lambda: subprocess.run(
            [str(CLI), "solve", "--json", "--jobs", str(workers)], input="\n".join(small) + "\n",
            capture_output=True, text=True, check=True))
        rows.append((workers, seconds_dca, mean, seconds_small, cli_small))
    print("| workers | DeepCubeA 35, first 20 at 5 s | mean length | 10,000 8-puzzles | "
          "the same with `npuzzle solve --jobs N` | per position, cluster vs CLI |")
    print("|---|---|---|---|---|---|")
    for workers, dca_s, mean, small_s, cli_s in rows:
        print(f"| {workers} | {dca_s:.1f} s | {mean:.2f} | {small_s:.2f} s | {cli_s:.2f} s | "
              f"{small_s / 1e4 * 1e6:.0f} µs vs {cli_s / 1e4 * 1e6:.0f} µs |")
    print(f"\nTwo workers against one: {rows[0][1] / rows[1][1]:.2f}× on DeepCubeA's 35-puzzles, "
          f"{rows[0][3] / rows[1][3]:.2f}× on the 8-puzzles.\n")


def cli_search(position: str, cache: str, partition: str) -> tuple[float, float, int, int]:
    clock = time.perf_counter()
    done = subprocess.run(
        [str(CLI), "solve", "--cache-dir", cache, "--goal", "blank-first", "--algorithm",
         "idastar", "--heuristic", "pdb", "--partition", partition, "--split", position],
        capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - clock
    length = int(re.search(r"length\s+(\d+)", done.stdout).group(1))
    nodes = int(re.search(r"nodes\s+(\d+) expanded", done.stdout).group(1))
    search = float(re.search(r"time\s+([\d.]+) s", done.stdout).group(1))
    return seconds, search, length, nodes


def split(cache: str) -> None:
    korf = npuzzle.read_instances(INSTANCES / "korf100.txt")
    felner = npuzzle.read_instances(INSTANCES / "korf24_50.txt")
    cases = [(f"Korf #{n}", korf[n - 1], "78") for n in (60, 17, 88)]
    cases += [(f"Korf-Felner #{n}", felner[n - 1], "z:6666") for n in (25, 38, 22)]
    machines = two_nodes()
    print("| instance | optimum | split IDA* on a two-node Ray cluster (databases open; the "
          "driver searches the first million nodes alone) | nodes | "
          "`npuzzle solve --split`: search (whole process) | nodes | ratio to the search |")
    print("|---|---|---|---|---|---|---|")
    warm: set[str] = set()
    for name, instance, partition in cases:
        options = npuzzle.Options(algorithm="idastar", heuristic="pdb", partition=partition,
                                  goal="blank-first", cache_dir=cache)
        if partition not in warm:
            # Every worker opens the databases once and keeps them: open them before the clock.
            for _ in range(2):
                list(cluster.solve([str(instance.board)] * 4, options, max_nodes=1, chunk=1))
            # And the driver, which cuts each iteration and searches small ones alone.
            npuzzle.solve_many([instance.board], options, max_nodes=1, parallel=True,
                               errors="return")
            warm.add(partition)
        seconds, solution = timed(lambda: cluster.search(instance.board, options))
        assert solution.length == instance.optimal and solution.optimal
        whole, search, length, nodes = cli_search(str(instance.board), cache, partition)
        assert length == instance.optimal
        print(f"| {name} | {instance.optimal} | {seconds:.2f} s | {solution.expanded:,} | "
              f"{search:.2f} s ({whole:.2f} s) | {nodes:,} | {seconds / search:.2f} |", flush=True)
    ray.shutdown()
    machines.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cache-dir", required=True)
    parser.add_argument("--only", choices=["batches", "split"])
    args = parser.parse_args()
    subprocess.run(["cargo", "build", "--quiet", "--release", "-p", "npuzzle-cli"], cwd=ROOT,
                   check=True)
    if args.only != "split":
        batches()
    if args.only != "batches":
        split(args.cache_dir)


if __name__ == "__main__":
    main()
