//! A learned ranking for the anytime solver's beams: a small network trained to estimate the
//! distance to the goal beyond linear conflict (`npuzzle-train`), evaluated in integers and
//! updated move by move, as chess engines evaluate positions.
//!
//! The network's first layer has a column of [`HIDDEN`] weights for each tile (the blank too) at
//! each cell; a position's sums are its tiles' columns added ([`Accumulator`]), and a move,
//! which changes two tiles' cells, changes them by four columns. Two small dense layers follow.
//! The estimate ([`Network::rank`]) is never below linear conflict and is 0 only at the goal;
//! it ranks, it does not bound: every cut and every reported lower bound still comes from an
//! admissible heuristic ([`Learned`] wraps one).
//!
//! The models trained for the default goal ship inside the library ([`builtin`]); any other
//! file is read with [`Network::load`], which refuses damaged and foreign files.
//!
//! ```
//! use npuzzle_core::Goal;
//! use {npuzzle_heuristic::Puzzle, npuzzle_learned as learned};
//! let puzzle = Puzzle::new(&Goal::BlankLast.board("6".parse().unwrap()).unwrap()).unwrap();
//! if let Some(network) = learned::builtin(&puzzle) {
//!     assert!(network.fits(&puzzle).is_ok());
//!     # #[cfg(feature = "network")]
//!     println!("trained by: {}", network.provenance().command);
//! }
//! ```
//!
//! Without the `network` feature (the web page's build) the same names stand, but no network can
//! exist: [`builtin`] finds none and [`Network::load`] refuses every file.

#![warn(missing_docs)]

#[cfg(not(feature = "network"))]
mod absent;
#[cfg(feature = "network")]
mod model;
#[cfg(feature = "network")]
mod network;
#[cfg(feature = "network")]
mod ranking;

use std::sync::Arc;
#[cfg(feature = "network")]
use std::sync::OnceLock;

#[cfg(not(feature = "network"))]
pub use absent::{Learned, ModelError, Network};
#[cfg(feature = "network")]
pub use model::{FORMAT_VERSION, FloatWeights, MAX_MODEL_BYTES, ModelError, Network, Provenance};
#[cfg(feature = "network")]
pub use network::{Accumulator, HIDDEN, RANK_SCALE, SECOND};
#[cfg(feature = "network")]
pub use ranking::{Learned, LearnedState};

use npuzzle_heuristic::Puzzle;

/// What ranks the anytime solver's beams.
///
/// ```
/// use npuzzle_learned::Ranking;
/// assert!(matches!(Ranking::default(), Ranking::Heuristic));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub enum Ranking<'a> {
    /// The heuristic itself, with the outer rows and columns weighed more
    /// ([`npuzzle_heuristic::Focus`]).
    #[default]
    Heuristic,
    /// Learned networks where one fits: this one for the whole board, else the shipped one for
    /// it ([`builtin`]), and the shipped one for the last region a reduction leaves.
    Learned(Option<&'a Network>),
}

/// The models shipped in `data/models/`, by file name: each trained for its board size by the
/// command in its header, toward the blank-last goal (the 4x4's toward Korf's blank-first one,
/// to be measured on his 100).
#[cfg(feature = "models")]
const BUILTIN: &[(&str, &[u8])] = &[
    ("3x3.nnue", include_bytes!("../../../data/models/3x3.nnue")),
    ("4x4.nnue", include_bytes!("../../../data/models/4x4.nnue")),
    ("5x5.nnue", include_bytes!("../../../data/models/5x5.nnue")),
    ("6x6.nnue", include_bytes!("../../../data/models/6x6.nnue")),
    ("7x7.nnue", include_bytes!("../../../data/models/7x7.nnue")),
];

/// Built without the `models` feature: none.
#[cfg(all(feature = "network", not(feature = "models")))]
const BUILTIN: &[(&str, &[u8])] = &[];

/// The shipped model for `puzzle`'s board and goal, if there is one. Only that model is read
/// and checked, on first use (the others' headers are looked at, nothing more).
#[cfg(feature = "network")]
pub fn builtin(puzzle: &Puzzle) -> Option<Arc<Network>> {
    static MODELS: OnceLock<Vec<OnceLock<Option<Arc<Network>>>>> = OnceLock::new();
    let models = MODELS.get_or_init(|| BUILTIN.iter().map(|_| OnceLock::new()).collect());
    let (at, (_, bytes)) = BUILTIN
        .iter()
        .enumerate()
        .find(|(_, (_, bytes))| model::made_for(bytes, puzzle))?;
    // The shipped files are checked by the tests; one that failed its checks would only leave
    // its board ranked by linear conflict.
    models[at]
        .get_or_init(|| {
            DECODED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            Network::from_bytes(bytes).ok().map(Arc::new)
        })
        .clone()
}

/// The shipped model for `puzzle`: none, in a build without the learned ranking.
#[cfg(not(feature = "network"))]
pub fn builtin(_puzzle: &Puzzle) -> Option<Arc<Network>> {
    None
}

/// How many shipped models this process has decoded (for tests: a solve that ranks nothing
/// by a network decodes none).
///
/// ```standalone_crate
/// assert_eq!(npuzzle_learned::decoded(), 0); // none before a network ranks
/// ```
pub fn decoded() -> usize {
    DECODED.load(std::sync::atomic::Ordering::Relaxed)
}

static DECODED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
