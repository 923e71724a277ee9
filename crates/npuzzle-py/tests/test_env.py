"""npuzzle.env (issue 40): Gymnasium's own checker, the native vector env against single envs
stepped by hand in each autoreset mode, seeding, exact distances re-solved optimally, masks
at every cell, bad arguments, rendering, and the text mode's parser on hostile answers."""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.vector import AutoresetMode

import npuzzle
import npuzzle.env
from conftest import interrupted
from npuzzle.env import SlidingPuzzleEnv, SlidingPuzzleVectorEnv, TextPuzzle, parse_move

# The blank's step in each action's direction (up, down, left, right).
STEP = {0: (-1, 0), 1: (1, 0), 2: (0, -1), 3: (0, 1)}


@pytest.mark.parametrize("observation", ["board", "onehot"])
@pytest.mark.parametrize("masked", [False, True])
def test_gymnasiums_checker_passes_in_every_observation_mode(observation: str, masked: bool) -> None:
    env = SlidingPuzzleEnv("3x3", observation=observation, mask_in_observation=masked,
                           reward="manhattan", max_episode_steps=50)
    check_env(env, skip_render_check=True)
    obs, _ = env.reset(seed=1)
    assert env.observation_space.contains(obs)


def test_make_and_make_vec_find_the_registered_env() -> None:
    env = gymnasium.make("npuzzle/SlidingPuzzle-v0", size="4x4")
    assert isinstance(env.unwrapped, SlidingPuzzleEnv)
    envs = gymnasium.make_vec("npuzzle/SlidingPuzzle-v0", num_envs=8, size="3x3")
    assert isinstance(envs, SlidingPuzzleVectorEnv)
    obs, _ = envs.reset(seed=0)
    assert obs.shape == (8, 3, 3) and obs.dtype == np.uint8
    sync = gymnasium.make_vec("npuzzle/SlidingPuzzle-v0", num_envs=2, vectorization_mode="sync", size="3x3")
    assert sync.reset(seed=0)[0].shape == (2, 3, 3)


def expected_mask(board: np.ndarray, moves: str) -> np.ndarray:
    """The legal actions from where the blank is, worked out here."""
    height, width = board.shape
    row, column = (int(v[0]) for v in np.nonzero(board == 0))
    legal = []
    for action in range(4):
        dr, dc = STEP[action]
        if moves == "tile":
            dr, dc = -dr, -dc
        legal.append(0 <= row + dr < height and 0 <= column + dc < width)
    return np.array(legal)


@pytest.mark.parametrize("size", ["3x3", "4x3", "2x5"])
@pytest.mark.parametrize("moves", ["blank", "tile"])
def test_masks_are_right_at_every_cell_and_moves_go_the_named_way(size: str, moves: str) -> None:
    env = SlidingPuzzleEnv(size, moves=moves)
    obs, info = env.reset(seed=5)
    rng = np.random.default_rng(5)
    seen = set()
    for _ in range(600):
        assert (info["action_mask"] == expected_mask(obs, moves)).all()
        blank = tuple(int(v[0]) for v in np.nonzero(obs == 0))
        seen.add(blank)
        action = int(rng.integers(4))
        before = obs
        obs, _, terminated, _, info = env.step(action)
        dr, dc = STEP[action] if moves == "blank" else tuple(-v for v in STEP[action])
        target = (blank[0] + dr, blank[1] + dc)
        if info is not None and expected_mask(before, moves)[action]:
            assert obs[target] == 0 and obs[blank] == before[target]
        else:
            assert (obs == before).all()  # off the board: a no-op
        if terminated:
            obs, info = env.reset()
    height, width = obs.shape
    assert len(seen) == height * width, "the blank visited every cell, corners and edges"


def step_singles(singles: list[SlidingPuzzleEnv], actions: np.ndarray, mode: str,
                 pending: list[bool]) -> tuple[list[Any], ...]:
    """Steps each single env as a vector env in `mode` would, by hand."""
    obs, rewards, terms, truncs, finals = [], [], [], [], []
    for i, env in enumerate(singles):
        if mode == "next-step" and pending[i]:
            o, _ = env.reset()
            obs.append(o), rewards.append(0.0), terms.append(False), truncs.append(False)
            finals.append(None)
            pending[i] = False
            continue
        o, r, term, trunc, _ = env.step(int(actions[i]))
        final = None
        if term or trunc:
            if mode == "next-step":
                pending[i] = True
            elif mode == "same-step":
                final = o
                o, _ = env.reset()
        obs.append(o), rewards.append(r), terms.append(term), truncs.append(trunc)
        finals.append(final)
    return obs, rewards, terms, truncs, finals


@pytest.mark.parametrize("mode", ["next-step", "same-step", "disabled"])
def test_the_vector_env_steps_as_single_envs_stepped_by_hand(mode: str) -> None:
    n, seed = 6, 40
    options = dict(reward="manhattan", step_cost=0.1, max_episode_steps=12, deal={"walk": 3})
    envs = SlidingPuzzleVectorEnv(n, "3x3", autoreset_mode=mode, **options)
    singles = [SlidingPuzzleEnv("3x3", **options) for _ in range(n)]
    obs, infos = envs.reset(seed=seed)
    for i, env in enumerate(singles):
        o, info = env.reset(seed=seed + i)
        assert (obs[i] == o).all() and infos["distance"][i] == info["distance"]
    rng = np.random.default_rng(1)
    pending = [False] * n
    ended = 0
    for _ in range(120):
        actions = rng.integers(0, 4, size=n)
        obs, rewards, terms, truncs, infos = envs.step(actions)
        want = step_singles(singles, actions, mode, pending)
        for i in range(n):
            assert (obs[i] == want[0][i]).all(), (mode, i)
            assert rewards[i] == pytest.approx(want[1][i])
            assert (terms[i], truncs[i]) == (want[2][i], want[3][i])
            if want[4][i] is not None:
                assert infos["_final_obs"][i] and (infos["final_obs"][i] == want[4][i]).all()
        ended += int(terms.sum() + truncs.sum())
        if mode == "disabled" and (terms | truncs).any():
            done = terms | truncs
            obs, _ = envs.reset(options={"reset_mask": done})
            for i in np.flatnonzero(done):
                o, _ = singles[i].reset()
                assert (obs[i] == o).all()
    assert ended > 10, "episodes ended and were dealt again"
    assert envs.metadata["autoreset_mode"] == {"next-step": AutoresetMode.NEXT_STEP,
                                               "same-step": AutoresetMode.SAME_STEP,
                                               "disabled": AutoresetMode.DISABLED}[mode]


def test_seeding_is_reproducible_and_unseeded_runs_differ() -> None:
    def run(seed: int | None) -> list[np.ndarray]:
        envs = SlidingPuzzleVectorEnv(4, "4x4", max_episode_steps=5)
        out = [envs.reset(seed=seed)[0]]
        for k in range(12):
            out.append(envs.step(np.full(4, k % 4))[0])
        return out

    first, again = run(7), run(7)
    assert all((a == b).all() for a, b in zip(first, again))
    assert not all((a == b).all() for a, b in zip(run(None), run(None)))
    assert not (run(8)[0] == first[0]).all()


def test_3x3_boards_dealt_at_every_distance_are_that_far() -> None:
    envs = SlidingPuzzleVectorEnv(16, "3x3")
    for d in range(1, 32):
        obs, infos = envs.reset(seed=d, options={"distance": d})
        assert (infos["distance"] == d).all()
        for board in obs:
            solution = npuzzle.solve(npuzzle.Board(board.tolist()))
            assert (solution.length, solution.optimal) == (d, True)
    with pytest.raises(npuzzle.ParseError, match="farthest are 31 away"):
        envs.reset(options={"distance": 32})
    with pytest.raises(npuzzle.ParseError, match="at least one move from the goal"):
        envs.reset(options={"distance": 0})


def test_the_sampling_says_its_kind_and_whether_it_is_uniform() -> None:
    env = SlidingPuzzleEnv("3x3")
    _, info = env.reset(seed=1)
    assert (info["sampling"].kind, info["sampling"].uniform) == ("uniform", True)
    _, info = env.reset(seed=1, options={"walk": 9})
    assert (info["sampling"].kind, info["sampling"].uniform) == ("walk", False)
    assert info["sampling"] == "random walks of 9 moves that never undo a move"
    _, info = env.reset(seed=1, options={"distance": 12})
    assert (info["sampling"].kind, info["sampling"].uniform) == ("distance", True)
    assert pickle.loads(pickle.dumps(info["sampling"])).kind == "distance"


def test_4x4_boards_dealt_at_a_distance_are_that_far(tmp_path: Path) -> None:
    env = SlidingPuzzleEnv("4x4", cache_dir=tmp_path)
    for d in (8, 24, 36):
        for k in range(3):
            obs, info = env.reset(seed=100 * d + k, options={"distance": d})
            assert info["distance"] == d
            assert "not uniform" in info["sampling"]
            solution = npuzzle.solve(npuzzle.Board(obs.tolist()), algorithm="idastar")
            assert (solution.length, solution.optimal) == (d, True)
    obs, info = env.reset(seed=1, options={"distance": 50})
    assert info["sampling"].startswith("uniform among positions 50 moves")
    assert npuzzle.solve(npuzzle.Board(obs.tolist()), algorithm="idastar", heuristic="pdb",
                         cache_dir=tmp_path).length == 50
    with pytest.raises(npuzzle.ParseError, match="farthest are 80 away"):
        env.reset(options={"distance": 81})
    with pytest.raises(npuzzle.ParseError, match="at most 12 cells and on 4x4"):
        SlidingPuzzleEnv("5x3").reset(options={"distance": 10})


def test_walks_and_uniform_deals_and_known_distances_on_small_boards() -> None:
    env = SlidingPuzzleEnv("3x3", deal={"walk": 6})
    obs, info = env.reset(seed=2)
    solution = npuzzle.solve(npuzzle.Board(obs.tolist()))
    assert solution.length == info["distance"] <= 6 and info["distance"] % 2 == 0
    obs, info = env.reset(options={"uniform": True})
    assert npuzzle.solve(npuzzle.Board(obs.tolist())).length == info["distance"] > 0
    four, info = SlidingPuzzleEnv("4x4").reset(seed=3)
    assert info["distance"] == -1 and sorted(four.ravel().tolist()) == list(range(16))


@pytest.mark.parametrize(
    "make, error, says",
    [
        (lambda: SlidingPuzzleEnv("1x1"), npuzzle.ParseError, None),
        (lambda: SlidingPuzzleEnv("17x17"), npuzzle.ParseError, "256 cells"),
        (lambda: SlidingPuzzleEnv("3x3", observation="pixels"), npuzzle.ParseError, "pixels"),
        (lambda: SlidingPuzzleEnv("3x3", moves="diagonal"), npuzzle.ParseError, "diagonal"),
        (lambda: SlidingPuzzleEnv("3x3", reward="dense"), npuzzle.ParseError, "dense"),
        (lambda: SlidingPuzzleEnv("3x3", illegal="ignore"), npuzzle.ParseError, "ignore"),
        (lambda: SlidingPuzzleEnv("3x3", step_cost=float("nan")), npuzzle.ParseError, "finite"),
        (lambda: SlidingPuzzleEnv("3x3", deal={"walk": -2}), npuzzle.ParseError, "walk"),
        (lambda: SlidingPuzzleEnv("3x3", deal={"walk": 2, "distance": 2}), npuzzle.ParseError, "one deal"),
        (lambda: SlidingPuzzleEnv("3x3", deal="hard"), npuzzle.ParseError, "hard"),
        (lambda: SlidingPuzzleEnv("3x3", render_mode="human"), npuzzle.ParseError, "human"),
        (lambda: SlidingPuzzleEnv("3x3", max_episode_steps=-1), npuzzle.ParseError, "max_episode"),
        (lambda: SlidingPuzzleVectorEnv(0, "3x3"), npuzzle.ParseError, "num_envs"),
        (lambda: SlidingPuzzleVectorEnv(2**20 + 1, "3x3"), npuzzle.ParseError, "num_envs"),
        (lambda: SlidingPuzzleVectorEnv(70_000, "16x16", observation="onehot"), npuzzle.ParseError, "4294967296"),
        (lambda: SlidingPuzzleVectorEnv(2, "3x3", autoreset_mode="sometimes"), npuzzle.ParseError, "sometimes"),
        (lambda: SlidingPuzzleVectorEnv(2, "3x3", reward=lambda *a: 0.0), npuzzle.ParseError, "callable"),
    ],
)
def test_bad_arguments_are_refused_clearly(make: Any, error: type, says: str | None) -> None:
    with pytest.raises(error, match=says):
        make()


def test_bad_actions_raise_action_errors_naming_the_board() -> None:
    envs = SlidingPuzzleVectorEnv(3, "3x3")
    envs.reset(seed=0)
    for actions, says in [
        (np.zeros(4, dtype=np.int64), r"shape \(3,\)"),
        (np.zeros((3, 1), dtype=np.int64), r"shape \(3,\)"),
        (np.zeros(3, dtype=np.float32), "integers"),
        (np.array([0, 4, 0]), "board 1: action 4"),
        (np.array([0, 0, -1]), "board 2: action -1"),
        ("up", "shape"),
    ]:
        with pytest.raises(npuzzle.ActionError, match=says):
            envs.step(actions)
    strict = SlidingPuzzleEnv("3x3", illegal="error")
    obs, info = strict.reset(seed=1)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    with pytest.raises(npuzzle.ActionError, match="board 0: .* off the board"):
        strict.step(illegal)
    # A refused step moves no board, the legal ones before the refused one included.
    many = SlidingPuzzleVectorEnv(3, "3x3", illegal="error")
    boards, infos = many.reset(seed=3)
    actions = np.argmax(infos["action_mask"], axis=1)
    actions[2] = np.flatnonzero(~infos["action_mask"][2])[0]
    with pytest.raises(npuzzle.ActionError, match="board 2"):
        many.step(actions)
    actions[2] = np.argmax(infos["action_mask"][2])
    after = many.step(actions)[0]
    assert sum((a != b).any() for a, b in zip(after, boards)) == 3
    for bad in (True, 1.5, [1], None):
        with pytest.raises(npuzzle.ActionError):
            strict.step(bad)
    assert issubclass(npuzzle.ActionError, ValueError)


def test_rewards_costs_and_penalties() -> None:
    env = SlidingPuzzleEnv("3x3", reward="manhattan", step_cost=0.5, illegal_penalty=2.0,
                           solved_reward=10.0, deal={"distance": 1})
    obs, info = env.reset(seed=4)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    assert env.step(illegal)[1] == -2.5
    for action in np.flatnonzero(info["action_mask"]):
        probe = SlidingPuzzleEnv("3x3", reward="manhattan", step_cost=0.5, solved_reward=10.0,
                                 deal={"distance": 1})
        probe.reset(seed=4)
        _, reward, terminated, _, _ = probe.step(int(action))
        assert reward == (10.5 if terminated else -1.5)
    calls = []
    custom = SlidingPuzzleEnv("3x3", reward=lambda b, a, nb, s: calls.append(s) or 7.0)
    custom.reset(seed=1)
    assert custom.step(0)[1] == 7.0 and calls == [False]
    lc = SlidingPuzzleVectorEnv(2, "4x4", reward="linear-conflict")
    lc.reset(seed=2)
    assert np.isin(lc.step(np.array([0, 1]))[1], [-2.0, -1.0, 0.0, 1.0, 2.0]).all()


def test_rendering_as_text_and_as_an_image() -> None:
    env = SlidingPuzzleEnv("4x3", render_mode="ansi")
    obs, _ = env.reset(seed=1)
    text = env.render()
    assert len(text.strip().splitlines()) == 3 and "_" in text
    picture = SlidingPuzzleEnv("4x3", render_mode="rgb_array")
    picture.reset(seed=1)
    image = picture.render()
    assert image.shape == (96, 128, 3) and image.dtype == np.uint8 and image.max() == 255
    envs = SlidingPuzzleVectorEnv(2, "3x3", render_mode="rgb_array")
    envs.reset(seed=0)
    assert len(envs.render()) == 2


def test_the_vector_env_can_lend_its_own_array() -> None:
    envs = SlidingPuzzleVectorEnv(2, "3x3", copy=False)
    first, _ = envs.reset(seed=0)
    second = envs.step(np.array([0, 1]))[0]
    assert second is first
    onehot = SlidingPuzzleVectorEnv(2, "3x3", observation="onehot", mask_in_observation=True)
    obs, infos = onehot.reset(seed=0)
    assert obs["observation"].shape == (2, 9, 9) and (obs["observation"].sum(axis=2) == 1).all()
    assert (obs["action_mask"] == infos["action_mask"]).all()


@pytest.mark.parametrize(
    "answer, move",
    [
        ("[up]", "up"),
        ("[UP]", "up"),
        ("[ Left ]", "left"),
        ("I would slide the 7: [down]", "down"),
        ("[down] no, better: [right]", "right"),
        ("\x00\x1b[31m[left]\x1b[0m", "left"),
        ("[up]\n" * 1000, "up"),
    ],
)
def test_the_text_parser_reads_what_models_write(answer: str, move: str) -> None:
    assert parse_move(answer) == move


@pytest.mark.parametrize(
    "answer, says",
    [
        ("", "no move found"),
        ("up", "no move found"),
        ("[upward]", "no move found"),
        ("[u p]", "no move found"),
        ("［up］", "no move found"),
        ("[up" + "]" * 0, "no move found"),
        ("x" * 70000 + "[up]", "at most 65536"),
        (b"[up]", "text, not bytes"),
        (None, "text, not NoneType"),
    ],
)
def test_the_text_parser_refuses_the_rest_clearly(answer: Any, says: str) -> None:
    with pytest.raises(npuzzle.ParseError, match=says):
        parse_move(answer)


def test_a_text_puzzle_is_played_to_the_end() -> None:
    puzzle = TextPuzzle("3x3", reward="manhattan", invalid_penalty=1.0, max_turns=40)
    # An even distance from a blank-last goal leaves the blank on the edge: a move is illegal.
    prompt, info = puzzle.reset(seed=9, options={"distance": 6})
    while len(info["legal"]) == 4:
        prompt, info = puzzle.reset()
    assert "[up] slides the tile below the gap up" in prompt and info["distance"] == 6
    assert "__" in prompt
    text, reward, done, truncated, info = puzzle.step("I give up")
    assert reward == -1.0 and not done and "no move found" in info["invalid"]
    illegal = next(m for m in ("up", "down", "left", "right") if m not in info["legal"])
    text, reward, *_, info = puzzle.step(f"[{illegal}]")
    assert "cannot be played" in info["invalid"] and "unchanged" in text
    board = npuzzle.Board(puzzle.board.tolist())
    names = {"U": "up", "D": "down", "L": "left", "R": "right"}
    solution = npuzzle.solve(board)
    for k, letter in enumerate(solution.moves):
        text, reward, done, truncated, info = puzzle.step(f"Move {k}: [{names[letter]}]")
    assert done and text.startswith("Solved!") and reward == 2.0
    assert "invalid" not in info


def test_the_text_mode_needs_no_gymnasium() -> None:
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['gymnasium'] = None\n"
        "import npuzzle.env as e\n"
        "print(e.TextPuzzle('3x3').reset(seed=1)[1]['distance'] > 0)\n"
        "try:\n    e.SlidingPuzzleEnv\nexcept ImportError as x:\n    print('gym' in str(x))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.split() == ["True", "True"], out.stderr


def test_ctrl_c_stops_a_long_deal(tmp_path: Path) -> None:
    """Boards 70 moves from a 4x4 goal are too rare to deal in reasonable time: Ctrl-C ends the
    search as `KeyboardInterrupt` (the promise of every long call)."""
    code = (
        "import sys\n"
        "from npuzzle.env import SlidingPuzzleVectorEnv\n"
        f"envs = SlidingPuzzleVectorEnv(8, '4x4', cache_dir={str(tmp_path)!r})\n"
        "envs.reset(seed=1, options={'distance': 2})\n"
        "print('ready', flush=True)\n"
        "envs.reset(seed=2, options={'distance': 70})\n"
        "print('dealt', flush=True)\n"
    )
    interrupted(code)
