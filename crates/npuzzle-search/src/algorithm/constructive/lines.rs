//! The order of the work: the top row and left column of what remains, line by line, down to
//! the final block.

use std::ops::ControlFlow;

use npuzzle_core::Move;

use super::work::Work;
use crate::error::SolveError;

impl<F: FnMut(Move) -> ControlFlow<()>> Work<F> {
    pub(super) fn solve(&mut self) -> Result<(), SolveError> {
        let (top, left) = self.lines(3)?;
        self.finish_block(top, left)
    }

    /// Places lines until what remains, below row `top` and right of column `left` (returned),
    /// is at most `side` (at least 3) each way.
    pub(super) fn lines(&mut self, side: usize) -> Result<(usize, usize), SolveError> {
        let (mut top, mut left) = (0, 0);
        loop {
            let (rows, columns) = (self.height - top, self.width - left);
            if rows <= side && columns <= side {
                return Ok((top, left));
            }
            if rows > side && rows >= columns || columns <= side {
                self.solve_row(top, left)?;
                top += 1;
            } else {
                self.solve_column(top, left)?;
                left += 1;
            }
        }
    }

    /// Places row `r` (from column `left`); at least three rows remain.
    pub(super) fn solve_row(&mut self, r: usize, left: usize) -> Result<(), SolveError> {
        let w = self.width;
        for c in left..w - 2 {
            let cell = self.cell(r, c);
            self.place(cell, false)?;
        }
        let (x, y) = (self.cell(r, w - 2), self.cell(r, w - 1));
        let window_left = left.max(w.saturating_sub(3));
        let mut window = vec![x, y];
        for row in r + 1..=r + 2 {
            window.extend((window_left..w).map(|c| self.cell(row, c)));
        }
        let staging = self.cell(r + 1, w - 1); // below the far corner
        self.place_pair([x, y], &window, staging, false)
    }

    /// Places column `c` (from row `top`); at least three columns remain.
    pub(super) fn solve_column(&mut self, top: usize, c: usize) -> Result<(), SolveError> {
        let h = self.height;
        for r in top..h - 2 {
            let cell = self.cell(r, c);
            self.place(cell, true)?;
        }
        let (x, y) = (self.cell(h - 2, c), self.cell(h - 1, c));
        let window_top = top.max(h.saturating_sub(3));
        let mut window = vec![x, y];
        for column in c + 1..=c + 2 {
            window.extend((window_top..h).map(|r| self.cell(r, column)));
        }
        let staging = self.cell(h - 1, c + 1); // right of the far corner
        self.place_pair([x, y], &window, staging, true)
    }
}
