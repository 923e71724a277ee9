//! `npuzzle generate`: random solvable positions, uniform or by random walk.

use std::hash::{BuildHasher, RandomState};
use std::io::Write;

use npuzzle_core::{GENERATOR_VERSION, Generator, Notation, format_board, format_moves};
use serde_json::json;

use crate::cli::GenerateArgs;
use crate::status::Status;

/// Runs the command.
pub fn run(args: &GenerateArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let goal = args.goal.board(args.size)?;
    let seed = match args.seed {
        Some(seed) => seed,
        None => {
            let seed = RandomState::new().hash_one(std::time::SystemTime::now());
            if !args.json {
                eprintln!("npuzzle: seed {seed} (generator version {GENERATOR_VERSION})");
            }
            seed
        }
    };
    let mut generator = Generator::new(seed);
    for index in 0..args.count {
        let (board, walk) = match args.walk {
            Some(length) => {
                let (board, moves) = generator.random_walk(&goal, length);
                (board, Some(moves))
            }
            None => (generator.random_position(&goal), None),
        };
        if args.json {
            let walk = walk
                .map(|moves| format_moves(&moves, Notation::Tile, false, None))
                .transpose()?;
            let line = json!({
                "position": board.to_string(),
                "size": board.size().to_string(),
                "seed": seed,
                "index": index,
                "generator_version": GENERATOR_VERSION,
                "walk": walk,
            });
            writeln!(out, "{line}")?;
        } else {
            if index > 0 && args.format == npuzzle_core::Format::Grid {
                writeln!(out)?;
            }
            writeln!(out, "{}", format_board(&board, args.format))?;
        }
    }
    Ok(Status::Success)
}
