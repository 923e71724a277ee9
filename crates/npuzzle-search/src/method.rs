//! The methods a solve can use, by name: [`Algorithm`] (what the command line's `--algorithm`
//! takes and every report names).

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

/// The algorithms, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(into = "&'static str")]
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
