//! The learned estimate as a heuristic for beams: another heuristic's lower bound, ranked by the
//! network.

use super::model::Network;
use super::network::Accumulator;
use npuzzle_heuristic::{Heuristic, HeuristicKind, LinearConflict, LinearConflictState, Puzzle};

/// `inner`'s lower bound, ranked by a trained [`Network`]: linear conflict plus what the network
/// expects beyond it, never less than linear conflict. Beams keep the positions it ranks
/// first; every bound and cut still comes from `inner`, so solutions stay checked against an
/// admissible bound.
///
/// ```
/// use npuzzle_core::Goal;
/// use {npuzzle_heuristic::{Heuristic, LinearConflict, Puzzle}, npuzzle_learned::{Learned, Network}};
/// let puzzle = Puzzle::new(&Goal::BlankLast.board("3".parse().unwrap()).unwrap()).unwrap();
/// let (lc, network) = (LinearConflict::new(&puzzle), Network::zero(puzzle.size(), puzzle.goal_cells()));
/// let learned = Learned::new(&puzzle, &lc, &network).unwrap();
/// let state = learned.start(&[1, 2, 3, 4, 5, 6, 0, 7, 8]);
/// assert_eq!(learned.value(&state), 2); // linear conflict's bound
/// assert_eq!(learned.rank(&state), 2 * 4); // quarters of a move; a network of zeros adds nothing
/// ```
pub struct Learned<'a, H> {
    inner: &'a H,
    /// Linear conflict, which the network's residual is added to; `None` when `inner` is
    /// linear conflict already (its value is used, not computed twice).
    conflicts: Option<LinearConflict>,
    network: &'a Network,
}

/// The inner heuristic's state, linear conflict's (when the inner heuristic is another), the
/// network's sums and the rank they give.
#[derive(Clone, Copy, Debug)]
pub struct LearnedState<S> {
    inner: S,
    conflicts: Option<LinearConflictState>,
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
        let conflicts = (inner.kind() != Some(HeuristicKind::LinearConflict))
            .then(|| LinearConflict::new(puzzle));
        Ok(Learned {
            inner,
            conflicts,
            network,
        })
    }

    /// The estimate of the distance to the goal, in moves: linear conflict plus what the network
    /// expects beyond it, never below linear conflict, 0 at the goal (the rank, unrounded).
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use {npuzzle_heuristic::{Heuristic, LinearConflict, Puzzle}, npuzzle_learned::{self as learned, Learned}};
    /// let puzzle = Puzzle::new(&Goal::BlankLast.board("5".parse().unwrap()).unwrap()).unwrap();
    /// # #[cfg(feature = "models")] {
    /// let (lc, network) = (LinearConflict::new(&puzzle), learned::builtin(&puzzle).unwrap());
    /// let learned = Learned::new(&puzzle, &lc, &network).unwrap();
    /// let cells = puzzle.bytes(&"1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 0 23 24".parse().unwrap());
    /// assert!(learned.estimate(&learned.start(&cells)) >= 2.0);
    /// assert_eq!(learned.estimate(&learned.start(puzzle.goal_cells())), 0.0);
    /// # }
    /// ```
    pub fn estimate(&self, state: &LearnedState<H::State>) -> f32 {
        let bound = self.bound(&state.inner, &state.conflicts);
        self.network.estimate(bound, &state.acc)
    }

    /// Linear conflict of a position, from its own state or the inner heuristic's.
    #[inline]
    fn bound(&self, inner: &H::State, conflicts: &Option<LinearConflictState>) -> u32 {
        match (&self.conflicts, conflicts) {
            (Some(lc), Some(state)) => lc.value(state),
            _ => self.inner.value(inner),
        }
    }
}

impl<H: Heuristic> Heuristic for Learned<'_, H> {
    type State = LearnedState<H::State>;

    fn kind(&self) -> Option<HeuristicKind> {
        self.inner.kind()
    }

    fn start(&self, cells: &[u8]) -> Self::State {
        let inner = self.inner.start(cells);
        let conflicts = self.conflicts.as_ref().map(|lc| lc.start(cells));
        let acc = self.network.accumulate(cells);
        LearnedState {
            inner,
            conflicts,
            acc,
            rank: self.network.rank(self.bound(&inner, &conflicts), &acc),
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
        let inner = self.inner.moved(&state.inner, cells, tile, from, to);
        let conflicts = match (&self.conflicts, &state.conflicts) {
            (Some(lc), Some(before)) => Some(lc.moved(before, cells, tile, from, to)),
            _ => None,
        };
        let acc = self.network.slide(&state.acc, tile, from, to);
        LearnedState {
            inner,
            conflicts,
            acc,
            rank: self.network.rank(self.bound(&inner, &conflicts), &acc),
        }
    }

    fn consistent(&self) -> bool {
        self.inner.consistent()
    }
}
