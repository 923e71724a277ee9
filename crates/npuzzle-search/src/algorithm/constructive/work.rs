//! The working board: tiles and their cells, finished cells, and the sink moves go to.

use std::ops::ControlFlow;

use npuzzle_core::{Board, Move};

use crate::error::SolveError;

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
