//! Local statistics: every finished game per board size, with best time, fewest moves and
//! averages of 5 and 12, kept in the user's data directory.

use std::path::{Path, PathBuf};

use anyhow::Context;
use npuzzle_core::{Size, Summary as GameSummary};
use serde::{Deserialize, Serialize};

/// One finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Board size, `WxH`.
    pub size: String,
    /// Moves, single-tile metric.
    pub stm: usize,
    /// Moves, multi-tile metric.
    pub mtm: usize,
    /// Time from the first move to the win.
    pub milliseconds: u64,
    /// The seed of the game, when it came from one.
    pub seed: Option<u64>,
    /// Whether hints or the solver were used.
    pub assisted: bool,
    /// The optimal length of the start, when known.
    pub optimal: Option<usize>,
    /// When it was played, in seconds since 1970.
    pub finished_at: u64,
}

impl Record {
    /// The record of a game won now on a `size` board.
    pub fn new(
        size: Size,
        summary: GameSummary,
        seed: Option<u64>,
        optimal: Option<usize>,
    ) -> Record {
        Record {
            size: size.to_string(),
            stm: summary.stm,
            mtm: summary.mtm,
            milliseconds: summary.milliseconds,
            seed,
            assisted: summary.assisted,
            optimal,
            finished_at: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs()),
        }
    }

    /// The game's figures, as the core reports them.
    pub fn summary(&self) -> GameSummary {
        GameSummary {
            stm: self.stm,
            mtm: self.mtm,
            milliseconds: self.milliseconds,
            assisted: self.assisted,
        }
    }
}

/// The records of one size, summarised (unassisted games only).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Statistics {
    /// Games finished without help.
    pub solves: usize,
    /// Best time, in milliseconds.
    pub best_time: Option<u64>,
    /// Fewest moves (STM).
    pub fewest_moves: Option<usize>,
    /// Average of the last 5 times, best and worst dropped.
    pub average_of_5: Option<u64>,
    /// Average of the last 12 times, best and worst dropped.
    pub average_of_12: Option<u64>,
}

/// The file of records.
pub struct Records {
    path: PathBuf,
    /// Every record, oldest first.
    pub all: Vec<Record>,
}

impl Records {
    /// The data directory: `$NPUZZLE_DATA_DIR`, else the platform's (XDG on Linux).
    pub fn default_dir() -> Option<PathBuf> {
        std::env::var_os("NPUZZLE_DATA_DIR")
            .map(PathBuf::from)
            .or_else(|| {
                directories::ProjectDirs::from("", "", "npuzzle")
                    .map(|d| d.data_dir().to_path_buf())
            })
    }

    /// Opens the records in `dir` (none yet is an empty list).
    pub fn open(dir: &Path) -> anyhow::Result<Records> {
        let path = dir.join("records.json");
        let all = match std::fs::read_to_string(&path) {
            Ok(text) => serde_json::from_str(&text).with_context(|| {
                format!(
                    "{} is damaged; move it away to start afresh",
                    path.display()
                )
            })?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
        };
        Ok(Records { path, all })
    }

    /// Adds a record and saves the file (written beside it, then renamed into place).
    pub fn add(&mut self, record: Record) -> anyhow::Result<()> {
        self.all.push(record);
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        }
        let temporary = self
            .path
            .with_extension(format!("json.{}", std::process::id()));
        std::fs::write(&temporary, serde_json::to_string_pretty(&self.all)?)
            .with_context(|| format!("writing {}", temporary.display()))?;
        std::fs::rename(&temporary, &self.path)
            .with_context(|| format!("saving {}", self.path.display()))
    }

    /// The summary of one size.
    pub fn summary(&self, size: &str) -> Statistics {
        let games: Vec<&Record> = self
            .all
            .iter()
            .filter(|r| r.size == size && !r.assisted)
            .collect();
        let times: Vec<u64> = games.iter().map(|r| r.milliseconds).collect();
        Statistics {
            solves: games.len(),
            best_time: times.iter().copied().min(),
            fewest_moves: games.iter().map(|r| r.stm).min(),
            average_of_5: trimmed_average(&times, 5),
            average_of_12: trimmed_average(&times, 12),
        }
    }

    /// The sizes played, in order of first appearance.
    pub fn sizes(&self) -> Vec<String> {
        let mut sizes: Vec<String> = Vec::new();
        for record in &self.all {
            if !sizes.contains(&record.size) {
                sizes.push(record.size.clone());
            }
        }
        sizes
    }
}

/// The mean of the last `n` values without their best and worst (the speedcubing average).
pub fn trimmed_average(values: &[u64], n: usize) -> Option<u64> {
    if values.len() < n || n < 3 {
        return None;
    }
    let mut last: Vec<u64> = values[values.len() - n..].to_vec();
    last.sort_unstable();
    let middle = &last[1..n - 1];
    Some(middle.iter().sum::<u64>() / middle.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn averages_drop_best_and_worst() {
        assert_eq!(trimmed_average(&[10, 20, 30, 40, 1000], 5), Some(30));
        assert_eq!(trimmed_average(&[10, 20, 30, 40], 5), None);
        assert_eq!(trimmed_average(&[5, 10, 20, 30, 40, 1000], 5), Some(30));
    }
}
