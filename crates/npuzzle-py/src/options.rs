//! `npuzzle.Options`: how to solve, the same options as the CLI's `solve` — the library's
//! [`Settings`], with its defaults, filled from keyword arguments.

use std::path::PathBuf;
use std::sync::Arc;

use npuzzle_learned::Network;
use npuzzle_search::{Cancel, Limits, Options};
use npuzzle_settings::ranges::Whole;
use npuzzle_settings::{
    DEFAULT_MAX_MEMORY, DEFAULT_TIME_BUDGET, DEFAULT_WEIGHT, Kind, Settings, Value,
};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple, PyType};

use crate::board::read_goal;
use crate::errors::{database_error, model_error, parse_error};
use crate::ranges::{optional_whole, whole};

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
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PyOptions {
    /// The settings, checked.
    pub settings: Settings,
    /// The network read from the settings' model file (checked when the options are made).
    pub network: Option<Arc<Network>>,
}

#[pymethods]
impl PyOptions {
    /// Options as the CLI's `solve` takes them: `algorithm` ("auto", "table", "idastar",
    /// "anytime", "constructive", "astar", "wastar", "greedy", "rbfs"), `heuristic`
    /// ("misplaced", "manhattan", "linear-conflict", "walking-distance", "pdb"; the best when
    /// None; "learned" is the alias of `ranking="learned"`), `ranking` (what ranks the anytime
    /// solver's beams: "heuristic" or "learned"; the plan's choice when None), `goal`, `time_budget` (seconds the anytime solver spends), `timeout` (seconds),
    /// `max_nodes`, `max_memory` (MiB), `weight` (weighted A*), `parallel` (one search on every
    /// core), `cache_dir` (where pattern databases live; the CLI's folder when None),
    /// `partition` (which pattern databases: "663", "78", "6666", "z:6666" (zero-aware), "55554"…; the policy's when
    /// None).
    #[new]
    #[pyo3(signature = (
        algorithm="auto", heuristic=None, ranking=None, goal="blank-last", time_budget=DEFAULT_TIME_BUDGET,
        timeout=None, max_nodes=None, max_memory=DEFAULT_MAX_MEMORY, weight=DEFAULT_WEIGHT,
        parallel=false, cache_dir=None, partition=None, model=None
    ))]
    // The library's defaults written out for `help()` and `inspect` (a test checks them
    // against `defaults()`, which reads the library's constants).
    #[pyo3(
        text_signature = "(algorithm='auto', heuristic=None, ranking=None, goal='blank-last', \
        time_budget=10.0, timeout=None, max_nodes=None, max_memory=4096, weight=2.0, \
        parallel=False, cache_dir=None, partition=None, model=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        algorithm: &str,
        heuristic: Option<&str>,
        ranking: Option<&str>,
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
        let settings = Settings {
            algorithm: algorithm.parse().map_err(parse_error)?,
            heuristic: heuristic
                .map(|h| h.parse().map_err(parse_error))
                .transpose()?,
            ranking: ranking
                .map(|r| r.parse().map_err(parse_error))
                .transpose()?,
            goal: read_goal(goal)?,
            time_budget,
            timeout,
            max_nodes,
            max_memory,
            weight,
            parallel,
            cache_dir,
            partition: partition
                .map(|p| p.parse().map_err(database_error))
                .transpose()?,
            model,
        }
        .checked()
        .map_err(parse_error)?;
        let network = match &settings.model {
            Some(path) => Some(Arc::new(
                Network::load(path).map_err(|e| model_error(path, e))?,
            )),
            None => None,
        };
        Ok(PyOptions { settings, network })
    }

    /// The model file ranking the anytime solver's beams with ranking="learned", or None
    /// for the shipped ones.
    #[getter]
    fn model(&self) -> Option<PathBuf> {
        self.settings.model.clone()
    }

    /// The pattern databases asked for, or None for the policy's.
    #[getter]
    fn partition(&self) -> Option<String> {
        self.settings.partition.as_ref().map(|p| p.to_string())
    }

    /// The method, or "auto".
    #[getter]
    fn algorithm(&self) -> String {
        self.settings.algorithm.to_string()
    }

    /// The heuristic, or None for the best for each board.
    #[getter]
    fn heuristic(&self) -> Option<String> {
        self.settings.heuristic.map(|h| h.to_string())
    }

    /// What ranks the anytime solver's beams ("heuristic" or "learned"), or None for the
    /// plan's choice.
    #[getter]
    fn ranking(&self) -> Option<String> {
        self.settings.ranking.map(|r| r.to_string())
    }

    /// The goal's name (or layout).
    #[getter]
    fn goal(&self) -> String {
        self.settings.goal.to_string()
    }

    /// Seconds the anytime solver spends shortening.
    #[getter]
    fn time_budget(&self) -> f64 {
        self.settings.time_budget
    }

    /// Seconds after which a search stops, or None.
    #[getter]
    fn timeout(&self) -> Option<f64> {
        self.settings.timeout
    }

    /// Nodes after which a search stops, or None.
    #[getter]
    fn max_nodes(&self) -> Option<u64> {
        self.settings.max_nodes
    }

    /// MiB a search may hold.
    #[getter]
    fn max_memory(&self) -> u64 {
        self.settings.max_memory
    }

    /// Weighted A*'s weight.
    #[getter]
    fn weight(&self) -> f64 {
        self.settings.weight
    }

    /// Whether one search runs on every core.
    #[getter]
    fn parallel(&self) -> bool {
        self.settings.parallel
    }

    /// The pattern databases' folder, or None for the CLI's.
    #[getter]
    fn cache_dir(&self) -> Option<PathBuf> {
        self.settings.cache_dir.clone()
    }

    /// `Options(algorithm='auto', …)`: every field of the library's description, in its order.
    fn __repr__(&self) -> String {
        let fields: Vec<String> = npuzzle_settings::FIELDS
            .iter()
            .map(|field| format!("{}={}", field.name, python_repr(&field.of(&self.settings))))
            .collect();
        format!("Options({})", fields.join(", "))
    }

    /// For pickle: rebuilt from its arguments, read back by their getters in the order of
    /// the signature (`settings::FIELDS`, which a test checks against it).
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let args = npuzzle_settings::FIELDS
            .iter()
            .map(|field| slf.getattr(field.name))
            .collect::<PyResult<Vec<_>>>()?;
        Ok((slf.get_type(), PyTuple::new(slf.py(), args)?))
    }
}

impl PyOptions {
    /// The limits of one solve, stopped by `cancel`.
    pub fn limits(&self, cancel: Cancel) -> Limits {
        self.settings.limits(Some(cancel))
    }

    /// The library's options for preparing solvers: the memory limit only (a solve's node and
    /// time limits and its cancel token come with each solve, so that solvers prepared once
    /// serve every call whatever its limits).
    pub fn library(&self) -> Options {
        let memory = Limits::none().memory(self.settings.max_memory.saturating_mul(1 << 20));
        self.settings.options(memory, self.network.clone())
    }

    /// The settings solvers prepared for these options are kept under: all but the node and
    /// time limits, which apply per solve (a split search's tasks each get what is left).
    pub fn prepared(&self) -> Settings {
        Settings {
            timeout: None,
            max_nodes: None,
            ..self.settings.clone()
        }
    }
}

/// A setting's value as Python writes it.
fn python_repr(value: &Value) -> String {
    match value {
        Value::Absent => "None".into(),
        Value::Text(text) => format!("'{text}'"),
        Value::Whole(n) => n.to_string(),
        Value::Real(x) => format!("{x:?}"),
        Value::Switch(true) => "True".into(),
        Value::Switch(false) => "False".into(),
    }
}

/// The defaults of `npuzzle.Options`, every field's, as the library's description has them (the
/// stubs and the signature are checked against these by the package's tests).
#[pyfunction]
pub fn defaults(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let defaults = PyDict::new(py);
    for field in npuzzle_settings::FIELDS {
        match field.default() {
            Value::Absent => defaults.set_item(field.name, py.None())?,
            Value::Text(text) => defaults.set_item(field.name, text)?,
            Value::Whole(n) => defaults.set_item(field.name, n)?,
            Value::Real(x) => defaults.set_item(field.name, x)?,
            Value::Switch(on) => defaults.set_item(field.name, on)?,
        }
    }
    Ok(defaults)
}

/// Every setting of `npuzzle.Options` as front ends offer it: `(name, flag, value, help, kind)`,
/// the library's one description (the cluster's command line is built from it); `kind` is
/// "name", "path", "switch", "whole" or "real".
#[pyfunction]
pub fn settings_fields() -> Vec<(
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
)> {
    npuzzle_settings::FIELDS
        .iter()
        .map(|f| {
            let kind = match f.kind {
                Kind::Name => "name",
                Kind::Path => "path",
                Kind::Switch => "switch",
                Kind::Whole(_) => "whole",
                Kind::Real(_) => "real",
            };
            (f.name, f.flag, f.value, f.help, kind)
        })
        .collect()
}
