//! `npuzzle stats`: the records of finished games, summarised or exported.

use std::io::Write;

use super::records::Records;
use crate::cli::StatsArgs;
use crate::status::Status;

/// Runs the command.
pub fn run(args: &StatsArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let dir = Records::dir(args.data_dir.as_deref())?;
    let records = Records::open(&dir)?;
    if let Some(notice) = &records.notice {
        eprintln!("npuzzle: {}", crate::status::shown(notice));
    }
    let wanted = args.size.map(|s| s.to_string());
    let games: Vec<_> = records
        .all
        .iter()
        .filter(|r| wanted.as_ref().is_none_or(|w| *w == r.size))
        .collect();
    match args.export.as_deref() {
        Some("json") => {
            writeln!(out, "{}", serde_json::to_string_pretty(&games)?)?;
        }
        Some(_) => {
            writeln!(
                out,
                "size,stm,mtm,milliseconds,seed,assisted,optimal,finished_at"
            )?;
            for r in &games {
                let option = |v: Option<String>| v.unwrap_or_default();
                writeln!(
                    out,
                    "{},{},{},{},{},{},{},{}",
                    crate::status::shown(&r.size),
                    r.stm,
                    r.mtm,
                    r.milliseconds,
                    option(r.seed.map(|s| s.to_string())),
                    r.assisted,
                    option(r.optimal.map(|o| o.to_string())),
                    r.finished_at
                )?;
            }
        }
        None => {
            if games.is_empty() {
                writeln!(out, "no finished games yet (records in {})", dir.display())?;
                return Ok(Status::Success);
            }
            let seconds = |ms: Option<u64>| {
                ms.map_or("—".to_string(), |ms| {
                    format!("{:.2} s", ms as f64 / 1000.0)
                })
            };
            writeln!(
                out,
                "{:<8} {:>7} {:>9} {:>10} {:>10} {:>10} {:>10} {:>10} {:>8}",
                "size", "solves", "assisted", "best", "ao5", "ao12", "ao50", "ao100", "fewest"
            )?;
            for size in records.sizes() {
                if wanted.as_ref().is_some_and(|w| *w != size) {
                    continue;
                }
                let summary = records.summary(&size);
                let assisted = records
                    .all
                    .iter()
                    .filter(|r| r.size == size && r.assisted)
                    .count();
                writeln!(
                    out,
                    "{:<8} {:>7} {:>9} {:>10} {:>10} {:>10} {:>10} {:>10} {:>8}",
                    crate::status::shown(&size),
                    summary.solves,
                    assisted,
                    seconds(summary.best_time),
                    seconds(summary.average_of_5),
                    seconds(summary.average_of_12),
                    seconds(summary.average_of_50),
                    seconds(summary.average_of_100),
                    summary
                        .fewest_moves
                        .map_or("—".to_string(), |m| m.to_string()),
                )?;
            }
        }
    }
    Ok(Status::Success)
}
