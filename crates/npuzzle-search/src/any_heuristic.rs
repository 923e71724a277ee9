//! The heuristics chosen at run time: [`HeuristicKind`] names one, [`AnyHeuristic`] holds one
//! built for a puzzle (the goal-only heuristics of [`crate::heuristic`] or the pattern databases
//! of [`crate::pdb`]).

use std::fmt;
use std::str::FromStr;

use crate::error::SolveError;
use crate::heuristic::{Heuristic, LinearConflict, Manhattan, WalkingDistance};
use crate::pdb::AdditivePdb;
use crate::puzzle::Puzzle;

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
    /// [`AdditivePdb`].
    Pdb(AdditivePdb),
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
                    "pattern databases live in files: open them with pdb::Store::open".to_string(),
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
            $crate::any_heuristic::AnyHeuristic::Manhattan($h) => $body,
            $crate::any_heuristic::AnyHeuristic::LinearConflict($h) => $body,
            $crate::any_heuristic::AnyHeuristic::WalkingDistance($h) => $body,
            $crate::any_heuristic::AnyHeuristic::Pdb($h) => $body,
        }
    };
}
pub(crate) use dispatch;
