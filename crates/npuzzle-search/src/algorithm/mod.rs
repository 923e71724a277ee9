//! The search algorithms. Each checks solvability first, honours [`crate::Limits`], and returns a
//! [`crate::Solution`] verified by replay.

pub mod anytime;
pub mod best_first;
pub mod constructive;
pub mod idastar;
mod parallel;
pub mod rbfs;
pub mod table;

use npuzzle_core::{Board, Move};

use crate::error::SolveError;
use crate::heuristic::Heuristic;
use crate::limits::Budget;
use crate::method::Algorithm;
use crate::puzzle::Puzzle;
use crate::solution::{self, Solution};
use crate::stats::Stats;

/// Where every heuristic search starts: the position (checked solvable) as bytes, its heuristic
/// state, and the heuristic's lower bound.
/// What a depth-first search (IDA*, RBFS) carries down the tree: the position, changed in place
/// move by move, the path to it, its statistics and its limits.
pub(crate) struct Walk<'a, H: Heuristic> {
    pub(crate) puzzle: &'a Puzzle,
    pub(crate) h: &'a H,
    pub(crate) cells: Vec<u8>,
    pub(crate) path: Vec<Move>,
    pub(crate) stats: Stats,
    pub(crate) budget: Budget,
}

impl<'a, H: Heuristic> Walk<'a, H> {
    /// A walk from `cells`, reached by `path`, within `budget`.
    pub(crate) fn new(
        puzzle: &'a Puzzle,
        h: &'a H,
        cells: Vec<u8>,
        path: Vec<Move>,
        budget: Budget,
    ) -> Self {
        Walk {
            puzzle,
            h,
            cells,
            path,
            stats: Stats::default(),
            budget,
        }
    }
}

pub(crate) struct Start<S> {
    cells: Vec<u8>,
    state: S,
    lower_bound: u32,
}

/// Checks `board` against the goal and prepares its start for heuristic `h`.
pub(crate) fn start<H: Heuristic>(
    puzzle: &Puzzle,
    h: &H,
    board: &Board,
) -> Result<Start<H::State>, SolveError> {
    npuzzle_core::solvability::check(board, puzzle.goal())?;
    let cells = puzzle.bytes(board);
    let state = h.start(&cells);
    let lower_bound = h.value(&state);
    Ok(Start {
        cells,
        state,
        lower_bound,
    })
}

/// The solution a search found, replayed from `board` to the goal before it is returned.
pub(crate) fn finish<H: Heuristic>(
    puzzle: &Puzzle,
    h: &H,
    board: &Board,
    found: Found,
    stats: Stats,
) -> Result<Solution, SolveError> {
    solution::verify(
        board,
        puzzle.goal(),
        Solution {
            moves: found.moves,
            optimal: found.optimal,
            bound: found.bound,
            algorithm: found.algorithm,
            heuristic: h.kind(),
            lower_bound: found.lower_bound,
            stats,
            stopped: None,
        },
    )
}

/// What a heuristic search found, before it is checked.
pub(crate) struct Found {
    moves: Vec<Move>,
    optimal: bool,
    bound: Option<f64>,
    algorithm: Algorithm,
    lower_bound: u32,
}
