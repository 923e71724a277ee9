"""Issue 68: ``npuzzle/Jumanji-v0`` against a reference written here from Jumanji's documented
rules (``SlidingTilePuzzle-v0``, jumanji 1.1.2: ``env.py``, ``generator.py``, ``reward.py``,
``constants.py``): the same boards and actions give the same observations, rewards and ends."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import npuzzle
import npuzzle.env
from npuzzle.env.jumanji import JumanjiSlidingTilePuzzle, JumanjiVectorEnv

# The reference: Jumanji's rules, one board at a time, in plain Python.
UP, RIGHT, DOWN, LEFT = (-1, 0), (0, 1), (1, 0), (0, -1)
REF_MOVES = [UP, RIGHT, DOWN, LEFT]


def ref_solved(n: int) -> list[list[int]]:
    """``arange(1, n*n + 1)`` with the last set to the empty tile 0."""
    cells = list(range(1, n * n)) + [0]
    return [cells[r * n:(r + 1) * n] for r in range(n)]


def ref_valid(n: int, blank: tuple[int, int]) -> list[bool]:
    return [0 <= blank[0] + dr < n and 0 <= blank[1] + dc < n for dr, dc in REF_MOVES]


def ref_step(puzzle, blank, count, action, time_limit=500, dense=True):
    """Jumanji's ``step``: the blank moves if it stays on the board (else nothing moves), the
    step is counted, the reward is newly right minus newly wrong cells (or 1 when solved for
    the sparse one), and the episode ends when solved or at the time limit."""
    n = len(puzzle)
    new = [row[:] for row in puzzle]
    dr, dc = REF_MOVES[action]
    to = (blank[0] + dr, blank[1] + dc)
    if 0 <= to[0] < n and 0 <= to[1] < n:
        new[blank[0]][blank[1]], new[to[0]][to[1]] = new[to[0]][to[1]], 0
        blank = to
    goal = ref_solved(n)
    right = lambda p: {(r, c) for r in range(n) for c in range(n) if p[r][c] == goal[r][c]}
    solved = new == goal
    if dense:
        reward = len(right(new) - right(puzzle)) - len(right(puzzle) - right(new))
    else:
        reward = 1.0 if solved else 0.0
    count += 1
    return new, blank, count, float(reward), solved or count >= time_limit


def ref_scramble(n: int, moves) -> tuple[list[list[int]], tuple[int, int]]:
    """The generator's walk: from the solved board, the blank at the bottom right, each move
    one that stays on the board."""
    puzzle, blank = ref_solved(n), (n - 1, n - 1)
    for m in moves:
        assert ref_valid(n, blank)[m], "every move of the walk stays on the board"
        puzzle, blank, *_ = ref_step(puzzle, blank, 0, int(m))
    return puzzle, blank


def same(obs, puzzle, blank, count) -> None:
    n = len(puzzle)
    assert obs["puzzle"].dtype == np.int32 and obs["puzzle"].tolist() == puzzle
    assert obs["empty_tile_position"].dtype == np.int32
    assert obs["empty_tile_position"].tolist() == list(blank)
    assert obs["action_mask"].dtype == np.bool_
    assert obs["action_mask"].tolist() == ref_valid(n, blank)
    assert obs["step_count"].dtype == np.int32 and int(obs["step_count"]) == count


@pytest.mark.parametrize("reward", ["dense", "sparse"])
def test_one_board_plays_by_jumanjis_rules(reward: str) -> None:
    env = gymnasium.make(npuzzle.env.JUMANJI_ID, reward=reward)
    check_env(env.unwrapped)
    rng = np.random.default_rng(7)
    for seed in range(3):
        obs, info = env.reset(seed=seed)
        assert len(info["scramble"]) == 200
        puzzle, blank = ref_scramble(5, info["scramble"])
        same(obs, puzzle, blank, 0)
        count, done = 0, False
        while not done:
            action = int(rng.integers(4))  # off-board moves included: no-ops that count
            obs, got, terminated, truncated, info = env.step(action)
            puzzle, blank, count, want, done = ref_step(puzzle, blank, count, action,
                                                        dense=reward == "dense")
            same(obs, puzzle, blank, count)
            assert (got, terminated, truncated) == (want, done, False)
            right = sum(a == b for r, g in zip(puzzle, ref_solved(5)) for a, b in zip(r, g))
            assert info["percent_solved"] == pytest.approx(right / 25)
        assert count == 500, "random play ends at the time limit, as termination"


def test_a_board_solved_ends_the_episode_with_its_reward() -> None:
    env = JumanjiSlidingTilePuzzle(grid_size=3, num_random_moves=1)
    obs, info = env.reset(seed=1)
    back = {0: 2, 1: 3, 2: 0, 3: 1}[int(info["scramble"][0])]
    obs, reward, terminated, truncated, _ = env.step(back)
    assert terminated and not truncated and obs["puzzle"].tolist() == ref_solved(3)
    assert reward == 2.0  # the tile and the blank's cell made right
    with pytest.raises(npuzzle.ParseError, match="reset"):
        env.step(0)


def test_the_batched_form_is_envpools_shape_and_each_board_the_single_ones() -> None:
    envs = gymnasium.make_vec(npuzzle.env.JUMANJI_ID, num_envs=4, time_limit=30)
    assert isinstance(envs, JumanjiVectorEnv)
    obs, info = envs.reset(seed=10)
    singles = [JumanjiSlidingTilePuzzle(time_limit=30) for _ in range(4)]
    firsts = [s.reset(seed=10 + i)[0] for i, s in enumerate(singles)]
    assert obs["puzzle"].shape == (4, 5, 5) and obs["step_count"].shape == (4,)
    assert info["env_id"].tolist() == [0, 1, 2, 3]
    for i, first in enumerate(firsts):
        assert (obs["puzzle"][i] == first["puzzle"]).all()
    rng = np.random.default_rng(3)
    for t in range(30):
        actions = rng.integers(4, size=4)
        obs, rewards, terminated, truncated, info = envs.step(actions)
        assert rewards.dtype == np.float32 and not truncated.any()
        for i, single in enumerate(singles):
            one, reward, ended, _, _ = single.step(int(actions[i]))
            assert (obs["puzzle"][i] == one["puzzle"]).all() and rewards[i] == reward
            assert terminated[i] == ended
        assert info["elapsed_step"].tolist() == [t + 1] * 4
    assert terminated.all()
    obs, rewards, terminated, _, info = envs.step(np.zeros(4, dtype=int))
    assert (rewards == 0).all() and not terminated.any() and (info["elapsed_step"] == 0).all()
    assert (obs["step_count"] == 0).all(), "the next step resets an ended board (EnvPool's way)"


def test_bad_settings_and_actions_raise_the_packages_errors() -> None:
    with pytest.raises(npuzzle.ParseError, match="reward"):
        JumanjiSlidingTilePuzzle(reward="shaped")
    with pytest.raises(npuzzle.ParseError, match="grid_size"):
        JumanjiSlidingTilePuzzle(grid_size=1)
    env = JumanjiSlidingTilePuzzle()
    env.reset(seed=0)
    with pytest.raises(npuzzle.ActionError):
        env.step(4)
    with pytest.raises(npuzzle.ActionError):
        JumanjiVectorEnv(2).step([0, 1, 2])
    with pytest.raises(npuzzle.ParseError, match="at most"):
        JumanjiVectorEnv(1 << 20, num_random_moves=100_000)
