//! The log of a game's moves (`--log FILE`), one event per line, flushed as it goes.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

use anyhow::Context;
use npuzzle_core::{Board, Slide};

/// A log file being written.
pub struct MoveLog {
    file: BufWriter<File>,
}

impl MoveLog {
    /// Creates (or truncates) the log at `path`.
    pub fn create(path: &Path) -> anyhow::Result<MoveLog> {
        let file =
            File::create(path).with_context(|| format!("creating the log {}", path.display()))?;
        Ok(MoveLog {
            file: BufWriter::new(file),
        })
    }

    /// Writes one line. Logging never stops the game: a failed write is reported once by the
    /// caller's next save, not here.
    pub fn line(&mut self, text: &str) {
        let _ = writeln!(self.file, "{text}").and_then(|()| self.file.flush());
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
