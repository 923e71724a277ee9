//! The heuristics chosen at run time: [`HeuristicKind`] names one, [`AnyHeuristic`] holds one
//! built for a puzzle (the goal-only heuristics of this crate or the pattern databases
//! of [`crate::pdb`]).

use crate::HeuristicKind;
use crate::Puzzle;
use crate::error::Unbuildable;
use crate::pdb::AdditivePdb;
use crate::{Heuristic, LinearConflict, Manhattan, Misplaced, WalkingDistance};

/// A heuristic chosen at run time, built once for a puzzle and reused.
///
/// ```
/// use npuzzle_core::{Goal, Size};
/// use npuzzle_heuristic::{AnyHeuristic, HeuristicKind, Puzzle};
/// let puzzle = Puzzle::new(&Goal::BlankLast.board(Size::square(4).unwrap()).unwrap()).unwrap();
/// let h = AnyHeuristic::new(HeuristicKind::WalkingDistance, &puzzle).unwrap();
/// let board = "0 12 9 13/15 11 10 14/3 7 2 5/4 8 6 1".parse().unwrap();
/// assert!(h.evaluate(&puzzle.bytes(&board)) > 0); // a lower bound on its distance
/// assert!(AnyHeuristic::new(HeuristicKind::Pdb, &puzzle).is_err()); // databases come from files
/// ```
#[derive(Clone, Debug)]
pub enum AnyHeuristic {
    /// [`Manhattan`].
    Manhattan(Manhattan),
    /// [`Misplaced`].
    Misplaced(Misplaced),
    /// [`LinearConflict`].
    LinearConflict(LinearConflict),
    /// [`WalkingDistance`].
    WalkingDistance(WalkingDistance),
    /// [`AdditivePdb`].
    Pdb(AdditivePdb),
}

impl AnyHeuristic {
    /// Builds the heuristic `kind` names for `puzzle` (walking distance builds its tables).
    pub fn new(kind: HeuristicKind, puzzle: &Puzzle) -> Result<AnyHeuristic, Unbuildable> {
        Ok(match kind {
            HeuristicKind::Misplaced => AnyHeuristic::Misplaced(Misplaced::new(puzzle)),
            HeuristicKind::Manhattan => AnyHeuristic::Manhattan(Manhattan::for_puzzle(puzzle)),
            HeuristicKind::LinearConflict => {
                AnyHeuristic::LinearConflict(LinearConflict::new(puzzle))
            }
            HeuristicKind::WalkingDistance => {
                AnyHeuristic::WalkingDistance(WalkingDistance::new(puzzle)?)
            }
            HeuristicKind::Pdb => {
                return Err(Unbuildable::DatabasesFromFiles);
            }
            // A ranking, not a bound: the solver pairs it with linear conflict.
            HeuristicKind::Learned => {
                return Err(Unbuildable::LearnedRanking);
            }
        })
    }

    /// The heuristic's value on a whole position.
    pub fn evaluate(&self, cells: &[u8]) -> u32 {
        crate::dispatch!(self, |h| h.value(&h.start(cells)))
    }

    /// The value of each position of `rows` (positions of `cells` cells one after another),
    /// written to `values` (as many as there are positions): a batch, with the heuristic chosen
    /// once rather than per position.
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_heuristic::{AnyHeuristic, HeuristicKind, Puzzle};
    /// let puzzle = Puzzle::new(&Goal::BlankLast.board("3".parse().unwrap()).unwrap()).unwrap();
    /// let h = AnyHeuristic::new(HeuristicKind::Manhattan, &puzzle).unwrap();
    /// let rows = [1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 2, 3, 4, 5, 6, 7, 0, 8];
    /// let mut values = [0; 2];
    /// h.evaluate_rows(&rows, &mut values);
    /// assert_eq!(values, [0, 1]);
    /// ```
    pub fn evaluate_rows(&self, rows: &[u8], values: &mut [u32]) {
        if values.is_empty() {
            return;
        }
        let cells = rows.len() / values.len();
        crate::dispatch!(self, |h| {
            for (row, value) in rows.chunks_exact(cells).zip(values) {
                *value = h.value(&h.start(row));
            }
        })
    }
}

/// Runs `$body` with `$h` bound to the concrete heuristic inside an [`AnyHeuristic`], so generic
/// searches are compiled for each heuristic (the search crate's solvers use it).
#[doc(hidden)]
#[macro_export]
macro_rules! dispatch {
    ($any:expr, |$h:ident| $body:expr) => {
        match $any {
            $crate::AnyHeuristic::Misplaced($h) => $body,
            $crate::AnyHeuristic::Manhattan($h) => $body,
            $crate::AnyHeuristic::LinearConflict($h) => $body,
            $crate::AnyHeuristic::WalkingDistance($h) => $body,
            $crate::AnyHeuristic::Pdb($h) => $body,
        }
    };
}
