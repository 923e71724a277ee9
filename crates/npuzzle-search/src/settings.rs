//! One solve's settings as a user gives them, in plain values (seconds, MiB, names): the one type
//! every front end fills — the command line's flags, Python's `npuzzle.Options`, the cluster's
//! command line — with the one set of defaults, checked against the one set of accepted ranges
//! ([`crate::ranges`]), and turned into the library's [`Options`] and [`Limits`] in one place.
//!
//! ```
//! use npuzzle_search::settings::{Settings, DEFAULT_TIME_BUDGET};
//! let settings = Settings { timeout: Some(5.0), ..Settings::default() };
//! let settings = settings.checked().unwrap();
//! assert_eq!(settings.time_budget, DEFAULT_TIME_BUDGET);
//! let limits = settings.limits(None);
//! assert_eq!(limits.timeout, Some(std::time::Duration::from_secs(5)));
//! assert!(Settings { max_nodes: Some(0), ..Settings::default() }.checked().is_err());
//! ```

use std::path::PathBuf;
use std::sync::Arc;

use npuzzle_core::Goal;

use crate::any_heuristic::HeuristicKind;
use crate::learned::{ModelError, Network};
use crate::limits::{Cancel, Limits};
use crate::method::{Algorithm, RankingKind};
use crate::options::Options;
use crate::pdb::Partition;
#[cfg(not(target_arch = "wasm32"))]
use crate::pdb::{PdbError, Store};
use crate::ranges::{self, OutOfRange, Real, Whole};
#[cfg(not(target_arch = "wasm32"))]
use crate::solvers::Solvers;

/// Seconds the anytime solver spends shortening a solution, unless told otherwise (the
/// library's [`crate::DEFAULT_BUDGET`]).
pub const DEFAULT_TIME_BUDGET: f64 = crate::DEFAULT_BUDGET.as_secs_f64();

/// MiB a search may hold, unless told otherwise (the 4 GiB of the library's default limits).
pub const DEFAULT_MAX_MEMORY: u64 = crate::limits::DEFAULT_MEMORY >> 20;

/// Weighted A*'s weight, unless told otherwise (the library's).
pub const DEFAULT_WEIGHT: f64 = crate::options::DEFAULT_WEIGHT;

/// One setting as a front end offers it: its name (Python's keyword), its command-line flag,
/// what its value is called, and what it does. [`FIELDS`] lists every field of [`Settings`];
/// the cluster's command line is built from it, and the tests check `npuzzle solve --help` and
/// `npuzzle.Options` against it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    /// The field's name, Python's keyword.
    pub name: &'static str,
    /// The command line's flag, without its dashes.
    pub flag: &'static str,
    /// What the value is called in help (`SECONDS`), empty for a switch.
    pub value: &'static str,
    /// What it does.
    pub help: &'static str,
}

/// Every setting, in the order of [`Settings`]' fields.
///
/// ```
/// use npuzzle_search::settings::FIELDS;
/// assert!(FIELDS.iter().any(|f| f.name == "parallel" && f.flag == "split"));
/// ```
pub const FIELDS: &[Field] = &[
    Field {
        name: "algorithm",
        flag: "algorithm",
        value: "ALGORITHM",
        help: "auto, table, astar, idastar, rbfs, wastar, greedy, constructive or anytime",
    },
    Field {
        name: "heuristic",
        flag: "heuristic",
        value: "HEURISTIC",
        help: "misplaced, manhattan, linear-conflict, walking-distance or pdb (the best for the board when absent); learned: linear-conflict with --ranking learned",
    },
    Field {
        name: "ranking",
        flag: "ranking",
        value: "RANKING",
        help: "what ranks the anytime solver's beams: heuristic or learned (the plan's choice when absent)",
    },
    Field {
        name: "goal",
        flag: "goal",
        value: "GOAL",
        help: "the goal: blank-last (default), blank-first, snake, spiral, or a position",
    },
    Field {
        name: "time_budget",
        flag: "time-budget",
        value: "SECONDS",
        help: "the time the anytime solver spends shortening each solution",
    },
    Field {
        name: "timeout",
        flag: "timeout",
        value: "SECONDS",
        help: "stop a search after this many seconds",
    },
    Field {
        name: "max_nodes",
        flag: "max-nodes",
        value: "N",
        help: "stop a search after this many expanded nodes (at least 1)",
    },
    Field {
        name: "max_memory",
        flag: "max-memory",
        value: "MIB",
        help: "stop a search that needs more memory than this many MiB",
    },
    Field {
        name: "weight",
        flag: "weight",
        value: "W",
        help: "the weight of weighted A* (1 to 100)",
    },
    Field {
        name: "parallel",
        flag: "split",
        value: "",
        help: "search each position on every core",
    },
    Field {
        name: "cache_dir",
        flag: "cache-dir",
        value: "DIR",
        help: "where pattern databases are kept (on each node)",
    },
    Field {
        name: "partition",
        flag: "partition",
        value: "PARTITION",
        help: "the pattern databases: 555, 663, 78, 6666, or tile lists; z: before it for zero-aware ones",
    },
    Field {
        name: "model",
        flag: "model",
        value: "FILE",
        help: "a model trained by npuzzle-train, for the learned ranking",
    },
];

/// How to solve, as a user says it: every field of `npuzzle solve`'s search options and of
/// Python's `npuzzle.Options`, with the same names and defaults.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// The method, or `auto`.
    pub algorithm: Algorithm,
    /// The heuristic (the best for the board when `None`).
    pub heuristic: Option<HeuristicKind>,
    /// What ranks the anytime solver's beams (the plan's choice when `None`).
    pub ranking: Option<RankingKind>,
    /// The goal.
    pub goal: Goal,
    /// Seconds the anytime solver spends shortening.
    pub time_budget: f64,
    /// Seconds after which a search stops.
    pub timeout: Option<f64>,
    /// Nodes after which a search stops.
    pub max_nodes: Option<u64>,
    /// MiB a search may hold.
    pub max_memory: u64,
    /// Weighted A*'s weight.
    pub weight: f64,
    /// One position searched on every core.
    pub parallel: bool,
    /// The pattern databases' folder (`$NPUZZLE_CACHE_DIR`, else the user's cache, when `None`).
    pub cache_dir: Option<PathBuf>,
    /// The pattern databases asked for (the policy's choice when `None`).
    pub partition: Option<Partition>,
    /// A model file made by `npuzzle-train` (the shipped models when `None`).
    pub model: Option<PathBuf>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            algorithm: Algorithm::Auto,
            heuristic: None,
            ranking: None,
            goal: Goal::BlankLast,
            time_budget: DEFAULT_TIME_BUDGET,
            timeout: None,
            max_nodes: None,
            max_memory: DEFAULT_MAX_MEMORY,
            weight: DEFAULT_WEIGHT,
            parallel: false,
            cache_dir: None,
            partition: None,
            model: None,
        }
    }
}

impl Settings {
    /// The settings if every number is in its accepted range; else the first that is not,
    /// named by its field.
    pub fn checked(self) -> Result<Settings, OutOfRange> {
        let named = |name: &'static str| move |e: OutOfRange| e.named(name);
        Real::Seconds
            .check(self.time_budget)
            .map_err(named("time_budget"))?;
        if let Some(timeout) = self.timeout {
            Real::Seconds.check(timeout).map_err(named("timeout"))?;
        }
        if let Some(nodes) = self.max_nodes {
            Whole::Nodes
                .check(i128::from(nodes))
                .map_err(named("max_nodes"))?;
        }
        Whole::MemoryMib
            .check(i128::from(self.max_memory))
            .map_err(named("max_memory"))?;
        Real::Weight.check(self.weight).map_err(named("weight"))?;
        Ok(self)
    }

    /// The limits of one solve: the node, time and memory limits, stopped by `cancel`.
    pub fn limits(&self, cancel: Option<Cancel>) -> Limits {
        let mut limits = Limits::none().memory(self.max_memory.saturating_mul(1 << 20));
        if let Some(cancel) = cancel {
            limits = limits.cancel(cancel);
        }
        if let Some(nodes) = self.max_nodes {
            limits = limits.nodes(nodes);
        }
        if let Some(timeout) = self.timeout.and_then(|t| ranges::duration(t).ok()) {
            limits = limits.timeout(timeout);
        }
        limits
    }

    /// The library's options for these settings, with `limits` (see [`Settings::limits`]) and
    /// `model` (see [`Settings::load_model`]).
    pub fn options(&self, limits: Limits, model: Option<Arc<Network>>) -> Options {
        Options {
            algorithm: self.algorithm,
            heuristic: self.heuristic,
            weight: self.weight,
            limits,
            parallel: self.parallel,
            budget: ranges::duration(self.time_budget).unwrap_or(crate::DEFAULT_BUDGET),
            ranking: self.ranking,
            model,
        }
    }

    /// The model file's network, read and checked (a damaged or foreign-format file is refused
    /// before anything is solved); `None` without a file.
    pub fn load_model(&self) -> Result<Option<Arc<Network>>, ModelError> {
        self.model
            .as_deref()
            .map(|path| Network::load(path).map(Arc::new))
            .transpose()
    }

    /// Solvers toward the goal with `options`, using the pattern databases of the settings'
    /// folder: the one place that says what happens when that folder cannot be had (no cache
    /// folder on this system): an error if databases were asked for, else solving goes on
    /// without them.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn solvers(&self, options: Options) -> Result<Solvers, PdbError> {
        let solvers = Solvers::new(self.goal.clone(), options);
        match Store::locate(self.cache_dir.as_deref()) {
            Ok(store) => Ok(solvers.with_store(store, self.partition.clone())),
            Err(error) if self.databases_asked() => Err(error),
            Err(_) => Ok(solvers),
        }
    }

    /// Whether pattern databases were asked for (so that a missing folder for them is an
    /// error, where otherwise solving goes on without them).
    pub fn databases_asked(&self) -> bool {
        self.heuristic == Some(HeuristicKind::Pdb) || self.partition.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_the_librarys() {
        let settings = Settings::default();
        let options = settings.options(settings.limits(None), None);
        assert_eq!(options.budget, crate::DEFAULT_BUDGET);
        assert_eq!(options.weight, DEFAULT_WEIGHT);
        assert_eq!(options.limits.max_memory, Some(DEFAULT_MAX_MEMORY << 20));
        assert_eq!(options.algorithm, Options::default().algorithm);
    }

    #[test]
    fn numbers_out_of_range_are_named() {
        let bad = Settings {
            weight: f64::NAN,
            ..Settings::default()
        };
        assert!(
            bad.checked()
                .unwrap_err()
                .to_string()
                .starts_with("weight: ")
        );
    }
}
