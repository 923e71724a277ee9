//! `npuzzle trainer`: rounds on positions dealt at an exact distance (the library's
//! `deal_at_distance`), judged by the library's `optimal_moves`, timed and scored, in the game's
//! language. Two drills: one optimal move, or the whole way home in exactly the distance dealt.
//! Each level's rounds are kept in `trainer.json` beside the records (`npuzzle_game::trainer`).

use std::io::{BufRead, Write};
use std::path::Path;
use std::time::Instant;

use anyhow::Context;
use npuzzle_core::{Board, Format, Generator, Goal, format_board};
use npuzzle_game::Lang;
use npuzzle_game::trainer::{Drill, Level, Statistics};
use npuzzle_search::Solver;
use npuzzle_search::analysis::{deal_at_distance, optimal_moves};

use crate::cli::TrainerArgs;
use crate::play::records::Records;
use crate::search::Prepared;
use crate::status::Status;

/// Draws tried for one round's position before giving up.
const DRAWS: usize = 100_000;

/// The most read back from `trainer.json` (a level takes some 60 bytes).
const MOST_KEPT: u64 = 4 << 20;

/// How a round ended: optimal or not, in how many seconds; `None` when the player stopped.
type Round = Option<(bool, f64)>;

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
    let level = Level {
        size: args.size.to_string(),
        drill: args.drill,
        distance: u32::from(distance),
    };
    let mut rounds = Vec::new();
    for round in 1..=args.rounds {
        let board = deal_at_distance(&solver, distance, &mut generator, &limits, DRAWS)?
            .with_context(|| format!("no position {distance} moves from the goal was found"))?;
        let asked = match args.drill {
            Drill::Move => lang.trainer_round(round, args.rounds, level.distance),
            Drill::Finish => lang.trainer_finish_round(round, args.rounds, level.distance),
        };
        writeln!(out, "{asked}")?;
        let played = match args.drill {
            Drill::Move => one_move(&solver, &board, lang, &mut input, out)?,
            Drill::Finish => finish(&solver, board, lang, &mut input, out)?,
        };
        let Some(played) = played else { break };
        rounds.push(played);
    }
    let right = rounds.iter().filter(|(optimal, _)| *optimal).count();
    let seconds: f64 = rounds.iter().map(|(_, s)| s).sum();
    let mean = seconds / rounds.len().max(1) as f64;
    writeln!(
        out,
        "{}",
        lang.trainer_score(right, rounds.len(), mean, args.drill)
    )?;
    if !rounds.is_empty() {
        let dir = Records::dir(args.data_dir.as_deref())?;
        let kept = keep(&dir, &level, &rounds)?;
        writeln!(out, "{}", lang.trainer_level(&level, &kept))?;
    }
    writeln!(
        out,
        "npuzzle trainer --size {} --drill {} --distance {distance} --seed {seed}",
        args.size,
        args.drill.name()
    )?;
    Ok(Status::Success)
}

/// One round of the one-move drill: judged before it is shown, so the time is the player's.
fn one_move(
    solver: &Solver,
    board: &Board,
    lang: Lang,
    input: &mut impl BufRead,
    out: &mut dyn Write,
) -> anyhow::Result<Round> {
    let tiles = optimal_tiles(solver, board)?;
    writeln!(out, "{}", format_board(board, Format::Grid))?;
    out.flush()?;
    let clock = Instant::now();
    let Some(tile) = answer(input, board)? else {
        return Ok(None);
    };
    let took = clock.elapsed().as_secs_f64();
    let optimal = tiles.contains(&tile);
    writeln!(out, "{}", lang.trainer_answer(optimal, &tiles, took))?;
    Ok(Some((optimal, took)))
}

/// One round of the finishing drill: every move must be one of the position's optimal ones;
/// the round is lost at the first that is not, won at the goal.
fn finish(
    solver: &Solver,
    mut board: Board,
    lang: Lang,
    input: &mut impl BufRead,
    out: &mut dyn Write,
) -> anyhow::Result<Round> {
    let clock = Instant::now();
    let mut number: usize = 0;
    while &board != solver.goal() {
        let tiles = optimal_tiles(solver, &board)?;
        writeln!(out, "{}", format_board(&board, Format::Grid))?;
        out.flush()?;
        let Some(tile) = answer(input, &board)? else {
            return Ok(None);
        };
        number += 1;
        if !tiles.contains(&tile) {
            let took = clock.elapsed().as_secs_f64();
            writeln!(
                out,
                "{}",
                lang.trainer_finished(Some(number), 0, &tiles, took)
            )?;
            return Ok(Some((false, took)));
        }
        let m = board
            .move_of_tile(tile)
            .context("a tile next to the blank")?;
        board.apply(m)?;
    }
    let took = clock.elapsed().as_secs_f64();
    writeln!(
        out,
        "{}",
        lang.trainer_finished(None, number as u32, &[], took)
    )?;
    Ok(Some((true, took)))
}

/// The tiles whose moves keep the optimum from `board`.
fn optimal_tiles(solver: &Solver, board: &Board) -> anyhow::Result<Vec<u32>> {
    let (_, best) = optimal_moves(solver, board)?;
    Ok(best
        .iter()
        .filter_map(|&m| board.source(m).map(|cell| board.cells()[cell]))
        .collect())
}

/// Adds the rounds to the statistics kept in `dir`; returns what the level holds now. A file
/// that cannot be read back is set aside (`trainer.json.damaged-SECONDS`), never written over.
fn keep(
    dir: &Path,
    level: &Level,
    rounds: &[(bool, f64)],
) -> anyhow::Result<npuzzle_game::trainer::Played> {
    let path = dir.join("trainer.json");
    let mut statistics = match npuzzle_files::read_own(&path, MOST_KEPT) {
        Ok(bytes) => match Statistics::read(&String::from_utf8_lossy(&bytes)) {
            Ok(statistics) => statistics,
            Err(why) => {
                let aside = npuzzle_files::set_aside(&path, "damaged")?;
                eprintln!(
                    "npuzzle trainer: {} could not be read ({why}); kept as {}",
                    path.display(),
                    aside.map_or_else(String::new, |p| p.display().to_string())
                );
                Statistics::default()
            }
        },
        Err(e) if e.is_missing() => Statistics::default(),
        Err(e) => return Err(e).context("the trainer's statistics cannot be read"),
    };
    for &(optimal, seconds) in rounds {
        statistics.add(level, optimal, (seconds * 1000.0) as u64);
    }
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    crate::files::write_atomically(&path, serde_json::to_string_pretty(&statistics)?.as_bytes())?;
    Ok(statistics
        .0
        .get(&level.to_string())
        .copied()
        .unwrap_or_default())
}

/// The tile the player names (asked again until it is one next to the blank), or `None` at `q`
/// or the end of input.
fn answer(input: &mut impl BufRead, board: &Board) -> anyhow::Result<Option<u32>> {
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
