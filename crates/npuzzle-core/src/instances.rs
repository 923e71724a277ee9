//! Benchmark instance files (`data/instances/*.txt`): one position a line, with its known
//! lengths, the goal and the columns named in `#` comments. Read here once for the benchmark
//! command, the tests and the benches.

use thiserror::Error;

use crate::board::Board;
use crate::geometry::Size;
use crate::goal::Goal;

/// One position of an instance file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// Its line in the file (from 1).
    pub line: usize,
    /// The position.
    pub board: Board,
    /// The proved optimal length, where the file gives one.
    pub optimal: Option<usize>,
    /// A reference solver's length (the first `*_length` column), where the file gives one.
    pub reference: Option<usize>,
    /// Another solver's count of nodes expanded (the first `*_expanded` column), where the file
    /// gives one: what a benchmark compares its own count with.
    pub anchor: Option<u64>,
}

/// An instance file: its goal, the reference solver's name, its positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InstanceFile {
    /// The goal of a `# GOAL:` comment (blank last when none).
    pub goal: Goal,
    /// The name of the reference column (`deepcubea` for `deepcubea_length`).
    pub reference: Option<String>,
    /// The name of the anchor column (`small_zpdb` for `small_zpdb_expanded`).
    pub anchor: Option<String>,
    /// The positions, in file order.
    pub instances: Vec<Instance>,
}

/// A line of an instance file that is not what the format allows.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}: {reason}")]
pub struct InstanceError {
    /// The line (from 1).
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl InstanceFile {
    /// Reads an instance file whole (see [`InstanceReader`] for the format and for reading one
    /// line at a time).
    ///
    /// ```
    /// use npuzzle_core::{Goal, instances::InstanceFile};
    /// let text = "# GOAL: blank first\n# COLUMNS: tiles optimal dca_length dca_seconds\n\
    ///             1 0 2 3 4 5 6 7 8  1 1 0.25\n";
    /// let file = InstanceFile::parse(text).unwrap();
    /// assert_eq!((file.goal, file.reference.as_deref()), (Goal::BlankFirst, Some("dca")));
    /// assert_eq!((file.instances[0].optimal, file.instances[0].line), (Some(1), 3));
    /// assert!(InstanceFile::parse("1 0 2 3 4 5 6 7 8 -3\n").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<InstanceFile, InstanceError> {
        let mut reader = InstanceReader::default();
        let mut instances = Vec::new();
        for (index, line) in text.lines().enumerate() {
            instances.extend(reader.line(index + 1, line)?);
        }
        Ok(InstanceFile {
            goal: reader.goal()?,
            reference: reader.reference(),
            anchor: reader.anchor(),
            instances,
        })
    }
}

/// An instance file read one line at a time, so that a file of any length is read in bounded
/// memory.
///
/// A `# COLUMNS: tiles optimal NAME_length NAME_seconds …` comment names the numbers after the
/// tiles: `optimal` is the proved optimum (`-1` where unknown) and the first `*_length` column is
/// a reference solver's length; the first `*_expanded` column is another solver's count of nodes
/// expanded (`-1` where unknown), for benchmarks to compare with; other columns (decimals
/// included) are read and left aside.
/// Without it, the number after the tiles is the optimum. A comment starting `GOAL` names the
/// goal (`blank first`, `blank-first`, `blank top-left`, `blank last`, or any goal name the
/// command line takes); it comes before the first position. Every data line starts with a whole
/// square board (sizes may differ from line to line).
///
/// ```
/// use npuzzle_core::{Goal, instances::InstanceReader};
/// let mut reader = InstanceReader::default();
/// assert_eq!(reader.line(1, "# GOAL: blank-first").unwrap(), None);
/// let instance = reader.line(2, "1 0 2 3 4 5 6 7 8 1").unwrap().unwrap();
/// assert_eq!((instance.line, instance.optimal), (2, Some(1)));
/// assert_eq!(reader.goal().unwrap(), Goal::BlankFirst);
/// // A length too large for any solution is refused, naming its line.
/// let error = reader.line(3, "1 0 2 3 4 5 6 7 8 99999999999999999999999").unwrap_err();
/// assert_eq!(error.line, 3);
/// ```
#[derive(Clone, Debug)]
pub struct InstanceReader {
    /// The goal the file names, or why its `GOAL` comment cannot be read.
    goal: Result<Goal, InstanceError>,
    columns: Vec<String>,
    /// Positions read so far.
    positions: usize,
}

impl Default for InstanceReader {
    fn default() -> InstanceReader {
        InstanceReader {
            goal: Ok(Goal::BlankLast),
            columns: vec!["optimal".to_string()],
            positions: 0,
        }
    }
}

/// The longest length a column may give (no solution of a board this format holds comes near).
const MAX_LENGTH: u64 = u32::MAX as u64;

impl InstanceReader {
    /// The goal of the file's `# GOAL:` comment (blank last when none), or why it cannot be
    /// read (a caller with a goal of its own may ignore that).
    pub fn goal(&self) -> Result<Goal, InstanceError> {
        self.goal.clone()
    }

    /// The name of the reference column (`deepcubea` for `deepcubea_length`).
    pub fn reference(&self) -> Option<String> {
        self.column("_length")
    }

    /// The name of the anchor column (`small_zpdb` for `small_zpdb_expanded`).
    ///
    /// ```
    /// use npuzzle_core::instances::InstanceReader;
    /// let mut reader = InstanceReader::default();
    /// reader.line(1, "# COLUMNS: tiles optimal rival_expanded").unwrap();
    /// let instance = reader.line(2, "1 0 2 3 4 5 6 7 8 1 12345").unwrap().unwrap();
    /// assert_eq!((reader.anchor().as_deref(), instance.anchor), (Some("rival"), Some(12345)));
    /// assert!(reader.line(3, "1 0 2 3 4 5 6 7 8 1 12.5").is_err());
    /// ```
    pub fn anchor(&self) -> Option<String> {
        self.column("_expanded")
    }

    /// The name of the first column ending in `suffix`, without it.
    fn column(&self, suffix: &str) -> Option<String> {
        self.columns
            .iter()
            .find_map(|name| name.strip_suffix(suffix))
            .map(str::to_string)
    }

    /// Reads line `number` (from 1): the position it holds, `None` for a comment or a blank
    /// line, or what is wrong with it.
    pub fn line(&mut self, number: usize, line: &str) -> Result<Option<Instance>, InstanceError> {
        let error = |reason: String| InstanceError {
            line: number,
            reason,
        };
        let trimmed = line.trim().trim_start_matches('\u{feff}');
        if let Some(comment) = trimmed.strip_prefix('#') {
            self.comment(number, comment.trim()).map_err(error)?;
            return Ok(None);
        }
        if trimmed.is_empty() {
            return Ok(None);
        }
        let fields: Vec<&str> = trimmed.split_whitespace().collect();
        let (board, cells) = leading_board(&fields).map_err(error)?;
        let known = self.columns_of(&fields[cells..]).map_err(error)?;
        self.positions += 1;
        Ok(Some(Instance {
            line: number,
            board,
            optimal: known.optimal,
            reference: known.reference,
            anchor: known.anchor,
        }))
    }

    /// Takes the `COLUMNS:` or `GOAL…` of the comment on line `number` (other comments are
    /// passed over).
    fn comment(&mut self, number: usize, comment: &str) -> Result<(), String> {
        if let Some(names) = comment.strip_prefix("COLUMNS:") {
            let mut names = names.split_whitespace();
            if names.next() != Some("tiles") {
                return Err("the columns must start with 'tiles'".to_string());
            }
            self.columns = names.map(str::to_string).collect();
        } else if comment.to_ascii_uppercase().starts_with("GOAL") {
            if self.positions > 0 {
                return Err("the goal must be named before the first position".to_string());
            }
            self.goal = goal_comment(comment).map_err(|reason| InstanceError {
                line: number,
                reason,
            });
        }
        Ok(())
    }

    /// The optimal length, the first reference length and the first anchor's count from the
    /// numbers after the tiles, by the columns named.
    fn columns_of(&self, extra: &[&str]) -> Result<Known, String> {
        if extra.len() > self.columns.len() {
            return Err(format!(
                "{} numbers after the tiles, but {} named ({}): name every column with a line \
                 '# COLUMNS: tiles optimal NAME …' before the first position",
                extra.len(),
                match self.columns.len() {
                    1 => "only one column is".to_string(),
                    n => format!("only {n} columns are"),
                },
                self.columns.join(" ")
            ));
        }
        let mut known = Known::default();
        let mut anchor_read = false;
        for (name, field) in self.columns.iter().zip(extra) {
            if name.ends_with("_expanded") {
                let count = count_field(name, field)?;
                // The first `*_expanded` column only, even where it says -1.
                if !std::mem::replace(&mut anchor_read, true) {
                    known.anchor = count;
                }
            } else if name == "optimal" {
                known.optimal = length_field(name, field)?;
            } else if name.ends_with("_length") {
                let length = length_field(name, field)?;
                known.reference = known.reference.or(length);
            } else {
                field
                    .parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite())
                    .ok_or_else(|| format!("column {name} is not a number: '{field}'"))?;
            }
        }
        Ok(known)
    }
}

/// What a line's columns tell of its position (each `None` where unknown).
#[derive(Default)]
struct Known {
    optimal: Option<usize>,
    reference: Option<usize>,
    anchor: Option<u64>,
}

/// The board the line's fields begin with (the longest square run of leading numbers that holds
/// each tile once), and how many fields it takes.
fn leading_board(fields: &[&str]) -> Result<(Board, usize), String> {
    let numbers: Vec<i64> = fields.iter().map_while(|t| t.parse().ok()).collect();
    let cells = board_cells(&numbers)
        .ok_or_else(|| "the line does not start with a square board's tiles".to_string())?;
    let tiles = fields[..cells]
        .iter()
        .map(|t| t.parse::<u32>())
        .collect::<Result<Vec<u32>, _>>()
        .map_err(|_| "the tiles are not all whole numbers".to_string())?;
    let size = Size::square(cells.isqrt()).map_err(|e| e.to_string())?;
    let board = Board::new(size, tiles).map_err(|e| e.to_string())?;
    Ok((board, cells))
}

/// A `*_expanded` column's count of nodes (`None` for -1, unknown).
fn count_field(name: &str, field: &str) -> Result<Option<u64>, String> {
    match field.parse::<i64>() {
        Ok(-1) => Ok(None),
        Ok(n) if n >= 0 => Ok(Some(n as u64)),
        _ => Err(format!(
            "column {name} must be a count of nodes (a whole number, or -1 for unknown), not '{field}'"
        )),
    }
}

/// A length column's value (`None` for -1, unknown).
fn length_field(name: &str, field: &str) -> Result<Option<usize>, String> {
    match field.parse::<i64>() {
        Ok(-1) => Ok(None),
        Ok(n) if (0..=MAX_LENGTH as i64).contains(&n) => Ok(Some(n as usize)),
        _ if field.bytes().all(|b| b.is_ascii_digit()) => Err(format!(
            "column {name}: {field} is longer than any solution ({MAX_LENGTH} moves at most)"
        )),
        _ => Err(format!(
            "column {name} must be a length (a whole number, or -1 for unknown), not '{field}'"
        )),
    }
}

/// The goal a `GOAL…` comment names.
fn goal_comment(comment: &str) -> Result<Goal, String> {
    let named = comment[4..].trim_start_matches([':', ' ', '\t']).trim();
    let words = named.to_ascii_uppercase().replace(['-', '_'], " ");
    if words.contains("BLANK FIRST") || words.contains("BLANK TOP LEFT") {
        Ok(Goal::BlankFirst)
    } else if words.contains("BLANK LAST") {
        Ok(Goal::BlankLast)
    } else {
        named.parse().map_err(|_| {
            format!("the goal '{comment}' names no blank place: say blank first or blank last")
        })
    }
}

/// The largest square number of leading values that are exactly `0..k`, in some order.
fn board_cells(numbers: &[i64]) -> Option<usize> {
    (2..=16usize)
        .rev()
        .map(|side| side * side)
        .filter(|&k| k <= numbers.len())
        .find(|&k| {
            let mut seen = vec![false; k];
            numbers[..k].iter().all(|&t| {
                usize::try_from(t)
                    .ok()
                    .filter(|&t| t < k && !seen[t])
                    .map(|t| seen[t] = true)
                    .is_some()
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_is_a_position_of_the_files_size_or_an_error() {
        let twice = "1 2 3 4 5 6 7 8 0 1 2 3 4 5 6 7 8 0\n";
        let error = InstanceFile::parse(twice).unwrap_err();
        assert!(error.reason.contains("numbers after the tiles"), "{error}");
        // Lines cut from a file without its column header: the fix is named (issue 64).
        let cut = "1 2 3 4 5 6 7 8 0 22 4096 8192 9000\n";
        let error = InstanceFile::parse(cut).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1: 4 numbers after the tiles, but only one column is named (optimal): name \
             every column with a line '# COLUMNS: tiles optimal NAME …' before the first position"
        );
        let short = "1 2 3 4 5 6 7 8 0 22\n1 2 3 4 5 6 7 8\n";
        assert_eq!(InstanceFile::parse(short).unwrap_err().line, 2);
        assert!(InstanceFile::parse("# GOAL: somewhere\n").is_err());
        assert_eq!(
            InstanceFile::parse("# GOAL: spiral\n").unwrap().goal,
            Goal::Spiral
        );
        assert_eq!(
            InstanceFile::parse("# GOAL: blank-first\n").unwrap().goal,
            Goal::BlankFirst
        );
        let late = "1 2 3 4 5 6 7 8 0 22\n# GOAL: blank first\n";
        assert_eq!(InstanceFile::parse(late).unwrap_err().line, 2);
        assert!(InstanceFile::parse("1 2 3 4 5 6 7 8 0 2.5\n").is_err());
        let unknown = InstanceFile::parse("1 2 3 4 5 6 7 8 0 -1\n").unwrap();
        assert_eq!(unknown.instances[0].optimal, None);
    }

    /// Every shipped file reads whole.
    #[test]
    fn the_shipped_files_read() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/instances");
        for (name, count, goal) in [
            ("korf100.txt", 100, Goal::BlankFirst),
            ("korf24_50.txt", 50, Goal::BlankFirst),
            ("deepcubea24.txt", 496, Goal::BlankLast),
            ("seed_examples.txt", 4, Goal::BlankLast),
            ("hard17_15puzzle.txt", 17, Goal::BlankLast),
        ] {
            let text = std::fs::read_to_string(format!("{dir}/{name}")).unwrap();
            let file = InstanceFile::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!((file.instances.len(), file.goal), (count, goal), "{name}");
        }
    }
}
