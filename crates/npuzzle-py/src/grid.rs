//! Positions as numpy rows: one board a row of cells, tiles numbered from 1, the blank 0.

use npuzzle_core::{Board, Size, rows};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;

use crate::errors::parse_error;

/// Numbers a user gave as tiles: each at least 0 and at most `u32::MAX`.
pub fn numbers(values: Vec<i64>) -> PyResult<Vec<u32>> {
    values
        .into_iter()
        .enumerate()
        .map(|(at, value)| {
            u32::try_from(value).map_err(|_| {
                parse_error(format!("number {}: {value} is not a tile number", at + 1))
            })
        })
        .collect()
}

/// The bytes of the smallest unsigned dtype that holds the tiles of a board of `cells` cells: one
/// up to a batch row's [`rows::MAX_CELLS`], else two or four.
pub fn tile_bytes(cells: usize) -> usize {
    match cells {
        cells if cells <= rows::MAX_CELLS => 1,
        cells if cells <= 1 << 16 => 2,
        _ => 4,
    }
}

/// `boards` (all of one size) as an `(n, cells)` array of the smallest unsigned dtype that holds
/// their tiles.
pub fn boards_array<'py>(py: Python<'py>, boards: &[Board]) -> PyResult<Bound<'py, PyAny>> {
    let cells = boards.first().map_or(0, |b| b.cells().len());
    let flat = boards.iter().flat_map(|b| b.cells().iter().copied());
    let shape = [boards.len(), cells];
    let array = match tile_bytes(cells) {
        1 => PyArray1::from_iter(py, flat.map(|t| t as u8))
            .reshape(shape)?
            .into_any(),
        2 => PyArray1::from_iter(py, flat.map(|t| t as u16))
            .reshape(shape)?
            .into_any(),
        _ => PyArray1::from_iter(py, flat).reshape(shape)?.into_any(),
    };
    Ok(array)
}

/// Row `at` of `rows` as a board of `size` (already checked by [`check_row`]).
pub fn row_board(rows: &[u8], at: usize, size: Size) -> Board {
    let cells = size.cells();
    let row = &rows[at * cells..(at + 1) * cells];
    Board::new(size, row.iter().map(|&t| u32::from(t)).collect())
        .unwrap_or_else(|e| unreachable!("a checked row is a board: {e}"))
}
