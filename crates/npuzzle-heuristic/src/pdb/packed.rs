//! One pattern's database built in memory, plain or zero-aware: what the store saves and what
//! [`super::build_partition`] hands back.

use std::sync::Arc;

use super::build::{distances, distances_by_region};
use super::database::{PatternDb, pack};
use super::error::PdbError;
use super::pattern::Pattern;
use super::zero_aware::pack_zero_aware;
use crate::Puzzle;

/// A database's packed entries and regions table (empty for a plain one), as stored.
pub(crate) struct Packed {
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
                entries: packed.entries,
                regions: packed.regions,
                capped: packed.capped,
            });
        }
        let (entries, capped) = pack(puzzle, pattern, distances(puzzle, pattern, progress)?)?;
        Ok(Packed {
            entries,
            regions: Vec::new(),
            capped,
        })
    }

    /// The database, used from memory.
    pub(crate) fn into_db(self, puzzle: &Puzzle, pattern: Pattern) -> Result<PatternDb, PdbError> {
        let entries = Arc::new(self.entries);
        if self.regions.is_empty() {
            return Ok(PatternDb::new(puzzle, pattern, entries));
        }
        PatternDb::zero_aware_from(puzzle, pattern, entries, Arc::new(self.regions))
            .ok_or_else(|| PdbError::Internal("a regions table of another length".to_string()))
    }
}
