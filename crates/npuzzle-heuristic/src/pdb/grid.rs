//! The board as bit masks: the regions the free cells make, found by flood fill.
//!
//! A region of free cells is named by its slot: how many free cells precede its smallest one.
//! The builder tracks the blank's region by slot; zero-aware lookups find the slot of the
//! blank's region the same way.

use crate::Puzzle;

/// The board as bit masks, for flood-filling the blank's region.
pub(crate) struct Grid {
    pub(crate) all: u64,
    not_first_column: u64,
    not_last_column: u64,
    width: u32,
    pub(crate) neighbours: Vec<u64>,
    /// On boards of at most 16 cells, for every set of free cells, the slot of each free cell's
    /// region, four bits a cell (a table of half a megabyte at most, in place of flood fills).
    slots: Vec<u64>,
}

impl Grid {
    pub(crate) fn new(puzzle: &Puzzle) -> Grid {
        let size = puzzle.size();
        let (w, n) = (size.width(), size.cells());
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let column = |c: usize| (0..size.height()).fold(0u64, |m, r| m | 1 << (r * w + c));
        let neighbours = (0..n)
            .map(|cell| {
                puzzle
                    .neighbours(cell)
                    .iter()
                    .fold(0u64, |m, &(other, _)| m | 1 << other)
            })
            .collect();
        let mut grid = Grid {
            all,
            not_first_column: all & !column(0),
            not_last_column: all & !column(w - 1),
            width: w as u32,
            neighbours,
            slots: Vec::new(),
        };
        if n <= 16 {
            grid.slots = (0..1u64 << n).map(|free| grid.labels(free)).collect();
        }
        grid
    }

    /// The slot of each free cell's region, four bits a cell.
    fn labels(&self, free: u64) -> u64 {
        let mut labels = 0;
        let mut rest = free;
        while rest != 0 {
            let region = self.flood(rest & rest.wrapping_neg(), free);
            let slot = u64::from(slot_of(region, free));
            let mut cells = region;
            while cells != 0 {
                labels |= slot << (4 * cells.trailing_zeros());
                cells &= cells - 1;
            }
            rest &= !region;
        }
        labels
    }

    /// The slot of the region of `cell` among the `free` cells.
    #[inline]
    pub(crate) fn slot(&self, cell: u8, free: u64) -> u32 {
        match self.slots.get(free as usize) {
            Some(labels) => ((labels >> (4 * cell)) & 0xF) as u32,
            None => slot_of(self.flood(1 << cell, free), free),
        }
    }

    /// The cells reachable from `seed` through `free` cells (bit-parallel flood fill).
    #[inline]
    pub(crate) fn flood(&self, seed: u64, free: u64) -> u64 {
        let mut region = seed;
        loop {
            let grown = (region
                | (region << 1) & self.not_first_column
                | (region >> 1) & self.not_last_column
                | region << self.width
                | region >> self.width)
                & free;
            let grown = grown | seed;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

/// The slot of the region `region` among `free` cells: how many free cells precede its first.
#[inline]
pub(crate) fn slot_of(region: u64, free: u64) -> u32 {
    (free & ((region & region.wrapping_neg()) - 1)).count_ones()
}

/// The `index`-th set bit of `bits`, as a one-bit mask.
#[inline]
pub(crate) fn select(mut bits: u64, index: u32) -> u64 {
    for _ in 0..index {
        bits &= bits - 1;
    }
    bits & bits.wrapping_neg()
}
