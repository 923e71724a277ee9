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
}

/// An instance file: its goal, the reference solver's name, its positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InstanceFile {
    /// The goal of a `# GOAL:` comment (blank last when none).
    pub goal: Goal,
    /// The name of the reference column (`deepcubea` for `deepcubea_length`).
    pub reference: Option<String>,
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
    /// Reads an instance file.
    ///
    /// A `# COLUMNS: tiles optimal NAME_length NAME_seconds …` comment names the numbers after
    /// the tiles: `optimal` is the proved optimum (`-1` where unknown) and the first `*_length`
    /// column is a reference solver's length; other columns (decimals included) are read and
    /// left aside. Without it, the number after the tiles is the optimum. A comment starting
    /// `GOAL` must name the blank's place (`blank first`, `blank top-left` or `blank last`).
    /// Every data line starts with a whole square board (sizes may differ from line to line).
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
        let mut goal = Goal::BlankLast;
        let mut columns: Vec<String> = vec!["optimal".to_string()];
        let mut instances: Vec<Instance> = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let line_number = index + 1;
            let error = |reason: String| InstanceError {
                line: line_number,
                reason,
            };
            let trimmed = line.trim().trim_start_matches('\u{feff}');
            if let Some(comment) = trimmed.strip_prefix('#') {
                let comment = comment.trim();
                let upper = comment.to_ascii_uppercase();
                if let Some(names) = comment.strip_prefix("COLUMNS:") {
                    let mut names = names.split_whitespace();
                    if names.next() != Some("tiles") {
                        return Err(error("the columns must start with 'tiles'".to_string()));
                    }
                    columns = names.map(str::to_string).collect();
                } else if upper.starts_with("GOAL") {
                    goal = if upper.contains("BLANK FIRST") || upper.contains("BLANK TOP-LEFT") {
                        Goal::BlankFirst
                    } else if upper.contains("BLANK LAST") {
                        Goal::BlankLast
                    } else {
                        return Err(error(format!(
                            "the goal '{comment}' names no blank place: say blank first or blank last"
                        )));
                    };
                }
                continue;
            }
            if trimmed.is_empty() {
                continue;
            }
            let fields: Vec<&str> = trimmed.split_whitespace().collect();
            // The board: the longest square run of leading numbers that holds each tile once.
            let numbers: Vec<i64> = fields.iter().map_while(|t| t.parse().ok()).collect();
            let cells = board_cells(&numbers).ok_or_else(|| {
                error("the line does not start with a square board's tiles".to_string())
            })?;
            let tiles = fields[..cells]
                .iter()
                .map(|t| t.parse::<u32>())
                .collect::<Result<Vec<u32>, _>>()
                .map_err(|_| error("the tiles are not all whole numbers".to_string()))?;
            let size = Size::square(cells.isqrt()).map_err(|e| error(e.to_string()))?;
            let board = Board::new(size, tiles).map_err(|e| error(e.to_string()))?;
            let extra = &fields[cells..];
            if extra.len() > columns.len() {
                return Err(error(format!(
                    "{} numbers after the tiles, but the columns are {}",
                    extra.len(),
                    columns.join(" ")
                )));
            }
            let (mut optimal, mut reference) = (None, None);
            for (name, field) in columns.iter().zip(extra) {
                let value: f64 = field
                    .parse()
                    .ok()
                    .filter(|v: &f64| v.is_finite())
                    .ok_or_else(|| error(format!("column {name} is not a number: '{field}'")))?;
                let length = (value >= 0.0 && value.fract() == 0.0).then_some(value as usize);
                let is_length = name == "optimal" || name.ends_with("_length");
                if is_length && length.is_none() && value != -1.0 {
                    return Err(error(format!(
                        "column {name} must be a length (a whole number, or -1 for unknown), not '{field}'"
                    )));
                }
                if name == "optimal" {
                    optimal = length;
                } else if name.ends_with("_length") && reference.is_none() {
                    reference = length;
                }
            }
            instances.push(Instance {
                line: line_number,
                board,
                optimal,
                reference,
            });
        }
        let reference = columns
            .iter()
            .find_map(|name| name.strip_suffix("_length"))
            .map(str::to_string);
        Ok(InstanceFile {
            goal,
            reference,
            instances,
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
        let short = "1 2 3 4 5 6 7 8 0 22\n1 2 3 4 5 6 7 8\n";
        assert_eq!(InstanceFile::parse(short).unwrap_err().line, 2);
        assert!(InstanceFile::parse("# GOAL: spiral\n").is_err());
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
        ] {
            let text = std::fs::read_to_string(format!("{dir}/{name}")).unwrap();
            let file = InstanceFile::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!((file.instances.len(), file.goal), (count, goal), "{name}");
        }
    }
}
