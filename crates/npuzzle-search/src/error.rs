//! Why a search gave no solution.

use npuzzle_core::Size;
use npuzzle_core::solvability::Unsolvable;
use npuzzle_heuristic::Unbuildable;
use thiserror::Error;

use crate::limits::Limit;
use crate::method::Algorithm;
use crate::stats::Stats;

/// Why a solver returned no solution.
///
/// ```
/// use npuzzle_search::{Request, SolveError};
/// let swapped = Request::new("2 1 3/4 5 6/7 8 0".parse().unwrap()).solve();
/// assert!(matches!(swapped, Err(SolveError::Unsolvable(_))));
/// ```
#[derive(Clone, Debug, Error)]
pub enum SolveError {
    /// The position cannot reach the goal (checked before any search).
    #[error(transparent)]
    Unsolvable(#[from] Unsolvable),
    /// The goal layout is for another board size.
    #[error(transparent)]
    Goal(#[from] npuzzle_core::GoalSizeMismatch),
    /// The position was checked against another goal than the one the method was prepared for.
    #[error("the position was checked against another goal than the solver's")]
    OtherGoal,
    /// The board is too large for this algorithm.
    #[error(
        "a {size} board is too large for this solver (at most {max_cells} cells): choose another algorithm, or auto"
    )]
    TooLarge {
        /// The board size.
        size: Size,
        /// The largest number of cells it accepts.
        max_cells: usize,
    },
    /// The algorithm or heuristic does not apply here.
    #[error(transparent)]
    Unsupported(#[from] Unsupported),
    /// A pattern database could not be chosen, built or loaded.
    #[error(transparent)]
    Pdb(#[from] npuzzle_heuristic::pdb::PdbError),
    /// A limit was hit; the statistics say how far the search got.
    #[error("stopped by {limit} after {} nodes expanded", stats.expanded)]
    LimitReached {
        /// The limit that was hit.
        limit: Limit,
        /// The statistics so far.
        stats: Stats,
    },
    /// The caller stopped a streaming solve (its output was closed).
    #[error("stopped by the caller")]
    Stopped,
    /// A search journal could not be read, written, or does not belong to the search.
    #[error("the journal {}: {reason}", path.display())]
    Journal {
        /// The journal's file.
        path: std::path::PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// A solution failed its replay check: a bug, reported rather than returned.
    #[error("internal error: {0}")]
    Internal(String),
}

impl From<Unbuildable> for SolveError {
    fn from(error: Unbuildable) -> SolveError {
        SolveError::Unsupported(match error {
            Unbuildable::WalkingDistance(size) => Unsupported::WalkingDistance(size),
            Unbuildable::DatabasesFromFiles => Unsupported::DatabasesFromFiles,
            Unbuildable::LearnedRanking => Unsupported::LearnedRanking,
        })
    }
}

impl From<npuzzle_heuristic::TooLargeToSearch> for SolveError {
    fn from(error: npuzzle_heuristic::TooLargeToSearch) -> SolveError {
        SolveError::TooLarge {
            size: error.size,
            max_cells: npuzzle_heuristic::MAX_SEARCH_CELLS,
        }
    }
}

/// What a method or heuristic cannot do.
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_search::{HeuristicKind, Options, Solver, SolveError, Unsupported};
/// let goal = Goal::BlankLast.board("7".parse().unwrap()).unwrap();
/// let options = Options { heuristic: Some(HeuristicKind::WalkingDistance), ..Options::default() };
/// let refused = Solver::new(&goal, options).unwrap_err();
/// assert!(matches!(refused, SolveError::Unsupported(Unsupported::WalkingDistance(_))));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Error)]
pub enum Unsupported {
    /// The method uses no heuristic (the table, the constructive solver), yet one was given.
    #[error("the {0} solver uses no heuristic")]
    NoHeuristic(Algorithm),
    /// Weighted A*'s weight is out of its range.
    #[error("the weight must be a number from 1 to {max}, not {weight}")]
    Weight {
        /// The weight given.
        weight: f64,
        /// The largest weight taken.
        max: f64,
    },
    /// Pattern databases are opened from files by the caller, not built from the goal alone.
    #[error("{}", Unbuildable::DatabasesFromFiles)]
    DatabasesFromFiles,
    /// Only a method with a heuristic (IDA*'s search) can be split into subtrees.
    #[error("the {0} solver cannot be split into subtrees: use idastar (or auto with a heuristic)")]
    NoSplit(Algorithm),
    /// The constructive and the anytime solvers are not watched (the searches with a heuristic
    /// and the complete table are).
    #[error(
        "the {0} solver cannot be watched: use --algorithm table, idastar, rbfs, astar, wastar or greedy"
    )]
    NotWatched(Algorithm),
    /// Only IDA* alone keeps a journal to resume from.
    #[error(
        "only idastar keeps a journal to resume from: use --algorithm idastar (with a heuristic)"
    )]
    Journal,
    /// Walking distance's tables would be too large for this board.
    #[error("{}", Unbuildable::WalkingDistance(*.0))]
    WalkingDistance(Size),
    /// The learned ranking ranks the anytime solver's beams; it is not a lower bound another
    /// method could search with.
    #[error("{}", Unbuildable::LearnedRanking)]
    LearnedRanking,
    /// `--heuristic learned` (the learned ranking's alias) beside `--ranking heuristic`.
    #[error(
        "heuristic 'learned' is the learned ranking, and ranking 'heuristic' was asked too: drop one"
    )]
    TwoRankings,
}
