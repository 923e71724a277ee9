//! `npuzzle daily`: the day's position (the rule of `npuzzle_core::daily`), shown or played.

use std::io::Write;

use npuzzle_core::daily::{Date, position};

use crate::cli::DailyArgs;
use crate::status::Status;

/// Runs the command.
pub fn run(args: &DailyArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let play = &args.play;
    if play.seed.is_some() || play.position.is_some() || play.load.is_some() || play.walk.is_some()
    {
        anyhow::bail!(
            "the daily puzzle deals its own position: --seed, --position, --load and --walk are for npuzzle play"
        );
    }
    if play.goal != npuzzle_core::Goal::BlankLast {
        anyhow::bail!("the daily puzzle is toward the blank-last goal, the same for everyone");
    }
    let date = args.date.unwrap_or_else(Date::today);
    let board = position(date, play.size);
    if args.show {
        writeln!(out, "npuzzle daily {date} {}: {board}", play.size)?;
        return Ok(Status::Success);
    }
    let mut play = play.clone();
    play.position = Some(board.to_string());
    // Only today's puzzle is a daily result: another day's is played for practice.
    let today = Date::today();
    if date == today {
        play.daily = Some(date);
    } else {
        eprintln!(
            "npuzzle daily: {date} is not today ({today}, UTC): played for practice, it is not a daily result"
        );
    }
    crate::play::run(&play)
}
