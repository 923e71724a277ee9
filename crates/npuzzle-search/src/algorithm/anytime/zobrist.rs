//! Zobrist hashing: a position's 64-bit key, updated with two lookups per move.

/// Random keys for every (tile, cell); a position's hash is the XOR of its tiles' keys.
#[derive(Clone, Debug)]
pub(crate) struct Zobrist {
    cells: usize,
    keys: Vec<u64>,
}

impl Zobrist {
    /// Keys for boards of `cells` cells (fixed, so hashes repeat from run to run).
    pub(crate) fn new(cells: usize) -> Zobrist {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let keys = (0..cells * cells)
            .map(|_| {
                // SplitMix64: well mixed, and no dependency for a fixed table.
                seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = seed;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^ (z >> 31)
            })
            .collect();
        Zobrist { cells, keys }
    }

    fn key(&self, tile: u8, cell: usize) -> u64 {
        self.keys[usize::from(tile) * self.cells + cell]
    }

    /// Keys for the blank and `tiles` only: positions that differ only in where the other tiles
    /// are hash alike, so a search that cares only about `tiles` treats them as one.
    pub(crate) fn masked(cells: usize, tiles: &[u8]) -> Zobrist {
        let mut zobrist = Zobrist::new(cells);
        for tile in 1..cells {
            if !tiles.contains(&(tile as u8)) {
                zobrist.keys[tile * cells..(tile + 1) * cells].fill(0);
            }
        }
        zobrist
    }

    /// The hash of a whole position.
    pub(crate) fn hash(&self, cells: &[u8]) -> u64 {
        cells
            .iter()
            .enumerate()
            .fold(0, |h, (cell, &t)| h ^ self.key(t, cell))
    }

    /// The hash after `tile` slid from cell `from` to cell `to` (and the blank from `to` to
    /// `from`).
    #[inline]
    pub(crate) fn slide(&self, hash: u64, tile: u8, from: usize, to: usize) -> u64 {
        hash ^ self.key(tile, from) ^ self.key(tile, to) ^ self.key(0, to) ^ self.key(0, from)
    }
}

/// The hashes of the positions a search kept lately, in a fixed table that forgets the oldest
/// when full: two hashes a bucket, the newer first, the bucket chosen by the hash's low bits
/// (Zobrist keys are random already). One cache line answers a query, where exact sets of each
/// layer took several; a forgotten position only means a repeat goes undetected, which costs a
/// beam a slot, never a wrong answer.
pub(crate) struct Recent {
    buckets: Vec<[u64; 2]>,
    mask: usize,
}

/// The most buckets a table takes (64 MB).
const MAX_BUCKETS: usize = 1 << 22;

impl Recent {
    /// A table with room for about `positions` hashes before it forgets.
    pub(crate) fn new(positions: usize) -> Recent {
        let buckets = Recent::buckets(positions);
        Recent {
            buckets: vec![[0; 2]; buckets],
            mask: buckets - 1,
        }
    }

    /// The bytes a table for `positions` hashes takes.
    pub(crate) fn bytes(positions: usize) -> u64 {
        16 * Recent::buckets(positions) as u64
    }

    /// The buckets of a table for `positions` hashes: a power of two.
    fn buckets(positions: usize) -> usize {
        positions
            .div_ceil(2)
            .next_power_of_two()
            .clamp(64, MAX_BUCKETS)
    }

    /// Whether `hash` is remembered (the hash 0 never is: it marks an empty slot).
    #[inline]
    pub(crate) fn contains(&self, hash: u64) -> bool {
        let bucket = &self.buckets[hash as usize & self.mask];
        hash != 0 && (bucket[0] == hash || bucket[1] == hash)
    }

    /// Asks for the bucket of `hash` to be fetched, for a query soon after.
    #[inline]
    pub(crate) fn prefetch(&self, hash: u64) {
        npuzzle_heuristic::prefetch(&self.buckets[hash as usize & self.mask]);
    }

    /// Remembers `hash`; false if it was remembered already.
    #[inline]
    pub(crate) fn insert(&mut self, hash: u64) -> bool {
        if self.contains(hash) {
            return false;
        }
        let bucket = &mut self.buckets[hash as usize & self.mask];
        *bucket = [hash, bucket[0]];
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recent_hashes_are_remembered_until_pushed_out() {
        let mut recent = Recent::new(64);
        assert!(recent.insert(5) && !recent.insert(5) && recent.contains(5));
        assert!(!recent.contains(7));
        // Two newer hashes in the same bucket push the oldest out.
        let step = recent.mask as u64 + 1;
        assert!(recent.insert(5 + step) && recent.insert(5 + 2 * step));
        assert!(!recent.contains(5) && recent.contains(5 + step) && recent.contains(5 + 2 * step));
        assert!(!recent.contains(0));
    }

    #[test]
    fn sliding_updates_match_whole_hashes() {
        let z = Zobrist::new(9);
        let before = [1, 2, 3, 4, 5, 6, 7, 0, 8];
        let after = [1, 2, 3, 4, 5, 6, 7, 8, 0];
        assert_eq!(z.slide(z.hash(&before), 8, 8, 7), z.hash(&after));
        assert_ne!(z.hash(&before), z.hash(&after));
    }
}
