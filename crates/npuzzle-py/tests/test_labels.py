"""Issue 68: optimal labels at scale (``npuzzle.label``, ``npuzzle label``), and results written
for other people's tools (``npuzzle bench --export``), read back."""

from __future__ import annotations

import json
import pickle
import subprocess
from pathlib import Path

import numpy as np
import pytest
from conftest import INSTANCES, interrupted

import npuzzle


def moved(rows: np.ndarray, size: str) -> tuple[np.ndarray, np.ndarray]:
    """Every row's four children (tile moves U D L R) and which are legal."""
    kids, legal, _ = npuzzle.children(rows, size=size)
    return kids, legal


@pytest.mark.parametrize("size", ["3x3", "5x2"])
def test_labels_are_the_complete_tables(size: str, cache: Path) -> None:
    """Distances from positions dealt at exact distances (a complete table), and each optimal
    move checked by labelling the children: one nearer for exactly the optimal moves."""
    rows = np.concatenate(
        [npuzzle.generate(size, count=6, seed=d, distance=d) for d in (1, 7, 14, 21)]
    )
    labels = npuzzle.label(rows, size=size, algorithm="idastar", heuristic="manhattan",
                           cache_dir=cache)
    assert labels.distance.tolist() == [d for d in (1, 7, 14, 21) for _ in range(6)]
    assert labels.known.all() and (labels.lower == labels.distance).all()
    assert (labels.upper == labels.distance).all() and (labels.expanded > 0).all()
    kids, legal = moved(rows, size)
    cells = rows.shape[1]
    children = npuzzle.label(kids.reshape(-1, cells), size=size, cache_dir=cache)
    nearer = children.distance.reshape(-1, 4) == labels.distance[:, None] - 1
    assert (labels.optimal == (nearer & legal)).all()
    assert labels.optimal.any(axis=1).all()


def test_labels_on_4x4_agree_with_solving(cache: Path) -> None:
    rows = npuzzle.random_walks("4x4", np.full(6, 36), seed=68)
    labels = npuzzle.label(rows, algorithm="idastar", cache_dir=cache)
    solved = [s.length for s in npuzzle.solve_many(rows, algorithm="idastar", cache_dir=cache)]
    assert labels.distance.tolist() == solved
    kids, legal = moved(rows, "4x4")
    for row, label in enumerate(labels.optimal):
        for m in np.flatnonzero(legal[row]):
            child = npuzzle.solve(kids[row, m].tolist(), algorithm="idastar", cache_dir=cache)
            assert label[m] == (child.length == solved[row] - 1)


def test_a_limit_leaves_positions_unproved_and_the_rest_labelled(cache: Path) -> None:
    hard = [0, 12, 9, 13, 15, 11, 10, 14, 3, 7, 2, 5, 4, 8, 6, 1]
    near = list(range(1, 15)) + [0, 15]
    labels = npuzzle.label([hard, near], algorithm="idastar", heuristic="manhattan",
                           max_nodes=20_000, cache_dir=cache)
    assert labels.distance.tolist() == [-1, 1] and labels.known.tolist() == [False, True]
    assert labels.lower.tolist() == [-1, 1]
    assert labels.optimal.tolist() == [[False] * 4, [False, False, True, False]]
    empty = npuzzle.label(np.zeros((0, 9), dtype=np.uint8))
    assert empty.distance.shape == (0,) and empty.optimal.shape == (0, 4)
    with pytest.raises(npuzzle.ParseError):
        npuzzle.label([[1, 1, 2, 3, 4, 5, 6, 7, 8]])
    with pytest.raises(npuzzle.UnsolvableError):
        npuzzle.label([[2, 1, 3, 4, 5, 6, 7, 8, 0]])


def test_ctrl_c_stops_a_batch_of_labels(tmp_path: Path) -> None:
    code = (
        "import npuzzle\n"
        "rows = npuzzle.generate('4x4', count=4, seed=1)\n"
        "print('ready', flush=True)\n"
        f"npuzzle.label(rows, algorithm='idastar', heuristic='manhattan', cache_dir={str(tmp_path)!r})\n"
        "print('labelled', flush=True)\n"
    )
    out, _ = interrupted(code)
    assert "labelled" not in out


def test_the_vector_env_offers_every_board_s_optimal_actions(cache: Path) -> None:
    from npuzzle.env import SlidingPuzzleVectorEnv

    envs = SlidingPuzzleVectorEnv(6, "3x3", moves="blank", optimal_actions=True, cache_dir=cache)
    obs, infos = envs.reset(seed=3)
    for _ in range(5):
        optimal, mask = infos["optimal_actions"], infos["action_mask"]
        assert optimal.shape == (6, 4) and infos["_optimal_actions"].all()
        assert optimal.any(axis=1).all() and not (optimal & ~mask).any()
        before = npuzzle.label(obs).distance
        obs, _, terminated, _, infos = envs.step(optimal.argmax(axis=1))
        going = ~terminated
        assert (npuzzle.label(obs).distance[going] == before[going] - 1).all()
    assert "optimal_actions" not in SlidingPuzzleVectorEnv(2, "3x3").reset(seed=1)[1]


def test_the_cli_labels_as_jsonl_npz_and_deepcubea(cli: Path, tmp_path: Path) -> None:
    rows = npuzzle.generate("3x3", count=20, seed=9)
    text = "\n".join(str(npuzzle.Board(r.tolist())) for r in rows) + "\n"
    env = {"NPUZZLE_CACHE_DIR": str(tmp_path)}
    done = subprocess.run([str(cli), "label"], input=text, capture_output=True, text=True,
                          check=True, env=env)
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    labels = npuzzle.label(rows)
    assert [line["distance"] for line in lines] == labels.distance.tolist()
    letters = [
        "".join(m for m, ok in zip(npuzzle.MOVES, row) if ok) for row in labels.optimal
    ]
    assert [line["optimal_moves"] for line in lines] == letters
    assert "20 positions labelled, 20 proved" in done.stderr
    npz, pkl = tmp_path / "labels.npz", tmp_path / "labels.pkl"
    for fmt, path in (("npz", npz), ("deepcubea", pkl)):
        subprocess.run([str(cli), "label", "--format", fmt, "--output", str(path)], input=text,
                       capture_output=True, text=True, check=True, env=env)
    arrays = np.load(npz)
    assert (arrays["positions"] == rows).all() and arrays["size"].tolist() == [3, 3]
    assert (arrays["distance"] == labels.distance).all()
    assert (arrays["optimal"] == labels.optimal).all() and arrays["known"].all()
    read = npuzzle.read_deepcubea(pkl)
    assert (read.states == rows).all() and (read.lengths == labels.distance).all()
    raw = pickle.loads(pkl.read_bytes())
    assert raw["cost_to_go"] == labels.distance.tolist()
    assert [sorted(a) for a in raw["optimal_actions"]] == [
        list(np.flatnonzero(row)) for row in labels.optimal
    ]
    refused = subprocess.run([str(cli), "label", "--format", "npz"], input=text,
                             capture_output=True, text=True, env=env)
    assert refused.returncode == 2 and "--output" in refused.stderr


@pytest.mark.parametrize("layout", ["deepcubea", "puxle"])
def test_bench_exports_read_back_equal(cli: Path, tmp_path: Path, layout: str) -> None:
    """Korf's first five 15-puzzles (blank first: written turned a half turn, toward blank
    last) exported, read back by the package's DeepCubeA reader, replayed and equal."""
    out = tmp_path / f"{layout}.pkl"
    subprocess.run(
        [str(cli), "bench", str(INSTANCES / "korf100.txt"), "--limit", "5", "--partition",
         "663", "--cache-dir", str(tmp_path), "--export", f"{layout}={out}"],
        capture_output=True, text=True, check=True, timeout=600,
    )
    raw = pickle.loads(out.read_bytes())
    korf = npuzzle.read_instances(INSTANCES / "korf100.txt")[:5]
    assert raw["optimal"] == [True] * 5
    assert len(raw["times"]) == len(raw["num_nodes_generated"]) == 5
    if layout == "puxle":
        assert all(set(s) <= set("UDLR") for s in raw["solutions"])
        raw["solutions"] = [["UDLR".index(m) for m in s] for s in raw["solutions"]]
        out.write_bytes(pickle.dumps(raw))
    read = npuzzle.read_deepcubea(out)
    assert read.lengths.tolist() == [k.optimal for k in korf]
    for row, instance in zip(read.states, korf):
        turned = [0 if t == 0 else 16 - t for t in reversed(instance.board.to_numpy().ravel().tolist())]
        assert row.tolist() == turned
