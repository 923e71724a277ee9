//! One IDA* search shared out across processes or machines (`npuzzle.cluster.search`): the
//! library's split-search driver ([`Driver`]), which decides everything, and the typed task and
//! report its Python transport carries to Ray's workers and back (both pickle). Paths are
//! written in tile notation.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use npuzzle_core::{Board, Move, Notation, format_moves, parse_moves};
use npuzzle_search::algorithm::idastar::Outcome;
use npuzzle_search::algorithm::idastar::driver::{Driver, Plan, Step, Task};
use npuzzle_search::algorithm::idastar::threads::on_threads;
use npuzzle_search::{Cancel, Limit, SolveError, Solver, Stats, Subtree};
use pyo3::prelude::*;
use pyo3::types::{PyTuple, PyType};

use crate::board::read_board;
use crate::errors::{parse_error, solve_error};
use crate::limit::PyLimit;
use crate::options::PyOptions;
use crate::solution::PySolution;
use crate::solving::{interruptible, looking, prepare, watched};

/// Moves in tile notation.
pub(crate) fn letters(moves: &[Move]) -> String {
    format_moves(moves, Notation::Tile, false, None).unwrap_or_default()
}

/// Moves read from tile notation.
fn moves(path: &str) -> PyResult<Vec<Move>> {
    parse_moves(path, Some(Notation::Tile), None).map_err(parse_error)
}

/// What the driver says to do when it hands out no subtree.
#[pyclass(module = "npuzzle._native", name = "SplitStep", eq, eq_int, frozen)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PyStep {
    /// Wait for a subtree under way and report it.
    Wait,
    /// The driver's node cap is spent: stop the subtrees under way.
    Paused,
    /// The search is over: stop the subtrees under way and take the outcome.
    Done,
}

/// One split search under way, driven by the library: `poll()` hands out the next subtree (a
/// [`PyTask`]) or says to wait or stop, `report()` takes each task's [`PyReport`], `outcome()`
/// answers. Its journal, if it has one, is kept as it goes.
#[pyclass(module = "npuzzle._native", name = "SplitDriver", frozen)]
pub struct PyDriver {
    driver: Mutex<Driver>,
    solver: Arc<Solver>,
    board: Board,
    cancel: Cancel,
}

impl PyDriver {
    fn driver(&self) -> MutexGuard<'_, Driver> {
        self.driver.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// `work` on the driver and the prepared search.
    fn with<T>(
        &self,
        work: impl FnOnce(&mut Driver, &(dyn npuzzle_search::SplitSearch + Sync)) -> T,
    ) -> Result<T, SolveError> {
        let mut driver = self.driver();
        self.solver
            .split_search(|search| Ok(work(&mut driver, search)))
    }
}

#[pymethods]
impl PyDriver {
    /// The split search of `position` with `options` (their node and time limits hold for the
    /// whole search), keeping `journal` if given, each iteration cut into at least `aim`
    /// subtrees, `window` of them under way at a time.
    #[new]
    #[pyo3(signature = (position, options, journal, aim, window))]
    fn new(
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        options: &Bound<'_, PyOptions>,
        journal: Option<PathBuf>,
        aim: usize,
        window: usize,
    ) -> PyResult<PyDriver> {
        let board = read_board(position, None)?;
        let options = options.get();
        let (solver, start) = py.detach(|| prepare(options, &board))?;
        let cancel = Cancel::new();
        let mut limits = options.limits(cancel.clone());
        if let Some(path) = journal {
            limits = limits.keep_journal(path);
        }
        let plan = Plan { aim, window };
        let driver = py
            .detach(|| solver.split_search(|search| Driver::open(search, &start, limits, plan)))
            .map_err(|e| solve_error(py, e))?;
        Ok(PyDriver {
            driver: Mutex::new(driver),
            solver,
            board,
            cancel,
        })
    }

    /// The next subtree to search (a `SplitTask`), or what to do instead (a `SplitStep`).
    fn poll(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let step = py
            .detach(|| self.with(|driver, search| driver.poll(search)))
            .map_err(|e| solve_error(py, e))?;
        Ok(match step {
            Step::Search(task) => PyTask::of(&task).into_pyobject(py)?.into_any().unbind(),
            Step::Wait => PyStep::Wait.into_pyobject(py)?.into_any().unbind(),
            Step::Paused => PyStep::Paused.into_pyobject(py)?.into_any().unbind(),
            Step::Done => PyStep::Done.into_pyobject(py)?.into_any().unbind(),
        })
    }

    /// Takes what a worker's search of subtree `index` came to.
    fn report(&self, index: usize, report: &PyReport) -> PyResult<()> {
        let outcome = report.outcome()?;
        self.driver().report(index, outcome);
        Ok(())
    }

    /// Searches on this machine's cores, as `npuzzle solve --split` does, until the search is
    /// over or this run has expanded `nodes` nodes (then it goes on from there when polled).
    /// Ctrl-C stops the search.
    fn alone(&self, py: Python<'_>, nodes: u64) -> PyResult<()> {
        interruptible(py, &self.cancel, || {
            self.with(|driver, search| {
                driver.cap(Some(nodes));
                on_threads(driver, search);
                driver.cap(None);
            })
        })?
        .map_err(|e| solve_error(py, e))
    }

    /// `(threshold, finished, subtrees)` of the iteration under way (`subtrees` is 0 between
    /// iterations).
    #[getter]
    fn progress(&self) -> (u32, usize, usize) {
        self.driver().progress()
    }

    /// The cut of the iteration under way: the path to each subtree (empty between
    /// iterations).
    #[getter]
    fn paths(&self) -> Vec<String> {
        self.driver().paths().iter().map(|p| letters(p)).collect()
    }

    /// Writes the journal now (a stop of the transport's own).
    fn flush(&self) {
        self.driver().flush();
    }

    /// The answer once `poll()` said `SplitStep.Done`: the solution (replayed to the goal, with
    /// every worker's nodes), or the library's exception for what stopped the search.
    fn outcome(&self, py: Python<'_>) -> PyResult<PySolution> {
        let solution = self
            .with(|driver, search| driver.outcome(search))
            .and_then(|solution| solution)
            .map_err(|e| solve_error(py, e))?;
        PySolution::of(&self.board, &solution)
    }
}

/// One subtree to search on a worker, with its share of the whole search's limits.
#[pyclass(module = "npuzzle._native", name = "SplitTask", frozen)]
#[derive(Clone)]
pub struct PyTask {
    task: Task,
}

impl PyTask {
    fn of(task: &Task) -> PyTask {
        PyTask { task: task.clone() }
    }
}

#[pymethods]
impl PyTask {
    /// A task as the driver hands it out (for pickle).
    #[new]
    fn new(
        index: usize,
        path: &str,
        bound: u32,
        max_nodes: Option<u64>,
        timeout: Option<f64>,
    ) -> PyResult<PyTask> {
        let timeout = timeout.map(|t| Duration::try_from_secs_f64(t).unwrap_or_default());
        let path = moves(path)?;
        let task = Task {
            index,
            path,
            bound,
            max_nodes,
            timeout,
        };
        Ok(PyTask { task })
    }

    /// Its place in the iteration's cut.
    #[getter]
    fn index(&self) -> usize {
        self.task.index
    }

    /// The moves from the start to the subtree's root.
    #[getter]
    fn path(&self) -> String {
        letters(&self.task.path)
    }

    /// The iteration's threshold.
    #[getter]
    fn bound(&self) -> u32 {
        self.task.bound
    }

    /// Its share of the node limit.
    #[getter]
    fn max_nodes(&self) -> Option<u64> {
        self.task.max_nodes
    }

    /// What is left of the time limit, in seconds.
    #[getter]
    fn timeout(&self) -> Option<f64> {
        self.task.timeout.map(|t| t.as_secs_f64())
    }

    /// Searches the subtree of `position` with `options`' heuristic and this task's limits.
    /// Ctrl-C stops it, and so does what `watch` raises (a callable called every twentieth of a
    /// second: how a worker hears that the driver no longer needs the subtree), raised once the
    /// search has stopped.
    #[pyo3(signature = (position, options, watch=None))]
    fn search(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        options: &Bound<'_, PyOptions>,
        watch: Option<Py<PyAny>>,
    ) -> PyResult<PyReport> {
        let board = read_board(position, None)?;
        let options = options.get();
        let (solver, start) = py.detach(|| prepare(options, &board))?;
        let cancel = Cancel::new();
        let limits = self.task.limits(&options.limits(cancel.clone()));
        let task = &self.task;
        let searched = watched(py, &cancel, &looking(watch.as_ref()), || {
            solver
                .split_search(|search| Ok(search.subtree(&start, &task.path, task.bound, &limits)))
        })?
        .and_then(|searched| searched);
        PyReport::of(py, searched)
    }

    /// For pickle (and Ray): rebuilt from its fields.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let this = slf.get();
        let args = (
            this.index(),
            this.path(),
            this.bound(),
            this.max_nodes(),
            this.timeout(),
        );
        Ok((slf.get_type(), args.into_pyobject(slf.py())?))
    }
}

/// What a worker's search of one subtree came to: searched whole (the goal's path if it lies
/// there), or stopped by its share of a limit; and the nodes it expanded.
#[pyclass(module = "npuzzle._native", name = "SplitReport", frozen)]
#[derive(Clone)]
pub struct PyReport {
    found: Option<String>,
    next_bound: u32,
    nearest: Option<u32>,
    expanded: u64,
    generated: u64,
    /// The limit that stopped it.
    limit: Option<Limit>,
}

impl PyReport {
    /// The report of a search that ended with `searched`; an error other than a limit is
    /// raised.
    fn of(py: Python<'_>, searched: Result<Subtree, SolveError>) -> PyResult<PyReport> {
        let (subtree, limit) = match searched {
            Ok(subtree) => (subtree, None),
            Err(SolveError::LimitReached { limit, stats }) => {
                let subtree = Subtree {
                    found: None,
                    next_bound: u32::MAX,
                    nearest: None,
                    stats,
                };
                (subtree, Some(limit))
            }
            Err(error) => return Err(solve_error(py, error)),
        };
        Ok(PyReport {
            found: subtree.found.as_deref().map(letters),
            next_bound: subtree.next_bound,
            nearest: subtree.nearest,
            expanded: subtree.stats.expanded,
            generated: subtree.stats.generated,
            limit,
        })
    }

    /// The library's outcome this report carries.
    fn outcome(&self) -> PyResult<Outcome> {
        let stats = Stats {
            expanded: self.expanded,
            generated: self.generated,
            ..Stats::default()
        };
        if let Some(limit) = self.limit {
            return Ok(Outcome::Limited(limit, stats));
        }
        Ok(Outcome::Searched(Subtree {
            found: self.found.as_deref().map(moves).transpose()?,
            next_bound: self.next_bound,
            nearest: self.nearest,
            stats,
        }))
    }
}

#[pymethods]
impl PyReport {
    /// A report as a worker sends it (for pickle).
    #[new]
    #[pyo3(signature = (found, next_bound, nearest, expanded, generated, limit))]
    fn new(
        found: Option<String>,
        next_bound: u32,
        nearest: Option<u32>,
        expanded: u64,
        generated: u64,
        limit: Option<PyRef<'_, PyLimit>>,
    ) -> PyResult<PyReport> {
        let report = PyReport {
            found,
            next_bound,
            nearest,
            expanded,
            generated,
            limit: limit.map(|limit| limit.limit),
        };
        report.outcome()?;
        Ok(report)
    }

    /// The goal's path, when the subtree holds it within the threshold.
    #[getter]
    fn found(&self) -> Option<String> {
        self.found.clone()
    }

    /// The nodes the search expanded.
    #[getter]
    fn expanded(&self) -> u64 {
        self.expanded
    }

    /// For pickle (and Ray): rebuilt from its fields.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let this = slf.get();
        let args = (
            this.found.clone(),
            this.next_bound,
            this.nearest,
            this.expanded,
            this.generated,
            this.limit.map(|limit| PyLimit { limit }),
        );
        Ok((slf.get_type(), args.into_pyobject(slf.py())?))
    }
}
