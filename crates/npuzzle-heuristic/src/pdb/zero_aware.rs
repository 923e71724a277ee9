//! Packing a zero-aware database, in the smaller of its two layouts ([`Layout`]): listed (the
//! plain entries, with the placements whose regions differ escaped and listed in a regions
//! table, [`super::regions`]) or dense (an entry for every free cell of every placement).

use std::sync::Arc;

use super::build::{RegionDistances, UNSEEN};
use super::database::{Layout, MAX_EXCESS, PatternDb, dense_bytes, nibble, pack};
use super::error::PdbError;
use super::pattern::Pattern;
use super::regions::{LISTED, encode, record, table_bytes};
use crate::Puzzle;

/// Placements handled together when the records are gathered.
const CHUNK: usize = 1 << 16;

/// What packing a zero-aware database gives: its layout, entries and regions table (both as
/// stored), and counts for the record.
#[derive(Clone, Debug)]
pub struct ZeroAwarePacked {
    /// [`Layout::Listed`] or [`Layout::Dense`], whichever takes fewer bytes.
    pub layout: Layout,
    /// The entries, four bits each: listed, one a placement, [`MAX_EXCESS`] for the listed
    /// placements; dense, one for each free cell of each placement.
    pub entries: Vec<u8>,
    /// The regions table (empty when dense).
    pub regions: Vec<u8>,
    /// Placements whose excess was capped at [`MAX_EXCESS`].
    pub capped: u64,
    /// Placements with some region above their least (listed in the table, when there is one).
    pub listed: u64,
}

impl ZeroAwarePacked {
    /// The database, used from memory; `None` when the entries or the regions table do not have
    /// the lengths of `pattern`'s database on `puzzle`.
    pub fn into_db(self, puzzle: &Puzzle, pattern: Pattern) -> Option<PatternDb> {
        let (entries, regions) = (Arc::new(self.entries), Arc::new(self.regions));
        PatternDb::from_parts(puzzle, pattern, self.layout, entries, regions)
    }
}

/// Packs `by_region` (from [`super::distances_by_region`]) into a zero-aware database, in the
/// layout that takes fewer bytes.
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_heuristic::Puzzle;
/// use npuzzle_heuristic::pdb::{self, Pattern};
///
/// let puzzle = Puzzle::new(&Goal::BlankLast.board("3".parse()?)?)?;
/// let pattern = Pattern::new(&puzzle, &[1, 2, 4, 5])?;
/// let by_region = pdb::distances_by_region(&puzzle, &pattern, &mut |_, _| true)?;
/// let packed = pdb::pack_zero_aware(&puzzle, &pattern, by_region)?;
/// assert!(packed.listed > 0);
/// let db = packed.into_db(&puzzle, pattern).unwrap();
/// // Tiles 1, 2, 4, 5 on cells 1, 4, 3, 5 cut the free cells into {0}, {2} and {6, 7, 8}:
/// // with the blank in the corner, tile 1 goes home in one move; from elsewhere it cannot.
/// let plain = pdb::build_partition(&puzzle, &"1,2,4,5/3,6,7,8".parse()?, &mut |_, _, _| {})?;
/// let least = plain.databases()[0].value([1, 4, 3, 5], 7);
/// assert_eq!(db.value([1, 4, 3, 5], 0), least);
/// assert!(db.value([1, 4, 3, 5], 7) > least);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn pack_zero_aware(
    puzzle: &Puzzle,
    pattern: &Pattern,
    by_region: RegionDistances,
) -> Result<ZeroAwarePacked, PdbError> {
    pack_zero_aware_as(puzzle, pattern, &by_region, None)
}

/// [`pack_zero_aware`] in `layout` ([`Layout::Listed`] or [`Layout::Dense`]; the smaller when
/// `None`).
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_heuristic::Puzzle;
/// use npuzzle_heuristic::pdb::{self, Layout, Pattern};
///
/// let puzzle = Puzzle::new(&Goal::BlankLast.board("3".parse()?)?)?;
/// let pattern = Pattern::new(&puzzle, &[1, 2, 4, 5])?;
/// let by_region = pdb::distances_by_region(&puzzle, &pattern, &mut |_, _| true)?;
/// let dense = pdb::pack_zero_aware_as(&puzzle, &pattern, &by_region, Some(Layout::Dense))?;
/// assert_eq!(dense.entries.len(), 9 * 8 * 7 * 6 * 5 / 2); // five free cells a placement
/// let db = dense.into_db(&puzzle, pattern).unwrap();
/// assert!(db.value([1, 4, 3, 5], 7) > db.value([1, 4, 3, 5], 0));
/// assert!(pdb::pack_zero_aware_as(&puzzle, db.pattern(), &by_region, Some(Layout::Plain)).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn pack_zero_aware_as(
    puzzle: &Puzzle,
    pattern: &Pattern,
    by_region: &RegionDistances,
    layout: Option<Layout>,
) -> Result<ZeroAwarePacked, PdbError> {
    if layout == Some(Layout::Plain) {
        return Err(PdbError::Pattern(
            "a zero-aware database is listed or dense, not plain".to_string(),
        ));
    }
    if pattern.placements() >= u64::from(u32::MAX) {
        return Err(PdbError::Pattern(format!(
            "a zero-aware database holds fewer than 2^32 placements, not {}",
            pattern.placements()
        )));
    }
    let (mut entries, capped) = pack(puzzle, pattern, by_region.least().to_vec())?;
    let listed = count_listed(&entries, by_region);
    let dense = dense_bytes(pattern.placements(), by_region.slots() as u64);
    let smaller = if dense < (entries.len() + table_bytes(listed as usize)) as u64 {
        Layout::Dense
    } else {
        Layout::Listed
    };
    if layout.unwrap_or(smaller) == Layout::Dense {
        return Ok(ZeroAwarePacked {
            layout: Layout::Dense,
            entries: spread(&entries, by_region),
            regions: Vec::new(),
            capped,
            listed,
        });
    }
    let records = gather(&entries, by_region);
    for &(rank, _) in &records {
        let (byte, shift) = ((rank / 2) as usize, 4 * (rank & 1));
        entries[byte] |= MAX_EXCESS << shift;
    }
    Ok(ZeroAwarePacked {
        layout: Layout::Listed,
        entries,
        regions: encode(&records),
        capped,
        listed,
    })
}

/// The excess of `rank` with the blank in the region at `slot`, from its least excess `least`
/// and least distance `distance`; the least where no region begins at `slot`.
#[inline]
fn region_excess(
    by_region: &RegionDistances,
    rank: usize,
    slot: u32,
    least: u8,
    distance: u8,
) -> u8 {
    let value = by_region.of(rank as u64, slot);
    if value == UNSEEN || value <= distance {
        return least;
    }
    (u32::from(least) + u32::from(value - distance) / 2).min(u32::from(MAX_EXCESS)) as u8
}

/// The dense entries: for each placement (in rank order) and each slot, the excess of the region
/// beginning there, two a byte.
fn spread(entries: &[u8], by_region: &RegionDistances) -> Vec<u8> {
    let (placements, slots) = (by_region.least().len(), by_region.slots());
    // Whole bytes a chunk: CHUNK placements of any number of slots fill an even count.
    let chunk = |start: usize| {
        let end = (start + CHUNK).min(placements);
        let mut nibbles = Vec::with_capacity((end - start) * slots);
        for rank in start..end {
            let least = nibble(entries, rank as u64);
            let distance = by_region.least()[rank];
            nibbles.extend(
                (0..slots as u32).map(|slot| region_excess(by_region, rank, slot, least, distance)),
            );
        }
        nibbles
            .chunks(2)
            .map(|pair| pair[0] | pair.get(1).map_or(0, |high| high << 4))
            .collect::<Vec<u8>>()
    };
    let starts: Vec<usize> = (0..placements).step_by(CHUNK).collect();
    map_chunks(&starts, chunk).concat()
}

/// The regions of placement `rank` above its least, as (slot, excess); none when its least
/// excess is capped (no region can be told above it).
fn above_least(
    entries: &[u8],
    by_region: &RegionDistances,
    rank: usize,
) -> impl Iterator<Item = (u32, u8)> {
    let least = nibble(entries, rank as u64);
    let distance = by_region.least()[rank];
    let slots = if least >= MAX_EXCESS {
        0
    } else {
        by_region.slots() as u32
    };
    (0..slots).filter_map(move |slot| {
        let value = by_region.of(rank as u64, slot);
        (value != UNSEEN && value > distance)
            .then(|| (slot, region_excess(by_region, rank, slot, least, distance)))
    })
}

/// How many placements have a region above their least: the records a regions table would hold.
fn count_listed(entries: &[u8], by_region: &RegionDistances) -> u64 {
    let placements = by_region.least().len();
    let chunk = |start: usize| {
        (start..(start + CHUNK).min(placements))
            .filter(|&rank| above_least(entries, by_region, rank).next().is_some())
            .count() as u64
    };
    let starts: Vec<usize> = (0..placements).step_by(CHUNK).collect();
    map_chunks(&starts, chunk).into_iter().sum()
}

/// The records of the placements with a region above their least, in rank order.
fn gather(entries: &[u8], by_region: &RegionDistances) -> Vec<(u32, u32)> {
    let placements = by_region.least().len();
    let chunk = |start: usize| {
        let mut records = Vec::new();
        let mut above = Vec::with_capacity(by_region.slots());
        for rank in start..(start + CHUNK).min(placements) {
            above.clear();
            above.extend(above_least(entries, by_region, rank));
            if !above.is_empty() {
                above.sort_by_key(|&(slot, excess)| (std::cmp::Reverse(excess), slot));
                above.truncate(LISTED);
                let least = nibble(entries, rank as u64);
                records.push((rank as u32, record(least, &above)));
            }
        }
        records
    };
    let starts: Vec<usize> = (0..placements).step_by(CHUNK).collect();
    map_chunks(&starts, chunk).concat()
}

#[cfg(not(target_arch = "wasm32"))]
fn map_chunks<T: Send>(starts: &[usize], f: impl Fn(usize) -> T + Sync + Send) -> Vec<T> {
    use rayon::prelude::*;
    starts.par_iter().map(|&s| f(s)).collect()
}

#[cfg(target_arch = "wasm32")]
fn map_chunks<T>(starts: &[usize], f: impl Fn(usize) -> T) -> Vec<T> {
    starts.iter().map(|&s| f(s)).collect()
}
