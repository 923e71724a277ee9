"""Issue 64's repros from Python: the environment keeps the package's promises (bounded memory,
Ctrl-C in every long loop, one accepted range per argument, npuzzle's own exceptions, strided
numpy input, every turn counted) and a journal is checked, not trusted. Each test is named in
the guarantees table of docs/LIBRARY.md."""

from __future__ import annotations

import json
import resource
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pytest

import npuzzle
from npuzzle.env import SlidingPuzzleEnv, SlidingPuzzleVectorEnv, TextPuzzle

from test_hostile import assert_stopped_by_ctrl_c, interrupted

#: Korf's #88 (optimum 65), the journal repro's position, and small databases for it.
P = "15 2 12 11/14 13 9 5/1 3 8 7/0 10 6 4"
OPTIONS = dict(goal="blank-first", algorithm="idastar", heuristic="pdb",
               partition="1,2,3,4/5,6,7,8/9,10,11,12/13,14,15")


def resident_mb() -> float:
    """The process's peak resident memory, in MB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def test_defect_4_a_curriculum_of_every_distance_keeps_one_layer() -> None:
    """Every distance of 2x5 dealt in turn (the guide's curriculum loop) keeps one layer as
    indices, not every layer as boards: the peak memory grows by a few MB, not hundreds."""
    env = SlidingPuzzleEnv("2x5")
    env.reset(seed=0, options={"distance": 1})
    before = resident_mb()
    d = 1
    while True:
        try:
            _, info = env.reset(seed=d, options={"distance": d})
        except npuzzle.ParseError:
            break
        assert info["distance"] == d
        d += 1
    assert d > 40
    assert resident_mb() - before < 60, f"{resident_mb() - before:.0f} MB more"


@pytest.mark.parametrize(
    "call, says",
    [
        # The first distance deal on a 12-cell board builds its table: it says what that takes
        # first, and Ctrl-C stops it.
        ("SlidingPuzzleEnv('4x3').reset(options={'distance': 20})", "239500800 positions"),
        # Walks of a million moves on many boards: stopped between two boards.
        ("SlidingPuzzleVectorEnv(2**14, '16x16').reset(seed=1, options={'walk': 10**6})", ""),
    ],
)
def test_defect_5_long_deals_end_on_ctrl_c(call: str, says: str, tmp_path: Path) -> None:
    code = "import warnings\nwarnings.simplefilter('always')\n" \
        "from npuzzle.env import SlidingPuzzleEnv, SlidingPuzzleVectorEnv\n" + call
    done = interrupted(code, tmp_path, wait=2.0)
    assert_stopped_by_ctrl_c(done)
    assert says in done.stderr, done.stderr


def test_defect_7_unicode_look_alikes_are_not_moves() -> None:
    puzzle = TextPuzzle("3x3")
    puzzle.reset(seed=1)
    for answer in ["[rıght]", "[RİGHT]", "[ｕｐ]", "[lеft]"]:  # dotless ı, dotted İ, fullwidth, Cyrillic е
        text, reward, solved, truncated, info = puzzle.step(answer)
        assert "invalid" in info and text.startswith("Invalid"), (answer, info)


def test_defect_8_strided_numpy_input_is_accepted() -> None:
    envs = SlidingPuzzleVectorEnv(4, "3x3")
    envs.reset(seed=0)
    table = np.zeros((4, 3), dtype=np.int64)
    envs.step(table[:, 0])
    envs.step(np.arange(4)[::-1] % 4)
    mask = np.zeros((4, 2), dtype=bool)
    mask[::2, 0] = True
    obs, _ = envs.reset(seed=5, options={"reset_mask": mask[:, 0]})
    assert obs.shape == (4, 3, 3)


def test_defect_9_every_turn_counts_toward_the_limit() -> None:
    puzzle = TextPuzzle("3x3", max_turns=3)
    puzzle.reset(seed=2, options={"walk": 20})
    assert not puzzle.step("no move here")[3]
    assert not puzzle.step("[nowhere]")[3]
    legal = puzzle._info()["legal"][0]
    assert puzzle.step(f"[{legal}]")[3], "the third turn is the last"
    with pytest.raises(npuzzle.ParseError, match="max_turns"):
        TextPuzzle("3x3", max_turns=0)


@pytest.mark.parametrize(
    "make, says",
    [
        (lambda: SlidingPuzzleEnv("3x3").reset(options={"distanse": 20}), "unknown option 'distanse'"),
        (lambda: SlidingPuzzleEnv("3x3").reset(options={"uniform": False}), "uniform: True"),
        (lambda: SlidingPuzzleEnv("3x3", max_episode_steps=0), "max_episode_steps"),
        (lambda: SlidingPuzzleEnv("3x3", deal={"walk": 10**9}), "walk: a walk's moves must be from 0 to 100000000"),
        (lambda: SlidingPuzzleEnv("3x3", deal={"distance": 300}), "distance: the distance in moves must be from 0 to 255, not 300"),
        (lambda: SlidingPuzzleVectorEnv(2**64, "3x3"), "num_envs"),
        (lambda: SlidingPuzzleVectorEnv(2, "3x3").reset(options={"reset_mask": [True, True], "walk2": 1}), "walk2"),
    ],
)
def test_defect_10_arguments_are_never_changed_or_ignored(make: Any, says: str) -> None:
    with pytest.raises(npuzzle.ParseError, match=says):
        make()


def test_defect_10_a_long_walk_is_walked_whole() -> None:
    # A walk's parity is its board's: 65,536 moves (even) were once clamped to 65,535 (odd).
    env = SlidingPuzzleEnv("3x3", deal={"walk": 65_536})
    for seed in range(4):
        _, info = env.reset(seed=seed)
        assert info["distance"] % 2 == 0, info


@pytest.mark.parametrize("seed", [-1, 1.5, "1", 2**64, True])
def test_defect_11_bad_seeds_raise_npuzzles_own_error(seed: Any) -> None:
    with pytest.raises(npuzzle.ParseError, match="seed"):
        SlidingPuzzleEnv("3x3").reset(seed=seed)
    with pytest.raises(npuzzle.ParseError, match="seed"):
        SlidingPuzzleVectorEnv(2, "3x3").reset(seed=seed)


def test_defect_11_numpy_seeds_and_lists_of_none_are_seeds() -> None:
    a, _ = SlidingPuzzleEnv("3x3").reset(seed=np.int64(5))
    b, _ = SlidingPuzzleEnv("3x3").reset(seed=5)
    assert (a == b).all()
    envs = SlidingPuzzleVectorEnv(3, "3x3")
    envs.reset(seed=[None] * 3)
    c, _ = envs.reset(seed=[7, 8, 9])
    d, _ = SlidingPuzzleVectorEnv(3, "3x3").reset(seed=7)
    assert (c == d).all()
    with pytest.raises(npuzzle.ParseError, match="seed"):
        envs.reset(seed=[7, None, 9])
    with pytest.raises(npuzzle.ParseError, match="seed"):
        envs.reset(seed=[7, 9, 11])
    # What Gymnasium's own checker asks of an environment holds.
    gymnasium.utils.env_checker.check_env(SlidingPuzzleEnv("3x3"), skip_render_check=True)


def test_defect_1_an_edited_journal_is_refused_and_fresh_sets_it_aside(tmp_path: Path) -> None:
    journal = tmp_path / "j.journal"
    cache = tmp_path / "cache"
    with pytest.raises(npuzzle.LimitReached):
        npuzzle.solve(P, journal=journal, max_nodes=200_000, cache_dir=cache, **OPTIONS)
    kept = journal.read_bytes()
    for field, value in [("bound", 67), ("bound", 4294967295), ("seconds", 1e20), ("subtrees", 0)]:
        edited = json.loads(kept)
        edited[field] = value
        journal.write_text(json.dumps(edited))
        with pytest.raises(npuzzle.FileError, match=r"j\.journal.*checksum"):
            npuzzle.solve(P, journal=journal, cache_dir=cache, **OPTIONS)
    # Resumed from the journal kept, the answer says what its proof rests on.
    journal.write_bytes(kept)
    solution = npuzzle.solve(P, journal=journal, cache_dir=cache, **OPTIONS)
    assert (solution.length, solution.optimal, solution.proof) == (65, True, "journal")
    assert json.loads(solution.to_json())["proof"] == "journal"
    # fresh=True: the journal set aside, kept, and the search proved by itself.
    again = npuzzle.solve(P, journal=journal, fresh=True, cache_dir=cache, **OPTIONS)
    assert (again.length, again.proof) == (65, "search")
    assert len(list(tmp_path.glob("j.journal.refused-*"))) == 1
    assert npuzzle.solve("1 2 3/4 5 6/0 7 8").proof == "search"
    assert npuzzle.solve("1 2 3/4 5 6/0 7 8", algorithm="anytime").proof in (None, "search")


def test_issue_65_the_analysis_from_python_is_the_libraries() -> None:
    """`npuzzle.analyse` is the CLI's `analyse --json`; `optimal_moves` agrees with a solve of
    every neighbour (3x3 by the table)."""
    a = npuzzle.analyse("1 2 3/4 5 6/0 7 8", "D U L L")
    assert [s["verdict"] for s in a["steps"]] == ["mistake", "optimal", "optimal", "optimal"]
    assert a["totals"]["first_mistake"] == {"number": 1, "your_plus_optimal": {"kind": "exact", "moves": 4}}
    with pytest.raises(npuzzle.ParseError, match="move 3"):
        npuzzle.analyse("1 2 3/4 5 6/0 7 8", "D U U")
    boards = npuzzle.generate("3x3", count=50, seed=65)
    distances, mask = npuzzle.optimal_moves(boards)
    assert distances.dtype == np.int32 and mask.shape == (50, 4)
    children, legal, _ = npuzzle.children(boards, size="3x3")
    for i, board in enumerate(boards):
        assert distances[i] == npuzzle.solve(npuzzle.Board(board.reshape(3, 3).tolist())).length
        for k in range(4):
            if legal[i, k]:
                child = npuzzle.Board(children[i, k].reshape(3, 3).tolist())
                assert mask[i, k] == (npuzzle.solve(child).length == distances[i] - 1)
            else:
                assert not mask[i, k]


def test_issue_65_the_env_offers_the_optimal_actions_when_asked() -> None:
    env = SlidingPuzzleEnv("3x3", optimal_actions=True)
    _, info = env.reset(seed=4, options={"distance": 10})
    assert "optimal_actions" not in SlidingPuzzleEnv("3x3").reset(seed=4)[1]
    obs = env._core.boards[0].copy()
    for left in range(10, 0, -1):
        assert npuzzle.solve(npuzzle.Board(obs.tolist())).length == left
        assert info["optimal_actions"].any() and not (info["optimal_actions"] & ~info["action_mask"]).any()
        action = int(np.flatnonzero(info["optimal_actions"])[0])
        obs, _, terminated, _, info = env.step(action)
    assert terminated
