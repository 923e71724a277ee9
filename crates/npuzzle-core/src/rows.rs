//! Batches of positions as rows of bytes, one position a row of `cells` tiles (the blank 0), one
//! row after another: what learned solvers train on (DeepCubeA's scrambles, a state's children).
//! Boards of at most 256 cells; moves by code, their place in [`Move::ALL`] (`U D L R`).
//!
//! ```
//! use npuzzle_core::{Generator, Size, rows};
//! let size: Size = "3".parse().unwrap();
//! let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
//! let walks = rows::random_walks(&goal, size, &[0, 1], &mut Generator::new(1));
//! assert_eq!(&walks[..9], &goal);
//! rows::check(&walks, size).unwrap();
//! ```

use thiserror::Error;

use crate::generate::Generator;
use crate::geometry::Size;
use crate::moves::Move;

/// Why a batch cannot be used, and which row.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RowError {
    /// A row that is not a position: each of 0 to cells − 1 once.
    #[error("row {row}: not a position ({tile} is {})", if *.repeated { "repeated" } else { "too large" })]
    NotAPosition {
        /// The row (from 0).
        row: usize,
        /// The tile repeated or out of range.
        tile: u8,
        /// Whether it is repeated (else too large).
        repeated: bool,
    },
    /// A move code other than 0 to 3 (or −1 for none).
    #[error("row {row}: {code} is no move code (0 to 3: U D L R, or -1)")]
    BadCode {
        /// The row (from 0).
        row: usize,
        /// The code.
        code: i8,
    },
    /// A move that leaves the board.
    #[error("row {row}: {} leaves the board", .m.tile_letter())]
    Illegal {
        /// The row (from 0).
        row: usize,
        /// The move.
        m: Move,
    },
    /// A batch whose length is not a whole number of rows, or a board too large for bytes.
    #[error("{0}")]
    Shape(String),
}

/// The most cells a row holds (tiles are bytes).
pub const MAX_CELLS: usize = 256;

/// Checks that `rows` is a whole number of positions of `size`, each of 0 to cells − 1 once.
///
/// ```
/// use npuzzle_core::rows::{self, RowError};
/// let size = "2".parse().unwrap();
/// assert!(rows::check(&[1, 2, 3, 0, 0, 1, 2, 3], size).is_ok());
/// let twice = rows::check(&[1, 2, 3, 0, 1, 1, 2, 0], size);
/// assert_eq!(twice, Err(RowError::NotAPosition { row: 1, tile: 1, repeated: true }));
/// ```
pub fn check(rows: &[u8], size: Size) -> Result<(), RowError> {
    let cells = fits(size)?;
    if !rows.len().is_multiple_of(cells) {
        return Err(RowError::Shape(format!(
            "{} bytes are no whole number of {size} positions",
            rows.len()
        )));
    }
    let all = if cells == 64 {
        u64::MAX
    } else {
        (1u64 << (cells % 64)) - 1
    };
    for (row, cells_of) in rows.chunks_exact(cells).enumerate() {
        // Up to 64 cells (8x8), the common case: one word, no branch per tile.
        if cells <= 64 {
            let seen = cells_of.iter().fold(0u64, |seen, &tile| {
                seen | 1u64.wrapping_shl(u32::from(tile))
            });
            let small = cells_of.iter().all(|&tile| usize::from(tile) < cells);
            if seen == all && small {
                continue;
            }
        }
        let mut seen = [0u64; 4];
        for &tile in cells_of {
            let (word, bit) = (usize::from(tile) / 64, tile % 64);
            let repeated = seen[word] & (1 << bit) != 0;
            if usize::from(tile) >= cells || repeated {
                return Err(RowError::NotAPosition {
                    row,
                    tile,
                    repeated,
                });
            }
            seen[word] |= 1 << bit;
        }
    }
    Ok(())
}

/// The number of cells of `size`, if its tiles fit in bytes.
fn fits(size: Size) -> Result<usize, RowError> {
    let cells = size.cells();
    if cells > MAX_CELLS {
        return Err(RowError::Shape(format!(
            "rows of bytes take boards of at most {MAX_CELLS} cells, not {size}"
        )));
    }
    Ok(cells)
}

/// The cell whose tile `m` slides into the blank at `blank`, if there is one.
///
/// ```
/// use npuzzle_core::{Move, rows};
/// let size = "3".parse().unwrap();
/// assert_eq!(rows::source(size, 8, Move::Down), Some(5)); // the tile above the blank
/// assert_eq!(rows::source(size, 8, Move::Up), None);
/// ```
pub fn source(size: Size, blank: usize, m: Move) -> Option<usize> {
    let (width, height) = (size.width(), size.height());
    let (row, column) = (blank / width, blank % width);
    match m {
        Move::Up => (row + 1 < height).then(|| blank + width),
        Move::Down => (row > 0).then(|| blank - width),
        Move::Left => (column + 1 < width).then(|| blank + 1),
        Move::Right => (column > 0).then(|| blank - 1),
    }
}

/// The code of `m`: its place in [`Move::ALL`].
///
/// ```
/// use npuzzle_core::{Move, rows};
/// assert_eq!((rows::code(Move::Up), rows::code(Move::Right)), (0, 3));
/// ```
pub fn code(m: Move) -> i8 {
    match m {
        Move::Up => 0,
        Move::Down => 1,
        Move::Left => 2,
        Move::Right => 3,
    }
}

/// The move of `code` (0 to 3), if it is one.
fn of_code(code: i8) -> Option<Move> {
    usize::try_from(code)
        .ok()
        .and_then(|c| Move::ALL.get(c).copied())
}

/// Checks move codes, one per row: 0 to 3, or −1 for none.
///
/// ```
/// use npuzzle_core::rows;
/// assert!(rows::check_codes(&[-1, 0, 3]).is_ok());
/// assert!(rows::check_codes(&[4]).is_err());
/// ```
pub fn check_codes(codes: &[i8]) -> Result<(), RowError> {
    match codes.iter().position(|&c| c != -1 && of_code(c).is_none()) {
        Some(row) => Err(RowError::BadCode {
            row,
            code: codes[row],
        }),
        None => Ok(()),
    }
}

/// Every row's four children, in the order of [`Move::ALL`], into `children` (four rows per
/// row), `legal` and `undoes` (four per row): a move that leaves the board gives the row itself
/// and `legal` false; `undoes` marks the move that undoes the row's `previous` move code (−1 for
/// none). The rows must have passed [`check`], the codes [`check_codes`].
///
/// ```
/// use npuzzle_core::rows;
/// let size = "2".parse().unwrap();
/// let (mut children, mut legal, mut undoes) = ([0; 16], [false; 4], [false; 4]);
/// rows::children(&[1, 2, 3, 0], size, Some(&[0]), &mut children, &mut legal, &mut undoes);
/// assert_eq!(legal, [false, true, false, true]); // the tiles above and left of the blank
/// assert_eq!(undoes, [false, true, false, false]); // D undoes U
/// assert_eq!(&children[4..8], &[1, 0, 3, 2]);
/// ```
pub fn children(
    rows: &[u8],
    size: Size,
    previous: Option<&[i8]>,
    children: &mut [u8],
    legal: &mut [bool],
    undoes: &mut [bool],
) {
    let cells = size.cells();
    for (at, row) in rows.chunks_exact(cells).enumerate() {
        let blank = row.iter().position(|&t| t == 0).unwrap_or(0);
        let before = previous.map_or(-1, |p| p[at]);
        for (k, &m) in Move::ALL.iter().enumerate() {
            let slot = at * 4 + k;
            let child = &mut children[slot * cells..(slot + 1) * cells];
            child.copy_from_slice(row);
            if let Some(from) = source(size, blank, m) {
                child.swap(from, blank);
                legal[slot] = true;
                undoes[slot] = before >= 0 && before == code(m.opposite());
            } else {
                legal[slot] = false;
                undoes[slot] = false;
            }
        }
    }
}

/// Makes each row's move (a code per row, −1 for none) in place. The rows must have passed
/// [`check`].
///
/// ```
/// use npuzzle_core::rows::{self, RowError};
/// use npuzzle_core::Move;
/// let size = "2".parse().unwrap();
/// let mut batch = [1, 2, 3, 0, 1, 2, 3, 0];
/// rows::apply(&mut batch, size, &[3, -1]).unwrap();
/// assert_eq!(batch, [1, 2, 0, 3, 1, 2, 3, 0]);
/// let off = rows::apply(&mut batch, size, &[-1, 0]);
/// assert_eq!(off, Err(RowError::Illegal { row: 1, m: Move::Up }));
/// ```
pub fn apply(rows: &mut [u8], size: Size, moves: &[i8]) -> Result<(), RowError> {
    check_codes(moves)?;
    let cells = size.cells();
    for (at, row) in rows.chunks_exact_mut(cells).enumerate() {
        let Some(m) = of_code(moves[at]) else {
            continue;
        };
        let blank = row.iter().position(|&t| t == 0).unwrap_or(0);
        let from = source(size, blank, m).ok_or(RowError::Illegal { row: at, m })?;
        row.swap(from, blank);
    }
    Ok(())
}

/// Random walks from `goal` (a row of `size`), one per entry of `lengths`: that many moves, each
/// chosen uniformly among those that do not undo the last (DeepCubeA's scramble). The rows,
/// one after another.
///
/// ```
/// use npuzzle_core::{Generator, rows};
/// let size = "4".parse().unwrap();
/// let goal: Vec<u8> = (1..16).chain([0]).collect();
/// let walks = rows::random_walks(&goal, size, &[2, 2, 2], &mut Generator::new(5));
/// assert_eq!(walks.len(), 48);
/// rows::check(&walks, size).unwrap();
/// ```
pub fn random_walks(
    goal: &[u8],
    size: Size,
    lengths: &[u32],
    generator: &mut Generator,
) -> Vec<u8> {
    let cells = size.cells();
    let mut out = Vec::with_capacity(lengths.len() * cells);
    let mut options = [(Move::Up, 0usize); 4];
    for &length in lengths {
        let start = out.len();
        out.extend_from_slice(goal);
        let row = &mut out[start..];
        let mut blank = row.iter().position(|&t| t == 0).unwrap_or(0);
        let mut last: Option<Move> = None;
        for _ in 0..length {
            let mut count = 0;
            for &m in &Move::ALL {
                if let Some(from) = source(size, blank, m)
                    && last != Some(m.opposite())
                {
                    options[count] = (m, from);
                    count += 1;
                }
            }
            let (m, from) = options[generator.index(count)];
            row.swap(from, blank);
            blank = from;
            last = Some(m);
        }
    }
    out
}
