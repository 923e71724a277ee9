"""The text mode, for training language models with RL: the board as text, moves named as
TextArena's FifteenPuzzle names them (``[up]`` slides the tile below the gap up), a parser
for what models write, and the same exact difficulty as the other environments. Plain Python
over the native core: no Gymnasium, no LLM framework.

>>> puzzle = TextPuzzle("3x3")
>>> prompt, info = puzzle.reset(seed=3, options={"distance": 2})
>>> info["distance"]
2
>>> parse_move("I think the best move is [Left].")
'left'
"""

from __future__ import annotations

import os
import re
from typing import Any

import numpy as np

from .. import ParseError, _native
from ._core import DEFAULTS, Boards, deal_of

#: The moves, in the order of the action numbers: the direction the tile slides.
MOVES = ("up", "down", "left", "right")

#: The most characters of an answer that are read.
MAX_ANSWER = 65536

# ASCII only: Unicode case folding would take "[rıght]" (a dotless ı) for a move.
_MOVE = re.compile(r"\[\s*(up|down|left|right)\s*\]", re.IGNORECASE | re.ASCII)

_WHERE = {"up": "below", "down": "above", "left": "right of", "right": "left of"}


def parse_move(answer: str) -> str:
    """The move an answer gives: the last ``[up]``, ``[down]``, ``[left]`` or ``[right]`` in it
    (any case, spaces inside the brackets allowed; text around it is reasoning, and the last
    is the answer). Anything else raises ``npuzzle.ParseError`` saying what to write."""
    if not isinstance(answer, str):
        raise ParseError(f"an answer is text, not {type(answer).__name__}")
    if len(answer) > MAX_ANSWER:
        raise ParseError(f"an answer of {len(answer)} characters: at most {MAX_ANSWER} are read")
    found = _MOVE.findall(answer)
    if not found:
        raise ParseError(
            "no move found: answer with [up], [down], [left] or [right], the way the tile next "
            "to the gap slides"
        )
    return found[-1].lower()


def board_text(board: np.ndarray) -> str:
    """A board as the text mode shows it: right-aligned numbers, ``__`` for the gap."""
    width = max(2, len(str(board.size - 1)))
    gap = "_" * width
    return "\n".join(" ".join(gap if t == 0 else str(t).rjust(width) for t in row) for row in board)


class TextPuzzle:
    """One puzzle played in text: ``reset`` gives the prompt, ``step(answer)`` reads a move
    from what the model wrote and gives what it sees next.

    ``reward="sparse"`` pays ``solved_reward`` on solving; ``"manhattan"`` and
    ``"linear-conflict"`` pay each move's fall in that distance besides. An answer without a
    move, or a move with no tile to slide, changes nothing, costs ``invalid_penalty`` and says
    why in ``info["invalid"]``; ``max_turns`` answers end the episode (truncated). Deals are
    those of the other environments: ``{"distance": d}``, ``{"walk": k}``, ``{"uniform": True}``.
    """

    def __init__(
        self,
        size: str | int = DEFAULTS["size"],
        *,
        goal: str = DEFAULTS["goal"],
        reward: str = DEFAULTS["reward"],
        solved_reward: float = DEFAULTS["solved_reward"],
        step_cost: float = DEFAULTS["step_cost"],
        invalid_penalty: float = 0.0,
        max_turns: int | None = None,
        deal: Any = "uniform",
        cache_dir: str | os.PathLike[str] | None = None,
    ) -> None:
        # Every answer is a turn, a legal move or not: the turns are counted here, not by the
        # native boards (which count moves), within the library's range (None: no limit).
        if max_turns is not None:
            _native.Range.EpisodeSteps.check("max_turns", max_turns)
        settings = _native.EnvSettings(
            size, 1, goal=goal, moves="tile", reward=reward, solved_reward=solved_reward,
            step_cost=step_cost, illegal="noop", illegal_penalty=invalid_penalty,
            autoreset="disabled",
        )
        self._core = Boards(settings, cache_dir)
        self._core.set_deal(deal_of(deal))
        self._penalty = float(invalid_penalty) + float(step_cost)
        self._turns = 0
        self._max_turns = max_turns

    @property
    def board(self) -> np.ndarray:
        """The board, ``(H, W)`` (the gap 0)."""
        return self._core.boards[0].copy()

    def _info(self, **more: Any) -> dict[str, Any]:
        return {
            "distance": int(self._core.distances[0]),
            "sampling": self._core.sampling,
            "legal": [m for m, ok in zip(MOVES, self._core.masks[0]) if ok],
            **more,
        }

    def prompt(self) -> str:
        """The rules, the goal and the board."""
        core = self._core
        return (
            f"You are solving a {core.width}x{core.height} sliding puzzle. Slide tiles into the "
            "gap (__) until the board matches the goal. Answer with one move in square brackets: "
            "[up] slides the tile below the gap up, [down] the tile above it down, [left] the "
            "tile right of it left, [right] the tile left of it right.\n"
            f"Goal:\n{board_text(core.goal)}\nBoard:\n{board_text(core.boards[0])}"
        )

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
        """A new board (``options`` as the other environments take them): the prompt and info."""
        self._core.set_deal(deal_of(options))
        self._core.reset(seed)
        self._turns = 0
        return self.prompt(), self._info()

    def step(self, answer: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        """Plays the move in ``answer``: what the model sees next, the reward, whether the
        puzzle is solved, whether the turns ran out, and info."""
        self._turns += 1
        try:
            move = parse_move(answer)
        except ParseError as error:
            return self._invalid(str(error))
        action = MOVES.index(move)
        if not self._core.masks[0, action]:
            return self._invalid(f"[{move}] cannot be played: there is no tile {_WHERE[move]} the gap")
        self._core.step(np.array([action], dtype=np.int64))
        solved = bool(self._core.terminated[0])
        said = "Solved!" if solved else f"You played [{move}]."
        return (
            f"{said}\n{board_text(self._core.boards[0])}",
            float(self._core.rewards[0]),
            solved,
            self._out_of_turns(),
            self._info(move=move),
        )

    def _out_of_turns(self) -> bool:
        """Whether this turn was the last one ``max_turns`` allows."""
        return self._max_turns is not None and self._turns >= self._max_turns

    def _invalid(self, why: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        text = f"Invalid: {why}. The board is unchanged:\n{board_text(self._core.boards[0])}"
        return text, -self._penalty, False, self._out_of_turns(), self._info(invalid=why)
