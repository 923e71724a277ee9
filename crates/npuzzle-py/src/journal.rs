//! The journal of a search shared out across a cluster (`npuzzle.cluster.search(journal=)`):
//! the library's keeper, so that the file is the one `npuzzle solve --resume` writes and reads.

use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard, PoisonError};

use npuzzle_core::{Move, Notation, parse_moves};
use npuzzle_search::algorithm::journal::Keeper;
use npuzzle_search::{Cancel, Stats};
use pyo3::prelude::*;

use crate::errors::{parse_error, solve_error};
use crate::options::PyOptions;
use crate::split::{letters, with_search};

/// The journal of one search: what earlier runs finished, kept up to date as subtrees finish.
#[pyclass(module = "npuzzle._native", name = "Journal", frozen)]
pub struct PyJournal {
    keeper: Mutex<Keeper>,
}

/// Nodes as the library counts them.
fn nodes(expanded: u64, generated: u64) -> Stats {
    Stats {
        expanded,
        generated,
        ..Stats::default()
    }
}

/// Moves in tile notation, read.
fn moves(path: &str) -> PyResult<Vec<Move>> {
    parse_moves(path, Some(Notation::Tile), None).map_err(parse_error)
}

/// The paths of a cut, read.
fn cut(paths: &[String]) -> PyResult<Vec<Vec<Move>>> {
    paths.iter().map(|p| moves(p)).collect()
}

#[pymethods]
impl PyJournal {
    /// The journal at `path` of the search of `position` with `options`, whose iterations are
    /// cut into at least `aim` subtrees (read when the file exists; `FileError` when it is
    /// another search's or damaged); with no path, one kept in memory only (for the order of
    /// the subtrees and the counts).
    #[new]
    fn new(
        py: Python<'_>,
        path: Option<PathBuf>,
        position: &Bound<'_, PyAny>,
        options: &Bound<'_, PyOptions>,
        aim: usize,
    ) -> PyResult<PyJournal> {
        let keeper = with_search(
            py,
            position,
            options.get(),
            &Cancel::new(),
            None,
            |search, start| {
                let first = search.first_bound(start)?;
                Keeper::open(path.as_deref(), start, first, &search.identity())
            },
        )?
        .cutting_at(aim);
        Ok(PyJournal {
            keeper: Mutex::new(keeper),
        })
    }

    /// The goal's path an earlier run found, if any.
    fn solution(&self, py: Python<'_>) -> PyResult<Option<String>> {
        let found = self.keeper().solution().map_err(|e| solve_error(py, e))?;
        Ok(found.as_deref().map(letters))
    }

    /// The threshold to search at.
    #[getter]
    fn bound(&self) -> u32 {
        self.keeper().bound()
    }

    /// What earlier runs kept: `(expanded, generated, seconds)`.
    #[getter]
    fn prior(&self) -> (u64, u64, f64) {
        let prior = self.keeper().prior();
        (prior.expanded, prior.generated, prior.elapsed.as_secs_f64())
    }

    /// Begins (or resumes) the iteration at `bound` cut into `paths`, the cut's own least
    /// f-value past the bound being `next_bound`: `(done, next_bound)`, which subtrees an
    /// earlier run finished and the least f-value past the bound so far.
    fn iteration(
        &self,
        py: Python<'_>,
        bound: u32,
        paths: Vec<String>,
        next_bound: Option<u32>,
        expanded: u64,
        generated: u64,
    ) -> PyResult<(Vec<bool>, Option<u32>)> {
        let paths = cut(&paths)?;
        let paths: Vec<&[Move]> = paths.iter().map(Vec::as_slice).collect();
        let cut = nodes(expanded, generated);
        let (done, next) = self
            .keeper()
            .iteration(bound, &paths, next_bound.unwrap_or(u32::MAX), &cut)
            .map_err(|e| solve_error(py, e))?;
        self.written(py)?;
        Ok((done, (next != u32::MAX).then_some(next)))
    }

    /// How many subtrees (at least) to cut the next iteration into: the journal's aim, or the
    /// finer cut of the iteration read from the file.
    #[getter]
    fn aim(&self) -> usize {
        self.keeper().aim()
    }

    /// The aim of the cut of the iteration read from the file when it is coarser than this
    /// journal's (`None` otherwise): cut that iteration again at this aim and give its paths to
    /// `recut` before `iteration`.
    #[getter]
    fn stale_aim(&self) -> Option<usize> {
        self.keeper().stale_aim()
    }

    /// Carries the iteration read from the file, cut into `old` (at `stale_aim`), over to its cut
    /// `new` at this journal's aim, keeping what was finished.
    fn recut(
        &self,
        py: Python<'_>,
        bound: u32,
        old: Vec<String>,
        new: Vec<String>,
    ) -> PyResult<()> {
        let (old, new) = (cut(&old)?, cut(&new)?);
        let old: Vec<&[Move]> = old.iter().map(Vec::as_slice).collect();
        let new: Vec<&[Move]> = new.iter().map(Vec::as_slice).collect();
        self.keeper()
            .recut(bound, &old, &new)
            .map_err(|e| solve_error(py, e))?;
        self.written(py)
    }

    /// Whether the answer rests partly on what the file said an earlier run did (then reported
    /// with `proof="journal"`).
    #[getter]
    fn rests_on_journal(&self) -> bool {
        self.keeper().rests_on_journal()
    }

    /// The threshold after the iteration at `bound` whose least f-value past it was `least`
    /// (rounded up to the threshold's parity: the library's rule).
    #[staticmethod]
    fn next_threshold(bound: u32, least: u32) -> u32 {
        npuzzle_search::algorithm::idastar::next_threshold(bound, least)
    }

    /// Counts the iteration at `bound` that reached the goal above its cut.
    fn ended_above_the_cut(&self, bound: u32) {
        self.keeper().ended_above_the_cut(bound);
    }

    /// The places in the cut of the iteration under way in the order to search them: first
    /// those whose search came nearest the goal in the iteration before.
    fn order(&self) -> Vec<usize> {
        self.keeper().order()
    }

    /// Records subtree `index` as finished, with the least f-value past the bound in it, the
    /// least heuristic value its search reached and its nodes (written at most once a second).
    #[pyo3(signature = (index, next_bound, expanded, generated, nearest=None))]
    fn finished(
        &self,
        py: Python<'_>,
        index: usize,
        next_bound: Option<u32>,
        expanded: u64,
        generated: u64,
        nearest: Option<u32>,
    ) -> PyResult<()> {
        let stats = nodes(expanded, generated);
        self.keeper()
            .finished(index, next_bound.unwrap_or(u32::MAX), nearest, &stats);
        self.written(py)
    }

    /// Records the goal's path and the nodes of the whole search, and writes the journal.
    fn found(&self, py: Python<'_>, path: &str, expanded: u64, generated: u64) -> PyResult<()> {
        let path = moves(path)?;
        self.keeper().found(&path, &nodes(expanded, generated));
        self.written(py)
    }

    /// Writes the journal now.
    fn flush(&self, py: Python<'_>) -> PyResult<()> {
        self.keeper().flush();
        self.written(py)
    }
}

impl PyJournal {
    fn keeper(&self) -> MutexGuard<'_, Keeper> {
        self.keeper.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// `FileError` when writing the journal failed.
    fn written(&self, py: Python<'_>) -> PyResult<()> {
        match self.keeper().failure() {
            Some(error) => Err(solve_error(py, error)),
            None => Ok(()),
        }
    }
}

/// Sets the journal at `path` aside (renamed `NAME.refused-SECONDS`) for a search begun afresh
/// (`npuzzle.solve(journal=…, fresh=True)`): the new name, or None when there was no file.
#[pyfunction]
pub fn set_aside_journal(path: PathBuf) -> PyResult<Option<PathBuf>> {
    npuzzle_search::algorithm::journal::set_aside(&path).map_err(|e| {
        crate::errors::FileError::new_err(format!(
            "the journal {} could not be set aside: {e}",
            path.display()
        ))
    })
}
