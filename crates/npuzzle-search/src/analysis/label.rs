//! Labels for learning: each position's optimal distance and every optimal move from it, for a
//! batch on every core. What trains a learned heuristic (the distances) or an imitation policy
//! (the moves), made by the same searches as the game's analysis.

mod optimal;

use npuzzle_core::{Board, Move};
use serde::Serialize;

use super::{Distance, distance};
use crate::clock::Stopwatch;
use crate::error::SolveError;
use crate::limits::{Limit, Limits};
use crate::solver::Solver;

/// One position's label.
///
/// ```
/// use npuzzle_core::{Goal, Move::Up};
/// use npuzzle_search::analysis::{Distance, label};
/// use npuzzle_search::{Limits, Options, Solver};
/// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
/// let solver = Solver::new(&goal, Options::default()).unwrap();
/// let label = label(&solver, &"1 2 3/4 0 6/7 5 8".parse().unwrap(), &Limits::default()).unwrap();
/// assert_eq!(label.distance, Some(Distance::Exact { moves: 2 }));
/// assert_eq!(label.optimal_moves, Some(vec![Up]));
/// assert_eq!(label.solution.len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Label {
    /// What is known of the distance: exact where proved, bounds where the solver found a
    /// solution without proving it (the anytime solver, past the boards it proves), `None` where
    /// a limit stopped the search before any solution.
    pub distance: Option<Distance>,
    /// Every optimal move (the moves to a neighbour one nearer), where the distance is proved and
    /// the limits left time to try each neighbour; `None` where they are not known (empty at the
    /// goal).
    pub optimal_moves: Option<Vec<Move>>,
    /// The solution found (optimal where the distance is exact), empty where there is none.
    pub solution: Vec<Move>,
    /// Nodes expanded for this label, its neighbours' searches included.
    pub expanded: u64,
}

impl Label {
    /// The label of a position the limits stopped before any solution, after `expanded` nodes.
    fn unknown(expanded: u64) -> Label {
        Label {
            distance: None,
            optimal_moves: None,
            solution: Vec::new(),
            expanded,
        }
    }

    /// The exact distance, when proved.
    pub fn exact(&self) -> Option<u32> {
        self.distance.and_then(Distance::exact)
    }

    /// The exact distance, the least and the most it may be, as arrays hold them: −1 where not
    /// known.
    ///
    /// ```
    /// use npuzzle_search::analysis::Label;
    /// let unknown = Label { distance: None, optimal_moves: None, solution: vec![], expanded: 9 };
    /// assert_eq!(unknown.numbers(), [-1, -1, -1]);
    /// ```
    pub fn numbers(&self) -> [i32; 3] {
        let (lower, upper) = self.distance.map_or((-1, -1), |d| {
            let (low, high) = d.range();
            (low as i32, high as i32)
        });
        [self.exact().map_or(-1, |d| d as i32), lower, upper]
    }

    /// Which of the moves [`Move::ALL`] (`U D L R`) keep the optimum: none where not known.
    pub fn optimal_mask(&self) -> [bool; 4] {
        Move::ALL.map(|m| self.optimal_moves.as_ref().is_some_and(|o| o.contains(&m)))
    }
}

/// The label of `board` by `solver` within `limits`. By IDA*, one search whose last iteration
/// goes on past the first solution to every optimal move (`label/optimal.rs`); by any other solver,
/// solved, then each neighbour searched one iteration deep (the distance is exact, so each
/// neighbour is one nearer or one farther) within what is left of the time limit. A time or node
/// limit gives a partial label, not an error; cancellation and every other failure are errors.
pub fn label(solver: &Solver, board: &Board, limits: &Limits) -> Result<Label, SolveError> {
    if board == solver.goal() {
        return Ok(Label {
            distance: Some(Distance::Exact { moves: 0 }),
            optimal_moves: Some(Vec::new()),
            solution: Vec::new(),
            expanded: 0,
        });
    }
    if distance::by_idastar(solver) {
        return optimal::label(solver, board, limits);
    }
    let clock = Stopwatch::start();
    let solution = match solver.solve_within(board, limits) {
        Ok(solution) => solution,
        Err(SolveError::LimitReached { limit, stats }) if stops_one(limit) => {
            return Ok(Label::unknown(stats.expanded));
        }
        Err(error) => return Err(error),
    };
    let here = Distance::of(&solution);
    let mut label = Label {
        distance: Some(here),
        optimal_moves: None,
        expanded: solution.stats.expanded,
        solution: solution.moves,
    };
    if here.exact() == Some(0) {
        label.optimal_moves = Some(Vec::new());
    }
    if here.exact().is_none_or(|d| d == 0) {
        return Ok(label);
    }
    let rest = match limits.timeout {
        Some(timeout) if clock.elapsed() >= timeout => return Ok(label),
        Some(timeout) => limits.clone().timeout(timeout - clock.elapsed()),
        None => limits.clone(),
    };
    let first = label.solution.first().copied();
    match distance::optimal_moves_counted(solver, board, here, first, &rest) {
        Ok((moves, expanded)) => {
            label.optimal_moves = Some(moves);
            label.expanded += expanded;
        }
        Err(SolveError::LimitReached { limit, stats }) if stops_one(limit) => {
            label.expanded += stats.expanded;
        }
        Err(error) => return Err(error),
    }
    Ok(label)
}

/// The labels of `boards`, in order, on every core (each within `limits`, as [`label`]); the
/// first error (cancellation among them) stops the batch.
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_search::analysis::label_all;
/// use npuzzle_search::{Limits, Options, Solver};
/// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
/// let solver = Solver::new(&goal, Options::default()).unwrap();
/// let boards = ["8 6 7/2 5 4/3 0 1", "1 2 3/4 5 6/7 8 0"].map(|b| b.parse().unwrap());
/// let labels = label_all(&solver, &boards, &Limits::default()).unwrap();
/// assert_eq!(labels.iter().map(|l| l.exact()).collect::<Vec<_>>(), [Some(31), Some(0)]);
/// ```
pub fn label_all(
    solver: &Solver,
    boards: &[Board],
    limits: &Limits,
) -> Result<Vec<Label>, SolveError> {
    distance::each(boards, |board| label(solver, board, limits))
}

/// Whether `limit` ends one position's label rather than the batch: a time or node limit
/// applies to each position, cancellation to them all.
fn stops_one(limit: Limit) -> bool {
    matches!(limit, Limit::Time(_) | Limit::Nodes(_))
}
