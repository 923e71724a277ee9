//! Admissible heuristics: lower bounds on the number of moves to the goal, for any goal, updated
//! incrementally as the search moves tiles.
//!
//! | heuristic | admissible | consistent | cost per move |
//! |---|---|---|---|
//! | [`Manhattan`] | yes | yes | O(1) |
//! | [`LinearConflict`] | yes | no | O(width²) (two lines recomputed) |
//! | [`WalkingDistance`] | yes | yes | O(1) (table transitions) |

mod linear_conflict;
mod manhattan;
mod walking_distance;

use std::fmt;
use std::str::FromStr;

pub use linear_conflict::LinearConflict;
pub use manhattan::Manhattan;
pub use walking_distance::WalkingDistance;

use crate::error::SolveError;
use crate::puzzle::Puzzle;

/// A lower bound on the distance to the goal, kept as a small state updated move by move.
///
/// Searches call [`Heuristic::start`] once, then [`Heuristic::moved`] after every move, so an
/// implementation can update its bound in O(1) instead of rescanning the board.
pub trait Heuristic: Send + Sync {
    /// What the heuristic remembers about a position.
    type State: Copy + Send + Sync;

    /// The heuristic's name, as the command line spells it.
    fn name(&self) -> &'static str;

    /// The state for the position `cells` (row-major tiles, 0 the blank).
    fn start(&self, cells: &[u8]) -> Self::State;

    /// The lower bound a state stands for.
    fn value(&self, state: &Self::State) -> u32;

    /// An estimate of the distance for ranking positions against each other (beam search), not
    /// necessarily a lower bound: by default the lower bound itself, scaled by 4 so that an
    /// estimate can weigh its parts in quarters.
    fn rank(&self, state: &Self::State) -> u32 {
        4 * self.value(state)
    }

    /// The state after `tile` slid from cell `from` to cell `to`; `cells` is the position after
    /// the move.
    fn moved(
        &self,
        state: &Self::State,
        cells: &[u8],
        tile: u8,
        from: usize,
        to: usize,
    ) -> Self::State;

    /// Whether the heuristic is consistent (never drops by more than one per move), which lets
    /// A* close nodes for good.
    fn consistent(&self) -> bool;
}

/// The heuristics by name, for choosing one at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeuristicKind {
    /// [`Manhattan`].
    Manhattan,
    /// [`LinearConflict`].
    LinearConflict,
    /// [`WalkingDistance`].
    WalkingDistance,
    /// Additive pattern databases ([`crate::pdb::AdditivePdb`]), opened from files by the caller.
    Pdb,
}

impl HeuristicKind {
    /// The heuristics built from the goal alone (not [`HeuristicKind::Pdb`]).
    pub const ALL: [HeuristicKind; 3] = [
        HeuristicKind::Manhattan,
        HeuristicKind::LinearConflict,
        HeuristicKind::WalkingDistance,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            HeuristicKind::Manhattan => "manhattan",
            HeuristicKind::LinearConflict => "linear-conflict",
            HeuristicKind::WalkingDistance => "walking-distance",
            HeuristicKind::Pdb => "pdb",
        }
    }
}

impl fmt::Display for HeuristicKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for HeuristicKind {
    type Err = String;
    fn from_str(text: &str) -> Result<HeuristicKind, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "md" => Ok(HeuristicKind::Manhattan),
            "lc" => Ok(HeuristicKind::LinearConflict),
            "wd" => Ok(HeuristicKind::WalkingDistance),
            "pdb" | "pattern-databases" => Ok(HeuristicKind::Pdb),
            name => HeuristicKind::ALL
                .into_iter()
                .find(|h| h.name() == name)
                .ok_or_else(|| {
                    format!("unknown heuristic '{text}': use manhattan, linear-conflict, walking-distance or pdb")
                }),
        }
    }
}

/// A heuristic chosen at run time, built once for a puzzle and reused.
#[derive(Clone, Debug)]
pub enum AnyHeuristic {
    /// [`Manhattan`].
    Manhattan(Manhattan),
    /// [`LinearConflict`].
    LinearConflict(LinearConflict),
    /// [`WalkingDistance`].
    WalkingDistance(WalkingDistance),
    /// [`crate::pdb::AdditivePdb`].
    Pdb(crate::pdb::AdditivePdb),
}

impl AnyHeuristic {
    /// Builds the heuristic `kind` names for `puzzle` (walking distance builds its tables).
    pub fn new(kind: HeuristicKind, puzzle: &Puzzle) -> Result<AnyHeuristic, SolveError> {
        Ok(match kind {
            HeuristicKind::Manhattan => AnyHeuristic::Manhattan(Manhattan::for_puzzle(puzzle)),
            HeuristicKind::LinearConflict => {
                AnyHeuristic::LinearConflict(LinearConflict::new(puzzle))
            }
            HeuristicKind::WalkingDistance => {
                AnyHeuristic::WalkingDistance(WalkingDistance::new(puzzle)?)
            }
            HeuristicKind::Pdb => {
                return Err(SolveError::Unsupported(
                    "pattern databases live in files: open them with pdb::open_or_build"
                        .to_string(),
                ));
            }
        })
    }

    /// The heuristic's value on a whole position.
    pub fn evaluate(&self, cells: &[u8]) -> u32 {
        dispatch!(self, |h| h.value(&h.start(cells)))
    }
}

/// Runs `$body` with `$h` bound to the concrete heuristic inside an [`AnyHeuristic`], so generic
/// searches are compiled for each heuristic.
macro_rules! dispatch {
    ($any:expr, |$h:ident| $body:expr) => {
        match $any {
            $crate::heuristic::AnyHeuristic::Manhattan($h) => $body,
            $crate::heuristic::AnyHeuristic::LinearConflict($h) => $body,
            $crate::heuristic::AnyHeuristic::WalkingDistance($h) => $body,
            $crate::heuristic::AnyHeuristic::Pdb($h) => $body,
        }
    };
}
pub(crate) use dispatch;
