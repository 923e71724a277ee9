//! Additive disjoint pattern databases (Korf & Felner 2002; Felner, Korf & Hanan 2004).
//!
//! A [`Partition`] names the patterns; [`build_partition`] builds their databases in memory; a
//! [`Store`] keeps them in a cache folder (finding, building, verifying, loading and removing
//! the files); an [`AdditivePdb`] is the heuristic they make together.

mod additive;
mod build;
mod database;
mod error;
mod grid;
mod machine;
mod opened;
mod packed;
mod partition;
mod pattern;
pub mod policy;
mod recent;
mod regions;
mod storage;
mod store;
mod zero_aware;

pub use additive::{AdditivePdb, MAX_HEURISTIC_CELLS, MAX_PATTERNS, PdbState};
pub use build::{Cost, RegionDistances, UNSEEN, distances, distances_by_region};
pub use database::{Layout, MAX_EXCESS, PatternDb, pack};
pub use error::PdbError;
pub use partition::Partition;
pub use pattern::{MAX_PDB_CELLS, Pattern};
pub use storage::Header;
pub use store::{Entry, Event, Store};
pub use zero_aware::{ZeroAwarePacked, pack_zero_aware, pack_zero_aware_as};

use packed::Packed;

use crate::Puzzle;

/// Checks that `puzzle` and `groups` are within what the additive heuristic holds.
fn check_fits(puzzle: &Puzzle, groups: &[Vec<u8>]) -> Result<(), PdbError> {
    if puzzle.cells() > MAX_HEURISTIC_CELLS || groups.len() > MAX_PATTERNS {
        return Err(PdbError::Pattern(format!(
            "pattern databases are used on boards of at most {MAX_HEURISTIC_CELLS} cells with at most {MAX_PATTERNS} patterns"
        )));
    }
    Ok(())
}

/// Builds the databases of `partition` in memory (zero-aware ones when it says so); `progress`
/// hears the pattern's index, placements reached and placements in all.
///
/// ```
/// use npuzzle_core::{Goal, Size};
/// use npuzzle_heuristic::{Puzzle, pdb};
/// let puzzle = Puzzle::new(&Goal::BlankLast.board(Size::square(3).unwrap()).unwrap()).unwrap();
/// let partition = "1,2,3,4/5,6,7,8".parse().unwrap();
/// let databases = pdb::build_partition(&puzzle, &partition, &mut |_, _, _| {}).unwrap();
/// assert_eq!(databases.databases().len(), 2);
/// let zero = pdb::build_partition(&puzzle, &"z:1,2,3,4/5,6,7,8".parse().unwrap(), &mut |_, _, _| {}).unwrap();
/// assert!(zero.databases().iter().all(|db| db.zero_aware()));
/// ```
pub fn build_partition(
    puzzle: &Puzzle,
    partition: &Partition,
    progress: &mut dyn FnMut(usize, u64, u64),
) -> Result<AdditivePdb, PdbError> {
    let groups = partition.groups(puzzle)?;
    check_fits(puzzle, &groups)?;
    let dbs = groups
        .iter()
        .enumerate()
        .map(|(i, tiles)| {
            let pattern = Pattern::new(puzzle, tiles)?;
            let progress = &mut |done, total| {
                progress(i, done, total);
                true
            };
            Packed::build(puzzle, &pattern, partition.zero_aware(), progress)?
                .into_db(puzzle, pattern)
        })
        .collect::<Result<Vec<_>, PdbError>>()?;
    Ok(AdditivePdb::new(puzzle, dbs))
}
