//! When an iteration's frontier is laid out breadth-first with each position kept once (the
//! duplicate detection of A*+IDA*, in `layers`), and how large it may grow.

use crate::limits::Limits;

/// The most cells a board may have for its frontier to be laid out (five bits a tile).
pub const MOST_CELLS: usize = 25;

/// About the memory a path of the frontier takes while the last layer is made: itself, its
/// share of the layer before, of the positions met, and of the sorting.
pub const BYTES_PER_PATH: u64 = 160;

/// When an iteration's frontier is laid out, and how large it may grow.
///
/// ```
/// use npuzzle_search::Limits;
/// use npuzzle_search::algorithm::idastar::Layering;
/// // A search of a few million nodes so far lays nothing out.
/// assert_eq!(Layering::DEFAULT.aim(3_000_000, &Limits::none()), 0);
/// // After a quarter of a billion: a 32nd of them.
/// assert_eq!(Layering::DEFAULT.aim(1 << 28, &Limits::none()), 1 << 23);
/// // After eight billion: the most the default allows, or what the memory limit allows.
/// assert_eq!(Layering::DEFAULT.aim(8 << 30, &Limits::none()), 1 << 24);
/// assert_eq!(Layering::DEFAULT.aim(8 << 30, &Limits::none().memory(160 << 20)), 1 << 20);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layering {
    /// Laid out only once the search has expanded at least this many nodes.
    pub after: u64,
    /// The most paths the frontier may hold (each about [`BYTES_PER_PATH`] while it is made).
    pub most: usize,
    /// The frontier holds at most the nodes expanded so far divided by this (so that laying it
    /// out stays a small part of the iteration).
    pub share: u64,
}

impl Layering {
    /// From 2²⁸ nodes (a search of some twenty seconds on two cores), a frontier of a 32nd of
    /// the nodes so far, up to 16 Mi paths in its last layer (about 2.5 GB).
    pub const DEFAULT: Layering = Layering {
        after: 1 << 28,
        most: 1 << 24,
        share: 32,
    };

    /// Never laid out.
    pub const NEVER: Layering = Layering {
        after: u64::MAX,
        most: 0,
        share: 1,
    };

    /// How many paths the frontier of an iteration may hold when `expanded` nodes were expanded
    /// before it, within `limits`' memory (0: not laid out).
    pub fn aim(&self, expanded: u64, limits: &Limits) -> usize {
        if expanded < self.after {
            return 0;
        }
        let memory = limits
            .max_memory
            .map_or(u64::MAX, |bytes| bytes / BYTES_PER_PATH);
        let share = expanded / self.share.max(1);
        usize::try_from(memory.min(share)).map_or(self.most, |aim| aim.min(self.most))
    }
}
