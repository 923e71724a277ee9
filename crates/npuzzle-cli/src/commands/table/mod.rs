//! `npuzzle lab --table`: the textbook's comparison of iterative deepening and A* on random
//! 8-puzzles, recomputed beside Russell and Norvig's figures and extended to npuzzle's searches
//! and heuristics (the library's [`npuzzle_search::textbook`]); a row a depth as text, as JSON
//! lines, and a plot of the nodes against the depth.

pub mod fifteen;
mod plot;
mod text;

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use npuzzle_game::Lang;
use npuzzle_search::textbook::{Column, Row, Table};
use npuzzle_settings::ranges::Whole;

use crate::status::Status;

/// The table's settings (`npuzzle lab --table …`).
#[derive(Debug, Args)]
pub struct TableArgs {
    /// Recompute the textbook's table (Russell & Norvig's IDS and A* with h1 and h2 on the
    /// 8-puzzle) instead of watching one search.
    #[arg(long, conflicts_with = "position")]
    pub table: bool,
    /// Positions a depth, dealt uniformly from the complete table.
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = positions, requires = "table")]
    pub count: usize,
    /// The solution depths, comma separated.
    #[arg(long, value_name = "D,…", value_delimiter = ',', default_value = "2,4,6,8,10,12,14,16,18,20,22,24", value_parser = depth, requires = "table")]
    pub depths: Vec<u32>,
    /// The deepest depth iterative deepening is run at (its cost triples a move).
    #[arg(long, value_name = "D", default_value_t = 14, value_parser = depth, requires = "table")]
    pub ids_depth: u32,
    /// The seed of the deal.
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = seed, requires = "table")]
    pub seed: u64,
    /// Only the textbook's three columns.
    #[arg(long, requires = "table")]
    pub textbook: bool,
    /// JSON lines: one object a depth.
    #[arg(long, requires = "table")]
    pub json: bool,
    /// Also draw the nodes against the depth (log scale) into this SVG file.
    #[arg(long, value_name = "FILE.svg", requires = "table")]
    pub plot: Option<PathBuf>,
    /// The 15-puzzle's table instead: the first N of Korf's 100, Korf's 1985 IDA* beside
    /// npuzzle's with each heuristic (seconds to minutes: the first 10 take about 15 s).
    #[arg(long, value_name = "N", value_parser = korf_instances, requires = "table", conflicts_with = "plot")]
    pub fifteen: Option<usize>,
}

fn positions(text: &str) -> Result<usize, String> {
    Whole::TablePositions
        .parse(text)
        .map(|n| n as usize)
        .map_err(|e| e.to_string())
}

fn depth(text: &str) -> Result<u32, String> {
    Whole::TableDepth
        .parse(text)
        .map(|n| n as u32)
        .map_err(|e| e.to_string())
}

fn korf_instances(text: &str) -> Result<usize, String> {
    Whole::KorfInstances
        .parse(text)
        .map(|n| n as usize)
        .map_err(|e| e.to_string())
}

fn seed(text: &str) -> Result<u64, String> {
    Whole::Seed.parse(text).map_err(|e| e.to_string())
}

/// Runs the table: each depth's row as it is done (JSON), or the whole table at the end.
pub fn run(args: &TableArgs, lang: Lang, out: &mut dyn Write) -> anyhow::Result<Status> {
    let columns = match args.textbook {
        true => Column::TEXTBOOK.to_vec(),
        false => Column::all(),
    };
    let table = Table {
        columns,
        positions: args.count,
        deepening_depth: args.ids_depth,
        seed: args.seed,
    };
    let (puzzle, complete) = Table::board()?;
    let clock = std::time::Instant::now();
    let mut rows: Vec<Row> = Vec::new();
    for &depth in &args.depths {
        let row = table.row(&puzzle, &complete, depth)?;
        if args.json {
            writeln!(out, "{}", text::json(&table, &row)?)?;
            out.flush()?;
        }
        rows.push(row);
    }
    if !args.json {
        out.write_all(text::table(&table, &rows, lang, clock.elapsed().as_secs_f64()).as_bytes())?;
    }
    if let Some(path) = &args.plot {
        npuzzle_files::write_atomically(path, plot::svg(&table, &rows, lang).as_bytes())?;
    }
    Ok(Status::Success)
}
