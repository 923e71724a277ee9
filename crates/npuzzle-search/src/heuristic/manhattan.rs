//! The Manhattan distance: the sum over tiles of their taxicab distance to their goal cells.

use npuzzle_core::{Board, Move};

/// The Manhattan distance to a fixed goal, for any board size and any goal.
///
/// Admissible and consistent: a move changes one tile's distance by exactly one. The blank does
/// not count. [`Manhattan::delta`] gives the change made by one move in O(1).
///
/// ```
/// use npuzzle_core::{Board, Goal, Move};
/// use npuzzle_search::heuristic::Manhattan;
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
}

impl Manhattan {
    /// The heuristic toward `goal`.
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
        }
    }

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
