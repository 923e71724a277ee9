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

/// A set of Zobrist hashes. The keys are random already, so they index the table as they are
/// instead of being hashed again.
pub(crate) type HashSet = hashbrown::HashSet<u64, std::hash::BuildHasherDefault<KeyHasher>>;

/// The identity hasher for Zobrist keys.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only u64 keys are hashed; fold anything else in for completeness.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sliding_updates_match_whole_hashes() {
        let z = Zobrist::new(9);
        let before = [1, 2, 3, 4, 5, 6, 7, 0, 8];
        let after = [1, 2, 3, 4, 5, 6, 7, 8, 0];
        assert_eq!(z.slide(z.hash(&before), 8, 8, 7), z.hash(&after));
        assert_ne!(z.hash(&before), z.hash(&after));
    }
}
