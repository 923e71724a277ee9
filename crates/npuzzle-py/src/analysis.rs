//! `npuzzle.analyse` and `npuzzle.label`: the library's one analysis and labelling
//! ([`npuzzle_search::analysis`]) with the GIL released and Ctrl-C honoured.

use npuzzle_core::parse_moves;
use npuzzle_search::Cancel;
use npuzzle_search::analysis::{self, AnalysisError};
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

/// The arrays of `npuzzle.label`: for each row its exact distance (−1 where not proved), the
/// bounds known (−1 where none), which of the tile moves `U D L R` are optimal, whether they are
/// known, and the nodes expanded: shaped `(n,)`, `(n,)`, `(n,)`, `(n, 4)`, `(n,)`, `(n,)`.
type LabelArrays<'py> = (
    Bound<'py, PyArray1<i32>>,
    Bound<'py, PyArray1<i32>>,
    Bound<'py, PyArray1<i32>>,
    Bound<'py, PyAny>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<u64>>,
);

/// Every row labelled on every core by the library's one labelling
/// ([`analysis::label_all`]), each within the options' limits (a time or node limit leaves a
/// row unproved; Ctrl-C stops the batch).
#[pyfunction]
#[pyo3(signature = (positions, width, height, options=None))]
pub fn label<'py>(
    py: Python<'py>,
    positions: PyReadonlyArray2<'py, u8>,
    width: usize,
    height: usize,
    options: Option<&Bound<'py, PyOptions>>,
) -> PyResult<LabelArrays<'py>> {
    let default = PyOptions::default();
    let options = options.map_or(&default, |o| o.get());
    let batch = Rows::checked(&positions, width, height)?;
    let boards: Vec<_> = (0..batch.count)
        .map(|at| row_board(batch.cells, at, batch.size))
        .collect();
    let labels = match boards.first() {
        None => Vec::new(),
        Some(first) => {
            let (solver, _) = py.detach(|| prepare(options, first))?;
            let cancel = Cancel::new();
            let limits = options.limits(cancel.clone());
            interruptible(py, &cancel, || {
                analysis::label_all(&solver, &boards, &limits)
            })?
            .map_err(|e| solve_error(py, e))?
        }
    };
    let numbers: Vec<[i32; 3]> = labels.iter().map(|l| l.numbers()).collect();
    let column = |k: usize| PyArray1::from_iter(py, numbers.iter().map(|n| n[k]));
    let mask: Vec<bool> = labels.iter().flat_map(|l| l.optimal_mask()).collect();
    let known = labels.iter().map(|l| l.optimal_moves.is_some());
    Ok((
        column(0),
        column(1),
        column(2),
        PyArray1::from_vec(py, mask)
            .reshape([batch.count, 4])?
            .into_any(),
        PyArray1::from_iter(py, known),
        PyArray1::from_iter(py, labels.iter().map(|l| l.expanded)),
    ))
}
