"""npuzzle as a reinforcement-learning environment.

With Gymnasium (``pip install "npuzzle[gym]"``), importing this module registers
``npuzzle/SlidingPuzzle-v0``:

>>> import gymnasium, npuzzle.env                                            # doctest: +SKIP
>>> env = gymnasium.make("npuzzle/SlidingPuzzle-v0", size="4x4")             # doctest: +SKIP
>>> envs = gymnasium.make_vec("npuzzle/SlidingPuzzle-v0", num_envs=4096)     # doctest: +SKIP
>>> obs, info = env.reset(seed=1, options={"distance": 20})                  # doctest: +SKIP

and ``npuzzle/Jumanji-v0``, Jumanji's ``SlidingTilePuzzle-v0`` by its own rules (its board, its
observation keys and dtypes, its actions, reward, scramble and episode limit; ``make_vec`` gives
the batched form EnvPool's port has): see :mod:`npuzzle.env.jumanji`.

:class:`SlidingPuzzleEnv` is one board, :class:`SlidingPuzzleVectorEnv` many stepped in one
native call; :class:`TextPuzzle` is the text mode for language models (plain Python, no
Gymnasium needed). The guide's "Reinforcement learning" section has the conventions.
"""

from __future__ import annotations

import importlib.util
from typing import Any

from ._core import Sampling
from .text import TextPuzzle, parse_move

__all__ = [
    "ENV_ID",
    "JUMANJI_ID",
    "Sampling",
    "SlidingPuzzleEnv",
    "SlidingPuzzleVectorEnv",
    "TextPuzzle",
    "parse_move",
]

#: The id the environments are registered under.
ENV_ID = "npuzzle/SlidingPuzzle-v0"

#: The id Jumanji's rules are registered under (:mod:`npuzzle.env.jumanji`).
JUMANJI_ID = "npuzzle/Jumanji-v0"

# Gymnasium is the optional extra `gym`: without it, the text mode alone.
if importlib.util.find_spec("gymnasium") is not None:
    import gymnasium

    from ._single import SlidingPuzzleEnv
    from ._vector import SlidingPuzzleVectorEnv

    if ENV_ID not in gymnasium.registry:
        gymnasium.register(
            id=ENV_ID,
            entry_point="npuzzle.env._single:SlidingPuzzleEnv",
            vector_entry_point="npuzzle.env._vector:SlidingPuzzleVectorEnv",
        )
    if JUMANJI_ID not in gymnasium.registry:
        gymnasium.register(
            id=JUMANJI_ID,
            entry_point="npuzzle.env.jumanji:JumanjiSlidingTilePuzzle",
            vector_entry_point="npuzzle.env.jumanji:JumanjiVectorEnv",
        )


def __getattr__(name: str) -> Any:
    if name in ("SlidingPuzzleEnv", "SlidingPuzzleVectorEnv"):
        raise ImportError(f"npuzzle.env.{name} needs Gymnasium 1.0 or later: pip install 'npuzzle[gym]'")
    raise AttributeError(f"module 'npuzzle.env' has no attribute {name!r}")
