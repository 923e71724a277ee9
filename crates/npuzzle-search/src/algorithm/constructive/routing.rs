//! Routes for the blank: around a tile, in an L, or inside a box, avoiding finished cells.

use std::collections::VecDeque;
use std::ops::ControlFlow;

use npuzzle_core::Move;

use super::work::{RING, Work};
use crate::error::SolveError;

impl<F: FnMut(Move) -> ControlFlow<()>> Work<F> {
    /// The shorter way for the blank (next to `center`) round `center` to `to`, through the ring
    /// of eight cells, if one is free.
    pub(super) fn ring_path(
        &self,
        center: usize,
        to: usize,
        avoid: &[usize],
    ) -> Option<Vec<usize>> {
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
    pub(super) fn route_blank(&mut self, dest: usize, avoid: &[usize]) -> Result<(), SolveError> {
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
