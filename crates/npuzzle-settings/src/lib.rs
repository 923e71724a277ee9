//! One solve's settings as a user gives them, in plain values (seconds, MiB, names): the one type
//! every front end fills — the command line's flags, Python's `npuzzle.Options`, the cluster's
//! command line — with the one set of defaults, checked against the one set of accepted ranges
//! ([`ranges`]), and turned into the library's [`Options`] and [`Limits`] in one place: the front
//! desk every surface shares, above the search crate it fills.
//!
//! ```
//! use npuzzle_settings::{Settings, DEFAULT_TIME_BUDGET};
//! let settings = Settings { timeout: Some(5.0), ..Settings::default() };
//! let settings = settings.checked().unwrap();
//! assert_eq!(settings.time_budget, DEFAULT_TIME_BUDGET);
//! let limits = settings.limits(None);
//! assert_eq!(limits.timeout, Some(std::time::Duration::from_secs(5)));
//! assert!(Settings { max_nodes: Some(0), ..Settings::default() }.checked().is_err());
//! ```

#![warn(missing_docs)]

pub mod fields;
pub mod ranges;

pub use fields::{FIELDS, Field, Kind, Value};

use std::path::PathBuf;
use std::sync::Arc;

use npuzzle_core::Goal;
#[cfg(not(target_arch = "wasm32"))]
use npuzzle_heuristic::pdb::{PdbError, Store};
use npuzzle_heuristic::{HeuristicKind, pdb::Partition};
use npuzzle_learned::{ModelError, Network};
#[cfg(not(target_arch = "wasm32"))]
use npuzzle_search::Solvers;
use npuzzle_search::{Algorithm, Cancel, DEFAULT_BUDGET, Limits, Options, RankingKind};

use ranges::OutOfRange;

/// Seconds the anytime solver spends shortening a solution, unless told otherwise (the
/// library's [`DEFAULT_BUDGET`]).
pub const DEFAULT_TIME_BUDGET: f64 = DEFAULT_BUDGET.as_secs_f64();

/// MiB a search may hold, unless told otherwise (the 4 GiB of the library's default limits).
pub const DEFAULT_MAX_MEMORY: u64 = npuzzle_search::DEFAULT_MEMORY >> 20;

/// Weighted A*'s weight, unless told otherwise (the library's).
pub const DEFAULT_WEIGHT: f64 = npuzzle_search::DEFAULT_WEIGHT;

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
        for field in FIELDS {
            field.check(&self)?;
        }
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
            budget: ranges::duration(self.time_budget).unwrap_or(DEFAULT_BUDGET),
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
        assert_eq!(options.budget, DEFAULT_BUDGET);
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
