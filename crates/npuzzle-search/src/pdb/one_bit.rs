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
use std::sync::atomic::{AtomicU64, Ordering};

use super::build::{RegionDistances, UNSEEN};
use super::database::manhattan_table;
use super::error::PdbError;
use super::grid::Grid;
use super::pattern::Pattern;
use crate::puzzle::Puzzle;

/// The most tiles in a pattern of a one-bit database (the order of the tiles is ranked in 64 bits).
const MAX_TILES: usize = 12;
/// A map's word: how many regions in the low four bits, its first bit (in units of the
/// placements of one map) above them.
const REGION_BITS: u32 = 4;
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
    /// For each map (by its combinatorial rank), its first bit over `orders` and its regions.
    maps: Arc<[u32]>,
    /// For each map, each free cell's region, two bits a cell (maps of up to four regions).
    labels: Arc<[u64]>,
    bits: Arc<[u64]>,
    /// `binomial[cell][j]`: cell choose j, for ranking maps.
    binomial: Arc<[[u32; MAX_TILES + 1]]>,
    /// The orders of the pattern's tiles on one map: `k!`.
    orders: u64,
    manhattan: Vec<u8>,
    cells: usize,
    /// The pattern's goal cells, and the blank's.
    home: Vec<u8>,
    goal_blank: u8,
    grid: Arc<Grid>,
}

impl std::fmt::Debug for OneBitDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OneBitDb")
            .field("tiles", &self.pattern.tiles())
            .field("bytes", &(self.bits.len() * 8))
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
        if by_region.least().len() as u64 != pattern.placements() {
            return Err(PdbError::Pattern(
                "a one-bit database needs its pattern's distances by region".into(),
            ));
        }
        let mut db = OneBitDb::from_words(puzzle, pattern, Arc::new([]))?;
        let words: Vec<AtomicU64> = (0..db.words()).map(|_| AtomicU64::new(0)).collect();
        db.fill(by_region, &words)?;
        db.bits = words.into_iter().map(AtomicU64::into_inner).collect();
        Ok(db)
    }

    /// The database of `pattern` from its bits as [`OneBitDb::words_le`] gives them; `None`
    /// when they are not as many as the pattern needs.
    pub fn from_bits(puzzle: &Puzzle, pattern: Pattern, bytes: &[u8]) -> Option<OneBitDb> {
        let mut db = OneBitDb::from_words(puzzle, pattern, Arc::new([])).ok()?;
        if bytes.len() as u64 != db.words() * 8 {
            return None;
        }
        db.bits = bytes
            .chunks_exact(8)
            .map(|w| u64::from_le_bytes(w.try_into().expect("eight bytes")))
            .collect();
        Some(db)
    }

    /// The bits as little-endian bytes.
    pub fn words_le(&self) -> Vec<u8> {
        self.bits.iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    /// The database's layout for `pattern`, with `bits`.
    fn from_words(
        puzzle: &Puzzle,
        pattern: Pattern,
        bits: Arc<[u64]>,
    ) -> Result<OneBitDb, PdbError> {
        let k = pattern.tiles().len();
        if k > MAX_TILES || k >= puzzle.cells() {
            return Err(PdbError::Pattern(format!(
                "a one-bit database holds 1 to {MAX_TILES} tiles and a free cell"
            )));
        }
        let grid = Grid::new(puzzle);
        let binomial = binomials(puzzle.cells());
        let (maps, labels) = map_words(&grid, puzzle.cells(), k, &binomial)?;
        let target = puzzle.target();
        Ok(OneBitDb {
            manhattan: manhattan_table(puzzle, &pattern),
            cells: puzzle.cells(),
            home: pattern
                .tiles()
                .iter()
                .map(|&t| target[t as usize])
                .collect(),
            goal_blank: target[0],
            pattern,
            maps: maps.into(),
            labels: labels.into(),
            bits,
            binomial: binomial.into(),
            orders: (1..=k as u64).product(),
            grid: Arc::new(grid),
        })
    }

    /// How many 64-bit words the bits take.
    fn words(&self) -> u64 {
        let last = *self.maps.last().expect("a map at least");
        let units = u64::from(last >> REGION_BITS) + u64::from(last & 15);
        (units * self.orders).div_ceil(64)
    }

    /// Sets the bits of every placement's regions from `by_region`.
    fn fill(&self, by_region: &RegionDistances, words: &[AtomicU64]) -> Result<(), PdbError> {
        let k = self.pattern.tiles().len();
        let chunk = |start: u64| -> Result<(), PdbError> {
            let mut at = [0u8; MAX_TILES];
            let end = (start + CHUNK).min(self.pattern.placements());
            for rank in start..end {
                self.pattern.unrank(rank, &mut at[..k]);
                let (first, regions, _) = self.first_bit(&at[..k]);
                let mut region = 0;
                for slot in 0..by_region.slots() as u32 {
                    let d = by_region.of(rank, slot);
                    if d == UNSEEN {
                        continue;
                    }
                    if region >= regions {
                        return Err(PdbError::Internal(format!(
                            "placement {rank} has more regions than its map"
                        )));
                    }
                    if d & 2 != 0 {
                        let bit = first + region;
                        words[(bit / 64) as usize].fetch_or(1 << (bit % 64), Ordering::Relaxed);
                    }
                    region += 1;
                }
            }
            Ok(())
        };
        let starts: Vec<u64> = (0..self.pattern.placements())
            .step_by(CHUNK as usize)
            .collect();
        for_each_start(&starts, chunk)
    }

    /// The pattern.
    pub fn pattern(&self) -> &Pattern {
        &self.pattern
    }

    /// The bytes the bits take.
    pub fn bytes(&self) -> usize {
        self.bits.len() * 8
    }

    /// The first bit of placement `at`, how many regions its map has, and its cells.
    #[inline]
    fn first_bit(&self, at: &[u8]) -> (u64, u64, u64) {
        let occupied = at.iter().fold(0u64, |m, &c| m | 1 << c);
        let mut map = 0;
        let (mut cells, mut j) = (occupied, 1);
        while cells != 0 {
            map += self.binomial[cells.trailing_zeros() as usize][j];
            cells &= cells - 1;
            j += 1;
        }
        // The order of the tiles on the map's cells, as a Lehmer code.
        let (mut order, mut seen) = (0u64, 0u32);
        for (i, &cell) in at.iter().enumerate() {
            let position = (occupied & ((1 << cell) - 1)).count_ones();
            let digit = position - (seen & ((1 << position) - 1)).count_ones();
            order = order * (at.len() - i) as u64 + u64::from(digit);
            seen |= 1 << position;
        }
        let word = self.maps[map as usize];
        let regions = u64::from(word & 15);
        let first = u64::from(word >> REGION_BITS) * self.orders + order * regions;
        (first, regions, u64::from(map))
    }

    /// The second bit of the distance of placement `at` with the blank on `blank`.
    #[inline]
    fn second_bit(&self, at: &[u8], blank: u8) -> u8 {
        let (first, regions, map) = self.first_bit(at);
        let mut bit = first;
        if regions > 4 || self.labels.is_empty() {
            let occupied = at.iter().fold(0u64, |m, &c| m | 1 << c);
            bit += self.region(blank, self.grid.all & !occupied);
        } else if regions > 1 {
            bit += (self.labels[map as usize] >> (2 * blank)) & 3;
        }
        ((self.bits[(bit / 64) as usize] >> (bit % 64)) & 1) as u8
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

/// Placements handled together while the bits are set.
const CHUNK: u64 = 1 << 16;

/// `binomial[n][j]` for `n` below `cells` and `j` up to [`MAX_TILES`].
fn binomials(cells: usize) -> Vec<[u32; MAX_TILES + 1]> {
    let mut table = vec![[0u32; MAX_TILES + 1]; cells + 1];
    for n in 0..=cells {
        table[n][0] = 1;
        for j in 1..=MAX_TILES.min(n) {
            table[n][j] = table[n - 1][j - 1] + if j < n { table[n - 1][j] } else { 0 };
        }
    }
    table
}

/// Every map's word (its first bit in units of `k!`, and its regions) and labels, by
/// combinatorial rank.
fn map_words(
    grid: &Grid,
    cells: usize,
    k: usize,
    binomial: &[[u32; MAX_TILES + 1]],
) -> Result<(Vec<u32>, Vec<u64>), PdbError> {
    let count = binomial[cells][k] as usize;
    let mut regions = vec![0u32; count];
    let mut labels = vec![0u64; if cells <= 32 { count } else { 0 }];
    // Every set of k cells, in increasing order as numbers: their combinatorial ranks in order.
    let mut set: u64 = (1 << k) - 1;
    for (m, slot) in regions.iter_mut().enumerate() {
        let free = grid.all & !set;
        let mut rest = free;
        while rest != 0 {
            let mut region = grid.flood(rest & rest.wrapping_neg(), free);
            rest &= !region;
            if let Some(label) = labels.get_mut(m).filter(|_| *slot < 4) {
                while region != 0 {
                    *label |= u64::from(*slot) << (2 * region.trailing_zeros());
                    region &= region - 1;
                }
            }
            *slot += 1;
        }
        if *slot > 15 {
            return Err(PdbError::Pattern(
                "a one-bit database holds at most 15 regions a placement".into(),
            ));
        }
        // The next set of as many bits (Gosper's hack).
        let low = set & set.wrapping_neg();
        let ripple = set + low;
        set = (((ripple ^ set) >> 2) / low) | ripple;
    }
    let mut units = 0u32;
    let words = regions
        .iter()
        .map(|&r| {
            let word = units << REGION_BITS | r;
            units += r;
            word
        })
        .collect();
    Ok((words, labels))
}

#[cfg(not(target_arch = "wasm32"))]
fn for_each_start(
    starts: &[u64],
    f: impl Fn(u64) -> Result<(), PdbError> + Sync + Send,
) -> Result<(), PdbError> {
    use rayon::prelude::*;
    starts.par_iter().try_for_each(|&s| f(s))
}

#[cfg(target_arch = "wasm32")]
fn for_each_start(starts: &[u64], f: impl Fn(u64) -> Result<(), PdbError>) -> Result<(), PdbError> {
    starts.iter().try_for_each(|&s| f(s))
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
        db.bits = db.bits.iter().map(|_| 0).collect();
        assert_eq!(db.value([8, 7, 6, 3], 0), None);
    }
}
