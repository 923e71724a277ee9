//! What a solve runs with: [`Options`] (the library's form of the settings), their defaults, and
//! the one reading of `--heuristic learned`, the alias of the learned ranking.

use std::sync::Arc;
use std::time::Duration;

use crate::error::{SolveError, Unsupported};
use crate::limits::Limits;
use crate::method::{Algorithm, RankingKind};
use npuzzle_heuristic::HeuristicKind;
use npuzzle_learned::Network;

/// What to run: algorithm, heuristic, weight and limits.
///
/// ```
/// use std::time::Duration;
/// use npuzzle_search::{Algorithm, HeuristicKind, Limits, Options};
/// let options = Options {
///     algorithm: Algorithm::IdaStar,
///     heuristic: Some(HeuristicKind::LinearConflict),
///     limits: Limits::default().timeout(Duration::from_secs(10)),
///     ..Options::default()
/// };
/// assert_eq!(options.budget, npuzzle_search::DEFAULT_BUDGET);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The algorithm ([`Algorithm::Auto`] by default).
    pub algorithm: Algorithm,
    /// The heuristic (the best one for the board when `None`).
    pub heuristic: Option<HeuristicKind>,
    /// The weight of weighted A* (2 by default).
    pub weight: f64,
    /// Node, time and memory limits.
    pub limits: Limits,
    /// Search one position on every core (IDA*; not in WebAssembly). For batches, leave it off
    /// and solve several positions at once instead.
    pub parallel: bool,
    /// The time the anytime solver spends shortening its solution (10 s by default).
    pub budget: Duration,
    /// What ranks the anytime solver's beams (the plan's choice when `None`: the learned
    /// ranking where it measured better).
    pub ranking: Option<RankingKind>,
    /// The trained network that ranks the anytime solver's beams with
    /// [`RankingKind::Learned`] (or `auto` where it ranks), instead of the shipped one for the
    /// board ([`npuzzle_learned::builtin`]); boards it was not trained for are ranked by linear
    /// conflict, and their solutions say so.
    pub model: Option<Arc<Network>>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            algorithm: Algorithm::Auto,
            heuristic: None,
            weight: DEFAULT_WEIGHT,
            limits: Limits::default(),
            parallel: false,
            budget: DEFAULT_BUDGET,
            ranking: None,
            model: None,
        }
    }
}

impl Options {
    /// The options with `--heuristic learned`, the documented alias, read as what it has always
    /// meant: `--heuristic linear-conflict --ranking learned` (linear conflict's bound, the beams
    /// ranked by the learned networks). The learned ranking is
    /// refused for a method without beams, and the alias beside `ranking: heuristic`.
    ///
    /// ```
    /// use npuzzle_search::{HeuristicKind, Options, RankingKind};
    /// let alias = Options { heuristic: Some(HeuristicKind::Learned), ..Options::default() };
    /// let meant = alias.unaliased().unwrap();
    /// let pair = (Some(HeuristicKind::LinearConflict), Some(RankingKind::Learned));
    /// assert_eq!((meant.heuristic, meant.ranking), pair);
    /// ```
    pub fn unaliased(mut self) -> Result<Options, SolveError> {
        if self.heuristic == Some(HeuristicKind::Learned) {
            if self.ranking == Some(RankingKind::Heuristic) {
                return Err(Unsupported::TwoRankings.into());
            }
            self.heuristic = Some(HeuristicKind::LinearConflict);
            self.ranking = Some(RankingKind::Learned);
        }
        if self.ranking == Some(RankingKind::Learned)
            && !matches!(self.algorithm, Algorithm::Auto | Algorithm::Anytime)
        {
            return Err(Unsupported::LearnedRanking.into());
        }
        Ok(self)
    }
}

/// The anytime solver's default time budget.
pub const DEFAULT_BUDGET: Duration = Duration::from_secs(10);

/// Weighted A*'s default weight.
pub const DEFAULT_WEIGHT: f64 = 2.0;
