//! The working board: tiles and their cells, finished cells, and the sink moves go to.

use std::ops::ControlFlow;

use npuzzle_core::{Board, Move};

use crate::error::SolveError;

/// The largest box a plan covers (its table holds four entries a cell): tiles whose box with
/// their goal cell is larger, and blank routes whose box is larger, go the unplanned way.
/// Boards up to 100×100 are planned whole (4.5 s for 100×100).
const PLANNED_CELLS: usize = 10_000;

/// Past 100×100 the largest box planned shrinks as the board grows, so that the plans' work
/// (about the board's cells times the box) stays near that of 100×100: this over the board's
/// cells. Measured (seed 1), unplanned → boxes up to 10,000 cells → this rule: 150×150 2.94× →
/// 2.40× in 18 s → 2.49× in 11 s; 300×300 2.91× in 4 s → 2.54× in 82 s → 2.71× in 18 s;
/// 1000×1000 2.92× → (not run) → 2.88× in 230 s.
const PLAN_WORK: usize = 100_000_000;

/// The largest box planned on a board of `cells` cells (see [`PLAN_WORK`]).
pub(super) fn planned_cells(cells: usize) -> usize {
    (PLAN_WORK / cells.max(1)).min(PLANNED_CELLS)
}

/// The working board: tiles, where each is, which cells are finished, and the move sink.
pub(super) struct Work<F: FnMut(Move) -> ControlFlow<()>> {
    pub(super) width: usize,
    pub(super) height: usize,
    pub(super) cells: Vec<u32>,
    pub(super) position: Vec<usize>,
    pub(super) blank: usize,
    /// The goal's tile for each cell (its blank in the bottom-right corner).
    pub(super) goal: Vec<u32>,
    /// The goal cell of the tile on each cell (kept by cell, not by tile, so that weighing a
    /// route reads memory near it).
    pub(super) aim: Vec<u32>,
    pub(super) locked: Vec<bool>,
    pub(super) sink: F,
    pub(super) count: u64,
    pub(super) placed: u64,
    /// The largest box a planned route covers on this board (see `plan::planned_cells`).
    pub(super) planned_cells: usize,
}

/// What a blank move costs a planned route when it takes its tile nearer its goal cell, and
/// [`AWAY`] when it takes it farther. Every solution is the Manhattan bound plus twice its moves
/// away, so routes are planned for the fewest moves away first and the fewest moves second.
/// Measured on 100×100 (seed 11): an away move worth 5 near ones gives 2.41× the Manhattan bound,
/// 7 gives 2.39×, 9 and more 2.38×.
pub(super) const NEAR: u64 = 1;

/// What a move that takes its tile away from its goal cell costs (see [`NEAR`]).
pub(super) const AWAY: u64 = 9;

/// A box of the board, rows `top..=bottom` and columns `left..=right`, whose cells are numbered
/// row by row for tables that cover only the box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Frame {
    pub(super) top: usize,
    pub(super) left: usize,
    pub(super) bottom: usize,
    pub(super) right: usize,
}

impl Frame {
    /// How many cells the box holds.
    pub(super) fn area(&self) -> usize {
        (self.bottom - self.top + 1) * (self.right - self.left + 1)
    }

    /// The number of `(row, column)` in the box, if it is in it.
    pub(super) fn index(&self, (r, c): (usize, usize)) -> Option<usize> {
        ((self.top..=self.bottom).contains(&r) && (self.left..=self.right).contains(&c))
            .then(|| (r - self.top) * (self.right - self.left + 1) + (c - self.left))
    }
}

/// The eight cells around a cell, clockwise from the top-left, as (row, column) offsets.
pub(super) const RING: [(isize, isize); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
];

impl<F: FnMut(Move) -> ControlFlow<()>> Work<F> {
    pub(super) fn new(board: &Board, goal: &Board, sink: F) -> Work<F> {
        let mut position = vec![0; board.cells().len()];
        for (cell, &tile) in board.cells().iter().enumerate() {
            position[tile as usize] = cell;
        }
        let mut target = vec![0; goal.cells().len()];
        for (cell, &tile) in goal.cells().iter().enumerate() {
            target[tile as usize] = cell as u32;
        }
        Work {
            aim: board.cells().iter().map(|&t| target[t as usize]).collect(),
            width: board.width(),
            height: board.height(),
            cells: board.cells().to_vec(),
            position,
            blank: board.blank(),
            goal: goal.cells().to_vec(),
            locked: vec![false; board.cells().len()],
            sink,
            count: 0,
            placed: 0,
            planned_cells: planned_cells(board.cells().len()),
        }
    }

    pub(super) fn coords(&self, cell: usize) -> (usize, usize) {
        (cell / self.width, cell % self.width)
    }

    pub(super) fn cell(&self, row: usize, column: usize) -> usize {
        row * self.width + column
    }

    /// The cell at `offset` from `cell`, if on the board.
    pub(super) fn offset(&self, cell: usize, (dr, dc): (isize, isize)) -> Option<usize> {
        let (r, c) = self.coords(cell);
        let r = r.checked_add_signed(dr).filter(|&r| r < self.height)?;
        let c = c.checked_add_signed(dc).filter(|&c| c < self.width)?;
        Some(self.cell(r, c))
    }

    /// The change in the tiles' Manhattan distance if the blank walked `path` (a path that
    /// visits no cell twice): each step moves the tile on the next cell into the blank's.
    /// Of routes equally long, the one that lowers it most leaves less for later.
    pub(super) fn change(&self, path: &[usize]) -> isize {
        let mut blank = self.blank;
        let mut change = 0;
        for &cell in path {
            let goal = self.aim[cell] as usize;
            change += self.distance(blank, goal) - self.distance(cell, goal);
            blank = cell;
        }
        change
    }

    /// What the blank stepping from `from` onto `cell` costs a planned route: [`NEAR`] when
    /// the tile it moves (from `cell` to `from`) comes nearer its goal cell, else [`AWAY`].
    pub(super) fn step_cost(&self, from: usize, cell: usize) -> u64 {
        let goal = self.aim[cell] as usize;
        if self.distance(from, goal) < self.distance(cell, goal) {
            NEAR
        } else {
            AWAY
        }
    }

    /// What walking `path` costs a planned route (see [`Work::step_cost`]).
    pub(super) fn path_cost(&self, path: &[usize]) -> u64 {
        let mut from = self.blank;
        path.iter()
            .map(|&cell| {
                let cost = self.step_cost(from, cell);
                from = cell;
                cost
            })
            .sum()
    }

    /// The box spanning `cells`, widened by `margin` on every side within the board.
    pub(super) fn frame(&self, cells: &[usize], margin: usize) -> Frame {
        let rows = cells.iter().map(|&c| c / self.width);
        let columns = cells.iter().map(|&c| c % self.width);
        Frame {
            top: rows.clone().min().unwrap_or(0).saturating_sub(margin),
            left: columns.clone().min().unwrap_or(0).saturating_sub(margin),
            bottom: (rows.max().unwrap_or(0) + margin).min(self.height - 1),
            right: (columns.max().unwrap_or(0) + margin).min(self.width - 1),
        }
    }

    /// The Manhattan distance between two cells.
    pub(super) fn distance(&self, a: usize, b: usize) -> isize {
        let ((ar, ac), (br, bc)) = (self.coords(a), self.coords(b));
        (ar.abs_diff(br) + ac.abs_diff(bc)) as isize
    }

    pub(super) fn adjacent(&self, a: usize, b: usize) -> bool {
        let ((ar, ac), (br, bc)) = (self.coords(a), self.coords(b));
        ar.abs_diff(br) + ac.abs_diff(bc) == 1
    }

    pub(super) fn free(&self, cell: usize, avoid: &[usize]) -> bool {
        !self.locked[cell] && !avoid.contains(&cell)
    }

    /// The cell whose tile `m` moves, if any.
    pub(super) fn source(&self, m: Move) -> Option<usize> {
        self.offset(self.blank, m.tile_offset())
    }

    /// Slides the tile at `source` (next to the blank) into the blank.
    pub(super) fn slide_from(&mut self, source: usize) -> Result<(), SolveError> {
        let (br, bc) = self.coords(self.blank);
        let (sr, sc) = self.coords(source);
        let offset = (sr as isize - br as isize, sc as isize - bc as isize);
        let m = Move::from_tile_offset(offset)
            .unwrap_or_else(|| unreachable!("slides are between neighbours"));
        let tile = self.cells[source];
        self.cells[self.blank] = tile;
        self.aim[self.blank] = self.aim[source];
        self.position[tile as usize] = self.blank;
        self.cells[source] = 0;
        self.position[0] = source;
        self.blank = source;
        self.count += 1;
        match (self.sink)(m) {
            ControlFlow::Continue(()) => Ok(()),
            ControlFlow::Break(()) => Err(SolveError::Stopped),
        }
    }

    /// Moves the blank along `path` (each cell next to the previous).
    pub(super) fn walk(&mut self, path: &[usize]) -> Result<(), SolveError> {
        path.iter().try_for_each(|&cell| self.slide_from(cell))
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use npuzzle_core::{Generator, Goal, Size};

    /// A working board on a random `size`×`size` position toward blank-last, its moves dropped.
    pub(in super::super) fn work(
        size: usize,
        seed: u64,
    ) -> Work<impl FnMut(Move) -> ControlFlow<()>> {
        let goal = Goal::BlankLast.board(Size::square(size).unwrap()).unwrap();
        let board = Generator::new(seed).random_position(&goal);
        Work::new(&board, &goal, |_| ControlFlow::Continue(()))
    }
}
