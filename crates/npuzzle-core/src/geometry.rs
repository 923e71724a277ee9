//! Board dimensions: [`Size`] and the `WxH` notation used on the command line.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The largest number of cells a board may have (enough for 1000×1000 with room to spare).
pub const MAX_CELLS: usize = 1 << 24;

/// Width and height of a board, both at least 2.
///
/// ```
/// use npuzzle_core::Size;
/// let size: Size = "4x6".parse().unwrap();
/// assert_eq!((size.width(), size.height()), (4, 6));
/// assert_eq!("5".parse::<Size>().unwrap(), Size::new(5, 5).unwrap());
/// assert_eq!(size.to_string(), "4x6");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "(usize, usize)", into = "(usize, usize)")]
pub struct Size {
    width: usize,
    height: usize,
}

/// Why a size is not a valid board size.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SizeError {
    /// Width or height below 2.
    #[error("a board must be at least 2x2, not {width}x{height}")]
    TooSmall {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
    /// More cells than [`MAX_CELLS`].
    #[error("a {width}x{height} board has too many cells (at most {MAX_CELLS})")]
    TooLarge {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
    /// Text that is neither `N` nor `WxH`.
    #[error("'{0}' is not a board size: write N for a square board or WxH (e.g. 4x4, 3x5)")]
    Syntax(String),
}

impl Size {
    /// A size of `width` columns and `height` rows.
    pub fn new(width: usize, height: usize) -> Result<Size, SizeError> {
        if width < 2 || height < 2 {
            return Err(SizeError::TooSmall { width, height });
        }
        match width.checked_mul(height) {
            Some(cells) if cells <= MAX_CELLS => Ok(Size { width, height }),
            _ => Err(SizeError::TooLarge { width, height }),
        }
    }

    /// A square board of `side` × `side`.
    pub fn square(side: usize) -> Result<Size, SizeError> {
        Size::new(side, side)
    }

    /// Number of columns.
    pub fn width(self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(self) -> usize {
        self.height
    }

    /// Number of cells (tiles plus the blank).
    pub fn cells(self) -> usize {
        self.width * self.height
    }

    /// The row and column of cell `index` (row-major).
    pub fn coords(self, index: usize) -> (usize, usize) {
        (index / self.width, index % self.width)
    }

    /// The cell index of `row`, `column`.
    pub fn index(self, row: usize, column: usize) -> usize {
        row * self.width + column
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl FromStr for Size {
    type Err = SizeError;

    fn from_str(text: &str) -> Result<Size, SizeError> {
        let syntax = || SizeError::Syntax(text.to_string());
        let number = |s: &str| s.trim().parse::<usize>().map_err(|_| syntax());
        match text.trim().split_once(['x', 'X', '×']) {
            Some((w, h)) => Size::new(number(w)?, number(h)?),
            None => Size::square(number(text)?),
        }
    }
}

impl TryFrom<(usize, usize)> for Size {
    type Error = SizeError;
    fn try_from((width, height): (usize, usize)) -> Result<Size, SizeError> {
        Size::new(width, height)
    }
}

impl From<Size> for (usize, usize) {
    fn from(size: Size) -> (usize, usize) {
        (size.width, size.height)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_square_and_rectangular_sizes() {
        assert_eq!("3".parse::<Size>(), Size::new(3, 3));
        assert_eq!(" 4X6 ".parse::<Size>(), Size::new(4, 6));
        assert_eq!("1000x1000".parse::<Size>().map(Size::cells), Ok(1_000_000));
    }

    #[test]
    fn rejects_bad_sizes() {
        assert_eq!(
            "1x5".parse::<Size>(),
            Err(SizeError::TooSmall {
                width: 1,
                height: 5
            })
        );
        assert!(matches!("4x".parse::<Size>(), Err(SizeError::Syntax(_))));
        assert!(matches!("abc".parse::<Size>(), Err(SizeError::Syntax(_))));
        assert!(matches!(
            "100000x100000".parse::<Size>(),
            Err(SizeError::TooLarge { .. })
        ));
    }

    #[test]
    fn coords_round_trip() {
        let size = Size::new(4, 3).unwrap();
        for i in 0..size.cells() {
            let (r, c) = size.coords(i);
            assert_eq!(size.index(r, c), i);
        }
    }
}
