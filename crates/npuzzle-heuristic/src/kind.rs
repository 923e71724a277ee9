//! The heuristics by name ([`HeuristicKind`], what the command line's `--heuristic` takes), as
//! every report names them.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The heuristics by name, for choosing one at run time.
///
/// ```
/// use npuzzle_heuristic::HeuristicKind;
/// assert_eq!(HeuristicKind::WalkingDistance.name(), "walking-distance");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "&'static str", try_from = "String")]
pub enum HeuristicKind {
    /// Misplaced tiles ([`crate::Misplaced`]), the textbook's h1: for the lab and the table.
    Misplaced,
    /// Manhattan distance ([`crate::Manhattan`]).
    Manhattan,
    /// Manhattan distance plus linear conflicts ([`crate::LinearConflict`]).
    LinearConflict,
    /// Takahashi's walking distance ([`crate::WalkingDistance`]).
    WalkingDistance,
    /// Additive pattern databases ([`crate::pdb::AdditivePdb`]), opened from files by the caller.
    Pdb,
    /// Not a bound but a name: `--heuristic learned` is the documented alias of
    /// `--heuristic linear-conflict --ranking learned` (`RankingKind::Learned`: the anytime
    /// solver's beams ranked by a trained network), and a solution's `ranking` says `learned`
    /// where a network ranked. No heuristic is built from it.
    Learned,
}

impl HeuristicKind {
    /// The heuristics built from the goal alone (not [`HeuristicKind::Pdb`]).
    pub const ALL: [HeuristicKind; 4] = [
        HeuristicKind::Misplaced,
        HeuristicKind::Manhattan,
        HeuristicKind::LinearConflict,
        HeuristicKind::WalkingDistance,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            HeuristicKind::Misplaced => "misplaced",
            HeuristicKind::Manhattan => "manhattan",
            HeuristicKind::LinearConflict => "linear-conflict",
            HeuristicKind::WalkingDistance => "walking-distance",
            HeuristicKind::Pdb => "pdb",
            HeuristicKind::Learned => "learned",
        }
    }
}

impl fmt::Display for HeuristicKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl From<HeuristicKind> for &'static str {
    fn from(kind: HeuristicKind) -> &'static str {
        kind.name()
    }
}

/// A name that is no heuristic's (the text given, quoted back in the error).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown heuristic '{0}': use misplaced, manhattan, linear-conflict, walking-distance, pdb or learned"
)]
pub struct UnknownHeuristic(pub String);

impl FromStr for HeuristicKind {
    type Err = UnknownHeuristic;

    /// The heuristic of a name (`md`, `lc`, `wd` too), in any case.
    ///
    /// ```
    /// use npuzzle_heuristic::HeuristicKind;
    /// assert_eq!("LC".parse::<HeuristicKind>(), Ok(HeuristicKind::LinearConflict));
    /// assert!("euclid".parse::<HeuristicKind>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<HeuristicKind, UnknownHeuristic> {
        match text.trim().to_ascii_lowercase().as_str() {
            "h1" => Ok(HeuristicKind::Misplaced),
            "md" | "h2" => Ok(HeuristicKind::Manhattan),
            "lc" => Ok(HeuristicKind::LinearConflict),
            "wd" => Ok(HeuristicKind::WalkingDistance),
            "pdb" | "pattern-databases" => Ok(HeuristicKind::Pdb),
            "learned" => Ok(HeuristicKind::Learned),
            name => HeuristicKind::ALL
                .into_iter()
                .find(|h| h.name() == name)
                .ok_or_else(|| UnknownHeuristic(text.to_string())),
        }
    }
}

impl TryFrom<String> for HeuristicKind {
    type Error = UnknownHeuristic;

    fn try_from(name: String) -> Result<HeuristicKind, UnknownHeuristic> {
        name.parse()
    }
}
