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

impl FromStr for Algorithm {
    type Err = String;
    fn from_str(text: &str) -> Result<Algorithm, String> {
        let name = text.trim().to_ascii_lowercase();
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name() == name || (name == "ida*" && *a == Algorithm::IdaStar))
            .ok_or_else(|| {
                let names: Vec<_> = Algorithm::ALL.iter().map(|a| a.name()).collect();
                format!(
                    "unknown algorithm '{text}': use one of {}",
                    names.join(", ")
                )
            })
    }
}
