//! Routes for the blank: around a tile, in an L, or inside a box, avoiding finished cells.

use std::collections::VecDeque;
use std::ops::ControlFlow;

use npuzzle_core::Move;

use super::work::{RING, Work};
use crate::error::SolveError;

/// The largest box (in cells) between the blank and where it goes that is searched for the best
/// of the shortest ways; past it, an L is taken (a search per route would make the largest boards
/// slow). Measured on 300×300: 4,096 gives 3.33× the Manhattan bound in 5.6 s, 16,384 3.11× in
/// 8.8 s, 65,536 2.91× in 14 s; the 1000×1000 takes about 5 minutes at 16,384.
const MAX_BOX: usize = 16384;

/// The longest L whose effect on the other tiles is weighed against the other L's.
const MAX_WEIGHED_L: usize = 512;

impl<F: FnMut(Move) -> ControlFlow<()>> Work<F> {
    /// The shorter way for the blank (next to `center`) round `center` to `to`, through the ring
    /// of eight cells, if one is free (of two as short, the one better for the other tiles).
    pub(super) fn ring_path(
        &self,
        center: usize,
        to: usize,
        avoid: &[usize],
    ) -> Option<Vec<usize>> {
        let ring: [Option<usize>; 8] = RING.map(|o| self.offset(center, o));
        let from = ring.iter().position(|&c| c == Some(self.blank))?;
        let target = ring.iter().position(|&c| c == Some(to))?;
        let mut best: Option<Vec<usize>> = None;
        for step in [1, 7] {
            let mut path = Vec::with_capacity(8);
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
            let better = |b: &Vec<usize>| match path.len().cmp(&b.len()) {
                std::cmp::Ordering::Equal => self.change(&path) < self.change(b),
                shorter => shorter.is_lt(),
            };
            if ok && best.as_ref().is_none_or(better) {
                best = Some(path);
            }
        }
        best
    }

    /// Moves the blank to `dest` without entering locked cells or `avoid`: the shortest way that
    /// does the other tiles most good when the box between them is small, else a straight L
    /// when one is free (the better for the other tiles when both are and they are not long),
    /// else a breadth-first search in a growing box.
    pub(super) fn route_blank(&mut self, dest: usize, avoid: &[usize]) -> Result<(), SolveError> {
        if self.blank == dest {
            return Ok(());
        }
        if let Some(path) = self.best_shortest_path(dest, avoid) {
            return self.walk(&path);
        }
        // Of the two Ls, the better for the other tiles; on long ones weighing them costs more
        // (a cache miss a cell) than it saves, and the first free one is taken.
        let mut ls = [false, true]
            .into_iter()
            .filter_map(|vertical_first| self.l_path(dest, avoid, vertical_first));
        if let Some(mut path) = ls.next() {
            if path.len() <= MAX_WEIGHED_L
                && let Some(other) = ls.next()
                && self.change(&other) < self.change(&path)
            {
                path = other;
            }
            return self.walk(&path);
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

    /// Of the shortest paths from the blank to `dest` through free cells (each step nearer), the
    /// one that lowers the other tiles' Manhattan distance most, by dynamic programming over the
    /// box between them; `None` when the box is larger than [`MAX_BOX`] cells or no such path is
    /// free.
    pub(super) fn best_shortest_path(&self, dest: usize, avoid: &[usize]) -> Option<Vec<usize>> {
        let ((br, bc), (dr, dc)) = (self.coords(self.blank), self.coords(dest));
        let (rows, columns) = (br.abs_diff(dr) + 1, bc.abs_diff(dc) + 1);
        if rows * columns > MAX_BOX {
            return None;
        }
        let cell = |i: usize, j: usize| {
            let r = if dr >= br { br + i } else { br - i };
            let c = if dc >= bc { bc + j } else { bc - j };
            self.cell(r, c)
        };
        // The least change in Manhattan distance over the ways to each cell, and whether the
        // best comes from the row before (else the column before).
        const UNREACHED: isize = isize::MAX;
        let mut best = vec![UNREACHED; rows * columns];
        let mut from_row = vec![false; rows * columns];
        best[0] = 0;
        for i in 0..rows {
            for j in 0..columns {
                let here = cell(i, j);
                if (i, j) == (0, 0) || !self.free(here, avoid) {
                    continue;
                }
                let goal = self.aim[here] as usize;
                let mut step = |pi: usize, pj: usize, row: bool| {
                    let before = best[pi * columns + pj];
                    if before == UNREACHED {
                        return;
                    }
                    let value =
                        before + self.distance(cell(pi, pj), goal) - self.distance(here, goal);
                    if value < best[i * columns + j] {
                        best[i * columns + j] = value;
                        from_row[i * columns + j] = row;
                    }
                };
                if i > 0 {
                    step(i - 1, j, true);
                }
                if j > 0 {
                    step(i, j - 1, false);
                }
            }
        }
        if best[rows * columns - 1] == UNREACHED {
            return None;
        }
        let (mut i, mut j) = (rows - 1, columns - 1);
        let mut path = Vec::with_capacity(rows + columns - 2);
        while (i, j) != (0, 0) {
            path.push(cell(i, j));
            if from_row[i * columns + j] {
                i -= 1;
            } else {
                j -= 1;
            }
        }
        path.reverse();
        Some(path)
    }

    /// The L-shaped path from the blank to `dest`, if all its cells are free.
    pub(super) fn l_path(
        &self,
        dest: usize,
        avoid: &[usize],
        vertical_first: bool,
    ) -> Option<Vec<usize>> {
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
    pub(super) fn box_path(
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
}
