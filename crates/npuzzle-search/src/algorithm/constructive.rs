//! The constructive solver: any solvable position of any size, placing tiles line by line.

use std::collections::VecDeque;
use std::ops::ControlFlow;

use npuzzle_core::{Board, Goal, Move, Size, moves};

use crate::algorithm::idastar;
use crate::clock::Stopwatch;
use crate::error::SolveError;
use crate::heuristic::Manhattan;
use crate::limits::{Budget, Limits};
use crate::puzzle::Puzzle;
use crate::solution::{self, Solution};
use crate::solver::Algorithm;
use crate::stats::Stats;

/// What a streamed constructive solve did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Moves made (STM).
    pub moves: u64,
    /// The Manhattan distance of the start: no solution is shorter.
    pub lower_bound: u64,
    /// Statistics (expanded counts the tiles placed).
    pub stats: Stats,
}

/// Solves `board` toward `goal`, collecting the moves (see [`solve_streaming`]).
///
/// ```
/// use npuzzle_core::{Generator, Goal, Size};
/// use npuzzle_search::{algorithm::constructive, Limits};
/// let goal = Goal::Spiral.board(Size::new(12, 9).unwrap()).unwrap();
/// let board = Generator::new(1).random_position(&goal);
/// let solution = constructive::solve(&board, &goal, &Limits::default()).unwrap(); // replayed
/// assert!(solution.moves.len() as u32 >= solution.lower_bound);
/// ```
pub fn solve(board: &Board, goal: &Board, limits: &Limits) -> Result<Solution, SolveError> {
    let mut moves = Vec::new();
    let report = solve_streaming(board, goal, limits, |m| {
        moves.push(m);
        ControlFlow::Continue(())
    })?;
    solution::verify(
        board,
        goal,
        Solution {
            moves,
            optimal: false,
            bound: None,
            algorithm: Algorithm::Constructive,
            heuristic: None,
            lower_bound: u32::try_from(report.lower_bound).unwrap_or(u32::MAX),
            stats: report.stats,
        },
    )
}

/// Solves any solvable position of any size, handing each move to `sink` as it is made, so a
/// 1000×1000 solution (billions of moves) never has to be held in memory. The sink stops the
/// solver by returning [`ControlFlow::Break`] (the solve then ends with
/// [`SolveError::Stopped`]).
///
/// Tiles are placed row by row from the top and column by column from the left, always
/// shortening the longer side of what remains. Each tile travels with the blank circling it; the
/// last two tiles of a line are placed together by an exact search over a window of at most
/// eight cells; the last block of at most 3×3 is solved optimally. Any goal works: the solver
/// aims at the goal with its blank walked to the bottom-right corner, then walks it back.
///
/// The moves are made on a working board, each one checked legal, and the working board is
/// compared with the goal at the end: the stream is a replayed solution. About O(cells^1.5)
/// moves; solution length runs at a small multiple of the Manhattan lower bound.
///
/// `limits` hold as for every search: each move counts as a node, the memory is the working
/// board's, and the time limit and cancellation are looked at every few thousand moves.
pub fn solve_streaming(
    board: &Board,
    goal: &Board,
    limits: &Limits,
    mut sink: impl FnMut(Move) -> ControlFlow<()>,
) -> Result<Report, SolveError> {
    npuzzle_core::solvability::check(board, goal)?;
    let clock = Stopwatch::start();
    let mut budget = Budget::new(limits.clone());
    let mut spent = Stats {
        peak_memory: (board.cells().len() * 17) as u64,
        ..Stats::default()
    };
    let mut hit = None;
    let sink = |m| {
        spent.generated += 1;
        spent.expanded = spent.generated;
        if let Err(limit) = budget.check(&spent) {
            hit = Some(limit);
            return ControlFlow::Break(());
        }
        sink(m)
    };
    let lower_bound = Manhattan::new(goal).distance(board) as u64;
    // The goal with its blank walked right, then down, into the bottom-right corner.
    let (gr, gc) = goal.blank_coords();
    let mut to_corner = vec![Move::Left; goal.width() - 1 - gc];
    to_corner.extend(std::iter::repeat_n(Move::Up, goal.height() - 1 - gr));
    let mut corner_goal = goal.clone();
    corner_goal
        .apply_all(&to_corner)
        .map_err(|e| SolveError::Internal(format!("walking the goal's blank: {e}")))?;

    let mut work = Work::new(board, &corner_goal, sink);
    let solved = work.solve().and_then(|()| {
        for m in moves::invert(&to_corner) {
            let source = work
                .source(m)
                .ok_or_else(|| SolveError::Internal("walking back".into()))?;
            work.slide_from(source)?;
        }
        Ok(())
    });
    if let Err(error) = solved {
        drop(work);
        return Err(match hit {
            Some(limit) => SolveError::LimitReached {
                limit,
                stats: Stats {
                    elapsed: clock.elapsed(),
                    ..spent
                },
            },
            None => error,
        });
    }
    if work.cells.iter().zip(goal.cells()).any(|(a, b)| a != b) {
        return Err(SolveError::Internal(
            "the constructive solver did not reach the goal".to_string(),
        ));
    }
    let stats = Stats {
        expanded: work.placed,
        generated: work.count,
        peak_nodes: 1,
        peak_memory: (work.cells.len() * 17) as u64,
        elapsed: clock.elapsed(),
        ..Stats::default()
    };
    Ok(Report {
        moves: work.count,
        lower_bound,
        stats,
    })
}

/// The working board: tiles, where each is, which cells are finished, and the move sink.
struct Work<F: FnMut(Move) -> ControlFlow<()>> {
    width: usize,
    height: usize,
    cells: Vec<u32>,
    position: Vec<usize>,
    blank: usize,
    /// The goal's tile for each cell (its blank in the bottom-right corner).
    goal: Vec<u32>,
    locked: Vec<bool>,
    sink: F,
    count: u64,
    placed: u64,
}

/// The eight cells around a cell, clockwise from the top-left, as (row, column) offsets.
const RING: [(isize, isize); 8] = [
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
    fn new(board: &Board, goal: &Board, sink: F) -> Work<F> {
        let mut position = vec![0; board.cells().len()];
        for (cell, &tile) in board.cells().iter().enumerate() {
            position[tile as usize] = cell;
        }
        Work {
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

    fn coords(&self, cell: usize) -> (usize, usize) {
        (cell / self.width, cell % self.width)
    }

    fn cell(&self, row: usize, column: usize) -> usize {
        row * self.width + column
    }

    /// The cell at `offset` from `cell`, if on the board.
    fn offset(&self, cell: usize, (dr, dc): (isize, isize)) -> Option<usize> {
        let (r, c) = self.coords(cell);
        let r = r.checked_add_signed(dr).filter(|&r| r < self.height)?;
        let c = c.checked_add_signed(dc).filter(|&c| c < self.width)?;
        Some(self.cell(r, c))
    }

    fn adjacent(&self, a: usize, b: usize) -> bool {
        let ((ar, ac), (br, bc)) = (self.coords(a), self.coords(b));
        ar.abs_diff(br) + ac.abs_diff(bc) == 1
    }

    fn free(&self, cell: usize, avoid: &[usize]) -> bool {
        !self.locked[cell] && !avoid.contains(&cell)
    }

    /// The cell whose tile `m` moves, if any.
    fn source(&self, m: Move) -> Option<usize> {
        self.offset(self.blank, m.tile_offset())
    }

    /// Slides the tile at `source` (next to the blank) into the blank.
    fn slide_from(&mut self, source: usize) -> Result<(), SolveError> {
        let (br, bc) = self.coords(self.blank);
        let (sr, sc) = self.coords(source);
        let offset = (sr as isize - br as isize, sc as isize - bc as isize);
        let m = Move::from_tile_offset(offset)
            .unwrap_or_else(|| unreachable!("slides are between neighbours"));
        let tile = self.cells[source];
        self.cells[self.blank] = tile;
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
    fn walk(&mut self, path: &[usize]) -> Result<(), SolveError> {
        path.iter().try_for_each(|&cell| self.slide_from(cell))
    }

    fn solve(&mut self) -> Result<(), SolveError> {
        let (mut top, mut left) = (0, 0);
        loop {
            let (rows, columns) = (self.height - top, self.width - left);
            if rows <= 3 && columns <= 3 {
                break;
            }
            if rows > 3 && rows >= columns || columns <= 3 {
                self.solve_row(top, left)?;
                top += 1;
            } else {
                self.solve_column(top, left)?;
                left += 1;
            }
        }
        self.finish_block(top, left)
    }

    /// Places row `r` (from column `left`); at least three rows remain.
    fn solve_row(&mut self, r: usize, left: usize) -> Result<(), SolveError> {
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
    fn solve_column(&mut self, top: usize, c: usize) -> Result<(), SolveError> {
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

    /// Brings the goal tile of `cell` there and locks it.
    fn place(&mut self, cell: usize, vertical_first: bool) -> Result<(), SolveError> {
        let tile = self.goal[cell];
        self.move_tile(tile, cell, &[], vertical_first)?;
        self.locked[cell] = true;
        self.placed += 1;
        Ok(())
    }

    /// Places the last two tiles of a line at `targets` together: both are brought into
    /// `window` (the first to the far target, the second to `staging` beside it), then an exact search inside the window finishes them.
    fn place_pair(
        &mut self,
        targets: [usize; 2],
        window: &[usize],
        staging: usize,
        vertical_first: bool,
    ) -> Result<(), SolveError> {
        let [a, b] = targets.map(|t| self.goal[t]);
        if self.position[a as usize] == targets[0] && self.position[b as usize] == targets[1] {
            self.lock_pair(targets);
            return Ok(());
        }
        // Get both tiles and the blank into the window. The first tile goes to the line's far
        // end and the second just outside it, which keeps the way in open even two cells wide;
        // a failed step leaves only legal moves behind, and the next round starts from there.
        let mut ready = false;
        for _ in 0..4 {
            let both_in = window.contains(&self.position[a as usize])
                && window.contains(&self.position[b as usize]);
            if both_in && self.enter_window(window, a, b)? {
                ready = true;
                break;
            }
            self.move_tile(a, targets[1], &[], vertical_first)?;
            if !window.contains(&self.position[b as usize]) {
                // From wherever a failed try left it, the next round goes on.
                let entered = self.move_tile(b, staging, &[targets[1]], vertical_first);
                if let Err(SolveError::Stopped) = entered {
                    return Err(SolveError::Stopped);
                }
            }
        }
        if !ready {
            return Err(SolveError::Internal(format!(
                "tiles {a} and {b} could not be brought together"
            )));
        }
        let path = self.window_search(window, a, b, targets)?;
        self.walk(&path)?;
        self.lock_pair(targets);
        Ok(())
    }

    /// Brings the blank into `window` without moving tiles `a` and `b`; false if it cannot.
    fn enter_window(&mut self, window: &[usize], a: u32, b: u32) -> Result<bool, SolveError> {
        if window.contains(&self.blank) {
            return Ok(true);
        }
        let guard = [self.position[a as usize], self.position[b as usize]];
        for cell in self.nearest_first(window, self.blank, &guard) {
            match self.route_blank(cell, &guard) {
                Ok(()) => return Ok(true),
                Err(SolveError::Stopped) => return Err(SolveError::Stopped),
                Err(_) => {}
            }
        }
        Ok(false)
    }

    /// The cells of `window` other than `taken`, nearest to `from` first.
    fn nearest_first(&self, window: &[usize], from: usize, taken: &[usize]) -> Vec<usize> {
        let (fr, fc) = self.coords(from);
        let mut cells: Vec<usize> = window
            .iter()
            .copied()
            .filter(|c| !taken.contains(c))
            .collect();
        cells.sort_by_key(|&c| {
            let (r, col) = self.coords(c);
            r.abs_diff(fr) + col.abs_diff(fc)
        });
        cells
    }

    fn lock_pair(&mut self, targets: [usize; 2]) {
        for t in targets {
            self.locked[t] = true;
        }
        self.placed += 2;
    }

    /// The shortest blank path inside `window` that puts tile `a` on `targets[0]` and `b` on
    /// `targets[1]`: breadth-first search over (a's cell, b's cell, the blank's cell).
    fn window_search(
        &self,
        window: &[usize],
        a: u32,
        b: u32,
        targets: [usize; 2],
    ) -> Result<Vec<usize>, SolveError> {
        let k = window.len();
        let slot = |cell: usize| window.iter().position(|&c| c == cell);
        let index = |s: [usize; 3]| (s[0] * k + s[1]) * k + s[2];
        let (Some(sa), Some(sb), Some(sblank)) = (
            slot(self.position[a as usize]),
            slot(self.position[b as usize]),
            slot(self.blank),
        ) else {
            return Err(SolveError::Internal("tiles outside the window".into()));
        };
        let goal = (slot(targets[0]), slot(targets[1]));
        let start = [sa, sb, sblank];
        let mut parent = vec![usize::MAX; k * k * k];
        parent[index(start)] = index(start);
        let mut queue = VecDeque::from([start]);
        while let Some(state) = queue.pop_front() {
            if (Some(state[0]), Some(state[1])) == goal {
                let mut path = Vec::new();
                let mut at = index(state);
                while at != index(start) {
                    path.push(window[at % k]);
                    at = parent[at];
                }
                path.reverse();
                return Ok(path);
            }
            let [pa, pb, blank] = state;
            for next in 0..k {
                if !self.adjacent(window[blank], window[next]) {
                    continue;
                }
                let moved = |p: usize| if p == next { blank } else { p };
                let child = [moved(pa), moved(pb), next];
                if parent[index(child)] == usize::MAX {
                    parent[index(child)] = index(state);
                    queue.push_back(child);
                }
            }
        }
        Err(SolveError::Internal(
            "the window search found no way".into(),
        ))
    }

    /// Moves `tile` to `dest` one step at a time, the blank going round it, never through
    /// locked cells or `avoid`.
    fn move_tile(
        &mut self,
        tile: u32,
        dest: usize,
        avoid: &[usize],
        vertical_first: bool,
    ) -> Result<(), SolveError> {
        loop {
            let p = self.position[tile as usize];
            if p == dest {
                return Ok(());
            }
            let ((pr, pc), (dr, dc)) = (self.coords(p), self.coords(dest));
            let horizontal = (pc != dc).then(|| if dc < pc { p - 1 } else { p + 1 });
            let vertical = (pr != dr).then(|| {
                if dr < pr {
                    p - self.width
                } else {
                    p + self.width
                }
            });
            let order = if vertical_first {
                [vertical, horizontal]
            } else {
                [horizontal, vertical]
            };
            let q = order
                .into_iter()
                .flatten()
                .find(|&q| self.free(q, avoid))
                .ok_or_else(|| SolveError::Internal(format!("tile {tile} is boxed in")))?;
            let mut guard = [p; 4];
            guard[1..=avoid.len()].copy_from_slice(avoid);
            let guard = &guard[..=avoid.len()];
            let around = if self.adjacent(self.blank, p) {
                self.ring_path(p, q, guard)
            } else {
                None
            };
            match around {
                Some(path) => self.walk(&path)?,
                None => self.route_blank(q, guard)?,
            }
            self.slide_from(p)?;
        }
    }

    /// The shorter way for the blank (next to `center`) round `center` to `to`, through the ring
    /// of eight cells, if one is free.
    fn ring_path(&self, center: usize, to: usize, avoid: &[usize]) -> Option<Vec<usize>> {
        let ring: Vec<Option<usize>> = RING.iter().map(|&o| self.offset(center, o)).collect();
        let from = ring.iter().position(|&c| c == Some(self.blank))?;
        let target = ring.iter().position(|&c| c == Some(to))?;
        let mut best: Option<Vec<usize>> = None;
        for step in [1, 7] {
            let mut path = Vec::new();
            let mut i = from;
            let ok = loop {
                i = (i + step) % 8;
                match ring[i] {
                    Some(cell) if self.free(cell, avoid) => path.push(cell),
                    _ => break false,
                }
                if i == target {
                    break true;
                }
            };
            if ok && best.as_ref().is_none_or(|b| path.len() < b.len()) {
                best = Some(path);
            }
        }
        best
    }

    /// Moves the blank to `dest` without entering locked cells or `avoid`: a straight L when one
    /// is free, else a breadth-first search in a growing box.
    fn route_blank(&mut self, dest: usize, avoid: &[usize]) -> Result<(), SolveError> {
        if self.blank == dest {
            return Ok(());
        }
        for vertical_first in [false, true] {
            if let Some(path) = self.l_path(dest, avoid, vertical_first) {
                return self.walk(&path);
            }
        }
        let (br, bc) = self.coords(self.blank);
        let (dr, dc) = self.coords(dest);
        for margin in [1, 2, 4, usize::MAX / 4] {
            let top = br.min(dr).saturating_sub(margin);
            let left = bc.min(dc).saturating_sub(margin);
            let bottom = br.max(dr).saturating_add(margin).min(self.height - 1);
            let right = bc.max(dc).saturating_add(margin).min(self.width - 1);
            if let Some(path) = self.box_path(dest, avoid, (top, left, bottom, right)) {
                return self.walk(&path);
            }
        }
        Err(SolveError::Internal(format!(
            "the blank cannot reach cell {dest}"
        )))
    }

    /// The L-shaped path from the blank to `dest`, if all its cells are free.
    fn l_path(&self, dest: usize, avoid: &[usize], vertical_first: bool) -> Option<Vec<usize>> {
        let (mut r, mut c) = self.coords(self.blank);
        let (dr, dc) = self.coords(dest);
        let mut path = Vec::with_capacity(r.abs_diff(dr) + c.abs_diff(dc));
        for phase in 0..2 {
            let vertical = (phase == 0) == vertical_first;
            while if vertical { r != dr } else { c != dc } {
                if vertical {
                    r = if dr < r { r - 1 } else { r + 1 };
                } else {
                    c = if dc < c { c - 1 } else { c + 1 };
                }
                let cell = self.cell(r, c);
                if !self.free(cell, avoid) {
                    return None;
                }
                path.push(cell);
            }
        }
        Some(path)
    }

    /// Breadth-first search for the blank inside the box (top, left, bottom, right), inclusive.
    fn box_path(
        &self,
        dest: usize,
        avoid: &[usize],
        (top, left, bottom, right): (usize, usize, usize, usize),
    ) -> Option<Vec<usize>> {
        let box_width = right - left + 1;
        let local = |cell: usize| {
            let (r, c) = self.coords(cell);
            (r - top) * box_width + (c - left)
        };
        let mut parent = vec![usize::MAX; box_width * (bottom - top + 1)];
        parent[local(self.blank)] = self.blank;
        let mut queue = VecDeque::from([self.blank]);
        while let Some(cell) = queue.pop_front() {
            if cell == dest {
                let mut path = Vec::new();
                let mut at = dest;
                while at != self.blank {
                    path.push(at);
                    at = parent[local(at)];
                }
                path.reverse();
                return Some(path);
            }
            for m in Move::ALL {
                let Some(next) = self.offset(cell, m.tile_offset()) else {
                    continue;
                };
                let (r, c) = self.coords(next);
                if r < top || r > bottom || c < left || c > right || !self.free(next, avoid) {
                    continue;
                }
                if parent[local(next)] == usize::MAX {
                    parent[local(next)] = cell;
                    queue.push_back(next);
                }
            }
        }
        None
    }

    /// Solves the last block (rows `top..`, columns `left..`, at most 3×3) optimally.
    fn finish_block(&mut self, top: usize, left: usize) -> Result<(), SolveError> {
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
        let solution = idastar::solve(&puzzle, &heuristic, &block, Limits::none())?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle_core::Generator;

    #[test]
    fn solves_every_shape_and_goal() {
        let mut failures = Vec::new();
        for w in 2..=8 {
            for h in 2..=8 {
                let size = Size::new(w, h).unwrap();
                for goal in [Goal::BlankLast, Goal::BlankFirst, Goal::Snake, Goal::Spiral] {
                    let goal = goal.board(size).unwrap();
                    let mut generator = Generator::new(w as u64 * 100 + h as u64);
                    for _ in 0..20 {
                        let board = generator.random_position(&goal);
                        if let Err(e) = solve(&board, &goal, &Limits::default()) {
                            failures.push(format!("{board} -> {goal}: {e}"));
                        }
                    }
                }
            }
        }
        assert!(
            failures.is_empty(),
            "{} failures, first: {:?}",
            failures.len(),
            &failures[..failures.len().min(5)]
        );
    }
}
