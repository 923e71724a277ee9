//! `npuzzle check`: is a position valid, solvable, solved? Its Manhattan distance and blank.

use std::io::Write;

use npuzzle_core::solvability;
use npuzzle_heuristic::Manhattan;
use serde_json::json;

use crate::cli::CheckArgs;
use crate::input::{self, Input};
use crate::status::Status;

/// Runs the command.
pub fn run(args: &CheckArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let mut first = true;
    input::for_each(
        args.position.as_deref(),
        args.input.from,
        &args.input.goal,
        out,
        |Input { board, goal }, out| {
            let verdict = solvability::check(&board, &goal);
            let manhattan = Manhattan::new(&goal).distance(&board);
            let (row, column) = board.blank_coords();
            if args.json {
                let line = json!({
                    "position": board.to_string(),
                    "size": board.size().to_string(),
                    "goal": goal.to_string(),
                    "solvable": verdict.is_ok(),
                    "reason": verdict.as_ref().err().map(ToString::to_string),
                    "solved": board == goal,
                    "manhattan": manhattan,
                    "blank": { "row": row + 1, "column": column + 1 },
                });
                writeln!(out, "{line}")?;
            } else {
                if !std::mem::replace(&mut first, false) {
                    writeln!(out)?;
                }
                writeln!(out, "position   {board}")?;
                writeln!(out, "size       {}", board.size())?;
                writeln!(out, "goal       {goal}")?;
                match &verdict {
                    Ok(()) => writeln!(out, "solvable   yes")?,
                    Err(reason) => {
                        writeln!(out, "solvable   no")?;
                        writeln!(out, "reason     {reason}")?;
                    }
                }
                writeln!(
                    out,
                    "solved     {}",
                    if board == goal { "yes" } else { "no" }
                )?;
                writeln!(out, "manhattan  {manhattan}")?;
                writeln!(out, "blank      row {}, column {}", row + 1, column + 1)?;
            }
            Ok(if verdict.is_ok() {
                Status::Success
            } else {
                Status::No
            })
        },
    )
}
