//! Writing positions as text: the [`Format`]s and [`format_board`].

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::board::Board;

/// The text formats of a position. All are read (see [`crate::parse_board`]); all are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// Slash rows: `8 6 0/5 4 7/2 3 1` (the default).
    Slash,
    /// Rows on separate lines. Written right-aligned with the blank as `_`; read with the blank as
    /// `0`, `_`, `.` or `x`.
    Grid,
    /// The `WxH:` game id of Simon Tatham's Fifteen: `3x3:8,6,0,5,4,7,2,3,1`.
    Id,
    /// A flat list: `8 6 0 5 4 7 2 3 1` (read only for square boards).
    Flat,
    /// JSON rows: `[[8,6,0],[5,4,7],[2,3,1]]` (a flat array is read too).
    Json,
}

impl Format {
    /// Every format, in the order of the names in [`Format::NAMES`].
    pub const ALL: [Format; 5] = [
        Format::Slash,
        Format::Grid,
        Format::Id,
        Format::Flat,
        Format::Json,
    ];
    /// The names [`Format::from_str`] accepts.
    pub const NAMES: [&'static str; 5] = ["slash", "grid", "id", "flat", "json"];
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let index = Format::ALL.iter().position(|x| x == self).unwrap_or(0);
        f.write_str(Format::NAMES[index])
    }
}

impl FromStr for Format {
    type Err = String;
    fn from_str(text: &str) -> Result<Format, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "rows" | "newline" | "lines" => Ok(Format::Grid),
            "game-id" | "gameid" => Ok(Format::Id),
            name => Format::NAMES
                .iter()
                .position(|n| *n == name)
                .map(|i| Format::ALL[i])
                .ok_or_else(|| {
                    format!(
                        "unknown format '{text}': use one of {}",
                        Format::NAMES.join(", ")
                    )
                }),
        }
    }
}

/// Writes `board` in `format`.
///
/// ```
/// use npuzzle_core::{format_board, Board, Format};
/// let board: Board = "8 6 0/5 4 7/2 3 1".parse().unwrap();
/// assert_eq!(format_board(&board, Format::Id), "3x3:8,6,0,5,4,7,2,3,1");
/// assert_eq!(format_board(&board, Format::Json), "[[8,6,0],[5,4,7],[2,3,1]]");
/// assert_eq!(format_board(&board, Format::Grid), "8 6 _\n5 4 7\n2 3 1");
/// let big: Board = "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15".parse().unwrap();
/// assert_eq!(format_board(&big, Format::Grid), " 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14  _ 15");
/// ```
pub fn format_board(board: &Board, format: Format) -> String {
    let join = |cells: &[u32], sep: &str| {
        cells
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(sep)
    };
    let rows = |sep: &str, row_sep: &str| {
        board
            .rows()
            .map(|row| join(row, sep))
            .collect::<Vec<_>>()
            .join(row_sep)
    };
    match format {
        Format::Slash => rows(" ", "/"),
        Format::Flat => join(board.cells(), " "),
        Format::Id => format!("{}:{}", board.size(), join(board.cells(), ",")),
        Format::Json => format!("[[{}]]", rows(",", "],[")),
        Format::Grid => {
            let width = (board.cells().len() - 1).to_string().len();
            board
                .rows()
                .map(|row| {
                    row.iter()
                        .map(|&t| match t {
                            0 => format!("{:>width$}", "_"),
                            t => format!("{t:>width$}"),
                        })
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect::<Vec<_>>()
                .join("\n")
        }
    }
}

impl fmt::Display for Board {
    /// Slash rows: `1 2 3/4 5 6/7 8 0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_board(self, Format::Slash))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for format in Format::ALL {
            assert_eq!(format.to_string().parse::<Format>(), Ok(format));
        }
        assert_eq!("rows".parse::<Format>(), Ok(Format::Grid));
        assert!("xml".parse::<Format>().unwrap_err().contains("slash, grid"));
    }

    #[test]
    fn every_format_reads_back() {
        let board: Board = "3 1 2 4/5 0 6 7/8 9 10 11".parse().unwrap();
        for format in Format::ALL {
            let text = format_board(&board, format);
            if format == Format::Flat {
                continue; // a 4x3 board's flat list has no square side
            }
            assert_eq!(crate::parse_board(&text, Some(format)), Ok(board.clone()));
        }
    }
}
