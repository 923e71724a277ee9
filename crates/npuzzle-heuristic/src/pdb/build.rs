//! Building a pattern database: breadth-first search from the goal in the abstract space.
//!
//! An abstract state is a placement of the pattern's tiles and the region of free cells that
//! holds the blank: within a region the blank moves at no cost, so the region is all that
//! matters. A region is named by its slot, the index of its smallest cell among the free cells,
//! so a placement with `f` free cells has `f` slots (most of them never a region's smallest
//! cell). Each placement owns one machine word: its distance (the smallest over its regions) in
//! the low byte, then two bits per slot, the state of a two-bit breadth-first search
//! (unseen, reached in one of the two latest layers, expanded).
//!
//! Each layer sweeps the placements in rank order and expands the slots of the current layer.
//! Sweeping in order keeps the children of neighbouring placements close together in memory, so
//! the random writes of a layer mostly hit the cache; chunks with nothing to expand are skipped.
//! The chunks of a layer are shared among all cores, each word updated by compare-and-swap.

use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU32, AtomicU64, Ordering};

use super::error::PdbError;
use super::grid::{Grid, select, slot_of};
use super::pattern::Pattern;
use crate::Puzzle;

/// Marks a placement not reached yet.
pub const UNSEEN: u8 = u8::MAX;

/// The most memory a build may take (the 7-8 partition's 8-tile half takes 2.6 GB).
pub const MAX_BUILD_BYTES: u64 = 8 << 30;

/// Placements a build reaches per second on two cores, rounded down from what the named
/// partitions measured on this project's machine (6-6-6-6 3.4 million, 7-8 4.6, 6-6-3 6.4), so
/// estimates err on the long side.
const PLACEMENTS_PER_SECOND: f64 = 3e6;

/// How many times longer the slower kind of this project's machines takes than the rates here,
/// rounded up from what it measured (the 5×5 machine of depth 20 in 403 s against 188 s, the
/// zero-aware 6-6-6-6 in 367 s against 183 s).
const SLOWER_MACHINES: f64 = 2.2;

/// What building databases takes, estimated before starting.
///
/// ```
/// use npuzzle_core::{Goal, Size};
/// use npuzzle_heuristic::{Puzzle, pdb::{Cost, Pattern}};
/// let puzzle = Puzzle::new(&Goal::BlankLast.board(Size::square(4).unwrap()).unwrap()).unwrap();
/// let six = Pattern::new(&puzzle, &[1, 2, 3, 4, 5, 6]).unwrap();
/// let (plain, zero) = (Cost::of(&puzzle, &six, false), Cost::of(&puzzle, &six, true));
/// let three = Cost::of(&puzzle, &Pattern::new(&puzzle, &[7, 8, 9]).unwrap(), false);
/// assert!(plain.seconds > three.seconds && plain.and(three).bytes == plain.bytes.max(three.bytes));
/// assert!(zero.bytes > plain.bytes && zero.seconds > plain.seconds);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Cost {
    /// Seconds on two cores of the faster kind of this project's machines (the rates measured
    /// there); see [`Cost::seconds_on_slower_machines`].
    pub seconds: f64,
    /// Peak memory in bytes: the largest database's build.
    pub bytes: u64,
}

impl Cost {
    /// The cost of building the database of `pattern` on `puzzle`'s board, zero-aware or not.
    pub fn of(puzzle: &Puzzle, pattern: &Pattern, zero_aware: bool) -> Cost {
        let placements = pattern.placements();
        let word = if narrow_words(puzzle, pattern) { 4 } else { 8 };
        // The words, one byte a placement for the distances handed back, half for the file.
        let plain = Cost {
            seconds: placements as f64 / PLACEMENTS_PER_SECOND,
            bytes: placements.saturating_mul(word + 1) + placements / 2,
        };
        if !zero_aware {
            return plain;
        }
        // One byte more a placement and free cell, and the regions table or the dense entries,
        // whichever is smaller (about four bytes a placement on the 4x4's 7-8 and the 5x5's
        // 6-6-6-6); 6-6-6-6 took 183 s zero-aware against 150 s plain.
        let free = (puzzle.cells() - pattern.tiles().len()) as u64;
        Cost {
            seconds: plain.seconds * 1.3,
            bytes: plain.bytes + placements.saturating_mul(free + 4),
        }
    }

    /// The cost of building the move-pruning machine of `size` to `depth`: measured on 4×4 and
    /// 5×5 (5×5: depth 16 in 4.6 s, 18 in 32 s with 1.1 GB, 20 in 188 s with 4.0 GB; each two
    /// moves about six times the last), scaled by the cells elsewhere (an estimate).
    ///
    /// ```
    /// use npuzzle_heuristic::pdb::Cost;
    /// let five = "5".parse().unwrap();
    /// assert!(Cost::of_machine(five, 20).seconds > Cost::of_machine(five, 18).seconds);
    /// ```
    pub fn of_machine(size: npuzzle_core::Size, depth: usize) -> Cost {
        // Seconds and bytes at depth 20 on 5x5, and what each move more multiplies them by.
        let (seconds, bytes, growth) = (188.0, 4.0e9, 6f64.sqrt());
        let cells = (size.cells() as f64 / 25.0).powi(5);
        let scale = growth.powi(depth as i32 - 20) * cells;
        Cost {
            seconds: seconds * scale,
            bytes: (bytes * scale) as u64 + (64 << 20),
        }
    }

    /// The seconds on the slower kind of this project's machines: what a user is told to
    /// expect at most, beside [`Cost::seconds`].
    ///
    /// ```
    /// use npuzzle_heuristic::pdb::Cost;
    /// let machine = Cost::of_machine("5".parse().unwrap(), 20);
    /// assert!(machine.seconds_on_slower_machines() > 2.0 * machine.seconds);
    /// ```
    pub fn seconds_on_slower_machines(self) -> f64 {
        self.seconds * SLOWER_MACHINES
    }

    /// Both costs: the times add up, the memory is the larger (one build at a time).
    pub fn and(self, other: Cost) -> Cost {
        Cost {
            seconds: self.seconds + other.seconds,
            bytes: self.bytes.max(other.bytes),
        }
    }
}

/// Placements per chunk: the unit of parallel work and of skipping.
const CHUNK: u64 = 1 << 12;

/// A slot's state: not reached yet.
const FRESH: u64 = 0;
/// A slot's state: expanded.
const CLOSED: u64 = 3;

/// A placement's word: an atomic integer wide enough for the distance and every slot.
trait Word: Send + Sync {
    /// The bits a word holds.
    const BITS: u32;
    fn new(value: u64) -> Self;
    fn get(&self) -> u64;
    fn set(&self, value: u64);
    fn or(&self, bits: u64);
    fn swap_if(&self, current: u64, new: u64) -> Result<u64, u64>;
}

macro_rules! word {
    ($atomic:ty, $int:ty) => {
        impl Word for $atomic {
            const BITS: u32 = <$int>::BITS;
            fn new(value: u64) -> Self {
                <$atomic>::new(value as $int)
            }
            #[inline]
            fn get(&self) -> u64 {
                self.load(Ordering::Relaxed) as u64
            }
            fn set(&self, value: u64) {
                self.store(value as $int, Ordering::Relaxed);
            }
            #[inline]
            fn or(&self, bits: u64) {
                self.fetch_or(bits as $int, Ordering::Relaxed);
            }
            #[inline]
            fn swap_if(&self, current: u64, new: u64) -> Result<u64, u64> {
                self.compare_exchange_weak(
                    current as $int,
                    new as $int,
                    Ordering::Relaxed,
                    Ordering::Relaxed,
                )
                .map(u64::from)
                .map_err(u64::from)
            }
        }
    };
}
word!(AtomicU32, u32);
word!(AtomicU64, u64);

/// The distance of every placement of `pattern`'s tiles to their goal cells, counting only moves
/// of pattern tiles (the other tiles and the blank move for free), minimised over where the
/// blank is. `progress(done, total)` is called after each layer with placements reached; when it
/// answers `false` the build stops ([`PdbError::Interrupted`]).
///
/// The search is described in this module's documentation; it takes 4 bytes per placement
/// while the free cells are at most 12, 8 bytes up to `MAX_REGION_FREE` (28) free cells. With more
/// free cells (small patterns on boards larger than 5×6) the blank's region is not tracked: a
/// pattern tile may slide into any free neighbouring cell, as if the blank could always reach it.
/// That relaxation only lowers the distances, so they stay admissible; with so much free room a
/// few tiles seldom wall the blank in, and the bound loses little. It takes 4 bytes a placement.
pub fn distances(
    puzzle: &Puzzle,
    pattern: &Pattern,
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Result<Vec<u8>, PdbError> {
    let regions = puzzle.cells() - pattern.tiles().len() <= MAX_REGION_FREE;
    if narrow_words(puzzle, pattern) {
        Sweep::<AtomicU32>::new(puzzle, pattern, regions)?.run(progress)
    } else {
        Sweep::<AtomicU64>::new(puzzle, pattern, regions)?.run(progress)
    }
}

/// A pattern's distances for each region the blank may be in (zero-aware, Clausecker &
/// Reinefeld 2019), from [`distances_by_region`].
///
/// ```
/// use npuzzle_core::{Goal, Size};
/// use npuzzle_heuristic::{Puzzle, pdb::{self, Pattern}};
/// let puzzle = Puzzle::new(&Goal::BlankLast.board(Size::square(3).unwrap()).unwrap()).unwrap();
/// let pattern = Pattern::new(&puzzle, &[1, 2, 4, 5]).unwrap();
/// let by_region = pdb::distances_by_region(&puzzle, &pattern, &mut |_, _| true).unwrap();
/// let home = pattern.rank([0, 1, 3, 4]);
/// assert_eq!((by_region.slots(), by_region.least()[home as usize]), (5, 0));
/// // The free cells 2, 5, 6, 7, 8 are one region, named by its first cell (slot 0).
/// assert_eq!((by_region.of(home, 0), by_region.of(home, 1)), (0, pdb::UNSEEN));
/// // Tiles on cells 1, 4, 3 and 5 cut the free cells into {0}, {2} and {6, 7, 8}: with the
/// // blank in the corner, tile 1 goes home at once.
/// let walled = pattern.rank([1, 4, 3, 5]);
/// let each = [0, 1, 2, 3].map(|slot| by_region.of(walled, slot));
/// assert_eq!((each[0], each[3]), (by_region.least()[walled as usize], pdb::UNSEEN));
/// assert!(each[1] > each[0] && each[2] > each[0]);
/// ```
#[derive(Clone, Debug)]
pub struct RegionDistances {
    least: Vec<u8>,
    slots: usize,
    by_slot: Vec<u8>,
}

impl RegionDistances {
    /// Each placement's distance with the blank where it helps most (what [`distances`] gives).
    pub fn least(&self) -> &[u8] {
        &self.least
    }

    /// How many slots a placement has (its free cells).
    pub fn slots(&self) -> usize {
        self.slots
    }

    /// The distance of placement `rank` with the blank in the region whose smallest free cell
    /// is the `slot`-th free cell; [`UNSEEN`] where no region begins at that slot.
    pub fn of(&self, rank: u64, slot: u32) -> u8 {
        self.by_slot[rank as usize * self.slots + slot as usize]
    }
}

/// [`distances`], and also the distance of every region of every placement; the blank's region
/// is always tracked, so the free cells must be at most 28. Takes one byte per
/// placement and free cell more than [`distances`].
pub fn distances_by_region(
    puzzle: &Puzzle,
    pattern: &Pattern,
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Result<RegionDistances, PdbError> {
    let free = puzzle.cells() - pattern.tiles().len();
    let bytes = pattern.placements().saturating_mul(free as u64 + 8);
    if bytes > MAX_BUILD_BYTES {
        return Err(PdbError::Pattern(format!(
            "the zero-aware database of tiles {:?} needs {:.1} GB to build, more than the {} GB allowed",
            pattern.tiles(),
            bytes as f64 / 1e9,
            MAX_BUILD_BYTES >> 30
        )));
    }
    if !(2..=MAX_REGION_FREE).contains(&free) {
        return Err(PdbError::Pattern(format!(
            "zero-aware databases need 2 to {MAX_REGION_FREE} free cells beside the pattern, not {free}"
        )));
    }
    let (least, by_slot) = if narrow_words(puzzle, pattern) {
        Sweep::<AtomicU32>::new(puzzle, pattern, true)?
            .recording()
            .run_all(progress)?
    } else {
        Sweep::<AtomicU64>::new(puzzle, pattern, true)?
            .recording()
            .run_all(progress)?
    };
    Ok(RegionDistances {
        least,
        slots: free,
        by_slot,
    })
}

/// Whether a build of `pattern` fits each placement in 32 bits: the distance byte and two bits
/// per slot (one slot when the blank's region is not tracked).
fn narrow_words(puzzle: &Puzzle, pattern: &Pattern) -> bool {
    let free = puzzle.cells() - pattern.tiles().len();
    free > MAX_REGION_FREE || 8 + 2 * free as u32 <= <AtomicU32 as Word>::BITS
}

/// The most free cells for which the blank's region is tracked (two bits a slot beside the
/// distance byte fill a 64-bit word).
pub const MAX_REGION_FREE: usize = 28;

/// One breadth-first search over a pattern's abstract states.
struct Sweep<'a, W> {
    pattern: &'a Pattern,
    grid: Grid,
    /// The goal cells of the pattern's tiles, and of the blank.
    home: Vec<u8>,
    blank: u8,
    /// How many slots every placement has: its free cells, or one (all of them) when the
    /// blank's region is not tracked.
    slots: u32,
    /// Whether the blank's region is tracked; when not, every free cell counts as reachable.
    regions: bool,
    words: Vec<W>,
    /// Per layer parity, per chunk: whether the chunk has slots reached in that layer.
    active: [Vec<AtomicBool>; 2],
    /// When the distance of each slot is kept: `placements × slots` of them.
    by_slot: Vec<AtomicU8>,
}

/// What expanding a chunk reached: slots newly reached, placements newly reached.
#[derive(Clone, Copy, Default)]
struct Reached {
    slots: u64,
    placements: u64,
}

impl std::ops::Add for Reached {
    type Output = Reached;
    fn add(self, other: Reached) -> Reached {
        Reached {
            slots: self.slots + other.slots,
            placements: self.placements + other.placements,
        }
    }
}

impl<'a, W: Word> Sweep<'a, W> {
    /// The search for `pattern`, tracking the blank's region when `regions` says so.
    fn new(puzzle: &Puzzle, pattern: &'a Pattern, regions: bool) -> Result<Self, PdbError> {
        let placements = pattern.placements();
        let free_cells = puzzle.cells() - pattern.tiles().len();
        let bytes = placements.saturating_mul(std::mem::size_of::<W>() as u64 + 1);
        let mut words = Vec::new();
        if bytes > MAX_BUILD_BYTES || words.try_reserve_exact(placements as usize).is_err() {
            return Err(PdbError::Pattern(format!(
                "the database of tiles {:?} has {placements} entries and needs {:.1} GB to build, \
                 more than the {} GB allowed: use smaller patterns",
                pattern.tiles(),
                bytes as f64 / 1e9,
                MAX_BUILD_BYTES >> 30
            )));
        }
        words.extend((0..placements).map(|_| W::new(u64::from(UNSEEN))));
        let chunks = placements.div_ceil(CHUNK) as usize;
        let flags = || (0..chunks).map(|_| AtomicBool::new(false)).collect();
        let target = puzzle.target();
        Ok(Sweep {
            pattern,
            grid: Grid::new(puzzle),
            home: pattern
                .tiles()
                .iter()
                .map(|&t| target[t as usize])
                .collect(),
            blank: target[0],
            slots: if regions { free_cells as u32 } else { 1 },
            regions,
            words,
            active: [flags(), flags()],
            by_slot: Vec::new(),
        })
    }

    /// The same search, keeping the distance at which each slot is reached.
    fn recording(mut self) -> Self {
        let n = self.pattern.placements() as usize * self.slots as usize;
        self.by_slot = (0..n).map(|_| AtomicU8::new(UNSEEN)).collect();
        self
    }

    fn run(self, progress: &mut dyn FnMut(u64, u64) -> bool) -> Result<Vec<u8>, PdbError> {
        Ok(self.run_all(progress)?.0)
    }

    /// The least distances, and those of each slot when recording.
    fn run_all(
        self,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<(Vec<u8>, Vec<u8>), PdbError> {
        let placements = self.pattern.placements();
        let occupied = self.home.iter().fold(0u64, |m, &c| m | 1 << c);
        let free = self.grid.all & !occupied;
        let start = self.pattern.rank(self.home.iter().copied());
        // Distance 0, the goal's region reached in layer 0.
        let slot = if self.regions {
            slot_of(self.grid.flood(1 << self.blank, free), free)
        } else {
            0
        };
        self.words[start as usize].set(1 << (8 + 2 * slot));
        if let Some(first) = self
            .by_slot
            .get(start as usize * self.slots as usize + slot as usize)
        {
            first.store(0, Ordering::Relaxed);
        }
        self.active[0][(start / CHUNK) as usize].store(true, Ordering::Relaxed);
        let mut reached = 1;
        let mut depth = 0u8;
        loop {
            if depth + 1 == UNSEEN {
                return Err(PdbError::Internal(
                    "pattern distances overflow a byte".into(),
                ));
            }
            let found = for_each_chunk(self.active[0].len(), |chunk| {
                if self.active[usize::from(depth & 1)][chunk].swap(false, Ordering::Relaxed) {
                    self.expand(chunk as u64, depth)
                } else {
                    Reached::default()
                }
            });
            reached += found.placements;
            if !progress(reached, placements) {
                return Err(PdbError::Interrupted);
            }
            if found.slots == 0 {
                break;
            }
            depth += 1;
        }
        // With two or more free cells every placement is reachable; with one (every tile in the
        // pattern) parity leaves exactly half, the others unsolvable and never looked up.
        let expected = if self.slots > 1 || !self.regions {
            placements
        } else {
            placements / 2
        };
        if reached != expected {
            return Err(PdbError::Internal(format!(
                "the pattern search reached {reached} of {placements} placements"
            )));
        }
        let least = self.words.iter().map(|w| w.get() as u8).collect();
        drop(self.words);
        Ok((
            least,
            self.by_slot.into_iter().map(AtomicU8::into_inner).collect(),
        ))
    }

    /// Expands the slots of layer `depth` in one chunk of placements.
    fn expand(&self, chunk: u64, depth: u8) -> Reached {
        let current = 1 + u64::from(depth & 1);
        // One low bit per slot, and the current layer's state in every slot.
        let ones = (0..self.slots).fold(0u64, |m, s| m | 1 << (2 * s));
        let currents = ones * current;
        let k = self.pattern.tiles().len();
        let radix = self.pattern.radix();
        let mut at = [0u8; 64];
        // The cells of the tiles before each tile, and the radix of the tile on each cell.
        let mut before = [0u64; 64];
        let mut radix_at = [0u64; 64];
        let mut found = Reached::default();
        let end = ((chunk + 1) * CHUNK).min(self.pattern.placements());
        for rank in chunk * CHUNK..end {
            let word = &self.words[rank as usize];
            let differ = (word.get() >> 8) ^ currents;
            let mut due = !(differ | differ >> 1) & ones;
            if due == 0 {
                continue;
            }
            word.or((due * CLOSED) << 8);
            self.pattern.unrank(rank, &mut at[..k]);
            let mut occupied = 0u64;
            for i in 0..k {
                before[i] = occupied;
                occupied |= 1 << at[i];
                radix_at[at[i] as usize] = radix[i];
            }
            let free = self.grid.all & !occupied;
            while due != 0 {
                let slot = due.trailing_zeros() / 2;
                due &= due - 1;
                let region = if self.regions {
                    self.grid.flood(select(free, slot), free)
                } else {
                    free
                };
                for i in 0..k {
                    let from = at[i];
                    let later = occupied & !before[i] & !(1 << from);
                    let digit = |cell: u8| {
                        u64::from(cell) - u64::from((before[i] & ((1 << cell) - 1)).count_ones())
                    };
                    let mut targets = self.grid.neighbours[from as usize] & region;
                    while targets != 0 {
                        let to = targets.trailing_zeros() as u8;
                        targets &= targets - 1;
                        // The child's rank: this tile's digit changes, and so does the digit of
                        // every later tile on a cell between the two (by one, towards `from`).
                        let mut child = rank.wrapping_add(
                            radix[i].wrapping_mul(digit(to).wrapping_sub(digit(from))),
                        );
                        let (low, high) = (from.min(to), from.max(to));
                        let mut between = later & ((1 << high) - 1) & !((2 << low) - 1);
                        while between != 0 {
                            let step = radix_at[between.trailing_zeros() as usize];
                            between &= between - 1;
                            child = if from < to {
                                child + step
                            } else {
                                child - step
                            };
                        }
                        let moved = free ^ (1 << from) ^ (1 << to);
                        let slot = if self.regions {
                            self.grid.slot(from, moved)
                        } else {
                            0
                        };
                        found = found + self.reach(child, slot, depth + 1);
                    }
                }
            }
        }
        found
    }

    /// Marks a child slot reached in layer `depth` unless it was reached before.
    #[inline]
    fn reach(&self, rank: u64, slot: u32, depth: u8) -> Reached {
        let word = &self.words[rank as usize];
        let shift = 8 + 2 * slot;
        let mut old = word.get();
        loop {
            if (old >> shift) & 3 != FRESH {
                return Reached::default();
            }
            let first = old & 0xFF == u64::from(UNSEEN);
            let mut new = old | (1 + u64::from(depth & 1)) << shift;
            if first {
                new = new & !0xFF | u64::from(depth);
            }
            match word.swap_if(old, new) {
                Ok(_) => {
                    if let Some(at) = self
                        .by_slot
                        .get(rank as usize * self.slots as usize + slot as usize)
                    {
                        at.store(depth, Ordering::Relaxed);
                    }
                    let flag = &self.active[usize::from(depth & 1)][(rank / CHUNK) as usize];
                    if !flag.load(Ordering::Relaxed) {
                        flag.store(true, Ordering::Relaxed);
                    }
                    return Reached {
                        slots: 1,
                        placements: u64::from(first),
                    };
                }
                Err(actual) => old = actual,
            }
        }
    }
}

/// Adds up `expand` over chunks `0..chunks`, on every core where there are threads.
#[cfg(not(target_arch = "wasm32"))]
fn for_each_chunk(chunks: usize, expand: impl Fn(usize) -> Reached + Sync + Send) -> Reached {
    use rayon::prelude::*;
    (0..chunks)
        .into_par_iter()
        .map(expand)
        .reduce(Reached::default, std::ops::Add::add)
}

#[cfg(target_arch = "wasm32")]
fn for_each_chunk(chunks: usize, expand: impl Fn(usize) -> Reached) -> Reached {
    (0..chunks)
        .map(expand)
        .fold(Reached::default(), std::ops::Add::add)
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle_core::Goal;

    /// Without the blank's region the distances are a relaxation: never above the exact ones,
    /// never below the tiles' Manhattan distance, equal at the goal.
    #[test]
    fn the_relaxed_distances_stay_between_manhattan_and_exact() {
        let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
        let puzzle = Puzzle::new(&goal).unwrap();
        let pattern = Pattern::new(&puzzle, &[1, 2, 4, 5]).unwrap();
        let exact = Sweep::<AtomicU64>::new(&puzzle, &pattern, true)
            .unwrap()
            .run(&mut |_, _| true)
            .unwrap();
        let relaxed = Sweep::<AtomicU32>::new(&puzzle, &pattern, false)
            .unwrap()
            .run(&mut |_, _| true)
            .unwrap();
        let target = puzzle.target();
        let mut at = [0u8; 4];
        let mut weaker = 0;
        for rank in 0..pattern.placements() {
            pattern.unrank(rank, &mut at);
            let manhattan: u32 = pattern
                .tiles()
                .iter()
                .zip(at)
                .map(|(&t, cell)| {
                    let (r, c) = (cell / 3, cell % 3);
                    let (gr, gc) = (target[t as usize] / 3, target[t as usize] % 3);
                    u32::from(r.abs_diff(gr) + c.abs_diff(gc))
                })
                .sum();
            let (e, r) = (exact[rank as usize], relaxed[rank as usize]);
            assert!(u32::from(r) >= manhattan && r <= e, "rank {rank}: {r} {e}");
            weaker += usize::from(r < e);
        }
        assert_eq!(relaxed[pattern.rank([0, 1, 3, 4]) as usize], 0);
        // Four tiles of nine do wall the blank in at times: the relaxation is weaker somewhere.
        assert!(weaker > 0);
    }
}
