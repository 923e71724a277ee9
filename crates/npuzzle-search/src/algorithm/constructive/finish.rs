//! The final block, solved by a short optimal search.

use std::ops::ControlFlow;

use npuzzle_core::{Board, Goal, Move, Size};

use super::work::Work;
use crate::algorithm::idastar::{self, IdaStar};
use crate::error::SolveError;
use crate::limits::Limits;
use crate::start::Start;
use npuzzle_heuristic::{Manhattan, Puzzle};

impl<F: FnMut(Move) -> ControlFlow<()>> Work<F> {
    /// Solves the last block (rows `top..`, columns `left..`, at most 3×3) optimally.
    pub(super) fn finish_block(&mut self, top: usize, left: usize) -> Result<(), SolveError> {
        let (rows, columns) = (self.height - top, self.width - left);
        let size = Size::new(columns, rows).map_err(|e| SolveError::Internal(e.to_string()))?;
        let block_cells: Vec<usize> = (top..self.height)
            .flat_map(|r| (left..self.width).map(move |c| (r, c)))
            .map(|(r, c)| self.cell(r, c))
            .collect();
        // Label the block's tiles by their goal cell in the block: its goal is then blank-last.
        let mut label = std::collections::HashMap::new();
        for (i, &cell) in block_cells.iter().enumerate() {
            let tile = self.goal[cell];
            label.insert(tile, if tile == 0 { 0 } else { i as u32 + 1 });
        }
        let labelled = block_cells
            .iter()
            .map(|&cell| label.get(&self.cells[cell]).copied())
            .collect::<Option<Vec<u32>>>()
            .ok_or_else(|| SolveError::Internal("a stray tile in the last block".into()))?;
        let block = Board::new(size, labelled).map_err(|e| SolveError::Internal(e.to_string()))?;
        let goal = Goal::BlankLast
            .board(size)
            .map_err(|e| SolveError::Internal(e.to_string()))?;
        let puzzle = Puzzle::new(&goal)?;
        let heuristic = Manhattan::for_puzzle(&puzzle);
        // The block is checked like any request: a wrong placing is an error, not a search
        // that never ends.
        let block = Start::new(block, goal)?;
        let solution = idastar::solve(&IdaStar::new(&puzzle, &heuristic), &block, Limits::none())?;
        for m in solution.moves {
            let source = self
                .source(m)
                .ok_or_else(|| SolveError::Internal("the block's move left the board".into()))?;
            self.slide_from(source)?;
        }
        self.placed += block_cells.len() as u64;
        Ok(())
    }
}
