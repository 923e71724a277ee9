//! The log of a game's moves (`--log FILE`), one event per line, flushed as it goes.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use npuzzle_core::Board;
use npuzzle_game::Slide;

/// A log file being written.
pub struct MoveLog {
    file: BufWriter<File>,
    path: PathBuf,
    /// The first write that failed: nothing more is written, and the game reports it.
    failure: Option<String>,
}

impl MoveLog {
    /// Creates (or truncates) the log at `path`.
    pub fn create(path: &Path) -> anyhow::Result<MoveLog> {
        let file = npuzzle_files::create(path)
            .with_context(|| format!("creating the log {}", path.display()))?;
        Ok(MoveLog {
            file: BufWriter::new(file),
            path: path.to_path_buf(),
            failure: None,
        })
    }

    /// Writes one line and flushes it. A failed write is kept (see [`MoveLog::failure`]) and ends
    /// the logging, not the game.
    pub fn line(&mut self, text: &str) {
        if self.failure.is_some() {
            return;
        }
        if let Err(error) = writeln!(self.file, "{text}").and_then(|()| self.file.flush()) {
            self.failure = Some(format!(
                "writing the move log {}: {error}",
                self.path.display()
            ));
        }
    }

    /// Why the log stopped, if a write failed.
    pub fn failure(&self) -> Option<&str> {
        self.failure.as_deref()
    }

    /// A new game.
    pub fn game(&mut self, start: &Board, seed: Option<u64>) {
        match seed {
            Some(seed) => self.line(&format!("game {start} seed {seed}")),
            None => self.line(&format!("game {start}")),
        }
    }

    /// A slide: the tile moved (for a run, the tile pressed and how many moved), its direction
    /// and the move count after it.
    pub fn slid(&mut self, slide: &Slide, stm: usize) {
        let (tile, m) = (slide.tile, slide.direction);
        match slide.count {
            1 => self.line(&format!("move {stm}: tile {tile} {m}")),
            n => self.line(&format!("move {stm}: tile {tile} {m} ({n} tiles)")),
        }
    }
}
