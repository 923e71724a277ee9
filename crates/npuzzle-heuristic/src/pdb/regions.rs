//! The regions table of a zero-aware database (Clausecker & Reinefeld 2019).
//!
//! A plain database stores, for each placement of its tiles, the distance with the blank where it
//! helps most. Where the pattern's tiles cut the free cells into several regions, the blank's
//! region can matter: a blank walled off from where the tiles must go costs moves to bring back.
//! A zero-aware database keeps those placements' entries at the largest excess (an escape) and
//! lists them here, each with a record of its regions' excesses: the least over its regions,
//! and up to three regions above it, named by their slot (how many free cells precede the
//! region's first, as the builder names them).
//!
//! The table is open addressing with linear probing, eight bytes a slot: the placement's rank in
//! the low half (`u32::MAX`: empty), its record in the high half. It is stored as bytes, so it
//! can be used straight from a file's contents.

use std::sync::Arc;

use super::grid::Grid;
use super::recent;
use crate::Puzzle;

/// The most regions a record names beside its least (any others count as the least).
pub(crate) const LISTED: usize = 3;
/// A record's slot field naming no region.
const NO_SLOT: u32 = 31;
/// An empty slot of the table.
const EMPTY: u64 = u64::MAX;

/// A record: the least excess (four bits), then up to [`LISTED`] regions as (slot, excess), nine
/// bits each; `regions` are those above the least, highest first.
pub(crate) fn record(least: u8, regions: &[(u32, u8)]) -> u32 {
    let mut record = u32::from(least);
    for i in 0..LISTED {
        let (slot, excess) = regions.get(i).copied().unwrap_or((NO_SLOT, 0));
        record |= (slot | u32::from(excess) << 5) << (4 + 9 * i);
    }
    record
}

/// The excess a record gives the blank's region `slot`.
#[inline]
fn excess_in(record: u32, slot: u32) -> u8 {
    for i in 0..LISTED {
        let field = record >> (4 + 9 * i);
        if field & 31 == slot {
            return ((field >> 5) & 15) as u8;
        }
    }
    (record & 15) as u8
}

/// The hash of a rank: the table's slot where its search begins.
#[inline]
fn home(rank: u64, bits: u32) -> usize {
    (rank.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
}

/// The table of `records` (rank, record; distinct ranks below `u32::MAX`), as bytes: a power of
/// two slots, at most 70 % of them used.
pub(crate) fn encode(records: &[(u32, u32)]) -> Vec<u8> {
    let bits = table_slots(records.len()).trailing_zeros();
    let mut slots = vec![EMPTY; 1 << bits];
    let mask = slots.len() - 1;
    for &(rank, record) in records {
        let mut at = home(u64::from(rank), bits);
        while slots[at] != EMPTY {
            at = (at + 1) & mask;
        }
        slots[at] = u64::from(rank) | u64::from(record) << 32;
    }
    slots.iter().flat_map(|s| s.to_le_bytes()).collect()
}

/// The slots of the table of `records` records: a power of two, at most 70 % of them used.
fn table_slots(records: usize) -> usize {
    (records * 10 / 7 + 1).next_power_of_two().max(16)
}

/// The bytes of the table of `records` records ([`encode`]).
pub(crate) fn table_bytes(records: usize) -> usize {
    8 * table_slots(records)
}

/// A zero-aware database's regions table, with the board's masks to find the blank's region.
#[derive(Clone)]
pub(crate) struct RegionTable {
    bytes: Arc<dyn AsRef<[u8]> + Send + Sync>,
    /// This table's number among the records a thread keeps ([`recent`]).
    number: u64,
    bits: u32,
    grid: Arc<Grid>,
}

impl RegionTable {
    /// The table in `bytes` (from [`encode`]) for `puzzle`'s board; `None` when their length is
    /// not a power of two slots of eight bytes.
    pub(crate) fn new(
        puzzle: &Puzzle,
        bytes: Arc<dyn AsRef<[u8]> + Send + Sync>,
    ) -> Option<RegionTable> {
        let slots = (*bytes).as_ref().len() / 8;
        if slots < 2 || !slots.is_power_of_two() || (*bytes).as_ref().len() % 8 != 0 {
            return None;
        }
        Some(RegionTable {
            number: recent::new_table(),
            bits: slots.trailing_zeros(),
            bytes,
            grid: Arc::new(Grid::new(puzzle)),
        })
    }

    /// The table's bytes, shared.
    pub(crate) fn shared_bytes(&self) -> &Arc<dyn AsRef<[u8]> + Send + Sync> {
        &self.bytes
    }

    /// The same table over `bytes` (the same table's, held again: see `PatternDb::downgrade`).
    pub(crate) fn with_bytes(&self, bytes: Arc<dyn AsRef<[u8]> + Send + Sync>) -> RegionTable {
        RegionTable {
            bytes,
            grid: Arc::clone(&self.grid),
            ..*self
        }
    }

    /// The table's bytes.
    pub(crate) fn bytes(&self) -> &[u8] {
        (*self.bytes).as_ref()
    }

    /// The excess of placement `rank` (its tiles on the cells `occupied`) with the blank on cell
    /// `blank`; `None` when the placement is not listed. The record is the one this thread read
    /// last where it is still kept ([`recent`]).
    #[inline]
    pub(crate) fn excess(&self, rank: u64, occupied: u64, blank: u8) -> Option<u8> {
        let rank = u32::try_from(rank).ok()?;
        let record = recent::record(self.number, rank, || self.record(rank))?;
        let free = self.grid.all & !occupied;
        Some(excess_in(record, self.grid.slot(blank, free)))
    }

    /// The record of placement `rank` in the table; `None` when it is not listed.
    fn record(&self, rank: u32) -> Option<u32> {
        let bytes = self.bytes();
        let mask = (1usize << self.bits) - 1;
        let mut at = home(u64::from(rank), self.bits);
        // At most every slot once: a table with no empty slot (a damaged file) cannot hang.
        for _ in 0..=mask {
            let slot = u64::from_le_bytes(
                bytes[8 * at..8 * at + 8]
                    .try_into()
                    .expect("eight bytes a slot"),
            );
            if slot == EMPTY {
                return None;
            }
            if slot & 0xFFFF_FFFF == u64::from(rank) {
                return Some((slot >> 32) as u32);
            }
            at = (at + 1) & mask;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_give_each_listed_region_its_excess_and_the_others_the_least() {
        let r = record(2, &[(5, 9), (0, 4)]);
        assert_eq!([0, 5, 1, 17].map(|slot| excess_in(r, slot)), [4, 9, 2, 2]);
        assert_eq!(excess_in(record(15, &[]), 3), 15);
    }

    #[test]
    fn a_full_table_answers_without_hanging() {
        let puzzle = Puzzle::new(
            &npuzzle_core::Goal::BlankLast
                .board("3".parse().unwrap())
                .unwrap(),
        )
        .unwrap();
        let full: Vec<u8> = (0..16u64)
            .flat_map(|rank| (rank | u64::from(record(7, &[])) << 32).to_le_bytes())
            .collect();
        let table = RegionTable::new(&puzzle, Arc::new(full)).unwrap();
        assert_eq!(table.excess(99, 0b11, 5), None);
        assert_eq!(table.excess(3, 0b11, 5), Some(7));
    }
}
