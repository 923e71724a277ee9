//! A zero-aware database in one bit a region (Clausecker & Reinefeld 2019's 1-bit compression).
//!
//! In the abstract space of a zero-aware database (a placement of the pattern's tiles and the
//! blank's region) every move moves one pattern tile one cell, so it changes the tiles' Manhattan
//! distance, and with it the distance's parity, by one: two neighbouring states' distances differ
//! by exactly one. The parity is the Manhattan distance's; the second bit of the distance is what
//! is stored. A search that knows a state's distance `d` then reads its child's from one bit:
//! `d + 1` and `d - 1` differ in their second bit. A distance from nothing (at the root) is found
//! by walking down: from each state a neighbour whose distance is one less, told apart by the same
//! two bits, until the goal.
//!
//! The bits are laid out by the set of cells the tiles occupy (their *map*), then by the order of
//! the tiles on those cells, then by region: a map's placements all cut the free cells the same
//! way, so the map says how many regions there are, and a placement takes that many bits. On the
//! 5×5 board a 6-tile pattern's 127.5 million placements take about 24 MB, against 332 MB for
//! its four-bit entries and regions table.

use std::sync::Arc;

use super::build::{RegionDistances, UNSEEN};
use super::database::manhattan_table;
use super::error::PdbError;
use super::grid::Grid;
use super::pattern::Pattern;
use crate::puzzle::Puzzle;

/// The most tiles in a pattern of a one-bit database (the order of the tiles is ranked in 64 bits).
const MAX_TILES: usize = 12;
/// The most steps a walk down takes before the table is taken for damaged.
const MAX_WALK: u32 = 255;

/// A zero-aware pattern database, one bit a (placement, region): see the module's page.
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_search::Puzzle;
/// use npuzzle_search::pdb::{self, OneBitDb, Pattern};
///
/// let puzzle = Puzzle::new(&Goal::BlankLast.board("3".parse()?)?)?;
/// let pattern = Pattern::new(&puzzle, &[1, 2, 4, 5])?;
/// let by_region = pdb::distances_by_region(&puzzle, &pattern, &mut |_, _| true)?;
/// let db = OneBitDb::build(&puzzle, pattern.clone(), &by_region)?;
/// // Tiles 1, 2, 4, 5 on cells 1, 4, 3, 5 cut the free cells into {0}, {2} and {6, 7, 8}.
/// let rank = pattern.rank([1, 4, 3, 5]);
/// assert_eq!(db.value([1, 4, 3, 5], 0), Some(by_region.of(rank, 0)));
/// assert_eq!(db.value([1, 4, 3, 5], 7), Some(by_region.of(rank, 3)));
/// // From the blank's corner, tile 1 goes home: one less, read from one bit.
/// let before = by_region.of(rank, 0);
/// assert_eq!(db.next(before, [0, 4, 3, 5], 1), before - 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct OneBitDb {
    pattern: Pattern,
    /// A byte a placement: the second bit of each region's distance, regions in the order of
    /// their first cells, and [`MANY`] where there is more than one region.
    bytes: Arc<dyn AsRef<[u8]> + Send + Sync>,
    manhattan: Vec<u8>,
    cells: usize,
    /// The pattern's goal cells, and the blank's.
    home: Vec<u8>,
    goal_blank: u8,
    grid: Arc<Grid>,
}

/// A placement's flag: its free cells make more than one region.
const MANY: u8 = 0x80;
/// The most regions a placement's byte holds.
const MAX_REGIONS: u32 = 7;

impl std::fmt::Debug for OneBitDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OneBitDb")
            .field("tiles", &self.pattern.tiles())
            .field("bytes", &self.bytes().len())
            .finish()
    }
}

impl OneBitDb {
    /// The one-bit database of `pattern` from its distances by region.
    pub fn build(
        puzzle: &Puzzle,
        pattern: Pattern,
        by_region: &RegionDistances,
    ) -> Result<OneBitDb, PdbError> {
        let placements = pattern.placements() as usize;
        if by_region.least().len() != placements {
            return Err(PdbError::Pattern(
                "a one-bit database needs its pattern's distances by region".into(),
            ));
        }
        let mut bytes = vec![0u8; placements];
        let chunk = |(c, run): (usize, &mut [u8])| -> Result<(), PdbError> {
            for (i, byte) in run.iter_mut().enumerate() {
                let rank = (c * CHUNK + i) as u64;
                let mut region = 0;
                for slot in 0..by_region.slots() as u32 {
                    let d = by_region.of(rank, slot);
                    if d == UNSEEN {
                        continue;
                    }
                    if region == MAX_REGIONS {
                        return Err(PdbError::Pattern(format!(
                            "a one-bit database holds at most {MAX_REGIONS} regions a placement"
                        )));
                    }
                    *byte |= ((d >> 1) & 1) << region;
                    region += 1;
                }
                if region > 1 {
                    *byte |= MANY;
                }
            }
            Ok(())
        };
        for_each_chunk(&mut bytes, chunk)?;
        OneBitDb::from_bytes(puzzle, pattern, Arc::new(bytes))
            .ok_or_else(|| PdbError::Internal("one-bit bytes of another length".into()))
    }

    /// The database of `pattern` from its bytes (as [`OneBitDb::bytes`] gives them); `None`
    /// when they are not one a placement.
    pub fn from_bytes(
        puzzle: &Puzzle,
        pattern: Pattern,
        bytes: Arc<dyn AsRef<[u8]> + Send + Sync>,
    ) -> Option<OneBitDb> {
        if (*bytes).as_ref().len() as u64 != pattern.placements()
            || pattern.tiles().len() > MAX_TILES
        {
            return None;
        }
        let target = puzzle.target();
        Some(OneBitDb {
            manhattan: manhattan_table(puzzle, &pattern),
            cells: puzzle.cells(),
            home: pattern
                .tiles()
                .iter()
                .map(|&t| target[t as usize])
                .collect(),
            goal_blank: target[0],
            pattern,
            bytes,
            grid: Arc::new(Grid::new(puzzle)),
        })
    }

    /// The pattern.
    pub fn pattern(&self) -> &Pattern {
        &self.pattern
    }

    /// The bytes, one a placement.
    pub fn bytes(&self) -> &[u8] {
        (*self.bytes).as_ref()
    }

    /// The second bit of the distance of placement `at` with the blank on `blank`.
    #[inline]
    fn second_bit(&self, at: &[u8], blank: u8) -> u8 {
        let (rank, occupied) = self.pattern.rank_and_cells(at.iter().copied());
        let byte = self.bytes()[rank as usize];
        let region = if byte & MANY != 0 {
            self.region(blank, self.grid.all & !occupied)
        } else {
            0
        };
        (byte >> region) & 1
    }

    /// The distance of placement `at` with the blank on `blank`, modulo four: the second bit
    /// stored, the first the Manhattan distance's parity.
    fn modulo_four(&self, at: &[u8], blank: u8) -> u8 {
        let manhattan = at.iter().enumerate().fold(0u8, |m, (i, &cell)| {
            m ^ self.manhattan[i * self.cells + cell as usize]
        });
        (manhattan & 1) | self.second_bit(at, blank) << 1
    }

    /// How many of the regions of `free` begin before the region of `blank`.
    #[inline]
    fn region(&self, blank: u8, free: u64) -> u64 {
        let own = self.grid.flood(1 << blank, free);
        let mut before = free & ((own & own.wrapping_neg()) - 1);
        let mut count = 0;
        while before != 0 {
            before &= !self.grid.flood(before & before.wrapping_neg(), free);
            count += 1;
        }
        count
    }

    /// The distance of the placement `at` with the blank on `blank`, where the same placement
    /// before one of its tiles moved had distance `before`.
    #[inline]
    pub fn next(&self, before: u8, at: impl IntoIterator<Item = u8>, blank: u8) -> u8 {
        let mut cells = [0u8; MAX_TILES];
        let k = self.pattern.tiles().len();
        for (slot, cell) in cells.iter_mut().zip(at) {
            *slot = cell;
        }
        let up = before.wrapping_add(1);
        if (self.second_bit(&cells[..k], blank) << 1 ^ up) & 2 == 0 {
            up
        } else {
            before.wrapping_sub(1)
        }
    }

    /// The distance of the placement `at` with the blank on `blank`, found by walking down to
    /// the goal; `None` when the walk does not get there (a damaged table).
    pub fn value(&self, at: impl IntoIterator<Item = u8>, blank: u8) -> Option<u8> {
        let k = self.pattern.tiles().len();
        let mut cells = [0u8; MAX_TILES];
        for (slot, cell) in cells.iter_mut().zip(at) {
            *slot = cell;
        }
        let (cells, mut blank) = (&mut cells[..k], blank);
        for steps in 0..=MAX_WALK {
            let occupied = cells.iter().fold(0u64, |m, &c| m | 1 << c);
            let free = self.grid.all & !occupied;
            let region = self.grid.flood(1 << blank, free);
            if cells == &self.home[..] && region & 1 << self.goal_blank != 0 {
                return Some(steps as u8);
            }
            let down = (self.modulo_four(cells, blank) + 3) & 3;
            blank = self.step_down(cells, region, down)?;
        }
        None
    }

    /// Moves one tile of `cells` into the blank's `region` so that the distance modulo four
    /// becomes `down`; the blank's new cell.
    fn step_down(&self, cells: &mut [u8], region: u64, down: u8) -> Option<u8> {
        for i in 0..cells.len() {
            let from = cells[i];
            let mut targets = self.grid.neighbours[from as usize] & region;
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                cells[i] = to;
                if self.modulo_four(cells, from) == down {
                    return Some(from);
                }
            }
            cells[i] = from;
        }
        None
    }
}

/// Placements handled together while the bytes are set.
const CHUNK: usize = 1 << 16;

/// Runs `f` on each chunk of `bytes` with its index, on every core where there are threads.
#[cfg(not(target_arch = "wasm32"))]
fn for_each_chunk(
    bytes: &mut [u8],
    f: impl Fn((usize, &mut [u8])) -> Result<(), PdbError> + Sync + Send,
) -> Result<(), PdbError> {
    use rayon::prelude::*;
    bytes.par_chunks_mut(CHUNK).enumerate().try_for_each(f)
}

#[cfg(target_arch = "wasm32")]
fn for_each_chunk(
    bytes: &mut [u8],
    f: impl Fn((usize, &mut [u8])) -> Result<(), PdbError>,
) -> Result<(), PdbError> {
    bytes.chunks_mut(CHUNK).enumerate().try_for_each(f)
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle_core::Goal;

    /// Every placement and every blank cell of a 3×3 and a 3×4 pattern: the walk down gives the
    /// exact distance of the blank's region, and each move's one-bit step agrees with it.
    #[test]
    fn walks_and_steps_give_the_exact_distances() {
        for (size, tiles) in [("3", &[1u8, 2, 4, 5][..]), ("4x3", &[1, 2, 5, 6, 9])] {
            let puzzle =
                Puzzle::new(&Goal::BlankLast.board(size.parse().unwrap()).unwrap()).unwrap();
            let pattern = Pattern::new(&puzzle, tiles).unwrap();
            let by_region =
                super::super::distances_by_region(&puzzle, &pattern, &mut |_, _| true).unwrap();
            let db = OneBitDb::build(&puzzle, pattern.clone(), &by_region).unwrap();
            let grid = Grid::new(&puzzle);
            let k = tiles.len();
            let mut at = [0u8; MAX_TILES];
            let (mut walks, mut steps) = (0, 0);
            for rank in 0..pattern.placements() {
                pattern.unrank(rank, &mut at[..k]);
                let occupied = at[..k].iter().fold(0u64, |m, &c| m | 1 << c);
                let free = grid.all & !occupied;
                for blank in (0..puzzle.cells() as u8).filter(|&c| free & 1 << c != 0) {
                    let slot = super::super::grid::slot_of(grid.flood(1 << blank, free), free);
                    let exact = by_region.of(rank, slot);
                    assert_eq!(db.value(at[..k].iter().copied(), blank), Some(exact));
                    walks += 1;
                    // Each pattern tile next to the blank's cell slides into it.
                    for i in 0..k {
                        if grid.neighbours[blank as usize] & 1 << at[i] == 0 {
                            continue;
                        }
                        let mut moved = at;
                        moved[i] = blank;
                        let after = grid.all & !(occupied ^ 1 << at[i] ^ 1 << blank);
                        let child_rank = pattern.rank(moved[..k].iter().copied());
                        let child_slot =
                            super::super::grid::slot_of(grid.flood(1 << at[i], after), after);
                        let child = by_region.of(child_rank, child_slot);
                        assert_eq!(db.next(exact, moved[..k].iter().copied(), at[i]), child);
                        steps += 1;
                    }
                }
            }
            assert!(walks > 1000 && steps > 1000, "{walks} walks, {steps} steps");
        }
    }

    /// A damaged table is found out: the walk down stops instead of looping.
    #[test]
    fn a_damaged_table_gives_no_value() {
        let puzzle = Puzzle::new(&Goal::BlankLast.board("3".parse().unwrap()).unwrap()).unwrap();
        let pattern = Pattern::new(&puzzle, &[1, 2, 4, 5]).unwrap();
        let by_region =
            super::super::distances_by_region(&puzzle, &pattern, &mut |_, _| true).unwrap();
        let mut db = OneBitDb::build(&puzzle, pattern, &by_region).unwrap();
        db.bytes = Arc::new(vec![0u8; db.bytes().len()]);
        assert_eq!(db.value([8, 7, 6, 3], 0), None);
    }
}
