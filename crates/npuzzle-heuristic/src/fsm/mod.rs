//! Move sequences that are never part of a least path, recognised by a finite-state machine
//! (Taylor & Korf 1993; one machine per blank square, on the board itself, after Clausecker &
//! Reinefeld), so that depth-first search skips the duplicate paths they start.
//!
//! Two sequences of blank moves from the same square are equivalent when they leave the same
//! arrangement. Of each class the least in length, then in the order `U D L R`, is kept; every
//! other one is *forbidden*. A path with a forbidden stretch can be made smaller by putting the
//! least in its place, so the least path to any position has none: searches that skip forbidden
//! stretches still find an optimal path, and only prune duplicates.
//!
//! The classes are found by breadth-first search from every square of the board up to a depth,
//! each forbidden sequence checked by replaying it beside its least, and the sequences of all
//! squares are joined into one automaton (Aho & Corasick) that reads a path a move at a time.
//! The automaton also knows its *moribund* states, from which every continuation of some length
//! completes a forbidden sequence: a search with fewer moves left than that skips them too.

mod automaton;
mod file;
mod sequences;
mod table;

use std::sync::{Mutex, OnceLock};

use hashbrown::HashMap;
use npuzzle_core::{Move, Size};

use automaton::{DEAD, MORIBUND_BITS, MOST_STATES};
pub use file::{FORMAT_VERSION, Refused, is_machine_file};
use sequences::Squares;
use table::Table;

/// A state of the machine: what it remembers of the moves read so far.
pub type FsmState = u32;

/// The deepest machine [`Fsm::build`] makes.
pub const MAX_DEPTH: usize = sequences::LONGEST;

/// Why a machine could not be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// A machine deeper than [`MAX_DEPTH`] was asked for.
    #[error("an FSM is built to depth {MAX_DEPTH} at most, not {0}")]
    TooDeep(usize),
    /// The build was stopped by its caller.
    #[error("building the move-pruning machine was interrupted")]
    Stopped,
    /// The machine would have more states than its entries can name.
    #[error(
        "an FSM of depth {depth} on {size} would have {states} states, more than {MOST_STATES}"
    )]
    TooLarge {
        /// The board.
        size: Size,
        /// The depth asked for.
        depth: usize,
        /// How many states it would have had.
        states: usize,
    },
}

/// A finite-state machine that reads a path move by move and refuses the move that completes a
/// forbidden sequence (see the module's page).
///
/// ```
/// use npuzzle_core::Move::{Down, Left, Right, Up};
/// use npuzzle_heuristic::fsm::Fsm;
/// let fsm = Fsm::build("4".parse().unwrap(), 12).unwrap();
/// // From the centre, turning the blank three times round a 2x2 square puts every tile back.
/// let round = [Up, Left, Down, Right].repeat(3);
/// assert_eq!(fsm.after(5, &round), None);
/// // Once round is a least path (a three-tile rotation).
/// assert!(fsm.after(5, &round[..4]).is_some());
/// // From the bottom right corner the blank cannot move up the board's tiles.
/// assert_eq!(fsm.after(15, &[Up]), None);
/// assert!(fsm.forbidden() > 0);
/// ```
#[derive(Debug)]
pub struct Fsm {
    next: Table,
    size: Size,
    forbidden: usize,
    depth: usize,
}

impl Fsm {
    /// The machine of every forbidden sequence up to `depth` moves on a board of `size`, built
    /// on every core.
    pub fn build(size: Size, depth: usize) -> Result<Fsm, BuildError> {
        Fsm::build_reporting(size, depth, &|_| true)
    }

    /// [`Fsm::build`], calling `done(squares)` each time the sequences of one more square are
    /// found; when it answers `false` the build stops ([`BuildError::Stopped`]).
    pub fn build_reporting(
        size: Size,
        depth: usize,
        done: &(dyn Fn(usize) -> bool + Sync),
    ) -> Result<Fsm, BuildError> {
        use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
        if depth > MAX_DEPTH {
            return Err(BuildError::TooDeep(depth));
        }
        let squares = Squares::new(size);
        let (finished, stop) = (AtomicUsize::new(0), AtomicBool::new(false));
        let forbidden: Vec<_> = each_square(size.cells(), |start| {
            if stop.load(Relaxed) {
                return Vec::new();
            }
            let found = sequences::forbidden(&squares, start, depth);
            if !done(finished.fetch_add(1, Relaxed) + 1) {
                stop.store(true, Relaxed);
            }
            found
        });
        if stop.load(Relaxed) {
            return Err(BuildError::Stopped);
        }
        let count = forbidden.iter().map(Vec::len).sum();
        let next = automaton::automaton(&squares, &forbidden);
        if next.len() > MOST_STATES {
            let states = next.len();
            return Err(BuildError::TooLarge {
                size,
                depth,
                states,
            });
        }
        Ok(Fsm {
            next: Table::new(&next),
            size,
            forbidden: count,
            depth,
        })
    }

    /// The machine of `size` to `depth` this process holds, made by `make` the first time it
    /// is asked for (one per board and depth, for the life of the process: their number is
    /// bounded by the boards and depths there are).
    ///
    /// `make` runs with no lock held: it builds on rayon's threads, and a thread waiting for
    /// its parallel work may take up another search that asks for a machine (labels on every
    /// core did, and deadlocked on the lock its own thread held). Two first asks at once may
    /// both make it; the first kept is every caller's.
    pub fn shared<E>(
        size: Size,
        depth: usize,
        make: impl FnOnce() -> Result<Fsm, E>,
    ) -> Result<&'static Fsm, E> {
        static MACHINES: OnceLock<Mutex<HashMap<(Size, usize), &'static Fsm>>> = OnceLock::new();
        let machines = MACHINES.get_or_init(Default::default);
        let lock = || {
            machines
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
        };
        if let Some(&fsm) = lock().get(&(size, depth)) {
            return Ok(fsm);
        }
        let made = make()?;
        Ok(*lock()
            .entry((size, depth))
            .or_insert_with(|| Box::leak(Box::new(made))))
    }

    /// The state that starts a search whose blank is on `square`.
    #[inline]
    pub fn start(&self, square: usize) -> FsmState {
        square as FsmState
    }

    /// The state after `m` from `state`, or `None` when `m` completes a forbidden sequence.
    #[inline]
    pub fn step(&self, state: FsmState, m: Move) -> Option<FsmState> {
        let entry = self.next.entry(state, m as usize);
        (entry != DEAD).then_some(entry >> MORIBUND_BITS)
    }

    /// [`Fsm::step`], also `None` when every continuation of `left` moves after `m` completes a
    /// forbidden sequence: a search for a path of exactly `left` more moves need not go there.
    #[inline]
    pub fn step_within(&self, state: FsmState, m: Move, left: u32) -> Option<FsmState> {
        let entry = self.next.entry(state, m as usize);
        let moribund = entry & ((1 << MORIBUND_BITS) - 1);
        (entry != DEAD && (moribund == 0 || moribund > left)).then_some(entry >> MORIBUND_BITS)
    }

    /// Asks the processor for `state`'s transitions, which a search will read soon (a deep
    /// machine is far larger than the caches).
    #[inline(always)]
    pub fn prefetch(&self, state: FsmState) {
        crate::prefetch::prefetch(self.next.row(state));
    }

    /// The state after reading `moves` from a blank on `square`, or `None` when they hold a
    /// forbidden sequence (or leave the board).
    pub fn after(&self, square: usize, moves: &[Move]) -> Option<FsmState> {
        moves
            .iter()
            .try_fold(self.start(square), |state, &m| self.step(state, m))
    }

    /// How many states the machine has.
    pub fn states(&self) -> usize {
        self.next.len()
    }

    /// How many forbidden sequences it was built from.
    pub fn forbidden(&self) -> usize {
        self.forbidden
    }

    /// The longest forbidden sequence it knows.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The board it is for.
    pub fn size(&self) -> Size {
        self.size
    }

    /// How many states are moribund.
    pub fn moribund(&self) -> usize {
        let mut targets: Vec<u32> = self
            .next
            .entries()
            .filter(|&e| e != DEAD && e & ((1 << MORIBUND_BITS) - 1) != 0)
            .map(|e| e >> MORIBUND_BITS)
            .collect();
        targets.sort_unstable();
        targets.dedup();
        targets.len()
    }

    /// What the machine is, as a journal keeps it: a search pruned by another machine walks
    /// another tree.
    ///
    /// ```
    /// use npuzzle_heuristic::fsm::Fsm;
    /// assert!(Fsm::build("3".parse().unwrap(), 8).unwrap().identity().starts_with("fsm 3x3 depth 8"));
    /// ```
    pub fn identity(&self) -> String {
        format!(
            "fsm {} depth {}, {} states, {} forbidden",
            self.size,
            self.depth,
            self.states(),
            self.forbidden
        )
    }
}

/// `find(square)` for every square of a board of `cells`, on every core where there are threads.
fn each_square<T: Send>(cells: usize, find: impl Fn(usize) -> T + Sync + Send) -> Vec<T> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use rayon::prelude::*;
        (0..cells).into_par_iter().map(find).collect()
    }
    #[cfg(target_arch = "wasm32")]
    {
        (0..cells).map(find).collect()
    }
}

#[cfg(test)]
mod tests;
