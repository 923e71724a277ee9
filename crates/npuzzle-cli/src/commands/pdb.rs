//! `npuzzle pdb`: build, list, verify and remove pattern databases (the library's
//! [`Store`] does every file operation).

use std::io::Write;
use std::time::Instant;

use anyhow::bail;
use npuzzle_heuristic::pdb::{Event, Store, policy};
use npuzzle_search::{Puzzle, thresholds};

use crate::cli::{PdbAction, PdbArgs};
use crate::databases;
use crate::status::Status;

/// Runs the command.
pub fn run(args: &PdbArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let store = Store::locate(args.cache_dir.as_deref())?;
    let file_name = |path: &std::path::Path| {
        path.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
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
            let clock = Instant::now();
            // Building is for keeping: a database that could not be saved fails the command.
            let mut unsaved = None;
            let databases = databases::with_progress(*size, |report| {
                let mut watch = |event: Event| {
                    if let Event::NotSaved { error } = &event {
                        unsaved.get_or_insert_with(|| error.to_string());
                    }
                    report(event)
                };
                let databases = if *force {
                    store.rebuild(&puzzle, &partition, &mut watch)
                } else {
                    store.open(&puzzle, &partition, &mut watch)
                }?;
                let machine = thresholds::stored_machine_depth(size.cells())
                    .map(|depth| {
                        if *force {
                            store.remove_machine(*size, depth)?;
                        }
                        store.machine(*size, depth, &mut watch)
                    })
                    .transpose()?;
                Ok::<_, npuzzle_heuristic::pdb::PdbError>((databases, machine))
            })?;
            let (databases, machine) = databases;
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
        PdbAction::List => {
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
                        std::fs::metadata(&entry.path).map_or(0, |m| m.len()) as f64 / 1e6
                    )?,
                    Err(error) => writeln!(out, "{name}  unreadable: {error}")?,
                }
            }
            for path in store.machines()? {
                let megabytes = std::fs::metadata(&path).map_or(0, |m| m.len()) as f64 / 1e6;
                writeln!(
                    out,
                    "{}  move-pruning machine  {megabytes:.1} MB",
                    file_name(&path)
                )?;
            }
            Ok(Status::Success)
        }
        PdbAction::Verify => {
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
        PdbAction::Remove { files, all } => {
            if *all {
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
    }
}
