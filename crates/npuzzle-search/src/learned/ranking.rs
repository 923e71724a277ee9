//! The learned estimate as a heuristic for beams: another heuristic's lower bound, ranked by the
//! network.

use super::model::Network;
use super::network::Accumulator;
use crate::heuristic::{Heuristic, LinearConflict, LinearConflictState};
use crate::puzzle::Puzzle;

/// `inner`'s lower bound, ranked by a trained [`Network`]: linear conflict plus what the network
/// expects beyond it, never less than linear conflict. Beams keep the positions it ranks
/// first; every bound and cut still comes from `inner`, so solutions stay checked against an
/// admissible bound.
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_search::{Puzzle, heuristic::{Heuristic, LinearConflict}, learned::{Learned, Network}};
/// let puzzle = Puzzle::new(&Goal::BlankLast.board("3".parse().unwrap()).unwrap()).unwrap();
/// let (lc, network) = (LinearConflict::new(&puzzle), Network::zero(puzzle.size(), puzzle.goal_cells()));
/// let learned = Learned::new(&puzzle, &lc, &network).unwrap();
/// let state = learned.start(&[1, 2, 3, 4, 5, 6, 0, 7, 8]);
/// assert_eq!(learned.value(&state), 2); // linear conflict's bound
/// assert_eq!(learned.rank(&state), 2 * 4); // quarters of a move; a network of zeros adds nothing
/// ```
pub struct Learned<'a, H> {
    inner: &'a H,
    conflicts: LinearConflict,
    network: &'a Network,
}

/// The inner heuristic's state, linear conflict's, the network's sums and the rank they give.
#[derive(Clone, Copy, Debug)]
pub struct LearnedState<S> {
    inner: S,
    conflicts: LinearConflictState,
    acc: Accumulator,
    rank: u32,
}

impl<'a, H: Heuristic> Learned<'a, H> {
    /// `inner` ranked by `network`, which must have been trained for `puzzle`'s board and goal.
    pub fn new(
        puzzle: &Puzzle,
        inner: &'a H,
        network: &'a Network,
    ) -> Result<Learned<'a, H>, super::ModelError> {
        network.fits(puzzle)?;
        Ok(Learned {
            inner,
            conflicts: LinearConflict::new(puzzle),
            network,
        })
    }
}

impl<H: Heuristic> Heuristic for Learned<'_, H> {
    type State = LearnedState<H::State>;

    fn kind(&self) -> Option<crate::method::HeuristicKind> {
        self.inner.kind()
    }

    fn start(&self, cells: &[u8]) -> Self::State {
        let conflicts = self.conflicts.start(cells);
        let acc = self.network.accumulate(cells);
        LearnedState {
            inner: self.inner.start(cells),
            conflicts,
            acc,
            rank: self.network.rank(self.conflicts.value(&conflicts), &acc),
        }
    }

    #[inline]
    fn value(&self, state: &Self::State) -> u32 {
        self.inner.value(&state.inner)
    }

    #[inline]
    fn rank(&self, state: &Self::State) -> u32 {
        state.rank
    }

    #[inline]
    fn moved(
        &self,
        state: &Self::State,
        cells: &[u8],
        tile: u8,
        from: usize,
        to: usize,
    ) -> Self::State {
        let conflicts = self
            .conflicts
            .moved(&state.conflicts, cells, tile, from, to);
        let acc = self.network.slide(&state.acc, tile, from, to);
        LearnedState {
            inner: self.inner.moved(&state.inner, cells, tile, from, to),
            conflicts,
            acc,
            rank: self.network.rank(self.conflicts.value(&conflicts), &acc),
        }
    }

    fn consistent(&self) -> bool {
        self.inner.consistent()
    }
}
