"""What the single, vector and text environments share: the native boards, the arrays they
write into, the deal a reset asks for, the observation modes and the rendering."""

from __future__ import annotations

import os
import secrets
from typing import Any, Mapping

import numpy as np

from .. import ParseError, _native

#: Actions, by number: the direction a move goes (the blank's or a tile's, by ``moves=``).
ACTIONS = ("up", "down", "left", "right")

#: Every setting's default, from the one place they are written (``_native.EnvSettings``).
DEFAULTS: dict[str, Any] = _native.EnvSettings.defaults()


#: The deals a reset's options (or a constructor's ``deal=``) may ask for.
DEALS = ("uniform", "walk", "distance")


def deal_of(
    options: Mapping[str, Any] | str | None, other_keys: tuple[str, ...] = ()
) -> tuple[str, Any] | None:
    """The deal a reset's options (or a constructor's ``deal=``) ask for: ``{"distance": d}``,
    ``{"walk": k}``, ``{"uniform": True}`` or ``"uniform"``; None when they ask for none. A key
    that is neither a deal nor one of ``other_keys`` is refused with the list of known ones (a
    misspelt deal would otherwise deal uniform boards without a word); the numbers are checked
    natively, against the library's ranges."""
    if options is None:
        return None
    if isinstance(options, str):
        if options != "uniform":
            raise ParseError(f"deal={options!r}: 'uniform', {{'walk': k}} or {{'distance': d}}")
        return ("uniform", None)
    if not isinstance(options, Mapping):
        raise ParseError(f"deal: a dict such as {{'distance': 20}}, not {type(options).__name__}")
    known = DEALS + other_keys
    unknown = [key for key in options if key not in known]
    if unknown:
        raise ParseError(f"unknown option {unknown[0]!r}: the options are {', '.join(known)}")
    asked = [key for key in DEALS if key in options]
    if len(asked) > 1:
        raise ParseError(f"one deal at a time, not {' and '.join(asked)}")
    if not asked:
        return None
    key = asked[0]
    if key == "uniform":
        if options[key] is not True:
            raise ParseError(
                f"uniform: True (deal uniformly random boards), not {options[key]!r}; "
                "{'walk': k} or {'distance': d} ask for other deals"
            )
        return ("uniform", None)
    return (key, options[key])


def seed_of(seed: Any) -> int | None:
    """A reset's seed as the native side (and Gymnasium) takes it: a Python ``int`` from 0 to
    2**64 − 1 (numpy integers too), or None to go on with each board's own stream; anything
    else raises :class:`npuzzle.ParseError` naming ``seed``, before Gymnasium sees it."""
    if seed is None:
        return None
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)):
        raise ParseError(f"seed: a whole number from 0 to 2**64 - 1, or None, not {seed!r}")
    if not 0 <= int(seed) < 2**64:
        raise ParseError(f"seed: a whole number from 0 to 2**64 - 1, or None, not {seed!r}")
    return int(seed)


class Sampling(str):
    """How the boards of a reset are dealt (``info["sampling"]``): the words, as a string, with
    the deal's ``kind`` (``"uniform"``, ``"walk"`` or ``"distance"``) and whether it is
    ``uniform`` among the positions it can give.

    >>> sampling = Sampling("walk", False, "random walks of 9 moves that never undo a move")
    >>> (sampling.kind, sampling.uniform, sampling.startswith("random walks"))
    ('walk', False, True)
    """

    kind: str
    uniform: bool

    def __new__(cls, kind: str, uniform: bool, words: str) -> Sampling:
        sampling = super().__new__(cls, words)
        sampling.kind = kind
        sampling.uniform = uniform
        return sampling

    def __reduce__(self) -> tuple[type[Sampling], tuple[str, bool, str]]:
        return (Sampling, (self.kind, self.uniform, str(self)))


class Boards:
    """The native boards ``settings`` describe and the arrays they are stepped in (allocated
    once)."""

    def __init__(
        self, settings: _native.EnvSettings, cache_dir: str | os.PathLike[str] | None
    ) -> None:
        self.settings = settings
        self.native = _native.Boards(settings)
        self.width, self.height = settings.width, settings.height
        self.count = settings.num_envs
        self.cells = settings.cells
        autoreset = settings.autoreset
        self.cache_dir = None if cache_dir is None else os.fspath(cache_dir)
        self.goal = np.frombuffer(self.native.goal, dtype=np.uint8).reshape(self.height, self.width)
        self.boards = np.zeros((self.count, self.height, self.width), dtype=np.uint8)
        self.rewards = np.zeros(self.count, dtype=np.float32)
        self.terminated = np.zeros(self.count, dtype=bool)
        self.truncated = np.zeros(self.count, dtype=bool)
        self.masks = np.zeros((self.count, 4), dtype=bool)
        self.distances = np.full(self.count, -1, dtype=np.int32)
        self.finals = np.zeros_like(self.boards) if autoreset == "same-step" else None
        self.final_flags = np.zeros(self.count, dtype=bool) if autoreset == "same-step" else None
        # Every board's stream seeded at random, so that a first reset without a seed differs
        # run to run; a seed given to a reset replaces it (board i: seed + i).
        self.native.reset(self.boards, self.masks, self.distances, seed=secrets.randbits(63))
        self.sampling = Sampling(*self.native.set_deal("uniform"))

    def set_deal(self, deal: tuple[str, int | None] | None) -> None:
        if deal is not None:
            dealt = self.native.set_deal(deal[0], deal[1], cache_dir=self.cache_dir)
            self.sampling = Sampling(*dealt)

    def reset(self, seed: int | None, mask: np.ndarray | None = None) -> None:
        if mask is not None:
            mask = np.ascontiguousarray(mask)
        self.native.reset(self.boards, self.masks, self.distances, seed=seed_of(seed), mask=mask)

    def step(self, actions: np.ndarray) -> None:
        self.native.step(
            actions, self.boards, self.rewards, self.terminated, self.truncated, self.masks,
            self.distances, self.finals, self.final_flags,
        )


def actions_of(actions: Any, count: int) -> np.ndarray:
    """``actions`` as the native side takes them: ``count`` integers, or an ``ActionError``."""
    array = np.asarray(actions)
    if array.shape != (count,):
        raise _native.ActionError(f"actions: shape ({count},) for {count} boards, not {array.shape}")
    if array.dtype.kind not in "iu":
        raise _native.ActionError(f"actions: integers 0 to 3, not {array.dtype}")
    # A strided view (``acts[:, 0]``, ``a[::-1]``) is copied into one piece, as the native
    # side reads it.
    return np.ascontiguousarray(array, dtype=np.int64)


def onehot(boards: np.ndarray, cells: int) -> np.ndarray:
    """Boards ``(..., H, W)`` as one-hot ``(..., cells, cells)`` ``uint8``: ``[cell, tile]`` is 1
    where the cell holds the tile (the blank is tile 0)."""
    flat = boards.reshape(*boards.shape[:-2], cells)
    return np.eye(cells, dtype=np.uint8)[flat]


def text_board(board: np.ndarray) -> str:
    """A board as the command line draws it: rows of right-aligned numbers, ``_`` the blank."""
    width = len(str(board.size - 1))
    rows = (" ".join("_".rjust(width) if t == 0 else str(t).rjust(width) for t in row) for row in board)
    return "\n".join(rows)


# 3x5 glyphs of the digits, a row of bits each, for the rgb_array rendering.
_GLYPHS = {
    "0": (7, 5, 5, 5, 7), "1": (2, 6, 2, 2, 7), "2": (7, 1, 7, 4, 7), "3": (7, 1, 7, 1, 7),
    "4": (5, 5, 7, 1, 1), "5": (7, 4, 7, 1, 7), "6": (7, 4, 7, 5, 7), "7": (7, 1, 1, 1, 1),
    "8": (7, 5, 7, 5, 7), "9": (7, 5, 7, 1, 7),
}

CELL = 32  # pixels a cell


def image(board: np.ndarray, goal: np.ndarray) -> np.ndarray:
    """A board as an ``(H*32, W*32, 3)`` ``uint8`` image: tiles in their goal place green,
    others blue, the blank dark, each tile's number drawn in white."""
    height, width = board.shape
    picture = np.zeros((height * CELL, width * CELL, 3), dtype=np.uint8)
    for (row, column), tile in np.ndenumerate(board):
        top, left = row * CELL, column * CELL
        cell = picture[top + 1 : top + CELL - 1, left + 1 : left + CELL - 1]
        if tile == 0:
            cell[:] = (40, 40, 40)
            continue
        cell[:] = (46, 139, 87) if tile == goal[row, column] else (65, 105, 225)
        text = str(int(tile))
        scale = 3 if len(text) <= 2 else 2
        x = (CELL - len(text) * 4 * scale + scale) // 2
        y = (CELL - 5 * scale) // 2
        for k, digit in enumerate(text):
            for r, bits in enumerate(_GLYPHS[digit]):
                for c in range(3):
                    if bits >> (2 - c) & 1:
                        py, px = top + y + r * scale, left + x + (k * 4 + c) * scale
                        picture[py : py + scale, px : px + scale] = 255
    return picture
