//! Writing and reading move sequences: tile notation (`U D L R`, the tile moves), blank notation
//! (`u d l r`, the blank moves), run-length tokens (`R3`), and lists of tile numbers.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::{Board, Tile};
use crate::moves::Move;

/// A way of writing moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Notation {
    /// Upper-case letters naming the direction the tile moves: `U` moves the tile below the blank
    /// up. The community standard.
    Tile,
    /// Lower-case letters naming the direction the blank moves: `u` is the tile move `D`.
    Blank,
    /// The numbers of the tiles that move, in order (the seed games' "choose a tile").
    Numbers,
}

impl Notation {
    /// The names [`Notation::from_str`] accepts.
    pub const NAMES: [&'static str; 3] = ["tile", "blank", "numbers"];
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Notation::Tile => "tile",
            Notation::Blank => "blank",
            Notation::Numbers => "numbers",
        })
    }
}

impl FromStr for Notation {
    type Err = String;
    fn from_str(text: &str) -> Result<Notation, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "tile" | "tiles" => Ok(Notation::Tile),
            "blank" => Ok(Notation::Blank),
            "numbers" | "number" => Ok(Notation::Numbers),
            _ => Err(format!(
                "unknown notation '{text}': use tile, blank or numbers"
            )),
        }
    }
}

/// Why a text is not a move sequence in the expected notation, or a sequence cannot be written.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NotationError {
    /// A character that has no meaning in the notation.
    #[error("unexpected '{found}' at column {column}: {expected}")]
    Unexpected {
        /// The offending character.
        found: char,
        /// 1-based column (in characters).
        column: usize,
        /// What the notation allows.
        expected: &'static str,
    },
    /// Upper- and lower-case letters mixed, so tile and blank notation cannot be told apart.
    #[error(
        "upper case (tile notation: the tile moves) and lower case (blank notation: the blank \
         moves) are mixed; write one, or choose the notation explicitly"
    )]
    MixedCase,
    /// A run-length count of zero or too large.
    #[error("bad repeat count '{count}' at column {column}: write a number from 1 to 1000000")]
    BadCount {
        /// The count as written.
        count: String,
        /// 1-based column (in characters).
        column: usize,
    },
    /// Run-length counts that add up to more moves than are expanded at once.
    #[error(
        "the moves add up to {moves}, more than the {} expanded at once (apply and verify take any number)",
        MAX_MOVES
    )]
    TooMany {
        /// What the counts add up to.
        moves: usize,
    },
    /// Tile numbers were given without a position to interpret them on.
    #[error("tile numbers name moves only on a given position")]
    NeedsPosition,
    /// A tile number that does not name a legal move at its point in the sequence.
    #[error("move {} (tile {tile}) is illegal: {reason}", .index + 1)]
    Tile {
        /// 0-based index in the sequence.
        index: usize,
        /// The tile number given.
        tile: u64,
        /// Why it cannot move.
        reason: String,
    },
    /// A letter move that is illegal at its point in the sequence (met while writing numbers).
    #[error(transparent)]
    Illegal(#[from] crate::board::SequenceError),
}

const LETTERS_EXPECTED: &str =
    "moves are the letters U, D, L, R, each optionally followed by a count (R3)";
const MAX_COUNT: usize = 1_000_000;

/// Which notation a text is in: digits only are tile numbers, upper-case letters tile notation,
/// lower-case letters blank notation.
///
/// ```
/// use npuzzle_core::{notation::detect_notation, Notation};
/// assert_eq!(detect_notation("R3 U L").unwrap(), Notation::Tile);
/// assert_eq!(detect_notation("lllu").unwrap(), Notation::Blank);
/// assert_eq!(detect_notation("12, 8, 7").unwrap(), Notation::Numbers);
/// assert!(detect_notation("Ru").is_err());
/// ```
pub fn detect_notation(text: &str) -> Result<Notation, NotationError> {
    let upper = text.chars().any(|c| c.is_ascii_uppercase());
    let lower = text.chars().any(|c| c.is_ascii_lowercase());
    match (upper, lower) {
        (true, true) => Err(NotationError::MixedCase),
        (true, false) => Ok(Notation::Tile),
        (false, true) => Ok(Notation::Blank),
        (false, false) if text.chars().any(|c| c.is_ascii_digit()) => Ok(Notation::Numbers),
        (false, false) => Ok(Notation::Tile),
    }
}

/// Reads a move sequence. `notation` `None` detects it (see [`detect_notation`]); tile numbers
/// need the `start` position they are played on.
///
/// ```
/// use npuzzle_core::{parse_moves, Board, Move::*, Notation};
/// assert_eq!(parse_moves("R3U", None, None).unwrap(), vec![Right, Right, Right, Up]);
/// assert_eq!(parse_moves("l u", None, None).unwrap(), vec![Right, Down]);
/// let board: Board = "1 2 3/4 5 6/7 8 0".parse().unwrap();
/// assert_eq!(parse_moves("8 5", None, Some(&board)).unwrap(), vec![Right, Down]);
/// let err = parse_moves("R2X", None, None).unwrap_err();
/// assert!(err.to_string().starts_with("unexpected 'X' at column 3"));
/// ```
pub fn parse_moves(
    text: &str,
    notation: Option<Notation>,
    start: Option<&Board>,
) -> Result<Vec<Move>, NotationError> {
    let runs = parse_runs(text, notation, start)?;
    let total = runs.iter().map(|&(_, count)| count).sum::<usize>();
    if total > MAX_MOVES {
        return Err(NotationError::TooMany { moves: total });
    }
    Ok(runs
        .into_iter()
        .flat_map(|(m, count)| std::iter::repeat_n(m, count))
        .collect())
}

/// The most moves [`parse_moves`] expands run-length tokens into (100 MB); [`parse_runs`] keeps
/// them as runs, whatever they add up to.
pub const MAX_MOVES: usize = 100_000_000;

/// The moves of `text` as written, each token a move and how many times it repeats (`R3` is
/// `(Right, 3)`), without expanding them: memory follows the length of the text, not of what
/// the counts add up to. Apply them with [`Board::apply_runs`].
///
/// ```
/// use npuzzle_core::{parse_runs, Move::*};
/// assert_eq!(parse_runs("R999999 U", None, None).unwrap(), vec![(Right, 999_999), (Up, 1)]);
/// ```
pub fn parse_runs(
    text: &str,
    notation: Option<Notation>,
    start: Option<&Board>,
) -> Result<Vec<(Move, usize)>, NotationError> {
    let notation = match notation {
        Some(n) => n,
        None => detect_notation(text)?,
    };
    match notation {
        Notation::Tile => parse_letters(text, Move::from_tile_letter),
        Notation::Blank => parse_letters(text, Move::from_blank_letter),
        Notation::Numbers => {
            let start = start.ok_or(NotationError::NeedsPosition)?;
            let moves = numbers_to_moves(start, &parse_numbers(text)?)?;
            Ok(moves.into_iter().map(|m| (m, 1)).collect())
        }
    }
}

fn parse_letters(
    text: &str,
    letter: fn(char) -> Option<Move>,
) -> Result<Vec<(Move, usize)>, NotationError> {
    let mut moves = Vec::new();
    let mut chars = text.chars().enumerate().peekable();
    while let Some((i, c)) = chars.next() {
        if c.is_whitespace() || c == ',' {
            continue;
        }
        let m = letter(c).ok_or(NotationError::Unexpected {
            found: c,
            column: i + 1,
            expected: LETTERS_EXPECTED,
        })?;
        let mut digits = String::new();
        while let Some(&(_, d)) = chars.peek().filter(|(_, d)| d.is_ascii_digit()) {
            digits.push(d);
            chars.next();
        }
        let count = if digits.is_empty() {
            1
        } else {
            digits
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=MAX_COUNT).contains(n))
                .ok_or(NotationError::BadCount {
                    count: digits,
                    column: i + 2,
                })?
        };
        moves.push((m, count));
    }
    Ok(moves)
}

/// Reads a list of numbers separated by spaces or commas.
fn parse_numbers(text: &str) -> Result<Vec<u64>, NotationError> {
    let mut numbers = Vec::new();
    let mut current: Option<u64> = None;
    for (i, c) in text.chars().enumerate() {
        if let Some(d) = c.to_digit(10) {
            current = Some(
                current
                    .unwrap_or(0)
                    .saturating_mul(10)
                    .saturating_add(d.into()),
            );
        } else if c.is_whitespace() || c == ',' {
            numbers.extend(current.take());
        } else {
            return Err(NotationError::Unexpected {
                found: c,
                column: i + 1,
                expected: "tile numbers are separated by spaces or commas",
            });
        }
    }
    numbers.extend(current);
    Ok(numbers)
}

/// The moves that slide the tiles `tiles`, in order, starting from `start`; each tile must be
/// next to the blank when its turn comes.
pub fn numbers_to_moves(start: &Board, tiles: &[u64]) -> Result<Vec<Move>, NotationError> {
    let mut board = start.clone();
    let max = board.cells().len() as u64 - 1;
    tiles
        .iter()
        .enumerate()
        .map(|(index, &tile)| {
            let error = |reason: String| NotationError::Tile {
                index,
                tile,
                reason,
            };
            if tile == 0 || tile > max {
                return Err(error(format!("tiles are numbered 1 to {max}")));
            }
            let m = board
                .move_of_tile(tile as Tile)
                .ok_or_else(|| error("it is not next to the blank".to_string()))?;
            board.apply(m).map_err(|e| error(e.to_string()))?;
            Ok(m)
        })
        .collect()
}

/// The numbers of the tiles that `moves` slide, starting from `start`.
///
/// ```
/// use npuzzle_core::{notation::moves_to_numbers, Board, Move::*};
/// let board: Board = "1 2 3/4 5 6/7 8 0".parse().unwrap();
/// assert_eq!(moves_to_numbers(&board, &[Right, Down]).unwrap(), vec![8, 5]);
/// ```
pub fn moves_to_numbers(start: &Board, moves: &[Move]) -> Result<Vec<Tile>, NotationError> {
    let mut board = start.clone();
    moves
        .iter()
        .enumerate()
        .map(|(index, &mv)| {
            let source = board
                .source(mv)
                .ok_or(crate::board::SequenceError { index, mv })?;
            let tile = board.cells()[source];
            board
                .apply(mv)
                .map_err(|_| crate::board::SequenceError { index, mv })?;
            Ok(tile)
        })
        .collect()
}

/// Writes moves in `notation`. Letters are joined without spaces (`RRUL`), or with run-length
/// tokens (`R2UL`) when `run_length` is set; numbers are separated by spaces and need `start`.
///
/// ```
/// use npuzzle_core::{format_moves, Move::*, Notation};
/// let moves = [Right, Right, Up, Left];
/// assert_eq!(format_moves(&moves, Notation::Tile, false, None).unwrap(), "RRUL");
/// assert_eq!(format_moves(&moves, Notation::Tile, true, None).unwrap(), "R2UL");
/// assert_eq!(format_moves(&moves, Notation::Blank, true, None).unwrap(), "l2dr");
/// ```
pub fn format_moves(
    moves: &[Move],
    notation: Notation,
    run_length: bool,
    start: Option<&Board>,
) -> Result<String, NotationError> {
    if notation == Notation::Numbers && start.is_none() {
        return Err(NotationError::NeedsPosition);
    }
    let mut text = Vec::new();
    let mut writer = MoveWriter::new(&mut text, notation, run_length, start);
    let written = moves
        .iter()
        .try_for_each(|&m| writer.push(m))
        .and_then(|()| writer.finish());
    if let Err(error) = written {
        return Err(error
            .into_inner()
            .and_then(|inner| inner.downcast::<NotationError>().ok())
            .map_or(NotationError::NeedsPosition, |e| *e));
    }
    Ok(String::from_utf8(text).unwrap_or_default())
}

/// Writes moves one at a time in a notation, counting STM and MTM as it goes: for solutions too
/// long to hold in memory (a 1000×1000 board's), and for [`format_moves`].
///
/// A notation error (a move with no tile to slide, in tile numbers) comes back as an
/// [`io::Error`](std::io::Error) wrapping the [`NotationError`].
///
/// ```
/// use npuzzle_core::{notation::MoveWriter, Board, Move::*, Notation};
/// let start: Board = "1 2 3/4 5 6/0 7 8".parse().unwrap();
/// let mut out = Vec::new();
/// let mut writer = MoveWriter::new(&mut out, Notation::Numbers, false, Some(&start));
/// writer.push(Left).unwrap();
/// writer.push(Left).unwrap();
/// writer.finish().unwrap();
/// assert_eq!((writer.stm, writer.mtm), (2, 1));
/// assert_eq!(String::from_utf8(out).unwrap(), "7 8");
/// ```
pub struct MoveWriter<'a, W: std::io::Write + ?Sized> {
    out: &'a mut W,
    notation: Notation,
    run_length: bool,
    /// The position, kept up to date, for writing tile numbers.
    board: Option<Board>,
    /// The run held back for run-length output.
    run: Option<(Move, usize)>,
    last: Option<Move>,
    /// Moves written.
    pub stm: u64,
    /// Runs of equal moves written.
    pub mtm: u64,
}

impl<'a, W: std::io::Write + ?Sized> MoveWriter<'a, W> {
    /// A writer to `out`; `start` is the position the moves start from (tile numbers need it).
    pub fn new(
        out: &'a mut W,
        notation: Notation,
        run_length: bool,
        start: Option<&Board>,
    ) -> Self {
        MoveWriter {
            out,
            notation,
            run_length,
            board: start.filter(|_| notation == Notation::Numbers).cloned(),
            run: None,
            last: None,
            stm: 0,
            mtm: 0,
        }
    }

    /// Writes one move (a run-length token is held back until the run ends).
    pub fn push(&mut self, m: Move) -> std::io::Result<()> {
        self.stm += 1;
        if self.last != Some(m) {
            self.mtm += 1;
        }
        self.last = Some(m);
        if !self.run_length {
            return self.write(m, 1);
        }
        match &mut self.run {
            Some((held, count)) if *held == m => *count += 1,
            _ => {
                self.finish()?;
                self.run = Some((m, 1));
            }
        }
        Ok(())
    }

    /// Writes what is still held back (the last run).
    pub fn finish(&mut self) -> std::io::Result<()> {
        match self.run.take() {
            Some((m, count)) => self.write(m, count),
            None => Ok(()),
        }
    }

    fn write(&mut self, m: Move, count: usize) -> std::io::Result<()> {
        let letter = match self.notation {
            Notation::Tile => m.tile_letter(),
            Notation::Blank => m.blank_letter(),
            Notation::Numbers => return self.write_numbers(m, count),
        };
        if count > 1 && self.run_length {
            write!(self.out, "{letter}{count}")
        } else {
            (0..count).try_for_each(|_| write!(self.out, "{letter}"))
        }
    }

    fn write_numbers(&mut self, m: Move, count: usize) -> std::io::Result<()> {
        let board = self
            .board
            .as_mut()
            .ok_or_else(|| std::io::Error::other(NotationError::NeedsPosition))?;
        for k in 0..count {
            // The index of this move among all written: `stm` already counts the whole run.
            let index = (self.stm as usize).saturating_sub(count - k);
            let illegal = || {
                std::io::Error::other(NotationError::from(crate::board::SequenceError {
                    index,
                    mv: m,
                }))
            };
            let tile = board
                .source(m)
                .map(|cell| board.cells()[cell])
                .ok_or_else(illegal)?;
            board.apply(m).map_err(|_| illegal())?;
            let separator = if index == 0 { "" } else { " " };
            write!(self.out, "{separator}{tile}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Move::*;

    #[test]
    fn letters_with_separators_and_counts() {
        assert_eq!(
            parse_moves("R3, U L2", Some(Notation::Tile), None).unwrap(),
            vec![Right, Right, Right, Up, Left, Left]
        );
        assert_eq!(parse_moves("", None, None).unwrap(), vec![]);
        assert_eq!(parse_moves("   ", None, None).unwrap(), vec![]);
        // Explicit notation reads either case.
        assert_eq!(
            parse_moves("ru", Some(Notation::Tile), None).unwrap(),
            vec![Right, Up]
        );
    }

    #[test]
    fn bad_counts_and_letters() {
        let err = parse_moves("R0", None, None).unwrap_err();
        assert_eq!(
            err.to_string(),
            "bad repeat count '0' at column 2: write a number from 1 to 1000000"
        );
        assert!(parse_moves("R99999999999", None, None).is_err());
        assert!(matches!(
            parse_moves("3R", Some(Notation::Tile), None),
            Err(NotationError::Unexpected {
                found: '3',
                column: 1,
                ..
            })
        ));
        assert_eq!(parse_moves("Ud", None, None), Err(NotationError::MixedCase));
    }

    #[test]
    fn numbers_follow_the_board() {
        let board: Board = "1 2 3/4 5 6/7 8 0".parse().unwrap();
        assert_eq!(
            parse_moves("7", None, Some(&board))
                .unwrap_err()
                .to_string(),
            "move 1 (tile 7) is illegal: it is not next to the blank"
        );
        assert_eq!(
            parse_moves("8 9", None, Some(&board))
                .unwrap_err()
                .to_string(),
            "move 2 (tile 9) is illegal: tiles are numbered 1 to 8"
        );
        assert_eq!(
            parse_moves("8", None, None),
            Err(NotationError::NeedsPosition)
        );
        assert!(parse_moves("8;5", None, Some(&board)).is_err());
        let err = format_moves(&[Up], Notation::Numbers, false, Some(&board)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "move 1 (U) is illegal: there is no tile below the blank"
        );
    }
}
