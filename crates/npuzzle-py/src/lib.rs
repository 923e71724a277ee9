//! The native module of the Python package `npuzzle` (`npuzzle._native`): the library's solving
//! pipeline and batches over numpy arrays. The package's Python layer (`python/npuzzle/`) gives
//! the public names, argument checking and documentation; see `docs/GUIDE.md`.

mod batch;
mod board;
mod databases;
mod errors;
mod estimates;
mod grid;
mod options;
mod solution;
mod solving;
mod split;

use pyo3::prelude::*;

use crate::board::{PyBoard, read_size};
use crate::options::PyOptions;
use crate::solution::PySolution;

/// Solves one position (a `Board`, text or rows) with `options`.
#[pyfunction]
#[pyo3(signature = (position, options=None))]
fn solve(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyOptions>>,
) -> PyResult<PySolution> {
    let default = PyOptions::default();
    let options = options.map_or(&default, |o| o.get());
    solving::solve_one(py, position, options)
}

/// Solves every position of `positions` (an iterable of boards, text or rows; flat rows need
/// `size`) on `threads` threads; with `raise_errors` False a failure takes its place in the list
/// as the exception.
#[pyfunction]
#[pyo3(signature = (positions, options=None, size=None, threads=None, raise_errors=true))]
fn solve_many<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyOptions>>,
    size: Option<&str>,
    threads: Option<usize>,
    raise_errors: bool,
) -> PyResult<Bound<'py, pyo3::types::PyList>> {
    let default = PyOptions::default();
    let options = options.map_or(&default, |o| o.get());
    let size = size.map(read_size).transpose()?;
    solving::solve_many(py, positions, size, threads, options, raise_errors)
}

/// The positions of an instance file: `(board, optimal, reference, line, goal)` each, the
/// optimal and reference lengths where the file gives them, the goal of its `# GOAL:` comment.
#[pyfunction]
#[allow(clippy::type_complexity)]
fn read_instances(
    path: std::path::PathBuf,
) -> PyResult<Vec<(PyBoard, Option<usize>, Option<usize>, usize, String)>> {
    let where_ = path.display().to_string();
    let text = std::fs::read_to_string(&path)
        .map_err(|e| pyo3::exceptions::PyOSError::new_err(format!("{where_}: {e}")))?;
    let file = npuzzle_core::instances::InstanceFile::parse(&text)
        .map_err(|e| errors::parse_error(format!("{where_}: {e}")))?;
    let goal = file.goal.to_string();
    Ok(file
        .instances
        .into_iter()
        .map(|i| {
            let board = PyBoard { board: i.board };
            (board, i.optimal, i.reference, i.line, goal.clone())
        })
        .collect())
}

/// The positions of a text as the CLI reads its input: `(line, text)` each, blocks separated by
/// blank lines, one position a line unless a block is one board of rows.
#[pyfunction]
fn split_positions(text: &str) -> Vec<(usize, String)> {
    npuzzle_core::split_positions(text)
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<PyBoard>()?;
    m.add_class::<PyOptions>()?;
    m.add_class::<PySolution>()?;
    m.add_class::<databases::PyDatabases>()?;
    m.add("ParseError", py.get_type::<errors::ParseError>())?;
    m.add("UnsolvableError", py.get_type::<errors::UnsolvableError>())?;
    m.add("LimitReached", py.get_type::<errors::LimitReached>())?;
    m.add("DatabaseError", py.get_type::<errors::DatabaseError>())?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(batch::heuristic_values, m)?)?;
    m.add_function(wrap_pyfunction!(batch::verdicts, m)?)?;
    m.add_function(wrap_pyfunction!(estimates::learned_estimates, m)?)?;
    m.add_function(wrap_pyfunction!(batch::children, m)?)?;
    m.add_function(wrap_pyfunction!(batch::apply_moves, m)?)?;
    m.add_function(wrap_pyfunction!(batch::random_walks, m)?)?;
    m.add_function(wrap_pyfunction!(batch::generate, m)?)?;
    m.add_function(wrap_pyfunction!(read_instances, m)?)?;
    m.add_function(wrap_pyfunction!(split::first_bound, m)?)?;
    m.add_function(wrap_pyfunction!(split::split, m)?)?;
    m.add_function(wrap_pyfunction!(split::subtree, m)?)?;
    m.add_function(wrap_pyfunction!(split::split_solution, m)?)?;
    m.add_function(wrap_pyfunction!(split_positions, m)?)?;
    m.add_function(wrap_pyfunction!(databases::open, m)?)?;
    m.add_function(wrap_pyfunction!(databases::build, m)?)?;
    m.add_function(wrap_pyfunction!(databases::list, m)?)?;
    m.add_function(wrap_pyfunction!(databases::folder, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
