//! `npuzzle stats`: the records of finished games, summarised or exported.

use std::io::Write;

use super::records::{Record, Records};
use crate::cli::{GamesFormat, StatsArgs};
use crate::status::Status;

/// Runs the command.
pub fn run(args: &StatsArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let dir = Records::dir(args.data_dir.as_deref())?;
    let records = Records::open(&dir)?;
    if let Some(notice) = &records.notice {
        eprintln!("npuzzle: {}", crate::status::shown(notice));
    }
    let wanted = args.size.map(|s| s.to_string());
    let games: Vec<&Record> = records
        .all
        .iter()
        .filter(|r| wanted.as_ref().is_none_or(|w| *w == r.size))
        .collect();
    match args.export {
        Some(GamesFormat::Json) => writeln!(out, "{}", serde_json::to_string_pretty(&games)?)?,
        Some(GamesFormat::Csv) => write_csv(&games, out)?,
        None if games.is_empty() => {
            writeln!(out, "no finished games yet (records in {})", dir.display())?;
        }
        None => write_summary(&records, wanted.as_deref(), out)?,
    }
    Ok(Status::Success)
}

/// Every game of `games` as a line of CSV, after a header line.
fn write_csv(games: &[&Record], out: &mut dyn Write) -> anyhow::Result<()> {
    writeln!(
        out,
        "size,stm,mtm,milliseconds,seed,assisted,optimal,finished_at"
    )?;
    for r in games {
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
    Ok(())
}

/// A line a board size (only `wanted`, if given): solves, assisted ones, the best time, the
/// averages of 5, 12, 50 and 100, and the fewest moves.
fn write_summary(
    records: &Records,
    wanted: Option<&str>,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
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
        if wanted.is_some_and(|w| w != size) {
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
    Ok(())
}
