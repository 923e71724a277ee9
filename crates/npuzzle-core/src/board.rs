//! The [`Board`]: a validated arrangement of tiles on a W×H grid, and moving tiles on it.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::geometry::Size;
use crate::moves::Move;

/// A tile number; `0` is the blank. Wide enough for a 1000×1000 board and more.
pub type Tile = u32;

/// A position: every tile `1..width*height` and the blank `0` exactly once, row-major.
///
/// ```
/// use npuzzle_core::{Board, Move};
/// let mut board: Board = "1 2 3/4 5 6/7 0 8".parse().unwrap();
/// assert_eq!(board.blank_coords(), (2, 1));
/// board.apply(Move::Left).unwrap(); // the 8 slides left into the blank
/// assert_eq!(board.to_string(), "1 2 3/4 5 6/7 8 0");
/// assert!(board.apply(Move::Left).is_err()); // nothing right of the blank now
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "BoardData", into = "BoardData")]
pub struct Board {
    size: Size,
    cells: Vec<Tile>,
    blank: usize,
}

/// What is wrong with a list of cells that should form a board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    /// Not `width × height` cells.
    #[error("a {size} board has {expected} cells, but {found} were given")]
    WrongCount {
        /// The board size.
        size: Size,
        /// Cells needed.
        expected: usize,
        /// Cells given.
        found: usize,
    },
    /// No blank (`0`) among the cells.
    #[error(
        "there is no blank: a {size} board holds the tiles 1 to {} and a blank written 0 (or _, ., x)",
        size.cells() - 1
    )]
    MissingBlank {
        /// The board size.
        size: Size,
    },
    /// A tile number that is too large for the board.
    #[error(
        "tile {tile} at row {}, column {} is out of range: a {size} board has tiles 1 to {}",
        row + 1, column + 1, size.cells() - 1
    )]
    OutOfRange {
        /// The board size.
        size: Size,
        /// The offending number.
        tile: u64,
        /// Its row (0-based).
        row: usize,
        /// Its column (0-based).
        column: usize,
    },
    /// A tile that appears twice.
    #[error(
        "{} appears twice: at row {}, column {} and at row {}, column {}",
        tile_name(*tile), first.0 + 1, first.1 + 1, second.0 + 1, second.1 + 1
    )]
    Duplicate {
        /// The repeated tile.
        tile: Tile,
        /// Where it first appears (row, column), 0-based.
        first: (usize, usize),
        /// Where it appears again (row, column), 0-based.
        second: (usize, usize),
    },
}

fn tile_name(tile: Tile) -> String {
    match tile {
        0 => "the blank".to_string(),
        t => format!("tile {t}"),
    }
}

/// A move that cannot be made: no tile sits on that side of the blank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("{} is illegal here: there is no tile {} the blank", .0, side(*.0))]
pub struct IllegalMove(pub Move);

fn side(m: Move) -> &'static str {
    match m {
        Move::Up => "below",
        Move::Down => "above",
        Move::Left => "right of",
        Move::Right => "left of",
    }
}

/// A move sequence that fails part-way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("move {} ({}) is illegal: there is no tile {} the blank", .index + 1, .mv, side(*.mv))]
pub struct SequenceError {
    /// 0-based index of the failing move.
    pub index: usize,
    /// The failing move.
    pub mv: Move,
}

impl Board {
    /// A board of `size` from row-major `cells` (`0` is the blank), validated.
    ///
    /// ```
    /// use npuzzle_core::{Board, Size};
    /// let size = Size::new(3, 2).unwrap();
    /// assert!(Board::new(size, vec![1, 2, 3, 4, 5, 0]).is_ok());
    /// let err = Board::new(size, vec![1, 2, 3, 4, 4, 0]).unwrap_err();
    /// assert_eq!(err.to_string(), "tile 4 appears twice: at row 2, column 1 and at row 2, column 2");
    /// ```
    pub fn new(size: Size, cells: Vec<Tile>) -> Result<Board, BoardError> {
        Board::from_numbers(size, cells.into_iter().map(u64::from).collect())
    }

    /// Like [`Board::new`], from numbers of any width (so that too-large numbers are reported as
    /// out of range rather than lost in a conversion).
    pub fn from_numbers(size: Size, numbers: Vec<u64>) -> Result<Board, BoardError> {
        let n = size.cells();
        if numbers.len() != n {
            return Err(BoardError::WrongCount {
                size,
                expected: n,
                found: numbers.len(),
            });
        }
        if !numbers.contains(&0) {
            return Err(BoardError::MissingBlank { size });
        }
        let mut seen: Vec<Option<usize>> = vec![None; n];
        for (index, &number) in numbers.iter().enumerate() {
            let (row, column) = size.coords(index);
            let tile =
                usize::try_from(number)
                    .ok()
                    .filter(|&t| t < n)
                    .ok_or(BoardError::OutOfRange {
                        size,
                        tile: number,
                        row,
                        column,
                    })?;
            if let Some(first) = seen[tile] {
                return Err(BoardError::Duplicate {
                    tile: tile as Tile,
                    first: size.coords(first),
                    second: (row, column),
                });
            }
            seen[tile] = Some(index);
        }
        let blank = seen[0].unwrap_or_default();
        let cells = numbers.into_iter().map(|t| t as Tile).collect();
        Ok(Board { size, cells, blank })
    }

    /// The board's size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.size.width()
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.size.height()
    }

    /// The cells, row-major.
    pub fn cells(&self) -> &[Tile] {
        &self.cells
    }

    /// The tile at `row`, `column` (0-based), if inside the board.
    pub fn get(&self, row: usize, column: usize) -> Option<Tile> {
        (row < self.height() && column < self.width())
            .then(|| self.cells[self.size.index(row, column)])
    }

    /// The blank's cell index.
    pub fn blank(&self) -> usize {
        self.blank
    }

    /// The blank's (row, column), 0-based.
    pub fn blank_coords(&self) -> (usize, usize) {
        self.size.coords(self.blank)
    }

    /// Where each tile is: `positions()[t]` is the cell index of tile `t`.
    pub fn positions(&self) -> Vec<usize> {
        let mut positions = vec![0; self.cells.len()];
        for (index, &tile) in self.cells.iter().enumerate() {
            positions[tile as usize] = index;
        }
        positions
    }

    /// The cell index of `tile`, if it is on the board.
    pub fn position_of(&self, tile: Tile) -> Option<usize> {
        self.cells.iter().position(|&t| t == tile)
    }

    /// The cell index of the tile that `m` would move, if there is one.
    pub fn source(&self, m: Move) -> Option<usize> {
        let (row, column) = self.blank_coords();
        let (dr, dc) = m.tile_offset();
        let row = row.checked_add_signed(dr).filter(|&r| r < self.height())?;
        let column = column
            .checked_add_signed(dc)
            .filter(|&c| c < self.width())?;
        Some(self.size.index(row, column))
    }

    /// Whether `m` is legal here.
    pub fn can_move(&self, m: Move) -> bool {
        self.source(m).is_some()
    }

    /// The legal moves, in the order `U D L R`.
    pub fn legal_moves(&self) -> impl Iterator<Item = Move> + '_ {
        Move::ALL.into_iter().filter(|&m| self.can_move(m))
    }

    /// Slides a tile into the blank; the board is unchanged if the move is illegal.
    pub fn apply(&mut self, m: Move) -> Result<(), IllegalMove> {
        let source = self.source(m).ok_or(IllegalMove(m))?;
        self.cells.swap(source, self.blank);
        self.blank = source;
        Ok(())
    }

    /// Plays `runs` (a move and how many times, as [`crate::parse_runs`] reads them) one move at a
    /// time, stopping at the first illegal move with its index among all the moves: nothing is
    /// expanded, so a run of a million moves costs no memory.
    ///
    /// ```
    /// use npuzzle_core::{Board, Move::*};
    /// let mut board: Board = "1 2 3/4 5 6/7 8 0".parse().unwrap();
    /// assert!(board.apply_runs(&[(Right, 2)]).is_ok());
    /// let error = board.apply_runs(&[(Down, 1), (Right, 1)]).unwrap_err();
    /// assert_eq!(error.index, 1); // the second move: the blank is already in the first column
    /// ```
    pub fn apply_runs(&mut self, runs: &[(Move, usize)]) -> Result<(), SequenceError> {
        let mut index = 0;
        for &(mv, count) in runs {
            for _ in 0..count {
                self.apply(mv).map_err(|_| SequenceError { index, mv })?;
                index += 1;
            }
        }
        Ok(())
    }

    /// Applies a whole sequence; on an illegal move the board is left after the moves before it.
    pub fn apply_all(&mut self, moves: &[Move]) -> Result<(), SequenceError> {
        for (index, &mv) in moves.iter().enumerate() {
            self.apply(mv).map_err(|_| SequenceError { index, mv })?;
        }
        Ok(())
    }

    /// The move that slides `tile` into the blank, if it is adjacent to the blank.
    pub fn move_of_tile(&self, tile: Tile) -> Option<Move> {
        let (count, m) = self.slide_of_tile(tile)?;
        (count == 1).then_some(m)
    }

    /// The slide that moves `tile` toward the blank when it is in the blank's row or column:
    /// how many tiles move (this one and those between it and the blank) and in which direction.
    ///
    /// ```
    /// use npuzzle_core::{Board, Move};
    /// let board: Board = "1 2 3/4 5 6/7 8 0".parse().unwrap();
    /// assert_eq!(board.slide_of_tile(7), Some((2, Move::Right)));
    /// assert_eq!(board.slide_of_tile(1), None); // not in line with the blank
    /// ```
    pub fn slide_of_tile(&self, tile: Tile) -> Option<(usize, Move)> {
        if tile == 0 {
            return None;
        }
        let (tr, tc) = self.size.coords(self.position_of(tile)?);
        let (br, bc) = self.blank_coords();
        let (dr, dc) = (tr as isize - br as isize, tc as isize - bc as isize);
        if dr != 0 && dc != 0 {
            return None;
        }
        let count = dr.unsigned_abs() + dc.unsigned_abs();
        let m = Move::from_tile_offset((dr.signum(), dc.signum()))?;
        Some((count, m))
    }

    /// Whether this board equals `goal`.
    pub fn is_solved(&self, goal: &Board) -> bool {
        self == goal
    }

    /// The board row by row.
    pub fn rows(&self) -> impl Iterator<Item = &[Tile]> {
        self.cells.chunks(self.width())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}

/// How a board is serialized: its size and its cells.
#[derive(Serialize, Deserialize)]
struct BoardData {
    width: usize,
    height: usize,
    cells: Vec<Tile>,
}

impl TryFrom<BoardData> for Board {
    type Error = String;
    fn try_from(data: BoardData) -> Result<Board, String> {
        let size = Size::new(data.width, data.height).map_err(|e| e.to_string())?;
        Board::new(size, data.cells).map_err(|e| e.to_string())
    }
}

impl From<Board> for BoardData {
    fn from(board: Board) -> BoardData {
        BoardData {
            width: board.width(),
            height: board.height(),
            cells: board.cells,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    #[test]
    fn legal_moves_in_corner_and_centre() {
        let corner = board("1 2 3/4 5 6/7 8 0");
        assert_eq!(
            corner.legal_moves().collect::<Vec<_>>(),
            vec![Move::Down, Move::Right]
        );
        let centre = board("1 2 3/4 0 6/7 5 8");
        assert_eq!(centre.legal_moves().count(), 4);
    }

    #[test]
    fn every_move_is_undone_by_its_opposite() {
        let start = board("1 2 3/4 0 6/7 5 8");
        for m in Move::ALL {
            let mut b = start.clone();
            b.apply(m).unwrap();
            b.apply(m.opposite()).unwrap();
            assert_eq!(b, start);
        }
    }

    #[test]
    fn apply_all_reports_the_failing_move() {
        let mut b = board("1 2 3/4 5 6/7 8 0");
        let err = b
            .apply_all(&[Move::Down, Move::Down, Move::Down])
            .unwrap_err();
        assert_eq!(
            err,
            SequenceError {
                index: 2,
                mv: Move::Down
            }
        );
        assert_eq!(
            err.to_string(),
            "move 3 (D) is illegal: there is no tile above the blank"
        );
        assert_eq!(b.blank_coords(), (0, 2));
    }

    #[test]
    fn errors_say_what_and_where() {
        let size = Size::new(3, 3).unwrap();
        let err = Board::new(size, vec![1, 2, 3, 4, 5, 6, 7, 8, 9]).unwrap_err();
        assert!(err.to_string().starts_with("there is no blank"), "{err}");
        let err = Board::new(size, vec![1, 2, 3, 4, 0, 6, 7, 8, 12]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "tile 12 at row 3, column 3 is out of range: a 3x3 board has tiles 1 to 8"
        );
        let err = Board::new(size, vec![0, 2, 3, 4, 0, 6, 7, 8, 1]).unwrap_err();
        assert!(
            err.to_string().starts_with("the blank appears twice"),
            "{err}"
        );
        let err = Board::new(size, vec![0, 1]).unwrap_err();
        assert_eq!(err.to_string(), "a 3x3 board has 9 cells, but 2 were given");
    }

    #[test]
    fn slides_whole_runs() {
        let b = board("1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0");
        assert_eq!(b.slide_of_tile(4), Some((3, Move::Down)));
        assert_eq!(b.slide_of_tile(13), Some((3, Move::Right)));
        assert_eq!(b.move_of_tile(15), Some(Move::Right));
        assert_eq!(b.move_of_tile(14), None);
        assert_eq!(b.slide_of_tile(0), None);
        assert_eq!(b.slide_of_tile(99), None);
    }

    #[test]
    fn serde_validates() {
        let b = board("1 2/3 0");
        let json = serde_json::to_string(&b).unwrap();
        assert_eq!(json, r#"{"width":2,"height":2,"cells":[1,2,3,0]}"#);
        assert_eq!(serde_json::from_str::<Board>(&json).unwrap(), b);
        assert!(
            serde_json::from_str::<Board>(r#"{"width":2,"height":2,"cells":[1,1,3,0]}"#).is_err()
        );
    }
}
