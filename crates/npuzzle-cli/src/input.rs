//! Where positions come from: the argument, or standard input one by one.

use std::io::{self, Read};
use std::path::Path;

use anyhow::Context;
use npuzzle_core::{Board, Format, Goal, parse_board, split_positions};

use crate::status::{self, Status};

/// One position's text and where it came from, for error messages.
pub struct Item {
    /// "error" for the argument, or "stdin line N".
    pub place: String,
    /// The text to parse.
    pub text: String,
    /// How many lines of the input come before the text.
    pub lines_before: usize,
}

/// The positions to process: the argument if given (a position, or the name of a file of
/// positions, or `-` for standard input), else every position on standard input.
pub fn items(argument: Option<&str>) -> anyhow::Result<Vec<Item>> {
    let (name, input) = match argument {
        None | Some("-") => {
            let mut input = String::new();
            io::stdin()
                .read_to_string(&mut input)
                .context("reading standard input")?;
            ("stdin".to_string(), input)
        }
        Some(path) if Path::new(path).is_file() => {
            let input = std::fs::read_to_string(path).with_context(|| format!("reading {path}"))?;
            (path.to_string(), input)
        }
        Some(text) => {
            return Ok(vec![Item {
                place: "error".to_string(),
                text: text.to_string(),
                lines_before: 0,
            }]);
        }
    };
    Ok(split_positions(&input)
        .into_iter()
        .map(|(line, text)| Item {
            place: format!("{name} line {line}"),
            text,
            lines_before: line - 1,
        })
        .collect())
}

/// A position and its goal, ready for a command.
pub struct Input {
    /// The position.
    pub board: Board,
    /// The goal laid out for the position's size.
    pub goal: Board,
}

/// Runs `command` on every position, reporting bad ones on standard error and going on; the
/// status is the worst seen. Errors writing the output stop everything.
pub fn for_each(
    argument: Option<&str>,
    from: Option<Format>,
    goal: &Goal,
    mut command: impl FnMut(Input) -> anyhow::Result<Status>,
) -> anyhow::Result<Status> {
    let items = items(argument)?;
    if items.is_empty() {
        anyhow::bail!("no position given: pass one as an argument or on standard input");
    }
    let mut worst = Status::Success;
    for item in items {
        let result = parse(&item, from, goal).and_then(&mut command);
        let status = match result {
            Ok(status) => status,
            Err(error) if status::is_output_error(&error) => return Err(error),
            Err(error) => {
                status::report(&item.place, &error);
                Status::BadInput
            }
        };
        worst = worst.max(status);
    }
    Ok(worst)
}

/// Parses a position and lays out the goal for its size.
pub fn parse(item: &Item, from: Option<Format>, goal: &Goal) -> anyhow::Result<Input> {
    let board = parse_board(&item.text, from)
        .map_err(|e| e.shifted(item.lines_before))
        .context("the position")?;
    let goal = goal.board(board.size())?;
    Ok(Input { board, goal })
}
