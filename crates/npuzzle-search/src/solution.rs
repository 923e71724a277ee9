//! A solution: moves plus statistics, verified by replay before it is returned.

use npuzzle_core::{Board, Move, moves};
use serde::Serialize;

use crate::error::SolveError;
use crate::limits::Limit;
use crate::method::{Algorithm, RankingKind};
use crate::stats::Stats;
use npuzzle_heuristic::HeuristicKind;

/// Moves that take a position to its goal, with how they were found.
///
/// ```
/// use npuzzle_search::Request;
/// let solution = Request::new("1 2 3/4 5 6/0 7 8".parse().unwrap()).solve().unwrap();
/// assert_eq!((solution.stm(), solution.mtm(), solution.optimal), (2, 1, true));
/// assert_eq!(solution.gap(), 0);
/// ```
#[derive(Clone, Debug, Serialize)]
pub struct Solution {
    /// The moves, in tile notation.
    pub moves: Vec<Move>,
    /// Whether the solution is proved optimal (shortest in STM).
    pub optimal: bool,
    /// For bounded-suboptimal searches: the length is at most this factor times the optimum.
    pub bound: Option<f64>,
    /// The algorithm that found it.
    pub algorithm: Algorithm,
    /// The heuristic it used, if any: its lower bound is the one reported.
    pub heuristic: Option<HeuristicKind>,
    /// What ranked the anytime solver's beams: [`RankingKind::Learned`] where a trained network
    /// did, else [`RankingKind::Heuristic`] (the bound heuristic, focused). `None` for the other
    /// methods.
    pub ranking: Option<RankingKind>,
    /// The heuristic's lower bound on the start position (0 when none was used).
    pub lower_bound: u32,
    /// What the search did.
    pub stats: Stats,
    /// The limit (nodes, time) that ended an anytime search before its time budget: the
    /// solution is the best found by then. `None` when the method ran its course.
    #[serde(skip)]
    pub stopped: Option<Limit>,
    /// What an optimal solution's proof rests on: this run's search, or partly a journal an
    /// earlier run kept (meaningless when it is not optimal).
    pub proof: Proof,
}

/// What the proof that a solution is optimal rests on.
///
/// ```
/// use npuzzle_search::{Proof, Request};
/// let solution = Request::new("1 2 3/4 5 6/0 7 8".parse().unwrap()).solve().unwrap();
/// assert_eq!(solution.proof, Proof::Search);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Proof {
    /// This run's own search (or table) proved it.
    #[default]
    Search,
    /// Partly a journal read back (`--resume`, `journal=`): the iterations and subtrees it says
    /// an earlier run exhausted were not searched again. The journal is checked (its checksum,
    /// whose it is, every value in range), but to prove the length from nothing, solve again
    /// without it (`npuzzle verify --optimal`).
    Journal,
}

impl Solution {
    /// Length in single-tile moves.
    pub fn stm(&self) -> usize {
        moves::stm(&self.moves)
    }

    /// Length in multi-tile moves.
    pub fn mtm(&self) -> usize {
        moves::mtm(&self.moves)
    }

    /// How many moves the solution may be longer than the optimum: its length minus the best
    /// lower bound known (0 when it is proved optimal).
    pub fn gap(&self) -> usize {
        if self.optimal {
            0
        } else {
            self.moves.len().saturating_sub(self.lower_bound as usize)
        }
    }
}

/// Replays `solution` from `start`; it must end at `goal`.
pub(crate) fn verify(
    start: &Board,
    goal: &Board,
    solution: Solution,
) -> Result<Solution, SolveError> {
    let mut board = start.clone();
    board.apply_all(&solution.moves).map_err(|e| {
        SolveError::Internal(format!(
            "{} returned an illegal move: {e}",
            solution.algorithm
        ))
    })?;
    if board != *goal {
        return Err(SolveError::Internal(format!(
            "{}'s solution ends at {board}, not at the goal",
            solution.algorithm
        )));
    }
    Ok(solution)
}
