//! Why a heuristic could not be built.

use npuzzle_core::Size;
use thiserror::Error;

/// Why [`crate::AnyHeuristic::new`] or [`crate::WalkingDistance::new`] built nothing.
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_heuristic::{Puzzle, Unbuildable, WalkingDistance};
/// let puzzle = Puzzle::new(&Goal::BlankLast.board("7".parse().unwrap()).unwrap()).unwrap();
/// let refused = WalkingDistance::new(&puzzle).unwrap_err();
/// assert!(matches!(refused, Unbuildable::WalkingDistance(_)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum Unbuildable {
    /// Walking distance's tables would be too large for this board.
    #[error(
        "walking distance is built for boards up to 4x4, 5x3 and 6x2, not {0}: use linear-conflict"
    )]
    WalkingDistance(Size),
    /// Pattern databases are opened from files by the caller, not built from the goal alone.
    #[error("pattern databases live in files: open them with pdb::Store::open")]
    DatabasesFromFiles,
    /// The learned ranking ranks the anytime solver's beams; it is not a lower bound another
    /// method could search with.
    #[error(
        "the learned ranking ranks the anytime solver's beams and bounds nothing: use it with \
         anytime or auto"
    )]
    LearnedRanking,
}
