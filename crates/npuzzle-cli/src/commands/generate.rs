//! `npuzzle generate`: random solvable positions, uniform or by random walk.

use std::hash::{BuildHasher, RandomState};
use std::io::Write;

use anyhow::bail;
use npuzzle_core::{Board, GENERATOR_VERSION, Generator, Notation, format_board, format_moves};
use npuzzle_search::{DistanceTable, Limits, Puzzle};
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
    let at_distance = match args.distance {
        Some(distance) => Some(positions_at(&goal, distance)?),
        None => None,
    };
    for index in 0..args.count {
        let (board, walk) = match (&at_distance, args.walk) {
            (Some(positions), _) => (positions[generator.index(positions.len())].clone(), None),
            // The moves are kept only to be printed.
            (None, Some(length)) if args.json => {
                let (board, moves) = generator.random_walk(&goal, length);
                (board, Some(moves))
            }
            (None, Some(length)) => (generator.random_walk_position(&goal, length), None),
            (None, None) => (generator.random_position(&goal), None),
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
                "distance": args.distance,
            });
            writeln!(out, "{line}")?;
        } else {
            if index > 0 && args.format == npuzzle_core::Format::Grid {
                writeln!(out)?;
            }
            writeln!(out, "{}", format_board(&board, args.format))?;
        }
        // Each position goes out as soon as it is drawn (long walks and large boards take time).
        out.flush()?;
    }
    Ok(Status::Success)
}

/// Every position exactly `distance` moves from `goal`, from a complete table.
fn positions_at(goal: &Board, distance: u8) -> anyhow::Result<Vec<Board>> {
    let table = DistanceTable::build(&Puzzle::new(goal)?, Limits::default())?;
    let positions: Vec<Board> = table.positions_at(distance).collect();
    if positions.is_empty() {
        bail!(
            "no {} position is {distance} moves from the goal: the farthest are {} moves away",
            goal.size(),
            table.layer_counts().len() - 1
        );
    }
    Ok(positions)
}
