//! `npuzzle pdb`: build, list, verify and remove pattern databases (the library's
//! [`Store`] does every file operation).

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use anyhow::bail;
use npuzzle_core::Size;
use npuzzle_heuristic::pdb::{Event, Partition, PdbError, Store, policy};
use npuzzle_search::{Puzzle, thresholds};

use crate::cli::{PdbAction, PdbArgs};
use crate::databases;
use crate::status::Status;

/// Runs the command.
pub fn run(args: &PdbArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let store = Store::locate(args.cache_dir.as_deref())?;
    match &args.action {
        PdbAction::Build {
            size,
            goal,
            partition,
            force,
        } => {
            let puzzle = Puzzle::new(&goal.board(*size)?)?;
            let partition = partition
                .clone()
                .unwrap_or_else(|| policy::when_asked(*size));
            build(&store, &puzzle, *size, &partition, *force, out)
        }
        PdbAction::List => list(&store, out),
        PdbAction::Verify => verify(&store, out),
        PdbAction::Remove { files, all } => remove(&store, files, *all, out),
    }
}

/// A file's name, for the listings.
fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Builds (or, with `force`, rebuilds) the databases of `partition` and the machine the board's
/// fastest search uses, then says what is ready.
fn build(
    store: &Store,
    puzzle: &Puzzle,
    size: Size,
    partition: &Partition,
    force: bool,
    out: &mut dyn Write,
) -> anyhow::Result<Status> {
    let clock = Instant::now();
    // Building is for keeping: a database that could not be saved fails the command.
    let mut unsaved = None;
    let (databases, machine) = databases::with_progress(size, |report| {
        let mut watch = |event: Event| {
            if let Event::NotSaved { error } = &event {
                unsaved.get_or_insert_with(|| error.to_string());
            }
            report(event)
        };
        let databases = if force {
            store.rebuild(puzzle, partition, &mut watch)
        } else {
            store.open(puzzle, partition, &mut watch)
        }?;
        let machine = thresholds::stored_machine_depth(size.cells())
            .map(|depth| {
                if force {
                    store.remove_machine(size, depth)?;
                }
                store.machine(size, depth, &mut watch)
            })
            .transpose()?;
        Ok::<_, PdbError>((databases, machine))
    })?;
    if let Some(error) = unsaved {
        bail!("the {size} databases were built but not saved, so nothing is kept: {error}");
    }
    let bytes: usize = databases
        .databases()
        .iter()
        .map(|db| db.entries().len() + db.regions().len())
        .sum();
    writeln!(
        out,
        "{size} partition {partition}: {} databases, {:.1} MB, ready in {:.1} s ({})",
        databases.databases().len(),
        bytes as f64 / 1e6,
        clock.elapsed().as_secs_f64(),
        store.dir().display()
    )?;
    if let Some(fsm) = machine {
        writeln!(
            out,
            "{size} move-pruning machine of depth {}: {} states, {:.1} MB",
            fsm.depth(),
            fsm.states(),
            fsm.states() as f64 * 16.0 / 1e6
        )?;
    }
    Ok(Status::Success)
}

/// Lists the databases and machines in the store, each with its size.
fn list(store: &Store, out: &mut dyn Write) -> anyhow::Result<Status> {
    let entries = store.entries()?;
    if entries.is_empty() {
        writeln!(out, "no pattern databases in {}", store.dir().display())?;
    }
    for entry in entries {
        let name = file_name(&entry.path);
        match entry.header {
            Ok(h) => writeln!(
                out,
                "{name}  {}x{} tiles {:?}  {} entries{}  {:.1} MB",
                h.width,
                h.height,
                h.tiles,
                h.entries,
                if h.zero_aware() {
                    format!(", zero-aware ({})", h.layout)
                } else {
                    String::new()
                },
                megabytes(&entry.path)
            )?,
            Err(error) => writeln!(out, "{name}  unreadable: {error}")?,
        }
    }
    for path in store.machines()? {
        let (name, megabytes) = (file_name(&path), megabytes(&path));
        writeln!(out, "{name}  move-pruning machine  {megabytes:.1} MB")?;
    }
    Ok(Status::Success)
}

/// A file's size in megabytes (0 if it cannot be read).
fn megabytes(path: &Path) -> f64 {
    std::fs::metadata(path).map_or(0, |m| m.len()) as f64 / 1e6
}

/// Checks every database and machine in full; fails if any is damaged.
fn verify(store: &Store, out: &mut dyn Write) -> anyhow::Result<Status> {
    let mut worst = Status::Success;
    for entry in store.entries()? {
        let name = file_name(&entry.path);
        match store.verify(&entry.path) {
            Ok(_) => writeln!(out, "{name}  ok")?,
            Err(error) => {
                writeln!(out, "{name}  {error}")?;
                worst = Status::No;
            }
        }
    }
    for path in store.machines()? {
        let name = file_name(&path);
        match store.verify_machine(&path) {
            Ok(fsm) => writeln!(out, "{name}  ok ({} states)", fsm.states())?,
            Err(error) => {
                writeln!(out, "{name}  {error}")?;
                worst = Status::No;
            }
        }
    }
    Ok(worst)
}

/// Removes the files named, or with `all` every file of the store.
fn remove(
    store: &Store,
    files: &[String],
    all: bool,
    out: &mut dyn Write,
) -> anyhow::Result<Status> {
    if all {
        let (removed, left) = store.remove_all()?;
        for path in removed {
            writeln!(out, "removed {}", path.display())?;
        }
        for error in &left {
            writeln!(out, "left {error}")?;
        }
        return Ok(Status::Success);
    }
    if files.is_empty() {
        bail!("name the databases to remove (see npuzzle pdb list), or give --all");
    }
    for name in files {
        let path = store.remove(name)?;
        writeln!(out, "removed {}", path.display())?;
    }
    Ok(Status::Success)
}
