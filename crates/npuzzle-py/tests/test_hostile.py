"""The CLI's promises kept from Python: a hostile user's inputs (the repros of issue #37) get the
package's own exceptions naming what is wrong, never a crash, a hang, a wrap-around or memory
without bound; every long call ends on Ctrl-C."""

from __future__ import annotations

import os
import pickle
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

import npuzzle

#: The longest any call here may take to answer a signal.
LIMIT = 60.0


def interrupted(code: str, tmp_path: Path, *, wait: float = 1.0) -> subprocess.CompletedProcess:
    """Runs ``code`` in a fresh interpreter, sends SIGINT ``wait`` seconds after it says
    ``ready``, and returns how it ended (within :data:`LIMIT` seconds, else the test fails)."""
    script = tmp_path / "long_call.py"
    script.write_text("import npuzzle, numpy as np\nprint('ready', flush=True)\n"
                      + textwrap.dedent(code) + "\nprint('finished', flush=True)\n")
    run = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    assert run.stdout is not None
    assert run.stdout.readline().strip() == "ready"
    time.sleep(wait)
    run.send_signal(signal.SIGINT)
    try:
        out, err = run.communicate(timeout=LIMIT)
    except subprocess.TimeoutExpired:
        run.kill()
        run.communicate()
        pytest.fail(f"{code!r} did not stop within {LIMIT} s of Ctrl-C")
    return subprocess.CompletedProcess(run.args, run.returncode, out, err)


def assert_stopped_by_ctrl_c(done: subprocess.CompletedProcess) -> None:
    assert "finished" not in done.stdout, done.stdout
    assert "KeyboardInterrupt" in done.stderr, done.stderr
    assert done.returncode != 0


@pytest.mark.parametrize(
    "call",
    [
        "npuzzle.pdb.build('4x4', '78', cache_dir='db')",
        "npuzzle.generate('3x4', count=1, seed=1, distance=3)",
        "npuzzle.generate('4x4', count=2_000_000_000 // 16, seed=1, walk=100)",
        "npuzzle.random_walks('5x5', np.full(100_000, 100_000), seed=1)",
        "npuzzle.read_instances('fifo')",
        "npuzzle.Options(heuristic='learned', model='fifo')",
        "npuzzle.estimate(np.arange(1, 26).reshape(1, 25) % 25, model='fifo')",
        "npuzzle.read_json_lines('fifo')",
        "npuzzle.read_deepcubea('fifo')",
    ],
)
def test_long_calls_and_fifos_end_on_ctrl_c(call: str, tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo")
    assert_stopped_by_ctrl_c(interrupted(call, tmp_path))


def test_counts_and_lengths_take_the_clis_ranges() -> None:
    with pytest.raises(npuzzle.ParseError, match="count: .* 4294967296, not 1000000000000"):
        npuzzle.generate("3x3", count=10**12, seed=1)
    with pytest.raises(npuzzle.ParseError, match="more than the 4 GiB a batch may"):
        npuzzle.generate("16x16", count=2**30, seed=1)
    with pytest.raises(npuzzle.ParseError, match="walk: a walk's moves must be from 0 to 100000000"):
        npuzzle.generate("3x3", count=1, seed=1, walk=2**64 - 1)
    with pytest.raises(npuzzle.ParseError, match="not 4294967298"):
        npuzzle.random_walks("3x3", np.array([2**32 + 2]), seed=1)
    with pytest.raises(npuzzle.ParseError, match="not 18446744073709551615"):
        npuzzle.random_walks("3x3", np.array([2**64 - 1], dtype=np.uint64), seed=1)
    with pytest.raises(npuzzle.ParseError, match="seed: a seed must be from 0 to"):
        npuzzle.generate("3x3", count=1, seed=-1)
    with pytest.raises(npuzzle.ParseError, match="distance in moves must be from 0 to 255"):
        npuzzle.generate("3x3", count=1, seed=1, distance=300)
    with pytest.raises(npuzzle.ParseError, match="is not a board size"):
        npuzzle.generate("99999999999999999999x2")
    with pytest.raises(npuzzle.ParseError, match="threads must be from 1 to 256, not 100000"):
        npuzzle.solve_many(["1 2 3/4 5 6/7 0 8"], threads=100000)
    with pytest.raises(npuzzle.ParseError, match="node limit must be at least 1"):
        npuzzle.Options(max_nodes=0)
    with pytest.raises(npuzzle.ParseError, match="max_nodes"):
        npuzzle.Options(max_nodes=2**200)
    with pytest.raises(npuzzle.ParseError, match="seconds must be from 0"):
        npuzzle.Options(timeout=float("nan"))
    with pytest.raises(npuzzle.ParseError, match="the weight must be from 1 to 100"):
        npuzzle.Options(weight=1e300)
    # What is in range still works, and the walks are as long as asked.
    walks = npuzzle.random_walks("3x3", np.array([2, 40], dtype=np.uint64), seed=1)
    assert npuzzle.heuristic(walks[:1]).tolist()[0] <= 2


def test_solve_many_returns_bad_positions_in_place() -> None:
    answers = npuzzle.solve_many(["1 2 3/4 5 6/7 0 8", "nonsense", "2 1 3/4 5 6/7 8 0"],
                                 errors="return", threads=1)
    assert isinstance(answers[0], npuzzle.Solution)
    assert isinstance(answers[1], npuzzle.ParseError)
    assert isinstance(answers[2], npuzzle.UnsolvableError)
    with pytest.raises(npuzzle.ParseError):
        npuzzle.solve_many(["nonsense"], threads=1)


def test_solutions_read_back_are_replayed(tmp_path: Path) -> None:
    good = npuzzle.solve("1 2 3/4 5 6/0 7 8")
    assert npuzzle.Solution.from_json(good.to_json()) == good
    forged = good.to_json().replace('"LL"', '"RR"')
    with pytest.raises(npuzzle.ParseError, match="cannot be made"):
        npuzzle.Solution.from_json(forged)
    short = good.to_json().replace('"LL"', '"L"')
    with pytest.raises(npuzzle.ParseError, match="says 2 moves"):
        npuzzle.Solution.from_json(short)
    toward_another = npuzzle.solve("0 1 2/3 4 5/6 8 7", goal="snake")
    assert npuzzle.Solution.from_json(toward_another.to_json()).length == toward_another.length
    custom = "2 1 3/4 5 6/7 8 0"
    mine = npuzzle.solve("2 1 3/4 5 6/7 0 8", goal=custom)
    with pytest.raises(npuzzle.ParseError, match="give the goal"):
        npuzzle.Solution.from_json(mine.to_json())
    assert npuzzle.Solution.from_json(mine.to_json(), goal=custom) == mine
    assert pickle.loads(pickle.dumps(mine)) == mine
    file = tmp_path / "answers.jsonl"
    file.write_text(good.to_json() + "\n" + forged + "\n")
    with pytest.raises(npuzzle.ParseError, match="answers.jsonl:2"):
        npuzzle.read_json_lines(file)


def test_endless_and_huge_files_are_refused_at_the_cap(tmp_path: Path) -> None:
    for read in (npuzzle.read_json_lines, npuzzle.read_instances, npuzzle.read_deepcubea):
        with pytest.raises(npuzzle.FileError, match="more than 256 MiB"):
            read("/dev/zero")
        with pytest.raises(npuzzle.FileError, match="a folder"):
            read(tmp_path)
        with pytest.raises(npuzzle.FileError):
            read(tmp_path / "missing")
    assert issubclass(npuzzle.FileError, OSError)


def test_text_is_read_in_time_linear_in_its_size() -> None:
    with pytest.raises(npuzzle.ParseError, match="row 300001 has 0 cells"):
        npuzzle.Board("1 2/" * 300000)


def test_control_characters_never_reach_the_terminal() -> None:
    for make in (
        lambda: npuzzle.Board("\x1b]0;pwn\x07 1 2 3"),
        lambda: npuzzle.Options(algorithm="\x1b[2J"),
        lambda: npuzzle.Options(heuristic="\x1b[2J"),
        lambda: npuzzle.Options(goal="\x1b[2J"),
        lambda: npuzzle.pdb.open("\x1b[2J"),
    ):
        with pytest.raises(ValueError) as error:
            make()
        assert "\x1b" not in str(error.value) and "\\u{1b}" in str(error.value), error.value


class Forged:
    """A pickle that hands back fixed opcodes instead of an object's."""

    def __init__(self, reduce: tuple) -> None:
        self.reduce = reduce

    def __reduce__(self) -> tuple:
        return self.reduce


def deepcubea_file(tmp_path: Path, states: object, solutions: object = ()) -> Path:
    file = tmp_path / "data_0.pkl"
    file.write_bytes(pickle.dumps({"states": states, "solutions": list(solutions)}))
    return file


def test_deepcubea_pickles_build_nothing_but_plain_integers(tmp_path: Path) -> None:
    # An object field with its flags cleared (the segfault): refused before numpy sees it.
    object_field = (3, "|", None, ("f",), {"f": (np.dtype("O"), 0)}, 8, 1, 0)
    for dtype in (
        Forged((np.dtype, ("V8", False, True), object_field)),
        Forged((np.dtype, ("i8", False, True), object_field)),
        Forged((np.dtype, ("O", False, True))),
        Forged((np.dtype, ("f8", False, True))),
    ):
        file = tmp_path / "dtype.pkl"
        file.write_bytes(pickle.dumps({"states": [dtype]}))
        with pytest.raises(npuzzle.ParseError, match="dtype.pkl: .*(dtype|plain integer)"):
            npuzzle.read_deepcubea(file)
    # An array of a hundred million entries named by its shape alone: nothing is allocated.
    file = tmp_path / "shape.pkl"
    file.write_bytes(pickle.dumps({"states": [Forged((np.ndarray, ((10**8,),)))]}))
    assert len(file.read_bytes()) < 100
    with pytest.raises(npuzzle.ParseError, match="shape.pkl: an array made from a shape alone"):
        npuzzle.read_deepcubea(file)


def test_deepcubea_states_are_checked_as_positions(tmp_path: Path) -> None:
    goal = list(range(1, 16)) + [0]
    cases = {
        "no square board of at most 256 cells": [list(range(289))],
        "each tile 0 to 15 once": [[1] * 16],
        "no tiles of whole numbers": [[1.5] + goal[1:]],
        "cannot reach the goal": [[2, 1] + goal[2:]],
        "not all of one size": [goal, goal[:9]],
    }
    for why, states in cases.items():
        file = deepcubea_file(tmp_path, states)
        with pytest.raises(npuzzle.ParseError, match=f"data_0.pkl: .*{why}"):
            npuzzle.read_deepcubea(file)
    file = deepcubea_file(tmp_path, [np.array(goal, dtype=np.int64)], [[5]])
    with pytest.raises(npuzzle.ParseError, match="action other than 0 to 3"):
        npuzzle.read_deepcubea(file)
    file = tmp_path / "cut.pkl"
    file.write_bytes(pickle.dumps({"states": [goal]})[:-5])
    with pytest.raises(npuzzle.ParseError, match="cut.pkl: not a DeepCubeA test set"):
        npuzzle.read_deepcubea(file)
    data = npuzzle.read_deepcubea(deepcubea_file(tmp_path, [np.array(goal, dtype=">u2")], [[]]))
    assert data.states.tolist() == [goal] and data.solutions == [""]
