//! Misplaced tiles: how many tiles are not on their goal cells (the textbook's h1).

use super::Heuristic;
use crate::Puzzle;

/// The number of tiles off their goal cells, for any board size and any goal: Russell and
/// Norvig's h1, the weakest of the classic bounds, kept for the lab and the textbook's table.
///
/// Admissible and consistent: every misplaced tile needs at least one move, and a move changes
/// the count by at most one. The blank does not count.
///
/// ```
/// use npuzzle_core::Goal;
/// use npuzzle_heuristic::{Puzzle, Heuristic, Misplaced};
/// let puzzle = Puzzle::new(&Goal::BlankLast.board("3".parse().unwrap()).unwrap()).unwrap();
/// let h = Misplaced::new(&puzzle);
/// // 7 and 8 are off their cells: Manhattan says 2 as well; 8 1 3 / 4 0 2 / 7 6 5 shows the gap.
/// assert_eq!(h.value(&h.start(&[1, 2, 3, 4, 5, 6, 0, 7, 8])), 2);
/// assert_eq!(h.value(&h.start(&[8, 1, 3, 4, 0, 2, 7, 6, 5])), 5);
/// ```
#[derive(Clone, Debug)]
pub struct Misplaced {
    /// The goal's tile on each cell.
    goal: Vec<u8>,
}

impl Misplaced {
    /// The heuristic toward `puzzle`'s goal.
    pub fn new(puzzle: &Puzzle) -> Misplaced {
        Misplaced {
            goal: puzzle.goal_cells().to_vec(),
        }
    }

    /// 1 where `tile` (not the blank) is on its goal cell `cell`.
    #[inline]
    fn placed(&self, tile: u8, cell: usize) -> u32 {
        u32::from(tile != 0 && self.goal[cell] == tile)
    }
}

impl Heuristic for Misplaced {
    type State = u32;

    fn kind(&self) -> Option<crate::HeuristicKind> {
        Some(crate::HeuristicKind::Misplaced)
    }

    #[inline]
    fn start(&self, cells: &[u8]) -> u32 {
        let tiles = cells.iter().filter(|&&tile| tile != 0).count() as u32;
        let placed: u32 = cells
            .iter()
            .enumerate()
            .map(|(cell, &tile)| self.placed(tile, cell))
            .sum();
        tiles - placed
    }

    #[inline]
    fn value(&self, state: &u32) -> u32 {
        *state
    }

    #[inline]
    fn moved(&self, state: &u32, _: &[u8], tile: u8, from: usize, to: usize) -> u32 {
        state + self.placed(tile, from) - self.placed(tile, to)
    }

    fn consistent(&self) -> bool {
        true
    }

    fn toward(&self, puzzle: &Puzzle) -> Option<Self> {
        Some(Misplaced::new(puzzle))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle_core::{Generator, Goal, Move, Size};

    #[test]
    fn incremental_matches_counting_on_a_walk() {
        let goal = Goal::Spiral.board(Size::new(4, 3).unwrap()).unwrap();
        let puzzle = Puzzle::new(&goal).unwrap();
        let h = Misplaced::new(&puzzle);
        let (mut board, _) = Generator::new(9).random_walk(&goal, 30);
        let mut state = h.start(&puzzle.bytes(&board));
        for m in [
            Move::Up,
            Move::Left,
            Move::Down,
            Move::Right,
            Move::Up,
            Move::Up,
        ] {
            let Some(from) = board.source(m) else {
                continue;
            };
            let to = board.blank();
            let tile = board.cells()[from] as u8;
            board.apply(m).unwrap();
            let cells = puzzle.bytes(&board);
            state = h.moved(&state, &cells, tile, from, to);
            assert_eq!(state, h.start(&cells));
        }
        assert_eq!(h.value(&h.start(puzzle.goal_cells())), 0);
    }
}
