//! One IDA* search shared out across processes or machines (`npuzzle.cluster.search`): the
//! library's split search on a prepared solver, paths written in tile notation.

use npuzzle_core::{Move, Notation, format_moves, parse_moves};
use npuzzle_search::{Cancel, SolveError, SplitSearch, Stats};
use pyo3::prelude::*;

use crate::board::read_board;
use crate::errors::{parse_error, solve_error};
use crate::options::PyOptions;
use crate::solution::PySolution;
use crate::solving::{looking, prepare, watched};

/// Moves in tile notation.
pub(crate) fn letters(moves: &[Move]) -> String {
    format_moves(moves, Notation::Tile, false, None).unwrap_or_default()
}

/// Runs `work` on the split search of `position`'s prepared solver; what `watch` raises (see
/// [`looking`]) stops it.
pub(crate) fn with_search<T: Send>(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    options: &PyOptions,
    cancel: &Cancel,
    watch: Option<&Py<PyAny>>,
    work: impl FnOnce(&dyn SplitSearch, &npuzzle_search::Start) -> Result<T, SolveError> + Send,
) -> PyResult<T> {
    let board = read_board(position, None)?;
    let (solver, start) = py.detach(|| prepare(options, &board))?;
    watched(py, cancel, &looking(watch), || {
        solver.split_search(|search| work(search, &start))
    })?
    .map_err(|e| solve_error(py, e))
}

/// The first threshold: the heuristic's value at the position.
#[pyfunction]
pub fn first_bound(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    options: &Bound<'_, PyOptions>,
) -> PyResult<u32> {
    with_search(
        py,
        position,
        options.get(),
        &Cancel::new(),
        None,
        |search, start| search.first_bound(start),
    )
}

/// The iteration of threshold `bound` cut into at least `subtrees` subtrees: `(found, paths,
/// next_bound, expanded, generated)`, `found` the goal's path when the cut reached it,
/// `next_bound` None when nothing passed the threshold.
#[pyfunction]
#[allow(clippy::type_complexity)]
pub fn split(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    options: &Bound<'_, PyOptions>,
    bound: u32,
    subtrees: usize,
) -> PyResult<(Option<String>, Vec<String>, Option<u32>, u64, u64)> {
    let cut = with_search(
        py,
        position,
        options.get(),
        &Cancel::new(),
        None,
        |search, start| search.split(start, bound, subtrees),
    )?;
    Ok((
        cut.found.as_deref().map(letters),
        cut.paths.iter().map(|p| letters(p)).collect(),
        (cut.next_bound != u32::MAX).then_some(cut.next_bound),
        cut.stats.expanded,
        cut.stats.generated,
    ))
}

/// Searches the subtree at the end of `path` with threshold `bound`, within the options'
/// limits: `(found, next_bound, expanded, generated, nearest)`, `nearest` being the least
/// heuristic value among the nodes it expanded. Ctrl-C stops it, and so does what `watch`
/// raises (a callable called every twentieth of a second: how a worker hears that the driver
/// no longer needs the subtree), which is raised once the search has stopped.
#[pyfunction]
#[pyo3(signature = (position, options, path, bound, watch=None))]
#[allow(clippy::type_complexity)]
pub fn subtree(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    options: &Bound<'_, PyOptions>,
    path: &str,
    bound: u32,
    watch: Option<Py<PyAny>>,
) -> PyResult<(Option<String>, Option<u32>, u64, u64, Option<u32>)> {
    let moves = parse_moves(path, Some(Notation::Tile), None).map_err(parse_error)?;
    let cancel = Cancel::new();
    let limits = options.get().limits(cancel.clone());
    let found = with_search(
        py,
        position,
        options.get(),
        &cancel,
        watch.as_ref(),
        |search, start| search.subtree(start, &moves, bound, &limits),
    )?;
    Ok((
        found.found.as_deref().map(letters),
        (found.next_bound != u32::MAX).then_some(found.next_bound),
        found.stats.expanded,
        found.stats.generated,
        found.nearest,
    ))
}

/// The goal's path a split search found, as the solution `npuzzle solve` would report (replayed
/// to the goal), with the nodes and seconds of every part of the search; `journal` says that its
/// proof rests partly on a journal read back.
#[pyfunction]
#[pyo3(signature = (position, options, path, expanded, generated, seconds, journal=false))]
#[allow(clippy::too_many_arguments)]
pub fn split_solution(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    options: &Bound<'_, PyOptions>,
    path: &str,
    expanded: u64,
    generated: u64,
    seconds: f64,
    journal: bool,
) -> PyResult<PySolution> {
    let moves = parse_moves(path, Some(Notation::Tile), None).map_err(parse_error)?;
    let stats = Stats {
        expanded,
        generated,
        elapsed: std::time::Duration::try_from_secs_f64(seconds).unwrap_or_default(),
        ..Stats::default()
    };
    let board = read_board(position, None)?;
    let solution = with_search(
        py,
        position,
        options.get(),
        &Cancel::new(),
        None,
        |search, start| search.solution(start, moves, stats),
    )?;
    let proof = match journal {
        true => npuzzle_search::Proof::Journal,
        false => npuzzle_search::Proof::Search,
    };
    let solution = npuzzle_search::Solution { proof, ..solution };
    PySolution::of(&board, &solution)
}
