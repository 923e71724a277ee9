//! `npuzzle pdb`: build, list, verify and remove pattern databases.

use std::io::Write;
use std::time::Instant;

use anyhow::{Context, bail};
use npuzzle_core::{Board, Size};
use npuzzle_search::Puzzle;
use npuzzle_search::pdb::{self, Pattern, storage};

use crate::cli::{PdbAction, PdbArgs};
use crate::databases;
use crate::status::Status;

/// Runs the command.
pub fn run(args: &PdbArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let dir = databases::cache_dir(args.cache_dir.as_deref())?;
    match &args.action {
        PdbAction::Build {
            size,
            goal,
            partition,
            force,
        } => {
            let puzzle = Puzzle::new(&goal.board(*size)?)?;
            let name = partition
                .as_deref()
                .unwrap_or(pdb::default_partition(&puzzle));
            let groups = pdb::partition(&puzzle, name)?;
            if *force {
                for tiles in &groups {
                    let path = dir.join(pdb::file_name(&puzzle, &Pattern::new(&puzzle, tiles)?));
                    let _ = std::fs::remove_file(path);
                }
            }
            let clock = Instant::now();
            let databases = databases::open(&dir, &puzzle, &groups)?;
            let bytes: usize = databases
                .databases()
                .iter()
                .map(|db| db.entries().len())
                .sum();
            writeln!(
                out,
                "{size} partition {name}: {} databases, {:.1} MB, ready in {:.1} s ({})",
                groups.len(),
                bytes as f64 / 1e6,
                clock.elapsed().as_secs_f64(),
                dir.display()
            )?;
            Ok(Status::Success)
        }
        PdbAction::List => {
            let files = files(&dir)?;
            if files.is_empty() {
                writeln!(out, "no pattern databases in {}", dir.display())?;
            }
            for path in files {
                let name = path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                match storage::header(&path) {
                    Ok(h) => writeln!(
                        out,
                        "{name}  {}x{} tiles {:?}  {} entries  {:.1} MB",
                        h.width,
                        h.height,
                        h.tiles,
                        h.entries,
                        std::fs::metadata(&path).map_or(0, |m| m.len()) as f64 / 1e6
                    )?,
                    Err(error) => writeln!(out, "{name}  unreadable: {error}")?,
                }
            }
            Ok(Status::Success)
        }
        PdbAction::Verify => {
            let mut worst = Status::Success;
            for path in files(&dir)? {
                let name = path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                match verify(&path) {
                    Ok(()) => writeln!(out, "{name}  ok")?,
                    Err(error) => {
                        writeln!(out, "{name}  {error:#}")?;
                        worst = Status::No;
                    }
                }
            }
            Ok(worst)
        }
        PdbAction::Remove { files: names, all } => {
            let chosen: Vec<_> = files(&dir)?
                .into_iter()
                .filter(|p| {
                    *all || names
                        .iter()
                        .any(|n| p.file_name().is_some_and(|f| f == n.as_str()))
                })
                .collect();
            if chosen.is_empty() && !*all {
                bail!(
                    "no such database in {}: see npuzzle pdb list",
                    dir.display()
                );
            }
            for path in chosen {
                std::fs::remove_file(&path)
                    .with_context(|| format!("removing {}", path.display()))?;
                writeln!(out, "removed {}", path.display())?;
            }
            Ok(Status::Success)
        }
    }
}

/// The database files in `dir`, sorted.
fn files(dir: &std::path::Path) -> anyhow::Result<Vec<std::path::PathBuf>> {
    let mut files: Vec<_> = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "pdb"))
            .collect(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(e).with_context(|| format!("reading {}", dir.display())),
    };
    files.sort();
    Ok(files)
}

/// Loads a file completely: header, board, pattern, size and checksum.
fn verify(path: &std::path::Path) -> anyhow::Result<()> {
    let header = storage::header(path)?;
    let size = Size::new(header.width as usize, header.height as usize)?;
    let goal = Board::new(size, header.goal.iter().map(|&t| u32::from(t)).collect())?;
    let puzzle = Puzzle::new(&goal)?;
    let pattern = Pattern::new(&puzzle, &header.tiles)?;
    storage::load(path, &puzzle, &pattern)?;
    Ok(())
}
