//! `npuzzle convert`: positions between text formats, moves between notations.

use std::io::Write;

use anyhow::Context;
use npuzzle_core::{Board, format_board, format_moves, moves, parse_board, parse_moves};

use crate::cli::ConvertArgs;
use crate::input;
use crate::status::{self, Status};

/// Runs the command.
pub fn run(args: &ConvertArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    match &args.moves {
        Some(text) => convert_moves(args, text, out),
        None => convert_positions(args, out),
    }
}

fn convert_positions(args: &ConvertArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let mut worst = Status::Success;
    for (index, item) in input::items(args.position.as_deref())?.enumerate() {
        match item.board(args.from) {
            Ok(board) => {
                if index > 0 && args.to == npuzzle_core::Format::Grid {
                    writeln!(out)?;
                }
                writeln!(out, "{}", format_board(&board, args.to))?;
                // Answered at once: a program waiting for it writes the next line.
                out.flush()?;
            }
            Err(error) => {
                status::report(&item.place, &error);
                worst = Status::BadInput;
            }
        }
    }
    Ok(worst)
}

fn convert_moves(args: &ConvertArgs, text: &str, out: &mut dyn Write) -> anyhow::Result<Status> {
    let start: Option<Board> = args
        .position
        .as_deref()
        .map(|p| parse_board(p, args.from))
        .transpose()
        .context("the position")?;
    let mut sequence =
        parse_moves(text, args.from_notation, start.as_ref()).context("the moves")?;
    // The inverse starts where the moves end.
    let mut written_from = start.clone();
    if args.invert {
        if let Some(board) = &mut written_from {
            board.apply_all(&sequence).context("the moves")?;
        }
        sequence = moves::invert(&sequence);
    }
    if args.simplify {
        sequence = moves::simplify(&sequence);
    }
    let written = format_moves(
        &sequence,
        args.notation,
        args.run_length,
        written_from.as_ref(),
    )
    .context("the moves")?;
    writeln!(out, "{written}")?;
    Ok(Status::Success)
}
