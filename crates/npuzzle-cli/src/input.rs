//! Where positions come from: the argument, or standard input (or a file) read line by line.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::Path;

use anyhow::Context;
use npuzzle_core::{Board, Format, Goal, PositionSplitter, parse_board};

use crate::status::{self, Status};

/// The longest line read from standard input or a file (a 1000×1000 board in slash rows takes
/// about 7 MiB); a longer one is reported and skipped, never held in memory.
pub const MAX_LINE: usize = 16 << 20;

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
pub fn items(argument: Option<&str>) -> anyhow::Result<Box<dyn Iterator<Item = Item> + Send>> {
    Ok(match argument {
        None | Some("-") => Box::new(Items::new("stdin", BufReader::new(io::stdin()))),
        Some(path) if Path::new(path).is_file() => {
            let file = File::open(path).with_context(|| format!("reading {path}"))?;
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
    reader: R,
    line: Vec<u8>,
    number: usize,
    splitter: PositionSplitter,
    ready: VecDeque<Item>,
    done: bool,
}

impl<R: BufRead> Items<R> {
    fn new(name: &str, reader: R) -> Items<R> {
        Items {
            name: name.to_string(),
            reader,
            line: Vec::new(),
            number: 0,
            splitter: PositionSplitter::default(),
            ready: VecDeque::new(),
            done: false,
        }
    }

    /// Reads the next line into `self.line` (without its end), at most [`MAX_LINE`] bytes of it:
    /// `None` at the end of the input, else whether the line was longer (and dropped).
    fn read_line(&mut self) -> io::Result<Option<bool>> {
        self.line.clear();
        let (mut any, mut too_long) = (false, false);
        loop {
            let available = match self.reader.fill_buf() {
                Ok(available) => available,
                // A signal (Ctrl-C is handled, not fatal) interrupted the read: read again.
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if available.is_empty() {
                return Ok(any.then_some(too_long));
            }
            any = true;
            let end = available.iter().position(|&b| b == b'\n');
            let chunk = &available[..end.unwrap_or(available.len())];
            if self.line.len() + chunk.len() > MAX_LINE {
                too_long = true;
                self.line.clear();
            } else if !too_long {
                self.line.extend_from_slice(chunk);
            }
            let used = end.map_or(available.len(), |i| i + 1);
            self.reader.consume(used);
            if end.is_some() {
                return Ok(Some(too_long));
            }
        }
    }

    /// Reads lines until a position is ready or the input ends.
    fn fill(&mut self) {
        let mut out = Vec::new();
        while out.is_empty() && !self.done {
            let problem = match self.read_line() {
                Ok(None) => {
                    self.done = true;
                    self.splitter.finish(&mut out);
                    break;
                }
                Err(error) => {
                    self.done = true;
                    Some(format!("reading {}: {error}", self.name))
                }
                Ok(Some(true)) => Some(format!(
                    "the line is longer than {} MiB, the longest read",
                    MAX_LINE >> 20
                )),
                Ok(Some(false)) => None,
            };
            self.number += 1;
            if self.line.last() == Some(&b'\r') {
                self.line.pop();
            }
            let bytes = match self.number {
                1 => self
                    .line
                    .strip_prefix("\u{feff}".as_bytes())
                    .unwrap_or(&self.line),
                _ => &self.line,
            };
            let text = match (problem, std::str::from_utf8(bytes)) {
                (Some(problem), _) => Err(problem),
                (None, Ok(text)) => Ok(text),
                (None, Err(error)) => Err(format!(
                    "the line is not UTF-8 text (byte {} is not)",
                    error.valid_up_to() + 1
                )),
            };
            match text {
                Ok(text) => self.splitter.push(self.number, text, &mut out),
                Err(why) => {
                    // A line that cannot be read is a position of its own, after those before.
                    self.splitter.finish(&mut out);
                    out.push((self.number, String::new()));
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

/// Runs `command` on every position, reporting bad ones on standard error and going on; the
/// status is the worst seen. Errors writing the output stop everything.
pub fn for_each(
    argument: Option<&str>,
    from: Option<Format>,
    goal: &Goal,
    mut command: impl FnMut(Input) -> anyhow::Result<Status>,
) -> anyhow::Result<Status> {
    let mut worst = None;
    for item in items(argument)? {
        let worst = worst.get_or_insert(Status::Success);
        let result = parse(&item, from, goal).and_then(&mut command);
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
