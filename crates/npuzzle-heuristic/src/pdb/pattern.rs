//! A pattern: a set of tiles whose placements are ranked into a dense index.

use super::error::PdbError;
use crate::Puzzle;

/// The largest board a pattern database is built for (cells are bits of a `u64`).
pub const MAX_PDB_CELLS: usize = 64;

/// Some tiles of a board, and the dense numbering of all the ways to place them.
///
/// A placement is the cell of each pattern tile, in pattern order; its rank is its index among
/// the `cells!/(cells-k)!` partial permutations (a mixed-radix Lehmer code).
///
/// ```
/// use npuzzle_core::{Goal, Size};
/// use npuzzle_heuristic::{Puzzle, pdb::Pattern};
/// let puzzle = Puzzle::new(&Goal::BlankLast.board(Size::square(4).unwrap()).unwrap()).unwrap();
/// let pattern = Pattern::new(&puzzle, &[1, 2, 3]).unwrap();
/// assert_eq!(pattern.placements(), 16 * 15 * 14); // three tiles anywhere on 16 cells
/// assert!(Pattern::new(&puzzle, &[1, 1]).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    cells: usize,
    tiles: Vec<u8>,
    /// `radix[i]`: how many placements one step of tile `i`'s digit is worth.
    radix: Vec<u64>,
}

impl Pattern {
    /// The pattern of `tiles` (non-blank, distinct) on `puzzle`'s board.
    pub fn new(puzzle: &Puzzle, tiles: &[u8]) -> Result<Pattern, PdbError> {
        let cells = puzzle.cells();
        if cells > MAX_PDB_CELLS {
            return Err(PdbError::Pattern(format!(
                "pattern databases are built for boards of at most {MAX_PDB_CELLS} cells"
            )));
        }
        let mut seen = vec![false; cells];
        for &t in tiles {
            let t = t as usize;
            if t == 0 || t >= cells || seen[t] {
                return Err(PdbError::Pattern(format!(
                    "a pattern's tiles must be distinct tiles of the board (1 to {}), not {t}",
                    cells - 1
                )));
            }
            seen[t] = true;
        }
        let k = tiles.len();
        let radix = (0..k)
            .map(|i| ((cells - k + 1)..(cells - i)).map(|x| x as u64).product())
            .collect();
        Ok(Pattern {
            cells,
            tiles: tiles.to_vec(),
            radix,
        })
    }

    /// The pattern's tiles.
    #[inline]
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// How many placements one step of each tile's digit is worth, in pattern order.
    pub(crate) fn radix(&self) -> &[u64] {
        &self.radix
    }

    /// The number of placements: `cells!/(cells-k)!`.
    pub fn placements(&self) -> u64 {
        ((self.cells - self.tiles.len() + 1)..=self.cells)
            .map(|x| x as u64)
            .product()
    }

    /// The rank of a placement (`at[i]` is the cell of the pattern's `i`-th tile).
    #[inline]
    pub fn rank(&self, at: impl IntoIterator<Item = u8>) -> u64 {
        self.rank_and_cells(at).0
    }

    /// The rank of a placement, and the cells it occupies as bits.
    #[inline]
    pub(crate) fn rank_and_cells(&self, at: impl IntoIterator<Item = u8>) -> (u64, u64) {
        let mut used = 0u64;
        let mut rank = 0;
        for (&radix, cell) in self.radix.iter().zip(at) {
            let below = (used & ((1u64 << cell) - 1)).count_ones() as u64;
            rank += (u64::from(cell) - below) * radix;
            used |= 1 << cell;
        }
        (rank, used)
    }

    /// The placement of a rank.
    pub fn unrank(&self, mut rank: u64, at: &mut [u8]) {
        let mut free = if self.cells == 64 {
            u64::MAX
        } else {
            (1u64 << self.cells) - 1
        };
        for (i, &radix) in self.radix.iter().enumerate() {
            let digit = rank / radix;
            rank %= radix;
            let mut bits = free;
            for _ in 0..digit {
                bits &= bits - 1;
            }
            let cell = bits.trailing_zeros() as u8;
            at[i] = cell;
            free &= !(1u64 << cell);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle_core::Goal;

    #[test]
    fn ranks_are_a_bijection() {
        let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
        let puzzle = Puzzle::new(&goal).unwrap();
        let pattern = Pattern::new(&puzzle, &[1, 5, 8]).unwrap();
        assert_eq!(pattern.placements(), 9 * 8 * 7);
        let mut at = [0u8; 3];
        for rank in 0..pattern.placements() {
            pattern.unrank(rank, &mut at);
            assert_eq!(pattern.rank(at), rank);
        }
        assert!(Pattern::new(&puzzle, &[1, 1]).is_err());
        assert!(Pattern::new(&puzzle, &[0, 2]).is_err());
        assert!(Pattern::new(&puzzle, &[9]).is_err());
    }
}
