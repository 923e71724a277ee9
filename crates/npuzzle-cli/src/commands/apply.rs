//! `npuzzle apply`: play moves on a position and print where they lead.

use std::io::Write;

use anyhow::Context;
use npuzzle_core::{Format, format_board, moves};
use serde_json::json;

use crate::cli::MovesArgs;
use crate::input;
use crate::status::Status;

/// Runs the command.
pub fn run(args: &MovesArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let mut first = true;
    input::for_each_with_moves(args, out, |mut board, goal, runs, out| {
        board.apply_runs(runs).context("the moves")?;
        if args.json {
            let (stm, mtm) = moves::run_lengths(runs);
            let line = json!({
                "position": board.to_string(),
                "stm": stm,
                "mtm": mtm,
                "solved": board == goal,
            });
            writeln!(out, "{line}")?;
        } else {
            if !std::mem::replace(&mut first, false) && args.format == Format::Grid {
                writeln!(out)?;
            }
            writeln!(out, "{}", format_board(&board, args.format))?;
        }
        Ok(Status::Success)
    })
}
