//! What a solve can use, by name: the methods ([`Algorithm`], what the command line's
//! `--algorithm` takes) and the heuristics ([`HeuristicKind`], `--heuristic`), as every report
//! names them.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The algorithms, by name.
///
/// ```
/// use npuzzle_search::Algorithm;
/// assert_eq!(Algorithm::IdaStar.to_string(), "idastar");
/// assert_eq!(serde_json::to_string(&Algorithm::Anytime).unwrap(), "\"anytime\"");
/// assert_eq!(serde_json::from_str::<Algorithm>("\"table\"").unwrap(), Algorithm::Table);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "&'static str", try_from = "String")]
pub enum Algorithm {
    /// The fastest optimal method the board allows, or the constructive solver where optimal
    /// solving is out of reach.
    Auto,
    /// A complete distance table (boards of at most 12 cells).
    Table,
    /// A*.
    AStar,
    /// IDA*.
    IdaStar,
    /// Recursive best-first search.
    Rbfs,
    /// Weighted A*.
    WeightedAStar,
    /// Greedy best-first search.
    Greedy,
    /// Row-by-row, column-by-column placement for boards of any size.
    Constructive,
    /// Beam searches of growing width and path shortening, within a time budget (the module
    /// `algorithm::anytime`).
    Anytime,
}

impl From<Algorithm> for &'static str {
    fn from(algorithm: Algorithm) -> &'static str {
        algorithm.name()
    }
}

impl Algorithm {
    /// Every algorithm.
    pub const ALL: [Algorithm; 9] = [
        Algorithm::Auto,
        Algorithm::Table,
        Algorithm::AStar,
        Algorithm::IdaStar,
        Algorithm::Rbfs,
        Algorithm::WeightedAStar,
        Algorithm::Greedy,
        Algorithm::Constructive,
        Algorithm::Anytime,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Auto => "auto",
            Algorithm::Table => "table",
            Algorithm::AStar => "astar",
            Algorithm::IdaStar => "idastar",
            Algorithm::Rbfs => "rbfs",
            Algorithm::WeightedAStar => "wastar",
            Algorithm::Greedy => "greedy",
            Algorithm::Constructive => "constructive",
            Algorithm::Anytime => "anytime",
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no algorithm's (the text given, quoted back in the error).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown algorithm '{0}': use one of auto, table, astar, idastar, rbfs, wastar, greedy, constructive, anytime"
)]
pub struct UnknownAlgorithm(pub String);

impl FromStr for Algorithm {
    type Err = UnknownAlgorithm;

    /// The algorithm of a name (`ida*` too), in any case.
    ///
    /// ```
    /// use npuzzle_search::Algorithm;
    /// assert_eq!("IDA*".parse::<Algorithm>(), Ok(Algorithm::IdaStar));
    /// assert!("bfs".parse::<Algorithm>().unwrap_err().to_string().contains("use one of auto"));
    /// ```
    fn from_str(text: &str) -> Result<Algorithm, UnknownAlgorithm> {
        let name = text.trim().to_ascii_lowercase();
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name() == name || (name == "ida*" && *a == Algorithm::IdaStar))
            .ok_or_else(|| UnknownAlgorithm(text.to_string()))
    }
}

/// What ranks the anytime solver's beams, beside the heuristic that bounds: the setting
/// `--ranking` (Python's `ranking=`). `None` in the options lets the plan choose (the learned
/// ranking where it measured better: `thresholds::learned_ranks`).
///
/// ```
/// use npuzzle_search::RankingKind;
/// assert_eq!("learned".parse::<RankingKind>(), Ok(RankingKind::Learned));
/// assert_eq!(RankingKind::Heuristic.to_string(), "heuristic");
/// assert!("nets".parse::<RankingKind>().unwrap_err().to_string().contains("heuristic or learned"));
/// ```
///
/// A solve that ranks nothing by a network decodes none of the shipped models:
///
/// ```standalone_crate
/// use npuzzle_search::Request;
/// Request::new("8 6 7/2 5 4/3 0 1".parse().unwrap()).solve().unwrap();
/// assert_eq!(npuzzle_learned::decoded(), 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "&'static str", try_from = "String")]
pub enum RankingKind {
    /// The bound heuristic itself, focused on the outer rows and columns.
    Heuristic,
    /// A trained network where one fits the board (the model given, else the shipped one),
    /// else the heuristic, with a note saying why.
    Learned,
}

impl RankingKind {
    /// Both rankings.
    pub const ALL: [RankingKind; 2] = [RankingKind::Heuristic, RankingKind::Learned];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            RankingKind::Heuristic => "heuristic",
            RankingKind::Learned => "learned",
        }
    }
}

impl fmt::Display for RankingKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl From<RankingKind> for &'static str {
    fn from(kind: RankingKind) -> &'static str {
        kind.name()
    }
}

/// A name that is no ranking's (the text given, quoted back in the error).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown ranking '{0}': use heuristic or learned")]
pub struct UnknownRanking(pub String);

impl FromStr for RankingKind {
    type Err = UnknownRanking;

    /// The ranking of a name, in any case.
    fn from_str(text: &str) -> Result<RankingKind, UnknownRanking> {
        let name = text.trim().to_ascii_lowercase();
        RankingKind::ALL
            .into_iter()
            .find(|r| r.name() == name)
            .ok_or_else(|| UnknownRanking(text.to_string()))
    }
}

impl TryFrom<String> for RankingKind {
    type Error = UnknownRanking;

    fn try_from(name: String) -> Result<RankingKind, UnknownRanking> {
        name.parse()
    }
}

impl TryFrom<String> for Algorithm {
    type Error = UnknownAlgorithm;

    fn try_from(name: String) -> Result<Algorithm, UnknownAlgorithm> {
        name.parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The error lists every name there is.
    #[test]
    fn the_error_names_every_algorithm() {
        let message = UnknownAlgorithm("x".to_string()).to_string();
        for algorithm in Algorithm::ALL {
            assert!(message.contains(algorithm.name()), "{message}");
        }
    }
}
