//! Where positions come from: the argument, or standard input (or a file) read line by line.

use std::collections::VecDeque;
use std::io::{self, BufRead, BufReader, Write};

use crate::lines::Lines;
use std::path::Path;

use anyhow::Context;
use npuzzle_core::{Board, Format, Goal, Move, PositionSplitter, parse_board, parse_runs};

use crate::cli::MovesArgs;

use crate::status::{self, Status};

/// One position's text and where it came from, for error messages.
pub struct Item {
    /// "error" for the argument, or "stdin line N".
    pub place: String,
    /// The text to parse, or why the line could not be read (not UTF-8, too long).
    pub text: Result<String, String>,
    /// How many lines of the input come before the text.
    pub lines_before: usize,
}

impl Item {
    /// The board the text holds.
    pub fn board(&self, from: Option<Format>) -> anyhow::Result<Board> {
        let text = self
            .text
            .as_deref()
            .map_err(|why| anyhow::anyhow!("{why}"))?;
        parse_board(text, from)
            .map_err(|e| e.shifted(self.lines_before))
            .context("the position")
    }
}

/// The positions to process: the argument if given (a position, or the name of a file of
/// positions, or `-` for standard input), else every position on standard input. Input is read
/// line by line as the positions are asked for, so answers can go out while it still arrives.
///
/// Text that reads as a position is that position, even where a file has that name: an
/// argument names a file only when it is not a position.
pub fn items(argument: Option<&str>) -> anyhow::Result<Box<dyn Iterator<Item = Item> + Send>> {
    Ok(match argument {
        None | Some("-") => Box::new(Items::new("stdin", BufReader::new(io::stdin()))),
        Some(path) if parse_board(path, None).is_err() && Path::new(path).exists() => {
            let file = npuzzle_files::open_named(Path::new(path))?;
            Box::new(Items::new(path, BufReader::new(file)))
        }
        Some(text) => Box::new(std::iter::once(Item {
            place: "error".to_string(),
            text: Ok(text.to_string()),
            lines_before: 0,
        })),
    })
}

/// The positions of a text stream, read a line at a time.
struct Items<R> {
    name: String,
    lines: Lines<R>,
    /// Lines read so far.
    read: usize,
    splitter: PositionSplitter,
    ready: VecDeque<Item>,
    done: bool,
}

impl<R: BufRead> Items<R> {
    fn new(name: &str, reader: R) -> Items<R> {
        Items {
            name: name.to_string(),
            lines: Lines::new(reader),
            read: 0,
            splitter: PositionSplitter::default(),
            ready: VecDeque::new(),
            done: false,
        }
    }

    /// Reads lines until a position is ready or the input ends.
    fn fill(&mut self) {
        let mut out = Vec::new();
        while out.is_empty() && !self.done {
            let (number, text) = match self.lines.next_line() {
                Ok(None) => {
                    self.done = true;
                    self.splitter.finish(&mut out);
                    break;
                }
                Err(error) => {
                    self.done = true;
                    (
                        self.read + 1,
                        Err(format!("reading {}: {error}", self.name)),
                    )
                }
                Ok(Some((number, text))) => (number, text.map_err(|why| why.to_string())),
            };
            self.read = number;
            match text {
                Ok(text) => self.splitter.push(number, text, &mut out),
                Err(why) => {
                    // A line that cannot be read is a position of its own, after those before.
                    self.splitter.finish(&mut out);
                    out.push((number, String::new()));
                    let last = out.len() - 1;
                    let name = &self.name;
                    self.ready
                        .extend(out.into_iter().enumerate().map(|(i, (n, t))| {
                            item(name, n, if i == last { Err(why.clone()) } else { Ok(t) })
                        }));
                    return;
                }
            }
        }
        let name = &self.name;
        self.ready
            .extend(out.into_iter().map(|(n, t)| item(name, n, Ok(t))));
    }
}

/// The item of line `line` of the input `name`.
fn item(name: &str, line: usize, text: Result<String, String>) -> Item {
    Item {
        place: format!("{name} line {line}"),
        text,
        lines_before: line - 1,
    }
}

impl<R: BufRead> Iterator for Items<R> {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        if self.ready.is_empty() {
            self.fill();
        }
        self.ready.pop_front()
    }
}

/// A position and its goal, ready for a command.
pub struct Input {
    /// The position.
    pub board: Board,
    /// The goal laid out for the position's size.
    pub goal: Board,
}

/// Runs `command` on every position, writing to `out`, reporting bad ones on standard error and
/// going on; the status is the worst seen. Each answer is flushed as soon as it is written, so a
/// program that waits for it before writing the next line is answered. Errors writing the
/// output stop everything.
pub fn for_each(
    argument: Option<&str>,
    from: Option<Format>,
    goal: &Goal,
    out: &mut dyn Write,
    mut command: impl FnMut(Input, &mut dyn Write) -> anyhow::Result<Status>,
) -> anyhow::Result<Status> {
    let mut worst = None;
    for item in items(argument)? {
        let worst = worst.get_or_insert(Status::Success);
        let result = parse(&item, from, goal)
            .and_then(|input| command(input, out))
            .and_then(|status| Ok(out.flush().map(|()| status)?));
        let status = match result {
            Ok(status) => status,
            Err(error) if status::is_output_error(&error) => return Err(error),
            Err(error) => {
                status::report(&item.place, &error);
                Status::BadInput
            }
        };
        *worst = (*worst).max(status);
    }
    worst.ok_or_else(|| anyhow::anyhow!(NO_POSITION))
}

/// The error when the input holds no position at all.
pub const NO_POSITION: &str = "no position given: pass one as an argument or on standard input";

/// Parses a position and lays out the goal for its size.
pub fn parse(item: &Item, from: Option<Format>, goal: &Goal) -> anyhow::Result<Input> {
    let board = item.board(from)?;
    let goal = goal.board(board.size())?;
    Ok(Input { board, goal })
}

/// Runs `command` on every position of `args` with its moves read in the given notation.
pub fn for_each_with_moves(
    args: &MovesArgs,
    out: &mut dyn Write,
    mut command: impl FnMut(Board, Board, &[(Move, usize)], &mut dyn Write) -> anyhow::Result<Status>,
) -> anyhow::Result<Status> {
    let (position, text) = args.position_and_moves();
    for_each(
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
