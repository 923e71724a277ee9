//! `npuzzle.solve` and `npuzzle.solve_many`: the library's pipeline with the GIL released,
//! Ctrl-C honoured and the prepared solvers kept between calls.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use npuzzle_core::{Board, Size};
use npuzzle_search::{
    Algorithm, Cancel, Method, Progress, Solution, SolveError, Solver, Solvers, Start,
};
use npuzzle_settings::Settings;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::board::read_board;
use crate::errors::{database_error, solve_error};
use crate::options::PyOptions;
use crate::solution::PySolution;

/// How often a waiting call looks for Ctrl-C.
const SIGNAL_INTERVAL: Duration = Duration::from_millis(50);

/// Solvers prepared per set of settings (all but the per-solve limits), kept between calls
/// (tables and databases are built once). Few sets are ever in use: a list compared by value.
static PREPARED: Mutex<Vec<(Settings, Solvers)>> = Mutex::new(Vec::new());

fn prepared() -> MutexGuard<'static, Vec<(Settings, Solvers)>> {
    // A panic while preparing leaves nothing half-made in the list: carry on with it.
    PREPARED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The solvers for `options` (made on first use, with the pattern-database store of
/// `options.cache_dir`, or the CLI's folder, by the library's policy for a missing folder).
fn with_solvers<T>(
    options: &PyOptions,
    use_them: impl FnOnce(&mut Solvers) -> Result<T, SolveError>,
) -> Result<T, PyErr> {
    let mut list = prepared();
    let key = options.prepared();
    let at = match list.iter().position(|(settings, _)| *settings == key) {
        Some(at) => at,
        None => {
            let solvers = key.solvers(options.library()).map_err(database_error)?;
            list.push((key, solvers));
            list.len() - 1
        }
    };
    use_them(&mut list[at].1).map_err(|e| Python::attach(|py| solve_error(py, e)))
}

/// The checked start of `board` and its prepared solver.
pub fn prepare(options: &PyOptions, board: &Board) -> PyResult<(Arc<Solver>, Start)> {
    with_solvers(options, |solvers| {
        let start = solvers.start(board)?;
        Ok((solvers.for_size(board.size(), &mut |_| {})?, start))
    })
}

/// Runs `work` on another thread with the GIL released, looking for Ctrl-C meanwhile: a
/// `KeyboardInterrupt` cancels `cancel` (the searches stop within moments) and is raised once
/// the work has ended.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    cancel: &Cancel,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    watched(py, cancel, &|_| Ok(()), work)
}

/// What [`watched`] looks at for an optional Python callable `watch` (called without arguments):
/// nothing without one; with one, what it raises stops the work.
pub fn looking(watch: Option<&Py<PyAny>>) -> impl Fn(Python<'_>) -> PyResult<()> + Sync + '_ {
    move |py| watch.map_or(Ok(()), |callable| callable.call0(py).map(drop))
}

/// [`interruptible`], calling `look` (with the GIL) every twentieth of a second while the work
/// runs: an error it returns stops the work as Ctrl-C does, and is raised once the work has
/// ended.
pub fn watched<T: Send>(
    py: Python<'_>,
    cancel: &Cancel,
    look: &(dyn Fn(Python<'_>) -> PyResult<()> + Sync),
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    py.detach(|| {
        std::thread::scope(|scope| {
            let (sender, answer) = mpsc::channel();
            scope.spawn(move || {
                // The receiver waits for it unless a panic already ended the call.
                let _ = sender.send(work());
            });
            let mut interrupted = None;
            loop {
                match answer.recv_timeout(SIGNAL_INTERVAL) {
                    Ok(value) => return interrupted.map_or(Ok(value), Err),
                    Err(RecvTimeoutError::Timeout) if interrupted.is_none() => {
                        let looked =
                            Python::attach(|py| py.check_signals().and_then(|()| look(py)));
                        if let Err(signal) = looked {
                            cancel.cancel();
                            interrupted = Some(signal);
                        }
                    }
                    Err(RecvTimeoutError::Timeout) => {}
                    Err(RecvTimeoutError::Disconnected) => {
                        return Err(PyRuntimeError::new_err(
                            "internal error: the solving thread ended without an answer",
                        ));
                    }
                }
            }
        })
    })
}

/// Solves one position; with `journal`, IDA* keeps it; with `told`, the search's progress is
/// told to that callable as `(threshold, finished, subtrees, expanded)` when it changes.
pub fn solve_one(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    options: &PyOptions,
    journal: Option<std::path::PathBuf>,
    told: Option<Py<PyAny>>,
) -> PyResult<PySolution> {
    let board = read_board(position, None)?;
    let (solver, start) = py.detach(|| prepare(options, &board))?;
    let cancel = Cancel::new();
    let progress = Progress::default();
    let mut limits = options.limits(cancel.clone());
    if told.is_some() {
        limits = limits.report(progress.clone());
    }
    if let Some(path) = journal {
        limits = limits.keep_journal(path);
    }
    // A table answers in microseconds: no thread for it.
    let solved = if solver.algorithm() == Algorithm::Table {
        solver.run(&start, &limits)
    } else {
        let last = Mutex::new(None);
        let look = |py: Python<'_>| match &told {
            Some(callable) => tell(py, callable, &progress, &last),
            None => Ok(()),
        };
        watched(py, &cancel, &look, || solver.run(&start, &limits))?
    };
    let solution = solved.map_err(|e| solve_error(py, e))?;
    PySolution::of(start.board(), &solution)
}

/// Calls `callable` with the search's progress, unless it is what `last` told.
fn tell(
    py: Python<'_>,
    callable: &Py<PyAny>,
    progress: &Progress,
    last: &Mutex<Option<(u32, u32, u32, u64)>>,
) -> PyResult<()> {
    let (finished, subtrees) = progress.subtrees();
    let now = (progress.bound(), finished, subtrees, progress.expanded());
    let mut last = last.lock().unwrap_or_else(PoisonError::into_inner);
    if now.0 == 0 || *last == Some(now) {
        return Ok(());
    }
    *last = Some(now);
    callable.call1(py, now).map(drop)
}

/// Solves many positions on `threads` threads (all cores when None), answers in input order;
/// with `errors="raise"` the first failure is raised, with `"return"` it takes its place in the
/// list as an exception.
pub fn solve_many<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    size: Option<Size>,
    threads: Option<usize>,
    options: &PyOptions,
    raise: bool,
    watch: Option<&Py<PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    // Each position read, checked and prepared in input order (each size once); one that
    // cannot be read keeps its place as its error.
    let boards: Vec<PyResult<Board>> = positions
        .try_iter()?
        .map(|item| read_board(&item?, size))
        .collect();
    let jobs: Vec<Job> = py.detach(|| {
        boards
            .iter()
            .map(|board| match board {
                Ok(board) => prepare(options, board),
                Err(error) => Err(Python::attach(|py| error.clone_ref(py))),
            })
            .collect()
    });
    let solved = solve_jobs(py, &jobs, threads, options, watch)?;
    let mut answers: Vec<Option<PyResult<PySolution>>> =
        jobs.into_iter().map(|job| job.err().map(Err)).collect();
    for (at, result) in solved {
        answers[at] = Some(match (result, &boards[at]) {
            (Ok(solution), Ok(board)) => PySolution::of(board, &solution),
            (Ok(_), Err(error)) => Err(error.clone_ref(py)),
            (Err(error), _) => Err(solve_error(py, error)),
        });
    }
    into_list(py, answers, raise)
}

/// A position prepared for its solver, or why it could not be.
type Job = PyResult<(Arc<Solver>, Start)>;

/// Solves the prepared `jobs` in parallel on a pool of `threads`, Ctrl-C and `watch` heard
/// meanwhile; each answer with its place in the input.
fn solve_jobs(
    py: Python<'_>,
    jobs: &[Job],
    threads: Option<usize>,
    options: &PyOptions,
    watch: Option<&Py<PyAny>>,
) -> PyResult<Vec<(usize, Result<Solution, SolveError>)>> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| PyRuntimeError::new_err(format!("starting {threads:?} threads: {e}")))?;
    let cancel = Cancel::new();
    let limits = options.limits(cancel.clone());
    let runnable: Vec<(usize, &(Arc<Solver>, Start))> = jobs
        .iter()
        .enumerate()
        .filter_map(|(at, job)| Some((at, job.as_ref().ok()?)))
        .collect();
    watched(py, &cancel, &looking(watch), || {
        use rayon::prelude::*;
        pool.install(|| {
            runnable
                .par_iter()
                .map(|(at, (solver, start))| (*at, solver.run(start, &limits)))
                .collect()
        })
    })
}

/// The answers as a Python list in input order: a failure raised (`raise`) or in its place.
fn into_list(
    py: Python<'_>,
    answers: Vec<Option<PyResult<PySolution>>>,
    raise: bool,
) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for (at, answer) in answers.into_iter().enumerate() {
        let answer = answer.ok_or_else(|| {
            PyRuntimeError::new_err(format!("internal error: position {at} was not solved"))
        })?;
        match answer {
            Ok(solution) => list.append(solution)?,
            Err(error) if raise => return Err(error),
            Err(error) => list.append(error.into_value(py))?,
        }
    }
    Ok(list)
}
