//! `npuzzle bench FILE`: solve a benchmark set and check every length against its optimum.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use anyhow::{Context, bail};
use npuzzle_core::{Board, Goal, Size};
use npuzzle_search::{DistanceTable, Limits, Puzzle};
use serde_json::json;

use crate::cli::BenchArgs;
use crate::search::{Solvers, run_batch};
use crate::status::Status;

/// One benchmark instance: the position and its known optimal length.
#[derive(Clone)]
struct Instance {
    line: usize,
    board: Board,
    optimal: Option<usize>,
}

/// Runs the command.
pub fn run(args: &BenchArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    match (&args.file, args.every) {
        (Some(file), _) => run_file(args, file, out),
        (None, Some(size)) => run_every(args, size, out),
        (None, None) => bail!("give an instance file or --every WxH"),
    }
}

/// Solves every solvable position of `size` and checks each length against a complete table.
fn run_every(args: &BenchArgs, size: Size, out: &mut dyn Write) -> anyhow::Result<Status> {
    let goal = args.goal.clone().unwrap_or_default().board(size)?;
    let clock = Instant::now();
    let table = DistanceTable::build(&Puzzle::new(&goal)?, Limits::default())?;
    let build = clock.elapsed().as_secs_f64();
    let positions: Vec<(Board, usize)> = (0..table.layer_counts().len())
        .flat_map(|d| table.positions_at(d as u8).map(move |board| (board, d)))
        .take(args.limit.unwrap_or(usize::MAX))
        .collect();
    let solver =
        Solvers::new(args.goal.clone().unwrap_or_default(), &args.search)?.for_board(&goal)?;
    let clock = Instant::now();
    let results = run_batch(&args.search, &positions, |(board, distance)| {
        let solution = solver.solve(board)?;
        let ok = if solution.optimal {
            solution.moves.len() == *distance
        } else {
            solution.moves.len() >= *distance
        };
        Ok::<_, npuzzle_search::SolveError>((ok, solution.stats.expanded))
    })?;
    let wall = clock.elapsed().as_secs_f64();
    let mut failures = 0;
    let mut expanded = 0;
    for ((board, distance), result) in positions.iter().zip(&results) {
        match result {
            Ok((ok, nodes)) => {
                expanded += nodes;
                if !ok {
                    failures += 1;
                    writeln!(out, "MISMATCH at distance {distance}: {board}")?;
                }
            }
            Err(error) => {
                failures += 1;
                writeln!(out, "error on {board}: {error}")?;
            }
        }
    }
    let algorithm = solver.algorithm();
    if args.json {
        let line = json!({
            "size": size.to_string(),
            "positions": positions.len(),
            "failures": failures,
            "expanded": expanded,
            "table_seconds": build,
            "wall_seconds": wall,
            "algorithm": algorithm.name(),
        });
        writeln!(out, "{line}")?;
    } else {
        writeln!(
            out,
            "{size}: {} positions solved by {algorithm} in {wall:.3} s wall, {failures} failures \
             against the BFS table (built in {build:.3} s); {expanded} nodes expanded",
            positions.len()
        )?;
    }
    Ok(if failures == 0 {
        Status::Success
    } else {
        Status::No
    })
}

/// Runs an instance file.
fn run_file(args: &BenchArgs, file: &Path, out: &mut dyn Write) -> anyhow::Result<Status> {
    let text =
        std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
    let (file_goal, mut instances) = parse_instances(&text, file)?;
    if !args.only.is_empty() {
        if let Some(&bad) = args.only.iter().find(|&&i| i == 0 || i > instances.len()) {
            bail!(
                "--only {bad}: the file has instances 1 to {}",
                instances.len()
            );
        }
        instances = args
            .only
            .iter()
            .map(|&i| instances[i - 1].clone())
            .collect();
    }
    if let Some(limit) = args.limit {
        instances.truncate(limit);
    }
    let goal = args.goal.clone().unwrap_or(file_goal);
    let Some(first) = instances.first() else {
        bail!("{}: no instances", file.display());
    };
    let solver = Solvers::new(goal, &args.search)?.for_board(&first.board)?;
    let wall = Instant::now();
    // Instances done, on standard error (drawn only on a terminal): long runs show progress.
    let bar = indicatif::ProgressBar::new(instances.len() as u64).with_style(
        indicatif::ProgressStyle::with_template("{pos}/{len} instances [{bar:30}] {elapsed}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let results = run_batch(&args.search, &instances, |instance| {
        let result = solver.solve(&instance.board);
        bar.inc(1);
        result
    })?;
    bar.finish_and_clear();
    let wall = wall.elapsed().as_secs_f64();

    if !args.json {
        writeln!(
            out,
            "{:>4} {:>6} {:>7} {:>8} {:>14} {:>14} {:>9}",
            "#", "length", "optimum", "ok", "expanded", "generated", "seconds"
        )?;
    }
    let (mut expanded, mut generated, mut seconds, mut failures) = (0u64, 0u64, 0f64, 0usize);
    for (index, (instance, result)) in instances.iter().zip(&results).enumerate() {
        let number = args.only.get(index).copied().unwrap_or(index + 1);
        let solution = match result {
            Ok(solution) => solution,
            Err(error) => {
                failures += 1;
                writeln!(out, "{number:>4} error (line {}): {error}", instance.line)?;
                continue;
            }
        };
        let length = solution.moves.len();
        let ok = match instance.optimal {
            Some(optimum) if solution.optimal => length == optimum,
            Some(optimum) => length >= optimum,
            None => true,
        };
        failures += usize::from(!ok);
        let stats = &solution.stats;
        expanded += stats.expanded;
        generated += stats.generated;
        seconds += stats.elapsed.as_secs_f64();
        if args.json {
            let line = json!({
                "instance": number,
                "position": instance.board.to_string(),
                "length": length,
                "optimum": instance.optimal,
                "ok": ok,
                "optimal": solution.optimal,
                "expanded": stats.expanded,
                "generated": stats.generated,
                "seconds": stats.elapsed.as_secs_f64(),
            });
            writeln!(out, "{line}")?;
        } else {
            let optimum = instance.optimal.map_or("?".to_string(), |o| o.to_string());
            let verdict = match (ok, solution.optimal) {
                (false, _) => "MISMATCH",
                (true, true) => "optimal",
                (true, false) => "valid",
            };
            writeln!(
                out,
                "{number:>4} {length:>6} {optimum:>7} {verdict:>8} {:>14} {:>14} {:>9.3}",
                stats.expanded,
                stats.generated,
                stats.elapsed.as_secs_f64()
            )?;
        }
    }
    let algorithm = results
        .iter()
        .flatten()
        .next()
        .map(|s| match s.heuristic {
            Some(h) => format!("{} with {h}", s.algorithm),
            None => s.algorithm.to_string(),
        })
        .unwrap_or_default();
    if args.json {
        let line = json!({
            "total": instances.len(),
            "failures": failures,
            "expanded": expanded,
            "generated": generated,
            "cpu_seconds": seconds,
            "wall_seconds": wall,
            "algorithm": algorithm,
        });
        writeln!(out, "{line}")?;
    } else {
        let threads = args.search.jobs.unwrap_or_else(rayon::current_num_threads);
        writeln!(
            out,
            "total: {} instances, {failures} failures, {expanded} expanded, {generated} generated, \
             {seconds:.2} s of search, {wall:.2} s wall ({threads} thread{}, {algorithm})",
            instances.len(),
            if threads == 1 { "" } else { "s" },
        )?;
    }
    Ok(if failures == 0 {
        Status::Success
    } else {
        Status::No
    })
}

/// The goal named in the file's comments and the instances of its data lines.
fn parse_instances(text: &str, path: &Path) -> anyhow::Result<(Goal, Vec<Instance>)> {
    let mut goal = Goal::BlankLast;
    let mut instances = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line_number = index + 1;
        let trimmed = line.trim();
        if let Some(comment) = trimmed.strip_prefix('#') {
            let upper = comment.to_ascii_uppercase();
            if upper.contains("GOAL") {
                if upper.contains("BLANK FIRST") || upper.contains("BLANK TOP-LEFT") {
                    goal = Goal::BlankFirst;
                } else if upper.contains("BLANK LAST") {
                    goal = Goal::BlankLast;
                }
            }
            continue;
        }
        if trimmed.is_empty() {
            continue;
        }
        let place = || format!("{} line {line_number}", path.display());
        let numbers = trimmed
            .split_whitespace()
            .map(|t| t.parse::<i64>())
            .collect::<Result<Vec<_>, _>>()
            .with_context(|| format!("{}: expected whole numbers", place()))?;
        let cells = board_cells(&numbers).with_context(|| {
            format!(
                "{}: the line does not start with a square board's tiles",
                place()
            )
        })?;
        let size = Size::square(cells.isqrt())?;
        let tiles = numbers[..cells].iter().map(|&t| t as u32).collect();
        let board = Board::new(size, tiles).with_context(place)?;
        let optimal = numbers.get(cells).and_then(|&o| usize::try_from(o).ok());
        instances.push(Instance {
            line: line_number,
            board,
            optimal,
        });
    }
    Ok((goal, instances))
}

/// The largest square number of leading values that are exactly `0..k`, in some order.
fn board_cells(numbers: &[i64]) -> Option<usize> {
    (2..=16usize)
        .rev()
        .map(|side| side * side)
        .filter(|&k| k <= numbers.len())
        .find(|&k| {
            let mut seen = vec![false; k];
            numbers[..k].iter().all(|&t| {
                usize::try_from(t)
                    .ok()
                    .filter(|&t| t < k && !seen[t])
                    .map(|t| seen[t] = true)
                    .is_some()
            })
        })
}
