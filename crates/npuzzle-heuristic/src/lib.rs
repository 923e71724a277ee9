//! Lower bounds on the number of moves to the goal of a sliding-tile puzzle, for any goal,
//! updated incrementally as a search moves tiles, and the precomputed tables searches read: the
//! pattern databases with their store ([`pdb`]) and the move-pruning machine ([`fsm`]).
//!
//! | heuristic | admissible | consistent | cost per move |
//! |---|---|---|---|
//! | [`Misplaced`] | yes | yes | O(1) |
//! | [`Manhattan`] | yes | yes | O(1) |
//! | [`LinearConflict`] | yes | no | O(line) (the two lines a move changes, before and after) |
//! | [`WalkingDistance`] | yes | yes | O(1) (table transitions) |
//! | [`pdb::AdditivePdb`] | yes | no (the mirror) | O(patterns) |
//!
//! [`Focus`] wraps any of them for ranking a beam's positions: the same lower bound, with the
//! outer rows and columns weighed more in the rank. [`HeuristicKind`] names one and
//! [`AnyHeuristic`] holds the one chosen at run time. The searches that use them are the crate
//! `npuzzle-search`'s; the store ([`pdb::Store`]) is the one owner of the databases and machines a
//! process opens.
//!
//! ```
//! use npuzzle_core::{Board, Goal};
//! use npuzzle_heuristic::Manhattan;
//! let board: Board = "8 6 0/5 4 7/2 3 1".parse().unwrap();
//! let goal = Goal::BlankLast.board(board.size()).unwrap();
//! assert_eq!(Manhattan::new(&goal).distance(&board), 20);
//! ```
#![warn(missing_docs)]

mod any_heuristic;
mod cancel;
mod error;
pub mod fsm;
mod kind;
pub mod pdb;
mod prefetch;
mod puzzle;

mod focus;
mod linear_conflict;
mod manhattan;
mod misplaced;
mod walking_distance;

pub use any_heuristic::AnyHeuristic;
pub use cancel::Cancel;
pub use error::Unbuildable;
pub use kind::{HeuristicKind, UnknownHeuristic};
pub use prefetch::prefetch;
pub use puzzle::{MAX_SEARCH_CELLS, Puzzle, TooLargeToSearch};

pub use focus::{Focus, FocusState};
pub use linear_conflict::{LinearConflict, LinearConflictState};
pub use manhattan::Manhattan;
pub use misplaced::Misplaced;
pub use walking_distance::WalkingDistance;

/// A lower bound on the distance to the goal, kept as a small state updated move by move.
///
/// Searches call [`Heuristic::start`] once, then [`Heuristic::moved`] after every move, so an
/// implementation can update its bound in O(1) instead of rescanning the board.
///
/// ```
/// use npuzzle_core::{Goal, Move, Size};
/// use npuzzle_heuristic::{Puzzle, Heuristic, Manhattan};
/// let puzzle = Puzzle::new(&Goal::BlankLast.board(Size::square(3).unwrap()).unwrap()).unwrap();
/// let h = Manhattan::for_puzzle(&puzzle);
/// let mut board: npuzzle_core::Board = "1 2 3/4 5 6/7 0 8".parse().unwrap();
/// let state = h.start(&puzzle.bytes(&board));
/// assert_eq!(h.value(&state), 1);
/// // The tile 8 slides left into the blank at cell 7, from cell 8: updated, not recomputed.
/// board.apply(Move::Left).unwrap();
/// let after = h.moved(&state, &puzzle.bytes(&board), 8, 8, 7);
/// assert_eq!(h.value(&after), 0);
/// ```
pub trait Heuristic: Send + Sync {
    /// What the heuristic remembers about a position.
    type State: Copy + Send + Sync;

    /// Which of the heuristics a caller can choose this is (reported with each solution); `None`
    /// for the solvers' own internal rankings.
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_heuristic::{Puzzle, Heuristic, LinearConflict};
    /// let puzzle = Puzzle::new(&Goal::BlankLast.board("3".parse().unwrap()).unwrap()).unwrap();
    /// let h = LinearConflict::new(&puzzle);
    /// assert_eq!(h.kind(), Some(npuzzle_heuristic::HeuristicKind::LinearConflict));
    /// ```
    fn kind(&self) -> Option<HeuristicKind> {
        None
    }

    /// What the heuristic is, precisely enough that two searches with the same identity search
    /// the same tree: its name, and for pattern databases their patterns and checksums. A journal
    /// of a long search keeps it, so that it is never resumed with another heuristic.
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_heuristic::{Puzzle, Heuristic, Manhattan};
    /// let puzzle = Puzzle::new(&Goal::BlankLast.board("3".parse().unwrap()).unwrap()).unwrap();
    /// assert_eq!(Manhattan::for_puzzle(&puzzle).identity(), "manhattan");
    /// ```
    fn identity(&self) -> String {
        self.kind()
            .map_or("internal", |kind| kind.name())
            .to_string()
    }

    /// The state for the position `cells` (row-major tiles, 0 the blank).
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_heuristic::{Puzzle, Heuristic, LinearConflict};
    /// let puzzle = Puzzle::new(&Goal::BlankLast.board("3".parse().unwrap()).unwrap()).unwrap();
    /// let h = LinearConflict::new(&puzzle);
    /// // 3 and 2 are in their goal row, in the wrong order: Manhattan 2, plus 2 for the conflict.
    /// let state = h.start(&[1, 3, 2, 4, 5, 6, 7, 8, 0]);
    /// assert_eq!(h.value(&state), 4);
    /// ```
    fn start(&self, cells: &[u8]) -> Self::State;

    /// The lower bound a state stands for.
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_heuristic::{Puzzle, Heuristic, LinearConflict};
    /// let puzzle = Puzzle::new(&Goal::BlankLast.board("3".parse().unwrap()).unwrap()).unwrap();
    /// let h = LinearConflict::new(&puzzle);
    /// assert_eq!(h.value(&h.start(&[1, 2, 3, 4, 5, 6, 7, 8, 0])), 0);
    /// ```
    fn value(&self, state: &Self::State) -> u32;

    /// An estimate of the distance for ranking positions against each other (beam search), not
    /// necessarily a lower bound: by default the lower bound itself, scaled by 4 so that an
    /// estimate can weigh its parts in quarters.
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_heuristic::{Puzzle, Heuristic, LinearConflict};
    /// let puzzle = Puzzle::new(&Goal::BlankLast.board("3".parse().unwrap()).unwrap()).unwrap();
    /// let h = LinearConflict::new(&puzzle);
    /// let state = h.start(&[1, 2, 3, 4, 5, 6, 7, 0, 8]);
    /// assert_eq!(h.rank(&state), 4 * h.value(&state));
    /// ```
    fn rank(&self, state: &Self::State) -> u32 {
        4 * self.value(state)
    }

    /// The state after `tile` slid from cell `from` to cell `to`; `cells` is the position after
    /// the move.
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_heuristic::{Puzzle, Heuristic, LinearConflict};
    /// let puzzle = Puzzle::new(&Goal::BlankLast.board("3".parse().unwrap()).unwrap()).unwrap();
    /// let h = LinearConflict::new(&puzzle);
    /// let before = h.start(&[1, 2, 3, 4, 5, 6, 7, 0, 8]);
    /// // The tile 8 slides from cell 8 into the blank at cell 7.
    /// let after = h.moved(&before, &[1, 2, 3, 4, 5, 6, 7, 8, 0], 8, 8, 7);
    /// assert_eq!((h.value(&before), h.value(&after)), (1, 0));
    /// ```
    fn moved(
        &self,
        state: &Self::State,
        cells: &[u8],
        tile: u8,
        from: usize,
        to: usize,
    ) -> Self::State;

    /// Like [`Heuristic::moved`], for a search that prunes every position whose bound exceeds
    /// `budget`: the state, or `Err` with a value above `budget` that the new position's bound
    /// is at least (the lower bound may then stop short of looking everything up: a sum of
    /// several parts can stop at the first part that already exceeds the budget). The default
    /// computes the whole state.
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_heuristic::{Puzzle, Heuristic, Manhattan};
    /// let puzzle = Puzzle::new(&Goal::BlankLast.board("3".parse().unwrap()).unwrap()).unwrap();
    /// let h = Manhattan::for_puzzle(&puzzle);
    /// let before = h.start(&[1, 2, 3, 4, 5, 6, 7, 8, 0]);
    /// // The tile 8 slides right into the blank: one move from the goal.
    /// let cells = [1, 2, 3, 4, 5, 6, 7, 0, 8];
    /// assert_eq!(h.moved_within(&before, &cells, 8, 7, 8, 0).unwrap_err(), 1);
    /// assert_eq!(h.value(&h.moved_within(&before, &cells, 8, 7, 8, 1).unwrap()), 1);
    /// ```
    #[inline]
    fn moved_within(
        &self,
        state: &Self::State,
        cells: &[u8],
        tile: u8,
        from: usize,
        to: usize,
        budget: u32,
    ) -> Result<Self::State, u32> {
        let next = self.moved(state, cells, tile, from, to);
        match self.value(&next) {
            value if value > budget => Err(value),
            _ => Ok(next),
        }
    }

    /// Whether the heuristic is consistent (never drops by more than one per move), which lets
    /// A* close nodes for good.
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_heuristic::{Puzzle, Heuristic, LinearConflict};
    /// let puzzle = Puzzle::new(&Goal::BlankLast.board("3".parse().unwrap()).unwrap()).unwrap();
    /// let h = LinearConflict::new(&puzzle);
    /// assert!(!h.consistent()); // as the table above says
    /// assert!(npuzzle_heuristic::Manhattan::for_puzzle(&puzzle).consistent());
    /// ```
    fn consistent(&self) -> bool;

    /// The same heuristic toward `puzzle`'s goal, where it can be built for any goal at once
    /// (`None` for pattern databases, which are built for one goal, and for wrappers). The
    /// anytime solver searches other views of a problem with it.
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_heuristic::{Puzzle, Heuristic, LinearConflict};
    /// let size = "3".parse().unwrap();
    /// let last = Puzzle::new(&Goal::BlankLast.board(size).unwrap()).unwrap();
    /// let first = Puzzle::new(&Goal::BlankFirst.board(size).unwrap()).unwrap();
    /// let h = LinearConflict::new(&last).toward(&first).unwrap();
    /// assert_eq!(h.value(&h.start(&[0, 1, 2, 3, 4, 5, 6, 7, 8])), 0);
    /// ```
    fn toward(&self, _puzzle: &Puzzle) -> Option<Self>
    where
        Self: Sized,
    {
        None
    }
}
