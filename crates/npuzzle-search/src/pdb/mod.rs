//! Additive disjoint pattern databases (Korf & Felner 2002; Felner, Korf & Hanan 2004).

mod additive;
mod build;
mod database;
mod pattern;
pub mod storage;

pub use additive::{AdditivePdb, MAX_HEURISTIC_CELLS, MAX_PATTERNS, PdbState};
pub use build::{MAX_BUILD_BYTES, distances};
pub use database::{MAX_EXCESS, PatternDb, pack};
pub use pattern::{MAX_PDB_CELLS, Pattern};

use std::path::Path;
use std::sync::Arc;

use crate::error::SolveError;
use crate::puzzle::Puzzle;

/// Builds the databases of a partition of the tiles, in memory.
pub fn build_partition(
    puzzle: &Puzzle,
    partition: &[Vec<u8>],
    progress: &mut dyn FnMut(usize, u64, u64),
) -> Result<AdditivePdb, SolveError> {
    if puzzle.cells() > MAX_HEURISTIC_CELLS {
        return Err(SolveError::Unsupported(format!(
            "pattern-database search handles boards of at most {MAX_HEURISTIC_CELLS} cells"
        )));
    }
    if partition.len() > MAX_PATTERNS {
        return Err(SolveError::Unsupported(format!(
            "at most {MAX_PATTERNS} patterns"
        )));
    }
    let dbs = partition
        .iter()
        .enumerate()
        .map(|(i, tiles)| {
            let pattern = Pattern::new(puzzle, tiles)?;
            let values = distances(puzzle, &pattern, &mut |done, total| {
                progress(i, done, total)
            })?;
            let (entries, _) = pack(puzzle, &pattern, values)?;
            Ok(PatternDb::new(puzzle, pattern, Arc::new(entries)))
        })
        .collect::<Result<Vec<_>, SolveError>>()?;
    Ok(AdditivePdb::new(puzzle, dbs))
}

/// Korf's and Felner's partitions, as goal cells for a goal with the blank in cell 0 (they are
/// turned by 180° for a goal with the blank in the last cell).
const NAMED: [(&str, usize, &[&[usize]]); 4] = [
    (
        "555",
        4,
        &[&[1, 2, 3, 5, 6], &[4, 7, 8, 11, 12], &[9, 10, 13, 14, 15]],
    ),
    (
        "663",
        4,
        &[&[1, 4, 5, 8, 9, 12], &[2, 3, 6, 7, 10, 11], &[13, 14, 15]],
    ),
    (
        "78",
        4,
        &[&[1, 2, 3, 4, 5, 6, 7], &[8, 9, 10, 11, 12, 13, 14, 15]],
    ),
    (
        "6666",
        5,
        &[
            &[1, 2, 5, 6, 7, 12],
            &[3, 4, 8, 9, 13, 14],
            &[10, 11, 15, 16, 20, 21],
            &[17, 18, 19, 22, 23, 24],
        ],
    ),
];

/// The default partition's name for a board: the best that builds in seconds.
pub fn default_partition(puzzle: &Puzzle) -> &'static str {
    match (puzzle.size().width(), puzzle.size().height()) {
        (4, 4) => "663",
        (5, 5) => "6666",
        _ => "auto",
    }
}

/// The tiles of each pattern of partition `name`: `555`, `663`, `78` (4x4), `6666` (5x5),
/// `auto` (groups of goal cells in reading order, as large as build in seconds), or explicit
/// tile lists such as `1,2,3/4,5,6,7/8,9,10,11,12,13,14,15`.
pub fn partition(puzzle: &Puzzle, name: &str) -> Result<Vec<Vec<u8>>, SolveError> {
    let size = puzzle.size();
    let (n, goal) = (size.cells(), puzzle.goal_cells());
    let blank = puzzle.target()[0] as usize;
    if name.contains(',') || name.contains('/') {
        let groups = name
            .split('/')
            .map(|group| {
                group
                    .split(',')
                    .map(|t| t.trim().parse::<u8>())
                    .collect::<Result<Vec<u8>, _>>()
                    .map_err(|_| {
                        SolveError::Unsupported(format!("'{group}' is not a list of tile numbers"))
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut all: Vec<u8> = groups.concat();
        all.sort_unstable();
        if all != (1..n as u8).collect::<Vec<_>>() {
            return Err(SolveError::Unsupported(format!(
                "a partition must name every tile from 1 to {} exactly once",
                n - 1
            )));
        }
        return Ok(groups);
    }
    if let Some((_, side, cells)) = NAMED.iter().find(|(named, ..)| *named == name) {
        if size.width() != *side || size.height() != *side {
            return Err(SolveError::Unsupported(format!(
                "the {name} partition is for {side}x{side} boards"
            )));
        }
        let turn = match blank {
            0 => false,
            b if b == n - 1 => true,
            _ => {
                return Err(SolveError::Unsupported(format!(
                    "the {name} partition needs the goal's blank in a corner cell (first or last); use auto"
                )));
            }
        };
        return Ok(cells
            .iter()
            .map(|group| {
                group
                    .iter()
                    .map(|&c| goal[if turn { n - 1 - c } else { c }])
                    .collect()
            })
            .collect());
    }
    if name != "auto" {
        return Err(SolveError::Unsupported(format!(
            "unknown partition '{name}': use 555, 663, 78 (4x4), 6666 (5x5), auto, or tile lists like 1,2,3/4,5,6"
        )));
    }
    // Groups as large as keep each database under 20 million entries.
    let tiles: Vec<u8> = (0..n).filter(|&c| c != blank).map(|c| goal[c]).collect();
    let mut group = 1;
    while group < tiles.len() && ((n - group)..=n).map(|x| x as u64).product::<u64>() <= 20_000_000
    {
        group += 1;
    }
    Ok(tiles.chunks(group).map(<[u8]>::to_vec).collect())
}

/// The file name of a pattern's database: board, a checksum of the goal, and the tiles.
pub fn file_name(puzzle: &Puzzle, pattern: &Pattern) -> String {
    let tiles: Vec<String> = pattern.tiles().iter().map(u8::to_string).collect();
    format!(
        "{}-g{:08x}-{}.pdb",
        puzzle.size(),
        crc32fast::hash(puzzle.goal_cells()),
        tiles.join("-")
    )
}

/// What [`open_or_build`] reports as it goes.
pub enum Event<'a> {
    /// A database is being built (the reason: missing, damaged, …).
    Building {
        /// The pattern's tiles.
        tiles: &'a [u8],
        /// Why it is built.
        reason: String,
    },
    /// Building progress: placements reached of all.
    Progress(u64, u64),
    /// A database was built and saved.
    Saved {
        /// Its file.
        path: &'a Path,
        /// How many entries were capped at [`MAX_EXCESS`] (weaker, still admissible).
        capped: u64,
    },
}

/// The databases of `partition` from the folder `dir`: each loaded by memory map, or built and
/// saved first when it is missing, damaged or for something else (with `report` told why).
pub fn open_or_build(
    dir: &Path,
    puzzle: &Puzzle,
    partition: &[Vec<u8>],
    report: &mut dyn FnMut(Event),
) -> Result<AdditivePdb, SolveError> {
    if puzzle.cells() > MAX_HEURISTIC_CELLS || partition.len() > MAX_PATTERNS {
        return Err(SolveError::Unsupported(format!(
            "pattern databases are used on boards of at most {MAX_HEURISTIC_CELLS} cells with at most {MAX_PATTERNS} patterns"
        )));
    }
    let mut dbs = Vec::new();
    for tiles in partition {
        let pattern = Pattern::new(puzzle, tiles)?;
        let path = dir.join(file_name(puzzle, &pattern));
        let db = match storage::load(&path, puzzle, &pattern) {
            Ok(db) => db,
            Err(error) => {
                let reason = match &error {
                    storage::StorageError::Missing(_) => "not built yet".to_string(),
                    other => other.to_string(),
                };
                report(Event::Building { tiles, reason });
                let values = distances(puzzle, &pattern, &mut |done, total| {
                    report(Event::Progress(done, total))
                })?;
                let (entries, capped) = pack(puzzle, &pattern, values)?;
                storage::save(&path, puzzle, &pattern, &entries)
                    .map_err(|e| SolveError::Unsupported(e.to_string()))?;
                report(Event::Saved {
                    path: &path,
                    capped,
                });
                storage::load(&path, puzzle, &pattern)
                    .map_err(|e| SolveError::Unsupported(e.to_string()))?
            }
        };
        dbs.push(db);
    }
    Ok(AdditivePdb::new(puzzle, dbs))
}
