//! `npuzzle bench --every WxH`: every solvable position of a small board, each length checked
//! against a complete breadth-first table.

use std::io::Write;
use std::time::Instant;

use npuzzle_core::{Board, Size};
use npuzzle_search::{DistanceTable, Limits, Puzzle, SolveError};
use serde_json::json;

use crate::cli::BenchArgs;
use crate::search::{Batch, Prepared};
use crate::status::Status;

/// A position's answer: whether its length agrees with the table, and the nodes it took.
type Checked = Result<(bool, u64), SolveError>;

/// Solves every solvable position of `size` and checks each length against a complete table.
pub(super) fn run(args: &BenchArgs, size: Size, out: &mut dyn Write) -> anyhow::Result<Status> {
    let goal = args.goal.clone().unwrap_or_default().board(size)?;
    let clock = Instant::now();
    let table = DistanceTable::build(&Puzzle::new(&goal)?, Limits::default())?;
    let build = clock.elapsed().as_secs_f64();
    let positions: Vec<(Board, usize)> = (0..table.layer_counts().len())
        .flat_map(|d| table.positions_at(d as u8).map(move |board| (board, d)))
        .take(args.limit.unwrap_or(usize::MAX))
        .collect();
    let (solver, _) =
        Prepared::new(args.goal.clone().unwrap_or_default(), &args.search)?.for_board(&goal)?;
    let clock = Instant::now();
    let results: Vec<Checked> = Batch::new(&args.search)?.run(&positions, |(board, distance)| {
        let solution = solver.solve(board)?;
        let ok = if solution.optimal {
            solution.moves.len() == *distance
        } else {
            solution.moves.len() >= *distance
        };
        Ok::<_, SolveError>((ok, solution.stats.expanded))
    });
    let wall = clock.elapsed().as_secs_f64();
    let (failures, expanded) = write_failures(args.json, &positions, &results, out)?;
    let positions = positions.len();
    let algorithm = solver.algorithm();
    if args.json {
        let line = json!({
            "size": size.to_string(),
            "positions": positions,
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
            "{size}: {positions} positions solved by {algorithm} in {wall:.3} s wall, {failures} \
             failures against the BFS table (built in {build:.3} s); {expanded} nodes expanded",
        )?;
    }
    Ok(if failures == 0 {
        Status::Success
    } else {
        Status::No
    })
}

/// Writes a line for each position whose answer disagrees with the table or failed; returns
/// how many did and the nodes the others expanded.
fn write_failures(
    json: bool,
    positions: &[(Board, usize)],
    results: &[Checked],
    out: &mut dyn Write,
) -> anyhow::Result<(usize, u64)> {
    let (mut failures, mut expanded) = (0, 0);
    for ((board, distance), result) in positions.iter().zip(results) {
        match result {
            Ok((true, nodes)) => expanded += nodes,
            Ok((false, nodes)) => {
                expanded += nodes;
                failures += 1;
                if json {
                    let line =
                        json!({ "position": board.to_string(), "distance": distance, "ok": false });
                    writeln!(out, "{line}")?;
                } else {
                    writeln!(out, "MISMATCH at distance {distance}: {board}")?;
                }
            }
            Err(error) => {
                failures += 1;
                if json {
                    let line = json!({ "position": board.to_string(), "distance": distance, "error": error.to_string() });
                    writeln!(out, "{line}")?;
                } else {
                    writeln!(out, "error on {board}: {error}")?;
                }
            }
        }
    }
    Ok((failures, expanded))
}
