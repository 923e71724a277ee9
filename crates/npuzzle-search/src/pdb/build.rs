//! Building a pattern database: breadth-first search from the goal in the abstract space.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use super::pattern::Pattern;
use crate::error::SolveError;
use crate::puzzle::Puzzle;

/// Marks a placement not reached yet.
pub const UNSEEN: u8 = u8::MAX;

/// The board as bit masks, for flood-filling the blank's region.
struct Grid {
    all: u64,
    not_first_column: u64,
    not_last_column: u64,
    width: u32,
    neighbours: Vec<u64>,
}

impl Grid {
    fn new(puzzle: &Puzzle) -> Grid {
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
        Grid {
            all,
            not_first_column: all & !column(0),
            not_last_column: all & !column(w - 1),
            width: w as u32,
            neighbours,
        }
    }

    /// The cells reachable from `seed` through `free` cells (bit-parallel flood fill).
    #[inline]
    fn flood(&self, seed: u64, free: u64) -> u64 {
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

/// The distance of every placement of `pattern`'s tiles to their goal cells, counting only moves
/// of pattern tiles (the other tiles and the blank move for free), minimised over where the
/// blank is. `progress(done, total)` is called after each layer with placements reached.
///
/// The search runs over abstract states (placement, the region of free cells holding the
/// blank): within a region the blank moves at no cost, so the region is all that matters. Each
/// layer is expanded on all cores; the visited set is a bitset updated with atomic `fetch_or`.
pub fn distances(
    puzzle: &Puzzle,
    pattern: &Pattern,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Vec<u8>, SolveError> {
    let n = puzzle.cells() as u64;
    let k = pattern.tiles().len();
    let placements = pattern.placements();
    let states = placements
        .checked_mul(n)
        .filter(|&s| s < 1 << 40)
        .ok_or_else(|| SolveError::Unsupported("this pattern is too large to build".into()))?;
    let grid = Grid::new(puzzle);
    let values: Vec<AtomicU8> = (0..placements).map(|_| AtomicU8::new(UNSEEN)).collect();
    let visited: Vec<AtomicU64> = (0..states.div_ceil(64))
        .map(|_| AtomicU64::new(0))
        .collect();
    let target = puzzle.target();
    let at: Vec<u8> = pattern
        .tiles()
        .iter()
        .map(|&t| target[t as usize])
        .collect();
    let occupied = at.iter().fold(0u64, |m, &c| m | 1 << c);
    let region = grid.flood(1 << target[0], grid.all & !occupied);
    let start = pattern.rank(at.iter().copied()) * n + u64::from(region.trailing_zeros());
    values[(start / n) as usize].store(0, Ordering::Relaxed);
    visited[(start / 64) as usize].fetch_or(1 << (start % 64), Ordering::Relaxed);
    let mut frontier = vec![start];
    let reached = AtomicU64::new(1);
    let mut depth = 0u8;
    while !frontier.is_empty() {
        if depth == UNSEEN - 1 {
            return Err(SolveError::Internal(
                "pattern distances overflow a byte".into(),
            ));
        }
        let expand = |chunk: &[u64]| {
            let mut found = Vec::new();
            let mut at = vec![0u8; k];
            for &state in chunk {
                pattern.unrank(state / n, &mut at);
                let occupied = at.iter().fold(0u64, |m, &c| m | 1 << c);
                let region = grid.flood(1 << (state % n), grid.all & !occupied);
                for i in 0..k {
                    let from = at[i];
                    let mut targets = grid.neighbours[from as usize] & region;
                    while targets != 0 {
                        let to = targets.trailing_zeros() as u8;
                        targets &= targets - 1;
                        at[i] = to;
                        let moved = occupied ^ (1 << from) ^ (1 << to);
                        let new_region = grid.flood(1 << from, grid.all & !moved);
                        let rank = pattern.rank(at.iter().copied());
                        let child = rank * n + u64::from(new_region.trailing_zeros());
                        let bit = 1u64 << (child % 64);
                        if visited[(child / 64) as usize].fetch_or(bit, Ordering::Relaxed) & bit
                            == 0
                        {
                            found.push(child);
                            let first = values[rank as usize]
                                .compare_exchange(
                                    UNSEEN,
                                    depth + 1,
                                    Ordering::Relaxed,
                                    Ordering::Relaxed,
                                )
                                .is_ok();
                            if first {
                                reached.fetch_add(1, Ordering::Relaxed);
                            }
                        }
                    }
                    at[i] = from;
                }
            }
            found
        };
        frontier = expand_layer(&frontier, expand);
        progress(reached.load(Ordering::Relaxed), placements);
        depth += 1;
    }
    let reached = reached.into_inner();
    // With two or more free cells every placement is reachable; with one (every tile in the
    // pattern) parity leaves exactly half, the others unsolvable and never looked up.
    let expected = if k + 1 < n as usize {
        placements
    } else {
        placements / 2
    };
    if reached != expected {
        return Err(SolveError::Internal(format!(
            "the pattern search reached {reached} of {placements} placements"
        )));
    }
    Ok(values.into_iter().map(AtomicU8::into_inner).collect())
}

/// Expands a layer in chunks, on every core where there are threads.
#[cfg(not(target_arch = "wasm32"))]
fn expand_layer(frontier: &[u64], expand: impl Fn(&[u64]) -> Vec<u64> + Sync + Send) -> Vec<u64> {
    use rayon::prelude::*;
    frontier.par_chunks(1 << 14).flat_map_iter(expand).collect()
}

#[cfg(target_arch = "wasm32")]
fn expand_layer(frontier: &[u64], expand: impl Fn(&[u64]) -> Vec<u64>) -> Vec<u64> {
    frontier.chunks(1 << 14).flat_map(expand).collect()
}
