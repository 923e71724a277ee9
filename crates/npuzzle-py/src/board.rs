//! `npuzzle.Board`: one position, read from any text format the CLI reads or from rows of
//! numbers.

use npuzzle_core::{Board, Goal, Size, parse_moves, solvability};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple, PyType};

use crate::errors::parse_error;
use crate::grid::{boards_array, numbers};

/// A sliding-tile position: tiles numbered from 1, the blank 0.
#[pyclass(module = "npuzzle", name = "Board", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyBoard {
    pub board: Board,
}

#[pymethods]
impl PyBoard {
    /// A board from text in any format the CLI reads (`"1 2 3/4 5 6/7 8 0"`, rows on lines, a
    /// game id, JSON), or from rows of numbers (a list of lists or a 2-D array); a flat
    /// sequence needs `size` ("4x4").
    #[new]
    #[pyo3(signature = (position, size=None))]
    fn new(position: &Bound<'_, PyAny>, size: Option<&str>) -> PyResult<PyBoard> {
        let size = size.map(read_size).transpose()?;
        Ok(PyBoard {
            board: read_board(position, size)?,
        })
    }

    /// The position as text, rows separated by slashes.
    fn __str__(&self) -> String {
        self.board.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Board('{}')", self.board)
    }

    /// For pickle: a board is rebuilt from its text.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let text = PyString::new(slf.py(), &slf.get().board.to_string());
        Ok((slf.get_type(), PyTuple::new(slf.py(), [text])?))
    }

    /// The size as text, `"WxH"` (columns by rows).
    #[getter]
    fn size(&self) -> String {
        self.board.size().to_string()
    }

    /// The number of columns.
    #[getter]
    fn width(&self) -> usize {
        self.board.width()
    }

    /// The number of rows.
    #[getter]
    fn height(&self) -> usize {
        self.board.height()
    }

    /// `(rows, columns)`, as numpy's shape.
    #[getter]
    fn shape(&self) -> (usize, usize) {
        (self.board.height(), self.board.width())
    }

    /// The blank's cell as `(row, column)`.
    #[getter]
    fn blank(&self) -> (usize, usize) {
        self.board.blank_coords()
    }

    /// The tiles, row by row, as a list of lists.
    fn to_list(&self) -> Vec<Vec<u32>> {
        self.board
            .cells()
            .chunks(self.board.width())
            .map(<[u32]>::to_vec)
            .collect()
    }

    /// The tiles as a `(rows, columns)` array of the smallest unsigned dtype that holds them.
    fn to_numpy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        boards_array(py, std::slice::from_ref(&self.board))?
            .call_method1("reshape", ((self.board.height(), self.board.width()),))
    }

    /// Whether the board can reach `goal` ("blank-last", "blank-first", "snake", "spiral" or a
    /// position).
    #[pyo3(signature = (goal="blank-last"))]
    fn is_solvable(&self, goal: &str) -> PyResult<bool> {
        Ok(solvability::is_solvable(
            &self.board,
            &goal_board(goal, self.board.size())?,
        ))
    }

    /// Whether the board is `goal`.
    #[pyo3(signature = (goal="blank-last"))]
    fn is_solved(&self, goal: &str) -> PyResult<bool> {
        Ok(self.board.is_solved(&goal_board(goal, self.board.size())?))
    }

    /// The moves that can be made, in tile notation (`"U"`: the tile below the blank moves up).
    fn legal_moves(&self) -> Vec<String> {
        self.board
            .legal_moves()
            .map(|m| m.tile_letter().to_string())
            .collect()
    }

    /// The board after `moves` (in any notation the CLI reads: `"ULDR"`, `"dr"`, tile numbers,
    /// run lengths); a move that leaves the board is a `ValueError` saying which.
    fn apply(&self, moves: &str) -> PyResult<PyBoard> {
        let moves = parse_moves(moves, None, Some(&self.board)).map_err(parse_error)?;
        let mut board = self.board.clone();
        for (at, &m) in moves.iter().enumerate() {
            board
                .apply(m)
                .map_err(|e| parse_error(format!("move {} ({}): {e}", at + 1, m.tile_letter())))?;
        }
        Ok(PyBoard { board })
    }
}

/// A size as the CLI reads it ("4", "4x4", "5x3").
pub fn read_size(text: &str) -> PyResult<Size> {
    text.parse()
        .map_err(|e| parse_error(format!("size '{text}': {e}")))
}

/// A goal by name or layout.
pub fn read_goal(text: &str) -> PyResult<Goal> {
    text.parse()
        .map_err(|e| parse_error(format!("goal '{text}': {e}")))
}

/// The layout of `goal` for boards of `size`.
pub fn goal_board(goal: &str, size: Size) -> PyResult<Board> {
    read_goal(goal)?.board(size).map_err(parse_error)
}

/// A board from a `Board`, text, rows of numbers or (with `size`) a flat sequence.
pub fn read_board(position: &Bound<'_, PyAny>, size: Option<Size>) -> PyResult<Board> {
    if let Ok(board) = position.cast::<PyBoard>() {
        return Ok(board.get().board.clone());
    }
    if let Ok(text) = position.extract::<&str>() {
        return text.parse().map_err(parse_error);
    }
    const WHAT: &str = "a position is text, a Board, rows of numbers, or numbers with size=";
    if let Some(size) = size {
        let flat: Vec<i64> = position.extract().map_err(|_| parse_error(WHAT))?;
        return Board::new(size, numbers(flat)?).map_err(parse_error);
    }
    // A flat sequence of a square number of cells is a square board.
    if let Ok(flat) = position.extract::<Vec<i64>>() {
        let side = flat.len().isqrt();
        if side * side != flat.len() {
            return Err(parse_error(format!(
                "{} numbers are no square board: give size= (\"WxH\")",
                flat.len()
            )));
        }
        let size = Size::square(side).map_err(parse_error)?;
        return Board::new(size, numbers(flat)?).map_err(parse_error);
    }
    let rows: Vec<Vec<i64>> = position.extract().map_err(|_| parse_error(WHAT))?;
    let width = rows.first().map_or(0, Vec::len);
    if let Some((at, row)) = rows.iter().enumerate().find(|(_, r)| r.len() != width) {
        return Err(parse_error(format!(
            "row {} has {} numbers, row 1 has {width}",
            at + 1,
            row.len()
        )));
    }
    let size = Size::new(width, rows.len()).map_err(parse_error)?;
    Board::new(size, numbers(rows.concat())?).map_err(parse_error)
}
