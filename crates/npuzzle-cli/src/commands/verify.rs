//! `npuzzle verify`: do the moves take the position to the goal?

use std::io::Write;

use npuzzle_core::moves;
use serde_json::json;

use crate::cli::MovesArgs;
use crate::input;
use crate::status::Status;

/// Runs the command.
pub fn run(args: &MovesArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    input::for_each_with_moves(args, out, |mut end, goal, runs, out| {
        let (stm, mtm) = moves::run_lengths(runs);
        let illegal = end.apply_runs(runs).err();
        let solved = illegal.is_none() && end == goal;
        let reason = match (&illegal, solved) {
            (Some(error), _) => Some(error.to_string()),
            (None, false) => Some(format!("the moves end at {end}, not at the goal {goal}")),
            (None, true) => None,
        };
        if args.json {
            let line = json!({
                "solved": solved,
                "stm": stm,
                "mtm": mtm,
                "end": end.to_string(),
                "reason": reason,
            });
            writeln!(out, "{line}")?;
        } else {
            match reason {
                None => writeln!(out, "solved: yes ({stm} STM, {mtm} MTM)")?,
                Some(reason) => writeln!(out, "solved: no: {reason}")?,
            }
        }
        Ok(if solved { Status::Success } else { Status::No })
    })
}
