//! Solvers for the sliding-tile puzzle: admissible heuristics and search algorithms.
//!
//! ```
//! use npuzzle_core::{Board, Goal};
//! use npuzzle_search::heuristic::Manhattan;
//! let board: Board = "8 6 0/5 4 7/2 3 1".parse().unwrap();
//! let goal = Goal::BlankLast.board(board.size()).unwrap();
//! assert_eq!(Manhattan::new(&goal).distance(&board), 20);
//! ```
#![warn(missing_docs)]

pub mod algorithm;
pub mod analysis;
mod any_heuristic;
mod clock;
mod error;
pub mod heuristic;
pub mod learned;
mod limits;
mod method;
mod options;
pub mod pdb;
mod plan;
mod prefetch;
mod prepared;
mod puzzle;
pub mod ranges;
mod report;
pub mod settings;
mod solution;
mod solver;
mod solvers;
mod start;
mod stats;
pub mod textbook;
pub mod thresholds;

pub use algorithm::best_first::MAX_WEIGHT;
pub use algorithm::constructive::Streamed;
pub use algorithm::idastar::SplitSearch;
pub use algorithm::table::DistanceTable;
pub use algorithm::{Method, Sink};
pub use any_heuristic::{AnyHeuristic, HeuristicKind};
pub use error::{SolveError, Unsupported};
pub use limits::{Cancel, Limit, Limits, Progress};
pub use method::{Algorithm, RankingKind, UnknownAlgorithm, UnknownHeuristic, UnknownRanking};
pub use options::{DEFAULT_BUDGET, Options};
pub use plan::{Note, Plan, Stage, plan};
pub use prepared::{Prepared, Rank, Search};
pub use puzzle::{MAX_SEARCH_CELLS, Puzzle, TooLargeToSearch};
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
