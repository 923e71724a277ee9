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

use anyhow::Context;
use npuzzle_core::{Board, Move, parse_moves};

use crate::cli::MovesArgs;
use crate::input::{self, Input};
use crate::status::Status;

/// Runs `command` on every position of `args` with its moves read in the given notation.
fn for_each_with_moves(
    args: &MovesArgs,
    mut command: impl FnMut(Board, Board, Vec<Move>) -> anyhow::Result<Status>,
) -> anyhow::Result<Status> {
    let (position, text) = args.position_and_moves();
    input::for_each(
        position,
        args.input.from,
        &args.input.goal,
        |Input { board, goal }| {
            let sequence = parse_moves(text, args.notation, Some(&board)).context("the moves")?;
            command(board, goal, sequence)
        },
    )
}
