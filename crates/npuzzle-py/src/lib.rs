//! The native module of the Python package `npuzzle` (`npuzzle._native`): the library's solving
//! pipeline and batches over numpy arrays. The package's Python layer (`python/npuzzle/`) gives
//! the public names, argument checking and documentation; see `docs/LIBRARY.md`.

mod analysis;
mod batch;
mod board;
mod checks;
mod databases;
mod env;
mod errors;
mod estimates;
mod exceptions;
mod grid;
mod journal;
mod limit;
mod options;
mod ranges;
mod solution;
mod solving;
mod split;

use pyo3::prelude::*;

use crate::board::{PyBoard, read_size};
use crate::options::PyOptions;
use crate::solution::PySolution;

/// Solves one position (a `Board`, text or rows) with `options`; with `journal`, IDA* keeps its
/// progress in that file and resumes from it; `progress` is called with `(threshold, finished,
/// subtrees, expanded)` as IDA* on every core goes on.
#[pyfunction]
#[pyo3(signature = (position, options=None, journal=None, progress=None))]
fn solve(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyOptions>>,
    journal: Option<std::path::PathBuf>,
    progress: Option<Py<PyAny>>,
) -> PyResult<PySolution> {
    let default = PyOptions::default();
    let options = options.map_or(&default, |o| o.get());
    solving::solve_one(py, position, options, journal, progress)
}

/// Solves every position of `positions` (an iterable of boards, text or rows; flat rows need
/// `size`) on `threads` threads; with `raise_errors` False a failure takes its place in the list
/// as the exception. `watch` (a callable) is called every twentieth of a second meanwhile: what
/// it raises stops the batch and is raised.
#[pyfunction]
#[pyo3(signature = (positions, options=None, size=None, threads=None, raise_errors=true, watch=None))]
fn solve_many<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyOptions>>,
    size: Option<&str>,
    #[pyo3(from_py_with = threads_argument)] threads: Option<u64>,
    raise_errors: bool,
    watch: Option<Py<PyAny>>,
) -> PyResult<Bound<'py, pyo3::types::PyList>> {
    let default = PyOptions::default();
    let options = options.map_or(&default, |o| o.get());
    let size = size.map(read_size).transpose()?;
    let threads = threads.map(|n| n as usize);
    solving::solve_many(
        py,
        positions,
        size,
        threads,
        options,
        raise_errors,
        watch.as_ref(),
    )
}

/// `threads=`, checked against the CLI's `--jobs` range.
fn threads_argument(value: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    ranges::optional_whole(
        "threads",
        npuzzle_settings::ranges::Whole::Threads,
        Some(value),
    )
}

/// The positions of an instance file: `(board, optimal, reference, line, goal)` each, the
/// optimal and reference lengths where the file gives them, the goal of its `# GOAL:` comment.
#[pyfunction]
#[allow(clippy::type_complexity)]
fn read_instances(
    path: std::path::PathBuf,
) -> PyResult<Vec<(PyBoard, Option<usize>, Option<usize>, usize, String)>> {
    let where_ = path.display().to_string();
    let text = text_of(&path)?;
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

/// The bytes of a file the user named, read by the one capped reader every surface uses (at
/// most `limit` bytes, `MAX_DATA_FILE` when None; a FIFO or a terminal waited on with Ctrl-C
/// honoured).
#[pyfunction]
#[pyo3(signature = (path, limit=None))]
fn read_file(
    py: Python<'_>,
    path: std::path::PathBuf,
    limit: Option<u64>,
) -> PyResult<pyo3::Bound<'_, pyo3::types::PyBytes>> {
    let limit = limit.unwrap_or(npuzzle_files::MAX_DATA_FILE);
    let bytes = py
        .detach(|| npuzzle_files::read_named(&path, limit))
        .map_err(errors::file_error)?;
    Ok(pyo3::types::PyBytes::new(py, &bytes))
}

/// The text of a file the user named (see [`read_file`]): UTF-8 (a `ParseError` naming the first
/// byte that is not), without a byte-order mark.
#[pyfunction]
fn read_text(py: Python<'_>, path: std::path::PathBuf) -> PyResult<String> {
    py.detach(|| text_of(&path))
}

/// [`read_text`], on the calling thread.
fn text_of(path: &std::path::Path) -> PyResult<String> {
    npuzzle_files::read_named_text(path, npuzzle_files::MAX_DATA_FILE).map_err(errors::file_error)
}

/// Whether Ctrl-C was pressed (Python's handler runs, and its exception is raised anew where the
/// wait ends): what ends a wait on a FIFO or a terminal the user named.
fn ctrl_c_pressed() -> bool {
    Python::attach(|py| py.check_signals().is_err())
}

/// `(width, height)` of a board size given as text (`"4x4"`, `"5x3"`, `"4"`), checked as the
/// CLI checks `--size`.
#[pyfunction]
#[pyo3(name = "size_of")]
fn board_size(text: &str) -> PyResult<(usize, usize)> {
    let size = read_size(text)?;
    Ok((size.width(), size.height()))
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
    npuzzle_files::stop_when(ctrl_c_pressed);
    m.add_class::<PyBoard>()?;
    m.add_class::<PyOptions>()?;
    m.add_class::<PySolution>()?;
    m.add_class::<databases::PyDatabases>()?;
    m.add_class::<env::PyBoards>()?;
    m.add_class::<env::PyEnvSettings>()?;
    m.add("ParseError", py.get_type::<errors::ParseError>())?;
    m.add("UnsolvableError", py.get_type::<errors::UnsolvableError>())?;
    m.add("LimitReached", py.get_type::<errors::LimitReached>())?;
    m.add("DatabaseError", py.get_type::<errors::DatabaseError>())?;
    m.add("FileError", py.get_type::<errors::FileError>())?;
    m.add("ActionError", py.get_type::<exceptions::ActionError>())?;
    m.add("MAX_DATA_FILE", npuzzle_files::MAX_DATA_FILE)?;
    m.add("MAX_BATCH_BYTES", npuzzle_settings::ranges::MAX_BATCH_BYTES)?;
    m.add_function(wrap_pyfunction!(read_file, m)?)?;
    m.add_function(wrap_pyfunction!(journal::set_aside_journal, m)?)?;
    m.add_function(wrap_pyfunction!(read_text, m)?)?;
    m.add_function(wrap_pyfunction!(board_size, m)?)?;
    m.add_function(wrap_pyfunction!(options::defaults, m)?)?;
    m.add_function(wrap_pyfunction!(options::settings_fields, m)?)?;
    m.add_class::<checks::PyRange>()?;
    m.add_class::<limit::PyLimit>()?;
    m.add_function(wrap_pyfunction!(checks::shown, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::analyse, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::label, m)?)?;
    m.add_function(wrap_pyfunction!(solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(batch::heuristic_values, m)?)?;
    m.add_function(wrap_pyfunction!(batch::solvable, m)?)?;
    m.add_function(wrap_pyfunction!(batch::solved, m)?)?;
    m.add_function(wrap_pyfunction!(estimates::learned_estimates, m)?)?;
    m.add_function(wrap_pyfunction!(batch::children, m)?)?;
    m.add_function(wrap_pyfunction!(batch::apply_moves, m)?)?;
    m.add_function(wrap_pyfunction!(batch::random_walks, m)?)?;
    m.add_function(wrap_pyfunction!(batch::generate, m)?)?;
    m.add_function(wrap_pyfunction!(read_instances, m)?)?;
    m.add_class::<split::PyDriver>()?;
    m.add_class::<split::PyStep>()?;
    m.add_class::<split::PyTask>()?;
    m.add_class::<split::PyReport>()?;
    m.add_function(wrap_pyfunction!(split_positions, m)?)?;
    m.add_function(wrap_pyfunction!(databases::open, m)?)?;
    m.add_function(wrap_pyfunction!(databases::build, m)?)?;
    m.add_function(wrap_pyfunction!(databases::list, m)?)?;
    m.add_function(wrap_pyfunction!(databases::folder, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
