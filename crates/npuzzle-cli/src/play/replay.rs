//! `npuzzle replay`: a finished or saved game played again, step by step, at its own pace (or
//! faster), from its scramble.

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use anyhow::{Context, bail};
use npuzzle_core::{Board, Format, format_board};
use npuzzle_game::replay::Replay;
use npuzzle_game::{Dealt, Record};

use super::records::Records;
use crate::cli::ReplayArgs;
use crate::status::Status;

/// Runs the command.
pub fn run(args: &ReplayArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let (replay, title) = match &args.file {
        Some(path) => from_file(path, args.game)?,
        None => {
            let dir = Records::dir(args.data_dir.as_deref())?;
            let records = Records::open(&dir)?;
            from_records(&records.all, args.game, &dir.join("records.json"))?
        }
    };
    play(&replay, &crate::status::shown(&title), args.speed, out)?;
    Ok(Status::Success)
}

/// The replay in `path`: a saved game, or a records array (game `game`).
pub(crate) fn from_file(path: &Path, game: Option<usize>) -> anyhow::Result<(Replay, String)> {
    let text = crate::files::read_named(path)?;
    let saved = Dealt::from_save(&text);
    // A saved game is a JSON object, a records file an array: either, damaged, says so.
    if let Err(error) = &saved {
        match serde_json::from_str::<serde_json::Value>(&text) {
            Ok(serde_json::Value::Array(_)) => {}
            Ok(serde_json::Value::Object(_)) => {
                bail!("{} is a damaged saved game: {error}", path.display())
            }
            Ok(_) | Err(_) => bail!(
                "{} is neither an npuzzle saved game nor a records file: {error}",
                path.display()
            ),
        }
    }
    if let Ok(dealt) = saved {
        if game.is_some() {
            bail!(
                "{} is one saved game: --game is for records",
                path.display()
            );
        }
        let title = format!(
            "Saved game ({}{}): {} so far",
            dealt.game.board().size(),
            seed_note(dealt.seed),
            counted(dealt.game.stm(), "move")
        );
        return Ok((Replay::of(&dealt.game), title));
    }
    let records: Vec<Record> = serde_json::from_str(&text)
        .with_context(|| format!("{} is a damaged records file", path.display()))?;
    from_records(&records, game, path)
}

/// Game `game` of `records` (1-based; the last one with a replay when none).
pub(crate) fn from_records(
    records: &[Record],
    game: Option<usize>,
    path: &Path,
) -> anyhow::Result<(Replay, String)> {
    let index = match game {
        Some(0) => bail!("games are numbered from 1"),
        Some(n) if n > records.len() => {
            bail!(
                "{} holds {}, not {n}",
                path.display(),
                counted(records.len(), "game")
            )
        }
        Some(n) => n - 1,
        None => records
            .iter()
            .rposition(|r| r.replay.is_some())
            .with_context(|| format!("no game in {} can be replayed yet", path.display()))?,
    };
    let record = &records[index];
    let replay = record
        .watch()
        .with_context(|| format!("game {} of {}", index + 1, path.display()))?
        .with_context(|| {
            format!(
                "game {} was finished before npuzzle kept replays",
                index + 1
            )
        })?;
    let title = format!(
        "Game {} ({}{}): {} in {:.2} s{}",
        index + 1,
        record.size,
        seed_note(record.seed),
        counted(record.stm, "move"),
        record.milliseconds as f64 / 1000.0,
        if record.assisted { ", assisted" } else { "" }
    );
    Ok((replay, title))
}

/// `, seed S` for a game dealt from a seed.
fn seed_note(seed: Option<u64>) -> String {
    seed.map(|s| format!(", seed {s}")).unwrap_or_default()
}

/// `n` and the word, singular for one.
fn counted(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// Prints the scramble, then each step with its time and the board after it, waiting between
/// steps as the player did (`speed` times faster; 0: not at all).
fn play(replay: &Replay, title: &str, speed: f64, out: &mut dyn Write) -> anyhow::Result<()> {
    let grid = |board: &Board| format_board(board, Format::Grid);
    writeln!(out, "{title}\n\n{}", grid(replay.start()))?;
    let mut board = replay.start().clone();
    let mut last = 0;
    for (i, step) in replay.steps().iter().enumerate() {
        if speed > 0.0 {
            let wait = step.at.saturating_sub(last) as f64 / speed;
            std::thread::sleep(Duration::from_millis(wait.min(60_000.0) as u64));
        }
        last = step.at;
        for _ in 0..step.count {
            board.apply(step.direction)?;
        }
        writeln!(
            out,
            "\n{:>4}. {:>8.2} s  {}\n{}",
            i + 1,
            step.at as f64 / 1000.0,
            step.to_string().split('@').next().unwrap_or_default(),
            grid(&board)
        )?;
        out.flush()?;
    }
    let end = if board == *replay.goal() {
        "Solved."
    } else {
        "Not solved yet."
    };
    writeln!(out, "\n{end}")?;
    Ok(())
}
