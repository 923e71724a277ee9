//! One pattern's database, four bits an entry.
//!
//! A pattern tile's move changes its Manhattan distance by exactly one, so a placement's
//! distance `d` is at least the Manhattan distance `m` of the pattern's tiles and has its parity:
//! `d = m + 2e` for a whole `e ≥ 0`. The database stores `e`, capped at 15 (a smaller bound,
//! still admissible), two entries a byte, and adds `m` back at lookup, computed in the same pass
//! as the rank. Korf's 7-8 partition then takes 288 MB instead of 576 MB.
//!
//! A zero-aware database tells the blank's regions apart in one of two [`Layout`]s: listed (a
//! regions table, [`super::regions`], where its escaped entries, [`MAX_EXCESS`], are looked up
//! by the blank's region) or dense (an entry for every free cell of every placement, read at
//! the slot of the blank's region). The builder keeps the smaller.

use std::sync::Arc;

use super::error::PdbError;
use super::grid::Grid;
use super::pattern::Pattern;
use super::regions::RegionTable;
use crate::Manhattan;
use crate::Puzzle;

/// The largest excess stored: entries are four bits.
pub const MAX_EXCESS: u8 = 15;

/// How a database's entries are laid out: what its file's header says and its lookups follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// An entry a placement; the blank is not looked at.
    Plain,
    /// An entry a placement, and a regions table after them for the placements whose blank's
    /// region matters (zero-aware; small where the pattern's tiles seldom wall off free cells,
    /// as on the 5×5).
    Listed,
    /// An entry for every free cell of every placement, read at the slot of the blank's region
    /// (zero-aware; smaller than a regions table, and one read a lookup, where the tiles often
    /// cut the free cells apart, as the 8 tiles of the 4×4's 7-8 do).
    Dense,
}

impl std::fmt::Display for Layout {
    /// `plain`, `listed` or `dense`.
    ///
    /// ```
    /// use npuzzle_heuristic::pdb::Layout;
    /// assert_eq!(Layout::Dense.to_string(), "dense");
    /// ```
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Layout::Plain => "plain",
            Layout::Listed => "listed",
            Layout::Dense => "dense",
        })
    }
}

/// How a database finds the blank's region, per [`Layout`].
#[derive(Clone)]
enum Blank {
    Ignored,
    Listed(RegionTable),
    Dense { grid: Arc<Grid>, slots: u64 },
}

/// One pattern and its distances, packed.
///
/// ```
/// use std::sync::Arc;
/// use npuzzle_core::Goal;
/// use npuzzle_heuristic::Puzzle;
/// use npuzzle_heuristic::pdb::{self, Pattern, PatternDb};
///
/// let puzzle = Puzzle::new(&Goal::BlankLast.board("3".parse()?)?)?;
/// let pattern = Pattern::new(&puzzle, &[1, 2, 3])?;
/// let distances = pdb::distances(&puzzle, &pattern, &mut |_, _| true)?;
/// let (entries, capped) = pdb::pack(&puzzle, &pattern, distances)?;
/// assert_eq!((entries.len(), capped), (252, 0)); // 9·8·7 entries, two a byte
/// let db = PatternDb::new(&puzzle, pattern, Arc::new(entries));
/// let blank = 8; // the blank's cell: a plain database does not look at it
/// assert_eq!(db.value([0, 1, 2], blank), 0); // tiles 1, 2 and 3 home
/// assert_eq!(db.value([3, 1, 2], blank), 1); // tile 1 one row down
/// assert_eq!(db.value([1, 0, 2], blank), 6); // tiles 1 and 2 swapped (Manhattan distance: 2)
/// assert!(!db.zero_aware());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct PatternDb {
    pattern: Pattern,
    /// Entry `r` in the low (even `r`) or high (odd `r`) half of byte `r / 2`.
    entries: Arc<dyn AsRef<[u8]> + Send + Sync>,
    /// `manhattan[i * cells + cell]`: the distance of the pattern's `i`-th tile from `cell` home.
    manhattan: Vec<u8>,
    cells: usize,
    /// How the blank's region is found (a listed database's regions table).
    blank: Blank,
    /// The CRC-32 of the entries and the regions table (its file's checksum): read from the file
    /// when loaded, computed when first asked for otherwise.
    checksum: std::sync::OnceLock<u32>,
}

impl std::fmt::Debug for PatternDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PatternDb")
            .field("tiles", &self.pattern.tiles())
            .field("bytes", &self.entries().len())
            .field("zero_aware", &self.zero_aware())
            .finish()
    }
}

/// A database held weakly ([`PatternDb::downgrade`]): its small parts, and its entries and
/// regions table while they live.
#[derive(Clone)]
pub(crate) struct WeakDb {
    skeleton: PatternDb,
    entries: std::sync::Weak<dyn AsRef<[u8]> + Send + Sync>,
    regions: Option<std::sync::Weak<dyn AsRef<[u8]> + Send + Sync>>,
}

impl WeakDb {
    /// The database again, if its entries (and regions table) are still held somewhere.
    pub(crate) fn upgrade(&self) -> Option<PatternDb> {
        let entries = self.entries.upgrade()?;
        let blank = match (&self.regions, &self.skeleton.blank) {
            (Some(weak), Blank::Listed(table)) => Blank::Listed(table.with_bytes(weak.upgrade()?)),
            (_, other) => other.clone(),
        };
        Some(PatternDb {
            entries,
            blank,
            ..self.skeleton.clone()
        })
    }
}

impl PatternDb {
    /// The database of `pattern` on `puzzle` from its packed entries (see [`pack`]).
    pub fn new(
        puzzle: &Puzzle,
        pattern: Pattern,
        entries: Arc<dyn AsRef<[u8]> + Send + Sync>,
    ) -> PatternDb {
        PatternDb {
            manhattan: manhattan_table(puzzle, &pattern),
            cells: puzzle.cells(),
            pattern,
            entries,
            blank: Blank::Ignored,
            checksum: std::sync::OnceLock::new(),
        }
    }

    /// The database of `pattern` on `puzzle` in `layout`, from its packed entries and its regions
    /// table (empty unless listed; see [`super::pack_zero_aware`]); `None` when their lengths
    /// are not that layout's.
    pub fn from_parts(
        puzzle: &Puzzle,
        pattern: Pattern,
        layout: Layout,
        entries: Arc<dyn AsRef<[u8]> + Send + Sync>,
        regions: Arc<dyn AsRef<[u8]> + Send + Sync>,
    ) -> Option<PatternDb> {
        let slots = (puzzle.cells() - pattern.tiles().len()) as u64;
        let placements = pattern.placements();
        let (blank, length) = match layout {
            Layout::Plain => (Blank::Ignored, placements.div_ceil(2)),
            Layout::Listed => (
                Blank::Listed(RegionTable::new(puzzle, regions.clone())?),
                placements.div_ceil(2),
            ),
            Layout::Dense => (
                Blank::Dense {
                    grid: Arc::new(Grid::new(puzzle)),
                    slots,
                },
                dense_bytes(placements, slots),
            ),
        };
        let sized = (*entries).as_ref().len() as u64 == length;
        let table_fits = layout == Layout::Listed || (*regions).as_ref().is_empty();
        (sized && table_fits).then(|| PatternDb {
            blank,
            ..PatternDb::new(puzzle, pattern, entries)
        })
    }

    /// Whether the database tells the blank's regions apart.
    pub fn zero_aware(&self) -> bool {
        self.layout() != Layout::Plain
    }

    /// How the database's entries are laid out.
    pub fn layout(&self) -> Layout {
        match self.blank {
            Blank::Ignored => Layout::Plain,
            Blank::Listed(_) => Layout::Listed,
            Blank::Dense { .. } => Layout::Dense,
        }
    }

    /// A listed database's regions table, as bytes (empty for the other layouts).
    pub fn regions(&self) -> &[u8] {
        match &self.blank {
            Blank::Listed(table) => table.bytes(),
            _ => &[],
        }
    }

    /// The pattern.
    #[inline]
    pub fn pattern(&self) -> &Pattern {
        &self.pattern
    }

    /// The CRC-32 of the entries and the regions table, as the database's file carries it.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use npuzzle_core::Goal;
    /// use npuzzle_heuristic::{Puzzle, pdb::{self, Pattern, PatternDb}};
    /// let puzzle = Puzzle::new(&Goal::BlankLast.board("3".parse()?)?)?;
    /// let pattern = Pattern::new(&puzzle, &[1, 2])?;
    /// let distances = pdb::distances(&puzzle, &pattern, &mut |_, _| true)?;
    /// let (entries, _) = pdb::pack(&puzzle, &pattern, distances)?;
    /// let db = PatternDb::new(&puzzle, pattern, Arc::new(entries.clone()));
    /// assert_eq!(db.checksum(), crc32fast::hash(&entries));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn checksum(&self) -> u32 {
        *self.checksum.get_or_init(|| {
            let mut crc = crc32fast::Hasher::new();
            crc.update(self.entries());
            crc.update(self.regions());
            crc.finalize()
        })
    }

    /// The same database, its checksum known (read from its file and checked).
    pub(crate) fn with_checksum(self, checksum: u32) -> PatternDb {
        let known = std::sync::OnceLock::new();
        let _ = known.set(checksum);
        PatternDb {
            checksum: known,
            ..self
        }
    }

    /// The database held weakly: its entries and regions table kept only while someone else
    /// uses them (the store's record of what this process has open).
    pub(crate) fn downgrade(&self) -> WeakDb {
        let empty: Arc<dyn AsRef<[u8]> + Send + Sync> = Arc::new(Vec::<u8>::new());
        let (regions, blank) = match &self.blank {
            Blank::Listed(table) => (
                Some(Arc::downgrade(table.shared_bytes())),
                Blank::Listed(table.with_bytes(Arc::clone(&empty))),
            ),
            other => (None, other.clone()),
        };
        WeakDb {
            entries: Arc::downgrade(&self.entries),
            regions,
            skeleton: PatternDb {
                entries: Arc::clone(&empty),
                blank,
                ..self.clone()
            },
        }
    }

    /// The packed entries.
    #[inline]
    pub fn entries(&self) -> &[u8] {
        (*self.entries).as_ref()
    }

    /// The distance of the placement `at` (the cell of each pattern tile, in pattern order) with
    /// the blank on cell `blank` (which only a zero-aware database looks at).
    #[inline]
    pub fn value(&self, at: impl IntoIterator<Item = u8>, blank: u8) -> u8 {
        let mut manhattan = 0;
        let (rank, occupied) =
            self.pattern
                .rank_and_cells(at.into_iter().enumerate().map(|(i, cell)| {
                    manhattan += self.manhattan[i * self.cells + cell as usize];
                    cell
                }));
        let excess = match &self.blank {
            Blank::Ignored => nibble(self.entries(), rank),
            Blank::Listed(regions) => match nibble(self.entries(), rank) {
                MAX_EXCESS => regions.excess(rank, occupied, blank).unwrap_or(MAX_EXCESS),
                excess => excess,
            },
            Blank::Dense { grid, slots } => {
                let slot = grid.slot(blank, grid.all & !occupied);
                nibble(self.entries(), rank * slots + u64::from(slot))
            }
        };
        manhattan + 2 * excess
    }
}

/// Entry `index` of entries packed two a byte.
#[inline]
pub(crate) fn nibble(entries: &[u8], index: u64) -> u8 {
    (entries[(index / 2) as usize] >> (4 * (index & 1))) & 0xF
}

/// The bytes of a dense database's entries: `slots` for each of `placements`, two a byte.
pub(crate) fn dense_bytes(placements: u64, slots: u64) -> u64 {
    placements.saturating_mul(slots).div_ceil(2)
}

/// `table[i * cells + cell]`: how far the pattern's `i`-th tile is from home at `cell`.
fn manhattan_table(puzzle: &Puzzle, pattern: &Pattern) -> Vec<u8> {
    let manhattan = Manhattan::for_puzzle(puzzle);
    pattern
        .tiles()
        .iter()
        .flat_map(|&tile| manhattan.tile_table(tile))
        .copied()
        .collect()
}

/// Exact distances (from [`super::distances`]) packed four bits an entry; also returns how many
/// entries were capped at [`MAX_EXCESS`]. Placements never reached (unsolvable ones, when the
/// pattern holds every tile) store 0.
pub fn pack(
    puzzle: &Puzzle,
    pattern: &Pattern,
    mut values: Vec<u8>,
) -> Result<(Vec<u8>, u64), PdbError> {
    if values.len() as u64 != pattern.placements() {
        return Err(PdbError::Pattern(format!(
            "{} distances for a pattern of {} placements",
            values.len(),
            pattern.placements()
        )));
    }
    let table = manhattan_table(puzzle, pattern);
    let (cells, k) = (puzzle.cells(), pattern.tiles().len());
    // The placements with the first tile in one cell are a contiguous run of ranks.
    let run = (pattern.placements() / cells as u64) as usize;
    let excess = |first: usize, run: &mut [u8]| -> Result<u64, PdbError> {
        let mut walk = Walk {
            table: &table,
            cells,
            tiles: k,
            index: 0,
        };
        let mut capped = 0;
        let mut bad = None;
        walk.each(1, 1 << first, table[first], &mut |index, manhattan| {
            let value = &mut run[index];
            if *value == super::build::UNSEEN {
                *value = 0;
            } else if *value < manhattan || (*value - manhattan) % 2 == 1 {
                bad = Some((*value, manhattan));
            } else {
                let e = (*value - manhattan) / 2;
                capped += u64::from(e > MAX_EXCESS);
                *value = e.min(MAX_EXCESS);
            }
        });
        match bad {
            Some((value, manhattan)) => Err(PdbError::Internal(format!(
                "a pattern distance {value} is below or off the parity of its Manhattan distance {manhattan}"
            ))),
            None => Ok(capped),
        }
    };
    let capped = for_each_run(&mut values, run, excess)?;
    let packed = values
        .chunks(2)
        .map(|pair| pair[0] | pair.get(1).map_or(0, |high| high << 4))
        .collect();
    Ok((packed, capped))
}

/// Placements in rank order, with the Manhattan distance of each.
struct Walk<'a> {
    table: &'a [u8],
    cells: usize,
    tiles: usize,
    index: usize,
}

impl Walk<'_> {
    /// Calls `visit(index, manhattan)` for every placement of tiles `i..`, the tiles `..i` being
    /// on the cells `used` at distance `manhattan`; `index` counts from 0.
    fn each(&mut self, i: usize, used: u64, manhattan: u8, visit: &mut dyn FnMut(usize, u8)) {
        if i == self.tiles {
            visit(self.index, manhattan);
            self.index += 1;
            return;
        }
        for cell in 0..self.cells {
            if used & 1 << cell == 0 {
                let step = self.table[i * self.cells + cell];
                self.each(i + 1, used | 1 << cell, manhattan + step, visit);
            }
        }
    }
}

/// Runs `f(j, run)` on each consecutive run of `values`, on every core where there are threads,
/// adding up the counts.
#[cfg(not(target_arch = "wasm32"))]
fn for_each_run(
    values: &mut [u8],
    run: usize,
    f: impl Fn(usize, &mut [u8]) -> Result<u64, PdbError> + Sync + Send,
) -> Result<u64, PdbError> {
    use rayon::prelude::*;
    values
        .par_chunks_mut(run)
        .enumerate()
        .map(|(j, chunk)| f(j, chunk))
        .try_reduce(|| 0, |a, b| Ok(a + b))
}

#[cfg(target_arch = "wasm32")]
fn for_each_run(
    values: &mut [u8],
    run: usize,
    f: impl Fn(usize, &mut [u8]) -> Result<u64, PdbError>,
) -> Result<u64, PdbError> {
    values
        .chunks_mut(run)
        .enumerate()
        .try_fold(0, |total, (j, chunk)| Ok(total + f(j, chunk)?))
}
