//! Solvers for the sliding-tile puzzle: the search algorithms ([`algorithm`]) and the one
//! pipeline every front end calls — a [`Request`] in, a [`Plan`] decided once, a method run, one
//! [`Report`] out. The lower bounds they search with (heuristics, pattern databases and their
//! store, the move-pruning machine) are the crate `npuzzle-heuristic`'s; the learned ranking is
//! `npuzzle-learned`'s; the settings a user gives are `npuzzle-settings`'.
//!
//! ```
//! use npuzzle_search::Request;
//! let solution = Request::new("8 6 7/2 5 4/3 0 1".parse().unwrap()).solve().unwrap();
//! assert_eq!((solution.moves.len(), solution.optimal), (31, true)); // auto: the table
//! ```
#![warn(missing_docs)]

pub mod algorithm;
pub mod analysis;
mod clock;
mod error;
mod limits;
mod method;
mod options;
mod plan;
mod prepared;
mod report;
mod solution;
mod solver;
mod solvers;
mod start;
mod stats;
pub mod textbook;
pub mod thresholds;

pub use algorithm::best_first::MAX_WEIGHT;
pub use algorithm::constructive::Streamed;
pub use algorithm::idastar::{Split, SplitSearch, Subtree};
pub use algorithm::table::DistanceTable;
pub use algorithm::{Method, Sink};
pub use error::{SolveError, Unsupported};
pub use limits::{Cancel, DEFAULT_MEMORY, Limit, Limits, Progress};
pub use method::{Algorithm, RankingKind, UnknownAlgorithm, UnknownRanking};
// The heuristic crate's types that the pipeline's own signatures carry.
pub use npuzzle_heuristic::{
    AnyHeuristic, HeuristicKind, MAX_SEARCH_CELLS, Puzzle, TooLargeToSearch, UnknownHeuristic,
};
pub use options::{DEFAULT_BUDGET, DEFAULT_WEIGHT, Options};
pub use plan::{Note, Plan, Stage, plan};
pub use prepared::{Prepared, Rank, Search};
pub use report::{Figures, Report};
pub use solution::{Proof, Solution};
pub use solver::Solver;
pub use solvers::{Request, Solvers};
pub use start::Start;
pub use stats::Stats;
pub use thresholds::{AUTO_ANYTIME_CELLS, AUTO_OPTIMAL_CELLS};

/// The README's Rust example, compiled and run as a test so that the front door stays true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeExample;
