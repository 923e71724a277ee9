//! The learned ranking left out of this build (the `network` feature off, as in the web page's):
//! the same names as with it, but no network can exist, so nothing is ranked by one, and a model
//! file is refused with that reason. The web page compiles none of the network's code.

use std::marker::PhantomData;
use std::path::Path;

use npuzzle_heuristic::{Heuristic, HeuristicKind, Puzzle};

/// Why a model cannot be had.
#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    /// This build has no learned ranking.
    #[error("this build of npuzzle has no learned ranking (the `network` feature is off)")]
    NotBuilt,
}

/// A trained network: none can exist in this build.
#[derive(Clone, Debug, PartialEq)]
pub enum Network {}

impl Network {
    /// Refused: this build reads no model.
    ///
    /// ```
    /// # #[cfg(not(feature = "network"))] {
    /// let refused = npuzzle_learned::Network::load("model.nnue".as_ref()).unwrap_err();
    /// assert!(refused.to_string().contains("no learned ranking"));
    /// # }
    /// ```
    pub fn load(_path: &Path) -> Result<Network, ModelError> {
        Err(ModelError::NotBuilt)
    }

    /// Whether it was trained for `puzzle` (never asked: no network exists).
    pub fn fits(&self, _puzzle: &Puzzle) -> Result<(), ModelError> {
        match *self {}
    }

    /// The network mirrored (never asked: no network exists).
    pub fn mirrored(&self) -> Network {
        match *self {}
    }
}

/// A heuristic ranked by a network: none can exist in this build.
pub struct Learned<'a, H> {
    never: &'a Network,
    inner: PhantomData<&'a H>,
}

impl<'a, H: Heuristic> Learned<'a, H> {
    /// Never made: no network exists to rank by.
    pub fn new(
        _puzzle: &Puzzle,
        _inner: &'a H,
        network: &'a Network,
    ) -> Result<Learned<'a, H>, ModelError> {
        match *network {}
    }
}

impl<H: Heuristic> Heuristic for Learned<'_, H> {
    type State = H::State;

    fn kind(&self) -> Option<HeuristicKind> {
        match *self.never {}
    }

    fn consistent(&self) -> bool {
        match *self.never {}
    }

    fn start(&self, _cells: &[u8]) -> Self::State {
        match *self.never {}
    }

    fn value(&self, _state: &Self::State) -> u32 {
        match *self.never {}
    }

    fn moved(
        &self,
        _state: &Self::State,
        _cells: &[u8],
        _tile: u8,
        _from: usize,
        _to: usize,
    ) -> Self::State {
        match *self.never {}
    }
}
