//! `npuzzle trainer`: rounds of "play an optimal move" on positions dealt at an exact distance
//! (the library's `deal_at_distance`), judged by the library's `optimal_moves`, timed and
//! scored, in the game's language.

use std::io::{BufRead, Write};
use std::time::Instant;

use anyhow::Context;
use npuzzle_core::{Format, Generator, Goal, format_board};
use npuzzle_search::analysis::{deal_at_distance, optimal_moves};

use crate::cli::TrainerArgs;
use crate::search::Prepared;
use crate::status::Status;

/// Draws tried for one round's position before giving up.
const DRAWS: usize = 100_000;

/// Runs the command, reading answers from standard input.
pub fn run(args: &TrainerArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let lang = args.lang.unwrap_or_else(crate::play::lang_of_environment);
    let goal = Goal::BlankLast.board(args.size)?;
    let cells = args.size.cells();
    if cells > 12 && (args.size.width(), args.size.height()) != (4, 4) {
        anyhow::bail!(
            "the trainer deals exact distances on boards of at most 12 cells and on 4x4, not {}",
            args.size
        );
    }
    let distance = args.distance.unwrap_or(if cells <= 9 { 12 } else { 30 });
    let mut solvers = Prepared::new(Goal::Custom(goal.clone()), &args.search)?;
    let (solver, _) = solvers.for_board(&goal)?;
    let seed = args.seed.unwrap_or_else(rand_seed);
    let mut generator = Generator::new(seed);
    let limits = solver.options().limits.clone();
    let mut input = std::io::stdin().lock();
    let (mut right, mut played, mut seconds) = (0, 0, 0.0);
    for round in 1..=args.rounds {
        let board = deal_at_distance(&solver, distance, &mut generator, &limits, DRAWS)?
            .with_context(|| format!("no position {distance} moves from the goal was found"))?;
        // Judged before it is shown: the player's time is the player's.
        let (_, best) = optimal_moves(&solver, &board)?;
        writeln!(
            out,
            "{}",
            lang.trainer_round(round, args.rounds, u32::from(distance))
        )?;
        writeln!(out, "{}", format_board(&board, Format::Grid))?;
        out.flush()?;
        let clock = Instant::now();
        let Some(tile) = answer(&mut input, &board)? else {
            break;
        };
        let took = clock.elapsed().as_secs_f64();
        let tiles: Vec<u32> = best
            .iter()
            .filter_map(|&m| board.source(m).map(|cell| board.cells()[cell]))
            .collect();
        let optimal = tiles.contains(&tile);
        writeln!(out, "{}", lang.trainer_answer(optimal, &tiles, took))?;
        (right, played, seconds) = (right + usize::from(optimal), played + 1, seconds + took);
    }
    let mean = if played > 0 {
        seconds / played as f64
    } else {
        0.0
    };
    writeln!(out, "{}", lang.trainer_score(right, played, mean))?;
    writeln!(
        out,
        "npuzzle trainer --size {} --distance {distance} --seed {seed}",
        args.size
    )?;
    Ok(Status::Success)
}

/// The tile the player names (asked again until it is one next to the blank), or `None` at `q`
/// or the end of input.
fn answer(input: &mut impl BufRead, board: &npuzzle_core::Board) -> anyhow::Result<Option<u32>> {
    loop {
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 || line.trim() == "q" {
            return Ok(None);
        }
        if let Ok(tile) = line.trim().parse::<u32>()
            && board.move_of_tile(tile).is_some()
        {
            return Ok(Some(tile));
        }
    }
}

/// A seed for rounds no seed was given for.
fn rand_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
