//! The files the game and the commands keep (records, saved games) or are given (replays,
//! benchmark sets), by the rules of [`npuzzle_files`]: written whole and only over a regular
//! file, read with a cap.

use std::path::Path;

use anyhow::Context;

/// The most read from a saved game or a records file (a game of a million moves saves in
/// about 20 MB).
pub const MAX_SAVE: u64 = 64 << 20;

/// Writes `bytes` to `path` whole, never over a link, a FIFO or a device (see
/// [`npuzzle_files::write_atomically`]).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    // The error names the file already.
    npuzzle_files::write_atomically(path, bytes).context("not saved")
}

/// The text of a file the user named, at most [`MAX_SAVE`] bytes, without a byte-order mark.
pub fn read_named(path: &Path) -> anyhow::Result<String> {
    // The error names the file already.
    Ok(npuzzle_files::read_named_text(path, MAX_SAVE)?)
}
