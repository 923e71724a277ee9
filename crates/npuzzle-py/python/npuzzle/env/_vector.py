"""Many boards as a ``gymnasium.vector.VectorEnv``, stepped in one native call."""

from __future__ import annotations

import os
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from .. import ParseError, _native
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
from ._single import _optimal_labeller, observation_space

_MODES = {
    "next-step": AutoresetMode.NEXT_STEP,
    "same-step": AutoresetMode.SAME_STEP,
    "disabled": AutoresetMode.DISABLED,
}


def _mode_name(autoreset: Any) -> Any:
    """An ``AutoresetMode``'s name (its words are checked natively with the other settings)."""
    if isinstance(autoreset, AutoresetMode):
        return {mode: name for name, mode in _MODES.items()}[autoreset]
    return autoreset


class SlidingPuzzleVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` boards stepped together in Rust: one call moves every board, with autoreset
    in Gymnasium's ``NEXT_STEP`` mode (the default), ``SAME_STEP`` or ``DISABLED``
    (``autoreset_mode=``, an ``AutoresetMode`` or its name). Board ``i`` of a vector env reset
    with ``seed=s`` plays exactly as a :class:`SlidingPuzzleEnv` reset with ``seed=s + i``.

    The options are :class:`SlidingPuzzleEnv`'s (a callable reward excepted). ``infos`` holds
    ``"action_mask"`` ``(n, 4)``, ``"distance"`` ``(n,)`` (−1 where unknown), each with its
    ``"_"``-mask, and in ``SAME_STEP`` mode ``"final_obs"`` (the observations episodes ended on)
    with ``"_final_obs"``. ``optimal_actions=True`` adds ``"optimal_actions"`` ``(n, 4)``: which
    actions keep the optimum from each board shown, every board labelled on every core at each
    step (:func:`npuzzle.label`: a few milliseconds a 4×4 board with the 7-8 databases built).
    ``copy=False`` returns the environment's own observation array, which
    the next step overwrites.
    """

    metadata = {
        "render_modes": _native.EnvSettings.words("render_mode"),
        "autoreset_mode": AutoresetMode.NEXT_STEP,
    }

    def __init__(
        self,
        num_envs: int = DEFAULTS["num_envs"],
        size: str | int = DEFAULTS["size"],
        *,
        goal: str = DEFAULTS["goal"],
        moves: str = DEFAULTS["moves"],
        observation: str = DEFAULTS["observation"],
        mask_in_observation: bool = DEFAULTS["mask_in_observation"],
        reward: str = DEFAULTS["reward"],
        solved_reward: float = DEFAULTS["solved_reward"],
        step_cost: float = DEFAULTS["step_cost"],
        illegal: str = DEFAULTS["illegal"],
        illegal_penalty: float = DEFAULTS["illegal_penalty"],
        max_episode_steps: int | None = DEFAULTS["max_episode_steps"],
        deal: Any = "uniform",
        autoreset_mode: Any = DEFAULTS["autoreset"],
        copy: bool = True,
        render_mode: str | None = DEFAULTS["render_mode"],
        cache_dir: str | os.PathLike[str] | None = None,
        optimal_actions: bool = False,
    ) -> None:
        if not isinstance(reward, str):
            raise ParseError("a callable reward is for SlidingPuzzleEnv; vector rewards are native")
        # Every setting checked natively, in one place (names, ranges, the batch's room).
        self.settings = _native.EnvSettings(
            size, num_envs, goal=goal, moves=moves, observation=observation,
            mask_in_observation=bool(mask_in_observation), reward=reward,
            solved_reward=solved_reward, step_cost=step_cost, illegal=illegal,
            illegal_penalty=illegal_penalty, max_episode_steps=max_episode_steps,
            autoreset=_mode_name(autoreset_mode), render_mode=render_mode,
        )
        self._core = Boards(self.settings, cache_dir)
        self._core.set_deal(deal_of(deal))
        self._observation = self.settings.observation
        self._masked = self.settings.mask_in_observation
        self._copy = bool(copy)
        self.num_envs = self.settings.num_envs
        self.metadata = {**self.metadata, "autoreset_mode": _MODES[self.settings.autoreset]}
        self.render_mode = self.settings.render_mode
        self.single_action_space = spaces.Discrete(4)
        self.action_space = spaces.MultiDiscrete(np.full(self.num_envs, 4))
        self.single_observation_space = observation_space(self.settings)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self._all = np.ones(self.num_envs, dtype=bool)
        self._optimal = (
            _optimal_labeller(goal, moves, cache_dir) if optimal_actions else None
        )

    def _obs(self, boards: np.ndarray) -> Any:
        if self._observation == "board":
            obs = boards.copy() if self._copy else boards
        else:
            obs = onehot(boards, self._core.cells)
        if not self._masked:
            return obs
        return {"observation": obs, "action_mask": self._core.masks.astype(np.int8)}

    def _infos(self) -> dict[str, Any]:
        infos: dict[str, Any] = {
            "action_mask": self._core.masks.copy(),
            "_action_mask": self._all,
            "distance": self._core.distances.copy(),
            "_distance": self._all,
        }
        if self._optimal is not None:
            infos["optimal_actions"] = self._optimal(self._core.boards)
            infos["_optimal_actions"] = self._all
        finals, flags = self._core.finals, self._core.final_flags
        if finals is not None and flags is not None and flags.any():
            infos["final_obs"] = self._obs(finals.copy())
            infos["_final_obs"] = flags.copy()
        return infos

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        seed = _one_seed(seed, self.num_envs)
        if seed is not None:
            self._np_random, self._np_random_seed = gymnasium.utils.seeding.np_random(seed)
        mask = None
        if options is not None and "reset_mask" in options:
            mask = np.asarray(options["reset_mask"])
            if mask.dtype != bool or mask.shape != (self.num_envs,):
                raise ParseError(f"reset_mask: ({self.num_envs},) booleans, not {mask.dtype} {mask.shape}")
        self._core.set_deal(deal_of(options, ("reset_mask",)))
        self._core.reset(seed, mask)
        return self._obs(self._core.boards), self._infos()

    def step(self, actions: Any) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        self._core.step(actions_of(actions, self.num_envs))
        core = self._core
        return (
            self._obs(core.boards),
            core.rewards.copy(),
            core.terminated.copy(),
            core.truncated.copy(),
            self._infos(),
        )

    def render(self) -> Any:
        if self.render_mode == "ansi":
            return "\n\n".join(text_board(board) for board in self._core.boards) + "\n"
        if self.render_mode == "rgb_array":
            return [image(board, self._core.goal) for board in self._core.boards]
        return None


def _one_seed(seed: Any, count: int) -> int | None:
    """A vector reset's seed: one int (board i gets seed + i), None, or a list of ``count``
    seeds that is either all None or ``[s, s + 1, …]``; anything else raises ParseError."""
    if not isinstance(seed, (list, tuple)):
        return seed_of(seed)
    seeds = list(seed)
    words = f"seed: one int (board i gets seed + i), None, or a list of {count} such seeds"
    if len(seeds) != count:
        raise ParseError(f"{words}, not {len(seeds)} of them")
    if all(s is None for s in seeds):
        return None
    if any(s is None for s in seeds):
        raise ParseError(f"{words}: not None for some boards only")
    first = seed_of(seeds[0])
    assert first is not None
    if [seed_of(s) for s in seeds] != [first + i for i in range(count)]:
        raise ParseError(f"{words}: board i's seed must be seed + i")
    return first
