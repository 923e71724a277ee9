//! Packing a zero-aware database: the plain entries, with the placements whose regions differ
//! escaped and listed in a regions table ([`super::regions`]).

use super::build::{RegionDistances, UNSEEN};
use super::database::{MAX_EXCESS, pack};
use super::error::PdbError;
use super::pattern::Pattern;
use super::regions::{LISTED, encode, record};
use crate::Puzzle;

/// Placements handled together when the records are gathered.
const CHUNK: usize = 1 << 16;

/// What packing a zero-aware database gives: its entries and regions table (both as stored),
/// and counts for the record.
#[derive(Clone, Debug)]
pub struct ZeroAwarePacked {
    /// The entries, four bits each, [`MAX_EXCESS`] for the listed placements.
    pub entries: Vec<u8>,
    /// The regions table.
    pub regions: Vec<u8>,
    /// Placements whose excess was capped at [`MAX_EXCESS`].
    pub capped: u64,
    /// Placements listed in the table (with some region above their least).
    pub listed: u64,
}

/// Packs `by_region` (from [`super::distances_by_region`]) into a zero-aware database.
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_heuristic::Puzzle;
/// use npuzzle_heuristic::pdb::{self, Pattern, PatternDb};
/// use std::sync::Arc;
///
/// let puzzle = Puzzle::new(&Goal::BlankLast.board("3".parse()?)?)?;
/// let pattern = Pattern::new(&puzzle, &[1, 2, 4, 5])?;
/// let by_region = pdb::distances_by_region(&puzzle, &pattern, &mut |_, _| true)?;
/// let packed = pdb::pack_zero_aware(&puzzle, &pattern, by_region)?;
/// assert!(packed.listed > 0);
/// let db = PatternDb::zero_aware_from(&puzzle, pattern, Arc::new(packed.entries), Arc::new(packed.regions)).unwrap();
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
    if pattern.placements() >= u64::from(u32::MAX) {
        return Err(PdbError::Pattern(format!(
            "a zero-aware database holds fewer than 2^32 placements, not {}",
            pattern.placements()
        )));
    }
    let (mut entries, capped) = pack(puzzle, pattern, by_region.least().to_vec())?;
    let records = gather(&entries, &by_region);
    for &(rank, _) in &records {
        let (byte, shift) = ((rank / 2) as usize, 4 * (rank & 1));
        entries[byte] |= MAX_EXCESS << shift;
    }
    Ok(ZeroAwarePacked {
        entries,
        regions: encode(&records),
        capped,
        listed: records.len() as u64,
    })
}

/// The records of the placements with a region above their least, in rank order.
fn gather(entries: &[u8], by_region: &RegionDistances) -> Vec<(u32, u32)> {
    let placements = by_region.least().len();
    let chunk = |start: usize| {
        let mut records = Vec::new();
        let mut above = Vec::with_capacity(by_region.slots());
        for rank in start..(start + CHUNK).min(placements) {
            let least = (entries[rank / 2] >> (4 * (rank & 1))) & 0xF;
            if least >= MAX_EXCESS {
                continue;
            }
            let distance = by_region.least()[rank];
            above.clear();
            for slot in 0..by_region.slots() as u32 {
                let value = by_region.of(rank as u64, slot);
                if value != UNSEEN && value > distance {
                    let excess = (u32::from(least) + u32::from(value - distance) / 2)
                        .min(u32::from(MAX_EXCESS));
                    above.push((slot, excess as u8));
                }
            }
            if !above.is_empty() {
                above.sort_by_key(|&(slot, excess)| (std::cmp::Reverse(excess), slot));
                above.truncate(LISTED);
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
