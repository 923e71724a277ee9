"""Boards: every way of giving one, what they say of themselves, and bad input."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

import npuzzle


def test_every_way_of_giving_a_board_gives_the_same_board() -> None:
    text = npuzzle.Board("8 6 7/2 5 4/3 0 1")
    ways = [
        npuzzle.Board("8 6 7\n2 5 4\n3 0 1"),
        npuzzle.Board([[8, 6, 7], [2, 5, 4], [3, 0, 1]]),
        npuzzle.Board(np.array([[8, 6, 7], [2, 5, 4], [3, 0, 1]], dtype=np.int16)),
        npuzzle.Board(np.array([[8, 6, 7], [2, 5, 4], [3, 0, 1]]).T.copy().T),
        npuzzle.Board([8, 6, 7, 2, 5, 4, 3, 0, 1]),
        npuzzle.Board([8, 6, 7, 2, 5, 4, 3, 0, 1], size="3x3"),
        npuzzle.Board(text),
    ]
    for board in ways:
        assert board == text
        assert hash(board) == hash(text)
    assert str(text) == "8 6 7/2 5 4/3 0 1"
    assert repr(text) == "Board('8 6 7/2 5 4/3 0 1')"


def test_a_board_says_what_it_is() -> None:
    board = npuzzle.Board("1 2 3 4 5/6 7 8 9 0")
    assert (board.size, board.width, board.height, board.shape) == ("5x2", 5, 2, (2, 5))
    assert board.blank == (1, 4)
    array = board.to_numpy()
    assert array.shape == (2, 5) and array.dtype == np.uint8
    assert board.to_list() == [[1, 2, 3, 4, 5], [6, 7, 8, 9, 0]]
    assert board.is_solved() and not board.is_solved("blank-first")
    assert sorted(board.legal_moves()) == ["D", "R"]
    assert board.apply("R").apply("L") == board
    assert npuzzle.Board("1 2 3/4 5 6/7 0 8").apply("L").is_solved()
    assert not npuzzle.Board("2 1 3/4 5 6/7 8 0").is_solvable()


def test_boards_pickle() -> None:
    board = npuzzle.Board("2 3/1 0")
    assert pickle.loads(pickle.dumps(board)) == board


@pytest.mark.parametrize(
    "position, size, says",
    [
        ("1 2 3/4 5", None, "row"),
        ("1 2 3/4 5 6/7 8 9", None, None),
        ("1 1 3/4 5 6/7 8 0", None, None),
        ([[1, 2], [3]], None, "row 2 has 1"),
        ([1, 2, 3, 4, 5, 0], None, "no square board"),
        ([1, 2, 3, 0], "3x3", None),
        ([[1, -2], [3, 0]], None, "-2"),
        (3.5, None, "a position is"),
        ("", None, None),
    ],
)
def test_bad_boards_raise_parse_errors(position, size, says) -> None:
    with pytest.raises(npuzzle.ParseError, match=says):
        npuzzle.Board(position, size=size)


def test_bad_moves_raise_parse_errors() -> None:
    board = npuzzle.Board("1 2 3/4 5 6/7 8 0")
    with pytest.raises(npuzzle.ParseError, match="move 1"):
        board.apply("U")
    with pytest.raises(npuzzle.ParseError, match="X"):
        board.apply("DX")
    with pytest.raises(npuzzle.ParseError):
        board.is_solvable("sideways")
