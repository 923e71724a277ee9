//! Partitions of the tiles into disjoint patterns: parsed once from text, shown the same way,
//! turned into tile groups for a particular goal.

use std::fmt;
use std::str::FromStr;

use super::error::PdbError;
use crate::Puzzle;

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

/// The largest group `auto` makes keeps each database under this many entries (seconds to build).
const AUTO_ENTRIES: u64 = 20_000_000;

/// A partition of the tiles into patterns, one database each.
///
/// ```
/// use npuzzle_core::{Goal, Size};
/// use npuzzle_heuristic::Puzzle;
/// use npuzzle_heuristic::pdb::Partition;
///
/// let five: Partition = "555".parse().unwrap();
/// assert_eq!(five.to_string(), "555");
/// let puzzle = Puzzle::new(&Goal::BlankLast.board(Size::square(4).unwrap()).unwrap()).unwrap();
/// assert_eq!(five.groups(&puzzle).unwrap().len(), 3);
///
/// let lists: Partition = "1,2,3/4,5,6,7/8,9,10,11,12,13,14,15".parse().unwrap();
/// assert_eq!(lists.to_string(), "1,2,3/4,5,6,7/8,9,10,11,12,13,14,15");
/// assert!("1,2/x".parse::<Partition>().is_err());
/// assert_eq!(npuzzle_heuristic::pdb::policy::when_asked(Size::square(5).unwrap()).to_string(), "z:6666");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Partition {
    /// One of Korf's and Felner's partitions: `555`, `663`, `78` (4×4), `6666` (5×5).
    Named(&'static str),
    /// Groups of goal cells in reading order, as large as build in seconds.
    Auto,
    /// Explicit tile lists, such as `1,2,3/4,5,6,7/8,9,10,11,12,13,14,15`.
    Tiles(Vec<Vec<u8>>),
    /// The same patterns in zero-aware databases, written `z:` before the partition (`z:6666`):
    /// a distance for each region of free cells the blank may be in, not only the least
    /// (Clausecker & Reinefeld 2019). Stronger, and takes more memory to build and to hold.
    ZeroAware(Box<Partition>),
}

impl Partition {
    /// The tiles of each pattern for `puzzle`'s goal; refused when the partition is for another
    /// board or does not name every tile exactly once.
    pub fn groups(&self, puzzle: &Puzzle) -> Result<Vec<Vec<u8>>, PdbError> {
        let size = puzzle.size();
        let (n, goal) = (size.cells(), puzzle.goal_cells());
        let blank = puzzle.target()[0] as usize;
        match self {
            Partition::Tiles(groups) => {
                let mut all: Vec<u8> = groups.concat();
                all.sort_unstable();
                if all.iter().copied().ne(1..n as u8) {
                    return Err(PdbError::Partition(format!(
                        "the partition {self} must name every tile from 1 to {} exactly once",
                        n - 1
                    )));
                }
                Ok(groups.clone())
            }
            Partition::Named(name) => {
                let (_, side, cells) = NAMED
                    .iter()
                    .find(|(named, ..)| named == name)
                    .ok_or_else(|| PdbError::Partition(format!("unknown partition '{name}'")))?;
                if size.width() != *side || size.height() != *side {
                    return Err(PdbError::Partition(format!(
                        "the {name} partition is for {side}x{side} boards, not {size}"
                    )));
                }
                let turn = match blank {
                    0 => false,
                    b if b == n - 1 => true,
                    _ => {
                        return Err(PdbError::Partition(format!(
                            "the {name} partition needs the goal's blank in a corner cell (first or last); use auto"
                        )));
                    }
                };
                Ok(cells
                    .iter()
                    .map(|group| {
                        group
                            .iter()
                            .map(|&c| goal[if turn { n - 1 - c } else { c }])
                            .collect()
                    })
                    .collect())
            }
            Partition::ZeroAware(plain) => plain.groups(puzzle),
            Partition::Auto => {
                let tiles: Vec<u8> = (0..n).filter(|&c| c != blank).map(|c| goal[c]).collect();
                let mut group = 1;
                while group < tiles.len()
                    && ((n - group)..=n).map(|x| x as u64).product::<u64>() <= AUTO_ENTRIES
                {
                    group += 1;
                }
                Ok(tiles.chunks(group).map(<[u8]>::to_vec).collect())
            }
        }
    }

    /// Whether the databases are zero-aware.
    ///
    /// ```
    /// use npuzzle_heuristic::pdb::Partition;
    /// let zero: Partition = "z:6666".parse().unwrap();
    /// assert!(zero.zero_aware() && zero.to_string() == "z:6666");
    /// assert!(!"6666".parse::<Partition>().unwrap().zero_aware());
    /// assert!("z:z:6666".parse::<Partition>().is_err());
    /// ```
    pub fn zero_aware(&self) -> bool {
        matches!(self, Partition::ZeroAware(_))
    }
}

impl FromStr for Partition {
    type Err = PdbError;

    fn from_str(text: &str) -> Result<Partition, PdbError> {
        let text = text.trim();
        if let Some(plain) = text.strip_prefix("z:") {
            return match plain.parse()? {
                Partition::ZeroAware(_) => Err(PdbError::Partition(format!(
                    "'{text}': write z: once, before the partition"
                ))),
                plain => Ok(Partition::ZeroAware(Box::new(plain))),
            };
        }
        if text == "auto" {
            return Ok(Partition::Auto);
        }
        if let Some((name, ..)) = NAMED.iter().find(|(name, ..)| *name == text) {
            return Ok(Partition::Named(name));
        }
        if !text.contains([',', '/']) {
            return Err(PdbError::Partition(format!(
                "unknown partition '{text}': use 555, 663, 78 (4x4), 6666 (5x5), auto, or tile lists like 1,2,3/4,5,6, with z: before it for zero-aware databases"
            )));
        }
        let groups = text
            .split('/')
            .map(|group| {
                group
                    .split(',')
                    .map(|t| t.trim().parse::<u8>().ok().filter(|&t| t > 0))
                    .collect::<Option<Vec<u8>>>()
                    .ok_or_else(|| {
                        PdbError::Partition(format!("'{group}' is not a list of tile numbers"))
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Partition::Tiles(groups))
    }
}

impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Partition::Named(name) => f.write_str(name),
            Partition::Auto => f.write_str("auto"),
            Partition::ZeroAware(plain) => write!(f, "z:{plain}"),
            Partition::Tiles(groups) => {
                let groups: Vec<String> = groups
                    .iter()
                    .map(|g| g.iter().map(u8::to_string).collect::<Vec<_>>().join(","))
                    .collect();
                f.write_str(&groups.join("/"))
            }
        }
    }
}
