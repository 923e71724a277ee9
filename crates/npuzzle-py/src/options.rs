//! `npuzzle.Options`: how to solve, the same options as the CLI's `solve`.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use npuzzle_core::Goal;
use npuzzle_search::learned::Network;
use npuzzle_search::pdb::Partition;
use npuzzle_search::{Algorithm, Cancel, HeuristicKind, Limits, Options};
use pyo3::prelude::*;
use pyo3::types::{PyTuple, PyType};

use crate::board::read_goal;
use crate::errors::{database_error, model_error, parse_error};
use crate::ranges::{optional_whole, real, whole};
use npuzzle_search::ranges::{Real, Whole};

/// The CLI's default memory limit, in MiB.
const DEFAULT_MAX_MEMORY: u64 = 4096;

/// `max_nodes=`, checked against the CLI's range.
fn nodes_argument(value: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    optional_whole("max_nodes", Whole::Nodes, Some(value))
}

/// `max_memory=`, checked against the CLI's range.
fn memory_argument(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    whole("max_memory", Whole::MemoryMib, value)
}

/// How to solve: the method (or `"auto"`), heuristic, goal, time budget and limits, as the
/// CLI's `solve` options; picklable, so that workers of a pool or cluster solve alike.
#[pyclass(module = "npuzzle", name = "Options", frozen, eq)]
#[derive(Clone, Debug, PartialEq)]
pub struct PyOptions {
    pub algorithm: Algorithm,
    pub heuristic: Option<HeuristicKind>,
    pub goal: Goal,
    pub time_budget: f64,
    pub timeout: Option<f64>,
    pub max_nodes: Option<u64>,
    pub max_memory: u64,
    pub weight: f64,
    pub parallel: bool,
    pub cache_dir: Option<PathBuf>,
    pub partition: Option<Partition>,
    /// The model file given, and the network read from it (checked when the options are made).
    pub model: Option<(PathBuf, Arc<Network>)>,
}

#[pymethods]
impl PyOptions {
    /// Options as the CLI's `solve` takes them: `algorithm` ("auto", "table", "idastar",
    /// "anytime", "constructive", "astar", "wastar", "greedy", "rbfs"), `heuristic`
    /// ("manhattan", "linear-conflict", "walking-distance", "pdb", "learned"; the best for the
    /// board when None), `goal`, `time_budget` (seconds the anytime solver spends), `timeout` (seconds),
    /// `max_nodes`, `max_memory` (MiB), `weight` (weighted A*), `parallel` (one search on every
    /// core), `cache_dir` (where pattern databases live; the CLI's folder when None),
    /// `partition` (which pattern databases: "663", "78", "6666", "55554"…; the policy's when
    /// None).
    #[new]
    #[pyo3(signature = (
        algorithm="auto", heuristic=None, goal="blank-last", time_budget=10.0, timeout=None,
        max_nodes=None, max_memory=4096, weight=2.0, parallel=false, cache_dir=None,
        partition=None, model=None
    ))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        algorithm: &str,
        heuristic: Option<&str>,
        goal: &str,
        time_budget: f64,
        timeout: Option<f64>,
        #[pyo3(from_py_with = nodes_argument)] max_nodes: Option<u64>,
        #[pyo3(from_py_with = memory_argument)] max_memory: u64,
        weight: f64,
        parallel: bool,
        cache_dir: Option<PathBuf>,
        partition: Option<&str>,
        model: Option<PathBuf>,
    ) -> PyResult<PyOptions> {
        Ok(PyOptions {
            algorithm: algorithm.parse().map_err(parse_error)?,
            heuristic: heuristic
                .map(|h| h.parse().map_err(parse_error))
                .transpose()?,
            goal: read_goal(goal)?,
            time_budget: real("time_budget", Real::Seconds, time_budget)?,
            timeout: timeout
                .map(|t| real("timeout", Real::Seconds, t))
                .transpose()?,
            max_nodes,
            max_memory,
            weight: real("weight", Real::Weight, weight)?,
            parallel,
            cache_dir,
            partition: partition
                .map(|p| p.parse().map_err(database_error))
                .transpose()?,
            model: model
                .map(|path| match Network::load(&path) {
                    Ok(network) => Ok((path, Arc::new(network))),
                    Err(e) => Err(model_error(&path, e)),
                })
                .transpose()?,
        })
    }

    /// The model file ranking the anytime solver's beams with heuristic="learned", or None
    /// for the shipped ones.
    #[getter]
    fn model(&self) -> Option<PathBuf> {
        self.model.as_ref().map(|(path, _)| path.clone())
    }

    /// The pattern databases asked for, or None for the policy's.
    #[getter]
    fn partition(&self) -> Option<String> {
        self.partition.as_ref().map(|p| p.to_string())
    }

    /// The method, or "auto".
    #[getter]
    fn algorithm(&self) -> String {
        self.algorithm.to_string()
    }

    /// The heuristic, or None for the best for each board.
    #[getter]
    fn heuristic(&self) -> Option<String> {
        self.heuristic.map(|h| h.to_string())
    }

    /// The goal's name (or layout).
    #[getter]
    fn goal(&self) -> String {
        self.goal.to_string()
    }

    /// Seconds the anytime solver spends shortening.
    #[getter]
    fn time_budget(&self) -> f64 {
        self.time_budget
    }

    /// Seconds after which a search stops, or None.
    #[getter]
    fn timeout(&self) -> Option<f64> {
        self.timeout
    }

    /// Nodes after which a search stops, or None.
    #[getter]
    fn max_nodes(&self) -> Option<u64> {
        self.max_nodes
    }

    /// MiB a search may hold.
    #[getter]
    fn max_memory(&self) -> u64 {
        self.max_memory
    }

    /// Weighted A*'s weight.
    #[getter]
    fn weight(&self) -> f64 {
        self.weight
    }

    /// Whether one search runs on every core.
    #[getter]
    fn parallel(&self) -> bool {
        self.parallel
    }

    /// The pattern databases' folder, or None for the CLI's.
    #[getter]
    fn cache_dir(&self) -> Option<PathBuf> {
        self.cache_dir.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "Options(algorithm='{}', heuristic={}, goal='{}', time_budget={:?}, timeout={}, \
             max_nodes={}, max_memory={}, weight={:?}, parallel={}, cache_dir={}, partition={}, \
             model={})",
            self.algorithm,
            self.heuristic.map_or("None".into(), |h| format!("'{h}'")),
            self.goal,
            self.time_budget,
            self.timeout.map_or("None".into(), |t| format!("{t:?}")),
            self.max_nodes.map_or("None".into(), |n| n.to_string()),
            self.max_memory,
            self.weight,
            if self.parallel { "True" } else { "False" },
            self.cache_dir
                .as_ref()
                .map_or("None".into(), |d| format!("'{}'", d.display())),
            self.partition
                .as_ref()
                .map_or("None".into(), |p| format!("'{p}'")),
            self.model
                .as_ref()
                .map_or("None".into(), |(path, _)| format!("'{}'", path.display())),
        )
    }

    /// For pickle: rebuilt from its arguments.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let o = slf.get();
        let py = slf.py();
        let args = (
            o.algorithm.to_string(),
            o.heuristic.map(|h| h.to_string()),
            o.goal.to_string(),
            o.time_budget,
            o.timeout,
            o.max_nodes,
            o.max_memory,
            o.weight,
            o.parallel,
            o.cache_dir.clone(),
            o.partition.as_ref().map(|p| p.to_string()),
            o.model.as_ref().map(|(path, _)| path.clone()),
        )
            .into_pyobject(py)?;
        Ok((slf.get_type(), args))
    }
}

impl Default for PyOptions {
    fn default() -> PyOptions {
        PyOptions {
            algorithm: Algorithm::Auto,
            heuristic: None,
            goal: Goal::BlankLast,
            time_budget: 10.0,
            timeout: None,
            max_nodes: None,
            max_memory: DEFAULT_MAX_MEMORY,
            weight: 2.0,
            parallel: false,
            cache_dir: None,
            partition: None,
            model: None,
        }
    }
}

impl PyOptions {
    /// The limits of one solve, stopped by `cancel`.
    pub fn limits(&self, cancel: Cancel) -> Limits {
        let mut limits = Limits::none()
            .memory(self.max_memory.saturating_mul(1 << 20))
            .cancel(cancel);
        if let Some(nodes) = self.max_nodes {
            limits = limits.nodes(nodes);
        }
        if let Some(seconds) = self.timeout {
            limits = limits.timeout(Duration::from_secs_f64(seconds));
        }
        limits
    }

    /// The library's options for preparing solvers: the memory limit only (a solve's node and
    /// time limits and its cancel token come with each solve, so that solvers prepared once
    /// serve every call whatever its limits).
    pub fn library(&self) -> Options {
        Options {
            algorithm: self.algorithm,
            heuristic: self.heuristic,
            weight: self.weight,
            limits: Limits::none().memory(self.max_memory.saturating_mul(1 << 20)),
            parallel: self.parallel,
            budget: Duration::from_secs_f64(self.time_budget),
            model: self.model.as_ref().map(|(_, network)| Arc::clone(network)),
        }
    }

    /// What solvers prepared for these options are kept under: everything but the node and time
    /// limits, which apply per solve (a split search's tasks each get what is left of them).
    pub fn key(&self) -> String {
        let prepared = PyOptions {
            timeout: None,
            max_nodes: None,
            ..self.clone()
        };
        format!("{prepared:?}")
    }
}
