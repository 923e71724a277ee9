//! One pattern's database built in memory, plain or zero-aware: what the store saves and what
//! [`super::build_partition`] hands back.

use std::sync::Arc;

use super::build::{distances, distances_by_region};
use super::database::{Layout, PatternDb, pack};
use super::error::PdbError;
use super::pattern::Pattern;
use super::zero_aware::pack_zero_aware;
use crate::Puzzle;

/// A database's layout, packed entries and regions table (empty unless listed), as stored.
pub(crate) struct Packed {
    pub(crate) layout: Layout,
    pub(crate) entries: Vec<u8>,
    pub(crate) regions: Vec<u8>,
    /// Entries capped at [`super::MAX_EXCESS`].
    pub(crate) capped: u64,
}

impl Packed {
    /// Builds the database of `pattern`, zero-aware or not; `progress` as for [`distances`].
    pub(crate) fn build(
        puzzle: &Puzzle,
        pattern: &Pattern,
        zero_aware: bool,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<Packed, PdbError> {
        if zero_aware {
            let by_region = distances_by_region(puzzle, pattern, progress)?;
            let packed = pack_zero_aware(puzzle, pattern, by_region)?;
            return Ok(Packed {
                layout: packed.layout,
                entries: packed.entries,
                regions: packed.regions,
                capped: packed.capped,
            });
        }
        let (entries, capped) = pack(puzzle, pattern, distances(puzzle, pattern, progress)?)?;
        Ok(Packed {
            layout: Layout::Plain,
            entries,
            regions: Vec::new(),
            capped,
        })
    }

    /// The database, used from memory.
    pub(crate) fn into_db(self, puzzle: &Puzzle, pattern: Pattern) -> Result<PatternDb, PdbError> {
        let (entries, regions) = (Arc::new(self.entries), Arc::new(self.regions));
        PatternDb::from_parts(puzzle, pattern, self.layout, entries, regions)
            .ok_or_else(|| PdbError::Internal("entries or regions of another length".to_string()))
    }
}
