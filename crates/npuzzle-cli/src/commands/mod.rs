//! One module per subcommand; each writes its results to `out` and returns a [`Status`].
//!
//! [`Status`]: crate::status::Status

pub mod apply;
pub mod bench;
pub mod check;
pub mod convert;
pub mod generate;
pub mod pdb;
pub mod solve;
pub mod verify;

use std::io::Write;

use anyhow::Context;
use npuzzle_core::{Board, Move, parse_runs};

use crate::cli::MovesArgs;
use crate::input::{self, Input};
use crate::status::Status;

/// Runs `command` on every position of `args` with its moves read in the given notation.
fn for_each_with_moves(
    args: &MovesArgs,
    out: &mut dyn Write,
    mut command: impl FnMut(Board, Board, &[(Move, usize)], &mut dyn Write) -> anyhow::Result<Status>,
) -> anyhow::Result<Status> {
    let (position, text) = args.position_and_moves();
    input::for_each(
        position,
        args.input.from,
        &args.input.goal,
        out,
        |Input { board, goal }, out| {
            // Runs stay runs: `R999999` is one entry, played a move at a time.
            let runs = parse_runs(text, args.notation, Some(&board)).context("the moves")?;
            command(board, goal, &runs, out)
        },
    )
}
