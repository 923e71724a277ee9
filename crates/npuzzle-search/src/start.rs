//! A position checked against its goal: what every method receives.

use npuzzle_core::{Board, solvability};

use crate::error::SolveError;

/// A position and its goal, checked once where a request enters: the same size, and the
/// position can reach the goal. Every method ([`Method`](crate::Method)) takes one, so no
/// method checks again, and there is no other way to make one.
///
/// ```
/// use npuzzle_core::{Board, Goal};
/// use npuzzle_search::{SolveError, Start};
/// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
/// let start = Start::new("1 2 3/4 5 6/7 0 8".parse().unwrap(), goal.clone()).unwrap();
/// assert_eq!(start.board().to_string(), "1 2 3/4 5 6/7 0 8");
/// assert_eq!(start.goal(), &goal);
/// let swapped: Board = "2 1 3/4 5 6/7 8 0".parse().unwrap();
/// assert!(matches!(Start::new(swapped, goal), Err(SolveError::Unsolvable(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Start {
    board: Board,
    goal: Board,
}

impl Start {
    /// `board` toward `goal`, if it can reach it (an [`SolveError::Unsolvable`] says why not:
    /// the wrong parity, or another size).
    pub fn new(board: Board, goal: Board) -> Result<Start, SolveError> {
        solvability::check(&board, &goal)?;
        Ok(Start { board, goal })
    }

    /// A position the solvers reached themselves from a checked one by legal moves (a region
    /// left after placing lines, a block), or a goal's own cells: solvable by construction.
    pub(crate) fn reached(board: Board, goal: Board) -> Start {
        debug_assert!(solvability::check(&board, &goal).is_ok());
        Start { board, goal }
    }

    /// The position.
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_search::Start;
    /// let goal = Goal::BlankLast.board("2".parse().unwrap()).unwrap();
    /// let start = Start::new("1 2/0 3".parse().unwrap(), goal).unwrap();
    /// assert_eq!(start.board().blank(), 2);
    /// ```
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The goal.
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_search::Start;
    /// let goal = Goal::BlankFirst.board("2".parse().unwrap()).unwrap();
    /// let start = Start::new("1 0/2 3".parse().unwrap(), goal).unwrap();
    /// assert_eq!(start.goal().to_string(), "0 1/2 3");
    /// ```
    pub fn goal(&self) -> &Board {
        &self.goal
    }
}
