//! The compact form searches work on: cells as bytes, precomputed neighbours, the goal's layout.

use npuzzle_core::{Board, Move, Size};

/// The largest board the state-space searches accept: tiles are stored in bytes, as in a row of
/// a batch ([`npuzzle_core::rows::MAX_CELLS`]).
pub const MAX_SEARCH_CELLS: usize = npuzzle_core::rows::MAX_CELLS;

/// A board too large for the state-space searches (more than [`MAX_SEARCH_CELLS`] cells).
///
/// ```
/// use npuzzle_core::{Goal, Size};
/// use npuzzle_heuristic::Puzzle;
/// let goal = Goal::BlankLast.board(Size::square(17).unwrap()).unwrap();
/// assert!(Puzzle::new(&goal).unwrap_err().to_string().contains("at most 256 cells"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "a {size} board is too large for the state-space searches (at most {MAX_SEARCH_CELLS} cells)"
)]
pub struct TooLargeToSearch {
    /// The board size.
    pub size: Size,
}

/// A board size and goal prepared for search: which cells neighbour which, and where each tile
/// belongs.
///
/// ```
/// use npuzzle_core::{Goal, Size};
/// use npuzzle_heuristic::Puzzle;
/// let puzzle = Puzzle::new(&Goal::BlankLast.board(Size::square(3).unwrap()).unwrap()).unwrap();
/// assert_eq!((puzzle.cells(), puzzle.goal_cells()[0]), (9, 1));
/// assert!(Puzzle::new(&Goal::BlankLast.board(Size::square(17).unwrap()).unwrap()).is_err());
/// ```
#[derive(Clone, Debug)]
pub struct Puzzle {
    size: Size,
    goal: Board,
    goal_cells: Vec<u8>,
    /// `target[t]`: the goal cell of tile `t`.
    target: Vec<u8>,
    /// For each blank cell, four slots: the cells whose tile can slide into it, with the move
    /// that does it (flat, so a lookup is one multiplication away).
    neighbours: Vec<(u8, Move)>,
    /// How many of each cell's four slots are used.
    degree: Vec<u8>,
}

impl Puzzle {
    /// Prepares `goal` for search. Boards above [`MAX_SEARCH_CELLS`] cells are refused.
    pub fn new(goal: &Board) -> Result<Puzzle, TooLargeToSearch> {
        let size = goal.size();
        if size.cells() > MAX_SEARCH_CELLS {
            return Err(TooLargeToSearch { size });
        }
        let target = goal.positions().into_iter().map(|c| c as u8).collect();
        let mut neighbours = vec![(0, Move::Up); 4 * size.cells()];
        let mut degree = vec![0u8; size.cells()];
        for blank in 0..size.cells() {
            let (row, column) = size.coords(blank);
            for m in Move::ALL {
                let (dr, dc) = m.tile_offset();
                let r = row.checked_add_signed(dr).filter(|&r| r < size.height());
                let c = column.checked_add_signed(dc).filter(|&c| c < size.width());
                if let (Some(r), Some(c)) = (r, c) {
                    neighbours[4 * blank + degree[blank] as usize] = (size.index(r, c) as u8, m);
                    degree[blank] += 1;
                }
            }
        }
        Ok(Puzzle {
            size,
            goal_cells: goal.cells().iter().map(|&t| t as u8).collect(),
            goal: goal.clone(),
            target,
            neighbours,
            degree,
        })
    }

    /// The board size.
    #[inline]
    pub fn size(&self) -> Size {
        self.size
    }

    /// Number of cells.
    #[inline]
    pub fn cells(&self) -> usize {
        self.size.cells()
    }

    /// The goal.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The goal's cells as bytes.
    #[inline]
    pub fn goal_cells(&self) -> &[u8] {
        &self.goal_cells
    }

    /// The goal cell of each tile.
    #[inline]
    pub fn target(&self) -> &[u8] {
        &self.target
    }

    /// The cells next to `blank`, with the move that slides each one's tile into the blank.
    #[inline]
    pub fn neighbours(&self, blank: usize) -> &[(u8, Move)] {
        &self.neighbours[4 * blank..4 * blank + self.degree[blank] as usize]
    }

    /// A board's cells as bytes; the board must be of this puzzle's size.
    pub fn bytes(&self, board: &Board) -> Vec<u8> {
        board.cells().iter().map(|&t| t as u8).collect()
    }

    /// The board whose cells are `cells`.
    pub fn board(&self, cells: &[u8]) -> Board {
        Board::new(self.size, cells.iter().map(|&t| u32::from(t)).collect())
            .unwrap_or_else(|e| unreachable!("search states are boards: {e}"))
    }
}
