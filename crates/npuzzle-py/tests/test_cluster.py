"""Batches on a real Ray cluster of two nodes on this machine (127.0.0.1 only), torn down at
the end: the CLI's answers, a worker killed mid-batch, Ctrl-C and --resume."""

from __future__ import annotations

import gc
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import cli_json

# Every node of the test cluster on 127.0.0.1, and no usage reports.
os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
os.environ["RAY_USAGE_STATS_ENABLED"] = "0"

ray = pytest.importorskip("ray")
from ray.cluster_utils import Cluster  # noqa: E402

import npuzzle  # noqa: E402
from npuzzle import cluster  # noqa: E402
from npuzzle.cluster import rounds  # noqa: E402
from npuzzle.cluster.__main__ import main  # noqa: E402

#: The longest any step of these tests may wait.
LIMIT = 120.0
#: Positions in the batches a test stops by a signal after three answers: enough that a loaded
#: machine cannot answer them all before the signal comes (with 30, a CI run beside a search
#: did, and the signal came during Ray's shutdown).
BATCH = 150


@pytest.fixture(scope="module")
def address():
    """A head and one more node, one CPU each, on this machine; shut down at the end."""
    nodes = Cluster(
        initialize_head=True,
        head_node_args={"num_cpus": 1, "node_ip_address": "127.0.0.1", "include_dashboard": False},
    )
    try:
        nodes.add_node(num_cpus=1, node_ip_address="127.0.0.1")
        nodes.wait_for_nodes(timeout=LIMIT)
        ray.init(address=nodes.address, log_to_driver=False)
        assert all(node["NodeManagerAddress"] == "127.0.0.1" for node in ray.nodes())
        yield nodes.address
    finally:
        ray.shutdown()
        nodes.shutdown()


@pytest.fixture(autouse=True)
def no_ray_cancel(monkeypatch):
    """``ray.cancel`` races with a task's reply inside Ray 2.60 and can abort the driver ("Tried
    to complete task that was not pending"; it did in CI): nothing may call it."""

    def refused(*_args, **_kwargs):
        raise AssertionError("ray.cancel was called: it can abort the driver in Ray 2.60")

    monkeypatch.setattr(ray, "cancel", refused)


def test_a_mixed_batch_gets_the_clis_answers(address, cli, cache) -> None:
    small = [str(npuzzle.Board(r.tolist())) for r in npuzzle.generate("3x3", count=6, seed=8)]
    fifteen = [
        str(npuzzle.Board(r.tolist())) for r in npuzzle.generate("4x4", count=3, seed=8, walk=30)
    ]
    large = str(npuzzle.Board(npuzzle.generate("6x6", count=1, seed=8)[0].tolist()))
    lines = small[:3] + fifteen + [large] + small[3:]
    answers = list(cluster.solve(lines, time_budget=0.5, cache_dir=cache, chunk=2))
    assert [index for index, _ in answers] == list(range(len(lines)))
    expected = cli_json(cli, lines, "--cache-dir", str(cache), "--time-budget", "0.5")
    for (_, answer), line, position in zip(answers, expected, lines):
        assert isinstance(answer, npuzzle.Solution)
        assert npuzzle.Board(position).apply(answer.moves).is_solved()
        if line["optimal"]:
            assert (answer.length, answer.optimal) == (line["length"], True)
    assert sum(line["optimal"] for line in expected) == len(lines) - 1


def worker_processes() -> list[int]:
    """The process ids of Ray workers now running a batch task."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "cmdline").read_bytes().startswith(b"ray::_solve_chunk"):
                    pids.append(int(entry.name))
            except OSError:
                continue
    return pids


def test_a_worker_killed_mid_batch_loses_nothing(address) -> None:
    positions = npuzzle.generate("4x4", count=24, seed=9, walk=46)
    options = npuzzle.Options(algorithm="idastar", heuristic="manhattan")
    expected = [s.length for s in npuzzle.solve_many(positions, options)]
    seen, killed = [], []
    deadline = time.monotonic() + LIMIT
    for index, answer in cluster.solve(positions, options, chunk=2):
        seen.append((index, answer.length))
        while not killed and time.monotonic() < deadline:
            pids = worker_processes()
            if pids:
                os.kill(pids[0], signal.SIGKILL)
                killed.append(pids[0])
            else:
                time.sleep(0.01)
    assert killed, "no worker was running a task to kill"
    assert [index for index, _ in seen] == list(range(24))
    assert [length for _, length in seen] == expected


def test_a_batch_left_early_stops_its_tasks(address) -> None:
    """Leaving the loop after the first answer stops the tasks still running, two of them
    searches that would take hours: the workers are free again, and the next batch runs."""
    quick = str(npuzzle.Board(npuzzle.generate("3x3", count=1, seed=3)[0].tolist()))
    endless = [str(npuzzle.Board(r.tolist())) for r in npuzzle.generate("6x6", count=2, seed=3)]
    options = npuzzle.Options(algorithm="idastar", heuristic="manhattan")
    for index, answer in cluster.solve([quick, *endless], options, chunk=1):
        assert (index, answer.optimal) == (0, True)
        break
    deadline = time.monotonic() + LIMIT
    while worker_processes() or ray.available_resources().get("CPU", 0) < 2:
        assert time.monotonic() < deadline, "the batch's tasks still run after it was left"
        time.sleep(0.05)
    assert [a.length for _, a in cluster.solve([quick], options)] == [answer.length]


def test_the_switchboard_lives_as_long_as_the_driver(address) -> None:
    """A stop is heard through a handle found by name, as the tasks find the switchboard, and it
    is still heard after later rounds began (such a handle does not keep an actor alive: when one
    replaced the driver's own, the next round ended the switchboard and its stops with it)."""
    first = rounds.Round.begin()
    first.stop()
    deadline = time.monotonic() + LIMIT
    while not ray.get(ray.get_actor(rounds.NAME).stopped.remote(first.key), timeout=LIMIT):
        assert time.monotonic() < deadline, "the stop was never heard"
        time.sleep(0.01)
    later = [rounds.Round.begin() for _ in range(3)]
    gc.collect()
    time.sleep(1.0)  # more than a switchboard without its owner's handle took to end
    board = ray.get_actor(rounds.NAME)
    assert ray.get(board.stopped.remote(first.key), timeout=LIMIT)
    assert not any(ray.get([board.stopped.remote(r.key) for r in later], timeout=LIMIT))


def test_the_switchboard_remembers_a_bounded_number_of_stopped_rounds() -> None:
    board = rounds._Switchboard()
    for key in range(rounds.REMEMBERED + 10):
        board.stop(str(key))
    assert not board.stopped("0") and not board.stopped("9")
    assert board.stopped("10") and board.stopped(str(rounds.REMEMBERED + 9))
    assert not board.stopped("never")


def test_ctrl_c_keeps_the_answers_and_resume_completes_them(address, tmp_path: Path) -> None:
    positions = npuzzle.generate("4x4", count=BATCH, seed=10, walk=44)
    file = tmp_path / "positions.txt"
    file.write_text("".join(f"{npuzzle.Board(r.tolist())}\n" for r in positions))
    output = tmp_path / "answers.jsonl"
    flags = ["--json", "--address", address, "--algorithm", "idastar", "--heuristic",
             "manhattan", "--chunk", "1"]
    with output.open("w") as sink:
        run = subprocess.Popen(
            [sys.executable, "-m", "npuzzle.cluster", "solve", str(file), *flags],
            stdout=sink, stderr=subprocess.PIPE, text=True,
        )
        deadline = time.monotonic() + LIMIT
        while output.read_text().count("\n") < 3 and time.monotonic() < deadline:
            assert run.poll() is None, run.stderr.read()
            time.sleep(0.05)
        run.send_signal(signal.SIGINT)
        _, errors = run.communicate(timeout=LIMIT)
    assert run.returncode == 130, errors
    first = output.read_text().splitlines()
    assert 3 <= len(first) < BATCH
    assert f"{len(first)} positions answered above, {BATCH - len(first)} missing" in errors
    rest = io.StringIO()
    assert main(["solve", str(file), *flags, "--resume", str(output)], out=rest) == 0
    more = rest.getvalue().splitlines()
    assert len(first) + len(more) == BATCH
    got = sorted(json.loads(line)["position"] for line in first + more)
    assert got == sorted(str(npuzzle.Board(r.tolist())) for r in positions)


def test_bad_lines_are_reported_and_the_batch_goes_on(address, tmp_path: Path, capsys) -> None:
    file = tmp_path / "positions.txt"
    file.write_text("1 2 3/4 5 6/7 0 8\n1 2 3/4 5\n2 1 3/4 5 6/7 8 0\n1 2 3/4 5 6/0 7 8\n")
    out = io.StringIO()
    assert main(["solve", str(file), "--address", address, "--json"], out=out) == 2
    lengths = [json.loads(line)["length"] for line in out.getvalue().splitlines()]
    assert lengths == [1, 2]
    errors = capsys.readouterr().err
    assert "line 2:" in errors and "line 3: unsolvable" in errors


def test_the_split_search_finds_korfs_optima(address, cache) -> None:
    korf = npuzzle.read_instances(npuzzle_instances() / "korf100.txt")
    options = npuzzle.Options(
        algorithm="idastar", heuristic="pdb", partition="663", goal="blank-first", cache_dir=cache
    )
    for number in (79, 12, 42, 55):
        instance = korf[number - 1]
        solution = cluster.search(instance.board, options, subtrees_per_worker=4, local_nodes=0)
        assert (solution.length, solution.optimal) == (instance.optimal, True), number
        assert instance.board.apply(solution.moves).is_solved("blank-first")
        alone = npuzzle.solve(instance.board, options)
        assert alone.length == solution.length
        assert solution.expanded > 0


#: Zero-aware 5-5-5-5-4 databases for the blank-last 24-puzzle, in compact blocks: built in
#: about ten seconds (6-6-6-6 takes three minutes or more, too long for CI).
BLOCKS_5X5 = "z:24,23,20,19,18/22,21,17,16,11/15,14,10,9,5/8,4,3,2,1/13,12,7,6"


def test_the_split_search_proves_a_24_puzzle_optimal(address, cache) -> None:
    """DeepCubeA's 24-puzzle on line 11 of its set (85 moves, optimal by the solver of the
    DeepCubeA repository): about 57 million nodes with ``BLOCKS_5X5``, beyond what the driver
    searches alone. Korf and Felner's 50 are proved by the same split search from the command
    line (docs/data/korf24-50/)."""
    goal = "blank-last"
    instance = npuzzle.read_instances(npuzzle_instances() / "deepcubea24.txt")[4]
    assert (instance.line, instance.optimal, instance.goal) == (11, 85, goal)
    options = npuzzle.Options(
        algorithm="idastar", heuristic="pdb", partition=BLOCKS_5X5, goal=goal, cache_dir=cache
    )
    npuzzle.pdb.build("5x5", BLOCKS_5X5, goal=goal, cache_dir=cache)
    solution = cluster.search(instance.board, options)
    assert (solution.length, solution.optimal) == (85, True)
    assert solution.expanded > 10_000_000
    assert instance.board.apply(solution.moves).is_solved(goal)


def test_the_split_search_on_a_24_puzzle_and_its_limits(address) -> None:
    board = npuzzle.Board(npuzzle.generate("5x5", count=1, seed=12, walk=60)[0].tolist())
    options = npuzzle.Options(algorithm="idastar", heuristic="linear-conflict")
    solution = cluster.search(board, options, local_nodes=0)
    assert solution.length == npuzzle.solve(board, options).length
    assert board.apply(solution.moves).is_solved() and solution.optimal
    # A small search stays with the driver, and gives the same length.
    assert cluster.search(board, options).length == solution.length
    with pytest.raises(npuzzle.LimitReached) as stopped:
        cluster.search(board, options, max_nodes=2000, local_nodes=0)
    assert stopped.value.limit.kind == "nodes" and "node limit" in str(stopped.value.limit)
    with pytest.raises(npuzzle.UnsolvableError):
        cluster.search("2 1 3/4 5 6/7 8 0", options)


def npuzzle_instances() -> Path:
    from conftest import INSTANCES

    return INSTANCES


def test_bad_input_is_one_line_never_a_traceback(tmp_path: Path, capsys) -> None:
    """Issue 37, defects 2 and 20: refused before anything starts, in the CLI's words, exit 2."""
    file = tmp_path / "positions.txt"
    file.write_text("1 2 3/4 5 6/7 0 8\n")
    folder = tmp_path / "folder"
    folder.mkdir()
    cases = [
        (["solve", str(file), "--chunk", "-1"], "positions per task must be from 1"),
        (["solve", str(file), "--chunk", "0"], "positions per task must be from 1"),
        (["solve", str(tmp_path / "missing.txt")], "missing.txt"),
        (["solve", str(folder)], "a folder"),
        (["solve", "/dev/zero"], "more than 256 MiB"),
        (["solve", str(file), "--resume", "/dev/zero"], "more than 256 MiB"),
        (["solve", str(file), "--timeout", "-1"], "seconds must be from 0"),
        (["solve", str(file), "--max-nodes", "0"], "the node limit must be at least 1"),
        (["solve", str(file), "--resume", str(folder)], "a folder"),
        (["search", "1 2 3/4 5 6/7 0 8", "--subtrees-per-worker", "-1"], "subtrees per worker"),
        (["search", "1 2 3/4 5 6/7 0 8", "--subtrees-per-worker", "0"], "subtrees per worker"),
        (["search", "1 2 3/4 5 6/7 0 8", "--algorithm", "table"], "not split"),
        (["solve", str(tmp_path / "\x1b]0;pwn\x07")], "\\u{1b}]0;pwn\\u{7}"),
    ]
    for argv, words in cases:
        assert main(argv, out=io.StringIO()) == 2, argv
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err, (argv, err)
        assert "\x1b" not in err, err


def test_a_bad_byte_is_reported_on_its_line_and_the_rest_answered(
    address, tmp_path: Path, capsys
) -> None:
    file = tmp_path / "positions.txt"
    file.write_bytes(b"1 2 3/4 5 6/7 0 8\n1 2 \xff/4 5 6/7 0 8\n1 2 3/4 5 6/0 7 8\n")
    out = io.StringIO()
    assert main(["solve", str(file), "--address", address, "--json"], out=out) == 2
    assert [json.loads(line)["length"] for line in out.getvalue().splitlines()] == [1, 2]
    assert "line 2: byte 5 is not UTF-8" in capsys.readouterr().err


def test_resume_repairs_a_cut_last_line(address, tmp_path: Path) -> None:
    """Issue 37, defect 4: the documented ``--resume OUT >> OUT`` after a cut leaves a file
    every line of which reads back."""
    positions = [str(npuzzle.Board(r.tolist())) for r in npuzzle.generate("3x3", count=4, seed=3)]
    file = tmp_path / "positions.txt"
    file.write_text("\n".join(positions) + "\n")
    output = tmp_path / "answers.jsonl"
    whole = [npuzzle.solve(p).to_json() for p in positions[:2]]
    output.write_text(whole[0] + "\n" + whole[1][:25])
    with output.open("a") as sink:
        argv = ["solve", str(file), "--address", address, "--json", "--resume", str(output)]
        assert main(argv, out=sink) == 0
    answers = npuzzle.read_json_lines(output)
    assert sorted(str(a.position) for a in answers) == sorted(positions)


def test_stdout_carries_answers_only_and_every_signal_ends_with_its_status(
    address, tmp_path: Path
) -> None:
    """Issue 37, defects 3 and 8: a worker killed mid-batch puts no line of Ray's into the
    answers; SIGTERM and SIGHUP stop the driver with the answered/missing line and 143, 129."""
    positions = npuzzle.generate("4x4", count=BATCH, seed=10, walk=44)
    file = tmp_path / "positions.txt"
    file.write_text("".join(f"{npuzzle.Board(r.tolist())}\n" for r in positions))
    flags = ["--json", "--address", address, "--algorithm", "idastar", "--heuristic",
             "manhattan", "--chunk", "1"]
    for sig, status in ((None, 0), (signal.SIGTERM, 143), (signal.SIGHUP, 129)):
        output = tmp_path / f"answers-{status}.jsonl"
        with output.open("w") as sink:
            run = subprocess.Popen(
                [sys.executable, "-m", "npuzzle.cluster", "solve", str(file), *flags],
                stdout=sink, stderr=subprocess.PIPE, text=True,
            )
            deadline = time.monotonic() + LIMIT
            killed = False
            while run.poll() is None and time.monotonic() < deadline:
                pids = worker_processes() if sig is None and not killed else []
                if pids:
                    try:
                        os.kill(pids[0], signal.SIGKILL)
                        killed = True
                    except ProcessLookupError:
                        pass
                if sig is not None and output.read_text().count("\n") >= 3:
                    run.send_signal(sig)
                    break
                time.sleep(0.02)
            _, errors = run.communicate(timeout=LIMIT)
        assert run.returncode == status, errors
        lines = output.read_text().splitlines()
        assert all(json.loads(line)["position"] for line in lines)
        if sig is None:
            assert killed and len(lines) == BATCH
        else:
            assert f"{len(lines)} positions answered above, {BATCH - len(lines)} missing" in errors


def test_the_split_search_keeps_its_node_limit_a_ceiling(address) -> None:
    """Issue 37, defect 18: the whole search, every subtree together, stays within the limit;
    a method that is not split is refused, not swapped for IDA*."""
    board = npuzzle.Board(npuzzle.generate("5x5", count=1, seed=12, walk=80)[0].tolist())
    options = npuzzle.Options(algorithm="idastar", heuristic="manhattan")
    for limit in (3000, 30000):
        with pytest.raises(npuzzle.LimitReached) as stopped:
            cluster.search(board, options, max_nodes=limit, local_nodes=0)
        assert stopped.value.stats["expanded"] <= limit
        assert stopped.value.limit.kind == "nodes" and "node limit" in str(stopped.value.limit)
    with pytest.raises(npuzzle.ParseError, match="not split"):
        cluster.search(board, algorithm="table", max_nodes=3_000_000)


def test_a_limit_from_the_cluster_is_the_same_data_as_from_a_solve(address) -> None:
    """Issue 38: the Ray round trip keeps every attribute of an exception."""
    hard = "0 12 9 13/15 11 10 14/3 7 2 5/4 8 6 1"
    options = npuzzle.Options(algorithm="idastar", heuristic="manhattan", max_nodes=1000)
    [(_, remote)] = list(cluster.solve([hard], options))
    with pytest.raises(npuzzle.LimitReached) as local:
        npuzzle.solve(hard, options)
    assert isinstance(remote, npuzzle.LimitReached)
    assert remote.limit == local.value.limit == npuzzle.Limit("nodes", 1000)
    assert remote.stats["expanded"] == local.value.stats["expanded"]
    assert str(remote) == str(local.value)


def test_a_journal_cut_coarser_is_carried_over_on_the_cluster(address, tmp_path: Path) -> None:
    """A journal whose iteration was cut coarser than the cluster cuts (an earlier build's) goes
    on on the cluster: cut again the cluster's way, each subtree under a finished one finished."""
    from npuzzle import _native

    board, optimum, *_ = npuzzle.read_instances(npuzzle_instances() / "korf100.txt")[81]
    text = str(board)
    options = npuzzle.Options(algorithm="idastar", heuristic="walking-distance", goal="blank-first")
    aim = cluster.split.JOURNAL_SUBTREES
    # The coarse journal: each iteration cut into 64 or more, searched here, one subtree at a
    # time, until one large enough to cut into the cluster's 512 is half searched.
    kept = tmp_path / "coarse.journal"
    coarse = _native.SplitDriver(text, options, kept, 64, 1)
    first, done, at = coarse.progress[0], set(), None
    while True:
        task = coarse.poll()
        assert isinstance(task, _native.SplitTask)
        bound, finished, subtrees = coarse.progress
        if bound != at:
            done, at = set(), bound
        if bound >= first + 8 and finished >= subtrees // 2:
            break
        report = task.search(text, options)
        assert report.found is None
        coarse.report(task.index, report)
        done.add(task.path)
    paths = coarse.paths
    coarse.flush()
    # The cluster's cut of the same iteration, from a copy of the journal.
    probe = tmp_path / "probe.journal"
    probe.write_bytes(kept.read_bytes())
    fine_cut = _native.SplitDriver(text, options, probe, aim, 1)
    assert isinstance(fine_cut.poll(), _native.SplitTask)
    fine = fine_cut.paths
    assert len(fine) >= aim and fine_cut.progress[0] == bound
    told: list[tuple[int, int, int]] = []
    solution = cluster.search(
        board, options, journal=kept, local_nodes=0, progress=lambda *t: told.append(t)
    )
    assert (solution.length, solution.optimal) == (optimum, True)
    depth = len(paths[0])
    assert told[0] == (bound, sum(path[:depth] in done for path in fine), len(fine))
    assert 0 < told[0][1] < len(fine)


def test_a_journal_moves_between_the_cluster_and_one_machine(address, tmp_path: Path) -> None:
    """Issue 39: the split search keeps the journal ``npuzzle solve --resume`` keeps. Stopped
    again and again by its time limit, it resumes each time and proves Korf's #82 optimal (about
    eight seconds in all here); the finished journal answers at once on this machine. A search
    begun on this machine is finished on the cluster from its journal, and another search's
    journal is refused."""
    board, optimum, *_ = npuzzle.read_instances(npuzzle_instances() / "korf100.txt")[81]
    options = npuzzle.Options(algorithm="idastar", heuristic="walking-distance", goal="blank-first")
    kept = tmp_path / "cluster.journal"
    with pytest.raises(npuzzle.LimitReached):
        cluster.search(board, options, journal=kept, max_nodes=3_000_000)
    stops, solution = 1, None
    for _ in range(100):
        try:
            solution = cluster.search(board, options, journal=kept, timeout=1.0)
            break
        except npuzzle.LimitReached as stopped:
            assert stopped.limit.kind == "time"
            stops += 1
    assert solution is not None, "no progress in 100 runs"
    assert stops >= 3
    assert (solution.length, solution.optimal) == (optimum, True)
    assert board.apply(solution.moves).is_solved("blank-first")
    again = npuzzle.solve(board, options, journal=kept, max_nodes=1)
    assert again.moves == solution.moves
    begun = tmp_path / "begun.journal"
    with pytest.raises(npuzzle.LimitReached):
        npuzzle.solve(board, options, journal=begun, max_nodes=30_000_000)
    told: list[tuple[int, int, int]] = []
    finished = cluster.search(
        board, options, journal=begun, local_nodes=0, progress=lambda *t: told.append(t)
    )
    assert finished.length == optimum and finished.expanded >= 20_000_000
    # Progress: the resumed iteration starts with the journal's subtrees counted as finished.
    assert told[0][1] > 0 and all(s >= cluster.split.JOURNAL_SUBTREES for _, _, s in told)
    assert [t for t, _, _ in told] == sorted(t for t, _, _ in told) and told[-1][0] == optimum
    other = npuzzle.read_instances(npuzzle_instances() / "korf100.txt")[0][0]
    with pytest.raises(npuzzle.FileError, match="journal of another search"):
        cluster.search(other, options, journal=kept)


def test_the_cluster_hands_out_first_the_subtrees_that_came_nearest_the_goal(
    address, tmp_path: Path
) -> None:
    """Each subtree a worker finishes is kept with the least heuristic value its search reached,
    and each iteration after the first hands out its subtrees by those values, least first, as
    ``npuzzle solve --split`` does: stopped part-way through a later iteration, the journal
    holds both, and the subtrees it finished are the first in that order (but for the few under
    way at the stop)."""
    board, *_ = npuzzle.read_instances(npuzzle_instances() / "korf100.txt")[81]
    options = npuzzle.Options(algorithm="idastar", heuristic="walking-distance", goal="blank-first")
    kept = tmp_path / "ordered.journal"
    thresholds: list[int] = []

    class Enough(Exception):
        pass

    def progress(bound: int, finished: int, subtrees: int) -> None:
        thresholds.append(bound)
        # The first iterations are too small to cut; from 50 on (the optimum is 62) they are.
        if bound >= thresholds[0] + 8 and finished >= 40:
            raise Enough

    with pytest.raises(Enough):
        cluster.search(board, options, journal=kept, local_nodes=0, progress=progress)
    journal = json.loads(kept.read_text())
    hints, nearest, finished = journal["hints"], journal["nearest"], journal["finished"]
    assert len(hints) == len(nearest) == journal["subtrees"]
    assert len(finished) >= 40 and all(nearest[i] is not None for i in finished)
    # The order the journal's hints give (the library's rule, tested there).
    order = sorted(range(len(hints)), key=lambda i: (hints[i] is None, hints[i] or 0, i))
    # What was handed out in order ends in order, but for the few under way at the stop.
    last = max(order.index(i) for i in finished)
    assert last < len(finished) + 2 * cluster.split.UNDER_WAY_PER_WORKER


def test_a_journals_subtrees_share_the_node_limit_as_they_run(address, tmp_path: Path) -> None:
    """With a journal the iteration is cut into 512 subtrees, a few a worker under way: a node
    limit of eight times what the whole search takes is shared among those under way and
    finishes it (it was shared among all 512 as each started, so a subtree of a 512th stopped
    the search even at twice). Eight, not two: the last iteration now reaches the goal early, so
    the whole search is small beside its largest subtrees, each of which must fit its share."""
    board, optimum, *_ = npuzzle.read_instances(npuzzle_instances() / "korf100.txt")[0]
    options = npuzzle.Options(algorithm="idastar", heuristic="walking-distance", goal="blank-first")
    whole = cluster.search(board, options, journal=tmp_path / "whole.journal", local_nodes=0)
    limit = 8 * whole.expanded
    limited = cluster.search(
        board, options, journal=tmp_path / "limited.journal", local_nodes=0, max_nodes=limit
    )
    assert (limited.length, limited.optimal) == (optimum, True)
    assert limited.expanded <= limit


def test_a_search_killed_on_the_cluster_goes_on_from_its_journal(address, tmp_path: Path) -> None:
    """Issue 39: ``python -m npuzzle.cluster search --resume FILE`` killed (SIGKILL) and stopped
    (SIGTERM) part-way goes on from its journal each time and proves the optimum."""
    board, optimum, *_ = npuzzle.read_instances(npuzzle_instances() / "korf100.txt")[81]
    journal = tmp_path / "82.journal"
    command = [sys.executable, "-m", "npuzzle.cluster", "search", str(board), "--json",
               "--address", address, "--algorithm", "idastar", "--heuristic",
               "walking-distance", "--goal", "blank-first", "--resume", str(journal)]
    progress = -1
    for sig, status in ((signal.SIGKILL, -signal.SIGKILL), (signal.SIGTERM, 143)):
        run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        progress = _wait_for_progress(journal, progress)
        run.send_signal(sig)
        _, errors = run.communicate(timeout=LIMIT)
        assert run.returncode == status, errors
        # What the run wrote between the look and the signal: the next run must go past it (or
        # the next signal could come before that run is under way).
        progress = _progress(journal)
        if sig == signal.SIGTERM:
            assert f"{journal} keeps what it finished" in errors
    kept = json.loads(journal.read_text())["expanded"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=LIMIT)
    answer = json.loads(done.stdout)
    assert (answer["length"], answer["optimal"]) == (optimum, True), done.stderr
    # The nodes of the stopped runs are counted in: the journal was read, not started again.
    assert answer["expanded"] >= kept > 0


@pytest.fixture
def command():
    """The cluster's command module, its signal handlers put back as they were afterwards."""
    from npuzzle.cluster import __main__ as command

    handlers = {number: signal.getsignal(number) for number in command.SIGNALS}
    yield command
    for number, handler in handlers.items():
        signal.signal(number, handler)


def test_a_signal_ray_turned_into_a_plain_interrupt_keeps_its_name(command) -> None:
    """A signal's exception raised while Ray waits comes out of the wait as a bare
    ``KeyboardInterrupt`` (it did in a run of the test above: SIGTERM ended with status 130 and
    "interrupted by :"); the run still names the signal and exits with its status."""
    command._catch_signals()
    with pytest.raises(command.Stopped):
        command._stop(signal.SIGTERM, None)
    stop = command._stopped_by(KeyboardInterrupt())
    assert (str(stop), stop.number) == ("SIGTERM", signal.SIGTERM)
    command._catch_signals()
    assert command._stopped_by(KeyboardInterrupt()).number == signal.SIGINT


def _progress(journal: Path) -> int:
    """How much finished work the journal holds (iterations begun and subtrees finished); -1
    before it is written."""
    try:
        kept = json.loads(journal.read_text())
        return kept["iterations"] * 10_000 + len(kept["finished"])
    except (OSError, ValueError):
        return -1


def _wait_for_progress(journal: Path, past: int) -> int:
    """Waits until the journal holds more finished work than ``past``, and returns that measure."""
    deadline = time.monotonic() + LIMIT
    while time.monotonic() < deadline:
        now = _progress(journal)
        if now > past:
            return now
        time.sleep(0.05)
    pytest.fail(f"{journal} made no progress in {LIMIT} s")


def test_a_signal_between_writing_an_answer_and_counting_it_waits_for_the_count(command) -> None:
    """A SIGTERM that came after an answer was written and before it was counted made the closing
    line say "3 positions answered above" over a file of four (a run of the signal test above).
    Answers are now written and counted with the stopping signals held: the signal stops the run
    as the block ends, after the count."""
    written, counted = io.StringIO(), 0
    command._catch_signals()
    with pytest.raises(command.Stopped) as stopped:
        with command._held():
            written.write("answer\n")
            os.kill(os.getpid(), signal.SIGTERM)
            counted += 1
    assert stopped.value.number == signal.SIGTERM
    assert (written.getvalue().count("\n"), counted) == (1, 1)
    # Outside the block a signal stops at once, as before.
    with pytest.raises(command.Stopped):
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(LIMIT)


def test_a_signal_after_the_run_is_noted_not_raised(command) -> None:
    """A SIGINT that came during Ray's shutdown, after every answer was written, printed a
    traceback from the exit handlers ("Exception ignored in atexit callback ... Stopped: Ctrl-C").
    Once the run is over, a stopping signal is noted and the finished run keeps its status."""
    command._catch_signals()
    command._settle_signals()
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(0.01)
    assert command._received == signal.SIGINT
