//! `npuzzle.analyse` and `npuzzle.optimal_moves`: the library's one analysis
//! ([`npuzzle_search::analysis`]) with the GIL released and Ctrl-C honoured.

use npuzzle_core::{Move, parse_moves};
use npuzzle_search::Cancel;
use npuzzle_search::analysis::{self, AnalysisError, Distance};
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray2};
use pyo3::prelude::*;

use crate::batch::Rows;
use crate::board::read_board;
use crate::errors::{parse_error, solve_error};
use crate::grid::row_board;
use crate::options::PyOptions;
use crate::solving::{interruptible, prepare};

/// The analysis of the game from `position` playing `moves` (text in any notation), as the JSON
/// `npuzzle analyse --json` writes.
#[pyfunction]
#[pyo3(signature = (position, moves, options=None))]
pub fn analyse(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    moves: &str,
    options: Option<&Bound<'_, PyOptions>>,
) -> PyResult<String> {
    let default = PyOptions::default();
    let options = options.map_or(&default, |o| o.get());
    let board = read_board(position, None)?;
    let played = parse_moves(moves, None, Some(&board)).map_err(parse_error)?;
    let (solver, _) = py.detach(|| prepare(options, &board))?;
    let cancel = Cancel::new();
    let limits = options.limits(cancel.clone());
    let analysis = interruptible(py, &cancel, || {
        analysis::analyse_within(&solver, &board, &played, &limits)
    })?
    .map_err(|e| match e {
        AnalysisError::Illegal { .. } => parse_error(e),
        AnalysisError::Solve(e) => solve_error(py, e),
    })?;
    serde_json::to_string(&analysis).map_err(parse_error)
}

/// For each row: its optimal distance (−1 where not proved) and which of the tile moves `U D L
/// R` are optimal from it, shaped `(n,)` and `(n, 4)`.
#[pyfunction]
#[pyo3(signature = (positions, width, height, options=None))]
pub fn optimal_moves<'py>(
    py: Python<'py>,
    positions: PyReadonlyArray2<'py, u8>,
    width: usize,
    height: usize,
    options: Option<&Bound<'py, PyOptions>>,
) -> PyResult<(Bound<'py, PyArray1<i32>>, Bound<'py, PyAny>)> {
    let default = PyOptions::default();
    let options = options.map_or(&default, |o| o.get());
    let batch = Rows::checked(&positions, width, height)?;
    let boards: Vec<_> = (0..batch.count)
        .map(|at| row_board(batch.cells, at, batch.size))
        .collect();
    let Some(first) = boards.first() else {
        let mask = PyArray1::<bool>::from_vec(py, Vec::new()).reshape([0, 4])?;
        return Ok((PyArray1::from_vec(py, Vec::new()), mask.into_any()));
    };
    let (solver, _) = py.detach(|| prepare(options, first))?;
    let cancel = Cancel::new();
    let limits = options.limits(cancel.clone());
    let answers = interruptible(py, &cancel, || {
        boards
            .iter()
            .map(|board| analysis::optimal_moves_within(&solver, board, &limits))
            .collect::<Result<Vec<_>, _>>()
    })?
    .map_err(|e| solve_error(py, e))?;
    let distances = answers
        .iter()
        .map(|(d, _)| d.exact().map_or(-1, |d| d as i32));
    let order = [Move::Up, Move::Down, Move::Left, Move::Right];
    let mask: Vec<bool> = answers
        .iter()
        .flat_map(|(d, moves)| {
            order.map(|m| matches!(d, Distance::Exact { .. }) && moves.contains(&m))
        })
        .collect();
    let mask = PyArray1::from_vec(py, mask).reshape([batch.count, 4])?;
    Ok((PyArray1::from_iter(py, distances), mask.into_any()))
}
