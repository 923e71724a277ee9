"""Jumanji's sliding tile puzzle, a line away: the rules of ``SlidingTilePuzzle-v0`` (jumanji
1.1.2, ``jumanji/environments/logic/sliding_tile_puzzle``) as Gymnasium environments, so that
training code written for Jumanji (or for EnvPool's port of it) runs on npuzzle unchanged but
for the ``make`` line.

>>> import gymnasium, npuzzle.env                                            # doctest: +SKIP
>>> env = gymnasium.make("npuzzle/Jumanji-v0")                               # doctest: +SKIP
>>> envs = gymnasium.make_vec("npuzzle/Jumanji-v0", num_envs=1024)           # doctest: +SKIP

Their rules, kept here:

- the board is 5×5 (``grid_size``), solved as ``1 2 … 24`` with the blank (0) last;
- a reset walks the blank ``num_random_moves`` (200) random moves from the solved board, each
  drawn uniformly among the moves that stay on the board (undoing the last one included);
- action ``a`` moves the blank up (0), right (1), down (2) or left (3); a move off the board
  leaves the board as it is and still counts as a step;
- the reward (``reward="dense"``) is the number of cells a move makes right minus those it makes
  wrong (the blank's cell counted as any other); ``reward="sparse"`` is 1 when solved, else 0;
- the episode ends, as termination (never truncation), when the board is solved or after
  ``time_limit`` (500) steps;
- the observation is a dict: ``puzzle`` (``int32``, ``(n, n)``), ``empty_tile_position``
  (``int32``, ``(2,)``: row, column), ``action_mask`` (``bool``, ``(4,)``: the moves that stay
  on the board) and ``step_count`` (``int32``, ``()``); ``info["percent_solved"]`` is the share
  of cells right, as Jumanji's ``extras``.

Jumanji draws its walks with JAX's generator; these draw theirs with numpy's, so the same seed
deals other boards, from the same distribution. ``info["scramble"]`` (at a reset) holds the walk's
blank moves, which replay the board from the solved one.

:class:`JumanjiVectorEnv` is the batched form, with EnvPool's ``info`` (``env_id``,
``elapsed_step``) and its autoreset (an episode that ended is reset by the next ``step``, which
returns the new board with reward 0).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from .. import ActionError, ParseError
from ._core import actions_of, seed_of

#: Where each action sends the blank: up, right, down, left (row, column).
MOVES = np.array([[-1, 0], [0, 1], [1, 0], [0, -1]], dtype=np.int32)

#: The most moves the walks of every board may hold together (bytes, kept for
#: ``info["scramble"]``).
MAX_SCRAMBLE_MOVES = 1 << 30

#: The rewards Jumanji offers.
REWARDS = ("dense", "sparse")



def _whole(name: str, value: Any, least: int, most: int) -> int:
    """``value`` as a whole number from ``least`` to ``most``, else :class:`npuzzle.ParseError`
    naming ``name``."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise ParseError(f"{name}: a whole number from {least} to {most}, not {value!r}")
    if not least <= int(value) <= most:
        raise ParseError(f"{name}: a whole number from {least} to {most}, not {value!r}")
    return int(value)


class _Boards:
    """Jumanji's rules on ``count`` boards at once, in numpy."""

    def __init__(self, count: int, grid_size: int, num_random_moves: int, time_limit: int,
                 reward: str) -> None:
        self.n = _whole("grid_size", grid_size, 2, 16)
        self.walk = _whole("num_random_moves", num_random_moves, 0, 1_000_000)
        self.time_limit = _whole("time_limit", time_limit, 1, 2**31 - 1)
        if reward not in REWARDS:
            raise ParseError(f"reward: {' or '.join(map(repr, REWARDS))}, not {reward!r}")
        self.dense = reward == "dense"
        cells = self.n * self.n
        self.solved = (np.arange(1, cells + 1, dtype=np.int32) % cells).reshape(self.n, self.n)
        self.puzzle = np.repeat(self.solved[None], count, axis=0)
        self.blank = np.full((count, 2), self.n - 1, dtype=np.int32)
        self.step_count = np.zeros(count, dtype=np.int32)
        if count * self.walk > MAX_SCRAMBLE_MOVES:
            raise ParseError(f"{count} boards of {self.walk} random moves each: the walks kept "
                             f"(info['scramble']) may hold {MAX_SCRAMBLE_MOVES} moves at most")
        self.scramble = np.zeros((count, self.walk), dtype=np.int8)

    def masks(self, blank: np.ndarray) -> np.ndarray:
        """Which actions stay on the board from each blank."""
        to = blank[:, None, :] + MOVES[None]
        return np.asarray(((to >= 0) & (to < self.n)).all(axis=2))

    def deal(self, which: np.ndarray, generators: list[np.random.Generator]) -> None:
        """New boards at ``which``, each walked from the solved one with its generator."""
        k = len(which)
        if k == 0:
            return
        puzzle = np.repeat(self.solved[None], k, axis=0)
        blank = np.full((k, 2), self.n - 1, dtype=np.int32)
        draws = np.stack([g.random(self.walk) for g in generators])
        rows = np.arange(k)
        for t in range(self.walk):
            mask = self.masks(blank)
            legal = mask.sum(axis=1)
            nth = np.minimum((draws[:, t] * legal).astype(np.int64), legal - 1)
            action = (np.cumsum(mask, axis=1) > nth[:, None]).argmax(axis=1)
            self._swap(puzzle, blank, rows, action)
            self.scramble[which, t] = action
        self.puzzle[which], self.blank[which], self.step_count[which] = puzzle, blank, 0

    def _swap(self, puzzle: np.ndarray, blank: np.ndarray, rows: np.ndarray,
              action: np.ndarray) -> None:
        """Moves each blank by its action (every one on the board)."""
        to = blank + MOVES[action]
        puzzle[rows, blank[:, 0], blank[:, 1]] = puzzle[rows, to[:, 0], to[:, 1]]
        puzzle[rows, to[:, 0], to[:, 1]] = 0
        blank[:] = to

    def step(self, actions: np.ndarray, which: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Steps the boards at ``which`` by their actions: their rewards and whether they end."""
        before = self.puzzle[which].copy()
        legal = self.masks(self.blank[which])[np.arange(len(which)), actions]
        moving = which[legal]
        if len(moving):
            puzzle, blank = self.puzzle[moving], self.blank[moving]
            self._swap(puzzle, blank, np.arange(len(moving)), actions[legal])
            self.puzzle[moving], self.blank[moving] = puzzle, blank
        self.step_count[which] += 1
        after = self.puzzle[which]
        right = after == self.solved
        solved = right.all(axis=(1, 2))
        if self.dense:
            was = before == self.solved
            rewards = (right & ~was).sum(axis=(1, 2)) - (~right & was).sum(axis=(1, 2))
        else:
            rewards = solved
        ended = solved | (self.step_count[which] >= self.time_limit)
        return rewards.astype(np.float32), ended

    def observation(self, at: Any = slice(None)) -> dict[str, np.ndarray]:
        """The observation of the boards at ``at``."""
        return {
            "puzzle": self.puzzle[at].copy(),
            "empty_tile_position": self.blank[at].copy(),
            "action_mask": self.masks(np.atleast_2d(self.blank[at])).reshape(
                np.shape(self.blank[at])[:-1] + (4,)),
            "step_count": np.array(self.step_count[at]),
        }

    def percent_solved(self) -> np.ndarray:
        """The share of cells right on each board."""
        return (self.puzzle == self.solved).mean(axis=(1, 2))

    def space(self) -> spaces.Dict:
        """The observation space of one board."""
        n = self.n
        return spaces.Dict({
            "puzzle": spaces.Box(0, n * n - 1, (n, n), np.int32),
            "empty_tile_position": spaces.Box(0, n - 1, (2,), np.int32),
            "action_mask": spaces.Box(0, 1, (4,), np.bool_),
            "step_count": spaces.Box(0, self.time_limit, (), np.int32),
        })


class JumanjiSlidingTilePuzzle(gymnasium.Env):
    """One board by Jumanji's rules (see the module): ``grid_size`` 5, ``num_random_moves``
    200, ``time_limit`` 500 and the dense reward by default, as ``SlidingTilePuzzle-v0``."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, grid_size: int = 5, num_random_moves: int = 200, time_limit: int = 500,
                 reward: str = "dense", render_mode: str | None = None) -> None:
        self._boards = _Boards(1, grid_size, num_random_moves, time_limit, reward)
        self.observation_space = self._boards.space()
        self.action_space = spaces.Discrete(4)
        if render_mode not in (None, "ansi"):
            raise ParseError(f"render_mode: None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self._ended = True

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed_of(seed))
        if options:
            raise ParseError(f"Jumanji's resets take no options, not {sorted(options)}")
        self._boards.deal(np.array([0]), [self.np_random])
        self._ended = False
        return self._boards.observation(0), {
            "percent_solved": float(self._boards.percent_solved()[0]),
            "scramble": self._boards.scramble[0].copy(),
        }

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self._ended:
            raise ParseError("the episode has ended: reset the environment first")
        rewards, ended = self._boards.step(_actions([action], 1), np.array([0]))
        self._ended = bool(ended[0])
        info = {"percent_solved": float(self._boards.percent_solved()[0])}
        return self._boards.observation(0), float(rewards[0]), self._ended, False, info

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return "\n".join(" ".join(f"{t:2d}" for t in row) for row in self._boards.puzzle[0]) + "\n"


class JumanjiVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` boards by Jumanji's rules, stepped together, as EnvPool's port batches them:
    ``step(actions)`` returns ``(obs, rewards, terminated, truncated, info)`` with every
    observation key batched, and ``info`` holding ``env_id``, ``elapsed_step`` and
    ``percent_solved``. An episode that ended is reset by the next step (Gymnasium's
    ``NEXT_STEP`` autoreset, EnvPool's): that step returns the new board, reward 0. Board ``i``
    of a vector env reset with ``seed=s`` is dealt as a :class:`JumanjiSlidingTilePuzzle` reset
    with ``seed=s + i``."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, num_envs: int = 1, grid_size: int = 5, num_random_moves: int = 200,
                 time_limit: int = 500, reward: str = "dense") -> None:
        self.num_envs = _whole("num_envs", num_envs, 1, 1 << 20)
        self._boards = _Boards(self.num_envs, grid_size, num_random_moves, time_limit, reward)
        self.single_observation_space = self._boards.space()
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.single_action_space = spaces.Discrete(4)
        self.action_space = spaces.MultiDiscrete(np.full(self.num_envs, 4))
        self._generators = [np.random.default_rng() for _ in range(self.num_envs)]
        self._ended = np.zeros(self.num_envs, dtype=bool)
        self._ids = np.arange(self.num_envs, dtype=np.int32)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        if options:
            raise ParseError(f"Jumanji's resets take no options, not {sorted(options)}")
        seed = seed_of(seed)
        if seed is not None:
            self._generators = [
                gymnasium.utils.seeding.np_random(seed + i)[0] for i in range(self.num_envs)
            ]
        self._boards.deal(self._ids, self._generators)
        self._ended[:] = False
        return self._boards.observation(), self._info()

    def step(self, actions: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray,
                                          np.ndarray, dict[str, Any]]:
        actions = _actions(actions, self.num_envs)
        rewards = np.zeros(self.num_envs, dtype=np.float32)
        terminated = np.zeros(self.num_envs, dtype=bool)
        restart = np.flatnonzero(self._ended)
        going = np.flatnonzero(~self._ended)
        if len(restart):
            self._boards.deal(restart, [self._generators[i] for i in restart])
        if len(going):
            rewards[going], terminated[going] = self._boards.step(actions[going], going)
        self._ended = terminated.copy()
        truncated = np.zeros(self.num_envs, dtype=bool)
        return self._boards.observation(), rewards, terminated, truncated, self._info()

    def _info(self) -> dict[str, Any]:
        return {
            "env_id": self._ids.copy(),
            "elapsed_step": self._boards.step_count.copy(),
            "percent_solved": self._boards.percent_solved(),
        }


def _actions(actions: Any, count: int) -> np.ndarray:
    """``count`` actions as the package's environments take them (:func:`actions_of`), each 0 to
    3, else :class:`npuzzle.ActionError`."""
    array = actions_of(actions, count)
    if ((array < 0) | (array > 3)).any():
        raise ActionError(f"actions: whole numbers 0 to 3, not {actions!r}")
    return array
