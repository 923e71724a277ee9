"""One board as a ``gymnasium.Env``: the native core with one board."""

from __future__ import annotations

import os
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from .. import _native
from ._core import (
    DEFAULTS,
    Boards,
    actions_of,
    deal_of,
    image,
    seed_of,
    onehot,
    text_board,
)


def observation_space(settings: _native.EnvSettings) -> spaces.Space:
    """The space of one board's observations, as the native settings give it."""
    shape, high = settings.observation_shape, settings.observation_high
    space: spaces.Space = spaces.Box(0, high, shape, dtype=np.uint8)
    if not settings.mask_in_observation:
        return space
    return spaces.Dict({"observation": space, "action_mask": spaces.Box(0, 1, (4,), dtype=np.int8)})


class SlidingPuzzleEnv(gymnasium.Env):
    """A sliding-tile puzzle of any size from 2x2 to 16x16, toward any goal.

    Actions are ``Discrete(4)``: 0 up, 1 down, 2 left, 3 right; ``moves="blank"`` (the default,
    as Jumanji and SPGym) moves the blank that way, ``moves="tile"`` (as TextArena and the
    speedsolvers) moves a tile that way (``up`` slides the tile below the blank up). The legal
    actions are ``info["action_mask"]`` (and the observation's ``"action_mask"`` with
    ``mask_in_observation=True``).

    Observations: ``"board"``, the ``(H, W)`` ``uint8`` board (tiles 1 to H·W−1, the blank 0), or
    ``"onehot"``, ``(H·W, H·W)`` ``uint8`` with ``[cell, tile]`` 1 where the cell holds the tile.

    Rewards: ``"sparse"`` (``solved_reward`` on solving), ``"manhattan"`` (the fall in Manhattan
    distance, +1 or −1, plus ``solved_reward``), ``"linear-conflict"`` (the fall in linear
    conflict's value, plus ``solved_reward``), or a callable ``f(board, action, next_board,
    solved) -> float``; ``step_cost`` is taken off every step. An action off the board is a
    no-op costing ``illegal_penalty`` (``illegal="noop"``) or raises ``npuzzle.ActionError``
    (``illegal="error"``). Episodes terminate when solved and are truncated after
    ``max_episode_steps``.

    ``reset(options={"distance": d})`` deals a position exactly ``d`` moves from the goal (the
    complete table up to 12 cells, uniformly; pattern databases on 4x4), ``{"walk": k}`` the end
    of a random walk of ``k`` moves, ``{"uniform": True}`` a uniformly random position; the deal
    asked for stays until another is asked for. ``info["distance"]`` is the optimal distance
    of the board dealt where known (−1 otherwise), ``info["sampling"]`` how it was drawn.

    ``optimal_actions=True`` adds ``info["optimal_actions"]``, four booleans in the action order:
    which actions keep the optimum from the board shown (the package's :func:`npuzzle.label`; every
    step then solves the board and its neighbours, so it is off by default). For imitation
    learning; all False where the distance is not proved (boards beyond 12 cells and 4x4).
    """

    metadata = {"render_modes": _native.EnvSettings.words("render_mode"), "render_fps": 4}

    def __init__(
        self,
        size: str | int = DEFAULTS["size"],
        *,
        goal: str = DEFAULTS["goal"],
        moves: str = DEFAULTS["moves"],
        observation: str = DEFAULTS["observation"],
        mask_in_observation: bool = DEFAULTS["mask_in_observation"],
        reward: Any = DEFAULTS["reward"],
        solved_reward: float = DEFAULTS["solved_reward"],
        step_cost: float = DEFAULTS["step_cost"],
        illegal: str = DEFAULTS["illegal"],
        illegal_penalty: float = DEFAULTS["illegal_penalty"],
        max_episode_steps: int | None = DEFAULTS["max_episode_steps"],
        deal: Any = "uniform",
        render_mode: str | None = DEFAULTS["render_mode"],
        cache_dir: str | os.PathLike[str] | None = None,
        optimal_actions: bool = False,
    ) -> None:
        self._reward_fn = reward if callable(reward) else None
        # Every setting checked natively, in one place (names, ranges, the batch's room).
        self.settings = _native.EnvSettings(
            size, 1, goal=goal, moves=moves, observation=observation,
            mask_in_observation=bool(mask_in_observation),
            reward="sparse" if callable(reward) else reward,
            solved_reward=0.0 if callable(reward) else solved_reward,
            step_cost=0.0 if callable(reward) else step_cost, illegal=illegal,
            illegal_penalty=illegal_penalty, max_episode_steps=max_episode_steps,
            autoreset="disabled", render_mode=render_mode,
        )
        self._core = Boards(self.settings, cache_dir)
        self._core.set_deal(deal_of(deal))
        self._optimal = _optimal_labeller(goal, moves, cache_dir) if optimal_actions else None
        self._observation = self.settings.observation
        self._masked = self.settings.mask_in_observation
        self.render_mode = self.settings.render_mode
        self.action_space = spaces.Discrete(4)
        self.observation_space = observation_space(self.settings)

    def _obs(self) -> Any:
        board = self._core.boards[0]
        obs = board.copy() if self._observation == "board" else onehot(board, self._core.cells)
        if not self._masked:
            return obs
        return {"observation": obs, "action_mask": self._core.masks[0].astype(np.int8)}

    def _info(self) -> dict[str, Any]:
        info = {
            "action_mask": self._core.masks[0].copy(),
            "distance": int(self._core.distances[0]),
            "sampling": self._core.sampling,
        }
        if self._optimal is not None:
            info["optimal_actions"] = self._optimal(self._core.boards[:1])[0]
        return info

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        # Checked first, so that a bad seed raises npuzzle's error, not Gymnasium's.
        seed = seed_of(seed)
        super().reset(seed=seed)
        self._core.set_deal(deal_of(options))
        self._core.reset(seed)
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if isinstance(action, (bool, np.bool_)) or np.ndim(action) != 0:
            raise_action(action)
        before = self._core.boards[0].copy() if self._reward_fn else None
        self._core.step(actions_of([action], 1))
        reward = float(self._core.rewards[0])
        terminated = bool(self._core.terminated[0])
        if self._reward_fn is not None:
            reward = float(self._reward_fn(before, int(action), self._core.boards[0].copy(), terminated))
        return self._obs(), reward, terminated, bool(self._core.truncated[0]), self._info()

    def render(self) -> Any:
        if self.render_mode == "ansi":
            return text_board(self._core.boards[0]) + "\n"
        if self.render_mode == "rgb_array":
            return image(self._core.boards[0], self._core.goal)
        return None


def raise_action(action: Any) -> None:
    raise _native.ActionError(f"action: one integer 0 to 3, not {action!r}")


#: For each action in the blank convention (up, down, left, right: the blank's direction), the
#: tile move it is, as a column of ``npuzzle.label``'s ``optimal`` (tile moves U, D, L, R).
_BLANK_TO_TILE = [1, 0, 3, 2]


def _optimal_labeller(goal: str, moves: str, cache_dir: Any) -> Any:
    """The function giving boards' optimal actions in the env's action order: ``(n, 4)``
    booleans for ``(n, rows, columns)`` boards, by the package's one labelling
    (:func:`npuzzle.label`, every board on every core)."""
    from .. import label

    order = _BLANK_TO_TILE if moves == "blank" else [0, 1, 2, 3]
    folder = None if cache_dir is None else os.fspath(cache_dir)

    def optimal(boards: np.ndarray) -> np.ndarray:
        return label(boards, goal=goal, cache_dir=folder).optimal[:, order]

    return optimal
