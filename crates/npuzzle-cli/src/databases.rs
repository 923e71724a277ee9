//! Pattern databases on disk for the command line: where they live, which to use, and building
//! them with a progress bar.

use std::path::{Path, PathBuf};

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use npuzzle_search::Puzzle;
use npuzzle_search::pdb::{self, AdditivePdb, Event, Pattern};

/// The folder of pattern databases: `--cache-dir`, `$NPUZZLE_CACHE_DIR`, or the user's cache.
pub fn cache_dir(flag: Option<&Path>) -> anyhow::Result<PathBuf> {
    flag.map(Path::to_path_buf)
        .or_else(|| std::env::var_os("NPUZZLE_CACHE_DIR").map(PathBuf::from))
        .or_else(|| {
            directories::ProjectDirs::from("", "", "npuzzle").map(|d| d.cache_dir().join("pdb"))
        })
        .context("no cache directory: give --cache-dir or set NPUZZLE_CACHE_DIR")
}

/// Whether every database of `partition` is already built in `dir` (by name; soundness is
/// checked when they are opened).
pub fn built(dir: &Path, puzzle: &Puzzle, partition: &[Vec<u8>]) -> bool {
    partition.iter().all(|tiles| {
        Pattern::new(puzzle, tiles)
            .map(|pattern| dir.join(pdb::file_name(puzzle, &pattern)).is_file())
            .unwrap_or(false)
    })
}

/// Opens the databases of `partition` from `dir`, building what is missing or damaged with a
/// progress bar on standard error.
pub fn open(dir: &Path, puzzle: &Puzzle, partition: &[Vec<u8>]) -> anyhow::Result<AdditivePdb> {
    let mut bar: Option<ProgressBar> = None;
    let size = puzzle.size();
    let result = pdb::open_or_build(dir, puzzle, partition, &mut |event| match event {
        Event::Building { tiles, reason } => {
            eprintln!("npuzzle: building the {size} database of tiles {tiles:?} ({reason})");
            let progress = ProgressBar::new(0).with_style(
                ProgressStyle::with_template("{msg} [{bar:30}] {percent}% {elapsed}")
                    .unwrap_or_else(|_| ProgressStyle::default_bar())
                    .progress_chars("=> "),
            );
            progress.set_message(format!(
                "building the {size} database of tiles {tiles:?} ({reason})"
            ));
            bar = Some(progress);
        }
        Event::Progress(done, total) => {
            if let Some(bar) = &bar {
                bar.set_length(total);
                bar.set_position(done);
            }
        }
        Event::Saved { path, capped } => {
            if let Some(bar) = bar.take() {
                bar.finish_and_clear();
            }
            eprintln!("npuzzle: built {}", path.display());
            if capped > 0 {
                eprintln!(
                    "npuzzle: {capped} entries exceed what 4 bits hold and were lowered (still admissible)"
                );
            }
        }
    });
    Ok(result?)
}
