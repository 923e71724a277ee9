//! Reading positions from text in any of the formats of [`Format`], with precise errors.

use thiserror::Error;

use crate::board::{Board, BoardError};
use crate::format::Format;
use crate::geometry::{Size, SizeError};

/// Why a text is not a position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// Nothing but white space.
    #[error("no position given")]
    Empty,
    /// A token that is neither a number nor a blank marker.
    #[error(
        "unknown characters '{token}' at line {line}, column {column}: a cell is a tile number, or 0, _, . or x for the blank"
    )]
    UnknownToken {
        /// The offending text.
        token: String,
        /// 1-based line.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
    },
    /// A number too large for any board.
    #[error("the number {token} at line {line}, column {column} is too large")]
    TooLarge {
        /// The offending text.
        token: String,
        /// 1-based line.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
    },
    /// Rows of different lengths.
    #[error(
        "row {row} has {found} cells but row 1 has {expected}: every row must have the same length"
    )]
    Ragged {
        /// 1-based row.
        row: usize,
        /// Length of the first row.
        expected: usize,
        /// Length of this row.
        found: usize,
    },
    /// A flat list whose length is not a square.
    #[error(
        "{count} numbers do not make a square board, so its shape is ambiguous: write rows separated by / or newlines, or a WxH: game id"
    )]
    NotSquare {
        /// How many numbers were given.
        count: usize,
    },
    /// A text with several blanks: several positions where one was expected.
    #[error(
        "this holds {blanks} blanks, so it is more than one position: write one position per \
         line ({first})"
    )]
    SeveralPositions {
        /// How many blanks.
        blanks: usize,
        /// What reading it as one position ran into.
        first: Box<ParseError>,
    },
    /// A game id whose `WxH:` header is malformed (the text is quoted in short).
    #[error("a game id starts with its size, as in 3x3:1,2,3,4,5,6,7,8,0; '{0}' does not")]
    GameId(String),
    /// A game id with an empty cell between commas (or a comma at either end).
    #[error(
        "cell {cell} of the game id is empty: a game id is WxH: then exactly W*H numbers, each \
         followed by a comma but the last"
    )]
    EmptyCell {
        /// 1-based index of the empty cell.
        cell: usize,
    },
    /// JSON that is not an array of tile numbers or of rows.
    #[error("JSON position: {0}")]
    Json(String),
    /// Text written in a format other than the one asked for.
    #[error("this is not in the {expected} format (it looks like {found})")]
    WrongFormat {
        /// The format asked for.
        expected: Format,
        /// The format the text looks like.
        found: Format,
    },
    /// A goal name that is not known (and not a position).
    #[error("unknown goal '{0}': use blank-last, blank-first, snake, spiral, or a position")]
    UnknownGoal(String),
    /// A bad board size.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// Cells that do not form a board.
    #[error(transparent)]
    Board(#[from] BoardError),
}

impl ParseError {
    /// The same error with its line numbers moved down by `lines`, for a position that starts on
    /// line `lines + 1` of a larger input.
    ///
    /// ```
    /// use npuzzle_core::parse_board;
    /// let err = parse_board("1 2/3 ?", None).unwrap_err().shifted(4);
    /// assert!(err.to_string().contains("at line 5, column 7"));
    /// ```
    pub fn shifted(self, lines: usize) -> ParseError {
        match self {
            ParseError::UnknownToken {
                token,
                line,
                column,
            } => ParseError::UnknownToken {
                token,
                line: line + lines,
                column,
            },
            ParseError::TooLarge {
                token,
                line,
                column,
            } => ParseError::TooLarge {
                token,
                line: line + lines,
                column,
            },
            ParseError::SeveralPositions { blanks, first } => ParseError::SeveralPositions {
                blanks,
                first: Box::new(first.shifted(lines)),
            },
            other => other,
        }
    }
}

/// Parses a position. With `format` `None` the format is detected (see [`detect_format`]).
///
/// ```
/// use npuzzle_core::{parse_board, Format};
/// let a = parse_board("8 6 0/5 4 7/2 3 1", None).unwrap();
/// let b = parse_board("3x3:8,6,0,5,4,7,2,3,1", None).unwrap();
/// let c = parse_board("[[8,6,0],[5,4,7],[2,3,1]]", None).unwrap();
/// let d = parse_board("8 6 _\n5 4 7\n2 3 1", None).unwrap();
/// let e = parse_board("8 6 0 5 4 7 2 3 1", Some(Format::Flat)).unwrap();
/// assert!(a == b && b == c && c == d && d == e);
/// let err = parse_board("1 2 3/4 5/6 7 0", None).unwrap_err();
/// assert_eq!(err.to_string(), "row 2 has 2 cells but row 1 has 3: every row must have the same length");
/// ```
pub fn parse_board(text: &str, format: Option<Format>) -> Result<Board, ParseError> {
    let detected = detect_format(text)?;
    let format = match format {
        Some(asked) if compatible(asked, detected) => asked,
        Some(asked) => {
            return Err(ParseError::WrongFormat {
                expected: asked,
                found: detected,
            });
        }
        None => detected,
    };
    let parsed = match format {
        Format::Slash => split_rows(text, '/').and_then(from_rows),
        Format::Grid => split_rows(text, '\n').and_then(from_rows),
        Format::Flat => one_row(text, 0, 0).and_then(from_flat),
        Format::Id => parse_game_id(text),
        Format::Json => parse_json(text),
    };
    parsed.map_err(|error| match blanks(text) {
        // Several blanks: more than one position, whatever the first problem looks like.
        many @ 2.. => ParseError::SeveralPositions {
            blanks: many,
            first: Box::new(error),
        },
        _ => error,
    })
}

/// How many blank markers (0, _, . or x) a text holds among its cells.
fn blanks(text: &str) -> usize {
    text.split(|c: char| c.is_whitespace() || ",/[]".contains(c))
        .filter(|token| matches!(*token, "0" | "_" | "." | "x" | "X"))
        .count()
}

/// Whether text detected as `found` may be read as `asked` (a one-line grid is a flat list).
fn compatible(asked: Format, found: Format) -> bool {
    asked == found || matches!((asked, found), (Format::Grid, Format::Flat))
}

/// Which format a text is in: JSON if it starts with `[`, a game id if it starts with `WxH:`, slash
/// rows if it has a `/`, newline rows if it has several non-empty lines, else a flat list.
///
/// ```
/// use npuzzle_core::{detect_format, Format};
/// assert_eq!(detect_format("4x3:1,2,3,4,5,6,7,8,9,10,11,0").unwrap(), Format::Id);
/// assert_eq!(detect_format("1 2\n3 0").unwrap(), Format::Grid);
/// ```
pub fn detect_format(text: &str) -> Result<Format, ParseError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(ParseError::Empty);
    }
    Ok(if trimmed.starts_with('[') {
        Format::Json
    } else if game_id_header(trimmed).is_some() {
        Format::Id
    } else if trimmed.contains('/') {
        Format::Slash
    } else if trimmed.lines().filter(|l| !l.trim().is_empty()).count() > 1 {
        Format::Grid
    } else {
        Format::Flat
    })
}

/// The `(width, height, rest)` of a text starting `WxH:`.
fn game_id_header(text: &str) -> Option<(&str, &str, &str)> {
    let (size, rest) = text.split_once(':')?;
    let (w, h) = size.split_once(['x', 'X'])?;
    let digits = |s: &str| !s.trim().is_empty() && s.trim().bytes().all(|b| b.is_ascii_digit());
    (digits(w) && digits(h)).then_some((w.trim(), h.trim(), rest))
}

fn parse_game_id(text: &str) -> Result<Board, ParseError> {
    let trimmed = text.trim_start();
    let (w, h, rest) =
        game_id_header(trimmed).ok_or_else(|| ParseError::GameId(excerpt(text.trim())))?;
    let number = |s: &str| {
        s.parse::<usize>()
            .map_err(|_| ParseError::GameId(excerpt(text.trim())))
    };
    let size = Size::new(number(w)?, number(h)?)?;
    if let Some(index) = rest.split(',').position(|cell| cell.trim().is_empty()) {
        return Err(ParseError::EmptyCell { cell: index + 1 });
    }
    let leading = text.len() - trimmed.len();
    let header = leading + trimmed.len() - rest.len();
    let (line, column) = line_column(text, header);
    let cells = one_row(rest, line - 1, column - 1)?;
    Ok(Board::from_numbers(size, cells)?)
}

/// Input quoted in an error: whole when short, else its start and its length, so that a
/// 50 MB argument is not echoed back.
fn excerpt(text: &str) -> String {
    const MOST: usize = 40;
    match text.char_indices().nth(MOST) {
        None => text.to_string(),
        Some((end, _)) => format!("{}… ({} characters)", &text[..end], text.chars().count()),
    }
}

fn line_column(text: &str, byte: usize) -> (usize, usize) {
    let before = &text[..byte];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// Splits `text` into rows of cell values at `separator`; empty lines are skipped for newline
/// rows. Each row's line and column are counted on from the last row's, so the work is linear
/// in the text.
fn split_rows(text: &str, separator: char) -> Result<Vec<Vec<u64>>, ParseError> {
    let mut rows = Vec::new();
    let (mut line, mut column) = (1, 1);
    for piece in text.trim_end().split(separator) {
        if !(separator == '\n' && piece.trim().is_empty()) {
            rows.push(one_row(piece, line - 1, column - 1)?);
        }
        for ch in piece.chars().chain(std::iter::once(separator)) {
            if ch == '\n' {
                (line, column) = (line + 1, 1);
            } else {
                column += 1;
            }
        }
    }
    Ok(rows)
}

/// The cell values of one row of text that starts at 0-based `line`, `column` of the input.
fn one_row(text: &str, line: usize, column: usize) -> Result<Vec<u64>, ParseError> {
    let mut cells = Vec::new();
    let (mut line, mut column) = (line + 1, column + 1);
    let mut token = String::new();
    let mut start = (line, column);
    for ch in text.chars().chain(std::iter::once(' ')) {
        if ch.is_whitespace() || ch == ',' {
            if !token.is_empty() {
                cells.push(cell_value(&token, start)?);
                token.clear();
            }
        } else {
            if token.is_empty() {
                start = (line, column);
            }
            token.push(ch);
        }
        if ch == '\n' {
            line += 1;
            column = 1;
        } else {
            column += 1;
        }
    }
    Ok(cells)
}

fn cell_value(token: &str, (line, column): (usize, usize)) -> Result<u64, ParseError> {
    if token.bytes().all(|b| b.is_ascii_digit()) {
        return token.parse().map_err(|_| ParseError::TooLarge {
            token: excerpt(token),
            line,
            column,
        });
    }
    match token {
        "_" | "." | "x" | "X" => Ok(0),
        _ => Err(ParseError::UnknownToken {
            token: excerpt(token),
            line,
            column,
        }),
    }
}

fn from_rows(rows: Vec<Vec<u64>>) -> Result<Board, ParseError> {
    let expected = rows.first().map_or(0, Vec::len);
    if let Some((index, row)) = rows
        .iter()
        .enumerate()
        .find(|(_, row)| row.len() != expected)
    {
        return Err(ParseError::Ragged {
            row: index + 1,
            expected,
            found: row.len(),
        });
    }
    let size = Size::new(expected, rows.len())?;
    Ok(Board::from_numbers(size, rows.concat())?)
}

fn from_flat(cells: Vec<u64>) -> Result<Board, ParseError> {
    let count = cells.len();
    let side = count.isqrt();
    if side * side != count {
        return Err(ParseError::NotSquare { count });
    }
    Ok(Board::from_numbers(Size::square(side)?, cells)?)
}

fn parse_json(text: &str) -> Result<Board, ParseError> {
    use serde_json::Value;
    let value: Value = serde_json::from_str(text).map_err(|e| ParseError::Json(e.to_string()))?;
    let Value::Array(items) = value else {
        return Err(ParseError::Json("expected an array".to_string()));
    };
    let number = |v: &Value, place: String| {
        v.as_u64().ok_or_else(|| {
            ParseError::Json(format!(
                "{place} is {v}, not a tile number (0 for the blank)"
            ))
        })
    };
    if items.iter().all(Value::is_array) && !items.is_empty() {
        let rows = items
            .iter()
            .enumerate()
            .map(|(r, row)| {
                let cells = row.as_array().map(Vec::as_slice).unwrap_or_default();
                cells
                    .iter()
                    .enumerate()
                    .map(|(c, v)| number(v, format!("the cell at row {}, column {}", r + 1, c + 1)))
                    .collect::<Result<Vec<_>, _>>()
            })
            .collect::<Result<Vec<_>, _>>()?;
        from_rows(rows)
    } else {
        let cells = items
            .iter()
            .enumerate()
            .map(|(i, v)| number(v, format!("element {}", i + 1)))
            .collect::<Result<Vec<_>, _>>()?;
        from_flat(cells)
    }
}

/// Splits a stream of text (standard input, a file) into position texts: blocks separated by
/// blank lines, and within a block of several lines, one position per line unless the whole block
/// reads as a single newline-rows board. (That is never ambiguous: lines that each hold a whole
/// position each hold a blank, so together they cannot form one board.)
///
/// Each item is the 1-based line where the position starts and its text. [`PositionSplitter`]
/// does the same line by line.
///
/// ```
/// use npuzzle_core::split_positions;
/// let input = "1 2 3\n4 5 6\n7 8 0\n\n1 2/3 0\n2x2:0,1,2,3\n";
/// let texts: Vec<_> = split_positions(input).into_iter().map(|(line, _)| line).collect();
/// assert_eq!(texts, vec![1, 5, 6]);
/// ```
pub fn split_positions(input: &str) -> Vec<(usize, String)> {
    let mut splitter = PositionSplitter::default();
    let mut out = Vec::new();
    for (i, line) in input.lines().enumerate() {
        splitter.push(i + 1, line, &mut out);
    }
    splitter.finish(&mut out);
    out
}

/// The most lines a newline-rows board may have when read from a stream: a longer block of
/// lines is read as one position per line (taller boards are written in the other formats).
pub const MAX_GRID_ROWS: usize = 4096;

/// [`split_positions`] for text arriving line by line: each position is handed out as soon as
/// it is known, and at most one block of lines that may still form a single board is held
/// (never more than [`MAX_GRID_ROWS`] lines). A block stops being a candidate board as soon as a
/// line holds a whole position in another format (`/`, `:` or `[`), a second line holds a blank,
/// or it grows too tall; its lines then go out one by one, and so does every line after them
/// until the next blank line.
///
/// ```
/// use npuzzle_core::PositionSplitter;
/// let mut splitter = PositionSplitter::default();
/// let mut out = Vec::new();
/// splitter.push(1, "1 2 3", &mut out);
/// assert!(out.is_empty()); // it may be the first row of a board
/// splitter.push(2, "1 2/3 0", &mut out);
/// assert_eq!(out.len(), 2); // it was not: both lines are positions of their own
/// splitter.push(3, "1 2 3 4 5 6 7 8 0", &mut out);
/// assert_eq!(out.len(), 3); // from here on, a line is a position
/// splitter.finish(&mut out);
/// assert_eq!(out.len(), 3);
/// ```
#[derive(Debug, Default)]
pub struct PositionSplitter {
    block: Vec<(usize, String)>,
    /// Lines of the block that hold a blank.
    blanks: usize,
    /// Whether the current block is known to hold one position per line.
    by_line: bool,
}

impl PositionSplitter {
    /// Takes line `number` (1-based) of the input; positions now complete are added to `out`.
    pub fn push(&mut self, number: usize, line: &str, out: &mut Vec<(usize, String)>) {
        if line.trim().is_empty() {
            self.finish(out);
            return;
        }
        if self.by_line {
            out.push((number, line.to_string()));
            return;
        }
        let blank = holds_blank(line);
        if line.contains(['/', ':', '['])
            || (blank && self.blanks > 0)
            || self.block.len() >= MAX_GRID_ROWS
        {
            out.append(&mut self.block);
            out.push((number, line.to_string()));
            self.blanks = 0;
            self.by_line = true;
            return;
        }
        self.blanks += usize::from(blank);
        self.block.push((number, line.to_string()));
    }

    /// Ends the input (or a block at a blank line): the lines held go to `out`, as one board if
    /// together they read as one.
    pub fn finish(&mut self, out: &mut Vec<(usize, String)>) {
        if self.block.len() > 1 {
            let joined = self
                .block
                .iter()
                .map(|(_, l)| l.as_str())
                .collect::<Vec<_>>()
                .join("\n");
            if parse_board(&joined, Some(Format::Grid)).is_ok() {
                out.push((self.block[0].0, joined));
                self.block.clear();
            }
        }
        out.append(&mut self.block);
        self.blanks = 0;
        self.by_line = false;
    }
}

/// Whether a line of a newline-rows board holds a blank (a board holds exactly one).
fn holds_blank(line: &str) -> bool {
    line.split(|c: char| c.is_whitespace() || c == ',')
        .any(|token| matches!(token, "0" | "_" | "." | "x" | "X"))
}

impl std::str::FromStr for Board {
    type Err = ParseError;

    /// Parses any of the text formats, detecting which one was given.
    fn from_str(text: &str) -> Result<Board, ParseError> {
        parse_board(text, None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        parse_board(text, None).unwrap_err().to_string()
    }

    #[test]
    fn every_format_reads_the_same_board() {
        let expected = parse_board("8 6 0/5 4 7/2 3 1", None).unwrap();
        for text in [
            "8 6 0 / 5 4 7 / 2 3 1",
            "8,6,0/5,4,7/2,3,1",
            "8 6 0\n5 4 7\n2 3 1\n",
            "\n 8 6 .\n\n 5 4 7\n 2 3 1\n",
            "8 6 x\n5 4 7\n2 3 1",
            "3x3:8,6,0,5,4,7,2,3,1",
            "  3x3: 8, 6, 0, 5, 4, 7, 2, 3, 1 ",
            "[[8,6,0],[5,4,7],[2,3,1]]",
            "[8,6,0,5,4,7,2,3,1]",
            "8 6 0 5 4 7 2 3 1",
        ] {
            assert_eq!(parse_board(text, None).as_ref(), Ok(&expected), "{text:?}");
        }
    }

    /// Places in errors are counted on row by row: a bad token deep in many rows is found with
    /// its line and column (this took time quadratic in the rows once: 27 s for 300,000).
    #[test]
    fn places_in_many_rows_are_right() {
        let mut text = "1 2/".repeat(200_000);
        text.push_str("3 ?");
        assert!(
            err(&text).contains("line 1, column 800003"),
            "{}",
            err(&text)
        );
        let mut text = "1 2\n".repeat(200_000);
        text.push_str("3 ?");
        assert!(
            err(&text).contains("line 200001, column 3"),
            "{}",
            err(&text)
        );
    }

    /// Text arriving line by line never piles up: whole positions go out at once, and a block
    /// that cannot be one board stops being held.
    #[test]
    fn the_splitter_holds_at_most_one_board() {
        let mut splitter = PositionSplitter::default();
        let mut out = Vec::new();
        for number in 1..=10_000 {
            splitter.push(number, "1 2 3", &mut out);
            assert!(splitter.block.len() <= MAX_GRID_ROWS);
        }
        assert_eq!(
            out.len(),
            10_000,
            "past the tallest board, each line goes out at once"
        );
        let mut out = Vec::new();
        let mut splitter = PositionSplitter::default();
        splitter.push(1, "1 2 3 4 5 6 7 8 0", &mut out);
        splitter.push(2, "8 6 0 5 4 7 2 3 1", &mut out);
        assert_eq!(out.len(), 2, "two blanks: two positions");
        splitter.push(3, "", &mut out);
        splitter.push(4, "1 2 3", &mut out);
        splitter.push(5, "4 5 6", &mut out);
        splitter.push(6, "7 8 _", &mut out);
        splitter.finish(&mut out);
        assert_eq!(out.last(), Some(&(4, "1 2 3\n4 5 6\n7 8 _".to_string())));
    }

    #[test]
    fn rectangular_boards() {
        let b = parse_board("1 2 3 4/5 6 7 0", None).unwrap();
        assert_eq!((b.width(), b.height()), (4, 2));
        let b = parse_board("2x3:1,2,3,4,5,0", None).unwrap();
        assert_eq!((b.width(), b.height()), (2, 3));
    }

    #[test]
    fn errors_name_what_and_where() {
        assert_eq!(err("   "), "no position given");
        // Game ids follow their grammar exactly: no empty cell, no stray comma.
        for (id, cell) in [("2x2:1,,2,3", 2), ("2x2:1,2,3,0,", 5), ("2x2:,1,2,3,0", 1)] {
            assert_eq!(
                parse_board(id, None),
                Err(ParseError::EmptyCell { cell }),
                "{id}"
            );
        }
        assert!(
            parse_board(" 2x2: 1, 2 ,3, 0 ", None).is_ok(),
            "spaces are allowed"
        );
        // Several boards on one line: said first, with what reading one board ran into.
        assert_eq!(
            err("1 2 3/4 5 6/7 8 0 1 2 3/4 5 6/7 8 0"),
            "this holds 2 blanks, so it is more than one position: write one position per line \
             (row 3 has 6 cells but row 1 has 3: every row must have the same length)"
        );
        assert!(err("1 2 3 4 5 6 7 8 0 1 2 3 4 5 6 7 8 0").starts_with("this holds 2 blanks"));
        // A huge bad token is quoted in short.
        let huge = format!("1 2 3/4 5 6/7 8 {}", "y".repeat(50_000_000));
        let message = err(&huge);
        assert!(message.len() < 300, "{}", &message[..300]);
        assert!(message.contains("(50000000 characters)"), "{message}");
        assert_eq!(
            err("1 2 3\n4 a 6\n7 8 0"),
            "unknown characters 'a' at line 2, column 3: a cell is a tile number, or 0, _, . or x for the blank"
        );
        assert_eq!(
            err("3x3:1,2,3,4,5,6,7,8,q"),
            "unknown characters 'q' at line 1, column 21: a cell is a tile number, or 0, _, . or x for the blank"
        );
        assert_eq!(
            err("1 2 3/4 5 6/7 8 a0"),
            "unknown characters 'a0' at line 1, column 17: a cell is a tile number, or 0, _, . or x for the blank"
        );
        assert!(err("1 2 3 4 5 6 7 8 0 9 10 11").starts_with("12 numbers do not make a square"));
        assert!(err("1 2 3/4 5 6/7 8 9").starts_with("there is no blank"));
        assert!(
            err("2x1:1,0").contains("at least 2x2"),
            "{}",
            err("2x1:1,0")
        );
        assert!(err("[[1,2],[3,-1]]").contains("row 2, column 2 is -1"));
        assert!(err("[1, 2").starts_with("JSON position"));
        assert!(err("99999999999999999999999 0 1 2").contains("too large"));
        assert_eq!(
            parse_board("1 2/3 0", Some(Format::Json))
                .unwrap_err()
                .to_string(),
            "this is not in the json format (it looks like slash)"
        );
    }

    #[test]
    fn stream_splitting() {
        let input = "8 6 0/5 4 7/2 3 1\n8 6 0 5 4 7 2 3 1\n\n1 2 3\n4 5 6\n7 8 0\n";
        let items = split_positions(input);
        assert_eq!(items.len(), 3);
        assert_eq!(items[2], (4, "1 2 3\n4 5 6\n7 8 0".to_string()));
        // A bad block is kept line by line so the error names its line.
        let items = split_positions("1 2 3\n4 5 6\n");
        assert_eq!(items.len(), 2);
    }
}
