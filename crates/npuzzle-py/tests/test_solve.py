"""Solving from Python: against ground truth, against the CLI, limits, Ctrl-C and threads."""

from __future__ import annotations

import _thread
import pickle
import threading
import time
from collections import deque
from pathlib import Path

import numpy as np
import pytest
from conftest import INSTANCES, cli_json

import npuzzle


def bfs_distances() -> dict[tuple[int, ...], int]:
    """Every 3x3 position's distance to the blank-last goal, by breadth-first search here."""
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    distance = {goal: 0}
    queue = deque([goal])
    while queue:
        state = queue.popleft()
        blank = state.index(0)
        row, column = divmod(blank, 3)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            r, c = row + dr, column + dc
            if 0 <= r < 3 and 0 <= c < 3:
                cells = list(state)
                cells[blank], cells[r * 3 + c] = cells[r * 3 + c], 0
                child = tuple(cells)
                if child not in distance:
                    distance[child] = distance[state] + 1
                    queue.append(child)
    return distance


def test_every_8_puzzle_position_is_solved_optimally() -> None:
    distances = bfs_distances()
    assert len(distances) == 181_440
    states = np.array(list(distances), dtype=np.uint8)
    solutions = npuzzle.solve_many(states, threads=2)
    for state, solution in zip(distances, solutions):
        assert isinstance(solution, npuzzle.Solution)
        assert solution.length == distances[state], state
        assert solution.optimal
    # Each is a real solution: replayed here, from Python.
    for state, solution in list(zip(distances, solutions))[::997]:
        assert npuzzle.Board(list(state)).apply(solution.moves).is_solved()


def test_korfs_first_ten_are_solved_optimally_with_pattern_databases(cache: Path) -> None:
    korf = npuzzle.read_instances(INSTANCES / "korf100.txt")[:10]
    assert all(instance.goal == "blank-first" for instance in korf)
    options = npuzzle.Options(
        algorithm="idastar", heuristic="pdb", goal="blank-first", cache_dir=cache
    )
    solutions = npuzzle.solve_many([i.board for i in korf], options, threads=2)
    for instance, solution in zip(korf, solutions):
        assert solution.length == instance.optimal
        assert solution.optimal and solution.heuristic == "pdb"
        assert instance.board.apply(solution.moves).is_solved("blank-first")


def test_answers_are_the_clis(cli: Path, cache: Path) -> None:
    small = [str(npuzzle.Board(row)) for row in npuzzle.generate("3x3", count=20, seed=5)]
    fifteen = [
        str(npuzzle.Board(row)) for row in npuzzle.generate("4x4", count=4, seed=5, walk=30)
    ]
    runs = [
        (small, {}, []),
        (
            fifteen,
            {"algorithm": "idastar", "heuristic": "linear-conflict"},
            ["--algorithm", "idastar", "--heuristic", "linear-conflict"],
        ),
    ]
    for lines, options, flags in runs:
        expected = cli_json(cli, lines, "--cache-dir", str(cache), *flags)
        got = npuzzle.solve_many(lines, cache_dir=cache, **options)
        assert len(got) == len(expected)
        for solution, line in zip(got, expected):
            mine = dict(__import__("json").loads(solution.to_json()))
            for record in (mine, line):
                record.pop("seconds")
            assert mine == line


def test_a_large_board_gets_a_valid_solution_within_its_budget() -> None:
    board = npuzzle.Board(npuzzle.generate("6x6", count=1, seed=3)[0])
    solution = npuzzle.solve(board, time_budget=0.3)
    assert solution.algorithm == "anytime"
    assert board.apply(solution.moves).is_solved()
    assert solution.lower_bound <= solution.length


def test_the_learned_ranking_is_reported_and_bounds_nothing() -> None:
    board = npuzzle.Board(npuzzle.generate("5x5", count=1, seed=4)[0])
    solution = npuzzle.solve(board, algorithm="anytime", heuristic="learned", time_budget=0.3)
    assert (solution.ranking, solution.heuristic) == ("learned", "linear-conflict")
    assert board.apply(solution.moves).is_solved()
    assert '"ranking":"learned"' in solution.to_json()
    assert "ranked by the learned network" in solution.to_text()
    # A 4x4 has no shipped model: linear conflict ranks it, and says so.
    small = npuzzle.solve("0 12 9 13/15 11 10 14/3 7 2 5/4 8 6 1", algorithm="anytime",
                          heuristic="learned", time_budget=0.2)
    assert (small.ranking, small.heuristic) == ("heuristic", "linear-conflict")
    assert npuzzle.solve("1 2 3/4 5 6/7 0 8").ranking is None


def test_the_ranking_is_its_own_setting(tmp_path: Path) -> None:
    """``ranking=`` beside any bound (issue 38); ``heuristic="learned"`` is its alias."""
    board = npuzzle.Board(npuzzle.generate("5x5", count=1, seed=4)[0])
    ranked = npuzzle.solve(board, algorithm="anytime", heuristic="manhattan",
                           ranking="learned", time_budget=0.3)
    assert (ranked.ranking, ranked.heuristic) == ("learned", "manhattan")
    # Without databases (an empty folder, not the user's cache) linear conflict bounds it.
    plain = npuzzle.solve(board, algorithm="anytime", ranking="heuristic", time_budget=0.2,
                          cache_dir=tmp_path)
    assert (plain.ranking, plain.heuristic) == ("heuristic", "linear-conflict")
    assert npuzzle.Options(ranking="Learned").ranking == "learned"
    assert "ranking='learned'" in repr(npuzzle.Options(ranking="learned"))
    with pytest.raises(npuzzle.ParseError, match="heuristic or learned"):
        npuzzle.Options(ranking="network")
    with pytest.raises(ValueError, match="drop one"):
        npuzzle.solve(board, heuristic="learned", ranking="heuristic")


def test_a_model_file_is_checked_when_given(tmp_path: Path) -> None:
    shipped = Path(__file__).parents[3] / "data" / "models" / "5x5.nnue"
    options = npuzzle.Options(algorithm="anytime", heuristic="learned", model=shipped,
                              time_budget=0.2)
    assert pickle.loads(pickle.dumps(options)) == options
    board = npuzzle.Board(npuzzle.generate("5x5", count=1, seed=5)[0])
    assert npuzzle.solve(board, options).ranking == "learned"
    # Trained for 5x5: a 6x6 is ranked by linear conflict.
    six = npuzzle.Board(npuzzle.generate("6x6", count=1, seed=5)[0])
    assert npuzzle.solve(six, options).ranking == "heuristic"
    damaged = tmp_path / "damaged.nnue"
    damaged.write_bytes(shipped.read_bytes()[:-7] + b"\0" * 7)
    with pytest.raises(npuzzle.ParseError, match="damaged"):
        npuzzle.Options(heuristic="learned", model=damaged)


@pytest.mark.parametrize(
    "position, options, error, says",
    [
        ("2 1 3/4 5 6/7 8 0", {}, npuzzle.UnsolvableError, "odd permutation"),
        ("1 2 3/4 5 6/7 8", {}, npuzzle.ParseError, None),
        ("1 2 3/4 5 6/7 0 8", {"algorithm": "fastest"}, npuzzle.ParseError, "fastest"),
        ("1 2 3/4 5 6/7 0 8", {"heuristic": "psychic"}, npuzzle.ParseError, "psychic"),
        ("1 2 3/4 5 6/7 0 8", {"goal": "upside-down"}, npuzzle.ParseError, "upside-down"),
        ("1 2 3/4 5 6/7 0 8", {"timeout": -1.0}, npuzzle.ParseError, "timeout"),
        ("1 2 3/4 5 6/7 0 8", {"time_budget": float("nan")}, npuzzle.ParseError, "budget"),
        ("1 2 3/4 5 6/7 0 8", {"algorithm": "wastar", "weight": 0.5}, ValueError, "weight"),
        ("1 2 3/4 5 6/7 0 8", {"algorithm": "astar", "heuristic": "learned"}, ValueError, "ranks"),
        ("1 2 3/4 5 6/7 0 8", {"algorithm": "rbfs", "ranking": "learned"}, ValueError, "ranks"),
        ("1 2 3/4 5 6/7 0 8", {"colour": "red"}, TypeError, "colour"),
        (
            "1 2 3 4/5 6 7 8/9 10 0 11",
            {"algorithm": "table", "max_memory": 1},
            npuzzle.LimitReached,
            "memory",
        ),
    ],
)
def test_bad_requests_raise_the_named_exception(position, options, error, says) -> None:
    with pytest.raises(error, match=says):
        npuzzle.solve(position, **options)


def test_a_limit_says_which_and_how_far_the_search_got() -> None:
    hard = npuzzle.read_instances(INSTANCES / "korf100.txt")[0].board
    with pytest.raises(npuzzle.LimitReached) as stopped:
        npuzzle.solve(hard, algorithm="idastar", heuristic="manhattan", goal="blank-first",
                      max_nodes=5000)
    assert stopped.value.limit.kind == "nodes" and "node limit" in str(stopped.value.limit)
    assert stopped.value.stats["expanded"] >= 5000
    failures = npuzzle.solve_many(["2 1 3/4 5 6/7 8 0", "1 2 3/4 5 6/7 0 8"], errors="return")
    assert isinstance(failures[0], npuzzle.UnsolvableError)
    assert isinstance(failures[1], npuzzle.Solution) and failures[1].length == 1


def test_solutions_and_options_pickle() -> None:
    solution = npuzzle.solve("8 6 7/2 5 4/3 0 1")
    assert pickle.loads(pickle.dumps(solution)) == solution
    assert npuzzle.Solution.from_json(solution.to_json()) == solution
    options = npuzzle.Options(algorithm="anytime", time_budget=2.5, timeout=9.0, max_nodes=10,
                              cache_dir="/tmp/x")
    again = pickle.loads(pickle.dumps(options))
    assert again == options and again.cache_dir == Path("/tmp/x")
    with pytest.raises(npuzzle.ParseError, match='missing field'):
        npuzzle.Solution.from_json('{"position": "1 0"}')


def interrupted(call) -> BaseException | None:
    """What `call` raises when Ctrl-C comes 0.3 s into it."""
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    try:
        call()
    except BaseException as error:  # noqa: BLE001 (KeyboardInterrupt is what is looked for)
        return error
    finally:
        timer.cancel()
    return None


def test_ctrl_c_stops_a_long_solve_and_a_batch() -> None:
    # A 5x5 by IDA* with Manhattan would take hours; the timeout is a net should Ctrl-C be lost.
    board = npuzzle.read_instances(INSTANCES / "deepcubea24.txt")[0].board
    long = dict(algorithm="idastar", heuristic="manhattan", timeout=60.0)
    assert isinstance(interrupted(lambda: npuzzle.solve(board, **long)), KeyboardInterrupt)
    batch = [board] * 4
    assert isinstance(
        interrupted(lambda: npuzzle.solve_many(batch, threads=2, **long)), KeyboardInterrupt
    )
    # And the package still works after it.
    assert npuzzle.solve("1 2 3/4 5 6/7 0 8").length == 1


def test_two_threads_solve_at_once() -> None:
    positions = npuzzle.generate("4x4", count=6, seed=11, walk=40)
    options = npuzzle.Options(algorithm="idastar", heuristic="linear-conflict")
    expected = [s.length for s in npuzzle.solve_many(positions, options, threads=1)]
    results: dict[int, list[int]] = {}

    def work(name: int) -> None:
        results[name] = [npuzzle.solve(row, options).length for row in positions]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert results == {0: expected, 1: expected}


def test_text_is_the_clis(cli: Path, cache: Path) -> None:
    import subprocess

    lines = ["8 6 7/2 5 4/3 0 1", "1 2 3/4 5 6/7 0 8", "1 2 3/4 5 6/0 7 8"]
    done = subprocess.run(
        [str(cli), "solve", "--cache-dir", str(cache), "--algorithm", "wastar",
         "--heuristic", "manhattan"],
        input="\n".join(lines) + "\n", capture_output=True, text=True, check=True,
    )
    solutions = npuzzle.solve_many(lines, algorithm="wastar", heuristic="manhattan",
                                   cache_dir=cache)
    mine = "".join(s.to_text(batch=True) for s in solutions)

    def timeless(text: str) -> list[str]:
        return [line for line in text.splitlines() if not line.startswith("time ")]

    assert timeless(mine) == timeless(done.stdout)
    assert "at most 2 times optimal" in mine


def test_limits_are_data_and_pickle() -> None:
    for limit in (npuzzle.Limit("nodes", 1000), npuzzle.Limit("time", 1.5),
                  npuzzle.Limit("memory", 2**20), npuzzle.Limit("cancelled")):
        assert pickle.loads(pickle.dumps(limit)) == limit
    assert str(npuzzle.Limit("nodes", 1000)) == "the node limit (1000 nodes)"
    assert npuzzle.Limit("time", 1.5).value == 1.5
    with pytest.raises(npuzzle.ParseError):
        npuzzle.Limit("forever", 1)


def test_a_journal_resumes_a_stopped_search(tmp_path: Path) -> None:
    """IDA* stopped again and again by a node limit, each call resuming from the journal, proves
    Korf's #82 optimal; the journal then answers at once; another search's journal is refused."""
    board, optimum, *_ = npuzzle.read_instances(INSTANCES / "korf100.txt")[81]
    journal = tmp_path / "korf82.journal"
    options = dict(algorithm="idastar", heuristic="walking-distance", goal="blank-first")
    stops = 0
    for _ in range(500):
        try:
            solution = npuzzle.solve(board, journal=journal, max_nodes=20_000_000, **options)
            break
        except npuzzle.LimitReached:
            stops += 1
    else:
        pytest.fail("no progress in 500 calls")
    assert stops >= 2
    assert (len(solution.moves), solution.optimal) == (optimum, True)
    again = npuzzle.solve(board, journal=str(journal), max_nodes=1, **options)
    assert again.moves == solution.moves
    other = npuzzle.read_instances(INSTANCES / "korf100.txt")[0][0]
    with pytest.raises(npuzzle.FileError, match="journal of another search"):
        npuzzle.solve(other, journal=journal, **options)
    with pytest.raises(npuzzle.ParseError, match="only idastar keeps a journal"):
        npuzzle.solve(
            board, journal=tmp_path / "anytime.journal", algorithm="anytime", goal="blank-first"
        )


def test_progress_is_told_while_a_long_search_runs() -> None:
    """A long search tells its threshold and subtrees as it goes; a callback that raises stops
    it, and its exception is what the call raises."""
    board, optimum, *_ = npuzzle.read_instances(INSTANCES / "korf100.txt")[81]
    options = dict(algorithm="idastar", heuristic="walking-distance", goal="blank-first")
    told: list[tuple[int, int, int, int]] = []
    solution = npuzzle.solve(board, parallel=True, progress=lambda *t: told.append(t), **options)
    assert solution.length == optimum
    assert len(told) > 3 and told[-1][0] == optimum
    assert [t[0] for t in told] == sorted(t[0] for t in told)
    assert all(0 <= finished <= subtrees for _, finished, subtrees, _ in told)
    assert max(t[3] for t in told) <= solution.expanded

    class Enough(Exception):
        pass

    def stop(*_: int) -> None:
        raise Enough

    clock = time.monotonic()
    with pytest.raises(Enough):
        npuzzle.solve(board, parallel=True, progress=stop, **options)
    assert time.monotonic() - clock < 60
