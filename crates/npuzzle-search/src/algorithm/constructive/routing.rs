//! Routes for the blank: around a tile, along the best of the shortest ways, or inside a box,
//! avoiding finished cells.

use std::collections::VecDeque;
use std::ops::ControlFlow;

use npuzzle_core::Move;

use super::work::{RING, Work};
use crate::error::SolveError;

/// How far from the diagonal of the box between the blank and where it goes its best way is
/// searched: this many rows or columns on either side (along the box's shorter side), so the
/// search costs the route's length times 33 rather than the box's area. Measured on 300×300
/// (seed 1): the whole box up to 16,384 cells and an L past it gave 3.11× the Manhattan bound
/// in 8.8 s, the whole box up to 65,536 cells 2.91× in 14 s; a band of 8 gives 2.916×, 16
/// 2.914× in 5 to 6.5 s, 128 2.913× in 13.7 s.
const BAND: usize = 16;

/// The cells of a `rows` × `columns` box that the search for the best shortest way covers: a
/// band along the diagonal from (0, 0) to the far corner (all of a narrow box), each row's
/// columns one range, stored row after row.
struct Band {
    /// Each row's first and last column, and where its cells start in the flat storage.
    rows: Vec<(usize, usize, usize)>,
    len: usize,
}

impl Band {
    fn new(rows: usize, columns: usize) -> Band {
        // Cell (i, j) is in the band when |i (columns - 1) - j (rows - 1)| <= reach: within
        // BAND steps of the diagonal along the shorter side.
        let (h, w) = (rows - 1, columns - 1);
        let reach = BAND * h.max(w);
        let mut ranges = Vec::with_capacity(rows);
        let mut len = 0;
        for i in 0..rows {
            let (first, last) = match h {
                0 => (0, w),
                _ => (
                    (i * w).saturating_sub(reach).div_ceil(h),
                    ((i * w + reach) / h).min(w),
                ),
            };
            ranges.push((first, last, len));
            len += last + 1 - first;
        }
        Band { rows: ranges, len }
    }

    /// Where cell (i, j) is stored, if it is in the band.
    fn get(&self, i: usize, j: usize) -> Option<usize> {
        let (first, last, start) = self.rows[i];
        (first..=last).contains(&j).then(|| start + j - first)
    }
}

impl<F: FnMut(Move) -> ControlFlow<()>> Work<F> {
    /// The cheaper way for the blank (next to `center`) round `center` to `to`, through the ring
    /// of eight cells, if one is free (priced as planned routes are: a longer way that brings the
    /// tiles it moves nearer their goals may be cheaper; 2.73× the Manhattan bound on 100×100
    /// where the shorter way gave 2.76×, unplanned tile routes).
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
            let better = |b: &Vec<usize>| self.path_cost(&path) < self.path_cost(b);
            if ok && best.as_ref().is_none_or(better) {
                best = Some(path);
            }
        }
        best
    }

    /// Moves the blank to `dest` without entering locked cells or `avoid`: the cheapest way
    /// where the box between them is small enough to plan, else the shortest way that does the
    /// other tiles most good, else (when every such way is blocked) a breadth-first search in a
    /// growing box.
    pub(super) fn route_blank(&mut self, dest: usize, avoid: &[usize]) -> Result<(), SolveError> {
        if self.blank == dest {
            return Ok(());
        }
        if let Some(path) = self
            .cheapest_path(dest, avoid)
            .or_else(|| self.best_shortest_path(dest, avoid))
        {
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

    /// Of the shortest paths from the blank to `dest` through free cells (each step nearer) and
    /// within [`BAND`] steps of the diagonal of the box between them, the one that lowers the
    /// other tiles' Manhattan distance most, by dynamic programming; `None` when no such path is
    /// free.
    pub(super) fn best_shortest_path(&self, dest: usize, avoid: &[usize]) -> Option<Vec<usize>> {
        let ((br, bc), (dr, dc)) = (self.coords(self.blank), self.coords(dest));
        let (rows, columns) = (br.abs_diff(dr) + 1, bc.abs_diff(dc) + 1);
        let band = Band::new(rows, columns);
        // Row and column steps toward `dest`.
        let (sr, sc) = (if dr >= br { 1 } else { -1 }, if dc >= bc { 1 } else { -1 });
        let cell = |i: usize, j: usize| {
            let r = br.wrapping_add_signed(sr * i as isize);
            let c = bc.wrapping_add_signed(sc * j as isize);
            self.cell(r, c)
        };
        // The least change in Manhattan distance over the ways to each cell, and whether the
        // best comes from the row before (else the column before). Stepping onto a cell moves
        // its tile back one step, to the cell the blank came from.
        const UNREACHED: isize = isize::MAX;
        let mut best = vec![UNREACHED; band.len];
        let mut from_row = vec![false; band.len];
        best[0] = 0;
        for i in 0..rows {
            let r = br as isize + sr * i as isize;
            let (first, last, start) = band.rows[i];
            for j in first..=last {
                let c = bc as isize + sc * j as isize;
                let here = r as usize * self.width + c as usize;
                if (i, j) == (0, 0) || !self.free(here, avoid) {
                    continue;
                }
                let at = start + j - first;
                let (gr, gc) = self.coords(self.aim[here] as usize);
                let (gr, gc) = (gr as isize, gc as isize);
                if let Some(above) = (i > 0).then(|| band.get(i - 1, j)).flatten()
                    && best[above] != UNREACHED
                {
                    best[at] = best[above] + (r - sr - gr).abs() - (r - gr).abs();
                    from_row[at] = true;
                }
                if j > first && best[at - 1] != UNREACHED {
                    let value = best[at - 1] + (c - sc - gc).abs() - (c - gc).abs();
                    if value < best[at] {
                        best[at] = value;
                        from_row[at] = false;
                    }
                }
            }
        }
        if best[band.len - 1] == UNREACHED {
            return None;
        }
        let (mut i, mut j) = (rows - 1, columns - 1);
        let mut path = Vec::with_capacity(rows + columns - 2);
        while (i, j) != (0, 0) {
            path.push(cell(i, j));
            let (first, _, start) = band.rows[i];
            if from_row[start + j - first] {
                i -= 1;
            } else {
                j -= 1;
            }
        }
        path.reverse();
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

#[cfg(test)]
mod tests {
    use super::super::work::tests::work;
    use super::*;

    #[test]
    fn the_band_is_a_corridor_from_corner_to_corner() {
        for (rows, columns) in [
            (1, 1),
            (1, 50),
            (50, 1),
            (2, 300),
            (300, 2),
            (40, 40),
            (100, 37),
            (37, 1000),
            (999, 1000),
        ] {
            let band = Band::new(rows, columns);
            let (first, _, _) = band.rows[0];
            let (_, last, _) = band.rows[rows - 1];
            assert_eq!((first, last), (0, columns - 1), "{rows}x{columns}");
            for i in 1..rows {
                // Each row starts no later than the row above ends, and no earlier than it
                // starts: a monotone way runs through.
                let (above_first, above_last, _) = band.rows[i - 1];
                let (first, last, _) = band.rows[i];
                assert!(above_first <= first && first <= above_last && above_last <= last);
            }
            let narrow = rows.min(columns) <= BAND + 1;
            let cells = rows * columns;
            assert!(
                if narrow {
                    band.len == cells
                } else {
                    band.len < (2 * BAND + 2) * rows.max(columns)
                },
                "{rows}x{columns}: {} cells",
                band.len
            );
        }
    }

    /// On a box the band covers whole, the way found is the best of all the shortest ways,
    /// checked against every one of them.
    #[test]
    fn the_best_shortest_way_beats_every_other() {
        let w = work(12, 5);
        let from = w.blank;
        let (br, bc) = w.coords(from);
        for dest in (0..144).filter(|&d| d != from) {
            let path = w.best_shortest_path(dest, &[]).unwrap();
            assert_eq!(path.len() as isize, w.distance(from, dest));
            assert_eq!(path.last(), Some(&dest));
            // Every monotone way: each choice of which steps go along rows.
            let (dr, dc) = w.coords(dest);
            let (down, across) = (br.abs_diff(dr), bc.abs_diff(dc));
            let steps = down + across;
            let mut least = isize::MAX;
            for mask in 0u32..1 << steps {
                if mask.count_ones() as usize != down {
                    continue;
                }
                let (mut r, mut c) = (br, bc);
                let way: Vec<usize> = (0..steps)
                    .map(|k| {
                        if mask >> k & 1 == 1 {
                            r = if dr > br { r + 1 } else { r - 1 };
                        } else {
                            c = if dc > bc { c + 1 } else { c - 1 };
                        }
                        w.cell(r, c)
                    })
                    .collect();
                least = least.min(w.change(&way));
            }
            assert_eq!(w.change(&path), least, "to {dest}");
        }
    }

    /// Across a large board the way stays shortest and inside the band, and does the other
    /// tiles at least as much good as the staircase along the diagonal.
    #[test]
    fn long_ways_follow_the_band() {
        let w = work(400, 3);
        let (br, bc) = w.coords(w.blank);
        // The far corner: a box of at least 200 by 200.
        let (dr, dc) = (
            if br < 200 { 399 } else { 0 },
            if bc < 200 { 399 } else { 0 },
        );
        let dest = w.cell(dr, dc);
        let path = w.best_shortest_path(dest, &[]).unwrap();
        let (rows, columns) = (br.abs_diff(dr), bc.abs_diff(dc));
        assert_eq!(path.len(), rows + columns);
        let (mut r, mut c) = (br, bc);
        for &cell in &path {
            let (nr, nc) = w.coords(cell);
            assert_eq!(
                nr.abs_diff(r) + nc.abs_diff(c),
                1,
                "steps between neighbours"
            );
            (r, c) = (nr, nc);
            let (i, j) = (r.abs_diff(br), c.abs_diff(bc));
            assert!((i * columns).abs_diff(j * rows) <= BAND * rows.max(columns));
        }
        assert_eq!((r, c), (dr, dc));
        // The staircase keeps as near the diagonal as steps allow.
        let (mut r, mut c) = (br, bc);
        let staircase: Vec<usize> = (1..=rows + columns)
            .map(|k| {
                if r.abs_diff(br) * (rows + columns) < k * rows {
                    r = if dr > br { r + 1 } else { r - 1 };
                } else {
                    c = if dc > bc { c + 1 } else { c - 1 };
                }
                w.cell(r, c)
            })
            .collect();
        assert_eq!(staircase.last(), Some(&dest));
        assert!(w.change(&path) <= w.change(&staircase));
        assert!(
            w.change(&path) < -100,
            "a long way helps the tiles it moves"
        );
    }
}
