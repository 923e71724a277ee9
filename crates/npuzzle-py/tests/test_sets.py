"""Benchmark sets: instance files, the CLI's JSON lines, DeepCubeA's pickles (read safely)."""

from __future__ import annotations

import pickle
import sys
import types
from pathlib import Path

import numpy as np
import pytest
from conftest import INSTANCES, cli_json

import npuzzle


def test_instance_files_are_read_with_their_optima_and_goal() -> None:
    korf = npuzzle.read_instances(INSTANCES / "korf100.txt")
    assert len(korf) == 100 and korf[0].optimal == 57 and korf[0].goal == "blank-first"
    assert str(korf[0].board) == "14 13 15 7/11 12 9 5/6 0 2 1/4 8 10 3"
    dca = npuzzle.read_instances(INSTANCES / "deepcubea24.txt")
    assert dca[0].reference is not None and dca[0].goal == "blank-last"
    with pytest.raises(OSError):
        npuzzle.read_instances(INSTANCES / "missing.txt")


def test_the_clis_json_lines_are_read_back(cli: Path, tmp_path: Path) -> None:
    lines = ["8 6 7/2 5 4/3 0 1", "1 2 3/4 5 6/7 0 8"]
    answers = cli_json(cli, lines, "--cache-dir", str(tmp_path))
    file = tmp_path / "answers.jsonl"
    file.write_text("\n".join(__import__("json").dumps(a) for a in answers) + "\n\n")
    solutions = npuzzle.read_json_lines(file)
    assert [s.length for s in solutions] == [31, 1]
    assert solutions[0].position == npuzzle.Board(lines[0])
    file.write_text('{"position": "1 0"}\n')
    with pytest.raises(npuzzle.ParseError, match="answers.jsonl:1"):
        npuzzle.read_json_lines(file)


def deepcubea_pickle(path: Path, states: list[list[int]], solutions: list[list[int]]) -> None:
    """A file shaped as DeepCubeA writes its test sets: a dict of its puzzle-state objects."""
    module = types.ModuleType("environments.n_puzzle")

    class NPuzzleState:
        def __init__(self, tiles: np.ndarray) -> None:
            self.tiles = tiles
            self.hash = None

    NPuzzleState.__module__ = "environments.n_puzzle"
    NPuzzleState.__qualname__ = "NPuzzleState"
    module.NPuzzleState = NPuzzleState
    package = types.ModuleType("environments")
    package.n_puzzle = module
    sys.modules.update({"environments": package, "environments.n_puzzle": module})
    try:
        data = {
            "states": [NPuzzleState(np.array(s, dtype=np.uint8)) for s in states],
            "solutions": solutions,
            "times": [0.1] * len(states),
            "num_nodes_generated": [10] * len(states),
        }
        path.write_bytes(pickle.dumps(data))
    finally:
        del sys.modules["environments"], sys.modules["environments.n_puzzle"]


def test_deepcubea_test_sets_are_read_and_their_solutions_replayed(tmp_path: Path) -> None:
    goal = list(range(1, 16)) + [0]
    one_up = goal[:11] + [0] + goal[12:15] + [12]  # the blank moved up: tile 12 goes down
    file = tmp_path / "data_0.pkl"
    deepcubea_pickle(file, [one_up, goal], [[0], []])
    data = npuzzle.read_deepcubea(file)
    assert data.size == "4x4" and data.states.shape == (2, 16)
    assert data.solutions == ["U", ""] and data.lengths.tolist() == [1, 0]
    deepcubea_pickle(file, [one_up], [[1]])
    with pytest.raises(npuzzle.ParseError, match="does not reach"):
        npuzzle.read_deepcubea(file)


class Payload:
    def __reduce__(self):
        return (print, ("this ran",))


def test_a_pickle_that_would_run_code_is_refused(tmp_path: Path, capsys) -> None:
    file = tmp_path / "evil.pkl"
    file.write_bytes(pickle.dumps({"states": [Payload()]}))
    with pytest.raises(npuzzle.ParseError, match=r"evil.pkl: \S+ is not allowed"):
        npuzzle.read_deepcubea(file)
    assert "this ran" not in capsys.readouterr().out


def test_generate_draws_what_the_cli_draws(cli: Path) -> None:
    import subprocess

    for flags, kwargs in (([], {}), (["--walk", "30"], {"walk": 30})):
        done = subprocess.run(
            [str(cli), "generate", "--size", "4x4", "--count", "5", "--seed", "42", *flags],
            capture_output=True, text=True, check=True,
        )
        rows = npuzzle.generate("4x4", count=5, seed=42, **kwargs)
        assert [str(npuzzle.Board(r.tolist())) for r in rows] == done.stdout.split("\n")[:5]


def test_a_database_folder_that_cannot_be_one_raises_database_error(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("not a folder")
    with pytest.raises(npuzzle.DatabaseError):
        npuzzle.pdb.list(cache_dir=not_a_folder)
    with pytest.raises(npuzzle.ParseError, match="99"):
        npuzzle.pdb.open("4x4", "99", cache_dir=tmp_path)
