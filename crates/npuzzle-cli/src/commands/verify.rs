//! `npuzzle verify`: do the moves take the position to the goal? With `--optimal`, is no
//! solution shorter (proved again by a search from nothing)?

use std::io::Write;

use npuzzle_core::{Board, moves};
use npuzzle_search::Method;
use serde_json::json;

use crate::cli::VerifyArgs;
use crate::input;
use crate::search::Prepared;
use crate::status::Status;

/// Runs the command.
pub fn run(args: &VerifyArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let mut solvers = match args.optimal {
        true => Some(Prepared::new(args.moves.input.goal.clone(), &{
            let mut search = args.search.clone();
            search.split = true;
            search
        })?),
        false => None,
    };
    input::for_each_with_moves(&args.moves, out, |mut end, goal, runs, out| {
        let start = end.clone();
        let (stm, mtm) = moves::run_lengths(runs);
        let illegal = end.apply_runs(runs).err();
        let solved = illegal.is_none() && end == goal;
        let reason = match (&illegal, solved) {
            (Some(error), _) => Some(error.to_string()),
            (None, false) => Some(format!("the moves end at {end}, not at the goal {goal}")),
            (None, true) => None,
        };
        let optimum = match (&mut solvers, solved) {
            (Some(solvers), true) => Some(optimum(solvers, &start)?),
            _ => None,
        };
        let optimal = optimum.as_ref().map(|optimum| optimum.length == stm);
        if args.moves.json {
            let mut line = json!({
                "solved": solved,
                "stm": stm,
                "mtm": mtm,
                "end": end.to_string(),
                "reason": reason,
            });
            if let Some(optimum) = &optimum {
                line["optimal"] = json!(optimal);
                line["optimum"] = json!(optimum.length);
                line["expanded"] = json!(optimum.expanded);
            }
            writeln!(out, "{line}")?;
        } else {
            match reason {
                None => writeln!(out, "solved: yes ({stm} STM, {mtm} MTM)")?,
                Some(reason) => writeln!(out, "solved: no: {reason}")?,
            }
            if let Some(optimum) = &optimum {
                let proved = format!(
                    "proved by a search from nothing, {} nodes",
                    optimum.expanded
                );
                match optimal {
                    Some(true) => writeln!(out, "optimal: yes ({proved})")?,
                    _ => writeln!(
                        out,
                        "optimal: no: the optimum is {} moves ({proved})",
                        optimum.length
                    )?,
                }
            }
        }
        Ok(match (solved, optimal) {
            (true, None | Some(true)) => Status::Success,
            _ => Status::No,
        })
    })
}

/// The optimal length of `start`, proved by a search without a journal.
struct Optimum {
    length: usize,
    expanded: u64,
}

/// Solves `start` afresh; refused when the search cannot prove its answer optimal.
fn optimum(solvers: &mut Prepared, start: &Board) -> anyhow::Result<Optimum> {
    let (solver, start) = solvers.for_board(start)?;
    let solution = solver.run(&start, &solver.options().limits)?;
    if !solution.optimal {
        anyhow::bail!(
            "--optimal: {} does not prove an optimum on this board (it found {} moves, at least \
             {}): choose an optimal algorithm, or a board it can prove",
            solution.algorithm,
            solution.moves.len(),
            solution.lower_bound
        );
    }
    Ok(Optimum {
        length: solution.moves.len(),
        expanded: solution.stats.expanded,
    })
}
