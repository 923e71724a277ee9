//! The Manhattan distance: the sum over tiles of their taxicab distance to their goal cells.

use npuzzle_core::{Board, Move};

use super::Heuristic;
use crate::Puzzle;

/// The Manhattan distance to a fixed goal, for any board size and any goal.
///
/// Admissible and consistent: a move changes one tile's distance by exactly one. The blank does
/// not count. In searches it is a table lookup per move.
///
/// ```
/// use npuzzle_core::{Board, Goal, Move};
/// use npuzzle_heuristic::Manhattan;
/// let goal = Goal::BlankLast.board("3".parse().unwrap()).unwrap();
/// let h = Manhattan::new(&goal);
/// let mut board: Board = "1 2 3/4 5 6/7 0 8".parse().unwrap();
/// assert_eq!(h.distance(&board), 1);
/// assert_eq!(h.delta(&board, Move::Left), -1);
/// board.apply(Move::Left).unwrap();
/// assert_eq!(h.distance(&board), 0);
/// ```
#[derive(Clone, Debug)]
pub struct Manhattan {
    width: usize,
    /// Goal (row, column) of each tile.
    target: Vec<(usize, usize)>,
    /// `table[tile * cells + cell]`: the tile's distance from that cell to its goal cell (the
    /// blank's row is all zeros). Empty for boards too large to search.
    table: Vec<u8>,
}

impl Manhattan {
    /// The heuristic toward `goal`, for whole boards of any size.
    pub fn new(goal: &Board) -> Manhattan {
        let size = goal.size();
        let target = goal
            .positions()
            .into_iter()
            .map(|i| size.coords(i))
            .collect();
        Manhattan {
            width: goal.width(),
            target,
            table: Vec::new(),
        }
    }

    /// The heuristic with its per-move table, for searches on `puzzle`.
    pub fn for_puzzle(puzzle: &Puzzle) -> Manhattan {
        let mut h = Manhattan::new(puzzle.goal());
        let n = puzzle.cells();
        h.table = (0..n)
            .flat_map(|tile| (0..n).map(move |cell| (tile, cell)))
            .map(|(tile, cell)| match tile {
                0 => 0,
                t => h.tile_distance(t as u32, cell) as u8,
            })
            .collect();
        h
    }

    /// The distance of `tile` from each cell to its goal cell (only for [`Manhattan::for_puzzle`]).
    ///
    /// ```
    /// use npuzzle_core::Goal;
    /// use npuzzle_heuristic::{Manhattan, Puzzle};
    /// let puzzle = Puzzle::new(&Goal::BlankLast.board("3".parse().unwrap()).unwrap()).unwrap();
    /// assert_eq!(Manhattan::for_puzzle(&puzzle).tile_table(1), &[0, 1, 2, 1, 2, 3, 2, 3, 4]);
    /// ```
    pub fn tile_table(&self, tile: u8) -> &[u8] {
        let n = self.target.len();
        &self.table[usize::from(tile) * n..(usize::from(tile) + 1) * n]
    }

    #[inline]
    fn tile_distance(&self, tile: u32, index: usize) -> usize {
        let (row, column) = (index / self.width, index % self.width);
        let (goal_row, goal_column) = self.target[tile as usize];
        row.abs_diff(goal_row) + column.abs_diff(goal_column)
    }

    /// The distance of `board`, which must be of the goal's size.
    pub fn distance(&self, board: &Board) -> usize {
        board
            .cells()
            .iter()
            .enumerate()
            .filter(|&(_, &tile)| tile != 0)
            .map(|(index, &tile)| self.tile_distance(tile, index))
            .sum()
    }

    /// How much the distance changes when `m` is played on `board` (−1 or +1; 0 if `m` is
    /// illegal).
    pub fn delta(&self, board: &Board, m: Move) -> isize {
        let Some(source) = board.source(m) else {
            return 0;
        };
        let tile = board.cells()[source];
        self.tile_distance(tile, board.blank()) as isize - self.tile_distance(tile, source) as isize
    }

    /// The table entry for `tile` on `cell` (searches only).
    #[inline]
    pub(crate) fn entry(&self, tile: u8, cell: usize) -> u32 {
        let n = self.target.len();
        u32::from(self.table[tile as usize * n + cell])
    }
}

impl Heuristic for Manhattan {
    type State = u32;

    fn kind(&self) -> Option<crate::HeuristicKind> {
        Some(crate::HeuristicKind::Manhattan)
    }

    #[inline]
    fn start(&self, cells: &[u8]) -> u32 {
        cells
            .iter()
            .enumerate()
            .map(|(cell, &tile)| self.entry(tile, cell))
            .sum()
    }

    #[inline]
    fn value(&self, state: &u32) -> u32 {
        *state
    }

    #[inline]
    fn moved(&self, state: &u32, _: &[u8], tile: u8, from: usize, to: usize) -> u32 {
        state + self.entry(tile, to) - self.entry(tile, from)
    }

    fn consistent(&self) -> bool {
        true
    }

    fn toward(&self, puzzle: &Puzzle) -> Option<Self> {
        Some(Manhattan::for_puzzle(puzzle))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle_core::{Goal, Size};

    #[test]
    fn zero_at_every_goal() {
        let size = Size::new(5, 3).unwrap();
        for goal in [Goal::BlankLast, Goal::BlankFirst, Goal::Snake, Goal::Spiral] {
            let goal = goal.board(size).unwrap();
            assert_eq!(Manhattan::new(&goal).distance(&goal), 0);
        }
    }

    #[test]
    fn incremental_matches_full() {
        let goal = Goal::Spiral.board(Size::new(4, 3).unwrap()).unwrap();
        let h = Manhattan::new(&goal);
        let (mut board, _) = npuzzle_core::Generator::new(5).random_walk(&goal, 40);
        for m in [
            Move::Up,
            Move::Left,
            Move::Down,
            Move::Down,
            Move::Right,
            Move::Up,
        ] {
            let before = h.distance(&board) as isize;
            let delta = h.delta(&board, m);
            if board.apply(m).is_ok() {
                assert_eq!(h.distance(&board) as isize, before + delta);
                assert_eq!(delta.abs(), 1);
            } else {
                assert_eq!(delta, 0);
            }
        }
    }
}
